//! The schedule search (`--search=plan`, and the first part of the default `auto`): Megatron-LM's
//! dimensions enumerated outside, each stage group's per-op configurations from a baseline inside
//! (docs/design.md §10; Alpa's inter-/intra-op split).
//!
//! # Space
//! Every factorization of the devices into `tp` (devices per stage group, at most a node) × `pp`
//! (stages) × `dp` (replicas), with `pp` at most the number of weighted forward contractions (a stage
//! needs layers), every micro-batch size that divides a replica's share of the batch, interleaving
//! (`vp` = 2) where the micro-batches allow it, recomputation (none, selective, full), ZeRO (0, 1, 3) and
//! sequence parallelism inside tensor-parallel groups. A candidate's groups run Megatron's tensor
//! parallelism ([`crate::scheduled::tensor_parallel`]; data parallelism when `tp` = 1), its stages cut
//! the forward ops into equal work ([`crate::schedule::balanced_cuts`]).
//!
//! # Order and pruning
//! A candidate whose weight state (parameters × bytes per parameter under the precision and optimizer,
//! over `tp · pp` devices, ZeRO dividing by `dp`) plus its estimated activations ([`ActivationModel`])
//! exceed a device by more than 15% is skipped without a simulation. The others are evaluated ([`crate::pipeline::Context::evaluate`]: stage simulations are
//! shared between candidates) in the order of a closed-form estimate — the work at the machine's peak,
//! plus recomputation, times the bubble `1 + (pp − 1) / (vp · m)` and the busiest stage group's share of
//! the work over the mean share (operators are indivisible: cuts finer than the layers are uneven), or the
//! weight synchronization's bandwidth floor when that is longer (the gradients' all-reduce; ZeRO-3's
//! weight all-gathers per micro-batch) — so that under a deadline the
//! likely best are simulated first. Each evaluation is exact for its candidate; the estimate only orders
//! them. The best candidate that fits memory is returned, with the count of candidates, skipped and
//! simulated ones, as [`PlanStats`].
//!
//! # Engine spaces
//! [`mesh_plan`] keeps to what one SPMD program over a device mesh runs (XLA, `parallelize_module` +
//! FSDP): one stage, one micro-batch, no recomputation, ZeRO 0 or 3, no sequence parallelism.
//! [`torch_plan`] adds what `torch.distributed.pipelining` runs: stages of one device each (plain or
//! interleaved, any micro-batch count) over replicas or FSDP, without recomputation.

use std::collections::HashMap;
use std::time::Instant;

use super::{Deadline, Details, Found, Problem, Run, SearchError, StopReason};
use crate::graph::{DeviceId, Mode, OpClass, OpId, TensorKind};
use crate::pipeline::Context;
use crate::precision::WeightState;
use crate::schedule::{Order, Phase, Recompute, Schedule, Zero};
use crate::strategy::{divisors, Config, Strategy};

/// What the schedule search saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanStats {
    /// Candidates enumerated.
    pub candidates: usize,
    /// Skipped: their weight state, or weight state and estimated activations (15% margin), exceed a
    /// device.
    pub over_memory: usize,
    /// Simulated.
    pub evaluated: usize,
    /// Simulated and fitting memory.
    pub fitting: usize,
    /// The best candidate's spec (`megatron:tp=8,pp=4,...`).
    pub best: String,
}

/// One point of the space.
#[derive(Clone, Debug, PartialEq)]
struct Candidate {
    tp: u32,
    pp: u32,
    vp: u32,
    dp: u32,
    m: u32,
    recompute: Recompute,
    zero: Zero,
    sp: bool,
    estimate: f64,
    /// Estimated bytes per device (weight state and activations).
    memory: f64,
}

impl Candidate {
    fn spec(&self) -> String {
        let mut s = format!(
            "megatron:tp={},pp={},dp={},m={}",
            self.tp, self.pp, self.dp, self.m
        );
        if self.vp > 1 {
            s.push_str(&format!(",vp={}", self.vp));
        }
        if self.recompute != Recompute::None {
            s.push_str(&format!(",recompute={}", self.recompute.name()));
        }
        if self.zero != Zero::None {
            s.push_str(&format!(",zero={}", self.zero.level()));
        }
        if self.sp {
            s.push_str(",sp=true");
        }
        s
    }
}

/// A closed-form estimate of the activations a device holds, from the whole-batch graph: the bytes a
/// micro-batch keeps for its backward (all of them; without the large tensors of weightless ops for
/// selective recomputation) and the bytes the forward carries between layers (full recomputation's
/// checkpoints), scaled by the micro-batch's share of the batch, the tensor-parallel split (without
/// sequence parallelism about a third of a layer's kept bytes stay replicated: Korthikanti et al.'s
/// `10 + 24/t`) and the chunks in flight.
struct ActivationModel {
    kept: f64,
    selective: f64,
    boundary: f64,
}

impl ActivationModel {
    fn of(
        graph: &crate::graph::Graph,
        problem: &Problem,
        phases: &crate::schedule::Phases,
        forward: &[OpId],
    ) -> Self {
        let training = problem.mode.has_backward();
        let fusion = training.then(|| crate::fusion::Fusion::new(graph));
        let reads_weight = |op: &crate::graph::Op| {
            op.inputs
                .iter()
                .any(|a| graph.tensor(a.tensor).kind == TensorKind::Weight)
        };
        let weighted_max = forward
            .iter()
            .map(|&id| graph.op(id))
            .filter(|op| reads_weight(op))
            .flat_map(|op| op.inputs.iter().chain(&op.outputs))
            .filter(|a| graph.tensor(a.tensor).kind != TensorKind::Weight)
            .map(|a| graph.tensor(a.tensor).bytes())
            .max()
            .unwrap_or(u64::MAX);
        let (mut kept, mut selective) = (0.0, 0.0);
        for &id in forward {
            let op = graph.op(id);
            for (j, a) in op.outputs.iter().enumerate() {
                let keep = match &fusion {
                    Some(f) => f.saved_output[id.index()][j],
                    None => graph
                        .consumers(a.tensor)
                        .iter()
                        .any(|&c| phases.of(c) == Phase::Backward),
                };
                if keep {
                    let bytes = graph.tensor(a.tensor).bytes();
                    kept += bytes as f64;
                    if bytes <= weighted_max || reads_weight(op) {
                        selective += bytes as f64;
                    }
                }
            }
        }
        // The least the forward carries across a position: between two layers.
        let boundary = min_carried(graph, forward);
        ActivationModel {
            kept,
            selective,
            boundary,
        }
    }

    /// Bytes per device for a micro-batch that is `share` of the batch.
    fn estimate(
        &self,
        recompute: Recompute,
        share: f64,
        tp: u32,
        sp: bool,
        chunks: f64,
        in_flight: f64,
    ) -> f64 {
        let t = f64::from(tp.max(1));
        let split = if sp { 1.0 / t } else { 0.3 + 0.7 / t };
        let per_chunk = |bytes: f64| bytes * share * split / chunks;
        match recompute {
            Recompute::None => in_flight * per_chunk(self.kept),
            Recompute::Selective => in_flight * per_chunk(self.selective),
            Recompute::Full => {
                let checkpoint = self.boundary * share * if sp { 1.0 / t } else { 1.0 };
                in_flight * checkpoint + per_chunk(self.kept)
            }
        }
    }
}

/// Bytes the forward carries across its cheapest position (program order).
fn min_carried(graph: &crate::graph::Graph, forward: &[OpId]) -> f64 {
    let position: HashMap<OpId, usize> =
        forward.iter().enumerate().map(|(p, &id)| (id, p)).collect();
    let n = forward.len();
    let mut delta = vec![0i128; n + 1];
    for (p, &id) in forward.iter().enumerate() {
        for a in &graph.op(id).outputs {
            if let Some(last) = graph
                .consumers(a.tensor)
                .iter()
                .filter_map(|c| position.get(c))
                .copied()
                .max()
                .filter(|&l| l > p)
            {
                let bytes = i128::from(graph.tensor(a.tensor).bytes());
                delta[p] += bytes;
                delta[last] -= bytes;
            }
        }
    }
    let (mut now, mut least) = (0i128, i128::MAX);
    for d in delta.iter().take(n.saturating_sub(1)) {
        now += d;
        if now > 0 {
            least = least.min(now);
        }
    }
    if least == i128::MAX {
        0.0
    } else {
        least as f64
    }
}

/// Candidates simulated at most without a deadline (a proposal budget): the enumeration is bounded.
const MAX_EVALUATED: usize = 400;

/// A floor on the weight synchronization of a candidate, from bandwidth alone: data parallelism's ring
/// all-reduce of the gradients (ZeRO-1's reduce-scatter and all-gather move the same bytes), and under
/// ZeRO-3 an all-gather of the weights per micro-batch in the forward and again in the backward.
struct SyncFloor<'a> {
    /// The whole model's gradients, in bytes, in the precision they are summed in.
    gradient_bytes: f64,
    machine: &'a crate::machine::Machine,
}

impl SyncFloor<'_> {
    fn weight_sync(&self, tp: u32, pp: u32, dp: u32, m: u32, zero: Zero) -> f64 {
        if dp <= 1 {
            return 0.0;
        }
        let machine = self.machine;
        // Replicas lie `tp · pp` devices apart: within a node only when they all fit in one.
        let per_node = machine.gpus_per_node.max(1);
        let bandwidth = if tp * pp * dp <= per_node {
            machine.intra.bandwidth
        } else {
            // A node's NICs shared by its GPUs; replicas within a node sum among themselves first, so
            // each GPU sends only its share of its replica's shard across nodes.
            let replicas_per_node = (per_node / (tp * pp)).max(1);
            machine.inter.bandwidth * f64::from(machine.nics_per_node.max(1)) / f64::from(per_node)
                * f64::from(replicas_per_node)
        };
        if bandwidth <= 0.0 {
            return 0.0;
        }
        let shard = self.gradient_bytes / f64::from(tp * pp);
        let ring = f64::from(dp - 1) / f64::from(dp);
        let passes = match zero {
            Zero::None | Zero::Optimizer => 2.0,
            Zero::Full => 1.0 + 2.0 * f64::from(m),
        };
        passes * shard * ring / bandwidth
    }
}

/// The forward ops' balanced cuts ([`crate::schedule::balanced_cuts`]) per virtual stage count, each
/// computed once, and the load imbalance they leave between stage groups.
struct Cuts<'a> {
    graph: &'a crate::graph::Graph,
    forward: &'a [OpId],
    /// Per forward op: its forward and backward FLOPs, what the cuts balance.
    costs: Vec<f64>,
    total: f64,
    by_stages: HashMap<u32, Vec<u32>>,
    imbalance: HashMap<(u32, u32), f64>,
}

impl<'a> Cuts<'a> {
    fn new(graph: &'a crate::graph::Graph, problem: &Problem, forward: &'a [OpId]) -> Self {
        let costs: Vec<f64> = forward
            .iter()
            .map(|&id| {
                let op = graph.op(id);
                let backward = if problem.training_step {
                    2.0
                } else {
                    problem.mode.backward_factor(graph, op)
                };
                op.flops * (1.0 + backward)
            })
            .collect();
        Cuts {
            graph,
            forward,
            total: costs.iter().sum(),
            costs,
            by_stages: HashMap::new(),
            imbalance: HashMap::new(),
        }
    }

    /// The part of each forward op when they are cut into `k` virtual stages.
    fn of(&mut self, k: u32) -> &[u32] {
        let (graph, forward, costs) = (self.graph, self.forward, &self.costs);
        self.by_stages
            .entry(k)
            .or_insert_with(|| crate::schedule::balanced_cuts(graph, forward, costs, k))
    }

    /// The busiest of `pp` stage groups' share of the work (each holding virtual stages `g`, `g + pp`,
    /// … of `pp · vp`) over the mean share: 1 when the cuts are even. Operators are indivisible, so
    /// cuts finer than the layers leave some groups more than their share.
    fn imbalance(&mut self, pp: u32, vp: u32) -> f64 {
        if pp <= 1 || self.total <= 0.0 {
            return 1.0;
        }
        if let Some(&known) = self.imbalance.get(&(pp, vp)) {
            return known;
        }
        let total = self.total;
        let parts = self.of(pp * vp).to_vec();
        let mut load = vec![0.0f64; pp as usize];
        for (&part, &cost) in parts.iter().zip(&self.costs) {
            load[(part % pp) as usize] += cost;
        }
        let busiest = load.iter().copied().fold(0.0, f64::max);
        let imbalance = (busiest * f64::from(pp) / total).max(1.0);
        self.imbalance.insert((pp, vp), imbalance);
        imbalance
    }
}

/// The schedule search (module doc).
pub fn plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::All)
}

/// The schedule search over the mesh space (module doc, "Engine spaces").
pub fn mesh_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Mesh)
}

/// The schedule search over what `torch.distributed` runs (module doc, "Engine spaces").
pub fn torch_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Torch)
}

/// The candidates a schedule search enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    All,
    Mesh,
    Torch,
}

/// Whether a mesh sharding expresses the candidate: one stage, one micro-batch, no recomputation,
/// ZeRO 0 or 3, no sequence parallelism.
fn mesh_expressible(pp: u32, m: u32, recompute: Recompute, zero: Zero, sp: bool) -> bool {
    pp == 1 && m == 1 && recompute == Recompute::None && zero != Zero::Optimizer && !sp
}

/// Whether `torch.distributed` runs the candidate as flexc simulates it: a mesh strategy, or a pipeline
/// whose stages hold one device each (`parallelize_module` needs the `nn.Linear` modules that the
/// pipeline's tracer replaces) without recomputation, ZeRO 0 or 3 (FSDP) over the replicas.
fn torch_expressible(tp: u32, pp: u32, m: u32, recompute: Recompute, zero: Zero, sp: bool) -> bool {
    mesh_expressible(pp, m, recompute, zero, sp)
        || pp > 1 && tp == 1 && recompute == Recompute::None && zero != Zero::Optimizer && !sp
}

fn plan_in(problem: &Problem, run: &Run, space: Space) -> Result<Found, SearchError> {
    let t0 = Instant::now();
    let graph = problem.graph;
    let machine = problem.machine;
    let n = machine.num_devices();
    let ctx = Context::new(problem).map_err(|e| SearchError::Pipeline(e.to_string()))?;
    let batch = crate::batch::batch_of(graph, problem.batch_dim).unwrap_or(1);
    let phases = ctx.phases().clone();
    let micro_batchable = phases.micro_batch_blocker(graph).is_none();
    let forward: Vec<OpId> = graph
        .topological_order()
        .filter(|&id| phases.of(id) == Phase::Forward)
        .collect();
    let weighted = forward
        .iter()
        .filter(|&&id| {
            let op = graph.op(id);
            op.class == OpClass::Contraction
                && op
                    .inputs
                    .iter()
                    .any(|a| graph.tensor(a.tensor).kind == TensorKind::Weight)
        })
        .count() as u32;
    let max_stages = if micro_batchable { weighted.max(1) } else { 1 };
    let flops: f64 = graph
        .ops()
        .iter()
        .map(|op| op.flops * (1.0 + problem.mode.backward_factor(graph, op)))
        .sum();
    let forward_flops: f64 = forward.iter().map(|&id| graph.op(id).flops).sum();
    let state: WeightState = problem.cost.state();
    // Bytes of weight state per (f32) parameter: weight, gradient, optimizer state, 16-bit copy.
    let per_parameter = state.bytes(Mode::Training, 4) as f64;
    let optimizer_part = (4 * state.optimizer.state_values()) as f64;
    let parameters = graph.parameter_count() as f64;
    let capacity = machine.gpu.mem_capacity as f64;
    let activations = ActivationModel::of(graph, problem, &phases, &forward);
    let peak = state
        .precision
        .matrix_rate(&machine.gpu)
        .unwrap_or(machine.gpu.peak_flops.f32);

    let comm = SyncFloor {
        gradient_bytes: parameters
            * if state.precision.half().is_some() {
                2.0
            } else {
                4.0
            },
        machine,
    };
    // Stage cuts, per virtual stage count, shared by the estimates and the candidates' schedules.
    let mut cuts = Cuts::new(graph, problem, &forward);

    // Enumerate.
    let mut candidates = Vec::new();
    let mut over_memory = 0usize;
    // The candidate whose weight state and estimated activations need least, for the error when every
    // candidate is over memory.
    let mut least_estimate: Option<(f64, String)> = None;
    for tp in divisors(u64::from(n)).into_iter().map(|t| t as u32) {
        if tp > machine.gpus_per_node.max(1) {
            continue;
        }
        for pp in divisors(u64::from(n / tp)).into_iter().map(|p| p as u32) {
            if pp > max_stages {
                continue;
            }
            let dp = n / (tp * pp);
            if batch % u64::from(dp) != 0 {
                continue;
            }
            let per_replica = batch / u64::from(dp);
            for m in divisors(per_replica).into_iter().map(|m| m as u32) {
                if m > 1 && !micro_batchable {
                    continue;
                }
                // More micro-batches than 64 per stage buys no bubble and costs per-step overheads.
                if m > 64 * pp.max(1) && m > 1 {
                    continue;
                }
                for vp in [1u32, 2] {
                    if vp > 1 && (pp == 1 || m % pp != 0 || pp * vp > max_stages) {
                        continue;
                    }
                    for recompute in Recompute::ALL {
                        for zero in Zero::ALL {
                            if zero != Zero::None && dp == 1 {
                                continue;
                            }
                            for sp in [false, true] {
                                let kept = match space {
                                    Space::All => true,
                                    Space::Mesh => mesh_expressible(pp, m, recompute, zero, sp),
                                    Space::Torch => {
                                        torch_expressible(tp, pp, m, recompute, zero, sp)
                                    }
                                };
                                if sp && tp == 1 || !kept {
                                    continue;
                                }
                                // Weight state per device: the lower bound that prunes.
                                let shards = f64::from(tp * pp);
                                let d = f64::from(dp);
                                let static_bytes = match zero {
                                    Zero::None => parameters * per_parameter / shards,
                                    Zero::Optimizer => {
                                        parameters
                                            * (per_parameter - optimizer_part + optimizer_part / d)
                                            / shards
                                    }
                                    Zero::Full => parameters * per_parameter / shards / d,
                                };
                                let spec = || {
                                    Candidate {
                                        tp,
                                        pp,
                                        vp,
                                        dp,
                                        m,
                                        recompute,
                                        zero,
                                        sp,
                                        estimate: 0.0,
                                        memory: 0.0,
                                    }
                                    .spec()
                                };
                                let mut note = |bytes: f64| {
                                    if least_estimate.as_ref().is_none_or(|(b, _)| bytes < *b) {
                                        least_estimate = Some((bytes, spec()));
                                    }
                                };
                                if static_bytes > capacity {
                                    note(static_bytes);
                                    over_memory += 1;
                                    continue;
                                }
                                // Activations in flight, estimated (a 15% margin: the
                                // simulation decides).
                                let schedule = Schedule {
                                    stages: pp,
                                    chunks: vp,
                                    micro_batches: m,
                                    ..Schedule::default()
                                };
                                let in_flight = (0..pp)
                                    .map(|g| schedule.peak_in_flight(g, |_| 1))
                                    .max()
                                    .unwrap_or(1)
                                    as f64;
                                let share = per_replica as f64 / f64::from(m) / batch as f64;
                                let act = activations.estimate(
                                    recompute,
                                    share,
                                    tp,
                                    sp,
                                    f64::from(pp * vp),
                                    in_flight,
                                );
                                if static_bytes + act > 1.15 * capacity {
                                    note(static_bytes + act);
                                    over_memory += 1;
                                    continue;
                                }
                                let extra = match recompute {
                                    Recompute::None => 0.0,
                                    Recompute::Selective => 0.03 * forward_flops,
                                    Recompute::Full => forward_flops,
                                };
                                let bubble = 1.0 + f64::from(pp - 1) / f64::from(vp * m);
                                // The busiest stage group sets the pace, not the mean one.
                                let imbalance = cuts.imbalance(pp, vp);
                                let tp_penalty = 1.0 + 0.05 * f64::from(tp - 1) / 7.0;
                                let zero_penalty = if zero == Zero::Full { 1.1 } else { 1.0 };
                                let compute = (flops + extra) / (f64::from(n) * peak)
                                    * bubble
                                    * imbalance
                                    * tp_penalty
                                    * zero_penalty;
                                let sync = comm.weight_sync(tp, pp, dp, m, zero);
                                // Overlap can hide either behind the other, never both.
                                let estimate = compute.max(sync);
                                candidates.push(Candidate {
                                    tp,
                                    pp,
                                    vp,
                                    dp,
                                    m,
                                    recompute,
                                    zero,
                                    sp,
                                    estimate,
                                    memory: static_bytes + act,
                                });
                            }
                        }
                    }
                }
            }
        }
    }
    let enumerated = candidates.len() + over_memory;
    candidates.sort_by(|a, b| {
        a.estimate
            .total_cmp(&b.estimate)
            .then_with(|| a.spec().cmp(&b.spec()))
    });
    // First the candidate estimated to need the least memory among the fastest quarter by estimate of
    // those within 80% of a device: a strategy that fits early, so that a deadline never leaves the
    // search with none when one exists; then the rest, likely best first.
    let roomy: Vec<usize> = (0..candidates.len())
        .filter(|&i| candidates[i].memory <= 0.8 * capacity)
        .collect();
    let safe = if roomy.is_empty() {
        (0..candidates.len()).min_by(|&a, &b| candidates[a].memory.total_cmp(&candidates[b].memory))
    } else {
        let quarter = roomy.len().div_ceil(4);
        roomy[..quarter]
            .iter()
            .copied()
            .min_by(|&a, &b| candidates[a].memory.total_cmp(&candidates[b].memory))
    };
    if let Some(i) = safe {
        let first = candidates.remove(i);
        candidates.insert(0, first);
    }

    // Build and simulate, likely best first.
    let deadline = if run.deadline.is_set() {
        run.deadline
    } else {
        Deadline::NONE
    };
    let mut groups: HashMap<(u32, bool), Vec<Config>> = HashMap::new();
    let mut stages: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut best: Option<(f64, Strategy, String)> = None;
    let mut least_memory: Option<(u64, DeviceId, String)> = None;
    let (mut evaluated, mut fitting) = (0usize, 0usize);
    // Candidates whose simulation failed, and the first one's error: nothing fitting among them is
    // not "nothing fits".
    let (mut failed, mut first_failure) = (0usize, None::<String>);
    let mut stop = StopReason::Exact;
    // Seconds spent evaluating so far, and the first (cold: nothing cached) evaluation's: under a
    // deadline no evaluation starts that the mean one would carry past the time the caller's report
    // needs (one cold evaluation of the result; at thousands of devices or 30k ops, seconds).
    let (mut spent, mut cold) = (0.0f64, 0.0f64);
    for c in &candidates {
        let mean = if evaluated > 0 {
            spent / evaluated as f64
        } else {
            0.0
        };
        if deadline.expired()
            || deadline
                .remaining()
                .is_some_and(|left| left.as_secs_f64() < mean + cold)
        {
            stop = StopReason::Time;
            break;
        }
        if !deadline.is_set() && evaluated >= MAX_EVALUATED {
            stop = StopReason::Budget;
            break;
        }
        // A candidate can only win if its estimate is below the best time found.
        if let Some((time, _, _)) = &best {
            if c.estimate > *time {
                continue;
            }
        }
        let group = groups
            .entry((c.tp, c.sp))
            .or_insert_with(|| crate::scheduled::tensor_parallel(graph, &phases, c.tp, c.sp))
            .clone();
        let k = c.pp * c.vp;
        let stage_of = if k > 1 {
            stages
                .entry(k)
                .or_insert_with(|| {
                    let mut stage_of = vec![0u32; graph.num_ops()];
                    for (&id, &part) in forward.iter().zip(cuts.of(k)) {
                        stage_of[id.index()] = part;
                    }
                    phases.complete_stages(graph, &mut stage_of);
                    stage_of
                })
                .clone()
        } else {
            Vec::new()
        };
        let schedule = Schedule {
            replicas: c.dp,
            stages: c.pp,
            chunks: c.vp,
            micro_batches: c.m,
            order: Order::OneFOneB,
            recompute: c.recompute,
            zero: c.zero,
            stage_of,
        };
        let configs: Vec<Config> = group
            .into_iter()
            .enumerate()
            .map(|(i, mut config)| {
                let shift = schedule.group_of_stage(schedule.stage_of(OpId::new(i))) * c.tp;
                for d in &mut config.devices {
                    *d = DeviceId(d.0 + shift);
                }
                config
            })
            .collect();
        let strategy = Strategy { configs, schedule };
        evaluated += 1;
        let began = std::time::Instant::now();
        let evaluation = ctx.evaluate(&strategy);
        let took = began.elapsed().as_secs_f64();
        if evaluated == 1 {
            cold = took;
        }
        spent += took;
        let e = match evaluation {
            Ok(e) => e,
            Err(error) => {
                failed += 1;
                first_failure.get_or_insert_with(|| format!("{}: {error}", c.spec()));
                continue;
            }
        };
        let worst = e
            .groups
            .iter()
            .max_by_key(|g| g.memory.total())
            .map(|g| (g.memory.total(), g.device));
        if !e.fits_memory() {
            if let Some((bytes, device)) = worst {
                if least_memory.as_ref().is_none_or(|(b, _, _)| bytes < *b) {
                    least_memory = Some((bytes, device, c.spec()));
                }
            }
            continue;
        }
        fitting += 1;
        if best.as_ref().is_none_or(|(t, _, _)| e.iteration_s < *t) {
            best = Some((e.iteration_s, strategy, c.spec()));
        }
    }
    let stats = PlanStats {
        candidates: enumerated,
        over_memory,
        evaluated,
        fitting,
        best: best.as_ref().map(|b| b.2.clone()).unwrap_or_default(),
    };
    match best {
        Some((time, strategy, name)) => {
            let e = ctx
                .evaluate(&strategy)
                .map_err(|e| SearchError::Pipeline(e.to_string()))?;
            Ok(Found {
                iteration_time_s: time,
                peak_memory: e.groups.iter().map(|g| g.memory.total()).collect(),
                fits_memory: true,
                strategy,
                found_by: name,
                stop,
                proposals: 0,
                wall_s: t0.elapsed().as_secs_f64(),
                details: Details::Plan(stats),
            })
        }
        // The deadline passed with candidates left unsimulated: whether one fits is unknown, which is
        // not "nothing fits".
        None if stop == StopReason::Time && evaluated < candidates.len() => {
            Err(SearchError::Expired(format!(
                "the schedule search ({evaluated} of {} candidates within memory estimates simulated{})",
                candidates.len(),
                if evaluated > 0 {
                    format!(", the first in {cold:.1} s")
                } else {
                    String::new()
                }
            )))
        }
        None => match least_memory {
            None if failed > 0 => Err(SearchError::Pipeline(format!(
                "no schedule candidate could be simulated ({failed} of {evaluated} simulated failed; the first, {})",
                first_failure.unwrap_or_default()
            ))),
            Some((needed, device, name)) => Err(SearchError::OutOfMemory {
                device,
                needed,
                capacity: machine.gpu.mem_capacity,
                strategy: name,
            }),
            None => match least_estimate {
                Some((needed, name)) => Err(SearchError::OutOfMemory {
                    device: DeviceId(0),
                    needed: needed as u64,
                    capacity: machine.gpu.mem_capacity,
                    strategy: format!("{name}, estimated"),
                }),
                None => Err(SearchError::Pipeline(format!(
                    "no schedule candidate could be simulated ({enumerated} enumerated)"
                ))),
            },
        },
    }
}
