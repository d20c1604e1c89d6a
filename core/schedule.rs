//! The schedule of a strategy: how one training iteration is divided among data-parallel replicas,
//! pipeline stages and micro-batches, and what is recomputed or sharded (docs/design.md §10).
//!
//! A [`crate::strategy::Strategy`] is one [`crate::strategy::Config`] per op (the SOAP split of the op
//! and the devices of its tasks) plus a [`Schedule`]. The default schedule is *flat*: one replica, one
//! stage, one micro-batch, nothing recomputed or sharded, and the configurations place the whole
//! iteration on the machine's devices exactly as before this module existed.
//!
//! # Device layout
//! The `n` devices in use form `replicas` (d) *replicas* of `R = n / d` consecutive devices each; a
//! replica is `stages` (p) *groups* of `T = R / p` consecutive devices. Device `r·R + g·T + l` is local
//! device `l` of group `g` of replica `r` ([`Schedule::device`]). Every configuration names devices of
//! replica 0 (`[0, R)`); replica `r` runs the same configuration shifted by `r·R` on its own `1/d` of the
//! samples. These are logical devices: the engines (Megatron-LM and Megatron-Core, torchtitan, MaxText)
//! put the pipeline rank outermost, the data-parallel rank (context- and expert-parallel replicas
//! included) next and the tensor-parallel rank innermost, so that with `T` below a node's GPUs a
//! stage's replicas share a node and pipeline neighbours do not. The simulator prices every link
//! with that physical order: a pipelined schedule's machine is [`crate::machine::Machine::placed`]
//! (logical device `r·R + g·T + l` on GPU `g·(d·T) + r·T + l`; crate::machine, "Placement"), while
//! configurations, programs and exports keep the logical numbering. With one stage or one replica the
//! two orders coincide.
//!
//! # Stages, chunks, micro-batches
//! Each op has a *virtual stage* `k` in `[0, p·v)` ([`Schedule::stage_of`]): `v` = `chunks` virtual
//! stages per group, stage `k` on group `k mod p` as its chunk `k / p` (Megatron's interleaved
//! assignment; `v = 1` is the plain pipeline). Per replica, an iteration runs `micro_batches` (m)
//! micro-batches of `B / (d·m)` samples each (`B` the graph's batch); the ops that follow the batch
//! ([`Phases`]) run once per micro-batch in the order of [`Schedule::steps`], and weight gradients
//! accumulate across micro-batches before they are synchronized once. The configurations describe one
//! micro-batch: their sample splits divide the micro-batch.
//!
//! # Phases
//! [`Phases`] sorts the ops of a graph into what runs once before the micro-batches (*prologue*: no
//! loop follows the batch and nothing that does precedes it — a weight cast), what runs per
//! micro-batch (*forward* and, in a training-step graph that carries its own backward, *backward*), and
//! what runs once after them (*epilogue*: the optimizer update, the loss's final scaling). Micro-batches
//! and replicas, which cut the batch alike, are only sound where no epilogue op feeds a per-micro-batch
//! op (a batch norm's batch statistics do: [`Phases::micro_batch_blocker`]).
//!
//! # Recomputation and sharded weight state
//! [`Recompute`]: none; *selective* (Korthikanti et al. 2022: the tensors that are large next to the
//! work that makes them — attention scores and softmax — are recomputed in the backward instead of
//! kept); *full* (only each virtual stage's input is kept per micro-batch, and its forward is run again
//! before its backward). [`Zero`]: the optimizer state split over the data-parallel replicas (ZeRO-1, the
//! distributed optimizer: gradients reduce-scattered, updated weights all-gathered), or weights, gradients
//! and optimizer state all split (ZeRO-3/FSDP: each weight all-gathered before its forward and backward
//! uses, its gradient reduce-scattered).

use std::fmt;

use crate::graph::{DeviceId, Graph, OpId, TensorKind};

pub mod dimension;
pub mod spec;

pub use dimension::Ways;

/// The order in which a stage group runs its forward and backward passes of the micro-batches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Order {
    /// Every forward, then every backward (GPipe): `m` micro-batches of activations in flight.
    GPipe,
    /// One forward, one backward (PipeDream-Flush / Megatron-LM), interleaved over the chunks when a
    /// group holds several: at most `p − g` micro-batches in flight on group `g` (plain).
    #[default]
    OneFOneB,
}

/// What the backward recomputes instead of keeping it from the forward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Recompute {
    #[default]
    None,
    /// The tensors that are large next to the work that makes them (attention scores, softmax).
    Selective,
    /// Everything but each virtual stage's input.
    Full,
}

/// Which weight state is split over the data-parallel replicas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Zero {
    #[default]
    None,
    /// ZeRO-1, the distributed optimizer: optimizer state split; gradients reduce-scattered and updated
    /// weights all-gathered (the bytes of an all-reduce).
    Optimizer,
    /// ZeRO-2: optimizer state and gradients split; each micro-batch's gradients reduce-scattered
    /// into the owner's shard, updated weights all-gathered after the step (DeepSpeed stage 2).
    Gradients,
    /// ZeRO-3 / FSDP: weights, gradients and optimizer state split; weights all-gathered before each
    /// use, gradients reduce-scattered after each micro-batch's backward.
    Full,
}

impl Recompute {
    pub const ALL: [Recompute; 3] = [Recompute::None, Recompute::Selective, Recompute::Full];

    pub fn name(self) -> &'static str {
        match self {
            Recompute::None => "none",
            Recompute::Selective => "selective",
            Recompute::Full => "full",
        }
    }

    pub fn from_name(name: &str) -> Option<Recompute> {
        Recompute::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl Zero {
    pub const ALL: [Zero; 4] = [Zero::None, Zero::Optimizer, Zero::Gradients, Zero::Full];

    /// The ZeRO stage: 0, 1, 2 or 3.
    pub fn level(self) -> u32 {
        match self {
            Zero::None => 0,
            Zero::Optimizer => 1,
            Zero::Gradients => 2,
            Zero::Full => 3,
        }
    }

    pub fn from_level(level: u32) -> Option<Zero> {
        Zero::ALL.into_iter().find(|z| z.level() == level)
    }
}

impl Order {
    pub fn name(self) -> &'static str {
        match self {
            Order::GPipe => "gpipe",
            Order::OneFOneB => "1f1b",
        }
    }

    pub fn from_name(name: &str) -> Option<Order> {
        [Order::GPipe, Order::OneFOneB]
            .into_iter()
            .find(|o| o.name() == name)
    }
}

/// The most forward passes of (micro-batch, virtual stage) pairs a schedule may run per iteration
/// ([`Schedule::check`]): far beyond any real schedule, small enough that a group's order
/// ([`Schedule::steps`]) is counted in `u32` and fits memory.
pub const MAX_STEPS: u64 = 1 << 24;

/// How one iteration is divided among replicas, stages and micro-batches (module doc).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Schedule {
    /// Data-parallel replicas `d` of the whole pipeline, the ranks of the dimensions that share their
    /// samples counted (context parallelism: `dp · cp` copies of the weights, the group their gradients
    /// are reduced over, Megatron-Core's combined data- and context-parallel group). The batch is cut
    /// over [`Schedule::batch_replicas`] of them.
    pub replicas: u32,
    /// Pipeline device groups `p` per replica.
    pub stages: u32,
    /// Virtual stages `v` per group (interleaved 1F1B when above 1).
    pub chunks: u32,
    /// Micro-batches `m` per replica and iteration (gradient accumulation steps).
    pub micro_batches: u32,
    pub order: Order,
    pub recompute: Recompute,
    pub zero: Zero,
    /// The ways of the parallelism dimensions beyond tp, pp and dp ([`dimension`]): expert
    /// parallelism (the experts of every mixture-of-experts layer split over consecutive replicas,
    /// [`crate::experts`]; the configurations still describe replica 0 with every expert), context
    /// parallelism (consecutive replicas sharing their samples, each attention's sequence split over
    /// them, [`crate::context`]). Each divides `replicas`.
    pub ways: Ways,
    /// Virtual stage of every op, indexed by [`OpId`]; empty when there is one (`p·v = 1`).
    pub stage_of: Vec<u32>,
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule {
            replicas: 1,
            stages: 1,
            chunks: 1,
            micro_batches: 1,
            order: Order::OneFOneB,
            recompute: Recompute::None,
            zero: Zero::None,
            ways: Ways::default(),
            stage_of: Vec::new(),
        }
    }
}

/// Which pass of a micro-batch a step runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pass {
    Forward,
    Backward,
}

/// One step of a stage group's order: a pass of one micro-batch through one of its chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Step {
    pub pass: Pass,
    pub micro_batch: u32,
    pub chunk: u32,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pass = match self.pass {
            Pass::Forward => 'F',
            Pass::Backward => 'B',
        };
        write!(f, "{pass}{}", self.micro_batch)?;
        if self.chunk > 0 {
            write!(f, ".{}", self.chunk)?;
        }
        Ok(())
    }
}

impl Schedule {
    /// The flat schedule (module doc).
    pub fn flat() -> Schedule {
        Schedule::default()
    }

    /// One replica, one stage, one micro-batch, nothing recomputed or sharded: the strategy is its
    /// configurations alone.
    pub fn is_flat(&self) -> bool {
        self.replicas == 1
            && self.virtual_stages() == 1
            && self.micro_batches == 1
            && self.recompute == Recompute::None
            && self.zero == Zero::None
            && self.ways.is_none()
    }

    /// Whether one replica runs its micro-batches through several stages or chunks.
    pub fn is_pipelined(&self) -> bool {
        self.virtual_stages() > 1
    }

    /// `p·v`.
    pub fn virtual_stages(&self) -> u32 {
        self.stages.saturating_mul(self.chunks)
    }

    /// The virtual stage of `op` (0 without stages).
    pub fn stage_of(&self, op: OpId) -> u32 {
        self.stage_of.get(op.index()).copied().unwrap_or(0)
    }

    /// The group that runs virtual stage `k`.
    pub fn group_of_stage(&self, k: u32) -> u32 {
        k % self.stages.max(1)
    }

    /// The chunk (of its group) that virtual stage `k` is.
    pub fn chunk_of_stage(&self, k: u32) -> u32 {
        k / self.stages.max(1)
    }

    /// The virtual stage that is chunk `c` of group `g`.
    pub fn stage_at(&self, group: u32, chunk: u32) -> u32 {
        chunk * self.stages + group
    }

    /// What a mesh sharding keeps of this schedule (the exports to XLA and torch meshes): one stage,
    /// one chunk, one micro-batch, and ZeRO 0 or 3 — ZeRO-1 and 2 split the step's own update, not the
    /// mesh's weights, so they become 0; no dimension among the replicas (expert parallelism: the
    /// configurations hold every expert); the replicas are kept.
    pub fn as_mesh(&mut self) {
        for (dim, d, _) in self.ways.clone().iter() {
            if d.layout() == dimension::Layout::AmongReplicas {
                self.ways.set(dim, 1);
            }
        }
        self.stages = 1;
        self.chunks = 1;
        self.micro_batches = 1;
        self.stage_of.clear();
        if matches!(self.zero, Zero::Optimizer | Zero::Gradients) {
            self.zero = Zero::None;
        }
    }

    /// Devices per replica on `n` devices.
    pub fn replica_width(&self, n: u32) -> u32 {
        n / self.replicas.max(1)
    }

    /// Devices per group on `n` devices.
    pub fn group_width(&self, n: u32) -> u32 {
        self.replica_width(n) / self.stages.max(1)
    }

    /// Device `l` of group `g` of replica `r` on `n` devices (module doc).
    pub fn device(&self, n: u32, replica: u32, group: u32, local: u32) -> DeviceId {
        DeviceId(replica * self.replica_width(n) + group * self.group_width(n) + local)
    }

    /// The group of replica 0 that device `d` (of replica 0) belongs to.
    pub fn group_of_device(&self, n: u32, d: DeviceId) -> u32 {
        let t = self.group_width(n).max(1);
        (d.0 % self.replica_width(n).max(1)) / t
    }

    /// The replicas the batch is cut over: `replicas` over the ways of the dimensions whose ranks
    /// share their samples (a context-parallel group's).
    pub fn batch_replicas(&self) -> u32 {
        self.replicas / self.ways.sharing_samples()
    }

    /// Samples per micro-batch for a graph batch of `batch`, when the schedule divides it.
    pub fn micro_batch_size(&self, batch: u64) -> Option<u64> {
        let parts = u64::from(self.batch_replicas()) * u64::from(self.micro_batches);
        (parts > 0 && batch % parts == 0).then(|| batch / parts)
    }

    /// The schedule's own rules on `n` devices and a graph of `ops` ops (the configurations are checked
    /// against the layout by [`Schedule::check_configs`]).
    pub fn check(&self, n: u32, ops: usize) -> Result<(), String> {
        for (name, value) in [
            ("replicas", self.replicas),
            ("stages", self.stages),
            ("chunks", self.chunks),
            ("micro-batches", self.micro_batches),
        ] {
            if value == 0 {
                return Err(format!("the schedule has 0 {name}; it needs at least 1"));
            }
        }
        if let Some((_, d, _)) = self.ways.iter().find(|&(_, _, w)| w == 0) {
            return Err(format!(
                "the schedule has 0 {} ways; it needs at least 1",
                d.adjective()
            ));
        }
        // Virtual stages interleave the groups of a pipeline; one stage has nothing to interleave with
        // (a `--strategy` spec says so in `Spec::check_keys`; an edited `#par.schedule` here).
        if self.chunks > 1 && self.stages == 1 {
            return Err(format!(
                "the schedule has {} chunks (interleaved:{}) but one pipeline stage: virtual stages divide pipeline stages, so give stages = 2 or more, or chunks = 1",
                self.chunks, self.chunks
            ));
        }
        if n % self.replicas != 0 {
            return Err(format!(
                "the schedule's {} data-parallel replicas do not divide the {n} devices",
                self.replicas
            ));
        }
        self.ways.check_schedule(self.replicas)?;
        let r = n / self.replicas;
        if r % self.stages != 0 {
            return Err(format!(
                "the schedule's {} pipeline stages do not divide the {r} devices of a replica",
                self.stages
            ));
        }
        if self.chunks > 1 && self.order == Order::OneFOneB && self.micro_batches % self.stages != 0
        {
            return Err(format!(
                "the interleaved schedule needs the micro-batches ({}) to be a multiple of the stages ({})",
                self.micro_batches, self.stages
            ));
        }
        // Virtual stages and the steps of a group's order, counted without overflow: both come from a
        // user (a `--strategy` spec or an edited `#par.schedule`), and every op is on one virtual stage.
        let virtual_stages = u64::from(self.stages) * u64::from(self.chunks);
        if ops > 0 && virtual_stages > ops as u64 {
            return Err(format!(
                "the schedule has {virtual_stages} virtual stages ({} stages × {} chunks), but the graph has {ops} ops to put on them",
                self.stages, self.chunks
            ));
        }
        if virtual_stages * u64::from(self.micro_batches) > MAX_STEPS {
            return Err(format!(
                "the schedule runs {} micro-batches through {virtual_stages} virtual stages ({} stages × {} chunks): more than {MAX_STEPS} passes per iteration",
                self.micro_batches, self.stages, self.chunks
            ));
        }
        let k = self.virtual_stages();
        if k == 1 {
            if !self.stage_of.is_empty() && self.stage_of.iter().any(|&s| s != 0) {
                return Err("the schedule has one stage but ops on others".into());
            }
        } else {
            if self.stage_of.len() != ops {
                return Err(format!(
                    "the schedule gives {} ops a stage, but the graph has {ops}",
                    self.stage_of.len()
                ));
            }
            if let Some((op, &s)) = self.stage_of.iter().enumerate().find(|(_, &s)| s >= k) {
                return Err(format!(
                    "op #{op} is on virtual stage {s}, but the schedule has {k} ({} stages × {} chunks)",
                    self.stages, self.chunks
                ));
            }
        }
        Ok(())
    }

    /// Every per-micro-batch op's devices inside the group of its stage (`Ok` for a flat layout).
    /// `devices(op)` lists an op's configured devices; `phases` tells which ops run per micro-batch.
    pub fn check_configs<'d>(
        &self,
        n: u32,
        phases: &Phases,
        mut devices: impl FnMut(OpId) -> &'d [DeviceId],
    ) -> Result<(), (OpId, String)> {
        let r = self.replica_width(n);
        let t = self.group_width(n).max(1);
        for (i, &phase) in phases.phase.iter().enumerate() {
            let op = OpId::new(i);
            let stage = self.stage_of(op);
            let group = self.group_of_stage(stage);
            let lo = group * t;
            for &d in devices(op) {
                if d.0 >= r && self.replicas <= 1 {
                    return Err((
                        op,
                        format!(
                            "places a task on device {}, but device ids must be in [0, {r})",
                            d.0
                        ),
                    ));
                }
                if d.0 >= r {
                    return Err((
                        op,
                        format!(
                            "is placed on device {}, outside replica 0's devices [0, {r}) ({} replicas of {r})",
                            d.0, self.replicas
                        ),
                    ));
                }
                let per_micro_batch = matches!(phase, Phase::Forward | Phase::Backward);
                if per_micro_batch && !(lo..lo + t).contains(&d.0) {
                    return Err((
                        op,
                        format!(
                            "is on pipeline stage {stage} (devices [{lo}, {})) but placed on device {}",
                            lo + t,
                            d.0
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The steps group `g` runs in one iteration, in order (module doc; Megatron-LM's schedules).
    pub fn steps(&self, group: u32) -> Vec<Step> {
        let (p, v, m) = (
            self.stages.max(1),
            self.chunks.max(1),
            self.micro_batches.max(1),
        );
        let f = |micro_batch, chunk| Step {
            pass: Pass::Forward,
            micro_batch,
            chunk,
        };
        let b = |micro_batch, chunk| Step {
            pass: Pass::Backward,
            micro_batch,
            chunk,
        };
        let mut out =
            Vec::with_capacity((2 * u64::from(m) * u64::from(v)).min(2 * MAX_STEPS) as usize);
        match self.order {
            Order::GPipe => {
                for c in 0..v {
                    out.extend((0..m).map(|j| f(j, c)));
                }
                for c in (0..v).rev() {
                    out.extend((0..m).map(|j| b(j, c)));
                }
            }
            Order::OneFOneB if v == 1 => {
                let warmup = (p - group - 1).min(m);
                out.extend((0..warmup).map(|j| f(j, 0)));
                for i in 0..m - warmup {
                    out.push(f(warmup + i, 0));
                    out.push(b(i, 0));
                }
                out.extend((m - warmup..m).map(|j| b(j, 0)));
            }
            Order::OneFOneB => {
                // Megatron-LM's interleaved schedule: the k-th forward runs chunk (k mod pv) / p of
                // micro-batch (k / pv)·p + k mod p; backwards walk the chunks in reverse.
                let total = m * v;
                let warmup = if m == p {
                    total
                } else {
                    ((p - group - 1) * 2 + (v - 1) * p).min(total)
                };
                let mb = |k: u32| (k / (p * v)) * p + k % p;
                let fwd = |k: u32| f(mb(k), (k % (p * v)) / p);
                let bwd = |k: u32| b(mb(k), v - 1 - (k % (p * v)) / p);
                out.extend((0..warmup).map(fwd));
                for i in 0..total - warmup {
                    out.push(fwd(warmup + i));
                    out.push(bwd(i));
                }
                out.extend((total - warmup..total).map(bwd));
            }
        }
        out
    }

    /// The most (micro-batch, chunk) pairs whose forward has run and whose backward has not, at any
    /// point of group `g`'s order, weighted by `kept(chunk)` bytes: the activation memory a stage
    /// group holds at its worst moment, before the transient memory of the running pass.
    pub fn peak_in_flight(&self, group: u32, kept: impl Fn(u32) -> u64) -> u64 {
        let (mut now, mut peak) = (0u64, 0u64);
        for step in self.steps(group) {
            match step.pass {
                Pass::Forward => {
                    now += kept(step.chunk);
                    peak = peak.max(now);
                }
                Pass::Backward => now -= kept(step.chunk),
            }
        }
        peak
    }

    /// `dp=4 ep=2 pp=2 vp=2 m=8 1f1b recompute=selective zero=1`, the non-default parts only; `flat` when
    /// there are none (`dp` the replicas the batch is cut over, the dimensions used after it).
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if self.batch_replicas() > 1 {
            parts.push(format!("dp={}", self.batch_replicas()));
        }
        parts.extend(self.ways.words());
        if self.stages > 1 {
            parts.push(format!("pp={}", self.stages));
        }
        if self.chunks > 1 {
            parts.push(format!("vp={}", self.chunks));
        }
        if self.micro_batches > 1 {
            parts.push(format!("m={}", self.micro_batches));
        }
        if self.is_pipelined() {
            parts.push(self.order.name().to_string());
        }
        if self.recompute != Recompute::None {
            parts.push(format!("recompute={}", self.recompute.name()));
        }
        if self.zero != Zero::None {
            parts.push(format!("zero={}", self.zero.level()));
        }
        if parts.is_empty() {
            "flat".into()
        } else {
            parts.join(" ")
        }
    }
}

/// When an op runs in a scheduled iteration (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Once, before the micro-batches: nothing it reads follows the batch.
    Prologue,
    /// Per micro-batch, in the forward pass.
    Forward,
    /// Per micro-batch, in the backward pass (training-step graphs that carry their backward).
    Backward,
    /// Once, after the micro-batches: it reads what follows the batch but does not itself (the update).
    Epilogue,
}

/// The phase of every op of a graph ([`Phases::new`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phases {
    /// Indexed by [`OpId`].
    pub phase: Vec<Phase>,
}

impl Phases {
    /// Phases of `graph`, whose loops that follow the batch are `batch_loops`
    /// ([`crate::batch::batch_loops`]). `training_step`: the graph carries its own backward (an as-is
    /// training step); its per-micro-batch ops are split into the forward (every op the loss depends
    /// on) and the backward (the rest). The loss is every scalar result that does not come out of an
    /// epilogue chain reading a weight (an updated weight does); when there is none, every
    /// per-micro-batch op is forward.
    pub fn new(graph: &Graph, batch_loops: &[Vec<bool>], training_step: bool) -> Phases {
        let n = graph.num_ops();
        let follows: Vec<bool> = (0..n)
            .map(|i| batch_loops.get(i).is_some_and(|l| l.iter().any(|&x| x)))
            .collect();
        // After the batch: an op that does not follow it but reads (transitively) one that does.
        let mut after = vec![false; n];
        for id in graph.topological_order() {
            let op = graph.op(id);
            after[id.index()] = !follows[id.index()]
                && op.inputs.iter().any(|a| {
                    graph
                        .tensor(a.tensor)
                        .producer
                        .is_some_and(|p| follows[p.index()] || after[p.index()])
                });
        }
        let mut phase: Vec<Phase> = (0..n)
            .map(|i| {
                if follows[i] {
                    Phase::Forward
                } else if after[i] {
                    Phase::Epilogue
                } else {
                    Phase::Prologue
                }
            })
            .collect();
        if training_step {
            // Epilogue ops whose chain (within the epilogue) reads a weight: updates.
            let mut updates = vec![false; n];
            for id in graph.topological_order() {
                let i = id.index();
                if phase[i] != Phase::Epilogue {
                    continue;
                }
                updates[i] = graph.op(id).inputs.iter().any(|a| {
                    let t = graph.tensor(a.tensor);
                    t.kind == TensorKind::Weight || t.producer.is_some_and(|p| updates[p.index()])
                });
            }
            let forward = crate::graph::ancestors(
                graph,
                crate::graph::scalar_results(graph).filter(|p| !updates[p.index()]),
            );
            if (0..n).any(|i| forward[i] && follows[i]) {
                for i in 0..n {
                    if follows[i] && !forward[i] {
                        phase[i] = Phase::Backward;
                    }
                }
            }
        }
        Phases { phase }
    }

    /// Every op in the forward (a graph without a batch: nothing to split into micro-batches).
    pub fn all_forward(graph: &Graph) -> Phases {
        Phases {
            phase: vec![Phase::Forward; graph.num_ops()],
        }
    }

    pub fn of(&self, op: OpId) -> Phase {
        self.phase[op.index()]
    }

    /// Whether `op` runs once per micro-batch.
    pub fn per_micro_batch(&self, op: OpId) -> bool {
        matches!(self.of(op), Phase::Forward | Phase::Backward)
    }

    /// An epilogue op read by a per-micro-batch op, which micro-batches would change (a batch norm's
    /// statistics over the whole batch feeding its normalization): the op that reads it, and the
    /// epilogue op. `None` when micro-batches and replicas are sound.
    pub fn micro_batch_blocker(&self, graph: &Graph) -> Option<(OpId, OpId)> {
        graph.topological_order().find_map(|id| {
            if !self.per_micro_batch(id) {
                return None;
            }
            graph.op(id).inputs.iter().find_map(|a| {
                let p = graph.tensor(a.tensor).producer?;
                (self.of(p) == Phase::Epilogue).then_some((id, p))
            })
        })
    }

    /// Which ops the backward of their stage runs again instead of keeping their results, per op
    /// (`par-materialize` replays them before the stage's backward ops; what it keeps per micro-batch is
    /// what is not replayed), under `schedule`'s recomputation and stages:
    /// - none ([`Recompute::None`]): nothing;
    /// - full ([`Recompute::Full`]): every forward op (a stage keeps its inputs);
    /// - selective ([`Recompute::Selective`]): the forward ops that read no weight and make a tensor a backward op
    ///   reads that is larger than every non-weight tensor a weighted op of their stage reads or writes
    ///   (attention scores and probabilities; the rule of `crate::pipeline`'s memory model).
    pub fn recomputed(&self, graph: &Graph, schedule: &Schedule) -> Vec<bool> {
        let reads_weight = |id: OpId| {
            graph
                .op(id)
                .inputs
                .iter()
                .any(|a| graph.tensor(a.tensor).kind == TensorKind::Weight)
        };
        // Per stage: the largest non-weight tensor a weighted op touches.
        let mut weighted_max: Vec<u64> = vec![0; schedule.virtual_stages().max(1) as usize];
        for id in graph.topological_order() {
            if !reads_weight(id) {
                continue;
            }
            let op = graph.op(id);
            let stage = schedule.stage_of(id) as usize;
            for a in op.inputs.iter().chain(&op.outputs) {
                let t = graph.tensor(a.tensor);
                if t.kind != TensorKind::Weight && stage < weighted_max.len() {
                    weighted_max[stage] = weighted_max[stage].max(t.bytes());
                }
            }
        }
        graph
            .topological_order()
            .map(|id| {
                if self.of(id) != Phase::Forward {
                    return false;
                }
                match schedule.recompute {
                    Recompute::None => false,
                    Recompute::Full => true,
                    Recompute::Selective => {
                        let limit = weighted_max
                            .get(schedule.stage_of(id) as usize)
                            .copied()
                            .unwrap_or(u64::MAX);
                        !reads_weight(id)
                            && graph.op(id).outputs.iter().any(|a| {
                                graph.tensor(a.tensor).bytes() > limit
                                    && graph
                                        .consumers(a.tensor)
                                        .iter()
                                        .any(|&c| self.of(c) == Phase::Backward)
                            })
                    }
                }
            })
            .collect()
    }

    /// Completes a stage assignment whose forward ops are set: backward ops go to the last stage among
    /// the forward ops whose results they read, but never past a stage their backward producers are on
    /// (gradients flow to lower stages); backward ops that read neither (a constant seed of the
    /// gradients) to the highest stage of their readers; prologue ops to the lowest stage among their
    /// readers and epilogue ops to the highest among their producers.
    pub fn complete_stages(&self, graph: &Graph, stage_of: &mut [u32]) {
        let n = graph.num_ops();
        let producers = |id: OpId| {
            graph
                .op(id)
                .inputs
                .iter()
                .filter_map(|a| graph.tensor(a.tensor).producer)
                .collect::<Vec<_>>()
        };
        // The highest stage among `id`'s producers already set.
        let latest_producer = |id: OpId, set: &[bool], stage_of: &[u32]| {
            producers(id)
                .iter()
                .filter(|p| set[p.index()])
                .map(|p| stage_of[p.index()])
                .max()
        };
        let mut set = vec![false; n];
        for id in graph.topological_order() {
            let i = id.index();
            match self.of(id) {
                Phase::Forward => set[i] = true,
                Phase::Backward => {
                    let ps = producers(id);
                    let home = ps
                        .iter()
                        .filter(|p| self.of(**p) == Phase::Forward)
                        .map(|p| stage_of[p.index()])
                        .max();
                    let cap = ps
                        .iter()
                        .filter(|p| self.of(**p) == Phase::Backward && set[p.index()])
                        .map(|p| stage_of[p.index()])
                        .min();
                    if let Some(s) = match (home, cap) {
                        (Some(h), Some(c)) => Some(h.min(c)),
                        (h, c) => h.or(c),
                    } {
                        stage_of[i] = s;
                        set[i] = true;
                    }
                }
                Phase::Epilogue => {
                    if let Some(s) = latest_producer(id, &set, stage_of) {
                        stage_of[i] = s;
                        set[i] = true;
                    }
                }
                Phase::Prologue => {}
            }
        }
        // Seeds and prologue ops: from their readers, last reader first.
        for id in graph.topological_order().rev() {
            let i = id.index();
            if set[i] {
                continue;
            }
            let readers: Vec<u32> = graph
                .op(id)
                .outputs
                .iter()
                .flat_map(|a| graph.consumers(a.tensor))
                .filter(|c| set[c.index()])
                .map(|c| stage_of[c.index()])
                .collect();
            let s = match self.of(id) {
                Phase::Prologue => readers.iter().min(),
                _ => readers.iter().max(),
            };
            if let Some(&s) = s {
                stage_of[i] = s;
                set[i] = true;
            }
        }
        // Epilogue ops of unset producers (a seed's epilogue) follow them now.
        for id in graph.topological_order() {
            let i = id.index();
            if !set[i] {
                if let Some(s) = latest_producer(id, &set, stage_of) {
                    stage_of[i] = s;
                }
                set[i] = true;
            }
        }
    }
}

/// The forward ops `forward` (in program order, with their `costs`) cut into `k` contiguous stages of
/// about equal cost, each boundary moved, within half a stage's share of its ideal place, to where the
/// forward carries the fewest bytes across (between two layers only the residual stream crosses; inside
/// an attention block its scores would). Returns each forward op's stage, in `forward`'s order.
pub fn balanced_cuts(graph: &Graph, forward: &[OpId], costs: &[f64], k: u32) -> Vec<u32> {
    let n = forward.len();
    let k = k.max(1);
    if n == 0 || k == 1 {
        return vec![0; n];
    }
    let position: std::collections::HashMap<OpId, usize> =
        forward.iter().enumerate().map(|(p, &id)| (id, p)).collect();
    // Bytes carried from position p to p + 1: activations produced at or before p, read after p.
    let mut delta = vec![0i128; n + 1];
    for (p, &id) in forward.iter().enumerate() {
        for a in &graph.op(id).outputs {
            let last = graph
                .consumers(a.tensor)
                .iter()
                .filter_map(|c| position.get(c))
                .copied()
                .max();
            if let Some(last) = last.filter(|&l| l > p) {
                let bytes = i128::from(graph.tensor(a.tensor).bytes());
                delta[p] += bytes;
                delta[last] -= bytes;
            }
        }
    }
    let mut carried = vec![0i128; n];
    let mut now = 0i128;
    for p in 0..n {
        now += delta[p];
        carried[p] = now;
    }
    let total: f64 = costs.iter().sum();
    let share = if total > 0.0 {
        total / f64::from(k)
    } else {
        0.0
    };
    let mut cumulative = Vec::with_capacity(n);
    let mut acc = 0.0;
    for &c in costs {
        acc += if total > 0.0 { c } else { 1.0 };
        cumulative.push(acc);
    }
    let share = if total > 0.0 {
        share
    } else {
        n as f64 / f64::from(k)
    };
    // Boundary after position `cut[s]` for s in 1..k.
    let mut cuts: Vec<usize> = Vec::with_capacity(k as usize - 1);
    let mut from = 0usize;
    for s in 1..k {
        let target = share * f64::from(s);
        let window: Vec<usize> = (from..n.saturating_sub(1))
            .filter(|&p| (cumulative[p] - target).abs() <= share / 2.0)
            .collect();
        let pick = window
            .iter()
            .copied()
            .min_by(|&a, &b| {
                carried[a].cmp(&carried[b]).then(
                    (cumulative[a] - target)
                        .abs()
                        .total_cmp(&(cumulative[b] - target).abs()),
                )
            })
            .unwrap_or_else(|| {
                (from..n.saturating_sub(1))
                    .min_by(|&a, &b| {
                        (cumulative[a] - target)
                            .abs()
                            .total_cmp(&(cumulative[b] - target).abs())
                    })
                    .unwrap_or(from)
            });
        cuts.push(pick);
        from = pick + 1;
    }
    let mut stage = 0u32;
    let mut out = Vec::with_capacity(n);
    for p in 0..n {
        out.push(stage.min(k - 1));
        if cuts.get(stage as usize) == Some(&p) {
            stage += 1;
        }
    }
    out
}

/// Cuts `costs` (per item, in order) into `k` contiguous parts of about equal total cost: the part
/// of each item. Item `i` goes to the part its cost midpoint falls in, so an item heavier than a part's
/// share spans no boundary; without any cost, items are balanced by count. Parts may be empty when
/// there are fewer items than parts.
pub fn balanced_parts(costs: &[f64], k: u32) -> Vec<u32> {
    let k = k.max(1);
    let total: f64 = costs.iter().sum();
    let count = costs.len().max(1) as f64;
    let mut before = 0.0;
    costs
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let fraction = if total > 0.0 {
                let mid = before + c / 2.0;
                before += c;
                mid / total
            } else {
                (i as f64 + 0.5) / count
            };
            ((fraction * f64::from(k)) as u32).min(k - 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ep` ways of expert parallelism and `cp` of context parallelism.
    pub(crate) fn ways(ep: u32, cp: u32) -> Ways {
        let mut ways = Ways::default();
        ways.set(dimension::EXPERT, ep);
        ways.set(dimension::CONTEXT, cp);
        ways
    }

    fn schedule(p: u32, v: u32, m: u32, order: Order) -> Schedule {
        Schedule {
            stages: p,
            chunks: v,
            micro_batches: m,
            order,
            ..Schedule::default()
        }
    }

    fn text(steps: &[Step]) -> String {
        steps
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn check_bounds_virtual_stages_and_passes_without_overflow() {
        let s = |stages, chunks, micro_batches| Schedule {
            stages,
            chunks,
            micro_batches,
            ..Schedule::default()
        };
        let e = s(2, u32::MAX, 4).check(4, 11).unwrap_err();
        assert!(e.contains("8589934590 virtual stages"), "{e}");
        let e = s(2, 1_000_000, 4).check(4, 11).unwrap_err();
        assert!(e.contains("2000000 virtual stages"), "{e}");
        // Without ops to count (the layout alone), the passes per iteration still bound it.
        let e = s(2, u32::MAX, 4).check(4, 0).unwrap_err();
        assert!(e.contains("passes per iteration"), "{e}");
        let e = s(2, 2, 4_000_000_000).check(4, 0).unwrap_err();
        assert!(e.contains("passes per iteration"), "{e}");
        assert!(s(2, 2, 4).check(4, 0).is_ok());
        // Chunks on a one-stage pipeline, however few.
        let e = s(1, 2, 4).check(4, 11).unwrap_err();
        assert!(
            e.contains("2 chunks (interleaved:2) but one pipeline stage"),
            "{e}"
        );
        let e = s(1, u32::MAX, 4).check(4, 11).unwrap_err();
        assert!(e.contains("one pipeline stage"), "{e}");
        assert!(s(1, 1, 4).check(4, 11).is_ok());
    }

    #[test]
    fn one_f_one_b_warms_up_p_minus_g_minus_one_forwards() {
        let s = schedule(4, 1, 6, Order::OneFOneB);
        assert_eq!(text(&s.steps(0)), "F0 F1 F2 F3 B0 F4 B1 F5 B2 B3 B4 B5");
        assert_eq!(text(&s.steps(3)), "F0 B0 F1 B1 F2 B2 F3 B3 F4 B4 F5 B5");
        // In flight: p − g micro-batches.
        for g in 0..4 {
            assert_eq!(s.peak_in_flight(g, |_| 1), u64::from(4 - g));
        }
    }

    #[test]
    fn gpipe_keeps_every_micro_batch_in_flight() {
        let s = schedule(4, 1, 6, Order::GPipe);
        assert_eq!(text(&s.steps(2)), "F0 F1 F2 F3 F4 F5 B0 B1 B2 B3 B4 B5");
        assert_eq!(s.peak_in_flight(0, |_| 1), 6);
    }

    #[test]
    fn interleaved_schedule_runs_every_chunk_of_every_micro_batch_once() {
        let s = schedule(2, 2, 4, Order::OneFOneB);
        for g in 0..2 {
            let steps = s.steps(g);
            assert_eq!(steps.len(), 16);
            for pass in [Pass::Forward, Pass::Backward] {
                let mut seen: Vec<(u32, u32)> = steps
                    .iter()
                    .filter(|st| st.pass == pass)
                    .map(|st| (st.micro_batch, st.chunk))
                    .collect();
                seen.sort();
                let all: Vec<(u32, u32)> =
                    (0..4).flat_map(|j| (0..2).map(move |c| (j, c))).collect();
                assert_eq!(seen, all);
            }
            // A chunk's backward of a micro-batch comes after its forward.
            for (i, st) in steps.iter().enumerate() {
                if st.pass == Pass::Backward {
                    assert!(steps[..i].iter().any(|f| f.pass == Pass::Forward
                        && f.micro_batch == st.micro_batch
                        && f.chunk == st.chunk));
                }
            }
        }
        // Megatron's warm-up on the first group: (p − 1)·2 + (v − 1)·p forwards.
        assert_eq!(text(&s.steps(0)[..5]), "F0 F1 F0.1 F1.1 F2");
    }

    #[test]
    fn layout_numbers_groups_inside_replicas() {
        let s = Schedule {
            replicas: 2,
            stages: 4,
            ..Schedule::default()
        };
        // 16 devices: replicas of 8, groups of 2.
        assert_eq!(s.device(16, 1, 2, 1), DeviceId(13));
        assert_eq!(s.group_of_device(16, DeviceId(5)), 2);
        assert!(s.check(16, 3).is_err(), "4 stages need a stage per op");
        assert_eq!(
            Schedule {
                replicas: 3,
                ..Schedule::default()
            }
            .check(16, 0)
            .unwrap_err(),
            "the schedule's 3 data-parallel replicas do not divide the 16 devices"
        );
        assert_eq!(
            Schedule {
                replicas: 4,
                ways: ways(3, 1),
                ..Schedule::default()
            }
            .check(16, 0)
            .unwrap_err(),
            "the schedule's expert parallelism (3) does not divide its 4 data-parallel replicas: the experts are split over replicas (ep divides dp)"
        );
        let e = Schedule {
            replicas: 6,
            ways: ways(1, 4),
            ..Schedule::default()
        }
        .check(12, 0)
        .unwrap_err();
        assert!(
            e.contains("context parallelism (4) does not divide its 6 replicas"),
            "{e}"
        );
        let e = Schedule {
            replicas: 4,
            ways: ways(2, 2),
            ..Schedule::default()
        }
        .check(8, 0)
        .unwrap_err();
        assert!(e.contains("not modelled"), "{e}");
    }

    #[test]
    fn fields_round_trip() {
        let s = Schedule {
            replicas: 4,
            stages: 2,
            chunks: 2,
            micro_batches: 8,
            order: Order::OneFOneB,
            recompute: Recompute::Selective,
            zero: Zero::Optimizer,
            ways: ways(2, 1),
            stage_of: vec![],
        };
        let mut t = Schedule::default();
        for (k, _, v) in s.fields() {
            t.set_field(k, &v.text()).unwrap();
        }
        assert_eq!(s, t);
        assert_eq!(
            s.summary(),
            "dp=4 ep=2 pp=2 vp=2 m=8 1f1b recompute=selective zero=1"
        );
        assert_eq!(Schedule::default().summary(), "flat");
        // Context parallelism: 8 replicas are 4 of the batch × 2 ranks per sample.
        let c = Schedule {
            replicas: 8,
            ways: ways(1, 2),
            ..Schedule::default()
        };
        let mut t = Schedule::default();
        for (k, _, v) in c.fields() {
            t.set_field(k, &v.text()).unwrap();
        }
        assert_eq!(c, t);
        assert_eq!(c.summary(), "dp=4 cp=2");
        assert_eq!(c.batch_replicas(), 4);
        assert_eq!(c.micro_batch_size(8), Some(2));
    }

    #[test]
    fn selective_recomputation_redoes_what_outgrows_the_weighted_ops() {
        use crate::graph::{Access, DType, Dim, Op, OpClass, Role};
        // y = x·w (weighted, [8, 64]); s = y ⊗ y ([8, 8, 64], reads no weight); a backward op reads s.
        let mut g = Graph::new();
        let x = g.add_tensor("x", vec![8, 64], DType::F32, TensorKind::Input);
        let w = g.add_tensor("w", vec![64, 64], DType::F32, TensorKind::Weight);
        let y = g.add_tensor("y", vec![8, 64], DType::F32, TensorKind::Activation);
        let s = g.add_tensor("s", vec![8, 8, 64], DType::F32, TensorKind::Activation);
        let ds = g.add_tensor("ds", vec![8, 64], DType::F32, TensorKind::Activation);
        let op = |name: &str, dims: Vec<Dim>, inputs, outputs| Op {
            name: name.into(),
            location: String::new(),
            class: OpClass::Elementwise,
            dims,
            inputs,
            outputs,
            flops: 1.0,
            dtype: DType::F32,
            position_mask: None,
        };
        let (b, a, r) = (
            Dim::new(8, Role::Sample),
            Dim::new(64, Role::Attribute),
            Dim::new(64, Role::Reduction),
        );
        g.add_op(op(
            "matmul",
            vec![b, a, r],
            vec![Access::dims(x, &[0, 2]), Access::dims(w, &[2, 1])],
            vec![Access::dims(y, &[0, 1])],
        ))
        .unwrap();
        g.add_op(op(
            "outer",
            vec![b, Dim::new(8, Role::Attribute), a],
            vec![Access::dims(y, &[0, 2]), Access::dims(y, &[1, 2])],
            vec![Access::dims(s, &[0, 1, 2])],
        ))
        .unwrap();
        g.add_op(op(
            "backward",
            vec![b, Dim::new(8, Role::Reduction), a],
            vec![Access::dims(s, &[0, 1, 2])],
            vec![Access::dims(ds, &[0, 2])],
        ))
        .unwrap();
        let phases = Phases {
            phase: vec![Phase::Forward, Phase::Forward, Phase::Backward],
        };
        let with = |recompute| Schedule {
            recompute,
            ..Schedule::default()
        };
        assert_eq!(
            phases.recomputed(&g, &with(Recompute::None)),
            vec![false, false, false]
        );
        assert_eq!(
            phases.recomputed(&g, &with(Recompute::Selective)),
            vec![false, true, false]
        );
        assert_eq!(
            phases.recomputed(&g, &with(Recompute::Full)),
            vec![true, true, false]
        );
    }

    #[test]
    fn balanced_parts_follow_cost_midpoints() {
        assert_eq!(balanced_parts(&[1.0, 1.0, 1.0, 1.0], 2), vec![0, 0, 1, 1]);
        assert_eq!(
            balanced_parts(&[0.0, 10.0, 0.0, 1.0, 1.0], 2),
            vec![0, 0, 1, 1, 1]
        );
        assert_eq!(balanced_parts(&[], 3), Vec::<u32>::new());
    }
}
