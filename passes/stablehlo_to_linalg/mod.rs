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
    emit_error, ir,
    op_model::OpModel,
    stablehlo::{self, ConvDims},
    PassId, PassInfo,
};
use flexc_core::{AffineDim, Config};
use flexc_dialects::ConfigAttr;
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef, TypeLike, ValueLike,
};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

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

fn i64_array(values: &[i64]) -> String {
    if values.is_empty() {
        "array<i64>".into()
    } else {
        format!("array<i64: {}>", int_list(values))
    }
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

/// The text of the replacement under construction.
struct Emit {
    lines: Vec<String>,
    next: usize,
    /// Names whose values the strategy partitions (results of ops with `par.config`).
    partitioned: HashSet<String>,
    /// The device that computes auxiliary ops reading partitioned values (the main op's first one).
    device: Option<i64>,
    /// The configuration the op carries over to its main op, with the model's loops: auxiliary ops
    /// that feed the main op (or read its result) follow its split ([`Emit::aux_config_along`]).
    split: Option<Split>,
    /// The op's pipeline stage (`par.stage` text), which its auxiliary ops with a configuration share.
    stage: Option<String>,
}

/// A main op's configuration and the loops it is over.
struct Split {
    config: Config,
    loops: Vec<u64>,
}

impl Split {
    /// The configuration of an auxiliary op over `shape` whose dim `j` runs along the main op's loop
    /// `along[j]` (`None`: a dim the auxiliary op computes whole). Such a dim is split as that loop
    /// is (when the degree divides it; a loop followed twice is split once), the other dims are
    /// not, and each task runs on the device of the main op's task at the same coordinates along
    /// the followed loops (0 along the others): the task of the main op that reads (or writes) the
    /// same part, so that no part moves between devices when only followed loops are split. A
    /// replicated main op has replicated auxiliary ops. `None` when the configuration does not fit
    /// the loops (par-verify reports it).
    fn follow(&self, shape: &[u64], along: &[Option<usize>]) -> Option<Config> {
        let config = &self.config;
        let tasks = config
            .degrees
            .iter()
            .try_fold(1u64, |tasks, &d| tasks.checked_mul(d))?;
        if config.degrees.len() != self.loops.len() || config.devices.is_empty() {
            return None;
        }
        if config.is_replicated() {
            return Some(Config {
                degrees: vec![1; shape.len()],
                devices: config.devices.clone(),
            });
        }
        if tasks != config.devices.len() as u64 {
            return None;
        }
        let mut followed = HashSet::new();
        let loops: Vec<Option<usize>> = (0..shape.len())
            .map(|j| {
                let k = along.get(j).copied().flatten()?;
                let degree = *config.degrees.get(k)?;
                (degree > 1 && shape[j].is_multiple_of(degree) && followed.insert(k)).then_some(k)
            })
            .collect();
        let degrees: Vec<u64> = loops
            .iter()
            .map(|k| k.map_or(1, |k| config.degrees[k]))
            .collect();
        let mut devices = Vec::new();
        let mut coordinate = vec![0u64; shape.len()];
        loop {
            // Row-major index of the main op's task at these coordinates along the followed loops.
            let mut main = vec![0u64; self.loops.len()];
            for (j, k) in loops.iter().enumerate() {
                if let Some(k) = k {
                    main[*k] = coordinate[j];
                }
            }
            let index = main
                .iter()
                .zip(&config.degrees)
                .fold(0u64, |index, (&c, &d)| index * d + c);
            devices.push(config.devices[index as usize]);
            if !advance(&mut coordinate, &degrees) {
                break;
            }
        }
        Some(Config { degrees, devices })
    }
}

/// The next coordinate of a row-major grid of `extents`; false after the last one.
fn advance(coordinate: &mut [u64], extents: &[u64]) -> bool {
    for d in (0..coordinate.len()).rev() {
        coordinate[d] += 1;
        if coordinate[d] < extents[d] {
            return true;
        }
        coordinate[d] = 0;
    }
    false
}

/// The loop an access runs along: its one term over a loop of more than one iteration, with
/// coefficient 1 and no offset (terms over one-iteration loops, such as a pooling window of size 1,
/// are always 0). `None` for windowed, strided or mixed indices.
fn followed_loop(sum: &AffineDim, loops: &[u64]) -> Option<usize> {
    let mut moving = sum
        .terms
        .iter()
        .filter(|(k, _)| loops.get(*k).is_some_and(|&trips| trips > 1));
    match (moving.next(), moving.next()) {
        (Some(&(k, 1)), None) if sum.offset == 0 => Some(k),
        _ => None,
    }
}

impl Emit {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, text: String) {
        self.lines.push(text);
    }

    /// `par.config` of an auxiliary op with `loops` loops that reads `inputs` and defines `result`:
    /// whole on one device when it reads a partitioned value, else none.
    fn aux_config(&mut self, inputs: &[&str], result: &str, loops: usize) -> String {
        self.aux_config_along(inputs, result, &vec![1; loops], &vec![None; loops])
    }

    /// As [`Emit::aux_config`] for an op over `shape` whose dim `j` runs along the main op's loop
    /// `along[j]` (see [`Emit::along`]): split as the main op splits those loops ([`Split::follow`]),
    /// whole on the main op's first device where it follows none.
    fn aux_config_along(
        &mut self,
        inputs: &[&str],
        result: &str,
        shape: &[u64],
        along: &[Option<usize>],
    ) -> String {
        let Some(device) = self.device else {
            return String::new();
        };
        if !inputs.iter().any(|i| self.partitioned.contains(*i)) {
            return String::new();
        }
        self.partitioned.insert(result.to_string());
        let config = match self.split.as_ref().and_then(|s| s.follow(shape, along)) {
            Some(config) => format!("par.config = {}", config.to_text()),
            None => one_device(shape.len(), device),
        };
        match &self.stage {
            Some(stage) => format!("{config}, par.stage = {stage}"),
            None => config,
        }
    }

    /// Per dim of an access `map` of an op over `loops`, the main op's loop it runs along
    /// ([`followed_loop`]); all `None` unless `loops` are the main op's (the model's) loops.
    fn along(&self, loops: &[u64], map: &[AffineDim]) -> Vec<Option<usize>> {
        match &self.split {
            Some(split) if split.loops == loops => {
                map.iter().map(|sum| followed_loop(sum, loops)).collect()
            }
            _ => vec![None; map.len()],
        }
    }

    fn constant(&mut self, literal: &str, elem: &str) -> String {
        let name = self.fresh();
        if elem == "i1" {
            // `true`/`false` are typed already.
            let literal = match literal {
                "1" | "-1" => "true",
                "0" => "false",
                other => other,
            };
            self.line(format!("{name} = arith.constant {literal}"));
        } else {
            self.line(format!("{name} = arith.constant {literal} : {elem}"));
        }
        name
    }

    fn empty(&mut self, shape: &[u64], elem: &str) -> Value {
        let name = self.fresh();
        let ty = tensor_type(shape, elem);
        self.line(format!("{name} = tensor.empty() : {ty}"));
        Value {
            name,
            ty,
            shape: shape.to_vec(),
            elem: elem.to_string(),
        }
    }

    /// A tensor of `shape` filled with the scalar `scalar`.
    fn fill(&mut self, scalar: &str, shape: &[u64], elem: &str) -> Value {
        let empty = self.empty(shape, elem);
        let name = self.fresh();
        let attrs = self.aux_config(&[scalar], &name, shape.len());
        let attrs = if attrs.is_empty() {
            String::new()
        } else {
            format!(" {{{attrs}}}")
        };
        self.line(format!(
            "{name} = linalg.fill{attrs} ins({scalar} : {elem}) outs({} : {}) -> {}",
            empty.name, empty.ty, empty.ty
        ));
        Value { name, ..empty }
    }

    /// The unit-stride slice of `value` at `offsets` of `sizes` (an auxiliary op).
    fn extract_slice(&mut self, value: &Value, offsets: &[i64], sizes: &[u64]) -> Value {
        self.extract_slice_along(value, offsets, sizes, &vec![None; sizes.len()])
    }

    /// As [`Emit::extract_slice`], its dims along the main op's loops `along`.
    fn extract_slice_along(
        &mut self,
        value: &Value,
        offsets: &[i64],
        sizes: &[u64],
        along: &[Option<usize>],
    ) -> Value {
        let name = self.fresh();
        let ty = tensor_type(sizes, &value.elem);
        let config = self.aux_config_along(&[value.name.as_str()], &name, sizes, along);
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        let sizes_i64: Vec<i64> = sizes.iter().map(|&d| d as i64).collect();
        self.line(format!(
            "{name} = tensor.extract_slice {}[{}] [{}] [{}]{config} : {} to {ty}",
            value.name,
            int_list(offsets),
            int_list(&sizes_i64),
            int_list(&vec![1; sizes.len()]),
            value.ty
        ));
        Value {
            name,
            ty,
            shape: sizes.to_vec(),
            elem: value.elem.clone(),
        }
    }

    /// The element of a rank-0 tensor.
    fn scalar_of(&mut self, value: &Value) -> String {
        let name = self.fresh();
        if self.partitioned.contains(&value.name) {
            self.partitioned.insert(name.clone());
        }
        self.line(format!(
            "{name} = tensor.extract {}[] : {}",
            value.name, value.ty
        ));
        name
    }

    /// A rank-0 `value` broadcast to `shape` (an auxiliary op).
    fn broadcast_scalar(&mut self, value: &Value, shape: &[u64]) -> Result<Value, String> {
        let out = self.empty(shape, &value.elem);
        let ins = vec![access(value, Vec::new())];
        let outs = vec![access(&out, identity(shape.len()))];
        let parallel = vec![true; shape.len()];
        let results = self.generic(shape, &parallel, ins, outs, Attrs::Aux, |_, args| {
            Ok(vec![args[0].clone()])
        })?;
        Ok(Value {
            name: results[0].clone(),
            ..out
        })
    }

    /// A `linalg.generic` over `loops` (trip counts); `body` gets the block arguments (ins, then outs)
    /// and returns the yielded values. Loops that no access indexes by a bare dim get an extra
    /// `tensor.empty` operand of their trip counts (as linalg's pooling ops have), so that linalg can
    /// infer every loop's range. Returns the result names.
    fn generic(
        &mut self,
        loops: &[u64],
        parallel: &[bool],
        mut ins: Vec<Access>,
        outs: Vec<Access>,
        attrs: Attrs,
        body: impl FnOnce(&mut Emit, &[String]) -> Result<Vec<String>, String>,
    ) -> Result<Vec<String>, String> {
        // A bare dim must match its loop's trip count: read a shorter prefix through a slice (the
        // main op's slices follow its split).
        for a in ins.iter_mut() {
            let mut sizes = a.value.shape.clone();
            for (d, sum) in a.map.iter().enumerate() {
                if let Some(k) = sum.single_dim() {
                    sizes[d] = sizes[d].min(loops[k]);
                }
            }
            if sizes != a.value.shape {
                let offsets = vec![0; sizes.len()];
                let along = match attrs {
                    Attrs::Main(_) => self.along(loops, &a.map),
                    _ => vec![None; sizes.len()],
                };
                a.value = self.extract_slice_along(&a.value, &offsets, &sizes, &along);
            }
        }
        let bare: HashSet<usize> = ins
            .iter()
            .chain(&outs)
            .flat_map(|a| a.map.iter().filter_map(AffineDim::single_dim))
            .collect();
        let missing: Vec<usize> = (0..loops.len()).filter(|k| !bare.contains(k)).collect();
        let extra_ins = if missing.is_empty() {
            0
        } else {
            let trips: Vec<u64> = missing.iter().map(|&k| loops[k]).collect();
            let shape = self.empty(&trips, "i8");
            ins.push(access(
                &shape,
                missing.iter().map(|&k| AffineDim::dim(k)).collect(),
            ));
            1
        };
        let maps: Vec<String> = ins
            .iter()
            .chain(&outs)
            .map(|a| map_text(loops.len(), &a.map))
            .collect();
        let iterators: Vec<&str> = parallel
            .iter()
            .map(|&p| if p { "\"parallel\"" } else { "\"reduction\"" })
            .collect();
        let result = self.fresh();
        let input_names: Vec<&str> = ins.iter().map(|a| a.value.name.as_str()).collect();
        let attrs = match attrs {
            Attrs::Main(text) => text,
            Attrs::Aux => self.aux_config(&input_names, &result, loops.len()),
            Attrs::Along(along) => {
                // Its own reduction loops stay whole: partial results of an auxiliary body (an
                // argmax) need not combine.
                let along: Vec<Option<usize>> = along
                    .iter()
                    .zip(parallel)
                    .map(|(a, &p)| a.filter(|_| p))
                    .collect();
                self.aux_config_along(&input_names, &result, loops, &along)
            }
        };
        let list = |accesses: &[Access]| {
            let names: Vec<&str> = accesses.iter().map(|a| a.value.name.as_str()).collect();
            let types: Vec<&str> = accesses.iter().map(|a| a.value.ty.as_str()).collect();
            format!("{} : {}", names.join(", "), types.join(", "))
        };
        let mut head = format!(
            "{result}{} = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]}}",
            if outs.len() > 1 {
                format!(":{}", outs.len())
            } else {
                String::new()
            },
            maps.join(", "),
            iterators.join(", ")
        );
        if !ins.is_empty() {
            head.push_str(&format!(" ins({})", list(&ins)));
        }
        head.push_str(&format!(" outs({})", list(&outs)));
        if !attrs.is_empty() {
            head.push_str(&format!(" attrs = {{{attrs}}}"));
        }
        head.push_str(" {");
        let mut args = Vec::new();
        let mut declared = Vec::new();
        for a in ins.iter().chain(&outs) {
            let name = self.fresh();
            declared.push(format!("{name}: {}", a.value.elem));
            args.push(name);
        }
        let outer = std::mem::take(&mut self.lines);
        self.line(format!("^bb0({}):", declared.join(", ")));
        let mut user_args = args.clone();
        if extra_ins == 1 {
            user_args.remove(ins.len() - 1);
        }
        let yielded = body(self, &user_args)?;
        let elems: Vec<&str> = outs.iter().map(|a| a.value.elem.as_str()).collect();
        self.line(format!(
            "linalg.yield {} : {}",
            yielded.join(", "),
            elems.join(", ")
        ));
        let body_lines = std::mem::replace(&mut self.lines, outer);
        self.line(head);
        self.lines.extend(body_lines);
        let types: Vec<&str> = outs.iter().map(|a| a.value.ty.as_str()).collect();
        if types.len() == 1 {
            self.line(format!("}} -> {}", types[0]));
        } else {
            self.line(format!("}} -> ({})", types.join(", ")));
        }
        Ok(if outs.len() > 1 {
            (0..outs.len()).map(|i| format!("{result}#{i}")).collect()
        } else {
            vec![result]
        })
    }
}

/// Attributes of a `linalg.generic`: the main op's (given) or an auxiliary op's (computed: whole,
/// or its loops along the main op's, as [`Emit::aux_config_along`]).
enum Attrs {
    Main(String),
    Aux,
    Along(Vec<Option<usize>>),
}

fn one_device(loops: usize, device: i64) -> String {
    format!(
        "par.config = #par.config<{}, array<i64: {device}>>",
        i64_array(&vec![1; loops])
    )
}

/// The first device of a `#par.config<degrees, devices>` text.
fn first_device(config: &str) -> Option<i64> {
    let devices = config.rsplit("array<i64:").next()?;
    devices.split([',', '>']).next()?.trim().parse().ok()
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
    let config_text = attribute_text(raw, "par.config");
    let device = config_text.as_deref().and_then(first_device);
    let split = config_text.and_then(|text| {
        let config = Config::parse(&text).ok()?;
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

impl Lowering<'_, '_, '_> {
    /// The function text around the emitted lines.
    fn function(&self, returned: &[String]) -> String {
        let args: Vec<String> = self
            .operands
            .iter()
            .map(|v| format!("{}: {}", v.name, v.ty))
            .collect();
        let types: Vec<&str> = self.results.iter().map(|v| v.ty.as_str()).collect();
        let mut text = format!(
            "func.func @lowered({}) -> ({}) {{\n",
            args.join(", "),
            types.join(", ")
        );
        for line in &self.e.lines {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!(
            "return {} : {}\n}}\n",
            returned.join(", "),
            types.join(", ")
        ));
        text
    }

    fn model(&self) -> Result<OpModel, String> {
        let name = crate::op_name(self.op);
        stablehlo::model(self.op, &name).unwrap_or_else(|| Err(format!("'{name}' has no model")))
    }

    /// The attributes of the main op with `loops` loops: the carried ones when the model has the
    /// same loops, else a one-device configuration (when the op has one).
    fn main_attrs(&self, model: Option<&OpModel>, loops: &[u64]) -> String {
        if model.is_some_and(|m| m.loops == loops) {
            return self.carried.clone();
        }
        match self.e.device {
            Some(device) => one_device(loops.len(), device),
            None => String::new(),
        }
    }

    fn result(&self) -> &Value {
        &self.results[0]
    }

    fn dispatch(&mut self, name: &str) -> Result<Vec<String>, String> {
        let mnemonic = self.mnemonic.clone();
        match mnemonic.as_str() {
            "broadcast_in_dim" | "dynamic_broadcast_in_dim" | "transpose" | "reverse" | "slice" => {
                self.movement()
            }
            "reshape" => self.reshape(),
            "iota" | "dynamic_iota" => self.iota(),
            "dot_general" | "dot" => self.dot(),
            "convolution" => self.convolution(),
            "reduce" => self.reduce(),
            "reduce_window" => self.reduce_window(),
            "pad" => self.pad(),
            "concatenate" => self.concatenate(),
            "dynamic_slice" => self.dynamic_slice(),
            "gather" => self.gather(),
            "scatter" => self.scatter(),
            "select_and_scatter" => self.select_and_scatter(),
            _ => {
                let model = self
                    .model()
                    .map_err(|e| format!("'{name}' has no lowering to linalg ({e})"))?;
                if model.class != flexc_core::OpClass::Elementwise {
                    return Err(format!("'{name}' has no lowering to linalg"));
                }
                self.elementwise(&model)
            }
        }
    }

    // ----- families --------------------------------------------------------------------------

    fn elementwise(&mut self, model: &OpModel) -> Result<Vec<String>, String> {
        let out = self.result().clone();
        let empty = self.e.empty(&out.shape, &out.elem);
        let ins = self
            .operands
            .iter()
            .zip(&model.inputs)
            .map(|(v, map)| access(v, map.clone().unwrap_or_default()))
            .collect();
        let outs = vec![access(&empty, identity(out.shape.len()))];
        let mnemonic = self
            .mnemonic
            .strip_prefix("broadcast_")
            .unwrap_or(&self.mnemonic)
            .to_string();
        let elems: Vec<String> = self.operands.iter().map(|v| v.elem.clone()).collect();
        let raw = self.op.to_raw();
        let attrs = Attrs::Main(self.main_attrs(Some(model), &model.loops));
        let full = crate::op_name(self.op);
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                let n = elems.len();
                let value = scalar(e, &mnemonic, raw, &args[..n], &elems, &out.elem).map_err(
                    |message| message.replacen(&format!("'{mnemonic}'"), &format!("'{full}'"), 1),
                )?;
                Ok(vec![value])
            },
        )
    }

    /// A copy through the model's maps (broadcast, transpose, reverse, slice, linearized reshape).
    fn movement(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        self.copy(&model)
    }

    fn copy(&mut self, model: &OpModel) -> Result<Vec<String>, String> {
        let out = self.result().clone();
        let empty = self.e.empty(&out.shape, &out.elem);
        let input = model
            .inputs
            .first()
            .cloned()
            .flatten()
            .ok_or("the model reads no operand")?;
        let mut source = self.operands[0].clone();
        let mut input = input;
        // A reversed dim (a negative coefficient) cannot be sliced per task: where the strategy
        // splits the op, the reversal is an auxiliary op (replicated, or whole on the first
        // device) and the main op a plain copy of its result, split as searched.
        let reversed = input.iter().any(|e| e.terms.iter().any(|&(_, c)| c < 0));
        let split = self
            .e
            .split
            .as_ref()
            .is_some_and(|s| s.config.degrees.iter().any(|&d| d > 1));
        if reversed && split {
            let whole = self.e.empty(&out.shape, &out.elem);
            let ins = vec![access(&source, input)];
            let outs = vec![access(&whole, model.outputs[0].clone())];
            let results = self.e.generic(
                &model.loops,
                &model.parallel,
                ins,
                outs,
                Attrs::Aux,
                |_, args| Ok(vec![args[0].clone()]),
            )?;
            source = Value {
                name: results[0].clone(),
                ..whole
            };
            input = model.outputs[0].clone();
        }
        let ins = vec![access(&source, input)];
        let outs = vec![access(&empty, model.outputs[0].clone())];
        let attrs = Attrs::Main(self.main_attrs(Some(model), &model.loops));
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |_, args| Ok(vec![args[0].clone()]),
        )
    }

    fn reshape(&mut self) -> Result<Vec<String>, String> {
        let (input, out) = (self.operands[0].clone(), self.result().clone());
        let model = self.model()?;
        let expand = out.shape.len() >= input.shape.len();
        let (fine, coarse) = if expand {
            (&out.shape, &input.shape)
        } else {
            (&input.shape, &out.shape)
        };
        if let Some(groups) = reassociation(coarse, fine) {
            let name = self.e.fresh();
            let attrs = self.main_attrs(Some(&model), fine);
            let attrs = if attrs.is_empty() {
                String::new()
            } else {
                format!(" {{{attrs}}}")
            };
            let groups_text: Vec<String> = groups
                .iter()
                .map(|g| format!("[{}]", int_list(g)))
                .collect();
            let line = if expand {
                format!(
                    "{name} = tensor.expand_shape {} [{}] output_shape [{}]{attrs} : {} into {}",
                    input.name,
                    groups_text.join(", "),
                    int_list(&out.shape.iter().map(|&d| d as i64).collect::<Vec<_>>()),
                    input.ty,
                    out.ty
                )
            } else {
                format!(
                    "{name} = tensor.collapse_shape {} [{}]{attrs} : {} into {}",
                    input.name,
                    groups_text.join(", "),
                    input.ty,
                    out.ty
                )
            };
            self.e.line(line);
            return Ok(vec![name]);
        }
        let linear = model
            .inputs
            .iter()
            .flatten()
            .chain(&model.outputs)
            .all(|m| m.iter().all(|s| s.terms.iter().all(|&(_, c)| c >= 0)))
            && model.parallel.iter().all(|&p| p);
        if linear {
            return self.copy(&model);
        }
        // Neither a split, a merge nor a mix of both: through one dim.
        let total: u64 = input.shape.iter().product();
        let flat = Value {
            name: self.e.fresh(),
            ty: tensor_type(&[total], &input.elem),
            shape: vec![total],
            elem: input.elem.clone(),
        };
        let all = |rank: usize| format!("[[{}]]", int_list(&(0..rank as i64).collect::<Vec<_>>()));
        let config = self
            .e
            .aux_config(&[input.name.as_str()], &flat.name, input.shape.len());
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{} = tensor.collapse_shape {} {}{config} : {} into {}",
            flat.name,
            input.name,
            all(input.shape.len()),
            input.ty,
            flat.ty
        ));
        let name = self.e.fresh();
        let config = self
            .e
            .aux_config(&[flat.name.as_str()], &name, out.shape.len());
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{name} = tensor.expand_shape {} {} output_shape [{}]{config} : {} into {}",
            flat.name,
            all(out.shape.len()),
            int_list(&out.shape.iter().map(|&d| d as i64).collect::<Vec<_>>()),
            flat.ty,
            out.ty
        ));
        Ok(vec![name])
    }

    fn iota(&mut self) -> Result<Vec<String>, String> {
        let out = self.result().clone();
        let dim = self.op_int("iota_dimension", 0)?;
        let dim = usize::try_from(dim)
            .ok()
            .filter(|&d| d < out.shape.len())
            .ok_or_else(|| format!("iota dimension {dim} is out of range"))?;
        let empty = self.e.empty(&out.shape, &out.elem);
        let outs = vec![access(&empty, identity(out.shape.len()))];
        let model = self.model()?;
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &out.shape));
        let parallel = vec![true; out.shape.len()];
        let elem = out.elem.clone();
        self.e
            .generic(&out.shape, &parallel, Vec::new(), outs, attrs, |e, _| {
                let index = e.fresh();
                e.line(format!("{index} = linalg.index {dim} : index"));
                Ok(vec![from_index(e, &index, &elem)])
            })
    }

    fn dot(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let out = self.result().clone();
        let zero = self.e.constant(&zero_literal(&out.elem), &out.elem);
        let init = self.e.fill(&zero, &out.shape, &out.elem);
        let ins = vec![
            access(
                &self.operands[0],
                model.inputs[0].clone().unwrap_or_default(),
            ),
            access(
                &self.operands[1],
                model.inputs[1].clone().unwrap_or_default(),
            ),
        ];
        let outs = vec![access(&init, model.outputs[0].clone())];
        let elems = [self.operands[0].elem.clone(), self.operands[1].elem.clone()];
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                Ok(vec![multiply_add(
                    e, &args[0], &args[1], &args[2], &elems, &out.elem,
                )?])
            },
        )
    }

    fn convolution(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let attribute = shapes
            .attribute("dimension_numbers")
            .ok_or("missing attribute 'dimension_numbers'")?;
        let text = ir::attribute_text(attribute);
        let dn = stablehlo::opaque_body(&text, "conv")
            .and_then(ConvDims::parse)
            .ok_or_else(|| format!("cannot read attribute 'dimension_numbers' ({text})"))?;
        let (input, kernel, out) = (
            self.operands[0].clone(),
            self.operands[1].clone(),
            self.result().clone(),
        );
        let n = dn.input_spatial.len();
        if input.shape.len() != n + 2 || kernel.shape.len() != n + 2 || out.shape.len() != n + 2 {
            return Err("convolution dimension numbers do not fit the operand ranks".into());
        }
        let feature_groups = shapes.int("feature_group_count", 1)?;
        let batch_groups = shapes.int("batch_group_count", 1)?;
        if batch_groups != 1 || feature_groups < 1 {
            return Err(format!(
                "'stablehlo.convolution' with batch_group_count {batch_groups} has no lowering to linalg"
            ));
        }
        let groups = feature_groups as u64;
        let strides = shapes.ints_or("window_strides", n, 1)?;
        let padding = shapes.ints_or("padding", 2 * n, 0)?;
        let lhs_dilation = shapes.ints_or("lhs_dilation", n, 1)?;
        let rhs_dilation = shapes.ints_or("rhs_dilation", n, 1)?;
        let reversal = match shapes.attribute("window_reversal") {
            None => vec![false; n],
            Some(a) => ir::bool_list(a)
                .filter(|r| r.len() == n)
                .ok_or("attribute 'window_reversal' is not a list of one flag per spatial dim")?,
        };
        // Pad (and dilate) the input so the window reads it from offset 0.
        let rank = input.shape.len();
        let mut low = vec![0i64; rank];
        let mut high = vec![0i64; rank];
        let mut interior = vec![0i64; rank];
        for j in 0..n {
            let d = dn.input_spatial[j];
            low[d] = padding[2 * j];
            high[d] = padding[2 * j + 1];
            interior[d] = lhs_dilation[j] - 1;
        }
        let c_out = out.shape[dn.output_feature];
        let mut loops: Vec<u64> = Vec::new();
        let mut parallel = Vec::new();
        let mut push = |loops: &mut Vec<u64>, trip: u64, p: bool| {
            loops.push(trip);
            parallel.push(p);
            loops.len() - 1
        };
        let mut out_map = vec![AffineDim::constant(0); out.shape.len()];
        let mut spatial_loop = vec![0; n];
        let mut feature_loop = 0;
        for (d, &size) in out.shape.iter().enumerate() {
            if d == dn.output_feature {
                feature_loop = push(&mut loops, c_out / groups, true);
            } else {
                let k = push(&mut loops, size, true);
                out_map[d] = AffineDim::dim(k);
                if let Some(j) = dn.output_spatial.iter().position(|&s| s == d) {
                    spatial_loop[j] = k;
                }
            }
        }
        let group = (groups > 1).then(|| push(&mut loops, groups, true));
        let grouped = |inner: usize, size: u64| match group {
            Some(g) => AffineDim {
                terms: vec![(inner, 1), (g, size as i64)],
                offset: 0,
            },
            None => AffineDim::dim(inner),
        };
        out_map[dn.output_feature] = grouped(feature_loop, c_out / groups);
        let channel = push(&mut loops, kernel.shape[dn.kernel_input_feature], false);
        let mut in_map = vec![AffineDim::constant(0); rank];
        let mut kernel_map = vec![AffineDim::constant(0); rank];
        in_map[dn.input_batch] = out_map[dn.output_batch].clone();
        in_map[dn.input_feature] = grouped(channel, input.shape[dn.input_feature] / groups);
        kernel_map[dn.kernel_input_feature] = AffineDim::dim(channel);
        kernel_map[dn.kernel_output_feature] = out_map[dn.output_feature].clone();
        for j in 0..n {
            let size = kernel.shape[dn.kernel_spatial[j]];
            let w = push(&mut loops, size, false);
            in_map[dn.input_spatial[j]] = AffineDim {
                terms: vec![(spatial_loop[j], strides[j]), (w, rhs_dilation[j])],
                offset: 0,
            };
            kernel_map[dn.kernel_spatial[j]] = if reversal[j] {
                AffineDim {
                    terms: vec![(w, -1)],
                    offset: size as i64 - 1,
                }
            } else {
                AffineDim::dim(w)
            };
        }
        // The pad follows the convolution's split of the batch and the input channels.
        let padded = if low.iter().chain(&high).chain(&interior).any(|&p| p != 0) {
            let zero = self.e.constant(&zero_literal(&input.elem), &input.elem);
            let along = self.e.along(&loops, &in_map);
            self.e
                .pad(&input, &zero, [&low, &high, &interior], &along)?
        } else {
            input.clone()
        };
        let zero = self.e.constant(&zero_literal(&out.elem), &out.elem);
        let init = self.e.fill(&zero, &out.shape, &out.elem);
        let model = self.model().ok();
        let attrs = Attrs::Main(self.main_attrs(model.as_ref(), &loops));
        let ins = vec![access(&padded, in_map), access(&kernel, kernel_map)];
        let outs = vec![access(&init, out_map)];
        let elems = [input.elem.clone(), kernel.elem.clone()];
        self.e
            .generic(&loops, &parallel, ins, outs, attrs, |e, args| {
                Ok(vec![multiply_add(
                    e, &args[0], &args[1], &args[2], &elems, &out.elem,
                )?])
            })
    }

    fn reduce(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let count = self.results.len();
        let mut outs = Vec::new();
        for i in 0..count {
            let init = self.operands[count + i].clone();
            let shape = self.results[i].shape.clone();
            let broadcast = self.e.broadcast_scalar(&init, &shape)?;
            outs.push(access(&broadcast, model.outputs[i].clone()));
        }
        let ins = (0..count)
            .map(|i| access(&self.operands[i], identity(self.operands[i].shape.len())))
            .collect();
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        let raw = self.op.to_raw();
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                // The reducer takes (accumulators..., elements...).
                let mut region_args = args[count..2 * count].to_vec();
                region_args.extend_from_slice(&args[..count]);
                region_body(e, raw, 0, &region_args)
            },
        )
    }

    fn reduce_window(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let count = self.results.len();
        let rank = self.operands[0].shape.len();
        let window = shapes.required_ints("window_dimensions")?;
        let strides = shapes.ints_or("window_strides", rank, 1)?;
        let base = shapes.ints_or("base_dilations", rank, 1)?;
        let dilation = shapes.ints_or("window_dilations", rank, 1)?;
        let padding = shapes.ints_or("padding", 2 * rank, 0)?;
        if window.len() != rank || self.operands.len() != 2 * count {
            return Err("window dimensions do not fit the operands".into());
        }
        let low: Vec<i64> = padding.iter().step_by(2).copied().collect();
        let high: Vec<i64> = padding.iter().skip(1).step_by(2).copied().collect();
        let interior: Vec<i64> = base.iter().map(|&b| b - 1).collect();
        let out_shape = self.results[0].shape.clone();
        let mut loops = out_shape.clone();
        loops.extend(window.iter().map(|&w| w.max(1) as u64));
        let mut parallel = vec![true; rank];
        parallel.extend(vec![false; rank]);
        let read: Vec<AffineDim> = (0..rank)
            .map(|d| AffineDim {
                terms: vec![(d, strides[d]), (rank + d, dilation[d])],
                offset: 0,
            })
            .collect();
        let mut ins = Vec::new();
        let mut outs = Vec::new();
        for i in 0..count {
            let input = self.operands[i].clone();
            let init = self.operands[count + i].clone();
            let padded = if low.iter().chain(&high).chain(&interior).any(|&p| p != 0) {
                let value = self.e.scalar_of(&init);
                let along = self.e.along(&loops, &read);
                self.e
                    .pad(&input, &value, [&low, &high, &interior], &along)?
            } else {
                input
            };
            ins.push(access(&padded, read.clone()));
            let broadcast = self
                .e
                .broadcast_scalar(&init, &self.results[i].shape.clone())?;
            outs.push(access(&broadcast, identity(rank)));
        }
        let model = self.model().ok();
        let attrs = Attrs::Main(self.main_attrs(model.as_ref(), &loops));
        let raw = self.op.to_raw();
        self.e
            .generic(&loops, &parallel, ins, outs, attrs, |e, args| {
                let mut region_args = args[count..2 * count].to_vec();
                region_args.extend_from_slice(&args[..count]);
                region_body(e, raw, 0, &region_args)
            })
    }

    fn pad(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let rank = self.operands[0].shape.len();
        let low = shapes.ints_or("edge_padding_low", rank, 0)?;
        let high = shapes.ints_or("edge_padding_high", rank, 0)?;
        let interior = shapes.ints_or("interior_padding", rank, 0)?;
        let (input, value) = (self.operands[0].clone(), self.operands[1].clone());
        let scalar = self.e.scalar_of(&value);
        let model = self.model().ok();
        let loops = if interior.iter().all(|&i| i == 0) {
            self.result().shape.clone()
        } else {
            input.shape.clone()
        };
        let attrs = self.main_attrs(model.as_ref(), &loops);
        let padded = self.e.pad_main(
            &input,
            &scalar,
            [&low, &high, &interior],
            &vec![None; rank],
            attrs,
        )?;
        Ok(vec![padded.name])
    }

    fn concatenate(&mut self) -> Result<Vec<String>, String> {
        let dim = self.op_int("dimension", 0)?;
        let model = self.model().ok();
        let out = self.result().clone();
        let attrs = self.main_attrs(model.as_ref(), &out.shape);
        let attrs = if attrs.is_empty() {
            String::new()
        } else {
            format!(" {{{attrs}}}")
        };
        if self.operands.len() == 1 {
            return Ok(vec![self.operands[0].name.clone()]);
        }
        let name = self.e.fresh();
        let names: Vec<&str> = self.operands.iter().map(|v| v.name.as_str()).collect();
        let types: Vec<&str> = self.operands.iter().map(|v| v.ty.as_str()).collect();
        self.e.line(format!(
            "{name} = tensor.concat dim({dim}) {}{attrs} : ({}) -> {}",
            names.join(", "),
            types.join(", "),
            out.ty
        ));
        Ok(vec![name])
    }

    fn dynamic_slice(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let input = self.operands[0].clone();
        let out = self.result().clone();
        let sizes = shapes.required_ints("slice_sizes")?;
        if sizes.len() != input.shape.len() || self.operands.len() != 1 + input.shape.len() {
            return Err("slice sizes or start indices do not match the operand rank".into());
        }
        let mut offsets = Vec::new();
        for (d, index) in self.op.operands().skip(1).enumerate() {
            let start = constant_scalar(index.to_raw()).ok_or(
                "'stablehlo.dynamic_slice' with start indices that are not constants has no lowering to linalg",
            )?;
            // StableHLO clamps the start into [0, size - slice].
            offsets.push(start.clamp(0, input.shape[d] as i64 - sizes[d]));
        }
        let name = self.e.fresh();
        let config = self
            .e
            .aux_config(&[input.name.as_str()], &name, out.shape.len());
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{name} = tensor.extract_slice {}[{}] [{}] [{}]{config} : {} to {}",
            input.name,
            int_list(&offsets),
            int_list(&sizes),
            int_list(&vec![1; sizes.len()]),
            input.ty,
            out.ty
        ));
        Ok(vec![name])
    }

    /// The index-vector dim of `indices` (`None`: implicit, one index per point) and the number of
    /// index components.
    fn index_vector(
        &self,
        key: &str,
        mnemonic: &str,
        indices: &Value,
        map_key: &str,
    ) -> Result<(Option<usize>, Vec<usize>), String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let fields = shapes.fields(key, mnemonic)?;
        let rank = indices.shape.len();
        let vector_dim = fields.int("index_vector_dim")?.unwrap_or(rank as i64);
        let vector_dim = usize::try_from(vector_dim)
            .ok()
            .filter(|&v| v <= rank)
            .ok_or("index vector dim out of range")?;
        let index_map: Vec<usize> = fields
            .ints(map_key)?
            .into_iter()
            .map(|d| usize::try_from(d).map_err(|_| "negative index map".to_string()))
            .collect::<Result<_, _>>()?;
        let components = if vector_dim < rank {
            indices.shape[vector_dim] as usize
        } else {
            1
        };
        if components != index_map.len() {
            return Err("the index vector does not match the index map".into());
        }
        Ok(((vector_dim < rank).then_some(vector_dim), index_map))
    }

    fn gather(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let (table, indices, out) = (
            self.operands[0].clone(),
            self.operands[1].clone(),
            self.result().clone(),
        );
        let (vector_dim, index_map) =
            self.index_vector("dimension_numbers", "gather", &indices, "start_index_map")?;
        let shapes = stablehlo::Op::new(self.op)?;
        let slice_sizes = shapes.required_ints("slice_sizes")?;
        let index_access = model.inputs[1].clone().unwrap_or_default();
        let mut ins = vec![access(&table, model.inputs[0].clone().unwrap_or_default())];
        for j in 0..index_map.len() {
            let mut map = index_access.clone();
            if let Some(v) = vector_dim {
                map[v] = AffineDim::constant(j as i64);
            }
            ins.push(access(&indices, map));
        }
        // The loop of index component j follows the result's loops.
        let bounds: Vec<(usize, i64)> = index_map
            .iter()
            .enumerate()
            .map(|(j, &d)| {
                let slice = slice_sizes[d].clamp(1, table.shape[d] as i64);
                (out.shape.len() + j, table.shape[d] as i64 - slice)
            })
            .collect();
        let zero = self.e.constant(&zero_literal(&out.elem), &out.elem);
        let init = self.e.fill(&zero, &out.shape, &out.elem);
        let outs = vec![access(&init, model.outputs[0].clone())];
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        let (index_elem, elem) = (indices.elem.clone(), out.elem.clone());
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                let m = bounds.len();
                let hit = index_match(e, &args[1..1 + m], &index_elem, &bounds, true);
                let zero = e.constant(&zero_literal(&elem), &elem);
                let picked = e.fresh();
                e.line(format!(
                    "{picked} = arith.select {hit}, {}, {zero} : {elem}",
                    args[0]
                ));
                let sum = e.fresh();
                let add = if is_float(&elem) {
                    "addf"
                } else if elem == "i1" {
                    "ori"
                } else {
                    "addi"
                };
                e.line(format!(
                    "{sum} = arith.{add} {}, {picked} : {elem}",
                    args[1 + m]
                ));
                Ok(vec![sum])
            },
        )
    }

    fn scatter(&mut self) -> Result<Vec<String>, String> {
        let model = self.model()?;
        let count = self.results.len();
        let indices = self.operands[count].clone();
        let (vector_dim, index_map) = self.index_vector(
            "scatter_dimension_numbers",
            "scatter",
            &indices,
            "scatter_dims_to_operand_dims",
        )?;
        let index_access = model.inputs[count].clone().unwrap_or_default();
        let mut ins = Vec::new();
        for j in 0..index_map.len() {
            let mut map = index_access.clone();
            if let Some(v) = vector_dim {
                map[v] = AffineDim::constant(j as i64);
            }
            ins.push(access(&indices, map));
        }
        for i in 0..count {
            let updates = &self.operands[count + 1 + i];
            ins.push(access(updates, identity(updates.shape.len())));
        }
        let update_rank = self.operands[count + 1].shape.len();
        let bounds: Vec<(usize, i64)> = index_map
            .iter()
            .enumerate()
            .map(|(j, _)| (update_rank + j, i64::MAX))
            .collect();
        let outs = (0..count)
            .map(|i| access(&self.operands[i], model.outputs[i].clone()))
            .collect();
        let attrs = Attrs::Main(self.main_attrs(Some(&model), &model.loops));
        let raw = self.op.to_raw();
        let index_elem = indices.elem.clone();
        let elems: Vec<String> = self.results.iter().map(|r| r.elem.clone()).collect();
        let combiner = scatter_combiner(raw);
        self.e.generic(
            &model.loops,
            &model.parallel,
            ins,
            outs,
            attrs,
            |e, args| {
                let m = bounds.len();
                let hit = index_match(e, &args[..m], &index_elem, &bounds, false);
                let updates = &args[m..m + count];
                let current = &args[m + count..m + 2 * count];
                if let (Some(combiner), [update], [old], [elem]) =
                    (combiner, updates, current, elems.as_slice())
                {
                    // `old (+|max|min) select(hit, update, neutral)`: the body accumulates its result,
                    // so a split of the update loops leaves partial results par-materialize combines
                    // (the embedding gradient's scatter-add split over the samples).
                    let neutral = match combiner {
                        "add" if elem.starts_with('f') || elem.starts_with("bf") => {
                            e.constant("0.000000e+00", elem)
                        }
                        "add" => e.constant("0", elem),
                        _ => old.clone(),
                    };
                    let picked = e.fresh();
                    e.line(format!(
                        "{picked} = arith.select {hit}, {update}, {neutral} : {elem}"
                    ));
                    return region_body(e, raw, 0, &[old.clone(), picked]);
                }
                let mut region_args = current.to_vec();
                region_args.extend_from_slice(updates);
                let combined = region_body(e, raw, 0, &region_args)?;
                Ok(combined
                    .iter()
                    .zip(current)
                    .zip(&elems)
                    .map(|((new, old), elem)| {
                        let chosen = e.fresh();
                        e.line(format!(
                            "{chosen} = arith.select {hit}, {new}, {old} : {elem}"
                        ));
                        chosen
                    })
                    .collect())
            },
        )
    }

    /// Two generics: the selected window position per source element (first one the `select` body
    /// prefers), then the `scatter` body adding each source element at its selected position.
    fn select_and_scatter(&mut self) -> Result<Vec<String>, String> {
        let shapes = stablehlo::Op::new(self.op)?;
        let (operand, source, init) = (
            self.operands[0].clone(),
            self.operands[1].clone(),
            self.operands[2].clone(),
        );
        let out = self.result().clone();
        let rank = operand.shape.len();
        let window = shapes.ints_or("window_dimensions", rank, 1)?;
        let strides = shapes.ints_or("window_strides", rank, 1)?;
        let padding = shapes.ints_or("padding", 2 * rank, 0)?;
        let low: Vec<i64> = padding.iter().step_by(2).copied().collect();
        let high: Vec<i64> = padding.iter().skip(1).step_by(2).copied().collect();
        if low.iter().chain(&high).any(|&p| p < 0) {
            return Err(
                "'stablehlo.select_and_scatter' with negative padding has no lowering".into(),
            );
        }
        let padded_shape: Vec<u64> = (0..rank)
            .map(|d| (operand.shape[d] as i64 + low[d] + high[d]) as u64)
            .collect();
        let mut loops = source.shape.clone();
        loops.extend(window.iter().map(|&w| w.max(1) as u64));
        let mut parallel = vec![true; rank];
        parallel.extend(vec![false; rank]);
        // A window of one along a dim (the batch, the channels) adds nothing there: the result is
        // then indexed by the source loop alone, which par-materialize splits as a parallel dim.
        let at: Vec<AffineDim> = (0..rank)
            .map(|d| AffineDim {
                terms: if window[d] > 1 {
                    vec![(d, strides[d]), (rank + d, 1)]
                } else {
                    vec![(d, strides[d])]
                },
                offset: 0,
            })
            .collect();
        // Phase 1: per source point, the best value and its window position (row-major). Padding
        // never wins: it is read as "not a candidate".
        let padded = if low.iter().chain(&high).any(|&p| p != 0) {
            let zero = self.e.constant(&zero_literal(&operand.elem), &operand.elem);
            let along = self.e.along(&loops, &at);
            self.e
                .pad(&operand, &zero, [&low, &high, &vec![0; rank]], &along)?
        } else {
            operand.clone()
        };
        let first = self.e.constant(&zero_literal(&operand.elem), &operand.elem);
        let best = self.e.fill(&first, &source.shape, &operand.elem);
        let minus_one = self.e.constant("-1", "i64");
        let position = self.e.fill(&minus_one, &source.shape, "i64");
        let ins = vec![access(&padded, at.clone())];
        let outs = vec![
            access(&best, identity(rank)),
            access(&position, identity(rank)),
        ];
        let raw = self.op.to_raw();
        let elem = operand.elem.clone();
        let (window_c, low_c, sizes) = (window.clone(), low.clone(), operand.shape.clone());
        // Over the main op's loops: split as it is along the source dims.
        let phase_one = Attrs::Along(self.e.along(&loops, &identity(loops.len())));
        let selected = self
            .e
            .generic(&loops, &parallel, ins, outs, phase_one, |e, args| {
                let linear = window_position(e, rank, &window_c);
                let inside = inside_operand(e, rank, &strides, &low_c, &sizes);
                // Reuse region 0 (select): true when the current best should be kept.
                let keep = region_body(e, raw, 0, &[args[1].clone(), args[0].clone()])?;
                let none = e.fresh();
                let minus = e.constant("-1", "i64");
                e.line(format!(
                    "{none} = arith.cmpi eq, {}, {minus} : i64",
                    args[2]
                ));
                let not_keep = e.fresh();
                let t = e.constant("true", "i1");
                e.line(format!("{not_keep} = arith.xori {}, {t} : i1", keep[0]));
                let better = e.fresh();
                e.line(format!("{better} = arith.ori {none}, {not_keep} : i1"));
                let take = e.fresh();
                e.line(format!("{take} = arith.andi {better}, {inside} : i1"));
                let value = e.fresh();
                e.line(format!(
                    "{value} = arith.select {take}, {}, {} : {elem}",
                    args[0], args[1]
                ));
                let index = e.fresh();
                e.line(format!(
                    "{index} = arith.select {take}, {linear}, {} : i64",
                    args[2]
                ));
                Ok(vec![value, index])
            })?;
        let position = Value {
            name: selected[1].clone(),
            ty: tensor_type(&source.shape, "i64"),
            shape: source.shape.clone(),
            elem: "i64".into(),
        };
        // Phase 2: scatter into the padded result, then cut the padding away.
        let init_value = self.e.scalar_of(&init);
        let result_init = self.e.fill(&init_value, &padded_shape, &out.elem);
        let ins = vec![
            access(&source, identity(rank)),
            access(&position, identity(rank)),
        ];
        let result_along = self.e.along(&loops, &at);
        let outs = vec![access(&result_init, at)];
        let model = self.model().ok();
        // The scatter writes its result through strided windows, which par-materialize cannot cut
        // per task: a split strategy runs it whole on its first device (the argmax before it
        // stays split).
        let split = self
            .e
            .split
            .as_ref()
            .is_some_and(|s| s.config.degrees.iter().any(|&d| d > 1));
        let attrs = match self.e.device {
            Some(device) if split => Attrs::Main(one_device(loops.len(), device)),
            _ => Attrs::Main(self.main_attrs(model.as_ref(), &loops)),
        };
        let window_c = window.clone();
        let scattered = self
            .e
            .generic(&loops, &parallel, ins, outs, attrs, |e, args| {
                let linear = window_position(e, rank, &window_c);
                let hit = e.fresh();
                e.line(format!(
                    "{hit} = arith.cmpi eq, {linear}, {} : i64",
                    args[1]
                ));
                let combined = region_body(e, raw, 1, &[args[2].clone(), args[0].clone()])?;
                let chosen = e.fresh();
                e.line(format!(
                    "{chosen} = arith.select {hit}, {}, {} : {}",
                    combined[0], args[2], out.elem
                ));
                Ok(vec![chosen])
            })?;
        if padded_shape == out.shape {
            return Ok(scattered);
        }
        let name = self.e.fresh();
        let padded_ty = tensor_type(&padded_shape, &out.elem);
        let config =
            self.e
                .aux_config_along(&[scattered[0].as_str()], &name, &out.shape, &result_along);
        let config = if config.is_empty() {
            String::new()
        } else {
            format!(" {{{config}}}")
        };
        self.e.line(format!(
            "{name} = tensor.extract_slice {}[{}] [{}] [{}]{config} : {padded_ty} to {}",
            scattered[0],
            int_list(&low),
            int_list(&out.shape.iter().map(|&d| d as i64).collect::<Vec<_>>()),
            int_list(&vec![1; rank]),
            out.ty
        ));
        Ok(vec![name])
    }

    fn op_int(&self, key: &str, default: i64) -> Result<i64, String> {
        stablehlo::Op::new(self.op)?.int(key, default)
    }
}

impl Emit {
    /// `value` padded by `low`/`high` (negative: cut) and `interior` with the scalar `pad` (an
    /// auxiliary op whose dims run `along` the main op's loops, as the main op reads the padded
    /// value: a convolution's pad follows its batch and channel split; padded dims are whole).
    fn pad(
        &mut self,
        value: &Value,
        pad: &str,
        [low, high, interior]: [&[i64]; 3],
        along: &[Option<usize>],
    ) -> Result<Value, String> {
        self.pad_main(value, pad, [low, high, interior], along, String::new())
    }

    /// As [`Emit::pad`]; the last op gets `attrs` when given, else an auxiliary configuration.
    fn pad_main(
        &mut self,
        value: &Value,
        pad: &str,
        [low, high, interior]: [&[i64]; 3],
        along: &[Option<usize>],
        attrs: String,
    ) -> Result<Value, String> {
        let rank = value.shape.len();
        if interior.iter().any(|&i| i < 0) {
            return Err("negative interior padding".into());
        }
        // A padded dim is not the main op's loop: computed whole.
        let along: Vec<Option<usize>> = (0..rank)
            .map(|d| {
                let unpadded = low[d] == 0 && high[d] == 0 && interior[d] == 0;
                along.get(d).copied().flatten().filter(|_| unpadded)
            })
            .collect();
        let mut value = value.clone();
        let negative = low.iter().chain(high).any(|&p| p < 0);
        if negative && interior.iter().any(|&i| i != 0) {
            // Interior padding first, then the negative edges cut from its result.
            let grown: Vec<i64> = low.iter().map(|&l| l.max(0)).collect();
            let grown_high: Vec<i64> = high.iter().map(|&h| h.max(0)).collect();
            let padded =
                self.pad_main(&value, pad, [&grown, &grown_high, interior], &along, attrs)?;
            let offsets: Vec<i64> = low.iter().map(|&l| (-l).max(0)).collect();
            let sizes = (0..rank)
                .map(|d| {
                    let size = padded.shape[d] as i64 - offsets[d] - (-high[d]).max(0);
                    u64::try_from(size).ok().filter(|&s| s > 0)
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or("padding removes every element")?;
            return Ok(self.extract_slice(&padded, &offsets, &sizes));
        }
        // Negative edges cut the operand first.
        if negative {
            let offsets: Vec<i64> = low.iter().map(|&l| (-l).max(0)).collect();
            let sizes = (0..rank)
                .map(|d| {
                    let size = value.shape[d] as i64 - offsets[d] - (-high[d]).max(0);
                    u64::try_from(size).ok().filter(|&s| s > 0)
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or("padding removes every element")?;
            value = self.extract_slice(&value, &offsets, &sizes);
        }
        let low: Vec<i64> = low.iter().map(|&l| l.max(0)).collect();
        let high: Vec<i64> = high.iter().map(|&h| h.max(0)).collect();
        let shape: Vec<u64> = (0..rank)
            .map(|d| {
                let n = value.shape[d] as i64;
                (n + (n - 1) * interior[d] + low[d] + high[d]) as u64
            })
            .collect();
        if interior.iter().all(|&i| i == 0) {
            let name = self.fresh();
            let ty = tensor_type(&shape, &value.elem);
            let attrs = if attrs.is_empty() {
                self.aux_config_along(&[value.name.as_str()], &name, &shape, &along)
            } else {
                attrs
            };
            let attrs = if attrs.is_empty() {
                String::new()
            } else {
                format!(" {{{attrs}}}")
            };
            let indices: Vec<String> = (0..rank)
                .map(|k| format!("%i{}_{k}: index", self.next))
                .collect();
            self.line(format!(
                "{name} = tensor.pad {} low[{}] high[{}] {{\n^bb0({}):\ntensor.yield {pad} : {}\n}}{attrs} : {} to {ty}",
                value.name,
                int_list(&low),
                int_list(&high),
                indices.join(", "),
                value.elem,
                value.ty
            ));
            return Ok(Value {
                name,
                ty,
                shape,
                elem: value.elem.clone(),
            });
        }
        // Interior padding: write the operand at d*(interior+1) + low into a fill.
        let fill = self.fill(pad, &shape, &value.elem);
        let map: Vec<AffineDim> = (0..rank)
            .map(|d| AffineDim {
                terms: vec![(d, interior[d] + 1)],
                offset: low[d],
            })
            .collect();
        let parallel = vec![true; rank];
        let loops = value.shape.clone();
        let attrs = if attrs.is_empty() {
            Attrs::Along(along)
        } else {
            Attrs::Main(attrs)
        };
        let results = self.generic(
            &loops,
            &parallel,
            vec![access(&value, identity(rank))],
            vec![access(&fill, map)],
            attrs,
            |_, args| Ok(vec![args[0].clone()]),
        )?;
        Ok(Value {
            name: results[0].clone(),
            ..fill
        })
    }
}

/// Row-major position (i64) of the window point of loops `rank..2*rank` among `window`.
fn window_position(e: &mut Emit, rank: usize, window: &[i64]) -> String {
    let mut linear = e.constant("0", "index");
    for (d, size) in window.iter().enumerate().take(rank) {
        let w = e.fresh();
        e.line(format!("{w} = linalg.index {} : index", rank + d));
        let size = e.constant(&size.to_string(), "index");
        let scaled = e.fresh();
        e.line(format!("{scaled} = arith.muli {linear}, {size} : index"));
        let next = e.fresh();
        e.line(format!("{next} = arith.addi {scaled}, {w} : index"));
        linear = next;
    }
    let cast = e.fresh();
    e.line(format!("{cast} = arith.index_cast {linear} : index to i64"));
    cast
}

/// Whether the padded position `s*stride + w` of loops (`d`, `rank + d`) lies inside the operand.
fn inside_operand(
    e: &mut Emit,
    rank: usize,
    strides: &[i64],
    low: &[i64],
    sizes: &[u64],
) -> String {
    let mut all = e.constant("true", "i1");
    for d in 0..rank {
        let s = e.fresh();
        e.line(format!("{s} = linalg.index {d} : index"));
        let w = e.fresh();
        e.line(format!("{w} = linalg.index {} : index", rank + d));
        let stride = e.constant(&strides[d].to_string(), "index");
        let p = e.fresh();
        e.line(format!("{p} = arith.muli {s}, {stride} : index"));
        let q = e.fresh();
        e.line(format!("{q} = arith.addi {p}, {w} : index"));
        let lo = e.constant(&low[d].to_string(), "index");
        let hi = e.constant(&(low[d] + sizes[d] as i64).to_string(), "index");
        let ge = e.fresh();
        e.line(format!("{ge} = arith.cmpi sge, {q}, {lo} : index"));
        let lt = e.fresh();
        e.line(format!("{lt} = arith.cmpi slt, {q}, {hi} : index"));
        let both = e.fresh();
        e.line(format!("{both} = arith.andi {ge}, {lt} : i1"));
        let next = e.fresh();
        e.line(format!("{next} = arith.andi {all}, {both} : i1"));
        all = next;
    }
    all
}

/// `i1`: every index component `indices[j]` (clamped into `[0, bound]` when `clamp`) equals the
/// value of its loop `bounds[j].0`.
fn index_match(
    e: &mut Emit,
    indices: &[String],
    index_elem: &str,
    bounds: &[(usize, i64)],
    clamp: bool,
) -> String {
    let mut all = e.constant("true", "i1");
    for (index, &(k, bound)) in indices.iter().zip(bounds) {
        let cast = e.fresh();
        e.line(format!(
            "{cast} = arith.index_cast {index} : {index_elem} to index"
        ));
        let mut value = cast;
        if clamp {
            let zero = e.constant("0", "index");
            let top = e.constant(&bound.to_string(), "index");
            let lower = e.fresh();
            e.line(format!("{lower} = arith.maxsi {value}, {zero} : index"));
            let upper = e.fresh();
            e.line(format!("{upper} = arith.minsi {lower}, {top} : index"));
            value = upper;
        }
        let position = e.fresh();
        e.line(format!("{position} = linalg.index {k} : index"));
        let equal = e.fresh();
        e.line(format!(
            "{equal} = arith.cmpi eq, {value}, {position} : index"
        ));
        let next = e.fresh();
        e.line(format!("{next} = arith.andi {all}, {equal} : i1"));
        all = next;
    }
    all
}

/// `acc + convert(a) * convert(b)` in the result's element type.
fn multiply_add(
    e: &mut Emit,
    a: &str,
    b: &str,
    acc: &str,
    elems: &[String; 2],
    out: &str,
) -> Result<String, String> {
    let a = convert(e, a, &elems[0], out)?;
    let b = convert(e, b, &elems[1], out)?;
    let (mul, add) = if is_float(out) {
        ("mulf", "addf")
    } else if out == "i1" {
        ("andi", "ori")
    } else {
        ("muli", "addi")
    };
    let product = e.fresh();
    e.line(format!("{product} = arith.{mul} {a}, {b} : {out}"));
    let sum = e.fresh();
    e.line(format!("{sum} = arith.{add} {acc}, {product} : {out}"));
    Ok(sum)
}

fn zero_literal(elem: &str) -> String {
    if is_float(elem) {
        "0.0".into()
    } else if elem == "i1" {
        "false".into()
    } else {
        "0".into()
    }
}

fn one_literal(elem: &str) -> String {
    if is_float(elem) {
        "1.0".into()
    } else if elem == "i1" {
        "true".into()
    } else {
        "1".into()
    }
}

/// The `index` value converted to `elem`.
fn from_index(e: &mut Emit, index: &str, elem: &str) -> String {
    let wide = e.fresh();
    e.line(format!("{wide} = arith.index_cast {index} : index to i64"));
    if elem == "i64" {
        return wide;
    }
    let name = e.fresh();
    if is_float(elem) {
        e.line(format!("{name} = arith.sitofp {wide} : i64 to {elem}"));
    } else {
        e.line(format!("{name} = arith.trunci {wide} : i64 to {elem}"));
    }
    name
}

/// The value of a rank-0 integer constant (`stablehlo.constant`/`arith.constant`).
fn constant_scalar(value: MlirValue) -> Option<i64> {
    let def = ir::defining_op(value)?;
    let text = attribute_text(def, "value")?;
    let inner = text.strip_prefix("dense<")?.split('>').next()?;
    inner.trim().parse().ok()
}

/// The reassociation groups of `fine` dims per `coarse` dim when `fine` only splits the dims of
/// `coarse` (unit dims of `fine` join the group before them, or the first group); `None` otherwise.
fn reassociation(coarse: &[u64], fine: &[u64]) -> Option<Vec<Vec<i64>>> {
    if coarse.is_empty() {
        return fine.iter().all(|&d| d == 1).then(Vec::new);
    }
    let mut groups: Vec<Vec<i64>> = Vec::new();
    let mut j = 0;
    for &size in coarse {
        let mut group = Vec::new();
        let mut product = 1u64;
        while j < fine.len() && (product < size || (group.is_empty() && fine[j] == 1 && size == 1))
        {
            product = product.saturating_mul(fine[j]);
            group.push(j as i64);
            j += 1;
            if product == size && size != 1 {
                break;
            }
        }
        if product != size || group.is_empty() {
            return None;
        }
        groups.push(group);
    }
    // Trailing unit dims join the last group.
    while j < fine.len() {
        if fine[j] != 1 {
            return None;
        }
        groups.last_mut()?.push(j as i64);
        j += 1;
    }
    Some(groups)
}

/// The scalar body of region `index` of `op` (StableHLO ops on rank-0 tensors) on `args`; returns
/// the values of its `stablehlo.return`.
/// `add`, `max` or `min` when a one-result scatter's update body is that op of the current value and
/// the update (in either order), so that updates landing on one element combine associatively.
fn scatter_combiner(op: MlirOperation) -> Option<&'static str> {
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) };
    if block.ptr.is_null() || unsafe { mlirBlockGetNumArguments(block) } != 2 {
        return None;
    }
    let ops = unsafe { ir::block_ops(block) };
    let [combine, ret] = ops.as_slice() else {
        return None;
    };
    let name = ir::op_name(*combine);
    let kind = match name.as_str() {
        "stablehlo.add" => "add",
        "stablehlo.maximum" => "max",
        "stablehlo.minimum" => "min",
        _ => return None,
    };
    let is_arg = |value: mlir_sys::MlirValue, i: isize| unsafe {
        mlir_sys::mlirValueIsABlockArgument(value)
            && mlir_sys::mlirBlockArgumentGetOwner(value).ptr == block.ptr
            && mlir_sys::mlirBlockArgumentGetArgNumber(value) == i
    };
    let (a, b, returned) = unsafe {
        if mlir_sys::mlirOperationGetNumOperands(*combine) != 2
            || mlir_sys::mlirOperationGetNumOperands(*ret) != 1
        {
            return None;
        }
        (
            mlir_sys::mlirOperationGetOperand(*combine, 0),
            mlir_sys::mlirOperationGetOperand(*combine, 1),
            mlir_sys::mlirOperationGetOperand(*ret, 0),
        )
    };
    let returns_it = ir::defining_op(returned).is_some_and(|def| def.ptr == combine.ptr);
    ((is_arg(a, 0) && is_arg(b, 1) || is_arg(a, 1) && is_arg(b, 0)) && returns_it).then_some(kind)
}

fn region_body(
    e: &mut Emit,
    op: MlirOperation,
    index: isize,
    args: &[String],
) -> Result<Vec<String>, String> {
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, index)) };
    if block.ptr.is_null() {
        return Err("the op has no body".into());
    }
    let count = unsafe { mlirBlockGetNumArguments(block) };
    if count as usize != args.len() {
        return Err(format!(
            "the body takes {count} arguments, expected {}",
            args.len()
        ));
    }
    let mut names: HashMap<usize, String> = HashMap::new();
    for i in 0..count {
        names.insert(
            ir::value_key(unsafe { mlirBlockGetArgument(block, i) }),
            args[i as usize].clone(),
        );
    }
    let mut next = unsafe { mlirBlockGetFirstOperation(block) };
    while !next.ptr.is_null() {
        let nested = unsafe { OperationRef::from_raw(next) };
        let name = crate::op_name(&nested);
        let operands: Vec<String> = nested
            .operands()
            .map(|v| {
                names
                    .get(&ir::value_key(v.to_raw()))
                    .cloned()
                    .ok_or_else(|| format!("'{name}' in the body reads a value from outside it"))
            })
            .collect::<Result<_, _>>()?;
        if name == "stablehlo.return" || name == "func.return" {
            return Ok(operands);
        }
        let elems: Vec<String> = nested
            .operands()
            .map(|v| element_text(v.r#type().to_raw()))
            .collect();
        let result = nested
            .result(0)
            .map_err(|_| format!("'{name}' in the body has no result"))?;
        let elem = element_text(result.r#type().to_raw());
        let value = if name == "stablehlo.constant" {
            let text = attribute_text(next, "value").unwrap_or_default();
            let literal = text
                .strip_prefix("dense<")
                .and_then(|t| t.split('>').next())
                .filter(|l| !l.starts_with('"'))
                .ok_or_else(|| format!("cannot read the constant {text} in the body"))?;
            e.constant(literal, &elem)
        } else {
            let mnemonic = match name.split_once('.') {
                Some(("stablehlo" | "chlo", m)) if nested.result_count() == 1 => m.to_string(),
                _ => return Err(format!("'{name}' in the body has no lowering to linalg")),
            };
            scalar(e, &mnemonic, next, &operands, &elems, &elem)?
        };
        names.insert(ir::value_key(result.to_raw()), value);
        next = unsafe { mlirOperationGetNextInBlock(next) };
    }
    Err("the body has no terminator".into())
}

/// `value` of element type `from` converted to `to` (StableHLO `convert`).
fn convert(e: &mut Emit, value: &str, from: &str, to: &str) -> Result<String, String> {
    if from == to {
        return Ok(value.to_string());
    }
    let name = e.fresh();
    let line = match (is_float(from), is_float(to)) {
        (true, true) if width(from) < width(to) => format!("arith.extf {value} : {from} to {to}"),
        (true, true) => format!("arith.truncf {value} : {from} to {to}"),
        (false, true) if from == "i1" => format!("arith.uitofp {value} : {from} to {to}"),
        (false, true) => format!("arith.sitofp {value} : {from} to {to}"),
        (true, false) if to == "i1" => {
            let zero = e.constant("0.0", from);
            format!("arith.cmpf une, {value}, {zero} : {from}")
        }
        (true, false) => format!("arith.fptosi {value} : {from} to {to}"),
        (false, false) if to == "i1" => {
            let zero = e.constant("0", from);
            format!("arith.cmpi ne, {value}, {zero} : {from}")
        }
        (false, false) if from == "i1" => format!("arith.extui {value} : {from} to {to}"),
        (false, false) if width(from) < width(to) => {
            format!("arith.extsi {value} : {from} to {to}")
        }
        (false, false) => format!("arith.trunci {value} : {from} to {to}"),
    };
    e.line(format!("{name} = {line}"));
    Ok(name)
}

/// The scalar form of the elementwise StableHLO/CHLO op `mnemonic` (attributes read from `op`) on
/// `args` of element types `elems`, with result element type `out`.
fn scalar(
    e: &mut Emit,
    mnemonic: &str,
    op: MlirOperation,
    args: &[String],
    elems: &[String],
    out: &str,
) -> Result<String, String> {
    let t = elems.first().map(String::as_str).unwrap_or(out);
    let float = is_float(t);
    let arity = |n: usize| -> Result<(), String> {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!(
                "'{mnemonic}' expects {n} operands, found {}",
                args.len()
            ))
        }
    };
    let binary = |e: &mut Emit, op: &str| -> Result<String, String> {
        arity(2)?;
        let name = e.fresh();
        e.line(format!("{name} = {op} {}, {} : {t}", args[0], args[1]));
        Ok(name)
    };
    let unary = |e: &mut Emit, op: &str| -> Result<String, String> {
        arity(1)?;
        let name = e.fresh();
        e.line(format!("{name} = {op} {} : {t}", args[0]));
        Ok(name)
    };
    let unsupported = || format!("'{mnemonic}' on {t} has no lowering to linalg");
    // The op by element kind: float, integer, i1.
    let pick = |f: &'static str, i: &'static str, b: &'static str| -> &'static str {
        if float {
            f
        } else if t == "i1" {
            b
        } else {
            i
        }
    };
    let name = match mnemonic {
        "add" => binary(e, pick("arith.addf", "arith.addi", "arith.ori"))?,
        "subtract" => binary(e, pick("arith.subf", "arith.subi", "arith.xori"))?,
        "multiply" => binary(e, pick("arith.mulf", "arith.muli", "arith.andi"))?,
        "divide" => binary(e, pick("arith.divf", "arith.divsi", "arith.divui"))?,
        "remainder" => binary(e, pick("arith.remf", "arith.remsi", "arith.remui"))?,
        "maximum" => binary(e, pick("arith.maximumf", "arith.maxsi", "arith.maxui"))?,
        "minimum" => binary(e, pick("arith.minimumf", "arith.minsi", "arith.minui"))?,
        "power" if float => binary(e, "math.powf")?,
        "power" => binary(e, "math.ipowi")?,
        "atan2" if float => binary(e, "math.atan2")?,
        "and" if !float => binary(e, "arith.andi")?,
        "or" if !float => binary(e, "arith.ori")?,
        "xor" if !float => binary(e, "arith.xori")?,
        "shift_left" if !float => binary(e, "arith.shli")?,
        "shift_right_arithmetic" if !float => binary(e, "arith.shrsi")?,
        "shift_right_logical" if !float => binary(e, "arith.shrui")?,
        "not" if !float => {
            arity(1)?;
            let ones = e.constant(if t == "i1" { "true" } else { "-1" }, t);
            let name = e.fresh();
            e.line(format!("{name} = arith.xori {}, {ones} : {t}", args[0]));
            name
        }
        "negate" if float => unary(e, "arith.negf")?,
        "negate" => {
            arity(1)?;
            let zero = e.constant(&zero_literal(t), t);
            let name = e.fresh();
            e.line(format!("{name} = arith.subi {zero}, {} : {t}", args[0]));
            name
        }
        "abs" => unary(e, if float { "math.absf" } else { "math.absi" })?,
        "sign" => {
            arity(1)?;
            let zero = e.constant(&zero_literal(t), t);
            let one = e.constant(&one_literal(t), t);
            let minus = e.constant(if float { "-1.0" } else { "-1" }, t);
            let (gt, lt) = (e.fresh(), e.fresh());
            let cmp = if float {
                "arith.cmpf ogt"
            } else {
                "arith.cmpi sgt"
            };
            let cmp_lt = if float {
                "arith.cmpf olt"
            } else {
                "arith.cmpi slt"
            };
            e.line(format!("{gt} = {cmp}, {}, {zero} : {t}", args[0]));
            e.line(format!("{lt} = {cmp_lt}, {}, {zero} : {t}", args[0]));
            // NaN and zero keep their value.
            let low = e.fresh();
            e.line(format!(
                "{low} = arith.select {lt}, {minus}, {} : {t}",
                args[0]
            ));
            let name = e.fresh();
            e.line(format!("{name} = arith.select {gt}, {one}, {low} : {t}"));
            name
        }
        "floor" if float => unary(e, "math.floor")?,
        "ceil" if float => unary(e, "math.ceil")?,
        "round_nearest_even" if float => unary(e, "math.roundeven")?,
        "round_nearest_afz" if float => unary(e, "math.round")?,
        "exponential" if float => unary(e, "math.exp")?,
        "exponential_minus_one" if float => unary(e, "math.expm1")?,
        "log" if float => unary(e, "math.log")?,
        "log_plus_one" if float => unary(e, "math.log1p")?,
        "sqrt" if float => unary(e, "math.sqrt")?,
        "rsqrt" if float => unary(e, "math.rsqrt")?,
        "cbrt" if float => unary(e, "math.cbrt")?,
        "tanh" if float => unary(e, "math.tanh")?,
        "tan" if float => unary(e, "math.tan")?,
        "sine" if float => unary(e, "math.sin")?,
        "cosine" if float => unary(e, "math.cos")?,
        "erf" if float => unary(e, "math.erf")?,
        "erfc" if float => unary(e, "math.erfc")?,
        "sinh" if float => unary(e, "math.sinh")?,
        "cosh" if float => unary(e, "math.cosh")?,
        "asin" if float => unary(e, "math.asin")?,
        "acos" if float => unary(e, "math.acos")?,
        "atan" if float => unary(e, "math.atan")?,
        "asinh" if float => unary(e, "math.asinh")?,
        "acosh" if float => unary(e, "math.acosh")?,
        "atanh" if float => unary(e, "math.atanh")?,
        "popcnt" if !float => unary(e, "math.ctpop")?,
        "count_leading_zeros" if !float => unary(e, "math.ctlz")?,
        "is_finite" if float => unary(e, "math.isfinite")?,
        "is_inf" if float => unary(e, "math.isinf")?,
        "is_pos_inf" | "is_neg_inf" if float => {
            arity(1)?;
            let sign = if mnemonic == "is_pos_inf" { "" } else { "-" };
            let infinity = match width(t) {
                64 => format!("{sign}0x7FF0000000000000"),
                32 => format!("{sign}0x7F800000"),
                _ => return Err(unsupported()),
            };
            let limit = e.fresh();
            // Hex float literals carry no sign: negate +inf for -inf.
            e.line(format!(
                "{limit} = arith.constant {} : {t}",
                infinity.trim_start_matches('-')
            ));
            let limit = if sign.is_empty() {
                limit
            } else {
                let negated = e.fresh();
                e.line(format!("{negated} = arith.negf {limit} : {t}"));
                negated
            };
            let name = e.fresh();
            e.line(format!(
                "{name} = arith.cmpf oeq, {}, {limit} : {t}",
                args[0]
            ));
            name
        }
        "logistic" if float => {
            arity(1)?;
            let negated = e.fresh();
            e.line(format!("{negated} = arith.negf {} : {t}", args[0]));
            let exp = e.fresh();
            e.line(format!("{exp} = math.exp {negated} : {t}"));
            let one = e.constant("1.0", t);
            let sum = e.fresh();
            e.line(format!("{sum} = arith.addf {one}, {exp} : {t}"));
            let name = e.fresh();
            e.line(format!("{name} = arith.divf {one}, {sum} : {t}"));
            name
        }
        "square" => {
            arity(1)?;
            let name = e.fresh();
            let mul = pick("arith.mulf", "arith.muli", "arith.andi");
            e.line(format!("{name} = {mul} {}, {} : {t}", args[0], args[0]));
            name
        }
        "convert" => {
            arity(1)?;
            convert(e, &args[0], t, out)?
        }
        "bitcast_convert" if width(t) == width(out) => {
            arity(1)?;
            let name = e.fresh();
            e.line(format!("{name} = arith.bitcast {} : {t} to {out}", args[0]));
            name
        }
        "select" => {
            arity(3)?;
            let name = e.fresh();
            e.line(format!(
                "{name} = arith.select {}, {}, {} : {out}",
                args[0], args[1], args[2]
            ));
            name
        }
        "clamp" => {
            arity(3)?;
            let x_elem = &elems[1];
            let (max, min) = if is_float(x_elem) {
                ("arith.maximumf", "arith.minimumf")
            } else {
                ("arith.maxsi", "arith.minsi")
            };
            let lower = e.fresh();
            e.line(format!(
                "{lower} = {max} {}, {} : {x_elem}",
                args[1], args[0]
            ));
            let name = e.fresh();
            e.line(format!("{name} = {min} {lower}, {} : {x_elem}", args[2]));
            name
        }
        "compare" => {
            arity(2)?;
            compare(e, op, args, t)?
        }
        _ => return Err(unsupported()),
    };
    Ok(name)
}

/// `stablehlo.compare` on scalars: `comparison_direction` and `compare_type` (default by type).
fn compare(e: &mut Emit, op: MlirOperation, args: &[String], t: &str) -> Result<String, String> {
    let direction_text = attribute_text(op, "comparison_direction")
        .ok_or("'compare' has no comparison_direction")?;
    let direction = ["EQ", "NE", "GE", "GT", "LE", "LT"]
        .into_iter()
        .find(|d| direction_text.contains(&format!("comparison_direction {d}")))
        .ok_or_else(|| format!("cannot read comparison direction {direction_text}"))?;
    let kind = attribute_text(op, "compare_type").unwrap_or_default();
    let unsigned = kind.contains("UNSIGNED") || t == "i1";
    let predicate = if is_float(t) {
        match direction {
            "EQ" => "oeq",
            "NE" => "une",
            "GE" => "oge",
            "GT" => "ogt",
            "LE" => "ole",
            _ => "olt",
        }
    } else {
        match (direction, unsigned) {
            ("EQ", _) => "eq",
            ("NE", _) => "ne",
            ("GE", false) => "sge",
            ("GT", false) => "sgt",
            ("LE", false) => "sle",
            ("LT", false) => "slt",
            ("GE", true) => "uge",
            ("GT", true) => "ugt",
            ("LE", true) => "ule",
            _ => "ult",
        }
    };
    let name = e.fresh();
    let cmp = if is_float(t) {
        "arith.cmpf"
    } else {
        "arith.cmpi"
    };
    e.line(format!(
        "{name} = {cmp} {predicate}, {}, {} : {t}",
        args[0], args[1]
    ));
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reassociation_of_splits_and_merges() {
        assert_eq!(reassociation(&[64], &[1, 64]), Some(vec![vec![0, 1]]));
        assert_eq!(
            reassociation(&[2, 16, 64], &[2, 16, 4, 16]),
            Some(vec![vec![0], vec![1], vec![2, 3]])
        );
        assert_eq!(
            reassociation(&[8, 1], &[8, 1]),
            Some(vec![vec![0], vec![1]])
        );
        assert_eq!(reassociation(&[], &[1, 1]), Some(vec![]));
        assert_eq!(reassociation(&[6, 4], &[4, 6]), None);
        assert_eq!(reassociation(&[64], &[64, 1]), Some(vec![vec![0, 1]]));
    }

    #[test]
    fn affine_text() {
        let s = AffineDim {
            terms: vec![(0, 2), (3, -1)],
            offset: -4,
        };
        assert_eq!(expr_text(&s), "d0 * 2 + d3 * -1 - 4");
        assert_eq!(expr_text(&AffineDim::constant(0)), "0");
        assert_eq!(map_text(0, &[]), "affine_map<() -> ()>");
    }

    #[test]
    fn first_device_of_config() {
        assert_eq!(
            first_device("#par.config<array<i64: 1, 2>, array<i64: 3, 1>>"),
            Some(3)
        );
    }

    fn split(degrees: &[u64], devices: &[u32], loops: &[u64]) -> Split {
        Split {
            config: Config {
                degrees: degrees.to_vec(),
                devices: devices.iter().map(|&d| flexc_core::DeviceId(d)).collect(),
            },
            loops: loops.to_vec(),
        }
    }

    fn devices(config: &Config) -> Vec<u32> {
        config.devices.iter().map(|d| d.0).collect()
    }

    #[test]
    fn auxiliary_ops_follow_the_main_split() {
        // A convolution over (b, oh, ow, oc, ic, kh, kw) split 2 x 2 along b and ic on devices
        // 3, 2, 1, 0; its NHWC input's pad runs along (b, -, -, ic).
        let conv = split(
            &[2, 1, 1, 1, 2, 1, 1],
            &[3, 2, 1, 0],
            &[4, 6, 6, 2, 4, 3, 3],
        );
        let along = [Some(0), None, None, Some(4)];
        let pad = conv.follow(&[4, 8, 8, 4], &along).unwrap();
        assert_eq!(pad.degrees, vec![2, 1, 1, 2]);
        assert_eq!(devices(&pad), vec![3, 2, 1, 0]);
        // Split along the output features only: nothing to follow, the first device.
        let conv = split(&[1, 1, 1, 2, 1, 1, 1], &[1, 0], &[4, 6, 6, 2, 4, 3, 3]);
        let pad = conv.follow(&[4, 8, 8, 4], &along).unwrap();
        assert_eq!((pad.degrees.clone(), devices(&pad)), (vec![1; 4], vec![1]));
        // b and oc split: the pad follows b, on the devices of the tasks with oc = 0.
        let conv = split(
            &[2, 1, 1, 2, 1, 1, 1],
            &[0, 1, 2, 3],
            &[4, 6, 6, 2, 4, 3, 3],
        );
        let pad = conv.follow(&[4, 8, 8, 4], &along).unwrap();
        assert_eq!(
            (pad.degrees.clone(), devices(&pad)),
            (vec![2, 1, 1, 1], vec![0, 2])
        );
        // A degree that does not divide the dim, a loop followed twice: split once, where it fits.
        let conv = split(&[2, 1], &[0, 1], &[4, 4]);
        let twice = conv
            .follow(&[4, 4, 3], &[Some(0), Some(0), Some(0)])
            .unwrap();
        assert_eq!(twice.degrees, vec![2, 1, 1]);
        let odd = conv.follow(&[3], &[Some(0)]).unwrap();
        assert_eq!((odd.degrees.clone(), devices(&odd)), (vec![1], vec![0]));
        // Replicated: replicated. A configuration that does not fit its loops: none.
        let replicated = split(&[1, 1], &[0, 1], &[4, 4]);
        let aux = replicated.follow(&[4], &[Some(0)]).unwrap();
        assert_eq!((aux.degrees.clone(), devices(&aux)), (vec![1], vec![0, 1]));
        assert!(split(&[2], &[0, 1], &[4, 4])
            .follow(&[4], &[Some(0)])
            .is_none());
        assert!(split(&[2, 1], &[0], &[4, 4])
            .follow(&[4], &[Some(0)])
            .is_none());
    }

    #[test]
    fn followed_loops() {
        let loops = [4, 6, 1, 3];
        assert_eq!(followed_loop(&AffineDim::dim(1), &loops), Some(1));
        // A pooling window of one along the batch.
        let pooled = AffineDim {
            terms: vec![(0, 1), (2, 1)],
            offset: 0,
        };
        assert_eq!(followed_loop(&pooled, &loops), Some(0));
        let window = AffineDim::window(1, 1, 3, 1, 0);
        assert_eq!(followed_loop(&window, &loops), None);
        let strided = AffineDim {
            terms: vec![(1, 2)],
            offset: 0,
        };
        assert_eq!(followed_loop(&strided, &loops), None);
        let shifted = AffineDim {
            terms: vec![(1, 1)],
            offset: 1,
        };
        assert_eq!(followed_loop(&shifted, &loops), None);
    }
}
