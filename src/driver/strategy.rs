//! The strategy of a run: searched (with or without `par-substitute`'s rewrites) and annotated,
//! read from a file, or simulated.

use super::*;

/// Searches a strategy for the imported graph and writes it into `module` (the `par-search` pass's code):
/// `#par.config` on every graph op, `#par.machine` and `#par.import` on the module (`record`); or,
/// with `--strategy=NAME`, writes that baseline. Returns the configuration written for each MLIR op (by
/// `ImportedOp::handle`).
pub(super) fn search_and_annotate(
    module: &Module,
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
) -> Result<
    (
        std::collections::HashMap<usize, flexc_core::Config>,
        flexc_core::Strategy,
    ),
    Diag,
> {
    search_and_annotate_with(module, imported, options, name, compiled, None)
        .map(|searched| (searched.written, searched.strategy))
}

/// What [`search_and_annotate_with`] wrote.
pub(super) struct Searched {
    pub written: std::collections::HashMap<usize, flexc_core::Config>,
    pub strategy: flexc_core::Strategy,
    /// The schedule search's spec of the strategy, when that search found it.
    pub spec: Option<flexc_core::schedule::spec::Spec>,
    /// What found it (`pase`, `chain 1`, ...).
    pub found_by: String,
}

/// [`search_and_annotate`], with `warm` (a search from given start points) in place of the options'
/// algorithm when given.
pub(super) fn search_and_annotate_with(
    module: &Module,
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
    warm: Option<&dyn flexc_core::search::SearchAlgorithm>,
) -> Result<Searched, Diag> {
    let sim = &options.simulate;
    let machine = sim.load_machine()?;
    let cost = simulate::cost_model(&machine, sim.state, sim.profile_db.as_deref())?;
    let model = name.rsplit('/').next().unwrap_or(name);
    let target = strategy_search::Target {
        machine: &machine,
        cost: &cost,
        mode: options.mode.unwrap_or(Mode::Training),
        batch_dim: options.batch_dim.unwrap_or(0),
        trace: sim.trace.is_some(),
    };
    let operation = module.as_operation();
    let algorithm = warm.or(options.search.algorithm);
    let (found, annotated) = match (sim.strategy.as_deref(), algorithm) {
        (Some(strategy), _) => {
            let found = strategy_search::named(model, &imported.graph, &target, strategy)?;
            let annotated =
                flexc_passes::par_search::annotate(&operation, imported, &found.strategy, &machine)
                    .map_err(|e| Diag::error(None, e))?;
            (found, annotated)
        }
        (None, Some(algorithm)) => strategy_search::find_and_annotate(
            model,
            &operation,
            imported,
            &target,
            &options.search,
            algorithm,
        )?,
        (None, None) => {
            let none = flexc_core::Strategy {
                configs: Vec::new(),
                schedule: Default::default(),
            };
            return Ok(Searched {
                written: Default::default(),
                strategy: none,
                spec: None,
                found_by: String::new(),
            });
        }
    };
    let Annotated {
        mut written,
        mut conflicts,
    } = annotated;
    if conflicts > 0 {
        // Calls of one function got different configurations (or pipeline stages): inline every call
        // so that each op carries its own, and write the strategy again (the graph's ops keep their
        // order: calls are imported in place).
        let mut own = Vec::new();
        let reimported = inline_calls(module)
            .ok()
            .and_then(|()| import_module(module, options, true, &mut own))
            .filter(|again| again.ops.len() == imported.ops.len());
        if let Some(again) = reimported {
            let annotated = flexc_passes::par_search::annotate(
                &module.as_operation(),
                &again,
                &found.strategy,
                &machine,
            )
            .map_err(|e| Diag::error(None, e))?;
            written = annotated.written;
            conflicts = annotated.conflicts;
        }
    }
    let (import, machine_attr) = record::attributes(options, imported, &machine);
    record::write(&operation, &import, &machine_attr).map_err(|e| Diag::error(None, e))?;
    compiled.notes.push_str(&found.table);
    if conflicts > 0 {
        compiled.notes.push_str(&format!(
            "flexc: warning: {conflicts} ops of functions called several times have different configurations per call; the output records each op's first call\n"
        ));
    }
    compiled.time = found.time;
    push_files(compiled, sim, Some(found.json), found.trace);
    Ok(Searched {
        written,
        strategy: found.strategy,
        spec: found.spec,
        found_by: found.found_by,
    })
}

/// `--substitutions=on`: searches the module as it is, then the candidates `par-substitute` extracts
/// from one e-graph (with and without merged sibling contractions, when they differ), and keeps a
/// candidate only when its strategy simulates faster than the original's.
///
/// The original's search runs first, with the options `--substitutions=off` gives it (the same
/// proposal budget, or the same deadline of a time budget), so its strategy is the one `off` writes
/// and `on` is never slower. Each candidate's search is warm ([`warm_starts`]): it starts from the
/// original's strategy carried over to the candidate's graph and runs a short MCMC only
/// ([`flexc_core::search::Warm`]: no seeding searches but PaSE where PaSE found the original's). The
/// rest shares the same `--search-budget`: a proposal budget `P` gives the candidates `P / 4` between
/// them (each `P / 4n`, deterministic for a seed); a time budget `T`
/// gives the e-graph and the candidates' searches only what the original's search left of `T` (it
/// stops early when it has searched its whole space), so the whole run stays within `T` like the
/// plain search: the e-graph (one saturation for both candidates) at most half of what is left, each
/// candidate an equal share of what is left when its search starts (the import's time kept back for
/// writing the module, as [`crate::search`]'s deadline does).
///
/// A module without linalg ops (StableHLO, opaque to the e-graph) is searched as it is, with no
/// copy and no e-graph. The notes show the original's search and report first, then a kept
/// candidate's, then one line on the substitutions.
pub(super) fn search_with_substitutions(
    module: &mut Module,
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
) -> Result<(), Diag> {
    use crate::search::Budget;
    use flexc_passes::par_substitute::{substitute_into, Limits, Summary};
    use std::time::Instant;
    let start = Instant::now();
    // A time budget's end, less the table's 2% and the import's time again for the write-back
    // (what `search::search_deadline` keeps back).
    let end = match options.search.budget {
        Budget::Time(total) => {
            let origin = options.search.started.unwrap_or(start);
            let imported_in = start.saturating_duration_since(origin);
            Some(origin + total.saturating_sub(imported_in).saturating_sub(total / 50))
        }
        Budget::Proposals(_) => None,
    };
    let left = |at: Instant| end.map(|end| end.saturating_duration_since(at));
    let prefix = std::mem::take(&mut compiled.notes);
    let original = search_and_annotate_with(module, imported, options, name, compiled, None)?;
    // The original's search and report come first in what the user sees, kept candidate or not.
    let original_notes = std::mem::take(&mut compiled.notes);
    // The e-graph models linalg only: a module without (StableHLO, whose ops are opaque to it) is
    // neither copied nor built into an e-graph.
    let module_ops = flexc_passes::ir::all_ops(module.as_operation().to_raw());
    if !module_ops
        .iter()
        .any(|&op| flexc_passes::ir::op_name(op).starts_with("linalg."))
    {
        compiled.notes = format!(
            "{prefix}{original_notes}flexc: substitutions: nothing to rewrite (no linalg ops; StableHLO is opaque to the e-graph): original kept; total {:.3} s\n",
            start.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let without = compiled.time;
    let searched = Instant::now();
    let rewriting = left(searched).map(|left| left / 2);
    // Both candidates come from one saturation: each a clone of the module, rewritten with and
    // without merged sibling contractions.
    let variants = [("without merges", false), ("with merges", true)];
    let mut copies = Vec::new();
    for _ in variants {
        // SAFETY: a clone is a new top-level op that the candidate module owns.
        let copy = unsafe {
            melior::ir::Operation::from_raw(mlir_sys::mlirOperationClone(
                module.as_operation().to_raw(),
            ))
        };
        copies.push(Module::from_operation(copy).ok_or_else(|| {
            Diag::error(None, "flexc bug: a module copy is not a module".to_string())
        })?);
    }
    let limits = Limits {
        deadline: rewriting.map(|share| searched + share),
        ..Limits::default()
    };
    let targets: Vec<_> = copies
        .iter()
        .zip(variants)
        .map(|(copy, (_, merges))| (copy.as_operation().to_raw(), merges))
        .collect();
    let summaries = substitute_into(module.as_operation().to_raw(), &targets, &limits)
        .map_err(|e| Diag::error(None, e))?;
    let first: Option<Summary> = summaries.first().cloned();
    let mut candidates: Vec<(&str, Module, Summary)> = Vec::new();
    for ((candidate, (label, _)), summary) in copies.into_iter().zip(variants).zip(summaries) {
        let new = summary.changed() && !candidates.iter().any(|(_, _, s)| *s == summary);
        if new && candidate.as_operation().verify() {
            candidates.push((label, candidate, summary));
        }
    }
    let rewrite_time = searched.elapsed().as_secs_f64();
    // The options of a candidate's search that starts now, with `searches` candidates' searches still
    // to run (this one included).
    let share = |searches: usize| {
        let mut each = options.clone();
        each.search.started = None;
        match (options.search.budget, left(Instant::now())) {
            (Budget::Time(_), Some(left)) => {
                each.search.budget = Budget::Time(left / searches.max(1) as u32);
            }
            (Budget::Proposals(p), _) => {
                each.search.budget =
                    Budget::Proposals((p / WARM_SHARE / candidates.len().max(1) as u64).max(1));
            }
            _ => {}
        }
        each
    };
    let mut searches = candidates.len();
    let mut best: Option<(usize, Compiled)> = None;
    let mut times = Vec::new();
    for (index, (_, candidate, _)) in candidates.iter().enumerate() {
        let remaining = searches;
        searches -= 1;
        if left(Instant::now()).is_some_and(|left| left.is_zero()) {
            break;
        }
        // The candidate's opaque-op warnings are the original's, already reported.
        let reimported =
            import_module(candidate, options, true, &mut Vec::new()).map(|mut imported| {
                let precision = options.simulate.state.precision;
                if precision.half().is_some() {
                    imported.graph = precision.graph(&imported.graph);
                }
                imported
            });
        let Some(rewritten) = reimported else {
            continue;
        };
        let mut other = Compiled {
            output: Vec::new(),
            time: None,
            summary: String::new(),
            files: Vec::new(),
            notes: String::new(),
        };
        let each = share(remaining);
        let (warm, carried) = match warm_starts(&original, &rewritten, options)? {
            Some((starts, carried)) => (
                Some(flexc_core::search::Warm {
                    starts,
                    // PaSE found the original's strategy: its optimum on the rewritten graph too.
                    pase: original.found_by == "pase",
                }),
                Some(carried),
            ),
            None => (None, None),
        };
        search_and_annotate_with(
            candidate,
            &rewritten,
            &each,
            name,
            &mut other,
            warm.as_ref()
                .map(|w| w as &dyn flexc_core::search::SearchAlgorithm),
        )?;
        times.push((index, other.time, carried));
        let to_beat = best.as_ref().map_or(without, |(_, b)| b.time);
        if matches!((to_beat, other.time), (Some(b), Some(a)) if a < b) {
            best = Some((index, other));
        }
    }
    let shown = best
        .as_ref()
        .map(|(i, _)| &candidates[*i].2)
        .or(candidates.last().map(|c| &c.2))
        .or(first.as_ref());
    let mut line = format!(
        "flexc: substitutions: {}; e-graph {:.3} s",
        shown.map_or(String::new(), Summary::line),
        rewrite_time
    );
    let micro = |t: Option<f64>| t.map_or("?".into(), |t| format!("{:.3} µs", t * 1e6));
    if candidates.is_empty() {
        line.push_str("; nothing to rewrite: original kept");
    } else {
        // What `on` writes: the kept candidate's time, else the original's.
        let with = best.as_ref().and_then(|(_, b)| b.time).or(without);
        let tried: Vec<String> = times
            .iter()
            .map(|(i, t, carried)| {
                let warm = carried.map_or(String::new(), |(kept, ops)| {
                    format!(" [warm: {kept} of {ops} ops carried]")
                });
                format!("{} {}{warm}", candidates[*i].0, micro(*t))
            })
            .collect();
        line.push_str(&format!(
            "; simulated {} without, {} with: {} (candidates: {})",
            micro(without),
            micro(with),
            match &best {
                Some((i, _)) => format!("rewritten graph kept, {}", candidates[*i].0),
                None => "original kept".to_string(),
            },
            tried.join(", ")
        ));
    }
    if let Some((index, other)) = best {
        *module = candidates.swap_remove(index).1;
        *compiled = other;
    }
    line.push_str(&format!("; total {:.3} s", start.elapsed().as_secs_f64()));
    if rewriting.is_some_and(|share| share.is_zero()) {
        line.push_str(" (the original's search used the whole time budget: nothing rewritten)");
    }
    line.push('\n');
    compiled.notes = format!("{prefix}{original_notes}{}{line}", compiled.notes);
    Ok(())
}

/// A candidate's named start points, and how many of its ops carried a configuration, of how many.
type Warmed = (Vec<(String, flexc_core::Strategy)>, (usize, usize));

/// The share of a proposal budget `P` that the candidates' warm searches split between them: `P / 4`.
const WARM_SHARE: u64 = 4;

/// Where a candidate's search starts: the original's strategy carried over to the candidate's graph
/// `rewritten` (re-imported from a clone of the annotated original, so the ops the rewrite left carry
/// their `#par.config` and `#par.stage`). A flat strategy: every carried configuration the op can
/// run, data parallelism on the rewrite's new ops. A strategy of the schedule search: its spec
/// rebuilt on the candidate's graph (the same replicas, stages, micro-batches and tensor
/// parallelism, the stages cut again), and that with the carried configurations and stages. `None`
/// (a full search then) when nothing carries over: the original's strategy is scheduled but not by
/// the schedule search, or the candidate's ops are not its graph's. Also returns how many ops carried
/// a configuration, of how many.
fn warm_starts(
    original: &Searched,
    rewritten: &Imported,
    options: &Options,
) -> Result<Option<Warmed>, Diag> {
    let graph = &rewritten.graph;
    if original.strategy.configs.is_empty() || rewritten.ops.len() != graph.num_ops() {
        return Ok(None);
    }
    let sim = &options.simulate;
    let machine = sim.load_machine()?;
    let cost = simulate::cost_model(&machine, sim.state, sim.profile_db.as_deref())?;
    let devices = machine.num_devices();
    let problem = problem(graph, &machine, &cost, options);
    let carried: Vec<(Option<flexc_core::Config>, Option<u32>)> = rewritten
        .ops
        .iter()
        .map(|op| (op.config.clone(), op.stage))
        .collect();
    let mut starts = Vec::new();
    let base = if original.strategy.schedule.is_flat() {
        flexc_core::Strategy::data_parallel(graph, devices)
    } else {
        let Some(spec) = original.spec.as_ref() else {
            return Ok(None);
        };
        let Ok(rebuilt) = flexc_core::scheduled::build(&problem, spec) else {
            return Ok(None);
        };
        starts.push((format!("the original's {spec}"), rebuilt.clone()));
        rebuilt
    };
    let (strategy, kept) = flexc_core::search::carry_over(graph, devices, &base, &carried);
    if kept > 0 {
        starts.insert(
            0,
            ("the original's strategy carried over".to_string(), strategy),
        );
    }
    Ok((!starts.is_empty()).then_some((starts, (kept, graph.num_ops()))))
}

/// A strategy the input carries, kept as it is (`flexc -o`, `--emit=...` on a `.par.mlir`), checked as
/// `flexc --simulate` checks it before it simulates (a pipelined one: its stages' devices and data flow,
/// its micro-batch's configurations; [`flexc_core::pipeline::check`]), so that flexc writes nothing the
/// other readers refuse. Errors are at the op, else at the module.
pub(super) fn check_kept(
    imported: &Imported,
    options: &Options,
    machine: &flexc_core::machine::Machine,
    strategy: &flexc_core::Strategy,
) -> Result<(), Diag> {
    if strategy.schedule.is_flat() {
        return Ok(());
    }
    let sim = &options.simulate;
    let cost = simulate::cost_model(machine, sim.state, sim.profile_db.as_deref())?;
    let problem = problem(&imported.graph, machine, &cost, options);
    flexc_core::pipeline::check(&problem, strategy).map_err(|e| {
        Diag::error(
            FileLoc::parse(&e.location).or_else(|| FileLoc::parse(&imported.location)),
            e.message,
        )
    })
}

/// The search problem of `graph` on `machine` under the run's mode and batch dim.
fn problem<'a>(
    graph: &'a flexc_core::Graph,
    machine: &'a flexc_core::machine::Machine,
    cost: &'a flexc_core::CostModel,
    options: &Options,
) -> flexc_core::problem::Problem<'a> {
    flexc_core::problem::Problem {
        graph,
        machine,
        cost,
        mode: options.mode.unwrap_or(Mode::Training),
        batch_dim: options.batch_dim.unwrap_or(0),
    }
}

/// Inlines every function call of `module` ([`flexc_passes::ir::inline_calls`]).
pub(super) fn inline_calls(module: &Module) -> Result<(), String> {
    flexc_passes::ir::inline_calls(module.as_operation().to_raw(), 64).map(drop)
}

/// `--simulate`: the report text; `--trace`/`--report` contents are added to the files, warnings to the
/// notes.
pub(super) fn run_simulation(
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
) -> Result<String, Diag> {
    let sim = &options.simulate;
    let machine = sim.load_machine()?;
    let cost = simulate::cost_model(&machine, sim.state, sim.profile_db.as_deref())?;
    let graph = &imported.graph;
    let problem = problem(graph, &machine, &cost, options);
    let keyed = match sim.strategy.as_deref() {
        Some(text) => crate::scheduled_report::from_spec_with_warnings(text, &problem)?.map(
            |(strategy, warnings)| {
                compiled.notes.push_str(&warnings);
                strategy
            },
        ),
        None => None,
    };
    let (strategy_name, strategy) = match (sim.strategy.as_deref(), keyed) {
        (Some(text), Some(strategy)) => (text.to_string(), strategy),
        (Some(named), None) if simulate::STRATEGY_NAMES.contains(&named) => (
            named.to_string(),
            simulate::baseline(named, graph, &machine).expect("a known name"),
        ),
        (Some(path), None) => (
            path.to_string(),
            strategy_from_file(path, options, graph, machine.num_devices())?,
        ),
        (None, _) => match simulate::annotated_strategy(imported, graph, machine.num_devices())? {
            Some(strategy) => ("annotated".to_string(), strategy),
            None => (
                "data-parallel".to_string(),
                simulate::baseline("data-parallel", graph, &machine).expect("a known name"),
            ),
        },
    };
    let model = name.rsplit('/').next().unwrap_or(name);
    let probe = match sim.probe_delta {
        Some(changes) => Some(delta_probe(&problem, &strategy, changes)?),
        None => None,
    };
    let (probe_line, probe_json) = match &probe {
        Some(p) => (
            format!(
                "delta probe: full simulation {}, delta simulation {} ({} of them), {:.1}x, {}\n",
                flexc_core::units::seconds(p.full_s),
                flexc_core::units::seconds(p.delta_s),
                p.deltas,
                p.full_s / p.delta_s.max(1e-12),
                if p.exact { "exact" } else { "NOT EXACT" }
            ),
            Some(serde_json::json!({
                "full_s": p.full_s,
                "delta_s": p.delta_s,
                "deltas": p.deltas,
                "exact": p.exact,
            })),
        ),
        None => (String::new(), None),
    };
    let with_probe = |json: Option<String>| -> Option<String> {
        let (Some(json), Some(probe)) = (json, &probe_json) else {
            return None;
        };
        let mut value: serde_json::Value = serde_json::from_str(&json).ok()?;
        value
            .as_object_mut()?
            .insert("delta_probe".into(), probe.clone());
        let mut text = serde_json::to_string_pretty(&value).ok()?;
        text.push('\n');
        Some(text)
    };
    if !strategy.schedule.is_flat() {
        if sim.trace.is_some() {
            return Err(Diag::error(
                None,
                format!(
                    "--trace shows the per-device tasks of a flat strategy; '{strategy_name}' has the schedule '{}' (its stages are in the report)",
                    strategy.schedule.summary()
                ),
            ));
        }
        let (text, json, _) =
            crate::scheduled_report::report(model, &problem, &strategy_name, &strategy)?;
        let mut json = serde_json::to_string_pretty(&json).expect("JSON values serialize");
        json.push('\n');
        let json = if probe_json.is_some() {
            with_probe(Some(json))
        } else {
            Some(json)
        };
        push_files(compiled, sim, json, None);
        return Ok(format!("{text}{probe_line}"));
    }
    let simulated = simulate::simulate(
        model,
        graph,
        &machine,
        &cost,
        options.mode.unwrap_or(Mode::Training),
        &strategy_name,
        strategy,
        sim,
    )?;
    compiled.notes.push_str(&simulated.warnings);
    let json = if probe_json.is_some() {
        with_probe(simulated.json)
    } else {
        simulated.json
    };
    push_files(compiled, sim, json, simulated.trace);
    Ok(format!("{}{probe_line}", simulated.text))
}

/// `--probe-delta`: delta against full simulation of `strategy`; one with replicas on one replica's
/// micro-batch graph (simulated symmetrically, as the schedule search's stages are).
fn delta_probe(
    problem: &flexc_core::problem::Problem,
    strategy: &flexc_core::Strategy,
    changes: u32,
) -> Result<flexc_core::sim::DeltaProbe, Diag> {
    let schedule = &strategy.schedule;
    let micro;
    let (graph, probed) = if schedule.is_flat() {
        (problem.graph, strategy.clone())
    } else if schedule.stages == 1
        && schedule.micro_batches == 1
        && schedule.ways.sharing_samples() == 1
    {
        micro = flexc_core::pipeline::micro_graph(problem, schedule)
            .map_err(|e| Diag::error(None, format!("--probe-delta: {}", e.message)))?;
        let mut flat = flexc_core::Strategy::flat(strategy.configs.clone());
        flat.schedule.replicas = schedule.replicas;
        (&micro.0, flat)
    } else {
        return Err(Diag::error(
            None,
            format!(
                "--probe-delta times one task simulation: the strategy's schedule '{}' has {}",
                schedule.summary(),
                if schedule.ways.sharing_samples() > 1 {
                    "ranks that share their samples (context parallelism: priced in closed form beside the simulation)"
                } else {
                    "stages or micro-batches"
                }
            ),
        ));
    };
    flexc_core::sim::probe_delta(
        graph,
        problem.machine,
        problem.cost,
        problem.mode,
        probed,
        changes,
        0,
    )
    .map_err(|e| Diag::error(None, format!("--probe-delta: {e}")))
}

/// The `#par.config` strategy of a `.par.mlir` file, imported with the settings it records, else the
/// model's.
pub(super) fn strategy_from_file(
    path: &str,
    options: &Options,
    graph: &flexc_core::Graph,
    devices: u32,
) -> Result<flexc_core::Strategy, Diag> {
    let bytes = std::fs::read(path).map_err(|e| {
        Diag::error(
            None,
            format!(
                "--strategy: '{path}' is neither a strategy name ({}) nor a readable .par.mlir file: {e}",
                simulate::STRATEGY_NAMES.join(", ")
            ),
        )
    })?;
    let context = create_context(true);
    let session = Session::new(&context)?;
    let capture = &session.capture;
    let first_error = |capture: &Capture| {
        capture
            .take()
            .into_iter()
            .next()
            .unwrap_or_else(|| Diag::error(None, format!("cannot read strategy file '{path}'")))
    };
    let module = parse_module(&context, &bytes, path).ok_or_else(|| first_error(capture))?;
    let record = record::Record::read(&module.as_operation())
        .map_err(|e| Diag::error(None, format!("strategy file '{path}': {e}")))?;
    if let Some(Err(diag)) = record
        .machine
        .as_ref()
        .map(crate::records::recorded_machine)
    {
        let at = crate::diagnostics::file_loc(module.as_operation().location());
        return Err(Diag {
            location: diag.location.clone().or(at),
            ..diag
        });
    }
    let mut file_options = options.clone();
    if let Some(import) = record.import {
        file_options.batch_dim = Some(import.batch_dim as usize);
        file_options.data_args = import
            .data_args
            .map(|args| {
                args.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .unwrap_or_default();
        file_options.mode = Mode::from_choice(&import.mode).unwrap_or(options.mode);
    }
    let import = import_options(&file_options).map_err(|e| Diag::error(None, e))?;
    let imported = flexc_passes::import::analyze(&module.as_operation(), &import, false)
        .map_err(|_| first_error(capture))?;
    simulate::annotated_strategy(&imported, graph, devices)?.ok_or_else(|| {
        Diag::error(
            None,
            format!("strategy file '{path}' has graph ops without a par.config"),
        )
    })
}
