//! `par-search`: searches a parallelization strategy for the module and writes it as annotations —
//! `#par.config` on every graph op, `#par.machine` on the module (docs/design.md, "Search").
//!
//! The pass imports the module (with the same settings as `par-import`, which are also its options),
//! resolves the machine and cost model, runs one of flexc-core's [`ALGORITHMS`] under a [`Budget`] and
//! writes the strategy it finds. The driver's default path runs the same code ([`search_and_annotate`]) on
//! the graph it imported once, so
//!
//! ```text
//! flexc m.mlir --pass-pipeline='builtin.module(par-import,par-search{machine=p100-4x4 devices=16 budget=2000 seed=1})'
//! ```
//!
//! writes the same annotations as `flexc m.mlir --machine=p100-4x4 --devices=16 --search-budget=2000
//! --seed=1`. The driver also prints the comparison with the baselines and writes `--report`; the pass only
//! annotates. A module without graph ops is left as it is.
//!
//! Options: `machine` (a preset or a TOML file), `devices` (0: all of the machine's), `budget` (a proposal
//! count, deterministic for a seed, or a wall time `5s`/`500ms`/`2m` bounding the whole search), `seed`,
//! `algorithm` (a name of [`ALGORITHMS`]), `mode` (`train`, `as-is`, `inference`), `profile-db` (a profile
//! database overriding the roofline estimates), and the import options of `par-import`.

use crate::{
    emit_error,
    import::{self, ImportOptions, Imported, IMPORT_OPTIONS},
    OptionKind, Options, PassId, PassInfo, PassOption,
};
use flexc_core::{
    baselines,
    machine::Machine,
    precision::{Optimizer, Precision, WeightState},
    problem::Problem,
    search::{self, Budget, Found, Run, SearchAlgorithm, ALGORITHMS},
    CostModel, Mode, ProfileDb, Simulator, Strategy,
};
use melior::ir::{operation::OperationLike, OperationRef};
use std::collections::HashMap;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-search",
    summary:
        "Search a parallelization strategy and annotate it (#par.config on graph ops, #par.machine)",
    options: &OPTIONS,
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

static OPTIONS: [PassOption; 24] = [
    PassOption {
        name: "machine",
        help: "machine preset (p100-4x4, k80-16x4, dgx1-v100:NODES, dgx-a100:NODES, dgx-h100:NODES, dgx-h200:NODES) or machine TOML file",
        default: "dgx-a100:1",
        kind: OptionKind::Text,
    },
    PassOption {
        name: "devices",
        help: "use only the first N devices of the machine (0: all of them)",
        default: "0",
        kind: OptionKind::DeviceCount,
    },
    PassOption {
        name: "budget",
        help: "a number of proposals (same seed, same strategy) or a wall time (5s, 500ms, 2m) bounding the whole search",
        default: "4000",
        kind: OptionKind::Checked {
            values: "N|Ns|Nms|Nm",
            check: check_budget,
        },
    },
    PassOption {
        name: "seed",
        help: "seed of the randomized search",
        default: "0",
        kind: OptionKind::Unsigned,
    },
    PassOption {
        name: "algorithm",
        help: "the search algorithm (flexc --help lists them)",
        default: "mcmc",
        kind: OptionKind::Checked {
            values: "algorithm",
            check: check_algorithm,
        },
    },
    PassOption {
        name: "mode",
        help: "train: add backward work and weight synchronization; as-is: the graph is a whole step; inference",
        default: "train",
        kind: OptionKind::OneOf(&Mode::WORDS),
    },
    PassOption {
        name: "precision",
        help: "training precision: fp32, tf32 (TF32 matrix rate), fp16/bf16 (mixed precision as PyTorch AMP), fp8 (Transformer Engine: FP8 products, bf16 elsewhere)",
        default: "fp32",
        kind: OptionKind::OneOf(&["fp32", "tf32", "fp16", "bf16", "fp8"]),
    },
    PassOption {
        name: "optimizer",
        help: "optimizer state per parameter, for memory: sgd (none), sgd-momentum (one f32), adam (two f32)",
        default: "sgd-momentum",
        kind: OptionKind::OneOf(&["sgd", "sgd-momentum", "adam"]),
    },
    PassOption {
        name: "attention",
        help: "how attention runs, for memory: fused (FlashAttention: scores never stored), as-written (scores stored for the backward)",
        default: "fused",
        kind: OptionKind::OneOf(&["fused", "flash2", "as-written"]),
    },
    PassOption {
        name: "pointwise",
        help: "how pointwise chains run, for time: fused (one kernel per chain), eager (one kernel per op)",
        default: "fused",
        kind: OptionKind::OneOf(&["fused", "eager"]),
    },
    PassOption {
        name: "norm",
        help: "how batch normalization runs, for time: fused (the native kernels: two passes in the activation dtype, f32 statistics), as-written",
        default: "fused",
        kind: OptionKind::OneOf(&["fused", "as-written"]),
    },
    PassOption {
        name: "data-parallel",
        help: "how data-parallel gradients are reduced: overlapped (with the backward; ZeRO available), after-backward (one all-reduce after it, no ZeRO)",
        default: "overlapped",
        kind: OptionKind::OneOf(&["overlapped", "after-backward"]),
    },
    PassOption {
        name: "tp-comm",
        help: "how tensor-parallel collectives run, for time: exposed (beside nothing), overlapped (pipelined with the adjacent product)",
        default: "exposed",
        kind: OptionKind::OneOf(&["exposed", "overlapped"]),
    },
    PassOption {
        name: "fsdp",
        help: "what a zero=3 engine moves besides its collectives, for time and memory: in-place (nothing), per-parameter (FSDP2's copies into and out of its buffers), flat-autocast (FSDP1 under autocast with f32 parameters)",
        default: "in-place",
        kind: OptionKind::OneOf(&["in-place", "per-parameter", "flat-autocast"]),
    },
    PassOption {
        name: "loss",
        help: "how a language-model head's cross-entropy runs, for time and memory: as-written (every op its own kernel, its intermediates in memory), fused (one kernel forward and one backward: only the logits and their gradient reach memory)",
        default: "as-written",
        kind: OptionKind::OneOf(&["as-written", "fused"]),
    },
    PassOption {
        name: "grad-buffer",
        help: "the data-parallel gradient buffer's type, for memory: f32, half (the 16-bit compute type: Megatron-Core with grad_reduce_in_fp32=False)",
        default: "f32",
        kind: OptionKind::OneOf(&["f32", "half"]),
    },
    PassOption {
        name: "moe-probs",
        help: "where mixture-of-experts layers apply their routing probabilities, for memory: as-written (after the experts' down projection, its output kept), before-down (inside the experts, as Megatron-Core's grouped MLP)",
        default: "as-written",
        kind: OptionKind::OneOf(&["as-written", "before-down"]),
    },
    PassOption {
        name: "profile-db",
        help: "profile database (JSON lines) overriding the roofline estimates",
        default: "",
        kind: OptionKind::Text,
    },
    IMPORT_OPTIONS[0],
    IMPORT_OPTIONS[1],
    IMPORT_OPTIONS[2],
    IMPORT_OPTIONS[3],
    IMPORT_OPTIONS[4],
    IMPORT_OPTIONS[6],
];

fn check_budget(text: &str) -> Result<(), String> {
    Budget::parse(text).map(drop)
}

fn check_algorithm(name: &str) -> Result<(), String> {
    search::algorithm(name).map(drop).ok_or_else(|| {
        format!(
            "unknown search algorithm '{name}' (expected one of {})",
            search::algorithm_names().join(", ")
        )
    })
}

/// What to search, resolved: the machine, the cost model, the algorithm and how it runs.
pub struct Request<'a> {
    pub machine: &'a Machine,
    pub cost: &'a CostModel,
    /// Resolved (not `auto`).
    pub mode: Mode,
    /// The data inputs' batch dim.
    pub batch_dim: usize,
    pub algorithm: &'a dyn SearchAlgorithm,
    pub run: Run,
}

/// What the pass wrote.
#[derive(Clone, Debug, Default)]
pub struct Annotated {
    /// The configuration written on each MLIR op, by [`import::ImportedOp::handle`].
    pub written: HashMap<usize, flexc_core::Config>,
    /// Ops of functions called several times whose calls got different configurations (the first call's is
    /// written).
    pub conflicts: usize,
}

/// A baseline of the search table with its simulated iteration time (`None`: it does not fit memory or
/// cannot run).
pub type BaselineTime = (&'static str, Strategy, Option<f64>);

/// Devices from which the search table's baselines are scheduled strategies, simulated symmetrically.
pub const SYMMETRIC_FROM: u32 = 64;

/// The baselines of the search table: on up to [`SYMMETRIC_FROM`] devices the flat ones of
/// [`baselines::all`]; beyond, data parallelism and Megatron as scheduled strategies (replicas simulated
/// symmetrically), since per-device simulations of thousands of devices would take longer than the
/// search.
pub fn table_baselines(problem: &Problem) -> Vec<(&'static str, Strategy)> {
    if problem.machine.num_devices() <= SYMMETRIC_FROM {
        return baselines::all(problem.graph, problem.machine)
            .into_iter()
            .map(|b| (b.name, b.strategy))
            .collect();
    }
    use flexc_core::schedule::spec::Spec;
    let mut out = Vec::new();
    // `data-parallel:tp=1,pp=1` and `megatron:pp=1`.
    for (name, spec) in [
        (
            "data-parallel",
            Spec {
                name: "data-parallel".into(),
                tp: Some(1),
                pp: Some(1),
                ..Spec::default()
            },
        ),
        (
            "megatron",
            Spec {
                name: "megatron".into(),
                pp: Some(1),
                ..Spec::default()
            },
        ),
    ] {
        if let Ok(strategy) = flexc_core::scheduled::build(problem, &spec) {
            out.push((name, strategy));
        }
    }
    out
}

/// The simulated iteration time of a table baseline, `None` where it does not fit memory or cannot run.
pub fn baseline_time(problem: &Problem, strategy: &Strategy) -> Option<f64> {
    if strategy.schedule.is_flat() {
        Simulator::new(
            problem.graph,
            problem.machine,
            problem.cost,
            problem.mode,
            strategy.clone(),
        )
        .ok()
        .filter(Simulator::fits_memory)
        .map(|s| s.iteration_time())
    } else {
        // Weight state alone over a device (core::search::weight_state_bytes): no simulation.
        let schedule = &strategy.schedule;
        let shards = problem.machine.num_devices() / schedule.replicas.max(1);
        let floor = flexc_core::search::weight_state_bytes(
            problem,
            shards,
            schedule.replicas,
            schedule.zero,
        );
        if floor > problem.machine.gpu.mem_capacity as f64 {
            return None;
        }
        flexc_core::pipeline::evaluate(problem, strategy)
            .ok()
            .filter(|e| e.fits_memory())
            .map(|e| e.iteration_s)
    }
}

/// The best strategy `request`'s algorithm finds for `imported`, and the search table's baselines with
/// their times; `Err` with a message when it finds none or none that fits device memory.
///
/// The baselines are simulated first, inside the run's deadline (on a large graph they take seconds).
/// Where they are scheduled strategies (beyond [`SYMMETRIC_FROM`] devices: evaluated by the same
/// pipeline model as the schedule search, memory included) they floor the result: the default search
/// is never worse than a row of its table, even when its deadline cut it short. (Below, MCMC scores them
/// as start points; PaSE and SoyBean are left as they are, to be compared.)
pub fn search(
    imported: &Imported,
    request: &Request,
) -> Result<(Found, Vec<BaselineTime>), String> {
    let problem = Problem {
        graph: &imported.graph,
        machine: request.machine,
        cost: request.cost,
        mode: request.mode,
        batch_dim: request.batch_dim,
    };
    let table: Vec<BaselineTime> = table_baselines(&problem)
        .into_iter()
        .map(|(name, strategy)| {
            let time = baseline_time(&problem, &strategy);
            (name, strategy, time)
        })
        .collect();
    let searched = request.algorithm.search(&problem, &request.run);
    let floor = table
        .iter()
        .filter(|(_, strategy, _)| !strategy.schedule.is_flat())
        .filter_map(|(name, strategy, time)| Some((time.as_ref()?, *name, strategy)))
        .min_by(|a, b| a.0.total_cmp(b.0));
    // A search that found nothing in its time still has the fitting baselines of its table.
    let mut found = match (searched, floor) {
        (Ok(found), _) => found,
        (Err(flexc_core::search::SearchError::Expired(_)), Some((&time, name, strategy))) => {
            Found {
                strategy: strategy.clone(),
                iteration_time_s: time,
                peak_memory: Vec::new(),
                fits_memory: true,
                found_by: format!("{name} (a baseline of the table)"),
                stop: flexc_core::search::StopReason::Time,
                proposals: 0,
                wall_s: 0.0,
                details: flexc_core::search::Details::Plan(Default::default()),
            }
        }
        (Err(e), _) => return Err(e.to_string().trim_start_matches("error: ").to_string()),
    };
    if let Some((&time, name, strategy)) = floor {
        if !found.fits_memory || time < found.iteration_time_s {
            found.strategy = strategy.clone();
            found.iteration_time_s = time;
            found.fits_memory = true;
            found.found_by = format!("{name} (a baseline of the table)");
        }
    }
    if !found.fits_memory {
        let (device, peak) = found
            .peak_memory
            .iter()
            .enumerate()
            .max_by_key(|&(_, &p)| p)
            .map(|(d, &p)| (d, p))
            .unwrap_or_default();
        return Err(format!(
            "no strategy found by {} fits device memory: gpu{device} needs {peak} bytes, which is over its {} bytes",
            request.algorithm.name(),
            request.machine.gpu.mem_capacity
        ));
    }
    Ok((found, table))
}

/// Writes `strategy` into `module`: `#par.config` on every graph op (the first call's for ops of functions
/// called several times) and `#par.machine` on the module.
pub fn annotate(
    module: &OperationRef<'_, '_>,
    imported: &Imported,
    strategy: &Strategy,
    machine: &Machine,
) -> Result<Annotated, String> {
    let mut annotated = Annotated::default();
    crate::import::write_names(module, imported)?;
    // A strategy the module carried before is replaced whole: an annotation left on an op that is no
    // graph op now (a module imported with other data arguments) would be read as part of this one.
    let graph_ops: std::collections::HashSet<usize> =
        imported.ops.iter().map(|op| op.handle).collect();
    module.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if !graph_ops.contains(&(op.to_raw().ptr as usize)) {
            for name in [
                flexc_dialects::names::CONFIG_ATTR,
                flexc_dialects::names::STAGE_ATTR,
            ] {
                remove_attribute(op.to_raw(), name);
            }
        }
        melior::ir::operation::WalkResult::Advance
    });
    for (op, config) in imported.ops.iter().zip(&strategy.configs) {
        // An op of a function called several times is one graph op per call: the first call's
        // configuration is the one written.
        if let Some(first) = annotated.written.get(&op.handle) {
            annotated.conflicts += usize::from(first != config);
            continue;
        }
        let handle = mlir_sys::MlirOperation {
            ptr: op.handle as *mut std::ffi::c_void,
        };
        set_attribute(
            handle,
            flexc_dialects::names::CONFIG_ATTR,
            &flexc_dialects::ConfigAttr::to_text(config),
        )?;
        annotated.written.insert(op.handle, config.clone());
    }
    // The schedule: on the module when it is not flat, and every op's stage when there are several.
    let schedule = &strategy.schedule;
    let pipelined = schedule.is_pipelined();
    let mut staged = std::collections::HashSet::new();
    for (i, op) in imported.ops.iter().enumerate() {
        let handle = mlir_sys::MlirOperation {
            ptr: op.handle as *mut std::ffi::c_void,
        };
        if pipelined {
            if staged.insert(op.handle) {
                let stage = schedule.stage_of(flexc_core::OpId::new(i));
                set_attribute(
                    handle,
                    flexc_dialects::names::STAGE_ATTR,
                    &format!("{stage} : i64"),
                )?;
            }
        } else {
            remove_attribute(handle, flexc_dialects::names::STAGE_ATTR);
        }
    }
    if schedule.is_flat() {
        remove_attribute(module.to_raw(), flexc_dialects::names::SCHEDULE_ATTR);
    } else {
        let text =
            <flexc_core::schedule::Schedule as flexc_dialects::ScheduleAttr>::to_text(schedule);
        set_attribute(module.to_raw(), flexc_dialects::names::SCHEDULE_ATTR, &text)?;
    }
    let machine_text = flexc_dialects::MachineAttr {
        name: machine.name.clone(),
        nodes: Some(machine.nodes),
        gpus_per_node: Some(machine.gpus_per_node),
        devices: flexc_core::DeviceCount::new(u64::from(machine.num_devices())).ok(),
        other: Vec::new(),
    }
    .to_text();
    set_attribute(
        module.to_raw(),
        flexc_dialects::names::MACHINE_ATTR,
        &machine_text,
    )?;
    Ok(annotated)
}

/// The pass on an imported module: [`search`], then [`annotate`]. The driver's default path calls this
/// with the graph it imported.
pub fn search_and_annotate(
    module: &OperationRef<'_, '_>,
    imported: &Imported,
    request: &Request,
) -> Result<(Found, Annotated), String> {
    let (found, _) = search(imported, request)?;
    let annotated = annotate(module, imported, &found.strategy, request.machine)?;
    Ok((found, annotated))
}

/// A machine read from a file (`machine=FILE.toml`) is recorded with the file's whole text as the
/// `toml` fact of `#par.machine`, as `flexc` records it: its name is no preset, so without the text
/// no reader of the written module could load it.
fn record_machine_file(
    module: &OperationRef<'_, '_>,
    spec: &str,
    machine: &Machine,
) -> Result<(), String> {
    if Machine::preset(spec).is_ok() {
        return Ok(());
    }
    let text = std::fs::read_to_string(spec)
        .map_err(|e| format!("cannot read the machine file '{spec}' again to record it: {e}"))?;
    let record = flexc_dialects::MachineAttr {
        name: machine.name.clone(),
        nodes: Some(machine.nodes),
        gpus_per_node: Some(machine.gpus_per_node),
        devices: flexc_core::DeviceCount::new(u64::from(machine.num_devices())).ok(),
        other: vec![(
            flexc_dialects::MACHINE_FILE_FACT.to_string(),
            flexc_dialects::escaped_string_literal(&text),
        )],
    };
    set_attribute(
        module.to_raw(),
        flexc_dialects::names::MACHINE_ATTR,
        &record.to_text(),
    )
}

/// Removes the discardable attribute `name` of `op`, if it has one.
fn remove_attribute(op: mlir_sys::MlirOperation, name: &str) {
    unsafe {
        mlir_sys::mlirOperationRemoveDiscardableAttributeByName(
            op,
            melior::StringRef::new(name).to_raw(),
        );
    }
}

/// Sets the discardable attribute `name` of `op` to the attribute `text` parses to.
pub fn set_attribute(op: mlir_sys::MlirOperation, name: &str, text: &str) -> Result<(), String> {
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(op);
        let attribute =
            mlir_sys::mlirAttributeParseGet(context, melior::StringRef::new(text).to_raw());
        if attribute.ptr.is_null() {
            return Err(format!("flexc built an unparsable attribute {text}"));
        }
        mlir_sys::mlirOperationSetDiscardableAttributeByName(
            op,
            melior::StringRef::new(name).to_raw(),
            attribute,
        );
    }
    Ok(())
}

/// The machine and cost model of the options; `Err` with the message (and file position) of a bad machine
/// or profile database.
fn resolve(options: &Options) -> Result<(Machine, CostModel), String> {
    let devices = options.device_count("devices");
    let strip = |text: String| text.replacen("error: ", "", 1);
    let machine =
        Machine::from_spec(options.get("machine"), devices).map_err(|e| strip(e.to_string()))?;
    let state = training_state(options);
    let cost = CostModel::new(&machine.gpu)
        .with_state(state)
        .map_err(strip)?;
    let cost = match options.get("profile-db") {
        "" => cost,
        path => cost.with_profile(
            ProfileDb::load(std::path::Path::new(path)).map_err(|e| strip(e.to_string()))?,
        ),
    };
    Ok((machine, cost))
}

/// The `precision` and `optimizer` options (both validated when the options were parsed).
fn training_state(options: &Options) -> WeightState {
    WeightState {
        precision: Precision::from_name(options.get("precision")).unwrap_or_default(),
        optimizer: Optimizer::from_name(options.get("optimizer")).unwrap_or_default(),
        attention: flexc_core::attention::Attention::from_name(options.get("attention"))
            .unwrap_or_default(),
        pointwise: flexc_core::engine_flags::Pointwise::from_name(options.get("pointwise"))
            .unwrap_or_default(),
        norm: flexc_core::norm::Norm::from_name(options.get("norm")).unwrap_or_default(),
        data_parallel: flexc_core::engine_flags::DataParallel::from_name(
            options.get("data-parallel"),
        )
        .unwrap_or_default(),
        tp_comm: flexc_core::engine_flags::TpComm::from_name(options.get("tp-comm"))
            .unwrap_or_default(),
        fsdp: flexc_core::engine_flags::Fsdp::from_name(options.get("fsdp")).unwrap_or_default(),
        loss: flexc_core::loss::Loss::from_name(options.get("loss")).unwrap_or_default(),
        grad_buffer: flexc_core::engine_flags::GradBuffer::from_name(options.get("grad-buffer"))
            .unwrap_or_default(),
        moe_probs: flexc_core::engine_flags::MoeProbs::from_name(options.get("moe-probs"))
            .unwrap_or_default(),
    }
}

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    let fail = |message: String| emit_error(module.location(), &message);
    let import_options = ImportOptions::from_pass_options(options);
    let mut imported = import::analyze(&module, &import_options, false).map_err(drop)?;
    // Mixed precision stores data in 16 bits.
    let precision = training_state(options).precision;
    if precision.half().is_some() {
        imported.graph = precision.graph(&imported.graph);
    }
    if imported.graph.num_ops() == 0 {
        return Ok(());
    }
    let (machine, cost) = resolve(options).map_err(fail)?;
    // Both were validated when the options were parsed.
    let budget = Budget::parse(options.get("budget")).map_err(fail)?;
    let algorithm = search::algorithm(options.get("algorithm"))
        .or(ALGORITHMS.first().copied())
        .ok_or(())?;
    // Validated when the options were parsed.
    let mode = Mode::from_word(options.get("mode")).ok_or(())?;
    let request = Request {
        machine: &machine,
        cost: &cost,
        mode,
        batch_dim: options.unsigned("batch-dim") as usize,
        algorithm,
        run: Run::new(budget, options.unsigned("seed")),
    };
    search_and_annotate(&module, &imported, &request).map_err(fail)?;
    record_machine_file(&module, options.get("machine"), &machine).map_err(fail)?;
    let record = import::record(&imported, &import_options, mode);
    set_attribute(
        module.to_raw(),
        flexc_dialects::names::IMPORT_ATTR,
        &record.to_text(),
    )
    .map_err(fail)
}
