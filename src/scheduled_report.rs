//! Scheduled strategies in the driver: `--strategy=NAME:key=value,...` ([`flexc_core::scheduled`]),
//! their simulation ([`flexc_core::pipeline`]) as the text and `--report` JSON a user reads, and the
//! `parallelism` summary ([`Parallelism`]) that every report carries, flat strategies included.
//!
//! The report of a scheduled strategy adds to a flat one's: the parallelism line (tp, pp, dp,
//! micro-batch, accumulation, recompute, zero, schedule), the pipeline bubble, throughput per GPU as model
//! FLOPs and as hardware FLOPs (recomputation counted) with the model FLOPs utilization against the
//! precision's peak, the per-stage costs of one micro-batch, and per group the memory of its worst device
//! broken into weights, gradients, optimizer state, activations in flight and transient working sets.
//! JSON keys: `model`, `machine`, `devices`, `strategy`, `precision`, `optimizer`, `mode`,
//! `iteration_time_s`, `parallelism` ([`Parallelism::json`]: the keys of
//! [`flexc_core::schedule::spec::KEYS`] that a report carries), `throughput` {`model_tflops_per_gpu`, `hardware_tflops_per_gpu`,
//! `mfu`, `hfu`, `peak_tflops`}, `bubble_fraction`, `stages` [...], `memory` [...],
//! `memory_capacity_bytes`, `peak_memory_bytes`, `p2p_bytes`.

use std::fmt::Write as _;

use flexc_core::batch::batch_of;
use flexc_core::pipeline::{self, Evaluation};
use flexc_core::problem::Problem;
use flexc_core::schedule::spec::{self, Parallelism, Spec};
use flexc_core::scheduled;
use flexc_core::{Graph, Strategy};
use serde_json::json;

use crate::diagnostics::{Diag, FileLoc};

/// The strategy a keyed spec describes (`Ok(None)` for text that is no spec with keys: a plain baseline
/// name or a file).
pub fn from_spec(text: &str, problem: &Problem) -> Result<Option<Strategy>, Diag> {
    Ok(from_spec_with_warnings(text, problem)?.map(|(strategy, _)| strategy))
}

/// [`from_spec`], with the spec's warnings ([`scheduled::build_with_warnings`]) as the lines to show
/// (`flexc: warning: --strategy=...: ...`).
pub fn from_spec_with_warnings(
    text: &str,
    problem: &Problem,
) -> Result<Option<(Strategy, String)>, Diag> {
    let Some((name, _)) = text.split_once(':') else {
        return Ok(None);
    };
    if !spec::NAMES.contains(&name) {
        return Ok(None);
    }
    let spec = Spec::parse(text).map_err(|m| Diag::error(None, format!("--strategy: {m}")))?;
    let (strategy, warnings) = scheduled::build_with_warnings(problem, &spec)
        .map_err(|m| Diag::error(None, format!("--strategy={text}: {m}")))?;
    let lines = warnings
        .iter()
        .map(|w| format!("flexc: warning: --strategy={text}: {w}\n"))
        .collect();
    Ok(Some((strategy, lines)))
}

/// The graph's batch (1 without a batch dim).
pub fn batch(problem: &Problem) -> u64 {
    batch_of(problem.graph, problem.batch_dim).unwrap_or(1)
}

/// Model and hardware TFLOP/s per GPU, and their shares of the precision's peak matrix rate.
pub struct Throughput {
    pub model_tflops: f64,
    pub hardware_tflops: f64,
    pub peak_tflops: f64,
}

impl Throughput {
    pub fn of(problem: &Problem, e: &Evaluation) -> Throughput {
        let n = f64::from(problem.machine.num_devices());
        let per = |flops: f64| flops / e.iteration_s.max(f64::MIN_POSITIVE) / n / 1e12;
        let gpu = &problem.machine.gpu;
        let peak = problem
            .cost
            .state()
            .precision
            .matrix_rate(gpu)
            .unwrap_or(gpu.peak_flops.f32);
        Throughput {
            model_tflops: per(e.model_flops),
            hardware_tflops: per(e.hardware_flops),
            peak_tflops: peak / 1e12,
        }
    }

    pub fn mfu(&self) -> f64 {
        self.model_tflops / self.peak_tflops
    }

    pub fn hfu(&self) -> f64 {
        self.hardware_tflops / self.peak_tflops
    }
}

fn gib(bytes: u64) -> String {
    flexc_core::units::bytes(bytes)
}

fn ms(s: f64) -> String {
    format!("{:.3} ms", s * 1e3)
}

/// The text report and JSON of a scheduled strategy's evaluation; an error (with the text) when it does
/// not fit device memory.
pub fn report(
    model: &str,
    problem: &Problem,
    name: &str,
    strategy: &Strategy,
) -> Result<(String, serde_json::Value, Evaluation), Diag> {
    let e = pipeline::evaluate(problem, strategy).map_err(|err| {
        Diag::error(
            FileLoc::parse(&err.location),
            format!("strategy '{name}' is invalid: {}", err.message),
        )
    })?;
    let graph: &Graph = problem.graph;
    let machine = problem.machine;
    let parallelism = Parallelism::of(graph, strategy, batch(problem));
    let throughput = Throughput::of(problem, &e);
    let state = problem.cost.state();
    let mut text = String::new();
    let _ = writeln!(text, "model: {model}");
    let _ = writeln!(text, "strategy: {name}");
    let _ = writeln!(text, "parallelism: {}", parallelism.text());
    let _ = writeln!(text, "training: {}", state.flags());
    let what = if problem.mode.training_step() {
        "training step (as-is)"
    } else if problem.mode.has_backward() {
        "training"
    } else {
        "inference"
    };
    let _ = writeln!(
        text,
        "machine: {} ({} devices), {what}",
        machine.name,
        machine.num_devices()
    );
    let _ = writeln!(
        text,
        "iteration time: {} (busiest group idle {:.1}%: pipeline bubble and exposed synchronization)",
        ms(e.iteration_s),
        e.bubble_fraction * 100.0
    );
    let _ = writeln!(
        text,
        "throughput: {:.1} TFLOP/s per GPU in model FLOPs ({:.1}% of the {:.0} TFLOP/s {} peak), {:.1} TFLOP/s counting recomputation",
        throughput.model_tflops,
        throughput.mfu() * 100.0,
        throughput.peak_tflops,
        state.precision,
        throughput.hardware_tflops
    );
    if !e.stages.is_empty() {
        let _ = writeln!(
            text,
            "stages (one micro-batch of {} samples; kept: activations held per micro-batch in flight, per device):",
            e.micro_batch
        );
        let mut table = flexc_core::units::table(
            &[
                "stage",
                "group",
                "ops",
                "forward",
                "backward",
                "recompute",
                "last backward",
                "kept",
                "sent",
            ],
            &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        );
        for (k, c) in e.stages.iter().enumerate() {
            table.add_row(vec![
                k.to_string(),
                c.group.to_string(),
                c.ops.to_string(),
                ms(c.forward_s),
                ms(c.backward_s),
                ms(c.recompute_s),
                ms(c.last_backward_s),
                gib(c.kept_bytes),
                gib(c.sent_bytes),
            ]);
        }
        text.push_str(&flexc_core::units::render(&table, "  "));
    }
    let _ = writeln!(
        text,
        "memory per device (the worst device of each group), capacity {}:",
        gib(e.memory_capacity)
    );
    let mut table = flexc_core::units::table(
        &[
            "group",
            "device",
            "weights",
            "gradients",
            "optimizer",
            "activations",
            "transient",
            "total",
            "",
        ],
        &[0, 2, 3, 4, 5, 6, 7],
    );
    for g in &e.groups {
        let m = g.memory;
        let over = if m.total() > e.memory_capacity {
            "OVER CAPACITY"
        } else {
            ""
        };
        table.add_row(vec![
            g.group.to_string(),
            g.device.to_string(),
            gib(m.weights),
            gib(m.gradients),
            gib(m.optimizer),
            gib(m.activations),
            gib(m.transient),
            gib(m.total()),
            over.to_string(),
        ]);
    }
    text.push_str(&flexc_core::units::render(&table, "  "));
    let mut header = crate::simulate::report_header(model, machine, name, state);
    let rest = json!({
        "mode": what,
        "iteration_time_s": e.iteration_s,
        "parallelism": parallelism.json(),
        "throughput": {
            "model_tflops_per_gpu": throughput.model_tflops,
            "hardware_tflops_per_gpu": throughput.hardware_tflops,
            "mfu": throughput.mfu(),
            "hfu": throughput.hfu(),
            "peak_tflops": throughput.peak_tflops,
        },
        "bubble_fraction": e.bubble_fraction,
        "stages": e.stages.iter().map(|c| json!({
            "group": c.group,
            "ops": c.ops,
            "forward_s": c.forward_s,
            "backward_s": c.backward_s,
            "last_backward_s": c.last_backward_s,
            "recompute_s": c.recompute_s,
            "gather_s": c.gather_s,
            "scatter_s": c.scatter_s,
            "kept_bytes": c.kept_bytes,
            "transient_bytes": c.transient_bytes,
            "sent_bytes": c.sent_bytes,
        })).collect::<Vec<_>>(),
        "memory": e.groups.iter().map(|g| json!({
            "group": g.group,
            "device": g.device.0,
            "weights_bytes": g.memory.weights,
            "gradients_bytes": g.memory.gradients,
            "optimizer_bytes": g.memory.optimizer,
            "activations_bytes": g.memory.activations,
            "transient_bytes": g.memory.transient,
            "total_bytes": g.memory.total(),
            "busy_s": g.busy_s,
        })).collect::<Vec<_>>(),
        "memory_capacity_bytes": e.memory_capacity,
        "peak_memory_bytes": e.peak_memory(),
        "p2p_bytes": e.p2p_bytes,
    });
    if let serde_json::Value::Object(rest) = rest {
        header.extend(rest);
    }
    let json = serde_json::Value::Object(header);
    if !e.fits_memory() {
        let worst = e
            .groups
            .iter()
            .max_by_key(|g| g.memory.total())
            .expect("a pipeline has a group");
        return Err(Diag::error(
            None,
            format!(
                "strategy '{name}' does not fit in device memory: {} of group {} needs {} of {}\n{text}",
                worst.device,
                worst.group,
                gib(worst.memory.total()),
                gib(e.memory_capacity)
            ),
        ));
    }
    Ok((text, json, e))
}
