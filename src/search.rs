//! The main job: search a strategy for the imported graph on a machine (docs/design.md §6) and write it into the
//! module as `#par.config` annotations, with the machine as `#par.machine`.
//!
//! `--search=mcmc` (default) runs FlexFlow's MCMC seeded with data parallelism, the expert strategies, PaSE's
//! dynamic program and SoyBean's tiling; `dp` and `tiling` run those alone; `none` only imports. Every result
//! is scored by the full simulator and compared with the baselines (data parallel, model parallel, OWT,
//! Megatron); the table goes to standard error and `--report` writes it as JSON with the keys `model`,
//! `machine`, `devices`, `search` (`algorithm`, `seed`, `budget`, `stop_reason`, `proposals`, `wall_s`),
//! `iteration_time_s`, `baselines` (name → seconds), `ideal_time_s` (total FLOPs of the iteration / (devices ×
//! peak FLOP/s)), and the found strategy's simulated facts, the same keys a `--simulate` report has
//! ([`crate::simulate::simulation_facts`]: `breakdown`, per-device memory, transfer and all-reduce bytes).
//!
//! `--strategy=NAME` (a baseline: `data-parallel`, `model-parallel`, `owt`, `megatron`, `single-device`)
//! replaces the search: [`named`] writes that strategy as it is, scored by the simulator, so that a baseline
//! can be materialized and run (`flexc-run`) like a searched strategy; its `--report` is the `--simulate`
//! report of that strategy.
//!
//! Budgets: `--search-budget=5s` (also `ms`, `m`) bounds the wall time of the whole search (the seeding
//! searches included: one deadline reaches them all), `--search-budget=200000` the proposals (over all
//! chains); only proposal budgets give the same strategy for the same `--seed` on every run.
//!
//! The search itself and the annotation are the `par-search` pass's ([`flexc_passes::par_search`]); this module
//! adds what the user is shown: the progress bar, the baseline table and the `--report` JSON.

use crate::console::Console;
use crate::diagnostics::Diag;
use flexc_core::schedule::spec::Spec;
use flexc_core::units;
use flexc_core::{
    machine::Machine,
    search::{self, Run, SearchAlgorithm},
    CostModel, Graph, Mode, Simulator, Strategy,
};
use flexc_passes::{
    import::Imported,
    par_search::{self, Annotated, Request},
};
use melior::ir::OperationRef;
use serde_json::json;
use std::{fmt::Write as _, sync::Arc, time::Duration};

pub use flexc_core::search::{algorithm, Budget};

/// `--search`, `--search-budget`, `--seed`.
#[derive(Clone)]
pub struct SearchOptions {
    /// One of [`search::ALGORITHMS`]; `None` (`--search=none`) only imports.
    pub algorithm: Option<&'static dyn SearchAlgorithm>,
    /// Whether `--search` was given (a `.par.mlir` keeps its strategy unless it was).
    pub explicit: bool,
    pub budget: Budget,
    pub seed: u64,
    /// When the process started: a time budget counts from there, and the search leaves time for the
    /// table, so that the whole process stays within the budget (`None`: from the search's start).
    pub started: Option<std::time::Instant>,
    /// Where the search's progress is shown (the `flexc` binary's standard error); `None`: nowhere.
    pub console: Option<Arc<Console>>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            algorithm: search::ALGORITHMS.first().copied(),
            explicit: false,
            budget: Budget::default(),
            seed: 0,
            started: None,
            console: None,
        }
    }
}

impl std::fmt::Debug for SearchOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchOptions")
            .field("algorithm", &self.algorithm.map(|a| a.name()))
            .field("explicit", &self.explicit)
            .field("budget", &self.budget)
            .field("seed", &self.seed)
            .finish()
    }
}

/// The `--search` names: every algorithm of the table, then `none`.
pub fn algorithm_names() -> Vec<&'static str> {
    let mut names = search::algorithm_names();
    names.push("none");
    names
}

/// The `--search` values with their help and older aliases (`dp` for `pase`, `tiling` for `soybean`).
pub fn algorithm_values() -> Vec<clap::builder::PossibleValue> {
    search::ALGORITHMS
        .iter()
        .map(|a| {
            clap::builder::PossibleValue::new(a.name())
                .help(a.summary())
                .aliases(a.aliases().iter().copied())
        })
        .chain([clap::builder::PossibleValue::new("none").help("import only, no strategy")])
        .collect()
}

/// A found strategy with what the user is shown about it.
pub struct Found {
    pub strategy: Strategy,
    /// The strategy's simulated iteration time (seconds), from its report.
    pub time: Option<f64>,
    /// Standard-error table.
    pub table: String,
    /// `--report` JSON.
    pub json: String,
    /// `--trace` JSON of the strategy, when [`Target::trace`] asked for it.
    pub trace: Option<String>,
    /// The schedule search's spec of the strategy (`megatron:tp=2,pp=2,...`) when that search found
    /// it: the strategy rebuilt on another graph ([`flexc_core::scheduled::build`]).
    pub spec: Option<Spec>,
    /// What found the strategy (`pase`, `chain 2`, a schedule spec, ...).
    pub found_by: String,
}

/// Total FLOPs of one iteration (backward work included in training) over the aggregate peak rate of
/// the training precision (its matrix rate: the fastest any op could run).
fn ideal_time(graph: &Graph, machine: &Machine, cost: &CostModel, mode: Mode) -> f64 {
    let flops: f64 = graph
        .ops()
        .iter()
        .map(|op| op.flops * (1.0 + mode.backward_factor(graph, op)))
        .sum();
    let f32_peak = machine.gpu.peak_flops.for_dtype(flexc_core::DType::F32);
    let peak = cost
        .state()
        .precision
        .matrix_rate(&machine.gpu)
        .unwrap_or(f32_peak)
        .max(f32_peak);
    flops / (f64::from(machine.num_devices()) * peak)
}

/// The problem the driver searches: its machine, cost model and mode.
pub struct Target<'a> {
    pub machine: &'a Machine,
    pub cost: &'a CostModel,
    /// Resolved (not `auto`).
    pub mode: Mode,
    /// Whether the written strategy's Chrome trace is wanted (`--trace`).
    pub trace: bool,
    /// The data inputs' batch dim (`--batch-dim`).
    pub batch_dim: usize,
}

impl Target<'_> {
    /// The search problem of `graph` on this target.
    pub fn problem<'g>(&'g self, graph: &'g Graph) -> flexc_core::problem::Problem<'g> {
        flexc_core::problem::Problem {
            graph,
            machine: self.machine,
            cost: self.cost,
            mode: self.mode,
            batch_dim: self.batch_dim,
        }
    }
}

/// Runs the `par-search` pass's search on the imported graph (`algorithm` of `options`), writes its
/// annotations into `module`, and scores the strategy against the baselines. Returns what the user is shown
/// and what was annotated.
pub fn find_and_annotate(
    model: &str,
    module: &OperationRef<'_, '_>,
    imported: &Imported,
    target: &Target,
    options: &SearchOptions,
    algorithm: &dyn SearchAlgorithm,
) -> Result<(Found, Annotated), Diag> {
    let start = std::time::Instant::now();
    let progress = Arc::new(search::Progress::default());
    let display = options
        .console
        .as_ref()
        .map(|console| console.search_progress(algorithm.name(), options.budget, progress.clone()));
    let request = Request {
        machine: target.machine,
        cost: target.cost,
        mode: target.mode,
        batch_dim: target.batch_dim,
        algorithm,
        run: Run {
            progress: Some(progress),
            deadline: search_deadline(options),
            ..Run::new(options.budget, options.seed)
        },
    };
    let result = par_search::search(imported, &request);
    drop(display);
    let (found, early) = result.map_err(|message| Diag::error(None, message))?;
    let annotated = par_search::annotate(module, imported, &found.strategy, request.machine)
        .map_err(|message| Diag::error(None, message))?;
    let wall = start.elapsed().as_secs_f64();
    let stop = match found.mcmc() {
        Some(details) if !details.seeding_stopped.is_empty() => format!(
            "{} (best from {}); seeding-deadline: {} stopped after {} s (the bound of a proposal budget; a time budget waits longer)",
            found.stop,
            found.found_by,
            details.seeding_stopped.join(", "),
            search::DEFAULT_SEEDING_LIMIT.as_secs()
        ),
        Some(_) => format!("{} (best from {})", found.stop, found.found_by),
        None => found.stop.to_string(),
    };
    let (table, json, trace) = search_report(
        model,
        &imported.graph,
        target,
        options,
        algorithm,
        &found,
        &stop,
        wall,
        &early,
    )?;
    let spec = found
        .plan()
        .and_then(|p| p.best.clone())
        .filter(|_| !found.strategy.schedule.is_flat());
    let found_by = found.found_by.clone();
    let mut found = Found::new(found.strategy, table, &json);
    found.trace = trace;
    found.spec = spec;
    found.found_by = found_by;
    Ok((found, annotated))
}

/// What the found strategy's simulation reports: a flat strategy's task simulation, or a scheduled one's
/// JSON ([`crate::scheduled_report::report`]).
enum Facts {
    Flat(Box<flexc_core::Report>),
    Scheduled(serde_json::Value),
}

/// The search's deadline. A time budget `T` counts from the process's start ([`SearchOptions::started`]),
/// less 2% of `T` for the table (the default search ends a full simulation early for the report's, and the
/// baselines are simulated inside the deadline, `par_search::search`), and less the time already spent
/// once more: writing the annotated module back costs about what reading and importing it did (2 s for
/// the 26k-op 1T step, a few hundred milliseconds for GPT-2).
fn search_deadline(options: &SearchOptions) -> search::Deadline {
    let Budget::Time(budget) = options.budget else {
        return options.budget.deadline();
    };
    let elapsed = options.started.map_or(Duration::ZERO, |s| s.elapsed());
    search::Deadline::after(
        budget
            .saturating_sub(elapsed * 2)
            .saturating_sub(budget / 50),
    )
}

/// The standard-error table and the `--report` JSON of a search result.
#[allow(clippy::too_many_arguments)]
fn search_report(
    model: &str,
    graph: &Graph,
    target: &Target,
    options: &SearchOptions,
    algorithm: &dyn SearchAlgorithm,
    found: &search::Found,
    stop: &str,
    wall: f64,
    baselines: &[par_search::BaselineTime],
) -> Result<(String, serde_json::Value, Option<String>), Diag> {
    let Target {
        machine,
        cost,
        mode,
        trace,
        ..
    } = *target;
    let problem = target.problem(graph);
    let devices = machine.num_devices();
    // A scheduled strategy: its report from the pipeline simulation; a flat one: the task simulation.
    let (facts, schedule_text, sim_trace) = if found.strategy.schedule.is_flat() {
        let sim =
            Simulator::new(graph, machine, cost, mode, found.strategy.clone()).map_err(|e| {
                Diag::error(
                    None,
                    format!("the search produced an invalid strategy: {e}"),
                )
            })?;
        let report = sim.report();
        let trace = trace.then(|| sim.chrome_trace());
        (Facts::Flat(Box::new(report)), String::new(), trace)
    } else {
        let (text, json, _) =
            crate::scheduled_report::report(model, &problem, "found", &found.strategy)?;
        let summary: String = text
            .lines()
            .skip_while(|l| !l.starts_with("iteration time:"))
            .map(|l| format!("  {l}\n"))
            .collect();
        (Facts::Scheduled(json), summary, None)
    };
    let parallelism = flexc_core::schedule::spec::Parallelism::of(
        graph,
        &found.strategy,
        crate::scheduled_report::batch(&problem),
    );
    let mut baseline_times = Vec::new();
    let mut idle = Vec::new();
    for (name, strategy, time) in baselines {
        idle.push((*name, crate::simulate::idle_devices(strategy, devices)));
        baseline_times.push((*name, *time));
    }
    let ideal = ideal_time(graph, machine, cost, mode);
    let dp_time = baseline_times
        .iter()
        .find(|(n, _)| *n == "data-parallel")
        .and_then(|(_, t)| *t);
    let time = found.iteration_time_s;
    let proposals = found.proposals;
    let name = algorithm.name();

    let mut text = String::new();
    let _ = writeln!(
        text,
        "flexc: search {name} on {} ({devices} devices), seed {}, budget {}: {:.3} s, {} proposals, stop: {}",
        machine.name,
        options.seed,
        options.budget.text(),
        wall,
        proposals,
        stop
    );
    let mut table = units::table(
        &["strategy", "iteration", "vs data-parallel", "idle devices"],
        &[1, 2],
    );
    let mut row = |name: &str, t: Option<f64>, idle: Option<&[flexc_core::DeviceId]>| {
        let speedup = match (dp_time, t) {
            (Some(dp), Some(t)) if t > 0.0 => format!("{:.2}x", dp / t),
            _ => "-".into(),
        };
        let time = t.map_or("over memory".to_string(), units::seconds);
        let idle = match idle {
            Some([]) | None => String::new(),
            Some(ids) => format!("{} of {devices}: {}", ids.len(), units::devices(ids)),
        };
        table.add_row(vec![name.to_string(), time, speedup, idle]);
    };
    let found_idle = crate::simulate::idle_devices(&found.strategy, devices);
    row(&format!("found ({name})"), Some(time), Some(&found_idle));
    for ((name, t), (_, ids)) in baseline_times.iter().zip(&idle) {
        row(name, *t, Some(ids));
    }
    row("ideal", Some(ideal), None);
    text.push_str(&units::render(&table, "  "));
    let skipped: Vec<String> = found
        .mcmc()
        .map(|d| {
            d.skipped
                .iter()
                .map(|(name, why)| format!("{name} ({why})"))
                .collect()
        })
        .unwrap_or_default();
    if !skipped.is_empty() {
        let _ = writeln!(text, "  seeds skipped: {}", skipped.join(", "));
    }
    if let Some(p) = found.plan().filter(|p| p.candidates > 0) {
        let _ = writeln!(
            text,
            "  schedule search: {}{}",
            p.summary(),
            p.best
                .as_ref()
                .map_or(String::new(), |best| format!("; best {best}"))
        );
        for r in &p.top {
            let _ = writeln!(
                text,
                "    {} {} {}: {}",
                r.spec,
                units::seconds(r.iteration_s),
                units::bytes(r.memory),
                r.why
            );
        }
    }
    let _ = writeln!(text, "  parallelism: {}", parallelism.text());
    match &facts {
        Facts::Flat(report) => text.push_str(&peak_memory_line(report)),
        Facts::Scheduled(_) => text.push_str(&schedule_text),
    }
    if let Some(warning) = crate::simulate::idle_warning(
        &format!("the found strategy ({name})"),
        graph,
        &found_idle,
        devices,
    ) {
        text.push_str(&warning);
    }
    // A search that optimizes another cost than the simulator's (PaSE's additive model) can lose to a
    // baseline it is shown beside: say so rather than let the table speak alone.
    if let Some((faster, t)) = baseline_times
        .iter()
        .filter_map(|(n, t)| t.map(|t| (*n, t)))
        .filter(|&(_, t)| t < time)
        .min_by(|a, b| a.1.total_cmp(&b.1))
    {
        let _ = writeln!(
            text,
            "flexc: warning: the found strategy ({name}, {}) is slower in the simulator than baseline {faster} ({}); \
             --strategy={faster} writes that one, --search=mcmc starts from it",
            units::seconds(time),
            units::seconds(t)
        );
    }
    let idle_baselines: Vec<&str> = idle
        .iter()
        .filter(|(_, ids)| !ids.is_empty())
        .map(|(n, _)| *n)
        .collect();
    if !idle_baselines.is_empty() && found_idle.is_empty() {
        let _ = writeln!(
            text,
            "flexc: warning: baselines {} leave devices idle (see the table){}",
            idle_baselines.join(", "),
            crate::simulate::batch_reason(graph, devices)
        );
    }
    let table = text;

    let mut json = match facts {
        Facts::Flat(report) => crate::simulate::simulation_facts(&report),
        Facts::Scheduled(json) => json,
    };
    if let Some(map) = json.as_object_mut() {
        map.extend([
            (
                "parallelism".to_string(),
                parallelism.json(),
            ),
            ("model".to_string(), json!(model)),
            ("machine".to_string(), json!(machine.name)),
            ("devices".to_string(), json!(machine.num_devices())),
            (
                "search".to_string(),
                json!({
                    "algorithm": name,
                    "seed": options.seed,
                    "budget": options.budget.text(),
                    "stop_reason": stop,
                    "proposals": proposals,
                    "wall_s": wall,
                    "seeds_skipped": skipped,
                    "schedule_search": found.plan().map(|p| json!({
                        "candidates": p.candidates,
                        "simulated": p.evaluated,
                        "pruned_memory": p.pruned_memory,
                        "pruned_time": p.pruned_time,
                        "fitting": p.fitting,
                        "complete": p.complete,
                        "best": p.best.as_ref().map_or(String::new(), Spec::to_string),
                        "top": p.top.iter().map(|r| json!({
                            "spec": r.spec.to_string(),
                            "iteration_s": r.iteration_s,
                            "memory_bytes": r.memory,
                            "why": r.why,
                        })).collect::<Vec<_>>(),
                    })),
                    "full_simulation_s": found.mcmc().map(|d| d.stats.full_simulation_s),
                    "proposal_s": found.mcmc().and_then(|d| {
                        let wall: f64 = d.stats.chains.iter().map(|c| c.wall_s).sum();
                        (d.stats.proposals > 0).then(|| wall / d.stats.proposals as f64)
                    }),
                    "chain_setup_s": found.mcmc().and_then(|d| {
                        let n = d.stats.chains.len();
                        (n > 0).then(|| d.stats.chains.iter().map(|c| c.setup_s).sum::<f64>() / n as f64)
                    }),
                    // The chains' time after their first full simulation, per delta simulation.
                    "delta_simulation_s": found.mcmc().and_then(|d| {
                        let wall: f64 = d.stats.chains.iter().map(|c| c.wall_s - c.setup_s).sum();
                        let n = d.stats.delta_simulations;
                        (n > 0).then(|| wall / n as f64)
                    }),
                }),
            ),
            ("iteration_time_s".to_string(), json!(time)),
            (
                "baselines".to_string(),
                baseline_times
                    .iter()
                    .map(|(n, t)| (n.to_string(), json!(t)))
                    .collect::<serde_json::Map<_, _>>()
                    .into(),
            ),
            ("ideal_time_s".to_string(), json!(ideal)),
        ]);
    }
    Ok((table, json, sim_trace))
}

/// `  peak memory: ...` of a report: every device up to 8, else the range and the worst device.
fn peak_memory_line(report: &flexc_core::Report) -> String {
    let devices = &report.devices;
    if devices.len() <= 8 {
        let peaks: Vec<String> = devices
            .iter()
            .map(|d| format!("{} {}", d.device, units::bytes(d.peak_memory)))
            .collect();
        return format!("  peak memory: {}\n", peaks.join(", "));
    }
    let (Some(high), Some(low)) = (
        devices.iter().max_by_key(|d| d.peak_memory),
        devices.iter().min_by_key(|d| d.peak_memory),
    ) else {
        return String::new();
    };
    format!(
        "  peak memory: {} devices, {} to {} (most on {}), capacity {}\n",
        devices.len(),
        units::bytes(low.peak_memory),
        units::bytes(high.peak_memory),
        high.device,
        units::bytes(report.memory_capacity)
    )
}

/// The baseline `name` instead of a search (`--strategy=NAME` without `--simulate`): simulated to check that it
/// fits and to show its time.
pub fn named(model: &str, graph: &Graph, target: &Target, name: &str) -> Result<Found, Diag> {
    let Target {
        machine,
        cost,
        mode,
        trace,
        ..
    } = *target;
    let problem = target.problem(graph);
    if let Some((strategy, warnings)) =
        crate::scheduled_report::from_spec_with_warnings(name, &problem)?
    {
        let (_, json, e) = crate::scheduled_report::report(model, &problem, name, &strategy)?;
        let table = format!(
            "{warnings}flexc: strategy {name} ({}) on {} ({} devices), no search: {:.3} ms simulated\n",
            strategy.schedule.summary(),
            machine.name,
            machine.num_devices(),
            e.iteration_s * 1e3
        );
        return Ok(Found::new(strategy, table, &json));
    }
    let strategy = crate::simulate::baseline(name, graph, machine).ok_or_else(|| {
        Diag::error(
            None,
            format!(
                "--strategy without --simulate names the baseline to write instead of searching ({}), got '{name}'",
                crate::simulate::STRATEGY_NAMES.join(", ")
            ),
        )
    })?;
    let sim = Simulator::new(graph, machine, cost, mode, strategy.clone())
        .map_err(|e| Diag::error(None, format!("strategy '{name}' is invalid: {e}")))?;
    let report = sim.report();
    if let Some(message) = crate::simulate::over_memory(name, &report) {
        return Err(Diag::error(None, message));
    }
    let mut table = format!(
        "flexc: strategy {name} on {} ({} devices), no search: {} simulated\n",
        machine.name,
        machine.num_devices(),
        units::seconds(report.iteration_time_s)
    );
    let idle = crate::simulate::idle_devices(&strategy, machine.num_devices());
    if let Some(warning) = crate::simulate::idle_warning(
        &format!("strategy {name}"),
        graph,
        &idle,
        machine.num_devices(),
    ) {
        table.push_str(&warning);
    }
    let json = crate::simulate::json_report(model, machine, name, cost.state(), &report);
    Ok(Found {
        strategy,
        time: Some(report.iteration_time_s),
        table,
        json,
        trace: trace.then(|| sim.chrome_trace()),
        spec: None,
        found_by: name.to_string(),
    })
}

impl Found {
    fn new(strategy: Strategy, table: String, json: &serde_json::Value) -> Found {
        let time = json
            .get("iteration_time_s")
            .and_then(serde_json::Value::as_f64);
        let mut json = serde_json::to_string_pretty(json).expect("JSON values always serialize");
        json.push('\n');
        Found {
            strategy,
            time,
            table,
            json,
            trace: None,
            spec: None,
            found_by: String::new(),
        }
    }
}
