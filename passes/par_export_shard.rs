//! `par-export-shard`: the strategy (`#par.config` on every graph op) written in MLIR's upstream `shard`
//! dialect instead of `par` attributes, so that plain `mlir-opt` partitions the module:
//! `mlir-opt-22 --pass-pipeline='builtin.module(func.func(shard-partition))'` (with
//! `--allow-unregistered-dialect` for StableHLO). The driver's `--emit=shard` runs it ([`export`], on
//! the imported graph ops).
//!
//! **What upstream can take.** MLIR 22's partitioner is narrow, and crashes rather than refusing
//! outside it, so the export keeps to what it handles (every small model's searched and baseline
//! strategies partition with exit 0, `tests/flexc.rs`):
//! - one 1-D grid for the module, `@grid_<n>`: upstream cannot move values between grids, and it
//!   reshards a value over one grid axis only (a split over two axes comes out half done). `n` is the
//!   task count most split ops have; an op with another count or with several split loops is left
//!   replicated. Upstream's SPMD form runs every op on the whole grid: flexc's device placement (which
//!   devices run which task) is not kept, only the splits;
//! - split ops are linalg structured ops whose indexing maps are projected permutations (upstream has
//!   no sharding rule for convolutions, pooling, reshapes, pads, slices or StableHLO ops): another op
//!   with a split configuration is left replicated;
//! - every tensor value is annotated (`sharding-propagation` is not run: it refuses any op without a
//!   sharding rule, and the partitioner crashes on gaps): each function argument and op result where it
//!   is defined, each operand for its user. A split op's operands and results carry its split (a
//!   `tensor.empty` init gets a copy of its own); every other op reads and writes replicated values,
//!   so the partitioner gathers split values before it and copies it whole; a linalg op upstream
//!   cannot partition is wrapped in `scf.execute_region`, which the partitioner copies whole instead of
//!   asking the op's rule.
//!
//! **Tensor shardings.** For every result of a split op, and every operand it reads, the tensor dim `j`
//! indexed (in the op family's access, `crate::family::model_of`) by exactly the split loop `k` gets
//! split axis `[0]`, and so does a reshape's merged dim whose outermost (row-major) term is `k` (the
//! family's [`OpFamily::shard_axes`](crate::family::OpFamily::shard_axes)); dims indexed by no split loop
//! are not split.
//!
//! **Reduction splits.** MLIR 22's `shard.sharding` has no partial axes, so a split reduction loop shows
//! only in the operand shardings (split along the contraction dim); the result is annotated without that
//! axis and the partitioner inserts the `shard.all_reduce` that sums the partial results.
//!
//! **Left replicated** (listed in a warning naming each op and why; with the option
//! `unsupported=error`, an error at each op whose configuration is not an SPMD split instead): ops that
//! place several tasks on one device, ops no family models (opaque), ops with a tensor dim indexed by a
//! split loop with an offset, a stride, other loops beside it (a convolution's halo) or a size other than
//! the loop's, or by a sum of several split loops, and the upstream limits above. Ops of one task are
//! replicated without a warning (in SPMD form every device computes them). Every `par.*` attribute is
//! removed, so the output needs no `par` dialect.

use crate::{
    family::{
        self,
        shard::{axes_text, grid_name, grid_of},
        SplitAxes,
    },
    ir, Diagnosed, OptionKind, Options, PassId, PassInfo, PassOption,
};
use flexc_core::{AffineDim, Config, DeviceId};
use flexc_dialects::{names, ConfigAttr};
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::{MlirAttribute, MlirBlock, MlirContext, MlirOperation, MlirType, MlirValue};
use std::collections::{BTreeMap, HashMap, HashSet};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-export-shard",
    summary: "Rewrite the #par.config strategy as upstream shard dialect annotations (shard.grid, shard.sharding, shard.shard), par.* attributes removed",
    options: &[PassOption {
        name: "unsupported",
        help: "ops whose configuration is not an SPMD split over a device grid: leave them replicated with a warning, or fail with an error at each",
        default: "warn",
        kind: OptionKind::OneOf(&["warn", "error"]),
    }],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    let ops = program_ops(module.to_raw());
    let strict = options.get("unsupported") == "error";
    if strict {
        check_expressible(&ops).map_err(drop)?;
    }
    match export(module.to_raw(), &ops) {
        Ok(report) => {
            // The C API cannot emit warnings: the pass prints its own, as the driver does.
            eprint!("{}", report.warning(INFO.argument));
            Ok(())
        }
        Err(message) => {
            crate::emit_error(module.location(), &message);
            Err(())
        }
    }
}

/// Every op whose configuration cannot be exported, as an error at the op (`unsupported=error`).
fn check_expressible(ops: &[MlirOperation]) -> Result<(), Diagnosed> {
    let mut failed = false;
    for &op in ops {
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let reason = match config_of(&op_ref) {
            Ok(Some(config)) => plan(op, &config).err(),
            Ok(None) => None,
            Err(message) => Some(message),
        };
        if let Some(reason) = reason {
            crate::emit_error(
                op_ref.location(),
                &format!(
                    "'{}' op: its par.config cannot be exported to the shard dialect: {reason}",
                    crate::op_name(&op_ref)
                ),
            );
            failed = true;
        }
    }
    if failed {
        Err(Diagnosed)
    } else {
        Ok(())
    }
}

/// The `#par.config` of `op`, if it has one.
fn config_of(op: &OperationRef<'_, '_>) -> Result<Option<Config>, String> {
    match op.attribute(names::CONFIG_ATTR) {
        Ok(attribute) => <Config as ConfigAttr>::parse(&attribute.to_string())
            .map(Some)
            .map_err(|e| format!("a malformed par.config: {e}")),
        Err(_) => Ok(None),
    }
}

/// The ops of the module in the importer's program order: the top-level ops of every public
/// function's body, a `func.call`'s callee body in place of the call (64 levels at most).
pub fn program_ops(module: MlirOperation) -> Vec<MlirOperation> {
    let functions: HashMap<String, MlirOperation> = ir::top_level_ops(module)
        .into_iter()
        .filter(|&op| ir::op_name(op) == "func.func")
        .map(|op| (ir::symbol_name(op), op))
        .collect();
    let mut ops = Vec::new();
    for function in ir::top_level_ops(module) {
        let public = !unsafe { OperationRef::from_raw(function) }
            .attribute("sym_visibility")
            .is_ok_and(|v| v.to_string().contains("private"));
        if ir::op_name(function) == "func.func" && public {
            function_ops(function, &functions, 0, &mut ops);
        }
    }
    ops
}

fn function_ops(
    function: MlirOperation,
    functions: &HashMap<String, MlirOperation>,
    depth: usize,
    ops: &mut Vec<MlirOperation>,
) {
    let block =
        unsafe { mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(function, 0)) };
    if block.ptr.is_null() {
        return;
    }
    for op in unsafe { ir::block_ops(block) } {
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let callee = (ir::op_name(op) == "func.call")
            .then(|| op_ref.attribute("callee").ok())
            .flatten()
            .and_then(|a| ir::flat_symbol(a.to_raw()))
            .and_then(|name| functions.get(&name));
        match callee {
            Some(&callee) if depth < 64 => function_ops(callee, functions, depth + 1, ops),
            _ => ops.push(op),
        }
    }
}

/// What `write` did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Grid shapes declared.
    pub grids: Vec<Vec<u64>>,
    /// Ops annotated.
    pub annotated: usize,
    /// Ops left replicated because their configuration is not expressible: location, name, reason.
    pub unsupported: Vec<(String, String, String)>,
}

impl Report {
    /// The warning text for `unsupported` (empty when there is none), naming `what` ran the export
    /// (`--emit=shard`, `par-export-shard`).
    pub fn warning(&self, what: &str) -> String {
        if self.unsupported.is_empty() {
            return String::new();
        }
        let mut text = format!(
            "flexc: warning: {what}: {} ops left replicated (not an SPMD split over the grid, or beyond MLIR 22's shard-partition):\n",
            self.unsupported.len()
        );
        for (location, name, reason) in &self.unsupported {
            text.push_str(&format!("  {location}: '{name}': {reason}\n"));
        }
        text
    }
}

/// A grid: its shape and the device of each process.
type GridKey = (Vec<u64>, Vec<DeviceId>);

/// One op's annotations.
struct Plan {
    op: MlirOperation,
    grid: GridKey,
    results: Vec<Option<SplitAxes>>,
    operands: Vec<Option<SplitAxes>>,
}

fn static_shape(ty: MlirType) -> Option<Vec<u64>> {
    crate::ir::tensor_shape(ty)
        .filter(|s| s.is_static())
        .map(|s| s.static_dims())
        .filter(|s| !s.is_empty())
}

fn plan(op: MlirOperation, config: &Config) -> Result<Option<Plan>, String> {
    let Some((shape, axis_of)) = grid_of(config)? else {
        return Ok(None);
    };
    let op_ref = unsafe { OperationRef::from_raw(op) };
    let (family, import) = family::model_of(&op_ref, &crate::op_name(&op_ref));
    let (Some(family), Some(model)) = (family, import.model()) else {
        return Err("no access model (an opaque op)".to_string());
    };
    if model.loops.len() != config.degrees.len() {
        return Err(format!(
            "{} loops but a configuration of {} degrees",
            model.loops.len(),
            config.degrees.len()
        ));
    }
    let axes = |access: &[AffineDim], shape: &[u64]| {
        family.shard_axes(access, shape, &model.loops, &axis_of)
    };
    let mut results = Vec::new();
    for (r, access) in model.outputs.iter().enumerate() {
        let ty =
            unsafe { mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, r as isize)) };
        results.push(match static_shape(ty) {
            Some(s) => Some(axes(access, &s)?),
            None => None,
        });
    }
    let mut operands = Vec::new();
    for (i, access) in model.inputs.iter().enumerate() {
        let ty = unsafe {
            mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(op, i as isize))
        };
        operands.push(match (access, static_shape(ty)) {
            (Some(access), Some(s)) => Some(axes(access, &s)?),
            _ => None,
        });
    }
    Ok(Some(Plan {
        op,
        grid: (shape, config.devices.clone()),
        results,
        operands,
    }))
}

/// Rewrites `module`: the `#par.config` of each of `ops` (graph ops in program order; repeats are
/// ignored) as `shard` annotations, `par.*` attributes removed. Ops without a `#par.config` are left as
/// they are. See the module doc.
pub fn export(module: MlirOperation, ops: &[MlirOperation]) -> Result<Report, String> {
    let context = unsafe { mlir_sys::mlirOperationGetContext(module) };
    unsafe {
        mlir_sys::mlirContextGetOrLoadDialect(context, melior::StringRef::new("shard").to_raw());
        mlir_sys::mlirContextGetOrLoadDialect(context, melior::StringRef::new("scf").to_raw());
    }
    let mut report = Report::default();
    let mut plans = Vec::new();
    let mut seen = HashSet::new();
    for &op in ops {
        if !seen.insert(op.ptr as usize) {
            continue;
        }
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let Some(config) = config_of(&op_ref)? else {
            continue;
        };
        let unsupported = |reason: String| {
            (
                family::location_text(&op_ref),
                crate::op_name(&op_ref),
                reason,
            )
        };
        match plan(op, &config) {
            Ok(Some(_)) if !upstream_partitions(op) => report
                .unsupported
                .push(unsupported(UPSTREAM_CANNOT.to_string())),
            Ok(Some(plan)) => plans.push(plan),
            Ok(None) => {}
            Err(reason) => report.unsupported.push(unsupported(reason)),
        }
    }
    // One 1-D grid for the whole module: values cannot move between grids upstream, and MLIR 22's
    // partitioner reshards a value over one grid axis only (a split over two axes comes out half
    // done). Its size is the task count most split ops have; the others are left replicated.
    let mut counts: BTreeMap<u64, usize> = BTreeMap::new();
    for plan in &plans {
        if let [n] = plan.grid.0[..] {
            *counts.entry(n).or_default() += 1;
        }
    }
    let grid: Vec<u64> = counts
        .iter()
        .max_by_key(|&(&n, &count)| (count, n))
        .map(|(&n, _)| vec![n])
        .unwrap_or_default();
    let mut on_grid = Vec::new();
    for mut plan in plans {
        if plan.grid.0 == grid {
            plan.grid = (grid.clone(), Vec::new());
            on_grid.push(plan);
            continue;
        }
        let op_ref = unsafe { OperationRef::from_raw(plan.op) };
        let shape: Vec<String> = plan.grid.0.iter().map(u64::to_string).collect();
        report.unsupported.push((
            family::location_text(&op_ref),
            crate::op_name(&op_ref),
            format!(
                "its {} split is not one split loop over the module's {}-device grid (MLIR 22's \
                 partitioner uses one grid per module and reshards over one grid axis only)",
                shape.join("x"),
                grid.first().copied().unwrap_or(0)
            ),
        ));
    }
    let plans = on_grid;
    let builder = Builder::new(context)?;
    if !plans.is_empty() {
        let name = declare_grid(&builder, module, &grid)?;
        let planned: HashMap<usize, &Plan> = plans.iter().map(|p| (p.op.ptr as usize, p)).collect();
        annotate_all(&builder, module, &name, &planned)?;
        report.annotated = plans.len();
        report.grids = vec![grid];
    }
    strip_par_attributes(module);
    Ok(report)
}

/// Why an op left replicated because of upstream's partitioner, not its configuration.
const UPSTREAM_CANNOT: &str =
    "MLIR 22's shard-partition has no rule for it (it partitions linalg ops \
     whose indexing maps are projected permutations only)";

/// Whether MLIR 22's `shard-partition` partitions `op` when its values are split: a linalg structured
/// op whose indexing maps are all projected permutations (convolutions, reshapes, pads, slices and
/// StableHLO ops are not).
fn upstream_partitions(op: MlirOperation) -> bool {
    ir::op_name(op).starts_with("linalg.") && linalg_projected(op) == Some(true)
}

/// Whether a linalg op's indexing maps are all projected permutations (`None`: it has none).
fn linalg_projected(op: MlirOperation) -> Option<bool> {
    let maps = ir::linalg_indexing_maps(op)?;
    Some(maps.iter().all(|(_, results)| {
        let mut dims = HashSet::new();
        results.iter().all(|expr| {
            expr.offset == 0 && matches!(expr.terms.as_slice(), [(d, 1)] if dims.insert(*d))
        })
    }))
}

/// Annotates every tensor value of every function: each block argument and op result where it is
/// defined, each operand for its user (MLIR 22's `shard-partition` alone, without
/// `sharding-propagation`, which refuses any op without a sharding rule, needs every value annotated
/// and crashes on gaps). Planned ops get their split (an init operand its result's), everything else
/// is replicated: the partitioner gathers split values before such ops and copies the ops whole. A
/// linalg op whose indexing maps upstream cannot partition (convolutions, pooling) is wrapped in an
/// `scf.execute_region`, which the partitioner copies whole instead of asking the op's sharding rule.
fn annotate_all(
    builder: &Builder,
    module: MlirOperation,
    grid: &str,
    planned: &HashMap<usize, &Plan>,
) -> Result<(), String> {
    let replicated = |value: MlirValue| -> Option<SplitAxes> {
        static_shape(unsafe { mlir_sys::mlirValueGetType(value) })
            .or_else(|| is_scalar_tensor(value).then(Vec::new))
            .map(|shape| vec![Vec::new(); shape.len()])
    };
    for function in ir::top_level_ops(module) {
        if ir::op_name(function) != "func.func" {
            continue;
        }
        let block = unsafe {
            mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(function, 0))
        };
        if block.ptr.is_null() {
            continue;
        }
        for a in 0..unsafe { mlir_sys::mlirBlockGetNumArguments(block) } {
            let value = unsafe { mlir_sys::mlirBlockGetArgument(block, a) };
            if let Some(axes) = replicated(value) {
                annotate_definition(builder, value, grid, &axes)?;
            }
        }
        for op in unsafe { ir::block_ops(block) } {
            let name = ir::op_name(op);
            if name.starts_with("shard.") {
                continue;
            }
            let plan = planned.get(&(op.ptr as usize));
            let operands = unsafe { mlir_sys::mlirOperationGetNumOperands(op) };
            let results = unsafe { mlir_sys::mlirOperationGetNumResults(op) };
            for i in 0..operands {
                let mut value = unsafe { mlir_sys::mlirOperationGetOperand(op, i) };
                let Some(whole) = replicated(value) else {
                    continue;
                };
                // A split op's own copy of a `tensor.empty` init, annotated only for it (MLIR 22
                // reshards a replicated init over one grid axis only).
                let source = ir::defining_op(value)
                    .filter(|&d| ir::op_name(d) == "shard.shard")
                    .map_or(value, |shard| unsafe {
                        mlir_sys::mlirOperationGetOperand(shard, 0)
                    });
                let empty = ir::defining_op(source).filter(|&d| ir::op_name(d) == "tensor.empty");
                if let (Some(empty), Some(_)) = (empty, plan) {
                    unsafe {
                        let copy = mlir_sys::mlirOperationClone(empty);
                        insert_before(block, op, copy);
                        value = mlir_sys::mlirOperationGetResult(copy, 0);
                    }
                }
                let init = i - (operands - results);
                let axes = match plan {
                    Some(plan) => plan.operands[i as usize]
                        .clone()
                        .or_else(|| {
                            (init >= 0)
                                .then(|| plan.results[init as usize].clone())
                                .flatten()
                        })
                        .unwrap_or(whole),
                    None => whole,
                };
                let sharding = builder.sharding(grid, &axes)?;
                let shard = builder.shard(value, sharding, true)?;
                unsafe {
                    insert_before(block, op, sharding);
                    insert_before(block, op, shard);
                    mlir_sys::mlirOperationSetOperand(
                        op,
                        i,
                        mlir_sys::mlirOperationGetResult(shard, 0),
                    );
                }
            }
            // Values an op reads inside its regions from outside it, for ops left whole.
            if plan.is_none() {
                gather_captures(builder, block, op, grid)?;
            }
            let op = if plan.is_none()
                && name.starts_with("linalg.")
                && linalg_projected(op) == Some(false)
            {
                builder.wrap_in_execute_region(op)?
            } else {
                op
            };
            for r in 0..results {
                let value = unsafe { mlir_sys::mlirOperationGetResult(op, r) };
                let Some(whole) = replicated(value) else {
                    continue;
                };
                let axes = plan
                    .and_then(|plan| plan.results[r as usize].clone())
                    .unwrap_or(whole);
                annotate_definition(builder, value, grid, &axes)?;
            }
        }
    }
    Ok(())
}

/// Whether `value` is a rank-0 tensor.
fn is_scalar_tensor(value: MlirValue) -> bool {
    crate::ir::tensor_shape(unsafe { mlir_sys::mlirValueGetType(value) })
        .is_some_and(|s| s.dims.is_empty())
}

/// Annotates replicated, for `op`, the tensor values its nested ops read from outside it.
fn gather_captures(
    builder: &Builder,
    block: MlirBlock,
    op: MlirOperation,
    grid: &str,
) -> Result<(), String> {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut nested_ops = Vec::new();
    unsafe { OperationRef::from_raw(op) }.walk(WalkOrder::PreOrder, |nested| {
        if nested.to_raw().ptr != op.ptr {
            nested_ops.push(nested.to_raw());
        }
        WalkResult::Advance
    });
    let mut gathered: HashMap<usize, MlirValue> = HashMap::new();
    for nested in nested_ops {
        for i in 0..unsafe { mlir_sys::mlirOperationGetNumOperands(nested) } {
            let value = unsafe { mlir_sys::mlirOperationGetOperand(nested, i) };
            if !defined_in_block(value, block) {
                continue;
            }
            let Some(shape) = static_shape(unsafe { mlir_sys::mlirValueGetType(value) }) else {
                continue;
            };
            let whole = match gathered.get(&(value.ptr as usize)) {
                Some(&whole) => whole,
                None => {
                    let sharding = builder.sharding(grid, &vec![Vec::new(); shape.len()])?;
                    let shard = builder.shard(value, sharding, true)?;
                    unsafe {
                        insert_before(block, op, sharding);
                        insert_before(block, op, shard);
                    }
                    let whole = unsafe { mlir_sys::mlirOperationGetResult(shard, 0) };
                    gathered.insert(value.ptr as usize, whole);
                    whole
                }
            };
            unsafe { mlir_sys::mlirOperationSetOperand(nested, i, whole) };
        }
    }
    Ok(())
}

/// Whether `value` is defined directly in `block` (an argument or a top-level op's result).
fn defined_in_block(value: MlirValue, block: MlirBlock) -> bool {
    unsafe {
        if mlir_sys::mlirValueIsABlockArgument(value) {
            return mlir_sys::mlirBlockArgumentGetOwner(value).ptr == block.ptr;
        }
        mlir_sys::mlirOperationGetBlock(mlir_sys::mlirOpResultGetOwner(value)).ptr == block.ptr
    }
}

/// Declares the grid (`shard.grid @grid_<n>`) first in the module body; returns its name.
fn declare_grid(builder: &Builder, module: MlirOperation, shape: &[u64]) -> Result<String, String> {
    let body =
        unsafe { mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(module, 0)) };
    let first = unsafe { mlir_sys::mlirBlockGetFirstOperation(body) };
    let name = grid_name(shape, 0);
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let grid = builder.create(
        "shard.grid",
        &[],
        &[],
        &[
            ("sym_name", format!("\"{name}\"")),
            ("shape", format!("array<i64: {}>", dims.join(", "))),
        ],
    )?;
    unsafe { insert_before(body, first, grid) };
    Ok(name)
}

/// `%a = shard.shard %value to <axes>` right after `value`'s definition; every other use of `value`
/// reads `%a`, which is returned.
fn annotate_definition(
    builder: &Builder,
    value: MlirValue,
    grid: &str,
    axes: &SplitAxes,
) -> Result<MlirValue, String> {
    let sharding = builder.sharding(grid, axes)?;
    let mut shard = builder.shard(value, sharding, false)?;
    unsafe {
        if mlir_sys::mlirValueIsABlockArgument(value) {
            let block = mlir_sys::mlirBlockArgumentGetOwner(value);
            let first = mlir_sys::mlirBlockGetFirstOperation(block);
            insert_before(block, first, sharding);
            insert_before(block, first, shard);
        } else {
            let owner = mlir_sys::mlirOpResultGetOwner(value);
            let block = mlir_sys::mlirOperationGetBlock(owner);
            mlir_sys::mlirBlockInsertOwnedOperationAfter(block, owner, sharding);
            mlir_sys::mlirBlockInsertOwnedOperationAfter(block, sharding, shard);
        }
        mlir_sys::mlirValueReplaceAllUsesExcept(
            value,
            mlir_sys::mlirOperationGetResult(shard, 0),
            1,
            &mut shard,
        );
        Ok(mlir_sys::mlirOperationGetResult(shard, 0))
    }
}

/// Inserts `op` before `reference` in `block` (at the end when `reference` is null).
unsafe fn insert_before(block: MlirBlock, reference: MlirOperation, op: MlirOperation) {
    if reference.ptr.is_null() {
        mlir_sys::mlirBlockAppendOwnedOperation(block, op);
    } else {
        mlir_sys::mlirBlockInsertOwnedOperationBefore(block, reference, op);
    }
}

/// Builds `shard` ops in generic form.
struct Builder {
    context: MlirContext,
    sharding_type: MlirType,
}

impl Builder {
    fn new(context: MlirContext) -> Result<Self, String> {
        let sharding_type = unsafe {
            mlir_sys::mlirTypeParseGet(context, melior::StringRef::new("!shard.sharding").to_raw())
        };
        if sharding_type.ptr.is_null() {
            return Err("the shard dialect is not available".into());
        }
        Ok(Builder {
            context,
            sharding_type,
        })
    }

    fn attribute(&self, text: &str) -> Result<MlirAttribute, String> {
        let attribute = unsafe {
            mlir_sys::mlirAttributeParseGet(self.context, melior::StringRef::new(text).to_raw())
        };
        if attribute.ptr.is_null() {
            return Err(format!("flexc built an unparsable attribute {text}"));
        }
        Ok(attribute)
    }

    fn create(
        &self,
        name: &str,
        operands: &[MlirValue],
        results: &[MlirType],
        attributes: &[(&str, String)],
    ) -> Result<MlirOperation, String> {
        let mut named = Vec::new();
        for (key, text) in attributes {
            let attribute = self.attribute(text)?;
            named.push(unsafe {
                mlir_sys::mlirNamedAttributeGet(
                    mlir_sys::mlirIdentifierGet(self.context, melior::StringRef::new(key).to_raw()),
                    attribute,
                )
            });
        }
        unsafe {
            let location = mlir_sys::mlirLocationUnknownGet(self.context);
            let mut state =
                mlir_sys::mlirOperationStateGet(melior::StringRef::new(name).to_raw(), location);
            mlir_sys::mlirOperationStateAddOperands(
                &mut state,
                operands.len() as isize,
                operands.as_ptr(),
            );
            mlir_sys::mlirOperationStateAddResults(
                &mut state,
                results.len() as isize,
                results.as_ptr(),
            );
            mlir_sys::mlirOperationStateAddAttributes(
                &mut state,
                named.len() as isize,
                named.as_ptr(),
            );
            let op = mlir_sys::mlirOperationCreate(&mut state);
            if op.ptr.is_null() {
                return Err(format!("flexc could not build a '{name}' op"));
            }
            Ok(op)
        }
    }

    /// `shard.sharding @grid split_axes = axes`.
    fn sharding(&self, grid: &str, axes: &SplitAxes) -> Result<MlirOperation, String> {
        self.create(
            "shard.sharding",
            &[],
            &[self.sharding_type],
            &[
                ("grid", format!("@{grid}")),
                (
                    "split_axes",
                    format!("#shard<axisarray{}>", axes_text(axes)),
                ),
                ("static_halo_sizes", "array<i64>".into()),
                ("static_sharded_dims_offsets", "array<i64>".into()),
                ("operandSegmentSizes", "array<i32: 0, 0>".into()),
            ],
        )
    }

    /// Puts `op` alone in an `scf.execute_region` (its results the region's), in its place; returns
    /// the region op.
    fn wrap_in_execute_region(&self, op: MlirOperation) -> Result<MlirOperation, String> {
        unsafe {
            let count = mlir_sys::mlirOperationGetNumResults(op);
            let results: Vec<MlirValue> = (0..count)
                .map(|r| mlir_sys::mlirOperationGetResult(op, r))
                .collect();
            let types: Vec<MlirType> = results
                .iter()
                .map(|&v| mlir_sys::mlirValueGetType(v))
                .collect();
            let mut yield_op = self.create("scf.yield", &results, &[], &[])?;
            let block = mlir_sys::mlirBlockCreate(0, std::ptr::null(), std::ptr::null());
            mlir_sys::mlirBlockAppendOwnedOperation(block, yield_op);
            let region = mlir_sys::mlirRegionCreate();
            mlir_sys::mlirRegionAppendOwnedBlock(region, block);
            let location = mlir_sys::mlirOperationGetLocation(op);
            let mut state = mlir_sys::mlirOperationStateGet(
                melior::StringRef::new("scf.execute_region").to_raw(),
                location,
            );
            mlir_sys::mlirOperationStateAddResults(&mut state, count, types.as_ptr());
            let mut regions = [region];
            mlir_sys::mlirOperationStateAddOwnedRegions(&mut state, 1, regions.as_mut_ptr());
            let wrapper = mlir_sys::mlirOperationCreate(&mut state);
            if wrapper.ptr.is_null() {
                return Err("flexc could not build an 'scf.execute_region' op".into());
            }
            let parent = mlir_sys::mlirOperationGetBlock(op);
            mlir_sys::mlirBlockInsertOwnedOperationBefore(parent, op, wrapper);
            for (r, &value) in results.iter().enumerate() {
                mlir_sys::mlirValueReplaceAllUsesExcept(
                    value,
                    mlir_sys::mlirOperationGetResult(wrapper, r as isize),
                    1,
                    &mut yield_op,
                );
            }
            mlir_sys::mlirOperationMoveBefore(op, yield_op);
            Ok(wrapper)
        }
    }

    /// `shard.shard %value to %sharding [annotate_for_users]`.
    fn shard(
        &self,
        value: MlirValue,
        sharding: MlirOperation,
        for_users: bool,
    ) -> Result<MlirOperation, String> {
        let mut attributes = Vec::new();
        if for_users {
            attributes.push(("annotate_for_users", "unit".to_string()));
        }
        let sharding = unsafe { mlir_sys::mlirOperationGetResult(sharding, 0) };
        let ty = unsafe { mlir_sys::mlirValueGetType(value) };
        self.create("shard.shard", &[value, sharding], &[ty], &attributes)
    }
}

/// Removes every `par.*` attribute: discardable attributes of every op, and `par.*` entries of function
/// argument and result attributes.
pub fn strip_par_attributes(module: MlirOperation) {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut ops = Vec::new();
    unsafe { OperationRef::from_raw(module) }.walk(WalkOrder::PreOrder, |op| {
        ops.push(op.to_raw());
        WalkResult::Advance
    });
    for op in ops {
        unsafe {
            let count = mlir_sys::mlirOperationGetNumDiscardableAttributes(op);
            let mut names = Vec::new();
            for i in 0..count {
                let named = mlir_sys::mlirOperationGetDiscardableAttribute(op, i);
                let name = string(mlir_sys::mlirIdentifierStr(named.name));
                if name.starts_with("par.") {
                    names.push(name);
                }
            }
            for name in names {
                mlir_sys::mlirOperationRemoveDiscardableAttributeByName(
                    op,
                    melior::StringRef::new(&name).to_raw(),
                );
            }
            for key in ["arg_attrs", "res_attrs"] {
                let key = melior::StringRef::new(key).to_raw();
                let array = mlir_sys::mlirOperationGetInherentAttributeByName(op, key);
                if array.ptr.is_null() || !mlir_sys::mlirAttributeIsAArray(array) {
                    continue;
                }
                let context = mlir_sys::mlirOperationGetContext(op);
                let elements: Vec<MlirAttribute> =
                    (0..mlir_sys::mlirArrayAttrGetNumElements(array))
                        .map(|i| {
                            let dict = mlir_sys::mlirArrayAttrGetElement(array, i);
                            if !mlir_sys::mlirAttributeIsADictionary(dict) {
                                return dict;
                            }
                            let kept: Vec<_> =
                                (0..mlir_sys::mlirDictionaryAttrGetNumElements(dict))
                                    .map(|j| mlir_sys::mlirDictionaryAttrGetElement(dict, j))
                                    .filter(|named| {
                                        !string(mlir_sys::mlirIdentifierStr(named.name))
                                            .starts_with("par.")
                                    })
                                    .collect();
                            mlir_sys::mlirDictionaryAttrGet(
                                context,
                                kept.len() as isize,
                                kept.as_ptr(),
                            )
                        })
                        .collect();
                let array =
                    mlir_sys::mlirArrayAttrGet(context, elements.len() as isize, elements.as_ptr());
                mlir_sys::mlirOperationSetInherentAttributeByName(op, key, array);
            }
        }
    }
}

fn string(s: mlir_sys::MlirStringRef) -> String {
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}
