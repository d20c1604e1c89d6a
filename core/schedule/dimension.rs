//! Parallelism dimensions beyond tensor, pipeline and data parallelism, in one registry
//! ([`DIMENSIONS`]): expert parallelism ([`crate::experts`]) and context parallelism
//! ([`crate::context`]). A dimension is a count of *ways* ([`Ways`], one per dimension, 1 when it is
//! not used) and a [`Dimension`] implementation in its own module that says everything the rest of the
//! compiler asks of it: its key in every form of a schedule (a `--strategy` spec, `#par.schedule`, the
//! reports' `parallelism`), where its ranks come from ([`Layout`]), what a graph must have for it, the
//! ways the schedule search tries, what it changes in the reports, and its price: what it does to a
//! pipeline stage's passes ([`Dimension::price_stage`]) and memory ([`Dimension::price_memory`]) and
//! which weights it divides ([`Dimension::divided_weights`]). The readers of those forms, the
//! schedule's checks, the pipeline model, the search's space and bounds, `par-materialize` and the
//! exports walk the registry, so a new dimension is its module, one line of [`DIMENSIONS`] and one
//! index constant here (ARCHITECTURE.md, "Add a parallelism dimension").
//!
//! # Price
//! The pipeline model (core/pipeline/evaluator.rs) simulates each stage on the micro-batch graph as
//! replica 0 runs it without the dimensions, then hands every dimension in use a [`StageView`] of the
//! stage (its ops, their simulated forward tasks, the placed machine, the devices of the dimension's
//! group) and lets it change the stage's [`PassTimes`] and [`StageBytes`] in closed form. The weights a
//! dimension among the replicas divides ([`Dimension::divided_weights`]) are held `1/ways` per device
//! and ZeRO shards them over `replicas / ways` (the rest over all replicas); the bounds of the schedule
//! search count them the same way. A dimension whose ranks share samples divides what the search's
//! bounds count per device (work and activations) by its ways.
//!
//! # Layout
//! A dimension's ranks are data-parallel replicas of the schedule (a [`Schedule`]'s `replicas`): either
//! carved out of them (`ep` divides `dp`: [`Layout::AmongReplicas`], Megatron-Core's expert-parallel
//! group inside the data-parallel one) or added beside them, sharing their samples
//! ([`Layout::SharingSamples`]: `cp`, the devices being `tp · pp · dp · cp`, the batch cut over `dp`,
//! the gradients reduced and ZeRO's state sharded over `dp · cp`). Two dimensions at once are not
//! modelled ([`Ways::check_alone`]).

use std::any::Any;

use crate::graph::{DeviceId, Graph, Mode, OpId, TensorId};
use crate::machine::Machine;
use crate::strategy::{Config, Strategy};

/// The number of dimensions in the registry.
pub const COUNT: usize = 2;

/// A dimension's index in [`DIMENSIONS`] and [`Ways`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dim(pub usize);

/// Expert parallelism ([`crate::experts`]).
pub const EXPERT: Dim = Dim(0);
/// Context parallelism ([`crate::context`]).
pub const CONTEXT: Dim = Dim(1);

/// Every dimension, in the order the forms print them (after `dp`).
pub static DIMENSIONS: [&dyn Dimension; COUNT] = [
    &crate::experts::ExpertParallel,
    &crate::context::ContextParallel,
];

/// Where a dimension's ranks come from (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Its ranks are data-parallel replicas: the ways divide `dp`.
    AmongReplicas,
    /// Its ranks are added beside the data-parallel replicas and share their samples: the schedule's
    /// replicas are `dp · ways`, the batch is cut over `dp`.
    SharingSamples,
}

/// What a parallelism dimension is (module doc). Implemented once, in the dimension's own module.
pub trait Dimension: Sync {
    /// The `--strategy` key, also the reports' `parallelism` key and the summaries' name: `ep`.
    fn key(&self) -> &'static str;
    /// The `#par.schedule` field: `expert_parallel`.
    fn field(&self) -> &'static str;
    /// The dimension for messages: `expert parallelism`.
    fn noun(&self) -> &'static str;
    /// Its ranks for messages: `expert-parallel`.
    fn adjective(&self) -> &'static str;
    /// One line of `--strategy`'s help.
    fn doc(&self) -> &'static str;
    fn layout(&self) -> Layout;
    /// Why the ways must divide the schedule's replicas (the end of [`Ways::check_schedule`]'s
    /// message).
    fn replicas_rule(&self) -> &'static str;
    /// The spec's own contradictions of `ways` beside the given `dp` (before the graph is read).
    fn check_spec(&self, _ways: u32, _dp: Option<u32>) -> Result<(), String> {
        Ok(())
    }
    /// Whether `ways` (above 1) fit `graph` with `dp` data-parallel replicas of `tp` devices per
    /// stage group.
    fn check(&self, graph: &Graph, ways: u32, dp: u32, tp: u32) -> Result<(), String>;
    /// The ways the schedule search tries on `graph` and `devices` devices, 1 first, ascending; a
    /// [`Layout::AmongReplicas`] dimension's are then those that divide a candidate's `dp`.
    fn candidates(&self, graph: &Graph, devices: u32) -> Vec<u32>;
    /// The ways the reports give `strategy` (the `parallelism` JSON): its schedule's `ways` unless the
    /// configurations split the dimension too.
    fn reported(&self, _graph: &Graph, _strategy: &Strategy, ways: u32) -> u64 {
        u64::from(ways)
    }
    /// Why `par-materialize` does not build device programs with it, where it does not.
    fn unmaterialized(&self) -> Option<&'static str>;

    /// What the dimension finds in a micro-batch graph once per evaluation, for its prices
    /// ([`StageView::analysis`]).
    fn analyze(&self, _graph: &Graph) -> Box<dyn Any> {
        Box::new(())
    }
    /// Changes a stage's passes per micro-batch under `ways` (module doc, "Price").
    fn price_stage(&self, _ways: u32, _view: &StageView, _times: &mut PassTimes) {}
    /// Changes a stage's activation bytes on its busiest device under `ways`.
    fn price_memory(&self, _ways: u32, _view: &StageView, _bytes: &mut StageBytes) {}
    /// The weights whose state the dimension divides by its ways, sorted (module doc, "Price"):
    /// none unless its ranks are among the replicas.
    fn divided_weights(&self, _graph: &Graph) -> Vec<TensorId> {
        Vec::new()
    }
}

/// What a dimension's price sees of one pipeline stage (module doc, "Price"), or of the whole
/// micro-batch graph when the evaluation is one symmetric simulation.
pub struct StageView<'a> {
    /// The micro-batch graph.
    pub graph: &'a Graph,
    /// The stage's graph, its op `i` being `ops[i]` of `graph`.
    pub stage: &'a Graph,
    pub ops: &'a [OpId],
    /// Every op's configuration, indexed by the ids of `graph`.
    pub configs: &'a [Config],
    /// The machine, its devices placed as the engines place their ranks.
    pub machine: &'a Machine,
    /// The dimension's group of the stage group's first device: one device of each of its `ways`
    /// consecutive replicas.
    pub members: Vec<DeviceId>,
    /// Per op of the stage and device of its group, the seconds of its forward tasks at the whole
    /// micro-batch (empty where the simulation gives none: a symmetric evaluation, memory).
    pub forward_task_s: &'a [Vec<f64>],
    /// Whether an op of `graph` runs in the forward pass.
    pub is_forward: &'a dyn Fn(OpId) -> bool,
    pub mode: Mode,
    /// [`Dimension::analyze`] of `graph`.
    pub analysis: &'a dyn Any,
}

impl StageView<'_> {
    /// Whether the step has a backward pass to price (a training mode or a training step).
    pub fn backward(&self) -> bool {
        self.mode.has_backward() || self.mode.training_step()
    }
}

/// A stage's passes per micro-batch on its busiest device, as the dimensions change them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassTimes {
    pub forward_s: f64,
    pub backward_s: f64,
    /// The last micro-batch's backward with the exposed tail of the gradients' synchronization.
    pub last_backward_s: f64,
    /// The share of the stage's work one device computes (what recomputation is priced at): 1, or
    /// `1/cp` with context parallelism.
    pub share: f64,
}

/// A stage's activation bytes on its busiest device, as the dimensions change them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageBytes {
    /// Kept for the backward per micro-batch in flight.
    pub kept: u64,
    /// The largest working set.
    pub transient: u64,
}

/// The ways of every dimension (1: not used).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ways([u32; COUNT]);

impl Default for Ways {
    fn default() -> Self {
        Ways([1; COUNT])
    }
}

impl Ways {
    pub fn get(&self, dim: Dim) -> u32 {
        self.0[dim.0]
    }

    pub fn set(&mut self, dim: Dim, ways: u32) {
        self.0[dim.0] = ways;
    }

    /// Ways from a spec's given counts (absent: 1).
    pub fn from_given(given: &[Option<u32>; COUNT]) -> Ways {
        Ways(given.map(|w| w.unwrap_or(1)))
    }

    /// The counts a spec gives for these ways (1: absent).
    pub fn given(&self) -> [Option<u32>; COUNT] {
        self.0.map(|w| (w > 1).then_some(w))
    }

    /// Whether no dimension is used.
    pub fn is_none(&self) -> bool {
        self.0.iter().all(|&w| w == 1)
    }

    /// Every dimension with its ways, in the registry's order.
    pub fn iter(&self) -> impl Iterator<Item = (Dim, &'static dyn Dimension, u32)> + '_ {
        DIMENSIONS
            .iter()
            .enumerate()
            .map(|(i, &d)| (Dim(i), d, self.0[i]))
    }

    /// The dimensions used (ways above 1).
    pub fn used(&self) -> impl Iterator<Item = (Dim, &'static dyn Dimension, u32)> + '_ {
        self.iter().filter(|&(_, _, w)| w > 1)
    }

    /// The product of the ways of the [`Layout::SharingSamples`] dimensions: the ranks that share a
    /// replica's samples.
    pub fn sharing_samples(&self) -> u32 {
        self.iter()
            .filter(|(_, d, _)| d.layout() == Layout::SharingSamples)
            .map(|(_, _, w)| w.max(1))
            .product()
    }

    /// At most one dimension used: their combinations are not modelled. `spec`: the message is a
    /// spec's (`ep=2 with cp=2: ...`), else a schedule's.
    pub fn check_alone(&self, spec: bool) -> Result<(), String> {
        let used: Vec<_> = self.used().collect();
        if let [(_, a, x), (_, b, y), ..] = used[..] {
            return Err(if spec {
                format!(
                    "{}={x} with {}={y}: {} over {} ranks is not modelled; drop one of them",
                    a.key(),
                    b.key(),
                    a.noun(),
                    b.adjective()
                )
            } else {
                format!(
                    "the schedule has both {} ({x}) and {} ({y}): their combination is not modelled; keep one",
                    a.noun(),
                    b.noun()
                )
            });
        }
        Ok(())
    }

    /// The schedule's rules of the ways with its `replicas`: each at least 1 and dividing them
    /// (the replicas count the [`Layout::SharingSamples`] ranks), one dimension at most.
    pub fn check_schedule(&self, replicas: u32) -> Result<(), String> {
        for (_, d, w) in self.iter() {
            if w == 0 {
                return Err(format!(
                    "the schedule has 0 {} ways; it needs at least 1",
                    d.adjective()
                ));
            }
            if replicas % w != 0 {
                let which = match d.layout() {
                    Layout::AmongReplicas => "data-parallel replicas",
                    Layout::SharingSamples => "replicas",
                };
                return Err(format!(
                    "the schedule's {} ({w}) does not divide its {replicas} {which}: {}",
                    d.noun(),
                    d.replicas_rule()
                ));
            }
        }
        self.check_alone(false)
    }

    /// `ep=2` for each dimension used, in the registry's order: the summaries' words.
    pub fn words(&self) -> Vec<String> {
        self.used()
            .map(|(_, d, w)| format!("{}={w}", d.key()))
            .collect()
    }
}

/// The dimension whose `#par.schedule` field or spec key is `name`.
pub fn named(name: &str) -> Option<Dim> {
    DIMENSIONS
        .iter()
        .position(|d| d.key() == name || d.field() == name)
        .map(Dim)
}
