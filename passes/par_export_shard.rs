//! `par-export-shard`: the strategy (`#par.config` on every graph op) written in MLIR's upstream `shard`
//! dialect instead of `par` attributes, so that plain `mlir-opt` (`--sharding-propagation`,
//! `--shard-partition`) can partition the module. The driver's `--emit=shard` runs it ([`export`], on
//! the imported graph ops).
//!
//! **What is expressible.** A configuration (`flexc_core::Config`: a degree per loop, a device per task
//! in row-major task-grid order) is an SPMD split over a device grid when its devices are distinct: the
//! loops with a degree above 1 (the *split loops*), in loop order, are the axes of a `shard.grid` whose
//! shape is their degrees, and the row-major task order of the configuration is the grid's row-major
//! process order, so process `p` of the grid runs on `devices[p]`. One grid is declared per distinct
//! shape and device order: `@grid_<d1>x<d2>...` (`@grid_4`, `@grid_2x4`) for devices `0..n` in order;
//! any other order gets a numbered grid (`@grid_4_1`) carrying its device list as a discardable
//! `flexc.devices = array<i64: ...>` attribute (the `shard` dialect has no device map; plain `mlir-opt`
//! keeps the attribute as it is).
//!
//! **Tensor shardings.** For every result of such an op, and every operand it reads, the tensor dim `j`
//! indexed (in the op family's access, `crate::family::model_of`) by exactly the split loop `k` gets
//! split axis `[a]`, `a` being `k`'s grid axis, and so does a reshape's merged dim whose outermost
//! (row-major) term is `k` (the family's [`OpFamily::shard_axes`](crate::family::OpFamily::shard_axes)); dims indexed by no split loop are not split. A
//! result is annotated with `shard.shard %r to %s` (all its uses read the annotated value), an operand
//! with `shard.shard %v to %s annotate_for_users` just before the op. Values the annotated operands read
//! from outside the annotated ops (function arguments, weight constants, results of ops left
//! replicated; not `tensor.empty`/`linalg.fill` destinations, which the partitioner adapts) are first
//! annotated *replicated* at their definition: the partitioner then slices them locally
//! (`shard.all_slice`) instead of trying to shard a constant, which it cannot.
//!
//! **Reduction splits.** MLIR 22's `shard.sharding` has no partial axes, so a split reduction loop shows
//! only in the operand shardings (split along the contraction dim); the result is annotated without that
//! axis and the partitioner inserts the `shard.all_reduce` that sums the partial results.
//!
//! **Left replicated** (no annotation, listed in a warning with their count; with the option
//! `unsupported=error`, an error at each such op instead): ops that place several
//! tasks on one device, ops no family models (opaque), and ops with a tensor dim indexed by a split loop with
//! an offset, a stride, other loops beside it (a convolution's halo) or a size other than the loop's, or
//! by a sum of several split loops. Ops of one task are replicated without a warning (in SPMD form every
//! device computes them). Every `par.*` attribute is removed, so the output needs no `par` dialect.
//!
//! Limits: edges between ops on different grids (e.g. `@grid_4` and `@grid_2x2`) need resharding across
//! grids, which MLIR 22's `--shard-partition` does not do.

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
use std::collections::{BTreeSet, HashMap, HashSet};

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
            "flexc: warning: {what}: {} ops left replicated (their configuration is not an SPMD split over a device grid):\n",
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

fn in_order(devices: &[DeviceId]) -> bool {
    devices.iter().enumerate().all(|(i, &d)| d.index() == i)
}

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
    }
    let mut report = Report::default();
    let mut plans = Vec::new();
    let mut grids = BTreeSet::new();
    let mut seen = HashSet::new();
    for &op in ops {
        if !seen.insert(op.ptr as usize) {
            continue;
        }
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let Some(config) = config_of(&op_ref)? else {
            continue;
        };
        match plan(op, &config) {
            Ok(Some(plan)) => {
                grids.insert(plan.grid.clone());
                plans.push(plan);
            }
            Ok(None) => {}
            Err(reason) => report.unsupported.push((
                family::location_text(&op_ref),
                crate::op_name(&op_ref),
                reason,
            )),
        }
    }
    let builder = Builder::new(context)?;
    let names = declare_grids(&builder, module, &grids)?;
    let planned: HashSet<usize> = plans.iter().map(|p| p.op.ptr as usize).collect();
    let mut replicated = HashSet::new();
    for plan in &plans {
        annotate(
            &builder,
            plan,
            &names[&plan.grid],
            &planned,
            &mut replicated,
        )?;
        report.annotated += 1;
    }
    strip_par_attributes(module);
    report.grids = grids.into_iter().map(|(shape, _)| shape).collect();
    Ok(report)
}

/// Declares every grid (`shard.grid`) first in the module body, in shape order; returns their names.
fn declare_grids(
    builder: &Builder,
    module: MlirOperation,
    grids: &BTreeSet<GridKey>,
) -> Result<HashMap<GridKey, String>, String> {
    let body =
        unsafe { mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(module, 0)) };
    let first = unsafe { mlir_sys::mlirBlockGetFirstOperation(body) };
    let mut names = HashMap::new();
    let mut numbers = HashMap::<&Vec<u64>, usize>::new();
    for key in grids {
        let (shape, devices) = key;
        let number = if in_order(devices) {
            0
        } else {
            let n = numbers.entry(shape).or_default();
            *n += 1;
            *n
        };
        let name = grid_name(shape, number);
        let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        let mut attributes = vec![
            ("sym_name", format!("\"{name}\"")),
            ("shape", format!("array<i64: {}>", dims.join(", "))),
        ];
        if number > 0 {
            let list: Vec<String> = devices.iter().map(|d| d.0.to_string()).collect();
            attributes.push(("flexc.devices", format!("array<i64: {}>", list.join(", "))));
        }
        let grid = builder.create("shard.grid", &[], &[], &attributes)?;
        unsafe { insert_before(body, first, grid) };
        names.insert(key.clone(), name);
    }
    Ok(names)
}

/// Annotates one planned op: sources of its split operands replicated at their definition (once,
/// `replicated`), its operands for it, its results where they are defined.
fn annotate(
    builder: &Builder,
    plan: &Plan,
    grid: &str,
    planned: &HashSet<usize>,
    replicated: &mut HashSet<usize>,
) -> Result<(), String> {
    let op = plan.op;
    // Sources of split operands: replicated at their definition.
    for (i, axes) in plan.operands.iter().enumerate() {
        if axes.is_none() {
            continue;
        }
        let value = unsafe { mlir_sys::mlirOperationGetOperand(op, i as isize) };
        if needs_replicated_source(value, planned) && replicated.insert(value.ptr as usize) {
            let rank =
                static_shape(unsafe { mlir_sys::mlirValueGetType(value) }).map_or(0, |s| s.len());
            annotate_definition(builder, value, grid, &vec![Vec::new(); rank])?;
        }
    }
    for (i, axes) in plan.operands.iter().enumerate() {
        let Some(axes) = axes else { continue };
        let value = unsafe { mlir_sys::mlirOperationGetOperand(op, i as isize) };
        let block = unsafe { mlir_sys::mlirOperationGetBlock(op) };
        let sharding = builder.sharding(grid, axes)?;
        let shard = builder.shard(value, sharding, true)?;
        unsafe {
            insert_before(block, op, sharding);
            insert_before(block, op, shard);
            mlir_sys::mlirOperationSetOperand(
                op,
                i as isize,
                mlir_sys::mlirOperationGetResult(shard, 0),
            );
        }
    }
    for (r, axes) in plan.results.iter().enumerate() {
        let Some(axes) = axes else { continue };
        let value = unsafe { mlir_sys::mlirOperationGetResult(op, r as isize) };
        annotate_definition(builder, value, grid, axes)?;
    }
    Ok(())
}

/// Whether an operand value of a planned op is to be annotated replicated where it is defined.
fn needs_replicated_source(value: MlirValue, planned: &HashSet<usize>) -> bool {
    unsafe {
        if mlir_sys::mlirValueIsABlockArgument(value) {
            let block = mlir_sys::mlirBlockArgumentGetOwner(value);
            let parent = mlir_sys::mlirBlockGetParentOperation(block);
            return !parent.ptr.is_null()
                && crate::op_name(&OperationRef::from_raw(parent)) == "func.func";
        }
        let owner = mlir_sys::mlirOpResultGetOwner(value);
        if planned.contains(&(owner.ptr as usize)) {
            return false;
        }
        let name = crate::op_name(&OperationRef::from_raw(owner));
        !matches!(
            name.as_str(),
            "tensor.empty" | "linalg.fill" | "shard.shard" | "bufferization.alloc_tensor"
        )
    }
}

/// `%a = shard.shard %value to <axes>` right after `value`'s definition; every other use of `value`
/// reads `%a`.
fn annotate_definition(
    builder: &Builder,
    value: MlirValue,
    grid: &str,
    axes: &SplitAxes,
) -> Result<(), String> {
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
    }
    Ok(())
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
