//! `par-lower-runtime`: rewrites the device-level communication ops of `par-materialize`
//! (`par.send`, `par.recv`, `par.all_reduce`) into calls of an external runtime, so that upstream
//! bufferization and LLVM lowering can compile the device programs (flexc-run's CPU runtime,
//! `src/run.rs`, implements the functions).
//!
//! Each op becomes a `func.call` of a private helper, one per (op, tensor type), whose body moves
//! the tensor into a fresh buffer and calls the runtime on it as an unranked memref; the helpers
//! are meant to be inlined (`inline`). The runtime functions are declared with
//! `llvm.emit_c_interface`, so after `convert-func-to-llvm` they take a pointer to the unranked
//! descriptor `{i64 rank, ptr ranked_descriptor}`:
//!
//! | op | runtime function (T: `f32`, `f64`, `i1`, `i8`, `i16`, `i32`, `i64`, ...) |
//! |---|---|
//! | `par.send {peer, tag}` | `flexc_rt_send_T(memref<*xT>, i64 peer, i64 tag)` |
//! | `par.recv {peer, tag}` | `flexc_rt_recv_T(memref<*xT>, i64 peer, i64 tag)`: fills the buffer |
//! | `par.all_reduce {group, kind}` | `flexc_rt_all_reduce_<kind>_T(memref<*xT>, i64 group_mask)`: in place; T in `f32`, `f64`, `i32`, `i64` |
//!
//! The group of an all-reduce is passed as a bit mask of device ids (so device ids must be below
//! 63); members call the same groups in the same order, which is how the runtime matches them. The
//! calling device is the runtime's business (one thread or process per device).
//!
//! Every other `par` op is an error at its location, and the pass removes the discardable `par.*`
//! attributes (`par.space`, `par.config`, the module's `par.machine`): afterwards the module is plain
//! upstream MLIR. Precondition: the operands and results of the `par` ops are statically shaped
//! ranked tensors.
//!
//! ```mlir
//! "par.send"(%x) {peer = 1 : i64, tag = 7 : i64} : (tensor<2x4xf32>) -> ()
//! // becomes
//! %peer = arith.constant 1 : i64
//! %tag = arith.constant 7 : i64
//! call @__flexc_send_2x4xf32(%x, %peer, %tag) : (tensor<2x4xf32>, i64, i64) -> ()
//! // with
//! func.func private @__flexc_send_2x4xf32(%x: tensor<2x4xf32>, %peer: i64, %tag: i64) {
//!   %m = memref.alloc() : memref<2x4xf32>
//!   bufferization.materialize_in_destination %x in restrict writable %m : (tensor<2x4xf32>, memref<2x4xf32>) -> ()
//!   %u = memref.cast %m : memref<2x4xf32> to memref<*xf32>
//!   call @flexc_rt_send_f32(%u, %peer, %tag) : (memref<*xf32>, i64, i64) -> ()
//!   memref.dealloc %m : memref<2x4xf32>
//!   return
//! }
//! func.func private @flexc_rt_send_f32(memref<*xf32>, i64, i64) attributes {llvm.emit_c_interface}
//! ```

use crate::{emit_error, ir, op_name, PassId, PassInfo};
use flexc_dialects::names;
use melior::ir::{
    attribute::AttributeLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;
use std::collections::BTreeSet;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-lower-runtime",
    summary: "Lower par.send/recv/all_reduce to calls of the flexc runtime (flexc_rt_*) on memrefs",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
};

/// Element types the runtime moves; the reductions exist for [`REDUCIBLE`] only.
pub const ELEMENT_TYPES: &[&str] = &["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"];
pub const REDUCIBLE: &[&str] = &["i32", "i64", "f32", "f64"];
/// Reduction kinds of `par.all_reduce`.
pub const KINDS: &[&str] = &["sum", "max", "min"];

/// The three communication ops this pass lowers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comm {
    Send,
    Recv,
    AllReduce,
}

/// What replacing one op needs: its kind, tensor type and i64 arguments for the runtime.
struct Rewrite {
    op: MlirOperation,
    comm: Comm,
    tensor: MlirType,
    /// `peer, tag` or the group mask.
    integers: Vec<i64>,
    /// The runtime function called (`flexc_rt_send_f32`).
    runtime: String,
    /// The helper called in place of the op.
    helper: String,
}

fn run(module: OperationRef<'_, '_>, _options: &crate::Options) -> Result<(), ()> {
    let mut rewrites = Vec::new();
    let mut ok = true;
    module.walk(WalkOrder::PreOrder, |op| {
        let name = op_name(&op);
        if name.starts_with("par.") {
            match plan(&op, &name) {
                Ok(rewrite) => rewrites.push(rewrite),
                Err(message) => {
                    emit_error(op.location(), &message);
                    ok = false;
                }
            }
        }
        WalkResult::Advance
    });
    if !ok {
        return Err(());
    }
    let raw_module = module.to_raw();
    let context = unsafe { mlirOperationGetContext(raw_module) };
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(raw_module, 0)) };
    let mut declared = BTreeSet::new();
    for rewrite in &rewrites {
        if !declared.contains(&rewrite.helper) {
            // Parsed together so that the helper's call verifies against the declaration.
            let text = format!(
                "module {{\n{}\n{}\n}}",
                runtime_declaration(rewrite),
                helper(rewrite)
            );
            let parsed = unsafe {
                mlirOperationCreateParse(
                    context,
                    melior::StringRef::new(&text).to_raw(),
                    melior::StringRef::new("par-lower-runtime").to_raw(),
                )
            };
            // The text is ours: a parse failure is a flexc bug.
            assert!(
                !parsed.ptr.is_null(),
                "par-lower-runtime built unparsable IR:\n{text}"
            );
            for (name, function) in [&rewrite.runtime, &rewrite.helper]
                .into_iter()
                .zip(top_level_ops(parsed))
            {
                if declared.insert(name.clone()) {
                    unsafe {
                        mlirOperationRemoveFromParent(function);
                        mlirBlockAppendOwnedOperation(body, function);
                    }
                }
            }
            unsafe { mlirOperationDestroy(parsed) };
        }
        replace(context, rewrite);
    }
    strip_par_attributes(module);
    Ok(())
}

fn plan(op: &OperationRef<'_, '_>, name: &str) -> Result<Rewrite, String> {
    let raw = op.to_raw();
    let comm = match name {
        names::SEND => Comm::Send,
        names::RECV => Comm::Recv,
        names::ALL_REDUCE => Comm::AllReduce,
        _ => {
            return Err(format!(
                "par-lower-runtime cannot lower '{name}' (only {}, {} and {})",
                names::SEND,
                names::RECV,
                names::ALL_REDUCE
            ))
        }
    };
    let tensor = unsafe {
        if comm == Comm::Recv {
            mlirValueGetType(mlirOperationGetResult(raw, 0))
        } else {
            mlirValueGetType(mlirOperationGetOperand(raw, 0))
        }
    };
    let shape = ir::tensor_shape(tensor)
        .filter(ir::Shape::is_static)
        .ok_or_else(|| {
            format!(
                "'{name}' on {}: the runtime needs a statically shaped ranked tensor",
                ir::type_text(tensor)
            )
        })?;
    let element = shape.element.clone();
    if !ELEMENT_TYPES.contains(&element.as_str()) {
        return Err(format!(
            "'{name}' on {}: the runtime moves only {} elements",
            ir::type_text(tensor),
            ELEMENT_TYPES.join(", ")
        ));
    }
    let integer = |attribute: &str| -> Result<i64, String> {
        op.attribute(attribute)
            .ok()
            .and_then(|a| ir::integer(a.to_raw()))
            .ok_or_else(|| format!("'{name}' needs an integer '{attribute}' attribute"))
    };
    let mangled = mangle(&shape);
    let (integers, runtime, helper) = match comm {
        Comm::Send | Comm::Recv => {
            let verb = if comm == Comm::Send { "send" } else { "recv" };
            (
                vec![integer("peer")?, integer("tag")?],
                format!("flexc_rt_{verb}_{element}"),
                format!("__flexc_{verb}_{mangled}"),
            )
        }
        Comm::AllReduce => {
            let kind = op
                .attribute("kind")
                .ok()
                .map(|a| a.to_string().trim_matches('"').to_string())
                .unwrap_or_default();
            if !KINDS.contains(&kind.as_str()) {
                return Err(format!(
                    "'{name}' has kind '{kind}'; the runtime reduces with {}",
                    KINDS.join(", ")
                ));
            }
            if !REDUCIBLE.contains(&element.as_str()) {
                return Err(format!(
                    "'{name}' on {}: the runtime reduces only {} elements",
                    ir::type_text(tensor),
                    REDUCIBLE.join(", ")
                ));
            }
            let group = op
                .attribute("group")
                .ok()
                .and_then(|a| ir::i64_list(a.to_raw()))
                .ok_or_else(|| format!("'{name}' needs a 'group' array attribute"))?;
            let mut mask = 0i64;
            for device in group {
                if !(0..63).contains(&device) {
                    return Err(format!(
                        "'{name}' has device {device} in its group; the runtime takes device ids 0..62"
                    ));
                }
                mask |= 1 << device;
            }
            (
                vec![mask],
                format!("flexc_rt_all_reduce_{kind}_{element}"),
                format!("__flexc_all_reduce_{kind}_{mangled}"),
            )
        }
    };
    Ok(Rewrite {
        op: raw,
        comm,
        tensor,
        integers,
        runtime,
        helper,
    })
}

/// `2x4xf32` for `tensor<2x4xf32>`, `f32` for `tensor<f32>`.
fn mangle(shape: &ir::Shape) -> String {
    let mut text: String = shape
        .static_dims()
        .iter()
        .map(|d| format!("{d}x"))
        .collect();
    text.push_str(&shape.element);
    text
}

fn runtime_declaration(rewrite: &Rewrite) -> String {
    let element = ir::tensor_shape(rewrite.tensor)
        .map(|s| s.element)
        .unwrap_or_default();
    let integers = vec!["i64"; rewrite.integers.len()].join(", ");
    format!(
        "func.func private @{}(memref<*x{element}>, {integers}) attributes {{llvm.emit_c_interface}}",
        rewrite.runtime
    )
}

fn helper(rewrite: &Rewrite) -> String {
    let tensor = ir::type_text(rewrite.tensor);
    let memref = tensor.replacen("tensor<", "memref<", 1);
    let element = ir::tensor_shape(rewrite.tensor)
        .map(|s| s.element)
        .unwrap_or_default();
    let unranked = format!("memref<*x{element}>");
    let names: Vec<String> = (0..rewrite.integers.len())
        .map(|i| format!("%i{i}"))
        .collect();
    let parameters: String = names.iter().map(|n| format!(", {n}: i64")).collect();
    let call_arguments = names.join(", ");
    let i64s = vec!["i64"; names.len()].join(", ");
    let runtime = &rewrite.runtime;
    let call = format!(
        "  %u = memref.cast %m : {memref} to {unranked}\n  func.call @{runtime}(%u, {call_arguments}) : ({unranked}, {i64s}) -> ()\n"
    );
    let fill = format!(
        "  bufferization.materialize_in_destination %x in restrict writable %m : ({tensor}, {memref}) -> ()\n"
    );
    let helper = &rewrite.helper;
    match rewrite.comm {
        Comm::Send => format!(
            "func.func private @{helper}(%x: {tensor}{parameters}) {{\n  %m = memref.alloc() : {memref}\n{fill}{call}  memref.dealloc %m : {memref}\n  return\n}}"
        ),
        Comm::Recv => format!(
            "func.func private @{helper}({}) -> {tensor} {{\n  %m = memref.alloc() : {memref}\n{call}  %r = bufferization.to_tensor %m restrict writable : {memref} to {tensor}\n  return %r : {tensor}\n}}",
            parameters.trim_start_matches(", ")
        ),
        Comm::AllReduce => format!(
            "func.func private @{helper}(%x: {tensor}{parameters}) -> {tensor} {{\n  %m = memref.alloc() : {memref}\n{fill}{call}  %r = bufferization.to_tensor %m restrict writable : {memref} to {tensor}\n  return %r : {tensor}\n}}"
        ),
    }
}

fn top_level_ops(parent: MlirOperation) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0));
        let mut next = mlirBlockGetFirstOperation(block);
        while !next.ptr.is_null() {
            ops.push(next);
            next = mlirOperationGetNextInBlock(next);
        }
    }
    ops
}

/// Replaces the op by `arith.constant`s of its integers and a call of its helper.
fn replace(context: MlirContext, rewrite: &Rewrite) {
    let op = rewrite.op;
    unsafe {
        let location = mlirOperationGetLocation(op);
        let block = mlirOperationGetBlock(op);
        let i64_type = mlirIntegerTypeGet(context, 64);
        let mut operands = Vec::new();
        if rewrite.comm != Comm::Recv {
            operands.push(mlirOperationGetOperand(op, 0));
        }
        for &value in &rewrite.integers {
            let attribute = mlirIntegerAttrGet(i64_type, value);
            let constant = create(
                context,
                "arith.constant",
                location,
                &[],
                &[i64_type],
                &[("value", attribute)],
            );
            mlirBlockInsertOwnedOperationBefore(block, op, constant);
            operands.push(mlirOperationGetResult(constant, 0));
        }
        let results: Vec<MlirType> = if rewrite.comm == Comm::Send {
            vec![]
        } else {
            vec![rewrite.tensor]
        };
        let callee =
            mlirFlatSymbolRefAttrGet(context, melior::StringRef::new(&rewrite.helper).to_raw());
        let call = create(
            context,
            "func.call",
            location,
            &operands,
            &results,
            &[("callee", callee)],
        );
        mlirBlockInsertOwnedOperationBefore(block, op, call);
        if rewrite.comm != Comm::Send {
            mlirValueReplaceAllUsesOfWith(
                mlirOperationGetResult(op, 0),
                mlirOperationGetResult(call, 0),
            );
        }
        mlirOperationDestroy(op);
    }
}

unsafe fn create(
    context: MlirContext,
    name: &str,
    location: MlirLocation,
    operands: &[MlirValue],
    results: &[MlirType],
    attributes: &[(&str, MlirAttribute)],
) -> MlirOperation {
    let named: Vec<MlirNamedAttribute> = attributes
        .iter()
        .map(|(name, value)| unsafe {
            mlirNamedAttributeGet(
                mlirIdentifierGet(context, melior::StringRef::new(name).to_raw()),
                *value,
            )
        })
        .collect();
    let op = unsafe {
        let mut state = mlirOperationStateGet(melior::StringRef::new(name).to_raw(), location);
        mlirOperationStateAddOperands(&mut state, operands.len() as isize, operands.as_ptr());
        mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
        mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
        mlirOperationCreate(&mut state)
    };
    assert!(
        !op.ptr.is_null(),
        "par-lower-runtime could not build a {name} op"
    );
    op
}

/// Removes every discardable `par.*` attribute of every op (the module included).
fn strip_par_attributes(module: OperationRef<'_, '_>) {
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let count = unsafe { mlirOperationGetNumDiscardableAttributes(raw) };
        let names: Vec<String> = (0..count)
            .filter_map(|i| {
                let named = unsafe { mlirOperationGetDiscardableAttribute(raw, i) };
                let name = unsafe { melior::StringRef::from_raw(mlirIdentifierStr(named.name)) };
                let name = name.as_str().ok()?.to_string();
                name.starts_with("par.").then_some(name)
            })
            .collect();
        for name in names {
            unsafe {
                mlirOperationRemoveDiscardableAttributeByName(
                    raw,
                    melior::StringRef::new(&name).to_raw(),
                );
            }
        }
        WalkResult::Advance
    });
}
