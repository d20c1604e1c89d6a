//! `gpu-block-reductions`: the parallel scheme of the reduction family on the GPU. A bufferized
//! `linalg.generic` with one reduction dim of at least `min-reduced` elements, one f32 output and a
//! body that folds `combine(f(inputs), out)` with an associative, commutative `combine` (`addf`,
//! `mulf`, `maximumf`, `maxnumf`, `minimumf`, `minnumf`) becomes one `gpu.launch` in its place:
//! - one block per output element (the parallel dims, linearized, over the grid's x);
//! - `threads` threads per block striding the reduced dim (thread `t` takes `t, t + T, ...`,
//!   consecutive threads on consecutive elements when the reduced dim is contiguous): each folds its
//!   elements into a private accumulator by the op's own body (a 1-d `linalg.generic` over strided
//!   rank-reduced views, which keeps whatever elementwise producers fusion put into the body);
//! - `gpu.all_reduce` combines the partials across the block (MLIR lowers it to warp shuffles and a
//!   shared-memory tree), and thread 0 combines the total with the output's initial value.
//!
//! Other reductions (several reduced dims, non-associative bodies, short reduced dims) stay linalg
//! ops: one thread per output element with a sequential loop (the recipe's kernel mapping).
//!
//! Precondition: bufferized, on device memory (after `gpu-to-device`, whose library calls take the
//! contractions first, and the inlining of its helpers). Postcondition: every candidate is a
//! `gpu.launch` whose partial `linalg.generic` holds the op's own body.
//!
//! Mechanics: the launch is written as the text of a function with a placeholder body, parsed,
//! and inlined in place of the op as MLIR's inliner would (its ops moved before the op, its
//! arguments replaced by the op's operands, locations stacked on the op's); then the op's own
//! region moves into the placeholder, so values the body captures from its function stay valid.
//!
//! ```mlir
//! gpu.launch blocks(%bx, %by, %bz) in (%gx = %cb, ...) threads(%tx, %ty, %tz) in (%sx = %ct, ...) {
//!   %v0 = memref.subview %m0[%p0, %tx] [1, %n] [1, 256] : memref<4x1024xf32> to memref<?xf32, strided<[256], offset: ?>>
//!   linalg.generic {...iterator_types = ["reduction"]} ins(%v0 : ...) outs(%acc : memref<f32>) { the op's body }
//!   %total = gpu.all_reduce add %part uniform {} : (f32) -> (f32)
//!   ...
//! }
//! ```

use crate::ir::{attribute_text, linalg_indexing_maps, op_name, reads_loop_indices, type_text};
use crate::{emit_error_at, OptionKind, Options, PassId, PassInfo, PassOption};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use mlir_sys::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "gpu-block-reductions",
    summary: "GPU target: long single-dim f32 reductions → one gpu.launch each (a block per output, gpu.all_reduce)",
    options: &[
        PassOption {
            name: "threads",
            help: "threads per block, striding the reduced dim",
            default: "256",
            kind: OptionKind::Unsigned,
        },
        PassOption {
            name: "min-reduced",
            help: "shorter reduced dims keep one thread per output",
            default: "64",
            kind: OptionKind::Unsigned,
        },
    ],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__arith__,
        mlirGetDialectHandle__gpu__,
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__memref__,
        mlirGetDialectHandle__scf__,
    ],
};

/// The pass's options, parsed once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Threads per block of a block reduction.
    pub threads: i64,
    /// Reduced dims shorter than this keep the one-thread-per-output scheme.
    pub min_reduced: i64,
}

impl Settings {
    fn parse(options: &Options) -> Settings {
        let value = |name| i64::try_from(options.unsigned(name)).unwrap_or(i64::MAX);
        Settings {
            // Zero threads would launch empty blocks: at least one.
            threads: value("threads").max(1),
            min_reduced: value("min-reduced"),
        }
    }
}

/// The attribute that marks the placeholder body of a helper while it is inlined.
const SLOT: &str = "flexc.reduction_body";

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
fn plan(op: MlirOperation, settings: Settings) -> Option<Plan> {
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
        elements.push(crate::ir::type_text(element));
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
    if loops[reduced] < settings.min_reduced {
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
    let combining = crate::ir::defining_op(yielded)?;
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

/// The helper function of a plan (module doc), its placeholder marked [`SLOT`].
fn helper(plan: &Plan, threads: i64) -> String {
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
        "func.func private @__flexc_reduce({}) {{\n",
        parameters.join(", ")
    ));
    text.push_str(&format!(
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %ct = arith.constant {threads} : index\n  %cb = arith.constant {blocks} : index\n  %cr = arith.constant {} : index\n  %id = arith.constant {} : f32\n",
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
                    threads.to_string()
                } else {
                    "1".into()
                }
            })
            .collect();
        let view = match position {
            Some(p) => {
                let stride = strides[p].map_or("?".to_string(), |s| (s * threads).to_string());
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
        "    linalg.generic {{indexing_maps = [{}], iterator_types = [\"reduction\"], {SLOT}}} ins({} : {}) outs(%acc : memref<f32>) {{\n    ^bb0({}, %out: f32):\n      linalg.yield %out : f32\n    }}\n",
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

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    let settings = Settings::parse(options);
    // Chosen first: each rewrite moves the op's body away.
    let mut candidates = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        if op_name(raw) == "linalg.generic" {
            if let Some(plan) = plan(raw, settings) {
                candidates.push((raw, plan));
            }
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    for (op, plan) in candidates {
        let text = helper(&plan, settings.threads);
        if let Err(message) = rewrite(op, &text) {
            emit_error_at(op, &format!("{message} (a flexc bug)"));
            return Err(());
        }
    }
    Ok(())
}

/// Replaces `op` by the body of the helper function `text` (its parameters `op`'s operands), the
/// op's own body moved into the helper's placeholder.
fn rewrite(op: MlirOperation, text: &str) -> Result<(), String> {
    unsafe {
        let context = mlirOperationGetContext(op);
        let wrapped = format!("module {{\n{text}\n}}");
        let parsed = mlirOperationCreateParse(
            context,
            melior::StringRef::new(&wrapped).to_raw(),
            melior::StringRef::new("flexc-gpu-block-reduction").to_raw(),
        );
        if parsed.ptr.is_null() {
            return Err(format!(
                "gpu-block-reductions built a helper that does not parse:\n{text}"
            ));
        }
        let result = inline_helper(op, parsed);
        mlirOperationDestroy(parsed);
        result
    }
}

/// [`rewrite`] with the parsed module holding the helper.
unsafe fn inline_helper(op: MlirOperation, parsed: MlirOperation) -> Result<(), String> {
    unsafe {
        let function =
            mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(parsed, 0)));
        let body = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
        let count = mlirOperationGetNumOperands(op);
        if mlirBlockGetNumArguments(body) != count {
            return Err("a block reduction's helper does not take the op's operands".into());
        }
        for i in 0..count {
            mlirValueReplaceAllUsesOfWith(
                mlirBlockGetArgument(body, i),
                mlirOperationGetOperand(op, i),
            );
        }
        // As MLIR's inliner places a callee's ops: before the call, at callsite locations.
        let caller = mlirOperationGetLocation(op);
        let stack = !mlirLocationEqual(caller, mlirLocationUnknownGet(mlirOperationGetContext(op)));
        let block = mlirOperationGetBlock(op);
        let mut placeholder = None;
        let mut child = mlirBlockGetFirstOperation(body);
        while !child.ptr.is_null() {
            let next = mlirOperationGetNextInBlock(child);
            if op_name(child) != "func.return" {
                mlirOperationRemoveFromParent(child);
                mlirBlockInsertOwnedOperationBefore(block, op, child);
                OperationRef::from_raw(child).walk(WalkOrder::PreOrder, |inner| {
                    let raw = inner.to_raw();
                    if stack {
                        at_callsite(raw, caller);
                    }
                    let slot = mlirOperationGetDiscardableAttributeByName(
                        raw,
                        melior::StringRef::new(SLOT).to_raw(),
                    );
                    if !slot.ptr.is_null() {
                        placeholder = Some(raw);
                    }
                    WalkResult::Advance
                });
            }
            child = next;
        }
        let Some(placeholder) = placeholder else {
            return Err("a block reduction's helper has no placeholder".into());
        };
        mlirRegionTakeBody(
            mlirOperationGetRegion(placeholder, 0),
            mlirOperationGetRegion(op, 0),
        );
        mlirOperationRemoveDiscardableAttributeByName(
            placeholder,
            melior::StringRef::new(SLOT).to_raw(),
        );
        mlirOperationDestroy(op);
    }
    Ok(())
}

/// `op`'s location (and its regions' block arguments') as called from `caller`.
unsafe fn at_callsite(op: MlirOperation, caller: MlirLocation) {
    unsafe {
        mlirOperationSetLocation(
            op,
            mlirLocationCallSiteGet(mlirOperationGetLocation(op), caller),
        );
        for r in 0..mlirOperationGetNumRegions(op) {
            let mut block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
            while !block.ptr.is_null() {
                for a in 0..mlirBlockGetNumArguments(block) {
                    let argument = mlirBlockGetArgument(block, a);
                    mlirBlockArgumentSetLocation(
                        argument,
                        mlirLocationCallSiteGet(mlirValueGetLocation(argument), caller),
                    );
                }
                block = mlirBlockGetNextInRegion(block);
            }
        }
    }
}
