//! Execution simulator: the task graph of one iteration, simulated on FIFO resources (docs/design.md §5).
//!
//! # Task graph
//! For every op and every task of its configuration there is a *forward* task and, in training, a *backward*
//! task on the task's device. For every producer→consumer edge and every pair (producer task, consumer task)
//! on different devices whose tensor regions intersect there is a *transfer* of the intersection
//! (`volume × dtype size` bytes; regions come from the accesses, so convolution halos and partial sums of split
//! reductions appear by themselves), and in training its mirror carrying the gradient back. An edge whose
//! transfers join every ordered pair of its devices with a piece of each task's region (a layout change
//! between the same devices, as the tokens between a sample split and an expert split) is an
//! *all-to-all*: its transfers are issued in the rounds of a pairwise exchange, each sender paying a
//! route's latency once (`tasks::all_to_all_rounds`, `blocks.rs`), so that it takes
//! `bytes · (d-1)/d / bandwidth + latency` per device inside a node. A tensor crosses to a device once
//! however many of its readers run there (`tasks::share_transfers`): of the transfers of one tensor's
//! edges that move the same region of the same producer task to the same device, the first reader's (in
//! issue order) stays and serves the later readers, which the device runs after it; in training their
//! gradients are summed on that device and sent back once, by the first reader's mirror (its backward is
//! the last of theirs). In a training step written out, readers share only within their pass (the loss's
//! forward, or the rest): a backward reader fetches again. In training, every
//! weight is synchronized by identity, once however many ops read it ([`crate::weight_sync`]): the backward
//! tasks of all its readers on a device accumulate into one gradient there, and the parts held by the same
//! two or more devices form a replica group summed by one ring *all-reduce*, issued with the backward of its
//! first reader (the last of its readers' backwards): the faster of a ring,
//! `2(m-1)/m · bytes / slowest hop + 2(m-1) · largest hop latency` over the `m` devices sorted by id, and a
//! NCCL's pipelined tree, `2 · bytes / slowest hop + 2⌈log₂ m⌉ · largest hop latency` (small messages,
//! large groups). Without a backward
//! pass (inference, and graphs that already are training steps), the same all-reduce combines the partial
//! sums of every split reduction right after its forward tasks, and readers of the sum wait for it.
//! Graph inputs and weights are on every device that reads them when the iteration starts.
//!
//! A *replicated* op ([`crate::strategy::Config::replicated`], written by the baselines for ops without a
//! sample dim) has one task per device of its configuration, each the whole op; its readers take the copy on
//! their own device (else one on their node, else the first), and its equal output regions are copies, never partial sums. A
//! replicated *statistic reader* (`tasks::statistic_readers`: it updates no trainable weight, as a batch
//! norm's mean and variance arithmetic) reads its own device's partial sums of a split sample reduction
//! without waiting for their all-reduce, as DDP's per-GPU batch-norm statistics do; the all-reduce is still
//! issued (the simulator keeps the exact program's communication, only this reader does not wait for it).
//! In training, a replicated op's backward is charged on every copy, and the partial input gradients of
//! its copies are not combined (an under-estimate of one small all-reduce per such op; data parallelism of a
//! forward graph has few of them). A split configuration may hold copies of every task
//! ([`crate::strategy::Config::copies`]: the flat form of replicas of a replicated or sharded op, which
//! only [`crate::strategy::Strategy::expanded`] writes): each copy does its task's share, a reader takes
//! each task's copy on its own device (else on its node, else the first), and partial sums are summed copy by copy (the
//! `j`-th copies of one region's tasks), never across copies.
//!
//! # Queues
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
//! # Replicas
//! A strategy whose schedule has `d` data-parallel replicas ([`crate::schedule::Schedule::replicas`]) is
//! simulated *symmetrically*: the graph is one replica's (its batch already divided by `d`), the
//! configurations place its tasks on replica 0's devices, and every replica is assumed to run the same
//! timeline on its own devices (`r·R + x` for device `x`). What crosses replicas is kept exactly:
//! - in training, each weight-gradient group of replica 0 (any size, one device included) is summed with
//!   the same cell on every replica: one ring all-reduce over the group's devices in every replica, the
//!   very task the per-device simulation of the expanded strategy issues (same ring, same channels), issued
//!   when replica 0's readers are done; except a weight that a reader indexes through a sample loop (an
//!   RNN's per-sample initial state), whose replicas hold different rows: only groups inside the replica;
//! - without a backward pass (training-step graphs that carry their own), an output that a sample loop
//!   does not index (a weight gradient, a loss) holds partial sums in every replica: its groups (one task
//!   included, and each copy of a replicated op, as a layer norm's weight gradient replicated inside a
//!   tensor-parallel group) are all-reduced across replicas the same way.
//!
//! Each replica's own tasks use its own devices and links, and every replica plays the same part in each
//! lifted ring when replicas are whole nodes or the machine is one node: then the timeline is exactly the
//! per-device simulation's (a test compares both). When several replicas share a node of a multi-node
//! machine, a ring over them crosses the node boundary at some replicas and not at others, so the
//! per-device simulation is not symmetric itself; the symmetric one gives every replica replica 0's part. Partial sums of sample reductions in a graph whose backward flexc adds
//! (batch-norm statistics, the loss) are not combined across replicas: statistic readers use their own
//! device's (as data parallelism does) and nothing else reads them. In a training step they are
//! combined, and a statistic reader (`tasks::statistic_readers`) is one copy per replica, reading its
//! own replica's partial sums without waiting, as its replicated copies do in the expanded strategy.
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
use crate::fusion::Fusion;
use crate::graph::{DeviceId, Edge, Graph, Interval, Mode, OpId, Role, TensorId, TensorKind};
use crate::machine::{Channel, Machine};
use crate::memory::{Change, Live, Memory, MemoryBuilder};
use crate::strategy::{Config, Strategy, StrategyError};
use crate::weight_sync;

mod blocks;
mod delta;
mod host;
mod queue;
mod tasks;

use delta::*;
pub use delta::{probe_delta, DeltaProbe};
use queue::*;
use tasks::*;
pub(crate) use tasks::{BlockKind, TaskRef};

/// The most bytes the tensors of a graph the task simulator runs may total: 2^50 (1 PiB). It sums bytes
/// per device, per transfer and over devices (up to 2^16) in 64 bits; 2^50 keeps every such sum exact.
pub const MAX_SIMULATED_BYTES: u64 = 1 << 50;

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

/// A task as [`Simulator::spans`] lists it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    pub kind: TaskKind,
    pub op: OpId,
    pub duration_s: f64,
    pub end_s: f64,
    /// The device of a compute task.
    pub device: Option<DeviceId>,
}

impl TaskRecord {
    pub fn end_s(&self) -> f64 {
        self.start_s + self.duration_s
    }
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
    /// When the devices start their first task ([`Simulator::device_start`]: a host runtime's costs).
    start_s: f64,
    /// Graph outputs gathered on device 0 at the end ([`Simulator::gathered_outputs`]).
    gathered: Vec<(usize, usize)>,
    loops: Vec<Interval>,
    scratch: Scratch,
    undo: Undo,
    builder: Builder,
    /// Symmetric replicas (module doc, "Replicas").
    pub(crate) replicas: Replicas,
    /// Whether training synchronizes weight gradients (off: one micro-batch of a pipeline stage, whose
    /// gradients accumulate and are synchronized once, after the last one; `crate::pipeline`).
    pub(crate) weight_sync: bool,
}

/// The data-parallel replicas of a strategy whose tasks the simulator builds for replica 0 only
/// (module doc, "Replicas").
#[derive(Clone, Debug, Default)]
pub(crate) struct Replicas {
    /// `d`; 1 for a flat strategy.
    pub count: u32,
    /// Devices per replica.
    pub width: u32,
    /// Per op and output: whether replicas write partial sums of it (a sample loop that the output
    /// does not index), combined across replicas without a backward pass.
    pub partial_sums: Vec<Vec<bool>>,
    /// Per tensor, the share of it a device reads where replica 0's tasks read it whole: `1/ways` for
    /// the weights a dimension of the schedule divides among the replicas
    /// ([`crate::parallelism::Dimension::divided_weights`]: expert parallelism's experts, each device
    /// holding and reading its own and receiving the tokens of `ways` replicas for them: the same
    /// FLOPs, `1/ways` of the weight bytes), else 1; empty when every share is 1.
    pub read_share: Vec<f64>,
}

impl Replicas {
    fn new(
        graph: &Graph,
        machine: &Machine,
        strategy: &Strategy,
        mode: Mode,
        ways: crate::schedule::Ways,
    ) -> Replicas {
        let count = strategy.schedule.replicas.max(1);
        let across = count > 1 && !mode.has_backward();
        let partial_sums = graph
            .ops()
            .iter()
            .map(|op| {
                op.outputs
                    .iter()
                    .map(|access| {
                        across
                            && op.dims.iter().enumerate().any(|(k, d)| {
                                d.role == Role::Sample
                                    && !access
                                        .exprs
                                        .iter()
                                        .any(|e| e.terms.iter().any(|&(j, c)| j == k && c != 0))
                            })
                    })
                    .collect()
            })
            .collect();
        // Empty (every share 1) unless a dimension divides weights.
        let mut read_share = Vec::new();
        for (_, dimension, ways) in ways.used() {
            for t in dimension.divided_weights(graph) {
                if read_share.is_empty() {
                    read_share = vec![1.0; graph.tensors().len()];
                }
                read_share[t.index()] = 1.0 / f64::from(ways.max(1));
            }
        }
        Replicas {
            count,
            width: strategy.schedule.replica_width(machine.num_devices()),
            partial_sums,
            read_share,
        }
    }
}

/// How [`Simulator::build`] builds: with the synchronization of weight gradients in training, with
/// the memory of every device, and the schedule's dimensions whose divided weights are read at their
/// share ([`Replicas::read_share`]).
struct Build {
    weight_sync: bool,
    with_memory: bool,
    ways: crate::schedule::Ways,
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
        Self::with_weight_sync(graph, machine, cost, mode, strategy, true)
    }

    /// [`Simulator::new`], with (`true`) or without the synchronization of weight gradients in training.
    pub fn with_weight_sync(
        graph: &'a Graph,
        machine: &'a Machine,
        cost: &'a CostModel,
        mode: Mode,
        strategy: Strategy,
        weight_sync: bool,
    ) -> Result<Simulator<'a>, StrategyError> {
        let ways = strategy.schedule.ways;
        Self::build(
            graph,
            machine,
            cost,
            mode,
            strategy,
            Build {
                weight_sync,
                with_memory: true,
                ways,
            },
        )
    }

    /// [`Simulator::with_weight_sync`] for its times alone: the same task graph and schedule, so the
    /// same times and spans, without the memory of every device over the iteration (at thousands of
    /// devices, most of a small graph's simulation). Its memory queries
    /// ([`Simulator::peak_memory`] and the like) and delta changes must not be used: core::pipeline's
    /// stage simulations, which count memory their own way, read only times.
    pub(crate) fn timing_only(
        graph: &'a Graph,
        machine: &'a Machine,
        cost: &'a CostModel,
        mode: Mode,
        strategy: Strategy,
        weight_sync: bool,
    ) -> Result<Simulator<'a>, StrategyError> {
        let ways = strategy.schedule.ways;
        Self::timing_only_reading(graph, machine, cost, mode, strategy, weight_sync, ways)
    }

    /// [`Simulator::timing_only`] of one replica's tasks of a schedule whose dimensions have `ways`
    /// (the strategy's own are none): the weights they divide among the replicas are read at their
    /// share ([`Replicas::read_share`]).
    pub(crate) fn timing_only_reading(
        graph: &'a Graph,
        machine: &'a Machine,
        cost: &'a CostModel,
        mode: Mode,
        strategy: Strategy,
        weight_sync: bool,
        ways: crate::schedule::Ways,
    ) -> Result<Simulator<'a>, StrategyError> {
        Self::build(
            graph,
            machine,
            cost,
            mode,
            strategy,
            Build {
                weight_sync,
                with_memory: false,
                ways,
            },
        )
    }

    fn build(
        graph: &'a Graph,
        machine: &'a Machine,
        cost: &'a CostModel,
        mode: Mode,
        strategy: Strategy,
        Build {
            weight_sync,
            with_memory,
            ways,
        }: Build,
    ) -> Result<Simulator<'a>, StrategyError> {
        strategy.validate(graph, machine)?;
        let schedule = &strategy.schedule;
        if schedule.is_pipelined()
            || schedule.micro_batches > 1
            || schedule.recompute != crate::schedule::Recompute::None
            || schedule.zero != crate::schedule::Zero::None
        {
            return Err(StrategyError {
                op: None,
                location: String::new(),
                message: format!(
                    "the task simulator runs one micro-batch of one pipeline stage; the schedule '{}' is simulated by core::pipeline",
                    schedule.summary()
                ),
            });
        }
        let total = graph
            .tensors()
            .iter()
            .fold(0u64, |sum, t| sum.saturating_add(t.bytes()));
        if total > MAX_SIMULATED_BYTES {
            return Err(StrategyError {
                op: None,
                location: String::new(),
                message: format!(
                    "the graph's tensors total {total} bytes, more than the {MAX_SIMULATED_BYTES} bytes (2^50) the task simulator sums exactly in 64 bits; a strategy with replicas or micro-batches simulates its share of the batch"
                ),
            });
        }
        let replicas = Replicas::new(graph, machine, &strategy, mode, ways);
        let layout = Layout::new(graph, mode, cost.state());
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
            start_s: 0.0,
            gathered: Self::gathered_outputs(graph, machine),
            loops: Vec::new(),
            scratch: Scratch::default(),
            undo: Undo::default(),
            builder: Builder::default(),
            layout,
            replicas,
            weight_sync,
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
                !mode.has_backward(),
                machine,
            ));
        }
        for o in 0..graph.num_ops() {
            for (k, &e) in sim.layout.out_edges[o].iter().enumerate() {
                let output = graph.edges()[e].output;
                // Each group once: at its first edge of the producer's list.
                if sim.layout.out_edges[o][..k]
                    .iter()
                    .all(|&s| graph.edges()[s].output != output)
                {
                    let group = sibling_edges(graph, &sim.layout, e);
                    share_transfers(graph, &sim.layout, &sim.ops, &mut sim.edges, &group);
                }
            }
        }
        let mut builder = Builder::default();
        for pos in 0..sim.layout.order.len() {
            let b = sim.layout.order[pos];
            let block = sim.build_block(b, &mut builder);
            sim.install(b, block);
        }
        sim.builder = builder;
        if with_memory {
            let mut memory = MemoryBuilder::new(machine.num_devices() as usize, sim.layout.stages);
            for &b in &sim.layout.order {
                sim.for_each_live(b, &mut |l| memory.add(&l));
            }
            for t in 0..graph.tensors().len() {
                if !sim.layout.weight_readers[t].is_empty() {
                    sim.weight_lives(TensorId::new(t), &mut |l| memory.add(&l));
                }
            }
            sim.memory = memory.finish();
        }
        sim.start_s = sim.device_start();
        sim.retime(0, None);
        Ok(sim)
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

    /// Weight state `device` holds for the whole iteration, in bytes (part of its peak).
    pub fn weight_memory(&self, device: DeviceId) -> u64 {
        self.memory.weights(device.index())
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
            // The pairs inside `a`'s node only: linear in the devices, not quadratic (a
            // pipeline evaluation reads the timeline of every stage simulation on thousands of GPUs).
            for b in m.node_devices(m.node_of(a)).filter(|&b| b != a) {
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

    /// The kind of block `b`'s tasks and the op they belong to (a transfer's: its consumer).
    fn block_kind(&self, b: usize) -> (TaskKind, OpId) {
        let consumer = |e: usize| self.graph.edges()[e].consumer;
        match self.layout.kinds[b] {
            BlockKind::Forward(op) => (TaskKind::Forward, op),
            BlockKind::Backward(op) => (TaskKind::Backward, op),
            BlockKind::AllReduce(op) => (TaskKind::AllReduce, op),
            BlockKind::Transfer(e) => (TaskKind::Transfer, consumer(e)),
            BlockKind::GradientTransfer(e) => (TaskKind::GradientTransfer, consumer(e)),
        }
    }

    /// Every task's kind, op, duration, end and (a compute task's) device, in issue order: what
    /// [`Simulator::timeline`] says without the resources of each task, whose lifted all-reduces hold
    /// the channels of every replica (thousands on thousands of GPUs), nor their lanes.
    pub fn spans(&self) -> Vec<Span> {
        let mut out = Vec::with_capacity(self.num_tasks());
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            let (kind, op) = self.block_kind(b as usize);
            for i in 0..block.len() {
                // Devices are the first resources (`Simulator::resources`); a compute task holds its own.
                let device = kind
                    .is_compute()
                    .then(|| block.res_of(i).first().map(|&r| DeviceId(r)))
                    .flatten();
                out.push(Span {
                    kind,
                    op,
                    duration_s: block.dur[i],
                    end_s: self.times.end[(block.base as usize) + i],
                    device,
                });
            }
        }
        out
    }

    /// Every task with its simulated times, in issue order.
    pub fn timeline(&self) -> Vec<TaskRecord> {
        let resources = self.resources();
        let lanes = self.lanes();
        let mut out = Vec::with_capacity(self.num_tasks());
        for &b in &self.layout.order {
            let block = &self.blocks[b as usize];
            let (kind, op) = self.block_kind(b as usize);
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

    /// The per-device route table gives every pair the route `Machine::route` does, bit for bit: one
    /// node with a topology matrix, PCIe pairs, NVSwitch nodes with several NICs, up to 4096 GPUs.
    #[test]
    fn route_table_equals_machine_routes() {
        for preset in [
            "dgx1-v100",
            "dgx-a100:2",
            "dgx-h100:4",
            "k80-16x4",
            "p100-4x4",
            "dgx-a100:512",
        ] {
            let machine = Machine::preset(preset).unwrap();
            let n = machine.num_devices();
            let mut routes = tasks::Routes::default();
            // And placed for a pipeline (`Machine::placed`): the table follows the placement.
            for placed in [machine.placed(n / 2, 2), machine.placed(2, n / 4)] {
                for a in (0..n).step_by(((n / 16).max(1)) as usize) {
                    for b in 0..n {
                        let (a, b) = (DeviceId(a), DeviceId(b));
                        let hop = routes.get(&placed, a, b);
                        assert!(
                            hop.same(&tasks::Hop::new(&placed, a, b)),
                            "{preset} placed: {a}->{b}"
                        );
                    }
                }
            }
            let step = (n / 64).max(1);
            for a in (0..n).step_by(step as usize) {
                for b in 0..n {
                    let (a, b) = (DeviceId(a), DeviceId(b));
                    let hop = routes.get(&machine, a, b);
                    assert!(
                        hop.same(&tasks::Hop::new(&machine, a, b)),
                        "{preset}: {a}->{b}"
                    );
                }
            }
        }
    }

    /// A fused attention under a causal mask computes only the tiles on and below the diagonal
    /// (crate::attention::causal_fraction): its products' tasks, forward and backward, take that fraction
    /// of the unmasked time (up to their launches). As written, every tile is computed
    /// (`fusion::tests::fused_attention_keeps_the_scores_on_chip_and_recomputes_them`).
    #[test]
    fn a_causal_mask_shortens_the_fused_attention_products() {
        let spec = TransformerSpec {
            batch: 4,
            seq: 8192,
            hidden: 1024,
            heads: 8,
            layers: 1,
            ffn: 4096,
            vocab: 96,
        };
        let machine = Machine::preset("dgx-h100:1").unwrap();
        let fraction = crate::attention::causal_fraction(8192, 8192);
        for attention in [
            crate::attention::Attention::Fused,
            crate::attention::Attention::Flash2,
        ] {
            let cost = CostModel::new(&machine.gpu)
                .with_state(crate::precision::WeightState {
                    attention,
                    ..Default::default()
                })
                .unwrap();
            let products_s = |g: &Graph| -> f64 {
                let products: Vec<OpId> = crate::attention::regions(g)
                    .iter()
                    .flat_map(|r| r.ops.iter().copied())
                    .filter(|&o| g.op(o).class == crate::graph::OpClass::Contraction)
                    .collect();
                let sim = Simulator::new(
                    g,
                    &machine,
                    &cost,
                    Mode::Training,
                    Strategy::single_device(g),
                )
                .unwrap();
                sim.spans()
                    .iter()
                    .filter(|s| products.contains(&s.op))
                    .map(|s| s.duration_s)
                    .sum()
            };
            let masked = products_s(&synth::causal_transformer(&spec));
            let whole = products_s(&synth::transformer(&spec));
            let ratio = masked / whole;
            assert!(
                ratio >= fraction && ratio < fraction + 0.02,
                "{attention:?}: {ratio} against {fraction}"
            );
        }
    }

    /// `spans` is `timeline` without the resources: the same tasks, durations and ends, and each
    /// compute task's device.
    #[test]
    fn spans_are_the_timeline() {
        let g = synth::transformer(&TransformerSpec::TINY);
        let machine = Machine::preset("dgx-a100:2").unwrap();
        let cost = CostModel::new(&machine.gpu);
        let mut rng = StdRng::seed_from_u64(3);
        for mode in [Mode::Training, Mode::Inference] {
            let configs = g
                .topological_order()
                .map(|op| random_config(&g, op, 16, &mut rng))
                .collect();
            let sim = Simulator::new(&g, &machine, &cost, mode, Strategy::flat(configs)).unwrap();
            let (spans, timeline) = (sim.spans(), sim.timeline());
            assert_eq!(spans.len(), timeline.len());
            for (s, t) in spans.iter().zip(&timeline) {
                assert_eq!((s.kind, s.op), (t.kind, t.op));
                assert_eq!(s.duration_s.to_bits(), t.duration_s.to_bits());
                assert_eq!(s.end_s.to_bits(), t.end_s().to_bits());
                let device = match t.resources.as_slice() {
                    [Resource::Device(d)] if t.kind.is_compute() => Some(*d),
                    _ => None,
                };
                assert_eq!(s.device, device);
            }
        }
    }

    /// A weight read by every step of an unrolled recurrence is held once per device and synchronized by
    /// one all-reduce of its size, not once per step.
    #[test]
    fn shared_weight_is_held_and_synchronized_once() {
        let (batch, hidden, steps) = (16, 64, 8);
        let graph = synth::rnn(batch, hidden, steps);
        let machine = Machine::preset("dgx-a100:1").unwrap();
        let cost = CostModel::new(&machine.gpu);
        let n_dev = 4;
        let dp = Strategy::data_parallel(&graph, n_dev);
        let sim = Simulator::new(&graph, &machine, &cost, Mode::Training, dp).unwrap();
        let weight_bytes = hidden * hidden * 4;
        let factor = crate::memory::weight_state_factor(Mode::Training);
        for d in 0..n_dev as usize {
            assert_eq!(sim.memory.weights(d), weight_bytes * factor, "device {d}");
        }
        let all_reduces: Vec<TaskRecord> = sim
            .timeline()
            .into_iter()
            .filter(|t| t.kind == TaskKind::AllReduce)
            .collect();
        assert_eq!(all_reduces.len(), 1);
        assert_eq!(all_reduces[0].bytes, weight_bytes);
        // It waits for the last backward of the weight's readers: the first step's.
        let first_backward = sim
            .timeline()
            .into_iter()
            .filter(|t| t.kind == TaskKind::Backward && t.op == OpId(0))
            .map(|t| t.end_s())
            .fold(0.0, f64::max);
        assert!(all_reduces[0].start_s >= first_backward);
    }

    /// A tensor read by three products on another device crosses once (and its gradient comes back
    /// once, summed there): the first reader's transfer serves the others, in a full simulation and
    /// through every delta.
    #[test]
    fn a_tensor_crosses_to_a_device_once() {
        let mut b = synth::Builder::new("three readers", crate::graph::DType::F32);
        let x = b.input("x", &[8, 64], crate::graph::DType::F32);
        let n = b.elementwise("relu", &[x], 1.0);
        let reads: Vec<TensorId> = (0..3).map(|_| b.matmul(n, 32)).collect();
        b.elementwise("add", &reads, 2.0);
        let graph = b.finish();
        let readers: Vec<OpId> = reads
            .iter()
            .map(|&t| graph.tensor(t).producer.unwrap())
            .collect();
        let machine = Machine::preset("dgx-a100:1").unwrap();
        let cost = CostModel::new(&machine.gpu);
        let start = Strategy::single_device(&graph);
        let mut sim = Simulator::new(&graph, &machine, &cost, Mode::Training, start).unwrap();
        let bytes = 8 * 64 * 4;
        let moved = |sim: &Simulator, kind: TaskKind| {
            sim.timeline()
                .iter()
                .filter(|t| t.kind == kind && t.bytes == bytes)
                .count()
        };
        for (k, &op) in readers.iter().enumerate() {
            let away = Config::single(graph.op(op), DeviceId(1));
            sim.set_config(op, away).unwrap();
            assert_same(&sim, &format!("reader {k} moved"), true);
            assert_eq!(moved(&sim, TaskKind::Transfer), 1, "reader {k} moved");
            assert_eq!(
                moved(&sim, TaskKind::GradientTransfer),
                1,
                "reader {k} moved"
            );
        }
        // The first reader back home: the second one's transfer takes over.
        let home = Config::single(graph.op(readers[0]), DeviceId(0));
        sim.set_config(readers[0], home).unwrap();
        assert_same(&sim, "first reader home", true);
        assert_eq!(moved(&sim, TaskKind::Transfer), 1);
        assert_eq!(moved(&sim, TaskKind::GradientTransfer), 1);
        // Readers on two other devices: one crossing to each.
        let third = Config::single(graph.op(readers[2]), DeviceId(2));
        sim.set_config(readers[2], third).unwrap();
        assert_same(&sim, "readers on devices 1 and 2", true);
        assert_eq!(moved(&sim, TaskKind::Transfer), 2);
        assert_eq!(moved(&sim, TaskKind::GradientTransfer), 2);
        // Reverted: as before.
        let back = Config::single(graph.op(readers[2]), DeviceId(1));
        sim.set_config(readers[2], back).unwrap();
        assert_same(&sim, "reverted", true);
        assert_eq!(moved(&sim, TaskKind::Transfer), 1);
    }

    /// In a training step written out, readers of one pass share a received tensor, a reader of the
    /// other pass (the backward's, outside the loss's forward) fetches it again.
    #[test]
    fn a_tensor_crosses_once_per_pass() {
        let mut b = synth::Builder::new("two passes", crate::graph::DType::F32);
        let x = b.input("x", &[1, 64], crate::graph::DType::F32);
        let labels = b.input("labels", &[1], crate::graph::DType::I32);
        let n = b.elementwise("relu", &[x], 1.0);
        let (u, v) = (b.matmul(n, 32), b.matmul(n, 32));
        let sum = b.elementwise("add", &[u, v], 1.0);
        b.loss(sum, labels);
        let late = b.matmul(n, 32);
        let graph = b.finish();
        let machine = Machine::preset("dgx-a100:1").unwrap();
        let cost = CostModel::new(&machine.gpu);
        let mut strategy = Strategy::single_device(&graph);
        for t in [u, v, late] {
            let op = graph.tensor(t).producer.unwrap();
            strategy.configs[op.index()] = Config::single(graph.op(op), DeviceId(1));
        }
        let moved = |mode: Mode| {
            let sim = Simulator::new(&graph, &machine, &cost, mode, strategy.clone()).unwrap();
            sim.timeline()
                .iter()
                .filter(|t| t.kind == TaskKind::Transfer && t.bytes == 64 * 4)
                .count()
        };
        assert_eq!(moved(Mode::TrainingStep), 2);
        assert_eq!(moved(Mode::Inference), 1);
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
            synth::rnn(16, 32, 6),
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
