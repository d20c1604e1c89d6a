//! The schedule search (`--search=plan`, and the first part of the default `auto`): Megatron-LM's
//! dimensions enumerated outside, each stage group's per-op configurations from a baseline inside
//! (docs/design.md §10; Alpa's inter-/intra-op split).
//!
//! # Space
//! Every factorization of the devices into `tp` (devices per stage group, at most a node) × `pp`
//! (stages) × `dp` (replicas), with `pp` at most the number of weighted forward contractions (a stage
//! needs layers), every micro-batch size that divides a replica's share of the batch (at most 64
//! micro-batches per stage), interleaving where the micro-batches are a multiple of the stages —
//! every `vp` ≥ 2 whose `pp · vp` divides the repeated layers ([`crate::layers::Layers`]; `vp` = 2
//! where no layers repeat) — recomputation (none, selective, full), ZeRO (0, 1, 2, 3) and sequence
//! parallelism inside tensor-parallel groups, and on a graph with experts ([`crate::experts`]) every
//! expert parallelism `ep` that divides both `dp` and the experts (the full space only: no engine
//! export writes `ep` yet), and on a graph with self-attention every context parallelism `cp` that is a
//! power of two the sequence takes (twice under a causal mask; [`crate::context`]), the devices then
//! being `tp × pp × dp × cp` (the full space only, and not beside `ep`). The bounds count `cp` as
//! replicas: the work and the activations are divided by `dp · cp`, ZeRO shards over `dp · cp`. A
//! candidate's groups run Megatron's tensor parallelism
//! ([`crate::scheduled::tensor_parallel`]; data parallelism when `tp` = 1), its stages cut the forward
//! ops into equal work ([`crate::schedule::balanced_cuts`]).
//!
//! # Bounds, order and pruning
//! Every candidate gets two lower bounds before any simulation, both true bounds of what
//! [`crate::pipeline::Context::evaluate`] gives it (a test simulates every candidate and checks them):
//! - **memory**: the weight state (parameters × bytes per parameter under the precision and optimizer,
//!   ZeRO dividing by `dp`; the experts' by `ep`, ZeRO dividing theirs by `dp / ep`) spread evenly over
//!   `tp · pp` devices, or per stage group the parameters its
//!   stages read over its `tp` devices plus, without recomputation on a training step, the activations
//!   its stages keep for their backward over `tp` devices at the order's peak of micro-batches in flight
//!   ([`Schedule::peak_in_flight`]). A candidate whose bound exceeds a device is *pruned by memory*.
//! - **time**: each virtual stage's forward and backward FLOPs at the peak rate of their ops
//!   ([`crate::cost::CostModel::compute_floor_s`]) over the group's `tp` devices, per micro-batch (an
//!   op that the candidate's tensor parallelism replicates — a layer norm without sequence
//!   parallelism, a weight no split of `tp` divides — `tp` times: every device runs it whole);
//!   full recomputation adds the forward to the backward; a group runs its `m · vp` forwards and
//!   backwards one after another, after micro-batch 0's forward through the stages before it and before
//!   the last micro-batch's backward through them (the pipeline's fill and drain): the bound is the
//!   longest group. Each op counts at its roofline ([`crate::cost::CostModel::roofline_floor_s`]):
//!   its FLOPs at its peak rate or the bytes of the outputs it must write (those whose readers all run
//!   in its stage), whichever is longer, plus a launch where it cannot be fused. Under ZeRO-3 a step
//!   takes at least the ring all-gather of its stage's weights over the replicas (the backward also the
//!   reduce-scatter of their gradients), as the pipeline model times them. Tensor-parallel
//!   communication, weight synchronization, transfers, the prologue and the update only add to it.
//!   Once a candidate is simulated, its siblings that recompute more (none ≤ selective ≤ full, all
//!   else equal) are bounded by its time too: the pipeline model adds recomputation to the same stage
//!   times and composes step times monotonically. With a profile database (measured times) there is
//!   no static time bound (0).
//!
//! Candidates are simulated in the order of their time bound (ties in enumeration order). A candidate
//! whose bound is at least the best time simulated so far (of one that fits memory) is *pruned by
//! time*, and once the next bound in the order is, every remaining candidate is: none can be faster
//! (ties go to the earlier candidate). Before a pipelined candidate's simulation its memory is counted
//! exactly, as the pipeline model counts it, without simulating anything
//! ([`crate::pipeline::Context::evaluate_fitting`]: every term of its memory is read off the stages'
//! graphs and configurations); one over a device is *pruned by memory* there too, unsimulated (the
//! memory bound above is that count's cheap floor, taken for every candidate at enumeration). So the result is the exact best of the space, and the same input
//! gives the same result on any host, whatever its load or threads. The bounds mirror the cost and
//! memory models (core/cost.rs, core/pipeline.rs); should a simulated candidate ever come out below its
//! bound (a model change the bounds do not follow yet), the search simulates every candidate instead
//! and its report says so ([`PlanStats::bound_violations`]).
//!
//! # Budgets
//! The budget caps the work, it does not decide it where the enumeration completes: a proposal budget
//! of `P` simulates at most `P` candidates (a count: reproducible), a time budget stops between two
//! candidates when the deadline passes (then the result is that of the prefix simulated, reported as
//! incomplete: `N of M candidates`), and under a proposal budget the wall-clock bound of every search
//! ([`super::PROPOSAL_BUDGET_BOUND`]) does the same. [`PlanStats`] counts candidates simulated, pruned by
//! memory and by time, and whether the enumeration completed, and keeps the five best with the reason
//! each lost to the winner.
//!
//! # Engine spaces
//! [`runnable_plan`] (the default `auto`'s) keeps to what flexc's own programs run: the full space
//! without `ep` and `cp`, which the pipeline model prices but `par-materialize` does not build yet;
//! `--search=plan` asks for the full space, whose plan may then be simulated and not yet run.
//! [`mesh_plan`] keeps to what one SPMD program over a device mesh runs (XLA, `parallelize_module` +
//! FSDP): one stage, one micro-batch, no recomputation, ZeRO 0 or 3, no sequence parallelism.
//! [`megatron_plan`] keeps to what Megatron-LM's flags run (no ZeRO-3; as many layers per virtual
//! stage), [`torchtitan_plan`] to what torchtitan runs (FSDP, or DDP alone; no ZeRO-1; tensor
//! parallelism with sequence parallelism), [`maxtext_plan`] to what MaxText runs (its pipeline is
//! GPipe: the candidates' order is GPipe, without interleaving; micro-batches a multiple of the
//! stages; as many layers per stage): the defaults of `--emit=megatron-args`, `torchtitan` and
//! `maxtext`.
//! [`torch_plan`] keeps to what `flexc.torch.apply` runs: the mesh space with recomputation
//! (activation checkpointing) and ZeRO-1 (FSDP keeping the gathered weights to the backward), and
//! `torch.distributed.pipelining` stages (plain or interleaved, any micro-batch count) with tensor
//! parallelism inside each, over replicas or FSDP; sequence parallelism where the graph has repeated
//! layers.

use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

use super::{Budget, Details, Found, Run, SearchError, StopReason};
use crate::graph::{DeviceId, Graph, Mode, OpClass, OpId, TensorId, TensorKind};
use crate::pipeline::{Context, Fitting};
use crate::precision::Precision;
use crate::problem::Problem;
use crate::schedule::dimension::{self, Dim, Layout, Ways};
use crate::schedule::spec::Spec;
use crate::schedule::{Order, Phase, Phases, Recompute, Schedule, Zero};
use crate::strategy::{divisors, Config, Strategy};

/// What the schedule search saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanStats {
    /// Candidates enumerated.
    pub candidates: usize,
    /// Pruned before simulation: their memory lower bound exceeds a device, or (of those the time
    /// bound left) their memory counted without simulating does (module doc).
    pub pruned_memory: usize,
    /// Pruned: their time lower bound is no less than the best time simulated.
    pub pruned_time: usize,
    /// Simulated.
    pub evaluated: usize,
    /// Simulated and fitting memory.
    pub fitting: usize,
    /// Every candidate was simulated or pruned (false: the budget stopped the enumeration).
    pub complete: bool,
    /// The best candidate's spec (`megatron:tp=8,pp=4,...`), when one fits.
    pub best: Option<Spec>,
    /// The best candidates that fit, best first (at most [`TOP`]; the first is the result).
    pub top: Vec<Ranked>,
    /// Simulated candidates whose time or memory came out below its bound (a bug if not 0; the search
    /// then simulates every candidate instead of pruning).
    pub bound_violations: usize,
}

impl PlanStats {
    /// `1700 of 3756 candidates simulated, 1040 pruned by memory, 1016 by time` and, when the
    /// budget stopped it, `; incomplete: N of M candidates`.
    pub fn summary(&self) -> String {
        let done = self.evaluated + self.pruned_memory + self.pruned_time;
        let mut s = format!(
            "{} of {} candidates simulated, {} pruned by memory bound, {} by time bound, {} fit",
            self.evaluated, self.candidates, self.pruned_memory, self.pruned_time, self.fitting
        );
        if self.bound_violations > 0 {
            s.push_str(&format!(
                "; {} simulated below their bounds (pruning off: every candidate simulated)",
                self.bound_violations
            ));
        }
        if self.complete {
            s.push_str("; complete");
        } else {
            s.push_str(&format!(
                "; incomplete: {done} of {} candidates (the budget stopped it)",
                self.candidates
            ));
        }
        s
    }
}

/// Candidates [`PlanStats::top`] keeps.
pub const TOP: usize = 5;

/// One of the best candidates (see [`PlanStats::top`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ranked {
    pub spec: Spec,
    pub iteration_s: f64,
    /// Peak bytes of the worst device.
    pub memory: u64,
    /// Why it lost to the winner (`chosen` for the winner).
    pub why: String,
}

/// A candidate but its recomputation: `tp, pp, dp`, the dimensions' ways, `m, vp`, ZeRO level, `sp`.
type Sibling = (u32, u32, u32, Ways, u32, u32, u8, bool);
/// A candidate but its ZeRO stage: tp, pp, dp, the dimensions' ways, micro-batches, chunks,
/// recomputation, sp.
type ZeroSibling = (u32, u32, u32, Ways, u32, u32, Recompute, bool);

/// A stage group's weight bytes: all of them, and those each parallelism dimension divides.
type GroupWeights = (u64, [u64; dimension::COUNT]);

/// One point of the space.
#[derive(Clone, Debug, PartialEq)]
struct Candidate {
    tp: u32,
    pp: u32,
    vp: u32,
    dp: u32,
    /// The parallelism dimensions' ways ([`crate::schedule::dimension`]): expert parallelism
    /// (replicas per expert-parallel group), context parallelism (devices per sample, each attention's
    /// sequence split over them).
    ways: Ways,
    m: u32,
    /// 1F1B but in MaxText's space, where a pipeline is GPipe.
    order: Order,
    recompute: Recompute,
    zero: Zero,
    sp: bool,
    /// Lower bound of its iteration time (module doc).
    time_floor: f64,
    /// Lower bound of its worst device's bytes.
    memory_floor: f64,
}

impl Candidate {
    /// The weights' copies, what gradients are reduced and ZeRO shards over: `dp` times the ways of
    /// the dimensions that share samples (`dp · cp`).
    fn replicas(&self) -> u32 {
        self.dp * self.ways.sharing_samples()
    }

    /// The candidate as a spec (`megatron:tp=8,pp=4,dp=32,m=16`; `vp`, `order`, `recompute`, `zero`
    /// and `sp` when not their defaults): the typed value the driver rebuilds it from on another graph
    /// (`crate::scheduled::build`), printed for people by its `Display`.
    fn spec(&self) -> Spec {
        Spec {
            name: "megatron".into(),
            tp: Some(self.tp),
            pp: Some(self.pp),
            dp: Some(self.dp),
            ways: self.ways.given(),
            micro_batches: Some(self.m),
            vp: (self.vp > 1).then_some(self.vp),
            order: (self.order != Order::OneFOneB).then_some(self.order),
            recompute: (self.recompute != Recompute::None).then_some(self.recompute),
            zero: (self.zero != Zero::None).then_some(self.zero),
            sequence_parallel: self.sp,
            micro_batch_size: None,
        }
    }

    /// What differs from `winner`: `tp=8 (winner 4), m=32 (winner 16)`.
    fn differences(&self, winner: &Candidate) -> String {
        let mut out = Vec::new();
        let mut field = |name: &str, mine: String, theirs: String| {
            if mine != theirs {
                out.push(format!("{name}={mine} (winner {theirs})"));
            }
        };
        field("tp", self.tp.to_string(), winner.tp.to_string());
        field("pp", self.pp.to_string(), winner.pp.to_string());
        field("dp", self.dp.to_string(), winner.dp.to_string());
        for ((_, d, mine), (_, _, theirs)) in self.ways.iter().zip(winner.ways.iter()) {
            field(d.key(), mine.to_string(), theirs.to_string());
        }
        field("m", self.m.to_string(), winner.m.to_string());
        field("vp", self.vp.to_string(), winner.vp.to_string());
        field(
            "recompute",
            self.recompute.name().to_string(),
            winner.recompute.name().to_string(),
        );
        field(
            "zero",
            self.zero.level().to_string(),
            winner.zero.level().to_string(),
        );
        field("sp", self.sp.to_string(), winner.sp.to_string());
        out.join(", ")
    }
}

/// Per virtual stage of one cut into `k` stages: what the bounds of the module doc read.
struct StageFloors {
    /// Seconds of its per-micro-batch forward ops (and of their backward work, or its backward ops) for
    /// the whole batch on one GPU at their peak rate.
    forward: Vec<f64>,
    backward: Vec<f64>,
    /// Bytes of the whole batch its forward ops keep for its backward ops (training steps; 0 otherwise),
    /// and of those what selective recomputation keeps too: outputs of ops that read a weight, and
    /// tensors no larger than the largest a weighted op of the stage reads or writes.
    kept: Vec<f64>,
    kept_weighted: Vec<f64>,
    /// The weights its contractions read, sorted, and their elements.
    weights: Vec<Vec<TensorId>>,
    weight_elements: Vec<f64>,
    /// Per op counted in `forward` or `backward` (timed): its index, stage and the seconds it adds to
    /// each, what a replicated configuration multiplies ([`Cuts::replicated_floors`]).
    per_op: Vec<(usize, usize, f64, f64)>,
}

impl StageFloors {
    /// `marks`: per op, its loops that follow the batch, and per tensor its dims that do
    /// ([`crate::batch::batch_marks`]). An op with at most one such loop (a tensor with at most one such
    /// dim) does at least its share of the work (bytes) on a micro-batch; the bounds count nothing of
    /// the others (a product of two batch loops shrinks faster than the micro-batch).
    fn of(
        problem: &Problem,
        phases: &Phases,
        fusion: &crate::fusion::Fusion,
        marks: &crate::batch::BatchMarks,
        stage_of: &[u32],
        k: u32,
        timed: bool,
    ) -> Self {
        let graph = problem.graph;
        let k = k.max(1) as usize;
        let stage = |i: usize| (stage_of.get(i).copied().unwrap_or(0) as usize).min(k - 1);
        let batch_dims = |t: TensorId| {
            marks
                .dims
                .get(t.index())
                .map_or(0, |d| d.iter().filter(|&&m| m).count())
        };
        let batch_loops = |i: usize| {
            marks
                .loops
                .get(i)
                .map_or(0, |l| l.iter().filter(|&&m| m).count())
        };
        let mut f = StageFloors {
            forward: vec![0.0; k],
            backward: vec![0.0; k],
            kept: vec![0.0; k],
            kept_weighted: vec![0.0; k],
            weights: vec![Vec::new(); k],
            weight_elements: vec![0.0; k],
            per_op: Vec::new(),
        };
        let reads_weight = |op: &crate::graph::Op| {
            op.inputs
                .iter()
                .any(|a| graph.tensor(a.tensor).kind == TensorKind::Weight)
        };
        // Per stage: the largest tensor of one batch dim a weighted op of the stage reads or writes
        // (not a weight): selective recomputation keeps every tensor no larger (core/pipeline.rs).
        let mut weighted_max = vec![0.0f64; k];
        for (i, op) in graph.ops().iter().enumerate() {
            if !phases.per_micro_batch(OpId::new(i)) || !reads_weight(op) {
                continue;
            }
            for a in op.inputs.iter().chain(&op.outputs) {
                let t = graph.tensor(a.tensor);
                if t.kind != TensorKind::Weight && batch_dims(a.tensor) == 1 {
                    let s = stage(i);
                    weighted_max[s] = weighted_max[s].max(t.bytes() as f64);
                }
            }
        }
        let step = problem.mode.training_step();
        for (i, op) in graph.ops().iter().enumerate() {
            let id = OpId::new(i);
            let s = stage(i);
            // Contractions read their whole weights across the group's tasks; a gather's table is
            // held only where it is read (the bound counts none of it).
            let whole = matches!(op.class, OpClass::Contraction | OpClass::Convolution);
            let weighted = reads_weight(op);
            for a in op.inputs.iter().filter(|_| whole) {
                if graph.tensor(a.tensor).kind == TensorKind::Weight {
                    f.weights[s].push(a.tensor);
                }
            }
            if !phases.per_micro_batch(id) || batch_loops(i) > 1 {
                continue;
            }
            // Bytes no task of the op can avoid: the outputs it writes to memory. Only outputs every
            // reader of which runs per micro-batch in the same stage: the stage's own fusion
            // (core/fusion.rs, on the stage's graph) then sees the same readers and keeps them in
            // memory too.
            let written: f64 = op
                .outputs
                .iter()
                .enumerate()
                .filter(|&(j, a)| {
                    !fusion.internal_output[i][j]
                        && batch_dims(a.tensor) <= 1
                        && graph
                            .consumers(a.tensor)
                            .iter()
                            .all(|&c| phases.per_micro_batch(c) && stage(c.index()) == s)
                })
                .map(|(_, a)| graph.tensor(a.tensor).bytes() as f64)
                .sum();
            // Only an elementwise op can run inside its producer's kernel without a launch.
            let launch = op.class != OpClass::Elementwise;
            // An op computed inside a native norm kernel does no work of its own (crate::norm).
            let in_norm = matches!(fusion.kernel[i], Some(crate::fusion::KernelPart::Inside));
            let floor = |factor: f64| {
                if timed && !in_norm {
                    // A fused attention kernel computes only the tiles a causal mask leaves.
                    let work = crate::cost::Work {
                        flops: op.flops * fusion.attention_computed[i],
                        bytes: written,
                    };
                    problem
                        .cost
                        .roofline_floor_s(op, work.scaled(factor), launch)
                } else {
                    0.0
                }
            };
            match phases.of(id) {
                Phase::Forward => {
                    let (fwd, bwd) = (floor(1.0), floor(problem.mode.backward_factor(graph, op)));
                    f.forward[s] += fwd;
                    f.backward[s] += bwd;
                    if fwd > 0.0 || bwd > 0.0 {
                        f.per_op.push((i, s, fwd, bwd));
                    }
                    if step {
                        for a in &op.outputs {
                            let read_back = graph
                                .consumers(a.tensor)
                                .iter()
                                .any(|&c| phases.of(c) == Phase::Backward && stage(c.index()) == s);
                            let dims = batch_dims(a.tensor);
                            if !read_back || dims > 1 {
                                continue;
                            }
                            // Counted only where a weighted op of the stage reads it too: the
                            // input of a layer's product, which its weight gradient needs, is kept
                            // under any recomputation but full, whichever pointwise intermediates
                            // a memory model recomputes instead (Korthikanti et al.'s set).
                            let product_input = graph.consumers(a.tensor).iter().any(|&c| {
                                stage(c.index()) == s
                                    && phases.of(c) == Phase::Forward
                                    && reads_weight(graph.op(c))
                            });
                            if !product_input {
                                continue;
                            }
                            // Under fp8 a product's input may be kept quantized: one byte per
                            // element at least (`Precision::keeps_in_fp8`).
                            let tensor = graph.tensor(a.tensor);
                            let bytes = if problem.cost.state().precision == Precision::Fp8 {
                                tensor.elements() as f64
                            } else {
                                tensor.bytes() as f64
                            };
                            f.kept[s] += bytes;
                            if weighted || dims == 1 && bytes <= weighted_max[s] {
                                f.kept_weighted[s] += bytes;
                            }
                        }
                    }
                }
                Phase::Backward => {
                    let bwd = floor(1.0);
                    f.backward[s] += bwd;
                    if bwd > 0.0 {
                        f.per_op.push((i, s, 0.0, bwd));
                    }
                }
                _ => {}
            }
        }
        for (w, elements) in f.weights.iter_mut().zip(&mut f.weight_elements) {
            w.sort();
            w.dedup();
            *elements = w.iter().map(|&t| graph.tensor(t).elements() as f64).sum();
        }
        f
    }
}

/// Seconds per virtual stage: its forward and its backward.
type PassFloors = (Vec<f64>, Vec<f64>);

/// The forward ops' balanced cuts ([`crate::schedule::balanced_cuts`]) per virtual stage count, each
/// computed once, completed to every op ([`Phases::complete_stages`]), and the bounds' floors of each.
struct Cuts<'a> {
    problem: &'a Problem<'a>,
    phases: &'a Phases,
    forward: &'a [OpId],
    /// Per forward op: its forward and backward FLOPs, what the cuts balance.
    costs: Vec<f64>,
    timed: bool,
    /// The whole graph's fused chains, and the loops and dims that follow the batch.
    fusion: crate::fusion::Fusion,
    marks: crate::batch::BatchMarks,
    stage_of: HashMap<u32, Vec<u32>>,
    floors: HashMap<u32, StageFloors>,
    /// Per replica width, replicas and base device: ZeRO-3's ring (bandwidth, latency).
    rings: HashMap<(u32, u32, u32), (f64, f64)>,
    /// Per `(pp, vp)`: the bytes of the weights each stage group's contractions read, and of those
    /// the ones each parallelism dimension divides ([`Cuts::divided_weights`]).
    group_weights: HashMap<(u32, u32), Vec<GroupWeights>>,
    /// Per dimension, the weights it divides (sorted;
    /// [`crate::schedule::dimension::Dimension::divided_weights`]: expert parallelism's experts).
    divided_weights: [Vec<TensorId>; dimension::COUNT],
    /// Per `(tp, sp)`: which ops its tensor parallelism replicates over the group
    /// ([`crate::strategy::Config::is_replicated`]), set by the search before it asks for bounds.
    replicated: HashMap<(u32, bool), Vec<bool>>,
    /// Per `(stage count, tp, sp)`: [`Cuts::replicated_floors`].
    replicated_floors: HashMap<(u32, u32, bool), PassFloors>,
}

impl<'a> Cuts<'a> {
    fn new(
        problem: &'a Problem<'a>,
        phases: &'a Phases,
        forward: &'a [OpId],
        marks: crate::batch::BatchMarks,
        timed: bool,
    ) -> Self {
        let graph = problem.graph;
        let costs: Vec<f64> = forward
            .iter()
            .map(|&id| {
                let op = graph.op(id);
                let backward = if problem.mode.training_step() {
                    2.0
                } else {
                    problem.mode.backward_factor(graph, op)
                };
                op.flops * (1.0 + backward)
            })
            .collect();
        Cuts {
            problem,
            phases,
            forward,
            costs,
            timed,
            fusion: crate::fusion::Fusion::for_state(graph, problem.cost.state()),
            marks,
            stage_of: HashMap::new(),
            floors: HashMap::new(),
            rings: HashMap::new(),
            group_weights: HashMap::new(),
            divided_weights: std::array::from_fn(|i| {
                dimension::DIMENSIONS[i].divided_weights(graph)
            }),
            replicated: HashMap::new(),
            replicated_floors: HashMap::new(),
        }
    }

    /// The virtual stage of every op when the forward ops are cut into `k` (empty for 1).
    fn stage_of(&mut self, k: u32) -> &[u32] {
        let (graph, forward, costs, phases) =
            (self.problem.graph, self.forward, &self.costs, self.phases);
        self.stage_of.entry(k).or_insert_with(|| {
            if k <= 1 {
                return Vec::new();
            }
            let mut stage_of = vec![0u32; graph.num_ops()];
            let parts = crate::schedule::balanced_cuts(graph, forward, costs, k);
            for (&id, &part) in forward.iter().zip(&parts) {
                stage_of[id.index()] = part;
            }
            phases.complete_stages(graph, &mut stage_of);
            stage_of
        })
    }

    fn floors(&mut self, k: u32) -> &StageFloors {
        if !self.floors.contains_key(&k) {
            let stage_of = self.stage_of(k).to_vec();
            let floors = StageFloors::of(
                self.problem,
                self.phases,
                &self.fusion,
                &self.marks,
                &stage_of,
                k,
                self.timed,
            );
            self.floors.insert(k, floors);
        }
        &self.floors[&k]
    }

    /// Bytes of the weights read by the contractions of each of `pp` groups' stages (`g`, `g + pp`, …),
    /// and of those the experts'.
    fn group_weights(&mut self, pp: u32, vp: u32) -> Vec<GroupWeights> {
        if let Some(known) = self.group_weights.get(&(pp, vp)) {
            return known.clone();
        }
        let graph = self.problem.graph;
        self.floors(pp * vp);
        let (floors, divided) = (&self.floors[&(pp * vp)], &self.divided_weights);
        let bytes: Vec<GroupWeights> = (0..pp)
            .map(|g| {
                let held: BTreeSet<TensorId> = (0..vp)
                    .flat_map(|c| floors.weights[(c * pp + g) as usize].iter().copied())
                    .collect();
                let all = held.iter().map(|&t| graph.tensor(t).bytes()).sum();
                let divided = std::array::from_fn(|i| {
                    held.iter()
                        .filter(|t| divided[i].binary_search(t).is_ok())
                        .map(|&t| graph.tensor(t).bytes())
                        .sum()
                });
                (all, divided)
            })
            .collect();
        self.group_weights.insert((pp, vp), bytes.clone());
        bytes
    }

    /// The ring over the replicas that ZeRO-3's gathers of group `g` take (as the pipeline model times
    /// them): its slowest hop's bandwidth and latency.
    fn replica_ring(&mut self, c: &Candidate, g: u32) -> (f64, f64) {
        let width = c.tp * c.pp;
        let base = g * c.tp;
        let machine = self.problem.machine;
        let replicas = c.replicas();
        *self
            .rings
            .entry((width, replicas, base))
            .or_insert_with(|| {
                let ring: Vec<DeviceId> =
                    (0..replicas).map(|r| DeviceId(base + r * width)).collect();
                // Placed as the pipeline model places them (`Machine::placed`).
                machine.placed(replicas, c.pp).ring_bandwidth(&ring)
            })
    }

    /// Per virtual stage of a cut into `k`: the forward and backward seconds of the ops that `(tp,
    /// sp)` replicates (empty where it replicates none, or is unknown).
    fn replicated_floors(&mut self, k: u32, tp: u32, sp: bool) -> PassFloors {
        if let Some(known) = self.replicated_floors.get(&(k, tp, sp)) {
            return known.clone();
        }
        let replicated = self.replicated.get(&(tp, sp)).cloned().unwrap_or_default();
        let floors = self.floors(k);
        let stages = floors.forward.len();
        let (mut f, mut b) = (vec![0.0; stages], vec![0.0; stages]);
        for &(i, s, fwd, bwd) in &floors.per_op {
            if replicated.get(i).copied().unwrap_or(false) {
                f[s] += fwd;
                b[s] += bwd;
            }
        }
        self.replicated_floors
            .insert((k, tp, sp), (f.clone(), b.clone()));
        (f, b)
    }

    /// The candidate's time bound (module doc): the longest group's fill, steps and drain.
    fn time_floor(&mut self, c: &Candidate) -> f64 {
        let (pp, vp) = (c.pp.max(1), c.vp.max(1));
        // A replicated op runs whole on each of the group's devices: `tp` times its share.
        let (replicated_forward, replicated_backward) = self.replicated_floors(pp * vp, c.tp, c.sp);
        let copies = f64::from(c.tp.max(1)) - 1.0;
        let extra = |v: &[f64], k: u32| v.get(k as usize).copied().unwrap_or(0.0) * copies;
        // ZeRO-3: each step waits for its stage's weights gathered over the replicas (and the backward
        // for its gradients scattered): at least the stage's weights over the group's devices.
        let rings: Vec<(f64, f64)> = if c.zero == Zero::Full && c.replicas() > 1 {
            (0..pp).map(|g| self.replica_ring(c, g)).collect()
        } else {
            Vec::new()
        };
        let half = self
            .problem
            .cost
            .state()
            .precision
            .half()
            .map_or(4, |h| h.size_bytes()) as f64;
        let floors = self.floors(pp * vp);
        // Context parallelism divides every device's work by cp (crate::context): the share is of
        // the `dp · cp` replicas.
        let share = 1.0 / (f64::from(c.replicas()) * f64::from(c.m)) / f64::from(c.tp.max(1));
        let full = c.recompute == Recompute::Full;
        let d = f64::from(c.replicas());
        let ring = |k: u32, bytes_per_element: f64| match rings.get((k % pp) as usize) {
            Some(&(bw, latency)) if bw.is_finite() && bw > 0.0 => {
                let bytes =
                    floors.weight_elements[k as usize] / f64::from(c.tp.max(1)) * bytes_per_element;
                (d - 1.0) / d * bytes / bw + (d - 1.0) * latency
            }
            _ => 0.0,
        };
        let pass = |k: u32| {
            let f = (floors.forward[k as usize] + extra(&replicated_forward, k)) * share;
            let b = (floors.backward[k as usize] + extra(&replicated_backward, k)) * share
                + if full { f } else { 0.0 };
            let gather = ring(k, half);
            (f.max(gather), b.max(gather + ring(k, 4.0)))
        };
        let (mut fill, mut drain, mut longest) = (0.0f64, 0.0f64, 0.0f64);
        for g in 0..pp {
            let work: f64 = (0..vp)
                .map(|chunk| {
                    let (f, b) = pass(chunk * pp + g);
                    f + b
                })
                .sum();
            longest = longest.max(fill + f64::from(c.m) * work + drain);
            let (f, b) = pass(g);
            fill += f;
            drain += b;
        }
        longest
    }

    /// The candidate's memory bound (module doc).
    fn memory_floor(&mut self, c: &Candidate) -> f64 {
        let problem = self.problem;
        // A dimension that divides weights (expert parallelism: the experts') divides their state by
        // its ways, ZeRO sharding it over the `replicas / ways` that hold the same part
        // (crate::schedule::dimension, "Price"; one dimension at most).
        let divider = c
            .ways
            .used()
            .find(|(dim, _, _)| !self.divided_weights[dim.0].is_empty())
            .map(|(dim, _, w)| (dim, w));
        let weights = self.group_weights(c.pp, c.vp);
        let floors = self.floors(c.pp * c.vp);
        let schedule = Schedule {
            stages: c.pp,
            chunks: c.vp,
            micro_batches: c.m,
            order: c.order,
            ..Schedule::default()
        };
        let t = f64::from(c.tp.max(1));
        // The dimensions that share samples divide the activations (context parallelism: by cp).
        let share = 1.0 / (f64::from(c.replicas()) * f64::from(c.m)) / t;
        let groups = (0..c.pp).map(|g| {
            let (all, divided) = weights[g as usize];
            let tp = u64::from(c.tp.max(1));
            let (dense, expert, ep) = match divider {
                Some((dim, w)) => (all - divided[dim.0], divided[dim.0], w),
                None => (all, 0, 1),
            };
            let weights = weight_state_floor(problem, dense / tp, c.replicas(), c.zero)
                + weight_state_floor(
                    problem,
                    expert / tp / u64::from(ep),
                    c.replicas() / ep,
                    c.zero,
                );
            // Selective recomputation drops only outputs of ops that read no weight; full keeps
            // checkpoints the bound does not count.
            let kept = match c.recompute {
                Recompute::None => &floors.kept,
                Recompute::Selective => &floors.kept_weighted,
                Recompute::Full => return weights,
            };
            let activations = schedule.peak_in_flight(g, |chunk| {
                (kept[schedule.stage_at(g, chunk) as usize] * share).floor() as u64
            }) as f64;
            weights + activations
        });
        groups.fold(0.0, f64::max)
    }
}

/// The repeated layers of the graph's largest primary group (the transformer blocks), if any.
fn layer_count(graph: &Graph) -> Option<u32> {
    let layers = crate::layers::Layers::detect(graph);
    layers
        .groups()
        .iter()
        .enumerate()
        .filter(|(i, g)| g.is_primary(*i))
        .max_by_key(|(i, g)| (g.period * g.instances.len(), std::cmp::Reverse(*i)))
        .map(|(_, g)| g.instances.len() as u32)
        .filter(|&l| l >= 2)
}

/// The schedule search (module doc).
pub fn plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::All)
}

/// The schedule search over what flexc's own programs run (`auto`'s; module doc, "Engine spaces"):
/// the full space without expert and context parallelism, which the pipeline model prices but
/// `par-materialize` does not build yet — a strategy flexc picks by default always runs.
pub fn runnable_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Runnable)
}

/// The schedule search over the mesh space (module doc, "Engine spaces").
pub fn mesh_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Mesh)
}

/// The schedule search over what `torch.distributed` runs (module doc, "Engine spaces").
pub fn torch_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Torch)
}

/// The schedule search over what Megatron-LM's flags run (module doc, "Engine spaces").
pub fn megatron_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Megatron)
}

/// The schedule search over what torchtitan runs (module doc, "Engine spaces").
pub fn torchtitan_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Torchtitan)
}

/// The schedule search over what MaxText runs (module doc, "Engine spaces").
pub fn maxtext_plan(problem: &Problem, run: &Run) -> Result<Found, SearchError> {
    plan_in(problem, run, Space::Maxtext)
}

/// The candidates a schedule search enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Space {
    All,
    /// All but what `par-materialize` does not build yet (`ep`, `cp`).
    Runnable,
    Mesh,
    Torch,
    Megatron,
    Torchtitan,
    Maxtext,
}

/// Whether MaxText runs the candidate as flexc simulates it (src/maxtext.rs; its order is GPipe):
/// no interleaving (MaxText's circular repeats are GPipe-ordered, a schedule flexc's specs do not
/// build), micro-batches a multiple of the stages, as many layers in every stage where known, no
/// ZeRO-2 (MaxText shards optimizer state alone or everything).
fn maxtext_expressible(layers: Option<u32>, pp: u32, vp: u32, m: u32, zero: Zero) -> bool {
    zero != Zero::Gradients
        && vp == 1
        && (pp == 1 || m % pp == 0)
        && layers.is_none_or(|l| l % pp == 0)
}

/// Whether Megatron-LM's flags express the candidate (src/megatron_args.rs): ZeRO 0 or 1 (its distributed
/// optimizer), and as many layers in every virtual stage where the layers are known.
fn megatron_expressible(layers: Option<u32>, pp: u32, vp: u32, zero: Zero) -> bool {
    matches!(zero, Zero::None | Zero::Optimizer) && layers.is_none_or(|l| l % (pp * vp) == 0)
}

/// Whether torchtitan runs the candidate as flexc simulates it (src/torchtitan.rs): FSDP or DDP, no
/// ZeRO-1, DDP only as the sole parallelism, tensor parallelism always sequence-parallel, and no more
/// virtual stages than the layers where known, the embedding and the output counted as one each
/// (torchtitan's `generate_llm_fqn_per_model_part` gives every stage at least one), and more than two
/// per rank only where a `pipeline_parallel_layers_per_stage` makes that many. ZeRO-2 is FSDP keeping
/// the weights gathered from the forward to the backward, which gathers them again for every
/// micro-batch's forward: one micro-batch only, as flexc simulates it.
fn torchtitan_expressible(
    layers: Option<u32>,
    (tp, pp, vp, dp, m): (u32, u32, u32, u32, u32),
    zero: Zero,
    sp: bool,
) -> bool {
    zero != Zero::Optimizer
        && !(zero == Zero::Gradients && m > 1)
        && !(zero == Zero::None && dp > 1 && (tp > 1 || pp > 1))
        && sp == (tp > 1)
        && layers.is_none_or(|l| {
            // torchtitan's stages: pp, 2·pp (a looped schedule's default), else
            // ceil((l + 2) / layers_per_stage) for some layers per stage (src/torchtitan.rs).
            let stages = pp * vp;
            stages <= l + 2 && (vp <= 2 || (1..=l + 2).any(|per| (l + 2).div_ceil(per) == stages))
        })
}

/// Whether a mesh sharding expresses the candidate: one stage, one micro-batch, no recomputation,
/// ZeRO 0 or 3, no sequence parallelism.
fn mesh_expressible(pp: u32, m: u32, recompute: Recompute, zero: Zero, sp: bool) -> bool {
    pp == 1
        && m == 1
        && recompute == Recompute::None
        && matches!(zero, Zero::None | Zero::Full)
        && !sp
}

/// Whether `torch.distributed` runs the candidate as flexc simulates it (`flexc.torch.apply`): a mesh
/// (one micro-batch) or a pipeline (`torch.distributed.pipelining`, tensor parallelism inside each
/// stage), under any recomputation (activation checkpointing) and ZeRO 0, 1 or 3 (replication, FSDP
/// that keeps the gathered weights to the backward, FSDP), with or without sequence parallelism
/// (`apply` runs it on local shards: src/torch.rs) where the graph has repeated layers
/// (`layers`: the residual stream of an `nn.ModuleList`'s items is what `apply` splits along the sequence).
fn torch_expressible(pp: u32, m: u32, sp: bool, layers: bool) -> bool {
    (pp > 1 || m == 1) && (!sp || layers)
}

/// The weight state per device of a schedule with `dp` replicas of `shards` devices each (tensor ×
/// pipeline parallelism) under `zero`: the parameters × bytes per parameter under the precision and
/// optimizer (weight, gradient, optimizer state, 16-bit copy) of every parameter counted as f32, spread
/// evenly: what the search table skips its baselines by. (The schedule search bounds memory per stage
/// group instead, from the bytes its contractions' weights have, as the pipeline model counts them.)
pub fn weight_state_bytes(problem: &Problem, shards: u32, dp: u32, zero: Zero) -> f64 {
    let parameters = problem.graph.parameter_count() as f64;
    // Bytes per f32 parameter as the engines allocate them (`WeightState::split`), spread evenly.
    let per_parameter = problem
        .cost
        .state()
        .split(Mode::Training, 4_000_000, zero, u64::from(dp.max(1)))
        .total() as f64
        / 1e6;
    parameters * per_parameter / f64::from(shards.max(1))
}

/// The weight state of a device holding `bytes` of weights, as the pipeline model counts it
/// ([`WeightState::split`], the same function): a lower bound of it for the mean holding of a group.
fn weight_state_floor(problem: &Problem, bytes: u64, dp: u32, zero: Zero) -> f64 {
    let mode = if problem.mode.has_backward() || problem.mode.training_step() {
        Mode::Training
    } else {
        Mode::Inference
    };
    let split = problem
        .cost
        .state()
        .split(mode, bytes, zero, u64::from(dp.max(1)));
    // `split` rounds each shard up; the mean holding of a group may be a little less.
    (split.total() as f64 - 3.0).max(0.0)
}

fn plan_in(problem: &Problem, run: &Run, space: Space) -> Result<Found, SearchError> {
    let mut violations = 0;
    let pruned = plan_with(problem, run, space, true, &mut violations);
    if violations == 0 {
        return pruned;
    }
    // A simulated candidate came out below its bound (a cost or memory model the bounds do not know
    // yet): the pruning may have dropped a faster candidate, so every candidate is simulated instead,
    // and the report says so.
    let mut all = plan_with(problem, run, space, false, &mut 0);
    if let Ok(Found {
        details: Details::Plan(stats),
        ..
    }) = &mut all
    {
        stats.bound_violations = violations;
    }
    all
}

/// Simulates every candidate of the schedule search, none pruned, and counts those whose simulated
/// time or memory is below its bound ([`PlanStats::bound_violations`]): the check that the bounds are
/// bounds.
#[doc(hidden)]
pub fn audit_bounds(problem: &Problem) -> Result<PlanStats, SearchError> {
    let run = Run::new(Budget::Proposals(u64::MAX), 0);
    let mut violations = 0;
    let found = plan_with(problem, &run, Space::All, false, &mut violations)?;
    match found.details {
        Details::Plan(stats) => Ok(stats),
        _ => unreachable!("the schedule search's details"),
    }
}

fn plan_with(
    problem: &Problem,
    run: &Run,
    space: Space,
    prune: bool,
    violations: &mut usize,
) -> Result<Found, SearchError> {
    let audit = !prune;
    let t0 = Instant::now();
    let graph = problem.graph;
    let ctx = Context::new(problem).map_err(|e| SearchError::Pipeline(e.to_string()))?;
    let phases = ctx.phases().clone();
    let forward: Vec<OpId> = graph
        .topological_order()
        .filter(|&id| phases.of(id) == Phase::Forward)
        .collect();
    // Measured op times have no floor the roofline knows.
    let timed = problem.cost.profile().is_empty();
    let marks = crate::batch::batch_marks(graph, problem.batch_dim)
        .map_err(|e| SearchError::Pipeline(format!("{}: {}", e.location, e.message)))?;
    let mut cuts = Cuts::new(problem, &phases, &forward, marks, timed);
    // Each tensor-parallel width's configurations (simulated candidates take them; the time bound
    // reads which ops they replicate).
    let mut groups: HashMap<(u32, bool), Vec<Config>> = HashMap::new();

    let shape = Shape::of(problem, &phases, &forward, space);
    let unbounded = shape.candidates(space);
    let mut bounded = Bounded::of(unbounded, &mut cuts, &mut groups, &phases, audit);
    if let Some(progress) = &run.progress {
        progress.candidates(bounded.enumerated as u64, bounded.pruned_memory as u64);
    }

    let mut walk = Walk::new(bounded.pruned_memory);
    let candidates = std::mem::take(&mut bounded.candidates);
    let cap = match run.budget {
        Budget::Proposals(p) => usize::try_from(p).unwrap_or(usize::MAX),
        Budget::Time(_) => usize::MAX,
    };
    for (i, c) in candidates.iter().enumerate() {
        // Sound pruning: the rest are sorted by a bound no better than the best time found.
        if walk.best_time().is_some_and(|time| c.time_floor >= time) && !audit {
            walk.pruned_time += candidates.len() - i;
            break;
        }
        let floor = walk.floor(c);
        if walk.best_time().is_some_and(|time| floor >= time) && !audit {
            walk.pruned_time += 1;
            continue;
        }
        if let Some(stop) = walk.stop_before_next(run, cap) {
            walk.stop = stop;
            walk.complete = false;
            break;
        }
        let strategy = strategy_of(c, &mut groups, &mut cuts, graph, &phases);
        walk.simulate(
            &ctx,
            run,
            Simulated {
                index: i,
                candidate: c,
                floor,
                strategy,
            },
            audit,
            violations,
        );
    }
    let stats = walk.stats(&candidates, bounded.enumerated, *violations);
    walk.outcome(
        &ctx,
        &candidates,
        &bounded,
        stats,
        problem.machine.gpu.mem_capacity,
        t0,
    )
}

/// The bounds of one search's space, read from its problem: what the enumeration takes its degrees
/// from.
struct Shape {
    /// The machine's devices and the GPUs of one node (the widest tensor parallelism).
    devices: u32,
    gpus_per_node: u32,
    /// The batch, which the replicas and micro-batches divide.
    batch: u64,
    /// Whether a schedule other than the flat one runs the graph ([`Phases::micro_batch_blocker`],
    /// [`crate::batch::lookup_across_batch`]: par-materialize refuses every other on such a graph;
    /// when not, the space holds the flat schedule alone: tensor parallelism over the
    /// configurations), and its most
    /// pipeline stages (the forward's weighted contractions; 1 when it cannot).
    micro_batchable: bool,
    max_stages: u32,
    /// The graph's repeated layers, where more than one stage is possible.
    layers: Option<u32>,
    /// Whether `flexc.torch.apply` can run sequence parallelism (`Space::Torch` over repeated layers).
    torch_sp: bool,
    /// Whether the engine shards weight state (ZeRO) at all.
    shards: bool,
    /// Each parallelism dimension's ways ([`dimension::Dimension::candidates`]), in the full space only (1
    /// elsewhere: no engine export writes them yet).
    dimensions: [Vec<u32>; dimension::COUNT],
}

impl Shape {
    /// The shape of `problem`'s space `space`; `forward` are its forward ops in topological order.
    fn of(problem: &Problem, phases: &Phases, forward: &[OpId], space: Space) -> Shape {
        let graph = problem.graph;
        let micro_batchable = phases.micro_batch_blocker(graph).is_none()
            && crate::batch::batch_loops(graph, problem.batch_dim).map_or(true, |loops| {
                crate::batch::lookup_across_batch(graph, &loops).is_none()
            });
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
        Shape {
            devices: problem.machine.num_devices(),
            gpus_per_node: problem.machine.gpus_per_node,
            batch: crate::batch::batch_of(graph, problem.batch_dim).unwrap_or(1),
            micro_batchable,
            max_stages,
            layers: if max_stages > 1 {
                layer_count(graph)
            } else {
                None
            },
            // `flexc.torch.apply` runs sequence parallelism inside repeated layers only.
            torch_sp: space == Space::Torch && layer_count(graph).is_some(),
            shards: problem.cost.state().data_parallel.shards(),
            dimensions: std::array::from_fn(|i| {
                if space == Space::All {
                    dimension::DIMENSIONS[i].candidates(graph, problem.machine.num_devices())
                } else {
                    vec![1]
                }
            }),
        }
    }

    /// Every combination of the ways of the dimensions of `layout` (the others 1), in the order of
    /// their candidates, the last dimension's fastest; at most one dimension above 1
    /// ([`Ways::check_alone`]).
    fn ways_of(&self, layout: Layout, dp: Option<u32>) -> Vec<Ways> {
        let mut all = vec![Ways::default()];
        for (i, d) in dimension::DIMENSIONS.iter().enumerate() {
            if d.layout() != layout {
                continue;
            }
            let candidates: Vec<u32> = self.dimensions[i]
                .iter()
                .copied()
                .filter(|&w| dp.is_none_or(|dp| dp % w == 0))
                .collect();
            all = all
                .into_iter()
                .flat_map(|ways| {
                    candidates.iter().map(move |&w| {
                        let mut next = ways;
                        next.set(Dim(i), w);
                        next
                    })
                })
                .filter(|ways| ways.check_alone(false).is_ok())
                .collect();
        }
        all
    }

    /// Every `(tp, pp, ways, dp, m)` of the space, in the enumeration's order: tensor parallelism
    /// within a node, no more stages than the graph has, the ways of the dimensions that share
    /// samples (context parallelism the sequence takes), replicas and micro-batches that divide the
    /// batch.
    fn degrees(&self) -> Vec<(u32, u32, Ways, u32, u32)> {
        let n = self.devices;
        let cps = self.ways_of(Layout::SharingSamples, None);
        let mut degrees = Vec::new();
        for tp in divisors(u64::from(n)).into_iter().map(|t| t as u32) {
            if tp > self.gpus_per_node.max(1) {
                continue;
            }
            for (pp, shared) in divisors(u64::from(n / tp))
                .into_iter()
                .map(|p| p as u32)
                .flat_map(|p| cps.iter().map(move |&c| (p, c)))
            {
                let cp = shared.sharing_samples();
                if pp > self.max_stages || (n / tp / pp) % cp != 0 {
                    continue;
                }
                let dp = n / (tp * pp * cp);
                if self.batch % u64::from(dp) != 0 || (dp > 1 && !self.micro_batchable) {
                    continue;
                }
                let per_replica = self.batch / u64::from(dp);
                for m in divisors(per_replica).into_iter().map(|m| m as u32) {
                    if m > 1 && !self.micro_batchable {
                        continue;
                    }
                    // More micro-batches than 64 per stage buys no bubble and costs per-step
                    // overheads.
                    if m > 64 * pp.max(1) && m > 1 {
                        continue;
                    }
                    degrees.push((tp, pp, shared, dp, m));
                }
            }
        }
        degrees
    }

    /// Every combination of `shared` (the ways of the dimensions that share samples) with the ways
    /// of the dimensions among the replicas that divide `dp` (expert parallelism: `ep` that divides
    /// the replicas and the experts), at most one dimension above 1.
    fn among_replicas(&self, shared: Ways, dp: u32) -> Vec<Ways> {
        self.ways_of(Layout::AmongReplicas, Some(dp))
            .into_iter()
            .filter_map(|among| {
                let mut ways = shared;
                for (dim, d, w) in among.iter() {
                    if d.layout() == Layout::AmongReplicas {
                        ways.set(dim, w);
                    }
                }
                ways.check_alone(false).is_ok().then_some(ways)
            })
            .collect()
    }

    /// The chunk counts of `pp` stages and `m` micro-batches. Interleaving: Megatron-LM's rule
    /// (micro-batches a multiple of the stages), every chunk count whose virtual stages divide the
    /// layers.
    fn chunk_counts(&self, pp: u32, m: u32) -> Vec<u32> {
        let mut vps = vec![1u32];
        if pp > 1 && m % pp == 0 {
            match self.layers {
                Some(l) => vps.extend(
                    (2..=l / pp).filter(|&v| l % (pp * v) == 0 && pp * v <= self.max_stages),
                ),
                None if 2 * pp <= self.max_stages => vps.push(2),
                None => {}
            }
        }
        vps
    }

    /// Every candidate of `space`, in a fixed order, its bounds not set yet.
    fn candidates(&self, space: Space) -> Vec<Candidate> {
        let mut candidates = Vec::new();
        for (tp, pp, shared, dp, m) in self.degrees() {
            let cp = shared.sharing_samples();
            let combinations = self.among_replicas(shared, dp);
            for vp in self.chunk_counts(pp, m) {
                for recompute in Recompute::ALL {
                    for zero in Zero::ALL {
                        // One replica has nothing to shard; an engine without ZeRO cannot.
                        if zero != Zero::None && (dp * cp == 1 || !self.shards) {
                            continue;
                        }
                        // A batch no schedule cuts: the flat schedule alone.
                        if !self.micro_batchable && (recompute != Recompute::None || cp > 1) {
                            continue;
                        }
                        for (sp, &ways) in [false, true]
                            .into_iter()
                            .flat_map(|sp| combinations.iter().map(move |w| (sp, w)))
                        {
                            let degrees = (tp, pp, vp, dp, m);
                            if sp && tp == 1 || !self.keeps(space, degrees, recompute, zero, sp) {
                                continue;
                            }
                            // MaxText's pipeline is GPipe (circular over repeats).
                            let order = if space == Space::Maxtext && pp > 1 {
                                Order::GPipe
                            } else {
                                Order::OneFOneB
                            };
                            candidates.push(Candidate {
                                tp,
                                pp,
                                vp,
                                dp,
                                ways,
                                m,
                                order,
                                recompute,
                                zero,
                                sp,
                                time_floor: 0.0,
                                memory_floor: 0.0,
                            });
                        }
                    }
                }
            }
        }
        candidates
    }

    /// Whether `space` holds the candidate of these degrees (`tp, pp, vp, dp, m`).
    fn keeps(
        &self,
        space: Space,
        (tp, pp, vp, dp, m): (u32, u32, u32, u32, u32),
        recompute: Recompute,
        zero: Zero,
        sp: bool,
    ) -> bool {
        let layers = self.layers;
        match space {
            Space::All | Space::Runnable => true,
            Space::Mesh => mesh_expressible(pp, m, recompute, zero, sp),
            Space::Torch => torch_expressible(pp, m, sp, self.torch_sp),
            Space::Megatron => megatron_expressible(layers, pp, vp, zero),
            Space::Torchtitan => torchtitan_expressible(layers, (tp, pp, vp, dp, m), zero, sp),
            Space::Maxtext => maxtext_expressible(layers, pp, vp, m, zero),
        }
    }
}

/// The candidates of one search with their bounds, least time bound first, and those that their
/// memory bound dropped.
struct Bounded {
    candidates: Vec<Candidate>,
    /// All the space enumerated, dropped ones included.
    enumerated: usize,
    pruned_memory: usize,
    /// The candidate whose memory bound is least (bytes, spec), for the error when every candidate
    /// is over memory.
    least_floor: Option<(f64, String)>,
}

impl Bounded {
    /// Sets the bounds of `candidates` in order, drops those whose memory bound exceeds the GPU's
    /// memory (unless `audit`), and sorts the rest by their time bound (a stable sort: ties keep the
    /// enumeration order). `groups` gains the tensor-parallel configurations the time bounds read.
    fn of(
        candidates: Vec<Candidate>,
        cuts: &mut Cuts,
        groups: &mut HashMap<(u32, bool), Vec<Config>>,
        phases: &Phases,
        audit: bool,
    ) -> Bounded {
        let problem = cuts.problem;
        let capacity = problem.machine.gpu.mem_capacity as f64;
        let enumerated = candidates.len();
        let mut kept = Vec::new();
        let mut least_floor: Option<(f64, String)> = None;
        for mut c in candidates {
            c.memory_floor = cuts.memory_floor(&c);
            if c.memory_floor > capacity && !audit {
                if least_floor
                    .as_ref()
                    .is_none_or(|(b, _)| c.memory_floor < *b)
                {
                    least_floor = Some((c.memory_floor, c.spec().to_string()));
                }
                continue;
            }
            let (tp, sp) = (c.tp, c.sp);
            if cuts.timed && tp > 1 && !cuts.replicated.contains_key(&(tp, sp)) {
                let configs = groups.entry((tp, sp)).or_insert_with(|| {
                    crate::scheduled::tensor_parallel(problem.graph, phases, tp, sp)
                });
                let replicated = configs.iter().map(Config::is_replicated).collect();
                cuts.replicated.insert((tp, sp), replicated);
            }
            c.time_floor = cuts.time_floor(&c);
            kept.push(c);
        }
        kept.sort_by(|a, b| a.time_floor.total_cmp(&b.time_floor));
        Bounded {
            pruned_memory: enumerated - kept.len(),
            candidates: kept,
            enumerated,
            least_floor,
        }
    }
}

/// Candidate `c`'s strategy: its tensor-parallel group's configurations (made once per width) on
/// each stage group's devices, under its schedule on the cuts of its virtual stages.
fn strategy_of(
    c: &Candidate,
    groups: &mut HashMap<(u32, bool), Vec<Config>>,
    cuts: &mut Cuts,
    graph: &Graph,
    phases: &Phases,
) -> Strategy {
    let group = groups
        .entry((c.tp, c.sp))
        .or_insert_with(|| crate::scheduled::tensor_parallel(graph, phases, c.tp, c.sp))
        .clone();
    let stage_of = cuts.stage_of(c.pp * c.vp).to_vec();
    let schedule = Schedule {
        replicas: c.replicas(),
        stages: c.pp,
        chunks: c.vp,
        micro_batches: c.m,
        order: c.order,
        recompute: c.recompute,
        zero: c.zero,
        ways: c.ways,
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
    Strategy { configs, schedule }
}

/// One candidate to simulate: its index among the sorted candidates, its time bound (siblings'
/// times included) and its strategy.
struct Simulated<'c> {
    index: usize,
    candidate: &'c Candidate,
    floor: f64,
    strategy: Strategy,
}

/// The simulation of the candidates, least bound first, until the best simulated time is at most
/// the next bound: what it found, and what it skipped and why.
struct Walk {
    /// The best: its time, strategy, candidate index.
    best: Option<(f64, Strategy, usize)>,
    /// Every fitting candidate simulated: time, peak bytes, index.
    fitting: Vec<(f64, u64, usize)>,
    /// The simulated candidate whose worst device needs least: bytes, device, spec.
    least_memory: Option<(u64, DeviceId, String)>,
    evaluated: usize,
    pruned_time: usize,
    /// Dropped over memory: by their bound before the walk, by their exact count during it.
    pruned_memory: usize,
    /// Candidates whose simulation failed, and the first one's error: nothing fitting among them
    /// is not "nothing fits".
    failed: usize,
    first_failure: Option<String>,
    stop: StopReason,
    complete: bool,
    /// Seconds spent evaluating so far, and the first (cold: nothing cached) evaluation's: under a
    /// deadline no evaluation starts that the mean one would carry past the time the caller's
    /// report needs (one cold evaluation of the result; at thousands of devices or 30k ops,
    /// seconds).
    spent: f64,
    cold: f64,
    /// Per candidate but its recomputation: the slowest simulated sibling that recomputes less.
    /// The pipeline model times the same stages with a recomputation no shorter (none ≤ selective
    /// ≤ full) and composes step times monotonically, so a sibling's time bounds a candidate that
    /// recomputes more, unless the sibling was one replicas-only task simulation (another model).
    lighter: HashMap<Sibling, f64>,
    /// Per ZeRO-2 candidate: its ZeRO-1 sibling's simulated time. The two run the same stages with
    /// the same step-end reduction, ZeRO-2 reduce-scattering every micro-batch besides, so ZeRO-1's
    /// time bounds ZeRO-2's: ZeRO-2 wins only where ZeRO-1 does not fit (it holds less).
    optimizer_only: HashMap<ZeroSibling, f64>,
}

/// `c` but its recomputation.
fn sibling(c: &Candidate) -> Sibling {
    (
        c.tp,
        c.pp,
        c.dp,
        c.ways,
        c.m,
        c.vp,
        c.zero.level() as u8,
        c.sp,
    )
}

/// `c` but its ZeRO stage.
fn zero_sibling(c: &Candidate) -> ZeroSibling {
    (c.tp, c.pp, c.dp, c.ways, c.m, c.vp, c.recompute, c.sp)
}

impl Walk {
    fn new(pruned_memory: usize) -> Walk {
        Walk {
            best: None,
            fitting: Vec::new(),
            least_memory: None,
            evaluated: 0,
            pruned_time: 0,
            pruned_memory,
            failed: 0,
            first_failure: None,
            stop: StopReason::Exact,
            complete: true,
            spent: 0.0,
            cold: 0.0,
            lighter: HashMap::new(),
            optimizer_only: HashMap::new(),
        }
    }

    /// The best simulated time so far.
    fn best_time(&self) -> Option<f64> {
        self.best.as_ref().map(|(time, _, _)| *time)
    }

    /// `c`'s time bound, raised by what its simulated siblings bound it by.
    fn floor(&self, c: &Candidate) -> f64 {
        let mut floor = match c.recompute {
            Recompute::None => c.time_floor,
            _ => c
                .time_floor
                .max(self.lighter.get(&sibling(c)).copied().unwrap_or(0.0)),
        };
        if c.zero == Zero::Gradients {
            floor = floor.max(
                self.optimizer_only
                    .get(&zero_sibling(c))
                    .copied()
                    .unwrap_or(0.0),
            );
        }
        floor
    }

    /// Why no further candidate is simulated, if none is: the budget's evaluations are spent
    /// (`cap`), or the deadline passed or would before the mean evaluation and a cold one end.
    fn stop_before_next(&self, run: &Run, cap: usize) -> Option<StopReason> {
        if self.evaluated >= cap {
            return Some(StopReason::Budget);
        }
        let mean = if self.evaluated > 0 {
            self.spent / self.evaluated as f64
        } else {
            0.0
        };
        let deadline = run.deadline;
        (deadline.expired()
            || matches!(run.budget, Budget::Time(_))
                && deadline
                    .remaining()
                    .is_some_and(|left| left.as_secs_f64() < mean + self.cold))
        .then_some(StopReason::Time)
    }

    /// Evaluates one candidate and keeps what it tells: over memory, failed, a bound it breaks, the
    /// siblings it bounds, fitting, the best.
    fn simulate(
        &mut self,
        ctx: &Context,
        run: &Run,
        next: Simulated,
        audit: bool,
        violations: &mut usize,
    ) {
        let Simulated {
            index: i,
            candidate: c,
            floor,
            strategy,
        } = next;
        let began = std::time::Instant::now();
        // The memory first (exact, nothing simulated): a candidate over memory is pruned with it.
        // Auditing simulates every candidate, and checks that memory against the simulated one.
        let evaluation = if audit {
            ctx.evaluate(&strategy).map(Fitting::Simulated)
        } else {
            ctx.evaluate_fitting(&strategy)
        };
        let took = began.elapsed().as_secs_f64();
        let evaluation = match evaluation {
            Ok(Fitting::OverMemory(groups)) => {
                self.pruned_memory += 1;
                if let Some(worst) = groups.iter().max_by_key(|g| g.memory.total()) {
                    self.note_memory(worst.memory.total(), worst.device, c);
                }
                return;
            }
            Ok(Fitting::Simulated(e)) => Ok(e),
            Err(error) => Err(error),
        };
        self.evaluated += 1;
        if self.evaluated == 1 {
            self.cold = took;
        }
        self.spent += took;
        if let Some(progress) = &run.progress {
            progress.candidate();
        }
        let e = match evaluation {
            Ok(e) => e,
            Err(error) => {
                self.failed += 1;
                self.first_failure
                    .get_or_insert_with(|| format!("{}: {error}", c.spec()));
                return;
            }
        };
        if audit && !unsimulated_memory_agrees(ctx, &strategy, &e) {
            *violations += 1;
            if std::env::var_os("FLEXC_PLAN_AUDIT").is_some() {
                eprintln!("memory counted without simulating differs: {}", c.spec());
            }
        }
        let peak = e.peak_memory();
        let symmetric =
            c.pp * c.vp == 1 && c.m == 1 && c.recompute == Recompute::None && c.zero == Zero::None;
        if !symmetric {
            let slot = self.lighter.entry(sibling(c)).or_insert(0.0);
            *slot = slot.max(e.iteration_s);
        }
        if c.zero == Zero::Optimizer {
            self.optimizer_only.insert(zero_sibling(c), e.iteration_s);
        }
        let slack = 1e-9;
        if e.iteration_s < floor * (1.0 - slack) || (peak as f64) < c.memory_floor * (1.0 - slack) {
            *violations += 1;
            if audit && std::env::var_os("FLEXC_PLAN_AUDIT").is_some() {
                eprintln!(
                    "bound violated: {} time {} < {} or memory {} < {}",
                    c.spec(),
                    e.iteration_s,
                    floor,
                    peak,
                    c.memory_floor
                );
            }
        }
        if !e.fits_memory() {
            let worst = e.groups.iter().max_by_key(|g| g.memory.total());
            if let Some(worst) = worst {
                self.note_memory(worst.memory.total(), worst.device, c);
            }
            return;
        }
        self.fitting.push((e.iteration_s, peak, i));
        if self.best_time().is_none_or(|t| e.iteration_s < t) {
            if let Some(progress) = &run.progress {
                progress.found(e.iteration_s);
            }
            self.best = Some((e.iteration_s, strategy, i));
        }
    }

    /// Keeps `c` as the least-memory candidate when its worst device (`bytes` on `device`) needs
    /// less than the one kept.
    fn note_memory(&mut self, bytes: u64, device: DeviceId, c: &Candidate) {
        if self
            .least_memory
            .as_ref()
            .is_none_or(|(b, _, _)| bytes < *b)
        {
            self.least_memory = Some((bytes, device, c.spec().to_string()));
        }
    }

    /// The search's statistics, with the fastest fitting candidates ranked (at most [`TOP`]).
    fn stats(
        &mut self,
        candidates: &[Candidate],
        enumerated: usize,
        violations: usize,
    ) -> PlanStats {
        let fitting = self.fitting.len();
        self.fitting
            .sort_by(|a, b| a.0.total_cmp(&b.0).then(a.2.cmp(&b.2)));
        let top: Vec<Ranked> = match &self.best {
            Some((best_time, _, w)) => {
                let winner = &candidates[*w];
                self.fitting
                    .iter()
                    .take(TOP)
                    .map(|&(time, memory, i)| {
                        let c = &candidates[i];
                        let why = if i == *w {
                            "chosen".to_string()
                        } else {
                            format!(
                                "{:.1}% slower: {}",
                                (time / best_time - 1.0) * 100.0,
                                c.differences(winner)
                            )
                        };
                        Ranked {
                            spec: c.spec(),
                            iteration_s: time,
                            memory,
                            why,
                        }
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        PlanStats {
            candidates: enumerated,
            pruned_memory: self.pruned_memory,
            pruned_time: self.pruned_time,
            evaluated: self.evaluated,
            fitting,
            complete: self.complete,
            best: self.best.as_ref().map(|b| candidates[b.2].spec()),
            top,
            bound_violations: violations,
        }
    }

    /// The search's answer: the best strategy evaluated once more for its memory, else why there
    /// is none (the budget ran out, nothing could be simulated, or nothing fits: the least-memory
    /// candidate simulated, else the least memory bound).
    fn outcome(
        self,
        ctx: &Context,
        candidates: &[Candidate],
        bounded: &Bounded,
        stats: PlanStats,
        capacity: u64,
        t0: Instant,
    ) -> Result<Found, SearchError> {
        let (evaluated, cold) = (self.evaluated, self.cold);
        match self.best {
            Some((time, strategy, i)) => {
                let e = ctx
                    .evaluate(&strategy)
                    .map_err(|e| SearchError::Pipeline(e.to_string()))?;
                Ok(Found {
                    iteration_time_s: time,
                    peak_memory: e.groups.iter().map(|g| g.memory.total()).collect(),
                    fits_memory: true,
                    strategy,
                    found_by: candidates[i].spec().to_string(),
                    stop: self.stop,
                    proposals: 0,
                    wall_s: t0.elapsed().as_secs_f64(),
                    details: Details::Plan(stats),
                })
            }
            // The budget stopped the search with candidates left unsimulated: whether one fits is
            // unknown, which is not "nothing fits".
            None if !self.complete => Err(SearchError::Expired(format!(
                "the schedule search ({evaluated} of {} candidates within the memory bound simulated{})",
                candidates.len(),
                if evaluated > 0 {
                    format!(", the first in {cold:.1} s")
                } else {
                    String::new()
                }
            ))),
            None => match self.least_memory {
                None if self.failed > 0 => Err(SearchError::Pipeline(format!(
                    "no schedule candidate could be simulated ({} of {evaluated} simulated failed; the first, {})",
                    self.failed,
                    self.first_failure.unwrap_or_default()
                ))),
                Some((needed, device, name)) => Err(SearchError::OutOfMemory {
                    device,
                    needed,
                    capacity,
                    strategy: name,
                }),
                None => match &bounded.least_floor {
                    Some((needed, name)) => Err(SearchError::OutOfMemory {
                        device: DeviceId(0),
                        needed: *needed as u64,
                        capacity,
                        strategy: format!("{name}, a lower bound"),
                    }),
                    None => Err(SearchError::Pipeline(format!(
                        "no schedule candidate could be simulated ({} enumerated)",
                        bounded.enumerated
                    ))),
                },
            },
        }
    }
}

/// Whether the memory counted without simulating `strategy` is the simulated one (`e`), device for
/// device (the audit's check).
fn unsimulated_memory_agrees(
    ctx: &Context,
    strategy: &Strategy,
    e: &crate::pipeline::Evaluation,
) -> bool {
    let unsimulated = ctx.memory(strategy).ok().flatten();
    unsimulated.as_ref().is_none_or(|groups| {
        groups.len() == e.groups.len()
            && groups
                .iter()
                .zip(&e.groups)
                .all(|(a, b)| a.device == b.device && a.memory == b.memory)
    })
}
