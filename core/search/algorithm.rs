//! The one interface every search algorithm implements ([`SearchAlgorithm`]), the table of them
//! ([`ALGORITHMS`]), and what they share besides the [`Problem`]: the [`Budget`] and the [`Deadline`] that
//! bounds a time budget.
//!
//! Adding an algorithm is one file (a unit struct implementing [`SearchAlgorithm`], returning a
//! [`Found`](super::Found) with its own [`Details`](super::Details) variant when it has statistics to show)
//! and one line in [`ALGORITHMS`]; `flexc --search` and the `par-search` pass list the table.
//!
//! # Budgets and the deadline
//! A proposal budget ([`Budget::Proposals`]) is deterministic: every seeding search (PaSE, SoyBean, the
//! sub-machine searches) runs to completion and the chains stop at their proposal count, so the same seed
//! gives the same strategy — unless the search reaches [`PROPOSAL_BUDGET_BOUND`], the wall-clock bound every
//! search has. A time budget ([`Budget::Time`]) becomes one [`Deadline`] for the whole search;
//! it is passed down to every seeding search, which checks it in its loops and returns its best so far (or
//! nothing) when it passes, so the search ends close to the deadline whatever the model.
//!
//! Every search has a wall-clock bound by default: under a proposal budget the seeding searches stop
//! at [`Run::seeding`], [`DEFAULT_SEEDING_LIMIT`] after the run began (PaSE or SoyBean on a graph too
//! large for them then costs a start point, reported in [`McmcDetails::seeding_stopped`](super::McmcDetails),
//! instead of an unbounded wait); the chains still stop at their proposal count. PaSE or SoyBean run
//! alone stop there too, with [`SearchError::Expired`].

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{
    mcmc, pase_dp, soybean_tiling, Details, DpOptions, Found, McmcOptions, SearchError, StopReason,
};
use crate::graph::Graph;
use crate::problem::Problem;
use crate::strategy::Strategy;

/// A moment after which searches stop and return what they have; [`Deadline::NONE`] never passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No deadline (proposal budgets).
    pub const NONE: Deadline = Deadline(None);

    /// `duration` from now.
    pub fn after(duration: Duration) -> Deadline {
        Deadline(Instant::now().checked_add(duration))
    }

    /// Whether it is set.
    pub fn is_set(self) -> bool {
        self.0.is_some()
    }

    /// Whether it has passed (never for [`Deadline::NONE`]).
    pub fn expired(self) -> bool {
        self.0.is_some_and(|at| Instant::now() >= at)
    }

    /// Time left (zero once passed); `None` without a deadline.
    pub fn remaining(self) -> Option<Duration> {
        self.0
            .map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// A deadline `fraction` of the time left from now (itself without a deadline): the share of a
    /// sub-search that must leave time to the rest.
    pub fn share(self, fraction: f64) -> Deadline {
        match self.remaining() {
            Some(left) => Deadline::after(left.mul_f64(fraction.clamp(0.0, 1.0))),
            None => Deadline::NONE,
        }
    }

    /// `duration` before it (itself without a deadline): what is left for work that must be followed by a
    /// step of about `duration`.
    pub fn earlier_by(self, duration: Duration) -> Deadline {
        Deadline(self.0.map(|at| at.checked_sub(duration).unwrap_or(at)))
    }

    /// The earlier of the two.
    pub fn min(self, other: Deadline) -> Deadline {
        match (self.0, other.0) {
            (Some(a), Some(b)) => Deadline(Some(a.min(b))),
            (a, b) => Deadline(a.or(b)),
        }
    }
}

/// The wall-clock bound of a search under a proposal budget: it ends by then with what it has (stop reason
/// `time`), though seeding searches and chains that finish sooner give the same strategy for the same seed.
/// A bound the default budget (4000 proposals) reaches only on graphs of tens of thousands of ops at
/// thousands of devices.
pub const PROPOSAL_BUDGET_BOUND: Duration = Duration::from_secs(120);

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Proposals over all chains (deterministic for a seed).
    Proposals(u64),
    /// Wall time of the whole search, seeding searches included.
    Time(Duration),
}

impl Default for Budget {
    fn default() -> Self {
        Budget::Proposals(4000)
    }
}

impl Budget {
    /// Parses `5s`, `500ms`, `2m` or a proposal count.
    pub fn parse(text: &str) -> Result<Budget, String> {
        let text = text.trim();
        let bad = || {
            format!(
                "invalid search budget '{text}': expected a duration (5s, 500ms, 2m) or a number of proposals"
            )
        };
        let seconds = |s: &str, scale: f64| -> Result<Budget, String> {
            let s: f64 = s.parse().map_err(|_| bad())?;
            let s = s * scale;
            if !s.is_finite() || !(0.0..=1e9).contains(&s) {
                return Err(bad());
            }
            Ok(Budget::Time(Duration::from_secs_f64(s)))
        };
        let budget = if let Some(ms) = text.strip_suffix("ms") {
            Budget::Time(Duration::from_millis(ms.parse().map_err(|_| bad())?))
        } else if let Some(s) = text.strip_suffix('s') {
            seconds(s, 1.0)?
        } else if let Some(m) = text.strip_suffix('m') {
            seconds(m, 60.0)?
        } else {
            Budget::Proposals(text.parse().map_err(|_| bad())?)
        };
        match budget {
            Budget::Proposals(0) => Err("the search budget is zero proposals".into()),
            Budget::Time(d) if d.is_zero() => Err("the search budget is zero seconds".into()),
            b => Ok(b),
        }
    }

    /// `4000 proposals` or `5.000 s`.
    pub fn text(self) -> String {
        match self {
            Budget::Proposals(n) => format!("{n} proposals"),
            Budget::Time(d) => format!("{:.3} s", d.as_secs_f64()),
        }
    }

    /// The deadline of a search started now under this budget: a proposal budget's is
    /// [`PROPOSAL_BUDGET_BOUND`] away, so that every search has a wall-clock bound.
    pub fn deadline(self) -> Deadline {
        match self {
            Budget::Time(d) => Deadline::after(d),
            Budget::Proposals(_) => Deadline::after(PROPOSAL_BUDGET_BOUND),
        }
    }
}

/// What a running search tells a progress display: proposals so far and the best iteration time found so
/// far. The search only writes it (relaxed atomics: a display may read a slightly stale value), so it
/// changes nothing in the result.
#[derive(Debug)]
pub struct Progress {
    proposals: AtomicU64,
    /// The schedule search's candidates: enumerated, pruned by memory before any simulation, simulated.
    candidates: AtomicU64,
    pruned: AtomicU64,
    simulated: AtomicU64,
    /// `f64` bits of the best time; non-negative floats order as their bits, so `fetch_min` keeps the best.
    best: AtomicU64,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            proposals: AtomicU64::new(0),
            candidates: AtomicU64::new(0),
            pruned: AtomicU64::new(0),
            simulated: AtomicU64::new(0),
            best: AtomicU64::new(f64::INFINITY.to_bits()),
        }
    }
}

impl Progress {
    /// One more proposal.
    pub fn proposal(&self) {
        self.proposals.fetch_add(1, Ordering::Relaxed);
    }

    /// The schedule search enumerated `total` candidates, `pruned` of them over memory by their bound.
    pub fn candidates(&self, total: u64, pruned: u64) {
        self.candidates.store(total, Ordering::Relaxed);
        self.pruned.store(pruned, Ordering::Relaxed);
    }

    /// One more candidate simulated.
    pub fn candidate(&self) {
        self.simulated.fetch_add(1, Ordering::Relaxed);
    }

    /// Candidates simulated, pruned by memory and enumerated (0 before the schedule search enumerates).
    pub fn schedule_candidates(&self) -> (u64, u64, u64) {
        (
            self.simulated.load(Ordering::Relaxed),
            self.pruned.load(Ordering::Relaxed),
            self.candidates.load(Ordering::Relaxed),
        )
    }

    /// A strategy that fits memory and simulates in `time_s`.
    pub fn found(&self, time_s: f64) {
        if time_s.is_finite() && time_s >= 0.0 {
            self.best.fetch_min(time_s.to_bits(), Ordering::Relaxed);
        }
    }

    pub fn proposals(&self) -> u64 {
        self.proposals.load(Ordering::Relaxed)
    }

    /// The best time so far; `None` before the first strategy that fits.
    pub fn best(&self) -> Option<f64> {
        Some(f64::from_bits(self.best.load(Ordering::Relaxed))).filter(|t| t.is_finite())
    }
}

/// How long seeding searches may run under a proposal budget (module doc).
pub const DEFAULT_SEEDING_LIMIT: Duration = Duration::from_secs(60);

/// How one search runs: its budget, the deadline derived from it (or a caller's earlier one), when its
/// seeding searches must stop, its seed and an optional [`Progress`] a display reads while it runs.
#[derive(Clone, Debug, Default)]
pub struct Run {
    pub budget: Budget,
    pub deadline: Deadline,
    /// The time budget's deadline, or [`DEFAULT_SEEDING_LIMIT`] from the start under a proposal budget.
    pub seeding: Deadline,
    pub seed: u64,
    pub progress: Option<Arc<Progress>>,
}

impl Run {
    /// A run of `budget` starting now.
    pub fn new(budget: Budget, seed: u64) -> Run {
        let deadline = budget.deadline();
        Run {
            budget,
            deadline,
            seeding: match budget {
                Budget::Time(_) => deadline,
                Budget::Proposals(_) => Deadline::after(DEFAULT_SEEDING_LIMIT),
            },
            seed,
            progress: None,
        }
    }

    /// When a seeding search (or PaSE and SoyBean run alone) must stop.
    pub fn seeding_deadline(&self) -> Deadline {
        self.deadline.min(self.seeding)
    }

    /// `error` with the reason when the default bound (not a time budget) stopped the search.
    fn explain(&self, error: SearchError) -> SearchError {
        match error {
            SearchError::Expired(what)
                if matches!(self.budget, Budget::Proposals(_)) && self.seeding.expired() =>
            {
                SearchError::Expired(format!(
                    "{what}, stopped after {} s (the bound of a search with a proposal budget; a time budget such as --search-budget=10m waits longer)",
                    DEFAULT_SEEDING_LIMIT.as_secs()
                ))
            }
            other => other,
        }
    }
}

/// A strategy search.
pub trait SearchAlgorithm: Sync {
    /// The `--search` / `algorithm=` name.
    fn name(&self) -> &'static str;
    /// Older names still accepted for it.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// One line for `--help`.
    fn summary(&self) -> &'static str;
    /// The best strategy found within `run`'s budget and deadline.
    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError>;
}

/// Every search algorithm, the default first.
pub static ALGORITHMS: &[&dyn SearchAlgorithm] = &[
    &Auto,
    &Mcmc,
    &PaseDp,
    &Tiling,
    &Plan,
    &MeshPlan,
    &TorchPlan,
    &MegatronPlan,
    &TorchtitanPlan,
    &MaxtextPlan,
];

/// The algorithm called `name` (or one of its [`SearchAlgorithm::aliases`]).
pub fn algorithm(name: &str) -> Option<&'static dyn SearchAlgorithm> {
    ALGORITHMS
        .iter()
        .copied()
        .find(|a| a.name() == name || a.aliases().contains(&name))
}

/// The names of [`ALGORITHMS`], in order.
pub fn algorithm_names() -> Vec<&'static str> {
    ALGORITHMS.iter().map(|a| a.name()).collect()
}

/// FlexFlow's MCMC over all devices (see [`mcmc`]), started besides data parallelism, PaSE, SoyBean and the
/// expert strategies from data parallelism over halves, quarters, ... of the devices and from the strategy
/// this same search finds on half the devices with half the budget (recursively). A model too small for all
/// devices is best run on some of them, and single-op proposals from a start that uses every device rarely
/// find that; with these starts, more devices never give a slower strategy than fewer. Under a time budget
/// the sub-machine search gets half of the time left, so the recursion ends within the deadline.
pub struct Mcmc;

/// MCMC chains per search.
const CHAINS: u64 = 4;

impl SearchAlgorithm for Mcmc {
    fn name(&self) -> &'static str {
        "mcmc"
    }

    fn summary(&self) -> &'static str {
        "FlexFlow's MCMC over the simulator, seeded with PaSE, SoyBean, the baselines and smaller machines"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        // Under a deadline, the cost of one full simulation decides whether a sub-machine search is worth
        // starting (each one simulates several strategies whatever its share of the time).
        let sim_cost = run.deadline.is_set().then(|| {
            let t0 = Instant::now();
            let strategy = Strategy::data_parallel(problem.graph, problem.machine.num_devices());
            let _ = super::simulate(
                problem.graph,
                problem.machine,
                problem.cost,
                problem.mode,
                strategy,
            );
            t0.elapsed()
        });
        // Under a deadline the search ends one full simulation early: its caller scores the result once more
        // (the driver's report).
        let run = Run {
            deadline: run.deadline.earlier_by(sim_cost.unwrap_or_default()),
            ..run.clone()
        };
        self.search_with(problem, &run, sim_cost)
    }
}

impl Mcmc {
    /// [`Mcmc::search`], knowing how long a full simulation takes when there is a deadline.
    fn search_with(
        &self,
        problem: &Problem,
        run: &Run,
        sim_cost: Option<Duration>,
    ) -> Result<Found, SearchError> {
        let Problem { graph, machine, .. } = *problem;
        let n = machine.num_devices();
        // Data parallelism over halves, quarters, ... of the devices: start points scored last, while the
        // deadline allows.
        let fractions: Vec<(String, Strategy)> =
            std::iter::successors(Some(n / 2), |k| Some(k / 2))
                .take_while(|&k| k >= 1)
                .map(|k| {
                    (
                        format!("data-parallel/{k}"),
                        Strategy::data_parallel(graph, k),
                    )
                })
                .collect();
        let mut starts: Vec<(String, Strategy)> = Vec::new();
        // Under a deadline the seeds end early enough for the baselines and themselves to be scored (a full
        // simulation each).
        let seeding = match sim_cost {
            Some(cost) => run.deadline.earlier_by(cost * 8),
            None => run.deadline,
        }
        .min(run.seeding);
        // A seed that the seeding bound of a proposal budget (not the search's own deadline) stopped.
        let mut sub_stopped = Vec::new();
        let cut_by_seeding = |e: &SearchError| {
            matches!(e, SearchError::Expired(_)) && run.seeding.expired() && !run.deadline.expired()
        };
        // The whole machine's seeds take their turns first (PaSE half of the time left, SoyBean half of what
        // is left then; each returns early when it finishes), so that the sub-machine search, which takes half
        // of the rest, cannot starve them: the chains improve on the best seed by a few percent, the seeds
        // make the quality. A seed the deadline cuts short is skipped with its reason.
        let mut skipped: Vec<(String, String)> = Vec::new();
        let dp_options = DpOptions {
            deadline: seeding.share(0.5),
            ..DpOptions::default()
        };
        match pase_dp(graph, machine, problem.cost, problem.mode, &dp_options) {
            Ok(r) => starts.push(("pase".into(), r.strategy)),
            Err(e) => {
                if cut_by_seeding(&e) {
                    sub_stopped.push("pase".to_string());
                }
                skipped.push(("pase".into(), seed_error(&e)))
            }
        }
        match soybean_tiling(
            graph,
            machine,
            problem.cost,
            problem.mode,
            seeding.share(0.5),
        ) {
            Ok(r) => starts.push(("soybean".into(), r.strategy)),
            Err(e @ (SearchError::Expired(_) | SearchError::TooLarge { .. })) => {
                if cut_by_seeding(&e) {
                    sub_stopped.push("soybean".to_string());
                }
                skipped.push(("soybean".into(), seed_error(&e)))
            }
            Err(e) => return Err(e),
        }
        let half_budget = match run.budget {
            Budget::Proposals(p) => (p >= 2 * CHAINS).then_some(Budget::Proposals(p / 2)),
            Budget::Time(d) => Some(Budget::Time(d / 2)),
        };
        let sub_deadline = seeding.share(0.5);
        // A sub-search simulates at least its data-parallel start, its own sub-search's and its result.
        let worth = match (sub_deadline.remaining(), sim_cost) {
            (Some(left), Some(cost)) => left > cost * 8,
            _ => true,
        };
        let half = crate::DeviceCount::new(u64::from(n / 2))
            .ok()
            .and_then(|half| machine.with_devices(half).ok());
        if let (true, true, Some(half_budget), Some(half)) = (n >= 2, worth, half_budget, half) {
            let sub = Run {
                budget: half_budget,
                deadline: sub_deadline,
                ..run.clone()
            };
            let half_problem = Problem {
                machine: &half,
                ..*problem
            };
            // On half the devices nothing may fit (memory), or the deadline may pass first: then there is
            // just no such start.
            match self.search_with(&half_problem, &sub, sim_cost) {
                Ok(found) => {
                    if found.mcmc().is_some_and(|d| !d.seeding_stopped.is_empty()) {
                        sub_stopped.push(format!("mcmc/{}", n / 2));
                    }
                    starts.push((format!("mcmc/{}", n / 2), found.strategy));
                }
                Err(e) => {
                    if cut_by_seeding(&e) {
                        sub_stopped.push(format!("mcmc/{}", n / 2));
                    }
                    skipped.push((format!("mcmc/{}", n / 2), seed_error(&e)))
                }
            }
        } else if n >= 2 && !worth {
            skipped.push((format!("mcmc/{}", n / 2), "no time left for it".into()));
        }
        starts.extend(fractions);
        let options = chains_from(run, starts);
        let mut found = mcmc(graph, problem.machine, problem.cost, problem.mode, &options)?;
        if let Details::Mcmc(details) = &mut found.details {
            details.skipped.extend(skipped);
            details.seeding_stopped.extend(sub_stopped);
        }
        Ok(found)
    }
}

/// Why a seeding search gave no start point, in a few words.
fn seed_error(e: &SearchError) -> String {
    match e {
        SearchError::Expired(_) => "its share of the time ran out".into(),
        SearchError::TooLarge { .. } => "its tables would be too large".into(),
        SearchError::OutOfMemory { .. } => "nothing it saw fits memory".into(),
        e => e.to_string(),
    }
}

/// The schedule search alone (see [`super::plan`]).
pub struct Plan;

impl SearchAlgorithm for Plan {
    fn name(&self) -> &'static str {
        "plan"
    }

    fn summary(&self) -> &'static str {
        "replicas, pipeline stages, micro-batches, recomputation and ZeRO around Megatron tensor parallelism"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        super::plan(problem, run)
    }
}

/// The schedule search over what a mesh sharding expresses (see [`super::mesh_plan`]): the default of
/// the mesh exports (`--emit=jax-shardings`, `sdy`), whose strategy then runs as searched.
pub struct MeshPlan;

impl SearchAlgorithm for MeshPlan {
    fn name(&self) -> &'static str {
        "mesh"
    }

    fn summary(&self) -> &'static str {
        "the schedule search restricted to what a mesh sharding runs: tensor and data parallelism, FSDP"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        super::mesh_plan(problem, run)
    }
}

/// The schedule search over what `torch.distributed` runs (see [`super::torch_plan`]): the default of
/// `--emit=torch-plan`.
pub struct TorchPlan;

impl SearchAlgorithm for TorchPlan {
    fn name(&self) -> &'static str {
        "torch"
    }

    fn summary(&self) -> &'static str {
        "the schedule search restricted to what flexc.torch.apply runs: a mesh or pipeline stages with tensor parallelism inside each, checkpointing, replication or ZeRO-1/3 over data parallelism; no sequence parallelism"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        super::torch_plan(problem, run)
    }
}

/// The schedule search over what Megatron-LM's flags run (see [`super::megatron_plan`]): the default
/// of `--emit=megatron-args`.
pub struct MegatronPlan;

impl SearchAlgorithm for MegatronPlan {
    fn name(&self) -> &'static str {
        "megatron"
    }

    fn summary(&self) -> &'static str {
        "the schedule search restricted to what Megatron-LM's flags run: no ZeRO-3, as many layers per virtual stage"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        super::megatron_plan(problem, run)
    }
}

/// The schedule search over what torchtitan runs (see [`super::torchtitan_plan`]): the default of
/// `--emit=torchtitan`.
pub struct TorchtitanPlan;

impl SearchAlgorithm for TorchtitanPlan {
    fn name(&self) -> &'static str {
        "torchtitan"
    }

    fn summary(&self) -> &'static str {
        "the schedule search restricted to what torchtitan runs: FSDP or DDP alone (no ZeRO-1), sequence-parallel tensor parallelism"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        super::torchtitan_plan(problem, run)
    }
}

/// The schedule search over what MaxText runs (see [`super::maxtext_plan`]): the default of
/// `--emit=maxtext`.
pub struct MaxtextPlan;

impl SearchAlgorithm for MaxtextPlan {
    fn name(&self) -> &'static str {
        "maxtext"
    }

    fn summary(&self) -> &'static str {
        "the schedule search restricted to what MaxText runs: GPipe (circular) pipelines, micro-batches a multiple of the stages, as many layers per virtual stage"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        super::maxtext_plan(problem, run)
    }
}

/// The default: the schedule search ([`super::plan`]) with part of the budget, then FlexFlow's MCMC over
/// flat strategies ([`Mcmc`]) with the rest when the machine is small enough for per-device simulation
/// ([`AUTO_FLAT_DEVICES`], [`AUTO_FLAT_TASKS`]); the faster of the two that fits memory (a tie to the
/// flat strategy). Whether the MCMC runs depends on the problem's size alone. Under a time budget the
/// schedule search gets a third of it when the MCMC runs too, all of it otherwise; with a proposal budget
/// both run to their bounds — the schedule search to the end of its enumeration (at most as many
/// candidates as proposals), the MCMC to its proposal count — so the choice is the same on any host.
pub struct Auto;

/// Devices up to which [`Auto`] also runs the flat MCMC.
pub const AUTO_FLAT_DEVICES: u32 = 256;

/// Ops × devices up to which [`Auto`] also runs the flat MCMC: a per-device simulation holds a task per
/// op and device (several KiB each with its snapshots), so a 16k-op training step on 64 devices would
/// take gigabytes and seconds per simulation, where the schedule search simulates one replica.
pub const AUTO_FLAT_TASKS: u64 = 1 << 19;

impl SearchAlgorithm for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn summary(&self) -> &'static str {
        "the schedule search (plan), then MCMC over flat strategies where the machine is small enough; the faster"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        let t0 = Instant::now();
        let devices = problem.machine.num_devices();
        let flat_too = devices <= AUTO_FLAT_DEVICES
            && problem.graph.num_ops() as u64 * u64::from(devices) <= AUTO_FLAT_TASKS;
        let plan_run = Run {
            deadline: if flat_too {
                run.deadline.share(1.0 / 3.0)
            } else {
                run.deadline
            },
            ..run.clone()
        };
        let planned = super::runnable_plan(problem, &plan_run);
        let plan_stats = match &planned {
            Ok(Found {
                details: super::Details::Plan(s),
                ..
            }) => s.clone(),
            _ => super::PlanStats::default(),
        };
        let flat = flat_too.then(|| Mcmc.search(problem, run));
        let mcmc_details = match &flat {
            Some(Ok(f)) => f.mcmc().cloned(),
            _ => None,
        };
        let fits = |f: &Result<Found, SearchError>| matches!(f, Ok(found) if found.fits_memory);
        let pick_flat = match (&planned, &flat) {
            (_, Some(f)) if !fits(f) => false,
            (p, Some(_)) if !fits(p) => true,
            (Ok(p), Some(Ok(f))) => f.iteration_time_s <= p.iteration_time_s,
            _ => false,
        };
        let mut found = if pick_flat {
            flat.expect("checked")?
        } else {
            match (planned, flat) {
                (Ok(p), _) => p,
                (Err(e), Some(Ok(f))) if !f.fits_memory => return Err(e),
                (Err(_), Some(Ok(f))) => f,
                // Both failed: the flat search's error names a simulated device.
                (Err(_), Some(Err(e))) => return Err(e),
                (Err(e), None) => return Err(e),
            }
        };
        found.details = super::Details::Auto(plan_stats, mcmc_details);
        found.wall_s = t0.elapsed().as_secs_f64();
        Ok(found)
    }
}

/// PaSE's dynamic program over the additive cost model (see [`pase_dp`]).
pub struct PaseDp;

impl SearchAlgorithm for PaseDp {
    fn name(&self) -> &'static str {
        "pase"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["dp"]
    }

    fn summary(&self) -> &'static str {
        "PaSE's exact dynamic program over an additive cost model"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        let options = DpOptions {
            deadline: run.seeding_deadline(),
            ..DpOptions::default()
        };
        pase_dp(
            problem.graph,
            problem.machine,
            problem.cost,
            problem.mode,
            &options,
        )
        .map_err(|e| run.explain(e))
    }
}

/// SoyBean's recursive binary tiling (see [`soybean_tiling`]).
pub struct Tiling;

impl SearchAlgorithm for Tiling {
    fn name(&self) -> &'static str {
        "soybean"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["tiling"]
    }

    fn summary(&self) -> &'static str {
        "SoyBean's recursive binary tiling, one exact cut at a time"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        soybean_tiling(
            problem.graph,
            problem.machine,
            problem.cost,
            problem.mode,
            run.seeding_deadline(),
        )
        .map_err(|e| run.explain(e))
    }
}

/// The MCMC of [`Auto`] and [`Warm`]: [`CHAINS`] chains from the baselines (data parallelism, the
/// experts) and `starts`, without PaSE and SoyBean (the caller runs those where it wants them), sharing
/// the run's budget and deadline.
fn chains_from(run: &Run, starts: Vec<(String, Strategy)>) -> McmcOptions {
    McmcOptions {
        progress: run.progress.clone(),
        seed: run.seed,
        chains: CHAINS as usize,
        proposals: match run.budget {
            Budget::Proposals(p) => Some(p.div_ceil(CHAINS)),
            Budget::Time(_) => None,
        },
        time_limit: match run.budget {
            Budget::Time(d) => Some(d),
            Budget::Proposals(_) => None,
        },
        deadline: run.deadline,
        seeding: run.seeding,
        starts,
        seed_with_dp: false,
        ..McmcOptions::default()
    }
}

/// A search started from given strategies, without the seeding searches: the candidate graphs of
/// `--substitutions=on` start from the original graph's strategy carried over ([`carry_over`]), which
/// leaves only the ops the rewrite changed to improve. Scheduled starts are evaluated as they are
/// (the pipeline simulation; the schedule search does not take start points); flat starts seed the
/// MCMC's chains where [`Auto`] would run them too (data parallelism, the experts, the given starts
/// and PaSE's optimum where [`Warm::pase`]; no SoyBean or sub-machine search), with the run's budget. The fastest that fits
/// memory is returned, so the result is never slower than any start that fits.
pub struct Warm {
    pub starts: Vec<(String, Strategy)>,
    /// Whether PaSE's dynamic program runs on the graph too (a start point): where it found the
    /// strategy carried over, its optimum on the rewritten graph is the natural start there.
    pub pase: bool,
}

impl SearchAlgorithm for Warm {
    fn name(&self) -> &'static str {
        "warm"
    }

    fn summary(&self) -> &'static str {
        "MCMC from given start points, without the seeding searches"
    }

    fn search(&self, problem: &Problem, run: &Run) -> Result<Found, SearchError> {
        let t0 = Instant::now();
        let devices = problem.machine.num_devices();
        let (scheduled, mut flat): (Vec<_>, Vec<_>) = self
            .starts
            .iter()
            .cloned()
            .partition(|(_, s)| !s.schedule.is_flat());
        if self.pase {
            let dp_options = DpOptions {
                deadline: run.seeding_deadline().share(0.5),
                ..DpOptions::default()
            };
            if let Ok(r) = pase_dp(
                problem.graph,
                problem.machine,
                problem.cost,
                problem.mode,
                &dp_options,
            ) {
                flat.push(("pase".into(), r.strategy));
            }
        }
        let mut best: Option<Found> = None;
        let keep = |found: Found, best: &mut Option<Found>| {
            let better = match best.as_ref() {
                None => true,
                Some(b) if !b.fits_memory => {
                    found.fits_memory || found.iteration_time_s < b.iteration_time_s
                }
                Some(b) => found.fits_memory && found.iteration_time_s < b.iteration_time_s,
            };
            if better {
                *best = Some(found);
            }
        };
        if !scheduled.is_empty() {
            let ctx = crate::pipeline::Context::new(problem)
                .map_err(|e| SearchError::Pipeline(e.to_string()))?;
            for (name, strategy) in scheduled {
                if run.deadline.expired() {
                    break;
                }
                // A start the candidate graph cannot run (its stages or splits no longer fit) is no start.
                let Ok(e) = ctx.evaluate(&strategy) else {
                    continue;
                };
                keep(
                    Found {
                        iteration_time_s: e.iteration_s,
                        peak_memory: e.groups.iter().map(|g| g.memory.total()).collect(),
                        fits_memory: e.fits_memory(),
                        strategy,
                        found_by: name,
                        stop: StopReason::Exact,
                        proposals: 0,
                        wall_s: 0.0,
                        details: Details::Plan(Default::default()),
                    },
                    &mut best,
                );
            }
        }
        let flat_too = devices <= AUTO_FLAT_DEVICES
            && problem.graph.num_ops() as u64 * u64::from(devices) <= AUTO_FLAT_TASKS;
        if flat_too && (!flat.is_empty() || best.is_none()) {
            let options = chains_from(run, flat);
            match mcmc(
                problem.graph,
                problem.machine,
                problem.cost,
                problem.mode,
                &options,
            ) {
                Ok(found) => keep(found, &mut best),
                Err(e) if best.is_none() => return Err(e),
                Err(_) => {}
            }
        }
        let mut found = best.ok_or_else(|| {
            SearchError::InvalidOptions(
                "a warm search needs a start point that the graph can run".into(),
            )
        })?;
        found.wall_s = t0.elapsed().as_secs_f64();
        Ok(found)
    }
}

/// `base` (a strategy of `graph`) with the configuration, and under a pipelined schedule the stage,
/// of every op that `carried` gives one for and that `graph`'s op can run ([`Config::validate`] on
/// the devices of a replica); the others keep `base`'s. Returns the strategy and how many ops took a
/// carried configuration. `carried` is indexed like `graph`'s ops: what a graph rewritten from an
/// annotated one still carries on its ops (the rewrite's new ops carry nothing).
pub fn carry_over(
    graph: &Graph,
    devices: u32,
    base: &Strategy,
    carried: &[(Option<crate::strategy::Config>, Option<u32>)],
) -> (Strategy, usize) {
    let mut strategy = base.clone();
    let width = strategy.schedule.replica_width(devices);
    let pipelined = strategy.schedule.is_pipelined();
    let mut kept = 0;
    let mut known = vec![false; graph.num_ops()];
    for (i, (op, (config, stage))) in graph.ops().iter().zip(carried).enumerate() {
        let Some(config) = config else {
            continue;
        };
        if config.degrees.len() != op.dims.len() || config.validate(op, width).is_err() {
            continue;
        }
        if pipelined {
            match (stage, strategy.schedule.stage_of.get_mut(i)) {
                (Some(stage), Some(slot)) => *slot = *stage,
                _ => continue,
            }
        }
        strategy.configs[i] = config.clone();
        known[i] = true;
        kept += 1;
    }
    // Under a flat schedule an op that carried nothing (the rewrite's new ops) takes the split of a
    // neighbour that has one ([`super::align`]: the tensor between them split the same way, each
    // task on the device of the overlapping neighbour task), the one with the most tasks, in two
    // passes over the ops in order, so a run of new ops takes the split of the carried ops around it;
    // where none aligns it keeps `base`'s.
    if strategy.schedule.is_flat() {
        let mut edges_of = vec![Vec::new(); graph.num_ops()];
        for edge in graph.edges() {
            edges_of[edge.producer.index()].push(edge);
            edges_of[edge.consumer.index()].push(edge);
        }
        for _ in 0..2 {
            for i in 0..graph.num_ops() {
                if known[i] {
                    continue;
                }
                let op = crate::graph::OpId::new(i);
                let aligned = edges_of[i]
                    .iter()
                    .filter(|e| {
                        let other = if e.consumer == op {
                            e.producer
                        } else {
                            e.consumer
                        };
                        other != op && known[other.index()]
                    })
                    .filter_map(|e| super::align(graph, &strategy, op, e, devices))
                    .filter(|c| c.validate(graph.op(op), devices).is_ok())
                    .fold(None::<crate::strategy::Config>, |best, c| match best {
                        Some(b) if b.num_tasks() >= c.num_tasks() => Some(b),
                        _ => Some(c),
                    });
                if let Some(config) = aligned {
                    strategy.configs[i] = config;
                    known[i] = true;
                }
            }
        }
    }
    (strategy, kept)
}
