//! What a `.par.mlir` records besides its strategy, so that it stands alone: the import options it was
//! imported with (`#par.import` on the module: batch dim, mode, data/param arguments, batch, entry) and
//! the machine (`#par.machine`: name and device count, and a machine file's whole text as its `toml`
//! fact, since the file may not travel with the strategy).
//!
//! [`write`] records both when a strategy is written (a search, or a baseline by name). When a module
//! that carries them is read again, [`Record::apply`] merges them into the command line's options: an
//! option the command line does not give takes the recorded value, one it gives with another value is an
//! error naming both (the strategy was found for the recorded set-up: simulating it under another one
//! would give numbers for a graph it was not made for). A new `--search` may change the machine; without
//! one, another `--machine` is accepted only with as many devices as recorded (a what-if: the same
//! strategy on other hardware).

use super::{Mode, Options};
use flexc_core::{machine::Machine, DeviceCount};
use flexc_dialects::{names, ImportAttr, MachineAttr};
use melior::ir::{operation::OperationLike, OperationRef};

/// The records of a module (each `None` when absent).
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub import: Option<ImportAttr>,
    pub machine: Option<MachineAttr>,
}

use crate::records::TOML_FACT;

impl Record {
    /// The records of `module`; `Err` when one is there but malformed ([`crate::records::Records::read`],
    /// which `flexc-run` reads them with too).
    pub fn read(module: &OperationRef<'_, '_>) -> Result<Record, String> {
        let records = crate::records::Records::read(module)?;
        Ok(Record {
            import: records.import,
            machine: records.machine,
        })
    }

    /// `options` with the recorded values where the command line gives none; `Err` names the first
    /// option whose given value differs from the record.
    pub fn apply(&self, options: &Options) -> Result<Options, String> {
        let mut merged = options.clone();
        let conflict = |flag: &str, given: &str, recorded: &str| {
            format!(
                "{flag}={given} conflicts with the input's recorded {recorded} (par.import and par.machine \
                 record the set-up its strategy was found for): drop {flag}, or give --search to search again"
            )
        };
        if let Some(record) = &self.import {
            match options.batch_dim {
                Some(given) if given as u64 != record.batch_dim => {
                    return Err(conflict(
                        "--batch-dim",
                        &given.to_string(),
                        &format!("batch_dim = {}", record.batch_dim),
                    ))
                }
                _ => merged.batch_dim = Some(record.batch_dim as usize),
            }
            // `None`: the record says `auto`, resolved per graph as if not recorded.
            let recorded_mode = Mode::from_choice(&record.mode).unwrap_or(Some(Mode::Training));
            match options.mode {
                None => merged.mode = recorded_mode,
                Some(given) if Some(given) != recorded_mode => {
                    return Err(conflict(
                        "--mode",
                        given.word(),
                        &format!("mode = \"{}\"", record.mode),
                    ))
                }
                _ => {}
            }
            let list = |values: &[u64]| {
                values
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            for (flag, given, recorded, slot) in [
                (
                    "--data-args",
                    &options.data_args,
                    record.data_args.as_deref().map(list),
                    &mut merged.data_args,
                ),
                (
                    "--param-args",
                    &options.param_args,
                    (!record.param_args.is_empty()).then(|| list(&record.param_args)),
                    &mut merged.param_args,
                ),
            ] {
                let recorded = recorded.unwrap_or_default();
                if given.is_empty() {
                    *slot = recorded;
                } else if parse_list(given)? != parse_list(&recorded)? {
                    let name = &flag[2..].replace('-', "_");
                    return Err(conflict(flag, given, &format!("{name} = [{recorded}]")));
                }
            }
            match (options.batch, record.batch) {
                (Some(given), recorded) if Some(given) != recorded => {
                    return Err(conflict(
                        "--batch",
                        &given.to_string(),
                        &recorded.map_or("batch (none)".to_string(), |b| format!("batch = {b}")),
                    ))
                }
                (_, recorded) => merged.batch = recorded,
            }
            match (&options.entry, &record.entry) {
                (Some(given), Some(recorded)) if given != recorded => {
                    return Err(conflict(
                        "--entry",
                        given,
                        &format!("entry = \"{recorded}\""),
                    ))
                }
                (None, recorded) => merged.entry = recorded.clone(),
                _ => {}
            }
            merged.opaque_unknown |= record.opaque_unknown;
        }
        if let Some(machine) = &self.machine {
            let devices = machine.device_count();
            let research = options.search.explicit;
            match &options.simulate.machine {
                // Another machine with as many devices runs the strategy as it is: a what-if (the
                // simulator's fidelity runs simulate CPU-searched strategies on a measured machine).
                Some(given) if !research && !same_machine(given, machine) => {
                    let given_devices = Machine::from_spec(given, options.simulate.devices)
                        .ok()
                        .and_then(|m| DeviceCount::new(u64::from(m.num_devices())).ok());
                    if given_devices != devices {
                        return Err(conflict(
                            "--machine",
                            &format!(
                                "{given} ({} devices)",
                                given_devices.map_or("?".to_string(), |d| d.to_string())
                            ),
                            &format!(
                                "machine \"{}\" ({} devices)",
                                machine.name,
                                devices.map_or("?".to_string(), |d| d.to_string())
                            ),
                        ));
                    }
                }
                Some(_) => {}
                None => match toml_text(machine) {
                    Some(text) => merged.simulate.machine_toml = Some((machine.name.clone(), text)),
                    None => merged.simulate.machine = Some(machine.name.clone()),
                },
            }
            match (options.simulate.devices, devices) {
                (Some(given), Some(recorded)) if !research && given != recorded => {
                    return Err(conflict(
                        "--devices",
                        &given.to_string(),
                        &format!("devices = {recorded}"),
                    ))
                }
                (None, recorded) if options.simulate.machine.is_none() => {
                    merged.simulate.devices = recorded
                }
                _ => {}
            }
        }
        Ok(merged)
    }
}

/// Whether the command line's `spec` names the recorded machine: its preset name, or a file whose
/// machine is the recorded one.
fn same_machine(spec: &str, recorded: &MachineAttr) -> bool {
    if spec == recorded.name {
        return true;
    }
    match (Machine::from_spec(spec, None), recorded_file(recorded)) {
        (Ok(given), Some(Ok(file))) => given == file,
        _ => false,
    }
}

/// The machine of a record's `toml` fact, when it has one.
fn recorded_file(recorded: &MachineAttr) -> Option<Result<Machine, String>> {
    let text = toml_text(recorded)?;
    Some(
        Machine::from_toml(&text, &format!("par.machine \"{}\"", recorded.name))
            .map_err(|e| e.message),
    )
}

use crate::records::toml_text;

/// A list option's indices (`0,1` or `0-7`), sorted.
fn parse_list(text: &str) -> Result<Vec<usize>, String> {
    let parsed = flexc_passes::parse_options(
        &flexc_passes::par_import::INFO,
        &format!("data-args={}", if text.is_empty() { "" } else { text }),
    )?;
    let mut values = parsed.unsigned_list("data-args");
    values.sort_unstable();
    values.dedup();
    Ok(values)
}

/// The `#par.import` and `#par.machine` of a strategy written for `machine` with the import settings
/// `options` resolved (`imported`: the entry function and the data arguments found).
pub fn attributes(
    options: &Options,
    imported: &flexc_passes::import::Imported,
    machine: &Machine,
) -> (ImportAttr, MachineAttr) {
    let mode = options.mode.unwrap_or(Mode::Training);
    let import = match super::import_options(options) {
        Ok(import_options) => flexc_passes::import::record(imported, &import_options, mode),
        Err(_) => ImportAttr {
            mode: mode.word().to_string(),
            ..ImportAttr::default()
        },
    };
    let mut other = Vec::new();
    let file_text = match (&options.simulate.machine, &options.simulate.machine_toml) {
        (Some(spec), _) => {
            let path = std::path::Path::new(spec);
            (spec.ends_with(".toml") || path.is_file())
                .then(|| std::fs::read_to_string(path).ok())
                .flatten()
        }
        (None, Some((_, text))) => Some(text.clone()),
        (None, None) => None,
    };
    if let Some(text) = file_text {
        other.push((TOML_FACT.to_string(), escape(&text)));
    }
    let machine = MachineAttr {
        name: machine.name.clone(),
        nodes: Some(machine.nodes),
        gpus_per_node: Some(machine.gpus_per_node),
        devices: DeviceCount::new(u64::from(machine.num_devices())).ok(),
        other,
    };
    (import, machine)
}

/// Sets `#par.import` and `#par.machine` on `module`.
pub fn write(
    module: &OperationRef<'_, '_>,
    import: &ImportAttr,
    machine: &MachineAttr,
) -> Result<(), String> {
    for (name, text) in [
        (names::IMPORT_ATTR, import.to_text()),
        (names::MACHINE_ATTR, machine.to_text()),
    ] {
        flexc_passes::par_search::set_attribute(module.to_raw(), name, &text)?;
    }
    Ok(())
}

use flexc_dialects::escaped_string_literal as escape;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::unescape;

    #[test]
    fn strings_round_trip_through_mlir_escapes() {
        let text = "name = \"box\"\n[gpu]\tpeak = 1e12 # \\ done\n";
        assert_eq!(unescape(&escape(text)).as_deref(), Some(text));
        assert_eq!(unescape("\"a\\0Ab\"").as_deref(), Some("a\nb"));
    }
}
