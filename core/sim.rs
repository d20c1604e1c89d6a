//! Execution simulator: the task graph of one iteration, simulated on FIFO resources (DESIGN.md §5).
//!
//! # Task graph
//! For every op and every task of its configuration there is a *forward* task and, in training, a *backward*
//! task on the task's device. For every producer→consumer edge and every pair (producer task, consumer task)
//! on different devices whose tensor regions intersect there is a *transfer* of the intersection
//! (`volume × dtype size` bytes; regions come from the accesses, so convolution halos and partial sums of split
//! reductions appear by themselves), and in training its mirror carrying the gradient back. In training, for
//! every weight an op reads, the tasks reading the same region of it on two or more devices form a replica
//! group whose gradients are summed by a ring *all-reduce* after their backward tasks:
//! `2(m-1)/m · bytes / slowest hop + 2(m-1) · largest hop latency` over the `m` devices sorted by id.
//! Graph inputs and weights are on every device that reads them when the iteration starts.
//!
//! # Schedule
//! Every device and every channel ([`crate::machine::Channel`]) is a FIFO resource that serves its tasks in
//! *issue order*, the order a single-stream runtime launches them: ops forward in program order, then backward
//! in reverse order; within an op's forward, its incoming transfers (by input) before its tasks; within an op's
//! backward, its incoming gradient transfers (by consumer edge), its tasks, then its all-reduces. A task starts
//! at `max(end of every dependency, end of the previous task on each resource it holds)` and the iteration
//! time is the makespan. Issue order is a topological order, so the schedule is one pass; and since every time
//! is a max-plus function of the durations, a faster link or GPU never makes an iteration slower. (A static
//! order rather than "first ready, first served" is what makes that monotonicity hold, and it is what a CUDA
//! stream does.) Dependencies between tasks on the same device are not stored: the device's FIFO already orders
//! them, so only transfers and all-reduces appear as dependency edges.
//!
//! # Delta simulation
//! Tasks live in *blocks* with fixed ids and a fixed place in issue order: per op its forward tasks, backward
//! tasks and all-reduces; per edge its transfers and gradient transfers. [`Simulator::set_config`] rebuilds the
//! blocks of the changed op and its edges, rewires the dependencies of the neighbouring ops, and re-times only
//! the tasks from the first changed block on (everything earlier in issue order cannot depend on it). The
//! resources' state at that point comes from a snapshot taken by the previous pass at or before it (every
//! `snap_every` blocks, about `2 √(tasks / resources)` snapshots). Each task's time is computed by the same
//! expression from the same operands as in a full simulation, so the results are bit-identical; memory is
//! integer bytes, updated by exact additions and subtractions ([`crate::memory`]), the removed and added
//! buffers of one change summed first so that equal footprints cancel.
//!
//! Almost every task after a changed op moves, so a delta simulation re-times a suffix of the schedule; what
//! it saves is rebuilding the task graph (regions, intersections, durations, memory), which is most of the
//! cost of a full simulation. The schedule loop streams through an arena that holds, per task, its end time
//! and copies of its inputs (duration, resources, and the dependency of a transfer), so that it rarely
//! touches the blocks themselves.
//!
//! A change keeps what it replaced (configuration, tasks, pairs, blocks, dependencies, memory changes, and
//! the end times and snapshots the re-timing overwrote) until the next change. Changing the same op back to
//! its previous configuration, as a rejected MCMC proposal does, restores that state instead of simulating
//! again: exactly the state before the change, so still bit-identical to a full simulation.

use std::ops::Range;

use crate::cost::{CostModel, Work};
use crate::graph::{DeviceId, Edge, Graph, Interval, Mode, OpId, TensorKind};
use crate::machine::{Channel, Machine};
use crate::memory::{weight_state_factor, Change, Live, Memory, MemoryBuilder};
use crate::strategy::{Config, Strategy, StrategyError};

/// What a task does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TaskKind {
    Forward,
    Backward,
    /// Activation transfer of the forward pass.
    Transfer,
    /// Gradient transfer of the backward pass.
    GradientTransfer,
    /// Ring all-reduce of a weight gradient.
    AllReduce,
}

impl TaskKind {
    pub fn name(self) -> &'static str {
        match self {
            TaskKind::Forward => "forward",
            TaskKind::Backward => "backward",
            TaskKind::Transfer => "transfer",
            TaskKind::GradientTransfer => "gradient transfer",
            TaskKind::AllReduce => "all-reduce",
        }
    }

    pub fn is_compute(self) -> bool {
        matches!(self, TaskKind::Forward | TaskKind::Backward)
    }
}

/// A FIFO resource of the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Resource {
    Device(DeviceId),
    Channel(Channel),
}

/// One simulated task, for reports and traces.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskRecord {
    pub kind: TaskKind,
    /// The op computing (forward, backward), reading (transfers) or owning the weight (all-reduce).
    pub op: OpId,
    /// Task index in the op's grid; for transfers, the consumer task.
    pub task: u32,
    /// For transfers, the producer op's task sending (or receiving the gradient).
    pub peer_task: Option<u32>,
    /// Bytes moved (transfers, all-reduces), 0 for compute.
    pub bytes: u64,
    pub start_s: f64,
    pub duration_s: f64,
    pub resources: Vec<Resource>,
}

impl TaskRecord {
    pub fn end_s(&self) -> f64 {
        self.start_s + self.duration_s
    }
}

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
    fn with_tasks(n: usize) -> Block {
        let mut b = Block::default();
        b.dur.reserve(n);
        b.meta.reserve(n);
        b.res_off.reserve(n + 1);
        b.res_off.push(0);
        b
    }

    /// A compute block: one device per task.
    fn compute(n: usize) -> Block {
        Block {
            dur: Vec::with_capacity(n),
            res: Vec::with_capacity(n),
            ..Block::default()
        }
    }

    fn push(&mut self, dur: f64, meta: Meta, resources: impl IntoIterator<Item = u32>) {
        self.dur.push(dur);
        self.meta.push(meta);
        self.res.extend(resources);
        self.res_off.push(self.res.len() as u32);
    }

    fn push_compute(&mut self, dur: f64, device: DeviceId) {
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
/// arena (kept in issue order by compaction) instead of chasing every block's vectors.
#[derive(Clone, Debug, Default)]
pub(crate) struct Times {
    pub end: Vec<f64>,
    /// Block id of each slot.
    pub owner: Vec<u32>,
    /// Duration of each slot (a copy of its block's).
    pub dur: Vec<f64>,
    /// The resource of each slot of a single-resource block, or the first of a [`Head::pair`] block's task.
    pub res: Vec<u32>,
    /// The second resource of a [`Head::pair`] block's task (or `NONE`).
    pub res2: Vec<u32>,
    /// The dependency of a [`Head::pair`] block's task.
    pub dep: Vec<u32>,
    pub garbage: usize,
}

const NONE: u32 = u32::MAX;

impl Times {
    fn truncate(&mut self, len: usize) {
        self.end.truncate(len);
        self.owner.truncate(len);
        self.dur.truncate(len);
        self.res.truncate(len);
        self.res2.truncate(len);
        self.dep.truncate(len);
    }

    /// Appends the schedule inputs of `block` (at the end of the arena) to `dur`, `res`, `res2` and `dep`.
    fn push_inputs(&mut self, block: &Block, head: &Head) {
        self.dur.extend_from_slice(&block.dur);
        if head.single {
            self.res.extend_from_slice(&block.res);
        } else if head.pair {
            for w in block.res_off.windows(2) {
                let (at, two) = (w[0] as usize, w[1] - w[0] == 2);
                self.res.push(block.res[at]);
                self.res2.push(if two { block.res[at + 1] } else { NONE });
            }
            self.dep.extend_from_slice(&block.deps);
        }
        let len = self.dur.len();
        self.res.resize(len, 0);
        self.res2.resize(len, NONE);
        self.dep.resize(len, 0);
    }
}

/// What the schedule loop needs of a block besides the arena: its range and shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Head {
    base: u32,
    len: u32,
    /// One resource per task ([`Block::res_off`] empty).
    single: bool,
    /// Not `single`, one or two resources and exactly one dependency per task (transfers): the arena has
    /// them all.
    pair: bool,
    deps: Deps,
}

/// How a block's tasks depend on others (see [`Block::dep_off`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Deps {
    #[default]
    None,
    One,
    Csr,
}

impl Head {
    fn of(block: &Block) -> Head {
        let single = block.res_off.is_empty();
        let deps = match (block.deps.is_empty(), block.dep_off.is_empty()) {
            (true, _) => Deps::None,
            (false, true) => Deps::One,
            (false, false) => Deps::Csr,
        };
        let pair = !single
            && deps == Deps::One
            && block
                .res_off
                .windows(2)
                .all(|w| matches!(w[1] - w[0], 1 | 2));
        Head {
            base: block.base,
            len: block.len() as u32,
            single,
            pair,
            deps,
        }
    }
}

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
}

impl Layout {
    fn new(graph: &Graph, mode: Mode) -> Layout {
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
        Layout {
            n_ops: n,
            in_edges,
            out_edges,
            kinds,
            order,
            pos,
            stages,
        }
    }

    fn forward_stage(&self, op: usize) -> u32 {
        op as u32
    }

    fn backward_stage(&self, op: usize) -> u32 {
        (2 * self.n_ops - 1 - op) as u32
    }
}

fn forward_block(op: usize) -> u32 {
    3 * op as u32
}
fn backward_block(op: usize) -> u32 {
    3 * op as u32 + 1
}
fn all_reduce_block(op: usize) -> u32 {
    3 * op as u32 + 2
}
fn transfer_block(n_ops: usize, edge: usize) -> u32 {
    (3 * n_ops + 2 * edge) as u32
}
fn gradient_block(n_ops: usize, edge: usize) -> u32 {
    (3 * n_ops + 2 * edge + 1) as u32
}

/// The tasks of one op under its configuration: loop boxes and operand regions.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpTasks {
    pub devices: Vec<DeviceId>,
    /// No two tasks share a device.
    pub distinct_devices: bool,
    pub extents: Vec<u64>,
    /// Per access (inputs, then outputs), `tasks × rank` intervals from `offsets[access]` on.
    pub regions: Vec<Interval>,
    pub offsets: Vec<usize>,
    pub ranks: Vec<usize>,
    /// Elements of every access's region, `volumes[access * tasks + task]`.
    pub volumes: Vec<u64>,
    /// Forward bytes of each task (operand regions).
    pub bytes: Vec<f64>,
}

impl OpTasks {
    fn new(graph: &Graph, op: OpId, config: &Config, loops: &mut Vec<Interval>) -> OpTasks {
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

        let total: usize = ranks.iter().sum();
        let mut regions = vec![Interval::default(); n * total];
        let mut bytes = vec![0.0; n];
        let mut volumes = vec![0u64; n * accesses.len()];
        // Grid coordinates of task `t`, advanced like an odometer (row-major: the last dim fastest).
        let mut coord = vec![0u64; degrees.len()];
        for t in 0..n {
            if t > 0 {
                crate::strategy::next_coordinate(&mut coord, degrees);
            }
            if general {
                for (d, l) in loops.iter_mut().enumerate() {
                    *l = Interval::new(coord[d] * extents[d], (coord[d] + 1) * extents[d]);
                }
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
                    elems *= r.len();
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
        let mut sorted = config.devices.clone();
        sorted.sort_unstable();
        sorted.dedup();
        OpTasks {
            distinct_devices: sorted.len() == n,
            devices: config.devices.clone(),
            extents,
            ranks,
            offsets,
            regions,
            volumes,
            bytes,
        }
    }

    fn len(&self) -> usize {
        self.devices.len()
    }

    /// Bytes of task `task`'s region of access `access`, for elements of `elem` bytes.
    fn region_bytes(&self, access: usize, task: usize, elem: u64) -> u64 {
        self.volumes[access * self.len() + task] * elem
    }

    fn region(&self, access: usize, task: usize) -> &[Interval] {
        let (r, at) = (self.ranks[access], self.offsets[access]);
        &self.regions[at + task * r..at + (task + 1) * r]
    }
}

/// CSR dependencies in [`Block`]'s form: no offsets when every task has none or exactly one.
fn compact_deps(off: Vec<u32>, deps: Vec<u32>) -> (Vec<u32>, Vec<u32>) {
    if deps.is_empty() || off.iter().enumerate().all(|(i, &o)| o as usize == i) {
        (Vec::new(), deps)
    } else {
        (off, deps)
    }
}

const LOCAL: u32 = u32::MAX;

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
}

impl EdgePairs {
    /// Number of pairs on different devices (transfers).
    fn remote(&self) -> usize {
        // Transfers are numbered in pair order: the last one's number tells.
        let last = self.pairs.iter().rev().find(|p| p.comm != LOCAL);
        last.map_or(0, |p| p.comm as usize + 1)
    }
}

/// Finds the intersecting pairs of `edge` without comparing every pair: producer tasks are bucketed along the
/// tensor dim that separates them best, and each consumer task only looks at the buckets its range overlaps.
fn edge_pairs(graph: &Graph, edge: &Edge, prod: &OpTasks, cons: &OpTasks) -> EdgePairs {
    let n_inputs = graph.op(edge.producer).inputs.len();
    let out_access = n_inputs + edge.output;
    let rank = prod.ranks[out_access];
    let elem = graph.tensor(edge.tensor).dtype.size_bytes();
    let (np, nc) = (prod.len(), cons.len());
    let pr = |p: usize| prod.region(out_access, p);
    let cr = |c: usize| cons.region(edge.input, c);
    let overlap = |p: usize, c: usize| -> u64 {
        pr(p)
            .iter()
            .zip(cr(c))
            .map(|(a, b)| a.intersect(*b).len())
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
    let mut comm = 0;
    for pair in &mut pairs {
        if prod.devices[pair.p as usize] != cons.devices[pair.c as usize] {
            pair.comm = comm;
            comm += 1;
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
    EdgePairs { pairs, by_producer }
}

/// Times the tasks of one block in order and returns the latest end (0 when empty): task `i` ends at
/// `max(ready(end, i), ends of the previous tasks on res(i)) + dur[i]`, the maxima taken in that order by
/// `if x > t` rather than `f64::max` (no NaN can occur, and the plain comparison is cheaper), where `ready` is
/// the same maximum over its dependencies' ends starting from 0. Every shape of block goes through here
/// (transfers through an unrolled copy in [`Simulator::retime`]), so a task's end is the same expression of
/// the same operands in every pass.
#[inline(always)]
fn time_tasks<'b>(
    end: &mut [f64],
    base: usize,
    dur: &[f64],
    free: &mut [f64],
    ready: impl Fn(&[f64], usize) -> f64,
    res: impl Fn(usize) -> &'b [u32],
) -> f64 {
    let mut latest = 0.0f64;
    for (i, &d) in dur.iter().enumerate() {
        let mut t = ready(end, i);
        let rs = res(i);
        for &r in rs {
            let f = free[r as usize];
            if f > t {
                t = f;
            }
        }
        let e = t + d;
        end[base + i] = e;
        for &r in rs {
            free[r as usize] = e;
        }
        if e > latest {
            latest = e;
        }
    }
    latest
}

/// Simulates one iteration of a strategy and keeps the task graph for cheap single-op changes.
#[derive(Clone, Debug)]
pub struct Simulator<'a> {
    pub(crate) graph: &'a Graph,
    pub(crate) machine: &'a Machine,
    pub(crate) cost: &'a CostModel,
    pub(crate) mode: Mode,
    pub(crate) layout: Layout,
    pub(crate) strategy: Strategy,
    pub(crate) ops: Vec<OpTasks>,
    pub(crate) edges: Vec<EdgePairs>,
    pub(crate) blocks: Vec<Block>,
    /// [`Head::of`] every block.
    heads: Vec<Head>,
    pub(crate) times: Times,
    /// Latest end of each block's tasks (0 when empty).
    pub(crate) block_end: Vec<f64>,
    /// `free` (the end of the latest task on every resource) before the block at every `snap_every`-th issue
    /// position, as of the last schedule pass over it: a delta simulation restarts from the snapshot at or
    /// before its first changed block instead of searching every resource's history.
    snapshots: Vec<f64>,
    snap_every: usize,
    pub(crate) memory: Memory,
    pub(crate) makespan: f64,
    free: Vec<f64>,
    loops: Vec<Interval>,
    scratch: Scratch,
    undo: Undo,
    builder: Builder,
}

/// What the simulator needs of a [`Route`](crate::machine::Route): its bandwidth and latency, and the resource indices of its
/// channels (32 bytes, so that a table of them stays in cache).
#[derive(Clone, Copy, Debug, Default)]
struct Hop {
    bandwidth: f64,
    latency_s: f64,
    channels: [u32; 2],
    /// Number of channels, or `u32::MAX` for an entry not computed yet.
    n: u32,
}

impl Hop {
    const UNSET: Hop = Hop {
        bandwidth: 0.0,
        latency_s: 0.0,
        channels: [0; 2],
        n: u32::MAX,
    };

    fn new(machine: &Machine, a: DeviceId, b: DeviceId) -> Hop {
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
    fn transfer_time(&self, bytes: u64) -> f64 {
        bytes as f64 / self.bandwidth + self.latency_s
    }

    fn channels(&self) -> &[u32] {
        &self.channels[..self.n as usize]
    }
}

/// Routes between device pairs, each computed on its first use ([`Machine::route`] divides, and an all-to-all
/// edge asks for thousands of them). Machines of more than [`Routes::MAX_DEVICES`] devices are not cached.
/// Two tables, so that the routes a transfer block asks for one after the other (those of one consumer task:
/// into its device for activations, out of it for gradients) lie next to each other.
#[derive(Clone, Debug, Default)]
struct Routes {
    /// Per (destination, source).
    into: Vec<Hop>,
    /// Per (source, destination).
    out_of: Vec<Hop>,
}

impl Routes {
    const MAX_DEVICES: u32 = 256;

    /// The route from `a` to `b`, looked up by `b` (`by_destination`) or by `a` first.
    #[inline]
    fn get(&mut self, machine: &Machine, a: DeviceId, b: DeviceId, by_destination: bool) -> Hop {
        let n = machine.num_devices();
        if n > Self::MAX_DEVICES {
            return Hop::new(machine, a, b);
        }
        let (table, at) = if by_destination {
            (&mut self.into, b.0 * n + a.0)
        } else {
            (&mut self.out_of, a.0 * n + b.0)
        };
        if table.is_empty() {
            *table = vec![Hop::UNSET; (n * n) as usize];
        }
        let hop = &mut table[at as usize];
        if hop.n == u32::MAX {
            *hop = Hop::new(machine, a, b);
        }
        *hop
    }
}

/// What building blocks needs besides the simulator: routes, and the buffers of discarded blocks.
#[derive(Clone, Debug, Default)]
struct Builder {
    routes: Routes,
    spare: Vec<Block>,
}

impl Builder {
    const SPARE: usize = 8;

    /// An empty transfer block with room for `n` tasks (of up to two channels).
    fn block(&mut self, n: usize) -> Block {
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
    fn recycle(&mut self, blocks: impl Iterator<Item = Block>) {
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

/// Buffers reused across delta simulations.
#[derive(Clone, Debug, Default)]
struct Scratch {
    lives: Vec<Live>,
    /// Bytes per device, all zero between uses.
    sums: Vec<u64>,
}

/// What the last delta simulation replaced, so that changing the op back (a rejected MCMC proposal) restores
/// it instead of recomputing it. Valid until the next change of another kind.
#[derive(Clone, Debug, Default)]
struct Undo {
    valid: bool,
    op: usize,
    config: Option<Config>,
    tasks: OpTasks,
    edges: Vec<(usize, EdgePairs)>,
    /// Replaced blocks, with their arena ranges (left untouched: new blocks go after them) and buffers.
    blocks: Vec<(u32, Block)>,
    /// Replaced dependencies of rewired blocks.
    deps: Vec<(u32, Vec<u32>, Vec<u32>)>,
    arena_len: usize,
    garbage: usize,
    /// First issue position re-timed, and the ends it overwrote: those of every block from there on whose
    /// range lies below `arena_len`, in issue order.
    from: usize,
    ends: Vec<f64>,
    snapshots: Vec<f64>,
    block_end: Vec<f64>,
    makespan: f64,
    /// The memory changes applied ([`Memory::apply`]).
    memory: Vec<Change>,
}

impl<'a> Simulator<'a> {
    /// Builds the task graph of `strategy` and simulates it (a full simulation).
    pub fn new(
        graph: &'a Graph,
        machine: &'a Machine,
        cost: &'a CostModel,
        mode: Mode,
        strategy: Strategy,
    ) -> Result<Simulator<'a>, StrategyError> {
        strategy.validate(graph, machine)?;
        let layout = Layout::new(graph, mode);
        let n_res = machine.num_devices() as usize + machine.channel_count();
        let n_blocks = layout.kinds.len();
        let mut sim = Simulator {
            graph,
            machine,
            cost,
            mode,
            strategy,
            ops: Vec::with_capacity(layout.n_ops),
            edges: Vec::with_capacity(graph.edges().len()),
            blocks: vec![Block::default(); n_blocks],
            heads: vec![Head::default(); n_blocks],
            times: Times::default(),
            block_end: vec![0.0; n_blocks],
            snapshots: Vec::new(),
            snap_every: 1,
            memory: MemoryBuilder::new(0, 0).finish(),
            makespan: 0.0,
            free: vec![0.0; n_res],
            loops: Vec::new(),
            scratch: Scratch::default(),
            undo: Undo::default(),
            builder: Builder::default(),
            layout,
        };
        for op in graph.topological_order() {
            let tasks = OpTasks::new(graph, op, sim.strategy.config(op), &mut sim.loops);
            sim.ops.push(tasks);
        }
        for e in graph.edges() {
            sim.edges.push(edge_pairs(
                graph,
                e,
                &sim.ops[e.producer.index()],
                &sim.ops[e.consumer.index()],
            ));
        }
        let mut builder = Builder::default();
        for pos in 0..sim.layout.order.len() {
            let b = sim.layout.order[pos];
            let block = sim.build_block(b, &mut builder);
            sim.install(b, block);
        }
        sim.builder = builder;
        let mut memory = MemoryBuilder::new(machine.num_devices() as usize, sim.layout.stages);
        for &b in &sim.layout.order {
            sim.for_each_live(b, &mut |l| memory.add(&l));
        }
        sim.memory = memory.finish();
        sim.retime(0, None);
        Ok(sim)
    }

    /// Changes one op's configuration and updates the simulation incrementally (a delta simulation). The result
    /// is bit-identical to a full simulation of the changed strategy.
    pub fn set_config(&mut self, op: OpId, config: Config) -> Result<(), StrategyError> {
        if op.index() >= self.layout.n_ops {
            return Err(StrategyError {
                op: Some(op),
                location: String::new(),
                message: format!("no op {op} in a graph of {} ops", self.layout.n_ops),
            });
        }
        config
            .validate(self.graph.op(op), self.machine.num_devices())
            .map_err(|m| StrategyError::at(self.graph, op, m))?;
        if *self.strategy.config(op) == config {
            return Ok(());
        }
        let o = op.index();
        if self.undo.valid && self.undo.op == o && self.undo.config.as_ref() == Some(&config) {
            self.rollback();
            return Ok(());
        }
        self.undo.valid = false;
        if self.times.garbage > self.times.end.len() / 2 + 4096 {
            self.compact();
        }
        let n = self.layout.n_ops;
        let edges = self.graph.edges();
        let in_edges = self.layout.in_edges[o].clone();
        let adjacent: Vec<usize> = in_edges
            .clone()
            .chain(self.layout.out_edges[o].iter().copied())
            .collect();

        // Blocks whose tasks change, and compute blocks whose tasks stay but depend on changed transfers.
        let mut rebuilt = vec![forward_block(o), backward_block(o), all_reduce_block(o)];
        for &e in &adjacent {
            rebuilt.extend([transfer_block(n, e), gradient_block(n, e)]);
        }
        rebuilt.retain(|&b| self.layout.pos[b as usize] != u32::MAX);
        rebuilt.sort_unstable_by_key(|&b| self.layout.pos[b as usize]);
        let mut rewired: Vec<u32> = in_edges
            .map(|e| backward_block(edges[e].producer.index()))
            .collect();
        rewired.extend(
            self.layout.out_edges[o]
                .iter()
                .map(|&e| forward_block(edges[e].consumer.index())),
        );
        rewired.sort_unstable();
        rewired.dedup();
        rewired.retain(|&b| self.layout.pos[b as usize] != u32::MAX);

        // Everything replaced goes to `undo`, so that reverting this change restores it.
        let mut undo = std::mem::take(&mut self.undo);
        undo.op = o;
        undo.memory.clear();
        for &b in &rebuilt {
            self.unplace(b, &mut undo.memory);
        }
        undo.arena_len = self.times.end.len();
        undo.garbage = self.times.garbage;
        undo.config = Some(std::mem::replace(&mut self.strategy.configs[o], config));
        undo.tasks = std::mem::replace(
            &mut self.ops[o],
            OpTasks::new(self.graph, op, self.strategy.config(op), &mut self.loops),
        );
        undo.edges.clear();
        for &e in &adjacent {
            let edge = &edges[e];
            let pairs = edge_pairs(
                self.graph,
                edge,
                &self.ops[edge.producer.index()],
                &self.ops[edge.consumer.index()],
            );
            undo.edges
                .push((e, std::mem::replace(&mut self.edges[e], pairs)));
        }
        // In issue order, so that every dependency already has its new arena slot.
        let mut builder = std::mem::take(&mut self.builder);
        builder.recycle(undo.blocks.drain(..).map(|(_, block)| block));
        for &b in &rebuilt {
            let block = self.build_block(b, &mut builder);
            undo.blocks.push((b, self.install(b, block)));
            self.place(b, &mut undo.memory);
        }
        self.builder = builder;
        self.memory.apply(&mut undo.memory);
        undo.deps.clear();
        for &b in &rewired {
            let (off, deps) = match self.layout.kinds[b as usize] {
                BlockKind::Forward(c) => self.forward_deps(c.index()),
                BlockKind::Backward(p) => self.backward_deps(p.index()),
                _ => unreachable!("only compute blocks are rewired"),
            };
            let block = &mut self.blocks[b as usize];
            let off = std::mem::replace(&mut block.dep_off, off);
            let deps = std::mem::replace(&mut block.deps, deps);
            self.heads[b as usize] = Head::of(block);
            undo.deps.push((b, off, deps));
        }
        let from = rebuilt
            .iter()
            .chain(&rewired)
            .map(|&b| self.layout.pos[b as usize])
            .min()
            .map_or(0, |p| p as usize);
        undo.block_end.clone_from(&self.block_end);
        undo.makespan = self.makespan;
        self.retime(from, Some(&mut undo));
        undo.valid = true;
        self.undo = undo;
        Ok(())
    }

    /// Restores the state before the last delta simulation (see [`Undo`]).
    fn rollback(&mut self) {
        let mut undo = std::mem::take(&mut self.undo);
        let mut at = 0;
        for &b in &self.layout.order[undo.from..] {
            let head = self.heads[b as usize];
            let (base, n) = (head.base as usize, head.len as usize);
            if base < undo.arena_len {
                self.times.end[base..base + n].copy_from_slice(&undo.ends[at..at + n]);
                at += n;
            }
        }
        let at = undo.from / self.snap_every * self.free.len();
        self.snapshots[at..at + undo.snapshots.len()].copy_from_slice(&undo.snapshots);
        std::mem::swap(&mut self.block_end, &mut undo.block_end);
        self.makespan = undo.makespan;
        self.memory.revert(&undo.memory);
        for (b, old) in undo.blocks.drain(..) {
            self.heads[b as usize] = Head::of(&old);
            let new = std::mem::replace(&mut self.blocks[b as usize], old);
            self.builder.recycle(std::iter::once(new));
        }
        for (b, off, deps) in undo.deps.drain(..) {
            let block = &mut self.blocks[b as usize];
            block.dep_off = off;
            block.deps = deps;
            self.heads[b as usize] = Head::of(block);
        }
        for (e, pairs) in undo.edges.drain(..) {
            self.edges[e] = pairs;
        }
        let o = undo.op;
        std::mem::swap(&mut self.ops[o], &mut undo.tasks);
        if let Some(config) = undo.config.take() {
            self.strategy.configs[o] = config;
        }
        self.times.truncate(undo.arena_len);
        self.times.garbage = undo.garbage;
        undo.valid = false;
        self.undo = undo;
    }

    /// Every resource's tasks in issue order (for reports: the schedule itself never needs them).
    pub(crate) fn lanes(&self) -> Vec<Vec<Slot>> {
        let mut lanes = vec![Vec::new(); self.free.len()];
        for (pos, &b) in self.layout.order.iter().enumerate() {
            let block = &self.blocks[b as usize];
            for i in 0..block.len() {
                for &r in block.res_of(i) {
                    lanes[r as usize].push(Slot {
                        pos: pos as u32,
                        task: i as u32,
                    });
                }
            }
        }
        lanes
    }

    /// Gives a freshly built block its arena range; returns the block it replaces.
    fn install(&mut self, b: u32, mut block: Block) -> Block {
        let n = block.len();
        let times = &mut self.times;
        block.base = times.end.len() as u32;
        times.end.resize(times.end.len() + n, 0.0);
        times.owner.resize(times.owner.len() + n, b);
        let head = Head::of(&block);
        times.push_inputs(&block, &head);
        self.heads[b as usize] = head;
        let old = std::mem::replace(&mut self.blocks[b as usize], block);
        self.times.garbage += old.len();
        old
    }

    /// Moves every live block to the front of a fresh arena, in issue order, and renumbers dependencies.
    fn compact(&mut self) {
        let mut map = vec![u32::MAX; self.times.end.len()];
        let mut fresh = Times::default();
        for &b in &self.layout.order {
            let block = &mut self.blocks[b as usize];
            let (old, new) = (block.base as usize, fresh.end.len());
            for i in 0..block.len() {
                map[old + i] = (new + i) as u32;
            }
            fresh
                .end
                .extend_from_slice(&self.times.end[old..old + block.len()]);
            fresh.owner.resize(new + block.len(), b);
            block.base = new as u32;
        }
        for block in &mut self.blocks {
            for d in &mut block.deps {
                *d = map[*d as usize];
            }
        }
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            let head = Head::of(block);
            fresh.push_inputs(block, &head);
            self.heads[b as usize] = head;
        }
        self.times = fresh;
    }

    /// Removes a block's buffers from memory: pushes their removal to `changes` (and keeps them in the block,
    /// which [`Simulator::rollback`] may restore).
    fn unplace(&mut self, b: u32, changes: &mut Vec<Change>) {
        let added = match self.blocks[b as usize].added.take() {
            Some(added) => added,
            None => self.merged_lives(b),
        };
        changes.extend(added.iter().map(|l| Change::new(l, false)));
        self.blocks[b as usize].added = Some(added);
    }

    /// Adds a freshly built block's buffers to memory: pushes them to `changes`.
    fn place(&mut self, b: u32, changes: &mut Vec<Change>) {
        let added = self.merged_lives(b);
        changes.extend(added.iter().map(|l| Change::new(l, true)));
        self.blocks[b as usize].added = Some(added);
    }

    /// The buffers of block `b`, merged per device and stage range.
    fn merged_lives(&mut self, b: u32) -> Vec<Live> {
        if let BlockKind::Transfer(e) | BlockKind::GradientTransfer(e) =
            self.layout.kinds[b as usize]
        {
            // One stage range: sum per receiving device directly.
            let gradient = matches!(
                self.layout.kinds[b as usize],
                BlockKind::GradientTransfer(_)
            );
            let mut sums = std::mem::take(&mut self.scratch.sums);
            sums.resize(self.machine.num_devices() as usize, 0);
            let mut key = None;
            self.transfer_lives(e, gradient, &mut |l| {
                key = Some(l);
                sums[l.device as usize] += l.bytes;
            });
            let mut merged = Vec::new();
            if let Some(key) = key {
                for (device, bytes) in sums.iter_mut().enumerate() {
                    if *bytes > 0 {
                        merged.push(Live {
                            device: device as u32,
                            bytes: std::mem::take(bytes),
                            ..key
                        });
                    }
                }
            }
            self.scratch.sums = sums;
            return merged;
        }
        let mut lives = std::mem::take(&mut self.scratch.lives);
        lives.clear();
        self.for_each_live(b, &mut |l| lives.push(l));
        let mut merged = Vec::new();
        self.memory.merge(&mut lives, &mut merged);
        self.scratch.lives = lives;
        merged
    }

    /// Start of task `i` of block `b`: the same maximum the schedule loop takes, over dependency ends and the
    /// ends of the previous task on each of its resources (found in `lanes`).
    pub(crate) fn start_of(&self, lanes: &[Vec<Slot>], b: u32, i: usize) -> f64 {
        let block = &self.blocks[b as usize];
        let mut t = 0.0f64;
        for &d in block.deps_of(i) {
            t = t.max(self.times.end[d as usize]);
        }
        for &r in block.res_of(i) {
            if let Some(prev) = self.lane_prev(lanes, r, b, i) {
                t = t.max(self.times.end[prev as usize]);
            }
        }
        t
    }

    /// Arena slot of the task before task `i` of block `b` on resource `r`.
    pub(crate) fn lane_prev(&self, lanes: &[Vec<Slot>], r: u32, b: u32, i: usize) -> Option<u32> {
        let me = Slot {
            pos: self.layout.pos[b as usize],
            task: i as u32,
        };
        let lane = &lanes[r as usize];
        let k = lane.partition_point(|s| *s < me);
        let prev = *lane.get(k.checked_sub(1)?)?;
        Some(self.slot(self.layout.order[prev.pos as usize], prev.task))
    }

    /// Arena slot of task `task` of block `b`.
    fn slot(&self, b: u32, task: u32) -> u32 {
        self.blocks[b as usize].base + task
    }

    /// Recomputes the end of every task from issue position `from` on. With `undo`, keeps there what the pass
    /// overwrites: the restart position, the ends of blocks below [`Undo::arena_len`] and the snapshots.
    fn retime(&mut self, from: usize, mut undo: Option<&mut Undo>) {
        let n_res = self.free.len();
        let n_blocks = self.layout.order.len();
        if self.snapshots.is_empty() {
            // A snapshot costs `n_res` floats written by every pass (and kept by [`Undo`]); restarting from one
            // re-times half the blocks between two on average. Balance the two: about `2 √(tasks / n_res)`
            // snapshots, at most 64 and at most ~2M floats of them.
            let tasks = self.times.end.len().max(1) as f64;
            let balanced = (2.0 * (tasks / n_res.max(1) as f64).sqrt()).ceil() as usize;
            let count = balanced.min(2_000_000 / n_res.max(1)).clamp(1, 64);
            self.snap_every = n_blocks.div_ceil(count).max(1);
            self.snapshots = vec![0.0; n_blocks.div_ceil(self.snap_every).max(1) * n_res];
        }
        let Simulator {
            layout,
            blocks,
            heads,
            times,
            block_end,
            free,
            snapshots,
            snap_every,
            ..
        } = self;
        let snap_every = *snap_every;
        // Restart at the snapshot at or before `from`: blocks in between are recomputed to the same values.
        let from = from / snap_every * snap_every;
        let mut k = from / snap_every;
        if let Some(undo) = undo.as_mut() {
            undo.from = from;
            undo.ends.clear();
            undo.snapshots.clear();
        }
        if from < n_blocks {
            free.copy_from_slice(&snapshots[k * n_res..(k + 1) * n_res]);
        }
        let Times {
            end,
            dur,
            res,
            res2,
            dep,
            ..
        } = times;
        let (end, dur, res, res2, dep) = (&mut end[..], &dur[..], &res[..], &res2[..], &dep[..]);
        let mut next_snapshot = from;
        for (pos, &b) in layout.order.iter().enumerate().skip(from) {
            if pos == next_snapshot {
                let snapshot = &mut snapshots[k * n_res..(k + 1) * n_res];
                if let Some(undo) = undo.as_mut() {
                    undo.snapshots.extend_from_slice(snapshot);
                }
                snapshot.copy_from_slice(free);
                k += 1;
                next_snapshot += snap_every;
            }
            let head = heads[b as usize];
            let (base, n) = (head.base as usize, head.len as usize);
            if let Some(undo) = undo.as_mut() {
                if base < undo.arena_len {
                    undo.ends.extend_from_slice(&end[base..base + n]);
                }
            }
            let dur = &dur[base..base + n];
            // One loop per block shape, so that the common ones (no dependencies, one each; one resource)
            // skip the CSR indirections; all compute the same expression (see `time_tasks`). Single-resource
            // blocks without dependencies need nothing but the arena.
            let single = |i: usize| &res[base + i..base + i + 1];
            if head.pair {
                // `time_tasks` with one dependency and one or two resources, unrolled.
                let mut latest = 0.0f64;
                for i in base..base + n {
                    let mut t = 0.0f64;
                    let e = end[dep[i] as usize];
                    if e > t {
                        t = e;
                    }
                    let (r, r2) = (res[i] as usize, res2[i]);
                    if free[r] > t {
                        t = free[r];
                    }
                    if r2 != NONE && free[r2 as usize] > t {
                        t = free[r2 as usize];
                    }
                    let e = t + dur[i - base];
                    end[i] = e;
                    free[r] = e;
                    if r2 != NONE {
                        free[r2 as usize] = e;
                    }
                    if e > latest {
                        latest = e;
                    }
                }
                block_end[b as usize] = latest;
                continue;
            }
            block_end[b as usize] = match (head.single, head.deps) {
                (true, Deps::None) => time_tasks(end, base, dur, free, |_, _| 0.0, single),
                (single_res, deps) => {
                    let block = &blocks[b as usize];
                    let one = |end: &[f64], i: usize| {
                        let e = end[block.deps[i] as usize];
                        if e > 0.0 {
                            e
                        } else {
                            0.0
                        }
                    };
                    let csr = |end: &[f64], i: usize| {
                        let mut t = 0.0f64;
                        for &d in block.deps_of(i) {
                            let e = end[d as usize];
                            if e > t {
                                t = e;
                            }
                        }
                        t
                    };
                    let multi = |i: usize| block.res_of(i);
                    match (single_res, deps) {
                        (true, Deps::One) => time_tasks(end, base, dur, free, one, single),
                        (true, _) => time_tasks(end, base, dur, free, csr, single),
                        (false, Deps::None) => time_tasks(end, base, dur, free, |_, _| 0.0, multi),
                        (false, Deps::One) => time_tasks(end, base, dur, free, one, multi),
                        (false, Deps::Csr) => time_tasks(end, base, dur, free, csr, multi),
                    }
                }
            };
        }
        let makespan = layout
            .order
            .iter()
            .map(|&b| block_end[b as usize])
            .fold(0.0, |m, e| if e > m { e } else { m });
        self.makespan = makespan;
    }

    fn build_block(&self, b: u32, builder: &mut Builder) -> Block {
        match self.layout.kinds[b as usize] {
            BlockKind::Forward(op) => self.build_forward(op.index()),
            BlockKind::Backward(op) => self.build_backward(op.index()),
            BlockKind::AllReduce(op) => self.build_all_reduce(op.index(), &mut builder.routes),
            BlockKind::Transfer(e) => self.build_transfer(e, false, builder),
            BlockKind::GradientTransfer(e) => self.build_transfer(e, true, builder),
        }
    }

    /// Stage until which a forward output of `op` through `output` is kept.
    fn output_last_stage(&self, op: usize, output: usize) -> u32 {
        let t = self.graph.op(OpId::new(op)).outputs[output].tensor;
        let consumers = self.graph.consumers(t);
        match (self.mode, consumers.first(), consumers.last()) {
            (Mode::Training, Some(first), _) => self.layout.backward_stage(first.index()),
            (Mode::Training, None, _) => self.layout.backward_stage(op),
            (Mode::Inference, _, Some(last)) => self.layout.forward_stage(last.index()),
            (Mode::Inference, _, None) => self.layout.forward_stage(op),
        }
    }

    /// Stage until which `op` needs what it read.
    fn input_last_stage(&self, op: usize) -> u32 {
        match self.mode {
            Mode::Training => self.layout.backward_stage(op),
            Mode::Inference => self.layout.forward_stage(op),
        }
    }

    fn build_forward(&self, o: usize) -> Block {
        let mut block = self.compute_block(o, |times| times.forward_s);
        (block.dep_off, block.deps) = self.forward_deps(o);
        block
    }

    /// One compute task per task of `o`'s configuration, timed by `pick` (forward or backward time).
    fn compute_block(&self, o: usize, pick: impl Fn(&crate::cost::TaskTimes) -> f64) -> Block {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n = tasks.len();
        let bwd_factor = self.mode.backward_factor(self.graph, op);
        let measured = self.cost.measurement(op, &tasks.extents);
        let flops = op.flops / n as f64;
        let mut block = Block::compute(n);
        for t in 0..n {
            let fwd = Work {
                flops,
                bytes: tasks.bytes[t],
            };
            let times = self
                .cost
                .task_times_with(measured, op, fwd, fwd.scaled(bwd_factor));
            block.push_compute(pick(&times), tasks.devices[t]);
        }
        block
    }

    /// Dependencies of the forward tasks of `o`: the transfers into them. Producer tasks on the same device need
    /// no edge: they come earlier in the device's FIFO.
    fn forward_deps(&self, o: usize) -> (Vec<u32>, Vec<u32>) {
        let n = self.ops[o].len();
        let n_ops = self.layout.n_ops;
        let in_edges = self.layout.in_edges[o].clone();
        let mut cursors = vec![0usize; in_edges.len()];
        let mut off = Vec::with_capacity(n + 1);
        let remote: usize = in_edges.clone().map(|e| self.edges[e].remote()).sum();
        let mut deps = Vec::with_capacity(remote);
        for c in 0..n as u32 {
            off.push(deps.len() as u32);
            for (cursor, e) in cursors.iter_mut().zip(in_edges.clone()) {
                let pairs = &self.edges[e].pairs;
                while let Some(pair) = pairs.get(*cursor).filter(|p| p.c == c) {
                    if pair.comm != LOCAL {
                        deps.push(self.slot(transfer_block(n_ops, e), pair.comm));
                    }
                    *cursor += 1;
                }
            }
        }
        off.push(deps.len() as u32);
        compact_deps(off, deps)
    }

    fn build_backward(&self, o: usize) -> Block {
        let mut block = self.compute_block(o, |times| times.backward_s);
        (block.dep_off, block.deps) = self.backward_deps(o);
        block
    }

    /// Dependencies of the backward tasks of `o`: the gradient transfers into them. Their own forward task and
    /// consumer backward tasks on the same device come earlier in the device's FIFO.
    fn backward_deps(&self, o: usize) -> (Vec<u32>, Vec<u32>) {
        let n = self.ops[o].len();
        let n_ops = self.layout.n_ops;
        let out_edges = &self.layout.out_edges[o];
        let mut cursors = vec![0usize; out_edges.len()];
        let mut off = Vec::with_capacity(n + 1);
        let remote: usize = out_edges.iter().map(|&e| self.edges[e].remote()).sum();
        let mut deps = Vec::with_capacity(remote);
        for p in 0..n as u32 {
            off.push(deps.len() as u32);
            for (cursor, &e) in cursors.iter_mut().zip(out_edges) {
                let ep = &self.edges[e];
                while let Some(pair) = ep
                    .by_producer
                    .get(*cursor)
                    .map(|&i| ep.pairs[i as usize])
                    .filter(|x| x.p == p)
                {
                    if pair.comm != LOCAL {
                        deps.push(self.slot(gradient_block(n_ops, e), pair.comm));
                    }
                    *cursor += 1;
                }
            }
        }
        off.push(deps.len() as u32);
        compact_deps(off, deps)
    }

    fn build_transfer(&self, e: usize, gradient: bool, builder: &mut Builder) -> Block {
        let edge = &self.graph.edges()[e];
        let (prod, cons) = (
            &self.ops[edge.producer.index()],
            &self.ops[edge.consumer.index()],
        );
        let pairs = &self.edges[e].pairs;
        let remote = pairs.iter().filter(|p| p.comm != LOCAL);
        let mut block = builder.block(remote.clone().count());
        let routes = &mut builder.routes;
        let (source, by_consumer) = if gradient {
            (backward_block(edge.consumer.index()), true)
        } else {
            (forward_block(edge.producer.index()), false)
        };
        let source = self.blocks[source as usize].base;
        // Regular splits move equal byte counts over equal links: reuse the last duration for equal operands.
        let mut last = (u64::MAX, 0u64, 0u64, 0.0);
        for pair in remote {
            let (pd, cd) = (prod.devices[pair.p as usize], cons.devices[pair.c as usize]);
            let (from, to) = if gradient { (cd, pd) } else { (pd, cd) };
            let hop = routes.get(self.machine, from, to, !gradient);
            let key = (pair.bytes, hop.bandwidth.to_bits(), hop.latency_s.to_bits());
            if key != (last.0, last.1, last.2) {
                last = (key.0, key.1, key.2, hop.transfer_time(pair.bytes));
            }
            block.dur.push(last.3);
            block.meta.push(Meta {
                task: pair.c,
                peer: pair.p,
                bytes: pair.bytes,
            });
            for &c in hop.channels() {
                block.res.push(c);
            }
            block.res_off.push(block.res.len() as u32);
            block
                .deps
                .push(source + if by_consumer { pair.c } else { pair.p });
        }
        block
    }

    /// Calls `f` with every buffer the tasks of block `b` keep alive (see [`crate::memory`]). A pure function
    /// of the current configurations: adding a block's buffers when it is built and removing the same ones
    /// before it is rebuilt keeps memory exact.
    fn for_each_live(&self, b: u32, f: &mut impl FnMut(Live)) {
        match self.layout.kinds[b as usize] {
            BlockKind::Forward(op) => self.forward_lives(op.index(), f),
            BlockKind::Backward(op) => self.backward_lives(op.index(), f),
            BlockKind::AllReduce(_) => {}
            BlockKind::Transfer(e) => self.transfer_lives(e, false, f),
            BlockKind::GradientTransfer(e) => self.transfer_lives(e, true, f),
        }
    }

    /// Graph inputs and weights the forward tasks of `o` read, and the outputs they write.
    fn forward_lives(&self, o: usize, f: &mut impl FnMut(Live)) {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n = tasks.len();
        let stage = self.layout.forward_stage(o);
        let last_input = self.input_last_stage(o);
        let factor = weight_state_factor(self.mode);
        for (k, access) in op.inputs.iter().enumerate() {
            let tensor = self.graph.tensor(access.tensor);
            let elem = tensor.dtype.size_bytes();
            match tensor.kind {
                TensorKind::Input => {
                    for t in 0..n {
                        let bytes = tasks.region_bytes(k, t, elem);
                        let device = tasks.devices[t].0;
                        f(Live {
                            device,
                            first: 0,
                            last: last_input,
                            bytes,
                            weight: false,
                        });
                    }
                }
                TensorKind::Weight => {
                    // A device holds each distinct region it reads once.
                    let mut held: Vec<(u32, &[Interval], usize)> = (0..n)
                        .map(|t| (tasks.devices[t].0, tasks.region(k, t), t))
                        .collect();
                    if !tasks.distinct_devices {
                        held.sort_unstable();
                        held.dedup_by_key(|h| (h.0, h.1));
                    }
                    let last = self.layout.stages.max(1) as u32 - 1;
                    for (device, _, t) in held {
                        f(Live {
                            device,
                            first: 0,
                            last,
                            bytes: tasks.region_bytes(k, t, elem) * factor,
                            weight: true,
                        });
                    }
                }
                TensorKind::Activation => {}
            }
        }
        let n_in = op.inputs.len();
        for (k, access) in op.outputs.iter().enumerate() {
            let elem = self.graph.tensor(access.tensor).dtype.size_bytes();
            let last = self.output_last_stage(o, k);
            for t in 0..n {
                let bytes = tasks.region_bytes(n_in + k, t, elem);
                f(Live {
                    device: tasks.devices[t].0,
                    first: stage,
                    last,
                    bytes,
                    weight: false,
                });
            }
        }
    }

    /// Gradients of the outputs of `o`, held until its backward tasks consume them.
    fn backward_lives(&self, o: usize, f: &mut impl FnMut(Live)) {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let n = tasks.len();
        let stage = self.layout.backward_stage(o);
        let n_in = op.inputs.len();
        for (k, access) in op.outputs.iter().enumerate() {
            let elem = self.graph.tensor(access.tensor).dtype.size_bytes();
            let first = match self.graph.consumers(access.tensor).last() {
                Some(c) => self.layout.backward_stage(c.index()),
                None => stage,
            };
            for t in 0..n {
                let bytes = tasks.region_bytes(n_in + k, t, elem);
                f(Live {
                    device: tasks.devices[t].0,
                    first,
                    last: stage,
                    bytes,
                    weight: false,
                });
            }
        }
    }

    /// Received copies of a transfer block, on the receiving device.
    fn transfer_lives(&self, e: usize, gradient: bool, f: &mut impl FnMut(Live)) {
        let edge = &self.graph.edges()[e];
        let (prod, cons) = (
            &self.ops[edge.producer.index()],
            &self.ops[edge.consumer.index()],
        );
        let (first, last) = if gradient {
            (
                self.layout.backward_stage(edge.consumer.index()),
                self.layout.backward_stage(edge.producer.index()),
            )
        } else {
            let c = edge.consumer.index();
            (self.layout.forward_stage(c), self.input_last_stage(c))
        };
        for pair in self.edges[e].pairs.iter().filter(|p| p.comm != LOCAL) {
            let to = if gradient {
                prod.devices[pair.p as usize]
            } else {
                cons.devices[pair.c as usize]
            };
            f(Live {
                device: to.0,
                first,
                last,
                bytes: pair.bytes,
                weight: false,
            });
        }
    }

    fn build_all_reduce(&self, o: usize, routes: &mut Routes) -> Block {
        let op = self.graph.op(OpId::new(o));
        let tasks = &self.ops[o];
        let mut block = Block::with_tasks(0);
        let mut deps = Vec::new();
        let mut off = vec![0u32];
        for (k, access) in op.inputs.iter().enumerate() {
            let tensor = self.graph.tensor(access.tensor);
            if tensor.kind != TensorKind::Weight {
                continue;
            }
            let mut by_region: Vec<(&[Interval], u32)> = (0..tasks.len())
                .map(|t| (tasks.region(k, t), t as u32))
                .collect();
            by_region.sort_unstable();
            for group in by_region.chunk_by(|a, b| a.0 == b.0) {
                let mut ring: Vec<DeviceId> = group
                    .iter()
                    .map(|&(_, t)| tasks.devices[t as usize])
                    .collect();
                ring.sort_unstable();
                ring.dedup();
                let bytes = tasks.region_bytes(k, group[0].1 as usize, tensor.dtype.size_bytes());
                if ring.len() < 2 || bytes == 0 {
                    continue;
                }
                let m = ring.len();
                let (mut bw, mut latency) = (f64::INFINITY, 0.0f64);
                let mut channels: Vec<u32> = Vec::new();
                for i in 0..m {
                    let hop = routes.get(self.machine, ring[i], ring[(i + 1) % m], false);
                    bw = bw.min(hop.bandwidth);
                    latency = latency.max(hop.latency_s);
                    channels.extend_from_slice(hop.channels());
                }
                channels.sort_unstable();
                channels.dedup();
                let steps = 2.0 * (m as f64 - 1.0);
                let dur = steps / m as f64 * bytes as f64 / bw + steps * latency;
                block.push(
                    dur,
                    Meta {
                        task: group[0].1,
                        peer: k as u32,
                        bytes,
                    },
                    channels,
                );
                deps.extend(group.iter().map(|&(_, t)| self.slot(backward_block(o), t)));
                off.push(deps.len() as u32);
            }
        }
        (block.dep_off, block.deps) = compact_deps(off, deps);
        block
    }

    // ---- queries ----

    /// Simulated time of one iteration (the makespan), in seconds.
    pub fn iteration_time(&self) -> f64 {
        self.makespan
    }

    /// Peak memory of `device` in bytes.
    pub fn peak_memory(&self, device: DeviceId) -> u64 {
        self.memory.peak(device.index())
    }

    /// Peak memory of every device in use.
    pub fn peak_memories(&self) -> Vec<u64> {
        (0..self.machine.num_devices() as usize)
            .map(|d| self.memory.peak(d))
            .collect()
    }

    /// Whether every device's peak memory fits its capacity; a strategy that does not is invalid.
    pub fn fits_memory(&self) -> bool {
        let cap = self.machine.gpu.mem_capacity;
        (0..self.machine.num_devices() as usize).all(|d| self.memory.peak(d) <= cap)
    }

    pub fn strategy(&self) -> &Strategy {
        &self.strategy
    }

    pub fn graph(&self) -> &'a Graph {
        self.graph
    }

    pub fn machine(&self) -> &'a Machine {
        self.machine
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Number of tasks in the task graph.
    pub fn num_tasks(&self) -> usize {
        self.layout
            .order
            .iter()
            .map(|&b| self.blocks[b as usize].len())
            .sum()
    }

    /// The resource of every dense resource index: devices first, then channels by
    /// [`Machine::channel_index`].
    pub fn resources(&self) -> Vec<Resource> {
        let m = self.machine;
        let n_dev = m.num_devices() as usize;
        let mut table: Vec<Resource> = m.devices().map(Resource::Device).collect();
        table.resize(n_dev + m.channel_count(), Resource::Device(DeviceId(0)));
        let mut put = |c: Channel| table[n_dev + m.channel_index(c)] = Resource::Channel(c);
        for a in m.devices() {
            for b in m
                .devices()
                .filter(|&b| b != a && m.node_of(b) == m.node_of(a))
            {
                put(Channel::Pair(a, b));
            }
            put(Channel::PortOut(a));
            put(Channel::PortIn(a));
        }
        for node in 0..m.nodes_in_use() {
            for nic in 0..m.nics_per_node {
                put(Channel::NicOut { node, nic });
                put(Channel::NicIn { node, nic });
            }
        }
        table
    }

    /// Every task with its simulated times, in issue order.
    pub fn timeline(&self) -> Vec<TaskRecord> {
        let resources = self.resources();
        let lanes = self.lanes();
        let edges = self.graph.edges();
        let mut out = Vec::with_capacity(self.num_tasks());
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            let (kind, op) = match self.layout.kinds[b as usize] {
                BlockKind::Forward(op) => (TaskKind::Forward, op),
                BlockKind::Backward(op) => (TaskKind::Backward, op),
                BlockKind::AllReduce(op) => (TaskKind::AllReduce, op),
                BlockKind::Transfer(e) => (TaskKind::Transfer, edges[e].consumer),
                BlockKind::GradientTransfer(e) => (TaskKind::GradientTransfer, edges[e].consumer),
            };
            for i in 0..block.len() {
                let m = block.meta(i);
                let transfer = matches!(kind, TaskKind::Transfer | TaskKind::GradientTransfer);
                out.push(TaskRecord {
                    kind,
                    op,
                    task: m.task,
                    peer_task: transfer.then_some(m.peer),
                    bytes: m.bytes,
                    start_s: self.start_of(&lanes, b, i),
                    duration_s: block.dur[i],
                    resources: block
                        .res_of(i)
                        .iter()
                        .map(|&r| resources[r as usize])
                        .collect(),
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::{self, ResNetSpec, TransformerSpec};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A random configuration: distinct random devices, or one device (a valid configuration has one task
    /// per device).
    fn random_config(graph: &Graph, op: OpId, n_dev: u32, rng: &mut StdRng) -> Config {
        let o = graph.op(op);
        match rng.random_range(0..3) {
            0 => Config::single(o, DeviceId(rng.random_range(0..n_dev))),
            _ => Config::random(o, n_dev, rng),
        }
    }

    fn assert_same(sim: &Simulator, what: &str, detailed: bool) {
        let fresh = Simulator::new(
            sim.graph,
            sim.machine,
            sim.cost,
            sim.mode,
            sim.strategy.clone(),
        )
        .unwrap();
        assert_eq!(
            sim.iteration_time().to_bits(),
            fresh.iteration_time().to_bits(),
            "{what}"
        );
        assert_eq!(sim.peak_memories(), fresh.peak_memories(), "{what}");
        let weights = |s: &Simulator| -> Vec<u64> {
            (0..s.machine.num_devices() as usize)
                .map(|d| s.memory.weights(d))
                .collect()
        };
        assert_eq!(weights(sim), weights(&fresh), "{what}");
        if detailed {
            assert_eq!(sim.timeline(), fresh.timeline(), "{what}");
            assert_eq!(sim.report(), fresh.report(), "{what}");
        }
    }

    /// MCMC-like use: proposals that are reverted (restored from [`Undo`]), accepted, or followed by another
    /// change of the same op; every state equals a fresh full simulation.
    #[test]
    fn reverted_proposals_equal_full_simulation() {
        let graphs = [
            synth::resnet(&ResNetSpec {
                batch: 16,
                image: 32,
                blocks: [1, 1, 0, 0],
                width: 8,
                classes: 10,
            }),
            synth::transformer(&TransformerSpec::TINY),
        ];
        let machine = Machine::preset("dgx-a100:2").unwrap();
        let cost = CostModel::new(&machine.gpu);
        let n_dev = machine.num_devices();
        for (k, graph) in graphs.iter().enumerate() {
            for mode in [Mode::Training, Mode::Inference] {
                let mut rng = StdRng::seed_from_u64(k as u64);
                let start = Strategy::data_parallel(graph, n_dev);
                let mut sim = Simulator::new(graph, &machine, &cost, mode, start).unwrap();
                let mut rollbacks = 0;
                for step in 0..600 {
                    let op = OpId::new(rng.random_range(0..graph.num_ops()));
                    let old = sim.strategy().config(op).clone();
                    let proposal = random_config(graph, op, n_dev, &mut rng);
                    let changed = proposal != old;
                    sim.set_config(op, proposal).unwrap();
                    let detailed = step % 60 == 0;
                    assert_same(&sim, &format!("{mode:?} step {step}: proposal"), detailed);
                    match rng.random_range(0..4) {
                        0 => {}
                        1 => {
                            let other = random_config(graph, op, n_dev, &mut rng);
                            sim.set_config(op, other).unwrap();
                            assert_same(&sim, &format!("{mode:?} step {step}: again"), detailed);
                        }
                        _ => {
                            let undo = sim.undo.valid;
                            sim.set_config(op, old).unwrap();
                            assert!(!(changed && undo && sim.undo.valid));
                            rollbacks += usize::from(changed && undo);
                            assert_same(&sim, &format!("{mode:?} step {step}: revert"), detailed);
                        }
                    }
                }
                assert!(rollbacks > 200, "{rollbacks} rollbacks");
            }
        }
    }
}
