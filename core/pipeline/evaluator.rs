//! The evaluation of one pipeline strategy ([`Evaluator`]): its stages simulated per micro-batch
//! (sub-graphs, shared per stage key), the transfers between stages, the memory kept per micro-batch
//! in flight, and the schedule's step time.

use super::*;
use crate::schedule::dimension::{self, Dim, PassTimes, StageBytes, StageView};

pub(super) struct Evaluator<'a> {
    ctx: &'a Context<'a>,
    /// The problem's machine with the schedule's devices placed as the engines place their ranks
    /// ([`Machine::placed`]): every topology question of this evaluation asks it.
    machine: Machine,
    problem: &'a Problem<'a>,
    strategy: &'a Strategy,
    schedule: &'a Schedule,
    micro_rc: Rc<(Graph, u64, u64)>,
    batch: u64,
    micro_batch: u64,
    phases: &'a Phases,
    n: u32,
    /// Per stage key, its memory under this schedule ([`Evaluator::stage_memory`]): counted once
    /// whether [`Evaluator::memory_only`] or [`Evaluator::run`] asks first.
    memories: RefCell<HashMap<StageKey, Rc<StageMemory>>>,
    /// A hash of the replica's width and every configuration: what the context's caches of
    /// validations and held weights are keyed by.
    configs_key: u64,
    /// [`Evaluator::weight_memory`], computed once.
    weights: std::cell::OnceCell<Vec<MemoryBreakdown>>,
    /// Each parallelism dimension's analysis of the micro-batch graph
    /// ([`crate::schedule::dimension::Dimension::analyze`]), made once where the schedule uses it.
    analyses: [std::cell::OnceCell<Box<dyn std::any::Any>>; dimension::COUNT],
}

/// What two stages with the same structure share.
pub(super) type StageKey = u64;

impl<'a> Evaluator<'a> {
    pub(super) fn new(ctx: &'a Context<'a>, strategy: &'a Strategy) -> Result<Self, PipelineError> {
        let problem = ctx.problem;
        let graph = problem.graph;
        let schedule = &strategy.schedule;
        let n = problem.machine.num_devices();
        schedule.check(n, graph.num_ops()).map_err(plain)?;
        for (_, d, w) in schedule.ways.used() {
            // What the dimension splits exists and divides (a `#par.schedule` may say anything).
            d.check(graph, w, schedule.batch_replicas(), schedule.group_width(n))
                .map_err(plain)?;
        }
        let engine = problem.cost.state().data_parallel;
        if schedule.zero != Zero::None && !engine.shards() {
            return Err(plain(format!(
                "the schedule shards weight state (zero={}), which an engine that reduces gradients after the backward (--data-parallel={}) cannot run",
                schedule.zero.level(),
                engine.name()
            )));
        }
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
        // Replicas alone are simulated as data parallelism is (their partial sums of the batch's
        // statistics combined, `crate::sim`'s `Replicas::partial_sums`), but par-materialize cannot run
        // them, so the schedule search offers none on such a graph (core/search/plan.rs, `micro_batchable`).
        if schedule.micro_batches > 1 || schedule.is_pipelined() {
            if let Some((reader, epilogue)) = *ctx
                .blocker
                .get_or_init(|| phases.micro_batch_blocker(graph))
            {
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
        if !schedule.is_flat() {
            if let Some(lookup) = ctx.lookup {
                return Err(at(
                    graph,
                    lookup,
                    "looks rows up by index in a tensor of the whole batch, which no schedule cuts into replicas, micro-batches or steps: this graph runs flat strategies only (the flat searches and baselines split its samples)",
                ));
            }
        }
        let width = schedule.replica_width(n);
        let configs_key = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (width as usize, &strategy.configs).hash(&mut h);
            h.finish()
        };
        if !ctx.validated.borrow().contains(&(micro_batch, configs_key)) {
            for id in graph.topological_order() {
                strategy.configs[id.index()]
                    .validate(micro.op(id), width)
                    .map_err(|m| PipelineError {
                        location: graph.op(id).location.clone(),
                        message: m,
                    })?;
            }
            ctx.validated
                .borrow_mut()
                .insert((micro_batch, configs_key));
        }
        schedule
            .check_configs(n, phases, |op| &strategy.configs[op.index()].devices)
            .map_err(|(op, m)| at(graph, op, m))?;
        check_stage_order(graph, phases, schedule)?;
        Ok(Evaluator {
            ctx,
            machine: problem.machine.placed(schedule.replicas, schedule.stages),
            problem,
            strategy,
            schedule,
            micro_rc: micro_rc.clone(),
            batch,
            micro_batch,
            phases,
            n,
            memories: RefCell::default(),
            configs_key,
            weights: std::cell::OnceCell::new(),
            analyses: Default::default(),
        })
    }

    /// The micro-batch graph.
    pub(super) fn micro(&self) -> &Graph {
        &self.micro_rc.0
    }

    pub(super) fn mode(&self) -> Mode {
        self.problem.mode
    }

    /// The machine, placed for the schedule ([`Evaluator::machine`]'s field).
    pub(super) fn machine(&self) -> &Machine {
        &self.machine
    }

    /// Replicas only: one symmetric task simulation ([`Evaluator::symmetric`]).
    pub(super) fn symmetric_only(&self) -> bool {
        let s = self.schedule;
        !s.is_pipelined()
            && s.micro_batches == 1
            && s.recompute == Recompute::None
            && s.zero == Zero::None
            && s.ways.sharing_samples() == 1
    }

    /// The per-micro-batch ops of every virtual stage, in topological order.
    pub(super) fn stage_ops(&self) -> Vec<Vec<OpId>> {
        let s = self.schedule;
        let mut stage_ops: Vec<Vec<OpId>> = vec![Vec::new(); s.virtual_stages() as usize];
        for id in self.micro().topological_order() {
            if self.phases.per_micro_batch(id) {
                stage_ops[s.stage_of(id) as usize].push(id);
            }
        }
        stage_ops
    }

    pub(super) fn run(self) -> Result<Evaluation, PipelineError> {
        let s = self.schedule;
        if self.symmetric_only() {
            return self.symmetric();
        }
        let k_count = s.virtual_stages() as usize;
        let stage_ops = self.stage_ops();
        let mut cache: HashMap<StageKey, StageCost> = HashMap::new();
        let mut stages = Vec::with_capacity(k_count);
        for (k, ops) in stage_ops.iter().enumerate() {
            let group = s.group_of_stage(k as u32);
            let sub = self.cached_subgraph(ops);
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
    pub(super) fn group_base(&self, group: u32) -> u32 {
        group * self.schedule.group_width(self.n)
    }

    /// Replicas only: one symmetric task simulation.
    pub(super) fn symmetric(self) -> Result<Evaluation, PipelineError> {
        let sim = Simulator::timing_only(
            self.micro(),
            self.machine(),
            self.problem.cost,
            self.mode(),
            self.strategy.clone(),
            true,
        )
        .map_err(|e| PipelineError {
            location: e.location,
            message: e.message,
        })?;
        let width = self.schedule.replica_width(self.n);
        // The parallelism dimensions' prices of the whole micro-batch graph as one stage (expert
        // parallelism: the replica's tokens exchanged with the other replicas of its group on the
        // way into the experts and out, forward and backward), one after another with the rest of
        // the step.
        let all: Vec<OpId> = (0..self.micro().num_ops()).map(OpId::new).collect();
        let mut times = PassTimes {
            forward_s: 0.0,
            backward_s: 0.0,
            last_backward_s: 0.0,
            share: 1.0,
        };
        for (dim, d, ways) in self.schedule.ways.used() {
            let is_forward = |id: OpId| self.phases.of(id) == Phase::Forward;
            let view = self.view(dim, ways, 0, (self.micro(), &all), &[], &is_forward);
            d.price_stage(ways, &view, &mut times);
        }
        let time = sim.iteration_time() + (times.forward_s + times.backward_s);
        let mut busy = vec![0.0f64; width as usize];
        for t in sim.spans() {
            if let Some(d) = t.device {
                if let Some(b) = busy.get_mut(d.index()) {
                    *b += t.duration_s;
                }
            }
        }
        let weights = self.weight_memory();
        // Activations as the pipelined form counts them (the same accounting for one micro-batch in
        // one stage, so that the candidates of a schedule search compare alike): what the micro-batch
        // keeps for its backward, and the largest op's working set.
        let ops: Vec<OpId> = self
            .micro()
            .topological_order()
            .filter(|&id| self.phases.per_micro_batch(id))
            .collect();
        let kept = self.kept(&self.subgraph(&ops), 0);
        let mut activations = vec![0u64; width as usize];
        for v in kept.bytes.values() {
            for (d, b) in v.iter().enumerate() {
                if let Some(a) = activations.get_mut(d) {
                    *a += b;
                }
            }
        }
        let transient = kept.largest_op.iter().copied().max().unwrap_or(0);
        let (device, memory) = (0..width as usize)
            .map(|d| {
                let state = weights.get(d).copied().unwrap_or_default();
                (
                    d as u32,
                    MemoryBreakdown {
                        activations: activations[d],
                        transient,
                        ..state
                    },
                )
            })
            .max_by_key(|(d, m)| (m.total(), std::cmp::Reverse(*d)))
            .unwrap_or_default();
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
    pub(super) fn model_flops(&self) -> f64 {
        let graph = self.problem.graph;
        graph
            .ops()
            .iter()
            .map(|op| op.flops * (1.0 + self.mode().backward_factor(graph, op)))
            .sum()
    }

    /// The per-micro-batch ops `ops` of the micro graph as a graph of their own.
    /// [`Evaluator::subgraph`], shared by the evaluations of one context.
    pub(super) fn cached_subgraph(&self, ops: &[OpId]) -> Rc<Sub> {
        let key = (self.micro_batch, ops.to_vec());
        if let Some(sub) = self.ctx.subs.borrow().get(&key) {
            return sub.clone();
        }
        let sub = Rc::new(self.subgraph(ops));
        let mut subs = self.ctx.subs.borrow_mut();
        if subs.len() >= super::SUBGRAPHS_KEPT {
            subs.clear();
        }
        subs.insert(key, sub.clone());
        sub
    }

    pub(super) fn subgraph(&self, ops: &[OpId]) -> Sub {
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
        let structure = Sub::structure_hash(&g);
        Sub {
            graph: g,
            ops: ops.to_vec(),
            structure,
        }
    }

    /// The costs of one stage (module doc).
    pub(super) fn stage_sims(
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
            self.schedule.ways,
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
        let mut one = Strategy::flat(configs);
        one.schedule.replicas = self.schedule.replicas;
        // Per micro-batch: one replica's tasks, no synchronization.
        let mut alone = one.clone();
        alone.schedule.replicas = 1;
        // Times only: the stage's memory is counted from its graph ([`StageMemo`]).
        // The weights the schedule's dimensions divide are read at their share.
        let ways = self.schedule.ways;
        let plain_sim = Simulator::timing_only_reading(
            &sub.graph, machine, cost_model, mode, alone, false, ways,
        )
        .map_err(err)?;
        let synced =
            Simulator::timing_only_reading(&sub.graph, machine, cost_model, mode, one, true, ways)
                .map_err(err)?;
        let (forward_s, end_s) = self.pass_times(sub, &plain_sim);
        let (synced_forward, synced_end) = self.pass_times(sub, &synced);
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let base = self.group_base(group);
        let mut forward_task_s = vec![vec![0.0f64; width]; sub.ops.len()];
        for t in plain_sim.spans() {
            if t.kind != TaskKind::Forward {
                continue;
            }
            if let Some(d) = t.device {
                let i = d.0.saturating_sub(base) as usize;
                if i < width {
                    forward_task_s[t.op.index()][i] += t.duration_s;
                }
            }
        }
        let sims = Rc::new(StageSims {
            forward_s,
            backward_s: (end_s - forward_s).max(0.0),
            last_backward_s: (synced_end.max(synced.iteration_time()) - synced_forward).max(0.0),
            memo: self.stage_memo(sub, group, key),
            forward_task_s,
            flops: self.stage_flops(sub),
        });
        self.ctx.sims.borrow_mut().insert(cache_key, sims.clone());
        Ok(sims)
    }

    /// The stage's [`StageMemo`], cached by the key of its simulations.
    pub(super) fn stage_memo(&self, sub: &Sub, group: u32, key: StageKey) -> Rc<StageMemo> {
        let cache_key = (
            self.micro_batch,
            key,
            self.schedule.replicas,
            self.schedule.group_width(self.n).max(1),
            self.schedule.ways,
        );
        if let Some(m) = self.ctx.memos.borrow().get(&cache_key) {
            return m.clone();
        }
        let configs: Vec<Config> = sub
            .ops
            .iter()
            .map(|id| self.strategy.configs[id.index()].clone())
            .collect();
        let memo = Rc::new(StageMemo {
            kept: self.kept(sub, group),
            held: self.held_elements(sub, &configs),
        });
        self.ctx.memos.borrow_mut().insert(cache_key, memo.clone());
        memo
    }

    /// The stage's memory under the schedule's recomputation and ZeRO stage (module doc, "Memory per
    /// device"): read off its [`StageMemo`], nothing simulated.
    pub(super) fn stage_memory(
        &self,
        sub: &Sub,
        memo: &StageMemo,
        group: u32,
        key: StageKey,
    ) -> Rc<StageMemory> {
        if let Some(m) = self.memories.borrow().get(&key) {
            return m.clone();
        }
        let kept = &memo.kept;
        let width = self.schedule.group_width(self.n).max(1) as usize;
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
        let (mut kept_now, mut transient) = (all_kept, kept.largest_op.clone());
        let mut producers = std::collections::BTreeSet::new();
        match self.schedule.recompute {
            Recompute::None => {}
            Recompute::Selective => {
                let selected = self.selected(sub, kept);
                for t in &selected {
                    for (d, b) in kept.bytes[t].iter().enumerate() {
                        kept_now[d] -= b;
                    }
                }
                producers = selected
                    .iter()
                    .filter_map(|&t| sub.graph.tensor(t).producer.map(|p| p.index()))
                    .collect();
            }
            Recompute::Full => {
                let (checkpoints, segment) = self.checkpoints(sub, kept, width);
                kept_now = checkpoints;
                for (d, t) in transient.iter_mut().enumerate() {
                    *t = (*t).max(segment[d]);
                }
            }
        }
        // ZeRO-3: the gathered weights.
        let mut gathered_bytes = 0;
        if self.schedule.zero == Zero::Full && self.schedule.replicas > 1 {
            let (held, largest_unit) = &memo.held;
            let elements = held.iter().copied().max().unwrap_or(0);
            let state = self.problem.cost.state();
            let half = state.precision.half().map_or(4, |h| h.size_bytes());
            let param = state.fsdp.gather_bytes(half);
            // FSDP gathers one unit at a time and prefetches the next (forward and backward), and a
            // unit's whole gradient exists, in f32 for the reduce-scatter, until it is scattered: two
            // units' weights and one unit's gradient are alive at once, never the whole stage.
            gathered_bytes = (2 * largest_unit).min(elements) * param + largest_unit * 4;
            // What the engine keeps of the weights for the backward (autocast's casts): with the
            // activations, or, under full recomputation (the forward re-run inside the backward),
            // one unit's at a time.
            let kept_per_parameter = state.fsdp.kept_bytes();
            if self.schedule.recompute == Recompute::Full {
                gathered_bytes += largest_unit * kept_per_parameter;
            } else {
                for (d, k) in kept_now.iter_mut().enumerate() {
                    *k += held.get(d).copied().unwrap_or(elements) * kept_per_parameter;
                }
            }
        } else if self.schedule.zero == Zero::Gradients && self.schedule.replicas > 1 {
            // ZeRO-2: no whole gradient buffer; a unit's f32 gradient exists until its
            // reduce-scatter into the owner's shard (the weights are whole).
            let (_, largest_unit) = &memo.held;
            gathered_bytes = largest_unit * 4;
        }
        let busiest = (0..width).max_by_key(|&d| kept_now[d]).unwrap_or(0);
        // The parallelism dimensions' share of the activations (context parallelism: token-wise,
        // `s / cp` tokens each, and the key/value block in flight).
        let mut bytes = StageBytes {
            kept: kept_now[busiest],
            transient: transient.iter().copied().max().unwrap_or(0),
        };
        for (dim, d, ways) in self.schedule.ways.used() {
            let is_forward = |id: OpId| self.phases.of(id) == Phase::Forward;
            let view = self.view(dim, ways, group, (&sub.graph, &sub.ops), &[], &is_forward);
            d.price_memory(ways, &view, &mut bytes);
        }
        let memory = Rc::new(StageMemory {
            kept_bytes: bytes.kept,
            transient_bytes: bytes.transient + gathered_bytes,
            gathered_bytes,
            recomputed: producers,
        });
        self.memories.borrow_mut().insert(key, memory.clone());
        memory
    }

    /// Per group, the device with the largest peak and its breakdown, from the stages' kept and
    /// transient bytes (`busy_s` and `end_s` left 0): what [`Evaluator::compose`] reports.
    pub(super) fn group_memory(&self, kept: &[u64], transient: &[u64]) -> Vec<GroupReport> {
        let s = self.schedule;
        let weights = self.weight_memory();
        let t = s.group_width(self.n) as usize;
        (0..s.stages)
            .map(|g| {
                let activations = s.peak_in_flight(g, |chunk| kept[s.stage_at(g, chunk) as usize]);
                let transient = (0..s.chunks)
                    .map(|c| transient[s.stage_at(g, c) as usize])
                    .max()
                    .unwrap_or(0);
                let lo = g as usize * t;
                let (device, state) = (lo..lo + t)
                    .map(|d| (d, weights.get(d).copied().unwrap_or_default()))
                    .max_by_key(|(d, w)| (w.total(), std::cmp::Reverse(*d)))
                    .unwrap_or((lo, MemoryBreakdown::default()));
                GroupReport {
                    group: g,
                    busy_s: 0.0,
                    end_s: 0.0,
                    device: DeviceId(device as u32),
                    memory: MemoryBreakdown {
                        activations,
                        transient,
                        ..state
                    },
                }
            })
            .collect()
    }

    /// [`Evaluator::group_memory`] of a pipelined strategy without simulating it (`None`: replicas
    /// only, whose memory [`Evaluator::symmetric`] counts alongside its one simulation).
    pub(super) fn memory_only(&self) -> Result<Option<Vec<GroupReport>>, PipelineError> {
        let s = self.schedule;
        if self.symmetric_only() {
            return Ok(None);
        }
        let k_count = s.virtual_stages() as usize;
        let mut kept = vec![0u64; k_count];
        let mut transient = vec![0u64; k_count];
        for (k, ops) in self.stage_ops().iter().enumerate() {
            let group = s.group_of_stage(k as u32);
            let sub = self.cached_subgraph(ops);
            let key = sub.key(&self.strategy.configs, self.group_base(group));
            let m = self.stage_memory(&sub, &self.stage_memo(&sub, group, key), group, key);
            kept[k] = m.kept_bytes;
            transient[k] = m.transient_bytes;
        }
        Ok(Some(self.group_memory(&kept, &transient)))
    }

    pub(super) fn stage_cost(
        &self,
        sub: &Sub,
        group: u32,
        key: StageKey,
    ) -> Result<StageCost, PipelineError> {
        let sims = self.stage_sims(sub, group, key)?;
        // The parallelism dimensions' prices (crate::schedule::dimension, "Price"): expert
        // parallelism's all-to-alls, context parallelism's share of the work and its rings.
        let mut times = PassTimes {
            forward_s: sims.forward_s,
            backward_s: sims.backward_s,
            last_backward_s: sims.last_backward_s,
            share: 1.0,
        };
        for (dim, d, ways) in self.schedule.ways.used() {
            let is_forward = |id: OpId| self.phases.of(id) == Phase::Forward;
            let stage = (&sub.graph, &sub.ops[..]);
            let view = self.view(dim, ways, group, stage, &sims.forward_task_s, &is_forward);
            d.price_stage(ways, &view, &mut times);
        }
        let PassTimes {
            mut forward_s,
            mut backward_s,
            mut last_backward_s,
            share,
        } = times;
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let base = self.group_base(group);
        let memory = self.stage_memory(sub, &sims.memo, group, key);
        // Recomputation.
        let mut recompute_s = 0.0;
        let mut recompute_flops = 0.0;
        match self.schedule.recompute {
            Recompute::None => {}
            Recompute::Selective => {
                let producers = &memory.recomputed;
                recompute_s = (0..width)
                    .map(|d| {
                        producers
                            .iter()
                            .map(|&o| sims.forward_task_s[o][d])
                            .sum::<f64>()
                    })
                    .fold(0.0, f64::max)
                    * share;
                recompute_flops = producers
                    .iter()
                    .map(|&o| sub.graph.ops()[o].flops)
                    .sum::<f64>()
                    * share;
            }
            Recompute::Full => {
                recompute_s = forward_s;
                recompute_flops = sub
                    .graph
                    .ops()
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| self.phases.of(sub.ops[*i]) == Phase::Forward)
                    .map(|(_, o)| o.flops)
                    .sum::<f64>()
                    * share;
            }
        }
        // ZeRO-3: gathers and scatters per step, and what the engine copies around them
        // ([`crate::engine_flags::Fsdp`]): on the compute stream with each gathered pass, on the
        // reduce-scatter's stream before it.
        let (mut gather_s, mut scatter_s) = (0.0, 0.0);
        if self.schedule.zero == Zero::Full && self.schedule.replicas > 1 {
            let (held, _) = &sims.memo.held;
            let elements = held.iter().copied().max().unwrap_or(0);
            let cost = &self.problem.cost;
            let fsdp = cost.state().fsdp;
            let half = cost.state().precision.half().map_or(4, |h| h.size_bytes());
            let copy_s = cost.stream_s(elements * fsdp.compute_copy_bytes(half));
            forward_s += copy_s;
            backward_s += copy_s;
            if self.schedule.recompute == Recompute::Full
                && fsdp == crate::engine_flags::Fsdp::FlatAutocast
            {
                // The re-run forward casts the weights again.
                recompute_s += copy_s;
            }
            gather_s = self.replica_ring_half(base, elements * fsdp.gather_bytes(half));
            scatter_s = self.replica_ring_half(base, elements * fsdp.scatter_bytes(half))
                + cost.stream_s(elements * fsdp.scatter_copy_bytes());
            // The contention beside the compute is the timeline's ([`Timeline::place`]); here only
            // what the collectives take beyond the backward.
            last_backward_s = backward_s.max(gather_s + scatter_s);
        } else if self.schedule.zero == Zero::Gradients && self.schedule.replicas > 1 {
            // ZeRO-2: every micro-batch's gradients reduce-scattered (in f32) as its backward makes
            // them; the step's own reduction and all-gather of the updated weights are the stage
            // simulation's (the bytes of an all-reduce, as ZeRO-1).
            let elements = sims.memo.held.0.iter().copied().max().unwrap_or(0);
            scatter_s = self.replica_ring_half(base, elements * 4);
        }
        if self.problem.cost.state().data_parallel
            == crate::engine_flags::DataParallel::AfterBackward
            && self.schedule.replicas > 1
        {
            // The engine all-reduces the stage's gradient buffer after the backward, with nothing
            // beside it ([`crate::engine_flags::DataParallel::AfterBackward`]): in fp16 the 16-bit
            // gradients, else f32 (Megatron-LM accumulates and reduces bf16 models' gradients in f32).
            let elements = sims.memo.held.0.iter().copied().max().unwrap_or(0);
            let fp16 = self.problem.cost.state().precision == crate::precision::Precision::Fp16;
            let grad_bytes = elements * if fp16 { 2 } else { 4 };
            last_backward_s = backward_s + 2.0 * self.replica_ring_half(base, grad_bytes);
        }
        let (forward_flops, backward_flops) = (sims.flops.0 * share, sims.flops.1 * share);
        Ok(StageCost {
            group,
            ops: sub.ops.len(),
            forward_s,
            backward_s,
            last_backward_s,
            recompute_s,
            gather_s,
            scatter_s,
            kept_bytes: memory.kept_bytes,
            gathered_bytes: memory.gathered_bytes,
            transient_bytes: memory.transient_bytes,
            sent_bytes: 0,
            forward_flops,
            backward_flops,
            recompute_flops,
        })
    }

    /// What dimension `dim` at `ways` sees of `stage` (its graph and the micro-batch graph's op of
    /// each of its ops), a stage of group `group` ([`StageView`]): its members are one device of each
    /// of the `ways` consecutive replicas from the group's first device.
    fn view<'v>(
        &'v self,
        dim: Dim,
        ways: u32,
        group: u32,
        (stage, ops): (&'v Graph, &'v [OpId]),
        forward_task_s: &'v [Vec<f64>],
        is_forward: &'v dyn Fn(OpId) -> bool,
    ) -> StageView<'v> {
        let base = self.group_base(group);
        let width = self.schedule.replica_width(self.n);
        let analysis =
            self.analyses[dim.0].get_or_init(|| dimension::DIMENSIONS[dim.0].analyze(self.micro()));
        StageView {
            graph: self.micro(),
            stage,
            ops,
            configs: &self.strategy.configs,
            machine: self.machine(),
            members: (0..ways).map(|r| DeviceId(base + r * width)).collect(),
            forward_task_s,
            is_forward,
            mode: self.mode(),
            analysis: analysis.as_ref(),
        }
    }

    /// End of the forward pass and of the whole per-micro-batch work in a stage simulation: in
    /// training, forward tasks and transfers against the rest; in a training step, tasks of forward ops
    /// against the rest.
    pub(super) fn pass_times(&self, sub: &Sub, sim: &Simulator) -> (f64, f64) {
        let (mut forward, mut end) = (0.0f64, 0.0f64);
        for t in sim.spans() {
            let is_forward = if self.mode().has_backward() {
                matches!(t.kind, TaskKind::Forward | TaskKind::Transfer)
            } else {
                self.phases.of(sub.ops[t.op.index()]) == Phase::Forward
            };
            let stop = t.end_s;
            if is_forward {
                forward = forward.max(stop);
            }
            if t.kind != TaskKind::AllReduce || !self.mode().has_backward() {
                end = end.max(stop);
            }
        }
        (forward, end.max(forward))
    }

    pub(super) fn stage_flops(&self, sub: &Sub) -> (f64, f64) {
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
    pub(super) fn kept(&self, sub: &Sub, group: u32) -> Kept {
        let g = &sub.graph;
        let width = self.schedule.group_width(self.n).max(1) as usize;
        let base = self.group_base(group);
        let training = self.mode().has_backward();
        let fusion = training.then(|| Fusion::for_state(g, self.problem.cost.state()));
        // Fused kernels' tensors that never reach memory: neither kept nor a working set.
        let (unwritten, loss_logits) = self.fused_kernels_tensors(g);
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
                    if unwritten.contains(&access.tensor) {
                        continue;
                    }
                    region.clear();
                    access.region_into(&loops, &tensor.shape, &mut region);
                    let b = crate::graph::volume(&region) * tensor.dtype.size_bytes();
                    let is_output = k >= op.inputs.len();
                    let keep = forward_op && is_output && loss_logits.contains(&access.tensor)
                        || match (&fusion, is_output) {
                            // Training: outputs saved for the backward, and received inputs.
                            (Some(f), true) => f.saved_output[i][k - op.inputs.len()],
                            (_, false) => tensor.kind == TensorKind::Received && forward_op,
                            // A training step: forward outputs that a backward op reads.
                            (None, true) => {
                                forward_op
                                    && g.consumers(access.tensor).iter().any(|c| {
                                        self.phases.of(sub.ops[c.index()]) == Phase::Backward
                                    })
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
        // As the engines keep it: a training step's pointwise intermediates recomputed by its fused
        // backward kernels ([`crate::attention`]; `train` graphs get them from [`Fusion`]). Fused
        // attention's score-sized tensors were never kept (`unwritten`).
        let forward = |o: OpId| training || self.phases.of(sub.ops[o.index()]) == Phase::Forward;
        if fusion.is_none() {
            let saved: std::collections::HashSet<TensorId> = bytes.keys().copied().collect();
            for t in crate::attention::recomputable(g, &saved, forward) {
                bytes.remove(&t);
            }
        }
        // Mixture-of-experts layers whose engine applies the routing probabilities before the
        // experts' down projection keep nothing of the experts' output for their gradient
        // ([`crate::engine_flags::MoeProbs`], crate::experts, "Routing probabilities").
        if self.problem.cost.state().moe_probs == crate::engine_flags::MoeProbs::BeforeDown {
            if let Some(experts) = crate::experts::experts(g) {
                for t in crate::experts::combined_outputs(g, &experts, &forward) {
                    bytes.remove(&t);
                }
            }
        }
        // FP8: the operands that only weighted products read are kept quantized
        // ([`crate::precision::Precision::keeps_in_fp8`]).
        let precision = self.problem.cost.state().precision;
        for (&t, v) in bytes.iter_mut() {
            if precision.keeps_in_fp8(g, t, forward) {
                let size = g.tensor(t).dtype.size_bytes().max(1);
                for b in v.iter_mut() {
                    *b /= size;
                }
            }
        }
        Kept { bytes, largest_op }
    }

    /// The tensors of `g` that fused kernels never write — a fused attention's score-sized tensors
    /// ([`crate::attention::regions`]), a fused cross-entropy's intermediates ([`crate::loss`]) — and
    /// the logits a fused cross-entropy keeps for its backward.
    fn fused_kernels_tensors(
        &self,
        g: &crate::graph::Graph,
    ) -> (
        std::collections::HashSet<TensorId>,
        std::collections::HashSet<TensorId>,
    ) {
        let state = self.problem.cost.state();
        let mut unwritten = std::collections::HashSet::new();
        let mut logits = std::collections::HashSet::new();
        if state.attention.is_fused() {
            for region in crate::attention::regions(g) {
                unwritten.extend(region.tensors);
            }
        }
        if state.loss == crate::loss::Loss::Fused {
            for region in crate::loss::regions(g) {
                unwritten.extend(region.inside());
                logits.insert(region.logits);
            }
        }
        (unwritten, logits)
    }

    /// Selective recomputation's tensors (Korthikanti et al. 2022, §5): the kept tensors of the
    /// attention cores ([`crate::attention::cores`]), recomputed from `Q`, `K` and `V` in the backward.
    /// Under fused attention nothing of a core is kept, so there is nothing left to select.
    pub(super) fn selected(&self, sub: &Sub, kept: &Kept) -> Vec<TensorId> {
        let training = self.mode().has_backward();
        let forward = |o: OpId| training || self.phases.of(sub.ops[o.index()]) == Phase::Forward;
        crate::attention::cores(&sub.graph, forward)
            .iter()
            .flat_map(|core| core.tensors.iter().copied())
            .filter(|t| kept.bytes.contains_key(t))
            .collect()
    }

    /// Full recomputation's kept bytes per device (the stage inputs and the chosen checkpoints) and the
    /// largest segment's kept bytes (recomputed during its backward).
    pub(super) fn checkpoints(&self, sub: &Sub, kept: &Kept, width: usize) -> (Vec<u64>, Vec<u64>) {
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
        // As Megatron (`--recompute-granularity=full --recompute-method=uniform`) and activation
        // checkpointing per block (torchtitan, FSDP) run it: every layer's input is a checkpoint, one
        // layer is recomputed at a time. Without layers, √ segments (Chen et al. 2016).
        let units = self.ctx.units();
        let unit = |p: usize| {
            units
                .get(sub.ops[forward[p]].index())
                .copied()
                .unwrap_or(ROOT_UNIT)
        };
        let layer_cuts: Vec<usize> = cuts
            .iter()
            .map(|(p, _)| *p)
            .filter(|&p| unit(p) != unit(p + 1))
            .collect();
        let chosen = if layer_cuts.is_empty() {
            self.sqrt_cuts(&cuts, &forward, &total, &per_tensor, &segment_kept)
        } else {
            layer_cuts
        };
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

    /// √ segmentation of the forward positions `forward` at `cuts` (the checkpoints of full
    /// recomputation where the stage has no layers): `segments` cuts closest to equal shares of the
    /// kept bytes, sorted.
    fn sqrt_cuts(
        &self,
        cuts: &[(usize, Vec<TensorId>)],
        forward: &[usize],
        total: &[u64],
        per_tensor: &dyn Fn(&TensorId) -> Vec<u64>,
        segment_kept: &dyn Fn(usize, usize) -> Vec<u64>,
    ) -> Vec<usize> {
        let sum = |v: &[u64]| v.iter().copied().max().unwrap_or(0) as f64;
        let mean_cut = cuts
            .iter()
            .map(|(_, ts)| ts.iter().map(|t| sum(&per_tensor(t))).sum::<f64>())
            .sum::<f64>()
            / cuts.len() as f64;
        // k segments keep k − 1 checkpoints for every micro-batch in flight and recompute one segment at
        // a time: `in_flight · k · cut + total / k` is least at `k = √(total / (in_flight · cut))`.
        let in_flight = self.in_flight_chunks().max(1) as f64;
        let segments = ((sum(total) / (in_flight * mean_cut.max(1.0)))
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
        chosen
    }

    /// The most stage chunks' micro-batches any group holds in flight under the schedule's order.
    pub(super) fn in_flight_chunks(&self) -> u64 {
        (0..self.schedule.stages)
            .map(|g| self.schedule.peak_in_flight(g, |_| 1))
            .max()
            .unwrap_or(1)
    }

    /// Elements of weights each device of the group holds for `configs` (every op of the stage), and
    /// the most elements one device holds of one ZeRO-3 unit of the stage (a layer: [`Context::units`]).
    /// A weight belongs to the unit of the first op of the stage that reads it.
    pub(super) fn held_elements(&self, sub: &Sub, configs: &[Config]) -> (Vec<u64>, u64) {
        let g = &sub.graph;
        let units = self.ctx.units();
        let width = self.schedule.group_width(self.n).max(1) as usize;
        // Per weight: its unit, and every (device, region) read of it.
        type Reads = Vec<(u32, Vec<crate::Interval>)>;
        let mut holdings: BTreeMap<TensorId, (usize, Reads)> = BTreeMap::new();
        let mut loops = Vec::new();
        for (i, (op, config)) in g.ops().iter().zip(configs).enumerate() {
            let unit = units.get(sub.ops[i].index()).copied().unwrap_or(ROOT_UNIT);
            for task in 0..config.num_tasks() {
                loops.clear();
                config.task_ranges_into(op, task, &mut loops);
                for a in &op.inputs {
                    let tensor = g.tensor(a.tensor);
                    if tensor.kind == TensorKind::Weight {
                        let d = config.devices[task].0 % width as u32;
                        holdings
                            .entry(a.tensor)
                            .or_insert_with(|| (unit, Vec::new()))
                            .1
                            .push((d, a.region(&loops, &tensor.shape)));
                    }
                }
            }
        }
        let mut held = vec![0u64; width];
        let mut per_unit: BTreeMap<usize, Vec<u64>> = BTreeMap::new();
        for (_, (unit, mut h)) in holdings {
            let unit_held = per_unit.entry(unit).or_insert_with(|| vec![0; width]);
            for (d, e) in weight_sync::analyze(&mut h).held {
                held[d as usize] += e;
                unit_held[d as usize] += e;
            }
        }
        let largest_unit = per_unit
            .values()
            .flat_map(|v| v.iter().copied())
            .max()
            .unwrap_or(0);
        (held, largest_unit)
    }

    /// Weight state of every device of replica 0 (every op of the strategy, every phase), with ZeRO's
    /// division, in the module doc's terms.
    pub(super) fn weight_memory(&self) -> Vec<MemoryBreakdown> {
        self.weights.get_or_init(|| self.weight_state_now()).clone()
    }

    /// [`Evaluator::weight_memory`], its held bytes cached in the context.
    fn weight_state_now(&self) -> Vec<MemoryBreakdown> {
        let width = self.schedule.replica_width(self.n) as usize;
        let key = self.configs_key;
        let cached = self.ctx.held.borrow().get(&key).cloned();
        let held_bytes = match cached {
            Some(held) => held,
            None => {
                let held = Rc::new(self.held_bytes(width));
                self.ctx.held.borrow_mut().insert(key, held.clone());
                held
            }
        };
        // A dimension that divides weights (expert parallelism: the expert weights): their share held
        // apart, divided by its ways, ZeRO sharding it over the `replicas / ways` replicas that hold
        // the same part (crate::schedule::dimension, "Price"; one dimension at most).
        let Some((ep, experts)) = self
            .schedule
            .ways
            .used()
            .map(|(_, d, w)| (w, d.divided_weights(self.problem.graph)))
            .find(|(_, weights)| !weights.is_empty())
        else {
            return self.weight_state(&held_bytes);
        };
        let expert_bytes = self.held_bytes_of(width, &|t| experts.binary_search(&t).is_ok());
        let dense: Vec<u64> = held_bytes
            .iter()
            .zip(&expert_bytes)
            .map(|(&all, &e)| all.saturating_sub(e))
            .collect();
        let replicas = self.schedule.replicas.max(1);
        let expert_state = self.weight_state_over(
            &expert_bytes
                .iter()
                .map(|&b| b / u64::from(ep))
                .collect::<Vec<u64>>(),
            replicas / ep,
        );
        self.weight_state_over(&dense, replicas)
            .into_iter()
            .zip(expert_state)
            .map(|(a, b)| MemoryBreakdown {
                weights: a.weights + b.weights,
                gradients: a.gradients + b.gradients,
                optimizer: a.optimizer + b.optimizer,
                ..Default::default()
            })
            .collect()
    }

    /// Bytes of weights every device of replica 0 holds (the union of what its tasks read).
    pub(super) fn held_bytes(&self, width: usize) -> Vec<u64> {
        self.held_bytes_of(width, &|_| true)
    }

    /// [`Evaluator::held_bytes`] of the weights `which` accepts.
    pub(super) fn held_bytes_of(&self, width: usize, which: &dyn Fn(TensorId) -> bool) -> Vec<u64> {
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
                    if tensor.kind == TensorKind::Weight && which(a.tensor) {
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

    /// The weight state of devices holding `held_bytes` of weights (module doc), as
    /// [`WeightState::split`] shards it under the schedule's ZeRO stage.
    pub(super) fn weight_state(&self, held_bytes: &[u64]) -> Vec<MemoryBreakdown> {
        self.weight_state_over(held_bytes, self.schedule.replicas)
    }

    /// [`Evaluator::weight_state`] with ZeRO sharding over `replicas` replicas.
    pub(super) fn weight_state_over(
        &self,
        held_bytes: &[u64],
        replicas: u32,
    ) -> Vec<MemoryBreakdown> {
        let state: WeightState = self.problem.cost.state();
        let d = u64::from(replicas.max(1));
        let mode = if self.mode().has_backward() || self.mode().training_step() {
            Mode::Training
        } else {
            Mode::Inference
        };
        held_bytes
            .iter()
            .map(|&bytes| {
                let split = state.split(mode, bytes, self.schedule.zero, d);
                MemoryBreakdown {
                    weights: split.weights,
                    gradients: split.gradients,
                    optimizer: split.optimizer,
                    ..Default::default()
                }
            })
            .collect()
    }

    /// Activation bytes stage `k` sends to later stages per micro-batch, all devices together.
    pub(super) fn sent_bytes(&self, k: u32) -> u64 {
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
        // Ranks that share their samples (context parallelism) each send their share of the tokens.
        sent.values().sum::<u64>() / u64::from(self.schedule.ways.sharing_samples())
    }

    /// Transfers between stages per micro-batch: `(from, to, bytes, backward)`, all devices together.
    pub(super) fn transfers(&self) -> Vec<Transfer> {
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
            let bytes = self.micro().tensor(e.tensor).bytes()
                / u64::from(self.schedule.ways.sharing_samples());
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
    pub(super) fn p2p_time(&self, a: u32, b: u32, bytes: u64) -> f64 {
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
    pub(super) fn replica_ring_half(&self, base: u32, bytes: u64) -> f64 {
        let d = self.schedule.replicas;
        if d < 2 {
            return 0.0;
        }
        let width = self.schedule.replica_width(self.n);
        let ring: Vec<DeviceId> = (0..d).map(|r| DeviceId(base + r * width)).collect();
        let (bw, latency) = self.machine().ring_bandwidth(&ring);
        let m = f64::from(d);
        (m - 1.0) / m * bytes as f64 / bw + (m - 1.0) * latency
    }

    /// Prologue and epilogue ops of group `g`: their simulated time (one task simulation of each set,
    /// ZeRO dividing the epilogue among the replicas).
    pub(super) fn once_times(&self) -> Result<Vec<(f64, f64)>, PipelineError> {
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
                    (&ops, &configs, self.machine.placement()).hash(&mut h);
                    h.finish()
                };
                let cached = self.ctx.once.borrow().get(&key).copied();
                let time = match cached {
                    Some(t) => t,
                    None => {
                        let sub = self.subgraph(&ops);
                        let sim = Simulator::timing_only(
                            &sub.graph,
                            self.machine(),
                            self.problem.cost,
                            Mode::Inference,
                            Strategy::flat(configs),
                            true,
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
    pub(super) fn compose(&self, stages: Vec<StageCost>) -> Result<Evaluation, PipelineError> {
        let s = self.schedule;
        let p = s.stages;
        let m = s.micro_batches;
        let once = self.once_times()?;
        let (inputs, p2p_bytes) = self.step_inputs();
        // Gradient reduction after the backward (`DataParallel::AfterBackward`), per group.
        let after_backward = self.problem.cost.state().data_parallel
            == crate::engine_flags::DataParallel::AfterBackward;
        let contention = 1.0 - self.machine().gpu.efficiency.overlap;
        let mut timeline = Timeline::new(s, inputs, &once, contention);
        timeline.run(s, &stages, after_backward)?;
        let ends: Vec<f64> = timeline
            .free
            .iter()
            .zip(&timeline.comm_free)
            .zip(&timeline.after)
            .zip(&once)
            .map(|(((f, c), a), o)| (f + a).max(*c) + o.1)
            .collect();
        let iteration_s = ends.iter().copied().fold(0.0, f64::max);
        let bubble_fraction = timeline.bubble_fraction(p, &once);
        // Memory per group.
        let kept: Vec<u64> = stages.iter().map(|c| c.kept_bytes).collect();
        let transient: Vec<u64> = stages.iter().map(|c| c.transient_bytes).collect();
        let mut groups = self.group_memory(&kept, &transient);
        for (g, report) in groups.iter_mut().enumerate() {
            report.busy_s = timeline.busy[g];
            report.end_s = ends[g];
        }
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

    /// The inputs of each (stage, backward?) step, at `2 · stage + backward?`: (from stage, from its
    /// backward?, seconds on the link between their groups); and the bytes all of them move in one
    /// iteration (every micro-batch).
    fn step_inputs(&self) -> (StepInputs, u64) {
        let s = self.schedule;
        let mut inputs: StepInputs = vec![Vec::new(); 2 * s.virtual_stages() as usize];
        let mut p2p_bytes = 0u64;
        for t in &self.transfers() {
            let dur = self.p2p_time(s.group_of_stage(t.from), s.group_of_stage(t.to), t.bytes);
            inputs[(2 * t.to + u32::from(t.to_backward)) as usize].push((
                t.from,
                t.from_backward,
                dur,
            ));
            p2p_bytes += t.bytes * u64::from(s.micro_batches);
        }
        (inputs, p2p_bytes)
    }
}

/// Per (stage, backward?) step, at `2 · stage + backward?`: its inputs as (from stage, from its
/// backward?, seconds on the link).
type StepInputs = Vec<Vec<(u32, bool, f64)>>;

/// The pipeline level's timeline as [`Evaluator::compose`] places the steps of every group in its
/// order: per step when it ended, per link and group when they are free. Dense tables (a 1F1B
/// schedule of hundreds of stages and thousands of micro-batches has millions of steps).
struct Timeline {
    /// [`Evaluator::step_inputs`].
    inputs: StepInputs,
    /// Where each input slot's rows start in `arrivals`.
    input_base: Vec<usize>,
    /// Micro-batches.
    mu: usize,
    /// A step's end by (stage, micro-batch, pass): [`Timeline::at`].
    done: Vec<Option<f64>>,
    /// When each link (from group, to group) is free: its transfers go in FIFO order.
    link_free: HashMap<(u32, u32), f64>,
    /// Arrival of stage `a`'s output (step of micro-batch j) at group of stage `b`, through the
    /// link's FIFO, computed when first asked for (deterministic: groups are visited in order). By
    /// (input, micro-batch): the inputs of one step from the same stage and pass share the first
    /// one's arrival.
    arrivals: Vec<Option<f64>>,
    /// Per group: the next step of its order, when its compute is free, when its communication
    /// stream is, the gradient reduction it runs after the backward, its busy seconds and its first
    /// step's start.
    next: Vec<usize>,
    free: Vec<f64>,
    comm_free: Vec<f64>,
    after: Vec<f64>,
    busy: Vec<f64>,
    first_start: Vec<f64>,
    /// Share of the compute rate that ZeRO's collectives take while they run beside the compute
    /// (`1 − efficiency.overlap` of the GPU): [`beside`].
    contention: f64,
}

impl Timeline {
    /// An empty timeline of schedule `s` whose groups start after their once-per-iteration work
    /// (`once`: before the steps, after them).
    fn new(s: &Schedule, inputs: StepInputs, once: &[(f64, f64)], contention: f64) -> Timeline {
        let p = s.stages as usize;
        let mu = s.micro_batches as usize;
        let mut input_base = Vec::with_capacity(inputs.len());
        let mut count = 0usize;
        for slot in &inputs {
            input_base.push(count);
            count += slot.len();
        }
        Timeline {
            inputs,
            input_base,
            mu,
            done: vec![None; s.virtual_stages() as usize * mu * 2],
            link_free: HashMap::new(),
            arrivals: vec![None; count * mu],
            next: vec![0usize; p],
            free: once.iter().map(|o| o.0).collect(),
            comm_free: vec![0.0; p],
            after: vec![0.0; p],
            busy: once.iter().map(|o| o.0 + o.1).collect(),
            first_start: vec![f64::INFINITY; p],
            contention,
        }
    }

    /// The index of stage `k`'s step of micro-batch `j`, forward or backward, in `done`.
    fn at(&self, k: u32, j: u32, back: bool) -> usize {
        ((k as usize * self.mu + j as usize) << 1) | usize::from(back)
    }

    /// Places every group's steps, round after round over the groups in order, each taking its next
    /// step when that can start; an error when a round places none (the order deadlocks).
    fn run(
        &mut self,
        s: &Schedule,
        stages: &[StageCost],
        after_backward: bool,
    ) -> Result<(), PipelineError> {
        let steps: Vec<Vec<crate::schedule::Step>> = (0..s.stages).map(|g| s.steps(g)).collect();
        let total: usize = steps.iter().map(Vec::len).sum();
        let mut scheduled = 0usize;
        while scheduled < total {
            let mut progressed = false;
            for g in 0..s.stages {
                let Some(&step) = steps[g as usize].get(self.next[g as usize]) else {
                    continue;
                };
                let k = s.stage_at(g, step.chunk);
                let back = step.pass == Pass::Backward;
                let Some(ready) = self.ready(s, g, k, step.micro_batch, back) else {
                    continue;
                };
                self.place(
                    s,
                    g,
                    k,
                    step.micro_batch,
                    back,
                    ready,
                    stages,
                    after_backward,
                );
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
        Ok(())
    }

    /// When group `g`'s step of stage `k`, micro-batch `j` can start: its group free, its inputs
    /// arrived (each transfer placed on its link when first asked for), the same micro-batch done
    /// on the stage before it (after it, backward) and, backward, its own forward. `None` while one
    /// of those has not ended.
    fn ready(&mut self, s: &Schedule, g: u32, k: u32, j: u32, back: bool) -> Option<f64> {
        let mu = self.mu;
        let mut ready = self.free[g as usize];
        let mut blocked = false;
        let slot = (2 * k + u32::from(back)) as usize;
        for &(from, from_back, dur) in &self.inputs[slot] {
            let first = self.inputs[slot]
                .iter()
                .position(|&(f, fb, _)| f == from && fb == from_back)
                .expect("the input itself matches");
            let key = (self.input_base[slot] + first) * mu + j as usize;
            if let Some(t) = self.arrivals[key] {
                ready = ready.max(t);
                continue;
            }
            let from_at = ((from as usize * mu + j as usize) << 1) | usize::from(from_back);
            match self.done[from_at] {
                Some(end) => {
                    let link = (s.group_of_stage(from), g);
                    let start = end.max(*self.link_free.get(&link).unwrap_or(&0.0));
                    let arrive = start + dur;
                    self.link_free.insert(link, arrive);
                    self.arrivals[key] = Some(arrive);
                    ready = ready.max(arrive);
                }
                None => blocked = true,
            }
        }
        // Micro-batch order through the stages even without data (a stage that receives nothing
        // still follows its predecessor).
        let prev = if back {
            (k + 1 < s.virtual_stages()).then(|| (k + 1, j, true))
        } else {
            (k > 0).then(|| (k - 1, j, false))
        };
        if let Some((pk, pj, pb)) = prev {
            match self.done[self.at(pk, pj, pb)] {
                Some(end) => ready = ready.max(end),
                None => blocked = true,
            }
        }
        if back {
            match self.done[self.at(k, j, false)] {
                Some(end) => ready = ready.max(end),
                None => blocked = true,
            }
        }
        (!blocked).then_some(ready)
    }

    /// Places group `g`'s step of stage `k`, micro-batch `j` at `ready`: its compute (overlapped with
    /// ZeRO's gathers and scatters) and, after a stage's last backward, its gradient synchronization.
    #[allow(clippy::too_many_arguments)]
    fn place(
        &mut self,
        s: &Schedule,
        g: u32,
        k: u32,
        j: u32,
        back: bool,
        ready: f64,
        stages: &[StageCost],
        after_backward: bool,
    ) {
        let c = &stages[k as usize];
        let last_of_stage = back && j + 1 == s.micro_batches;
        let dur = if back {
            let b = c.backward_s + c.recompute_s;
            match s.zero {
                Zero::Full => beside(b, c.gather_s + c.scatter_s, self.contention),
                Zero::Gradients => beside(b, c.scatter_s, self.contention),
                Zero::None | Zero::Optimizer => b,
            }
        } else if s.zero == Zero::Full {
            beside(c.forward_s, c.gather_s, self.contention)
        } else {
            c.forward_s
        };
        let g = g as usize;
        self.first_start[g] = self.first_start[g].min(ready);
        let end = ready + dur;
        let at = self.at(k, j, back);
        self.done[at] = Some(end);
        self.free[g] = end;
        self.busy[g] += dur;
        if last_of_stage {
            let tail = (c.last_backward_s - c.backward_s).max(0.0);
            if after_backward {
                // The engine reduces every chunk's gradients after the group's last backward, on
                // the compute stream.
                self.after[g] += tail;
            } else {
                // The chunk's gradient synchronization after its last backward, on the group's
                // communication stream: what the stage simulation exposed beyond its backward (the
                // rest overlapped with that backward), overlapping later chunks' compute.
                let comm = &mut self.comm_free[g];
                *comm = comm.max(end) + tail;
            }
        }
        self.next[g] += 1;
    }

    /// Bubble of the busiest of the `p` groups: idle share between the first step's start and the
    /// last step's end.
    fn bubble_fraction(&self, p: u32, once: &[(f64, f64)]) -> f64 {
        let busy = &self.busy;
        let busiest = (0..p as usize)
            .max_by(|&a, &b| busy[a].total_cmp(&busy[b]).then(b.cmp(&a)))
            .unwrap_or(0);
        let g = busiest;
        let begin = self
            .first_start
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        let end = self.free.iter().copied().fold(0.0, f64::max);
        let span = end - begin.min(end);
        let work = busy[g] - once[g].0 - once[g].1;
        if span > 0.0 {
            (1.0 - work / span).max(0.0)
        } else {
            0.0
        }
    }
}

/// A stage as a graph of its own.
pub(super) struct Sub {
    graph: Graph,
    /// The micro graph's op of each of its ops.
    ops: Vec<OpId>,
    /// [`Sub::structure_hash`] of `graph`.
    structure: u64,
}

impl Sub {
    /// The graph's ops, shapes and accesses: the part of [`Sub::key`] that configurations leave alone.
    fn structure_hash(graph: &Graph) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for op in graph.ops() {
            (op.class, &op.dims, op.flops.to_bits(), op.dtype).hash(&mut h);
            for a in op.inputs.iter().chain(&op.outputs) {
                let t = graph.tensor(a.tensor);
                (a.tensor.0, &t.shape, t.kind, t.dtype).hash(&mut h);
                a.exprs.hash(&mut h);
            }
        }
        h.finish()
    }

    /// Structure and configurations, devices relative to the group: equal keys simulate alike.
    pub(super) fn key(&self, configs: &[Config], base: u32) -> StageKey {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.structure.hash(&mut h);
        for id in &self.ops {
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
pub(super) struct Transfer {
    from: u32,
    to: u32,
    bytes: u64,
    from_backward: bool,
    to_backward: bool,
}

/// A stage's memory under the schedule (the [`StageCost`] fields of the same names).
pub(super) struct StageMemory {
    pub(super) kept_bytes: u64,
    pub(super) transient_bytes: u64,
    pub(super) gathered_bytes: u64,
    /// Selective recomputation: the ops (of the stage's graph) whose dropped outputs it recomputes.
    pub(super) recomputed: std::collections::BTreeSet<usize>,
}

/// Kept tensors of a stage and its largest op's working set beyond them (per device of the group).
pub(super) struct Kept {
    bytes: BTreeMap<TensorId, Vec<u64>>,
    largest_op: Vec<u64>,
}
