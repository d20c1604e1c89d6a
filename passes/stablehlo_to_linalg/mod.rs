//! `stablehlo-to-linalg`: lowers StableHLO/CHLO ops in generic form (JAX and torch-mlir exports, parsed
//! with unregistered dialects allowed; MLIR 22 has no StableHLO dialect) to `linalg`, `tensor`, `arith`
//! and `math` ops on tensors, so that the module can be materialized per device and executed.
//!
//! **How.** Every op is written as the text of a small function (`%a0, %a1, ...` its operands), parsed
//! in the module's context, and spliced in place of the op: the function's body moves before the op,
//! its arguments are replaced by the op's operands, the op's results by the returned values, and every
//! moved op takes the original op's location (diagnostics of later passes point at the source line).
//! `stablehlo.constant` becomes `arith.constant` with the same value attribute (weights are not
//! printed). Ops are lowered at the top level of function bodies; the bodies of `reduce`,
//! `reduce_window` and `scatter` (StableHLO ops on rank-0 tensors) become the scalar body of the
//! `linalg.generic` that replaces them. `func.call`/`func.return` are left as they are.
//!
//! **One main op per StableHLO op, with the importer's loops.** Wherever the op's semantics allow, the
//! replacing op is one `linalg.generic` built from the op's [`OpModel`] (`stablehlo::model`): same loops
//! in the same order, the model's accesses as indexing maps. A strategy annotated on the StableHLO op
//! (`par.config`, `par.space`, `flexc.profile_op`) therefore moves to that op unchanged and keeps its
//! meaning: a `.par.mlir` searched on the StableHLO graph materializes and runs as searched. The
//! auxiliary ops around it (`tensor.empty`, fills of constants, the broadcast of a reduction's init
//! value, the padding of a convolution's input) read replicated values and get no configuration
//! (every device computes them), or, when they may read a value that the strategy partitions (a
//! graph op's result, a call's — the callee is inlined before materializing —, an argument of a
//! private function, or anything computed from those), get one derived from the main op's: an
//! auxiliary op that feeds the main op or reads its result **follows its split** along the dims the
//! main op reads or writes by one of its loops (a convolution's or pooling's pad: the batch and
//! the channels, not the padded, windowed dims), each task on the device of the main op's task that
//! reads that part (so a data-parallel convolution pads its own samples, with no transfer), and
//! runs whole on the main op's first device along every other dim (`#par.config<[1, ...], [d]>`
//! when it follows none); a replicated main op has replicated auxiliary ops. Correct, not searched,
//! and visible to the simulator only if the lowered module is re-imported. Where the main op's loops
//! differ from the model (a convolution with `lhs_dilation`, a reshape that is neither a pure split
//! nor a pure merge), it gets the one-device configuration too, and its auxiliary ops run whole.
//!
//! | StableHLO / CHLO | lowered to |
//! |---|---|
//! | elementwise (`add ... clamp`, `compare`, `select`, `convert`, CHLO unary ops, `chlo.broadcast_*`) | `linalg.generic` with the model's maps (rank-0 operands broadcast), `arith`/`math` body |
//! | `broadcast_in_dim`, `transpose`, `reverse`, `slice` | `linalg.generic` copying through the model's maps (a split `reverse`: the reversal an auxiliary op, the main op a plain copy of it, since par-materialize cannot slice a reversed dim) |
//! | `reshape` | `tensor.expand_shape` / `collapse_shape` (pure split / merge), else a linearized `linalg.generic`, else collapse + expand |
//! | `iota` | `linalg.generic` of `linalg.index` |
//! | `dot_general`, `dot` | `linalg.generic` multiply-add over the model's loops, init `linalg.fill` 0 |
//! | `convolution` | `tensor.pad` of the input (padding, `lhs_dilation` as interior padding), `linalg.generic` multiply-add |
//! | `reduce` | `linalg.generic` (reduced dims `reduction`) with the reducer as body, init broadcast |
//! | `reduce_window` | `tensor.pad` with the init value, `linalg.generic` with a window-shaped operand |
//! | `pad` | `tensor.pad` (negative edges: `tensor.extract_slice` first); interior padding: a `linalg.generic` writing into a fill |
//! | `concatenate` | `tensor.concat` |
//! | `dynamic_slice` with constant indices | `tensor.extract_slice` (indices clamped as StableHLO does) |
//! | `gather` | one-hot `linalg.generic`: a reduction loop over every indexed table position, adding the element whose (clamped) index matches |
//! | `scatter` | `linalg.generic` over the updates and the indexed positions, applying the update body where the index matches (out-of-bounds updates skipped) |
//! | `select_and_scatter` | argmax `linalg.generic` per window, then a `linalg.generic` adding the source at the selected position (whole on the first device when split: it writes strided windows of its result) |
//! | `chlo.top_k` | three `linalg.generic`s over integer keys in XLA's total order (ties to the lower index): each element's rank in its row (a pass over the row per element, auxiliary, split as the tokens), the main op over the model's loops (tokens, rank `j`, the row) summing the index of rank `j` (a split row combines by a sum), the values gathered at those indices (auxiliary, split as the tokens and the rank) |
//! | `constant` | `arith.constant` |
//!
//! Anything else (control flow, custom calls, random numbers, complex numbers, unsigned integers, dynamic
//! shapes) is an error at the op naming it, and the module is left unchanged.
//!
//! Precondition: static shapes. Postcondition: no `stablehlo.*`/`chlo.*` op is left.
//!
//! ```mlir
//! %0 = "stablehlo.add"(%x, %y) {par.config = #par.config<array<i64: 2>, array<i64: 0, 1>>}
//!        : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
//! // becomes
//! %e = tensor.empty() : tensor<8xf32>
//! %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
//!        ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
//!        attrs = {par.config = #par.config<array<i64: 2>, array<i64: 0, 1>>} {
//!   ^bb0(%a: f32, %b: f32, %o: f32):
//!     %s = arith.addf %a, %b : f32
//!     linalg.yield %s : f32
//! } -> tensor<8xf32>
//! ```

use crate::{
    emit_error,
    family::stablehlo::{self, ConvDims},
    ir,
    op_model::OpModel,
    PassId, PassInfo,
};
use flexc_core::{AffineDim, Config, DeviceId};
use flexc_dialects::ConfigAttr;
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef, TypeLike, ValueLike,
};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

mod emit;
mod lowering;
mod scalar;

use emit::*;
use scalar::*;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "stablehlo-to-linalg",
    summary: "Lower StableHLO/CHLO (generic form) to linalg, tensor, arith and math, keeping par annotations",
    options: &[],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[
        mlirGetDialectHandle__linalg__,
        mlirGetDialectHandle__tensor__,
        mlirGetDialectHandle__arith__,
        mlirGetDialectHandle__math__,
    ],
};

/// Attributes that carry a strategy or a measurement mark over to the main op.
const CARRIED: &[&str] = &["par.config", "par.space", "par.stage", "flexc.profile_op"];

/// Whether `name` is a StableHLO or CHLO op.
pub fn is_stablehlo(name: &str) -> bool {
    name.starts_with("stablehlo.") || name.starts_with("chlo.")
}

/// Whether the module holds any StableHLO or CHLO op.
pub fn contains_stablehlo(module: OperationRef<'_, '_>) -> bool {
    let mut found = false;
    module.walk(WalkOrder::PreOrder, |op| {
        if is_stablehlo(&crate::op_name(&op)) {
            found = true;
            return WalkResult::Interrupt;
        }
        WalkResult::Advance
    });
    found
}

/// How one op is replaced.
enum Lowered {
    /// `arith.constant` with the op's `value`.
    Constant,
    /// The text of a function whose body replaces the op.
    Text(String),
}

fn run(module: OperationRef<'_, '_>, _options: &crate::Options) -> Result<(), ()> {
    let mut targets = Vec::new();
    module.walk(WalkOrder::PreOrder, |op| {
        if is_stablehlo(&crate::op_name(&op)) {
            targets.push(op.to_raw());
            return WalkResult::Skip;
        }
        WalkResult::Advance
    });
    // Every op is translated before the module changes: an error leaves it untouched.
    let mut plans = Vec::with_capacity(targets.len());
    let mut ok = true;
    for &raw in &targets {
        let op = unsafe { OperationRef::from_raw(raw) };
        match lower(&op) {
            Ok(plan) => plans.push((raw, plan)),
            Err(message) => {
                emit_error(op.location(), &message);
                ok = false;
            }
        }
    }
    if !ok {
        return Err(());
    }
    for (raw, plan) in plans {
        let op = unsafe { OperationRef::from_raw(raw) };
        let spliced = match plan {
            Lowered::Constant => replace_constant(raw),
            Lowered::Text(text) => splice(raw, &text),
        };
        if let Err(message) = spliced {
            emit_error(op.location(), &message);
            return Err(());
        }
    }
    Ok(())
}

/// Replaces `stablehlo.constant` by `arith.constant` with the same value.
fn replace_constant(op: MlirOperation) -> Result<(), String> {
    let value = unsafe { mlirOperationGetAttributeByName(op, string_ref("value")) };
    if value.ptr.is_null() {
        return Err("'stablehlo.constant' has no value".into());
    }
    let result = unsafe { mlirOperationGetResult(op, 0) };
    let constant = ir::create_op(
        unsafe { mlirOperationGetContext(op) },
        "arith.constant",
        unsafe { mlirOperationGetLocation(op) },
        &[],
        &[unsafe { mlirValueGetType(result) }],
        &[("value", value)],
    );
    unsafe {
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, constant);
        mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(constant, 0));
        mlirOperationDestroy(op);
    }
    Ok(())
}

fn string_ref(text: &str) -> MlirStringRef {
    MlirStringRef {
        data: text.as_ptr() as *const _,
        length: text.len(),
    }
}

/// Parses `text` (one function) and moves its body in place of `op`.
fn splice(op: MlirOperation, text: &str) -> Result<(), String> {
    crate::ir::splice_function(op, text, "op", |_| Ok(()))
}

// ----- text of the replacement -------------------------------------------------------------------

/// An SSA value of the text: name, tensor type, shape and element type.
#[derive(Clone)]
struct Value {
    name: String,
    ty: String,
    shape: Vec<u64>,
    elem: String,
}

/// An operand of a `linalg.generic` with its indexing map.
struct Access {
    value: Value,
    map: Vec<AffineDim>,
}

fn access(value: &Value, map: Vec<AffineDim>) -> Access {
    Access {
        value: value.clone(),
        map,
    }
}

fn identity(rank: usize) -> Vec<AffineDim> {
    (0..rank).map(AffineDim::dim).collect()
}

fn tensor_type(shape: &[u64], elem: &str) -> String {
    let mut text = String::from("tensor<");
    for d in shape {
        text.push_str(&format!("{d}x"));
    }
    text.push_str(elem);
    text.push('>');
    text
}

fn int_list(values: &[i64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `sum(c * d_k) + offset` as an affine expression.
fn expr_text(sum: &AffineDim) -> String {
    let mut text = String::new();
    for &(k, c) in &sum.terms {
        if !text.is_empty() {
            text.push_str(" + ");
        }
        if c == 1 {
            text.push_str(&format!("d{k}"));
        } else {
            text.push_str(&format!("d{k} * {c}"));
        }
    }
    match (text.is_empty(), sum.offset) {
        (true, o) => text = o.to_string(),
        (false, 0) => {}
        (false, o) if o > 0 => text.push_str(&format!(" + {o}")),
        (false, o) => text.push_str(&format!(" - {}", o.unsigned_abs())),
    }
    text
}

fn map_text(loops: usize, results: &[AffineDim]) -> String {
    let dims: Vec<String> = (0..loops).map(|k| format!("d{k}")).collect();
    let exprs: Vec<String> = results.iter().map(expr_text).collect();
    format!(
        "affine_map<({}) -> ({})>",
        dims.join(", "),
        exprs.join(", ")
    )
}

fn is_float(elem: &str) -> bool {
    elem.starts_with('f') || elem == "bf16" || elem == "tf32"
}

fn is_int(elem: &str) -> bool {
    elem.starts_with('i') && elem[1..].parse::<u32>().is_ok()
}

fn width(elem: &str) -> u32 {
    match elem {
        "bf16" => 16,
        "tf32" => 19,
        _ => elem
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .parse()
            .unwrap_or(0),
    }
}

/// Attributes of a `linalg.generic`: the main op's (given) or an auxiliary op's (computed: whole,
/// or its loops along the main op's, as [`Emit::aux_config_along`]).
enum Attrs {
    Main(String),
    Aux,
    Along(Vec<Option<usize>>),
}

/// `par.config` of an op with `loops` loops that runs whole on `device`.
fn one_device(loops: usize, device: DeviceId) -> String {
    let config = Config {
        degrees: vec![1; loops],
        devices: vec![device],
    };
    format!("par.config = {}", config.to_text())
}

/// Whether `value` may be partitioned when the module is materialized: a result of an op with
/// `par.config` or of a call (the callee's ops may have one, and are inlined before
/// materializing), an argument of a function that is not public (a caller may pass a partitioned
/// value), or computed from such a value by ops without a configuration (which par-materialize then
/// rejects unless the lowering configures them). Arguments of public functions, constants and what
/// ops without a configuration compute from them alone are replicated: every device holds them.
fn maybe_partitioned(value: MlirValue) -> bool {
    let mut pending = vec![value];
    let mut seen = HashSet::new();
    while let Some(value) = pending.pop() {
        if !seen.insert(ir::value_key(value)) {
            continue;
        }
        let Some(op) = ir::defining_op(value) else {
            if !in_public_function(value) {
                return true;
            }
            continue;
        };
        if attribute_text(op, "par.config").is_some() || ir::op_name(op) == "func.call" {
            return true;
        }
        let count = unsafe { mlirOperationGetNumOperands(op) };
        pending.extend((0..count).map(|i| unsafe { mlirOperationGetOperand(op, i) }));
    }
    false
}

/// Whether the block argument `value` is an argument of a public function's body (a value resident
/// on every device).
fn in_public_function(value: MlirValue) -> bool {
    unsafe {
        if !mlirValueIsABlockArgument(value) {
            return false;
        }
        let owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value));
        if owner.ptr.is_null() || ir::op_name(owner) != "func.func" {
            return false;
        }
        attribute_text(owner, "sym_visibility").is_none_or(|v| v.contains("public"))
    }
}

fn attribute_text(op: MlirOperation, name: &str) -> Option<String> {
    let attribute = unsafe { mlirOperationGetAttributeByName(op, string_ref(name)) };
    (!attribute.ptr.is_null()).then(|| ir::attribute_text(attribute))
}

fn element_text(ty: MlirType) -> String {
    unsafe {
        if mlirTypeIsAShaped(ty) {
            ir::type_text(mlirShapedTypeGetElementType(ty))
        } else {
            ir::type_text(ty)
        }
    }
}

/// The op being lowered: its operands and results as text values, its model and carried attributes.
struct Lowering<'a, 'c, 'o> {
    op: &'a OperationRef<'c, 'o>,
    mnemonic: String,
    operands: Vec<Value>,
    results: Vec<Value>,
    carried: String,
    e: Emit,
}

fn lower(op: &OperationRef<'_, '_>) -> Result<Lowered, String> {
    let name = crate::op_name(op);
    if name == "stablehlo.constant" {
        return Ok(Lowered::Constant);
    }
    let shapes = stablehlo::Op::new(op)?;
    let value = |name: String, ty: MlirType, shape: &[u64]| -> Result<Value, String> {
        let elem = element_text(ty);
        if !is_float(&elem) && !is_int(&elem) {
            return Err(format!(
                "'{}' has elements of type {elem}; the lowering supports signless integers and floats",
                crate::op_name(op)
            ));
        }
        Ok(Value {
            name,
            ty: ir::type_text(ty),
            shape: shape.to_vec(),
            elem,
        })
    };
    let operands = op
        .operands()
        .enumerate()
        .map(|(i, v)| value(format!("%a{i}"), v.r#type().to_raw(), &shapes.operands[i]))
        .collect::<Result<Vec<_>, _>>()?;
    let results = op
        .results()
        .enumerate()
        .map(|(i, v)| value(String::new(), v.r#type().to_raw(), &shapes.results[i]))
        .collect::<Result<Vec<_>, _>>()?;
    let raw = op.to_raw();
    let carried: Vec<String> = CARRIED
        .iter()
        .filter_map(|key| attribute_text(raw, key).map(|text| format!("{key} = {text}")))
        .collect();
    // A configuration that does not read is par-verify's to report; the lowering then configures
    // nothing.
    let config = attribute_text(raw, "par.config")
        .and_then(|text| <Config as ConfigAttr>::parse(&text).ok());
    let device = config.as_ref().and_then(|c| c.devices.first().copied());
    let split = config.and_then(|config| {
        let model = stablehlo::model(op, &name)?.ok()?;
        Some(Split {
            config,
            loops: model.loops,
        })
    });
    let mut partitioned = HashSet::new();
    for (i, operand) in op.operands().enumerate() {
        if maybe_partitioned(operand.to_raw()) {
            partitioned.insert(format!("%a{i}"));
        }
    }
    let mut lowering = Lowering {
        op,
        mnemonic: name
            .split_once('.')
            .map(|(_, m)| m)
            .unwrap_or("")
            .to_string(),
        operands,
        results,
        carried: carried.join(", "),
        e: Emit {
            lines: Vec::new(),
            next: 0,
            partitioned,
            device,
            split,
            stage: attribute_text(raw, "par.stage"),
        },
    };
    let returned = lowering.dispatch(&name)?;
    Ok(Lowered::Text(lowering.function(&returned)))
}

#[cfg(test)]
mod tests;
