//! Planning of a scheduled strategy (a module with `par.schedule`, docs in `super`): the function's
//! graph as `flexc_core` sees it, its phases, the template plan of replica 0 in which per-micro-batch
//! ops run on one micro-batch, the messages between steps, and each device's program.
//!
//! **The graph.** The graph ops (ops with `par.config`) become a `flexc_core::Graph` (loops and roles
//! from their `#par.space`, accesses from their family's model); a value no graph op makes is a data
//! input when a sample loop reads it, a weight otherwise. `flexc_core::batch::batch_marks` gives the
//! loops and tensor dims that follow the batch and `flexc_core::schedule::Phases` the phase of every
//! op (`detect_training_step` tells a training step's backward from its forward), the same functions the
//! simulator and the search use.
//!
//! **The template.** Replica 0 is planned once ([`super::tasks::Planner`]); replica `r` runs the same
//! programs with every device (own, peer, group member) shifted by `r·R` on its own samples. Ops run in
//! the order of the phases: prologue, then the per-micro-batch ops (by step kind: forward stages up,
//! backward stages down; program order within one), then the epilogue. A per-micro-batch op is planned
//! for micro-batch 0 of replica 0: its loops that follow the batch are cut to one micro-batch
//! (`B / (d·m)` samples), so its regions are micro-batch-local coordinates, and every value that
//! follows the batch is held per micro-batch in a tensor of that size; values from outside the
//! micro-batch (arguments, replicated values) are sliced to the micro-batch's samples. An op that
//! reduces over the batch (a weight gradient, the loss) starts every task from the combiner's identity:
//! its partial results accumulate over the micro-batches, the device holding the first task of replica
//! 0 starting from the op's init, and are summed over the devices once, after the last micro-batch.

use super::{
    has_attribute,
    order::{self, Kind, Message, Program, Segment},
    tasks::{OpPlan, Planner, Transfer, View},
    zero,
};
use crate::{
    emit_error,
    family::{self, cut::shape_of, Import, ValueId},
    ir, op_name,
    region::{full, Region},
};
use flexc_core::{
    batch::batch_marks,
    graph::detect_training_step,
    schedule::{Pass, Phase, Phases, Schedule},
    Access, Config, DType, DeviceId, Dim, Graph, Op as GraphOp, OpId, Role, TensorId, TensorKind,
};
use flexc_dialects::{names, Space};
use melior::ir::{attribute::AttributeLike, operation::OperationLike, OperationRef};
use mlir_sys::*;
use std::collections::{HashMap, HashSet};

/// One per-micro-batch op of the template.
#[derive(Clone, Debug)]
pub(super) struct StepOp {
    pub(super) plan: OpPlan,
    pub(super) kind: Kind,
    /// It reduces over the batch: its groups accumulate over the micro-batches (see module doc).
    pub(super) accumulate: bool,
    /// The backward of its stage runs it again instead of keeping its results.
    pub(super) recomputed: bool,
    /// Per loop: one micro-batch's extent along it when it follows the batch (its `linalg.index`
    /// is offset by the micro-batch's first sample).
    pub(super) batch_blocks: Vec<Option<i64>>,
}

/// A message between steps: the transfer it carries (replica-0 devices).
#[derive(Clone, Debug)]
pub(super) struct Cross {
    pub(super) transfer: Transfer,
}

/// What follows the batch in a value: per dim, the extent of one micro-batch's block (`None`: the dim
/// does not follow the batch).
pub(super) type Blocks = Vec<Option<i64>>;

/// The plan of one scheduled function.
pub(super) struct Scheduled {
    pub(super) schedule: Schedule,
    /// Devices per replica (`R`).
    pub(super) replica_width: u32,
    pub(super) prologue: Vec<OpPlan>,
    /// Transfers of prologue results that per-micro-batch ops read: once, before the steps.
    pub(super) pre_steps: Vec<Transfer>,
    pub(super) steps: Vec<StepOp>,
    pub(super) messages: Vec<Message>,
    pub(super) cross: Vec<Cross>,
    /// Per replica-0 device: its program and the program's loops.
    pub(super) programs: Vec<(Program, Vec<Segment>)>,
    pub(super) epilogue: Vec<OpPlan>,
    pub(super) return_position: usize,
    pub(super) return_transfers: Vec<Transfer>,
    pub(super) returned: Vec<ValueId>,
    /// Results of graph ops (held as device copies).
    pub(super) partitioned: HashSet<ValueId>,
    /// Results of per-micro-batch ops: held per micro-batch, in tensors of `micro_shape`.
    pub(super) per_micro_batch: HashSet<ValueId>,
    /// Values that follow the batch (per-micro-batch results, and arguments and replicated values the
    /// steps read): their blocks per dim.
    pub(super) blocks: HashMap<ValueId, Blocks>,
    /// Per-micro-batch results that the function returns: assembled over the micro-batches.
    pub(super) assembled: Vec<ValueId>,
    /// ZeRO's changes (`super::zero`); with ZeRO the epilogue is planned on the real devices.
    pub(super) zero: zero::ZeroPlan,
}

impl Scheduled {
    /// The shape of one micro-batch of `value` (whose serial shape is `shape`).
    pub(super) fn micro_shape(&self, value: ValueId, shape: &[i64]) -> Vec<i64> {
        match self.blocks.get(&value) {
            Some(blocks) => shape
                .iter()
                .zip(blocks)
                .map(|(&s, b)| b.unwrap_or(s))
                .collect(),
            None => shape.to_vec(),
        }
    }
}

/// A graph op of the function.
struct Node {
    position: usize,
    op: MlirOperation,
    config: Config,
    stage: u32,
    /// Per loop: parallel (its family's model).
    parallel: Vec<bool>,
}

/// The function's graph ops as a `flexc_core::Graph`, with the value each tensor is.
struct Built {
    graph: Graph,
    nodes: Vec<Node>,
    /// The value each tensor is.
    value_of: Vec<ValueId>,
}

/// `file:line:col` of an op (for messages about another op than the one an error is at).
fn location_text(op: MlirOperation) -> String {
    let text =
        ir::attribute_text(unsafe { mlirLocationGetAttribute(mlirOperationGetLocation(op)) });
    text.trim_start_matches("loc(")
        .trim_end_matches(')')
        .replace('"', "")
}

fn error(op: MlirOperation, message: &str) {
    let op = unsafe { OperationRef::from_raw(op) };
    emit_error(op.location(), &format!("'{}' op {message}", op_name(&op)));
}

fn dtype_of(value: MlirValue) -> DType {
    ir::tensor_shape(unsafe { mlirValueGetType(value) })
        .and_then(|s| DType::from_name(&s.element))
        .unwrap_or(DType::F32)
}

/// Builds the graph of the function's graph ops (module doc). `values` maps every value of the body
/// to its [`ValueId`]. Errors are emitted at the ops.
fn build(
    ops: &[MlirOperation],
    values: &HashMap<usize, ValueId>,
    args: &[MlirValue],
    pipelined: bool,
) -> Result<Built, ()> {
    let mut failed = false;
    let mut pending = Vec::new();
    for (position, &op) in ops.iter().enumerate() {
        if !has_attribute(op, names::CONFIG_ATTR) {
            continue;
        }
        match read_graph_op(op, position, pipelined) {
            Ok(read) => pending.push(read),
            Err(()) => failed = true,
        }
    }
    if failed {
        return Err(());
    }
    let mut tensors = Tensors::new(values, &pending);
    let mut graph = Graph::new();
    // Arguments first, in order (the batch of the data inputs is the first one's).
    for &arg in args {
        if tensors.data.contains(&ir::value_key(arg)) {
            let _ = tensors.tensor(&mut graph, arg);
        }
    }
    let mut nodes = Vec::new();
    for p in pending {
        // Every op is added, whatever failed before (each error is reported at its op).
        if add_graph_op(&mut graph, &mut tensors, &p).is_err() {
            failed = true;
            continue;
        }
        nodes.push(Node {
            position: p.position,
            op: p.op,
            config: p.config,
            stage: p.stage,
            parallel: p.model.parallel.clone(),
        });
    }
    if failed {
        return Err(());
    }
    Ok(Built {
        graph,
        nodes,
        value_of: tensors.value_of,
    })
}

/// A graph op as read from the IR, before it joins the graph.
struct GraphOpIr {
    position: usize,
    op: MlirOperation,
    config: Config,
    stage: u32,
    model: crate::op_model::OpModel,
    roles: Vec<Role>,
    /// (value, access) per tensor the op reads, then per result.
    inputs: Vec<(MlirValue, Vec<flexc_core::AffineDim>)>,
}

/// Reads the graph op `op` at `position`: its `par.config`, its family's model, the roles of its
/// loops (its `par.space`), its stage (required when `pipelined`) and the tensors it reads. Errors
/// are emitted at the op.
fn read_graph_op(op: MlirOperation, position: usize, pipelined: bool) -> Result<GraphOpIr, ()> {
    let op_ref = unsafe { OperationRef::from_raw(op) };
    let name = op_name(&op_ref);
    let config = match op_ref
        .attribute(names::CONFIG_ATTR)
        .ok()
        .map(|a| <Config as flexc_dialects::ConfigAttr>::parse(&a.to_string()))
    {
        Some(Ok(config)) => config,
        _ => {
            error(op, "has a malformed par.config");
            return Err(());
        }
    };
    let (model, captures) = match family::model_of(&op_ref, &name).1 {
        Import::Modelled(model) => (model, Vec::new()),
        Import::Capturing(model, captures) => (model, captures),
        _ => {
            error(
                op,
                "has a par.config but flexc knows no iteration space for it",
            );
            return Err(());
        }
    };
    let roles: Vec<Role> = match op_ref
        .attribute(names::SPACE_ATTR)
        .ok()
        .map(|a| Space::parse(&a.to_string()))
    {
        Some(Ok(space)) if space.roles.len() == model.loops.len() => space.roles,
        // Without its space (an auxiliary op of a lowering), the model's loop kinds.
        _ => model
            .parallel
            .iter()
            .map(|&p| if p { Role::Attribute } else { Role::Reduction })
            .collect(),
    };
    let stage = match op_ref.attribute(names::STAGE_ATTR).ok() {
        Some(a) => match ir::integer(a.to_raw()).and_then(|s| u32::try_from(s).ok()) {
            Some(stage) => stage,
            None => {
                error(op, "has a par.stage that is not a non-negative i64");
                return Err(());
            }
        },
        None if pipelined => {
            error(
                op,
                "has no par.stage, but the module's par.schedule has several pipeline stages",
            );
            return Err(());
        }
        None => 0,
    };
    let mut inputs = Vec::new();
    for (i, access) in model.inputs.iter().enumerate() {
        let Some(access) = access else { continue };
        let value = unsafe { mlirOperationGetOperand(op, i as isize) };
        if shape_of(value).is_some() {
            inputs.push((value, access.clone()));
        }
    }
    inputs.extend(captures);
    Ok(GraphOpIr {
        position,
        op,
        config,
        stage,
        model,
        roles,
        inputs,
    })
}

/// The graph's tensors while it is built: which value each is, and the kind of a value no graph op
/// makes (data when a sample loop reads it, a weight otherwise).
struct Tensors<'v> {
    values: &'v HashMap<usize, ValueId>,
    /// Values graph ops make (by value key).
    produced: HashSet<usize>,
    /// Values a sample loop reads that no graph op makes.
    data: HashSet<usize>,
    weights: WeightDerived,
    tensor_of: HashMap<ValueId, TensorId>,
    /// The value each tensor is.
    value_of: Vec<ValueId>,
}

impl<'v> Tensors<'v> {
    fn new(values: &'v HashMap<usize, ValueId>, pending: &[GraphOpIr]) -> Tensors<'v> {
        let produced: HashSet<usize> = pending
            .iter()
            .flat_map(|p| {
                (0..unsafe { mlirOperationGetNumResults(p.op) })
                    .map(move |r| ir::value_key(unsafe { mlirOperationGetResult(p.op, r) }))
            })
            .collect();
        let mut data: HashSet<usize> = HashSet::new();
        for p in pending {
            for (value, access) in &p.inputs {
                let sampled = access.iter().any(|e| {
                    e.terms
                        .iter()
                        .any(|&(k, c)| c != 0 && p.roles.get(k) == Some(&Role::Sample))
                });
                if sampled {
                    data.insert(ir::value_key(*value));
                }
            }
        }
        Tensors {
            values,
            produced,
            data,
            weights: WeightDerived::default(),
            tensor_of: HashMap::new(),
            value_of: Vec::new(),
        }
    }

    /// The tensor of `value`, added to `graph` the first time; `Ok(None)`: a constant (the
    /// importer's rule: free everywhere, never read as a tensor); `Err`: not a value of the function
    /// or not a static tensor.
    fn tensor(&mut self, graph: &mut Graph, value: MlirValue) -> Result<Option<TensorId>, ()> {
        let id = *self.values.get(&ir::value_key(value)).ok_or(())?;
        if let Some(&t) = self.tensor_of.get(&id) {
            return Ok(Some(t));
        }
        let shape: Vec<u64> = shape_of(value)
            .ok_or(())?
            .into_iter()
            .map(|d| d as u64)
            .collect();
        let key = ir::value_key(value);
        let kind = if self.produced.contains(&key) {
            TensorKind::Activation
        } else if self.data.contains(&key) {
            TensorKind::Input
        } else if self.weights.of(value) {
            TensorKind::Weight
        } else {
            return Ok(None);
        };
        let name = match id {
            ValueId::Arg(i) => format!("arg{i}"),
            ValueId::Result(p, r) => format!("op{p}#{r}"),
        };
        let t = graph.add_tensor(name, shape, dtype_of(value), kind);
        self.tensor_of.insert(id, t);
        self.value_of.push(id);
        Ok(Some(t))
    }
}

/// Adds the graph op `p` to `graph` with its accesses (also when one of its tensors is unusable).
/// Errors are emitted at the op.
fn add_graph_op(graph: &mut Graph, tensors: &mut Tensors<'_>, p: &GraphOpIr) -> Result<(), ()> {
    let mut failed = false;
    let mut accesses = Vec::new();
    for (value, access) in &p.inputs {
        match tensors.tensor(graph, *value) {
            Ok(Some(t)) => accesses.push(Access {
                tensor: t,
                exprs: access.clone(),
            }),
            Ok(None) => {}
            Err(()) => {
                error(p.op, "reads a value from outside its function");
                failed = true;
            }
        }
    }
    let mut outputs = Vec::new();
    for (r, access) in p.model.outputs.iter().enumerate() {
        let value = unsafe { mlirOperationGetResult(p.op, r as isize) };
        match tensors.tensor(graph, value) {
            Ok(Some(t)) => outputs.push(Access {
                tensor: t,
                exprs: access.clone(),
            }),
            _ => {
                error(p.op, "has a result that is not a static tensor");
                failed = true;
            }
        }
    }
    let first = unsafe { mlirOperationGetResult(p.op, 0) };
    let added = graph.add_op(GraphOp {
        name: op_name(&unsafe { OperationRef::from_raw(p.op) }),
        location: location_text(p.op),
        class: p.model.class,
        dims: p
            .model
            .loops
            .iter()
            .zip(&p.roles)
            .map(|(&size, &role)| Dim::new(size, role))
            .collect(),
        inputs: accesses,
        outputs,
        flops: p.model.flops as f64,
        dtype: dtype_of(first),
        position_mask: None,
    });
    if let Err(e) = added {
        error(p.op, &e.message);
        return Err(());
    }
    if failed {
        return Err(());
    }
    Ok(())
}

/// Whether a value no graph op makes is a weight: an argument, a constant with distinct values (not a
/// splat), or computed from one by ops without `par.config` (the importer's rule).
#[derive(Default)]
struct WeightDerived {
    known: HashMap<usize, bool>,
}

impl WeightDerived {
    fn of(&mut self, value: MlirValue) -> bool {
        let key = ir::value_key(value);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        // Cycle guard (values of one block are acyclic; regions are not followed).
        self.known.insert(key, false);
        let weight = match ir::defining_op(value) {
            None => true,
            Some(op) => unsafe {
                let operands = mlirOperationGetNumOperands(op);
                if operands == 0 {
                    let attribute = mlirOperationGetAttributeByName(
                        op,
                        melior::StringRef::new("value").to_raw(),
                    );
                    !attribute.ptr.is_null()
                        && (mlirAttributeIsADenseResourceElements(attribute)
                            || (mlirAttributeIsADenseElements(attribute)
                                && !mlirDenseElementsAttrIsSplat(attribute)))
                } else {
                    (0..operands).any(|i| self.of(mlirOperationGetOperand(op, i)))
                }
            },
        };
        self.known.insert(key, weight);
        weight
    }
}

/// The batch dim of the data inputs: the dim of the first data input (the tensor whose extent
/// `batch_marks` takes as the batch) that a sample loop indexes, alone or as the outer part of a merged
/// dim (a TOSA model's `tensor.expand_shape` of its input); else the dim of any data input that a
/// sample loop indexes alone.
fn batch_dim(graph: &Graph) -> usize {
    let first = graph
        .tensors()
        .iter()
        .position(|t| t.kind == TensorKind::Input);
    if let Some(first) = first {
        let first = TensorId::new(first);
        for op in graph.ops() {
            for access in op.inputs.iter().filter(|a| a.tensor == first) {
                for (j, e) in access.exprs.iter().enumerate() {
                    if e.terms.iter().any(|&(k, c)| {
                        c != 0 && op.dims[k].size > 1 && op.dims[k].role == Role::Sample
                    }) {
                        return j;
                    }
                }
            }
        }
    }
    for op in graph.ops() {
        for access in &op.inputs {
            if graph.tensor(access.tensor).kind != TensorKind::Input {
                continue;
            }
            for (j, e) in access.exprs.iter().enumerate() {
                if e.single_dim()
                    .is_some_and(|k| op.dims[k].role == Role::Sample)
                {
                    return j;
                }
            }
        }
    }
    0
}

/// The rank of a step kind in the order one micro-batch flows through the stages: forwards up,
/// backwards down.
pub(super) fn kind_rank(kind: Kind, stages: u32) -> u32 {
    match kind.pass {
        Pass::Forward => kind.stage,
        Pass::Backward => 2 * stages - 1 - kind.stage,
    }
}

/// Plans `function` under `schedule` on `devices` devices (module doc). Errors are emitted at the
/// ops; `Err(())` then.
pub(super) fn plan(
    function: &OperationRef<'_, '_>,
    schedule: &Schedule,
    devices: u32,
    tag: &mut i64,
) -> Result<Scheduled, ()> {
    let f = read_function(function);
    let a = analyze(function.to_raw(), &f, schedule, devices)?;
    let blocks = value_blocks(&a)?;
    let mut planner = Planner {
        machine: flexc_core::DeviceCount::new(u64::from(devices)).ok(),
        tag,
        values: f.values.clone(),
        held: HashMap::new(),
        used: 0,
        failed: false,
    };
    let template = plan_template(&a, &blocks, &mut planner);
    let (epilogue, zero_plan) = plan_epilogue(&a, &f, &template, &mut planner);
    if template.failed || planner.failed || !only_graph_ops_read_partitioned(&a, &f) {
        return Err(());
    }
    let Template {
        prologue,
        per_micro_batch,
        steps,
        pre_steps,
        messages,
        cross,
        deps,
        ..
    } = template;
    // Without per-micro-batch ops (a flat strategy: everything runs once, in program order) no device
    // runs a step.
    let programs = if steps.is_empty() {
        let idle = (
            Program {
                instances: Vec::new(),
                tail: Vec::new(),
            },
            Vec::new(),
        );
        vec![idle; a.schedule.replica_width(devices) as usize]
    } else {
        device_programs(function.to_raw(), &a.schedule, devices, &messages, deps)?
    };
    let (returned, assembled, return_transfers) =
        plan_returns(&a, &f, &per_micro_batch, &blocks, &mut planner);
    let partitioned: HashSet<ValueId> = a
        .built
        .nodes
        .iter()
        .flat_map(|n| {
            (0..unsafe { mlirOperationGetNumResults(n.op) } as usize)
                .map(move |r| ValueId::Result(n.position, r))
        })
        .collect();
    Ok(Scheduled {
        replica_width: a.schedule.replica_width(devices),
        schedule: a.schedule,
        prologue,
        pre_steps,
        steps,
        messages,
        cross,
        programs,
        epilogue,
        return_position: f.return_position,
        return_transfers,
        returned,
        partitioned,
        per_micro_batch,
        blocks,
        assembled,
        zero: zero_plan,
    })
}

/// The function's arguments and ops, every value's id, and what it returns.
struct FunctionIr {
    values: HashMap<usize, ValueId>,
    args: Vec<MlirValue>,
    ops: Vec<MlirOperation>,
    return_position: usize,
    returned_values: Vec<MlirValue>,
}

fn read_function(function: &OperationRef<'_, '_>) -> FunctionIr {
    let raw = function.to_raw();
    let block = unsafe { mlirRegionGetFirstBlock(mlirOperationGetRegion(raw, 0)) };
    let mut values: HashMap<usize, ValueId> = HashMap::new();
    let args: Vec<MlirValue> = (0..unsafe { mlirBlockGetNumArguments(block) })
        .map(|i| unsafe { mlirBlockGetArgument(block, i) })
        .collect();
    for (i, &arg) in args.iter().enumerate() {
        values.insert(ir::value_key(arg), ValueId::Arg(i));
    }
    let ops = unsafe { ir::block_ops(block) };
    let mut return_position = ops.len();
    let mut returned_values = Vec::new();
    for (position, &op) in ops.iter().enumerate() {
        for r in 0..unsafe { mlirOperationGetNumResults(op) } {
            let result = unsafe { mlirOperationGetResult(op, r) };
            values.insert(ir::value_key(result), ValueId::Result(position, r as usize));
        }
        if ir::op_name(op) == "func.return" {
            return_position = position;
            returned_values = (0..unsafe { mlirOperationGetNumOperands(op) })
                .map(|i| unsafe { mlirOperationGetOperand(op, i) })
                .collect();
        }
    }
    FunctionIr {
        values,
        args,
        ops,
        return_position,
        returned_values,
    }
}

/// An error at the function (`raw`).
fn fail_at(raw: MlirOperation, message: String) {
    crate::emit_error_at(raw, &message);
}

/// What the schedule makes of the function's graph: its ops' stages checked, the batch's loops and
/// dims, every op's phase, what the backward recomputes and what accumulates over the batch.
struct Analysis {
    built: Built,
    /// The schedule, with the stages read from the ops.
    schedule: Schedule,
    devices: u32,
    marks: flexc_core::batch::BatchMarks,
    phases: Phases,
    /// The weight arguments (by index).
    weight_args: HashSet<usize>,
    recomputed: Vec<bool>,
    /// Per graph op: it reduces over the batch (a loop that follows the batch and is a reduction).
    accumulates: Vec<bool>,
    /// Replicas × micro-batches: the pieces the batch is cut into.
    units: u64,
}

impl Analysis {
    /// The step kind of graph op `node`.
    fn kind_of(&self, node: usize) -> Kind {
        Kind {
            pass: match self.phases.of(OpId::new(node)) {
                Phase::Backward => Pass::Backward,
                _ => Pass::Forward,
            },
            stage: self.schedule.stage_of(OpId::new(node)),
        }
    }

    /// The graph ops of `phase`, in program order.
    fn by_phase(&self, phase: Phase) -> Vec<usize> {
        (0..self.built.nodes.len())
            .filter(|&i| self.phases.of(OpId::new(i)) == phase)
            .collect()
    }
}

fn analyze(
    raw: MlirOperation,
    f: &FunctionIr,
    schedule: &Schedule,
    devices: u32,
) -> Result<Analysis, ()> {
    let FunctionIr {
        values, args, ops, ..
    } = f;
    // The layout first (the stages of the ops are checked once they are read).
    let layout = Schedule {
        stage_of: Vec::new(),
        ..schedule.clone()
    };
    if let Err(message) = layout.check(devices, 0) {
        fail_at(raw, format!("par.schedule: {message}"));
        return Err(());
    }
    for (_, d, ways) in schedule.ways.used() {
        if let Some(why) = d.unmaterialized() {
            fail_at(raw, format!("par.schedule: {} = {ways}: {why}", d.field()));
            return Err(());
        }
    }
    let built = build(ops, values, args, schedule.is_pipelined())?;
    let graph = &built.graph;
    let schedule = with_stages(raw, schedule, &built, devices)?;
    // A flat strategy is one step of the whole batch: nothing is cut along it, so nothing about it is
    // asked of the graph (an op the batch cannot follow runs as it is).
    let marks = if schedule.is_flat() {
        flexc_core::batch::BatchMarks::none(graph)
    } else {
        batch_marks_of(raw, &built)?
    };
    let training = detect_training_step(graph).is_ok();
    let weight_args: HashSet<usize> = built
        .value_of
        .iter()
        .enumerate()
        .filter(|(t, _)| graph.tensor(TensorId::new(*t)).kind == TensorKind::Weight)
        .filter_map(|(_, id)| match id {
            ValueId::Arg(a) => Some(*a),
            ValueId::Result(..) => None,
        })
        .collect();
    let phases = Phases::new(graph, &marks.loops, training);
    let devices_of: Vec<Vec<DeviceId>> = built
        .nodes
        .iter()
        .map(|n| n.config.devices.clone())
        .collect();
    if let Err((op, message)) =
        schedule.check_configs(devices, &phases, |op| &devices_of[op.index()])
    {
        error(built.nodes[op.index()].op, &format!("par.config {message}"));
        return Err(());
    }
    let units = u64::from(schedule.replicas.max(1)) * u64::from(schedule.micro_batches.max(1));
    // What keeps every schedule but the flat one away: a gather over the whole batch's rows, and a
    // per-micro-batch op reading an epilogue result (the steps run before the epilogue, even one step
    // of the whole batch, so it would read the result unmade).
    if !schedule.is_flat() {
        if let Some(lookup) = flexc_core::batch::lookup_across_batch(graph, &marks.loops) {
            error(
                built.nodes[lookup.index()].op,
                "looks rows up by index in a tensor of the whole batch, which no schedule cuts into replicas, micro-batches or steps: this graph runs flat strategies only (no par.schedule)",
            );
            return Err(());
        }
        if let Some((reader, epilogue)) = phases.micro_batch_blocker(graph) {
            error(
                built.nodes[reader.index()].op,
                &format!(
                    "reads the result of an op that needs the whole batch ({}), which runs after the schedule's steps: this graph runs flat strategies only (no par.schedule)",
                    graph.op(epilogue).location
                ),
            );
            return Err(());
        }
    }
    let recomputed = phases.recomputed(graph, &schedule);
    // Ops that reduce over the batch: a loop that follows the batch and is a reduction.
    let accumulates: Vec<bool> = built
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            marks.loops[i]
                .iter()
                .zip(&n.parallel)
                .any(|(&m, &parallel)| m && !parallel)
        })
        .collect();
    Ok(Analysis {
        built,
        schedule,
        devices,
        marks,
        phases,
        weight_args,
        recomputed,
        accumulates,
        units,
    })
}

/// `schedule` with the stages read from the graph ops (`par.stage`), checked against the graph;
/// errors at the op a message names, else at the function (`raw`).
fn with_stages(
    raw: MlirOperation,
    schedule: &Schedule,
    built: &Built,
    devices: u32,
) -> Result<Schedule, ()> {
    let mut schedule = schedule.clone();
    if schedule.is_pipelined() {
        schedule.stage_of = built.nodes.iter().map(|n| n.stage).collect();
    }
    if let Err(message) = schedule.check(devices, built.graph.num_ops()) {
        let op = message
            .strip_prefix("op #")
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|i| i.parse::<usize>().ok())
            .and_then(|i| built.nodes.get(i));
        match op {
            Some(node) => error(node.op, &format!("par.schedule: {message}")),
            None => fail_at(raw, format!("par.schedule: {message}")),
        }
        return Err(());
    }
    Ok(schedule)
}

/// The loops and tensor dims of the graph that follow the batch (`batch_marks` from the data
/// inputs' batch dim); an error at the op that cannot be split, else at the function (`raw`).
fn batch_marks_of(raw: MlirOperation, built: &Built) -> Result<flexc_core::batch::BatchMarks, ()> {
    let graph = &built.graph;
    batch_marks(graph, batch_dim(graph)).map_err(|e| {
        match e.op.and_then(|op| built.nodes.get(op.index())) {
            Some(node) => error(
                node.op,
                &format!(
                    "cannot be split into micro-batches: {}",
                    e.message.trim_start_matches("--batch: ")
                ),
            ),
            None => fail_at(raw, format!("cannot split the batch: {}", e.message)),
        }
    })
}

/// Per value that follows the batch: the blocks of its dims (one micro-batch's extent).
fn value_blocks(a: &Analysis) -> Result<HashMap<ValueId, Blocks>, ()> {
    let (built, marks, units) = (&a.built, &a.marks, a.units);
    let graph = &built.graph;
    // Per value: the blocks of its dims that follow the batch.
    let mut blocks: HashMap<ValueId, Blocks> = HashMap::new();
    let mut failed = false;
    let mut blamed = HashSet::new();
    for (t, dims) in marks.dims.iter().enumerate() {
        if !dims.iter().any(|&d| d) {
            continue;
        }
        let tensor = graph.tensor(TensorId::new(t));
        let mut list = Vec::new();
        for (j, &marked) in dims.iter().enumerate() {
            let extent = tensor.shape[j];
            if marked && extent % units != 0 {
                let consumer = graph
                    .consumers(TensorId::new(t))
                    .first()
                    .copied()
                    .or(tensor.producer);
                if let Some(op) = consumer.filter(|op| blamed.insert(*op)) {
                    error(
                        built.nodes[op.index()].op,
                        &format!(
                            "reads or writes a tensor whose dim {j} ({extent}) follows the batch but does not split into the {units} micro-batches of the schedule"
                        ),
                    );
                }
                failed = true;
            }
            list.push(marked.then_some((extent / units) as i64));
        }
        blocks.insert(built.value_of[t], list);
    }
    if failed {
        return Err(());
    }
    Ok(blocks)
}

/// The template plan of replica 0's prologue and per-micro-batch ops, and the messages between steps.
struct Template {
    prologue: Vec<OpPlan>,
    prologue_positions: HashSet<usize>,
    per_micro_batch: HashSet<ValueId>,
    steps: Vec<StepOp>,
    pre_steps: Vec<Transfer>,
    messages: Vec<Message>,
    cross: Vec<Cross>,
    /// The clock's dependencies between step kinds.
    deps: Vec<(Kind, Kind)>,
    /// An error was reported.
    failed: bool,
}

fn plan_template(
    a: &Analysis,
    blocks: &HashMap<ValueId, Blocks>,
    planner: &mut Planner<'_>,
) -> Template {
    let built = &a.built;
    let stages = a.schedule.virtual_stages();
    let mut prologue = Vec::new();
    let mut failed = false;
    for i in a.by_phase(Phase::Prologue) {
        match planner.graph_op_in(built.nodes[i].op, built.nodes[i].position, &View::default()) {
            Ok(plan) => prologue.push(plan),
            Err(message) => {
                error(built.nodes[i].op, &message);
                failed = true;
            }
        }
    }
    let mut per_mb: Vec<usize> = (0..built.nodes.len())
        .filter(|&i| a.phases.per_micro_batch(OpId::new(i)))
        .collect();
    per_mb.sort_by_key(|&i| (kind_rank(a.kind_of(i), stages), built.nodes[i].position));
    let per_micro_batch: HashSet<ValueId> = per_mb
        .iter()
        .flat_map(|&i| {
            let node = &built.nodes[i];
            (0..unsafe { mlirOperationGetNumResults(node.op) } as usize)
                .map(move |r| ValueId::Result(node.position, r))
        })
        .collect();
    let producer_kind: HashMap<usize, Kind> = per_mb
        .iter()
        .map(|&i| (built.nodes[i].position, a.kind_of(i)))
        .collect();
    let prologue_positions: HashSet<usize> = a
        .by_phase(Phase::Prologue)
        .into_iter()
        .map(|i| built.nodes[i].position)
        .collect();
    let mut template = Template {
        prologue,
        prologue_positions,
        per_micro_batch,
        steps: Vec::new(),
        pre_steps: Vec::new(),
        messages: Vec::new(),
        cross: Vec::new(),
        deps: Vec::new(),
        failed,
    };
    let mut planned_ops: HashSet<OpId> = HashSet::new();
    for &i in &per_mb {
        if !step_reads_follow_the_stages(a, i, &planned_ops, &mut template) {
            template.failed = true;
            continue;
        }
        planned_ops.insert(OpId::new(i));
        let Some((mut plan, batch_blocks)) =
            plan_step_op(a, i, blocks, &template.per_micro_batch, planner)
        else {
            template.failed = true;
            continue;
        };
        let transfers = std::mem::take(&mut plan.transfers);
        plan.transfers = route_transfers(a, i, transfers, &producer_kind, &mut template);
        template.steps.push(StepOp {
            plan,
            kind: a.kind_of(i),
            accumulate: a.accumulates[i],
            recomputed: a.recomputed[i],
            batch_blocks,
        });
    }
    template
}

/// Whether per-micro-batch graph op `i` reads per-micro-batch results only of ops already planned
/// (`planned_ops`): the ops run in the order of the stages (forward up, backward down), so what it
/// reads must come from an earlier step kind. Adds what it reads to the clock's dependencies
/// (`template.deps`); a read of a reduction over the batch within the micro-batch is an error too
/// (`template.failed`). Errors are emitted at the op.
fn step_reads_follow_the_stages(
    a: &Analysis,
    i: usize,
    planned_ops: &HashSet<OpId>,
    template: &mut Template,
) -> bool {
    let (graph, phases, units) = (&a.built.graph, &a.phases, a.units);
    let node = &a.built.nodes[i];
    let op = graph.op(OpId::new(i));
    let kind = a.kind_of(i);
    if let Some(producer) = op.inputs.iter().find_map(|a| {
        graph
            .tensor(a.tensor)
            .producer
            .filter(|p| phases.per_micro_batch(*p) && !planned_ops.contains(p))
    }) {
        error(
            node.op,
            &format!(
                "on stage {} reads the result of '{}' on stage {} ({}), which runs after it: the stages must follow the data",
                kind.stage,
                graph.op(producer).name,
                a.schedule.stage_of(producer),
                graph.op(producer).location
            ),
        );
        return false;
    }
    // What the op reads that another per-micro-batch op makes: the clock's dependencies.
    for access in &op.inputs {
        if let Some(p) = graph.tensor(access.tensor).producer {
            if phases.per_micro_batch(p) {
                template.deps.push((a.kind_of(p.index()), kind));
                if a.accumulates[p.index()] && units > 1 {
                    error(
                        node.op,
                        &format!(
                            "reads a reduction over the batch ({}) within the micro-batch; with {units} micro-batches (replicas × micro-batches) it would read a partial result",
                            graph.op(p).location
                        ),
                    );
                    template.failed = true;
                }
            }
        }
    }
    true
}

/// Per-micro-batch graph op `i` planned for micro-batch 0 of replica 0 (its loops that follow the
/// batch cut to one micro-batch), and per loop its block (one micro-batch's extent) when it follows
/// the batch. `None` (reported at the op) when the op cannot run per micro-batch.
fn plan_step_op(
    a: &Analysis,
    i: usize,
    blocks: &HashMap<ValueId, Blocks>,
    per_micro_batch: &HashSet<ValueId>,
    planner: &mut Planner<'_>,
) -> Option<(OpPlan, Vec<Option<i64>>)> {
    let node = &a.built.nodes[i];
    let marks = &a.marks.loops[i];
    let loops: Vec<u64> = a
        .built
        .graph
        .op(OpId::new(i))
        .dims
        .iter()
        .zip(marks)
        .map(|(d, &m)| if m { d.size / a.units } else { d.size })
        .collect();
    let batch_blocks: Vec<Option<i64>> = loops
        .iter()
        .zip(marks)
        .map(|(&l, &m)| m.then_some(l as i64))
        .collect();
    let view = View {
        loops: Some(loops),
        identity: a.accumulates[i],
        strict: true,
        config: None,
    };
    let checked = planner
        .graph_op_in(node.op, node.position, &view)
        .and_then(|plan| check_micro_batch(&plan, blocks, per_micro_batch).map(|()| plan));
    match checked {
        Ok(plan) => Some((plan, batch_blocks)),
        Err(message) => {
            error(node.op, &format!("cannot run per micro-batch: {message}"));
            None
        }
    }
}

/// The transfers of per-micro-batch graph op `i`, by where their value is made: within its own step
/// kind (returned: they stay the op's), in another step kind (a message between steps,
/// `template.messages`/`cross`), or in the prologue (once before the steps, `template.pre_steps`);
/// an epilogue result is an error at the op.
fn route_transfers(
    a: &Analysis,
    i: usize,
    transfers: Vec<Transfer>,
    producer_kind: &HashMap<usize, Kind>,
    template: &mut Template,
) -> Vec<Transfer> {
    let node = &a.built.nodes[i];
    let kind = a.kind_of(i);
    let mut intra = Vec::new();
    for transfer in transfers {
        let made = match transfer.value {
            ValueId::Result(position, _) => producer_kind.get(&position).copied(),
            ValueId::Arg(_) => None,
        };
        match made {
            Some(made) if made == kind => intra.push(transfer),
            Some(made) => {
                template.messages.push(Message {
                    from: transfer.from as u32,
                    to: transfer.to as u32,
                    producer: made,
                    consumer: kind,
                });
                template.cross.push(Cross { transfer });
            }
            None => {
                let outside = matches!(transfer.value, ValueId::Result(p, _) if template.prologue_positions.contains(&p));
                if !outside {
                    error(
                        node.op,
                        "reads a value made after the micro-batches (an epilogue result)",
                    );
                    template.failed = true;
                }
                template.pre_steps.push(transfer);
            }
        }
    }
    intra
}

/// The epilogue's plan and, with ZeRO, how the steps' accumulated gradients and the epilogue split
/// over the replicas (`zero`).
fn plan_epilogue(
    a: &Analysis,
    f: &FunctionIr,
    template: &Template,
    planner: &mut Planner<'_>,
) -> (Vec<OpPlan>, zero::ZeroPlan) {
    let replicas = a.schedule.replicas.max(1);
    let mut zero_plan = zero::ZeroPlan {
        level: if replicas > 1 {
            a.schedule.zero.level()
        } else {
            0
        },
        ..Default::default()
    };
    // ZeRO: the accumulated gradients split over the replicas after the last micro-batch, the
    // epilogue planned split over them on the real devices (`zero`).
    let mut split: HashMap<ValueId, usize> = HashMap::new();
    if zero_plan.level > 0 {
        split_accumulators(a, template, planner, &mut zero_plan, &mut split);
    }
    let epilogue = plan_epilogue_ops(a, f, planner, zero_plan.level, &mut split);
    if zero_plan.level > 0 {
        zero_plan.gathers = gather_split_results(a, f, planner, &split);
        if zero_plan.level == 3 {
            zero_plan.weights = split_weights(a, f, &template.steps);
        }
    }
    (epilogue, zero_plan)
}

/// ZeRO: after the last micro-batch every replica holds its own prologue results, and each
/// accumulated gradient that splits is held by replica `r` as its part `r` (`zero_plan.scatter`);
/// the planner's holders say so, and `split` gets each split gradient's dim.
fn split_accumulators(
    a: &Analysis,
    template: &Template,
    planner: &mut Planner<'_>,
    zero_plan: &mut zero::ZeroPlan,
    split: &mut HashMap<ValueId, usize>,
) {
    let replicas = a.schedule.replicas.max(1);
    let replica_width = a.schedule.replica_width(a.devices);
    let (steps, prologue_positions) = (&template.steps, &template.prologue_positions);
    let shifted = |holders: &[i64]| -> Vec<i64> {
        (0..replicas)
            .flat_map(|r| {
                holders
                    .iter()
                    .map(move |&h| h + i64::from(r * replica_width))
            })
            .collect()
    };
    // Every replica holds its own prologue results.
    for (id, held) in planner.held.iter_mut() {
        if matches!(id, ValueId::Result(p, _) if prologue_positions.contains(p)) {
            held.pieces = held
                .pieces
                .iter()
                .map(|(region, holders)| (region.clone(), shifted(holders)))
                .collect();
            held.received.clear();
        }
    }
    for (i, step) in steps.iter().enumerate() {
        if !step.accumulate {
            continue;
        }
        let mut pieces = Vec::new();
        for (g, group) in step.plan.groups.iter().enumerate() {
            let id = ValueId::Result(step.plan.position, group.result);
            match zero::shard_dim(&crate::region::lengths(&group.region), replicas) {
                Some(dim) => {
                    zero_plan.scatter.insert((i, g), dim);
                    split.insert(id, dim);
                    for r in 0..replicas {
                        let devices = group
                            .devices
                            .iter()
                            .map(|&x| x + i64::from(r * replica_width))
                            .collect();
                        pieces.push((id, zero::part(&group.region, dim, replicas, r), devices));
                    }
                }
                None => pieces.push((id, group.region.clone(), shifted(&group.devices))),
            }
        }
        let mut replaced: HashMap<ValueId, Vec<(Region, Vec<i64>)>> = HashMap::new();
        for (id, region, devices) in pieces {
            replaced.entry(id).or_default().push((region, devices));
        }
        for (id, pieces) in replaced {
            let held = planner.held.entry(id).or_default();
            held.pieces = pieces;
            held.received.clear();
        }
    }
}

/// The epilogue's graph ops planned; under ZeRO (`zero_level` > 0) each on the real devices, split
/// over the replicas along a loop that a split input allows, its results split accordingly
/// (recorded in `split`).
fn plan_epilogue_ops(
    a: &Analysis,
    f: &FunctionIr,
    planner: &mut Planner<'_>,
    zero_level: u32,
    split: &mut HashMap<ValueId, usize>,
) -> Vec<OpPlan> {
    let (built, schedule) = (&a.built, &a.schedule);
    let replicas = schedule.replicas.max(1);
    let replica_width = schedule.replica_width(a.devices);
    let mut epilogue = Vec::new();
    for i in a.by_phase(Phase::Epilogue) {
        let node = &built.nodes[i];
        let view = if zero_level > 0 {
            let op_ref = unsafe { OperationRef::from_raw(node.op) };
            let model = family::op_model(&op_ref);
            let inputs: Vec<Option<ValueId>> = (0..unsafe { mlirOperationGetNumOperands(node.op) })
                .map(|j| {
                    f.values
                        .get(&ir::value_key(unsafe {
                            mlirOperationGetOperand(node.op, j)
                        }))
                        .copied()
                })
                .collect();
            let k = model
                .as_ref()
                .and_then(|m| zero::split_loop(m, &inputs, &node.config, split, replicas));
            if let (Some(k), Some(model)) = (k, &model) {
                for (r, access) in model.outputs.iter().enumerate() {
                    if let Some(dim) = access.iter().position(|e| e.single_dim() == Some(k)) {
                        split.insert(ValueId::Result(node.position, r), dim);
                    }
                }
            }
            View {
                config: Some(node.config.across_replicas(k, replicas, replica_width)),
                ..View::default()
            }
        } else {
            View::default()
        };
        match planner.graph_op_in(node.op, node.position, &view) {
            Ok(plan) => epilogue.push(plan),
            Err(message) => {
                error(node.op, &message);
                planner.failed = true;
            }
        }
    }
    epilogue
}

/// ZeRO: the all-gathers that make every returned epilogue result that is held split whole again.
fn gather_split_results(
    a: &Analysis,
    f: &FunctionIr,
    planner: &mut Planner<'_>,
    split: &HashMap<ValueId, usize>,
) -> Vec<zero::Gather> {
    let replicas = a.schedule.replicas.max(1);
    let replica_width = a.schedule.replica_width(a.devices);
    let epilogue_positions: HashSet<usize> = a
        .by_phase(Phase::Epilogue)
        .into_iter()
        .map(|i| a.built.nodes[i].position)
        .collect();
    let mut gathers = Vec::new();
    let mut gathered = HashSet::new();
    for &value in f.returned_values.iter() {
        let Some(&id) = f.values.get(&ir::value_key(value)) else {
            continue;
        };
        let made_by_epilogue =
            matches!(id, ValueId::Result(p, _) if epilogue_positions.contains(&p));
        if let (true, Some(&dim)) = (made_by_epilogue, split.get(&id)) {
            if gathered.insert(id) {
                gathers.extend(zero::gather_returned(
                    planner,
                    id,
                    dim,
                    replicas,
                    replica_width,
                ));
            }
        }
    }
    gathers
}

/// ZeRO-3: the weight arguments the per-micro-batch ops read that split over the replicas, with the
/// dim each splits along.
fn split_weights(a: &Analysis, f: &FunctionIr, steps: &[StepOp]) -> HashMap<usize, usize> {
    let replicas = a.schedule.replicas.max(1);
    let mut weights = HashMap::new();
    for step in steps {
        for task in &step.plan.tasks {
            for operand in body_operands(&task.body) {
                let (family::Operand::Slice(ValueId::Arg(arg), _)
                | family::Operand::Whole(ValueId::Arg(arg))) = operand
                else {
                    continue;
                };
                if a.weight_args.contains(arg) && !weights.contains_key(arg) {
                    if let Some(shape) = shape_of(f.args[*arg]) {
                        if let Some(dim) = zero::shard_dim(&shape, replicas) {
                            weights.insert(*arg, dim);
                        }
                    }
                }
            }
        }
    }
    weights
}

/// The operands of a task's body.
pub(super) fn body_operands(body: &family::Body) -> Vec<&family::Operand> {
    match body {
        family::Body::Clone { operands, .. } | family::Body::Part { operands, .. } => {
            operands.iter().collect()
        }
        family::Body::Forward(operand) => vec![operand],
    }
}

/// Whether every op the strategy does not place reads only replicated values: an op without
/// `par.config` reads no graph op's result, in its operands or inside its regions; no op has a
/// `par.space` without a `par.config`, and none has a `par.config` inside a region (only the top level
/// of a function is cut). A graph op's regions may read partitioned values (its tasks read them whole,
/// module doc, captured values). Errors are emitted at the ops.
fn only_graph_ops_read_partitioned(a: &Analysis, f: &FunctionIr) -> bool {
    let built = &a.built;
    let partitioned = |v: MlirValue| {
        f.values
            .get(&ir::value_key(v))
            .is_some_and(|id| matches!(id, ValueId::Result(p, _) if built.nodes.iter().any(|n| n.position == *p)))
    };
    let mut failed = false;
    let mut fail = |op: MlirOperation, message: &str| {
        error(op, message);
        failed = true;
    };
    for (position, &op) in f.ops.iter().enumerate() {
        let graph = has_attribute(op, names::CONFIG_ATTR);
        for inner in super::nested_ops(op) {
            if has_attribute(inner, names::CONFIG_ATTR) {
                fail(inner, "has a par.config inside a region; par-materialize only cuts ops at the top level of a function");
            } else if !graph && super::operands(inner).any(partitioned) {
                fail(
                    inner,
                    "reads a partitioned value inside a region; par-materialize cannot cut it",
                );
            }
        }
        if graph || position == f.return_position {
            continue;
        }
        if has_attribute(op, names::SPACE_ATTR) {
            fail(op, "has a par.space but no par.config: run the search (or write a par.config) before par-materialize");
        } else if let Some(i) = super::operands(op).position(partitioned) {
            fail(
                op,
                &format!(
                    "has no par.config but reads a partitioned value (operand {i}); give it a par.config"
                ),
            );
        }
    }
    !failed
}

/// Every replica-0 device's program and its loops, in the global order of the messages.
fn device_programs(
    raw: MlirOperation,
    schedule: &Schedule,
    devices: u32,
    messages: &[Message],
    mut deps: Vec<(Kind, Kind)>,
) -> Result<Vec<(Program, Vec<Segment>)>, ()> {
    let replica_width = schedule.replica_width(devices);
    // The order of every device's program.
    for m in messages {
        deps.push((m.producer, m.consumer));
    }
    let clock = match order::clock(schedule, &deps) {
        Ok(clock) => clock,
        Err(message) => {
            fail_at(raw, format!("par.schedule: {message}"));
            return Err(());
        }
    };
    let group_width = schedule.group_width(devices).max(1);
    let mut programs = Vec::new();
    for device in 0..replica_width {
        let group = device / group_width;
        let program = order::program(schedule, &clock, messages, device, group);
        if !order::follows_the_order(schedule, &clock, messages, &program, group) {
            fail_at(raw, format!(
                "par-materialize: internal error: device {device}'s messages do not follow the global order"
            ));
            return Err(());
        }
        let segments = order::compress(&program);
        programs.push((program, segments));
    }
    Ok(programs)
}

/// What the function returns, the per-micro-batch results among it assembled from every micro-batch
/// of every replica, and the transfers that gather it on device 0.
fn plan_returns(
    a: &Analysis,
    f: &FunctionIr,
    per_micro_batch: &HashSet<ValueId>,
    blocks: &HashMap<ValueId, Blocks>,
    planner: &mut Planner<'_>,
) -> (Vec<ValueId>, Vec<ValueId>, Vec<Transfer>) {
    let schedule = &a.schedule;
    let replica_width = schedule.replica_width(a.devices);
    let FunctionIr {
        values,
        args,
        ops,
        returned_values,
        ..
    } = f;
    // Results: per-micro-batch results that follow the batch are assembled from every micro-batch of
    // every replica; the return gathers them on device 0 like any partitioned value.
    let mut returned = Vec::new();
    let mut assembled = Vec::new();
    for &value in returned_values.iter() {
        let Some(&id) = values.get(&ir::value_key(value)) else {
            continue;
        };
        returned.push(id);
        if per_micro_batch.contains(&id) && blocks.contains_key(&id) && !assembled.contains(&id) {
            assembled.push(id);
        }
    }
    let m = schedule.micro_batches.max(1);
    for &id in &assembled {
        let blocks_of = blocks[&id].clone();
        let Some(held) = planner.held.get_mut(&id) else {
            continue;
        };
        let template = std::mem::take(&mut held.pieces);
        held.received.clear();
        for r in 0..schedule.replicas.max(1) {
            for j in 0..m {
                let unit = i64::from(r * m + j);
                for (region, holders) in &template {
                    let region: Region = region
                        .iter()
                        .zip(&blocks_of)
                        .map(|(&(lo, hi), b)| match b {
                            Some(b) => (lo + unit * b, hi + unit * b),
                            None => (lo, hi),
                        })
                        .collect();
                    let holders = holders
                        .iter()
                        .map(|&h| h + i64::from(r * replica_width))
                        .collect();
                    held.pieces.push((region, holders));
                }
            }
        }
    }
    let mut return_transfers = Vec::new();
    for &id in &returned {
        let serial = match id {
            ValueId::Arg(i) => args[i],
            ValueId::Result(p, r) => unsafe { mlirOperationGetResult(ops[p], r as isize) },
        };
        if let Some(shape) = shape_of(serial).filter(|_| planner.held.contains_key(&id)) {
            let mut transfers = Vec::new();
            planner.need(id, &full(&shape), 0, &mut transfers);
            return_transfers.extend(transfers);
        }
    }
    (returned, assembled, return_transfers)
}

/// Every region a per-micro-batch task reads or writes of a value that follows the batch lies in
/// micro-batch 0's block of it.
fn check_micro_batch(
    plan: &OpPlan,
    blocks: &HashMap<ValueId, Blocks>,
    per_micro_batch: &HashSet<ValueId>,
) -> Result<(), String> {
    let inside = |id: ValueId, region: &Region| -> bool {
        blocks.get(&id).is_none_or(|b| {
            region
                .iter()
                .zip(b)
                .all(|(&(lo, hi), b)| b.is_none_or(|b| lo >= 0 && hi <= b))
        })
    };
    let mut reads: Vec<(ValueId, Option<&Region>)> = Vec::new();
    for task in &plan.tasks {
        let operands = body_operands(&task.body);
        if let family::Body::Part { .. } = &task.body {
            return Err("its tasks compute the whole op and keep a part (the op cannot be cut to a micro-batch)".into());
        }
        for operand in operands {
            match operand {
                family::Operand::Slice(id, region) => reads.push((*id, Some(region))),
                family::Operand::Whole(id) => reads.push((*id, None)),
                _ => {}
            }
        }
    }
    for transfer in &plan.transfers {
        reads.push((transfer.value, Some(&transfer.region)));
    }
    for (id, region) in reads {
        match region {
            Some(region) if !inside(id, region) => {
                return Err(format!(
                "a task reads {region:?} of a value that follows the batch, beyond one micro-batch"
            ))
            }
            None if per_micro_batch.contains(&id) && blocks.contains_key(&id) => {}
            _ => {}
        }
    }
    for group in &plan.groups {
        let id = ValueId::Result(plan.position, group.result);
        if !inside(id, &group.region) {
            return Err(format!(
                "a task writes {:?} of its result, beyond one micro-batch",
                group.region
            ));
        }
    }
    Ok(())
}
