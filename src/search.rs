//! The main job: search a strategy for the imported graph on a machine (DESIGN §6) and write it into the
//! module as `#par.config` annotations, with the machine as `#par.machine`.
//!
//! `--search=mcmc` (default) runs FlexFlow's MCMC seeded with data parallelism, the expert strategies, PaSE's
//! dynamic program and SoyBean's tiling; `dp` and `tiling` run those alone; `none` only imports. Every result
//! is scored by the full simulator and compared with the baselines (data parallel, model parallel, OWT,
//! Megatron); the table goes to standard error and `--report` writes it as JSON with the keys `model`,
//! `machine`, `devices`, `search` (`algorithm`, `seed`, `budget`, `stop_reason`, `proposals`, `wall_s`),
//! `iteration_time_s`, `baselines` (name → seconds), `ideal_time_s` (total FLOPs of the iteration / (devices ×
//! peak FLOP/s)), `peak_memory_bytes` and the simulator's `breakdown`.
//!
//! `--strategy=NAME` (a baseline: `data-parallel`, `model-parallel`, `owt`, `megatron`, `single-device`)
//! replaces the search: [`named`] writes that strategy as it is, scored by the simulator, so that a baseline
//! can be materialized and run (`flexc-run`) like a searched strategy; its `--report` has the keys `model`,
//! `machine`, `devices`, `mode`, `strategy`, `iteration_time_s`, `peak_memory_bytes` and `breakdown`.
//!
//! Budgets: `--search-budget=5s` (also `ms`, `m`) bounds wall time, `--search-budget=200000` the proposals
//! (over all chains); only proposal budgets give the same strategy for the same `--seed` on every run.

use crate::diagnostics::Diag;
use flexc_core::{
    baselines,
    machine::Machine,
    search::{self, DpOptions, McmcOptions, SearchError},
    CostModel, Graph, Mode, Simulator, Strategy,
};
use serde_json::json;
use std::{fmt::Write as _, time::Duration};

/// `--search`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    #[default]
    Mcmc,
    Dp,
    Tiling,
    /// Import only: no strategy is written.
    None,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Mcmc => "mcmc",
            Algorithm::Dp => "dp",
            Algorithm::Tiling => "tiling",
            Algorithm::None => "none",
        }
    }
}

/// How long MCMC may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Proposals over all chains.
    Proposals(u64),
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
        let budget = if let Some(ms) = text.strip_suffix("ms") {
            Budget::Time(Duration::from_millis(ms.parse().map_err(|_| bad())?))
        } else if let Some(s) = text.strip_suffix('s') {
            let s: f64 = s.parse().map_err(|_| bad())?;
            if !s.is_finite() || s < 0.0 {
                return Err(bad());
            }
            Budget::Time(Duration::from_secs_f64(s))
        } else if let Some(m) = text.strip_suffix('m') {
            let m: f64 = m.parse().map_err(|_| bad())?;
            if !m.is_finite() || m < 0.0 {
                return Err(bad());
            }
            Budget::Time(Duration::from_secs_f64(m * 60.0))
        } else {
            Budget::Proposals(text.parse().map_err(|_| bad())?)
        };
        match budget {
            Budget::Proposals(0) => Err("the search budget is zero proposals".into()),
            Budget::Time(d) if d.is_zero() => Err("the search budget is zero seconds".into()),
            b => Ok(b),
        }
    }

    fn text(self) -> String {
        match self {
            Budget::Proposals(n) => format!("{n} proposals"),
            Budget::Time(d) => format!("{:.3} s", d.as_secs_f64()),
        }
    }
}

/// `--search`, `--search-budget`, `--seed`.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    pub algorithm: Algorithm,
    pub budget: Budget,
    pub seed: u64,
}

/// A progress bar on standard error while MCMC runs, only when standard error is a terminal; cleared when
/// dropped.
struct ProgressBar {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ProgressBar {
    fn start(counter: std::sync::Arc<std::sync::atomic::AtomicU64>, budget: Budget) -> ProgressBar {
        use std::io::{IsTerminal, Write};
        use std::sync::atomic::Ordering;
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return ProgressBar { done, thread: None };
        }
        // Written through its own handle on the descriptor: the driver holds standard error's lock.
        let Ok(mut tty) = std::os::fd::AsFd::as_fd(&std::io::stderr())
            .try_clone_to_owned()
            .map(std::fs::File::from)
        else {
            return ProgressBar { done, thread: None };
        };
        let stop = done.clone();
        let thread = std::thread::spawn(move || {
            let t0 = std::time::Instant::now();
            while !stop.load(Ordering::Relaxed) {
                let proposals = counter.load(Ordering::Relaxed);
                let fraction = match budget {
                    Budget::Proposals(n) => proposals as f64 / n.max(1) as f64,
                    Budget::Time(d) => t0.elapsed().as_secs_f64() / d.as_secs_f64().max(1e-9),
                }
                .min(1.0);
                let filled = (fraction * 30.0) as usize;
                let _ = write!(
                    tty,
                    "\rflexc: searching [{}{}] {proposals} proposals, {:.1} s",
                    "#".repeat(filled),
                    " ".repeat(30 - filled),
                    t0.elapsed().as_secs_f64()
                );
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = write!(tty, "\r{}\r", " ".repeat(72));
        });
        ProgressBar {
            done,
            thread: Some(thread),
        }
    }
}

impl Drop for ProgressBar {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
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

fn error(e: SearchError) -> Diag {
    let text = e.to_string();
    Diag::error(None, text.trim_start_matches("error: ").to_string())
}

/// Total FLOPs of one iteration (backward work included in training) over the aggregate peak rate.
fn ideal_time(graph: &Graph, machine: &Machine, mode: Mode) -> f64 {
    let flops: f64 = graph
        .ops()
        .iter()
        .map(|op| op.flops * (1.0 + mode.backward_factor(graph, op)))
        .sum();
    let peak = machine.gpu.peak_flops.for_dtype(flexc_core::DType::F32);
    flops / (f64::from(machine.num_devices()) * peak)
}

/// MCMC over all devices of `machine`, started (besides data parallelism, PaSE, SoyBean and the expert
/// strategies) from data parallelism over halves, quarters, ... of the devices and from the strategy this
/// same search finds on half the devices with half the budget (recursively). A model too small for all
/// devices is best run on some of them, and single-op proposals from a start that uses every device
/// rarely find that; with these starts, more devices never give a slower strategy than fewer.
fn mcmc(
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    options: &SearchOptions,
    budget: Budget,
    progress: &std::sync::Arc<std::sync::atomic::AtomicU64>,
) -> Result<search::SearchResult, SearchError> {
    let chains = 4u64;
    let n = machine.num_devices();
    let mut starts: Vec<(String, Strategy)> = std::iter::successors(Some(n / 2), |k| Some(k / 2))
        .take_while(|&k| k >= 1)
        .map(|k| {
            (
                format!("data-parallel/{k}"),
                Strategy::data_parallel(graph, k),
            )
        })
        .collect();
    let half_budget = match budget {
        Budget::Proposals(p) => (p >= 2 * chains).then_some(Budget::Proposals(p / 2)),
        Budget::Time(d) => Some(Budget::Time(d / 2)),
    };
    if let (true, Some(half_budget), Ok(half)) = (n >= 2, half_budget, machine.with_devices(n / 2))
    {
        // On half the devices nothing may fit (memory): then there is just no such start.
        if let Ok(found) = mcmc(graph, &half, cost, mode, options, half_budget, progress) {
            starts.push((format!("mcmc/{}", n / 2), found.strategy));
        }
    }
    let mcmc_options = McmcOptions {
        progress: Some(progress.clone()),
        seed: options.seed,
        chains: chains as usize,
        proposals: match budget {
            Budget::Proposals(p) => Some(p.div_ceil(chains)),
            Budget::Time(_) => None,
        },
        time_limit: match budget {
            Budget::Time(d) => Some(d),
            Budget::Proposals(_) => None,
        },
        starts,
        ..McmcOptions::default()
    };
    search::mcmc(graph, machine, cost, mode, &mcmc_options)
}

/// Runs the search of `options` and scores it against the baselines.
pub fn find(
    model: &str,
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    options: &SearchOptions,
) -> Result<Found, Diag> {
    let start = std::time::Instant::now();
    let (strategy, time, stop, proposals) = match options.algorithm {
        Algorithm::Mcmc | Algorithm::None => {
            let progress = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
            let bar = ProgressBar::start(progress.clone(), options.budget);
            let result = mcmc(
                graph,
                machine,
                cost,
                mode,
                options,
                options.budget,
                &progress,
            );
            drop(bar);
            let result = result.map_err(error)?;
            (
                result.strategy,
                result.iteration_time_s,
                format!("{} (best from {})", result.stats.stop, result.found_by),
                result.stats.proposals,
            )
        }
        Algorithm::Dp => {
            let result = search::pase_dp(graph, machine, cost, mode, &DpOptions::default())
                .map_err(error)?;
            (
                result.strategy,
                result.iteration_time_s,
                "exact".to_string(),
                0,
            )
        }
        Algorithm::Tiling => {
            let result = search::soybean_tiling(graph, machine, cost, mode).map_err(error)?;
            (
                result.strategy,
                result.iteration_time_s,
                "exact".to_string(),
                0,
            )
        }
    };
    let wall = start.elapsed().as_secs_f64();
    let sim = Simulator::new(graph, machine, cost, mode, strategy.clone()).map_err(|e| {
        Diag::error(
            None,
            format!("the search produced an invalid strategy: {e}"),
        )
    })?;
    if !sim.fits_memory() {
        let peaks = sim.peak_memories();
        let (device, peak) = peaks
            .iter()
            .enumerate()
            .max_by_key(|&(_, &p)| p)
            .map(|(d, &p)| (d, p))
            .unwrap_or_default();
        return Err(Diag::error(
            None,
            format!(
                "no strategy found by {} fits device memory: gpu{device} needs {peak} bytes, which is over its {} bytes",
                options.algorithm.name(),
                machine.gpu.mem_capacity
            ),
        ));
    }
    let report = sim.report();
    let mut baseline_times = Vec::new();
    for b in baselines::all(graph, machine) {
        let time = Simulator::new(graph, machine, cost, mode, b.strategy)
            .ok()
            .filter(Simulator::fits_memory)
            .map(|s| s.iteration_time());
        baseline_times.push((b.name, time));
    }
    let ideal = ideal_time(graph, machine, mode);
    let dp_time = baseline_times
        .iter()
        .find(|(n, _)| *n == "data-parallel")
        .and_then(|(_, t)| *t);

    let mut table = String::new();
    let _ = writeln!(
        table,
        "flexc: search {} on {} ({} devices), seed {}, budget {}: {:.3} s, {} proposals, stop: {}",
        options.algorithm.name(),
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
    row(
        &mut table,
        &format!("found ({})", options.algorithm.name()),
        Some(time),
    );
    for (name, t) in &baseline_times {
        row(&mut table, name, *t);
    }
    row(&mut table, "ideal", Some(ideal));
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

    let json = json!({
        "model": model,
        "machine": machine.name,
        "devices": machine.num_devices(),
        "mode": match mode { Mode::Training => "training", Mode::Inference => "inference" },
        "search": {
            "algorithm": options.algorithm.name(),
            "seed": options.seed,
            "budget": options.budget.text(),
            "stop_reason": stop,
            "proposals": proposals,
            "wall_s": wall,
        },
        "iteration_time_s": time,
        "baselines": baseline_times
            .iter()
            .map(|(n, t)| (n.to_string(), json!(t)))
            .collect::<serde_json::Map<_, _>>(),
        "ideal_time_s": ideal,
        "peak_memory_bytes": report.devices.iter().map(|d| d.peak_memory).collect::<Vec<_>>(),
        "breakdown": breakdown_json(&report),
    });
    Ok(Found::new(strategy, table, &json))
}

/// The baseline `name` instead of a search (`--strategy=NAME` without `--simulate`): simulated to check that it
/// fits and to show its time.
pub fn named(
    model: &str,
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: Mode,
    name: &str,
) -> Result<Found, Diag> {
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
    let json = json!({
        "model": model,
        "machine": machine.name,
        "devices": machine.num_devices(),
        "mode": match mode { Mode::Training => "training", Mode::Inference => "inference" },
        "strategy": name,
        "iteration_time_s": report.iteration_time_s,
        "peak_memory_bytes": report.devices.iter().map(|d| d.peak_memory).collect::<Vec<_>>(),
        "breakdown": breakdown_json(&report),
    });
    Ok(Found::new(strategy, table, &json))
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

/// The critical path's breakdown, as the JSON reports give it.
fn breakdown_json(report: &flexc_core::Report) -> serde_json::Value {
    let c = &report.critical_path;
    json!({
        "compute_s": c.compute_s,
        "communication_s": c.communication_s,
        "weight_sync_s": c.weight_sync_s,
    })
}
