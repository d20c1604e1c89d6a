//! `--simulate`: predict one iteration of a strategy on a machine (docs/design.md §4–5) from the imported graph.
//!
//! The machine is a preset (`p100-4x4`, `k80-16x4`, `dgx-a100:NODES`, `dgx-h100:NODES`, `dgx-h200:NODES`) or a TOML file
//! (`core/machine.rs` documents the format), optionally restricted to its first `--devices` GPUs. The
//! strategy is a named baseline (`data-parallel`, `model-parallel`, `owt`, `megatron`, `single-device`), a
//! `.par.mlir` file whose graph ops carry `#par.config` (a strategy written by the search, or by hand), or,
//! by default, the input's own `#par.config` annotations when every graph op has one, else data parallel.
//!
//! Outputs: the human-readable report (the `--simulate` emission; with `--profile-db`, a line
//! `profile: M of N ops measured`, the ops whose task shape has an entry), a Chrome trace (`--trace`), and a JSON
//! report (`--report`) with the keys `model`, `machine`, `devices`, `strategy`, `mode`,
//! `iteration_time_s`, `breakdown` (seconds), `peak_memory_bytes`, `weight_memory_bytes` (weights with
//! gradients and optimizer state), `parameter_bytes` (the weights alone, each once), `utilization` (all per
//! device), `memory_capacity_bytes` and task statistics.

use crate::diagnostics::{Diag, FileLoc};
use flexc_core::precision::WeightState;
use flexc_core::{
    baselines, machine::Machine, CostModel, DeviceCount, DeviceId, Graph, ProfileDb, Report,
    Simulator, Strategy,
};
use flexc_passes::import::Imported;
use serde_json::json;

/// What `--simulate` and its companions ask for.
#[derive(Clone, Debug, Default)]
pub struct SimulateOptions {
    /// Preset name or path of a machine TOML file; `None`: a `.par.mlir`'s recorded machine, else
    /// [`DEFAULT_MACHINE`].
    pub machine: Option<String>,
    /// A machine file's name and text recorded in a `.par.mlir` (`#par.machine`'s `toml` fact), used
    /// when `machine` is `None`.
    pub machine_toml: Option<(String, String)>,
    /// Use only the first N GPUs of the machine.
    pub devices: Option<DeviceCount>,
    /// Baseline name or `.par.mlir` path; `None`: the input's annotations, else data parallel.
    pub strategy: Option<String>,
    /// Chrome trace output path.
    pub trace: Option<String>,
    /// JSON report output path.
    pub report: Option<String>,
    /// Profile database (JSON lines) overriding the roofline estimates.
    pub profile_db: Option<String>,
    /// `--precision` and `--optimizer` of the training step (also the search's).
    pub state: WeightState,
    /// `--probe-delta=N`: also time N random single-op changes (and their reverts) as delta
    /// simulations against the full simulation ([`flexc_core::sim::probe_delta`]).
    pub probe_delta: Option<u32>,
}

/// The machine used when none is named.
pub const DEFAULT_MACHINE: &str = "dgx-a100:1";

/// The names `--strategy` accepts besides a file.
pub const STRATEGY_NAMES: [&str; 7] = [
    "data-parallel",
    "model-parallel",
    "owt",
    "megatron",
    "expert-parallel",
    "context-parallel",
    "single-device",
];

impl SimulateOptions {
    /// The machine: `machine`, else the recorded machine file, else [`DEFAULT_MACHINE`]; restricted to
    /// `devices`.
    pub fn load_machine(&self) -> Result<Machine, Diag> {
        match (&self.machine, &self.machine_toml) {
            (Some(spec), _) => load_machine(spec, self.devices),
            (None, Some((name, text))) => {
                let machine = Machine::from_toml(text, &format!("par.machine \"{name}\""))
                    .map_err(machine_diag)?;
                match self.devices {
                    Some(n) => machine.with_devices(n).map_err(machine_diag),
                    None => Ok(machine),
                }
            }
            (None, None) => load_machine(DEFAULT_MACHINE, self.devices),
        }
    }

    /// The `--machine` spec in use (a preset name or a file), for the record of a written strategy.
    pub fn machine_spec(&self) -> &str {
        self.machine.as_deref().unwrap_or(DEFAULT_MACHINE)
    }
}

/// A machine error as a diagnostic at its file position (when it comes from a file).
pub(crate) fn machine_diag(e: flexc_core::MachineError) -> Diag {
    let location = e.location.map(|l| FileLoc {
        file: l.file,
        line: l.line,
        column: l.col,
    });
    let message = match e.key {
        Some(key) if !e.message.contains(&key) => format!("'{key}': {}", e.message),
        _ => e.message,
    };
    Diag::error(location, message)
}

/// The machine of `spec`: a preset name, else a TOML file.
pub fn load_machine(spec: &str, devices: Option<DeviceCount>) -> Result<Machine, Diag> {
    Machine::from_spec(spec, devices).map_err(machine_diag)
}

/// `Err` when the entry function carries a strategy (`par.config` on some op) that does not cover the
/// graph `imported` holds: a graph op without one, or an annotated op that is no graph op (a
/// `#par.import` edited to other data or weight arguments turns ops into weight preprocessing).
/// Without this, `flexc --simulate` simulated another strategy (or an empty graph) while `flexc-run`
/// ran the annotations.
pub fn check_annotations_cover(imported: &Imported) -> Result<(), Diag> {
    if imported.configured.is_empty() {
        return Ok(());
    }
    let module = || FileLoc::parse(&imported.location);
    if let Some(op) = imported.ops.iter().find(|op| op.config.is_none()) {
        return Err(Diag::error(
            FileLoc::parse(&op.location).or_else(module),
            format!(
                "'{}' op has no par.config, but {} other ops of the entry function carry one: a strategy annotates every graph op; give this one a par.config, or check the module's par.import (its data and weight arguments decide the graph)",
                op.name,
                imported.configured.len()
            ),
        ));
    }
    let graph_ops: std::collections::HashSet<&str> =
        imported.ops.iter().map(|op| op.location.as_str()).collect();
    let outside = imported
        .configured
        .iter()
        .filter(|at| !graph_ops.contains(at.as_str()))
        .count();
    if outside > 0 {
        let first = imported
            .configured
            .iter()
            .find(|at| !graph_ops.contains(at.as_str()))
            .expect("counted");
        return Err(Diag::error(
            FileLoc::parse(first).or_else(module),
            format!(
                "this op carries a par.config but is not one of the {} graph ops the module imports to ({outside} such ops): the strategy was written for another graph; check the module's par.import (its data and weight arguments decide the graph), or search again with --search",
                imported.ops.len()
            ),
        ));
    }
    Ok(())
}

/// A strategy from the `#par.config` annotations of `imported` (one per graph op) with its schedule
/// (`#par.schedule` and every op's `par.stage`), or `None` when some op has no configuration. Errors
/// name the op whose annotation does not fit its iteration space or the replica's devices.
pub fn annotated_strategy(
    imported: &Imported,
    graph: &Graph,
    devices: u32,
) -> Result<Option<Strategy>, Diag> {
    check_annotations_cover(imported)?;
    if imported.ops.is_empty() || imported.ops.iter().any(|op| op.config.is_none()) {
        return Ok(None);
    }
    // Errors about the strategy as a whole are at the module, where its records are.
    let at = || FileLoc::parse(&imported.location);
    if imported.ops.len() != graph.num_ops() {
        return Err(Diag::error(
            at(),
            format!(
                "the strategy file has {} configured ops but the model has {}",
                imported.ops.len(),
                graph.num_ops()
            ),
        ));
    }
    let mut schedule = imported.schedule.clone().unwrap_or_default();
    if schedule.is_pipelined() {
        let mut stage_of = Vec::with_capacity(graph.num_ops());
        for op in &imported.ops {
            let stage = op.stage.ok_or_else(|| {
                Diag::error(
                    FileLoc::parse(&op.location),
                    format!(
                        "'{}' op has no par.stage, but the module's schedule has {} stages",
                        op.name,
                        schedule.virtual_stages()
                    ),
                )
            })?;
            stage_of.push(stage);
        }
        schedule.stage_of = stage_of;
    }
    schedule
        .check(devices, graph.num_ops())
        .map_err(|m| Diag::error(at(), format!("par.schedule: {m}")))?;
    flexc_core::pipeline::batch_cut(graph, imported.batch_dim, &schedule)
        .map_err(|m| Diag::error(at(), format!("par.schedule: {m}")))?;
    if !schedule.is_pipelined() {
        if let Some((op, stage)) = imported
            .ops
            .iter()
            .find_map(|op| op.stage.filter(|&s| s > 0).map(|s| (op, s)))
        {
            // A stage past 0 with no pipeline to put it on: the par.schedule it was written with is gone
            // or edited to one stage, and every reader would otherwise run the ops as one stage.
            return Err(Diag::error(
                FileLoc::parse(&op.location),
                format!(
                    "'{}' op is on par.stage {stage}, but the module's schedule has one stage ({}): restore the par.schedule the strategy was written with, or drop par.stage",
                    op.name,
                    match &imported.schedule {
                        Some(_) => "its par.schedule has stages = 1 and chunks = 1",
                        None => "it has no par.schedule",
                    }
                ),
            ));
        }
    }
    let width = schedule.replica_width(devices);
    let mut configs = Vec::with_capacity(graph.num_ops());
    for (op, graph_op) in imported.ops.iter().zip(graph.ops()) {
        let config = op.config.clone().expect("checked above");
        // Sizes are checked against the micro-batch when the schedule is simulated; devices here,
        // where the location is the annotated op's own.
        let check = if schedule.micro_batches > 1 || schedule.replicas > 1 {
            let target = flexc_core::ConfigTarget {
                sizes: None,
                partitionable: graph_op.is_partitionable(),
                devices: flexc_core::DeviceCount::new(u64::from(width)).ok(),
                copies: false,
            };
            config
                .check(&target)
                .map_err(|e| format!("'{}' op {e}", graph_op.name))
        } else {
            config.validate(graph_op, width)
        };
        check.map_err(|message| Diag::error(FileLoc::parse(&op.location), message))?;
        configs.push(config);
    }
    Ok(Some(Strategy { configs, schedule }))
}

/// The baseline called `name` over all devices of `machine`.
pub fn baseline(name: &str, graph: &Graph, machine: &Machine) -> Option<Strategy> {
    let n = machine.num_devices();
    Some(match name {
        "data-parallel" => baselines::data_parallel(graph, n),
        "model-parallel" => baselines::model_parallel(graph, n),
        "owt" => baselines::one_weird_trick(graph, n),
        "megatron" => baselines::megatron(graph, n, machine.gpus_per_node),
        "expert-parallel" => baselines::expert_parallel(graph, n),
        "context-parallel" => baselines::context_parallel(graph, n),
        "single-device" => Strategy::single_device(graph),
        _ => return None,
    })
}

/// What a simulation produced, written by the driver only when everything succeeded.
pub struct Simulated {
    /// The human-readable report.
    pub text: String,
    /// `--report` contents.
    pub json: Option<String>,
    /// `--trace` contents.
    pub trace: Option<String>,
    /// Warnings for standard error (devices left idle).
    pub warnings: String,
}

/// Simulates `strategy` (named `strategy_name`) of `graph` on `machine`.
#[allow(clippy::too_many_arguments)]
pub fn simulate(
    model: &str,
    graph: &Graph,
    machine: &Machine,
    cost: &CostModel,
    mode: flexc_core::Mode,
    strategy_name: &str,
    strategy: Strategy,
    options: &SimulateOptions,
) -> Result<Simulated, Diag> {
    let coverage = (!cost.profile().is_empty()).then(|| measured_ops(graph, cost, &strategy));
    let idle = idle_devices(&strategy, machine.num_devices());
    let warnings = idle_warning(
        &format!("strategy '{strategy_name}'"),
        graph,
        &idle,
        machine.num_devices(),
    )
    .unwrap_or_default();
    let sim = Simulator::new(graph, machine, cost, mode, strategy).map_err(|e| {
        Diag::error(
            FileLoc::parse(&e.location),
            format!("strategy '{strategy_name}' is invalid: {}", e.message),
        )
    })?;
    let report = sim.report();
    let profile = coverage.map_or(String::new(), |(measured, ops)| {
        format!("profile: {measured} of {ops} ops measured (the others estimated)\n")
    });
    let state = cost.state();
    let setup = if state == WeightState::default() {
        String::new()
    } else {
        format!("training: {}\n", state.flags())
    };
    let text = format!("model: {model}\nstrategy: {strategy_name}\n{setup}{profile}{report}");
    if let Some(message) = over_memory(strategy_name, &report) {
        return Err(Diag::error(None, format!("{message}\n{text}")));
    }
    let json = options
        .report
        .as_ref()
        .map(|_| json_report(model, machine, strategy_name, state, &report));
    let trace = options.trace.as_ref().map(|_| sim.chrome_trace());
    Ok(Simulated {
        text,
        json,
        trace,
        warnings,
    })
}

/// The devices among the first `devices` that `strategy` gives no task.
pub fn idle_devices(strategy: &Strategy, devices: u32) -> Vec<DeviceId> {
    let mut used = vec![false; devices as usize];
    // Configurations name replica 0's devices; every replica runs the same on its own.
    let replicas = strategy.schedule.replicas.max(1);
    let width = strategy.schedule.replica_width(devices);
    for config in &strategy.configs {
        for d in &config.devices {
            for r in 0..replicas {
                if let Some(slot) = used.get_mut((d.0 + r * width) as usize) {
                    *slot = true;
                }
            }
        }
    }
    (0..devices)
        .filter(|&d| !used[d as usize])
        .map(DeviceId)
        .collect()
}

/// The warning line for `what` (a strategy) leaving `idle` of `devices` devices without work, with the
/// reason when the batch does not divide into the devices (data parallelism splits it
/// `gcd(batch, devices)` ways); `None` when no device is idle.
pub fn idle_warning(what: &str, graph: &Graph, idle: &[DeviceId], devices: u32) -> Option<String> {
    if idle.is_empty() {
        return None;
    }
    Some(format!(
        "flexc: warning: {what} leaves {} of {devices} devices idle: {}{}\n",
        idle.len(),
        flexc_core::units::devices(idle),
        batch_reason(graph, devices)
    ))
}

/// ` (the batch of 512 does not divide into 3 devices: ...)` when it does not, else empty.
pub fn batch_reason(graph: &Graph, devices: u32) -> String {
    let batch = baselines::batch_of(graph);
    if batch > 0 && batch % u64::from(devices) != 0 {
        format!(
            " (the batch of {batch} does not divide into {devices} devices: data parallelism splits it {} ways)",
            gcd(batch, u64::from(devices))
        )
    } else {
        String::new()
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Why `report`'s strategy does not fit device memory, summarised (how many devices, the worst one, the
/// capacity); `None` when it fits.
pub fn over_memory(strategy_name: &str, report: &Report) -> Option<String> {
    let over: Vec<_> = report.devices.iter().filter(|d| d.over_capacity).collect();
    let worst = over
        .iter()
        .max_by_key(|d| (d.peak_memory, std::cmp::Reverse(d.device)))?;
    let devices = if over.len() == 1 {
        format!("{} of {} devices", 1, report.devices.len())
    } else {
        format!(
            "{} of {} devices ({})",
            over.len(),
            report.devices.len(),
            flexc_core::units::devices(&over.iter().map(|d| d.device).collect::<Vec<_>>())
        )
    };
    Some(format!(
        "strategy '{strategy_name}' does not fit in device memory: {devices} need more than their {}; the worst, {}, needs {}",
        flexc_core::units::bytes(report.memory_capacity),
        worst.device,
        flexc_core::units::bytes(worst.peak_memory)
    ))
}

/// How many ops of `graph` have a profile entry for their task shape under `strategy` (of all ops).
pub fn measured_ops(graph: &Graph, cost: &CostModel, strategy: &Strategy) -> (usize, usize) {
    let measured = graph
        .ops()
        .iter()
        .zip(&strategy.configs)
        .filter(|(op, config)| cost.measurement(op, &config.task_extents(op)).is_some())
        .count();
    (measured, graph.num_ops())
}

/// The keys every report starts with: what was simulated, on what, trained how (the training state's
/// flags and the engine profile it is exactly, if any). Both the flat report ([`json_report`]) and a
/// scheduled strategy's (`crate::scheduled_report::report`) build on it.
pub fn report_header(
    model: &str,
    machine: &Machine,
    strategy: &str,
    state: WeightState,
) -> serde_json::Map<String, serde_json::Value> {
    let value = json!({
        "model": model,
        "machine": machine.name,
        "devices": machine.num_devices(),
        "strategy": strategy,
        "precision": state.precision.name(),
        "optimizer": state.optimizer.name(),
        "attention": state.attention.name(),
        "pointwise": state.pointwise.name(),
        "norm": state.norm.name(),
        "data_parallel": state.data_parallel.name(),
        "tp_comm": state.tp_comm.name(),
        "fsdp": state.fsdp.name(),
        "loss": state.loss.name(),
        "grad_buffer": state.grad_buffer.name(),
        "moe_probs": state.moe_probs.name(),
        "engine": flexc_core::engine::Engine::of_state(state).map(|e| e.name),
    });
    match value {
        serde_json::Value::Object(map) => map,
        _ => unreachable!("json! of an object literal is an object"),
    }
}

/// The machine-readable report (see the module doc for the keys).
pub fn json_report(
    model: &str,
    machine: &Machine,
    strategy: &str,
    state: WeightState,
    report: &Report,
) -> String {
    let mut value = serde_json::Value::Object(report_header(model, machine, strategy, state));
    if let (Some(map), serde_json::Value::Object(facts)) =
        (value.as_object_mut(), simulation_facts(report))
    {
        map.extend(facts);
    }
    let mut text = serde_json::to_string_pretty(&value).expect("JSON values always serialize");
    text.push('\n');
    text
}

/// What one simulated iteration of a strategy comes to, as JSON: the keys a `--simulate` report and a search
/// report share (`mode`, `iteration_time_s`, `breakdown`, per-device memory and utilization, task,
/// transfer and all-reduce counts and bytes), so that a search's result can be compared term by term with a
/// baseline's.
pub fn simulation_facts(report: &Report) -> serde_json::Value {
    let c = &report.critical_path;
    json!({
        "mode": report.mode_name(),
        "iteration_time_s": report.iteration_time_s,
        "breakdown": {
            "compute_s": c.compute_s,
            "communication_s": c.communication_s,
            "weight_sync_s": c.weight_sync_s,
            "forward_work_s": report.forward_s,
            "backward_work_s": report.backward_s,
        },
        "peak_memory_bytes": report.devices.iter().map(|d| d.peak_memory).collect::<Vec<_>>(),
        "weight_memory_bytes": report.devices.iter().map(|d| d.weight_memory).collect::<Vec<_>>(),
        "parameter_bytes": report.devices.iter().map(|d| d.parameter_memory).collect::<Vec<_>>(),
        "utilization": report.devices.iter().map(|d| d.utilization).collect::<Vec<_>>(),
        "memory_capacity_bytes": report.memory_capacity,
        "tasks": report.tasks,
        "transfers": report.transfers,
        "transfer_bytes": report.transfer_bytes,
        "all_reduces": report.all_reduces,
        "all_reduce_bytes": report.all_reduce_bytes,
        "all_to_alls": report.all_to_alls,
        "all_to_all_bytes": report.all_to_all_bytes,
    })
}

/// The cost model of `machine`, with a profile database when given.
/// The cost model of `machine` for the training setup `state` (an error when the machine cannot run its
/// precision), with the measurements of `profile_db`.
pub fn cost_model(
    machine: &Machine,
    state: WeightState,
    profile_db: Option<&str>,
) -> Result<CostModel, Diag> {
    let cost = CostModel::new(&machine.gpu)
        .with_state(state)
        .map_err(|message| Diag::error(None, message))?;
    match profile_db {
        Some(path) => {
            let db = ProfileDb::load(std::path::Path::new(path)).map_err(|e| {
                let location = e.location.map(|l| FileLoc {
                    file: l.file,
                    line: l.line,
                    column: l.col,
                });
                Diag::error(location, e.message)
            })?;
            Ok(cost.with_profile(db))
        }
        None => Ok(cost),
    }
}
