//! The records a `.par.mlir` carries besides its strategy (`#par.import`, `#par.machine`), read and
//! checked one way for both tools: `flexc` reads them before it merges them into its command line
//! (`driver/record.rs`), `flexc-run` checks a module with them before it materializes it
//! ([`check_module`]), so that a record `flexc --simulate` rejects is rejected by `flexc-run` with the
//! same message.

use flexc_core::{machine::Machine, DeviceCount};
use flexc_dialects::{names, ImportAttr, MachineAttr};
use flexc_passes::import::{self, ImportOptions};
use melior::ir::{operation::OperationLike, Module, OperationRef};

use crate::diagnostics::{file_loc, Diag};
use crate::session::Session;

/// The records of a module (each `None` when absent).
#[derive(Clone, Debug, Default)]
pub struct Records {
    pub import: Option<ImportAttr>,
    pub machine: Option<MachineAttr>,
}

/// The `toml` fact of a machine read from a file.
pub const TOML_FACT: &str = flexc_dialects::MACHINE_FILE_FACT;

impl Records {
    /// The records of `module`; `Err` when one is there but malformed.
    pub fn read(module: &OperationRef<'_, '_>) -> Result<Records, String> {
        let text = |name: &str| module.attribute(name).ok().map(|a| a.to_string());
        let import = text(names::IMPORT_ATTR)
            .map(|t| {
                ImportAttr::parse(&t).map_err(|e| format!("invalid '{}': {e}", names::IMPORT_ATTR))
            })
            .transpose()?;
        let machine = text(names::MACHINE_ATTR)
            .map(|t| {
                MachineAttr::parse(&t)
                    .map_err(|e| format!("invalid '{}': {e}", names::MACHINE_ATTR))
            })
            .transpose()?;
        Ok(Records { import, machine })
    }
}

/// The recorded machine file's text (the `toml` fact, an MLIR string literal).
pub fn toml_text(recorded: &MachineAttr) -> Option<String> {
    let (_, value) = recorded.other.iter().find(|(key, _)| key == TOML_FACT)?;
    unescape(value)
}

/// The machine `recorded` names, loaded as `flexc` loads it when the command line gives none: its
/// `toml` fact (a machine file's text), else its preset, on the recorded device count.
pub fn recorded_machine(recorded: &MachineAttr) -> Result<Machine, Diag> {
    let devices = recorded.device_count();
    match recorded.other.iter().any(|(key, _)| key == TOML_FACT) {
        true => {
            let text = toml_text(recorded).ok_or_else(|| {
                Diag::error(
                    None,
                    format!(
                        "invalid '{}': its {TOML_FACT} fact is not a string",
                        names::MACHINE_ATTR
                    ),
                )
            })?;
            let machine = Machine::from_toml(&text, &format!("par.machine \"{}\"", recorded.name))
                .map_err(crate::simulate::machine_diag)?;
            for (key, fact, actual) in [
                ("nodes", recorded.nodes, machine.nodes),
                (
                    "gpus_per_node",
                    recorded.gpus_per_node,
                    machine.gpus_per_node,
                ),
            ] {
                if let Some(fact) = fact.filter(|&n| n != actual) {
                    return Err(Diag::error(
                        None,
                        format!(
                            "invalid '{}': fact {key} = {fact} contradicts its machine file ({TOML_FACT}), which has {key} = {actual}",
                            names::MACHINE_ATTR
                        ),
                    ));
                }
            }
            match devices {
                Some(n) => machine
                    .with_devices(n)
                    .map_err(crate::simulate::machine_diag),
                None => Ok(machine),
            }
        }
        false => crate::simulate::load_machine(&recorded.name, devices),
    }
}

/// The import options a `#par.import` record gives (what `flexc` imports a module with when its
/// command line adds nothing).
pub fn import_options(record: &ImportAttr) -> ImportOptions {
    let list = |values: &[u64]| values.iter().map(|&v| v as usize).collect::<Vec<_>>();
    ImportOptions {
        batch_dim: record.batch_dim as usize,
        param_args: list(&record.param_args),
        data_args: record.data_args.as_deref().map(list).unwrap_or_default(),
        opaque_unknown: record.opaque_unknown,
        sample_reductions: flexc_core::Mode::from_choice(&record.mode).ok().flatten()
            == Some(flexc_core::Mode::TrainingStep),
        entry: record.entry.clone().filter(|e| !e.is_empty()),
        batch: record.batch.filter(|&n| n > 0),
    }
}

/// `Err` when the graph's data arguments have no dim `batch_dim` (a recorded or given batch dim that
/// would leave the batch unsplit without a word).
pub fn check_batch_dim(graph: &flexc_core::Graph, batch_dim: usize) -> Result<(), String> {
    let ranks: Vec<usize> = graph
        .tensors()
        .iter()
        .filter(|t| t.kind == flexc_core::TensorKind::Input)
        .map(|t| t.shape.len())
        .collect();
    if ranks.is_empty() || ranks.iter().any(|&r| batch_dim < r) {
        return Ok(());
    }
    let highest = ranks.iter().max().copied().unwrap_or(0);
    Err(format!(
        "batch dim {batch_dim} is not a dim of any data argument (their ranks are at most {highest})"
    ))
}

/// `flexc-run`'s check of a module with a strategy (`par.config` on its ops), before it materializes
/// it: its records as `flexc --simulate` reads them — both parse, the recorded machine loads (preset or
/// machine file, its device count), the module imports with the recorded options (entry, batch dim,
/// data arguments, batch), and its configurations and schedule fit the imported graph on the machine's
/// devices (`simulate::annotated_strategy`, the reader of `flexc --simulate`). `devices`: the count the
/// run uses when it gives one (else the machine's).
pub fn check_module(
    session: &Session,
    module: &Module,
    devices: Option<DeviceCount>,
) -> Result<(), Vec<Diag>> {
    let operation = module.as_operation();
    let at = file_loc(operation.location());
    let records = Records::read(&operation).map_err(|m| vec![Diag::error(at.clone(), m)])?;
    // Every record names a machine that loads (a preset or a machine file's text: MachineAttr::parse
    // refuses a bare device count under an unknown name), as flexc --simulate loads it.
    let machine = records
        .machine
        .as_ref()
        .map(recorded_machine)
        .transpose()
        .map_err(|d| {
            vec![Diag {
                location: d.location.clone().or(at.clone()),
                ..d
            }]
        })?;
    let Some(record) = &records.import else {
        return Ok(());
    };
    let options = import_options(record);
    let imported = import::analyze(&operation, &options, false).map_err(|_| {
        session.diagnosed(format!(
            "the module does not import with its '{}'",
            names::IMPORT_ATTR
        ))
    })?;
    check_batch_dim(&imported.graph, options.batch_dim).map_err(|m| {
        vec![Diag::error(
            at.clone(),
            format!("invalid '{}': {m}", names::IMPORT_ATTR),
        )]
    })?;
    let count = devices
        .map(DeviceCount::get)
        .or(machine.as_ref().map(Machine::num_devices));
    if let Some(count) = count {
        crate::simulate::annotated_strategy(&imported, &imported.graph, count).map_err(|d| {
            vec![Diag {
                location: d.location.or(at),
                ..d
            }]
        })?;
    }
    Ok(())
}

/// The value of an MLIR string literal as MLIR prints it (`\XX`, `\\`, `\"`, `\n`, `\t` escapes).
pub fn unescape(literal: &str) -> Option<String> {
    let inner = literal.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut bytes = Vec::new();
    let mut chars = inner.bytes().peekable();
    while let Some(b) = chars.next() {
        if b != b'\\' {
            bytes.push(b);
            continue;
        }
        match chars.next()? {
            b'\\' => bytes.push(b'\\'),
            b'"' => bytes.push(b'"'),
            b'n' => bytes.push(b'\n'),
            b't' => bytes.push(b'\t'),
            high => {
                let low = chars.next()?;
                let hex = [high, low];
                let hex = std::str::from_utf8(&hex).ok()?;
                bytes.push(u8::from_str_radix(hex, 16).ok()?);
            }
        }
    }
    String::from_utf8(bytes).ok()
}
