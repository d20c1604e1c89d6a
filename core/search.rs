//! Strategy search (docs/design.md §6): FlexFlow's MCMC over the simulator, PaSE's dynamic program and SoyBean's
//! tiling over additive cost models, all compared with the expert baselines of [`crate::baselines`].
//!
//! # MCMC ([`mcmc`])
//! Metropolis–Hastings over strategies with `p(S) ∝ exp(-β · cost(S) / cost(S₀))`, where `cost` is the
//! simulated iteration time (normalized by the chain's start, so `β` reads as "a proposal 1/β slower is
//! accepted with probability 1/e" whatever the model's scale). A proposal picks a random op and gives it
//! - a random valid configuration ([`Config::random`], FlexFlow's proposal), or
//! - one of the op's structured candidates (power-of-two style splits of one or two dims; see
//!   [`dp_candidates`]), or
//! - a configuration *aligned* with a random neighbour: the tensor dims the neighbour splits are split the same
//!   way, and each task goes to the device of the neighbour task it overlaps most, so a change can travel along
//!   a chain of ops one proposal at a time, or
//! - a new split of two of its dims at once (one proposal in ten; [`moves`]), which reaches a 2×2 split of an
//!   output and a reduction dim that single-dim changes reach only through an uphill intermediate.
//!
//! One proposal in five is a *segment*: the op gets a candidate or random configuration and the next few ops
//! in program order (up to 15) that read a changed op are aligned with it, all in one step. Changing one op of
//! a consistently split graph almost always adds communication at both of its edges; a segment moves a whole
//! run of layers to a new split at once, which single-op proposals reach only through many uphill steps.
//!
//! One proposal in forty is a *local exhaustive step*: an op drawn in proportion to its FLOPs gets the best
//! of (up to 48 of) all its configurations over its current devices.
//!
//! One proposal in forty is an *around* move ([`moves`]): the op is a pivot that keeps its configuration,
//! and its neighbours (up to 8, when at least two have a split that carries over and their tasks fit the
//! machine together) are all aligned with it at once, their tasks on distinct devices where the pivot's data
//! allows. Two ops that read from or feed the same op can then run side by side on different parts of the
//! machine, each next to its share of the pivot's data: from a consistent split this takes two simultaneous
//! changes (each alone is uphill), such as the first and last of three matmuls each on half the GPUs
//! around a middle one on all of them. When the pivot does not qualify the proposal is a single-op one.
//!
//! *Repeated layers* ([`crate::layers`], [`McmcOptions::tie_layers`]): in the first quarter of each chain
//! (its proposals, else its time) every single-op proposal is *tied* — the op passes its new configuration to its
//! counterparts in every other instance of its layer group — so the chain searches one representative
//! layer's configurations applied to all; afterwards one in five is tied and the rest refine layers one by
//! one. Segments and local steps are never tied (each would cost a delta simulation per op and layer).
//!
//! Each changed op is a delta simulation ([`Simulator::set_config`]); a rejected proposal is undone by setting
//! the old configurations back, last first. Memory is part of the cost: a strategy over any device's capacity costs
//! `time · (1 + 4 · worst overflow / capacity)`, so a chain can walk through it, but it is never recorded as a
//! best.
//!
//! Start points: the baselines (data parallelism, then the expert strategies: model parallel, OWT,
//! Megatron), caller-supplied starts ([`McmcOptions::starts`]), and the results of PaSE's dynamic program and
//! SoyBean's tiling (unless [`McmcOptions::seed_with_dp`] is off; one the deadline cuts short is listed in
//! [`McmcDetails::skipped`] with its reason). The baselines are simulated whatever the deadline, the other
//! start points while it allows (else listed as skipped), so the result is never slower than any baseline
//! that fits memory, nor than any start point scored. Chain 0 starts from data parallelism, the next chains from the other
//! distinct start points, fastest first, and any further chains from random strategies. Single-op proposals
//! rarely climb from data parallelism to a coherent hybrid such as "batch across nodes, channels within a
//! node" on a 345-op ResNet, which every op must adopt at once; the DP and tiling starts give the chains such
//! strategies to refine.
//!
//! A chain stops at its proposal budget ([`StopReason::Budget`]), at its share of the time budget
//! ([`StopReason::Time`]), or after half of its budget (proposals, else time) without improving its best
//! ([`StopReason::NoImprovement`]). The options always bound the search: without a time budget the proposal
//! budget must be set, and it is by default.
//!
//! # Determinism
//! Chain `i` draws from its own `StdRng` seeded from `(seed, i)`, and chains share nothing while they run, so
//! with a proposal budget the result is the same for a given seed whatever the number of threads and their
//! timing. A time budget cuts chains at a wall-clock moment, so only proposal budgets are exactly reproducible.
//! Ties between chains go to the lower chain index.
//!
//! # Dynamic programming and tiling
//! See [`pase_dp`] and [`soybean_tiling`] (and the additive cost model they share): both are exact for their
//! simplified cost models and are scored afterwards by the full simulator.

mod additive;
mod algorithm;
mod minsum;
mod moves;
mod pase;
mod plan;
mod tiling;

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub use algorithm::{
    algorithm, algorithm_names, carry_over, Auto, Budget, Deadline, Mcmc, PaseDp, Plan, Progress,
    Run, SearchAlgorithm, Tiling, Warm, ALGORITHMS, DEFAULT_SEEDING_LIMIT, PROPOSAL_BUDGET_BOUND,
};
pub use pase::{additive_cost, dp_candidates, pase_dp, DpOptions, DpStats};
pub use plan::{
    audit_bounds, maxtext_plan, megatron_plan, mesh_plan, plan, runnable_plan, torch_plan,
    torchtitan_plan, weight_state_bytes, PlanStats, Ranked,
};
pub use tiling::{soybean_tiling, CutStats, TilingStats};

use crate::baselines;
use crate::cost::CostModel;
use crate::graph::{DeviceId, Graph, Mode, OpId};
use crate::layers::Layers;
use crate::machine::Machine;
use crate::problem::Problem;
use crate::sim::Simulator;
use crate::strategy::{Config, Strategy, StrategyError};

/// Why a chain (or a search) stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StopReason {
    /// The proposal budget is spent.
    Budget,
    /// The time budget is spent.
    Time,
    /// No improvement for half the budget.
    NoImprovement,
    /// An exact method (PaSE, SoyBean) finished.
    Exact,
}

impl StopReason {
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Budget => "budget",
            StopReason::Time => "time",
            StopReason::NoImprovement => "no-improvement",
            StopReason::Exact => "exact",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a search returned no strategy.
#[derive(Clone, Debug, PartialEq)]
pub enum SearchError {
    /// A strategy the search built or was given is invalid.
    Strategy(StrategyError),
    /// A scheduled strategy could not be evaluated ([`crate::pipeline`]).
    Pipeline(String),
    /// No strategy the search saw fits device memory; the least demanding one needs `needed` bytes on
    /// `device`, which has `capacity`.
    OutOfMemory {
        device: DeviceId,
        needed: u64,
        capacity: u64,
        /// Which strategy that was (a start's name, or `search`).
        strategy: String,
    },
    /// A dynamic program's tables would exceed the limit even with the smallest candidate sets.
    TooLarge {
        what: String,
        needed: u128,
        limit: u128,
    },
    /// Options that do not bound the search or make no sense.
    InvalidOptions(String),
    /// The deadline passed before the search had any strategy (what it was doing, and which deadline).
    Expired(String),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Strategy(e) => write!(f, "{e}"),
            SearchError::OutOfMemory {
                device,
                needed,
                capacity,
                strategy,
            } => write!(
                f,
                "error: no parallelization strategy fits device memory: the least demanding one found \
                 ({strategy}) needs {} on {device}, which has {}",
                crate::units::bytes(*needed),
                crate::units::bytes(*capacity)
            ),
            SearchError::TooLarge {
                what,
                needed,
                limit,
            } => write!(
                f,
                "error: {what} needs {needed} entries, over the limit of {limit}"
            ),
            SearchError::InvalidOptions(m) => write!(f, "error: {m}"),
            SearchError::Pipeline(m) => {
                if m.starts_with("error: ") || m.contains(": error: ") {
                    write!(f, "{m}")
                } else {
                    write!(f, "error: {m}")
                }
            }
            SearchError::Expired(what) => write!(
                f,
                "error: the search budget ran out before {what} found a strategy"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<StrategyError> for SearchError {
    fn from(e: StrategyError) -> Self {
        SearchError::Strategy(e)
    }
}

/// Budget and shape of an MCMC search.
#[derive(Clone, Debug)]
pub struct McmcOptions {
    pub seed: u64,
    /// Number of chains (at least 1).
    pub chains: usize,
    /// Proposals per chain; `None` only together with a time budget.
    pub proposals: Option<u64>,
    /// Wall-clock budget of the whole search from its start, seeding included; chains sharing a thread
    /// split what is left of it. Not reproducible.
    pub time_limit: Option<Duration>,
    /// A caller's deadline (an outer search's): the search ends by the earlier of it and `time_limit`.
    pub deadline: Deadline,
    /// Inverse temperature on the relative cost (module doc): at the default 5000, a proposal 0.02 % slower
    /// than the current state is accepted with probability 1/e.
    pub beta: f64,
    /// Worker threads; 0 means one per available core. Does not change the result.
    pub threads: usize,
    /// Extra named start points, after data parallelism and before the expert strategies.
    pub starts: Vec<(String, Strategy)>,
    /// Whether PaSE's dynamic program and SoyBean's tiling run first and become start points (`pase`,
    /// `soybean`).
    pub seed_with_dp: bool,
    /// Proposals and the best time so far, for a progress display that reads it while the search runs;
    /// the search never reads it.
    pub progress: Option<Arc<Progress>>,
    /// Whether proposals are tied across repeated layers ([`crate::layers`]): every single-op proposal in
    /// the first quarter of a chain, one in five after (module doc).
    pub tie_layers: bool,
    /// When the seeding searches (PaSE, SoyBean) must stop, besides `deadline`: under a proposal budget,
    /// [`algorithm::DEFAULT_SEEDING_LIMIT`] after the search began, so that a graph too large for them
    /// costs a start point, not an unbounded wait. The chains do not see it (they stop at their
    /// proposal count, deterministically).
    pub seeding: Deadline,
}

impl Default for McmcOptions {
    fn default() -> Self {
        McmcOptions {
            seed: 0,
            chains: 4,
            proposals: Some(1000),
            time_limit: None,
            deadline: Deadline::NONE,
            beta: 5000.0,
            threads: 0,
            starts: Vec::new(),
            seed_with_dp: true,
            progress: None,
            tie_layers: true,
            seeding: Deadline::NONE,
        }
    }
}

/// A start point or baseline and how it simulates.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluated {
    pub name: String,
    pub iteration_time_s: f64,
    pub fits_memory: bool,
}

/// What one chain did.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainStats {
    /// Name of its start point (`random` for random strategies).
    pub start: String,
    /// Simulated time of the start point.
    pub start_time_s: f64,
    /// Best time that fits memory, if any.
    pub best_time_s: Option<f64>,
    pub proposals: u64,
    pub accepted: u64,
    /// Proposal count and seconds since the chain began when it found its best.
    pub best_at_proposal: u64,
    pub best_at_s: f64,
    pub wall_s: f64,
    /// Seconds of `wall_s` before the first proposal: the start point's full simulation (the rest is
    /// the proposals' delta simulations and the chain's bookkeeping).
    pub setup_s: f64,
    pub stop: StopReason,
}

/// Totals of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct McmcStats {
    pub proposals: u64,
    pub accepted: u64,
    pub wall_s: f64,
    /// Seconds from the start of the search until the returned strategy was found (0 when a start won).
    pub time_to_best_s: f64,
    /// Why the chain that found the returned strategy stopped (that of chain 0 when a start won).
    pub stop: StopReason,
    /// Mean wall time of one full simulation (the start points'), to compare with the chains' wall time per
    /// proposal (delta simulations).
    pub full_simulation_s: f64,
    /// Delta simulations the chains ran (a tied proposal runs one per layer, a local step one per try and
    /// its rollback).
    pub delta_simulations: u64,
    pub chains: Vec<ChainStats>,
}

/// The best strategy a search found: what every [`SearchAlgorithm`] returns.
#[derive(Clone, Debug)]
pub struct Found {
    pub strategy: Strategy,
    /// Simulated iteration time of `strategy` (a fresh full simulation).
    pub iteration_time_s: f64,
    pub peak_memory: Vec<u64>,
    pub fits_memory: bool,
    /// What produced the strategy: `chain N` or a start point's name (MCMC), the algorithm's name
    /// otherwise.
    pub found_by: String,
    /// Why the search stopped.
    pub stop: StopReason,
    /// Proposals simulated (0 for the exact methods).
    pub proposals: u64,
    pub wall_s: f64,
    /// The algorithm's own statistics.
    pub details: Details,
}

/// Statistics only one algorithm has.
#[derive(Clone, Debug)]
pub enum Details {
    Mcmc(McmcDetails),
    Dp(DpStats),
    Tiling(TilingStats),
    Plan(PlanStats),
    /// The default search: the schedule search's statistics, and the flat MCMC's when it ran.
    Auto(PlanStats, Option<McmcDetails>),
}

/// What an MCMC search saw.
#[derive(Clone, Debug)]
pub struct McmcDetails {
    /// The start points scored: data parallelism, model parallel, OWT, Megatron (always), caller starts,
    /// then `pase` and `soybean` (with [`McmcOptions::seed_with_dp`]) while the deadline allowed.
    pub starts: Vec<Evaluated>,
    /// Seeding searches that gave no start point, with the reason (`pase`: its share of the time ran out).
    pub skipped: Vec<(String, String)>,
    pub stats: McmcStats,
    /// The seeding searches [`McmcOptions::seeding`] stopped (`pase`, `soybean`, `mcmc/N` for a
    /// sub-machine search that lost one): under a proposal budget the result is then no longer a
    /// function of the seed alone.
    pub seeding_stopped: Vec<String>,
}

impl Found {
    /// A fresh full simulation of `strategy`, with what the algorithm reports about it.
    pub(crate) fn simulated(
        problem: &Problem,
        strategy: Strategy,
        found_by: String,
        stop: StopReason,
        proposals: u64,
        t0: Instant,
        details: Details,
    ) -> Result<Found, SearchError> {
        if !strategy.schedule.is_flat() {
            let e = crate::pipeline::evaluate(problem, &strategy)
                .map_err(|e| SearchError::Pipeline(e.to_string()))?;
            return Ok(Found {
                iteration_time_s: e.iteration_s,
                peak_memory: e.groups.iter().map(|g| g.memory.total()).collect(),
                fits_memory: e.fits_memory(),
                strategy,
                found_by,
                stop,
                proposals,
                wall_s: t0.elapsed().as_secs_f64(),
                details,
            });
        }
        let sim = simulate(
            problem.graph,
            problem.machine,
            problem.cost,
            problem.mode,
            strategy,
        )?;
        Ok(Found {
            iteration_time_s: sim.iteration_time(),
            peak_memory: sim.peak_memories(),
            fits_memory: sim.fits_memory(),
            strategy: sim.strategy().clone(),
            found_by,
            stop,
            proposals,
            wall_s: t0.elapsed().as_secs_f64(),
            details,
        })
    }

    /// MCMC's statistics, when an MCMC search found it.
    pub fn mcmc(&self) -> Option<&McmcDetails> {
        match &self.details {
            Details::Mcmc(d) | Details::Auto(_, Some(d)) => Some(d),
            _ => None,
        }
    }

    /// The schedule search's statistics, when it ran (`plan`, `auto`).
    pub fn plan(&self) -> Option<&PlanStats> {
        match &self.details {
            Details::Plan(s) | Details::Auto(s, _) => Some(s),
            _ => None,
        }
    }

    /// PaSE's statistics, when the dynamic program found it.
    pub fn dp(&self) -> Option<&DpStats> {
        match &self.details {
            Details::Dp(d) => Some(d),
            _ => None,
        }
    }

    /// SoyBean's statistics, when the tiling found it.
    pub fn tiling(&self) -> Option<&TilingStats> {
        match &self.details {
            Details::Tiling(d) => Some(d),
            _ => None,
        }
    }
}

/// Simulates a strategy (a full simulation).
pub(crate) fn simulate<'a>(
    graph: &'a Graph,
    machine: &'a Machine,
    cost: &'a CostModel,
    mode: Mode,
    strategy: Strategy,
) -> Result<Simulator<'a>, SearchError> {
    Ok(Simulator::new(graph, machine, cost, mode, strategy)?)
}

/// Relative weight of memory overflow in the chains' cost (module doc).
const MEMORY_PENALTY: f64 = 4.0;

/// The device furthest over capacity and its peak, or `None` when the strategy fits.
fn worst_overflow(sim: &Simulator) -> Option<(DeviceId, u64)> {
    if sim.fits_memory() {
        return None;
    }
    let peaks = sim.peak_memories();
    let (d, &peak) = peaks
        .iter()
        .enumerate()
        .max_by_key(|&(i, &p)| (p, std::cmp::Reverse(i)))?;
    Some((DeviceId::new(d), peak))
}

fn penalized(sim: &Simulator, overflow: Option<(DeviceId, u64)>) -> f64 {
    let time = sim.iteration_time();
    match overflow {
        None => time,
        Some((_, peak)) => {
            let cap = sim.machine().gpu.mem_capacity.max(1) as f64;
            time * (1.0 + MEMORY_PENALTY * (peak as f64 - cap).max(0.0) / cap)
        }
    }
}

/// The least demanding over-capacity strategy seen: `(peak, device, name)`.
type Overflow = Option<(u64, DeviceId, String)>;

fn note_overflow(seen: &mut Overflow, device: DeviceId, peak: u64, name: &str) {
    if seen.as_ref().is_none_or(|(p, _, _)| peak < *p) {
        *seen = Some((peak, device, name.to_string()));
    }
}

/// Shared, read-only inputs of the chains.
struct Ctx<'a> {
    graph: &'a Graph,
    machine: &'a Machine,
    cost: &'a CostModel,
    mode: Mode,
    beta: f64,
    /// Structured candidates per op.
    candidates: Vec<Vec<Config>>,
    /// Edge indices touching each op.
    neighbours: Vec<Vec<usize>>,
    /// The graph's repeated layers, for tied proposals (empty without [`McmcOptions::tie_layers`]).
    layers: Layers,
    /// Running sum of the ops' FLOPs, for drawing an op in proportion to its work.
    flops_prefix: Vec<f64>,
    /// Delta simulations run by every chain ([`Ctx::set`]).
    deltas: AtomicU64,
    t0: Instant,
    progress: Option<Arc<Progress>>,
}

impl<'a> Ctx<'a> {
    /// The chains' shared inputs on `problem`: each op's structured candidates on the machine's
    /// devices, the edges at each op, the repeated layers (when tied), the running FLOPs.
    fn new(problem: &Problem<'a>, options: &McmcOptions, t0: Instant) -> Ctx<'a> {
        let graph = problem.graph;
        let n = problem.machine.num_devices();
        Ctx {
            progress: options.progress.clone(),
            graph,
            machine: problem.machine,
            cost: problem.cost,
            mode: problem.mode,
            beta: options.beta,
            candidates: graph
                .ops()
                .iter()
                .map(|op| additive::candidates(op, n))
                .collect(),
            neighbours: {
                let mut adj = vec![Vec::new(); graph.num_ops()];
                for (i, e) in graph.edges().iter().enumerate() {
                    adj[e.producer.index()].push(i);
                    adj[e.consumer.index()].push(i);
                }
                adj
            },
            layers: if options.tie_layers {
                Layers::detect(graph)
            } else {
                Layers::default()
            },
            flops_prefix: graph
                .ops()
                .iter()
                .scan(0.0, |sum, op| {
                    *sum += op.flops;
                    Some(*sum)
                })
                .collect(),
            deltas: AtomicU64::new(0),
            t0,
        }
    }

    /// [`Simulator::set_config`], counted.
    fn set(&self, sim: &mut Simulator, op: OpId, config: Config) -> Result<(), SearchError> {
        self.deltas.fetch_add(1, Ordering::Relaxed);
        Ok(sim.set_config(op, config)?)
    }
}

enum Start {
    Given(String, Strategy),
    Random,
}

struct ChainOutcome {
    stats: ChainStats,
    /// The best strategy that fits memory, with its per-device peaks.
    best: Option<(Strategy, Vec<u64>)>,
    /// Seconds from the start of the search to the chain's best.
    best_at_search_s: f64,
    overflow: Overflow,
}

/// FlexFlow's MCMC search over all devices of `machine` (module doc).
pub fn mcmc(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    options: &McmcOptions,
) -> Result<Found, SearchError> {
    let t0 = Instant::now();
    check_mcmc_options(options)?;
    let chains = options.chains.max(1);
    let deadline = options
        .deadline
        .min(options.time_limit.map_or(Deadline::NONE, Deadline::after));
    let problem = Problem::new(graph, machine, cost, mode);

    let mut points = StartPoints::gather(&problem, options, deadline)?;
    let mut scores = Scores::of(&problem, &mut points, deadline, options)?;
    let mut starts = scores.chain_starts(&points.named, chains);
    // A chain's first step is a full simulation: without time for a few, the starts are the answer.
    if no_time_for(deadline, scores.sim_cost * 2) {
        starts.clear();
    }
    let ctx = Ctx::new(&problem, options, t0);
    let outcomes = run_chains(&ctx, starts, options, deadline, scores.sim_cost);

    let mut stats = McmcStats {
        proposals: 0,
        accepted: 0,
        wall_s: 0.0,
        time_to_best_s: 0.0,
        stop: StopReason::Budget,
        full_simulation_s: scores.sim_total.as_secs_f64() / scores.evaluated.len().max(1) as f64,
        delta_simulations: ctx.deltas.load(Ordering::Relaxed),
        chains: Vec::with_capacity(chains),
    };
    scores.take_chains(outcomes, &mut stats)?;
    stats.wall_s = t0.elapsed().as_secs_f64();

    let Some((time, strategy, found_by, peaks)) = scores.best else {
        let (needed, device, strategy) = scores.overflow.unwrap_or((0, DeviceId(0), "none".into()));
        return Err(SearchError::OutOfMemory {
            device,
            needed,
            capacity: machine.gpu.mem_capacity,
            strategy,
        });
    };
    let (stop, proposals) = (stats.stop, stats.proposals);
    let details = Details::Mcmc(McmcDetails {
        starts: scores.evaluated,
        skipped: points.skipped,
        stats,
        seeding_stopped: points.seeding_stopped,
    });
    // Under a deadline there is no time for one more simulation: the best's time and peaks as simulated
    // (delta simulations equal full ones exactly).
    if deadline.is_set() {
        return Ok(Found {
            strategy,
            iteration_time_s: time,
            peak_memory: peaks,
            fits_memory: true,
            found_by,
            stop,
            proposals,
            wall_s: t0.elapsed().as_secs_f64(),
            details,
        });
    }
    // Re-simulate: the reported time and memory come from a fresh full simulation.
    Found::simulated(&problem, strategy, found_by, stop, proposals, t0, details)
}

/// The options' errors: neither a budget nor a time limit, or an inverse temperature that is not a
/// non-negative number.
fn check_mcmc_options(options: &McmcOptions) -> Result<(), SearchError> {
    if options.proposals.is_none() && options.time_limit.is_none() && !options.deadline.is_set() {
        return Err(SearchError::InvalidOptions(
            "an MCMC search needs a proposal budget or a time limit".into(),
        ));
    }
    if !(options.beta.is_finite() && options.beta >= 0.0) {
        return Err(SearchError::InvalidOptions(format!(
            "MCMC inverse temperature must be a non-negative number, got {}",
            options.beta
        )));
    }
    Ok(())
}

/// Whether `deadline` leaves no more than `work`.
fn no_time_for(deadline: Deadline, work: Duration) -> bool {
    deadline.remaining().is_some_and(|left| left <= work)
}

/// The chains' start points, named, and what was not one.
struct StartPoints {
    /// In order: the baselines (data parallel, then the experts), caller starts, PaSE and SoyBean.
    named: Vec<(String, Strategy)>,
    /// How many of `named` are baselines: scored whatever the deadline.
    baseline_count: usize,
    /// Start points left out, with why.
    skipped: Vec<(String, String)>,
    /// Seeding searches that the seeding deadline stopped.
    seeding_stopped: Vec<String>,
}

impl StartPoints {
    /// The baselines, the caller's starts and (with [`McmcOptions::seed_with_dp`]) the strategies of
    /// PaSE's dynamic program and SoyBean's tiling. Every one is scored whatever the deadline: the
    /// result is never slower than any baseline that fits memory (the driver's table shows these same
    /// scores).
    fn gather(
        problem: &Problem,
        options: &McmcOptions,
        deadline: Deadline,
    ) -> Result<StartPoints, SearchError> {
        let named: Vec<(String, Strategy)> = baselines::all(problem.graph, problem.machine)
            .into_iter()
            .map(|b| (b.name.to_string(), b.strategy))
            .collect();
        let mut points = StartPoints {
            baseline_count: named.len(),
            named,
            skipped: Vec::new(),
            seeding_stopped: Vec::new(),
        };
        points.named.extend(options.starts.iter().cloned());
        if options.seed_with_dp {
            points.seed(problem, options, deadline)?;
        }
        Ok(points)
    }

    /// Adds PaSE's and SoyBean's strategies. A table too large for PaSE, or a deadline that passes
    /// first, only costs a start point. Under a deadline each seeding search gets a third of the time
    /// left, so the chains keep at least a third.
    fn seed(
        &mut self,
        problem: &Problem,
        options: &McmcOptions,
        deadline: Deadline,
    ) -> Result<(), SearchError> {
        let (graph, machine, cost, mode) =
            (problem.graph, problem.machine, problem.cost, problem.mode);
        // A seeding search that the seeding deadline (not the search's own) stopped: without a
        // strategy, or (SoyBean) with the cuts made so far.
        let cut_by_seeding = |result: &Result<Found, SearchError>| {
            let stopped = match result {
                Err(SearchError::Expired(_)) => true,
                Ok(found) => found.stop == StopReason::Time,
                Err(_) => false,
            };
            stopped && options.seeding.expired() && !deadline.expired()
        };
        let dp_options = DpOptions {
            deadline: deadline.share(1.0 / 3.0).min(options.seeding),
            ..DpOptions::default()
        };
        let pase = pase_dp(graph, machine, cost, mode, &dp_options);
        if cut_by_seeding(&pase) {
            self.seeding_stopped.push("pase".to_string());
        }
        match pase {
            Ok(r) => self.named.push(("pase".into(), r.strategy)),
            Err(e) => self.skipped.push(("pase".into(), e.to_string())),
        }
        let soybean = soybean_tiling(
            graph,
            machine,
            cost,
            mode,
            deadline.share(0.5).min(options.seeding),
        );
        if cut_by_seeding(&soybean) {
            self.seeding_stopped.push("soybean".to_string());
        }
        match soybean {
            Ok(r) => self.named.push(("soybean".into(), r.strategy)),
            Err(e @ SearchError::Expired(_)) => {
                self.skipped.push(("soybean".into(), e.to_string()))
            }
            Err(e) => return Err(e),
        }
        Ok(())
    }
}

/// The start points' full simulations and, after the chains, the best of everything.
struct Scores {
    evaluated: Vec<Evaluated>,
    /// Time, strategy, name and per-device peaks of the best that fits memory.
    best: Option<(f64, Strategy, String, Vec<u64>)>,
    overflow: Overflow,
    /// Distinct start points with their penalized cost, for the chains.
    distinct: Vec<(f64, usize)>,
    /// The longest full simulation so far: under a deadline, nothing starts that would not end
    /// before it.
    sim_cost: Duration,
    sim_total: Duration,
}

impl Scores {
    /// Simulates the start points in order: the baselines always, the other starts while the
    /// deadline allows (those left out join `points.skipped`).
    fn of(
        problem: &Problem,
        points: &mut StartPoints,
        deadline: Deadline,
        options: &McmcOptions,
    ) -> Result<Scores, SearchError> {
        let mut scores = Scores {
            evaluated: Vec::with_capacity(points.named.len()),
            best: None,
            overflow: None,
            distinct: Vec::new(),
            sim_cost: Duration::ZERO,
            sim_total: Duration::ZERO,
        };
        let named = &points.named;
        for (i, (name, strategy)) in named.iter().enumerate() {
            let baseline = i < points.baseline_count;
            if !baseline && no_time_for(deadline, scores.sim_cost) {
                points
                    .skipped
                    .push((name.clone(), "not scored: no time left".into()));
                continue;
            }
            let sim_t0 = Instant::now();
            let sim = simulate(
                problem.graph,
                problem.machine,
                problem.cost,
                problem.mode,
                strategy.clone(),
            )?;
            scores.sim_cost = scores.sim_cost.max(sim_t0.elapsed());
            scores.sim_total += sim_t0.elapsed();
            let time = sim.iteration_time();
            let over = worst_overflow(&sim);
            scores.evaluated.push(Evaluated {
                name: name.clone(),
                iteration_time_s: time,
                fits_memory: over.is_none(),
            });
            match over {
                Some((d, peak)) => note_overflow(&mut scores.overflow, d, peak, name),
                None => {
                    if let Some(progress) = &options.progress {
                        progress.found(time);
                    }
                    if scores.best.as_ref().is_none_or(|(t, _, _, _)| time < *t) {
                        scores.best =
                            Some((time, strategy.clone(), name.clone(), sim.peak_memories()));
                    }
                }
            }
            if !named[..i].iter().any(|(_, s)| s == strategy) {
                scores.distinct.push((penalized(&sim, over), i));
            }
        }
        Ok(scores)
    }

    /// The `chains` chains' starts: chain 0 from data parallelism (FlexFlow's usual start), the
    /// others from the remaining distinct start points fastest first, then from random strategies.
    fn chain_starts(&self, named: &[(String, Strategy)], chains: usize) -> Vec<Start> {
        let mut order: Vec<(f64, usize)> = self
            .distinct
            .iter()
            .copied()
            .filter(|&(_, i)| i > 0)
            .collect();
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut starts: Vec<Start> = std::iter::once(0)
            .chain(order.into_iter().map(|(_, i)| i))
            .take(chains)
            .map(|i| Start::Given(named[i].0.clone(), named[i].1.clone()))
            .collect();
        while starts.len() < chains {
            starts.push(Start::Random);
        }
        starts
    }

    /// Adds the chains' outcomes (in chain order) to `stats`, and their bests and overflows to the
    /// start points'; the search stops as its winning chain did (chain 0 without a winner).
    fn take_chains(
        &mut self,
        outcomes: Vec<(usize, Result<ChainOutcome, SearchError>)>,
        stats: &mut McmcStats,
    ) -> Result<(), SearchError> {
        let mut winner: Option<usize> = None;
        for (i, outcome) in outcomes {
            let outcome = outcome?;
            stats.proposals += outcome.stats.proposals;
            stats.accepted += outcome.stats.accepted;
            if let Some((peak, d, name)) = outcome.overflow {
                note_overflow(&mut self.overflow, d, peak, &name);
            }
            if let (Some((s, peaks)), Some(t)) = (outcome.best, outcome.stats.best_time_s) {
                if self.best.as_ref().is_none_or(|(bt, _, _, _)| t < *bt) {
                    self.best = Some((t, s, format!("chain {i}"), peaks));
                    stats.time_to_best_s = outcome.best_at_search_s;
                    winner = Some(i);
                }
            }
            stats.chains.push(outcome.stats);
        }
        // Chains are skipped only when the deadline leaves no time for them.
        stats.stop = stats
            .chains
            .get(winner.unwrap_or(0))
            .map_or(StopReason::Time, |c| c.stop);
        Ok(())
    }
}

/// Runs the chains from `starts` on [`McmcOptions::threads`] threads (chain `i` on thread
/// `i % threads`, each with its own seed); returns their outcomes in chain order. The chains of one
/// thread split the time left between them, less the final simulation of the result (`sim_cost`);
/// a share shorter than a simulation is not worth starting.
fn run_chains(
    ctx: &Ctx,
    starts: Vec<Start>,
    options: &McmcOptions,
    deadline: Deadline,
    sim_cost: Duration,
) -> Vec<(usize, Result<ChainOutcome, SearchError>)> {
    let chains = options.chains.max(1);
    let workers = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |p| p.get()),
        t => t,
    }
    .clamp(1, chains);
    let seeds: Vec<u64> = (0..chains as u64)
        .map(|i| chain_seed(options.seed, i))
        .collect();
    let mut jobs: Vec<Vec<(usize, Start)>> = (0..workers).map(|_| Vec::new()).collect();
    for (i, s) in starts.into_iter().enumerate() {
        jobs[i % workers].push((i, s));
    }
    let mut outcomes: Vec<(usize, Result<ChainOutcome, SearchError>)> =
        std::thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .into_iter()
                .map(|job| {
                    let seeds = &seeds;
                    scope.spawn(move || {
                        let count = job.len();
                        job.into_iter()
                            .enumerate()
                            .filter_map(|(j, (i, start))| {
                                let time = deadline
                                    .earlier_by(sim_cost)
                                    .remaining()
                                    .map(|left| left / (count - j) as u32);
                                if time.is_some_and(|t| t <= sim_cost) {
                                    return None;
                                }
                                let budget = ChainBudget {
                                    proposals: options.proposals,
                                    time,
                                };
                                Some((i, run_chain(ctx, seeds[i], start, budget)))
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| match h.join() {
                    Ok(v) => v,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        });
    outcomes.sort_by_key(|(i, _)| *i);
    outcomes
}

/// The seed of chain `i`: SplitMix64 of the search seed and the index, so nearby seeds give unrelated chains.
fn chain_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Clone, Copy)]
struct ChainBudget {
    proposals: Option<u64>,
    time: Option<Duration>,
}

/// `config`, or the op whole on its first device when the op cannot be partitioned (an opaque op).
fn admissible(graph: &Graph, op: OpId, config: Config) -> Config {
    let op = graph.op(op);
    if op.is_partitionable() || config.num_tasks() <= 1 {
        return config;
    }
    Config::single(op, config.devices[0])
}

fn run_chain(
    ctx: &Ctx,
    seed: u64,
    start: Start,
    budget: ChainBudget,
) -> Result<ChainOutcome, SearchError> {
    let chain_t0 = Instant::now();
    let mut rng = StdRng::seed_from_u64(seed);
    let n = ctx.machine.num_devices();
    let (name, strategy) = match start {
        Start::Given(name, s) => (name, s),
        Start::Random => (
            "random".to_string(),
            Strategy::flat(
                ctx.graph
                    .ops()
                    .iter()
                    .map(|op| Config::random(op, n, &mut rng))
                    .collect(),
            ),
        ),
    };
    let mut sim = simulate(ctx.graph, ctx.machine, ctx.cost, ctx.mode, strategy)?;
    let setup_s = chain_t0.elapsed().as_secs_f64();
    let start_time = sim.iteration_time();
    let reference = if start_time > 0.0 { start_time } else { 1.0 };
    let mut overflow: Overflow = None;
    let over = worst_overflow(&sim);
    if let Some((d, p)) = over {
        note_overflow(&mut overflow, d, p, &name);
    }
    let mut current = penalized(&sim, over);
    let mut best: Option<(f64, Strategy, Vec<u64>)> = over
        .is_none()
        .then(|| (start_time, sim.strategy().clone(), sim.peak_memories()));
    let mut best_penalized = current;
    let (mut proposals, mut accepted) = (0u64, 0u64);
    let (mut best_at_proposal, mut best_at) = (0u64, 0.0f64);
    let mut best_at_search = 0.0;
    let (mut last_gain_proposal, mut last_gain_time) = (0u64, Duration::ZERO);
    let n_ops = ctx.graph.num_ops();
    let stop = loop {
        let elapsed = chain_t0.elapsed();
        if let Some(max) = budget.proposals {
            if proposals >= max {
                break StopReason::Budget;
            }
            if proposals - last_gain_proposal >= max.div_ceil(2).max(1) {
                break StopReason::NoImprovement;
            }
        }
        if let Some(max) = budget.time {
            if elapsed >= max {
                break StopReason::Time;
            }
            if budget.proposals.is_none() && elapsed - last_gain_time >= max / 2 {
                break StopReason::NoImprovement;
            }
        }
        if n_ops == 0 {
            break StopReason::Budget;
        }
        proposals += 1;
        if let Some(progress) = &ctx.progress {
            progress.proposal();
        }
        // The tied phase: the first quarter of the chain's proposals (or of its time).
        let early = match (budget.proposals, budget.time) {
            (Some(max), _) => proposals * 4 <= max,
            (None, Some(max)) => elapsed * 4 <= max,
            (None, None) => false,
        };
        let tied = !ctx.layers.is_empty() && (early || rng.random_range(0..5) == 0);
        let op = OpId::new(rng.random_range(0..n_ops));
        let kind = rng.random_range(0..40);
        let around = match kind {
            13 => moves::around(ctx, &mut sim, op)?,
            _ => None,
        };
        // Segments, local steps and *around* moves change several ops at once.
        let several = kind <= 8 || around.is_some();
        let mut changes = match (kind, around) {
            (0, _) => {
                let op = moves::heavy_op(ctx, &mut rng);
                moves::best_of_op(ctx, &mut sim, op, &mut rng)?
            }
            (1..=8, _) => propose_segment(ctx, &mut sim, op, &mut rng)?,
            (_, Some(changes)) => changes,
            (kind, None) => {
                let proposal = match kind {
                    9..=12 => moves::two_dims(ctx, &sim, op, &mut rng),
                    _ => None,
                }
                .unwrap_or_else(|| propose(ctx, &sim, op, &mut rng));
                let proposal = admissible(ctx.graph, op, proposal);
                let old = sim.strategy().config(op).clone();
                if proposal == old {
                    Vec::new()
                } else {
                    ctx.set(&mut sim, op, proposal)?;
                    vec![(op, old)]
                }
            }
        };
        // Single-op proposals only: a tied one costs a delta simulation per layer, a tied segment, local
        // step or *around* move as many times more as it changes ops.
        if tied && !several {
            moves::mirror(ctx, &mut sim, &mut changes)?;
        }
        if changes.is_empty() {
            continue;
        }
        let over = worst_overflow(&sim);
        let cost = penalized(&sim, over);
        let take = cost <= current || {
            let p = (-ctx.beta * (cost - current) / reference).exp();
            rng.random::<f64>() < p
        };
        if let Some((d, p)) = over {
            note_overflow(&mut overflow, d, p, &name);
        }
        if !take {
            for (op, old) in changes.into_iter().rev() {
                ctx.set(&mut sim, op, old)?;
            }
            continue;
        }
        accepted += 1;
        current = cost;
        let time = sim.iteration_time();
        let improved = match (&best, over) {
            (_, Some(_)) => best.is_none() && cost < best_penalized,
            (None, None) => true,
            (Some((t, _, _)), None) => time < *t,
        };
        if improved {
            if over.is_none() {
                if let Some(progress) = &ctx.progress {
                    progress.found(time);
                }
                best = Some((time, sim.strategy().clone(), sim.peak_memories()));
                best_at_proposal = proposals;
                best_at = chain_t0.elapsed().as_secs_f64();
                best_at_search = ctx.t0.elapsed().as_secs_f64();
            } else {
                best_penalized = cost;
            }
            last_gain_proposal = proposals;
            last_gain_time = chain_t0.elapsed();
        }
    };
    let (best_time, best) = match best {
        Some((t, s, peaks)) => (Some(t), Some((s, peaks))),
        None => (None, None),
    };
    Ok(ChainOutcome {
        stats: ChainStats {
            start: name,
            start_time_s: start_time,
            best_time_s: best_time,
            proposals,
            accepted,
            best_at_proposal,
            best_at_s: best_at,
            wall_s: chain_t0.elapsed().as_secs_f64(),
            setup_s,
            stop,
        },
        best,
        best_at_search_s: best_at_search,
        overflow,
    })
}

/// Longest run of ops a segment proposal changes.
const SEGMENT: usize = 16;

/// A segment proposal (module doc), applied to `sim`: `op` gets a structured candidate or a random
/// configuration, then each of the next up to `SEGMENT - 1` ops in program order that reads a changed op is
/// aligned with it. Returns the changed ops with their old configurations, in the order they were changed.
fn propose_segment(
    ctx: &Ctx,
    sim: &mut Simulator,
    op: OpId,
    rng: &mut StdRng,
) -> Result<Vec<(OpId, Config)>, SearchError> {
    let n = ctx.machine.num_devices();
    let len = rng.random_range(2..=SEGMENT);
    let first = if rng.random_bool(0.5) {
        let cs = &ctx.candidates[op.index()];
        cs[rng.random_range(0..cs.len())].clone()
    } else {
        Config::random(ctx.graph.op(op), n, rng)
    };
    let first = admissible(ctx.graph, op, first);
    let mut changes = Vec::new();
    let mut changed = vec![op];
    let old = sim.strategy().config(op).clone();
    if first != old {
        ctx.set(sim, op, first)?;
        changes.push((op, old));
    }
    let end = (op.index() + len).min(ctx.graph.num_ops());
    for j in op.index() + 1..end {
        let id = OpId::new(j);
        let edge = ctx.neighbours[j]
            .iter()
            .map(|&e| ctx.graph.edges()[e])
            .find(|e| e.consumer == id && changed.contains(&e.producer));
        let Some(edge) = edge else {
            continue;
        };
        let Some(config) = align(ctx.graph, sim.strategy(), id, &edge, n) else {
            continue;
        };
        let config = admissible(ctx.graph, id, config);
        changed.push(id);
        let old = sim.strategy().config(id).clone();
        if config != old {
            ctx.set(sim, id, config)?;
            changes.push((id, old));
        }
    }
    Ok(changes)
}

/// A single-op proposal for `op` (module doc): random 30 %, structured candidate 30 %, aligned with a
/// neighbour 40 %.
fn propose(ctx: &Ctx, sim: &Simulator, op: OpId, rng: &mut StdRng) -> Config {
    let n = ctx.machine.num_devices();
    let o = ctx.graph.op(op);
    let candidate = |rng: &mut StdRng| {
        let cs = &ctx.candidates[op.index()];
        cs[rng.random_range(0..cs.len())].clone()
    };
    match rng.random_range(0..10) {
        0..=2 => Config::random(o, n, rng),
        3..=5 => candidate(rng),
        _ => {
            let edges = &ctx.neighbours[op.index()];
            if edges.is_empty() {
                return candidate(rng);
            }
            let e = ctx.graph.edges()[edges[rng.random_range(0..edges.len())]];
            align(ctx.graph, sim.strategy(), op, &e, n).unwrap_or_else(|| candidate(rng))
        }
    }
}

/// A configuration of `op` that splits the tensor of `edge` the way the op at its other end does, each task on
/// the device of the neighbour task whose region overlaps it most (the next free device when that one is
/// taken). `None` when the neighbour's split does not carry over.
fn align(
    graph: &Graph,
    strategy: &Strategy,
    op: OpId,
    edge: &crate::graph::Edge,
    n: u32,
) -> Option<Config> {
    let a = Aligned::new(graph, strategy, op, edge, n)?;
    let tasks = a.tasks();
    let mut used = vec![false; n as usize];
    let mut devices = Vec::with_capacity(tasks);
    for t in 0..tasks {
        let best = (0..a.other.num_tasks())
            .map(|u| (a.overlap(t, u), std::cmp::Reverse(u)))
            .max()
            .map(|(_, std::cmp::Reverse(u))| a.other.devices[u]);
        let device = match best.filter(|d| !used[d.index()]) {
            Some(d) => d,
            None => DeviceId::new(used.iter().position(|u| !u)?),
        };
        used[device.index()] = true;
        devices.push(device);
    }
    Some(Config {
        degrees: a.degrees,
        devices,
    })
}

/// The split of an op that matches the op at the other end of an edge ([`align`]), with the regions of the
/// edge's tensor that the tasks of both ends touch.
struct Aligned<'s> {
    /// The op's degrees: the dims the neighbour splits in the tensor, split the same way.
    degrees: Vec<u64>,
    /// The neighbour's configuration.
    other: &'s Config,
    /// Each task's region of the tensor (`rank` intervals per task), the op's and the neighbour's.
    mine: Vec<crate::graph::Interval>,
    theirs: Vec<crate::graph::Interval>,
    rank: usize,
}

impl<'s> Aligned<'s> {
    /// `None` when the neighbour's split does not carry over or needs more than `n` tasks.
    fn new(
        graph: &Graph,
        strategy: &'s Strategy,
        op: OpId,
        edge: &crate::graph::Edge,
        n: u32,
    ) -> Option<Aligned<'s>> {
        let me = graph.op(op);
        let (other, mine, theirs) = if edge.consumer == op {
            let p = graph.op(edge.producer);
            (
                edge.producer,
                &me.inputs[edge.input],
                &p.outputs[edge.output],
            )
        } else {
            let c = graph.op(edge.consumer);
            (
                edge.consumer,
                &me.outputs[edge.output],
                &c.inputs[edge.input],
            )
        };
        let other_op = graph.op(other);
        let other_cfg = strategy.config(other);
        let mut degrees = vec![1u64; me.dims.len()];
        for (e_mine, e_theirs) in mine.exprs.iter().zip(&theirs.exprs) {
            let Some(lt) = e_theirs.dominant_term() else {
                continue;
            };
            let deg = other_cfg.degrees[lt];
            if deg == 1 {
                continue;
            }
            let lm = e_mine.dominant_term()?;
            if degrees[lm] == 1 && me.dims[lm].size % deg == 0 {
                degrees[lm] = deg;
            }
        }
        let tasks = degrees.iter().try_fold(1u64, |a, &d| a.checked_mul(d))?;
        if tasks > u64::from(n) {
            return None;
        }
        let config = Config {
            degrees,
            devices: vec![DeviceId(0); tasks as usize],
        };
        let my_regions = additive::task_regions(graph, me, &config, mine);
        let their_regions = additive::task_regions(graph, other_op, other_cfg, theirs);
        Some(Aligned {
            degrees: config.degrees,
            other: other_cfg,
            mine: my_regions,
            theirs: their_regions,
            rank: graph.tensor(edge.tensor).shape.len(),
        })
    }

    fn tasks(&self) -> usize {
        self.degrees.iter().product::<u64>() as usize
    }

    /// Elements of the tensor that the op's task `t` and the neighbour's task `u` both touch.
    fn overlap(&self, t: usize, u: usize) -> u64 {
        let r = self.rank;
        additive::overlap(
            &self.mine[t * r..(t + 1) * r],
            &self.theirs[u * r..(u + 1) * r],
        )
    }
}
