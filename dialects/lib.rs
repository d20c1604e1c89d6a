//! The `par` dialect: its IRDL definition (`par.irdl.mlir`, compiled into the binary and loaded into
//! every context) and typed Rust views of its attributes.
//!
//! IRDL attributes have no C API accessors for their parameters, so the views read and write the
//! attributes through their textual form (`#par.config<array<i64: 2, 1>, array<i64: 0, 1>>`), which
//! IRDL fixes: positional parameters, each a builtin attribute.
//!
//! Invariant: nothing here knows about passes or the driver (`dialects` is the bottom layer).

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

/// Role of one loop dim (DESIGN §2): one definition, shared with the simulator's graph.
pub use flexc_core::Role;

/// `#par.space<sizes, roles>`: iteration space of one op with SOAP roles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Space {
    pub sizes: Vec<i64>,
    pub roles: Vec<Role>,
}

/// `#par.config<degrees, devices>`: the parallel configuration of one op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub degrees: Vec<i64>,
    pub devices: Vec<i64>,
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

impl Config {
    pub fn to_text(&self) -> String {
        format!(
            "#par.config<{}, {}>",
            format_i64_array(&self.degrees),
            format_i64_array(&self.devices)
        )
    }

    pub fn parse(text: &str) -> Result<Self, AttrError> {
        let params = parameters(text, "config")?;
        let [degrees, devices] = params.as_slice() else {
            return Err(AttrError(format!("#par.config takes 2 parameters: {text}")));
        };
        Ok(Config {
            degrees: parse_i64_array(degrees)?,
            devices: parse_i64_array(devices)?,
        })
    }

    pub fn to_attribute<'c>(&self, context: &'c Context) -> Attribute<'c> {
        parse_attribute(context, &self.to_text())
    }

    /// Number of tasks of the configuration (product of the degrees).
    pub fn task_count(&self) -> i64 {
        self.degrees.iter().product()
    }
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
    fn config_text_round_trips() {
        let config = Config {
            degrees: vec![4, 1, 1],
            devices: vec![0, 1, 2, 3],
        };
        assert_eq!(
            config.to_text(),
            "#par.config<array<i64: 4, 1, 1>, array<i64: 0, 1, 2, 3>>"
        );
        assert_eq!(Config::parse(&config.to_text()), Ok(config));
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
