//! The `par` dialect: its IRDL definition (`par.irdl.mlir`, compiled into the binary and loaded into
//! every context) and typed Rust views of its attributes.
//!
//! IRDL attributes have no C API accessors for their parameters, so the views read and write the
//! attributes through their textual form (`#par.config<array<i64: 2, 1>, array<i64: 0, 1>>`), which
//! IRDL fixes: positional parameters, each a builtin attribute.
//!
//! Invariant: nothing here knows about passes or the driver (`dialects` is the bottom layer).

use flexc_core::{DeviceCount, DeviceId};
use melior::{
    ir::{Attribute, Module},
    Context,
};
use std::fmt;

pub mod names;

/// The IRDL source of the `par` dialect, as shipped in `dialects/par.irdl.mlir`.
pub const PAR_IRDL: &str = include_str!("par.irdl.mlir");

/// Loads the `par` dialect into `context`. The returned IRDL module must outlive every use of the
/// dialect in that context (the dynamic dialect's verifiers are built from it).
pub fn load_par_dialect(context: &Context) -> Result<Module<'_>, String> {
    let module = Module::parse(context, PAR_IRDL)
        .ok_or_else(|| "the built-in par.irdl.mlir does not parse".to_string())?;
    if !melior::utility::load_irdl_dialects(&module) {
        return Err("the built-in par.irdl.mlir could not be loaded as IRDL".into());
    }
    Ok(module)
}

/// Role of one loop dim (docs/design.md §2): one definition, shared with the simulator's graph.
pub use flexc_core::Role;

/// `#par.space<sizes, roles>`: iteration space of one op with SOAP roles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    pub sizes: Vec<i64>,
    pub roles: Vec<Role>,
}

/// `#par.config<degrees, devices>`, the parallel configuration of one op, is read into and printed
/// from core's [`Config`] (one type for the simulator, the search and the passes) through
/// [`ConfigAttr`]. Its validity rules are core's too ([`Config::check`]).
pub use flexc_core::Config;

/// `#par.machine<"name", {facts}>`: the machine a strategy was chosen for. The facts flexc reads
/// are typed; any other fact (bandwidths, capacities a user wrote) is kept as its attribute text.
/// [`MachineAttr::parse`] accepts only a machine every reader can load: a machine file's text as the
/// `toml` fact, else a preset (`nodes`/`gpus_per_node` repeating its topology, `devices` at most its
/// count), e.g. `#par.machine<"dgx-a100:1", {devices = 2 : i64}>` for a strategy on 2 of its GPUs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineAttr {
    /// Preset name or machine file.
    pub name: String,
    pub nodes: Option<u32>,
    pub gpus_per_node: Option<u32>,
    /// The devices in use (a machine restricted with `--devices`), when not all of them.
    pub devices: Option<DeviceCount>,
    /// Other facts: `(key, value text)`, in their order.
    pub other: Vec<(String, String)>,
}

/// `#par.schedule<{fields}>`, the schedule of a strategy, is read into and printed from core's
/// [`Schedule`] through [`ScheduleAttr`] (its per-op virtual stages are `par.stage` on each op).
pub use flexc_core::schedule::Schedule;
/// `#par.import<{facts}>`: the import options a strategy was found with, recorded on the module
/// (`par.import`) so that a `.par.mlir` is read again as it was imported: `batch_dim`, `mode`
/// (`train`, `as-is` or `inference`, never `auto`), and when set `data_args`, `param_args`, `batch`,
/// `entry`, `opaque_unknown`.
/// Example: `#par.import<{batch_dim = 1 : i64, mode = "train"}>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportAttr {
    pub batch_dim: u64,
    pub mode: String,
    /// The data arguments, when some are (given or inferred); every other tensor argument is a weight.
    pub data_args: Option<Vec<u64>>,
    pub param_args: Vec<u64>,
    pub batch: Option<u64>,
    pub entry: Option<String>,
    pub opaque_unknown: bool,
}

/// Error of reading a `par` attribute from its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrError(pub String);

impl fmt::Display for AttrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for AttrError {}

fn format_i64_array(values: &[i64]) -> String {
    if values.is_empty() {
        return "array<i64>".into();
    }
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}

/// Splits `#par.NAME<p0, p1, ...>` into its parameter texts (top-level commas only).
fn parameters<'t>(text: &'t str, name: &str) -> Result<Vec<&'t str>, AttrError> {
    let prefix = format!("#par.{name}<");
    let inner = text
        .trim()
        .strip_prefix(&prefix)
        .and_then(|rest| rest.strip_suffix('>'))
        .ok_or_else(|| AttrError(format!("expected a #par.{name} attribute, got {text}")))?;
    Ok(split_top_level(inner))
}

/// Splits attribute text at the commas outside brackets and strings, trimming each part.
pub fn split_top_level(inner: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut in_string) = (0i32, 0usize, false);
    for (i, c) in inner.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '<' | '{' | '[' | '(' if !in_string => depth += 1,
            '>' | '}' | ']' | ')' if !in_string => depth -= 1,
            ',' if !in_string && depth == 0 => {
                parts.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(inner[start..].trim());
    parts
}

fn parse_i64_array(text: &str) -> Result<Vec<i64>, AttrError> {
    let body = text
        .strip_prefix("array<i64")
        .and_then(|rest| rest.strip_suffix('>'))
        .ok_or_else(|| AttrError(format!("expected array<i64: ...>, got {text}")))?;
    let body = body.trim_start_matches(':').trim();
    if body.is_empty() {
        return Ok(Vec::new());
    }
    body.split(',')
        .map(|item| {
            item.trim()
                .parse::<i64>()
                .map_err(|_| AttrError(format!("bad integer '{}' in {text}", item.trim())))
        })
        .collect()
}

fn parse_string(text: &str) -> Result<&str, AttrError> {
    text.strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or_else(|| AttrError(format!("expected a string, got {text}")))
}

impl Space {
    pub fn to_text(&self) -> String {
        let roles: String = self.roles.iter().map(|r| r.letter()).collect();
        format!("#par.space<{}, \"{roles}\">", format_i64_array(&self.sizes))
    }

    pub fn parse(text: &str) -> Result<Self, AttrError> {
        let params = parameters(text, "space")?;
        let [sizes, roles] = params.as_slice() else {
            return Err(AttrError(format!("#par.space takes 2 parameters: {text}")));
        };
        let sizes = parse_i64_array(sizes)?;
        let roles = parse_string(roles)?
            .chars()
            .map(|c| Role::from_letter(c).ok_or_else(|| AttrError(format!("unknown role '{c}'"))))
            .collect::<Result<Vec<_>, _>>()?;
        if sizes.len() != roles.len() {
            return Err(AttrError(format!(
                "#par.space has {} sizes but {} roles",
                sizes.len(),
                roles.len()
            )));
        }
        Ok(Space { sizes, roles })
    }

    pub fn to_attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        parse_attribute(context, &self.to_text())
    }
}

/// `#par.config` text for core's [`Config`] (a trait because the type is core's).
pub trait ConfigAttr: Sized {
    /// `#par.config<array<i64: 2, 1>, array<i64: 0, 1>>`.
    fn to_text(&self) -> String;
    /// Reads `#par.config` text; negative degrees or device ids are errors here (the types are
    /// unsigned), every other rule is [`Config::check`]'s.
    fn parse(text: &str) -> Result<Self, AttrError>;
    fn to_attribute<'c>(&self, context: &'c Context) -> Attribute<'c>;
}

impl ConfigAttr for Config {
    fn to_text(&self) -> String {
        let degrees: Vec<i64> = self.degrees.iter().map(|&d| d as i64).collect();
        let devices: Vec<i64> = self.devices.iter().map(|d| i64::from(d.0)).collect();
        format!(
            "#par.config<{}, {}>",
            format_i64_array(&degrees),
            format_i64_array(&devices)
        )
    }

    fn parse(text: &str) -> Result<Self, AttrError> {
        let params = parameters(text, "config")?;
        let [degrees, devices] = params.as_slice() else {
            return Err(AttrError(format!("#par.config takes 2 parameters: {text}")));
        };
        let degrees = parse_i64_array(degrees)?
            .into_iter()
            .map(|d| {
                u64::try_from(d).map_err(|_| {
                    AttrError(format!(
                        "degree {d} is negative; degrees must be at least 1"
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        let devices = parse_i64_array(devices)?
            .into_iter()
            .map(|d| {
                u32::try_from(d).map(DeviceId).map_err(|_| {
                    AttrError(format!("device id {d} is not a device (ids are 0, 1, ...)"))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Config { degrees, devices })
    }

    fn to_attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        parse_attribute(context, &self.to_text())
    }
}

/// The fact of a `#par.machine` that carries a machine file's whole text.
pub const MACHINE_FILE_FACT: &str = "toml";

impl MachineAttr {
    /// The machine's device count: its `devices` fact, else `nodes * gpus_per_node`, else that of
    /// the preset it names. [`MachineAttr::parse`] accepts only attributes that have one.
    pub fn device_count(&self) -> Option<DeviceCount> {
        self.devices
            .or_else(|| {
                let total = u64::from(self.nodes?) * u64::from(self.gpus_per_node?);
                DeviceCount::new(total).ok()
            })
            .or_else(|| {
                let preset = flexc_core::Machine::preset(&self.name).ok()?;
                DeviceCount::new(u64::from(preset.num_devices())).ok()
            })
    }

    /// The facts must describe a machine flexc can use: at least one node of at least one GPU, at
    /// most [`DeviceCount::MAX`] GPUs, `devices` among them, and some device count.
    fn check(&self) -> Result<(), AttrError> {
        for (key, value) in [("nodes", self.nodes), ("gpus_per_node", self.gpus_per_node)] {
            if value == Some(0) {
                return Err(AttrError(format!(
                    "#par.machine fact {key} = 0: a machine has at least one"
                )));
            }
        }
        if let (Some(nodes), Some(gpus)) = (self.nodes, self.gpus_per_node) {
            let total = u64::from(nodes) * u64::from(gpus);
            if total > u64::from(DeviceCount::MAX) {
                return Err(AttrError(format!(
                    "#par.machine has {nodes} nodes of {gpus} GPUs, {total} devices; flexc models at most {}",
                    DeviceCount::MAX
                )));
            }
            if let Some(devices) = self.devices {
                if u64::from(devices.get()) > total {
                    return Err(AttrError(format!(
                        "#par.machine uses {devices} devices of a machine of {nodes} nodes of {gpus} GPUs"
                    )));
                }
            }
        }
        if self.device_count().is_none() {
            return Err(AttrError(format!(
                "#par.machine<\"{}\"> names no preset flexc knows and has no 'devices' or 'nodes' and 'gpus_per_node' facts: its device count is unknown",
                self.name
            )));
        }
        self.check_names_a_machine()
    }

    /// The record must name a machine every reader loads alike (`flexc --simulate`, `flexc -o`,
    /// `flexc-run`, the passes): a machine file's text (its `toml` fact, checked where it is loaded),
    /// else a preset whose topology the `nodes` and `gpus_per_node` facts repeat and whose devices
    /// the `devices` fact does not exceed. A bare device count under a name flexc does not know
    /// (`#par.machine<"test", {devices = 2 : i64}>`) would run in `flexc-run` but give `flexc
    /// --simulate` no figures, so it is refused everywhere.
    fn check_names_a_machine(&self) -> Result<(), AttrError> {
        if self.other.iter().any(|(key, _)| key == MACHINE_FILE_FACT) {
            return Ok(());
        }
        let preset = flexc_core::Machine::preset(&self.name).map_err(|_| {
            AttrError(format!(
                "#par.machine<\"{}\"> names no machine flexc can load: neither a preset ({}) nor a machine file recorded as its '{MACHINE_FILE_FACT}' fact; name a preset and the devices in use (#par.machine<\"dgx-a100:1\", {{devices = 2 : i64}}>), or write the strategy with flexc --machine=FILE.toml",
                self.name,
                flexc_core::machine::PRESET_NAMES.join(", ")
            ))
        })?;
        for (key, recorded, actual) in [
            ("nodes", self.nodes, preset.nodes),
            ("gpus_per_node", self.gpus_per_node, preset.gpus_per_node),
        ] {
            if let Some(recorded) = recorded.filter(|&n| n != actual) {
                return Err(AttrError(format!(
                    "#par.machine<\"{}\"> fact {key} = {recorded} contradicts the preset, which has {key} = {actual}: give the preset's topology, and restrict it with the 'devices' fact",
                    self.name
                )));
            }
        }
        if let Some(devices) = self.devices {
            if devices.get() > preset.num_devices() {
                return Err(AttrError(format!(
                    "#par.machine<\"{}\"> uses {devices} devices, but the preset has {}",
                    self.name,
                    preset.num_devices()
                )));
            }
        }
        Ok(())
    }

    pub fn to_text(&self) -> String {
        let mut facts = Vec::new();
        let mut fact = |key: &str, value: Option<String>| {
            if let Some(value) = value {
                facts.push(format!("{key} = {value} : i64"));
            }
        };
        fact("nodes", self.nodes.map(|n| n.to_string()));
        fact("gpus_per_node", self.gpus_per_node.map(|n| n.to_string()));
        fact("devices", self.devices.map(|n| n.to_string()));
        facts.extend(
            self.other
                .iter()
                .map(|(key, value)| format!("{key} = {value}")),
        );
        format!(
            "#par.machine<{}, {{{}}}>",
            string_literal(&self.name),
            facts.join(", ")
        )
    }

    pub fn parse(text: &str) -> Result<Self, AttrError> {
        let params = parameters(text, "machine")?;
        let [name, facts] = params.as_slice() else {
            return Err(AttrError(format!(
                "#par.machine takes 2 parameters: {text}"
            )));
        };
        let body = facts
            .strip_prefix('{')
            .and_then(|rest| rest.strip_suffix('}'))
            .ok_or_else(|| AttrError(format!("expected a dictionary of facts, got {facts}")))?;
        let mut machine = MachineAttr {
            name: parse_string(name)?.to_string(),
            nodes: None,
            gpus_per_node: None,
            devices: None,
            other: Vec::new(),
        };
        for entry in split_top_level(body).into_iter().filter(|e| !e.is_empty()) {
            let (key, value) = entry
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .unwrap_or((entry, "unit"));
            let number = || -> Result<u64, AttrError> {
                let digits = value.strip_suffix(": i64").unwrap_or(value).trim();
                digits.parse().map_err(|_| {
                    AttrError(format!("#par.machine fact {key} = {value} is not a count"))
                })
            };
            let count32 = || -> Result<u32, AttrError> {
                u32::try_from(number()?).map_err(|_| {
                    AttrError(format!("#par.machine fact {key} = {value} is too large"))
                })
            };
            match key {
                "nodes" => machine.nodes = Some(count32()?),
                "gpus_per_node" => machine.gpus_per_node = Some(count32()?),
                "devices" => {
                    machine.devices = Some(
                        DeviceCount::new(number()?)
                            .map_err(|e| AttrError(format!("#par.machine fact devices: {e}")))?,
                    )
                }
                _ => machine.other.push((key.to_string(), value.to_string())),
            }
        }
        machine.check()?;
        Ok(machine)
    }

    pub fn to_attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        parse_attribute(context, &self.to_text())
    }
}

/// Text form of [`Schedule`] (its module-level fields; `stage_of` lives on the ops).
pub trait ScheduleAttr: Sized {
    fn to_text(&self) -> String;
    fn parse(text: &str) -> Result<Self, AttrError>;
    fn to_attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        parse_attribute(context, &self.to_text())
    }
}

impl ScheduleAttr for Schedule {
    fn to_text(&self) -> String {
        let fields: Vec<String> = self
            .fields()
            .into_iter()
            .map(|(field, kind, value)| {
                if kind.is_word() {
                    format!("{field} = {}", string_literal(&value.text()))
                } else {
                    format!("{field} = {} : i64", value.text())
                }
            })
            .collect();
        format!("#par.schedule<{{{}}}>", fields.join(", "))
    }

    fn parse(text: &str) -> Result<Self, AttrError> {
        let params = parameters(text, "schedule")?;
        let [fields] = params.as_slice() else {
            return Err(AttrError(format!(
                "#par.schedule takes 1 parameter: {text}"
            )));
        };
        let body = fields
            .strip_prefix('{')
            .and_then(|rest| rest.strip_suffix('}'))
            .ok_or_else(|| AttrError(format!("expected a dictionary of fields, got {fields}")))?;
        let mut schedule = Schedule::default();
        for entry in split_top_level(body).into_iter().filter(|e| !e.is_empty()) {
            let (key, value) = entry
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| AttrError(format!("#par.schedule field '{entry}' has no value")))?;
            let value = value.strip_suffix(": i64").unwrap_or(value).trim();
            // Only the words are strings: a count written as one (`micro_batches = "4"`) was read as
            // the count (issue 43), while `4 : i32` was refused.
            let word =
                flexc_core::schedule::spec::record_field(key).is_some_and(|f| f.kind.is_word());
            let value = if word {
                parse_string(value).unwrap_or(value)
            } else {
                value
            };
            schedule
                .set_field(key, value)
                .map_err(|e| AttrError(format!("#par.schedule: {e}")))?;
        }
        Ok(schedule)
    }
}

/// `"text"` with MLIR's escapes for `"` and `\`.
impl ImportAttr {
    pub fn to_text(&self) -> String {
        let mut facts = vec![
            format!("batch_dim = {} : i64", self.batch_dim),
            format!("mode = {}", string_literal(&self.mode)),
        ];
        let list = |values: &[u64]| {
            format_i64_array(&values.iter().map(|&v| v as i64).collect::<Vec<_>>())
        };
        if let Some(data) = &self.data_args {
            facts.push(format!("data_args = {}", list(data)));
        }
        if !self.param_args.is_empty() {
            facts.push(format!("param_args = {}", list(&self.param_args)));
        }
        if let Some(batch) = self.batch {
            facts.push(format!("batch = {batch} : i64"));
        }
        if let Some(entry) = &self.entry {
            facts.push(format!("entry = {}", string_literal(entry)));
        }
        if self.opaque_unknown {
            facts.push("opaque_unknown = true".to_string());
        }
        format!("#par.import<{{{}}}>", facts.join(", "))
    }

    /// Reads the text MLIR prints for the attribute (facts in any order; every one known).
    pub fn parse(text: &str) -> Result<Self, AttrError> {
        let params = parameters(text, "import")?;
        let [facts] = params.as_slice() else {
            return Err(AttrError(format!("#par.import takes 1 parameter: {text}")));
        };
        let body = facts
            .strip_prefix('{')
            .and_then(|rest| rest.strip_suffix('}'))
            .ok_or_else(|| AttrError(format!("expected a dictionary of options, got {facts}")))?;
        let mut record = ImportAttr::default();
        let mut mode = None;
        for entry in split_top_level(body).into_iter().filter(|e| !e.is_empty()) {
            let (key, value) = entry
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .unwrap_or((entry, "unit"));
            let bad = || AttrError(format!("#par.import option {key} = {value} is not valid"));
            let number = || -> Result<u64, AttrError> {
                value
                    .strip_suffix(": i64")
                    .unwrap_or(value)
                    .trim()
                    .parse()
                    .map_err(|_| bad())
            };
            let list = || -> Result<Vec<u64>, AttrError> {
                parse_i64_array(value)?
                    .into_iter()
                    .map(|v| u64::try_from(v).map_err(|_| bad()))
                    .collect()
            };
            match key {
                "batch_dim" => record.batch_dim = number()?,
                "mode" => {
                    let word = parse_string(value)?;
                    if !["train", "as-is", "inference"].contains(&word) {
                        return Err(bad());
                    }
                    mode = Some(word.to_string());
                }
                "data_args" => record.data_args = Some(list()?),
                "param_args" => record.param_args = list()?,
                // A batch of no sample, an entry without a name, a flag that is no boolean: each
                // used to be read as absent (or false) without a word (issue 43).
                "batch" => match number()? {
                    0 => {
                        return Err(AttrError(format!(
                            "#par.import option batch = {value}: a batch has at least one sample; drop the option to keep the exported batch"
                        )))
                    }
                    b => record.batch = Some(b),
                },
                "entry" => match parse_string(value)? {
                    "" => {
                        return Err(AttrError(
                            "#par.import option entry = \"\" names no function; drop the option or name the entry function".into(),
                        ))
                    }
                    entry => record.entry = Some(entry.to_string()),
                },
                "opaque_unknown" => {
                    record.opaque_unknown = match value {
                        "true" | "unit" => true,
                        "false" => false,
                        _ => return Err(bad()),
                    }
                }
                _ => {
                    return Err(AttrError(format!(
                        "#par.import has an unknown option '{key}'"
                    )))
                }
            }
        }
        record.mode = mode.ok_or_else(|| AttrError(format!("#par.import has no mode: {text}")))?;
        if let Some(both) = record
            .data_args
            .iter()
            .flatten()
            .find(|a| record.param_args.contains(a))
        {
            return Err(AttrError(format!(
                "#par.import lists argument {both} in both data_args and param_args: an argument is data or a weight"
            )));
        }
        Ok(record)
    }
}

/// `text` as an MLIR string literal that survives any content (a machine file's lines): printable
/// ASCII as is, everything else (and `"`, `\\`) as `\\XX`.
pub fn escaped_string_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for byte in text.bytes() {
        match byte {
            b'"' | b'\\' => out.push_str(&format!("\\{byte:02X}")),
            0x20..=0x7e => out.push(byte as char),
            _ => out.push_str(&format!("\\{byte:02X}")),
        }
    }
    out.push('"');
    out
}

fn string_literal(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Parses attribute text produced by this crate. Panics only on a bug here (the text is ours and
/// the dialect is loaded), never on user input.
fn parse_attribute<'c>(context: &'c Context, text: &str) -> Attribute<'c> {
    Attribute::parse(context, text)
        .unwrap_or_else(|| panic!("flexc produced an unparsable par attribute: {text}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_text_round_trips() {
        let record = ImportAttr {
            batch_dim: 1,
            mode: "as-is".into(),
            data_args: Some(vec![38, 39]),
            param_args: vec![],
            batch: Some(64),
            entry: Some("main".into()),
            opaque_unknown: true,
        };
        assert_eq!(ImportAttr::parse(&record.to_text()), Ok(record));
        assert!(ImportAttr::parse("#par.import<{batch_dim = 0 : i64}>").is_err());
        assert!(ImportAttr::parse("#par.import<{mode = \"auto\"}>").is_err());
        assert!(ImportAttr::parse("#par.import<{mode = \"train\", colour = 1}>").is_err());
        // Issue 43: values that were read as absent or false without a word.
        for (options, error) in [
            ("batch = 0 : i64", "a batch has at least one sample"),
            ("entry = \"\"", "names no function"),
            ("opaque_unknown = \"yes\"", "is not valid"),
            (
                "data_args = array<i64: 0, 1>, param_args = array<i64: 1>",
                "argument 1 in both data_args and param_args",
            ),
        ] {
            let text = format!("#par.import<{{mode = \"train\", {options}}}>");
            let message = ImportAttr::parse(&text).unwrap_err().0;
            assert!(message.contains(error), "{text}: {message}");
        }
        let off = ImportAttr::parse("#par.import<{mode = \"train\", opaque_unknown = false}>");
        assert!(!off.unwrap().opaque_unknown);
    }

    #[test]
    fn config_text_round_trips() {
        let config = Config {
            degrees: vec![4, 1, 1],
            devices: (0..4).map(DeviceId).collect(),
        };
        assert_eq!(
            config.to_text(),
            "#par.config<array<i64: 4, 1, 1>, array<i64: 0, 1, 2, 3>>"
        );
        assert_eq!(Config::parse(&config.to_text()), Ok(config));
        assert!(Config::parse("#par.config<array<i64: -2>, array<i64: 0>>").is_err());
        assert!(Config::parse("#par.config<array<i64: 1>, array<i64: -1>>").is_err());
    }

    #[test]
    fn machine_text_round_trips_and_counts_devices() {
        let text = "#par.machine<\"p100-4x4\", {devices = 4 : i64, gpus_per_node = 4 : i64, nodes = 4 : i64, peak = 1.0e+12 : f64}>";
        let machine = MachineAttr::parse(text).unwrap();
        assert_eq!(machine.name, "p100-4x4");
        assert_eq!(machine.nodes, Some(4));
        assert_eq!(machine.gpus_per_node, Some(4));
        assert_eq!(machine.device_count(), DeviceCount::new(4).ok());
        assert_eq!(
            machine.other,
            vec![("peak".to_string(), "1.0e+12 : f64".to_string())]
        );
        assert_eq!(MachineAttr::parse(&machine.to_text()), Ok(machine));
        let whole = MachineAttr::parse(
            "#par.machine<\"dgx-a100:1\", {nodes = 1 : i64, gpus_per_node = 8 : i64}>",
        )
        .unwrap();
        assert_eq!(whole.device_count(), DeviceCount::new(8).ok());
        let preset = MachineAttr::parse("#par.machine<\"p100-4x4\", {}>").unwrap();
        assert_eq!(preset.device_count(), DeviceCount::new(16).ok());
        // Found by a probe of issue 20: each was silently ignored.
        for (facts, error) in [
            ("\"x\", {}", "names no preset flexc knows"),
            ("\"x\", {devices = 0 : i64}", "outside 1..=65536"),
            ("\"x\", {devices = -4 : i64}", "is not a count"),
            ("\"x\", {devices = 100000000 : i64}", "outside 1..=65536"),
            ("\"x\", {nodes = -1 : i64}", "is not a count"),
            (
                "\"x\", {nodes = 0 : i64, gpus_per_node = 8 : i64}",
                "nodes = 0",
            ),
            (
                "\"x\", {nodes = 1000 : i64, gpus_per_node = 1000 : i64}",
                "1000000 devices",
            ),
            (
                "\"x\", {nodes = 1 : i64, gpus_per_node = 8 : i64, devices = 9 : i64}",
                "uses 9 devices",
            ),
            ("\"dgx-a100:0\", {}", "names no preset"),
            // Issue 43: a bare device count under an unknown name, a topology or device count the
            // preset does not have.
            (
                "\"test\", {devices = 2 : i64}",
                "names no machine flexc can load",
            ),
            (
                "\"test\", {nodes = 1 : i64, gpus_per_node = 2 : i64}",
                "names no machine flexc can load",
            ),
            (
                "\"dgx-a100:1\", {nodes = 1 : i64, gpus_per_node = 4 : i64}",
                "gpus_per_node = 4 contradicts the preset",
            ),
            (
                "\"p100-4x4\", {nodes = 2 : i64, devices = 4 : i64}",
                "nodes = 2 contradicts the preset",
            ),
            (
                "\"dgx-a100:1\", {devices = 9 : i64}",
                "uses 9 devices, but the preset has 8",
            ),
        ] {
            let text = format!("#par.machine<{facts}>");
            let message = MachineAttr::parse(&text).unwrap_err().0;
            assert!(message.contains(error), "{text}: {message}");
        }
    }

    #[test]
    fn schedule_text_round_trips() {
        let schedule = Schedule {
            replicas: 4,
            stages: 2,
            chunks: 2,
            micro_batches: 8,
            order: flexc_core::schedule::Order::GPipe,
            recompute: flexc_core::schedule::Recompute::Full,
            zero: flexc_core::schedule::Zero::Full,
            ways: {
                let mut ways = flexc_core::schedule::Ways::default();
                ways.set(flexc_core::schedule::dimension::EXPERT, 2);
                ways
            },
            stage_of: Vec::new(),
        };
        let text = schedule.to_text();
        assert_eq!(
            text,
            "#par.schedule<{stages = 2 : i64, replicas = 4 : i64, expert_parallel = 2 : i64, context_parallel = 1 : i64, micro_batches = 8 : i64, chunks = 2 : i64, order = \"gpipe\", recompute = \"full\", zero = 3 : i64}>"
        );
        assert_eq!(<Schedule as ScheduleAttr>::parse(&text), Ok(schedule));
        assert!(<Schedule as ScheduleAttr>::parse("#par.schedule<{zero = 4 : i64}>").is_err());
        assert!(<Schedule as ScheduleAttr>::parse("#par.schedule<{pipes = 2 : i64}>").is_err());
        // Issue 43: a count written as a string.
        assert!(
            <Schedule as ScheduleAttr>::parse("#par.schedule<{micro_batches = \"4\"}>").is_err()
        );
    }

    #[test]
    fn space_rejects_unknown_roles_and_mismatched_lengths() {
        assert!(Space::parse("#par.space<array<i64: 2>, \"X\">").is_err());
        assert!(Space::parse("#par.space<array<i64: 2, 3>, \"S\">").is_err());
        assert_eq!(
            Space::parse("#par.space<array<i64: 2, 3>, \"SR\">")
                .unwrap()
                .roles,
            vec![Role::Sample, Role::Reduction]
        );
    }
}
