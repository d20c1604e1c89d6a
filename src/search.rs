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

use crate::diagnostics::Diag;
use flexc_core::{
    baselines,
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
use std::{
    fmt::Write as _,
    sync::{atomic::AtomicU64, Arc},
    time::Duration,
};

pub use flexc_core::search::{algorithm, Budget};

/// `--search`, `--search-budget`, `--seed`.
#[derive(Clone)]
pub struct SearchOptions {
    /// One of [`search::ALGORITHMS`]; `None` (`--search=none`) only imports.
    pub algorithm: Option<&'static dyn SearchAlgorithm>,
    pub budget: Budget,
    pub seed: u64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            algorithm: search::ALGORITHMS.first().copied(),
            budget: Budget::default(),
            seed: 0,
        }
    }
}

impl std::fmt::Debug for SearchOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchOptions")
            .field("algorithm", &self.algorithm.map(|a| a.name()))
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

/// A progress bar on standard error while the search runs, only when standard error is a terminal (indicatif
/// hides it otherwise); cleared when dropped.
struct Progress {
    bar: indicatif::ProgressBar,
    ticker: Option<std::thread::JoinHandle<()>>,
    done: Arc<std::sync::atomic::AtomicBool>,
}

impl Progress {
    /// A bar that follows `counter` (proposals so far) against `budget`, redrawn ten times a second.
    fn start(counter: Arc<AtomicU64>, budget: Budget) -> Progress {
        use std::sync::atomic::Ordering;
        let length = match budget {
            Budget::Proposals(n) => n,
            Budget::Time(d) => (d.as_millis() as u64).max(1),
        };
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(length),
            indicatif::ProgressDrawTarget::stderr_with_hz(10),
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "flexc: searching [{bar:30}] {msg}, {elapsed_precise}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("## "),
        );
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let ticker = (!bar.is_hidden()).then(|| {
            let (bar, done) = (bar.clone(), done.clone());
            std::thread::spawn(move || {
                let t0 = std::time::Instant::now();
                while !done.load(Ordering::Relaxed) {
                    let proposals = counter.load(Ordering::Relaxed);
                    bar.set_position(match budget {
                        Budget::Proposals(_) => proposals,
                        Budget::Time(_) => t0.elapsed().as_millis() as u64,
                    });
                    bar.set_message(format!("{proposals} proposals"));
                    std::thread::sleep(Duration::from_millis(100));
                }
            })
        });
        Progress { bar, ticker, done }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
        self.bar.finish_and_clear();
    }
}

/// A found strategy with what the user is shown about it.
pub struct Found {
    pub strategy: Strategy,
    /// Standard-error table.
    pub table: String,
    /// `--report` JSON.
    pub json: String,
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
    pub mode: Mode,
    /// The graph is a whole training step taken as it is (`--mode=as-is`): reports say so.
    pub training_step: bool,
    /// The data inputs' batch dim (`--batch-dim`).
    pub batch_dim: usize,
}

impl Target<'_> {
    /// The search problem of `graph` on this target.
    pub fn problem<'g>(&'g self, graph: &'g Graph) -> flexc_core::search::Problem<'g> {
        flexc_core::search::Problem {
            graph,
            machine: self.machine,
            cost: self.cost,
            mode: self.mode,
            batch_dim: self.batch_dim,
            training_step: self.training_step,
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
    algorithm: &'static dyn SearchAlgorithm,
) -> Result<(Found, Annotated), Diag> {
    let start = std::time::Instant::now();
    let progress = Arc::new(AtomicU64::new(0));
    let bar = Progress::start(progress.clone(), options.budget);
    let request = Request {
        machine: target.machine,
        cost: target.cost,
        mode: target.mode,
        batch_dim: target.batch_dim,
        training_step: target.training_step,
        algorithm,
        run: Run {
            progress: Some(progress),
            ..Run::new(options.budget, options.seed)
        },
    };
    let result = par_search::search_and_annotate(module, imported, &request);
    drop(bar);
    let (found, annotated) = result.map_err(|message| Diag::error(None, message))?;
    let wall = start.elapsed().as_secs_f64();
    let stop = match found.mcmc() {
        Some(_) => format!("{} (best from {})", found.stop, found.found_by),
        None => found.stop.to_string(),
    };
    let (table, json) = search_report(
        model,
        &imported.graph,
        target,
        options,
        algorithm,
        &found,
        &stop,
        wall,
    )?;
    Ok((Found::new(found.strategy, table, &json), annotated))
}

/// What the found strategy's simulation reports: a flat strategy's task simulation, or a scheduled one's
/// JSON ([`crate::plan::report`]).
enum Facts {
    Flat(Box<flexc_core::Report>),
    Scheduled(serde_json::Value),
}

/// The baselines of the search table: on up to [`SYMMETRIC_FROM`] devices the flat ones of
/// [`baselines::all`]; beyond, data parallelism and Megatron as scheduled strategies (replicas simulated
/// symmetrically), since per-device simulations of thousands of devices would take longer than the
/// search.
fn table_baselines(problem: &flexc_core::search::Problem) -> Vec<(&'static str, Strategy)> {
    if problem.machine.num_devices() <= SYMMETRIC_FROM {
        return baselines::all(problem.graph, problem.machine)
            .into_iter()
            .map(|b| (b.name, b.strategy))
            .collect();
    }
    let mut out = Vec::new();
    for (name, spec) in [
        ("data-parallel", "data-parallel:tp=1"),
        ("megatron", "megatron"),
    ] {
        let spec = format!("{spec}:pp=1");
        let spec = spec.replacen(":tp=1:pp=1", ":tp=1,pp=1", 1);
        if let Ok(strategy) = flexc_core::scheduled::Spec::parse(&spec)
            .and_then(|spec| flexc_core::scheduled::build(problem, &spec))
        {
            out.push((name, strategy));
        }
    }
    out
}

/// Devices from which the search table's baselines are simulated symmetrically.
const SYMMETRIC_FROM: u32 = 64;

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
) -> Result<(String, serde_json::Value), Diag> {
    let Target {
        machine,
        cost,
        mode,
        training_step,
        ..
    } = *target;
    let problem = target.problem(graph);
    // A scheduled strategy: its report from the pipeline simulation; a flat one: the task simulation.
    let (facts, schedule_text) = if found.strategy.schedule.is_flat() {
        let sim =
            Simulator::new(graph, machine, cost, mode, found.strategy.clone()).map_err(|e| {
                Diag::error(
                    None,
                    format!("the search produced an invalid strategy: {e}"),
                )
            })?;
        let mut report = sim.report();
        report.training_step = training_step;
        (Facts::Flat(Box::new(report)), String::new())
    } else {
        let (text, json, _) = crate::plan::report(model, &problem, "found", &found.strategy)?;
        let summary: String = text
            .lines()
            .skip_while(|l| !l.starts_with("iteration time:"))
            .map(|l| format!("  {l}\n"))
            .collect();
        (Facts::Scheduled(json), summary)
    };
    let parallelism =
        flexc_core::pipeline::Parallelism::of(graph, &found.strategy, crate::plan::batch(&problem));
    let mut baseline_times = Vec::new();
    for (name, strategy) in table_baselines(&problem) {
        let time = if strategy.schedule.is_flat() {
            Simulator::new(graph, machine, cost, mode, strategy)
                .ok()
                .filter(Simulator::fits_memory)
                .map(|s| s.iteration_time())
        } else {
            flexc_core::pipeline::evaluate(&problem, &strategy)
                .ok()
                .filter(|e| e.fits_memory())
                .map(|e| e.iteration_s)
        };
        baseline_times.push((name, time));
    }
    let ideal = ideal_time(graph, machine, cost, mode);
    let dp_time = baseline_times
        .iter()
        .find(|(n, _)| *n == "data-parallel")
        .and_then(|(_, t)| *t);
    let time = found.iteration_time_s;
    let proposals = found.proposals;
    let name = algorithm.name();

    let mut table = String::new();
    let _ = writeln!(
        table,
        "flexc: search {name} on {} ({} devices), seed {}, budget {}: {:.3} s, {} proposals, stop: {}",
        machine.name,
        machine.num_devices(),
        options.seed,
        options.budget.text(),
        wall,
        proposals,
        stop
    );
    let _ = writeln!(
        table,
        "  {:<16} {:>14} {:>18}",
        "strategy", "iteration", "vs data-parallel"
    );
    let row = |table: &mut String, name: &str, t: Option<f64>| {
        let speedup = match (dp_time, t) {
            (Some(dp), Some(t)) if t > 0.0 => format!("{:.2}x", dp / t),
            _ => "-".into(),
        };
        let time = t.map_or("over memory".to_string(), |t| format!("{:.3} ms", t * 1e3));
        let _ = writeln!(table, "  {name:<16} {time:>14} {speedup:>18}");
    };
    row(&mut table, &format!("found ({name})"), Some(time));
    for (name, t) in &baseline_times {
        row(&mut table, name, *t);
    }
    row(&mut table, "ideal", Some(ideal));
    if let Some(p) = found.plan() {
        let _ = writeln!(
            table,
            "  schedule search: {} candidates, {} skipped (estimated over memory), {} simulated, {} fit{}",
            p.candidates,
            p.over_memory,
            p.evaluated,
            p.fitting,
            if p.best.is_empty() {
                String::new()
            } else {
                format!("; best {}", p.best)
            }
        );
    }
    let _ = writeln!(table, "  parallelism: {}", parallelism.text());
    match &facts {
        Facts::Flat(report) => {
            let peaks: Vec<String> = report
                .devices
                .iter()
                .map(|d| {
                    format!(
                        "{} {:.2} GiB",
                        d.device,
                        d.peak_memory as f64 / (1u64 << 30) as f64
                    )
                })
                .collect();
            let _ = writeln!(table, "  peak memory: {}", peaks.join(", "));
        }
        Facts::Scheduled(_) => table.push_str(&schedule_text),
    }

    let mut json = match facts {
        Facts::Flat(report) => crate::simulate::simulation_facts(&report),
        Facts::Scheduled(json) => json,
    };
    if let Some(map) = json.as_object_mut() {
        map.extend([
            (
                "parallelism".to_string(),
                crate::plan::parallelism_json(&parallelism),
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
    Ok((table, json))
}

/// The baseline `name` instead of a search (`--strategy=NAME` without `--simulate`): simulated to check that it
/// fits and to show its time.
pub fn named(model: &str, graph: &Graph, target: &Target, name: &str) -> Result<Found, Diag> {
    let Target {
        machine,
        cost,
        mode,
        training_step,
        ..
    } = *target;
    let problem = target.problem(graph);
    if let Some(strategy) = crate::plan::from_spec(name, &problem)? {
        let (_, json, e) = crate::plan::report(model, &problem, name, &strategy)?;
        let table = format!(
            "flexc: strategy {name} ({}) on {} ({} devices), no search: {:.3} ms simulated\n",
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
    let mut report = sim.report();
    report.training_step = training_step;
    if !sim.fits_memory() {
        return Err(Diag::error(
            None,
            format!(
                "strategy '{name}' does not fit in device memory ({} bytes per device)",
                machine.gpu.mem_capacity
            ),
        ));
    }
    let table = format!(
        "flexc: strategy {name} on {} ({} devices), no search: {:.3} ms simulated\n",
        machine.name,
        machine.num_devices(),
        report.iteration_time_s * 1e3
    );
    let json = crate::simulate::json_report(model, machine, name, cost.state(), &report);
    Ok(Found {
        strategy,
        table,
        json,
    })
}

impl Found {
    fn new(strategy: Strategy, table: String, json: &serde_json::Value) -> Found {
        let mut json = serde_json::to_string_pretty(json).expect("JSON values always serialize");
        json.push('\n');
        Found {
            strategy,
            table,
            json,
        }
    }
}
