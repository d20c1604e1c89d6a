//! Scheduled strategies simulated: replicas, pipeline stages, micro-batches, recomputation and sharded
//! weight state ([`crate::schedule`]) composed from task simulations of the stages.
//!
//! # Method
//! A flat strategy is one task simulation ([`Simulator`]). A strategy whose schedule has replicas only is
//! one *symmetric* task simulation of one replica on its share of the batch (core/sim/mod.rs,
//! "Replicas"): exactly the per-device simulation of the expanded strategy. Anything else is evaluated in
//! two levels:
//! 1. **Stages.** Every virtual stage's per-micro-batch ops form a graph of their own (what other stages
//!    produce is received, [`TensorKind::Received`]) on the micro-batch's shapes, simulated with the
//!    strategy's configurations twice: without gradient synchronization and on one replica, which gives
//!    the stage's forward `F` and backward `B` per micro-batch; and with the synchronization across
//!    replicas, which gives its last backward `B_last` with the synchronization overlapped the way the
//!    task simulation overlaps it. Stages with the same structure and configurations are simulated once.
//! 2. **Pipeline.** Each group runs its steps in the order of [`Schedule::steps`] on one compute stream;
//!    a step starts when the group is free and its inputs have arrived: the forward of micro-batch `j` on
//!    stage `k` after the forward of `j` on every stage that sends to `k`, plus the transfer; the backward
//!    after the backwards of the stages that send gradients to it, and after its own forward. Transfers
//!    between groups are first-in first-out on the link between them (one per direction), each device of
//!    the sending group sending its share to its counterpart. The prologue (weight casts) runs before a
//!    group's first step, the epilogue (the update) after its last. The iteration time is the last group's
//!    end.
//!
//! # Costs per step
//! - Forward `F_k`, backward `B_k` from the stage simulation (each from its own start).
//! - Recomputation: *full* runs the stage's forward again before each backward (`B_k + F_k`); *selective*
//!   runs the forward tasks of the ops whose saved outputs it drops again.
//! - ZeRO-3: each step all-gathers the stage's weights (16-bit copies in mixed precision), the backward
//!   also reduce-scatters their gradients, over the replicas; prefetched behind the compute, so a step
//!   takes `max(F, gather)` and `max(B, gather + scatter)`. ZeRO-1's reduce-scatter and all-gather move the
//!   bytes of the all-reduce they replace, so the synchronization costs what it does without ZeRO.
//!
//! # Memory per device
//! - **Weight state**: the parameters the device holds (the union of what its tasks read, every phase),
//!   as [`crate::precision::WeightState`] counts them: f32 weights (and the 16-bit cast copy in mixed
//!   precision), f32 gradients, optimizer state; ZeRO-1 divides the optimizer state by the replicas,
//!   ZeRO-3 everything (and adds the largest stage's gathered weights). A training step that carries its
//!   own update is counted the same way (its exported update stands for the optimizer `--optimizer`
//!   names).
//! - **Activations in flight**: per micro-batch and stage, the *kept* tensors — the outputs the backward
//!   reads (training: what [`crate::fusion`] saves; a training step: forward results its backward ops
//!   read) and the stage's received inputs — at their size on the device (`bytes / ways` for an output split
//!   `ways` ways); at the worst point of the group's order ([`Schedule::peak_in_flight`]). Selective
//!   recomputation keeps none of the tensors that are larger than everything a weighted op of the stage
//!   reads or writes (attention scores and probabilities); full recomputation keeps the stage's inputs and
//!   the checkpoints between segments of the stage: `√(kept / (in flight · checkpoint))` segments (Chen
//!   et al. 2016's rule, weighing the checkpoints by the micro-batches in flight) cut
//!   where one op's outputs are all the forward carries on, about equal in kept bytes.
//! - **Transient**: the largest working set while a pass runs — the kept tensors of the segment being
//!   recomputed (full), else the largest op's operands and results.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use crate::batch::{batch_loops, batch_of, rescale_batch};
use crate::fusion::Fusion;
use crate::graph::{DeviceId, Graph, Mode, Op, OpId, TensorId, TensorKind};
use crate::machine::Machine;
use crate::precision::WeightState;
use crate::schedule::{Pass, Phase, Phases, Recompute, Schedule, Zero};
use crate::search::Problem;
use crate::sim::{Simulator, TaskKind};
use crate::strategy::{Config, Strategy};
use crate::weight_sync;

/// Why a scheduled strategy cannot be evaluated, located at an op where one is to blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    pub location: String,
    pub message: String,
}

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.location.is_empty() {
            write!(f, "error: {}", self.message)
        } else {
            write!(f, "{}: error: {}", self.location, self.message)
        }
    }
}

impl std::error::Error for PipelineError {}

fn plain(message: impl Into<String>) -> PipelineError {
    PipelineError {
        location: String::new(),
        message: message.into(),
    }
}

fn at(graph: &Graph, op: OpId, message: impl Into<String>) -> PipelineError {
    PipelineError {
        location: graph.op(op).location.clone(),
        message: format!("'{}' {}", graph.op(op).name, message.into()),
    }
}

/// The costs of one virtual stage, per micro-batch (seconds, bytes per device).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StageCost {
    /// Its group.
    pub group: u32,
    pub ops: usize,
    pub forward_s: f64,
    pub backward_s: f64,
    /// The last micro-batch's backward with the gradient synchronization it overlaps.
    pub last_backward_s: f64,
    /// Forward work repeated before each backward.
    pub recompute_s: f64,
    /// ZeRO-3's all-gather (and reduce-scatter) per step.
    pub gather_s: f64,
    pub scatter_s: f64,
    /// Kept per micro-batch in flight, on the stage's busiest device.
    pub kept_bytes: u64,
    /// ZeRO-3: the stage's weights gathered on a device while it runs.
    pub gathered_bytes: u64,
    /// Largest working set of one pass.
    pub transient_bytes: u64,
    /// Activations sent to later stages per micro-batch (all devices of the group together).
    pub sent_bytes: u64,
    /// Forward and backward FLOPs per micro-batch (the model's, all devices of the group together).
    pub forward_flops: f64,
    pub backward_flops: f64,
    pub recompute_flops: f64,
}

/// Memory of one device, broken down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryBreakdown {
    pub weights: u64,
    pub gradients: u64,
    pub optimizer: u64,
    /// Kept activations of the micro-batches in flight.
    pub activations: u64,
    pub transient: u64,
}

impl MemoryBreakdown {
    pub fn total(&self) -> u64 {
        self.weights
            .saturating_add(self.gradients)
            .saturating_add(self.optimizer)
            .saturating_add(self.activations)
            .saturating_add(self.transient)
    }
}

/// One group of replica 0.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupReport {
    pub group: u32,
    /// Compute-stream time of its steps, prologue and epilogue.
    pub busy_s: f64,
    /// When its last step (and epilogue) ends.
    pub end_s: f64,
    /// The device of the group with the largest peak, and its breakdown.
    pub device: DeviceId,
    pub memory: MemoryBreakdown,
}

/// A scheduled strategy's simulated iteration (module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    pub iteration_s: f64,
    /// Samples per micro-batch.
    pub micro_batch: u64,
    /// The graph's batch.
    pub batch: u64,
    pub stages: Vec<StageCost>,
    pub groups: Vec<GroupReport>,
    /// Idle share of the busiest group over the pipeline's span (the first step of any group to the last
    /// of any group): `(p − 1) / (m + p − 1)` for a uniform pipeline.
    pub bubble_fraction: f64,
    /// Model FLOPs of one iteration (every replica) and hardware FLOPs (recomputation included).
    pub model_flops: f64,
    pub hardware_flops: f64,
    /// Activation and gradient bytes sent between stages per iteration, per replica.
    pub p2p_bytes: u64,
    pub memory_capacity: u64,
}

impl Evaluation {
    /// Peak memory of the worst device.
    pub fn peak_memory(&self) -> u64 {
        self.groups
            .iter()
            .map(|g| g.memory.total())
            .max()
            .unwrap_or(0)
    }

    pub fn fits_memory(&self) -> bool {
        self.peak_memory() <= self.memory_capacity
    }
}

/// The shape of a strategy in Megatron-LM's terms, for reports: `dp` the data-parallel degree (replicas
/// times the least sample split of the contractions), `tp` the most devices one contraction spreads over
/// beyond its sample split, `pp`/`vp` the stages and chunks, the micro-batch size and the micro-batches
/// accumulated per replica, recomputation, ZeRO and the pipeline order (`flat`, `1f1b`, `interleaved`,
/// `gpipe`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parallelism {
    pub tp: u64,
    pub pp: u32,
    pub vp: u32,
    pub dp: u64,
    pub micro_batch: u64,
    pub accumulation: u32,
    pub recompute: Recompute,
    pub zero: Zero,
    pub schedule: &'static str,
}

impl Parallelism {
    /// Of `strategy` on `graph` (the whole batch `batch`).
    pub fn of(graph: &Graph, strategy: &Strategy, batch: u64) -> Parallelism {
        let s = &strategy.schedule;
        let contractions: Vec<usize> = graph
            .ops()
            .iter()
            .enumerate()
            .filter(|(_, op)| {
                matches!(
                    op.class,
                    crate::graph::OpClass::Contraction | crate::graph::OpClass::Convolution
                )
            })
            .map(|(i, _)| i)
            .collect();
        let ops: Vec<usize> = if contractions.is_empty() {
            (0..graph.num_ops()).collect()
        } else {
            contractions
        };
        let (mut inner_dp, mut tp) = (u64::MAX, 1u64);
        for &i in &ops {
            let (op, c) = (&graph.ops()[i], &strategy.configs[i]);
            let sample = op
                .first_dim(crate::graph::Role::Sample)
                .map_or(1, |k| c.degrees[k]);
            if op.first_dim(crate::graph::Role::Sample).is_some() {
                inner_dp = inner_dp.min(sample);
            }
            let tasks: u64 = c.degrees.iter().product();
            tp = tp.max(tasks / sample.max(1));
        }
        let inner_dp = if inner_dp == u64::MAX { 1 } else { inner_dp };
        let schedule = if !s.is_pipelined() {
            "flat"
        } else if s.order == crate::schedule::Order::GPipe {
            "gpipe"
        } else if s.chunks > 1 {
            "interleaved"
        } else {
            "1f1b"
        };
        Parallelism {
            tp,
            pp: s.stages,
            vp: s.chunks,
            dp: u64::from(s.replicas) * inner_dp,
            micro_batch: s.micro_batch_size(batch).unwrap_or(batch),
            accumulation: s.micro_batches,
            recompute: s.recompute,
            zero: s.zero,
            schedule,
        }
    }

    /// `tp=8 pp=4 dp=32 micro-batch=2 accumulation=24 recompute=full zero=1 schedule=interleaved:2`.
    pub fn text(&self) -> String {
        let schedule = if self.schedule == "interleaved" {
            format!("interleaved:{}", self.vp)
        } else {
            self.schedule.to_string()
        };
        format!(
            "tp={} pp={} dp={} micro-batch={} accumulation={} recompute={} zero={} schedule={schedule}",
            self.tp,
            self.pp,
            self.dp,
            self.micro_batch,
            self.accumulation,
            self.recompute.name(),
            self.zero.level()
        )
    }
}

/// Evaluates `strategy` (module doc). The problem's graph holds the whole batch.
pub fn evaluate(problem: &Problem, strategy: &Strategy) -> Result<Evaluation, PipelineError> {
    Context::new(problem)?.evaluate(strategy)
}

/// A micro-batch's graph with its batch and micro-batch sizes, as [`Context`] caches it.
type MicroGraph = (Graph, u64, u64);

/// What evaluations of many strategies of one problem share: the phases, the micro-batch graphs and the
/// task simulations of stages (a search's candidates reuse them; [`Context::evaluate`]).
pub struct Context<'a> {
    problem: &'a Problem<'a>,
    phases: Phases,
    micro: RefCell<HashMap<(u32, u32), Rc<MicroGraph>>>,
    /// By micro-batch, stage, replicas and group width (the per-device vectors' length: two
    /// schedules with the same replicas and stage ops can group their devices differently).
    sims: RefCell<HashMap<(u64, StageKey, u32, u32), Rc<StageSims>>>,
    once: RefCell<HashMap<u64, f64>>,
    held: RefCell<HashMap<u64, Rc<Vec<u64>>>>,
}

impl<'a> Context<'a> {
    /// The context of `problem` (its batch loops and phases analyzed once).
    pub fn new(problem: &'a Problem<'a>) -> Result<Context<'a>, PipelineError> {
        let loops = batch_loops(problem.graph, problem.batch_dim).map_err(|e| PipelineError {
            location: e.location,
            message: e.message,
        })?;
        Ok(Context {
            problem,
            phases: Phases::new(problem.graph, &loops, problem.training_step),
            micro: RefCell::default(),
            sims: RefCell::default(),
            once: RefCell::default(),
            held: RefCell::default(),
        })
    }

    pub fn problem(&self) -> &Problem<'a> {
        self.problem
    }

    pub fn phases(&self) -> &Phases {
        &self.phases
    }

    /// Evaluates `strategy` (module doc), reusing what earlier evaluations computed.
    pub fn evaluate(&self, strategy: &Strategy) -> Result<Evaluation, PipelineError> {
        Evaluator::new(self, strategy)?.run()
    }

    /// The micro-batch graph of `schedule` (cached by replicas and micro-batches).
    fn micro(&self, schedule: &Schedule) -> Result<Rc<(Graph, u64, u64)>, PipelineError> {
        let key = (schedule.replicas, schedule.micro_batches);
        if let Some(m) = self.micro.borrow().get(&key) {
            return Ok(m.clone());
        }
        let m = Rc::new(micro_graph(self.problem, schedule)?);
        self.micro.borrow_mut().insert(key, m.clone());
        Ok(m)
    }
}

/// The two task simulations of a stage and what is read off them (module doc), for every
/// recomputation mode and ZeRO stage.
struct StageSims {
    forward_s: f64,
    backward_s: f64,
    last_backward_s: f64,
    kept: Kept,
    /// Per op of the stage and device of its group: its forward tasks' seconds.
    forward_task_s: Vec<Vec<f64>>,
    flops: (f64, f64),
    held: Vec<u64>,
}

/// Per-micro-batch results flow the way the pipeline runs: a forward op's results go to its own stage or
/// later ones, a backward op's to its own stage or earlier ones, and no forward op reads a backward result
/// (each step's inputs must exist when the schedule runs it).
fn check_stage_order(
    graph: &Graph,
    phases: &Phases,
    schedule: &Schedule,
) -> Result<(), PipelineError> {
    if !schedule.is_pipelined() {
        return Ok(());
    }
    for e in graph.edges() {
        let (p, c) = (e.producer, e.consumer);
        if !phases.per_micro_batch(p) || !phases.per_micro_batch(c) {
            continue;
        }
        let (sp, sc) = (schedule.stage_of(p), schedule.stage_of(c));
        let bad = match (phases.of(p), phases.of(c)) {
            (Phase::Forward, Phase::Forward) => sc < sp,
            (Phase::Backward, Phase::Backward) => sc > sp,
            (Phase::Backward, Phase::Forward) => true,
            _ => false,
        };
        if bad {
            return Err(at(
                graph,
                c,
                format!(
                    "on pipeline stage {sc} reads '{}' of stage {sp} (at {}), against the pipeline's flow",
                    graph.op(p).name,
                    graph.op(p).location
                ),
            ));
        }
    }
    Ok(())
}

/// The graph of one replica's micro-batch, or why the schedule cannot cut one.
pub fn micro_graph(
    problem: &Problem,
    schedule: &Schedule,
) -> Result<(Graph, u64, u64), PipelineError> {
    let graph = problem.graph;
    let parts = u64::from(schedule.replicas) * u64::from(schedule.micro_batches);
    let Some(batch) = batch_of(graph, problem.batch_dim) else {
        if parts == 1 {
            return Ok((graph.clone(), 1, 1));
        }
        return Err(plain(format!(
            "the schedule '{}' divides the batch, but no data input has a batch dim {}",
            schedule.summary(),
            problem.batch_dim
        )));
    };
    let Some(b) = schedule.micro_batch_size(batch) else {
        return Err(plain(format!(
            "the schedule '{}' cuts a batch of {batch} into {} replicas × {} micro-batches, which does not divide it",
            schedule.summary(),
            schedule.replicas,
            schedule.micro_batches
        )));
    };
    if b == batch {
        return Ok((graph.clone(), batch, b));
    }
    let (micro, _) = rescale_batch(graph, problem.batch_dim, b).map_err(|e| PipelineError {
        location: e.location,
        message: e.message,
    })?;
    Ok((micro, batch, b))
}

struct Evaluator<'a> {
    ctx: &'a Context<'a>,
    problem: &'a Problem<'a>,
    strategy: &'a Strategy,
    schedule: &'a Schedule,
    micro_rc: Rc<(Graph, u64, u64)>,
    batch: u64,
    micro_batch: u64,
    phases: &'a Phases,
    n: u32,
}

/// What two stages with the same structure share.
type StageKey = u64;

impl<'a> Evaluator<'a> {
    fn new(ctx: &'a Context<'a>, strategy: &'a Strategy) -> Result<Self, PipelineError> {
        let problem = ctx.problem;
        let graph = problem.graph;
        let schedule = &strategy.schedule;
        let n = problem.machine.num_devices();
        schedule.check(n, graph.num_ops()).map_err(plain)?;
        if strategy.configs.len() != graph.num_ops() {
            return Err(plain(format!(
                "strategy has {} configurations for {} ops",
                strategy.configs.len(),
                graph.num_ops()
            )));
        }
        let phases = &ctx.phases;
        let micro_rc = ctx.micro(schedule)?;
        let (micro, batch, micro_batch) = (&micro_rc.0, micro_rc.1, micro_rc.2);
        if schedule.micro_batches > 1 || schedule.is_pipelined() {
            if let Some((reader, epilogue)) = phases.micro_batch_blocker(graph) {
                return Err(at(
                    graph,
                    reader,
                    format!(
                        "reads a result of the whole batch ('{}' at {}), which micro-batches would change; this graph runs as one micro-batch, without pipeline stages",
                        graph.op(epilogue).name,
                        graph.op(epilogue).location
                    ),
                ));
            }
        }
        let width = schedule.replica_width(n);
        for id in graph.topological_order() {
            strategy.configs[id.index()]
                .validate(micro.op(id), width)
                .map_err(|m| PipelineError {
                    location: graph.op(id).location.clone(),
                    message: m,
                })?;
        }
        schedule
            .check_configs(n, phases, |op| &strategy.configs[op.index()].devices)
            .map_err(|(op, m)| at(graph, op, m))?;
        check_stage_order(graph, phases, schedule)?;
        Ok(Evaluator {
            ctx,
            problem,
            strategy,
            schedule,
            micro_rc: micro_rc.clone(),
            batch,
            micro_batch,
            phases,
            n,
        })
    }

    /// The micro-batch graph.
    fn micro(&self) -> &Graph {
        &self.micro_rc.0
    }

    fn mode(&self) -> Mode {
        self.problem.mode
    }

    fn machine(&self) -> &Machine {
        self.problem.machine
    }

    fn run(self) -> Result<Evaluation, PipelineError> {
        let s = self.schedule;
        let symmetric_only = !s.is_pipelined()
            && s.micro_batches == 1
            && s.recompute == Recompute::None
            && s.zero == Zero::None;
        if symmetric_only {
            return self.symmetric();
        }
        let k_count = s.virtual_stages() as usize;
        let mut stage_ops: Vec<Vec<OpId>> = vec![Vec::new(); k_count];
        for id in self.micro().topological_order() {
            if self.phases.per_micro_batch(id) {
                stage_ops[s.stage_of(id) as usize].push(id);
            }
        }
        let mut cache: HashMap<StageKey, StageCost> = HashMap::new();
        let mut stages = Vec::with_capacity(k_count);
        for (k, ops) in stage_ops.iter().enumerate() {
            let group = s.group_of_stage(k as u32);
            let sub = self.subgraph(ops);
            let key = sub.key(&self.strategy.configs, self.group_base(group));
            let mut cost = match cache.get(&key) {
                Some(c) => c.clone(),
                None => {
                    let c = self.stage_cost(&sub, group, key)?;
                    cache.insert(key, c.clone());
                    c
                }
            };
            cost.group = group;
            cost.sent_bytes = self.sent_bytes(k as u32);
            stages.push(cost);
        }
        self.compose(stages)
    }

    /// First device of group `g` of replica 0.
    fn group_base(&self, group: u32) -> u32 {
        group * self.schedule.group_width(self.n)
    }

    /// Replicas only: one symmetric task simulation.
    fn symmetric(self) -> Result<Evaluation, PipelineError> {
        let sim = Simulator::new(
            self.micro(),
            self.machine(),
            self.problem.cost,
            self.mode(),
            self.strategy.clone(),
        )
        .map_err(|e| PipelineError {
            location: e.location,
            message: e.message,
        })?;
        let width = self.schedule.replica_width(self.n);
        let time = sim.iteration_time();
        let mut busy = vec![0.0f64; width as usize];
        for t in sim.timeline() {
            if t.kind.is_compute() {
                for r in &t.resources {
                    if let crate::sim::Resource::Device(d) = r {
                        if let Some(b) = busy.get_mut(d.index()) {
                            *b += t.duration_s;
                        }
                    }
                }
            }
        }
        let weights = self.weight_memory();
        let (device, peak) = (0..width)
            .map(|d| (d, sim.peak_memory(DeviceId(d))))
            .max_by_key(|&(d, p)| (p, std::cmp::Reverse(d)))
            .unwrap_or((0, 0));
        let state = weights.get(device as usize).copied().unwrap_or_default();
        let memory = MemoryBreakdown {
            activations: peak.saturating_sub(sim.weight_memory(DeviceId(device))),
            ..state
        };
        let flops = self.model_flops();
        Ok(Evaluation {
            iteration_s: time,
            micro_batch: self.micro_batch,
            batch: self.batch,
            stages: Vec::new(),
            groups: vec![GroupReport {
                group: 0,
                busy_s: busy.iter().copied().fold(0.0, f64::max),
                end_s: time,
                device: DeviceId(device),
                memory,
            }],
            bubble_fraction: 0.0,
            model_flops: flops,
            hardware_flops: flops,
            p2p_bytes: 0,
            memory_capacity: self.machine().gpu.mem_capacity,
        })
    }

    /// Model FLOPs of one iteration over every replica: the forward and (in training) backward work of
    /// every op at the whole batch.
    fn model_flops(&self) -> f64 {
        let graph = self.problem.graph;
        graph
            .ops()
            .iter()
            .map(|op| op.flops * (1.0 + self.mode().backward_factor(graph, op)))
            .sum()
    }

    /// The per-micro-batch ops `ops` of the micro graph as a graph of their own.
    fn subgraph(&self, ops: &[OpId]) -> Sub {
        let micro = self.micro();
        let mut g = Graph::new();
        let mut map: HashMap<TensorId, TensorId> = HashMap::new();
        let inside: std::collections::HashSet<OpId> = ops.iter().copied().collect();
        let mut tensor_of = |g: &mut Graph, t: TensorId| -> TensorId {
            *map.entry(t).or_insert_with(|| {
                let tensor = micro.tensor(t);
                let kind = match (tensor.kind, tensor.producer) {
                    (TensorKind::Activation, Some(p)) if inside.contains(&p) => {
                        TensorKind::Activation
                    }
                    (TensorKind::Activation, _) => TensorKind::Received,
                    (kind, _) => kind,
                };
                g.add_tensor(
                    tensor.name.clone(),
                    tensor.shape.clone(),
                    tensor.dtype,
                    kind,
                )
            })
        };
        for &id in ops {
            let op = micro.op(id);
            let mut copy: Op = op.clone();
            for a in copy.inputs.iter_mut().chain(copy.outputs.iter_mut()) {
                a.tensor = tensor_of(&mut g, a.tensor);
            }
            // Validated ops of a valid graph stay valid in a subgraph whose outside tensors are
            // received, so this cannot fail.
            g.add_op(copy)
                .expect("a subgraph of a valid graph is valid");
        }
        Sub {
            graph: g,
            ops: ops.to_vec(),
        }
    }

    /// The costs of one stage (module doc).
    fn stage_sims(
        &self,
        sub: &Sub,
        group: u32,
        key: StageKey,
    ) -> Result<Rc<StageSims>, PipelineError> {
        let cache_key = (
            self.micro_batch,
            key,
            self.schedule.replicas,
            self.schedule.group_width(self.n).max(1),
        );
        if let Some(s) = self.ctx.sims.borrow().get(&cache_key) {
            return Ok(s.clone());
        }
        let machine = self.machine();
        let cost_model = self.problem.cost;
        let mode = self.mode();
        let configs: Vec<Config> = sub
            .ops
            .iter()
            .map(|id| self.strategy.configs[id.index()].clone())
            .collect();
        let err = |e: crate::strategy::StrategyError| PipelineError {
            location: e.location,
            message: e.message,
        };
        let mut one = Strategy::flat(configs.clone());
        one.schedule.replicas = self.schedule.replicas;
        // Per micro-batch: one replica's tasks, no synchronization.
        let mut alone = one.clone();
        alone.schedule.replicas = 1;
        let plain_sim =
            Simulator::with_weight_sync(&sub.graph, machine, cost_model, mode, alone, false)
                .map_err(err)?;
        let synced = Simulator::new(&sub.graph, machine, cost_model, mode, one).map_err(err)?;
        let (forward_s, end_s) = self.pass_times(sub, &plain_sim);
        let (synced_forward, synced_end) = self.pass_times(sub, &synced);
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let base = self.group_base(group);
        let mut forward_task_s = vec![vec![0.0f64; width]; sub.ops.len()];
        for t in plain_sim.timeline() {
            if t.kind != TaskKind::Forward {
                continue;
            }
            for r in &t.resources {
                if let crate::sim::Resource::Device(d) = r {
                    let i = d.0.saturating_sub(base) as usize;
                    if i < width {
                        forward_task_s[t.op.index()][i] += t.duration_s;
                    }
                }
            }
        }
        let sims = Rc::new(StageSims {
            forward_s,
            backward_s: (end_s - forward_s).max(0.0),
            last_backward_s: (synced_end.max(synced.iteration_time()) - synced_forward).max(0.0),
            kept: self.kept(sub, group),
            forward_task_s,
            flops: self.stage_flops(sub),
            held: self.held_elements(&sub.graph, &configs),
        });
        self.ctx.sims.borrow_mut().insert(cache_key, sims.clone());
        Ok(sims)
    }

    fn stage_cost(&self, sub: &Sub, group: u32, key: StageKey) -> Result<StageCost, PipelineError> {
        let sims = self.stage_sims(sub, group, key)?;
        let (forward_s, backward_s) = (sims.forward_s, sims.backward_s);
        let mut last_backward_s = sims.last_backward_s;
        let kept = &sims.kept;
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let base = self.group_base(group);
        let per_device = |bytes: &BTreeMap<TensorId, Vec<u64>>| -> Vec<u64> {
            let mut out = vec![0u64; width];
            for v in bytes.values() {
                for (d, b) in v.iter().enumerate() {
                    out[d] += b;
                }
            }
            out
        };
        let all_kept = per_device(&kept.bytes);
        // Recomputation.
        let (mut kept_now, mut transient) = (all_kept.clone(), kept.largest_op.clone());
        let mut recompute_s = 0.0;
        let mut recompute_flops = 0.0;
        match self.schedule.recompute {
            Recompute::None => {}
            Recompute::Selective => {
                let selected = self.selected(sub, kept);
                for t in &selected {
                    for (d, b) in kept.bytes[t].iter().enumerate() {
                        kept_now[d] -= b;
                    }
                }
                let producers: std::collections::BTreeSet<usize> = selected
                    .iter()
                    .filter_map(|&t| sub.graph.tensor(t).producer.map(|p| p.index()))
                    .collect();
                recompute_s = (0..width)
                    .map(|d| {
                        producers
                            .iter()
                            .map(|&o| sims.forward_task_s[o][d])
                            .sum::<f64>()
                    })
                    .fold(0.0, f64::max);
                recompute_flops = producers.iter().map(|&o| sub.graph.ops()[o].flops).sum();
            }
            Recompute::Full => {
                let (checkpoints, segment) = self.checkpoints(sub, kept, width);
                kept_now = checkpoints;
                for (d, t) in transient.iter_mut().enumerate() {
                    *t = (*t).max(segment[d]);
                }
                recompute_s = forward_s;
                recompute_flops = sub
                    .graph
                    .ops()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| self.phases.of(sub.ops[*i]) == Phase::Forward)
                    .map(|(_, o)| o.flops)
                    .sum();
            }
        }
        // ZeRO-3: gathers and scatters per step.
        let (mut gather_s, mut scatter_s, mut gathered_bytes) = (0.0, 0.0, 0);
        if self.schedule.zero == Zero::Full && self.schedule.replicas > 1 {
            let elements = sims.held.iter().copied().max().unwrap_or(0);
            let half = self.problem.cost.state().precision.half();
            let weight_bytes = elements * half.map_or(4, |h| h.size_bytes());
            let grad_bytes = elements * 4;
            gathered_bytes = weight_bytes;
            gather_s = self.replica_ring_half(base, weight_bytes);
            scatter_s = self.replica_ring_half(base, grad_bytes);
            last_backward_s = backward_s.max(gather_s + scatter_s);
        }
        let busiest = (0..width).max_by_key(|&d| kept_now[d]).unwrap_or(0);
        let (forward_flops, backward_flops) = sims.flops;
        let _ = base;
        Ok(StageCost {
            group,
            ops: sub.ops.len(),
            forward_s,
            backward_s,
            last_backward_s,
            recompute_s,
            gather_s,
            scatter_s,
            kept_bytes: kept_now[busiest],
            gathered_bytes,
            transient_bytes: transient.iter().copied().max().unwrap_or(0) + gathered_bytes,
            sent_bytes: 0,
            forward_flops,
            backward_flops,
            recompute_flops,
        })
    }

    /// End of the forward pass and of the whole per-micro-batch work in a stage simulation: in
    /// training, forward tasks and transfers against the rest; in a training step, tasks of forward ops
    /// against the rest.
    fn pass_times(&self, sub: &Sub, sim: &Simulator) -> (f64, f64) {
        let (mut forward, mut end) = (0.0f64, 0.0f64);
        for t in sim.timeline() {
            let is_forward = if self.mode().has_backward() {
                matches!(t.kind, TaskKind::Forward | TaskKind::Transfer)
            } else {
                self.phases.of(sub.ops[t.op.index()]) == Phase::Forward
            };
            let stop = t.end_s();
            if is_forward {
                forward = forward.max(stop);
            }
            if t.kind != TaskKind::AllReduce || !self.mode().has_backward() {
                end = end.max(stop);
            }
        }
        (forward, end.max(forward))
    }

    fn stage_flops(&self, sub: &Sub) -> (f64, f64) {
        let (mut f, mut b) = (0.0, 0.0);
        for (i, op) in sub.graph.ops().iter().enumerate() {
            if self.mode().has_backward() {
                f += op.flops;
                b += op.flops * self.mode().backward_factor(&sub.graph, op);
            } else if self.phases.of(sub.ops[i]) == Phase::Forward {
                f += op.flops;
            } else {
                b += op.flops;
            }
        }
        (f, b)
    }

    /// The tensors a micro-batch keeps from its forward to its backward in the stage, per device of its
    /// group (index = device − group base), and the largest op's working set per device.
    fn kept(&self, sub: &Sub, group: u32) -> Kept {
        let g = &sub.graph;
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let base = self.group_base(group);
        let training = self.mode().has_backward();
        let fusion = training.then(|| Fusion::new(g));
        let mut bytes: BTreeMap<TensorId, Vec<u64>> = BTreeMap::new();
        let mut largest_op = vec![0u64; width];
        let mut loops = Vec::new();
        let mut region = Vec::new();
        for (i, op) in g.ops().iter().enumerate() {
            let config = &self.strategy.configs[sub.ops[i].index()];
            let forward_op = training || self.phases.of(sub.ops[i]) == Phase::Forward;
            let mut working = vec![0u64; width];
            for task in 0..config.num_tasks() {
                let d = config.devices[task].0.saturating_sub(base) as usize;
                if d >= width {
                    continue;
                }
                loops.clear();
                config.task_ranges_into(op, task, &mut loops);
                for (k, access) in op.inputs.iter().chain(&op.outputs).enumerate() {
                    let tensor = g.tensor(access.tensor);
                    region.clear();
                    access.region_into(&loops, &tensor.shape, &mut region);
                    let b = crate::graph::volume(&region) * tensor.dtype.size_bytes();
                    let is_output = k >= op.inputs.len();
                    let keep = match (&fusion, is_output) {
                        // Training: outputs saved for the backward, and received inputs.
                        (Some(f), true) => f.saved_output[i][k - op.inputs.len()],
                        (_, false) => tensor.kind == TensorKind::Received && forward_op,
                        // A training step: forward outputs that a backward op reads.
                        (None, true) => {
                            forward_op
                                && g.consumers(access.tensor)
                                    .iter()
                                    .any(|c| self.phases.of(sub.ops[c.index()]) == Phase::Backward)
                        }
                    };
                    if keep {
                        let v = bytes.entry(access.tensor).or_insert_with(|| vec![0; width]);
                        v[d] = v[d].max(b);
                    }
                    // The working set beyond what is kept anyway (counted with the activations).
                    if tensor.kind != TensorKind::Weight && !bytes.contains_key(&access.tensor) {
                        working[d] += b;
                    }
                }
            }
            for d in 0..width {
                largest_op[d] = largest_op[d].max(working[d]);
            }
        }
        Kept { bytes, largest_op }
    }

    /// Selective recomputation's tensors: kept outputs of ops that read no weight, larger than every
    /// tensor a weighted op of the stage reads or writes.
    fn selected(&self, sub: &Sub, kept: &Kept) -> Vec<TensorId> {
        let g = &sub.graph;
        let reads_weight = |op: &Op| {
            op.inputs
                .iter()
                .any(|a| g.tensor(a.tensor).kind == TensorKind::Weight)
        };
        let weighted_max = g
            .ops()
            .iter()
            .filter(|op| reads_weight(op))
            .flat_map(|op| op.inputs.iter().chain(&op.outputs))
            .filter(|a| g.tensor(a.tensor).kind != TensorKind::Weight)
            .map(|a| g.tensor(a.tensor).bytes())
            .max()
            .unwrap_or(u64::MAX);
        kept.bytes
            .keys()
            .copied()
            .filter(|&t| {
                let tensor = g.tensor(t);
                tensor.bytes() > weighted_max
                    && tensor.producer.is_some_and(|p| !reads_weight(g.op(p)))
            })
            .collect()
    }

    /// Full recomputation's kept bytes per device (the stage inputs and the chosen checkpoints) and the
    /// largest segment's kept bytes (recomputed during its backward).
    fn checkpoints(&self, sub: &Sub, kept: &Kept, width: usize) -> (Vec<u64>, Vec<u64>) {
        let g = &sub.graph;
        let forward: Vec<usize> = (0..g.num_ops())
            .filter(|&i| self.phases.of(sub.ops[i]) == Phase::Forward || self.mode().has_backward())
            .collect();
        // Last forward position reading each tensor.
        let mut last_read: HashMap<TensorId, usize> = HashMap::new();
        for (p, &i) in forward.iter().enumerate() {
            for a in &g.ops()[i].inputs {
                last_read.insert(a.tensor, p);
            }
        }
        // Cut after position p: every tensor produced at or before p and read after p is an output of p.
        let mut cuts = Vec::new();
        let mut open: BTreeMap<usize, Vec<TensorId>> = BTreeMap::new(); // last read -> tensors
        for (p, &i) in forward.iter().enumerate() {
            open.retain(|&last, _| last > p);
            for a in &g.ops()[i].outputs {
                if let Some(&last) = last_read.get(&a.tensor) {
                    if last > p {
                        open.entry(last).or_default().push(a.tensor);
                    }
                }
            }
            let carried: Vec<TensorId> = open.values().flatten().copied().collect();
            let outputs: Vec<TensorId> = g.ops()[i].outputs.iter().map(|a| a.tensor).collect();
            let received_later = g.tensors().iter().enumerate().any(|(t, tensor)| {
                tensor.kind == TensorKind::Received
                    && last_read.get(&TensorId::new(t)).is_some_and(|&l| l > p)
            });
            if p + 1 < forward.len()
                && !carried.is_empty()
                && !received_later
                && carried.iter().all(|t| outputs.contains(t))
            {
                cuts.push((p, carried));
            }
        }
        let per_tensor = |t: &TensorId| {
            kept.bytes.get(t).cloned().unwrap_or_else(|| {
                // A checkpoint the backward did not keep: its size on the devices of its producer.
                vec![g.tensor(*t).bytes() / width as u64; width]
            })
        };
        let inputs: Vec<u64> = {
            let mut v = vec![0u64; width];
            for (t, b) in &kept.bytes {
                if g.tensor(*t).kind == TensorKind::Received {
                    for d in 0..width {
                        v[d] += b[d];
                    }
                }
            }
            v
        };
        // Kept bytes of the forward ops at positions [a, b) per device.
        let segment_kept = |a: usize, b: usize| -> Vec<u64> {
            let mut v = vec![0u64; width];
            for &i in &forward[a..b] {
                for o in &g.ops()[i].outputs {
                    if let Some(bytes) = kept.bytes.get(&o.tensor) {
                        for d in 0..width {
                            v[d] += bytes[d];
                        }
                    }
                }
            }
            v
        };
        let total = segment_kept(0, forward.len());
        if cuts.is_empty() {
            return (inputs, total);
        }
        let sum = |v: &[u64]| v.iter().copied().max().unwrap_or(0) as f64;
        let mean_cut = cuts
            .iter()
            .map(|(_, ts)| ts.iter().map(|t| sum(&per_tensor(t))).sum::<f64>())
            .sum::<f64>()
            / cuts.len() as f64;
        // k segments keep k − 1 checkpoints for every micro-batch in flight and recompute one segment at
        // a time: `in_flight · k · cut + total / k` is least at `k = √(total / (in_flight · cut))`.
        let in_flight = self.in_flight_chunks().max(1) as f64;
        let segments = ((sum(&total) / (in_flight * mean_cut.max(1.0)))
            .sqrt()
            .round() as usize)
            .clamp(1, cuts.len() + 1);
        // Cuts closest to equal shares of the kept bytes.
        let mut chosen: Vec<usize> = Vec::new();
        let cum: Vec<f64> = {
            let mut acc = 0.0;
            forward
                .iter()
                .enumerate()
                .map(|(p, _)| {
                    acc += sum(&segment_kept(p, p + 1));
                    acc
                })
                .collect()
        };
        let grand = *cum.last().unwrap_or(&0.0);
        for s in 1..segments {
            let target = grand * s as f64 / segments as f64;
            if let Some(c) = cuts
                .iter()
                .map(|(p, _)| *p)
                .filter(|p| !chosen.contains(p))
                .min_by(|&a, &b| (cum[a] - target).abs().total_cmp(&(cum[b] - target).abs()))
            {
                chosen.push(c);
            }
        }
        chosen.sort_unstable();
        chosen.dedup();
        let mut kept_now = inputs;
        for (p, ts) in &cuts {
            if chosen.contains(p) {
                for t in ts {
                    for (d, b) in per_tensor(t).iter().enumerate() {
                        kept_now[d] += b;
                    }
                }
            }
        }
        let mut bounds = vec![0];
        bounds.extend(chosen.iter().map(|p| p + 1));
        bounds.push(forward.len());
        let mut largest = vec![0u64; width];
        for w in bounds.windows(2) {
            let seg = segment_kept(w[0], w[1]);
            for d in 0..width {
                largest[d] = largest[d].max(seg[d]);
            }
        }
        (kept_now, largest)
    }

    /// The most stage chunks' micro-batches any group holds in flight under the schedule's order.
    fn in_flight_chunks(&self) -> u64 {
        (0..self.schedule.stages)
            .map(|g| self.schedule.peak_in_flight(g, |_| 1))
            .max()
            .unwrap_or(1)
    }

    /// Elements of weights each device of the group holds for `configs` (every op of the stage).
    fn held_elements(&self, g: &Graph, configs: &[Config]) -> Vec<u64> {
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let mut holdings: BTreeMap<TensorId, Vec<(u32, Vec<crate::Interval>)>> = BTreeMap::new();
        let mut loops = Vec::new();
        for (op, config) in g.ops().iter().zip(configs) {
            for task in 0..config.num_tasks() {
                loops.clear();
                config.task_ranges_into(op, task, &mut loops);
                for a in &op.inputs {
                    let tensor = g.tensor(a.tensor);
                    if tensor.kind == TensorKind::Weight {
                        let d = config.devices[task].0 % width as u32;
                        holdings
                            .entry(a.tensor)
                            .or_default()
                            .push((d, a.region(&loops, &tensor.shape)));
                    }
                }
            }
        }
        let mut held = vec![0u64; width];
        for (_, mut h) in holdings {
            for (d, e) in weight_sync::analyze(&mut h).held {
                held[d as usize] += e;
            }
        }
        held
    }

    /// Weight state of every device of replica 0 (every op of the strategy, every phase), with ZeRO's
    /// division, in the module doc's terms.
    fn weight_memory(&self) -> Vec<MemoryBreakdown> {
        let width = self.schedule.replica_width(self.n) as usize;
        let key = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (width, &self.strategy.configs).hash(&mut h);
            h.finish()
        };
        let cached = self.ctx.held.borrow().get(&key).cloned();
        let held_bytes = match cached {
            Some(held) => held,
            None => {
                let held = Rc::new(self.held_bytes(width));
                self.ctx.held.borrow_mut().insert(key, held.clone());
                held
            }
        };
        self.weight_state(&held_bytes)
    }

    /// Bytes of weights every device of replica 0 holds (the union of what its tasks read).
    fn held_bytes(&self, width: usize) -> Vec<u64> {
        let graph = self.problem.graph;
        let mut holdings: BTreeMap<TensorId, Vec<(u32, Vec<crate::Interval>)>> = BTreeMap::new();
        let mut loops = Vec::new();
        for (id, config) in graph.topological_order().zip(&self.strategy.configs) {
            let op = self.micro().op(id);
            for task in 0..config.num_tasks() {
                loops.clear();
                config.task_ranges_into(op, task, &mut loops);
                for a in &op.inputs {
                    let tensor = self.micro().tensor(a.tensor);
                    if tensor.kind == TensorKind::Weight {
                        holdings
                            .entry(a.tensor)
                            .or_default()
                            .push((config.devices[task].0, a.region(&loops, &tensor.shape)));
                    }
                }
            }
        }
        let mut held_bytes = vec![0u64; width];
        for (t, mut h) in holdings {
            let elem = self.micro().tensor(t).dtype.size_bytes();
            for (d, e) in weight_sync::analyze(&mut h).held {
                if let Some(slot) = held_bytes.get_mut(d as usize) {
                    *slot += e * elem;
                }
            }
        }
        held_bytes
    }

    /// The weight state of devices holding `held_bytes` of weights (module doc).
    fn weight_state(&self, held_bytes: &[u64]) -> Vec<MemoryBreakdown> {
        let state: WeightState = self.problem.cost.state();
        let d = u64::from(self.schedule.replicas.max(1));
        held_bytes
            .iter()
            .map(|&bytes| {
                let total = if self.mode().has_backward() || self.problem.training_step {
                    state.bytes(Mode::Training, bytes)
                } else {
                    bytes
                };
                let cast = state
                    .precision
                    .half()
                    .map_or(0, |h| bytes / 4 * h.size_bytes());
                let (weights, gradients) = if total > bytes {
                    (bytes + cast, bytes.min(total - bytes - cast))
                } else {
                    (total, 0)
                };
                let optimizer = total.saturating_sub(weights + gradients);
                match self.schedule.zero {
                    Zero::None => MemoryBreakdown {
                        weights,
                        gradients,
                        optimizer,
                        ..Default::default()
                    },
                    Zero::Optimizer => MemoryBreakdown {
                        weights,
                        gradients,
                        optimizer: optimizer.div_ceil(d),
                        ..Default::default()
                    },
                    Zero::Full => MemoryBreakdown {
                        weights: weights.div_ceil(d),
                        gradients: gradients.div_ceil(d),
                        optimizer: optimizer.div_ceil(d),
                        ..Default::default()
                    },
                }
            })
            .collect()
    }

    /// Activation bytes stage `k` sends to later stages per micro-batch, all devices together.
    fn sent_bytes(&self, k: u32) -> u64 {
        let mut sent: BTreeMap<(TensorId, u32), u64> = BTreeMap::new();
        for e in self.micro().edges() {
            let (p, c) = (e.producer, e.consumer);
            if !self.phases.per_micro_batch(p) || !self.phases.per_micro_batch(c) {
                continue;
            }
            let (sp, sc) = (self.schedule.stage_of(p), self.schedule.stage_of(c));
            if sp == k && sc != sp {
                sent.insert((e.tensor, sc), self.micro().tensor(e.tensor).bytes());
            }
        }
        sent.values().sum()
    }

    /// Transfers between stages per micro-batch: `(from, to, bytes, backward)`, all devices together.
    fn transfers(&self) -> Vec<Transfer> {
        let mut out: BTreeMap<(u32, u32, bool, bool, TensorId), u64> = BTreeMap::new();
        for e in self.micro().edges() {
            let (p, c) = (e.producer, e.consumer);
            if !self.phases.per_micro_batch(p) || !self.phases.per_micro_batch(c) {
                continue;
            }
            let (sp, sc) = (self.schedule.stage_of(p), self.schedule.stage_of(c));
            if sp == sc {
                continue;
            }
            let bytes = self.micro().tensor(e.tensor).bytes();
            if self.mode().has_backward() {
                out.insert((sp, sc, false, false, e.tensor), bytes);
                out.insert((sc, sp, true, true, e.tensor), bytes);
            } else {
                // The transfer leaves with the producer's step and feeds the consumer's: a backward op
                // may read a forward result of another stage.
                let from_backward = self.phases.of(p) == Phase::Backward;
                let to_backward = self.phases.of(c) == Phase::Backward;
                out.insert((sp, sc, from_backward, to_backward, e.tensor), bytes);
            }
        }
        let mut merged: BTreeMap<(u32, u32, bool, bool), u64> = BTreeMap::new();
        for ((a, b, fb, tb, _), bytes) in out {
            *merged.entry((a, b, fb, tb)).or_default() += bytes;
        }
        merged
            .into_iter()
            .map(|((from, to, from_backward, to_backward), bytes)| Transfer {
                from,
                to,
                bytes,
                from_backward,
                to_backward,
            })
            .collect()
    }

    /// Seconds to move `bytes` (all devices together) from group `a` to group `b`: each of the group's
    /// devices sends its share to its counterpart.
    fn p2p_time(&self, a: u32, b: u32, bytes: u64) -> f64 {
        if a == b || bytes == 0 {
            return 0.0;
        }
        let t = self.schedule.group_width(self.n).max(1);
        let route = self
            .machine()
            .route(DeviceId(self.group_base(a)), DeviceId(self.group_base(b)));
        route.transfer_time(bytes / u64::from(t))
    }

    /// Half a ring all-reduce (an all-gather or a reduce-scatter) of `bytes` per device across the
    /// replicas of device `base`.
    fn replica_ring_half(&self, base: u32, bytes: u64) -> f64 {
        let d = self.schedule.replicas;
        if d < 2 {
            return 0.0;
        }
        let width = self.schedule.replica_width(self.n);
        let (mut bw, mut latency) = (f64::INFINITY, 0.0f64);
        for r in 0..d {
            let a = DeviceId(base + r * width);
            let b = DeviceId(base + ((r + 1) % d) * width);
            let route = self.machine().route(a, b);
            bw = bw.min(route.bandwidth);
            latency = latency.max(route.latency_s);
        }
        let m = f64::from(d);
        (m - 1.0) / m * bytes as f64 / bw + (m - 1.0) * latency
    }

    /// Prologue and epilogue ops of group `g`: their simulated time (one task simulation of each set,
    /// ZeRO dividing the epilogue among the replicas).
    fn once_times(&self) -> Result<Vec<(f64, f64)>, PipelineError> {
        let p = self.schedule.stages;
        let mut out = vec![(0.0, 0.0); p as usize];
        for (phase, slot) in [(Phase::Prologue, 0usize), (Phase::Epilogue, 1)] {
            for g in 0..p {
                let ops: Vec<OpId> = self
                    .micro()
                    .topological_order()
                    .filter(|&id| {
                        self.phases.of(id) == phase
                            && self.strategy.configs[id.index()]
                                .devices
                                .first()
                                .is_some_and(|&d| self.schedule.group_of_device(self.n, d) == g)
                    })
                    .collect();
                if ops.is_empty() {
                    continue;
                }
                let configs: Vec<Config> = ops
                    .iter()
                    .map(|id| self.strategy.configs[id.index()].clone())
                    .collect();
                let key = {
                    let mut h = std::collections::hash_map::DefaultHasher::new();
                    (&ops, &configs).hash(&mut h);
                    h.finish()
                };
                let cached = self.ctx.once.borrow().get(&key).copied();
                let time = match cached {
                    Some(t) => t,
                    None => {
                        let sub = self.subgraph(&ops);
                        let sim = Simulator::new(
                            &sub.graph,
                            self.machine(),
                            self.problem.cost,
                            Mode::Inference,
                            Strategy::flat(configs),
                        )
                        .map_err(|e| PipelineError {
                            location: e.location,
                            message: e.message,
                        })?;
                        let t = sim.iteration_time();
                        self.ctx.once.borrow_mut().insert(key, t);
                        t
                    }
                };
                let mut t = time;
                if slot == 1 && self.schedule.zero != Zero::None {
                    t /= f64::from(self.schedule.replicas.max(1));
                }
                if slot == 0 {
                    out[g as usize].0 = t;
                } else {
                    out[g as usize].1 = t;
                }
            }
        }
        Ok(out)
    }

    /// The pipeline level (module doc).
    fn compose(&self, stages: Vec<StageCost>) -> Result<Evaluation, PipelineError> {
        let s = self.schedule;
        let p = s.stages;
        let k_count = s.virtual_stages();
        let m = s.micro_batches;
        let once = self.once_times()?;
        let transfers = self.transfers();
        // Inputs of each (stage, backward?) step: (from stage, from its backward?, seconds).
        let mut inputs: Vec<Vec<(u32, bool, f64)>> = vec![Vec::new(); 2 * k_count as usize];
        let mut p2p_bytes = 0u64;
        for t in &transfers {
            let dur = self.p2p_time(s.group_of_stage(t.from), s.group_of_stage(t.to), t.bytes);
            inputs[(2 * t.to + u32::from(t.to_backward)) as usize].push((
                t.from,
                t.from_backward,
                dur,
            ));
            p2p_bytes += t.bytes * u64::from(m);
        }
        // Last backward step of every stage (it carries the synchronization).
        let steps: Vec<Vec<crate::schedule::Step>> = (0..p).map(|g| s.steps(g)).collect();
        let mut done: HashMap<(u32, u32, bool), f64> = HashMap::new();
        let mut link_free: HashMap<(u32, u32), f64> = HashMap::new();
        let mut next = vec![0usize; p as usize];
        let mut free: Vec<f64> = once.iter().map(|o| o.0).collect();
        let mut comm_free: Vec<f64> = vec![0.0; p as usize];
        let mut busy: Vec<f64> = once.iter().map(|o| o.0 + o.1).collect();
        let mut first_start = vec![f64::INFINITY; p as usize];
        let total: usize = steps.iter().map(Vec::len).sum();
        let mut scheduled = 0usize;
        // Arrival of stage `a`'s output (step of micro-batch j) at group of stage `b`, through the
        // link's FIFO, computed when first asked for (deterministic: groups are visited in order).
        let mut arrivals: HashMap<(u32, bool, u32, u32, bool), f64> = HashMap::new();
        while scheduled < total {
            let mut progressed = false;
            for g in 0..p {
                let Some(&step) = steps[g as usize].get(next[g as usize]) else {
                    continue;
                };
                let k = s.stage_at(g, step.chunk);
                let back = step.pass == Pass::Backward;
                let j = step.micro_batch;
                let mut ready = free[g as usize];
                let mut blocked = false;
                for &(from, from_back, dur) in &inputs[(2 * k + u32::from(back)) as usize] {
                    let key = (from, from_back, k, j, back);
                    if let Some(&t) = arrivals.get(&key) {
                        ready = ready.max(t);
                        continue;
                    }
                    match done.get(&(from, j, from_back)) {
                        Some(&end) => {
                            let link = (s.group_of_stage(from), g);
                            let start = end.max(*link_free.get(&link).unwrap_or(&0.0));
                            let arrive = start + dur;
                            link_free.insert(link, arrive);
                            arrivals.insert(key, arrive);
                            ready = ready.max(arrive);
                        }
                        None => blocked = true,
                    }
                }
                // Micro-batch order through the stages even without data (a stage that receives
                // nothing still follows its predecessor).
                let prev = if back {
                    (k + 1 < k_count).then(|| (k + 1, j, true))
                } else {
                    (k > 0).then(|| (k - 1, j, false))
                };
                if let Some(key) = prev {
                    match done.get(&key) {
                        Some(&end) => ready = ready.max(end),
                        None => blocked = true,
                    }
                }
                if back {
                    match done.get(&(k, j, false)) {
                        Some(&end) => ready = ready.max(end),
                        None => blocked = true,
                    }
                }
                if blocked {
                    continue;
                }
                let c = &stages[k as usize];
                let last_of_stage = back && j + 1 == m;
                let dur = if back {
                    let b = c.backward_s + c.recompute_s;
                    if s.zero == Zero::Full {
                        b.max(c.gather_s + c.scatter_s)
                    } else {
                        b
                    }
                } else if s.zero == Zero::Full {
                    c.forward_s.max(c.gather_s)
                } else {
                    c.forward_s
                };
                first_start[g as usize] = first_start[g as usize].min(ready);
                let end = ready + dur;
                done.insert((k, j, back), end);
                free[g as usize] = end;
                busy[g as usize] += dur;
                if last_of_stage {
                    // The chunk's gradient synchronization after its last backward, on the group's
                    // communication stream: what the stage simulation exposed beyond its backward
                    // (the rest overlapped with that backward), overlapping later chunks' compute.
                    let tail = (c.last_backward_s - c.backward_s).max(0.0);
                    let comm = &mut comm_free[g as usize];
                    *comm = comm.max(end) + tail;
                }
                next[g as usize] += 1;
                scheduled += 1;
                progressed = true;
            }
            if !progressed {
                return Err(plain(format!(
                    "the pipeline order of '{}' deadlocks (no group can run its next step)",
                    s.summary()
                )));
            }
        }
        let ends: Vec<f64> = free
            .iter()
            .zip(&comm_free)
            .zip(&once)
            .map(|((f, c), o)| f.max(*c) + o.1)
            .collect();
        let iteration_s = ends.iter().copied().fold(0.0, f64::max);
        // Bubble of the busiest group: idle share between its first step and its last.
        let busiest = (0..p as usize)
            .max_by(|&a, &b| busy[a].total_cmp(&busy[b]).then(b.cmp(&a)))
            .unwrap_or(0);
        let bubble_fraction = {
            let g = busiest;
            let begin = first_start.iter().copied().fold(f64::INFINITY, f64::min);
            let end = free.iter().copied().fold(0.0, f64::max);
            let span = end - begin.min(end);
            let work = busy[g] - once[g].0 - once[g].1;
            if span > 0.0 {
                (1.0 - work / span).max(0.0)
            } else {
                0.0
            }
        };
        // Memory per group.
        let weights = self.weight_memory();
        let t = s.group_width(self.n) as usize;
        let groups = (0..p)
            .map(|g| {
                let kept = |chunk: u32| stages[s.stage_at(g, chunk) as usize].kept_bytes;
                let activations = s.peak_in_flight(g, kept);
                let transient = (0..s.chunks)
                    .map(|c| stages[s.stage_at(g, c) as usize].transient_bytes)
                    .max()
                    .unwrap_or(0);
                let lo = g as usize * t;
                let (device, state) = (lo..lo + t)
                    .map(|d| (d, weights.get(d).copied().unwrap_or_default()))
                    .max_by_key(|(d, w)| (w.total(), std::cmp::Reverse(*d)))
                    .unwrap_or((lo, MemoryBreakdown::default()));
                GroupReport {
                    group: g,
                    busy_s: busy[g as usize],
                    end_s: ends[g as usize],
                    device: DeviceId(device as u32),
                    memory: MemoryBreakdown {
                        activations,
                        transient,
                        ..state
                    },
                }
            })
            .collect();
        let model_flops = self.model_flops();
        let recompute: f64 = stages.iter().map(|c| c.recompute_flops).sum::<f64>()
            * f64::from(m)
            * f64::from(s.replicas);
        Ok(Evaluation {
            iteration_s,
            micro_batch: self.micro_batch,
            batch: self.batch,
            stages,
            groups,
            bubble_fraction,
            model_flops,
            hardware_flops: model_flops + recompute,
            p2p_bytes,
            memory_capacity: self.machine().gpu.mem_capacity,
        })
    }
}

/// A stage as a graph of its own.
struct Sub {
    graph: Graph,
    /// The micro graph's op of each of its ops.
    ops: Vec<OpId>,
}

impl Sub {
    /// Structure and configurations, devices relative to the group: equal keys simulate alike.
    fn key(&self, configs: &[Config], base: u32) -> StageKey {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for (op, id) in self.graph.ops().iter().zip(&self.ops) {
            format!("{:?}{:?}{}{:?}", op.class, op.dims, op.flops, op.dtype).hash(&mut h);
            for a in op.inputs.iter().chain(&op.outputs) {
                let t = self.graph.tensor(a.tensor);
                (a.tensor.0, &t.shape, t.kind, t.dtype).hash(&mut h);
                format!("{:?}", a.exprs).hash(&mut h);
            }
            let c = &configs[id.index()];
            c.degrees.hash(&mut h);
            for d in &c.devices {
                d.0.wrapping_sub(base).hash(&mut h);
            }
        }
        h.finish()
    }
}

/// Bytes one micro-batch sends from a stage to another, all devices together, with the passes that send and
/// receive them.
struct Transfer {
    from: u32,
    to: u32,
    bytes: u64,
    from_backward: bool,
    to_backward: bool,
}

/// Kept tensors of a stage and its largest op's working set beyond them (per device of the group).
struct Kept {
    bytes: BTreeMap<TensorId, Vec<u64>>,
    largest_op: Vec<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::CostModel;
    use crate::graph::DType;
    use crate::schedule::{balanced_parts, Order};
    use crate::synth::{self, Builder, TransformerSpec};

    /// A chain of `layers` equal layers (matmul, activation), no loss: every stage the same work.
    fn chain(batch: u64, width: u64, layers: usize) -> Graph {
        let mut b = Builder::new("chain", DType::F32);
        let mut x = b.input("x", &[batch, width], DType::F32);
        for _ in 0..layers {
            let y = b.matmul(x, width);
            x = b.elementwise("linalg.generic", &[y], 1.0);
        }
        b.finish()
    }

    /// Stage `s` of `p` (balanced by FLOPs) on device `s`, `m` micro-batches.
    fn pipelined(graph: &Graph, p: u32, m: u32, order: Order) -> Strategy {
        let costs: Vec<f64> = graph.ops().iter().map(|o| o.flops).collect();
        let stage_of = balanced_parts(&costs, p);
        let configs = graph
            .ops()
            .iter()
            .zip(&stage_of)
            .map(|(op, &s)| Config::single(op, DeviceId(s)))
            .collect();
        Strategy {
            configs,
            schedule: Schedule {
                stages: p,
                micro_batches: m,
                order,
                stage_of,
                ..Schedule::default()
            },
        }
    }

    fn machine(n: u32) -> Machine {
        Machine::preset("dgx-a100:1")
            .unwrap()
            .with_devices(crate::DeviceCount::new(n.into()).unwrap())
            .unwrap()
    }

    /// On a uniform chain whose transfers are small next to its compute, the busiest group idles
    /// `(p − 1) / (m + p − 1)` of the pipeline (1F1B and GPipe alike), and the iteration takes one
    /// micro-batch through every stage plus `m − 1` steps of the slowest.
    #[test]
    fn the_bubble_matches_the_closed_form_on_a_uniform_chain() {
        let g = chain(1024, 4096, 8);
        let machine = machine(4);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        for order in [Order::OneFOneB, Order::GPipe] {
            for m in [1u32, 4, 8, 16] {
                let e = evaluate(&problem, &pipelined(&g, 4, m, order)).unwrap();
                let closed = 3.0 / f64::from(m + 3);
                assert!(
                    (e.bubble_fraction - closed).abs() < 0.02,
                    "{order:?} m={m}: bubble {} vs {closed}",
                    e.bubble_fraction
                );
                // One micro-batch through every stage, then m − 1 more behind the slowest stage.
                let steps: Vec<f64> = e
                    .stages
                    .iter()
                    .map(|c| c.forward_s + c.backward_s)
                    .collect();
                let slowest = steps.iter().copied().fold(0.0, f64::max);
                let expected = steps.iter().sum::<f64>() + f64::from(m - 1) * slowest;
                assert!(
                    (e.iteration_s / expected - 1.0).abs() < 0.02,
                    "{order:?} m={m}: {} vs {expected}",
                    e.iteration_s
                );
            }
        }
    }

    /// 1F1B holds `p − g` micro-batches of activations on group `g`, GPipe all `m`.
    #[test]
    fn micro_batches_in_flight_follow_the_order() {
        let g = chain(256, 1024, 8);
        let machine = machine(4);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let one = evaluate(&problem, &pipelined(&g, 4, 8, Order::OneFOneB)).unwrap();
        let gpipe = evaluate(&problem, &pipelined(&g, 4, 8, Order::GPipe)).unwrap();
        for (group, stage) in one.groups.iter().zip(&one.stages) {
            let p_minus_g = 4 - u64::from(group.group);
            assert_eq!(group.memory.activations, p_minus_g * stage.kept_bytes);
        }
        for (group, stage) in gpipe.groups.iter().zip(&gpipe.stages) {
            assert_eq!(group.memory.activations, 8 * stage.kept_bytes);
        }
        // Each stage keeps what its two layers save for the backward: per layer the matmul's input
        // (f32, 32 samples × 1024) and the activation's input is fused away; stage inputs received.
        let kept = one.stages[1].kept_bytes;
        assert!(kept > 0 && kept <= 4 * 32 * 1024 * 4, "{kept}");
    }

    /// Full recomputation runs each stage's forward again in its backward and keeps only the stage's
    /// inputs and checkpoints; the hardware FLOPs count the repeated forward.
    #[test]
    fn full_recomputation_costs_a_forward_and_keeps_checkpoints() {
        let g = chain(256, 1024, 8);
        let machine = machine(2);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let plain = evaluate(&problem, &pipelined(&g, 2, 4, Order::OneFOneB)).unwrap();
        let mut s = pipelined(&g, 2, 4, Order::OneFOneB);
        s.schedule.recompute = Recompute::Full;
        let full = evaluate(&problem, &s).unwrap();
        for (a, b) in plain.stages.iter().zip(&full.stages) {
            assert_eq!(b.recompute_s, a.forward_s);
            assert!(
                b.kept_bytes < a.kept_bytes,
                "{} vs {}",
                b.kept_bytes,
                a.kept_bytes
            );
        }
        assert!(full.iteration_s > plain.iteration_s);
        // Forward FLOPs of every op, once more per micro-batch: the hardware count's extra third of
        // a training step whose backward is twice its forward (the first layer reads a graph input, so a
        // little less).
        let forward: f64 = g.ops().iter().map(|o| o.flops).sum();
        assert!((full.hardware_flops - full.model_flops - forward).abs() < 1e-6 * forward);
    }

    /// Selective recomputation drops the attention scores and probabilities (larger than anything a
    /// weighted op touches) and charges their producers' forward again.
    #[test]
    fn selective_recomputation_drops_attention_scores() {
        let spec = TransformerSpec {
            batch: 8,
            seq: 256,
            hidden: 64,
            heads: 8,
            layers: 2,
            ffn: 256,
            vocab: 128,
        };
        let g = synth::transformer(&spec);
        let machine = machine(1);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let mut s = Strategy::single_device(&g);
        s.schedule.micro_batches = 2;
        let plain = evaluate(&problem, &s).unwrap();
        s.schedule.recompute = Recompute::Selective;
        let selective = evaluate(&problem, &s).unwrap();
        let (a, b) = (&plain.stages[0], &selective.stages[0]);
        assert!(b.recompute_s > 0.0 && b.recompute_s < 0.5 * a.forward_s);
        // Per micro-batch of 4 sequences: scores are 4 × 8 heads × 256 × 256 bf16 = 4 MiB per layer;
        // at least the scores of both layers are dropped.
        assert!(
            a.kept_bytes - b.kept_bytes >= 2 * 4 * 8 * 256 * 256 * 2,
            "{} -> {}",
            a.kept_bytes,
            b.kept_bytes
        );
    }

    /// ZeRO-1 divides the optimizer state by the replicas; ZeRO-3 everything, and gathers the 16-bit
    /// weights over the replicas at every step.
    #[test]
    fn zero_divides_weight_state_over_the_replicas() {
        let g = chain(64, 1024, 4);
        let machine = machine(8);
        let state = crate::precision::WeightState {
            precision: crate::precision::Precision::Fp16,
            optimizer: crate::precision::Optimizer::Adam,
        };
        let cost = CostModel::new(&machine.gpu).with_state(state).unwrap();
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let mut s = Strategy::single_device(&g);
        s.schedule.replicas = 8;
        s.schedule.micro_batches = 2;
        let params: u64 = 4 * 1024 * 1024;
        let none = evaluate(&problem, &s).unwrap().groups[0].memory;
        assert_eq!(none.weights, params * 4 + params * 2);
        assert_eq!(none.gradients, params * 4);
        assert_eq!(none.optimizer, params * 8);
        s.schedule.zero = Zero::Optimizer;
        let one = evaluate(&problem, &s).unwrap().groups[0].memory;
        assert_eq!((one.weights, one.gradients), (none.weights, none.gradients));
        assert_eq!(one.optimizer, params * 8 / 8);
        s.schedule.zero = Zero::Full;
        let three = evaluate(&problem, &s).unwrap();
        let mem = three.groups[0].memory;
        assert_eq!(mem.weights, none.weights / 8);
        assert_eq!(mem.gradients, none.gradients / 8);
        assert_eq!(mem.optimizer, none.optimizer / 8);
        let stage = &three.stages[0];
        assert_eq!(stage.gathered_bytes, params * 2);
        // A ring all-gather of the 16-bit weights: 7/8 of them over the slowest hop.
        let bw = machine.route(DeviceId(0), DeviceId(1)).bandwidth;
        assert!((stage.gather_s - 7.0 / 8.0 * (params * 2) as f64 / bw).abs() < 1e-4);
    }

    /// Replicas alone are the symmetric task simulation.
    #[test]
    fn replicas_alone_are_one_symmetric_simulation() {
        let g = chain(64, 1024, 4);
        let machine = machine(8);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let mut s = Strategy::single_device(&g);
        s.schedule.replicas = 8;
        let e = evaluate(&problem, &s).unwrap();
        let flat = s.expanded(&g, 8).unwrap();
        let sim = Simulator::new(&g, &machine, &cost, Mode::Training, flat).unwrap();
        assert!((e.iteration_s - sim.iteration_time()).abs() < 1e-12);
    }
}
