//! What a parallelism dimension is, for the modules that implement one ([`Dimension`]: expert
//! parallelism in `crate::experts`, context parallelism in `crate::context`) and the pipeline model
//! that prices them ([`StageView`], [`PassTimes`], [`StageBytes`]). The registry of the dimensions and
//! their ways in a schedule are `crate::schedule::dimension`'s; this module depends on neither, so
//! that a dimension's module does not depend on the schedule that holds it.

use std::any::Any;

use crate::config::Config;
use crate::graph::{DeviceId, Graph, Mode, OpId, TensorId};
use crate::machine::Machine;

/// Where a dimension's ranks come from (crate::schedule::dimension, "Layout").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Its ranks are data-parallel replicas: the ways divide `dp`.
    AmongReplicas,
    /// Its ranks are added beside the data-parallel replicas and share their samples: the schedule's
    /// replicas are `dp · ways`, the batch is cut over `dp`.
    SharingSamples,
}

/// What a parallelism dimension is (crate::schedule::dimension). Implemented once, in the dimension's
/// own module.
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
    /// The ways the reports give a strategy of `configs` whose schedule has `ways` (the `parallelism`
    /// JSON): `ways` unless the configurations split the dimension too.
    fn reported(&self, _graph: &Graph, _configs: &[Config], ways: u32) -> u64 {
        u64::from(ways)
    }
    /// Why `par-materialize` does not build device programs with it, where it does not.
    fn unmaterialized(&self) -> Option<&'static str>;

    /// What the dimension finds in a micro-batch graph once per evaluation, for its prices
    /// ([`StageView::analysis`]).
    fn analyze(&self, _graph: &Graph) -> Box<dyn Any> {
        Box::new(())
    }
    /// Changes a stage's passes per micro-batch under `ways` (crate::schedule::dimension, "Price").
    fn price_stage(&self, _ways: u32, _view: &StageView, _times: &mut PassTimes) {}
    /// Changes a stage's activation bytes on its busiest device under `ways`.
    fn price_memory(&self, _ways: u32, _view: &StageView, _bytes: &mut StageBytes) {}
    /// The weights whose state the dimension divides by its ways, sorted (crate::schedule::dimension,
    /// "Price"):
    /// none unless its ranks are among the replicas.
    fn divided_weights(&self, _graph: &Graph) -> Vec<TensorId> {
        Vec::new()
    }
}

/// What a dimension's price sees of one pipeline stage (crate::schedule::dimension, "Price"), or of
/// the whole
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
