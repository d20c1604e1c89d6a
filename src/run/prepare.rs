//! Preparation of a module for running: materializing a `.par.mlir` (`par-materialize`), filling
//! elided weights, seeding the inputs, marking the entry points for the C interface, and the
//! lowering to the LLVM dialect ([`flexc_passes::pass_pipeline::cpu_lowering`]).

use super::{Entry, RunOptions};
use crate::program::module_functions;
use flexc_core::{seed::data_values, DeviceId};
use flexc_dialects::names::device_function;
use flexc_passes::ir::symbol_name;
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};

/// Whether some op carries a `#par.config` (a `.par.mlir` to materialize first).
pub(super) fn has_configs(module: &Module) -> bool {
    let mut found = false;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        found |= op.has_attribute(flexc_dialects::names::CONFIG_ATTR);
        if found {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    found
}

/// Gives the entries' serial and device functions C interfaces (`llvm.emit_c_interface`), which
/// the engine's packed calls use.
pub(super) fn mark_c_interface(module: &Module, entries: &[Entry]) {
    let mut names = Vec::new();
    for entry in entries {
        names.push(entry.name.clone());
        names.extend((0..entry.devices).map(|d| device_function(&entry.name, DeviceId::new(d))));
    }
    for function in module_functions(module) {
        if names.contains(&symbol_name(function)) {
            flexc_passes::ir::mark_c_interface(function);
        }
    }
}

/// The inputs of `entry`'s arguments, as 8-byte aligned storage: from `--inputs`, else seeded.
pub(super) fn inputs(entry: &Entry, options: &RunOptions) -> Result<Vec<Vec<u64>>, String> {
    match &options.inputs {
        Some(dir) => super::io::read_inputs(dir, entry),
        None => Ok(seeded_inputs(entry, options)),
    }
}

/// Seeded inputs of `entry`'s arguments, as 8-byte aligned storage.
fn seeded_inputs(entry: &Entry, options: &RunOptions) -> Vec<Vec<u64>> {
    entry
        .arguments
        .iter()
        .enumerate()
        .map(|(index, ty)| {
            let stream = format!("@{}:argument{index}", entry.name);
            // Every `Element` has a rule in `data_values`.
            let bytes = data_values(
                options.seed,
                &stream,
                ty.element.name(),
                ty.elements(),
                options.int_max,
            )
            .unwrap_or_default();
            super::engine::words(&bytes)
        })
        .collect()
}
