//! What every analysis of a strategy works on: the graph, the machine, its cost model, the training
//! mode and the batch dim ([`Problem`]). The simulator's callers, the pipeline model
//! ([`crate::pipeline`]), the scheduled strategies ([`crate::scheduled`]) and the searches
//! ([`crate::search`]) all take one; it lives apart from them so that none imports another for it.

use crate::cost::CostModel;
use crate::graph::{Graph, Mode};
use crate::machine::Machine;

/// What a search works on.
#[derive(Clone, Copy)]
pub struct Problem<'a> {
    pub graph: &'a Graph,
    pub machine: &'a Machine,
    pub cost: &'a CostModel,
    pub mode: Mode,
    /// The data inputs' batch dim (`--batch-dim`): micro-batches and replicas divide it.
    pub batch_dim: usize,
}

impl<'a> Problem<'a> {
    /// A problem on `graph` whose batch is dim 0 of its data inputs.
    pub fn new(graph: &'a Graph, machine: &'a Machine, cost: &'a CostModel, mode: Mode) -> Self {
        Problem {
            graph,
            machine,
            cost,
            mode,
            batch_dim: 0,
        }
    }
}
