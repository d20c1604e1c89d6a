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
//! Every link of both levels, and the closed forms beside them (expert all-to-alls, context-parallel
//! rings, ZeRO's gathers over the replicas), is priced on the machine [`Machine::placed`] for the
//! schedule: the engines' rank order, stage outermost and tensor rank innermost (crate::machine,
//! "Placement"), not flexc's replica-major numbering of the devices.
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
//!
//! None of it reads a simulation: [`Context::evaluate_fitting`] counts it before simulating, and
//! simulates nothing of a strategy over memory (the schedule search's candidates).

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use crate::batch::{batch_loops, batch_of, lookup_across_batch, rescale_batch};
use crate::fusion::Fusion;
use crate::graph::{DeviceId, Graph, Mode, Op, OpId, TensorId, TensorKind};
use crate::machine::Machine;
use crate::precision::WeightState;
use crate::problem::Problem;
use crate::schedule::{Pass, Phase, Phases, Recompute, Schedule, Zero};
use crate::sim::{Simulator, TaskKind};
use crate::strategy::{Config, Strategy};
use crate::weight_sync;

mod evaluator;

use evaluator::*;

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

/// Seconds of `compute` with a collective of `comm` seconds started beside it, on a GPU where a running
/// collective takes `contention` of the compute rate (its kernels hold SMs and memory bandwidth;
/// [`crate::machine::Efficiency::overlap`]): the compute runs slowed while the collective lasts, so it
/// ends `contention · comm` later, or the collective ends last.
pub fn beside(compute: f64, comm: f64, contention: f64) -> f64 {
    if comm <= 0.0 {
        return compute;
    }
    comm.max(compute + contention * comm)
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

/// Evaluates `strategy` (module doc). The problem's graph holds the whole batch.
pub fn evaluate(problem: &Problem, strategy: &Strategy) -> Result<Evaluation, PipelineError> {
    Context::new(problem)?.evaluate(strategy)
}

/// Checks `strategy` as [`evaluate`] does before it simulates anything (the schedule's rules, the batch
/// cut, every configuration on its micro-batch and inside its stage's devices, stages that follow the
/// data), without simulating: what a reader that keeps a strategy as it is (`flexc -o` on a `.par.mlir`)
/// checks, so that it writes nothing `flexc --simulate` and `flexc-run` refuse.
pub fn check(problem: &Problem, strategy: &Strategy) -> Result<(), PipelineError> {
    let ctx = Context::new(problem)?;
    evaluator::Evaluator::new(&ctx, strategy).map(drop)
}

/// A micro-batch's graph with its batch and micro-batch sizes, as [`Context`] caches it.
type MicroGraph = (Graph, u64, u64);

/// Ops of micro-batch graphs a [`Context`] keeps, all graphs together: at least 3 graphs, at most 64
/// (the least recently used goes first). A search meets a dozen micro-batch sizes in an order its time
/// bound decides; a small graph keeps them all, a 1T step's (tens of thousands of ops, hundreds of
/// MB each) a few.
const MICRO_GRAPH_OPS_KEPT: usize = 200_000;

/// Stage subgraphs a [`Context`] keeps before it starts over (each a copy of its stage's ops).
const SUBGRAPHS_KEPT: usize = 1024;

/// A cached stage subgraph's key: micro-batch size and the stage's ops.
type SubKey = (u64, Vec<OpId>);

/// A cached stage simulation's key: micro-batch, stage, replicas, group width and the dimensions' ways.
type SimsKey = (u64, StageKey, u32, u32, crate::schedule::Ways);

/// What evaluations of many strategies of one problem share: the phases, the micro-batch graphs and the
/// task simulations of stages (a search's candidates reuse them; [`Context::evaluate`]).
pub struct Context<'a> {
    problem: &'a Problem<'a>,
    phases: Phases,
    /// The problem's batch (`None`: no data input has the batch dim).
    batch: Option<u64>,
    /// The micro-batch graphs last used, by micro-batch size, most recent last: at most
    /// [`MICRO_GRAPH_OPS_KEPT`] ops (each a copy of the whole graph; a 1T step's is hundreds of MB, and a search
    /// on thousands of devices meets dozens of sizes).
    micro: RefCell<Vec<(Option<u64>, Rc<MicroGraph>)>>,
    /// By micro-batch, stage, replicas and group width (the per-device vectors' length: two
    /// schedules with the same replicas and stage ops can group their devices differently).
    sims: RefCell<HashMap<SimsKey, Rc<StageSims>>>,
    /// The memory side of the same stages, by the same key (computed before their simulations, which
    /// a strategy over memory never needs).
    memos: RefCell<HashMap<SimsKey, Rc<StageMemo>>>,
    once: RefCell<HashMap<u64, f64>>,
    held: RefCell<HashMap<u64, Rc<Vec<u64>>>>,
    /// Stage subgraphs with their structure's hash, by micro-batch size and ops: candidates of a search
    /// that cut the graph alike share them (cleared past [`SUBGRAPHS_KEPT`] entries).
    subs: RefCell<HashMap<SubKey, Rc<evaluator::Sub>>>,
    /// Per op, the ZeRO-3/FSDP unit it belongs to (a layer of [`crate::layers::Layers`]; ops outside
    /// every layer form the root unit, [`ROOT_UNIT`]), found on first use.
    units: std::cell::OnceCell<Vec<usize>>,
    /// [`Phases::micro_batch_blocker`] of the problem's graph, found on first use.
    blocker: std::cell::OnceCell<Option<(OpId, OpId)>>,
    /// [`lookup_across_batch`] of the problem's graph: the op that keeps its batch whole.
    lookup: Option<OpId>,
    /// Configuration sets already validated, by micro-batch size and [`Evaluator`]'s key of the
    /// configurations over a replica's width (a search's candidates that differ in recomputation or
    /// ZeRO alone, or in nothing the configurations see, validate once).
    validated: RefCell<std::collections::HashSet<(u64, u64)>>,
}

/// The unit of the ops outside every layer (embeddings, head, loss): FSDP's root module.
pub(crate) const ROOT_UNIT: usize = usize::MAX;

impl<'a> Context<'a> {
    /// The context of `problem` (its batch loops and phases analyzed once).
    pub fn new(problem: &'a Problem<'a>) -> Result<Context<'a>, PipelineError> {
        let loops = batch_loops(problem.graph, problem.batch_dim).map_err(|e| PipelineError {
            location: e.location,
            message: e.message,
        })?;
        Ok(Context {
            problem,
            phases: Phases::new(problem.graph, &loops, problem.mode.training_step()),
            lookup: lookup_across_batch(problem.graph, &loops),
            batch: batch_of(problem.graph, problem.batch_dim),
            micro: RefCell::default(),
            sims: RefCell::default(),
            memos: RefCell::default(),
            once: RefCell::default(),
            held: RefCell::default(),
            subs: RefCell::default(),
            units: std::cell::OnceCell::new(),
            blocker: std::cell::OnceCell::new(),
            validated: RefCell::default(),
        })
    }

    pub fn problem(&self) -> &Problem<'a> {
        self.problem
    }

    pub fn phases(&self) -> &Phases {
        &self.phases
    }

    /// Per op of the problem's graph (the micro-batch graphs have the same ops), its ZeRO-3 unit: the
    /// layer it is part of — a forward block, its backward and its update are one unit, as FSDP wraps
    /// a block — or [`ROOT_UNIT`].
    fn units(&self) -> &[usize] {
        self.units.get_or_init(|| {
            let graph = self.problem.graph;
            let layers = crate::layers::Layers::detect(graph);
            graph
                .topological_order()
                .map(|id| match layers.place(id) {
                    Some(place) => {
                        let group = &layers.groups()[place.group as usize];
                        let layer = group.layer[place.instance as usize];
                        // A layer of primary group `g` is unit `g << 32 | layer`.
                        (group.primary << 32) | layer
                    }
                    None => ROOT_UNIT,
                })
                .collect()
        })
    }

    /// Evaluates `strategy` (module doc), reusing what earlier evaluations computed.
    pub fn evaluate(&self, strategy: &Strategy) -> Result<Evaluation, PipelineError> {
        Evaluator::new(self, strategy)?.run()
    }

    /// The memory [`Context::evaluate`] reports for a pipelined `strategy` ([`Evaluation::groups`]
    /// with `busy_s` and `end_s` 0), counted without simulating; `None` for replicas only.
    pub fn memory(&self, strategy: &Strategy) -> Result<Option<Vec<GroupReport>>, PipelineError> {
        Evaluator::new(self, strategy)?.memory_only()
    }

    /// [`Context::evaluate`], but a pipelined strategy's memory is counted first, without simulating
    /// (every term of "Memory per device" is read off the stages' graphs and configurations): when it
    /// exceeds a device, nothing is simulated and [`Fitting::OverMemory`] has the very breakdown
    /// `evaluate`'s [`Evaluation::groups`] would have. A strategy of replicas only is one task
    /// simulation either way, simulated.
    pub fn evaluate_fitting(&self, strategy: &Strategy) -> Result<Fitting, PipelineError> {
        let evaluator = Evaluator::new(self, strategy)?;
        if let Some(groups) = evaluator.memory_only()? {
            let peak = groups.iter().map(|g| g.memory.total()).max().unwrap_or(0);
            if peak > self.problem.machine.gpu.mem_capacity {
                return Ok(Fitting::OverMemory(groups));
            }
        }
        evaluator.run().map(Fitting::Simulated)
    }

    /// The micro-batch graph of `schedule`, cached by its micro-batch size (replicas × micro-batches
    /// that cut the same size share one graph).
    fn micro(&self, schedule: &Schedule) -> Result<Rc<(Graph, u64, u64)>, PipelineError> {
        let key = match self.batch {
            Some(batch) => match schedule.micro_batch_size(batch) {
                Some(b) => Some(b),
                // Not cut evenly: `micro_graph` says so.
                None => return micro_graph(self.problem, schedule).map(Rc::new),
            },
            // Only one part: the whole graph (otherwise `micro_graph`'s error).
            None if schedule.batch_replicas() == 1 && schedule.micro_batches == 1 => None,
            None => return micro_graph(self.problem, schedule).map(Rc::new),
        };
        let mut kept = self.micro.borrow_mut();
        if let Some(i) = kept.iter().position(|(k, _)| *k == key) {
            let entry = kept.remove(i);
            let m = entry.1.clone();
            kept.push(entry);
            return Ok(m);
        }
        let m = Rc::new(micro_graph(self.problem, schedule)?);
        let most = (MICRO_GRAPH_OPS_KEPT / self.problem.graph.num_ops().max(1)).clamp(3, 64);
        if kept.len() >= most {
            kept.remove(0);
        }
        kept.push((key, m.clone()));
        Ok(m)
    }
}

/// The two task simulations of a stage and what is read off them (module doc), for every
/// recomputation mode and ZeRO stage.
struct StageSims {
    forward_s: f64,
    backward_s: f64,
    last_backward_s: f64,
    /// What the stage keeps and holds (no simulation reads it).
    memo: Rc<StageMemo>,
    /// Per op of the stage and device of its group: its forward tasks' seconds.
    forward_task_s: Vec<Vec<f64>>,
    flops: (f64, f64),
}

/// What a stage keeps and holds, read off its graph and configurations without simulating anything:
/// all the memory model needs of it ([`Context::evaluate_fitting`] counts a strategy's memory from these
/// alone).
struct StageMemo {
    kept: Kept,
    /// Weight elements each device of the group holds, and the most one device holds of one unit.
    held: (Vec<u64>, u64),
}

/// A strategy evaluated by [`Context::evaluate_fitting`].
#[derive(Clone, Debug, PartialEq)]
pub enum Fitting {
    /// It fits memory (or has no pipeline level, [`Evaluation`]'s symmetric form): simulated.
    Simulated(Evaluation),
    /// Its memory, counted exactly as [`Context::evaluate`] counts it, exceeds a device: nothing was
    /// simulated. Per group, the device with the largest peak and its breakdown (`busy_s` and `end_s`
    /// are 0).
    OverMemory(Vec<GroupReport>),
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

/// The batch of `graph` (along `batch_dim`) and the size of one replica's micro-batch, `None` when
/// the graph has no batch and the schedule does not cut it; `Err` when the schedule's replicas ×
/// micro-batches do not divide the batch. Every reader of a schedule (the simulator, `flexc -o`
/// keeping a strategy, `flexc-run`) checks it with this.
pub fn batch_cut(
    graph: &Graph,
    batch_dim: usize,
    schedule: &Schedule,
) -> Result<Option<(u64, u64)>, String> {
    let parts = u64::from(schedule.batch_replicas()) * u64::from(schedule.micro_batches);
    let Some(batch) = batch_of(graph, batch_dim) else {
        if parts == 1 {
            return Ok(None);
        }
        return Err(format!(
            "the schedule '{}' divides the batch, but no data input has a batch dim {batch_dim}",
            schedule.summary(),
        ));
    };
    match schedule.micro_batch_size(batch) {
        Some(b) => Ok(Some((batch, b))),
        None => Err(format!(
            "the schedule '{}' cuts a batch of {batch} into {} replicas × {} micro-batches, which does not divide it",
            schedule.summary(),
            schedule.batch_replicas(),
            schedule.micro_batches
        )),
    }
}

/// The graph of one replica's micro-batch, or why the schedule cannot cut one.
pub fn micro_graph(
    problem: &Problem,
    schedule: &Schedule,
) -> Result<(Graph, u64, u64), PipelineError> {
    let graph = problem.graph;
    let Some((batch, b)) = batch_cut(graph, problem.batch_dim, schedule).map_err(plain)? else {
        return Ok((graph.clone(), 1, 1));
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

    /// Mixed fp16 and Adam on `machine`'s GPU (the 2021 Megatron-LM's weight state).
    fn fp16_adam(machine: &Machine) -> CostModel {
        let state = crate::precision::WeightState {
            precision: crate::precision::Precision::Fp16,
            optimizer: crate::precision::Optimizer::Adam,
            ..Default::default()
        };
        CostModel::new(&machine.gpu).with_state(state).unwrap()
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

    /// Two layers of 8 heads over 256 tokens: attention scores larger than anything a weighted op
    /// touches.
    fn long_sequence_transformer() -> Graph {
        synth::transformer(&TransformerSpec {
            batch: 8,
            seq: 256,
            hidden: 64,
            heads: 8,
            layers: 2,
            ffn: 256,
            vocab: 128,
        })
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
            // Each layer of the chain keeps only its input (the matmul's operand), which is the
            // checkpoint of per-layer recomputation: nothing more to save.
            assert!(
                b.kept_bytes <= a.kept_bytes,
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

    /// Attention as the graph writes it: its scores kept for the backward.
    fn as_written(machine: &Machine) -> CostModel {
        CostModel::new(&machine.gpu)
            .with_state(crate::precision::WeightState {
                attention: crate::attention::Attention::AsWritten,
                ..Default::default()
            })
            .unwrap()
    }

    /// Per-layer checkpoints: a transformer layer keeps only its input under full recomputation.
    #[test]
    fn full_recomputation_keeps_each_layers_input() {
        let g = long_sequence_transformer();
        let machine = machine(1);
        let cost = CostModel::new(&machine.gpu);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let mut s = Strategy::single_device(&g);
        s.schedule.micro_batches = 2;
        let plain = evaluate(&problem, &s).unwrap();
        s.schedule.recompute = Recompute::Full;
        let full = evaluate(&problem, &s).unwrap();
        // Micro-batches of 4 sequences × 256 tokens × 64 wide in bf16: one residual stream per layer
        // (two layers), and the embedding's input ids.
        let stream = 4 * 256 * 64 * 2;
        let kept = full.stages[0].kept_bytes;
        assert!(kept >= 2 * stream && kept <= 3 * stream, "{kept}");
        assert!(kept * 4 < plain.stages[0].kept_bytes);
        // The recomputed layer is alive during its backward.
        assert!(full.stages[0].transient_bytes >= stream);
    }

    /// Selective recomputation drops the attention scores and probabilities (the attention cores) and
    /// charges their producers' forward again; fused attention never keeps them.
    #[test]
    fn selective_recomputation_drops_attention_scores() {
        let g = long_sequence_transformer();
        let machine = machine(1);
        let fused = CostModel::new(&machine.gpu);
        let fused_problem = Problem::new(&g, &machine, &fused, Mode::Training);
        let cost = as_written(&machine);
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
        // Fused attention keeps what selective recomputation keeps, and has nothing to recompute.
        s.schedule.recompute = Recompute::None;
        let plain_fused = evaluate(&fused_problem, &s).unwrap();
        s.schedule.recompute = Recompute::Selective;
        let selective_fused = evaluate(&fused_problem, &s).unwrap();
        assert_eq!(plain_fused.stages[0].kept_bytes, b.kept_bytes);
        assert_eq!(selective_fused.stages[0].kept_bytes, b.kept_bytes);
        assert_eq!(selective_fused.stages[0].recompute_s, 0.0);
    }

    /// A stage's cached simulations are keyed by the group width too: stage 0 of a 4-stage schedule
    /// (one device per group) and of a 2-stage one (two devices per group) has the same ops, the same
    /// configurations and the same replicas, and evaluating the first before the second in one
    /// context must not hand the second the first's one-device vectors (before the width was in the
    /// key, selective recomputation indexed its second device past them: a panic in
    /// `--substitutions=on`'s candidate searches on gpt2_b8 and lstm_lm_b64).
    #[test]
    fn stage_simulations_are_cached_by_group_width() {
        let g = long_sequence_transformer();
        let machine = machine(4);
        let cost = as_written(&machine);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let n = g.num_ops();
        let half = n / 2;
        // Stage 0 is the first half of the ops on device 0; the rest is spread over the other stages,
        // each on its group's first device.
        let schedule = |stages: u32| {
            let width = 4 / stages;
            let stage_of: Vec<u32> = (0..n)
                .map(|i| {
                    if i < half {
                        0
                    } else {
                        1 + ((i - half) * (stages as usize - 1) / (n - half)) as u32
                    }
                })
                .collect();
            let configs = g
                .ops()
                .iter()
                .zip(&stage_of)
                .map(|(op, &k)| Config::single(op, DeviceId(k * width)))
                .collect();
            Strategy {
                configs,
                schedule: Schedule {
                    stages,
                    micro_batches: 4,
                    recompute: Recompute::Selective,
                    stage_of,
                    ..Schedule::default()
                },
            }
        };
        let (four, two) = (schedule(4), schedule(2));
        let alone = evaluate(&problem, &two).unwrap();
        assert!(alone.stages[0].recompute_s > 0.0);
        let context = Context::new(&problem).unwrap();
        context.evaluate(&four).unwrap();
        let after = context.evaluate(&two).unwrap();
        assert_eq!(after.iteration_s, alone.iteration_s);
        assert_eq!(after.stages[0].recompute_s, alone.stages[0].recompute_s);
    }

    /// ZeRO-1 divides the optimizer state by the replicas; ZeRO-3 everything, and gathers the 16-bit
    /// weights over the replicas at every step.
    #[test]
    fn zero_divides_weight_state_over_the_replicas() {
        let g = chain(64, 1024, 4);
        let machine = machine(8);
        let cost = fp16_adam(&machine);
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
        // The distributed optimizer: the f32 master weights are split with the moments; the 16-bit
        // copy and the f32 gradient buffer stay whole (6 + 12/d bytes per parameter).
        assert_eq!(one.weights, params * 2 + params * 4 / 8);
        assert_eq!(one.gradients, none.gradients);
        assert_eq!(one.optimizer, params * 8 / 8);
        s.schedule.zero = Zero::Gradients;
        let two = evaluate(&problem, &s).unwrap();
        let mem = two.groups[0].memory;
        // ZeRO-2: the gradients split too (2 + 16/d); one unit's f32 gradient before its
        // reduce-scatter is transient, and every micro-batch's backward reduce-scatters.
        assert_eq!(mem.weights, one.weights);
        assert_eq!(mem.gradients, none.gradients / 8);
        assert_eq!(mem.optimizer, one.optimizer);
        assert_eq!(two.stages[0].gathered_bytes, params / 4 * 4);
        assert!(two.stages[0].scatter_s > 0.0 && two.stages[0].gather_s == 0.0);
        let one_time = evaluate(&problem, &{
            let mut s = s.clone();
            s.schedule.zero = Zero::Optimizer;
            s
        })
        .unwrap()
        .iteration_s;
        assert!(
            two.iteration_s >= one_time,
            "ZeRO-2 is never faster than ZeRO-1"
        );
        s.schedule.zero = Zero::Full;
        let three = evaluate(&problem, &s).unwrap();
        let mem = three.groups[0].memory;
        // FSDP: 16/d bytes per parameter; the 16-bit copy exists only for gathered units.
        assert_eq!(mem.weights, params * 4 / 8);
        assert_eq!(mem.gradients, none.gradients / 8);
        assert_eq!(mem.optimizer, none.optimizer / 8);
        let stage = &three.stages[0];
        // One unit per layer (a quarter of the weights): two gathered in 16 bits (the one in use and
        // the prefetched one) and one unit's f32 gradient before its reduce-scatter.
        let unit = params / 4;
        assert_eq!(stage.gathered_bytes, 2 * unit * 2 + unit * 4);
        // A ring all-gather of the 16-bit weights: 7/8 of them over the slowest hop.
        let bw = machine.route(DeviceId(0), DeviceId(1)).bandwidth;
        assert!((stage.gather_s - 7.0 / 8.0 * (params * 2) as f64 / bw).abs() < 1e-4);
    }

    /// A pipeline of 2 stages (tensor-parallel width 1) over 8 replicas on 2 × 8 GPUs: the engines
    /// put each stage's replicas on one node (crate::machine, "Placement"), so ZeRO-3's gathers over
    /// the replicas run at the node's switch bandwidth; flexc's replica-major numbering alone would
    /// put every other replica on the other node.
    #[test]
    fn a_pipelines_replicas_share_a_node() {
        let g = chain(64, 4096, 4);
        let machine = Machine::preset("dgx-h100:2").unwrap();
        let cost = fp16_adam(&machine);
        let problem = Problem::new(&g, &machine, &cost, Mode::Training);
        let mut s = pipelined(&g, 2, 2, Order::OneFOneB);
        s.schedule.replicas = 8;
        s.schedule.zero = Zero::Full;
        let e = evaluate(&problem, &s).unwrap();
        // Each stage gathers its two layers' 16-bit weights: a ring all-gather, 7/8 of them over
        // the slowest hop, 7 latencies.
        let bytes = 2.0 * 4096.0 * 4096.0 * 2.0;
        let intra = 7.0 / 8.0 * bytes / machine.intra.bandwidth + 7.0 * machine.intra.latency_s;
        for (k, stage) in e.stages.iter().enumerate() {
            // Replica-major, stage k's replicas would be devices 2r + k: half of them on each node.
            let ring: Vec<DeviceId> = (0..8).map(|r| DeviceId(2 * r + k as u32)).collect();
            let across = 7.0 / 8.0 * bytes / machine.ring_bandwidth(&ring).0;
            assert!(across > 1.5 * intra, "{across} vs {intra}");
            assert!(
                (stage.gather_s - intra).abs() < 1e-6 * intra,
                "stage {k}: gather {} s, {intra} s in a node, {across} s across nodes",
                stage.gather_s
            );
        }
    }

    /// ZeRO-3's gathers and scatters run beside the compute and take its SMs while they last
    /// ([`beside`], the GPU's `efficiency.overlap`): on a compute-bound stage each micro-batch's
    /// forward ends `contention · gather` later, its backward `contention · (gather + scatter)`.
    #[test]
    fn zero3_collectives_slow_the_compute_beside_them() {
        assert_eq!(beside(1.0, 0.5, 0.2), 1.1);
        assert_eq!(beside(1.0, 2.0, 0.2), 2.0);
        assert_eq!(beside(1.0, 0.0, 0.2), 1.0);
        let g = chain(4096, 1024, 4);
        let run = |overlap: f64| {
            let mut machine = machine(8);
            machine.gpu.efficiency.overlap = overlap;
            let cost = CostModel::new(&machine.gpu);
            let problem = Problem::new(&g, &machine, &cost, Mode::Training);
            let mut s = Strategy::single_device(&g);
            s.schedule.replicas = 8;
            s.schedule.micro_batches = 2;
            s.schedule.zero = Zero::Full;
            evaluate(&problem, &s).unwrap()
        };
        let (free, shared) = (run(1.0), run(0.811));
        let stage = &shared.stages[0];
        assert!(stage.forward_s > stage.gather_s);
        assert!(stage.backward_s > stage.gather_s + stage.scatter_s);
        let slowed = 2.0 * 0.189 * (2.0 * stage.gather_s + stage.scatter_s);
        assert!(
            (shared.iteration_s - free.iteration_s - slowed).abs() < 1e-9,
            "{} - {} vs {slowed}",
            shared.iteration_s,
            free.iteration_s
        );
    }

    /// What a ZeRO-3 engine moves besides its collectives ([`crate::engine_flags::Fsdp`]), against the closed
    /// forms: FSDP2's copy-out on the compute stream with each gathered pass and copy-in before the
    /// reduce-scatter; FSDP1 under autocast's f32 gathers, bf16 reduction, casts, and the bf16 casts kept
    /// for the backward.
    #[test]
    fn fsdp_styles_move_what_their_engines_copy() {
        use crate::engine_flags::Fsdp;
        let g = chain(64, 1024, 4);
        let machine = machine(8);
        let params: u64 = 4 * 1024 * 1024;
        let unit = params / 4;
        let run = |fsdp| {
            let state = crate::precision::WeightState {
                precision: crate::precision::Precision::Bf16,
                optimizer: crate::precision::Optimizer::Adam,
                fsdp,
                ..Default::default()
            };
            let cost = CostModel::new(&machine.gpu).with_state(state).unwrap();
            let problem = Problem::new(&g, &machine, &cost, Mode::Training);
            let mut s = Strategy::single_device(&g);
            s.schedule.replicas = 8;
            s.schedule.micro_batches = 2;
            s.schedule.zero = Zero::Full;
            (evaluate(&problem, &s).unwrap(), cost)
        };
        let (in_place, cost) = run(Fsdp::InPlace);
        let (fsdp2, _) = run(Fsdp::PerParameter);
        let (fsdp1, _) = run(Fsdp::FlatAutocast);
        let (a, b, c) = (&in_place.stages[0], &fsdp2.stages[0], &fsdp1.stages[0]);
        let gpu = &machine.gpu;
        let stream = |bytes: u64| {
            bytes as f64 / (gpu.mem_bandwidth * gpu.efficiency.memory) + gpu.launch_overhead_s
        };
        assert_eq!(cost.stream_s(0), 0.0);
        // FSDP2: every gathered bf16 byte read and written once more, forward and backward.
        let copy_out = stream(params * 2 * 2);
        assert!((b.forward_s - a.forward_s - copy_out).abs() < 1e-12);
        assert!((b.backward_s - a.backward_s - copy_out).abs() < 1e-12);
        assert_eq!(b.gather_s, a.gather_s);
        assert!((b.scatter_s - a.scatter_s - stream(params * 6)).abs() < 1e-12);
        assert_eq!(b.kept_bytes, a.kept_bytes);
        assert_eq!(b.gathered_bytes, a.gathered_bytes);
        // FSDP1 under autocast: f32 gathers (twice the bytes of bf16 over the same ring), bf16
        // reduction (half of f32), 6 bytes cast per parameter and pass, the bf16 casts kept.
        let ring = |bytes: u64| {
            let bw = machine.route(DeviceId(0), DeviceId(1)).bandwidth;
            7.0 / 8.0 * bytes as f64 / bw
        };
        assert!((c.forward_s - a.forward_s - stream(params * 6)).abs() < 1e-12);
        assert!((c.gather_s - a.gather_s - ring(params * 2)).abs() < 1e-4);
        assert!((c.scatter_s - (a.scatter_s - ring(params * 2)) - stream(params * 6)).abs() < 1e-4);
        assert_eq!(c.kept_bytes, a.kept_bytes + params * 2);
        assert_eq!(c.gathered_bytes, 2 * unit * 4 + unit * 4);
        assert!(
            fsdp1.iteration_s > in_place.iteration_s && fsdp2.iteration_s > in_place.iteration_s
        );
    }

    /// A fused cross-entropy (`--loss=fused`, crate::loss) keeps the logits alone and holds none of the
    /// written-out softmax's logits-sized intermediates, kept or as a working set; as written, the
    /// log-probabilities are kept beside the logits and the probabilities are the largest working set.
    #[test]
    fn a_fused_cross_entropy_keeps_only_the_logits() {
        let (batch, seq, hidden, vocabulary) = (8u64, 128u64, 64u64, 4096u64);
        let mut b = Builder::new("head", DType::F32);
        let x = b.input("x", &[batch, seq, hidden], DType::F32);
        let labels = b.input("labels", &[batch, seq], DType::I64);
        let logits = b.matmul(x, vocabulary);
        let probs = b.softmax(logits);
        let log = b.elementwise("math.log", &[probs], 1.0);
        b.loss(log, labels);
        let g = b.finish();
        let run = |loss| {
            two_micro_batches(
                &g,
                crate::precision::WeightState {
                    loss,
                    ..Default::default()
                },
            )
        };
        let written = run(crate::loss::Loss::AsWritten);
        let fused = run(crate::loss::Loss::Fused);
        let (w, f) = (&written.stages[0], &fused.stages[0]);
        // One micro-batch's logits (two micro-batches of half the batch).
        let logits_bytes = batch / 2 * seq * vocabulary * 4;
        assert_eq!(w.kept_bytes, 2 * logits_bytes);
        assert_eq!(f.kept_bytes, logits_bytes);
        assert_eq!(w.transient_bytes, logits_bytes);
        assert!(
            f.transient_bytes < logits_bytes / 8,
            "{}",
            f.transient_bytes
        );
        assert!(f.forward_s < w.forward_s);
    }

    /// Megatron-Core applies the routing probabilities before the experts' down projection
    /// (`--moe-probs=before-down`): the experts' output, which the graph's combine keeps for the
    /// probabilities' gradient, is kept no more — exactly its bytes; what else the backward reads (the
    /// activation, for the down projection's weight gradient) stays.
    #[test]
    fn probabilities_before_the_down_projection_keep_no_experts_output() {
        use crate::graph::{Access, Dim, Op, OpClass, Role, TensorKind};
        let (batch, tokens, experts, capacity, hidden, ffn) = (4u64, 64, 4, 32, 256, 64);
        let (mut g, merged) =
            crate::experts::routed_layer(batch, tokens, experts, capacity, hidden, ffn);
        let named = |g: &Graph, name: &str| {
            crate::graph::TensorId::new(g.tensors().iter().position(|t| t.name == name).unwrap())
        };
        let (scaled, act) = (named(&g, "scaled"), named(&g, "act"));
        // A training step: the loss (a sum of the combined rows), then backward ops reading the merged
        // output (the probabilities' gradient, as written) and the activation (the down projection's
        // weight gradient).
        let f32 = DType::F32;
        let rows = experts * capacity;
        let loss = g.add_tensor("loss", vec![], f32, TensorKind::Activation);
        let seed = g.add_tensor("seed", vec![batch, rows, hidden], f32, TensorKind::Input);
        let dprobs = g.add_tensor(
            "dprobs",
            vec![batch, rows, hidden],
            f32,
            TensorKind::Activation,
        );
        let dseed = g.add_tensor(
            "dact_seed",
            vec![experts, batch, capacity, ffn],
            f32,
            TensorKind::Input,
        );
        let dact = g.add_tensor(
            "dact",
            vec![experts, batch, capacity, ffn],
            f32,
            TensorKind::Activation,
        );
        let op = |name: &str, class, dims, inputs, outputs| Op {
            name: name.into(),
            location: format!("moe.mlir:{name}"),
            class,
            dims,
            inputs,
            outputs,
            flops: 1.0,
            dtype: f32,
            position_mask: None,
        };
        let (s, p, r) = (
            |k| Dim::new(k, Role::Sample),
            |k| Dim::new(k, Role::Parameter),
            |k| Dim::new(k, Role::Reduction),
        );
        g.add_op(op(
            "stablehlo.reduce",
            OpClass::Reduction,
            vec![r(batch), r(rows), r(hidden)],
            vec![Access::dims(scaled, &[0, 1, 2])],
            vec![Access::dims(loss, &[])],
        ))
        .unwrap();
        g.add_op(op(
            "stablehlo.multiply",
            OpClass::Elementwise,
            vec![s(batch), p(rows), p(hidden)],
            vec![
                Access::dims(merged, &[0, 1, 2]),
                Access::dims(seed, &[0, 1, 2]),
            ],
            vec![Access::dims(dprobs, &[0, 1, 2])],
        ))
        .unwrap();
        g.add_op(op(
            "stablehlo.multiply",
            OpClass::Elementwise,
            vec![p(experts), s(batch), p(capacity), p(ffn)],
            vec![
                Access::dims(act, &[0, 1, 2, 3]),
                Access::dims(dseed, &[0, 1, 2, 3]),
            ],
            vec![Access::dims(dact, &[0, 1, 2, 3])],
        ))
        .unwrap();
        let run = |moe_probs| {
            let machine = machine(1);
            let state = crate::precision::WeightState {
                moe_probs,
                ..Default::default()
            };
            let cost = CostModel::new(&machine.gpu).with_state(state).unwrap();
            let problem = Problem::new(&g, &machine, &cost, Mode::TrainingStep);
            let mut s = Strategy::single_device(&g);
            s.schedule.micro_batches = 2;
            evaluate(&problem, &s).unwrap()
        };
        let written = run(crate::engine_flags::MoeProbs::AsWritten);
        let before = run(crate::engine_flags::MoeProbs::BeforeDown);
        let (w, b) = (&written.stages[0], &before.stages[0]);
        // Per sample of the micro-batch: the merged rows (experts · capacity · hidden f32 values) and the
        // activation (experts · capacity · ffn); as written both are kept, one whole micro-batch of them.
        let (expert_output, activation) = (rows * hidden * 4, rows * ffn * 4);
        assert_eq!(g.tensor(merged).bytes(), batch * expert_output);
        let samples = w.kept_bytes / (expert_output + activation);
        assert!(samples >= 1 && samples <= batch / 2, "{w:?}");
        assert_eq!(
            w.kept_bytes,
            samples * (expert_output + activation),
            "{w:?}"
        );
        assert_eq!(b.kept_bytes, samples * activation, "{b:?}");
        assert_eq!(w.forward_s, b.forward_s);
    }

    /// `g` on one device in two micro-batches, trained under `state`.
    fn two_micro_batches(g: &Graph, state: crate::precision::WeightState) -> Evaluation {
        let machine = machine(1);
        let cost = CostModel::new(&machine.gpu).with_state(state).unwrap();
        let problem = Problem::new(g, &machine, &cost, Mode::Training);
        let mut s = Strategy::single_device(g);
        s.schedule.micro_batches = 2;
        evaluate(&problem, &s).unwrap()
    }

    /// A fused attention's score-sized tensors never reach memory, so none is kept or held as a
    /// working set: with scores larger than any other tensor, the largest op's working set under a
    /// fused kernel is below one score tensor, while as written the scores and probabilities of every
    /// layer are kept.
    #[test]
    fn fused_attention_holds_no_scores_as_a_working_set() {
        let spec = TransformerSpec::LONG_SEQUENCE;
        let g = synth::transformer(&spec);
        let run = |attention| {
            two_micro_batches(
                &g,
                crate::precision::WeightState {
                    attention,
                    ..Default::default()
                },
            )
        };
        // One micro-batch's scores, in the graph's bf16.
        let scores = spec.batch / 2 * spec.heads * spec.seq * spec.seq * 2;
        let written = run(crate::attention::Attention::AsWritten);
        let fused = run(crate::attention::Attention::Fused);
        let (w, f) = (&written.stages[0], &fused.stages[0]);
        // As written the scores and probabilities are kept (no working set); fused, neither is kept
        // nor held while their ops run.
        assert!(w.kept_bytes >= f.kept_bytes + 2 * spec.layers as u64 * scores);
        assert!(f.transient_bytes < scores, "{}", f.transient_bytes);
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
        let flat = s.expanded(&g, 8, 0).unwrap();
        let sim = Simulator::new(&g, &machine, &cost, Mode::Training, flat).unwrap();
        assert!((e.iteration_s - sim.iteration_time()).abs() < 1e-12);
    }
}
