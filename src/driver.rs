//! The `flexc` driver: read, parse, verify, run a pipeline, print — `mlir-opt`'s shape.
//!
//! All or nothing: output is produced only when every chunk compiled (or, with
//! `--verify-diagnostics`, when every chunk produced exactly its expected diagnostics), and a file
//! output is written to a temporary file and renamed, so a failed run never leaves a partial
//! `.par.mlir` behind.

use crate::{
    diagnostics::{Capture, Diag, Printer},
    parse::{parse_module, DiagnosticVerifier},
    source::{split_chunks, Source, SPLIT_MARKER},
};
use flexc_passes::pipeline::{self, Element};
use melior::{
    dialect::DialectRegistry,
    ir::{operation::OperationLike, Module},
    pass::{PassIrPrintingOptions, PassManager},
    utility::{register_all_dialects, register_all_passes},
    Context,
};
use std::{io::Write, path::Path};

/// The default flexc pipeline, stage by stage; the pass manager verifies the module after every
/// stage. Later stages (search, materialize) are added here in order.
pub fn default_pipeline(options: &Options) -> Vec<Element> {
    let pass = |name: &str, options: String| Element::Pass {
        name: name.into(),
        options,
    };
    let params: Vec<String> = options.param_args.iter().map(usize::to_string).collect();
    vec![
        // TOSA becomes linalg through upstream MLIR's own lowering (no-ops on other input).
        Element::Nested {
            anchor: "func.func".into(),
            elements: [
                "tosa-optional-decompositions",
                "tosa-to-linalg-named",
                "tosa-to-linalg",
                "tosa-to-arith",
                "tosa-to-tensor",
            ]
            .iter()
            .map(|name| pass(name, String::new()))
            .collect(),
        },
        pass(
            flexc_passes::par_import::INFO.argument,
            format!(
                "batch-dim={} param-args={} opaque-unknown={}",
                options.batch_dim,
                params.join(","),
                options.opaque_unknown
            ),
        ),
        pass(flexc_passes::par_verify::INFO.argument, String::new()),
    ]
}

/// What the driver writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The module (text or bytecode).
    #[default]
    Mlir,
    /// The import table: per op its dims and roles, FLOPs and parameters, and model totals.
    Summary,
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
    /// Import settings for the default pipeline (see `par-import`).
    pub batch_dim: usize,
    pub param_args: Vec<usize>,
    pub opaque_unknown: bool,
}

/// Process exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Success = 0,
    /// Bad input or a failed compilation.
    Failure = 1,
    /// A bad command line (including a bad pipeline string).
    Usage = 2,
}

/// A context with every upstream dialect registered, the `par` dialect loaded, and multithreading
/// off (diagnostics arrive in program order; flexc's own analyses run on plain Rust data).
pub fn create_context(allow_unregistered_dialect: bool) -> Context {
    register_all_passes();
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new_with_registry(&registry, false);
    context.set_allow_unregistered_dialects(allow_unregistered_dialect);
    context
}

/// A pass manager anchored on `builtin.module` (melior's `PassManager::new` is anchored on `any`,
/// which cannot hold op-specific passes such as flexc's module passes).
pub fn module_pass_manager(context: &Context) -> PassManager<'_> {
    unsafe {
        PassManager::from_raw(mlir_sys::mlirPassManagerCreateOnOperation(
            context.to_raw(),
            melior::StringRef::new("builtin.module").to_raw(),
        ))
    }
}

/// Runs the driver; diagnostics go to `errors`, IR to the output.
pub fn run(options: &Options, errors: &mut dyn Write) -> Exit {
    let usage = |errors: &mut dyn Write, message: &str| {
        let _ = writeln!(errors, "flexc: error: {message}");
        Exit::Usage
    };
    if options.emit_bytecode && options.split_input_file {
        return usage(
            errors,
            "--emit-bytecode cannot be combined with --split-input-file",
        );
    }
    let elements = match &options.pass_pipeline {
        Some(text) => match pipeline::parse(text) {
            Ok(elements) => elements,
            Err(e) => return usage(errors, &e.0),
        },
        None => default_pipeline(options),
    };

    let context = create_context(options.allow_unregistered_dialect);
    let capture = Capture::attach(&context);
    let _par_dialect = match flexc_dialects::load_par_dialect(&context) {
        Ok(module) => module,
        Err(message) => {
            let _ = writeln!(errors, "flexc: error: {message}");
            return Exit::Failure;
        }
    };
    let manager = module_pass_manager(&context);
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
    if let Err(e) = pipeline::add_elements(
        manager.as_operation_pass_manager(),
        "builtin.module",
        &elements,
    ) {
        // Upstream pass-parsing problems may also have been reported as diagnostics.
        capture.take();
        return usage(errors, &e.0);
    }

    let fail = |errors: &mut dyn Write, diag: Diag, printer: &Printer| {
        printer.print(errors, &diag);
        Exit::Failure
    };
    let no_sources = Printer { sources: vec![] };
    let source = match Source::read(&options.input) {
        Ok(source) => source,
        Err(diag) => return fail(errors, diag, &no_sources),
    };
    let chunks: Vec<Vec<u8>> = if source.is_bytecode() {
        if options.split_input_file || options.verify_diagnostics {
            return usage(
                errors,
                "--split-input-file and --verify-diagnostics need textual MLIR input",
            );
        }
        vec![source.bytes.clone()]
    } else {
        let text = match source.text() {
            Ok(text) => text,
            Err(diag) => return fail(errors, diag, &no_sources),
        };
        if options.split_input_file {
            split_chunks(text)
                .into_iter()
                .map(String::into_bytes)
                .collect()
        } else {
            vec![text.as_bytes().to_vec()]
        }
    };
    let text = std::str::from_utf8(&source.bytes).unwrap_or("");
    let printer = Printer {
        sources: vec![(source.name.as_str(), text)],
    };

    let mut outputs = Vec::new();
    let mut summaries = String::new();
    let mut ok = true;
    for chunk in &chunks {
        let result = compile_chunk(&context, &manager, &source.name, chunk, options);
        for diag in capture.take() {
            printer.print(errors, &add_hints(diag));
        }
        match result {
            ChunkResult::Compiled((output, summary)) => {
                outputs.push(output);
                summaries.push_str(&summary);
            }
            ChunkResult::ExpectedFailure => {}
            ChunkResult::Failed => ok = false,
        }
    }
    if !ok {
        return Exit::Failure;
    }
    let output = if options.emit_bytecode {
        outputs.concat()
    } else {
        let separator = format!("{SPLIT_MARKER}\n").into_bytes();
        outputs.join(separator.as_slice())
    };
    match write_output(&options.output, &output) {
        Ok(()) => {
            if options.summary {
                let destination = if options.output == "-" {
                    "standard output"
                } else {
                    &options.output
                };
                let _ = write!(
                    errors,
                    "flexc: {} -> {destination}\n{summaries}",
                    source.name
                );
            }
            Exit::Success
        }
        Err(diag) => fail(errors, diag, &no_sources),
    }
}

enum ChunkResult {
    /// Compiled; the printed module and its summary (empty unless asked for).
    Compiled((Vec<u8>, String)),
    /// Failed as its `expected-*` comments said it would (`--verify-diagnostics`).
    ExpectedFailure,
    Failed,
}

fn compile_chunk(
    context: &Context,
    manager: &PassManager,
    name: &str,
    chunk: &[u8],
    options: &Options,
) -> ChunkResult {
    let mut summary = None;
    let verifier = options
        .verify_diagnostics
        .then(|| DiagnosticVerifier::new(context, chunk, name));
    let module = match &verifier {
        Some(verifier) => verifier.parse(context),
        None => parse_module(context, chunk, name),
    };
    let output = module.and_then(|mut module| {
        let output = compile_module(manager, &mut module, options)?;
        if options.summary {
            summary = Some(summarize(&module));
        }
        Some(output)
    });
    let output = output.map(|output| (output, summary.unwrap_or_default()));
    match verifier {
        Some(verifier) => match (verifier.finish(), output) {
            (true, Some(output)) => ChunkResult::Compiled(output),
            (true, None) => ChunkResult::ExpectedFailure,
            (false, _) => ChunkResult::Failed,
        },
        None => output.map_or(ChunkResult::Failed, ChunkResult::Compiled),
    }
}

/// Verifies, runs the pipeline and prints; `None` on failure (diagnostics were emitted).
fn compile_module(
    manager: &PassManager,
    module: &mut Module,
    options: &Options,
) -> Option<Vec<u8>> {
    if !module.as_operation().verify() || manager.run(module).is_err() {
        return None;
    }
    let operation = module.as_operation();
    if options.emit == Emit::Summary {
        let import_options = flexc_passes::par_import::ImportOptions {
            batch_dim: options.batch_dim,
            param_args: options.param_args.clone(),
            opaque_unknown: options.opaque_unknown,
        };
        let imported =
            flexc_passes::par_import::analyze(&operation, &import_options, false).ok()?;
        return Some(import_table(&imported).into_bytes());
    }
    Some(if options.emit_bytecode {
        operation.write_bytecode()
    } else {
        format!("{operation}\n").into_bytes()
    })
}

/// `--emit=summary`: one row per compute op, then the model totals.
pub fn import_table(imported: &flexc_passes::par_import::Imported) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<5} {:<32} {:<40} {:<44} {:>16} {:>12}",
        "#", "op", "location", "dims (size:role)", "forward_flops", "parameters"
    );
    for (index, op) in imported.ops.iter().enumerate() {
        let dims: Vec<String> = op
            .space
            .sizes
            .iter()
            .zip(&op.space.roles)
            .map(|(size, role)| format!("{size}:{}", role.letter()))
            .collect();
        let location = op.location.rsplit('/').next().unwrap_or(&op.location);
        let _ = writeln!(
            out,
            "{:<5} {:<32} {:<40} {:<44} {:>16} {:>12}",
            index,
            op.name,
            location,
            dims.join(" "),
            op.flops,
            op.parameters
        );
    }
    for (location, message) in &imported.opaque {
        let _ = writeln!(out, "opaque: {location}: {message}");
    }
    let _ = writeln!(out, "compute_ops: {}", imported.ops.len());
    let _ = writeln!(
        out,
        "weight_args: {}",
        if imported.weight_args.is_empty() {
            "none".to_string()
        } else {
            imported.weight_args.join(" ")
        }
    );
    let _ = writeln!(out, "parameters: {}", imported.parameters);
    let _ = writeln!(out, "forward_flops: {}", imported.forward_flops);
    out
}

/// A few lines about a compiled module: its functions, ops per dialect, and `par` annotations.
fn summarize(module: &Module) -> String {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut per_dialect = std::collections::BTreeMap::<String, usize>::new();
    let (mut functions, mut ops, mut configured) = (0usize, 0usize, 0usize);
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = flexc_passes::op_name(&op);
        if name == "builtin.module" {
            return WalkResult::Advance;
        }
        ops += 1;
        functions += usize::from(name == "func.func");
        configured += usize::from(op.has_attribute(flexc_dialects::names::CONFIG_ATTR));
        let dialect = name.split('.').next().unwrap_or("").to_string();
        *per_dialect.entry(dialect).or_default() += 1;
        WalkResult::Advance
    });
    let mut dialects: Vec<(String, usize)> = per_dialect.into_iter().collect();
    dialects.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let dialects: Vec<String> = dialects.iter().map(|(d, n)| format!("{d} {n}")).collect();
    format!(
        "  functions: {functions}\n  operations: {ops} ({})\n  ops with a par.config: {configured}\n",
        dialects.join(", ")
    )
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

/// Writes `bytes` to `path` (`-`: stdout) through a temporary file in the same directory.
pub fn write_output(path: &str, bytes: &[u8]) -> Result<(), Diag> {
    if path == "-" {
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| Diag::error(None, format!("cannot write standard output: {e}")));
    }
    let target = Path::new(path);
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let file_name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .ok_or_else(|| {
            Diag::error(
                None,
                format!("cannot write output file '{path}': not a file name"),
            )
        })?;
    let temporary = directory.join(format!(".{file_name}.flexc-tmp-{}", std::process::id()));
    let cannot =
        |e: std::io::Error| Diag::error(None, format!("cannot write output file '{path}': {e}"));
    let written =
        std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, target));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(cannot(e));
    }
    Ok(())
}
