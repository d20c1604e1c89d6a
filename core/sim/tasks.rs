//! The task graph: blocks of tasks per op and edge (forward, backward, all-reduce, transfers), their
//! durations, dependencies, resources and buffers, built from the ops' configurations (module doc of
//! [`super`], "Task graph").

use super::*;

/// A task: block and index in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct TaskRef {
    pub block: u32,
    pub task: u32,
}

/// A task in a resource's FIFO: position of its block in issue order, index in the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Slot {
    pub pos: u32,
    pub task: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BlockKind {
    Forward(OpId),
    Backward(OpId),
    AllReduce(OpId),
    Transfer(usize),
    GradientTransfer(usize),
}

/// Per task: what it is about (see [`TaskRecord`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Meta {
    pub task: u32,
    pub peer: u32,
    pub bytes: u64,
}

/// The tasks of one block, in issue order: durations, dependencies and resources (both CSR). Their start and
/// end times live in the [`Times`] arena from `base` on; dependencies are arena slots.
#[derive(Clone, Debug, Default)]
pub(crate) struct Block {
    pub base: u32,
    pub dur: Vec<f64>,
    /// Empty when every task has exactly one dependency, `deps[i]` (transfers), or none (`deps` empty too).
    pub dep_off: Vec<u32>,
    pub deps: Vec<u32>,
    /// Empty when every task holds exactly one resource, `res[i]` (compute blocks).
    pub res_off: Vec<u32>,
    pub res: Vec<u32>,
    /// Empty for compute blocks, whose task `i` is grid task `i`.
    pub meta: Vec<Meta>,
    /// The block's buffers as last added to memory by a delta simulation (merged per device), so that
    /// removing them does not recompute them; `None` after a full build.
    pub added: Option<Vec<Live>>,
}

impl Block {
    pub(super) fn with_tasks(n: usize) -> Block {
        let mut b = Block::default();
        b.dur.reserve(n);
        b.meta.reserve(n);
        b.res_off.reserve(n + 1);
        b.res_off.push(0);
        b
    }

    /// A compute block: one device per task.
    pub(super) fn compute(n: usize) -> Block {
        Block {
            dur: Vec::with_capacity(n),
            res: Vec::with_capacity(n),
            ..Block::default()
        }
    }

    pub(super) fn push(&mut self, dur: f64, meta: Meta, resources: impl IntoIterator<Item = u32>) {
        self.dur.push(dur);
        self.meta.push(meta);
        self.res.extend(resources);
        self.res_off.push(self.res.len() as u32);
    }

    pub(super) fn push_compute(&mut self, dur: f64, device: DeviceId) {
        self.dur.push(dur);
        self.res.push(device.0);
    }

    pub fn len(&self) -> usize {
        self.dur.len()
    }

    pub fn deps_of(&self, i: usize) -> &[u32] {
        if self.dep_off.is_empty() {
            self.deps.get(i..i + 1).unwrap_or(&[])
        } else {
            &self.deps[self.dep_off[i] as usize..self.dep_off[i + 1] as usize]
        }
    }

    pub fn res_of(&self, i: usize) -> &[u32] {
        if self.res_off.is_empty() {
            &self.res[i..i + 1]
        } else {
            &self.res[self.res_off[i] as usize..self.res_off[i + 1] as usize]
        }
    }

    pub fn meta(&self, i: usize) -> Meta {
        self.meta.get(i).copied().unwrap_or(Meta {
            task: i as u32,
            peer: 0,
            bytes: 0,
        })
    }
}

/// End time of every task, in one arena so that the schedule loop reads a dependency's end with one load. A
/// block gets a fresh range when it is rebuilt; the old range is garbage until [`Simulator::compact`]. Start
/// times are not stored (the schedule loop is memory bound): reports recompute them ([`Simulator::start_of`]).
/// The schedule loop's inputs for the common tasks are copied alongside, so that it streams through the
/// Structure fixed by the graph and the mode: block ids, issue order, stages.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub n_ops: usize,
    pub in_edges: Vec<Range<usize>>,
    pub out_edges: Vec<Vec<usize>>,
    pub kinds: Vec<BlockKind>,
    /// Block ids in issue order.
    pub order: Vec<u32>,
    /// Position of each block id in `order` (`u32::MAX` for blocks not scheduled in this mode).
    pub pos: Vec<u32>,
    pub stages: usize,
    /// Per tensor, every `(op, input index)` reading it when it is a weight, in program order; empty for
    /// other tensors. A weight is held once per device and synchronized once ([`crate::weight_sync`]).
    pub weight_readers: Vec<Vec<(u32, u32)>>,
    /// Per op, the weights it is the first reader of: its all-reduce block synchronizes them (its backward
    /// is the last of their readers').
    pub owned_weights: Vec<Vec<TensorId>>,
    /// Per op, the distinct weights it reads.
    pub read_weights: Vec<Vec<TensorId>>,
    /// Fused kernels and saved activations ([`crate::fusion`]).
    pub fusion: Fusion,
    /// Ops that compute with *statistics* ([`statistic_readers`]): replicated, they read their own device's
    /// partial sums of a split sample reduction instead of waiting for the all-reduce.
    pub statistic_reader: Vec<bool>,
    /// Per tensor: a weight some reader indexes through a sample loop (a per-sample initial state). Its
    /// replicas of a data-parallel strategy read disjoint rows, so its gradient is not summed across
    /// replicas ([`Replicas`]).
    pub per_sample_weight: Vec<bool>,
    /// Per op of a training step written out ([`Mode::TrainingStep`]): whether it is outside the loss's
    /// forward (the backward and the update); false for every op of other graphs. A received tensor is
    /// shared by the readers of one pass only ([`share_transfers`]).
    pub after_loss: Vec<bool>,
}

impl Layout {
    pub(super) fn new(graph: &Graph, mode: Mode, state: crate::precision::WeightState) -> Layout {
        let n = graph.num_ops();
        let edges = graph.edges();
        let mut in_edges = vec![0..0; n];
        let mut out_edges = vec![Vec::new(); n];
        for (i, e) in edges.iter().enumerate() {
            let r = &mut in_edges[e.consumer.index()];
            if r.start == r.end {
                *r = i..i + 1;
            } else {
                r.end = i + 1;
            }
            out_edges[e.producer.index()].push(i);
        }
        let mut kinds = Vec::with_capacity(3 * n + 2 * edges.len());
        for o in 0..n {
            let o = OpId::new(o);
            kinds.extend([
                BlockKind::Forward(o),
                BlockKind::Backward(o),
                BlockKind::AllReduce(o),
            ]);
        }
        for e in 0..edges.len() {
            kinds.extend([BlockKind::Transfer(e), BlockKind::GradientTransfer(e)]);
        }
        let mut order = Vec::with_capacity(kinds.len());
        for (o, inputs) in in_edges.iter().enumerate() {
            order.extend(inputs.clone().map(|e| transfer_block(n, e)));
            order.push(forward_block(o));
            if !mode.has_backward() {
                // Without a backward, the all-reduce block combines split reductions' partial sums.
                order.push(all_reduce_block(o));
            }
        }
        if mode.has_backward() {
            for o in (0..n).rev() {
                order.extend(out_edges[o].iter().map(|&e| gradient_block(n, e)));
                order.extend([backward_block(o), all_reduce_block(o)]);
            }
        }
        let mut pos = vec![u32::MAX; kinds.len()];
        for (p, &b) in order.iter().enumerate() {
            pos[b as usize] = p as u32;
        }
        let stages = if mode.has_backward() { 2 * n } else { n };
        let mut weight_readers = vec![Vec::new(); graph.tensors().len()];
        let mut owned_weights = vec![Vec::new(); n];
        let mut read_weights = vec![Vec::new(); n];
        let mut per_sample_weight = vec![false; graph.tensors().len()];
        for (o, op) in graph.ops().iter().enumerate() {
            for (k, access) in op.inputs.iter().enumerate() {
                let t = access.tensor;
                if graph.tensor(t).kind != TensorKind::Weight {
                    continue;
                }
                per_sample_weight[t.index()] |= access.exprs.iter().any(|e| {
                    e.terms
                        .iter()
                        .any(|&(j, c)| c != 0 && op.dims[j].role == Role::Sample)
                });
                let readers: &mut Vec<(u32, u32)> = &mut weight_readers[t.index()];
                if readers.is_empty() {
                    owned_weights[o].push(t);
                }
                readers.push((o as u32, k as u32));
                if !read_weights[o].contains(&t) {
                    read_weights[o].push(t);
                }
            }
        }
        Layout {
            n_ops: n,
            in_edges,
            out_edges,
            kinds,
            order,
            pos,
            stages,
            weight_readers,
            owned_weights,
            read_weights,
            fusion: Fusion::for_state(graph, state),
            statistic_reader: statistic_readers(graph),
            per_sample_weight,
            after_loss: after_loss(graph, mode),
        }
    }

    /// The op whose all-reduce block synchronizes weight `t` (its first reader).
    pub(super) fn weight_owner(&self, t: TensorId) -> usize {
        self.weight_readers[t.index()][0].0 as usize
    }

    pub(super) fn forward_stage(&self, op: usize) -> u32 {
        op as u32
    }

    pub(super) fn backward_stage(&self, op: usize) -> u32 {
        (2 * self.n_ops - 1 - op) as u32
    }
}

/// [`Layout::after_loss`]: in a training step written out, the ops no scalar result (the loss)
/// depends on; none when the graph has no such result or is no training step.
fn after_loss(graph: &Graph, mode: Mode) -> Vec<bool> {
    let n = graph.num_ops();
    if !mode.training_step() {
        return vec![false; n];
    }
    let forward = crate::graph::ancestors(graph, crate::graph::scalar_results(graph));
    if !forward.iter().any(|&f| f) {
        return vec![false; n];
    }
    forward.iter().map(|&f| !f).collect()
}

/// Per op: whether it computes with per-device *statistics* when replicated, as data parallelism's batch
/// norm does (PyTorch DDP keeps batch-norm statistics per GPU; SyncBN all-reduces them). An op is a
/// statistic reader when it has no sample dim and nothing it feeds through ops without a sample dim updates a
/// *trainable* weight (a weight that an op with a sample dim reads: a filter, a norm's scale; not a running
/// mean, which only its own update reads). So a batch norm's mean and variance arithmetic, its running-stat
/// updates and the loss's finishing scalars are statistic readers; the optimizer update of a weight, and
/// anything feeding it (a gradient's sum), are not: a replicated one waits for the all-reduced sums. When a
/// decomposition shares one op between both uses, it waits (the rule is conservative).
pub(crate) fn statistic_readers(graph: &Graph) -> Vec<bool> {
    let n = graph.num_ops();
    let sampled = |o: usize| graph.op(OpId::new(o)).first_dim(Role::Sample).is_some();
    let mut trainable = vec![false; graph.tensors().len()];
    for (o, op) in graph.ops().iter().enumerate() {
        if sampled(o) {
            for a in &op.inputs {
                if graph.tensor(a.tensor).kind == TensorKind::Weight {
                    trainable[a.tensor.index()] = true;
                }
            }
        }
    }
    // Reverse topological order: whether an op without a sample dim reaches a trainable weight's update
    // through ops without a sample dim.
    let mut updates = vec![false; n];
    let order: Vec<OpId> = graph.topological_order().collect();
    for &id in order.iter().rev() {
        let o = id.index();
        if sampled(o) {
            continue;
        }
        let op = graph.op(id);
        let reads_trainable = op.inputs.iter().any(|a| trainable[a.tensor.index()]);
        let feeds = op.outputs.iter().any(|a| {
            graph
                .consumers(a.tensor)
                .iter()
                .any(|&c| !sampled(c.index()) && updates[c.index()])
        });
        updates[o] = reads_trainable || feeds;
    }
    (0..n).map(|o| !sampled(o) && !updates[o]).collect()
}

pub(super) fn forward_block(op: usize) -> u32 {
    3 * op as u32
}
pub(super) fn backward_block(op: usize) -> u32 {
    3 * op as u32 + 1
}
pub(super) fn all_reduce_block(op: usize) -> u32 {
    3 * op as u32 + 2
}
pub(super) fn transfer_block(n_ops: usize, edge: usize) -> u32 {
    (3 * n_ops + 2 * edge) as u32
}
pub(super) fn gradient_block(n_ops: usize, edge: usize) -> u32 {
    (3 * n_ops + 2 * edge + 1) as u32
}

/// The tasks of one op under its configuration: loop boxes and operand regions.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpTasks {
    pub devices: Vec<DeviceId>,
    pub extents: Vec<u64>,
    /// Per access (inputs, then outputs), `tasks × rank` intervals from `offsets[access]` on.
    pub regions: Vec<Interval>,
    pub offsets: Vec<usize>,
    pub ranks: Vec<usize>,
    /// Elements of every access's region, `volumes[access * tasks + task]`.
    pub volumes: Vec<u64>,
    /// Forward bytes of each task (operand regions).
    pub bytes: Vec<f64>,
    /// Every task of the grid runs on several devices, each computing it whole ([`Config::copies`]; a
    /// replicated op, [`Config::is_replicated`], is one such task): a task's equal output regions are
    /// copies, not partial sums, and a reader takes the copy on its own device.
    pub replicated: bool,
    /// Devices per task of the grid (entries `t·copies..(t+1)·copies` are task `t`'s copies).
    pub copies: usize,
    /// The exact indices of the region dims whose index merges several loops into a set that is not one
    /// interval (a fused projection's columns read for some heads: [`crate::graph::AffineDim::image`]),
    /// by `(access, task, dim)`; the region keeps the bounding interval. Volumes and transfers use these.
    pub strided: std::collections::HashMap<(u32, u32, u32), Vec<Interval>>,
}

/// Intervals an exact image may have before the bounding interval stands in for it.
const IMAGE_CAP: usize = 64;

impl OpTasks {
    pub(super) fn new(
        graph: &Graph,
        op: OpId,
        config: &Config,
        loops: &mut Vec<Interval>,
    ) -> OpTasks {
        /// How one index expression is evaluated per task.
        #[derive(Clone, Copy)]
        enum Eval {
            /// At most one of the loop dims it reads is split: its range for each chunk of that dim (`dim`,
            /// `degree` entries) is precomputed in `tables` from `at`; a constant has one entry.
            Table { dim: usize, at: usize },
            /// Several split loop dims: evaluated on the task's loop box.
            General,
        }
        let o = graph.op(op);
        let n = config.num_tasks();
        let extents = config.task_extents(o);
        let degrees = &config.degrees;
        let accesses: Vec<_> = o.accesses().collect();
        let ranks: Vec<usize> = accesses.iter().map(|a| a.exprs.len()).collect();
        let elem: Vec<u64> = accesses
            .iter()
            .map(|a| graph.tensor(a.tensor).dtype.size_bytes())
            .collect();
        // Whole loops; unsplit dims keep their full range in every task.
        loops.clear();
        loops.extend(o.dims.iter().map(|d| Interval::new(0, d.size)));
        let mut tables = Vec::new();
        let mut evals = Vec::new();
        let mut general = false;
        for a in &accesses {
            let shape = &graph.tensor(a.tensor).shape;
            for (e, &size) in a.exprs.iter().zip(shape) {
                let mut split = e.terms.iter().map(|&(d, _)| d).filter(|&d| degrees[d] > 1);
                let eval = match (split.next(), split.next()) {
                    (None, _) => {
                        tables.push(e.range(loops, size));
                        Eval::Table {
                            dim: usize::MAX,
                            at: tables.len() - 1,
                        }
                    }
                    (Some(d), None) => {
                        let at = tables.len();
                        for k in 0..degrees[d] {
                            loops[d] = Interval::new(k * extents[d], (k + 1) * extents[d]);
                            tables.push(e.range(loops, size));
                        }
                        loops[d] = Interval::new(0, o.dims[d].size);
                        Eval::Table { dim: d, at }
                    }
                    (Some(_), Some(_)) => {
                        general = true;
                        Eval::General
                    }
                };
                evals.push(eval);
            }
        }

        // Index expressions that merge loops (several terms, or a stride): their exact image per task.
        let merged: Vec<bool> = accesses
            .iter()
            .flat_map(|a| {
                a.exprs.iter().map(|e| {
                    let live = e
                        .terms
                        .iter()
                        .filter(|&&(d, c)| c != 0 && o.dims[d].size > 1);
                    let (count, strided) =
                        live.fold((0, false), |(n, s), &(_, c)| (n + 1, s || c.abs() > 1));
                    count > 1 || strided
                })
            })
            .collect();
        let any_merged = merged.iter().any(|&m| m);
        let mut strided = std::collections::HashMap::new();
        let mut task_loops: Vec<Interval> = Vec::new();
        let total: usize = ranks.iter().sum();
        let mut regions = vec![Interval::default(); n * total];
        let mut bytes = vec![0.0; n];
        let mut volumes = vec![0u64; n * accesses.len()];
        // Grid coordinates of task `t`, advanced like an odometer (row-major: the last dim fastest).
        let mut coord = vec![0u64; degrees.len()];
        let copies = config.copies();
        for t in 0..n {
            if t > 0 && t % copies == 0 {
                crate::strategy::next_coordinate(&mut coord, degrees);
            }
            if general {
                for (d, l) in loops.iter_mut().enumerate() {
                    *l = Interval::new(coord[d] * extents[d], (coord[d] + 1) * extents[d]);
                }
            }
            if any_merged {
                task_loops.clear();
                task_loops
                    .extend((0..degrees.len()).map(|d| {
                        Interval::new(coord[d] * extents[d], (coord[d] + 1) * extents[d])
                    }));
            }
            // Access-major layout: access `a`'s regions start at `n * (ranks before a)`.
            let (mut offset, mut k) = (0, 0);
            for (a, access) in accesses.iter().enumerate() {
                let out = &mut regions[offset + t * ranks[a]..offset + (t + 1) * ranks[a]];
                let shape = &graph.tensor(access.tensor).shape;
                let mut elems = 1u64;
                for (j, r) in out.iter_mut().enumerate() {
                    *r = match evals[k + j] {
                        Eval::Table {
                            dim: usize::MAX,
                            at,
                        } => tables[at],
                        Eval::Table { dim, at } => tables[at + coord[dim] as usize],
                        Eval::General => access.exprs[j].range(loops, shape[j]),
                    };
                    let exact = merged[k + j]
                        .then(|| access.exprs[j].image(&task_loops, shape[j], IMAGE_CAP))
                        .flatten();
                    match exact {
                        Some(list) => {
                            elems *= list.iter().map(|i| i.len()).sum::<u64>();
                            strided.insert((a as u32, t as u32, j as u32), list);
                        }
                        None => elems *= r.len(),
                    }
                }
                volumes[a * n + t] = elems;
                bytes[t] += (elems * elem[a]) as f64;
                offset += n * ranks[a];
                k += ranks[a];
            }
        }
        let mut offsets = Vec::with_capacity(ranks.len());
        let mut offset = 0;
        for &r in &ranks {
            offsets.push(offset);
            offset += n * r;
        }
        OpTasks {
            devices: config.devices.clone(),
            replicated: copies > 1,
            copies,
            extents,
            ranks,
            offsets,
            regions,
            volumes,
            bytes,
            strided,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.devices.len()
    }

    /// Bytes of task `task`'s region of access `access`, for elements of `elem` bytes.
    pub(super) fn region_bytes(&self, access: usize, task: usize, elem: u64) -> u64 {
        self.volumes[access * self.len() + task] * elem
    }

    /// Points of dim `dim` of task `task`'s region of access `access` that `other` (an interval, or the exact
    /// list of another region's strided dim) holds too.
    pub(super) fn dim_overlap(
        &self,
        access: usize,
        task: usize,
        dim: usize,
        other: Interval,
        other_exact: Option<&Vec<Interval>>,
    ) -> u64 {
        let mine = self.strided.get(&(access as u32, task as u32, dim as u32));
        match (mine, other_exact) {
            (None, None) => self.region(access, task)[dim].intersect(other).len(),
            (Some(a), None) => crate::graph::overlap_of(a, &[other]),
            (None, Some(b)) => crate::graph::overlap_of(&[self.region(access, task)[dim]], b),
            (Some(a), Some(b)) => crate::graph::overlap_of(a, b),
        }
    }

    /// The exact list of a strided region dim, if that dim is one.
    pub(super) fn exact(&self, access: usize, task: usize, dim: usize) -> Option<&Vec<Interval>> {
        self.strided.get(&(access as u32, task as u32, dim as u32))
    }

    pub(super) fn region(&self, access: usize, task: usize) -> &[Interval] {
        let (r, at) = (self.ranks[access], self.offsets[access]);
        &self.regions[at + task * r..at + (task + 1) * r]
    }
}

/// Keeps, per consumer task and group of producer tasks writing the same region, one pair: the one whose
/// producer is on the consumer's device, else the group's first (see [`edge_pairs`]). Pairs stay in consumer
/// order, then producer order.
fn combined_pairs(
    pairs: Vec<Pair>,
    group_of: &[u32],
    members: &[Vec<u32>],
    prod: &OpTasks,
    cons: &OpTasks,
    machine: &Machine,
) -> Vec<Pair> {
    let mut kept: Vec<Pair> = Vec::with_capacity(pairs.len());
    let node = |d: DeviceId| machine.node_of(d);
    for per_consumer in pairs.chunk_by(|a, b| a.c == b.c) {
        let first = kept.len();
        let device = cons.devices[per_consumer[0].c as usize];
        for pair in per_consumer {
            let g = group_of[pair.p as usize] as usize;
            let on = |same: &dyn Fn(DeviceId) -> bool| {
                members[g]
                    .iter()
                    .copied()
                    .find(|&m| same(prod.devices[m as usize]))
            };
            // Copies: one on the reader's node before one across nodes (every replica reads its
            // own replica's copy where replicas are whole nodes).
            let near = || {
                prod.replicated
                    .then(|| on(&|d| node(d) == node(device)))
                    .flatten()
            };
            let chosen = on(&|d| d == device).or_else(near).unwrap_or(members[g][0]);
            if pair.p == chosen {
                kept.push(*pair);
            }
        }
        kept[first..].sort_unstable_by_key(|pair| pair.p);
    }
    kept
}

/// Where a reader of a partial-sum group's result waits: the group's all-reduce slot, if it has one, and
/// the forward slot of its last task.
pub(super) type SumSource = (Option<u32>, u32);

/// Time of an all-reduce of `bytes` over `m` devices whose slowest hop has bandwidth `bw` and the
/// largest latency `latency`: the faster of a ring (`2(m-1)` steps of `bytes/m`: bandwidth-optimal) and
/// NCCL's pipelined tree (the message streamed in chunks up the tree and back down: each link carries
/// it once each way, `2·bytes/bw`, plus the latency of `2⌈log₂ m⌉` levels), as NCCL picks per message
/// size and group. Without the pipelining (`2⌈log₂ m⌉` whole-message steps) a group of a thousand
/// devices paid the ring's `2(m-1)` latencies or twenty whole-message steps for every large weight.
pub(super) fn all_reduce_time(m: usize, bytes: u64, bw: f64, latency: f64) -> f64 {
    if m < 2 {
        return 0.0;
    }
    let steps = 2.0 * (m as f64 - 1.0);
    let ring = steps / m as f64 * bytes as f64 / bw + steps * latency;
    let depth = 2.0 * (m as f64).log2().ceil();
    let tree = 2.0 * bytes as f64 / bw + depth * latency;
    ring.min(tree)
}

/// CSR dependencies in [`Block`]'s form: no offsets when every task has none or exactly one.
pub(super) fn compact_deps(off: Vec<u32>, deps: Vec<u32>) -> (Vec<u32>, Vec<u32>) {
    if deps.is_empty() || off.iter().enumerate().all(|(i, &o)| o as usize == i) {
        (Vec::new(), deps)
    } else {
        (off, deps)
    }
}

pub(super) const LOCAL: u32 = u32::MAX;

/// A (producer task, consumer task) pair of an edge whose regions intersect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pair {
    pub p: u32,
    pub c: u32,
    pub bytes: u64,
    /// Index of its transfer in the edge's transfer blocks, or `LOCAL` when both tasks share a device.
    pub comm: u32,
}

/// The intersecting pairs of one edge, sorted by (consumer, producer), plus the same sorted by producer.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdgePairs {
    pub pairs: Vec<Pair>,
    pub by_producer: Vec<u32>,
    /// An all-to-all ([`all_to_all_rounds`]): the indices of its remote pairs in transfer (`comm`)
    /// order, round by round. Empty for any other edge, whose transfers follow pair order.
    pub rounds: Vec<u32>,
}

impl EdgePairs {
    /// Number of pairs on different devices (transfers).
    pub(super) fn remote(&self) -> usize {
        if !self.rounds.is_empty() {
            return self.rounds.len();
        }
        // Transfers are numbered in pair order: the last one's number tells.
        let last = self.pairs.iter().rev().find(|p| p.comm != LOCAL);
        last.map_or(0, |p| p.comm as usize + 1)
    }

    /// Whether the edge's transfers are an all-to-all.
    pub(crate) fn is_all_to_all(&self) -> bool {
        !self.rounds.is_empty()
    }

    /// The remote pairs in transfer order.
    pub(super) fn transfers(&self) -> impl Iterator<Item = &Pair> + Clone {
        let (rounds, plain) = if self.rounds.is_empty() {
            (None, Some(self.pairs.iter().filter(|p| p.comm != LOCAL)))
        } else {
            (
                Some(self.rounds.iter().map(|&i| &self.pairs[i as usize])),
                None,
            )
        };
        rounds
            .into_iter()
            .flatten()
            .chain(plain.into_iter().flatten())
    }
}

/// The remote pairs of an edge in the rounds of an all-to-all, or `None` when they are not one.
///
/// An edge is an all-to-all when its remote pairs join every ordered pair of a set of `d >= 3` devices
/// exactly once (or of each of several disjoint sets: the copies of one exchange in the replicas of an
/// expanded strategy) and each carries less than its producer task's region (a layout change: rows split on
/// the producer, columns on the consumer, as the tokens between a sample split and an expert split; an
/// all-gather, whose pairs carry whole regions, is not one). Its transfers are issued as a pairwise
/// exchange does them, in `d - 1` rounds where the device at position `i` of the set sends to the one
/// at `i + r` (mod `d`): every round a permutation, so each device's sends and receives take `d - 1`
/// slots on its links instead of queueing behind each other's (consumer by consumer, a FIFO of
/// transfers into one device would serialize them). Across nodes (the same number of the set's
/// devices on each), the rounds go by node offset, then by offset inside the node, so that the NIC
/// transfers of one round are a permutation as well. Returned: pair indices, round by round, senders
/// in set order.
fn all_to_all_rounds(
    pairs: &[Pair],
    prod: &OpTasks,
    cons: &OpTasks,
    out_access: usize,
    elem: u64,
    machine: &Machine,
) -> Option<Vec<u32>> {
    let is_remote = |p: &Pair| prod.devices[p.p as usize] != cons.devices[p.c as usize];
    // Cheap rejections first (this runs for every edge of every simulation): too few transfers, or a
    // first transfer carrying its producer's whole region (an all-gather, a move).
    let first = pairs.iter().find(|p| is_remote(p))?;
    if first.bytes >= prod.region_bytes(out_access, first.p as usize, elem) {
        return None;
    }
    let count = pairs.iter().filter(|p| is_remote(p)).count();
    if count < 6 {
        return None;
    }
    let ends = |p: &Pair| (prod.devices[p.p as usize], cons.devices[p.c as usize]);
    let mut set: Vec<DeviceId> = pairs
        .iter()
        .filter(|p| is_remote(p))
        .flat_map(|p| {
            let (a, b) = ends(p);
            [a, b]
        })
        .collect();
    set.sort_unstable();
    set.dedup();
    // The groups of devices that exchange (several when copies of the edge run side by side, as the
    // replicas of an expanded strategy): union-find over the positions in `set`.
    let position = |dev: DeviceId| set.binary_search(&dev).ok();
    let mut parent: Vec<usize> = (0..set.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for pair in pairs.iter().filter(|p| is_remote(p)) {
        let (a, b) = ends(pair);
        let (x, y) = (position(a)?, position(b)?);
        let (rx, ry) = (root(&mut parent, x), root(&mut parent, y));
        parent[rx.max(ry)] = rx.min(ry);
    }
    // Per group: its members (positions in `set`, sorted) and its grouping by node.
    let roots: Vec<usize> = (0..set.len()).map(|x| root(&mut parent, x)).collect();
    let mut members: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (x, &r) in roots.iter().enumerate() {
        members.entry(r).or_default().push(x);
    }
    let node = |x: usize| machine.node_of(set[x]);
    // Per position: (its index in its group, the group's width per node, number of node groups).
    let mut place = vec![(0usize, 1usize, 1usize); set.len()];
    let mut expected = 0;
    for group in members.values() {
        let d = group.len();
        if d < 3 {
            return None;
        }
        expected += d * (d - 1);
        let mut nodes: Vec<u32> = group.iter().map(|&x| node(x)).collect();
        nodes.dedup();
        let per_node = d / nodes.len();
        let grouped = per_node * nodes.len() == d
            && group
                .chunks(per_node)
                .all(|chunk| chunk.iter().all(|&x| node(x) == node(chunk[0])));
        let (groups, width) = if grouped {
            (nodes.len(), per_node)
        } else {
            (1, d)
        };
        for (i, &x) in group.iter().enumerate() {
            place[x] = (i, width, groups);
        }
    }
    if count != expected {
        return None;
    }
    // (node offset, offset in the node, sender position, pair index) of every transfer.
    let mut order: Vec<(usize, usize, usize, u32)> = Vec::with_capacity(count);
    for (i, pair) in pairs.iter().enumerate().filter(|(_, p)| is_remote(p)) {
        if pair.bytes >= prod.region_bytes(out_access, pair.p as usize, elem) {
            return None;
        }
        let (a, b) = ends(pair);
        let (x, y) = (position(a)?, position(b)?);
        let ((ix, width, groups), (iy, _, _)) = (place[x], place[y]);
        let (nx, lx, ny, ly) = (ix / width, ix % width, iy / width, iy % width);
        order.push((
            (ny + groups - nx) % groups,
            (ly + width - lx) % width,
            x,
            i as u32,
        ));
    }
    order.sort_unstable();
    // Each ordered pair of devices once: no two transfers share a round and a sender.
    if order
        .windows(2)
        .any(|w| (w[0].0, w[0].1, w[0].2) == (w[1].0, w[1].1, w[1].2))
    {
        return None;
    }
    Some(order.into_iter().map(|(_, _, _, i)| i).collect())
}

/// Finds the intersecting pairs of `edge` without comparing every pair: producer tasks are bucketed along the
/// tensor dim that separates them best, and each consumer task only looks at the buckets its range overlaps.
/// Producer tasks writing the same region of access `access` (the partial sums of a split reduction),
/// copy by copy ([`OpTasks::copies`]: the `j`-th copies of the tasks of one region sum among themselves;
/// copies of one task are never summed): the group of every task (numbered by first task) and each
/// group's tasks, in task order.
pub(super) fn output_groups(tasks: &OpTasks, access: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
    groups_by(tasks, access, tasks.copies)
}

/// Producer tasks whose copies hold the same region of access `access` once summed: the
/// [`output_groups`] of all copies together (a reader takes one of them).
pub(super) fn region_groups(tasks: &OpTasks, access: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
    groups_by(tasks, access, 1)
}

fn groups_by(tasks: &OpTasks, access: usize, copies: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
    let key = |t: u32| t as usize % copies;
    let mut sorted: Vec<u32> = (0..tasks.len() as u32).collect();
    sorted.sort_by(|&a, &b| {
        tasks
            .region(access, a as usize)
            .cmp(tasks.region(access, b as usize))
            .then(key(a).cmp(&key(b)))
            .then(a.cmp(&b))
    });
    let mut group_of = vec![u32::MAX; tasks.len()];
    let mut members: Vec<Vec<u32>> = Vec::new();
    for run in sorted.chunk_by(|&a, &b| {
        key(a) == key(b) && tasks.region(access, a as usize) == tasks.region(access, b as usize)
    }) {
        let mut run = run.to_vec();
        run.sort_unstable();
        members.push(run);
    }
    // Number groups by their first task, so that the numbering does not depend on region order.
    members.sort_unstable_by_key(|m| m[0]);
    for (g, m) in members.iter().enumerate() {
        for &t in m {
            group_of[t as usize] = g as u32;
        }
    }
    (group_of, members)
}

/// The distinct devices of `members`, sorted: the ring of a partial-sum all-reduce.
pub(super) fn group_ring(tasks: &OpTasks, members: &[u32]) -> Vec<DeviceId> {
    let mut ring: Vec<DeviceId> = members.iter().map(|&t| tasks.devices[t as usize]).collect();
    ring.sort_unstable();
    ring.dedup();
    ring
}

/// The (producer task, consumer task) pairs of an edge. With `combine` (no backward pass: the partial sums of a
/// split reduction are all-reduced within their group right after the producer's forward), a consumer task
/// reads each group of producer tasks writing the same region once: from the member on its own device if
/// there is one, else from the group's first member.
pub(super) fn edge_pairs(
    graph: &Graph,
    edge: &Edge,
    prod: &OpTasks,
    cons: &OpTasks,
    combine: bool,
    machine: &Machine,
) -> EdgePairs {
    let n_inputs = graph.op(edge.producer).inputs.len();
    let out_access = n_inputs + edge.output;
    let rank = prod.ranks[out_access];
    let elem = graph.tensor(edge.tensor).dtype.size_bytes();
    let (np, nc) = (prod.len(), cons.len());
    let pr = |p: usize| prod.region(out_access, p);
    let cr = |c: usize| cons.region(edge.input, c);
    let exact = !prod.strided.is_empty() || !cons.strided.is_empty();
    let overlap = |p: usize, c: usize| -> u64 {
        if !exact {
            return pr(p)
                .iter()
                .zip(cr(c))
                .map(|(a, b)| a.intersect(*b).len())
                .product();
        }
        (0..rank)
            .map(|j| prod.dim_overlap(out_access, p, j, cr(c)[j], cons.exact(edge.input, c, j)))
            .product()
    };

    let mut pairs = Vec::new();
    if rank == 0 || np == 1 {
        for c in 0..nc {
            for p in 0..np {
                let v = overlap(p, c);
                if v > 0 {
                    pairs.push(Pair {
                        p: p as u32,
                        c: c as u32,
                        bytes: v * elem,
                        comm: LOCAL,
                    });
                }
            }
        }
    } else {
        // Room for every pair (up to a bound): an all-to-all edge has them all, and growing by doubling would
        // copy them several times.
        pairs.reserve((nc * np).min(1 << 16));
        // Bucket along the dim the first producer task covers the smallest fraction of: for a grid split, the
        // dim with the most buckets. Any choice is correct; this one keeps the buckets small.
        let shape = &graph.tensor(edge.tensor).shape;
        let fraction = |j: usize| pr(0)[j].len() as f64 / shape[j].max(1) as f64;
        let j = (1..rank).fold(0, |best, j| {
            if fraction(j) < fraction(best) {
                j
            } else {
                best
            }
        });
        let mut sorted: Vec<(Interval, u32)> = (0..np).map(|p| (pr(p)[j], p as u32)).collect();
        sorted.sort_unstable();
        let disjoint = sorted
            .windows(2)
            .all(|w| w[0].0 == w[1].0 || w[0].0.hi <= w[1].0.lo);
        for c in 0..nc {
            let q = cr(c)[j];
            if q.is_empty() {
                continue;
            }
            let first = pairs.len();
            let from = if disjoint {
                sorted.partition_point(|(r, _)| r.hi <= q.lo)
            } else {
                0
            };
            for &(r, p) in sorted[from..].iter().take_while(|(r, _)| r.lo < q.hi) {
                if r.hi <= q.lo {
                    continue;
                }
                let v = overlap(p as usize, c);
                if v > 0 {
                    pairs.push(Pair {
                        p,
                        c: c as u32,
                        bytes: v * elem,
                        comm: LOCAL,
                    });
                }
            }
            // Usually already in producer order (bucket order follows the grid).
            if !pairs[first..].is_sorted_by_key(|pair| pair.p) {
                pairs[first..].sort_unstable_by_key(|pair| pair.p);
            }
        }
    }
    if combine {
        // The sum (or the copy) of each region once: its own device's, else the first.
        let (group_of, members) = region_groups(prod, out_access);
        if members.len() < np {
            pairs = combined_pairs(pairs, &group_of, &members, prod, cons, machine);
        }
    } else if prod.replicated {
        // One copy of each task per consumer task: its own device's, else one on its node, else the first.
        let c = prod.copies;
        let group_of: Vec<u32> = (0..np).map(|t| (t / c) as u32).collect();
        let members: Vec<Vec<u32>> = (0..np / c)
            .map(|t| (t * c..(t + 1) * c).map(|m| m as u32).collect())
            .collect();
        pairs = combined_pairs(pairs, &group_of, &members, prod, cons, machine);
    }
    let rounds =
        all_to_all_rounds(&pairs, prod, cons, out_access, elem, machine).unwrap_or_default();
    if rounds.is_empty() {
        let mut comm = 0;
        for pair in &mut pairs {
            if prod.devices[pair.p as usize] != cons.devices[pair.c as usize] {
                pair.comm = comm;
                comm += 1;
            }
        }
    } else {
        for (comm, &i) in rounds.iter().enumerate() {
            pairs[i as usize].comm = comm as u32;
        }
    }
    // Counting sort by producer; pairs are in consumer order, so each producer's pairs stay in consumer order.
    let mut start = vec![0u32; np + 1];
    for pair in &pairs {
        start[pair.p as usize + 1] += 1;
    }
    for p in 0..np {
        start[p + 1] += start[p];
    }
    let mut by_producer = vec![0u32; pairs.len()];
    for (i, pair) in pairs.iter().enumerate() {
        let at = &mut start[pair.p as usize];
        by_producer[*at as usize] = i as u32;
        *at += 1;
    }
    EdgePairs {
        pairs,
        by_producer,
        rounds,
    }
}

/// The edges that carry the same tensor as edge `e` (its producer's same output) to any reader,
/// `e` among them, in the readers' forward issue order.
pub(super) fn sibling_edges(graph: &Graph, layout: &Layout, e: usize) -> Vec<usize> {
    let edges = graph.edges();
    let edge = &edges[e];
    let mut group: Vec<usize> = layout.out_edges[edge.producer.index()]
        .iter()
        .copied()
        .filter(|&s| edges[s].output == edge.output)
        .collect();
    group.sort_by_key(|&s| {
        (
            layout.pos[forward_block(edges[s].consumer.index()) as usize],
            s,
        )
    });
    group
}

/// A tensor crosses to a device once, however many of its readers run there: of the transfers of
/// `group` (sibling edges, [`sibling_edges`]) that move the same region of the same producer task to
/// the same device, only the first reader's (in forward issue order) stays; the later readers find
/// the data there (their device runs them after the first reader, which waited for it), and their
/// gradients are summed locally into the first reader's, whose backward runs last of the siblings'
/// and sends the sum once. The dropped pairs become local (no transfer, no dependency). In a training
/// step written out, only readers of the same pass share ([`Layout::after_loss`]): a backward reader
/// fetches again what the forward's readers received, as Megatron's sequence parallelism all-gathers
/// a layer's input again for its weight gradient rather than holding the gathered copy across the
/// pass. Edges with strided regions and all-to-all edges keep their own transfers.
pub(super) fn share_transfers(
    graph: &Graph,
    layout: &Layout,
    ops: &[OpTasks],
    edges: &mut [EdgePairs],
    group: &[usize],
) {
    if group.len() < 2 {
        return;
    }
    let mut seen: std::collections::HashSet<(bool, u32, u32, Vec<Interval>)> = Default::default();
    for &e in group {
        let edge = &graph.edges()[e];
        let (prod, cons) = (&ops[edge.producer.index()], &ops[edge.consumer.index()]);
        if !edges[e].rounds.is_empty() || !prod.strided.is_empty() || !cons.strided.is_empty() {
            continue;
        }
        let out_access = graph.op(edge.producer).inputs.len() + edge.output;
        let mut dropped = false;
        for pair in &mut edges[e].pairs {
            if pair.comm == LOCAL {
                continue;
            }
            let region: Vec<Interval> = prod
                .region(out_access, pair.p as usize)
                .iter()
                .zip(cons.region(edge.input, pair.c as usize))
                .map(|(a, b)| a.intersect(*b))
                .collect();
            let pass = layout.after_loss[edge.consumer.index()];
            if !seen.insert((pass, pair.p, cons.devices[pair.c as usize].0, region)) {
                pair.comm = LOCAL;
                dropped = true;
            }
        }
        if dropped {
            let remote = edges[e].pairs.iter_mut().filter(|p| p.comm != LOCAL);
            for (comm, pair) in remote.enumerate() {
                pair.comm = comm as u32;
            }
        }
    }
}

/// What the simulator needs of a [`Route`](crate::machine::Route): its bandwidth and latency, and the resource indices of its
/// channels (32 bytes, so that a table of them stays in cache).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Hop {
    pub(super) bandwidth: f64,
    pub(super) latency_s: f64,
    channels: [u32; 2],
    /// Number of channels.
    n: u32,
}

impl Hop {
    /// Bit for bit the same route.
    pub(super) fn same(&self, other: &Hop) -> bool {
        self.bandwidth.to_bits() == other.bandwidth.to_bits()
            && self.latency_s.to_bits() == other.latency_s.to_bits()
            && self.channels() == other.channels()
    }

    pub(super) fn new(machine: &Machine, a: DeviceId, b: DeviceId) -> Hop {
        let route = machine.route(a, b);
        let mut hop = Hop {
            bandwidth: route.bandwidth,
            latency_s: route.latency_s,
            channels: [0; 2],
            n: 0,
        };
        for c in route.channels.into_iter().flatten() {
            hop.channels[hop.n as usize] = machine.num_devices() + machine.channel_index(c) as u32;
            hop.n += 1;
        }
        debug_assert_eq!(hop.transfer_time(12345), route.transfer_time(12345));
        hop
    }

    /// [`Route::transfer_time`](crate::machine::Route::transfer_time): the same expression.
    pub(super) fn transfer_time(&self, bytes: u64) -> f64 {
        bytes as f64 / self.bandwidth + self.latency_s
    }

    pub(super) fn channels(&self) -> &[u32] {
        &self.channels[..self.n as usize]
    }
}

/// Routes between device pairs, computed from a per-device table ([`Machine::route`] divides, an all-to-all
/// edge asks for thousands of routes, and a ring all-reduce over every device asks for one per device):
/// each device's node, local index and NIC channels, built on first use. The table is linear in the
/// devices, so it stays in cache at 4096 GPUs where a per-pair cache would not; a route from it equals
/// [`Hop::new`] (debug builds check every one).
#[derive(Clone, Debug, Default)]
pub(super) struct Routes {
    ends: Vec<End>,
    /// The machine placement the table was built under ([`Machine::placed`]).
    placement: crate::machine::Placement,
}

/// One device's part in its routes: node, index in the node, and the resource indices of its NIC
/// channels (out of its node and into it).
#[derive(Clone, Copy, Debug, Default)]
struct End {
    node: u32,
    local: u32,
    nic_out: u32,
    nic_in: u32,
}

impl Routes {
    /// The route from `a` to `b`: the same bandwidth, latency and channels as [`Hop::new`], without its
    /// divisions.
    #[inline]
    pub(super) fn get(&mut self, machine: &Machine, a: DeviceId, b: DeviceId) -> Hop {
        let n = machine.num_devices();
        if self.ends.len() != n as usize || self.placement != machine.placement() {
            self.ends = Self::table(machine);
            self.placement = machine.placement();
        }
        let (ea, eb) = (self.ends[a.0 as usize], self.ends[b.0 as usize]);
        let g = machine.gpus_per_node;
        // Channel indices follow `Machine::channel_index`, offset by the devices (resource order).
        let pair = n + a.0 * g + eb.local;
        let hop = if ea.node == eb.node {
            let (bandwidth, channels, k) = match &machine.topology {
                Some(t) => (t[ea.local as usize][eb.local as usize], [pair, 0], 1),
                None => match machine.intra.kind {
                    crate::machine::LinkKind::NVSwitch => (
                        machine.intra.bandwidth,
                        [n + n * g + a.0, n + n * g + n + b.0],
                        2,
                    ),
                    _ => (machine.intra.bandwidth, [pair, 0], 1),
                },
            };
            Hop {
                bandwidth,
                latency_s: machine.intra.latency_s,
                channels,
                n: k,
            }
        } else {
            Hop {
                bandwidth: machine.inter.bandwidth,
                latency_s: machine.inter.latency_s,
                channels: [ea.nic_out, eb.nic_in],
                n: 2,
            }
        };
        debug_assert!(hop.same(&Hop::new(machine, a, b)), "route {a}->{b}");
        hop
    }

    fn table(machine: &Machine) -> Vec<End> {
        let (n, nics) = (machine.num_devices(), machine.nics_per_node);
        (0..n)
            .map(|d| {
                let (node, local) = (machine.node_of(DeviceId(d)), machine.local(DeviceId(d)));
                let nic = local % nics;
                let index = |c| n + machine.channel_index(c) as u32;
                End {
                    node,
                    local,
                    nic_out: index(Channel::NicOut { node, nic }),
                    nic_in: index(Channel::NicIn { node, nic }),
                }
            })
            .collect()
    }
}

/// What building blocks needs besides the simulator: routes, and the buffers of discarded blocks.
#[derive(Clone, Debug, Default)]
pub(super) struct Builder {
    pub(super) routes: Routes,
    spare: Vec<Block>,
}

impl Builder {
    const SPARE: usize = 8;

    /// An empty transfer block with room for `n` tasks (of up to two channels).
    pub(super) fn block(&mut self, n: usize) -> Block {
        let mut block = self.spare.pop().unwrap_or_default();
        block.dur.reserve(n);
        block.meta.reserve(n);
        block.res.reserve(2 * n);
        block.res_off.reserve(n + 1);
        block.res_off.push(0);
        block.deps.reserve(n);
        block
    }

    /// Keeps the buffers of the largest of `blocks` for [`Builder::block`].
    pub(super) fn recycle(&mut self, blocks: impl Iterator<Item = Block>) {
        for mut block in blocks {
            if block.res_off.is_empty() || block.dur.capacity() < 64 {
                continue;
            }
            block.base = 0;
            block.dur.clear();
            block.dep_off.clear();
            block.deps.clear();
            block.res_off.clear();
            block.res.clear();
            block.meta.clear();
            block.added = None;
            if self.spare.len() < Self::SPARE {
                self.spare.push(block);
            }
        }
    }
}
