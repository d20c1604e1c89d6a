//! Block reductions: the parallel scheme of the reduction family. A bufferized `linalg.generic` with
//! one reduction dim of at least [`MIN_REDUCED`] elements, one f32 output and a body that folds
//! `combine(f(inputs), out)` with an associative, commutative `combine` (`addf`, `mulf`, `maximumf`,
//! `maxnumf`, `minimumf`, `minnumf`) becomes one `gpu.launch`:
//! - one block per output element (the parallel dims, linearized, over the grid's x);
//! - [`THREADS`] threads per block striding the reduced dim (thread `t` takes `t, t + T, ...`,
//!   consecutive threads on consecutive elements when the reduced dim is contiguous): each folds its
//!   elements into a private accumulator by the op's own body (a 1-d `linalg.generic` over strided
//!   rank-reduced views, which keeps whatever elementwise producers fusion put into the body);
//! - `gpu.all_reduce` combines the partials across the block (MLIR lowers it to warp shuffles and a
//!   shared-memory tree), and thread 0 combines the total with the output's initial value.
//!
//! Other reductions (several reduced dims, non-associative bodies, short reduced dims) stay one
//! thread per output element with a sequential loop (the default mapping in `gpu.rs`).
//!
//! Mechanics: the launch is a helper function written as text with a placeholder body; the helper is
//! called in place of the op, inlined, and then the op's own region is moved into the placeholder
//! ([`fill_bodies`]), so values the body captures from its function stay valid.

use flexc_passes::ir::{attribute_text, linalg_indexing_maps, op_name, type_text};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;

/// Threads per block of a block reduction.
pub const THREADS: i64 = 256;

/// Reduced dims shorter than this keep the one-thread-per-output scheme.
pub const MIN_REDUCED: i64 = 64;

/// The attribute that marks a placeholder body, valued with the index of its original op.
const SLOT: &str = "flexc.reduction_body";

/// A reduction to rewrite: the helper's name and text, and the original op (detached until its
/// body moves into the helper's placeholder).
pub struct Pending {
    pub original: MlirOperation,
}

/// What a combining op is to `gpu.all_reduce`: its kind and identity.
fn combiner(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name {
        "arith.addf" => ("add", "0.0"),
        "arith.mulf" => ("mul", "1.0"),
        "arith.maximumf" => ("maximumf", "0xFF800000"),
        "arith.maxnumf" => ("maxnumf", "0xFF800000"),
        "arith.minimumf" => ("minimumf", "0x7F800000"),
        "arith.minnumf" => ("minnumf", "0x7F800000"),
        _ => return None,
    })
}

/// The ops of the first block of `op`'s first region.
fn body_ops(op: MlirOperation) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    unsafe {
        let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
        let mut child = mlirBlockGetFirstOperation(block);
        while !child.ptr.is_null() {
            ops.push(child);
            child = mlirOperationGetNextInBlock(child);
        }
    }
    ops
}

/// Number of uses of `value`.
fn uses(value: MlirValue) -> usize {
    let mut count = 0;
    unsafe {
        let mut operand = mlirValueGetFirstUse(value);
        while !operand.ptr.is_null() {
            count += 1;
            operand = mlirOpOperandGetNextUse(operand);
        }
    }
    count
}

/// Static shape and strides of a memref type (`None` when dynamically shaped).
fn shape_and_strides(ty: MlirType) -> Option<(Vec<i64>, Vec<Option<i64>>)> {
    unsafe {
        if !mlirTypeIsAMemRef(ty) || !mlirShapedTypeHasStaticShape(ty) {
            return None;
        }
        let rank = mlirShapedTypeGetRank(ty) as usize;
        let shape: Vec<i64> = (0..rank)
            .map(|i| mlirShapedTypeGetDimSize(ty, i as isize))
            .collect();
        let mut strides = vec![0i64; rank];
        let mut offset = 0i64;
        if mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset).value == 0 {
            return None;
        }
        let dynamic = mlirShapedTypeGetDynamicStrideOrOffset();
        Some((
            shape,
            strides
                .into_iter()
                .map(|s| (s != dynamic).then_some(s))
                .collect(),
        ))
    }
}

/// An operand of a candidate.
struct Operand {
    /// Type text.
    ty: String,
    shape: Vec<i64>,
    /// Static strides (`None`: dynamic).
    strides: Vec<Option<i64>>,
    /// The loop dim of each of its dims.
    dims: Vec<usize>,
}

/// The plan of one candidate: what the helper text needs.
struct Plan {
    /// Inputs then the output.
    operands: Vec<Operand>,
    /// Element type text of each input.
    elements: Vec<String>,
    /// Size of every loop dim.
    loops: Vec<i64>,
    reduced: usize,
    kind: &'static str,
    identity: &'static str,
    combine: String,
}

/// The plan of `op` when it is a block-reduction candidate (module doc).
/// Whether a `linalg.generic`'s body uses `linalg.index`.
fn reads_loop_indices(op: MlirOperation) -> bool {
    let mut found = false;
    unsafe { melior::ir::OperationRef::from_raw(op) }.walk(
        melior::ir::operation::WalkOrder::PreOrder,
        |inner| {
            if op_name(inner.to_raw()) == "linalg.index" {
                found = true;
                return melior::ir::operation::WalkResult::Interrupt;
            }
            melior::ir::operation::WalkResult::Advance
        },
    );
    found
}

fn plan(op: MlirOperation) -> Option<Plan> {
    if op_name(op) != "linalg.generic" || unsafe { mlirOperationGetNumResults(op) } != 0 {
        return None;
    }
    // A body reading its loop indices (`linalg.index`) cannot move into the block reduction's
    // one-loop partial op: it stays a one-thread-per-output kernel.
    if reads_loop_indices(op) {
        return None;
    }
    let iterators = unsafe {
        mlirOperationGetAttributeByName(op, melior::StringRef::new("iterator_types").to_raw())
    };
    let iterators = attribute_text(iterators);
    let kinds: Vec<bool> = iterators
        .split(',')
        .map(|kind| kind.contains("reduction"))
        .collect();
    if kinds.iter().filter(|&&r| r).count() != 1 {
        return None;
    }
    let reduced = kinds.iter().position(|&r| r)?;
    let maps = linalg_indexing_maps(op)?;
    let count = unsafe { mlirOperationGetNumOperands(op) } as usize;
    if maps.len() != count || count < 2 {
        return None;
    }
    let mut operands = Vec::new();
    let mut elements = Vec::new();
    let mut loops = vec![0i64; kinds.len()];
    for (index, (dims, results)) in maps.iter().enumerate() {
        if *dims != kinds.len() {
            return None;
        }
        let value = unsafe { mlirOperationGetOperand(op, index as isize) };
        let ty = unsafe { mlirValueGetType(value) };
        let (shape, strides) = shape_and_strides(ty)?;
        let dims: Vec<usize> = results
            .iter()
            .map(|r| r.single_dim())
            .collect::<Option<_>>()?;
        if dims.iter().filter(|&&d| d == reduced).count() > 1 || dims.len() != shape.len() {
            return None;
        }
        for (&dim, &size) in dims.iter().zip(&shape) {
            loops[dim] = size;
        }
        let element = unsafe { mlirShapedTypeGetElementType(ty) };
        elements.push(flexc_passes::ir::type_text(element));
        operands.push(Operand {
            ty: type_text(ty),
            shape,
            strides,
            dims,
        });
    }
    let output = operands.last()?;
    if output.dims.contains(&reduced) || elements.last()? != "f32" || loops.contains(&0) {
        return None;
    }
    if loops[reduced] < MIN_REDUCED {
        return None;
    }
    elements.pop();
    // The body: yield combine(x, out) with `out` used there only.
    let body = body_ops(op);
    let yield_op = *body.last()?;
    if op_name(yield_op) != "linalg.yield" || unsafe { mlirOperationGetNumOperands(yield_op) } != 1
    {
        return None;
    }
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) };
    let out = unsafe { mlirBlockGetArgument(block, mlirBlockGetNumArguments(block) - 1) };
    let yielded = unsafe { mlirOperationGetOperand(yield_op, 0) };
    let combining = flexc_passes::ir::defining_op(yielded)?;
    let name = op_name(combining);
    let (kind, identity) = combiner(&name)?;
    let operands_of_combine: Vec<MlirValue> = (0..2)
        .map(|i| unsafe { mlirOperationGetOperand(combining, i) })
        .collect();
    if !operands_of_combine
        .iter()
        .any(|&v| unsafe { mlirValueEqual(v, out) })
        || uses(out) != 1
    {
        return None;
    }
    Some(Plan {
        operands,
        elements,
        loops,
        reduced,
        kind,
        identity,
        combine: name,
    })
}

/// The helper function of a plan (module doc), named `name`, its placeholder marked `slot`.
fn helper(plan: &Plan, name: &str, slot: usize) -> String {
    let parallel: Vec<usize> = (0..plan.loops.len())
        .filter(|&d| d != plan.reduced)
        .collect();
    let blocks: i64 = parallel.iter().map(|&d| plan.loops[d]).product();
    let mut text = String::new();
    let parameters: Vec<String> = plan
        .operands
        .iter()
        .enumerate()
        .map(|(i, operand)| format!("%m{i}: {}", operand.ty))
        .collect();
    text.push_str(&format!(
        "func.func private @{name}({}) {{\n",
        parameters.join(", ")
    ));
    text.push_str(&format!(
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %ct = arith.constant {THREADS} : index\n  %cb = arith.constant {blocks} : index\n  %cr = arith.constant {} : index\n  %id = arith.constant {} : f32\n",
        plan.loops[plan.reduced], plan.identity
    ));
    text.push_str("  gpu.launch blocks(%bx, %by, %bz) in (%gx = %cb, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %ct, %sy = %c1, %sz = %c1) {\n");
    // The block's parallel indices, innermost dim fastest.
    let mut rest = "%bx".to_string();
    for &dim in parallel.iter().rev() {
        text.push_str(&format!(
            "    %s{dim} = arith.constant {} : index\n    %p{dim} = arith.remui {rest}, %s{dim} : index\n    %q{dim} = arith.divui {rest}, %s{dim} : index\n",
            plan.loops[dim]
        ));
        rest = format!("%q{dim}");
    }
    text.push_str("    %left = arith.subi %cr, %tx : index\n    %left0 = arith.maxsi %left, %c0 : index\n    %n = arith.ceildivsi %left0, %ct : index\n");
    let inputs = plan.operands.len() - 1;
    let mut views = Vec::new();
    let mut maps = Vec::new();
    for (i, operand) in plan.operands[..inputs].iter().enumerate() {
        let Operand {
            ty,
            shape,
            strides,
            dims,
        } = operand;
        let element = &plan.elements[i];
        let position = dims.iter().position(|&d| d == plan.reduced);
        if shape.is_empty() {
            views.push((format!("%m{i}"), ty.clone()));
            maps.push("affine_map<(d0) -> ()>".to_string());
            continue;
        }
        let offsets: Vec<String> = dims
            .iter()
            .map(|&d| {
                if d == plan.reduced {
                    "%tx".into()
                } else {
                    format!("%p{d}")
                }
            })
            .collect();
        let sizes: Vec<String> = dims
            .iter()
            .map(|&d| {
                if d == plan.reduced {
                    "%n".into()
                } else {
                    "1".into()
                }
            })
            .collect();
        let steps: Vec<String> = dims
            .iter()
            .map(|&d| {
                if d == plan.reduced {
                    THREADS.to_string()
                } else {
                    "1".into()
                }
            })
            .collect();
        let view = match position {
            Some(p) => {
                let stride = strides[p].map_or("?".to_string(), |s| (s * THREADS).to_string());
                format!("memref<?x{element}, strided<[{stride}], offset: ?>>")
            }
            None => format!("memref<{element}, strided<[], offset: ?>>"),
        };
        text.push_str(&format!(
            "    %v{i} = memref.subview %m{i}[{}] [{}] [{}] : {ty} to {view}\n",
            offsets.join(", "),
            sizes.join(", "),
            steps.join(", ")
        ));
        views.push((format!("%v{i}"), view));
        maps.push(
            if position.is_some() {
                "affine_map<(d0) -> (d0)>"
            } else {
                "affine_map<(d0) -> ()>"
            }
            .to_string(),
        );
    }
    maps.push("affine_map<(d0) -> ()>".into());
    text.push_str(
        "    %acc = memref.alloca() : memref<f32>\n    memref.store %id, %acc[] : memref<f32>\n",
    );
    let names: Vec<&str> = views.iter().map(|(n, _)| n.as_str()).collect();
    let types: Vec<&str> = views.iter().map(|(_, t)| t.as_str()).collect();
    let arguments: Vec<String> = plan
        .elements
        .iter()
        .enumerate()
        .map(|(i, e)| format!("%a{i}: {e}"))
        .collect();
    text.push_str(&format!(
        "    linalg.generic {{indexing_maps = [{}], iterator_types = [\"reduction\"], {SLOT} = {slot} : i64}} ins({} : {}) outs(%acc : memref<f32>) {{\n    ^bb0({}, %out: f32):\n      linalg.yield %out : f32\n    }}\n",
        maps.join(", "),
        names.join(", "),
        types.join(", "),
        arguments.join(", ")
    ));
    let output_ty = &plan.operands[inputs].ty;
    let output_dims = &plan.operands[inputs].dims;
    let indices: Vec<String> = output_dims.iter().map(|d| format!("%p{d}")).collect();
    text.push_str(&format!(
        "    %part = memref.load %acc[] : memref<f32>\n    %total = gpu.all_reduce {} %part uniform {{}} : (f32) -> (f32)\n    %first = arith.cmpi eq, %tx, %c0 : index\n    scf.if %first {{\n      %old = memref.load %m{inputs}[{}] : {output_ty}\n      %new = {} %total, %old : f32\n      memref.store %new, %m{inputs}[{}] : {output_ty}\n    }}\n    gpu.terminator\n  }}\n  return\n}}",
        plan.kind,
        indices.join(", "),
        plan.combine,
        indices.join(", ")
    ));
    text
}

/// Replaces every candidate by a call of its block-reduction helper (added to `helpers`); the
/// originals are detached and returned, for [`fill_bodies`] after inlining.
pub fn plan_all(
    module: &Module,
    mut add_helper: impl FnMut(String, String) -> String,
) -> Vec<Pending> {
    let mut candidates = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        if op_name(raw) == "linalg.generic" {
            if let Some(plan) = plan(raw) {
                candidates.push((raw, plan));
            }
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    let mut pending = Vec::new();
    for (op, plan) in candidates {
        let slot = pending.len();
        let name = format!("__flexc_reduce_{slot}");
        let text = helper(&plan, &name, slot);
        // Each helper has its own slot, so none is shared.
        let callee = add_helper(name, text);
        super::rewrite::insert_call(op, &callee);
        unsafe { mlirOperationRemoveFromParent(op) };
        pending.push(Pending { original: op });
    }
    pending
}

/// Moves each original body into its placeholder (after the helpers were inlined), and frees the
/// originals. Returns an error naming a placeholder that did not survive inlining (a flexc bug).
pub fn fill_bodies(module: &Module, pending: Vec<Pending>) -> Result<(), String> {
    let mut slots = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let value = unsafe {
            mlirOperationGetDiscardableAttributeByName(raw, melior::StringRef::new(SLOT).to_raw())
        };
        if !value.ptr.is_null() {
            slots.push((raw, flexc_passes::ir::integer(value).unwrap_or(-1)));
        }
        WalkResult::Advance
    });
    let mut filled = vec![false; pending.len()];
    for (placeholder, slot) in slots {
        let Some(original) = usize::try_from(slot).ok().and_then(|s| pending.get(s)) else {
            return Err(format!("a block reduction has an unknown slot {slot}"));
        };
        let slot = slot as usize;
        if filled[slot] {
            return Err(format!("block reduction {slot} was inlined twice"));
        }
        unsafe {
            let target = mlirOperationGetRegion(placeholder, 0);
            let source = mlirOperationGetRegion(original.original, 0);
            mlirRegionTakeBody(target, source);
            mlirOperationRemoveDiscardableAttributeByName(
                placeholder,
                melior::StringRef::new(SLOT).to_raw(),
            );
        }
        filled[slot] = true;
    }
    for (slot, original) in pending.into_iter().enumerate() {
        unsafe { mlirOperationDestroy(original.original) };
        if !filled[slot] {
            return Err(format!("block reduction {slot} was not inlined"));
        }
    }
    Ok(())
}
