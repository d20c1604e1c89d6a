//! The `flexc` driver: read, parse, verify, run a pipeline, print — `mlir-opt`'s shape.
//!
//! All or nothing: output is produced only when every chunk compiled (or, with
//! `--verify-diagnostics`, when every chunk produced exactly its expected diagnostics), and every
//! output is written by `flexc_core::output::write_all` (all or nothing; regular files replaced
//! atomically, devices and FIFOs written, never replaced), so a failed run never leaves a partial
//! `.par.mlir` behind. An output that is an input or another output is a usage error.

use crate::{
    diagnostics::{Capture, Diag, FileLoc, Printer},
    parse::{parse_module, DiagnosticVerifier},
    search::{self as strategy_search, SearchOptions},
    session::{create_context, module_pass_manager, Session},
    simulate::{self, SimulateOptions},
    source::{split_chunks, Source, SPLIT_MARKER},
};
use flexc_passes::{
    import::{self, ImportOptions, Imported},
    par_search::Annotated,
    pass_pipeline::{self, Pipeline, PipelineError},
};
use melior::{
    ir::{operation::OperationLike, Module},
    pass::{PassIrPrintingOptions, PassManager},
    Context,
};
use std::{io::Write, path::Path};

pub use crate::session::Exit;

mod outputs;
mod record;
mod report;
mod strategy;

use outputs::*;
pub use report::import_table;
use report::*;
use strategy::*;

/// The default flexc pipeline: [`pass_pipeline::import`] with the command line's import options. The driver
/// runs it in two pass managers around the import analysis, which it runs itself once ([`Stages`]).
pub fn default_pipeline(import: &ImportOptions) -> Pipeline {
    pass_pipeline::import(import)
}

/// The import settings of the command line, typed without passing through option text; `Err` with the
/// usage message `par-import{...}` would give when a list or the entry is malformed.
pub fn import_options(options: &Options) -> Result<ImportOptions, String> {
    let entry = options.entry.clone().filter(|name| !name.is_empty());
    for (name, value) in [
        ("param-args", options.param_args.as_str()),
        ("data-args", options.data_args.as_str()),
        ("entry", entry.as_deref().unwrap_or("")),
    ] {
        flexc_passes::check_option(&flexc_passes::par_import::INFO, name, value)?;
    }
    Ok(ImportOptions {
        batch_dim: options.batch_dim.unwrap_or(0),
        param_args: flexc_passes::unsigned_list(&options.param_args),
        data_args: flexc_passes::unsigned_list(&options.data_args),
        opaque_unknown: options.opaque_unknown,
        // A whole training step: its backward reduces over the samples, which data parallelism splits.
        sample_reductions: options.mode == Some(Mode::TrainingStep),
        entry,
        batch: options.batch.filter(|&n| n > 0),
    })
}

/// How the imported graph is trained (`--mode`): core's one mode type (`None` in [`Options`]: `auto`).
pub use flexc_core::Mode;

/// Whether `graph` already is a whole training step, and why (core's rule, which `par-materialize`
/// shares to tell a scheduled graph's forward from its backward).
pub use flexc_core::graph::detect_training_step;

/// The mode to use for `graph`: `mode` itself unless it is `auto`, and the line saying which and why.
pub fn resolve_mode(mode: Option<Mode>, graph: &flexc_core::Graph) -> (Mode, String) {
    if let Some(mode) = mode {
        return (mode, format!("mode: {} (--mode)", mode.word()));
    }
    match detect_training_step(graph) {
        Ok(why) => (
            Mode::TrainingStep,
            format!(
                "mode: as-is (auto: {why}: the graph already contains its backward and update)"
            ),
        ),
        Err(why) => (
            Mode::Training,
            format!("mode: train (auto: {why}: the backward is added)"),
        ),
    }
}

/// What the driver writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The module (text or bytecode).
    #[default]
    Mlir,
    /// The import table: per op its dims and roles, FLOPs and parameters, and model totals.
    Summary,
    /// The simulation report of `--simulate`.
    Simulation,
    /// The search's plan as text (its notes: the strategy found, time, memory), instead of the module:
    /// no file to run is written, so a plan for a `--batch` the module's shapes cannot hold is fine.
    Plan,
    /// The module with its strategy in the upstream `shard` dialect instead of `par` attributes
    /// (`par-export-shard`, passes/par_export_shard.rs).
    Shard,
    /// The strategy as JAX shardings: mesh, `PartitionSpec` per argument and result (`src/jax.rs`).
    JaxShardings,
    /// The strategy as a `torch.distributed` plan: mesh, style per submodule (`src/torch.rs`).
    TorchPlan,
    /// The StableHLO module with the strategy as Shardy `sdy.mesh`/`sdy.sharding` (`src/sdy.rs`).
    Sdy,
    /// The scheduled strategy as Megatron-LM's command-line flags (`src/megatron_args.rs`).
    MegatronArgs,
    /// The scheduled strategy as torchtitan's job-config TOML (`src/torchtitan.rs`).
    Torchtitan,
    /// The scheduled strategy as a MaxText configuration YAML (`src/maxtext.rs`).
    Maxtext,
}

/// What the command line asks for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Input path, `-` for stdin.
    pub input: String,
    /// Output path, `-` for stdout.
    pub output: String,
    /// An MLIR pass pipeline; the default flexc pipeline when `None`.
    pub pass_pipeline: Option<String>,
    pub print_ir_after_all: bool,
    pub allow_unregistered_dialect: bool,
    pub split_input_file: bool,
    pub verify_diagnostics: bool,
    pub emit_bytecode: bool,
    /// Print a short summary of each compiled module to the diagnostics stream.
    pub summary: bool,
    pub emit: Emit,
    /// `--mesh`: the device mesh of `--emit=jax-shardings` and `--emit=sdy` (`None`: data × model from the strategy).
    pub mesh: Option<Vec<crate::jax::Axis>>,
    /// Import settings for the default pipeline (see `par-import`). `None`: inferred
    /// ([`flexc_passes::import::infer_batch_dim`]), or recorded in a `.par.mlir`.
    pub batch_dim: Option<usize>,
    /// `--batch=N`: the imported graph's batch rescaled to `N` (`par-import`'s `batch`).
    pub batch: Option<u64>,
    /// `param-args` list text (`0,1` or `0-7`).
    pub param_args: String,
    /// `data-args` list text.
    pub data_args: String,
    pub opaque_unknown: bool,
    /// The function to import (`--entry`, without `@`); `None`: the module's one public function.
    pub entry: Option<String>,
    /// `--mode`: `None` for `auto` (resolved per graph, [`resolve_mode`]).
    pub mode: Option<Mode>,
    /// Machine, strategy and outputs of `--simulate` (and `--trace`/`--report`, which imply it).
    pub simulate: SimulateOptions,
    /// The strategy search run when writing MLIR with the default pipeline.
    pub search: SearchOptions,
    /// `--target=cuda`: write a GPU artifact of the (searched or given) strategy (`src/gpu.rs`).
    pub cuda: Option<crate::gpu::CudaOptions>,
    /// `--substitutions=on`: the search also runs on the graph `par-substitute` rewrites, and the
    /// faster of the two (simulated) is written.
    pub substitutions: bool,
}

/// The pass managers of a run. With the default pipeline, `before` runs what precedes `par-import`, the
/// driver imports the module once itself (it needs the graph), and `after` runs the rest; with
/// `--pass-pipeline`, `before` runs the user's pipeline and there is no `after`.
struct Stages<'c> {
    before: PassManager<'c>,
    after: Option<PassManager<'c>>,
}

impl Stages<'_> {
    /// Whether the driver imports the module between the two (the default pipeline).
    fn imports(&self) -> bool {
        self.after.is_some()
    }
}

/// A pass manager for `recipe`, verifying after every pass and printing the IR with `--print-ir-after-all`.
fn stage<'c>(
    context: &'c Context,
    options: &Options,
    recipe: &Pipeline,
) -> Result<PassManager<'c>, PipelineError> {
    let manager = module_pass_manager(context);
    manager.enable_verifier(true);
    if options.print_ir_after_all {
        manager.enable_ir_printing(&PassIrPrintingOptions {
            before_all: false,
            after_all: true,
            module_scope: true,
            on_change: false,
            on_failure: false,
            flags: Default::default(),
            tree_printing_path: Default::default(),
        });
    }
    recipe.add_to(manager.as_operation_pass_manager())?;
    Ok(manager)
}

/// The pass managers of `options` (module doc of [`Stages`]).
fn stages<'c>(context: &'c Context, options: &Options) -> Result<Stages<'c>, PipelineError> {
    match &options.pass_pipeline {
        Some(text) => Ok(Stages {
            before: stage(
                context,
                options,
                &Pipeline::from(pass_pipeline::parse(text)?),
            )?,
            after: None,
        }),
        None => {
            let import = import_options(options).map_err(PipelineError)?;
            let (before, after) =
                default_pipeline(&import).split_at(&flexc_passes::par_import::INFO);
            Ok(Stages {
                before: stage(context, options, &before)?,
                after: Some(stage(context, options, &after)?),
            })
        }
    }
}

/// The files a run writes and those it reads, each with the option naming it: no output may be an
/// input or another output (`flexc_core::output::check_distinct`).
fn check_paths(options: &Options) -> Result<(), String> {
    let sim = &options.simulate;
    let mut outputs = vec![("-o", options.output.as_str())];
    outputs.extend(sim.report.as_deref().map(|path| ("--report", path)));
    outputs.extend(sim.trace.as_deref().map(|path| ("--trace", path)));
    let mut inputs = vec![("the input", options.input.as_str())];
    inputs.extend(sim.machine.as_deref().map(|path| ("--machine", path)));
    inputs.extend(sim.strategy.as_deref().map(|path| ("--strategy", path)));
    inputs.extend(sim.profile_db.as_deref().map(|path| ("--profile-db", path)));
    flexc_core::output::check_distinct(&outputs, &inputs)
}

/// Combinations of options that cannot work, as a usage message.
fn check_usage(options: &Options) -> Result<(), String> {
    check_paths(options)?;
    if options.emit_bytecode && options.split_input_file {
        return Err("--emit-bytecode cannot be combined with --split-input-file".into());
    }
    import_options(options)?;
    let single = match options.emit {
        Emit::Simulation => Some("--simulate"),
        Emit::Shard => Some("--emit=shard"),
        Emit::JaxShardings => Some("--emit=jax-shardings"),
        Emit::TorchPlan => Some("--emit=torch-plan"),
        Emit::Sdy => Some("--emit=sdy"),
        Emit::Plan => Some("--emit=plan"),
        Emit::MegatronArgs => Some("--emit=megatron-args"),
        Emit::Torchtitan => Some("--emit=torchtitan"),
        Emit::Maxtext => Some("--emit=maxtext"),
        Emit::Mlir | Emit::Summary => None,
    };
    if options.mesh.is_some() && !matches!(options.emit, Emit::JaxShardings | Emit::Sdy) {
        return Err("--mesh names the device mesh of --emit=jax-shardings or --emit=sdy".into());
    }
    if let (Some(flag), true) = (single, options.split_input_file) {
        return Err(format!("{flag} cannot be combined with --split-input-file"));
    }
    if let Some(cuda) = &options.cuda {
        let artifact = cuda.emit == crate::gpu::CudaEmit::Artifact;
        if (artifact && options.output == "-")
            || options.split_input_file
            || options.emit != Emit::Mlir
            || options.emit_bytecode
        {
            return Err("--target=cuda writes one artifact: it needs -o FILE (unless --gpu-emit names a text stage) and cannot be combined with --split-input-file, --emit-bytecode, --emit or --simulate".into());
        }
    }
    Ok(())
}

/// Why the driver stopped before compiling: a usage error (exit 2) or a diagnostic (exit 1).
enum Stop {
    Usage(String),
    Failure(Diag),
}

/// The input, split into the chunks to compile.
fn read_chunks(options: &Options) -> Result<(Source, Vec<Vec<u8>>), Stop> {
    let source = Source::read(&options.input).map_err(Stop::Failure)?;
    if source.is_bytecode() {
        if options.split_input_file || options.verify_diagnostics {
            return Err(Stop::Usage(
                "--split-input-file and --verify-diagnostics need textual MLIR input".into(),
            ));
        }
        let chunks = vec![source.bytes.clone()];
        return Ok((source, chunks));
    }
    let text = source.text().map_err(Stop::Failure)?;
    let chunks = if options.split_input_file {
        split_chunks(text)
            .into_iter()
            .map(String::into_bytes)
            .collect()
    } else {
        vec![text.as_bytes().to_vec()]
    };
    Ok((source, chunks))
}

/// What every chunk produced, gathered for writing.
#[derive(Default)]
struct Gathered {
    outputs: Vec<Vec<u8>>,
    summaries: String,
    files: Vec<(String, Vec<u8>)>,
    ok: bool,
}

/// Compiles every chunk, printing diagnostics (MLIR's and flexc's own) as they come.
fn compile_chunks(
    context: &Context,
    capture: &Capture,
    stages: &Stages,
    source: &Source,
    chunks: &[Vec<u8>],
    options: &Options,
    errors: &mut dyn Write,
) -> Gathered {
    let text = std::str::from_utf8(&source.bytes).unwrap_or("");
    let printer = Printer {
        sources: vec![(source.name.as_str(), text)],
    };
    let mut gathered = Gathered {
        ok: true,
        ..Gathered::default()
    };
    for chunk in chunks {
        let mut own = Vec::new();
        let result = compile_chunk(context, stages, &source.name, chunk, options, &mut own);
        for diag in capture.take() {
            printer.print(errors, &add_hints(diag));
        }
        for diag in own {
            printer.print(errors, &diag);
        }
        match result {
            ChunkResult::Compiled(compiled) => {
                let _ = errors.write_all(compiled.notes.as_bytes());
                gathered.outputs.push(compiled.output);
                gathered.summaries.push_str(&compiled.summary);
                gathered.files.extend(compiled.files);
            }
            ChunkResult::ExpectedFailure => {}
            ChunkResult::Failed => gathered.ok = false,
        }
    }
    gathered
}

/// Writes the side files, then the output (all chunks' outputs joined), then the `--summary` lines.
fn write_all(
    options: &Options,
    source_name: &str,
    gathered: Gathered,
    errors: &mut dyn Write,
) -> Result<(), Diag> {
    let output = if options.emit_bytecode {
        gathered.outputs.concat()
    } else {
        let separator = format!("{SPLIT_MARKER}\n").into_bytes();
        gathered.outputs.join(separator.as_slice())
    };
    let mut outputs: Vec<(&str, &[u8])> = gathered
        .files
        .iter()
        .map(|(path, bytes)| (path.as_str(), bytes.as_slice()))
        .collect();
    outputs.push((&options.output, &output));
    flexc_core::output::write_all(&outputs).map_err(|e| Diag::error(None, e))?;
    if options.summary {
        let destination = if options.output == "-" {
            "standard output"
        } else {
            &options.output
        };
        let _ = write!(
            errors,
            "flexc: {source_name} -> {destination}\n{}",
            gathered.summaries
        );
    }
    Ok(())
}

/// Runs the driver; diagnostics go to `errors`, IR to the output. Steps: usage checks, pass managers, read
/// and split the input, compile every chunk, write everything (only when every chunk succeeded).
pub fn run(options: &Options, errors: &mut dyn Write) -> Exit {
    let usage = |errors: &mut dyn Write, message: &str| {
        let _ = writeln!(errors, "flexc: error: {message}");
        Exit::Usage
    };
    let no_sources = Printer { sources: vec![] };
    let fail = |errors: &mut dyn Write, diag: Diag| {
        no_sources.print(errors, &diag);
        Exit::Failure
    };
    if let Err(message) = check_usage(options) {
        return usage(errors, &message);
    }
    let context = create_context(options.allow_unregistered_dialect);
    let session = match Session::new(&context) {
        Ok(session) => session,
        Err(diag) => return fail(errors, diag),
    };
    let capture = &session.capture;
    let stages = match stages(&context, options) {
        Ok(stages) => stages,
        Err(e) => {
            // Upstream pass-parsing problems may also have been reported as diagnostics.
            capture.take();
            return usage(errors, &e.0);
        }
    };
    let (source, chunks) = match read_chunks(options) {
        Ok(read) => read,
        Err(Stop::Usage(message)) => return usage(errors, &message),
        Err(Stop::Failure(diag)) => return fail(errors, diag),
    };
    let gathered = compile_chunks(
        &context, capture, &stages, &source, &chunks, options, errors,
    );
    if !gathered.ok {
        return Exit::Failure;
    }
    match write_all(options, &source.name, gathered, errors) {
        Ok(()) => Exit::Success,
        Err(diag) => fail(errors, diag),
    }
}

/// A compiled chunk.
struct Compiled {
    /// What goes to `-o`.
    output: Vec<u8>,
    /// The searched strategy's simulated iteration time (seconds), when a search ran.
    time: Option<f64>,
    /// `--summary` text (empty unless asked for).
    summary: String,
    /// Side outputs (`--trace`, `--report`): path and contents.
    files: Vec<(String, Vec<u8>)>,
    /// Text for standard error (the search table).
    notes: String,
}

enum ChunkResult {
    Compiled(Compiled),
    /// Failed as its `expected-*` comments said it would (`--verify-diagnostics`).
    ExpectedFailure,
    Failed,
}

fn compile_chunk(
    context: &Context,
    stages: &Stages,
    name: &str,
    chunk: &[u8],
    options: &Options,
    own: &mut Vec<Diag>,
) -> ChunkResult {
    let verifier = options
        .verify_diagnostics
        .then(|| DiagnosticVerifier::new(context, chunk, name));
    let module = match &verifier {
        Some(verifier) => verifier.parse(context),
        None => parse_module(context, chunk, name),
    };
    let output = module.and_then(|mut module| {
        let mut compiled = compile_module(stages, &mut module, options, name, own)?;
        if options.summary {
            compiled.summary = summarize(&module);
        }
        Some(compiled)
    });
    match verifier {
        Some(verifier) => match (verifier.finish(), output) {
            (true, Some(output)) => ChunkResult::Compiled(output),
            (true, None) => ChunkResult::ExpectedFailure,
            (false, _) => ChunkResult::Failed,
        },
        None => output.map_or(ChunkResult::Failed, ChunkResult::Compiled),
    }
}

/// Verifies, runs the pipeline and prints; `None` on failure (diagnostics were emitted through MLIR or
/// pushed to `own`).
fn compile_module(
    stages: &Stages,
    module: &mut Module,
    options: &Options,
    name: &str,
    own: &mut Vec<Diag>,
) -> Option<Compiled> {
    if !module.as_operation().verify() || stages.before.run(module).is_err() {
        return None;
    }
    let mut compiled = Compiled {
        output: Vec::new(),
        time: None,
        summary: String::new(),
        files: Vec::new(),
        notes: String::new(),
    };
    // A materialized module (device functions present) or one that carries its strategy (a
    // .par.mlir: some op has a `#par.config`) goes to --target=cuda as it is, without an import: an
    // import with other settings than the strategy's (a training step without its --data-args) sees
    // graph ops the strategy did not configure, and would either annotate them (a `#par.space`
    // without `#par.config`, which par-materialize refuses) or search again, silently replacing the
    // file's strategy with one for the machine's default device count.
    let materialized = options.cuda.is_some()
        && (crate::gpu::is_materialized(module) || crate::gpu::has_strategy(module));
    // The op table and graph: for the summary, the simulation, the search, and the warnings of opaque ops
    // (the C API cannot emit warnings from a pass). The default pipeline's import is this one, the only one.
    // `options` becomes the command line merged with what the input records (`record`), the
    // batch dim and the mode resolved; `decisions` says what was inferred.
    let mut options = options.clone();
    let mut decisions = Vec::new();
    let imported = if !materialized && (stages.imports() || options.emit != Emit::Mlir) {
        let (imported, resolved) = import_resolved(stages, module, &options, own)?;
        options = resolved.options;
        decisions = resolved.decisions;
        if let Some(after) = &stages.after {
            after.run(module).ok()?;
        }
        Some(imported)
    } else {
        None
    };
    // Mixed precision stores data in 16 bits: the graph the simulation and the search see.
    let imported = imported.map(|mut imported| {
        let precision = options.simulate.state.precision;
        if precision.half().is_some() {
            imported.graph = precision.graph(&imported.graph);
        }
        imported
    });
    let options = &options;
    let decided: String = decisions.iter().map(|line| format!("{line}\n")).collect();
    // The summary and the simulation replace the module; the other outputs print it, after the
    // shard export or the search rewrote it.
    let replaced = match (options.emit, imported) {
        (Emit::Summary, Some(imported)) => {
            let mut table = import_table(&imported, options.mode);
            table.push_str(&batch_note(&imported));
            table.push_str(&decided);
            Some(table.into_bytes())
        }
        (Emit::Simulation, Some(imported)) => {
            match run_simulation(&imported, options, name, &mut compiled) {
                Ok(text) => Some(format!("{text}{}{decided}", batch_note(&imported)).into_bytes()),
                Err(diag) => {
                    own.push(diag);
                    return None;
                }
            }
        }
        (Emit::Shard, Some(imported)) => {
            compiled.notes.push_str(&notes(&decisions));
            if let Err(diag) = shard_output(module, &imported, options, name, &mut compiled) {
                own.push(diag);
                return None;
            }
            None
        }
        (
            emit @ (Emit::JaxShardings
            | Emit::TorchPlan
            | Emit::Sdy
            | Emit::MegatronArgs
            | Emit::Torchtitan
            | Emit::Maxtext),
            Some(imported),
        ) => {
            compiled.notes.push_str(&notes(&decisions));
            match engine_output(emit, module, &imported, options, name, &mut compiled) {
                // `--emit=sdy` rewrote the module, printed below.
                Ok(text) => text.map(String::into_bytes),
                Err(diag) => {
                    own.push(diag);
                    return None;
                }
            }
        }
        (emit @ (Emit::Mlir | Emit::Plan), Some(imported))
            if options.pass_pipeline.is_none()
                && options.search.algorithm.is_some()
                && (imported.graph.num_ops() > 0 || !imported.configured.is_empty()) =>
        {
            compiled.notes.push_str(&notes(&decisions));
            if let Some(b) = imported.batch.filter(|_| emit == Emit::Mlir) {
                own.push(Diag {
                    severity: crate::diagnostics::Severity::Warning,
                    location: None,
                    message: format!(
                        "--batch={}: the strategy is searched for a batch of {} but the written module \
                         keeps the exported shapes (batch {}); simulate it with the same --batch",
                        b.to, b.to, b.from
                    ),
                    notes: Vec::new(),
                });
            }
            // A strategy the input carries is kept, or searched again only when asked for: one
            // that does not cover the graph is an error, as in --simulate and flexc-run.
            let asks_another = options.search.explicit || options.simulate.strategy.is_some();
            let result = if !asks_another && !imported.configured.is_empty() {
                simulate::check_annotations_cover(&imported)
                    .and_then(|()| keep_strategy(module, &imported, options, name, &mut compiled))
            } else if keeps_strategy(&imported, options) {
                keep_strategy(module, &imported, options, name, &mut compiled)
            } else if options.substitutions {
                search_with_substitutions(module, &imported, options, name, &mut compiled)
            } else {
                search_and_annotate(module, &imported, options, name, &mut compiled).map(drop)
            };
            if let Err(diag) = result {
                own.push(diag);
                return None;
            }
            if emit == Emit::Plan {
                // The plan, not a module to run: what the search found at the batch it was asked for.
                return Some(Compiled {
                    output: compiled.notes.clone().into_bytes(),
                    ..compiled
                });
            }
            // The written module keeps the exported batch: a schedule cut for the rescaled one must
            // cut it too, or flexc-run could not run the file flexc wrote.
            if let (Some(b), Ok(Some(schedule))) = (
                imported.batch,
                flexc_passes::schedule_attr(&module.as_operation()),
            ) {
                let parts =
                    u64::from(schedule.batch_replicas()) * u64::from(schedule.micro_batches);
                if parts > 1 && b.from % parts != 0 {
                    own.push(Diag::error(
                        None,
                        format!(
                            "--batch={}: the strategy cuts the batch into {} replicas × {} micro-batches, which do not divide the written module's batch of {} (--batch rescales the search, not the module's shapes): a run of the file could not split it; choose a schedule whose parts divide {}, export the model at batch {}, or write the plan alone (--emit=plan)",
                            b.to, schedule.batch_replicas(), schedule.micro_batches, b.from, b.from, b.to
                        ),
                    ));
                    return None;
                }
            }
            None
        }
        _ => None,
    };
    if let Some(cuda) = &options.cuda {
        let text = crate::gpu::print_with_locations(module.as_operation().to_raw());
        let model = name.rsplit('/').next().unwrap_or(name);
        match crate::gpu::compile(name, text.as_bytes(), model, cuda) {
            Ok(artifact) => compiled.output = artifact,
            Err(diags) => {
                own.extend(diags);
                return None;
            }
        }
        return Some(compiled);
    }
    compiled.output = replaced.unwrap_or_else(|| {
        let operation = module.as_operation();
        if options.emit_bytecode {
            operation.write_bytecode()
        } else {
            format!("{operation}\n").into_bytes()
        }
    });
    Some(compiled)
}

/// `decisions` as notes for standard error (`flexc: ` before each line).
fn notes(decisions: &[String]) -> String {
    decisions
        .iter()
        .map(|line| format!("flexc: {line}\n"))
        .collect()
}

/// The options an import settled: the command line merged with the input's records, the batch dim and
/// the mode resolved, and the lines saying what was inferred (batch dim, weights, mode).
struct Resolved {
    options: Options,
    decisions: Vec<String>,
}

/// Imports `module` with the command line's options merged with what it records ([`record`]):
/// the batch dim inferred when neither gives it, `auto` mode resolved (a training step imported again
/// with its sample reductions split). Annotates with `#par.space` when the default pipeline runs.
fn import_resolved(
    stages: &Stages,
    module: &Module,
    options: &Options,
    own: &mut Vec<Diag>,
) -> Option<(Imported, Resolved)> {
    let record = match record::Record::read(&module.as_operation()) {
        Ok(record) => record,
        Err(message) => {
            let at = crate::diagnostics::file_loc(module.as_operation().location());
            own.push(Diag::error(at, message));
            return None;
        }
    };
    // The recorded machine loads as flexc-run loads it (its machine file parses, the record's topology
    // is the file's), whatever machine the command line gives.
    if let Some(Err(diag)) = record
        .machine
        .as_ref()
        .map(crate::records::recorded_machine)
    {
        let at = crate::diagnostics::file_loc(module.as_operation().location());
        own.push(Diag {
            location: diag.location.clone().or(at),
            ..diag
        });
        return None;
    }
    let mut options = match record.apply(options) {
        Ok(merged) => merged,
        Err(message) => {
            own.push(Diag::error(None, message));
            return None;
        }
    };
    let recorded = record.import.is_some();
    let mut decisions = Vec::new();
    let annotate = stages.imports();
    let batch_dim_given = options.batch_dim.is_some();
    options.batch_dim.get_or_insert(0);
    let mut imported = import_module(module, &options, annotate, own)?;
    if batch_dim_given {
        // A batch dim no data argument has would leave the batch unsplit without a word.
        let dim = options.batch_dim.unwrap_or(0);
        if let Err(message) = crate::records::check_batch_dim(&imported.graph, dim) {
            let (at, message) = if recorded {
                (
                    crate::diagnostics::file_loc(module.as_operation().location()),
                    format!("invalid 'par.import': {message}"),
                )
            } else {
                (None, format!("--batch-dim={dim}: {message}"))
            };
            own.push(Diag::error(at, message));
            return None;
        }
        decisions.push(format!(
            "batch dim: {} ({})",
            options.batch_dim.unwrap_or(0),
            if recorded {
                "recorded in the input's par.import"
            } else {
                "--batch-dim"
            }
        ));
    } else {
        let import = import_options(&options).ok()?;
        let (dim, why) = import::infer_batch_dim(&module.as_operation(), &import, &imported);
        if Some(dim) != options.batch_dim {
            options.batch_dim = Some(dim);
            imported = import_module(module, &options, annotate, &mut Vec::new())?;
        }
        decisions.push(format!("batch dim: {why}; --batch-dim sets it"));
    }
    if let Some(weights) = &imported.weights_inferred {
        decisions.push(format!("{weights}; --data-args or --param-args set them"));
    }
    let (mode, mut why) = resolve_mode(options.mode, &imported.graph);
    if mode == Mode::TrainingStep && options.mode.is_none() {
        // A training step detected: imported again with its sample reductions split (see
        // `import_options`); its warnings were already pushed.
        let mut as_is = options.clone();
        as_is.mode = Some(mode);
        imported = import_module(module, &as_is, annotate, &mut Vec::new())?;
    }
    if recorded {
        why = format!("mode: {} (recorded in the input's par.import)", mode.word());
    }
    options.mode = Some(mode);
    decisions.push(why);
    if let Some(experts) = flexc_core::experts::experts(&imported.graph) {
        use flexc_core::experts::Dispatch;
        let dispatch = match flexc_core::experts::dispatch(&imported.graph, &experts) {
            Some(Dispatch::Permutation) => {
                "; tokens dispatched by gather and scatter (a permutation, as Megatron-Core's token dispatcher: memory-bound)".to_string()
            }
            Some(Dispatch::Contraction { flops }) => {
                let (amount, unit) = if flops >= 1e9 {
                    (flops / 1e9, "GFLOP")
                } else {
                    (flops / 1e6, "MFLOP")
                };
                format!(
                    "; tokens dispatched by dense contractions over the expert slots ({amount:.3} {unit} in the step, costed as contractions: engines that permute tokens, Megatron-Core's, do not compute them; a graph that gathers and scatters them, as tools/export-gpt --moe-dispatch=gather writes, is costed as a permutation)"
                )
            }
            None => String::new(),
        };
        let weights = flexc_core::experts::expert_weight_dims(&imported.graph, &experts);
        let mut dims: Vec<usize> = weights.iter().map(|w| w.1).collect();
        dims.sort_unstable();
        dims.dedup();
        let dims: Vec<String> = dims.iter().map(usize::to_string).collect();
        let expert_dim = match weights.len() {
            0 => String::new(),
            1 => format!(", the expert dim: dim {} of its weight", dims.join(" or ")),
            n => format!(
                ", the expert dim: dim {} of their {n} weights",
                dims.join(" or ")
            ),
        };
        decisions.push(format!(
            "experts: {} (the expert loop of {} expert-batched contractions{expert_dim}); --strategy=expert-parallel splits them, and the flat search (mcmc) starts from it too{dispatch}",
            experts.count,
            experts.contractions.len()
        ));
        let routers = flexc_core::experts::routers(&imported.graph, &experts);
        if !routers.is_empty() {
            let graph = &imported.graph;
            let at = |id: flexc_core::graph::OpId| {
                let op = graph.op(id);
                format!("{} at {}", op.name, op.location)
            };
            let mut ks: Vec<u64> = routers.iter().map(|r| r.k).collect();
            ks.dedup();
            let k = ks
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" or ");
            // The first two located; a deep model's one per layer would make a line of kilobytes.
            const SHOWN: usize = 2;
            let mut ops = routers
                .iter()
                .take(SHOWN)
                .map(|r| {
                    let scores = r
                        .scores
                        .map(|s| format!(", scores from {}", at(s)))
                        .unwrap_or_default();
                    format!("{}{scores}", at(r.op))
                })
                .collect::<Vec<_>>()
                .join("; ");
            if routers.len() > SHOWN {
                ops.push_str(&format!("; and {} more", routers.len() - SHOWN));
            }
            decisions.push(format!(
                "router: top-{k} of {} experts per token ({} {}: {ops})",
                experts.count,
                routers.len(),
                if routers.len() == 1 {
                    "top-k"
                } else {
                    "top-ks"
                },
            ));
        }
    }
    Some((imported, Resolved { options, decisions }))
}

/// Whether the search is skipped because the input carries a strategy for every graph op (a
/// `.par.mlir`) and neither `--search` nor `--strategy` asks for another.
fn keeps_strategy(imported: &Imported, options: &Options) -> bool {
    !options.search.explicit
        && options.simulate.strategy.is_none()
        && !imported.ops.is_empty()
        && imported.ops.iter().all(|op| op.config.is_some())
}

/// The input's own strategy written again as it is (no search): checked against the machine, its
/// records refreshed, its `--report`/`--trace` written when asked for.
fn keep_strategy(
    module: &Module,
    imported: &Imported,
    options: &Options,
    name: &str,
    compiled: &mut Compiled,
) -> Result<(), Diag> {
    let sim = &options.simulate;
    let machine = sim.load_machine()?;
    let strategy = simulate::annotated_strategy(imported, &imported.graph, machine.num_devices())?
        .expect("every graph op has a configuration");
    check_kept(imported, options, &machine, &strategy)?;
    compiled.notes.push_str(&format!(
        "flexc: keeping the input's strategy (for {} devices of {}); --search=mcmc searches again\n",
        machine.num_devices(),
        machine.name
    ));
    let (import, machine_attr) = record::attributes(options, imported, &machine);
    record::write(&module.as_operation(), &import, &machine_attr)
        .map_err(|e| Diag::error(None, e))?;
    if sim.trace.is_some() || sim.report.is_some() {
        let cost = simulate::cost_model(&machine, sim.state, sim.profile_db.as_deref())?;
        let model = name.rsplit('/').next().unwrap_or(name);
        let simulated = simulate::simulate(
            model,
            &imported.graph,
            &machine,
            &cost,
            options.mode.unwrap_or(Mode::Training),
            "annotated",
            strategy,
            sim,
        )?;
        push_files(compiled, sim, simulated.json, simulated.trace);
    }
    Ok(())
}

/// Adds the `--report` and `--trace` contents, when there are any, to the files to write.
fn push_files(
    compiled: &mut Compiled,
    sim: &SimulateOptions,
    json: Option<String>,
    trace: Option<String>,
) {
    if let (Some(path), Some(json)) = (&sim.report, json) {
        compiled.files.push((path.clone(), json.into_bytes()));
    }
    if let (Some(path), Some(trace)) = (&sim.trace, trace) {
        compiled.files.push((path.clone(), trace.into_bytes()));
    }
}

/// The import analysis of `module` with the command line's settings, `#par.space` annotations written when
/// `annotate` (what `par-import` does); opaque-op warnings are pushed to `own`.
fn import_module(
    module: &Module,
    options: &Options,
    annotate: bool,
    own: &mut Vec<Diag>,
) -> Option<Imported> {
    let import_options = import_options(options).ok()?;
    let imported = import::analyze(&module.as_operation(), &import_options, annotate).ok()?;
    for (location, message) in &imported.opaque {
        own.push(Diag {
            severity: crate::diagnostics::Severity::Warning,
            location: FileLoc::parse(location),
            message: message.clone(),
            notes: Vec::new(),
        });
    }
    Some(imported)
}

/// Parses the model at `path` and imports it through the default pipeline (TOSA lowering included), the
/// batch dim inferred unless `options` gives it: the library entry point for tools, benchmarks and tests. Unregistered dialects are allowed (StableHLO
/// in generic form). `Err` carries the diagnostics as `flexc` prints them.
pub fn import_file(path: &Path, options: &Options) -> Result<Imported, String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{name}': {e}"))?;
    let import = import_options(options)?;
    let context = create_context(true);
    let session = Session::new(&context).map_err(|diag| diag.message)?;
    let capture = &session.capture;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let failure = |capture: &Capture| {
        let printer = Printer {
            sources: vec![(name.as_str(), text.as_str())],
        };
        let mut out = Vec::new();
        for diag in capture.take() {
            printer.print(&mut out, &diag);
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    let mut module = parse_module(&context, &bytes, &name).ok_or_else(|| failure(capture))?;
    let manager = module_pass_manager(&context);
    manager.enable_verifier(true);
    // What precedes par-import; the import itself runs once, here.
    let (before, _) = default_pipeline(&import).split_at(&flexc_passes::par_import::INFO);
    before
        .add_to(manager.as_operation_pass_manager())
        .map_err(|e| e.0)?;
    if manager.run(&mut module).is_err() {
        return Err(failure(capture));
    }
    let imported =
        import::analyze(&module.as_operation(), &import, true).map_err(|_| failure(capture))?;
    if options.batch_dim.is_some() {
        return Ok(imported);
    }
    // The batch dim inferred, as the driver does.
    let (dim, _) = import::infer_batch_dim(&module.as_operation(), &import, &imported);
    if dim == import.batch_dim {
        return Ok(imported);
    }
    let inferred = ImportOptions {
        batch_dim: dim,
        ..import
    };
    import::analyze(&module.as_operation(), &inferred, true).map_err(|_| failure(capture))
}

/// Adds flexc's advice to MLIR diagnostics whose cause flexc knows.
fn add_hints(mut diag: Diag) -> Diag {
    const UNKNOWN_CUSTOM_OP: &str = "not found for custom op '";
    if let Some(at) = diag.message.find(UNKNOWN_CUSTOM_OP) {
        let op = &diag.message[at + UNKNOWN_CUSTOM_OP.len()..];
        let dialect = op.split(['.', '\'']).next().unwrap_or("").to_string();
        diag.notes
            .retain(|note| !note.message.starts_with("Available dialects"));
        let export = if dialect == "stablehlo" || dialect == "chlo" {
            "this is StableHLO in pretty form, which needs the StableHLO dialect that upstream MLIR \
             lacks; flexc reads StableHLO in generic form: export it with \
             `lowered.compiler_ir('stablehlo').operation.get_asm(print_generic_op_form=True)` (JAX) or \
             `stablehlo-opt --mlir-print-op-generic`"
                .to_string()
        } else {
            format!(
                "'{dialect}' is not an upstream MLIR dialect; flexc reads such ops only in generic form \
                 (print the module with --mlir-print-op-generic)"
            )
        };
        let location = diag.location.clone();
        diag = diag.with_note(
            location,
            format!("{export}, then run flexc with --allow-unregistered-dialect"),
        );
    }
    if diag
        .message
        .contains("-allow-unregistered-dialect with the MLIR tool used")
    {
        diag.message =
            "operation of an unregistered dialect; run flexc with --allow-unregistered-dialect \
                        (needed for StableHLO, which flexc reads in generic form)"
                .into();
    }
    diag
}
