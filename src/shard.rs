//! `--emit=shard`: a strategy written in MLIR's upstream `shard` dialect instead of `par` attributes, so
//! that plain `mlir-opt` (`--sharding-propagation`, `--shard-partition`) can partition the module.
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
//! indexed (in the importer's access, `flexc_passes::par_import::op_model`) by exactly the split loop `k`
//! gets split axis `[a]`, `a` being `k`'s grid axis, and so does a reshape's merged dim whose outermost
//! (row-major) term is `k`; dims indexed by no split loop are not split. A
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
//! **Left replicated** (no annotation, listed in a warning with their count): ops that place several
//! tasks on one device, ops no family models (opaque), and ops with a tensor dim indexed by a split loop with
//! an offset, a stride, other loops beside it (a convolution's halo) or a size other than the loop's, or
//! by a sum of several split loops. Ops of one task are replicated without a warning (in SPMD form every
//! device computes them). Every `par.*` attribute is removed, so the output needs no `par` dialect.
//!
//! Limits: edges between ops on different grids (e.g. `@grid_4` and `@grid_2x2`) need resharding across
//! grids, which MLIR 22's `--shard-partition` does not do.

use flexc_core::{Config, DeviceId};
use flexc_passes::{ir::AffineSum, par_import::Imported};
use melior::ir::{operation::OperationLike, Module, OperationRef};
use mlir_sys::{MlirAttribute, MlirBlock, MlirContext, MlirOperation, MlirType, MlirValue};
use std::collections::{BTreeSet, HashMap, HashSet};

/// The split axes of one tensor: per tensor dim, the grid axes splitting it (empty: not split).
pub type SplitAxes = Vec<Vec<usize>>;

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
    /// The warning text for `unsupported` (empty when there is none).
    pub fn warning(&self) -> String {
        if self.unsupported.is_empty() {
            return String::new();
        }
        let mut text = format!(
            "flexc: warning: --emit=shard: {} ops left replicated (their configuration is not an SPMD split over a device grid):\n",
            self.unsupported.len()
        );
        for (location, name, reason) in &self.unsupported {
            text.push_str(&format!("  {location}: '{name}': {reason}\n"));
        }
        text
    }
}

/// The split axes of a tensor of `shape` read or written through `access`, on an op whose loop `k` has
/// trip count `loops[k]` and grid axis `axis_of[k]` (`None`: not split). `Err` says why it is not
/// expressible.
pub fn split_axes(
    access: &[AffineSum],
    shape: &[u64],
    loops: &[u64],
    axis_of: &[Option<usize>],
) -> Result<SplitAxes, String> {
    access
        .iter()
        .enumerate()
        .map(|(j, expr)| {
            let split: Vec<(usize, i64)> = expr
                .terms
                .iter()
                .copied()
                .filter(|&(k, c)| c != 0 && axis_of.get(k).copied().flatten().is_some())
                .collect();
            match split.as_slice() {
                [] => Ok(Vec::new()),
                [(k, 1)]
                    if expr.terms.len() == 1
                        && expr.offset == 0
                        && shape.get(j) == loops.get(*k) =>
                {
                    Ok(vec![axis_of[*k].expect("a split loop")])
                }
                [(k, c)] if outermost_of_linearization(expr, *k, *c, shape.get(j), loops) => {
                    Ok(vec![axis_of[*k].expect("a split loop")])
                }
                [(k, _)] => Err(format!(
                    "tensor dim {j} is indexed by split loop d{k} with an offset, a stride, other loops or another size (a halo)"
                )),
                _ => Err(format!("tensor dim {j} is indexed by a sum of split loops")),
            }
        })
        .collect()
}

/// A grid shape and the grid axis of each loop (`None`: not split).
pub type LoopGrid = (Vec<u64>, Vec<Option<usize>>);

/// Whether `expr` is a row-major linearization (a reshape's merged dim) whose outermost term is loop `k`
/// with coefficient `c`, over a tensor dim of `size`: splitting `k` then splits the dim in equal blocks.
fn outermost_of_linearization(
    expr: &AffineSum,
    k: usize,
    c: i64,
    size: Option<&u64>,
    loops: &[u64],
) -> bool {
    let inner: i64 = expr
        .terms
        .iter()
        .filter(|&&(d, _)| d != k)
        .map(|&(d, coefficient)| coefficient * (loops.get(d).copied().unwrap_or(1) as i64 - 1))
        .sum();
    let all_positive = expr.terms.iter().all(|&(_, coefficient)| coefficient > 0);
    all_positive
        && expr.offset == 0
        && inner == c - 1
        && size.copied() == loops.get(k).map(|&n| n * c as u64)
}

/// The grid shape of `config` and each loop's grid axis; `Ok(None)` for one task; `Err` when a device
/// runs several tasks.
pub fn grid_of(config: &Config) -> Result<Option<LoopGrid>, String> {
    if config.devices.len() <= 1 {
        return Ok(None);
    }
    let distinct: HashSet<DeviceId> = config.devices.iter().copied().collect();
    if distinct.len() != config.devices.len() {
        let ids: Vec<u32> = config.devices.iter().map(|d| d.0).collect();
        return Err(format!("devices {ids:?} run several tasks each"));
    }
    let mut shape = Vec::new();
    let axis_of = config
        .degrees
        .iter()
        .map(|&d| {
            (d > 1).then(|| {
                shape.push(d);
                shape.len() - 1
            })
        })
        .collect();
    Ok(Some((shape, axis_of)))
}

/// The `split_axes` text of the `shard.sharding` syntax: `[[], [0]]`.
pub fn axes_text(axes: &SplitAxes) -> String {
    let dims: Vec<String> = axes
        .iter()
        .map(|a| {
            let a: Vec<String> = a.iter().map(|x| x.to_string()).collect();
            format!("[{}]", a.join(", "))
        })
        .collect();
    format!("[{}]", dims.join(", "))
}

/// The grid symbol of a shape: `grid_2x4`; `grid_2x4_<number>` for the `number`th (from 1) other
/// device order of that shape.
pub fn grid_name(shape: &[u64], number: usize) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    match number {
        0 => format!("grid_{}", parts.join("x")),
        n => format!("grid_{}_{n}", parts.join("x")),
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
    flexc_passes::ir::tensor_shape(ty)
        .filter(|s| s.is_static())
        .map(|s| s.static_dims())
        .filter(|s| !s.is_empty())
}

fn plan(op: MlirOperation, config: &Config) -> Result<Option<Plan>, String> {
    let Some((shape, axis_of)) = grid_of(config)? else {
        return Ok(None);
    };
    let op_ref = unsafe { OperationRef::from_raw(op) };
    let model = flexc_passes::par_import::op_model(&op_ref)
        .ok_or_else(|| "no access model (an opaque op)".to_string())?;
    if model.loops.len() != config.degrees.len() {
        return Err(format!(
            "{} loops but a configuration of {} degrees",
            model.loops.len(),
            config.degrees.len()
        ));
    }
    let mut results = Vec::new();
    for (r, access) in model.outputs.iter().enumerate() {
        let ty =
            unsafe { mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, r as isize)) };
        results.push(match static_shape(ty) {
            Some(s) => Some(split_axes(access, &s, &model.loops, &axis_of)?),
            None => None,
        });
    }
    let mut operands = Vec::new();
    for (i, access) in model.inputs.iter().enumerate() {
        let ty = unsafe {
            mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetOperand(op, i as isize))
        };
        operands.push(match (access, static_shape(ty)) {
            (Some(access), Some(s)) => Some(split_axes(access, &s, &model.loops, &axis_of)?),
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

/// Rewrites `module`: the strategy `configs` (by `ImportedOp::handle`) as `shard` annotations, `par.*`
/// attributes removed. See the module doc.
pub fn write(
    module: &Module,
    imported: &Imported,
    configs: &HashMap<usize, Config>,
) -> Result<Report, String> {
    let module_op = module.as_operation().to_raw();
    let context = unsafe { mlir_sys::mlirOperationGetContext(module_op) };
    unsafe {
        mlir_sys::mlirContextGetOrLoadDialect(context, melior::StringRef::new("shard").to_raw());
    }
    let mut report = Report::default();
    let mut plans = Vec::new();
    let mut grids = BTreeSet::new();
    let mut seen = HashSet::new();
    for op in &imported.ops {
        if !seen.insert(op.handle) {
            continue;
        }
        let Some(config) = configs.get(&op.handle) else {
            continue;
        };
        let raw = MlirOperation {
            ptr: op.handle as *mut std::ffi::c_void,
        };
        match plan(raw, config) {
            Ok(Some(plan)) => {
                grids.insert(plan.grid.clone());
                plans.push(plan);
            }
            Ok(None) => {}
            Err(reason) => report
                .unsupported
                .push((op.location.clone(), op.name.clone(), reason)),
        }
    }
    let builder = Builder::new(context)?;
    // Grids first in the module body, in shape order.
    let body = unsafe {
        mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(module_op, 0))
    };
    let first = unsafe { mlir_sys::mlirBlockGetFirstOperation(body) };
    let mut names = HashMap::new();
    let mut numbers = HashMap::<&Vec<u64>, usize>::new();
    for key in &grids {
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
    let planned: HashSet<usize> = plans.iter().map(|p| p.op.ptr as usize).collect();
    let mut replicated = HashSet::new();
    for plan in &plans {
        let op = plan.op;
        let grid = &names[&plan.grid];
        // Sources of split operands: replicated at their definition.
        for (i, axes) in plan.operands.iter().enumerate() {
            if axes.is_none() {
                continue;
            }
            let value = unsafe { mlir_sys::mlirOperationGetOperand(op, i as isize) };
            if needs_replicated_source(value, &planned) && replicated.insert(value.ptr as usize) {
                let rank = static_shape(unsafe { mlir_sys::mlirValueGetType(value) })
                    .map_or(0, |s| s.len());
                annotate_definition(&builder, value, grid, &vec![Vec::new(); rank])?;
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
            annotate_definition(&builder, value, grid, axes)?;
        }
        report.annotated += 1;
    }
    strip_par_attributes(module);
    report.grids = grids.into_iter().map(|(shape, _)| shape).collect();
    Ok(report)
}

/// Whether an operand value of a planned op is to be annotated replicated where it is defined.
fn needs_replicated_source(value: MlirValue, planned: &HashSet<usize>) -> bool {
    unsafe {
        if mlir_sys::mlirValueIsABlockArgument(value) {
            let block = mlir_sys::mlirBlockArgumentGetOwner(value);
            let parent = mlir_sys::mlirBlockGetParentOperation(block);
            return !parent.ptr.is_null()
                && flexc_passes::op_name(&OperationRef::from_raw(parent)) == "func.func";
        }
        let owner = mlir_sys::mlirOpResultGetOwner(value);
        if planned.contains(&(owner.ptr as usize)) {
            return false;
        }
        let name = flexc_passes::op_name(&OperationRef::from_raw(owner));
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
pub fn strip_par_attributes(module: &Module) {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut ops = Vec::new();
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn d(k: usize) -> AffineSum {
        AffineSum {
            terms: vec![(k, 1)],
            offset: 0,
        }
    }

    #[test]
    fn matmul_column_split() {
        // (m, n, k) = (64, 1024, 256), n split 4 ways.
        let config = Config {
            degrees: vec![1, 4, 1],
            devices: (0..4).map(DeviceId).collect(),
        };
        let (shape, axis_of) = grid_of(&config).unwrap().unwrap();
        assert_eq!(shape, vec![4]);
        let loops = [64, 1024, 256];
        let result = split_axes(&[d(0), d(1)], &[64, 1024], &loops, &axis_of).unwrap();
        assert_eq!(axes_text(&result), "[[], [0]]");
        let lhs = split_axes(&[d(0), d(2)], &[64, 256], &loops, &axis_of).unwrap();
        assert_eq!(axes_text(&lhs), "[[], []]");
        assert_eq!(grid_name(&shape, 0), "grid_4");
        assert_eq!(grid_name(&[2, 4], 1), "grid_2x4_1");
    }

    #[test]
    fn not_expressible() {
        let repeated = Config {
            degrees: vec![4],
            devices: [1, 0, 1, 0].map(DeviceId).to_vec(),
        };
        assert!(grid_of(&repeated).is_err());
        let axis_of = [Some(0), Some(1)];
        let sum = AffineSum {
            terms: vec![(0, 1), (1, 1)],
            offset: 0,
        };
        assert!(split_axes(&[sum], &[10], &[8, 3], &axis_of).is_err());
        let halo = AffineSum {
            terms: vec![(0, 1), (1, 1)],
            offset: 0,
        };
        assert!(split_axes(&[halo], &[10], &[8, 3], &[Some(0), None]).is_err());
        // A reshape's merged dim `[d0 * 8 + d1]` (d1 < 8): splitting d0 splits it in blocks.
        let merged = AffineSum {
            terms: vec![(0, 8), (1, 1)],
            offset: 0,
        };
        let axes = split_axes(
            std::slice::from_ref(&merged),
            &[32],
            &[4, 8],
            &[Some(0), None],
        )
        .unwrap();
        assert_eq!(axes_text(&axes), "[[0]]");
        assert!(split_axes(&[merged], &[32], &[4, 8], &[None, Some(0)]).is_err());
        let single = Config {
            degrees: vec![1, 1],
            devices: vec![DeviceId(3)],
        };
        assert!(grid_of(&single).unwrap().is_none());
    }
}
