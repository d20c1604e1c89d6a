//! `flexc-run`: executes a partitioned program on CPU and checks it against its serial original
//! (DESIGN §7: materialized programs must be numerically equivalent to the serial one).
//!
//! Input: a module with a serial function `@f` and its device functions `@f_device0..N-1`, as
//! `par-materialize` writes them. A module without device functions whose ops carry `par.config` (a
//! `.par.mlir` from `flexc`) is materialized first (`par-materialize{devices=N}` with `--devices`,
//! else the module's `#par.machine`). Every public function with device functions is checked.
//!
//! Steps:
//! 1. elided weights (`dense_resource<__elided__...>`, no data) become dense constants of seeded
//!    random values, uniform in ±1/sqrt(n/d) for n elements of largest dim d (a fan-in guess that
//!    keeps activations of deep models finite); the values depend on the seed and the resource's name
//!    and type only, so every copy of a weight gets the same values;
//! 2. the module is lowered to the LLVM dialect by [`LOWERING`] (`par-lower-runtime` turns the `par`
//!    communication ops into calls of the runtime in `run/runtime.rs`, then upstream bufferization
//!    and conversions), and JIT-compiled by MLIR's ExecutionEngine;
//! 3. inputs are drawn from `--seed`: floats uniform in [-1, 1], integers (token ids) in
//!    [0, `--int-max`), i1 in {0, 1};
//! 4. `@f` runs once; the device functions run on one thread each, with the runtime between them;
//! 5. each result of device 0 is compared with the serial one: its error is
//!    `max |a - b| / max(|b|, floor)` where `floor` is `--atol` when given, else the largest magnitude
//!    of the serial result (the default measures errors relative to the output's scale, so elements
//!    near zero after cancellation do not make float reassociation look like a bug). NaN against NaN
//!    is equal. The check passes when every error is at most `--rtol`.
//!
//! Diagnostics follow the driver: `file:line:col: error: message` for input problems (exit 1), and a
//! report on standard output.

pub mod describe;
pub mod measure;
mod mpi;
mod runtime;

use crate::{
    diagnostics::{resolve_location, Capture, Diag, FileLoc, Printer},
    driver::{create_context, module_pass_manager, Exit},
    parse::parse_module,
    source::Source,
};
use flexc_passes::{ir::symbol_name, par_lower_runtime::device_function, pipeline};
use melior::ir::{
    operation::{OperationLike, WalkOrder, WalkResult},
    Module,
};
use mlir_sys::*;
use std::{collections::BTreeMap, ffi::c_void, io::Write, path::PathBuf};

pub use mpi::mpi_lowering;
pub use runtime::{strided_offsets, Traffic};

/// The lowering from tensors with `par` ops to the LLVM dialect (MLIR 22).
pub const LOWERING: &str = "builtin.module(\
    par-lower-runtime,\
    inline,\
    func.func(convert-elementwise-to-linalg),\
    one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},\
    convert-linalg-to-loops,\
    lower-affine,\
    convert-scf-to-cf,\
    expand-strided-metadata,\
    lower-affine,\
    finalize-memref-to-llvm,\
    convert-math-to-llvm,\
    convert-math-to-libm,\
    convert-arith-to-llvm,\
    convert-index-to-llvm,\
    convert-func-to-llvm,\
    convert-cf-to-llvm,\
    reconcile-unrealized-casts)";

/// What the command line asks for.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Input path, `-` for stdin.
    pub input: String,
    /// Devices for materializing a module that has none (0: the module's `#par.machine`).
    pub devices: u32,
    /// Exit 1 when a result is outside the tolerance (without it the report is all).
    pub check: bool,
    pub seed: u64,
    pub rtol: f64,
    /// Absolute floor of the relative error; `None`: the serial result's largest magnitude.
    pub atol: Option<f64>,
    /// Integer inputs are drawn from [0, int_max).
    pub int_max: i64,
    /// LLVM optimization level of the JIT (0-3).
    pub opt_level: u32,
    /// Print the time of each phase to the diagnostics stream.
    pub timings: bool,
    /// Run the device functions as this many MPI processes (`mpirun -np`) instead of threads (0).
    pub mpi: u32,
    /// Seconds the MPI ranks may take before they are stopped.
    pub mpi_timeout_s: u64,
    /// The executable `mpirun` starts as ranks (default: the running one).
    pub worker: Option<PathBuf>,
    /// Run as one MPI rank that writes its results into this directory (set by the launcher).
    pub mpi_worker: Option<PathBuf>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            input: "-".into(),
            devices: 0,
            check: false,
            seed: 0,
            rtol: 1e-5,
            atol: None,
            int_max: 8,
            opt_level: 0,
            timings: false,
            mpi: 0,
            mpi_timeout_s: 300,
            worker: None,
            mpi_worker: None,
        }
    }
}

/// Element types of function arguments and results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Element {
    fn parse(text: &str) -> Option<Element> {
        Some(match text {
            "i1" => Element::I1,
            "i8" => Element::I8,
            "i16" => Element::I16,
            "i32" => Element::I32,
            "i64" => Element::I64,
            "f32" => Element::F32,
            "f64" => Element::F64,
            _ => return None,
        })
    }

    fn width(self) -> usize {
        match self {
            Element::I1 | Element::I8 => 1,
            Element::I16 => 2,
            Element::I32 | Element::F32 => 4,
            Element::I64 | Element::F64 => 8,
        }
    }

    fn value(self, bytes: &[u8]) -> f64 {
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        match self {
            Element::I1 => f64::from(bytes[0] & 1),
            Element::I8 => f64::from(bytes[0] as i8),
            Element::I16 => f64::from(i16::from_ne_bytes([bytes[0], bytes[1]])),
            Element::I32 => f64::from(i32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Element::I64 => i64::from_ne_bytes(word) as f64,
            Element::F32 => f64::from(f32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
            Element::F64 => f64::from_ne_bytes(word),
        }
    }
}

/// A statically shaped tensor type of an argument or result.
#[derive(Clone, Debug)]
struct TensorType {
    dims: Vec<i64>,
    element: Element,
    text: String,
}

impl TensorType {
    fn elements(&self) -> usize {
        self.dims.iter().product::<i64>() as usize
    }
}

/// A serial function with its device functions.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    location: Option<FileLoc>,
    devices: usize,
    arguments: Vec<TensorType>,
    results: Vec<TensorType>,
}

/// The comparison of one result.
#[derive(Clone, Debug)]
pub struct ResultCheck {
    pub function: String,
    pub index: usize,
    pub type_text: String,
    pub max_abs_difference: f64,
    pub max_magnitude: f64,
    pub error: f64,
    pub ok: bool,
}

/// What a run found, for the report and for tests.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub results: Vec<ResultCheck>,
    /// Per checked function: its name, devices and the traffic of the device run (threads only).
    pub functions: Vec<(String, usize, Option<Traffic>)>,
    /// Seconds per phase (lowering, JIT, runs), for `--timings`.
    pub timings: Vec<(String, f64)>,
}

impl Outcome {
    pub fn passed(&self, rtol: f64) -> bool {
        !self.results.is_empty() && self.results.iter().all(|r| r.ok && r.error <= rtol)
    }
}

/// Runs the tool: the report goes to `out`, diagnostics to `errors`.
pub fn run(options: &RunOptions, out: &mut dyn Write, errors: &mut dyn Write) -> Exit {
    if let Some(dir) = &options.mpi_worker {
        return mpi::worker(options, dir, errors);
    }
    let Some(source) = read_source(&options.input, errors) else {
        return Exit::Failure;
    };
    let text = source_text(&source);
    let printer = Printer {
        sources: vec![(source.name.as_str(), text)],
    };
    match check_source(&source.name, &source.bytes, options) {
        Ok(outcome) => {
            let _ = out.write_all(report(&outcome, options).as_bytes());
            if options.timings {
                for (phase, seconds) in &outcome.timings {
                    let _ = writeln!(errors, "flexc-run: {phase}: {seconds:.2} s");
                }
            }
            if options.check && !outcome.passed(options.rtol) {
                let _ = writeln!(
                    errors,
                    "flexc-run: error: the device programs' results differ from the serial ones beyond rtol {:e}",
                    options.rtol
                );
                return Exit::Failure;
            }
            Exit::Success
        }
        Err(diags) => {
            for diag in &diags {
                printer.print(errors, diag);
            }
            Exit::Failure
        }
    }
}

/// Reads the input; problems (unreadable, not UTF-8 text) are printed to `errors`.
fn read_source(input: &str, errors: &mut dyn Write) -> Option<Source> {
    let checked = Source::read(input).and_then(|source| {
        if !source.is_bytecode() {
            source.text()?;
        }
        Ok(source)
    });
    match checked {
        Ok(source) => Some(source),
        Err(diag) => {
            Printer { sources: vec![] }.print(errors, &diag);
            None
        }
    }
}

/// The text diagnostics quote source lines from ("" for bytecode).
fn source_text(source: &Source) -> &str {
    if source.is_bytecode() {
        ""
    } else {
        source.text().unwrap_or("")
    }
}

/// The report: one line per result.
pub fn report(outcome: &Outcome, options: &RunOptions) -> String {
    let mut text = String::new();
    for (name, devices, traffic) in &outcome.functions {
        text.push_str(&match traffic {
            Some(traffic) => format!(
                "@{name}: serial vs {devices} devices (seed {}): {} messages ({} bytes), {} all-reduce calls\n",
                options.seed, traffic.messages, traffic.bytes, traffic.all_reduces
            ),
            None => format!(
                "@{name}: serial vs {devices} MPI processes (seed {})\n",
                options.seed
            ),
        });
        for result in outcome.results.iter().filter(|r| &r.function == name) {
            let verdict = if result.ok && result.error <= options.rtol {
                "ok"
            } else {
                "MISMATCH"
            };
            text.push_str(&format!(
                "  result {} {}: max |a-b| {:.3e}, max |b| {:.3e}, error {:.3e} (rtol {:e}) {verdict}\n",
                result.index,
                result.type_text,
                result.max_abs_difference,
                result.max_magnitude,
                result.error,
                options.rtol
            ));
        }
    }
    text
}

/// Parses, prepares, compiles and runs `bytes`; `Err` holds the diagnostics.
pub fn check_source(name: &str, bytes: &[u8], options: &RunOptions) -> Result<Outcome, Vec<Diag>> {
    let context = create_context(false);
    let _par =
        flexc_dialects::load_par_dialect(&context).map_err(|e| vec![Diag::error(None, e)])?;
    let capture = Capture::attach(&context);
    let mut module = parse_verified(&context, &capture, name, bytes)?;
    let start = FileLoc {
        file: name.to_string(),
        line: 1,
        column: 1,
    };
    let mut entries = find_entries(&module)?;
    if entries.is_empty() && has_configs(&module) {
        let devices = if options.devices == 0 {
            options.mpi
        } else {
            options.devices
        };
        let text = format!("builtin.module(par-materialize{{devices={devices}}})");
        run_pipeline(&context, &mut module, &text).map_err(|e| diagnosed(&capture, e))?;
        entries = find_entries(&module)?;
    }
    if entries.is_empty() {
        return Err(vec![Diag::error(
            Some(start),
            "no device functions to check: expected a serial function @f with @f_device0, @f_device1, \
             ... (the output of par-materialize), or ops with par.config to materialize",
        )]);
    }
    let mut outcome = Outcome::default();
    let mut clock = std::time::Instant::now();
    let mut lap = |outcome: &mut Outcome, phase: &str| {
        outcome
            .timings
            .push((phase.to_string(), clock.elapsed().as_secs_f64()));
        clock = std::time::Instant::now();
    };
    // The ranks of an MPI run read the module as it is before the weights are filled (they fill
    // them from the same seed).
    let program = (options.mpi > 0).then(|| module.as_operation().to_string());
    if program.is_some() {
        // Here only the serial functions run.
        for function in module_functions(&module) {
            if device_function(&symbol_name(function)).is_some() {
                unsafe { mlirOperationDestroy(function) };
            }
        }
    }
    fill_elided_weights(&module, options.seed);
    mark_c_interface(&module, &entries);
    lap(&mut outcome, "prepare");
    run_pipeline(&context, &mut module, LOWERING).map_err(|e| diagnosed(&capture, e))?;
    lap(&mut outcome, "lower to LLVM dialect");
    let engine = Engine::new(&context, &module, options.opt_level)
        .ok_or_else(|| diagnosed(&capture, "cannot JIT-compile the lowered module".into()))?;
    if let Some(program) = program {
        let location = entries[0].location.clone().or(Some(start));
        mpi::check_entries(&engine, &program, &entries, options, &mut outcome)
            .map_err(|e| vec![Diag::error(location, e)])?;
        lap(&mut outcome, "JIT and run with MPI");
        return Ok(outcome);
    }
    for entry in &entries {
        let location = Some(entry.location.clone().unwrap_or_else(|| start.clone()));
        check_entry(&engine, entry, options, &mut outcome)
            .map_err(|e| vec![Diag::error(location, e)])?;
        lap(&mut outcome, &format!("JIT and run @{}", entry.name));
    }
    Ok(outcome)
}

/// The diagnostics `capture` holds, else one error saying `fallback`.
fn diagnosed(capture: &Capture, fallback: String) -> Vec<Diag> {
    let mut diags = capture.take();
    if diags.is_empty() {
        diags.push(Diag::error(None, fallback));
    }
    diags
}

/// Parses `bytes` and verifies the module; errors are the captured diagnostics.
fn parse_verified<'c>(
    context: &'c melior::Context,
    capture: &Capture,
    name: &str,
    bytes: &[u8],
) -> Result<Module<'c>, Vec<Diag>> {
    let module = parse_module(context, bytes, name)
        .ok_or_else(|| diagnosed(capture, format!("cannot parse '{name}'")))?;
    if !module.as_operation().verify() {
        return Err(diagnosed(capture, format!("'{name}' does not verify")));
    }
    Ok(module)
}

fn run_pipeline(context: &melior::Context, module: &mut Module, text: &str) -> Result<(), String> {
    let elements = pipeline::parse(text).map_err(|e| e.0)?;
    let manager = module_pass_manager(context);
    manager.enable_verifier(true);
    pipeline::add_elements(
        manager.as_operation_pass_manager(),
        "builtin.module",
        &elements,
    )
    .map_err(|e| e.0)?;
    manager
        .run(module)
        .map_err(|_| format!("the pipeline {text} failed"))
}

fn module_functions(module: &Module) -> Vec<MlirOperation> {
    let mut functions = flexc_passes::ir::top_level_ops(module.as_operation().to_raw());
    functions.retain(|&op| flexc_passes::ir::op_name(op) == "func.func");
    functions
}

/// Serial functions with device functions `0..N`; errors for gaps and unsupported signatures.
fn find_entries(module: &Module) -> Result<Vec<Entry>, Vec<Diag>> {
    let functions = module_functions(module);
    let by_name: BTreeMap<String, MlirOperation> =
        functions.iter().map(|&f| (symbol_name(f), f)).collect();
    let mut devices: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for name in by_name.keys() {
        if let Some((base, device)) = device_function(name) {
            if by_name.contains_key(base) {
                devices.entry(base).or_default().push(device);
            }
        }
    }
    let mut entries = Vec::new();
    let mut diags = Vec::new();
    for (base, mut ids) in devices {
        ids.sort_unstable();
        let function = by_name[base];
        let location = resolve_location(unsafe { mlirOperationGetLocation(function) });
        if ids.iter().enumerate().any(|(i, &d)| i != d) {
            diags.push(Diag::error(
                location,
                format!(
                    "device functions of @{base} must be numbered 0..N without gaps, found {ids:?}"
                ),
            ));
            continue;
        }
        match signature(function) {
            Ok((arguments, results)) => {
                if results.is_empty() {
                    diags.push(Diag::error(
                        location,
                        format!("@{base} returns nothing to compare"),
                    ));
                    continue;
                }
                for &device in &ids {
                    let name = format!("{base}_device{device}");
                    let device_function = by_name[&name];
                    let expected_results = if device == 0 { results.len() } else { 0 };
                    let (args, res) = match signature(device_function) {
                        Ok(sig) => sig,
                        Err(e) => {
                            diags.push(Diag::error(
                                resolve_location(unsafe {
                                    mlirOperationGetLocation(device_function)
                                }),
                                e,
                            ));
                            continue;
                        }
                    };
                    let same_args = args.len() == arguments.len()
                        && args.iter().zip(&arguments).all(|(a, b)| a.text == b.text);
                    let same_results = res.len() == expected_results
                        && res.iter().zip(&results).all(|(a, b)| a.text == b.text);
                    if !same_args || !same_results {
                        diags.push(Diag::error(
                            resolve_location(unsafe { mlirOperationGetLocation(device_function) }),
                            format!(
                                "@{name} must take @{base}'s arguments and return {}",
                                if device == 0 {
                                    "its results"
                                } else {
                                    "nothing"
                                }
                            ),
                        ));
                    }
                }
                entries.push(Entry {
                    name: base.to_string(),
                    location: location.clone(),
                    devices: ids.len(),
                    arguments,
                    results,
                });
            }
            Err(e) => diags.push(Diag::error(location, e)),
        }
    }
    if diags.is_empty() {
        Ok(entries)
    } else {
        Err(diags)
    }
}

type Signature = (Vec<TensorType>, Vec<TensorType>);

fn signature(function: MlirOperation) -> Result<Signature, String> {
    let name = symbol_name(function);
    unsafe {
        let attribute = mlirOperationGetAttributeByName(
            function,
            melior::StringRef::new("function_type").to_raw(),
        );
        let ty = mlirTypeAttrGetValue(attribute);
        let convert = |ty: MlirType, what: &str| -> Result<TensorType, String> {
            let text = flexc_passes::ir::type_text(ty);
            let shape = flexc_passes::ir::tensor_shape(ty)
                .filter(|s| s.is_static())
                .ok_or_else(|| {
                    format!("@{name}: {what} has type {text}; flexc-run needs statically shaped tensors")
                })?;
            let element = Element::parse(&shape.element).ok_or_else(|| {
                format!("@{name}: {what} has type {text}; flexc-run handles i1, i8, i16, i32, i64, f32 and f64 elements")
            })?;
            Ok(TensorType {
                dims: shape.static_dims().iter().map(|&d| d as i64).collect(),
                element,
                text,
            })
        };
        let arguments = (0..mlirFunctionTypeGetNumInputs(ty))
            .map(|i| convert(mlirFunctionTypeGetInput(ty, i), &format!("argument {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let results = (0..mlirFunctionTypeGetNumResults(ty))
            .map(|i| convert(mlirFunctionTypeGetResult(ty, i), &format!("result {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((arguments, results))
    }
}

fn has_configs(module: &Module) -> bool {
    let mut found = false;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        found |= op.has_attribute(flexc_dialects::names::CONFIG_ATTR);
        if found {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    found
}

fn mark_c_interface(module: &Module, entries: &[Entry]) {
    let mut names = Vec::new();
    for entry in entries {
        names.push(entry.name.clone());
        names.extend((0..entry.devices).map(|d| format!("{}_device{d}", entry.name)));
    }
    for function in module_functions(module) {
        if names.contains(&symbol_name(function)) {
            unsafe {
                let unit = mlirUnitAttrGet(mlirOperationGetContext(function));
                mlirOperationSetDiscardableAttributeByName(
                    function,
                    melior::StringRef::new("llvm.emit_c_interface").to_raw(),
                    unit,
                );
            }
        }
    }
}

/// SplitMix64: small, seedable, and the same on every platform.
struct SplitMix(u64);

impl SplitMix {
    fn new(seed: u64, stream: &str) -> SplitMix {
        // FNV-1a of the stream name, mixed with the seed.
        let hash = stream.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        SplitMix(seed ^ hash)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [-1, 1).
    fn symmetric(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
}

/// Replaces every `dense_resource<__elided__...>` attribute by dense random values (module doc).
pub fn fill_elided_weights(module: &Module, seed: u64) {
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let raw = op.to_raw();
        let count = unsafe { mlirOperationGetNumAttributes(raw) };
        for i in 0..count {
            let named = unsafe { mlirOperationGetAttribute(raw, i) };
            let attribute = named.attribute;
            if !unsafe { mlirAttributeIsADenseResourceElements(attribute) } {
                continue;
            }
            // `dense_resource<HANDLE> : TYPE` (the C API cannot read the handle).
            let text = flexc_passes::ir::attribute_text(attribute);
            let Some(handle) = text
                .strip_prefix("dense_resource<")
                .and_then(|rest| rest.split('>').next())
                .filter(|handle| handle.starts_with("__elided__"))
                .map(str::to_string)
            else {
                continue;
            };
            let ty = unsafe { mlirAttributeGetType(attribute) };
            let Some(shape) = flexc_passes::ir::tensor_shape(ty).filter(|s| s.is_static()) else {
                continue;
            };
            let dims = shape.static_dims();
            let elements = shape.elements() as usize;
            let widest = dims.iter().copied().max().unwrap_or(1).max(1) as f64;
            let scale = 1.0 / (elements as f64 / widest).max(1.0).sqrt();
            let mut rng = SplitMix::new(
                seed,
                &format!("{handle}:{}", flexc_passes::ir::type_text(ty)),
            );
            let filled = unsafe {
                match shape.element.as_str() {
                    "f32" => {
                        let values: Vec<f32> = (0..elements)
                            .map(|_| (rng.symmetric() * scale) as f32)
                            .collect();
                        mlirDenseElementsAttrFloatGet(ty, elements as isize, values.as_ptr())
                    }
                    "f64" => {
                        let values: Vec<f64> =
                            (0..elements).map(|_| rng.symmetric() * scale).collect();
                        mlirDenseElementsAttrDoubleGet(ty, elements as isize, values.as_ptr())
                    }
                    "i64" => {
                        let values: Vec<i64> =
                            (0..elements).map(|_| (rng.next() % 8) as i64).collect();
                        mlirDenseElementsAttrInt64Get(ty, elements as isize, values.as_ptr())
                    }
                    "i32" => {
                        let values: Vec<i32> =
                            (0..elements).map(|_| (rng.next() % 8) as i32).collect();
                        mlirDenseElementsAttrInt32Get(ty, elements as isize, values.as_ptr())
                    }
                    _ => continue,
                }
            };
            unsafe { mlirOperationSetAttributeByName(raw, mlirIdentifierStr(named.name), filled) };
        }
        WalkResult::Advance
    });
}

/// MLIR's ExecutionEngine over the lowered module.
struct Engine {
    raw: MlirExecutionEngine,
}

impl Engine {
    fn new(context: &melior::Context, module: &Module, opt_level: u32) -> Option<Engine> {
        let raw = unsafe {
            mlirRegisterAllLLVMTranslations(context.to_raw());
            mlirExecutionEngineCreate(
                module.to_raw(),
                opt_level.min(3) as i32,
                0,
                std::ptr::null(),
                false,
                false,
            )
        };
        if raw.ptr.is_null() {
            return None;
        }
        let engine = Engine { raw };
        for (name, address) in runtime::symbols() {
            engine.register_symbol(&name, address as *mut c_void);
        }
        Some(engine)
    }

    /// Makes `name` resolve to `address` in the JIT-compiled code.
    fn register_symbol(&self, name: &str, address: *mut c_void) {
        unsafe {
            mlirExecutionEngineRegisterSymbol(
                self.raw,
                melior::StringRef::new(name).to_raw(),
                address,
            )
        };
    }

    /// The packed wrapper of `name` itself (no C interface): for functions of scalars.
    fn packed_plain(&self, name: &str) -> Result<PackedFunction, String> {
        self.lookup(&format!("_mlir_{name}"), name)
    }

    fn lookup(&self, symbol: &str, name: &str) -> Result<PackedFunction, String> {
        let address =
            unsafe { mlirExecutionEngineLookup(self.raw, melior::StringRef::new(symbol).to_raw()) };
        if address.is_null() {
            return Err(format!("the JIT has no function @{name}"));
        }
        Ok(PackedFunction(address as usize))
    }

    /// The packed wrapper of `name`'s C interface: `void(void **arguments)`.
    fn packed(&self, name: &str) -> Result<PackedFunction, String> {
        self.lookup(&format!("_mlir__mlir_ciface_{name}"), name)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        unsafe { mlirExecutionEngineDestroy(self.raw) }
    }
}

/// The address of a JIT-compiled packed wrapper; plain code, so callable from any thread.
#[derive(Clone, Copy)]
struct PackedFunction(usize);

impl PackedFunction {
    /// Calls the wrapper: `arguments` point at the arguments, then at the result.
    fn invoke(self, arguments: &mut [*mut c_void]) {
        let function: unsafe extern "C" fn(*mut *mut c_void) =
            unsafe { std::mem::transmute(self.0) };
        unsafe { function(arguments.as_mut_ptr()) };
    }

    /// Calls the function on copies of `inputs`; returns its results (bytes, row-major).
    fn call(
        self,
        arguments: &[TensorType],
        inputs: &[Vec<u64>],
        results: &[TensorType],
    ) -> Vec<Vec<u8>> {
        let mut call = Call::new(self, arguments, inputs, results);
        call.invoke();
        call.results(results)
    }
}

/// A call of a packed function with its arguments copied and descriptors built ahead of the clock.
struct Call {
    function: PackedFunction,
    _buffers: Vec<Vec<u64>>,
    _descriptors: Vec<Vec<i64>>,
    result_storage: Vec<i64>,
    _pointers: Vec<*mut c_void>,
    slots: Vec<*mut c_void>,
}

impl Call {
    fn new(
        function: PackedFunction,
        arguments: &[TensorType],
        inputs: &[Vec<u64>],
        results: &[TensorType],
    ) -> Call {
        let mut buffers: Vec<Vec<u64>> = inputs.to_vec();
        let mut descriptors: Vec<Vec<i64>> = buffers
            .iter_mut()
            .zip(arguments)
            .map(|(buffer, ty)| {
                let pointer = buffer.as_mut_ptr() as usize as i64;
                let mut descriptor = vec![pointer, pointer, 0];
                descriptor.extend(&ty.dims);
                descriptor.extend(row_major_strides(&ty.dims));
                descriptor
            })
            .collect();
        let words: usize = results.iter().map(|r| 3 + 2 * r.dims.len()).sum();
        let mut result_storage = vec![0i64; words.max(1)];
        let mut pointers: Vec<*mut c_void> = Vec::new();
        if !results.is_empty() {
            pointers.push(result_storage.as_mut_ptr() as *mut c_void);
        }
        pointers.extend(
            descriptors
                .iter_mut()
                .map(|d| d.as_mut_ptr() as *mut c_void),
        );
        let slots = pointers
            .iter_mut()
            .map(|p| p as *mut *mut c_void as *mut c_void)
            .collect();
        Call {
            function,
            _buffers: buffers,
            _descriptors: descriptors,
            result_storage,
            _pointers: pointers,
            slots,
        }
    }

    /// Runs the function once (its results are left where it put them).
    fn invoke(&mut self) {
        let function: unsafe extern "C" fn(*mut *mut c_void) =
            unsafe { std::mem::transmute(self.function.0) };
        unsafe { function(self.slots.as_mut_ptr()) };
    }
}

impl Call {
    /// The results of the last [`Call::invoke`] (bytes, row-major).
    fn results(&self, results: &[TensorType]) -> Vec<Vec<u8>> {
        let mut outputs = Vec::new();
        let mut at = 0;
        for ty in results {
            let rank = ty.dims.len();
            let words = &self.result_storage[at..at + 3 + 2 * rank];
            at += 3 + 2 * rank;
            let base = words[1] as usize as *const u8;
            let width = ty.element.width();
            let mut data = Vec::with_capacity(ty.elements() * width);
            for offset in strided_offsets(words[2], &words[3..3 + rank], &words[3 + rank..], width)
            {
                data.extend_from_slice(unsafe {
                    std::slice::from_raw_parts(base.add(offset), width)
                });
            }
            outputs.push(data);
        }
        outputs
    }
}

fn row_major_strides(dims: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * dims[d + 1];
    }
    strides
}

/// Seeded inputs of `entry`'s arguments, as 8-byte aligned storage.
fn inputs(entry: &Entry, options: &RunOptions) -> Vec<Vec<u64>> {
    entry
        .arguments
        .iter()
        .enumerate()
        .map(|(index, ty)| {
            let mut rng = SplitMix::new(options.seed, &format!("@{}:argument{index}", entry.name));
            let count = ty.elements();
            let width = ty.element.width();
            let mut bytes = Vec::with_capacity(count * width);
            for _ in 0..count {
                let integer =
                    |rng: &mut SplitMix| (rng.next() % options.int_max.max(1) as u64) as i64;
                match ty.element {
                    Element::F32 => bytes.extend((rng.symmetric() as f32).to_ne_bytes()),
                    Element::F64 => bytes.extend(rng.symmetric().to_ne_bytes()),
                    Element::I1 => bytes.push((rng.next() & 1) as u8),
                    Element::I8 => bytes.push(integer(&mut rng) as u8),
                    Element::I16 => bytes.extend((integer(&mut rng) as i16).to_ne_bytes()),
                    Element::I32 => bytes.extend((integer(&mut rng) as i32).to_ne_bytes()),
                    Element::I64 => bytes.extend(integer(&mut rng).to_ne_bytes()),
                }
            }
            let mut words = vec![0u64; bytes.len().div_ceil(8).max(1)];
            for (i, chunk) in bytes.chunks(8).enumerate() {
                let mut word = [0u8; 8];
                word[..chunk.len()].copy_from_slice(chunk);
                words[i] = u64::from_ne_bytes(word);
            }
            words
        })
        .collect()
}

/// Device threads get large stacks: JIT code may keep buffers on the stack.
const DEVICE_STACK: usize = 256 << 20;

fn check_entry(
    engine: &Engine,
    entry: &Entry,
    options: &RunOptions,
    outcome: &mut Outcome,
) -> Result<(), String> {
    let devices: Vec<PackedFunction> = (0..entry.devices)
        .map(|d| engine.packed(&format!("{}_device{d}", entry.name)))
        .collect::<Result<_, _>>()?;
    let inputs = inputs(entry, options);
    let runtime = runtime::Runtime::new(entry.devices);
    let actual = std::thread::scope(|scope| -> Result<Vec<Vec<u8>>, String> {
        let mut handles = Vec::new();
        for (device, function) in devices.iter().enumerate() {
            let runtime = &runtime;
            let inputs = &inputs;
            let results: &[TensorType] = if device == 0 { &entry.results } else { &[] };
            let handle = std::thread::Builder::new()
                .stack_size(DEVICE_STACK)
                .spawn_scoped(scope, move || {
                    runtime::Runtime::enter(runtime, device);
                    let outputs = function.call(&entry.arguments, inputs, results);
                    runtime::Runtime::leave();
                    outputs
                })
                .map_err(|e| format!("cannot start a device thread: {e}"))?;
            handles.push(handle);
        }
        let mut first = None;
        for handle in handles {
            let outputs = handle
                .join()
                .map_err(|_| "a device function crashed".to_string())?;
            first.get_or_insert(outputs);
        }
        Ok(first.unwrap_or_default())
    })?;
    if let Some(failure) = runtime.failure() {
        return Err(format!(
            "@{}: the device programs failed: {failure}",
            entry.name
        ));
    }
    check_entry_against(
        engine,
        entry,
        options,
        outcome,
        actual,
        Some(runtime.traffic()),
    )
}

/// Runs `entry`'s serial function and compares its results with `actual` (device 0's).
fn check_entry_against(
    engine: &Engine,
    entry: &Entry,
    options: &RunOptions,
    outcome: &mut Outcome,
    actual: Vec<Vec<u8>>,
    traffic: Option<Traffic>,
) -> Result<(), String> {
    let serial = engine.packed(&entry.name)?;
    let inputs = inputs(entry, options);
    let expected = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(DEVICE_STACK)
            .spawn_scoped(scope, || {
                serial.call(&entry.arguments, &inputs, &entry.results)
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?
            .join()
            .map_err(|_| "the serial function crashed".to_string())
    })?;
    outcome
        .functions
        .push((entry.name.clone(), entry.devices, traffic));
    for (index, ty) in entry.results.iter().enumerate() {
        outcome.results.push(compare(
            entry,
            index,
            ty,
            &actual[index],
            &expected[index],
            options.atol,
        ));
    }
    Ok(())
}

fn compare(
    entry: &Entry,
    index: usize,
    ty: &TensorType,
    actual: &[u8],
    expected: &[u8],
    atol: Option<f64>,
) -> ResultCheck {
    let width = ty.element.width();
    let values =
        |bytes: &[u8]| -> Vec<f64> { bytes.chunks(width).map(|c| ty.element.value(c)).collect() };
    let (a, b) = (values(actual), values(expected));
    let max_magnitude = b
        .iter()
        .filter(|v| v.is_finite())
        .fold(0.0f64, |m, v| m.max(v.abs()));
    let floor = atol.unwrap_or(max_magnitude).max(f64::MIN_POSITIVE);
    let (mut max_abs_difference, mut error, mut ok) = (0.0f64, 0.0f64, a.len() == b.len());
    for (&x, &y) in a.iter().zip(&b) {
        if x.is_nan() && y.is_nan() || x == y {
            continue;
        }
        let difference = (x - y).abs();
        if !difference.is_finite() {
            ok = false;
            max_abs_difference = f64::INFINITY;
            error = f64::INFINITY;
            continue;
        }
        max_abs_difference = max_abs_difference.max(difference);
        error = error.max(difference / y.abs().max(floor));
    }
    ResultCheck {
        function: entry.name.clone(),
        index,
        type_text: ty.text.clone(),
        max_abs_difference,
        max_magnitude,
        error,
        ok,
    }
}
