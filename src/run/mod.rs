//! `flexc-run`: executes a partitioned program on CPU and checks it against its serial original
//! (docs/design.md §7: materialized programs must be numerically equivalent to the serial one).
//!
//! Input: a module with a serial function `@f` and its device functions `@f_device0..N-1`, as
//! `par-materialize` writes them. A module without device functions whose ops carry `par.config` (a
//! `.par.mlir` from `flexc`) is materialized first (`par-materialize{devices=N}` with `--devices`,
//! else the module's `#par.machine`). Every public function with device functions is checked.
//!
//! A module with StableHLO/CHLO ops (a JAX export; parsed with `--allow-unregistered-dialect`) is
//! first lowered by [`pass_pipeline::stablehlo_lowering`]: `stablehlo-to-linalg` keeps each op's
//! `par.config` on the op that replaces it, and JAX's private helper functions are inlined.
//! `--inputs`, `--reference` and `--dump-outputs` (`run/io.rs`) give the arguments, compare the serial
//! results with given ones, or write them; with one of the latter two, a module without a strategy
//! runs serially (one device).
//!
//! Steps:
//! 1. elided weights (`dense_resource<__elided__...>`, no data) become dense constants of seeded
//!    random values, uniform in ±1/sqrt(n/d) for n elements of largest dim d (a fan-in guess that
//!    keeps activations of deep models finite); the values depend on the seed and the resource's name
//!    and type only, so every copy of a weight gets the same values;
//! 2. the module is lowered to the LLVM dialect by [`pass_pipeline::cpu_lowering`] (`par-lower-runtime` turns the `par`
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

mod check;
pub mod describe;
mod engine;
mod entries;
mod io;
pub mod measure;
mod mpi;
mod prepare;
mod runtime;
pub use runtime::share_one_heap;

use crate::{
    diagnostics::{Diag, FileLoc, Printer},
    session::{create_context, read_source, source_text, Exit, Session},
};
use flexc_core::DeviceCount;
use flexc_dialects::names::parse_device_function;
use flexc_passes::{ir::symbol_name, pass_pipeline};
use mlir_sys::*;
use std::{io::Write, path::PathBuf};

use crate::program::{fill_elided_weights, lower_stablehlo, module_functions};
use check::{check_entry, check_entry_against, compare, DEVICE_STACK};
use engine::{Call, Element, Engine, PackedFunction, TensorType};
use entries::{find_entries, Entry};
use prepare::{has_configs, inputs, mark_c_interface};

pub use check::{report, Outcome, ResultCheck};
pub use runtime::{strided_offsets, Traffic};

/// What the command line asks for.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Input path, `-` for stdin.
    pub input: String,
    /// Devices for materializing a module that has none (`None`: `mpi`, else the module's
    /// `#par.machine`).
    pub devices: Option<DeviceCount>,
    /// Exit 1 when a result is outside the tolerance (without it the report is all).
    pub check: bool,
    pub seed: u64,
    pub rtol: f64,
    /// Absolute floor of the relative error; `None`: the serial result's largest magnitude.
    pub atol: Option<f64>,
    /// Integer inputs are drawn from [0, int_max).
    pub int_max: i64,
    /// LLVM optimization level of the JIT (0-3); `None`: [`auto_opt_level`].
    pub opt_level: Option<u32>,
    /// Print the time of each phase to the diagnostics stream.
    pub timings: bool,
    /// Run the device functions as this many MPI processes (`mpirun -np`) instead of threads
    /// (`None`).
    pub mpi: Option<DeviceCount>,
    /// Seconds the MPI ranks may take before they are stopped.
    pub mpi_timeout_s: u64,
    /// The executable `mpirun` starts as ranks (default: the running one).
    pub worker: Option<PathBuf>,
    /// Run as one MPI rank that writes its results into this directory (set by the launcher).
    pub mpi_worker: Option<PathBuf>,
    /// Parse ops of unregistered dialects (StableHLO in generic form, lowered by
    /// `stablehlo-to-linalg` before anything else).
    pub allow_unregistered_dialect: bool,
    /// The arguments of the serial function from `.npy` files instead of seeded values (`io.rs`).
    pub inputs: Option<PathBuf>,
    /// Compare the serial function's results with these `.npy` files.
    pub reference: Option<PathBuf>,
    /// Write the serial function's results as `.npy` files into this directory.
    pub dump_outputs: Option<PathBuf>,
    /// What the run is doing now, for a progress display ([`run`] prints it every few seconds).
    pub phase: Option<std::sync::Arc<std::sync::Mutex<String>>>,
}

/// A line on standard error every [`PROGRESS_EVERY`] while a run lasts (what it is doing, how long it
/// has been), so that a long check is never silent; stops when dropped.
struct Progress {
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

/// How often [`Progress`] prints.
pub const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

impl Progress {
    fn start(options: &RunOptions, _errors: &mut dyn Write) -> Progress {
        use std::sync::atomic::{AtomicBool, Ordering};
        let done = std::sync::Arc::new(AtomicBool::new(false));
        let ticker = options.phase.clone().map(|phase| {
            let done = done.clone();
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                let mut next = PROGRESS_EVERY;
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    if start.elapsed() >= next {
                        let now = phase.lock().unwrap_or_else(|e| e.into_inner()).clone();
                        // One write of a whole line: no lock is held across the run.
                        eprintln!(
                            "flexc-run: {now}, {:.0} s elapsed",
                            start.elapsed().as_secs_f64()
                        );
                        next += PROGRESS_EVERY;
                    }
                }
            })
        });
        Progress { done, ticker }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, std::sync::atomic::Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
    }
}

/// The JIT's optimization level when none is given: 2 for a module holding a tensor of 2^20 elements or
/// more (a full-size model, whose run the optimizations shorten by far more than they cost: the
/// full-size MLP's check ran for over 300 s unoptimized), else 0 (a small model compiles 3x faster and
/// runs in milliseconds either way).
pub fn auto_opt_level(module: &melior::ir::Module) -> u32 {
    use melior::ir::{
        operation::{OperationLike, WalkOrder, WalkResult},
        TypeLike, ValueLike,
    };
    let mut large = false;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        large = (0..op.result_count()).any(|r| {
            op.result(r).is_ok_and(|value| {
                flexc_passes::ir::tensor_shape(value.r#type().to_raw())
                    .and_then(|shape| shape.checked_elements())
                    .is_some_and(|n| n >= 1 << 20)
            })
        });
        if large {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    if large {
        2
    } else {
        0
    }
}

/// Sets the phase a progress display shows.
fn announce(options: &RunOptions, phase: impl Into<String>) {
    if let Some(slot) = &options.phase {
        *slot.lock().unwrap_or_else(|e| e.into_inner()) = phase.into();
    }
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            input: "-".into(),
            devices: None,
            check: false,
            seed: 0,
            rtol: 1e-5,
            atol: None,
            int_max: 8,
            opt_level: None,
            timings: false,
            mpi: None,
            mpi_timeout_s: 300,
            worker: None,
            mpi_worker: None,
            allow_unregistered_dialect: false,
            inputs: None,
            reference: None,
            dump_outputs: None,
            phase: None,
        }
    }
}

/// The most devices `flexc-run` runs: one thread (or MPI rank) and one JIT-compiled function each, and
/// all-reduce groups named by 63-bit masks (`flexc_core::GROUP_MASK_DEVICES`). A larger count is
/// refused before anything is materialized or compiled (65536 devices compiled for minutes, growing).
pub const MAX_DEVICES: u32 = flexc_core::GROUP_MASK_DEVICES;

/// `Err` (a message) for a device count beyond [`MAX_DEVICES`].
pub fn check_devices(devices: u64) -> Result<(), String> {
    if devices > u64::from(MAX_DEVICES) {
        return Err(format!(
            "flexc-run runs at most {MAX_DEVICES} devices (a thread and a compiled function each, all-reduce groups as 63-bit masks), not {devices}"
        ));
    }
    Ok(())
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
    let _progress = Progress::start(options, errors);
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

/// Parses, prepares, compiles and runs `bytes`; `Err` holds the diagnostics.
pub fn check_source(name: &str, bytes: &[u8], options: &RunOptions) -> Result<Outcome, Vec<Diag>> {
    let context = create_context(options.allow_unregistered_dialect);
    let session = Session::new(&context).map_err(|diag| vec![diag])?;
    announce(options, "reading and lowering the module");
    let mut module = session.parse_verified(name, bytes)?;
    lower_stablehlo(&session, &mut module)?;
    let start = FileLoc {
        file: name.to_string(),
        line: 1,
        column: 1,
    };
    let mut entries = find_entries(&module)?;
    // Without a strategy, a reference check or an output dump still runs: every op replicated.
    let configured = has_configs(&module);
    let serial_only =
        !configured && (options.reference.is_some() || options.dump_outputs.is_some());
    if entries.is_empty() && (configured || serial_only) {
        let devices = match options.devices.or(options.mpi) {
            None if serial_only => Some(DeviceCount::ONE),
            devices => devices,
        };
        // The module's own machine, when it decides the count (a malformed one is par-materialize's
        // error).
        let recorded = flexc_passes::machine_attr(&module.as_operation())
            .ok()
            .flatten()
            .and_then(|m| m.device_count());
        // A strategy is placed on its recorded machine's devices: another count cannot run it.
        if let (Some(given), Some(recorded), true) = (devices, recorded, configured) {
            if given != recorded {
                let flag = if options.mpi.is_some() {
                    "--mpi"
                } else {
                    "--devices"
                };
                return Err(vec![Diag::error(
                    Some(start.clone()),
                    format!(
                        "the strategy is placed on the {recorded} devices of its recorded machine (#par.machine), but {flag}={given} runs {given}: give {flag}={recorded}, or search again with flexc --devices={given}"
                    ),
                )]);
            }
        }
        let count = devices.or(recorded);
        if let Some(count) = count {
            check_devices(u64::from(count.get()))
                .map_err(|e| vec![Diag::error(Some(start.clone()), e)])?;
        }
        // The records, configurations and schedule as `flexc --simulate` reads them.
        if configured {
            crate::records::check_module(&session, &module, devices)?;
        }
        session
            .run_pipeline(&mut module, &pass_pipeline::materialize(devices))
            .map_err(|e| session.diagnosed(e))?;
        entries = find_entries(&module)?;
    }
    for entry in &entries {
        check_devices(entry.devices as u64).map_err(|e| {
            vec![Diag::error(
                entry.location.clone().or(Some(start.clone())),
                e,
            )]
        })?;
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
    let program: Option<(DeviceCount, String)> = options
        .mpi
        .map(|ranks| (ranks, module.as_operation().to_string()));
    if program.is_some() {
        // Here only the serial functions run.
        for function in module_functions(&module) {
            if parse_device_function(&symbol_name(function)).is_some() {
                unsafe { mlirOperationDestroy(function) };
            }
        }
    }
    fill_elided_weights(&module, options.seed);
    mark_c_interface(&module, &entries);
    lap(&mut outcome, "prepare");
    let opt_level = options.opt_level.unwrap_or_else(|| auto_opt_level(&module));
    announce(options, "lowering to the LLVM dialect");
    session
        .run_pipeline(&mut module, &pass_pipeline::cpu_lowering())
        .map_err(|e| session.diagnosed(e))?;
    lap(&mut outcome, "lower to LLVM dialect");
    announce(options, format!("JIT-compiling at opt level {opt_level}"));
    let engine = Engine::new(&context, &module, opt_level)
        .ok_or_else(|| session.diagnosed("cannot JIT-compile the lowered module".into()))?;
    if let Some((ranks, program)) = program {
        let location = entries[0].location.clone().or(Some(start));
        mpi::check_entries(&engine, &program, &entries, options, ranks, &mut outcome)
            .map_err(|e| vec![Diag::error(location, e)])?;
        lap(&mut outcome, "JIT and run with MPI");
        return Ok(outcome);
    }
    for entry in &entries {
        let location = Some(entry.location.clone().unwrap_or_else(|| start.clone()));
        announce(
            options,
            format!("running @{} and its device programs", entry.name),
        );
        check_entry(&engine, entry, options, &mut outcome)
            .map_err(|e| vec![Diag::error(location, e)])?;
        lap(&mut outcome, &format!("JIT and run @{}", entry.name));
    }
    Ok(outcome)
}
