//! `flexc-run --time` and `--profile-db-out`: timed runs of a partitioned program on CPU, and the
//! per-task profile that the simulator reads (issue 6, simulator fidelity on the hardware we have).
//!
//! **Timed runs.** The program is prepared as for `--check` (materialized when it is a `.par.mlir`,
//! elided weights filled, lowered by [`flexc_passes::pass_pipeline::cpu_lowering`], JIT-compiled at `--opt-level`). Then, per
//! serial function `@f`: `--warmup` untimed runs (at least one; the first is the run `--check`
//! compares), then `--runs` timed runs of the device functions, each on its own thread as in `--check`
//! (threads start together at a barrier; a run's wall time is from the earliest start to the latest
//! return), and with `--time` as many timed runs of `@f` on one thread. Arguments are copied before the
//! clock starts (a bufferized function may write into them), so only the JIT code and the runtime's
//! messages are timed. The report gives the median, minimum and maximum.
//!
//! **Profiling** (`--profile-db-out=FILE`): the forward time of every graph op's task, *as the
//! strategy cuts it*, measured inside the partitioned program itself rather than in isolation: the
//! tasks run on the operand slices, with the cache state, thread count and memory contention of the
//! real run. How:
//! 1. before `par-materialize`, every graph op (an op with `par.config`, the `k`-th of `par-import`'s
//!    graph) gets the discardable attribute `flexc.profile_op = k`; the materializer copies it onto
//!    every task clone of the op (it strips only the `par` attributes);
//! 2. in every device function, each marked op is bracketed by `func.call @flexc_profile_begin(k)`
//!    and `@flexc_profile_end(k)` (declared private, bound to the functions below), together with
//!    the ops that serve only it right before (operand slices, a fresh or filled destination) and
//!    after (writing its result into the device's local copy: `tensor.empty`, `tensor.insert_slice`,
//!    copies after bufferization): a task's time is what running it costs the device. The calls
//!    are opaque, so the ops stay between them through bufferization and LLVM;
//! 3. the timed runs record one sample per task execution (thread-local, nothing allocated or locked
//!    between the two calls); warm-up samples are dropped;
//! 4. a task's key is the simulator's own ([`flexc_core::CostModel::measurement`]): the graph op's
//!    name, its task extents (loop sizes divided by the configuration's degrees), its dtype and the
//!    device name (`--device-name`, the `[gpu] name` of the machine description). The entry's
//!    `forward_s` is the median of every sample with that key (all tasks, devices and runs: graph ops
//!    with equal keys, e.g. identical layers, pool their samples). A key with no sample belongs to ops
//!    none of whose tasks computes anything (a reshape forwarded as a view): it is recorded as 0 s.
//!
//! The entries are merged into FILE (a later measurement of a key replaces the old one; other
//! entries are kept), written through a temporary file. `backward_s` is not measured: `flexc-run`
//! executes the forward program only, so the profile serves `--mode=inference` simulations.
//!
//! Limits of the key: every `linalg.generic` has the name `linalg.generic`, so generics with the same
//! loop extents and dtype (a bias add and a ReLU of one shape) share an entry, the median of both.
//! The begin/end calls cost about 50 ns per task; ops too small to time with `Instant` (a few tens of
//! nanoseconds) read as their call overhead. With both `--time` and `--profile-db-out`, one
//! instrumented program is compiled and the timed runs are the profiled ones, so the profile and the
//! wall time describe the same executions (the calls are included in the wall time).

use super::{
    compare, fill_elided_weights, find_entries, has_configs, inputs, lower_stablehlo,
    mark_c_interface, report, runtime, Call, Engine, Entry, Outcome, PackedFunction, RunOptions,
    TensorType,
};
use crate::{
    diagnostics::{Diag, FileLoc, Printer},
    program::{bracket_tasks, mark_graph_ops, Brackets, OpKey},
    session::{create_context, read_source, source_text, write_output, Exit, Session},
};
use flexc_core::{DType, ProfileDb, ProfileEntry};
use flexc_passes::pass_pipeline;
use melior::ir::Module;
use mlir_sys::*;
use std::{
    cell::RefCell,
    collections::BTreeMap,
    ffi::c_void,
    io::Write,
    sync::{Arc, Barrier},
    time::Instant,
};

use flexc_core::contract::{PROFILE_BEGIN as BEGIN, PROFILE_END as END};

/// What `--time` / `--profile-db-out` ask for, besides the common run options.
#[derive(Clone, Debug)]
pub struct MeasureOptions {
    /// Input, devices, seed, opt level; `check` compares the first (warm-up) run.
    pub run: RunOptions,
    /// Time the device functions and the serial function.
    pub time: bool,
    /// Profile database to write or merge into.
    pub profile_db_out: Option<String>,
    /// The device name of the profile's entries (the machine description's `[gpu] name`).
    pub device_name: String,
    /// Timed runs.
    pub runs: u32,
    /// Untimed runs before them (at least 1).
    pub warmup: u32,
}

impl Default for MeasureOptions {
    fn default() -> Self {
        MeasureOptions {
            run: RunOptions::default(),
            time: false,
            profile_db_out: None,
            device_name: "cpu".into(),
            runs: 10,
            warmup: 1,
        }
    }
}

/// Wall times of the timed runs of one program, in seconds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timing {
    pub runs: Vec<f64>,
    /// Per timed run, when its tasks were profiled: the busiest device's task time (the sum of its
    /// tasks' samples; waiting for messages and the runtime's own work are not tasks).
    pub busiest: Vec<f64>,
}

impl Timing {
    pub fn median(&self) -> f64 {
        median(&self.runs)
    }

    /// The idle share of the busiest device: per run `1 − busiest/wall`, the median over the runs
    /// (`None` without profiled tasks). A pipeline's bubble as `flexc --simulate` predicts it.
    pub fn bubble(&self) -> Option<f64> {
        (!self.busiest.is_empty() && self.busiest.len() == self.runs.len()).then(|| {
            let idle: Vec<f64> = self
                .runs
                .iter()
                .zip(&self.busiest)
                .map(|(&wall, &busy)| if wall > 0.0 { 1.0 - busy / wall } else { 0.0 })
                .collect();
            median(&idle)
        })
    }

    fn summary(&self) -> String {
        let min = self.runs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = self.runs.iter().copied().fold(0.0, f64::max);
        let mut text = format!(
            "median {:.3} ms (min {:.3}, max {:.3}) over {} runs",
            self.median() * 1e3,
            min * 1e3,
            max * 1e3,
            self.runs.len()
        );
        if let Some(bubble) = self.bubble() {
            text.push_str(&format!(
                "; busiest device's tasks median {:.3} ms, idle share (bubble) {:.1}%",
                median(&self.busiest) * 1e3,
                bubble * 100.0
            ));
        }
        text
    }
}

/// What the measured runs found.
#[derive(Clone, Debug, Default)]
pub struct Measured {
    /// The check of the first run (when asked for).
    pub outcome: Outcome,
    /// Per serial function: its name, devices, the device programs' timing and the serial one (with
    /// `--time`).
    pub timings: Vec<(String, usize, Timing, Option<Timing>)>,
    /// The JIT's optimization level (`--opt-level`, else 2: timings are of optimized code).
    pub opt_level: u32,
    /// The profile entries measured (with `--profile-db-out`), sorted by op name.
    pub profile: Vec<ProfileEntry>,
    /// Graph ops profiled, and those among them whose key got no sample (recorded as 0 s).
    pub profiled_ops: usize,
    pub zero_keys: usize,
}

/// Runs `--time` / `--profile-db-out`: the report goes to `out`, diagnostics to `errors`.
pub fn run(options: &MeasureOptions, out: &mut dyn Write, errors: &mut dyn Write) -> Exit {
    let Some(source) = read_source(&options.run.input, errors) else {
        return Exit::Failure;
    };
    let text = source_text(&source);
    let printer = Printer {
        sources: vec![(source.name.as_str(), text)],
    };
    let fail = |errors: &mut dyn Write, diags: &[Diag]| {
        for diag in diags {
            printer.print(errors, diag);
        }
        Exit::Failure
    };
    // Read the database to merge into first: a malformed one fails before minutes of measuring.
    let mut db = match &options.profile_db_out {
        Some(path) => match existing_db(path) {
            Ok(db) => db,
            Err(diag) => return fail(errors, &[diag]),
        },
        None => ProfileDb::default(),
    };
    let measured = match measure_source(&source.name, &source.bytes, options) {
        Ok(measured) => measured,
        Err(diags) => return fail(errors, &diags),
    };
    let mut text = String::new();
    if options.run.check {
        text.push_str(&report(&measured.outcome, &options.run));
    }
    let after = format!(
        "after {} warm-up run{}, opt level {}",
        options.warmup,
        if options.warmup == 1 { "" } else { "s" },
        measured.opt_level
    );
    for (name, devices, timing, serial) in &measured.timings {
        if options.time {
            text.push_str(&format!(
                "@{name}: {devices} devices: {}, {after}\n",
                timing.summary()
            ));
        }
        if let Some(serial) = serial {
            text.push_str(&format!("@{name}: serial: {}, {after}\n", serial.summary()));
        }
    }
    if let Some(path) = &options.profile_db_out {
        let count = measured.profile.len();
        for entry in measured.profile.iter().cloned() {
            db.insert(entry);
        }
        if let Err(diag) = write_output(path, db.to_jsonl().as_bytes()) {
            return fail(errors, &[diag]);
        }
        text.push_str(&format!(
            "profile: {} graph ops, {count} task shapes ({} without a computing task, recorded as 0 s) on device '{}' -> {path} ({} entries)\n",
            measured.profiled_ops,
            measured.zero_keys,
            options.device_name,
            db.len()
        ));
    }
    let _ = out.write_all(text.as_bytes());
    if options.run.check && !measured.outcome.passed(options.run.rtol) {
        let _ = writeln!(
            errors,
            "flexc-run: error: the device programs' results differ from the serial ones beyond rtol {:e}",
            options.run.rtol
        );
        return Exit::Failure;
    }
    Exit::Success
}

/// The database at `path` when it exists (its entries are kept), else an empty one; an error, before
/// anything is measured, when it cannot be written there.
fn existing_db(path: &str) -> Result<ProfileDb, Diag> {
    let file = std::path::Path::new(path);
    let directory = match file.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => std::path::Path::new("."),
    };
    if !directory.is_dir() || file.is_dir() {
        return Err(Diag::error(
            None,
            format!("cannot write profile database '{path}': no such directory or a directory"),
        ));
    }
    if !file.exists() {
        return Ok(ProfileDb::default());
    }
    ProfileDb::load(file).map_err(|e| {
        let location = e.location.map(|l| FileLoc {
            file: l.file,
            line: l.line,
            column: l.col,
        });
        Diag::error(location, e.message)
    })
}

/// Parses, prepares, compiles, runs and measures `bytes`; `Err` holds the diagnostics.
pub fn measure_source(
    name: &str,
    bytes: &[u8],
    options: &MeasureOptions,
) -> Result<Measured, Vec<Diag>> {
    let run = &options.run;
    let context = create_context(run.allow_unregistered_dialect);
    let session = Session::new(&context).map_err(|diag| vec![diag])?;
    let mut module = session.parse_verified(name, bytes)?;
    let start = FileLoc {
        file: name.to_string(),
        line: 1,
        column: 1,
    };
    let profiling = options.profile_db_out.is_some();
    let mut entries = find_entries(&module)?;
    let mut keys: Vec<OpKey> = Vec::new();
    if entries.is_empty() && has_configs(&module) {
        if profiling {
            keys = mark_graph_ops(&module)
                .map_err(|()| session.diagnosed(format!("cannot import the graph of '{name}'")))?;
        }
        // Graph ops are marked on the StableHLO graph the simulator sees; the lowering carries
        // each mark to the op that replaces the StableHLO op.
        lower_stablehlo(&session, &mut module)?;
        session
            .run_pipeline(&mut module, &pass_pipeline::materialize(run.devices))
            .map_err(|e| session.diagnosed(e))?;
        entries = find_entries(&module)?;
    } else if profiling && !entries.is_empty() {
        return Err(vec![Diag::error(
            Some(start),
            "--profile-db-out needs a .par.mlir whose graph ops carry par.config (the task shapes come \
             from the configurations), not a materialized module",
        )]);
    }
    if entries.is_empty() {
        return Err(vec![Diag::error(
            Some(start),
            "no device functions to run: expected a serial function @f with @f_device0, @f_device1, \
             ... (the output of par-materialize), or ops with par.config to materialize",
        )]);
    }
    fill_elided_weights(&module, run.seed);
    mark_c_interface(&module, &entries);
    instrument(&context, &module, &entries, profiling);
    session
        .run_pipeline(&mut module, &pass_pipeline::cpu_lowering())
        .map_err(|e| session.diagnosed(e))?;
    let opt_level = run.opt_level.unwrap_or(2);
    let engine = Engine::new(&context, &module, opt_level)
        .ok_or_else(|| session.diagnosed("cannot JIT-compile the lowered module".into()))?;
    register_profile_symbols(&engine);
    let mut measured = Measured {
        opt_level,
        ..Measured::default()
    };
    let mut samples = Vec::new();
    for entry in &entries {
        let location = Some(entry.location.clone().unwrap_or_else(|| start.clone()));
        measure_entry(&engine, entry, options, &mut measured, &mut samples)
            .map_err(|e| vec![Diag::error(location, e)])?;
    }
    if profiling {
        measured.profiled_ops = keys.iter().flatten().count();
        (measured.profile, measured.zero_keys) =
            profile_entries(&keys, &samples, &options.device_name);
    }
    Ok(measured)
}

fn instrument(context: &melior::Context, module: &Module, entries: &[Entry], profiling: bool) {
    let devices: Vec<String> = entries
        .iter()
        .flat_map(|e| {
            (0..e.devices).map(move |d| {
                flexc_dialects::names::device_function(&e.name, flexc_core::DeviceId::new(d))
            })
        })
        .collect();
    let brackets = Brackets {
        begin: BEGIN,
        end: END,
        device_functions: &devices,
        serial: None,
    };
    bracket_tasks(context, module, &brackets, profiling);
}

/// The open task and the samples of the calling thread.
#[derive(Default)]
struct Recorder {
    open: Option<(i64, Instant)>,
    samples: Vec<(i64, f64)>,
}

thread_local! {
    static RECORDER: RefCell<Recorder> = RefCell::new(Recorder::default());
}

// Called from JIT code: must not panic (hence `try_borrow_mut`).
extern "C" fn profile_begin(op: i64) {
    RECORDER.with(|recorder| {
        if let Ok(mut recorder) = recorder.try_borrow_mut() {
            recorder.open = Some((op, Instant::now()));
        }
    });
}

extern "C" fn profile_end(op: i64) {
    let now = Instant::now();
    RECORDER.with(|recorder| {
        if let Ok(mut recorder) = recorder.try_borrow_mut() {
            if let Some((open, start)) = recorder.open.take() {
                if open == op {
                    recorder.samples.push((op, (now - start).as_secs_f64()));
                }
            }
        }
    });
}

fn take_samples() -> Vec<(i64, f64)> {
    RECORDER.with(|recorder| {
        recorder
            .try_borrow_mut()
            .map(|mut r| std::mem::take(&mut r.samples))
            .unwrap_or_default()
    })
}

fn register_profile_symbols(engine: &Engine) {
    let functions: [(&str, extern "C" fn(i64)); 2] = [(BEGIN, profile_begin), (END, profile_end)];
    for (name, function) in functions {
        unsafe {
            mlirExecutionEngineRegisterSymbol(
                engine.raw,
                melior::StringRef::new(name).to_raw(),
                function as *mut c_void,
            )
        };
    }
}

/// What [`run_threads`] observed.
pub(super) struct Runs {
    /// Wall time of each timed run.
    pub(super) timing: Timing,
    /// The results of thread 0's first run.
    first: Vec<Vec<u8>>,
    /// Samples of the timed runs, all threads.
    samples: Vec<(i64, f64)>,
    traffic: super::Traffic,
}

/// Runs `functions[t]` on thread `t` (device `t` of a fresh runtime per run), `warmup` times untimed
/// (the first through [`PackedFunction::call`], whose results are kept) and `runs` times timed.
pub(super) fn run_threads(
    functions: &[PackedFunction],
    arguments: &[TensorType],
    results: &[&[TensorType]],
    inputs: &[Vec<u64>],
    warmup: u32,
    runs: u32,
) -> Result<Runs, String> {
    let n = functions.len();
    let count = flexc_core::DeviceCount::new(n as u64).map_err(|e| e.0)?;
    let total = (warmup.max(1) + runs) as usize;
    let runtimes: Vec<Arc<runtime::Runtime>> =
        (0..total).map(|_| runtime::Runtime::new(count)).collect();
    let barrier = Barrier::new(n);
    type Thread = (
        Vec<(Instant, Instant)>,
        Vec<Vec<u8>>,
        Vec<(i64, f64)>,
        Vec<f64>,
    );
    let per_thread: Vec<Thread> = std::thread::scope(|scope| -> Result<Vec<Thread>, String> {
        let mut handles = Vec::new();
        for (device, &function) in functions.iter().enumerate() {
            let (runtimes, barrier, results) = (&runtimes, &barrier, results[device]);
            let handle = std::thread::Builder::new()
                .stack_size(super::DEVICE_STACK)
                .spawn_scoped(scope, move || {
                    let mut spans = Vec::with_capacity(total);
                    let mut first = Vec::new();
                    let mut samples = Vec::new();
                    let mut busy = Vec::with_capacity(total);
                    take_samples();
                    for (run, runtime) in runtimes.iter().enumerate() {
                        if run == 0 {
                            barrier.wait();
                            runtime::Runtime::enter(runtime, device);
                            first = function.call(arguments, inputs, results);
                            runtime::Runtime::leave();
                        } else {
                            let mut call = Call::new(function, arguments, inputs, results);
                            barrier.wait();
                            let start = Instant::now();
                            runtime::Runtime::enter(runtime, device);
                            call.invoke();
                            runtime::Runtime::leave();
                            let end = Instant::now();
                            if run >= total - runs as usize {
                                spans.push((start, end));
                            }
                        }
                        let taken = take_samples();
                        if run >= total - runs as usize {
                            busy.push(taken.iter().map(|s| s.1).sum::<f64>());
                            samples.extend(taken);
                        }
                    }
                    (spans, first, samples, busy)
                })
                .map_err(|e| format!("cannot start a device thread: {e}"))?;
            handles.push(handle);
        }
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .map_err(|_| "a device function crashed".to_string())
            })
            .collect()
    })?;
    if let Some(failure) = runtimes.iter().find_map(|r| r.failure()) {
        return Err(format!("the device programs failed: {failure}"));
    }
    let profiled = per_thread.iter().any(|t| !t.2.is_empty());
    let timing = Timing {
        runs: (0..runs as usize)
            .map(|r| {
                let start = per_thread.iter().map(|t| t.0[r].0).min();
                let end = per_thread.iter().map(|t| t.0[r].1).max();
                match (start, end) {
                    (Some(start), Some(end)) => (end - start).as_secs_f64(),
                    _ => 0.0,
                }
            })
            .collect(),
        busiest: if profiled {
            (0..runs as usize)
                .map(|r| {
                    per_thread
                        .iter()
                        .map(|t| t.3.get(r).copied().unwrap_or(0.0))
                        .fold(0.0, f64::max)
                })
                .collect()
        } else {
            Vec::new()
        },
    };
    let mut per_thread = per_thread.into_iter();
    let (_, first, mut samples, _) = per_thread.next().unwrap_or_default();
    for (_, _, more, _) in per_thread {
        samples.extend(more);
    }
    Ok(Runs {
        timing,
        first,
        samples,
        traffic: runtimes[0].traffic(),
    })
}

fn measure_entry(
    engine: &Engine,
    entry: &Entry,
    options: &MeasureOptions,
    measured: &mut Measured,
    samples: &mut Vec<(i64, f64)>,
) -> Result<(), String> {
    let serial = engine.packed(&entry.name)?;
    let devices: Vec<PackedFunction> = (0..entry.devices)
        .map(|d| {
            engine.packed(&flexc_dialects::names::device_function(
                &entry.name,
                flexc_core::DeviceId::new(d),
            ))
        })
        .collect::<Result<_, _>>()?;
    let inputs = inputs(entry, &options.run)?;
    let results: Vec<&[TensorType]> = (0..entry.devices)
        .map(|d| if d == 0 { &entry.results[..] } else { &[] })
        .collect();
    let device_runs = run_threads(
        &devices,
        &entry.arguments,
        &results,
        &inputs,
        options.warmup,
        options.runs,
    )
    .map_err(|e| format!("@{}: {e}", entry.name))?;
    samples.extend(device_runs.samples);
    let serial_runs = if options.time || options.run.check {
        let runs = if options.time { options.runs } else { 0 };
        Some(run_threads(
            &[serial],
            &entry.arguments,
            &[&entry.results],
            &inputs,
            options.warmup,
            runs,
        )?)
    } else {
        None
    };
    if let (true, Some(serial_runs)) = (options.run.check, &serial_runs) {
        measured.outcome.functions.push((
            entry.name.clone(),
            entry.devices,
            Some(device_runs.traffic),
        ));
        for (index, ty) in entry.results.iter().enumerate() {
            measured.outcome.results.push(compare(
                entry,
                index,
                ty,
                &device_runs.first[index],
                &serial_runs.first[index],
                options.run.atol,
            ));
        }
    }
    measured.timings.push((
        entry.name.clone(),
        entry.devices,
        device_runs.timing,
        serial_runs.filter(|_| options.time).map(|r| r.timing),
    ));
    Ok(())
}

/// The median (the mean of the middle two for an even count); 0 for no values.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// Profile entries from per-task samples `(graph op, seconds)`: one per distinct key of `keys`, the
/// median of its samples, 0 s for a key without samples (module doc). Returns the entries sorted by
/// key, and how many had no sample.
fn profile_entries(
    keys: &[OpKey],
    samples: &[(i64, f64)],
    device: &str,
) -> (Vec<ProfileEntry>, usize) {
    let mut by_key: BTreeMap<(String, Vec<u64>, DType), Vec<f64>> = BTreeMap::new();
    for key in keys.iter().flatten() {
        by_key.entry(key.clone()).or_default();
    }
    for &(op, seconds) in samples {
        if let Some(Some(key)) = usize::try_from(op).ok().and_then(|k| keys.get(k)) {
            by_key.entry(key.clone()).or_default().push(seconds);
        }
    }
    let zero = by_key.values().filter(|s| s.is_empty()).count();
    let entries = by_key
        .into_iter()
        .map(|((op, shape, dtype), samples)| ProfileEntry {
            op,
            shape,
            dtype,
            device: device.to_string(),
            forward_s: median(&samples),
            backward_s: None,
        })
        .collect();
    (entries, zero)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[f64::NAN, 5.0]), 5.0);
    }

    #[test]
    fn entries_pool_equal_keys_and_zero_unsampled_ones() {
        let matmul = Some(("linalg.matmul".to_string(), vec![4, 8, 8], DType::F32));
        let reshape = Some(("tensor.collapse_shape".to_string(), vec![4, 8], DType::F32));
        // Ops 0 and 2 are identical layers; op 1 has no configuration; op 3 never computes.
        let keys = vec![matmul.clone(), None, matmul, reshape];
        let samples = [(0, 1.0), (2, 3.0), (0, 2.0), (1, 9.0), (7, 9.0)];
        let (entries, zero) = profile_entries(&keys, &samples, "cpu");
        assert_eq!(zero, 1);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].op, "linalg.matmul");
        assert_eq!(entries[0].shape, vec![4, 8, 8]);
        assert_eq!(entries[0].forward_s, 2.0);
        assert_eq!(entries[0].device, "cpu");
        assert_eq!(entries[0].backward_s, None);
        assert_eq!(entries[1].op, "tensor.collapse_shape");
        assert_eq!(entries[1].forward_s, 0.0);
    }
}
