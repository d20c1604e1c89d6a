//! Parallelism dimensions beyond tensor, pipeline and data parallelism, in one registry
//! ([`DIMENSIONS`]): expert parallelism ([`crate::experts`]) and context parallelism
//! ([`crate::context`]). A dimension is a count of *ways* ([`Ways`], one per dimension, 1 when it is
//! not used) and a [`Dimension`] implementation (the trait is `crate::parallelism`'s) in its own module that says everything the rest of the
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

pub use crate::parallelism::{Dimension, Layout, PassTimes, StageBytes, StageView};

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
