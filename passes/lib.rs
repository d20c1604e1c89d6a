//! flexc passes, one file each, and the base types they share ([`PassInfo`], [`Options`], the adapter
//! to MLIR's external-pass API); the one table that lists them is [`registry::REGISTRY`].
//!
//! The registry drives pipeline-string parsing (`pass_pipeline.rs`), `flexc --help` and `flexc
//! --list-passes`. A pass is a plain function over a module operation
//! plus parsed options; it reports problems as MLIR diagnostics on op locations (which the driver's
//! handler prints as `file:line:col: error: ...`) and returns `Err(())` to fail the pipeline.
//!
//! Layering: passes may import `flexc-dialects`, never the driver (`src/`) or the tools.

use melior::{
    dialect::DialectHandle,
    ir::{operation::OperationLike, Location, OperationRef},
    pass::{create_external, ExternalPass, Pass},
};
use std::{collections::BTreeMap, fmt};

pub(crate) mod batch_major;
pub mod family;
pub mod gpu_block_reductions;
pub mod gpu_check_dialects;
pub mod gpu_check_host_code;
pub mod gpu_contiguous_dim_first;
pub mod gpu_drop_kernel_asserts;
pub mod gpu_gemm_operands;
pub mod gpu_parallel_loops;
pub mod gpu_tag_families;
pub mod gpu_to_device;
pub mod gpu_upload_constants;
pub mod gpu_wrap_scalar_ops;
pub mod import;
pub mod ir;
pub mod op_model;
pub mod par_export_shard;
pub mod par_fold_casts;
pub mod par_import;
pub mod par_lower_runtime;
pub mod par_materialize;
pub mod par_search;
pub mod par_substitute;
pub mod par_unique_weights;
pub mod par_verify;
pub mod pass_pipeline;
pub mod region;
pub mod registry;
pub mod stablehlo_to_linalg;
pub mod tied_weights;
pub mod tm_tensor_lowering;

/// A failure whose diagnostics were already emitted on the offending ops' locations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagnosed;

impl fmt::Display for Diagnosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("failed (see the diagnostics emitted)")
    }
}

impl std::error::Error for Diagnosed {}

/// One option of a pass, as written in a pipeline string: `par-verify{devices=8}`.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub help: &'static str,
    pub default: &'static str,
    pub kind: OptionKind,
}

/// `devices=N`: the machine size, for passes that check or use device ids (read with
/// [`Options::devices`]).
pub const DEVICES_OPTION: PassOption = PassOption {
    name: "devices",
    help: "number of devices of the machine (0: take it from the module's par.machine)",
    default: "0",
    kind: OptionKind::DeviceCount,
};

/// The values an option accepts.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// A non-negative integer.
    Unsigned,
    /// One of the listed words.
    OneOf(&'static [&'static str]),
    /// Comma-separated non-negative integers or inclusive ranges `a-b` (possibly none).
    UnsignedList,
    /// Any word (a name or a path without spaces), possibly empty.
    Text,
    /// A word the function accepts (`Err` says why not), with how `--list-passes` shows its values.
    Checked {
        values: &'static str,
        check: fn(&str) -> Result<(), String>,
    },
    /// `0` (not given) or a [`flexc_core::DeviceCount`].
    DeviceCount,
}

/// Parsed options of one pass instance: every declared option has a value (defaults filled in).
#[derive(Clone, Debug, Default)]
pub struct Options(BTreeMap<&'static str, String>);

impl Options {
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map(String::as_str).unwrap_or("")
    }

    pub fn unsigned(&self, name: &str) -> u64 {
        // Values were validated against `OptionKind::Unsigned` when parsed.
        self.get(name).parse().unwrap_or(0)
    }

    /// The device count of option `name` (`None` for `0`, not given).
    pub fn device_count(&self, name: &str) -> Option<flexc_core::DeviceCount> {
        // Validated against `OptionKind::DeviceCount` when parsed.
        self.get(name).parse().ok()
    }

    /// The `devices` option ([`DEVICES_OPTION`]), else the device count of the module's
    /// `#par.machine`, else `None`; `Err` (emitted at the module) when the module's `#par.machine`
    /// is malformed, whether or not the option overrides it.
    // `()`: the error is already a diagnostic, as a pass's `run` returns it.
    #[allow(clippy::result_unit_err)]
    pub fn devices(
        &self,
        module: &OperationRef<'_, '_>,
    ) -> Result<Option<flexc_core::DeviceCount>, ()> {
        let machine = machine_attr(module).map_err(|message| {
            emit_error(module.location(), &message);
        })?;
        Ok(self
            .device_count(DEVICES_OPTION.name)
            .or_else(|| machine?.device_count()))
    }

    pub fn unsigned_list(&self, name: &str) -> Vec<usize> {
        // Validated against `OptionKind::UnsignedList` when parsed.
        unsigned_list(self.get(name))
    }
}

/// The address of a `PassId` is the pass's MLIR `TypeID`: 8-byte aligned and unique per static.
#[repr(align(8))]
pub struct PassId(#[allow(dead_code)] u8);

impl PassId {
    pub const fn new() -> Self {
        PassId(0)
    }
}

impl Default for PassId {
    fn default() -> Self {
        Self::new()
    }
}

/// A registered pass.
pub struct PassInfo {
    /// Pipeline argument, e.g. `par-verify`.
    pub argument: &'static str,
    /// One line for `--help` and `--list-passes`.
    pub summary: &'static str,
    pub options: &'static [PassOption],
    /// The op the pass runs on.
    pub anchor: &'static str,
    pub id: &'static PassId,
    pub run: fn(OperationRef<'_, '_>, &Options) -> Result<(), ()>,
    /// Dialects whose ops the pass creates, loaded before a pipeline with it starts (so that
    /// later passes such as `convert-to-llvm` see their interfaces).
    pub dependent_dialects: &'static [DialectHandleGetter],
}

/// A C API `mlirGetDialectHandle__<name>__` function.
pub type DialectHandleGetter = unsafe extern "C" fn() -> mlir_sys::MlirDialectHandle;

impl fmt::Debug for PassInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassInfo")
            .field("argument", &self.argument)
            .finish()
    }
}

/// Parses the text inside `{...}` of a pipeline element: space-separated `key=value` pairs.
pub fn parse_options(info: &PassInfo, text: &str) -> Result<Options, String> {
    let mut values: BTreeMap<&'static str, String> = info
        .options
        .iter()
        .map(|option| (option.name, option.default.to_string()))
        .collect();
    for item in text.split_whitespace() {
        let (key, value) = item.split_once('=').ok_or_else(|| {
            format!(
                "option '{item}' of pass '{}' must be written key=value",
                info.argument
            )
        })?;
        let option = info
            .options
            .iter()
            .find(|option| option.name == key)
            .ok_or_else(|| {
                let known: Vec<&str> = info.options.iter().map(|o| o.name).collect();
                format!(
                    "pass '{}' has no option '{key}' (options: {})",
                    info.argument,
                    if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    }
                )
            })?;
        check_value(info, option, value)?;
        values.insert(option.name, value.to_string());
    }
    Ok(Options(values))
}

/// `value` checked as option `name` of `info` is in a pipeline string, with the same usage message: for
/// a caller that builds a pass's typed options without text (the driver's import settings).
pub fn check_option(info: &PassInfo, name: &str, value: &str) -> Result<(), String> {
    match info.options.iter().find(|option| option.name == name) {
        Some(option) => check_value(info, option, value),
        None => Err(format!("pass '{}' has no option '{name}'", info.argument)),
    }
}

/// Checks `value` against `option` of `info` (what [`parse_options`] checks for each `key=value`).
fn check_value(info: &PassInfo, option: &PassOption, value: &str) -> Result<(), String> {
    let key = option.name;
    let valid = match option.kind {
        OptionKind::Unsigned => value.parse::<u64>().is_ok(),
        OptionKind::DeviceCount => value == "0" || value.parse::<flexc_core::DeviceCount>().is_ok(),
        OptionKind::OneOf(words) => words.contains(&value),
        OptionKind::UnsignedList => value
            .split(',')
            .filter(|item| !item.is_empty())
            .all(|item| list_item(item).is_some()),
        OptionKind::Text => true,
        OptionKind::Checked { check, .. } => {
            if let Err(why) = check(value) {
                return Err(format!("option '{key}' of pass '{}': {why}", info.argument));
            }
            true
        }
    };
    if !valid {
        let expected = match option.kind {
            OptionKind::Unsigned => "a non-negative integer".to_string(),
            OptionKind::DeviceCount => {
                format!("0 or a device count (1..={})", flexc_core::DeviceCount::MAX)
            }
            OptionKind::OneOf(words) => format!("one of {}", words.join(", ")),
            OptionKind::UnsignedList => {
                "a comma-separated list of non-negative integers or ranges a-b".into()
            }
            OptionKind::Text | OptionKind::Checked { .. } => "valid".into(),
        };
        return Err(format!(
            "option '{key}' of pass '{}' must be {expected}, got '{value}'",
            info.argument
        ));
    }
    Ok(())
}

/// The numbers of an [`OptionKind::UnsignedList`] value (checked with [`check_value`]), ranges expanded.
pub fn unsigned_list(text: &str) -> Vec<usize> {
    text.split(',').filter_map(list_item).flatten().collect()
}

/// One item of an unsigned list: `n` or the inclusive range `a-b` (`a <= b`).
fn list_item(item: &str) -> Option<std::ops::RangeInclusive<usize>> {
    let item = item.trim();
    match item.split_once('-') {
        Some((a, b)) => {
            let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            (a <= b).then_some(a..=b)
        }
        None => item.parse().ok().map(|n| n..=n),
    }
}

/// Wraps a registered pass as an MLIR external pass, ready to add to a pass manager.
pub fn create_pass(info: &'static PassInfo, options: Options) -> Pass {
    let run = info.run;
    create_external(
        move |operation: OperationRef<'_, '_>, pass: ExternalPass<'_>| {
            if run(operation, &options).is_err() {
                pass.signal_failure();
            }
        },
        melior::ir::r#type::TypeId::create(info.id),
        info.argument,
        info.argument,
        info.summary,
        info.anchor,
        &info
            .dependent_dialects
            .iter()
            .map(|getter| unsafe { DialectHandle::from_raw(getter()) })
            .collect::<Vec<_>>(),
    )
}

/// Emits an error diagnostic at `location`; the driver's handler prints it with the location.
pub fn emit_error(location: Location<'_>, message: &str) {
    let message = std::ffi::CString::new(message.replace('\0', " "))
        .unwrap_or_else(|_| std::ffi::CString::from(c"error"));
    unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr()) }
}

/// Emits an error diagnostic at the location of the raw op `op`.
pub fn emit_error_at(op: mlir_sys::MlirOperation, message: &str) {
    let location = unsafe { mlir_sys::mlirOperationGetLocation(op) };
    emit_error(unsafe { Location::from_raw(location) }, message);
}

/// The name of an operation, e.g. `linalg.matmul`.
pub fn op_name(operation: &OperationRef<'_, '_>) -> String {
    operation
        .name()
        .as_string_ref()
        .as_str()
        .map(str::to_string)
        .unwrap_or_default()
}

/// The module's `#par.schedule`: `Ok(None)` without one, `Err` with the reason when it does not parse.
pub fn schedule_attr(
    module: &OperationRef<'_, '_>,
) -> Result<Option<flexc_core::schedule::Schedule>, String> {
    let Ok(attribute) = module.attribute(flexc_dialects::names::SCHEDULE_ATTR) else {
        return Ok(None);
    };
    <flexc_core::schedule::Schedule as flexc_dialects::ScheduleAttr>::parse(&attribute.to_string())
        .map(Some)
        .map_err(|e| e.to_string())
}

/// The module's `#par.machine` (`None` without one); `Err` with the reason when it is malformed.
pub fn machine_attr(
    module: &OperationRef<'_, '_>,
) -> Result<Option<flexc_dialects::MachineAttr>, String> {
    let Ok(attribute) = module.attribute(flexc_dialects::names::MACHINE_ATTR) else {
        return Ok(None);
    };
    flexc_dialects::MachineAttr::parse(&attribute.to_string())
        .map(Some)
        .map_err(|e| format!("invalid '{}': {e}", flexc_dialects::names::MACHINE_ATTR))
}
