//! PaSE: the exact dynamic program over the additive cost model (docs/design.md §6).
//!
//! Every op gets the candidate set of [`candidates`] (at most [`DpOptions::max_candidates`], a prefix of its
//! priority order); op terms and edge terms come from [`Additive`]; [`minsum::solve`] finds the assignment
//! of least additive cost, exactly for those candidates. Edge matrices are cached by the structure of the
//! edge (both ops' loop dims and classes, the two accesses, the tensor's shape and type), so the repeated blocks
//! of a ResNet or a transformer are costed once.
//!
//! Blow-up guard: when a step of the dynamic program would exceed [`DpOptions::max_work`] table entries, the
//! candidate sets are halved (keeping the highest-priority ones) and the program runs again; the result
//! records the set size it ended with ([`DpResult::candidates`]) and whether it had to shrink. With two
//! candidates per op (whole on device 0, data parallel) the tables stay small for any DNN-shaped graph; if
//! even one candidate per op is too large the search fails with [`SearchError::TooLarge`].
//!
//! Deadline: [`DpOptions::deadline`] is checked while the edge matrices are built and while the tables are
//! filled; when it passes the program has no partial answer and fails with [`SearchError::Expired`].

use std::collections::HashMap;
use std::time::Instant;

use super::additive::{candidates, Additive};
use super::minsum::{self, Problem, Unsolved};
use super::{Deadline, Details, Found, SearchError, StopReason};
use crate::cost::CostModel;
use crate::graph::{Graph, Mode, OpId};
use crate::machine::Machine;
use crate::strategy::{Config, Strategy};

/// Limits of the dynamic program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DpOptions {
    /// Most candidate configurations per op (a prefix of the priority order), at least 1.
    pub max_candidates: usize,
    /// Most table entries one step may touch; also bounds the back-pointer storage (8×).
    pub max_work: u64,
    /// When to give up (no deadline by default).
    pub deadline: Deadline,
}

impl Default for DpOptions {
    fn default() -> Self {
        DpOptions {
            max_candidates: 24,
            max_work: 1 << 24,
            deadline: Deadline::NONE,
        }
    }
}

/// What the dynamic program did ([`Details::Dp`] of its [`Found`]).
#[derive(Clone, Debug, PartialEq)]
pub struct DpStats {
    /// The additive model's cost of the strategy (the minimized objective), seconds.
    pub predicted_s: f64,
    /// Candidate-set size the program ran with (per op, at most).
    pub candidates: usize,
    /// Whether the blow-up guard shrank the candidate sets below [`DpOptions::max_candidates`].
    pub reduced: bool,
    /// Largest step of the program, in table entries, and largest dependent set.
    pub max_work: u64,
    pub max_dependent: usize,
}

/// Runs PaSE's dynamic program over all devices of `machine` (module doc): the strategy of least additive
/// cost, scored by the full simulator.
pub fn pase_dp(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    options: &DpOptions,
) -> Result<Found, SearchError> {
    let t0 = Instant::now();
    let model = Additive {
        graph,
        machine,
        cost,
        mode,
    };
    let n = machine.num_devices();
    let full: Vec<Vec<Config>> = graph.ops().iter().map(|op| candidates(op, n)).collect();
    let max_work = options.max_work.clamp(1, u64::from(u32::MAX));
    let mut limit = options.max_candidates.max(1);
    let mut matrices: HashMap<(String, usize), Vec<f64>> = HashMap::new();
    let expired = || SearchError::Expired("the dynamic program".into());
    loop {
        let cands: Vec<&[Config]> = full.iter().map(|c| &c[..c.len().min(limit)]).collect();
        let problem =
            build(&model, &cands, limit, &mut matrices, options.deadline).ok_or_else(expired)?;
        match minsum::solve(&problem, max_work, options.deadline) {
            Ok((choice, predicted, stats)) => {
                let strategy = Strategy::flat(
                    choice
                        .iter()
                        .zip(&cands)
                        .map(|(&c, cs)| cs[c].clone())
                        .collect(),
                );
                let details = Details::Dp(DpStats {
                    predicted_s: predicted,
                    candidates: cands.iter().map(|c| c.len()).max().unwrap_or(0),
                    reduced: limit < options.max_candidates,
                    max_work: stats.max_work,
                    max_dependent: stats.max_dependent,
                });
                let problem = super::Problem::new(graph, machine, cost, mode);
                let name = "pase".to_string();
                return Found::simulated(
                    &problem,
                    strategy,
                    name,
                    StopReason::Exact,
                    0,
                    t0,
                    details,
                );
            }
            Err(Unsolved::Expired) => return Err(expired()),
            Err(Unsolved::TooLarge(_)) if limit > 1 => limit /= 2,
            Err(Unsolved::TooLarge(too_large)) => {
                return Err(SearchError::TooLarge {
                    what: "dynamic-programming table".into(),
                    needed: too_large.work.max(too_large.stored),
                    limit: u128::from(max_work),
                })
            }
        }
    }
}

/// The min-sum problem for the given candidate sets; edge matrices are cached under `(edge structure,
/// candidate limit)`. `None` when `deadline` passes first.
fn build(
    model: &Additive,
    cands: &[&[Config]],
    limit: usize,
    matrices: &mut HashMap<(String, usize), Vec<f64>>,
    deadline: Deadline,
) -> Option<Problem> {
    let graph = model.graph;
    let mut p = Problem::new(cands.iter().map(|c| c.len()).collect());
    for (o, cs) in cands.iter().enumerate() {
        if deadline.expired() {
            return None;
        }
        p.unary[o] = cs.iter().map(|c| model.op_s(OpId::new(o), c)).collect();
    }
    for e in graph.edges() {
        if deadline.expired() {
            return None;
        }
        let (u, v) = (e.producer.index(), e.consumer.index());
        let key = (edge_key(graph, e), limit);
        let m = matrices
            .entry(key)
            .or_insert_with(|| model.edge_matrix(e, cands[u], cands[v]));
        p.add_pair(u, v, m);
    }
    Some(p)
}

/// What an edge's cost matrix depends on besides the machine: the ops' loop dims and classes (which fix their
/// candidates), the two accesses' index expressions and the tensor's shape and element type.
fn edge_key(graph: &Graph, e: &crate::graph::Edge) -> String {
    let (p, c) = (graph.op(e.producer), graph.op(e.consumer));
    let t = graph.tensor(e.tensor);
    format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        p.dims,
        p.class,
        p.outputs[e.output].exprs,
        c.dims,
        c.class,
        c.inputs[e.input].exprs,
        t.shape,
        t.dtype
    )
}

/// The candidate sets the dynamic program uses for `graph` on `n` devices, truncated to `max_candidates`
/// (for tests comparing against brute force).
pub fn dp_candidates(graph: &Graph, n: u32, max_candidates: usize) -> Vec<Vec<Config>> {
    graph
        .ops()
        .iter()
        .map(|op| {
            let mut c = candidates(op, n);
            c.truncate(max_candidates.max(1));
            c
        })
        .collect()
}

/// The additive model's cost of a strategy (any configurations, not only candidates): what [`pase_dp`]
/// minimizes.
pub fn additive_cost(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    strategy: &Strategy,
) -> f64 {
    let model = Additive {
        graph,
        machine,
        cost,
        mode,
    };
    let mut total: f64 = graph
        .topological_order()
        .map(|o| model.op_s(o, strategy.config(o)))
        .sum();
    for e in graph.edges() {
        let m = model.edge_matrix(
            e,
            std::slice::from_ref(strategy.config(e.producer)),
            std::slice::from_ref(strategy.config(e.consumer)),
        );
        total += m[0];
    }
    total
}
