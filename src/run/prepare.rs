//! Preparation of a module for running: materializing a `.par.mlir` (`par-materialize`), filling
//! elided weights, seeding the inputs, marking the entry points for the C interface, and the
//! lowering to the LLVM dialect ([`flexc_passes::pipeline::cpu_lowering`]).

use super::{entries::module_functions, Entry, RunOptions};
use flexc_core::{
    seed::{data_values, weight_values},
    DeviceId,
};
use flexc_dialects::names::device_function;
use flexc_passes::ir::symbol_name;
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;

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

extern "C" {
    /// `src/capi_shim.cpp`: whether a `dense_resource` attribute has its data.
    fn flexcDenseResourceHasBlob(attribute: MlirAttribute) -> bool;
}

/// The handle of an elided weight: a `dense_resource<HANDLE>` attribute whose data the exporter
/// left out (`__elided__...` handles, or any handle without a blob in the module's resources, as
/// torch-mlir prints full-size models). `None` for every other attribute.
pub fn elided_handle(attribute: MlirAttribute) -> Option<String> {
    if !unsafe { mlirAttributeIsADenseResourceElements(attribute) } {
        return None;
    }
    // `dense_resource<HANDLE> : TYPE` (the C API cannot read the handle).
    let text = flexc_passes::ir::attribute_text(attribute);
    let handle = text
        .strip_prefix("dense_resource<")
        .and_then(|rest| rest.split('>').next())?;
    (handle.starts_with("__elided__") || !unsafe { flexcDenseResourceHasBlob(attribute) })
        .then(|| handle.to_string())
}

/// The seeded values of the elided weight `attribute` (handle `handle`) as a dense attribute of its
/// type: [`flexc_core::seed::weight_values`], the stream `flexc-gpu` seeds weight arguments from.
/// `None` for element types without a rule or non-static shapes.
pub fn seeded_weight(attribute: MlirAttribute, handle: &str, seed: u64) -> Option<MlirAttribute> {
    let ty = unsafe { mlirAttributeGetType(attribute) };
    let shape = flexc_passes::ir::tensor_shape(ty).filter(|s| s.is_static())?;
    let type_text = flexc_passes::ir::type_text(ty);
    let bytes = weight_values(
        seed,
        handle,
        &type_text,
        &shape.element,
        &shape.static_dims(),
    )?;
    Some(unsafe { mlirDenseElementsAttrRawBufferGet(ty, bytes.len(), bytes.as_ptr().cast()) })
}

/// Replaces every elided weight ([`elided_handle`]) by its seeded values ([`seeded_weight`]).
pub fn fill_elided_weights(module: &Module, seed: u64) {
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let count = unsafe { mlirOperationGetNumAttributes(raw) };
        for i in 0..count {
            let named = unsafe { mlirOperationGetAttribute(raw, i) };
            let Some(handle) = elided_handle(named.attribute) else {
                continue;
            };
            let Some(filled) = seeded_weight(named.attribute, &handle, seed) else {
                continue;
            };
            unsafe { mlirOperationSetAttributeByName(raw, mlirIdentifierStr(named.name), filled) };
        }
        WalkResult::Advance
    });
}

/// Row-major bytes as 8-byte aligned storage.
pub(super) fn words(bytes: &[u8]) -> Vec<u64> {
    let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
    for (i, chunk) in bytes.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        words[i] = u64::from_ne_bytes(word);
    }
    words
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
            words(&bytes)
        })
        .collect()
}
