//! A materialized program made ready for a target, the part that the CPU runner (`run/`,
//! `flexc-run`) and the GPU target (`gpu.rs`, `--target=cuda`) share: StableHLO lowered to linalg
//! ([`lower_stablehlo`]), elided weights filled with their seeded values ([`fill_elided_weights`]),
//! and graph ops marked with their index ([`mark_graph_ops`]) so that their tasks can be bracketed
//! with timing calls ([`bracket_tasks`]): `flexc-run --profile-db-out` and the GPU target measure
//! the same task extents.
//!
//! Architecture Invariant: this module depends on no other module of `src/` but `session` and
//! `diagnostics`; `run` and `gpu` both use it and neither uses the other.

use crate::{diagnostics::Diag, session::Session};
use flexc_core::{seed::weight_values, DType, OpId};
use flexc_passes::{ir::symbol_name, pass_pipeline};
use melior::ir::{
    attribute::{IntegerAttribute, StringAttribute, TypeAttribute},
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    r#type::{FunctionType, IntegerType},
    Location, Module, Region,
};
use mlir_sys::*;
use std::{collections::HashMap, ffi::c_void};

/// The module's top-level `func.func` ops.
pub(crate) fn module_functions(module: &Module) -> Vec<MlirOperation> {
    let mut functions = flexc_passes::ir::top_level_ops(module.as_operation().to_raw());
    functions.retain(|&op| flexc_passes::ir::op_name(op) == "func.func");
    functions
}

/// Runs [`pass_pipeline::stablehlo_lowering`] when the module holds StableHLO/CHLO ops.
pub(crate) fn lower_stablehlo<'c>(
    session: &Session<'c>,
    module: &mut melior::ir::Module<'c>,
) -> Result<(), Vec<Diag>> {
    if flexc_passes::stablehlo_to_linalg::contains_stablehlo(module.as_operation()) {
        session
            .run_pipeline(module, &pass_pipeline::stablehlo_lowering())
            .map_err(|e| session.diagnosed(e))?;
    }
    Ok(())
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

/// The attribute that carries a graph op's index onto its task clones.
pub const PROFILE_OP_ATTR: &str = "flexc.profile_op";

/// Per graph op (by index): its key without the device (name, task extents, dtype); `None` for ops
/// without a configuration (they are not profiled).
pub type OpKey = Option<(String, Vec<u64>, DType)>;

/// Marks every configured graph op with its graph index ([`PROFILE_OP_ATTR`]); returns the key of
/// every graph op as the simulator forms it.
pub(crate) fn mark_graph_ops(module: &Module) -> Result<Vec<OpKey>, ()> {
    Ok(mark_graph_ops_whole(module)?
        .into_iter()
        .map(|(task, _)| task)
        .collect())
}

/// [`mark_graph_ops`], with each configured op's key as a single task too (its whole loop extents,
/// as the serial program runs it): `(task key, whole-op key)` per graph op.
pub(crate) fn mark_graph_ops_whole(module: &Module) -> Result<Vec<(OpKey, OpKey)>, ()> {
    let imported = flexc_passes::import::analyze(
        &module.as_operation(),
        &flexc_passes::import::ImportOptions::default(),
        false,
    )
    .map_err(|_| ())?;
    // A scheduled strategy's configurations describe one micro-batch: its tasks' extents along the
    // loops that follow the batch are the micro-batch's (the simulator's per-stage tasks).
    let units = flexc_passes::schedule_attr(&module.as_operation())
        .ok()
        .flatten()
        .map_or(1, |s| {
            u64::from(s.replicas.max(1)) * u64::from(s.micro_batches.max(1))
        });
    let batch_loops = if units > 1 {
        flexc_core::batch::batch_loops(&imported.graph, 0).unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut keys = Vec::with_capacity(imported.ops.len());
    let mut marked = std::collections::HashSet::new();
    for (k, op) in imported.ops.iter().enumerate() {
        let graph_op = imported.graph.op(OpId::new(k));
        let Some(config) = &op.config else {
            keys.push((None, None));
            continue;
        };
        let micro = batch_loops.get(k);
        let extents: Vec<u64> = graph_op
            .dims
            .iter()
            .zip(&config.degrees)
            .enumerate()
            .map(|(j, (dim, &degree))| {
                let size = match micro.and_then(|m| m.get(j)) {
                    Some(true) => dim.size / units,
                    _ => dim.size,
                };
                size / degree.max(1)
            })
            .collect();
        let whole = graph_op.dims.iter().map(|dim| dim.size).collect();
        keys.push((
            Some((graph_op.name.clone(), extents, graph_op.dtype)),
            Some((graph_op.name.clone(), whole, graph_op.dtype)),
        ));
        // An op of a function called several times is several graph ops: its first call's index.
        if !marked.insert(op.handle) {
            continue;
        }
        unsafe {
            let handle = MlirOperation {
                ptr: op.handle as *mut c_void,
            };
            let i64_type = mlirIntegerTypeGet(mlirOperationGetContext(handle), 64);
            mlirOperationSetDiscardableAttributeByName(
                handle,
                melior::StringRef::new(PROFILE_OP_ATTR).to_raw(),
                mlirIntegerAttrGet(i64_type, k as i64),
            );
        }
    }
    Ok(keys)
}

/// Brackets every marked op of the device functions with the profile calls (when `profiling`), and
/// removes the marks everywhere.
/// The ops a task clone's time covers: the op itself, the slicing and initializing ops right before
/// it (its operand slices, a fresh or filled destination) and the ones right after it that write its
/// result into the device's local copy (`tensor.empty` + `tensor.insert_slice`), so that a task's
/// time is what executing it costs the device, as the simulator's task is. `block` lists the ops of
/// the op's block in order, `floor` the first index the extent may take (the ops before it belong to
/// an earlier task); the result is the first and last index of the extent.
fn task_extent(block: &[MlirOperation], at: usize, floor: usize) -> (usize, usize) {
    const BEFORE: &[&str] = &[
        "tensor.extract_slice",
        "tensor.empty",
        "tensor.splat",
        "linalg.fill",
        "arith.constant",
    ];
    const AFTER: &[&str] = &["tensor.empty", "tensor.insert_slice"];
    let joins = |op: MlirOperation, names: &[&str]| unsafe {
        let marked =
            !mlirOperationGetAttributeByName(op, melior::StringRef::new(PROFILE_OP_ATTR).to_raw())
                .ptr
                .is_null();
        let name = melior::StringRef::from_raw(mlirIdentifierStr(mlirOperationGetName(op)));
        !marked && names.contains(&name.as_str().unwrap_or_default())
    };
    let mut first = at;
    while first > floor && joins(block[first - 1], BEFORE) {
        first -= 1;
    }
    let mut last = at;
    while last + 1 < block.len() && joins(block[last + 1], AFTER) {
        last += 1;
    }
    (first, last)
}

/// Which functions [`bracket_tasks`] instruments, and with which calls.
pub struct Brackets<'a> {
    /// The `(i64) -> ()` functions called before and after each task (declared private).
    pub begin: &'a str,
    pub end: &'a str,
    /// Device functions: each marked op `k` is bracketed with id `k`.
    pub device_functions: &'a [String],
    /// Serial functions and the id offset of their ops (`k + offset`), when they are timed too.
    pub serial: Option<(&'a [String], i64)>,
}

/// Brackets every op marked by [`mark_graph_ops`] (with its [`task_extent`]) in the functions
/// `brackets` names, when `profiling`, and removes the marks everywhere. Shared by `flexc-run`'s
/// profiling (device functions, `flexc_profile_*`) and `--target=cuda` (device and serial
/// functions, `flexc_gpu_task_*`), so both measure the same task extents.
pub fn bracket_tasks(
    context: &melior::Context,
    module: &Module,
    brackets: &Brackets,
    profiling: bool,
) {
    let mut marked = Vec::new();
    for function in module_functions(module) {
        let name = symbol_name(function);
        let offset = if brackets.device_functions.contains(&name) {
            Some(0)
        } else {
            brackets
                .serial
                .filter(|(names, _)| names.contains(&name))
                .map(|(_, offset)| offset)
        };
        unsafe { melior::ir::OperationRef::from_raw(function) }.walk(WalkOrder::PreOrder, |op| {
            if op.has_attribute(PROFILE_OP_ATTR) {
                marked.push((op.to_raw(), offset));
            }
            WalkResult::Advance
        });
    }
    let location = Location::unknown(context);
    let i64_type = IntegerType::new(context, 64);
    let mut used = false;
    // Extents first, on the blocks as they are, then the calls.
    // A block's ops, their indices, and the first index no task has claimed yet.
    type Listed = (Vec<MlirOperation>, HashMap<usize, usize>, usize);
    let mut blocks: HashMap<usize, Listed> = HashMap::new();
    let mut extents = Vec::new();
    for &(op, offset) in &marked {
        if !(profiling && offset.is_some()) {
            extents.push(None);
            continue;
        }
        let block = unsafe { mlirOperationGetBlock(op) };
        let (ops, index, floor) = blocks.entry(block.ptr as usize).or_insert_with(|| unsafe {
            let mut ops = Vec::new();
            let mut next = mlirBlockGetFirstOperation(block);
            while !next.ptr.is_null() {
                ops.push(next);
                next = mlirOperationGetNextInBlock(next);
            }
            let index = ops
                .iter()
                .enumerate()
                .map(|(i, o)| (o.ptr as usize, i))
                .collect();
            (ops, index, 0)
        });
        let at = index.get(&(op.ptr as usize)).copied().unwrap_or(0);
        let (first, last) = task_extent(ops, at, (*floor).min(at));
        *floor = last + 1;
        extents.push(Some((ops[first], ops[last])));
    }
    for ((op, offset), extent) in marked.into_iter().zip(extents) {
        let name = melior::StringRef::new(PROFILE_OP_ATTR).to_raw();
        let k = unsafe { mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(op, name)) }
            + offset.unwrap_or(0);
        unsafe { mlirOperationRemoveAttributeByName(op, name) };
        let Some((first, last)) = extent else {
            continue;
        };
        used = true;
        let constant = melior::dialect::arith::constant(
            context,
            IntegerAttribute::new(i64_type.into(), k).into(),
            location,
        );
        let call = |callee: &str, value| {
            melior::dialect::func::call(
                context,
                melior::ir::attribute::FlatSymbolRefAttribute::new(context, callee),
                &[value],
                &[],
                location,
            )
        };
        unsafe {
            let block = mlirOperationGetBlock(op);
            let constant = constant.into_raw();
            mlirBlockInsertOwnedOperationBefore(block, first, constant);
            let value = melior::ir::Value::from_raw(mlirOperationGetResult(constant, 0));
            let (begin, end) = (call(brackets.begin, value), call(brackets.end, value));
            mlirBlockInsertOwnedOperationBefore(block, first, begin.into_raw());
            mlirBlockInsertOwnedOperationAfter(block, last, end.into_raw());
        }
    }
    if used {
        let ty = FunctionType::new(context, &[i64_type.into()], &[]);
        for callee in [brackets.begin, brackets.end] {
            let declaration = melior::dialect::func::func(
                context,
                StringAttribute::new(context, callee),
                TypeAttribute::new(ty.into()),
                Region::new(),
                &[(
                    melior::ir::Identifier::new(context, "sym_visibility"),
                    StringAttribute::new(context, "private").into(),
                )],
                location,
            );
            module.body().append_operation(declaration);
        }
    }
}
