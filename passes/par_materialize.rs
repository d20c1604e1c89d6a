//! `par-materialize`: turns a strategy (`#par.config` on every graph op) into one program per device,
//! with explicit `par` communication between them (DESIGN §7).
//!
//! **Convention: one function per device.** For every public function `@f` with a body and every
//! device `d` of the machine, the pass adds `@f_device<d>` right after `@f`, which is kept unchanged as
//! the serial reference. Device functions take the same arguments as `@f` (inputs and weights are
//! resident on every device, the simulator's assumption); `@f_device0` returns `@f`'s results,
//! assembled there, and every other device function returns nothing.
//!
//! In device `d`'s function, in program order, each graph op (an op with `par.config`) becomes the tasks
//! of its configuration placed on `d`: task `t` of the row-major task grid covers the box of loop
//! intervals that the degrees give it. For every operand, the task reads the region that the op's
//! indexing maps (its [`OpModel`] accesses) give for that box (a convolution's window rows included: the
//! halo), cut with `tensor.extract_slice` from the device's *local copy* of the operand, and runs the
//! op on the slices:
//! - linalg structured ops, named or generic, are cloned with sliced operands and result types. The
//!   slice of an operand starts at the map's value at the task's lowest loop point *without* the map's
//!   constant offset, so the clone's unchanged indexing maps still index from 0 (a strided or dilated
//!   window included). The clone iterates from 0, so every `linalg.index k` of its body gets the task's
//!   start along loop `k` added (`arith.addi` of an `arith.constant`). Maps with a negative constant
//!   offset or coefficient, and results whose map is not a projected permutation, are rejected with a
//!   diagnostic;
//! - elementwise ops on tensors (`arith.*`, ...) are cloned on slices;
//! - `tensor.extract_slice` reads its task's part straight from the local copy of the source (offsets
//!   moved by the task's start); `tensor.insert_slice`, `tensor.pad` and `tensor.concat` get the part of
//!   the source that falls into the task's box, with offsets, padding and operand lists recomputed per
//!   task (a task entirely in the padding pads an empty slice; a concat task inside one operand is that
//!   operand's slice); `tensor.expand_shape`/`collapse_shape` reshape the task's slice where its part
//!   of every reassociation group is contiguous (a split dim has only size-1 or unsplit dims outside it
//!   in its group, and only unsplit dims inside). Otherwise the task reads its source *whole* (receives
//!   every piece it lacks), reshapes all of it and keeps its part with `tensor.extract_slice`: its box
//!   for an expand; for a collapse, of every low dim the even share that its index among the group's
//!   parts (row-major over the group's dims) gives (its linear range, where that is contiguous).
//!
//! **Captured values.** A partitioned value read inside a graph op's region (a `tensor.extract` from a
//! table computed by an earlier graph op, in a gather's body) is read *whole*: every device running a
//! task of the op first receives each piece of it that it lacks, like an operand whose read region is
//! the full tensor, and the clone's body reads the device's whole local copy. Tasks that differ only
//! in capture loops (the loops par-import adds for data-dependent indices) therefore compute the same
//! region: redundantly, every device of such a group holds it afterwards, nothing is combined.
//!
//! **Local copies.** A partitioned value (a graph op's result) is held on each device as a tensor of the
//! *full* shape in which only the regions that device computed or received are defined: task results
//! and received pieces are written into it with `tensor.insert_slice` (starting from `tensor.empty`).
//! This keeps every slice a static `extract_slice` of one value; shrinking the copies to the parts
//! actually held is left to bufferization. Replicated values (function arguments, constants, ops without
//! `par.config`, which read only replicated values) are used as they are.
//!
//! **Communication.** Before a graph op, every region a task on `d` reads that `d` does not hold is
//! received, piece by piece of the producer's tasks: `par.recv` in `d`'s function and the matching
//! `par.send` (same `tag`, unique in the module) in the function of a device holding that piece.
//! Convolution halos are such pieces (the neighbour's boundary rows). A received region is remembered
//! and not received again. Every message sits at one place of one global order (by
//! graph op, then piece), and each device posts its sends and receives in that order, so the
//! programs cannot deadlock, whether sends are buffered (flexc-run's threads) or block until matched
//! (MPI): the earliest pending message always has both ends waiting on it. **Split reductions**: tasks that differ only in
//! reduction coordinates compute partial results of one output region; the task whose reduction
//! coordinates are all 0 starts from the op's init (the destination operand), the others from the
//! combiner's identity (`tensor.splat` of 0 for a sum, -inf/+inf for max/min, read from the body's
//! `linalg.yield`), the partials of one device are combined locally (`arith.addf`, ...), and the devices
//! of the group run `par.all_reduce` with that kind, after which every member holds the region.
//! **Results** are gathered on device 0 with send/recv and returned there.
//!
//! Precondition: a module whose graph ops carry `par.config` valid for their `par.space` (par-verify),
//! checked again here by the same validator (`flexc_core::Config::check`) — in particular one task per
//! device: a device's share of an op is one task with one local result —, static shapes, graph ops at the top level of public functions. The machine size comes from the
//! `devices` option, else from `#par.machine` (`devices`, else `nodes * gpus_per_node`), else from the
//! largest device id used. Ops the pass cannot cut (an op without `par.config` reading a partitioned
//! value, also inside its regions, a device past the machine, an unsupported op or access) are errors
//! at the op, and the module is left unchanged. Postcondition: the module verifies (the device
//! functions carry no `par.config`); every `par.send` has one `par.recv` with the same tag and swapped
//! peers.
//!
//! ```mlir
//! // a matmul split in 2 along its reduction dim k (devices 0, 1):
//! func.func @f(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
//!   %0 = linalg.matmul {par.config = #par.config<array<i64: 1, 1, 2>, array<i64: 0, 1>>, ...}
//!          ins(%x, %w : ...) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
//!   return %0 : tensor<4x2xf32>
//! }
//! // gets, besides @f_device0:
//! func.func @f_device1(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %init: tensor<4x2xf32>) {
//!   %xs = tensor.extract_slice %x[0, 4] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
//!   %ws = tensor.extract_slice %w[4, 0] [4, 2] [1, 1] : tensor<8x2xf32> to tensor<4x2xf32>
//!   %zero = tensor.splat %cst : tensor<4x2xf32>
//!   %p = linalg.matmul ins(%xs, %ws : ...) outs(%zero : tensor<4x2xf32>) -> tensor<4x2xf32>
//!   %s = "par.all_reduce"(%p) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
//!   return
//! }
//! ```

use crate::{
    emit_error, ir,
    op_model::OpModel,
    op_name,
    par_import::{self, Family},
    Options, PassId, PassInfo,
};
use flexc_core::{Config, ConfigTarget, DeviceCount, DeviceId};
use flexc_dialects::{names, ConfigAttr};
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-materialize",
    summary: "Materialize par.config strategies into one function per device with par send/recv/all_reduce",
    options: &[crate::DEVICES_OPTION],
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

/// A half-open index range `[lo, hi)` per tensor (or loop) dim.
type Region = Vec<(i64, i64)>;

/// A value of the serial function, by position, so that it names the same value in every clone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ValueId {
    Arg(usize),
    /// Result `r` of the top-level op at position `p` of the body.
    Result(usize, usize),
}

/// How partial results of a split reduction combine (from the body's `linalg.yield`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combine {
    Sum,
    Max,
    Min,
}

impl Combine {
    fn kind(self) -> &'static str {
        match self {
            Combine::Sum => "sum",
            Combine::Max => "max",
            Combine::Min => "min",
        }
    }

    fn arith_op(self, float: bool) -> &'static str {
        match (self, float) {
            (Combine::Sum, true) => "arith.addf",
            (Combine::Max, true) => "arith.maximumf",
            (Combine::Min, true) => "arith.minimumf",
            (Combine::Sum, false) => "arith.addi",
            (Combine::Max, false) => "arith.maxsi",
            (Combine::Min, false) => "arith.minsi",
        }
    }
}

/// One operand of a task op.
#[derive(Clone, Debug)]
enum Operand {
    /// Operand `i` of the serial op, unchanged (a scalar).
    Keep(usize),
    /// A region of the device's copy of a value.
    Slice(ValueId, Region),
    /// The device's whole copy of a value.
    Whole(ValueId),
    /// A tensor of `shape` filled with the identity of `combine`, with operand `like`'s element type.
    Identity {
        like: usize,
        shape: Vec<i64>,
        combine: Combine,
    },
}

/// How a task computes its results.
#[derive(Clone, Debug)]
enum Body {
    /// A clone of the serial op with these operands, result shapes and attributes (name, text).
    /// `starts`: a structured op's task start per loop, added to every `linalg.index` of the clone's
    /// body (empty for other ops).
    Clone {
        operands: Vec<Operand>,
        results: Vec<Vec<i64>>,
        attributes: Vec<(&'static str, String)>,
        starts: Vec<i64>,
    },
    /// The single result is this operand (a concat task inside one part, an insert past the source).
    Forward(Operand),
    /// The serial op, unchanged, on this single operand (the whole source of a reshape), of which the
    /// task keeps this region of the single result.
    Part(Operand, Region),
}

#[derive(Clone, Debug)]
struct Task {
    device: i64,
    body: Body,
}

/// Tasks writing one output region of one result: one task, or the partial results of a split
/// reduction; every device of the group holds the region afterwards.
#[derive(Clone, Debug)]
struct Group {
    result: usize,
    tasks: Vec<usize>,
    /// Distinct devices of the tasks, in task order.
    devices: Vec<i64>,
    region: Region,
}

#[derive(Clone, Debug)]
struct Transfer {
    value: ValueId,
    region: Region,
    from: i64,
    to: i64,
    tag: i64,
}

#[derive(Clone, Debug)]
struct OpPlan {
    position: usize,
    transfers: Vec<Transfer>,
    tasks: Vec<Task>,
    groups: Vec<Group>,
    /// Split reductions: how partials combine. `None` with a group of several tasks: the tasks
    /// differ only in capture loops and each computed the whole region.
    combine: Option<Combine>,
    /// Partitioned values read inside the op's regions, read whole by every task.
    captured: Vec<ValueId>,
}

#[derive(Clone, Debug, Default)]
struct FunctionPlan {
    ops: Vec<OpPlan>,
    return_position: usize,
    return_transfers: Vec<Transfer>,
    returned: Vec<ValueId>,
    /// Values computed by graph ops: held as local copies.
    partitioned: HashSet<ValueId>,
}

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    let machine = options.devices(&module);
    let functions: Vec<OperationRef> = ir::top_level_ops(module.to_raw())
        .into_iter()
        .map(|op| unsafe { OperationRef::from_raw(op) })
        .filter(|op| {
            op_name(op) == "func.func"
                && !op
                    .attribute("sym_visibility")
                    .is_ok_and(|v| v.to_string().contains("private"))
                && !unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op.to_raw(), 0)) }
                    .ptr
                    .is_null()
        })
        .collect();
    let mut tag = 0i64;
    let mut ok = true;
    let mut plans = Vec::new();
    for function in &functions {
        let mut planner = Planner {
            machine,
            tag: &mut tag,
            values: HashMap::new(),
            held: HashMap::new(),
            used: 0,
            failed: false,
        };
        let plan = planner.function(function);
        ok &= !planner.failed;
        plans.push((function.to_raw(), plan, planner.used));
    }
    if !ok {
        return Err(());
    }
    let used = plans.iter().map(|(_, _, used)| *used).max().unwrap_or(0);
    let devices = machine.map_or(used, |count| i64::from(count.get())).max(1);
    for (function, plan, _) in &plans {
        let mut after = *function;
        for device in 0..devices {
            after = unsafe { emit_device(*function, after, plan, device) };
        }
    }
    Ok(())
}

fn has_attribute(op: MlirOperation, name: &str) -> bool {
    unsafe {
        !mlirOperationGetAttributeByName(op, melior::StringRef::new(name).to_raw())
            .ptr
            .is_null()
    }
}

fn shape_of(value: MlirValue) -> Option<Vec<i64>> {
    ir::tensor_shape(unsafe { mlirValueGetType(value) })
        .filter(ir::Shape::is_static)
        .map(|s| s.static_dims().into_iter().map(|d| d as i64).collect())
}

fn lengths(region: &Region) -> Vec<i64> {
    region.iter().map(|&(lo, hi)| hi - lo).collect()
}

fn full(shape: &[i64]) -> Region {
    shape.iter().map(|&n| (0, n)).collect()
}

fn intersect(a: &Region, b: &Region) -> Option<Region> {
    let region: Region = a
        .iter()
        .zip(b)
        .map(|(&(alo, ahi), &(blo, bhi))| (alo.max(blo), ahi.min(bhi)))
        .collect();
    region.iter().all(|&(lo, hi)| lo < hi).then_some(region)
}

fn contains(outer: &Region, inner: &Region) -> bool {
    outer
        .iter()
        .zip(inner)
        .all(|(&(olo, ohi), &(ilo, ihi))| olo <= ilo && ihi <= ohi)
}

/// Who holds which part of a partitioned value, while planning.
#[derive(Default)]
struct Held {
    /// Output regions of the producer's groups and the devices holding each.
    pieces: Vec<(Region, Vec<i64>)>,
    /// Regions received later, per device.
    received: HashMap<i64, Vec<Region>>,
}

struct Planner<'t> {
    machine: Option<DeviceCount>,
    tag: &'t mut i64,
    values: HashMap<usize, ValueId>,
    held: HashMap<ValueId, Held>,
    /// One past the largest device id used.
    used: i64,
    failed: bool,
}

impl Planner<'_> {
    fn error(&mut self, op: MlirOperation, message: &str) {
        let op = unsafe { OperationRef::from_raw(op) };
        emit_error(op.location(), &format!("'{}' op {message}", op_name(&op)));
        self.failed = true;
    }

    fn id(&self, value: MlirValue) -> Option<ValueId> {
        self.values.get(&ir::value_key(value)).copied()
    }

    fn partitioned(&self, value: MlirValue) -> bool {
        self.id(value).is_some_and(|id| self.held.contains_key(&id))
    }

    fn function(&mut self, function: &OperationRef<'_, '_>) -> FunctionPlan {
        let mut plan = FunctionPlan::default();
        let raw = function.to_raw();
        let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(raw, 0)) };
        for index in 0..unsafe { mlirBlockGetNumArguments(block) } {
            let argument = unsafe { mlirBlockGetArgument(block, index) };
            self.values
                .insert(ir::value_key(argument), ValueId::Arg(index as usize));
        }
        let ops = unsafe { ir::block_ops(block) };
        for (position, &op) in ops.iter().enumerate() {
            for r in 0..unsafe { mlirOperationGetNumResults(op) } {
                let result = unsafe { mlirOperationGetResult(op, r) };
                self.values
                    .insert(ir::value_key(result), ValueId::Result(position, r as usize));
            }
            let name = op_name(&unsafe { OperationRef::from_raw(op) });
            if name == "func.return" {
                plan.return_position = position;
                for index in 0..unsafe { mlirOperationGetNumOperands(op) } {
                    let value = unsafe { mlirOperationGetOperand(op, index) };
                    let Some(id) = self.id(value) else { continue };
                    plan.returned.push(id);
                    if let Some(shape) = shape_of(value).filter(|_| self.held.contains_key(&id)) {
                        let mut transfers = Vec::new();
                        self.need(id, &full(&shape), 0, &mut transfers);
                        plan.return_transfers.extend(transfers);
                    }
                }
                continue;
            }
            self.check_nested(op);
            if has_attribute(op, names::CONFIG_ATTR) {
                match self.graph_op(op, position) {
                    Ok(op_plan) => {
                        for r in 0..unsafe { mlirOperationGetNumResults(op) } {
                            plan.partitioned
                                .insert(ValueId::Result(position, r as usize));
                        }
                        plan.ops.push(op_plan);
                    }
                    Err(message) => self.error(op, &message),
                }
            } else if has_attribute(op, names::SPACE_ATTR) {
                self.error(
                    op,
                    "has a par.space but no par.config: run the search (or write a par.config) before par-materialize",
                );
            } else if let Some(index) = (0..unsafe { mlirOperationGetNumOperands(op) })
                .find(|&i| self.partitioned(unsafe { mlirOperationGetOperand(op, i) }))
            {
                self.error(
                    op,
                    &format!(
                        "has no par.config but reads a partitioned value (operand {index}); give it a par.config"
                    ),
                );
            }
        }
        plan
    }

    /// Graph ops nested in regions are not materialized; nor are partitioned values read inside the
    /// body of an op without `par.config`.
    fn check_nested(&mut self, op: MlirOperation) {
        if unsafe { mlirOperationGetNumRegions(op) } == 0 {
            return;
        }
        let partitioned: HashSet<usize> = self
            .values
            .iter()
            .filter(|(_, id)| self.held.contains_key(id))
            .map(|(&key, _)| key)
            .collect();
        // A graph op's tasks read such values whole (`captured`).
        let graph = has_attribute(op, names::CONFIG_ATTR);
        let mut found: Vec<(MlirOperation, &'static str)> = Vec::new();
        for inner in nested_ops(op) {
            if has_attribute(inner, names::CONFIG_ATTR) {
                found.push((inner, "has a par.config inside a region; par-materialize only cuts ops at the top level of a function"));
            } else if !graph
                && operands(inner).any(|value| partitioned.contains(&ir::value_key(value)))
            {
                found.push((
                    inner,
                    "reads a partitioned value inside a region; par-materialize cannot cut it",
                ));
            }
        }
        for (inner, message) in found {
            self.error(inner, message);
        }
    }

    /// Partitioned values that ops nested in `op`'s regions read (a `tensor.extract` from a table
    /// computed by an earlier graph op), each with its full region.
    fn captured(&self, op: MlirOperation) -> Vec<(ValueId, Region)> {
        let mut captured: Vec<(ValueId, Region)> = Vec::new();
        for value in nested_ops(op).into_iter().flat_map(operands) {
            let Some(id) = self.id(value).filter(|id| self.held.contains_key(id)) else {
                continue;
            };
            if let Some(shape) = shape_of(value) {
                if !captured.iter().any(|(c, _)| *c == id) {
                    captured.push((id, full(&shape)));
                }
            }
        }
        captured
    }

    /// Plans the receives that give `device` the `region` of `value`, appending them to `transfers`.
    fn need(
        &mut self,
        value: ValueId,
        region: &Region,
        device: i64,
        transfers: &mut Vec<Transfer>,
    ) {
        let Some(held) = self.held.get_mut(&value) else {
            return;
        };
        for (piece, holders) in &held.pieces {
            let Some(part) = intersect(region, piece) else {
                continue;
            };
            if holders.contains(&device) {
                continue;
            }
            let received = held.received.entry(device).or_default();
            if received.iter().any(|r| contains(r, &part)) {
                continue;
            }
            received.push(part.clone());
            transfers.push(Transfer {
                value,
                region: part,
                from: holders[0],
                to: device,
                tag: *self.tag,
            });
            *self.tag += 1;
        }
    }

    fn graph_op(&mut self, op: MlirOperation, position: usize) -> Result<OpPlan, String> {
        let op_ref = unsafe { OperationRef::from_raw(op) };
        let name = op_name(&op_ref);
        let config = op_ref
            .attribute(names::CONFIG_ATTR)
            .map_err(|_| "has no par.config".to_string())
            .and_then(|a| {
                Config::parse(&a.to_string())
                    .map_err(|e| format!("has a malformed par.config: {e}"))
            })?;
        let model = match par_import::model_of(&op_ref, &name) {
            Family::Modelled(model) | Family::Capturing(model, _) => model,
            Family::Invalid(message) => return Err(format!("cannot be materialized: {message}")),
            _ => {
                return Err("has a par.config but flexc knows no iteration space for it".to_string())
            }
        };
        check_config(&config, &model, self.machine)?;
        // The plan's region arithmetic is in i64.
        let degrees: Vec<i64> = config.degrees.iter().map(|&d| d as i64).collect();
        let captured = self.captured(op);
        let kind = task_kind(&op_ref, &name, &model)?;
        // Capture loops (data-dependent indices into a table read in the body) follow the op's own
        // loops. Every task reads its captured tensors whole, so tasks that differ only in capture
        // loops compute the same region: redundantly, without combining.
        let own = match &kind {
            TaskKind::Structured(maps) => maps.first().map_or(0, |m| m.0),
            _ => model.loops.len(),
        };
        let reduction_split = model
            .parallel
            .iter()
            .zip(&degrees)
            .take(own)
            .any(|(&parallel, &degree)| !parallel && degree > 1);
        let combine = if reduction_split {
            Some(combine_of(op, &model)?)
        } else {
            None
        };
        let mut tasks = Vec::new();
        let mut transfers = Vec::new();
        // Per result: group key (parallel coordinates) -> group index.
        let mut group_index: HashMap<(usize, Vec<i64>), usize> = HashMap::new();
        let mut groups: Vec<Group> = Vec::new();
        for (t, device) in config.devices.iter().enumerate() {
            let device = i64::from(device.0);
            self.used = self.used.max(device + 1);
            let (coords, loops) = task_box(&degrees, &model.loops, t);
            let first = coords
                .iter()
                .zip(&model.parallel)
                .take(own)
                .all(|(&c, &parallel)| parallel || c == 0);
            let planned = kind.plan(
                self,
                &op_ref,
                &model,
                &loops,
                first.then_some(()).ok_or(combine),
            )?;
            for (value, region) in planned.reads.iter().chain(&captured) {
                self.need(*value, region, device, &mut transfers);
            }
            let key: Vec<i64> = coords
                .iter()
                .zip(&model.parallel)
                .map(|(&c, &parallel)| if parallel { c } else { -1 })
                .collect();
            for (result, region) in planned.outputs.into_iter().enumerate() {
                let index = *group_index.entry((result, key.clone())).or_insert_with(|| {
                    groups.push(Group {
                        result,
                        tasks: Vec::new(),
                        devices: Vec::new(),
                        region,
                    });
                    groups.len() - 1
                });
                let group = &mut groups[index];
                group.tasks.push(t);
                if !group.devices.contains(&device) {
                    group.devices.push(device);
                }
            }
            tasks.push(Task {
                device,
                body: planned.body,
            });
        }
        for group in &groups {
            self.held
                .entry(ValueId::Result(position, group.result))
                .or_default()
                .pieces
                .push((group.region.clone(), group.devices.clone()));
        }
        Ok(OpPlan {
            position,
            transfers,
            tasks,
            groups,
            combine,
            captured: captured.into_iter().map(|(id, _)| id).collect(),
        })
    }
}

/// The rules of `flexc_core::Config::check` (the validator `par-verify` and the simulator use), for
/// the op's loops; its one-task-per-device rule is this pass's own invariant (module doc).
fn check_config(
    config: &Config,
    model: &OpModel,
    machine: Option<DeviceCount>,
) -> Result<(), String> {
    let target = ConfigTarget {
        sizes: Some(&model.loops),
        partitionable: true,
        devices: machine,
    };
    config.check(&target).map_err(|e| e.to_string())
}

/// Grid coordinates and loop box of task `t` (row-major, last loop fastest).
fn task_box(degrees: &[i64], loops: &[u64], t: usize) -> (Vec<i64>, Region) {
    let mut coords = vec![0i64; degrees.len()];
    let mut rest = t as i64;
    for k in (0..degrees.len()).rev() {
        coords[k] = rest % degrees[k];
        rest /= degrees[k];
    }
    let region = coords
        .iter()
        .zip(degrees)
        .zip(loops)
        .map(|((&c, &degree), &size)| {
            let extent = size as i64 / degree;
            (c * extent, (c + 1) * extent)
        })
        .collect();
    (coords, region)
}

/// The combiner of a structured op's reductions, from what its body yields for every result.
fn combine_of(op: MlirOperation, model: &OpModel) -> Result<Combine, String> {
    let results = model.outputs.len();
    let inputs = model.inputs.len() - results;
    let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)) };
    let ops = unsafe { ir::block_ops(body) };
    let yield_op = ops
        .last()
        .copied()
        .ok_or("splits a reduction but has no body to read its combiner from")?;
    let mut found = None;
    for r in 0..results {
        let value = unsafe { mlirOperationGetOperand(yield_op, r as isize) };
        let combine = ir::defining_op(value).and_then(|def| {
            let name = op_name(&unsafe { OperationRef::from_raw(def) });
            let combine = match name.as_str() {
                "arith.addf" | "arith.addi" => Combine::Sum,
                "arith.maximumf" | "arith.maxnumf" | "arith.maxsi" => Combine::Max,
                "arith.minimumf" | "arith.minnumf" | "arith.minsi" => Combine::Min,
                _ => return None,
            };
            let accumulates = (0..unsafe { mlirOperationGetNumOperands(def) }).any(|i| unsafe {
                let operand = mlirOperationGetOperand(def, i);
                mlirValueIsABlockArgument(operand)
                    && mlirBlockArgumentGetOwner(operand).ptr == body.ptr
                    && mlirBlockArgumentGetArgNumber(operand) as usize == inputs + r
            });
            accumulates.then_some(combine)
        });
        let Some(combine) = combine else {
            return Err(format!(
                "splits a reduction, but its body does not accumulate result {r} with an add, max or min: partial results cannot be combined"
            ));
        };
        if found.is_some_and(|f| f != combine) {
            return Err("splits a reduction whose results combine differently".into());
        }
        found = Some(combine);
    }
    found.ok_or_else(|| "splits a reduction but has no results".to_string())
}

/// How one family of ops is cut into tasks: the materialization half of `par_import::model_of`'s
/// per-op table (the same families, decided the same way).
enum TaskKind {
    Structured(Vec<(usize, Vec<ir::AffineSum>)>),
    Elementwise,
    ExtractSlice,
    InsertSlice,
    Pad,
    Concat(usize),
    Reshape {
        expand: bool,
        groups: Vec<Vec<usize>>,
    },
}

/// What one task reads, runs and writes.
struct Planned {
    body: Body,
    /// Regions of values the task reads (communication).
    reads: Vec<(ValueId, Region)>,
    /// Per result: the region of the result the task writes.
    outputs: Vec<Region>,
}

fn task_kind(op: &OperationRef<'_, '_>, name: &str, model: &OpModel) -> Result<TaskKind, String> {
    if let Some(maps) = ir::linalg_indexing_maps(op.to_raw()) {
        return Ok(TaskKind::Structured(maps));
    }
    let static_operands = |count: usize| {
        if op.operand_count() == count {
            Ok(())
        } else {
            Err(format!(
                "has dynamic offsets or sizes; par-materialize needs static '{name}' ops"
            ))
        }
    };
    match name {
        "tensor.extract_slice" => {
            static_operands(1)?;
            Ok(TaskKind::ExtractSlice)
        }
        "tensor.insert_slice" => {
            static_operands(2)?;
            Ok(TaskKind::InsertSlice)
        }
        "tensor.pad" => {
            pad_widths(op).map_err(|_| {
                format!("has dynamic offsets or sizes; par-materialize needs static '{name}' ops")
            })?;
            let body = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(op.to_raw(), 0)) };
            let uses_index = (0..unsafe { mlirBlockGetNumArguments(body) })
                .any(|i| ir::has_uses(unsafe { mlirBlockGetArgument(body, i) }));
            if uses_index {
                return Err(
                    "pads with a value that depends on the index; par-materialize cannot cut it"
                        .into(),
                );
            }
            Ok(TaskKind::Pad)
        }
        "tensor.concat" => {
            let dim = op
                .attribute("dim")
                .ok()
                .and_then(|a| ir::integer(a.to_raw()))
                .ok_or("has no dim")?;
            Ok(TaskKind::Concat(dim as usize))
        }
        "tensor.expand_shape" | "tensor.collapse_shape" => {
            let groups = op
                .attribute("reassociation")
                .ok()
                .and_then(|a| ir::nested_int_arrays(a.to_raw()))
                .ok_or("has no reassociation")?;
            if name == "tensor.expand_shape" && op.operand_count() != 1 {
                return Err(
                    "has a dynamic output shape; par-materialize needs static shapes".into(),
                );
            }
            Ok(TaskKind::Reshape {
                expand: name == "tensor.expand_shape",
                groups: groups
                    .into_iter()
                    .map(|g| g.into_iter().map(|d| d as usize).collect())
                    .collect(),
            })
        }
        _ if op.region_count() == 0
            && model.outputs.iter().all(|o| is_identity(o))
            && model.inputs.iter().flatten().all(|i| is_identity(i))
            && !name.starts_with("par.") =>
        {
            Ok(TaskKind::Elementwise)
        }
        _ => Err(format!(
            "cannot be materialized: par-materialize has no rule to cut '{name}' ops"
        )),
    }
}

fn is_identity(access: &[ir::AffineSum]) -> bool {
    access
        .iter()
        .enumerate()
        .all(|(k, e)| e.single_dim() == Some(k))
}

fn operand_value(op: &OperationRef<'_, '_>, index: usize) -> MlirValue {
    unsafe { mlirOperationGetOperand(op.to_raw(), index as isize) }
}

/// The low and high padding of a `tensor.pad`, its dynamic entries resolved where they are
/// constants (TOSA lowers pads with `arith.constant` widths).
fn pad_widths(op: &OperationRef<'_, '_>) -> Result<(Vec<i64>, Vec<i64>), String> {
    let mut low = i64_attribute(op, "static_low")?;
    let mut high = i64_attribute(op, "static_high")?;
    let mut dynamic = 1..op.operand_count();
    for width in low.iter_mut().chain(high.iter_mut()) {
        if *width == i64::MIN {
            let operand = dynamic
                .next()
                .ok_or("has fewer padding operands than dynamic widths")?;
            *width =
                ir::constant_int(unsafe { mlirOperationGetOperand(op.to_raw(), operand as isize) })
                    .ok_or("has a padding width that is not a constant")?;
        }
    }
    Ok((low, high))
}

fn i64_attribute(op: &OperationRef<'_, '_>, name: &str) -> Result<Vec<i64>, String> {
    op.attribute(name)
        .ok()
        .and_then(|a| ir::i64_list(a.to_raw()))
        .ok_or_else(|| format!("has no static {name}"))
}

fn array_text(values: &[i64]) -> String {
    if values.is_empty() {
        return "array<i64>".into();
    }
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("array<i64: {}>", items.join(", "))
}

impl TaskKind {
    /// Plans task `loops` of `op`. `first` is `Err(combine)` for a task of a split reduction whose
    /// reduction coordinates are not all 0 (its destination starts from the combiner's identity).
    fn plan(
        &self,
        planner: &Planner,
        op: &OperationRef<'_, '_>,
        model: &OpModel,
        loops: &Region,
        first: Result<(), Option<Combine>>,
    ) -> Result<Planned, String> {
        let id = |index: usize| -> Result<ValueId, String> {
            planner
                .id(operand_value(op, index))
                .ok_or_else(|| format!("operand {index} is not a value of the function body"))
        };
        let shape = |index: usize| shape_of(operand_value(op, index));
        let result_shape = || {
            shape_of(unsafe { mlirOperationGetResult(op.to_raw(), 0) })
                .ok_or("has a result that is not a static tensor")
        };
        let mut reads = Vec::new();
        match self {
            TaskKind::Structured(maps) => {
                let results = op.result_count();
                let inputs = op.operand_count() - results;
                let mut operands = Vec::new();
                let mut slices = Vec::new();
                for (j, (_, exprs)) in maps.iter().enumerate() {
                    let Some(shape) = shape(j) else {
                        operands.push(Operand::Keep(j));
                        slices.push(Vec::new());
                        continue;
                    };
                    let mut slice = Region::new();
                    let mut read = Region::new();
                    for (dim, (e, &size)) in exprs.iter().zip(&shape).enumerate() {
                        if e.terms.iter().any(|&(_, c)| c < 0) || e.offset < 0 {
                            return Err(format!("indexes operand {j} dim {dim} with a negative coefficient or offset; par-materialize cannot slice it"));
                        }
                        let start: i64 = e.terms.iter().map(|&(k, c)| c * loops[k].0).sum();
                        let end: i64 = e
                            .terms
                            .iter()
                            .map(|&(k, c)| c * (loops[k].1 - 1))
                            .sum::<i64>()
                            + e.offset
                            + 1;
                        if end > size {
                            return Err(format!(
                                "reads operand {j} dim {dim} past its size {size}"
                            ));
                        }
                        slice.push((start, end));
                        read.push((start + e.offset, end));
                    }
                    let value = id(j)?;
                    let operand = match first {
                        Err(Some(combine)) if j >= inputs => Operand::Identity {
                            like: j,
                            shape: lengths(&slice),
                            combine,
                        },
                        _ => {
                            if model.inputs.get(j).is_some_and(Option::is_some) {
                                reads.push((value, read));
                            }
                            Operand::Slice(value, slice.clone())
                        }
                    };
                    operands.push(operand);
                    slices.push(slice);
                }
                let mut outputs = Vec::new();
                for r in 0..results {
                    let (_, exprs) = &maps[inputs + r];
                    // Loop dims, or index 0 of a unit dim (a reduction that keeps its dim).
                    let plain = |e: &ir::AffineSum| {
                        e.single_dim().is_some() || (e.terms.is_empty() && e.offset == 0)
                    };
                    if !exprs.iter().all(plain) {
                        return Err(format!("writes result {r} through an indexing map that is not a projected permutation"));
                    }
                    outputs.push(slices[inputs + r].clone());
                }
                Ok(Planned {
                    body: Body::Clone {
                        operands,
                        results: outputs.iter().map(lengths).collect(),
                        attributes: Vec::new(),
                        starts: loops.iter().map(|r| r.0).collect(),
                    },
                    reads,
                    outputs,
                })
            }
            TaskKind::Elementwise => {
                let mut operands = Vec::new();
                for j in 0..op.operand_count() {
                    if shape(j).is_none() {
                        operands.push(Operand::Keep(j));
                        continue;
                    }
                    let value = id(j)?;
                    reads.push((value, loops.clone()));
                    operands.push(Operand::Slice(value, loops.clone()));
                }
                Ok(Planned {
                    body: Body::Clone {
                        operands,
                        results: vec![lengths(loops); op.result_count()],
                        attributes: Vec::new(),
                        starts: Vec::new(),
                    },
                    reads,
                    outputs: vec![loops.clone(); op.result_count()],
                })
            }
            TaskKind::ExtractSlice => {
                let offsets = i64_attribute(op, "static_offsets")?;
                let strides = i64_attribute(op, "static_strides")?;
                let sizes: Vec<u64> = model.loops.clone();
                let result = result_shape()?;
                let kept = par_import::kept_dims(
                    &sizes,
                    &result.iter().map(|&d| d as u64).collect::<Vec<_>>(),
                )
                .ok_or("has sizes that do not match its result")?;
                let source = id(0)?;
                let read: Region = loops
                    .iter()
                    .zip(offsets.iter().zip(&strides))
                    .map(|(&(lo, hi), (&offset, &stride))| {
                        (lo * stride + offset, (hi - 1) * stride + offset + 1)
                    })
                    .collect();
                reads.push((source, read.clone()));
                let output: Region = loops
                    .iter()
                    .zip(&kept)
                    .filter(|(_, &k)| k)
                    .map(|(&r, _)| r)
                    .collect();
                Ok(Planned {
                    body: Body::Clone {
                        operands: vec![Operand::Whole(source)],
                        results: vec![lengths(&output)],
                        attributes: vec![
                            (
                                "static_offsets",
                                array_text(&read.iter().map(|r| r.0).collect::<Vec<_>>()),
                            ),
                            ("static_sizes", array_text(&lengths(loops))),
                        ],
                        starts: Vec::new(),
                    },
                    reads,
                    outputs: vec![output],
                })
            }
            TaskKind::InsertSlice => {
                let offsets = i64_attribute(op, "static_offsets")?;
                let sizes = i64_attribute(op, "static_sizes")?;
                if i64_attribute(op, "static_strides")?.iter().any(|&s| s != 1) {
                    return Err(
                        "inserts with strides other than 1; par-materialize cannot cut it".into(),
                    );
                }
                let source_shape = shape(0).ok_or("has a dynamic source")?;
                let kept = par_import::kept_dims(
                    &sizes.iter().map(|&s| s as u64).collect::<Vec<_>>(),
                    &source_shape.iter().map(|&d| d as u64).collect::<Vec<_>>(),
                )
                .ok_or("has sizes that do not match its source")?;
                let (source, dest) = (id(0)?, id(1)?);
                let part: Region = loops
                    .iter()
                    .zip(offsets.iter().zip(&sizes))
                    .map(|(&(lo, hi), (&offset, &size))| {
                        let a = (lo - offset).clamp(0, size);
                        (a, (hi - offset).clamp(a, size))
                    })
                    .collect();
                reads.push((dest, loops.clone()));
                let dest_slice = Operand::Slice(dest, loops.clone());
                if part.iter().any(|&(lo, hi)| lo >= hi) {
                    return Ok(Planned {
                        body: Body::Forward(dest_slice),
                        reads,
                        outputs: vec![loops.clone()],
                    });
                }
                let source_part: Region = part
                    .iter()
                    .zip(&kept)
                    .filter(|(_, &k)| k)
                    .map(|(&r, _)| r)
                    .collect();
                reads.push((source, source_part.clone()));
                let local_offsets: Vec<i64> = part
                    .iter()
                    .zip(offsets.iter().zip(loops))
                    .map(|(&(lo, _), (&offset, &(task_lo, _)))| lo + offset - task_lo)
                    .collect();
                Ok(Planned {
                    body: Body::Clone {
                        operands: vec![Operand::Slice(source, source_part), dest_slice],
                        results: vec![lengths(loops)],
                        attributes: vec![
                            ("static_offsets", array_text(&local_offsets)),
                            ("static_sizes", array_text(&lengths(&part))),
                        ],
                        starts: Vec::new(),
                    },
                    reads,
                    outputs: vec![loops.clone()],
                })
            }
            TaskKind::Pad => {
                let (low, _) = pad_widths(op)?;
                let source_shape = shape(0).ok_or("has a dynamic source")?;
                let source = id(0)?;
                let mut part = Region::new();
                let (mut new_low, mut new_high) = (Vec::new(), Vec::new());
                for ((&(lo, hi), &l), &size) in loops.iter().zip(&low).zip(&source_shape) {
                    let a = (lo - l).clamp(0, size);
                    let b = (hi - l).clamp(a, size);
                    let (a, b) = if a < b { (a, b) } else { (0, 0) };
                    let pad_low = if a < b { a + l - lo } else { 0 };
                    part.push((a, b));
                    new_low.push(pad_low);
                    new_high.push((hi - lo) - pad_low - (b - a));
                }
                if part.iter().all(|&(lo, hi)| lo < hi) {
                    reads.push((source, part.clone()));
                }
                Ok(Planned {
                    body: Body::Clone {
                        operands: vec![Operand::Slice(source, part)],
                        results: vec![lengths(loops)],
                        attributes: vec![
                            ("static_low", array_text(&new_low)),
                            ("static_high", array_text(&new_high)),
                            ("operandSegmentSizes", "array<i32: 1, 0, 0>".into()),
                        ],
                        starts: Vec::new(),
                    },
                    reads,
                    outputs: vec![loops.clone()],
                })
            }
            TaskKind::Concat(dim) => {
                let mut operands = Vec::new();
                let mut offset = 0i64;
                for j in 0..op.operand_count() {
                    let extent = shape(j).and_then(|s| s.get(*dim).copied()).unwrap_or(0);
                    let mut part = loops.clone();
                    let (lo, hi) = loops[*dim];
                    part[*dim] = (
                        (lo - offset).clamp(0, extent),
                        (hi - offset).clamp(0, extent),
                    );
                    offset += extent;
                    if part[*dim].0 < part[*dim].1 {
                        let value = id(j)?;
                        reads.push((value, part.clone()));
                        operands.push(Operand::Slice(value, part));
                    }
                }
                let body = if operands.len() == 1 {
                    Body::Forward(operands.remove(0))
                } else {
                    Body::Clone {
                        operands,
                        results: vec![lengths(loops)],
                        attributes: Vec::new(),
                        starts: Vec::new(),
                    }
                };
                Ok(Planned {
                    body,
                    reads,
                    outputs: vec![loops.clone()],
                })
            }
            TaskKind::Reshape { expand, groups } => {
                let high = &model.loops;
                let mut low_region = Region::new();
                let mut contiguous = true;
                for group in groups {
                    // Contiguous: inside the innermost partial dim all dims are whole, outside it all
                    // have one index.
                    let partial = group
                        .iter()
                        .rposition(|&d| loops[d].1 - loops[d].0 != high[d] as i64);
                    if let Some(p) = partial {
                        contiguous &= group[..p].iter().all(|&d| loops[d].1 - loops[d].0 == 1);
                    }
                    // The task's index among the group's parts (row-major over the group's dims) and
                    // the number of parts: its part of the low dim is the matching even share (the
                    // task's linear range where that is contiguous).
                    let (mut part, mut parts, mut size) = (0i64, 1i64, 1i64);
                    for &d in group {
                        let (lo, hi) = loops[d];
                        let degree = high[d] as i64 / (hi - lo);
                        part = part * degree + lo / (hi - lo);
                        parts *= degree;
                        size *= high[d] as i64;
                    }
                    let share = size / parts;
                    low_region.push((part * share, (part + 1) * share));
                }
                let source = id(0)?;
                if !contiguous {
                    // The task's part of the high side is not a box of the low side: the task reads the
                    // whole source, reshapes all of it and keeps its part (its box of the high side
                    // for an expand, its even share of each low group for a collapse).
                    let source_shape = shape(0).ok_or("has a dynamic source")?;
                    reads.push((source, full(&source_shape)));
                    let output = if *expand { loops.clone() } else { low_region };
                    return Ok(Planned {
                        body: Body::Part(Operand::Whole(source), output.clone()),
                        reads,
                        outputs: vec![output],
                    });
                }
                let (read, output, attributes) = if *expand {
                    let shape = array_text(&lengths(loops));
                    (
                        low_region,
                        loops.clone(),
                        vec![("static_output_shape", shape)],
                    )
                } else {
                    (loops.clone(), low_region, Vec::new())
                };
                reads.push((source, read.clone()));
                Ok(Planned {
                    body: Body::Clone {
                        operands: vec![Operand::Slice(source, read)],
                        results: vec![lengths(&output)],
                        attributes,
                        starts: Vec::new(),
                    },
                    reads,
                    outputs: vec![output],
                })
            }
        }
    }
}

// ===-------------------------------------------------------------------------------------------===//
// Emission: one clone of the serial function per device, rewritten in place.
// ===-------------------------------------------------------------------------------------------===//

/// Builds ops before `anchor` in one device function.
struct Emitter {
    context: MlirContext,
    location: MlirLocation,
    block: MlirBlock,
    anchor: MlirOperation,
    /// The device function's ops, by position (the clone of the serial body).
    ops: Vec<MlirOperation>,
    /// Device copies of partitioned values.
    local: HashMap<ValueId, MlirValue>,
    /// Pieces written into local copies (task results, received regions): a slice of exactly such a
    /// region is the piece itself, no `extract_slice` of the copy.
    pieces: HashMap<ValueId, Vec<(Region, MlirValue)>>,
}

fn attribute(context: MlirContext, text: &str) -> MlirAttribute {
    let attribute =
        unsafe { mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw()) };
    // The text is ours: a null attribute is a flexc bug.
    assert!(
        !attribute.ptr.is_null(),
        "par-materialize produced an unparsable attribute {text}"
    );
    attribute
}

fn tensor_type(shape: &[i64], element: MlirType) -> MlirType {
    unsafe {
        mlirRankedTensorTypeGet(
            shape.len() as isize,
            shape.as_ptr(),
            element,
            mlirAttributeGetNull(),
        )
    }
}

fn element_type(value: MlirValue) -> MlirType {
    unsafe { mlirShapedTypeGetElementType(mlirValueGetType(value)) }
}

impl Emitter {
    /// The static offsets/sizes/strides (unit) and operand segments of a `tensor.extract_slice` or
    /// `insert_slice` of `region` at `offsets`.
    fn slice_attributes(
        &self,
        offsets: &[i64],
        region: &Region,
        segments: &str,
    ) -> [(&'static str, MlirAttribute); 4] {
        [
            (
                "static_offsets",
                attribute(self.context, &array_text(offsets)),
            ),
            (
                "static_sizes",
                attribute(self.context, &array_text(&lengths(region))),
            ),
            (
                "static_strides",
                attribute(self.context, &array_text(&vec![1; region.len()])),
            ),
            ("operandSegmentSizes", attribute(self.context, segments)),
        ]
    }

    fn value(&self, id: ValueId) -> MlirValue {
        unsafe {
            match id {
                ValueId::Arg(index) => mlirBlockGetArgument(self.block, index as isize),
                ValueId::Result(position, r) => {
                    mlirOperationGetResult(self.ops[position], r as isize)
                }
            }
        }
    }

    fn insert(&self, op: MlirOperation) -> MlirOperation {
        unsafe { mlirBlockInsertOwnedOperationBefore(self.block, self.anchor, op) };
        op
    }

    fn build(
        &self,
        name: &str,
        operands: &[MlirValue],
        results: &[MlirType],
        attributes: &[(&str, MlirAttribute)],
    ) -> MlirOperation {
        let op = ir::create_op(
            self.context,
            name,
            self.location,
            operands,
            results,
            attributes,
        );
        self.insert(op)
    }

    fn result(op: MlirOperation) -> MlirValue {
        unsafe { mlirOperationGetResult(op, 0) }
    }

    /// `region` of `value` (whose shape is `shape`): the value itself when the region is all of it.
    fn extract(&self, value: MlirValue, region: &Region) -> MlirValue {
        let shape = shape_of(value).unwrap_or_default();
        if *region == full(&shape) {
            return value;
        }
        let offsets: Vec<i64> = region.iter().map(|r| r.0).collect();
        let op = self.build(
            "tensor.extract_slice",
            &[value],
            &[tensor_type(&lengths(region), element_type(value))],
            &self.slice_attributes(&offsets, region, "array<i32: 1, 0, 0, 0>"),
        );
        Self::result(op)
    }

    /// The device's copy of a partitioned value (a fresh `tensor.empty` before it holds anything), or
    /// the value itself when it is replicated.
    fn copy(&mut self, id: ValueId, partitioned: &HashSet<ValueId>) -> MlirValue {
        if !partitioned.contains(&id) {
            return self.value(id);
        }
        if let Some(&value) = self.local.get(&id) {
            return value;
        }
        let serial = self.value(id);
        let op = self.build(
            "tensor.empty",
            &[],
            &[unsafe { mlirValueGetType(serial) }],
            &[],
        );
        let value = Self::result(op);
        self.local.insert(id, value);
        value
    }

    /// `region` of the device's copy of `id` (of the value itself when replicated).
    fn slice(&mut self, id: ValueId, region: &Region, partitioned: &HashSet<ValueId>) -> MlirValue {
        if let Some(&(_, piece)) = self
            .pieces
            .get(&id)
            .and_then(|pieces| pieces.iter().find(|(r, _)| r == region))
        {
            return piece;
        }
        let copy = self.copy(id, partitioned);
        self.extract(copy, region)
    }

    /// Writes `piece` into the device's copy of `id` at `region`.
    fn write(
        &mut self,
        id: ValueId,
        piece: MlirValue,
        region: &Region,
        partitioned: &HashSet<ValueId>,
    ) {
        let shape = shape_of(self.value(id)).unwrap_or_default();
        if *region == full(&shape) && !self.local.contains_key(&id) {
            self.local.insert(id, piece);
            self.pieces
                .entry(id)
                .or_default()
                .push((region.clone(), piece));
            return;
        }
        let into = self.copy(id, partitioned);
        let offsets: Vec<i64> = region.iter().map(|r| r.0).collect();
        let op = self.build(
            "tensor.insert_slice",
            &[piece, into],
            &[unsafe { mlirValueGetType(into) }],
            &self.slice_attributes(&offsets, region, "array<i32: 1, 1, 0, 0, 0>"),
        );
        self.local.insert(id, Self::result(op));
        self.pieces
            .entry(id)
            .or_default()
            .push((region.clone(), piece));
    }

    fn transfers(&mut self, transfers: &[Transfer], device: i64, partitioned: &HashSet<ValueId>) {
        for transfer in transfers {
            let context = self.context;
            let peer_tag = |peer: i64| {
                [
                    ("peer", attribute(context, &format!("{peer} : i64"))),
                    (
                        "tag",
                        attribute(context, &format!("{} : i64", transfer.tag)),
                    ),
                ]
            };
            if transfer.from == device {
                let piece = self.slice(transfer.value, &transfer.region, partitioned);
                self.build(names::SEND, &[piece], &[], &peer_tag(transfer.to));
            }
            if transfer.to == device {
                let element = element_type(self.value(transfer.value));
                let op = self.build(
                    names::RECV,
                    &[],
                    &[tensor_type(&lengths(&transfer.region), element)],
                    &peer_tag(transfer.from),
                );
                self.write(
                    transfer.value,
                    Self::result(op),
                    &transfer.region,
                    partitioned,
                );
            }
        }
    }

    /// A tensor of `shape` filled with the identity of `combine`, of `like`'s element type.
    fn identity(&self, like: MlirValue, shape: &[i64], combine: Combine) -> MlirValue {
        let element = element_type(like);
        let value = unsafe {
            if mlirTypeIsAFloat(element) {
                let v = match combine {
                    Combine::Sum => 0.0,
                    Combine::Max => f64::NEG_INFINITY,
                    Combine::Min => f64::INFINITY,
                };
                mlirFloatAttrDoubleGet(self.context, element, v)
            } else {
                let bits = if mlirTypeIsAInteger(element) {
                    mlirIntegerTypeGetWidth(element).clamp(1, 64)
                } else {
                    64
                };
                let (min, max) = if bits == 64 {
                    (i64::MIN, i64::MAX)
                } else {
                    (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
                };
                let v = match combine {
                    Combine::Sum => 0,
                    Combine::Max => min,
                    Combine::Min => max,
                };
                mlirIntegerAttrGet(element, v)
            }
        };
        let constant = self.build("arith.constant", &[], &[element], &[("value", value)]);
        let splat = self.build(
            "tensor.splat",
            &[Self::result(constant)],
            &[tensor_type(shape, element)],
            &[],
        );
        Self::result(splat)
    }

    fn operand(
        &mut self,
        operand: &Operand,
        serial: MlirOperation,
        partitioned: &HashSet<ValueId>,
    ) -> MlirValue {
        match operand {
            Operand::Keep(index) => unsafe { mlirOperationGetOperand(serial, *index as isize) },
            Operand::Slice(id, region) => self.slice(*id, region, partitioned),
            Operand::Whole(id) => self.copy(*id, partitioned),
            Operand::Identity {
                like,
                shape,
                combine,
            } => {
                let like = unsafe { mlirOperationGetOperand(serial, *like as isize) };
                self.identity(like, shape, *combine)
            }
        }
    }

    /// Makes `linalg.index k` in the body of the task clone `op` yield the serial op's index: the
    /// clone iterates from 0, the task from `starts[k]`, so every use of the index gets
    /// `index + starts[k]` (`arith.addi` of an `arith.constant`, right after the `linalg.index`).
    fn shift_indices(&self, op: MlirOperation, starts: &[i64]) {
        if starts.iter().all(|&s| s == 0) {
            return;
        }
        let mut indices = Vec::new();
        unsafe { OperationRef::from_raw(op) }.walk(
            melior::ir::operation::WalkOrder::PreOrder,
            |inner: OperationRef| {
                if op_name(&inner) == "linalg.index" {
                    indices.push(inner.to_raw());
                }
                melior::ir::operation::WalkResult::Advance
            },
        );
        for index in indices {
            // Only the clone's own indices (not those of a structured op nested in its body).
            let mut parent = unsafe { mlirOperationGetParentOperation(index) };
            while !parent.ptr.is_null()
                && parent.ptr != op.ptr
                && !op_name(&unsafe { OperationRef::from_raw(parent) }).starts_with("linalg.")
            {
                parent = unsafe { mlirOperationGetParentOperation(parent) };
            }
            if parent.ptr != op.ptr {
                continue;
            }
            let dim = unsafe { OperationRef::from_raw(index) }
                .attribute("dim")
                .ok()
                .and_then(|a| ir::integer(a.to_raw()));
            let Some(&start) = dim.and_then(|d| starts.get(d as usize)) else {
                continue;
            };
            if start == 0 {
                continue;
            }
            unsafe {
                let value = mlirOperationGetResult(index, 0);
                let ty = mlirIndexTypeGet(self.context);
                let build = |name: &str,
                             operands: &[MlirValue],
                             attributes: &[MlirNamedAttribute]| {
                    let mut state =
                        mlirOperationStateGet(melior::StringRef::new(name).to_raw(), self.location);
                    mlirOperationStateAddOperands(
                        &mut state,
                        operands.len() as isize,
                        operands.as_ptr(),
                    );
                    mlirOperationStateAddResults(&mut state, 1, &ty);
                    mlirOperationStateAddAttributes(
                        &mut state,
                        attributes.len() as isize,
                        attributes.as_ptr(),
                    );
                    mlirOperationCreate(&mut state)
                };
                let constant = build(
                    "arith.constant",
                    &[],
                    &[mlirNamedAttributeGet(
                        mlirIdentifierGet(self.context, melior::StringRef::new("value").to_raw()),
                        mlirIntegerAttrGet(ty, start),
                    )],
                );
                let mut add = build(
                    "arith.addi",
                    &[value, mlirOperationGetResult(constant, 0)],
                    &[],
                );
                let block = mlirOperationGetBlock(index);
                mlirBlockInsertOwnedOperationAfter(block, index, constant);
                mlirBlockInsertOwnedOperationAfter(block, constant, add);
                mlirValueReplaceAllUsesExcept(value, mlirOperationGetResult(add, 0), 1, &mut add);
            }
        }
    }

    /// Emits one task; returns its results.
    fn task(
        &mut self,
        body: &Body,
        serial: MlirOperation,
        partitioned: &HashSet<ValueId>,
        captured: &[(MlirValue, MlirValue)],
    ) -> Vec<MlirValue> {
        match body {
            Body::Forward(operand) => vec![self.operand(operand, serial, partitioned)],
            Body::Part(operand, region) => {
                let value = self.operand(operand, serial, partitioned);
                let op = strip_clone(serial, &[value]);
                self.insert(op);
                vec![self.extract(Self::result(op), region)]
            }
            Body::Clone {
                operands,
                results,
                attributes,
                starts,
            } => {
                let values: Vec<MlirValue> = operands
                    .iter()
                    .map(|operand| self.operand(operand, serial, partitioned))
                    .collect();
                let op = strip_clone(serial, &values);
                unsafe {
                    for (r, shape) in results.iter().enumerate() {
                        let result = mlirOperationGetResult(op, r as isize);
                        mlirValueSetType(result, tensor_type(shape, element_type(result)));
                    }
                    for (name, text) in attributes {
                        mlirOperationSetAttributeByName(
                            op,
                            melior::StringRef::new(name).to_raw(),
                            attribute(self.context, text),
                        );
                    }
                }
                self.insert(op);
                self.shift_indices(op, starts);
                recapture(op, captured);
                (0..results.len())
                    .map(|r| unsafe { mlirOperationGetResult(op, r as isize) })
                    .collect()
            }
        }
    }

    fn graph_op(&mut self, plan: &OpPlan, device: i64, partitioned: &HashSet<ValueId>) {
        let serial = self.ops[plan.position];
        self.anchor = serial;
        self.location = unsafe { mlirOperationGetLocation(serial) };
        self.transfers(&plan.transfers, device, partitioned);
        // The device's whole copies of captured values (all of it was received above).
        let runs = plan.tasks.iter().any(|task| task.device == device);
        let captured: Vec<(MlirValue, MlirValue)> = plan
            .captured
            .iter()
            .filter(|_| runs)
            .map(|&id| (self.value(id), self.copy(id, partitioned)))
            .collect();
        let mut results: HashMap<usize, Vec<MlirValue>> = HashMap::new();
        for (t, task) in plan.tasks.iter().enumerate() {
            if task.device == device {
                let values = self.task(&task.body, serial, partitioned, &captured);
                results.insert(t, values);
            }
        }
        for group in &plan.groups {
            if !group.devices.contains(&device) {
                continue;
            }
            let mut mine = group
                .tasks
                .iter()
                .filter_map(|t| results.get(t).map(|values| values[group.result]));
            let Some(mut partial) = mine.next() else {
                continue;
            };
            // Without a combiner, the group's tasks computed the same region redundantly.
            if let Some(combine) = plan.combine {
                let float = unsafe { mlirTypeIsAFloat(element_type(partial)) };
                for other in mine {
                    let op = self.build(
                        combine.arith_op(float),
                        &[partial, other],
                        &[unsafe { mlirValueGetType(partial) }],
                        &[],
                    );
                    partial = Self::result(op);
                }
                if group.devices.len() > 1 {
                    let op = self.build(
                        names::ALL_REDUCE,
                        &[partial],
                        &[unsafe { mlirValueGetType(partial) }],
                        &[
                            (
                                "group",
                                attribute(self.context, &array_text(&group.devices)),
                            ),
                            (
                                "kind",
                                attribute(self.context, &format!("\"{}\"", combine.kind())),
                            ),
                        ],
                    );
                    partial = Self::result(op);
                }
            }
            self.write(
                ValueId::Result(plan.position, group.result),
                partial,
                &group.region,
                partitioned,
            );
        }
    }
}

/// The ops nested in `op`'s regions, at any depth, in pre-order (`op` itself not included).
fn nested_ops(op: MlirOperation) -> Vec<MlirOperation> {
    let mut ops = Vec::new();
    unsafe { OperationRef::from_raw(op) }.walk(
        melior::ir::operation::WalkOrder::PreOrder,
        |inner: OperationRef| {
            if inner.to_raw().ptr != op.ptr {
                ops.push(inner.to_raw());
            }
            melior::ir::operation::WalkResult::Advance
        },
    );
    ops
}

/// The operands of `op`.
fn operands(op: MlirOperation) -> impl Iterator<Item = MlirValue> {
    (0..unsafe { mlirOperationGetNumOperands(op) })
        .map(move |i| unsafe { mlirOperationGetOperand(op, i) })
}

/// A clone of the serial graph op `serial` on `operands`, without its strategy attributes.
fn strip_clone(serial: MlirOperation, operands: &[MlirValue]) -> MlirOperation {
    unsafe {
        let op = mlirOperationClone(serial);
        for name in [names::CONFIG_ATTR, names::SPACE_ATTR] {
            mlirOperationRemoveAttributeByName(op, melior::StringRef::new(name).to_raw());
        }
        mlirOperationSetOperands(op, operands.len() as isize, operands.as_ptr());
        op
    }
}

/// Makes the ops nested in the task clone `op` read the device's copy of each captured value instead
/// of the serial value (`captured`: (serial, copy) pairs).
fn recapture(op: MlirOperation, captured: &[(MlirValue, MlirValue)]) {
    if captured.is_empty() {
        return;
    }
    for inner in nested_ops(op) {
        for i in 0..unsafe { mlirOperationGetNumOperands(inner) } {
            let value = unsafe { mlirOperationGetOperand(inner, i) };
            if let Some(&(_, copy)) = captured.iter().find(|(serial, _)| serial.ptr == value.ptr) {
                unsafe { mlirOperationSetOperand(inner, i, copy) };
            }
        }
    }
}

/// Adds `@<f>_device<device>` after `after`; returns it.
unsafe fn emit_device(
    function: MlirOperation,
    after: MlirOperation,
    plan: &FunctionPlan,
    device: i64,
) -> MlirOperation {
    let context = mlirOperationGetContext(function);
    let clone = mlirOperationClone(function);
    let module_block = mlirOperationGetBlock(function);
    mlirBlockInsertOwnedOperationAfter(module_block, after, clone);
    let name = OperationRef::from_raw(function)
        .attribute("sym_name")
        .map(|a| a.to_string().trim_matches('"').to_string())
        .unwrap_or_default();
    mlirOperationSetAttributeByName(
        clone,
        melior::StringRef::new("sym_name").to_raw(),
        mlirStringAttrGet(
            context,
            melior::StringRef::new(&names::device_function(&name, DeviceId(device as u32)))
                .to_raw(),
        ),
    );
    let block = mlirRegionGetFirstBlock(mlirOperationGetRegion(clone, 0));
    let ops = ir::block_ops(block);
    let mut emitter = Emitter {
        context,
        location: mlirOperationGetLocation(function),
        block,
        anchor: ops[plan.return_position],
        ops,
        local: HashMap::new(),
        pieces: HashMap::new(),
    };
    for op_plan in &plan.ops {
        emitter.graph_op(op_plan, device, &plan.partitioned);
    }
    let ret = emitter.ops[plan.return_position];
    emitter.anchor = ret;
    emitter.location = mlirOperationGetLocation(ret);
    emitter.transfers(&plan.return_transfers, device, &plan.partitioned);
    if device == 0 {
        let values: Vec<MlirValue> = plan
            .returned
            .iter()
            .map(|&id| emitter.copy(id, &plan.partitioned))
            .collect();
        mlirOperationSetOperands(ret, values.len() as isize, values.as_ptr());
    } else {
        mlirOperationSetOperands(ret, 0, std::ptr::null());
        let ty = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
            clone,
            melior::StringRef::new("function_type").to_raw(),
        ));
        let inputs: Vec<MlirType> = (0..mlirFunctionTypeGetNumInputs(ty))
            .map(|i| mlirFunctionTypeGetInput(ty, i))
            .collect();
        let ty = mlirFunctionTypeGet(
            context,
            inputs.len() as isize,
            inputs.as_ptr(),
            0,
            std::ptr::null(),
        );
        mlirOperationSetAttributeByName(
            clone,
            melior::StringRef::new("function_type").to_raw(),
            mlirTypeAttrGet(ty),
        );
        mlirOperationRemoveAttributeByName(clone, melior::StringRef::new("res_attrs").to_raw());
    }
    // The serial graph ops are now unused: later graph ops read local copies and the return was
    // rewritten. Erase them last to first.
    for op_plan in plan.ops.iter().rev() {
        mlirOperationDestroy(emitter.ops[op_plan.position]);
    }
    clone
}
