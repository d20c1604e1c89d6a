//! The driver's outputs besides the module: `--emit=shard` (the strategy as Shardy shardings),
//! the engine exports (`--emit=jax-shardings`, `torch-plan`, `sdy`), the training frameworks'
//! configurations (`--emit=megatron-args`, `torchtitan`, `maxtext`) and the mesh strategy's simulated cost.

use super::*;

/// `--emit=shard`: the strategy (the module's own `#par.config` on every graph op, else the search's)
/// rewritten as `shard` annotations by `par-export-shard`; unexpressible configurations are listed in a
/// warning.
pub(super) fn shard_output(
    module: &Module,
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
) -> Result<(), Diag> {
    let annotated = !imported.ops.is_empty() && imported.ops.iter().all(|op| op.config.is_some());
    // The search may inline calls (per-call configurations): the ops are then imported again.
    let mut searched = None;
    if !annotated && !imported.ops.is_empty() {
        if options.pass_pipeline.is_none() && options.search.algorithm.is_some() {
            search_and_annotate(module, imported, options, name, compiled)?;
            let mut own = Vec::new();
            searched = Some(
                import_module(module, options, false, &mut own).ok_or_else(|| {
                    Diag::error(
                        None,
                        "the searched module could not be imported again (a flexc bug)".to_string(),
                    )
                })?,
            );
        } else {
            return Err(Diag::error(
                None,
                "--emit=shard needs a strategy: run the search (the default pipeline with a --search other than none) or give a .par.mlir input with a #par.config on every graph op".to_string(),
            ));
        }
    }
    // The graph ops in import order, each carrying the configuration to export.
    let ops: Vec<mlir_sys::MlirOperation> = searched
        .as_ref()
        .unwrap_or(imported)
        .ops
        .iter()
        .map(|op| mlir_sys::MlirOperation {
            ptr: op.handle as *mut std::ffi::c_void,
        })
        .collect();
    let report = flexc_passes::par_export_shard::export(module.as_operation().to_raw(), &ops)
        .map_err(|e| Diag::error(None, e))?;
    compiled.notes.push_str(&report.warning("--emit=shard"));
    if !module.as_operation().verify() {
        return Err(Diag::error(
            None,
            "flexc built an invalid shard module (a flexc bug)".to_string(),
        ));
    }
    Ok(())
}

/// `--emit=jax-shardings`, `--emit=torch-plan` and `--emit=sdy`: the strategy (the module's own, else
/// the search's) as the JSON of [`crate::jax::shardings`] or [`crate::torch::plan`], or written into
/// `module` as Shardy shardings ([`crate::sdy::annotate`]; `None`: the module is the output); what the
/// engine's plan cannot express is a warning in the notes.
pub(super) fn engine_output(
    emit: Emit,
    module: &Module,
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
) -> Result<Option<String>, Diag> {
    let flag = match emit {
        Emit::TorchPlan => "--emit=torch-plan",
        Emit::Sdy => "--emit=sdy",
        Emit::MegatronArgs => "--emit=megatron-args",
        Emit::Torchtitan => "--emit=torchtitan",
        Emit::Maxtext => "--emit=maxtext",
        _ => "--emit=jax-shardings",
    };
    if emit == Emit::Sdy {
        // Before the search: only a StableHLO program can carry Shardy shardings.
        crate::sdy::check_stablehlo(module)?;
    }
    let machine = options.simulate.load_machine()?;
    let devices = u64::from(machine.num_devices());
    let strategy = if keeps_strategy(imported, options) {
        let kept = simulate::annotated_strategy(imported, &imported.graph, machine.num_devices())?;
        if let Some(strategy) = &kept {
            check_kept(imported, options, &machine, strategy)?;
        }
        kept
    } else if options.pass_pipeline.is_none() && options.search.algorithm.is_some() {
        if imported.graph.num_ops() == 0 {
            return Err(Diag::error(
                None,
                format!("{flag}: the entry function has no op to partition"),
            ));
        }
        Some(search_and_annotate(module, imported, options, name, compiled)?.1)
    } else {
        None
    };
    let Some(strategy) = strategy else {
        return Err(Diag::error(
            None,
            format!("{flag} needs a strategy: run the search (the default pipeline with a --search other than none) or give a .par.mlir input with a #par.config on every graph op"),
        ));
    };
    if matches!(emit, Emit::MegatronArgs | Emit::Torchtitan | Emit::Maxtext) {
        return trainer_config(emit, flag, imported, options, &machine, &strategy, compiled)
            .map(Some);
    }
    let model = name.rsplit('/').next().unwrap_or(name);
    let torch = (emit == Emit::TorchPlan).then(|| {
        crate::torch::Export::new(
            imported,
            &strategy,
            devices,
            options.mode == Some(Mode::TrainingStep),
            options.batch_dim.unwrap_or(0),
        )
    });
    // What JAX's and Shardy's plans run: the nearest mesh strategy.
    let mesh = options.mesh.as_deref();
    let nearest = || crate::jax::nearest_mesh_strategy(&strategy, mesh);
    let (text, warnings) = match emit {
        Emit::TorchPlan => {
            let export = torch.as_ref().expect("made for --emit=torch-plan");
            // The cost of what torch runs: the nearest strategy with the plan's own changes.
            let cost = |runs: &flexc_core::Strategy| {
                strategy_cost(imported, options, &machine, &strategy, runs)
            };
            let sim = &options.simulate;
            let costs = simulate::cost_model(&machine, sim.state, sim.profile_db.as_deref())?;
            let problem = problem_of(imported, options, &machine, &costs);
            let sequence_parallel = crate::megatron_args::sequence_parallel(&problem, &strategy);
            let (text, warnings) = crate::torch::plan(
                model,
                imported,
                &strategy,
                devices,
                export,
                sequence_parallel,
                &cost,
            )?;
            (Some(text), warnings)
        }
        Emit::Sdy => {
            let cost = strategy_cost(imported, options, &machine, &strategy, &nearest())?;
            let export = crate::jax::export(model, imported, &strategy, devices, mesh)?;
            crate::sdy::annotate(module, imported, &export)?;
            (None, export.warnings.into_iter().chain(cost).collect())
        }
        _ => {
            let cost = strategy_cost(imported, options, &machine, &strategy, &nearest())?;
            let (text, warnings) =
                crate::jax::shardings(model, imported, &strategy, devices, mesh, cost.as_deref())?;
            (Some(text), warnings)
        }
    };
    for warning in warnings {
        compiled
            .notes
            .push_str(&format!("flexc: warning: {flag}: {warning}\n"));
    }
    Ok(text)
}

/// `--emit=megatron-args`, `torchtitan` and `maxtext`: `strategy` as a training framework's
/// configuration ([`crate::megatron_args::args`], [`crate::torchtitan::job_config`],
/// [`crate::maxtext::config`]); what the framework cannot run is an
/// error (nothing is written), what it runs otherwise a warning.
fn trainer_config(
    emit: Emit,
    flag: &str,
    imported: &Imported,
    options: &Options,
    machine: &flexc_core::Machine,
    strategy: &flexc_core::Strategy,
    compiled: &mut Compiled,
) -> Result<String, Diag> {
    let sim = &options.simulate;
    let cost = simulate::cost_model(machine, sim.state, sim.profile_db.as_deref())?;
    let problem = problem_of(imported, options, machine, &cost);
    let error = |m: String| Diag::error(None, format!("{flag}: {m}"));
    let plan = crate::megatron_args::Plan::of(&problem, strategy).map_err(error)?;
    let precision = sim.state.precision;
    let (text, warnings) = match emit {
        Emit::MegatronArgs => (
            crate::megatron_args::args(&plan, precision).map_err(error)?,
            Vec::new(),
        ),
        Emit::Maxtext => {
            crate::maxtext::config(&plan, precision, machine.gpus_per_node).map_err(error)?
        }
        _ => crate::torchtitan::job_config(&plan, precision).map_err(error)?,
    };
    for warning in warnings {
        compiled
            .notes
            .push_str(&format!("flexc: warning: {flag}: {warning}\n"));
    }
    Ok(text)
}

/// The warning that gives the simulated cost of what an engine export changes: `nearest`, the strategy
/// the engine runs ([`crate::jax::nearest_mesh_strategy`], [`crate::torch::Export::nearest`]), next to
/// the strategy exported from, both simulated on the machine of the run; `None` when the export changes
/// no configuration or schedule.
pub(super) fn strategy_cost(
    imported: &Imported,
    options: &Options,
    machine: &flexc_core::Machine,
    strategy: &flexc_core::Strategy,
    nearest: &flexc_core::Strategy,
) -> Result<Option<String>, Diag> {
    if nearest == strategy {
        return Ok(None);
    }
    let sim = &options.simulate;
    let cost = simulate::cost_model(machine, sim.state, sim.profile_db.as_deref())?;
    let problem = problem_of(imported, options, machine, &cost);
    // The task simulator for a flat strategy, the pipeline model for a schedule (as `--simulate`).
    let simulated = |strategy: &flexc_core::Strategy| -> Result<f64, String> {
        if strategy.schedule.is_flat() {
            flexc_core::Simulator::new(
                problem.graph,
                machine,
                &cost,
                problem.mode,
                strategy.clone(),
            )
            .map(|simulator| simulator.report().iteration_time_s)
            .map_err(|e| e.message)
        } else {
            flexc_core::pipeline::evaluate(&problem, strategy)
                .map(|e| e.iteration_s)
                .map_err(|e| e.message)
        }
    };
    let what = if nearest.schedule.virtual_stages() > 1 {
        "pipeline"
    } else {
        "mesh strategy"
    };
    let (exported, original) = match (simulated(nearest), simulated(strategy)) {
        (Ok(exported), Ok(original)) => (exported, original),
        (Err(e), _) | (_, Err(e)) => {
            return Ok(Some(format!(
                "the {what} exported (the changes above) could not be simulated: {e}"
            )))
        }
    };
    let from = match &sim.strategy {
        Some(name) => format!("for {name}"),
        None if keeps_strategy(imported, options) => "for the module's strategy".to_string(),
        None => "searched".to_string(),
    };
    Ok(Some(format!(
        "the {what} exported (the changes above) is simulated at {:.3} ms vs {:.3} ms {from} ({:+.1}%)",
        exported * 1e3,
        original * 1e3,
        (exported / original - 1.0) * 100.0
    )))
}

/// The search problem of an imported model under `options`, on `machine` with `cost`.
fn problem_of<'a>(
    imported: &'a Imported,
    options: &Options,
    machine: &'a flexc_core::Machine,
    cost: &'a flexc_core::CostModel,
) -> flexc_core::problem::Problem<'a> {
    flexc_core::problem::Problem {
        graph: &imported.graph,
        machine,
        cost,
        mode: options.mode.unwrap_or(Mode::Training),
        batch_dim: options.batch_dim.unwrap_or(0),
    }
}
