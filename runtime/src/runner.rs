//! `flexc-gpu ARTIFACT`: load the artifact, seed the inputs, run the serial program and the device
//! programs, compare, time, profile.
//!
//! Order of work (every problem before CUDA is found without a GPU): the artifact file is checked
//! as data (`elf.rs`: ELF structure and sizes, the manifest and its digest read from the file, the
//! manifest against the file's symbols, PTX and this runtime's entry points), then `dlopen`ed (its
//! undefined `mgpu*`/`flexc_gpu_*` symbols resolve against this executable) and its entries looked
//! up, the `--reference` file read; then the CUDA driver is
//! loaded and the GPUs listed. Virtual device `d` runs on GPU `d mod G` (one GPU per device when
//! there are enough; N streams on one GPU otherwise), each on its own host thread and stream.
//!
//! A run of a set of programs: every thread uploads fresh copies of the inputs, waits at a barrier,
//! records a start event, calls its entry, records an end event, then reads its outputs (first run
//! only) and frees everything it allocated. With `--time`/`--profile-db-out`, `--warmup` runs come
//! first and `--runs` timed runs follow; the outputs compared are those of the first run.

use crate::{
    abi,
    cuda::{self, DeviceState, Gpu, Timer},
    manifest::{byte_size, Manifest, Program},
    memref::{pack_segments, CallFrame},
    values::{compare, input_bytes, Comparison},
};
use flexc_core::{ProfileDb, ProfileEntry};
use std::{
    collections::BTreeMap,
    ffi::c_void,
    io::Write,
    path::{Path, PathBuf},
    sync::{Arc, Barrier},
};

/// What the command line asks for.
#[derive(Clone, Debug)]
pub struct Options {
    pub artifact: PathBuf,
    pub check: bool,
    pub rtol: f64,
    pub atol: Option<f64>,
    pub reference: Option<PathBuf>,
    /// `None`: the manifest's `weight_seed`, else 0.
    pub seed: Option<u64>,
    pub int_max: i64,
    pub time: bool,
    pub runs: u32,
    pub warmup: u32,
    pub profile_db_out: Option<PathBuf>,
    pub device_name: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            artifact: PathBuf::new(),
            check: false,
            rtol: 1e-4,
            atol: None,
            reference: None,
            seed: None,
            int_max: 8,
            time: false,
            runs: 10,
            warmup: 1,
            profile_db_out: None,
            device_name: None,
        }
    }
}

/// A loaded artifact: the library (kept loaded), its manifest and entry addresses.
pub struct Artifact {
    _library: libloading::Library,
    pub manifest: Manifest,
    /// Entry address per program, in manifest order.
    pub entries: Vec<usize>,
}

/// Opens and validates an artifact; the error names the file.
pub fn open(path: &Path) -> Result<Artifact, String> {
    let name = path.display();
    let metadata =
        std::fs::metadata(path).map_err(|e| format!("{name}: cannot read the artifact: {e}"))?;
    if !metadata.is_file() {
        return Err(format!("{name}: not a file"));
    }
    // The file is checked as data first (`elf.rs`): nothing of it runs unless it is a whole
    // artifact of this runtime's format.
    let data = std::fs::read(path).map_err(|e| format!("{name}: cannot read the artifact: {e}"))?;
    let manifest =
        crate::elf::check(&data, &abi::exported_symbols()).map_err(|e| format!("{name}: {e}"))?;
    drop(data);
    // An absolute path: dlopen must not search the library path.
    let absolute = std::fs::canonicalize(path).map_err(|e| format!("{name}: {e}"))?;
    let library = unsafe {
        libloading::os::unix::Library::open(
            Some(&absolute),
            libloading::os::unix::RTLD_NOW | libloading::os::unix::RTLD_LOCAL,
        )
    }
    .map_err(|e| {
        let text = match std::error::Error::source(&e) {
            Some(source) => source.to_string(),
            None => e.to_string(),
        };
        format!("{name}: cannot load the artifact: {text}")
    })?;
    let library: libloading::Library = library.into();
    let mut entries = Vec::new();
    for program in &manifest.programs {
        let address = unsafe {
            library
                .get::<*const c_void>(program.entry.as_bytes())
                .ok()
                .and_then(|s| s.try_as_raw_ptr())
        }
        .ok_or_else(|| {
            format!(
                "{name}: program '{}': no entry symbol '{}'",
                program.name, program.entry
            )
        })?;
        entries.push(address as usize);
    }
    Ok(Artifact {
        _library: library,
        manifest,
        entries,
    })
}

/// Reads the `--reference` directory: the serial program `@f`'s results `DIR/f.result<i>.npy`
/// (`flexc-run --dump-outputs=DIR`), checked against the manifest's outputs.
pub fn reference(dir: &Path, manifest: &Manifest) -> Result<Vec<Vec<u8>>, String> {
    let serial = &manifest.serial().name;
    manifest
        .outputs
        .iter()
        .map(|output| {
            let path = dir.join(format!("{serial}.result{}.npy", output.index));
            let bytes = std::fs::read(&path)
                .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
            crate::npy::read(&bytes, &output.dtype, &output.shape)
                .map_err(|e| format!("{}: {e}", path.display()))
        })
        .collect()
}

/// How many runs, from which one on they are timed, and whether tasks are profiled.
#[derive(Clone, Copy, Debug)]
struct Plan {
    runs: usize,
    timed_from: usize,
    profile: bool,
}

/// What running a set of programs gave.
#[derive(Debug, Default)]
struct Execution {
    /// Outputs of the returning program of the first run (device 0's, or the serial program's).
    outputs: Vec<Vec<u8>>,
    /// Per timed run: the slowest device's seconds.
    seconds: Vec<f64>,
    /// Peak booked device memory per device.
    peaks: Vec<usize>,
    /// Task samples of timed runs: (task id, seconds).
    samples: Vec<(i64, f64)>,
    traffic: crate::mailbox::Traffic,
}

/// One device thread's results.
#[derive(Default)]
struct DeviceResult {
    outputs: Option<Vec<Vec<u8>>>,
    seconds: Vec<f64>,
    peak: usize,
    samples: Vec<(i64, f64)>,
}

/// Device threads get large stacks: the artifact's host code may keep descriptors and small
/// buffers on the stack.
const DEVICE_STACK: usize = 64 << 20;

/// Runs `programs` (one per virtual device) `plan.runs` times.
fn execute(
    artifact: &Artifact,
    programs: &[&Program],
    gpus: &[Gpu],
    inputs: &[Vec<u8>],
    plan: Plan,
    nccl: Option<Arc<crate::nccl::Nccl>>,
) -> Result<Execution, String> {
    let manifest = &artifact.manifest;
    let devices = programs.len();
    let count = flexc_core::DeviceCount::new(devices as u64).map_err(|e| e.0)?;
    let runs: Vec<Arc<abi::Shared>> = (0..plan.runs)
        .map(|_| abi::Shared::new(count, nccl.clone()))
        .collect();
    let barrier = Barrier::new(devices);
    let results: Vec<DeviceResult> = std::thread::scope(|scope| {
        let handles: Vec<_> = programs
            .iter()
            .enumerate()
            .map(|(device, program)| {
                let (runs, barrier) = (&runs, &barrier);
                let gpu = gpus[device % gpus.len()].clone();
                let position = manifest
                    .programs
                    .iter()
                    .position(|p| p.name == program.name)
                    .unwrap_or(0);
                let entry = artifact.entries[position];
                let returns = program.returns_outputs();
                let unused = &program.unused_inputs;
                std::thread::Builder::new()
                    .name(format!("device{device}"))
                    .stack_size(DEVICE_STACK)
                    .spawn_scoped(scope, move || {
                        device_thread(
                            manifest, device, gpu, entry, returns, inputs, unused, runs, barrier,
                            plan,
                        )
                    })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(handle) => handle.join().unwrap_or_default(),
                Err(_) => DeviceResult::default(),
            })
            .collect()
    });
    for shared in &runs {
        if let Some(failure) = shared.mailbox.failure() {
            return Err(failure);
        }
    }
    if let Some(failure) = abi::stray_failure() {
        return Err(failure);
    }
    let mut execution = Execution {
        traffic: runs
            .first()
            .map(|r| r.mailbox.traffic())
            .unwrap_or_default(),
        ..Execution::default()
    };
    let timed = plan.runs - plan.timed_from;
    execution.seconds = (0..timed)
        .map(|r| {
            results
                .iter()
                .filter_map(|d| d.seconds.get(r))
                .fold(0.0f64, |m, &s| m.max(s))
        })
        .collect();
    for result in results {
        execution.peaks.push(result.peak);
        execution.samples.extend(result.samples);
        if execution.outputs.is_empty() {
            if let Some(outputs) = result.outputs {
                execution.outputs = outputs;
            }
        }
    }
    if execution.outputs.len() != manifest.outputs.len() {
        return Err("no program returned the outputs".into());
    }
    Ok(execution)
}

#[allow(clippy::too_many_arguments)]
fn device_thread(
    manifest: &Manifest,
    device: usize,
    gpu: Gpu,
    entry: usize,
    returns: bool,
    inputs: &[Vec<u8>],
    unused: &[usize],
    runs: &[Arc<abi::Shared>],
    barrier: &Barrier,
    plan: Plan,
) -> DeviceResult {
    let mut result = DeviceResult::default();
    // `None` after a failure to start (every run then fails, but the thread keeps to the barriers).
    let (mut slot, start_error) = match DeviceState::new(device, gpu) {
        Ok(state) => (Some(state), String::new()),
        Err(e) => (None, e),
    };
    for (r, shared) in runs.iter().enumerate() {
        barrier.wait();
        let prepared = match slot.as_mut() {
            Some(state) => prepare(
                state,
                manifest,
                inputs,
                unused,
                plan.profile && r >= plan.timed_from,
            ),
            None => Err(start_error.clone()),
        };
        barrier.wait();
        let outcome = match (prepared, slot.take()) {
            (Ok(addresses), Some(state)) => {
                let (back, run) = call(state, shared, manifest, entry, returns, &addresses, r == 0);
                slot = back;
                run
            }
            (Err(e), state) => {
                slot = state;
                Err(e)
            }
            (Ok(_), None) => Err(start_error.clone()),
        };
        shared.mailbox.finish(device);
        match outcome {
            Ok((seconds, outputs)) => {
                if r >= plan.timed_from {
                    result.seconds.push(seconds);
                }
                if outputs.is_some() {
                    result.outputs = outputs;
                }
            }
            Err(e) => shared.mailbox.fail(format!("device {device}: {e}")),
        }
        if let Some(state) = slot.as_mut() {
            for (task, timer) in std::mem::take(&mut state.closed_tasks) {
                if let Ok(seconds) = timer.seconds() {
                    result.samples.push((task, seconds));
                }
            }
            state.open_tasks.clear();
            // Resident constants count towards the peak (they stay for every run).
            let peak = state.allocations.peak_bytes + state.resident.bytes;
            result.peak = result.peak.max(peak);
            if let Err(e) = state.allocations.free_all() {
                shared.mailbox.fail(format!("device {device}: {e}"));
            }
        }
    }
    result
}

/// Allocates and fills the inputs the program reads (an `unused` one gets a null address: the
/// program never dereferences it); returns their device addresses.
fn prepare(
    state: &mut DeviceState,
    _manifest: &Manifest,
    inputs: &[Vec<u8>],
    unused: &[usize],
    profiling: bool,
) -> Result<Vec<u64>, String> {
    state.profiling = profiling;
    cuda::make_current(state.gpu.context)?;
    let mut addresses = Vec::with_capacity(inputs.len());
    for (i, bytes) in inputs.iter().enumerate() {
        if unused.contains(&i) {
            addresses.push(0);
            continue;
        }
        let address = state.allocations.allocate(bytes.len())?;
        state.upload(address, bytes)?;
        addresses.push(address);
    }
    Ok(addresses)
}

type Run = Result<(f64, Option<Vec<Vec<u8>>>), String>;

/// Calls the entry on the thread's device (between start and end events); reads the outputs when
/// asked. Returns the state (it is the thread's current device during the call).
#[allow(clippy::too_many_arguments)]
fn call(
    state: DeviceState,
    shared: &Arc<abi::Shared>,
    manifest: &Manifest,
    entry: usize,
    returns: bool,
    addresses: &[u64],
    read_outputs: bool,
) -> (Option<DeviceState>, Run) {
    let shapes: Vec<Vec<u64>> = manifest.inputs.iter().map(|i| i.shape.clone()).collect();
    let result_shapes: Vec<Vec<u64>> = if returns {
        manifest.outputs.iter().map(|o| o.shape.clone()).collect()
    } else {
        Vec::new()
    };
    let mut frame = CallFrame::new(
        addresses,
        &shapes,
        &result_shapes,
        returns && !result_shapes.is_empty(),
    );
    let stream = state.stream;
    let timer = match Timer::new() {
        Ok(timer) => timer,
        Err(e) => return (Some(state), Err(e)),
    };
    if let Err(e) = timer.start(stream) {
        return (Some(state), Err(e));
    }
    abi::enter(state, shared);
    let called = unsafe { crate::memref::call_pointers(entry as *const c_void, &frame.pointers()) };
    let Some(state) = abi::leave() else {
        return (None, Err("the device state was lost".into()));
    };
    let run = (|| {
        called?;
        timer.end(stream)?;
        let seconds = timer.seconds()?;
        state.synchronize()?;
        let outputs = if returns && read_outputs {
            let views = frame.results(&result_shapes);
            let mut outputs = Vec::new();
            for (view, output) in views.iter().zip(&manifest.outputs) {
                let width = crate::manifest::dtype_width(&output.dtype).unwrap_or(1);
                let mut bytes = vec![0u8; byte_size(&output.dtype, &output.shape).unwrap_or(0)];
                if view.count() * width != bytes.len() {
                    return Err(format!(
                        "output {} has {} elements, expected {}",
                        output.index,
                        view.count(),
                        bytes.len() / width
                    ));
                }
                for s in pack_segments(view, width) {
                    let at = s.to as usize;
                    state.download(view.base + s.from, &mut bytes[at..at + s.bytes as usize])?;
                }
                outputs.push(bytes);
            }
            Some(outputs)
        } else {
            None
        };
        Ok((seconds, outputs))
    })();
    (Some(state), run)
}

/// The seed of the inputs: `--seed`, else the seed the artifact's weights were filled with. A
/// reference run (one seed for inputs and weights on the CPU) needs the two to agree.
pub fn run_seed(option: Option<u64>, weights: Option<u64>, reference: bool) -> Result<u64, String> {
    match (option, weights) {
        (Some(seed), Some(weights)) if seed != weights && reference => Err(format!(
            "the artifact's weights were filled with seed {weights} (flexc --target=cuda --seed), so --reference needs --seed={weights}"
        )),
        (Some(seed), _) => Ok(seed),
        (None, weights) => Ok(weights.unwrap_or(0)),
    }
}

/// Median, min and max.
pub fn summary(samples: &[f64]) -> Option<(f64, f64, f64)> {
    if samples.is_empty() {
        return None;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    };
    Some((median, sorted[0], sorted[n - 1]))
}

/// Profile entries from task samples: per key (`op`, task shape, dtype) the median of every sample
/// of the tasks with that key. Returns the entries and the number of task ids the manifest lacks.
pub fn profile_entries(
    manifest: &Manifest,
    samples: &[(i64, f64)],
    device: &str,
) -> (Vec<ProfileEntry>, usize) {
    let keys: BTreeMap<i64, (String, Vec<u64>, String)> = manifest
        .tasks
        .iter()
        .filter_map(|t| Some((t.id, t.profile_key()?)))
        .collect();
    let mut by_key: BTreeMap<(String, Vec<u64>, String), Vec<f64>> = BTreeMap::new();
    let mut unknown = 0;
    for &(task, seconds) in samples {
        match keys.get(&task) {
            Some(key) => by_key.entry(key.clone()).or_default().push(seconds),
            None => unknown += 1,
        }
    }
    let entries = by_key
        .into_iter()
        .filter_map(|((op, shape, dtype), samples)| {
            Some(ProfileEntry {
                op,
                shape,
                dtype: crate::manifest::dtype_of(&dtype)?,
                device: device.to_string(),
                forward_s: summary(&samples)?.0,
                backward_s: None,
            })
        })
        .collect();
    (entries, unknown)
}

/// Merges `entries` into the database at `path` (created when missing), written by
/// `flexc_core::output` (atomic replacement, never a device or FIFO replaced).
pub fn merge_profile(path: &Path, entries: Vec<ProfileEntry>) -> Result<usize, String> {
    let mut db = if path.exists() {
        ProfileDb::load(path).map_err(|e| e.to_string())?
    } else {
        ProfileDb::default()
    };
    for entry in entries {
        db.insert(entry);
    }
    let text = path
        .to_str()
        .ok_or_else(|| format!("{}: not a UTF-8 path", path.display()))?;
    flexc_core::output::write(text, db.to_jsonl().as_bytes())?;
    Ok(db.len())
}

fn mib(bytes: usize) -> String {
    format!("{:.2} MiB", bytes as f64 / (1 << 20) as f64)
}

fn line(label: &str, dtype: &str, shape: &[u64], c: &Comparison, rtol: f64) -> String {
    let verdict = if c.passed(rtol) { "ok" } else { "MISMATCH" };
    format!(
        "  output {label} {dtype}{shape:?}: max |a-b| {:.3e}, max |b| {:.3e}, error {:.3e} (rtol {rtol:e}) {verdict}\n",
        c.max_abs_difference, c.max_magnitude, c.error
    )
}

/// Runs the tool; the report goes to `out`, errors to `errors`. Returns the exit status.
pub fn run(options: &Options, out: &mut dyn Write, errors: &mut dyn Write) -> u8 {
    match run_checked(options, out) {
        Ok(true) => 0,
        Ok(false) => {
            let _ = writeln!(
                errors,
                "flexc-gpu: error: results differ beyond rtol {:e}",
                options.rtol
            );
            1
        }
        Err(e) => {
            let _ = writeln!(errors, "flexc-gpu: error: {e}");
            1
        }
    }
}

/// `Ok(passed)`: whether every comparison asked for passed.
fn run_checked(options: &Options, out: &mut dyn Write) -> Result<bool, String> {
    let artifact = open(&options.artifact)?;
    let manifest = &artifact.manifest;
    let seed = run_seed(
        options.seed,
        manifest.weight_seed,
        options.reference.is_some(),
    )?;
    let reference = match &options.reference {
        Some(dir) => Some(reference(dir, manifest)?),
        None => None,
    };
    let serial_name = manifest.serial().name.clone();
    let inputs: Vec<Vec<u8>> = manifest
        .inputs
        .iter()
        .map(|i| input_bytes(i, &serial_name, seed, options.int_max))
        .collect::<Result<_, _>>()?;
    let gpus = cuda::init()?;
    let measuring = options.time || options.profile_db_out.is_some();
    let plan = if measuring {
        let warmup = options.warmup.max(1) as usize;
        Plan {
            runs: warmup + options.runs.max(1) as usize,
            timed_from: warmup,
            profile: options.profile_db_out.is_some(),
        }
    } else {
        Plan {
            runs: 1,
            timed_from: 1,
            profile: false,
        }
    };
    // The serial program's tasks are profiled too (whole ops, their own task ids).
    let serial_plan = plan;
    let serial = execute(
        &artifact,
        &[manifest.serial()],
        &gpus[..1],
        &inputs,
        serial_plan,
        None,
    )
    .map_err(|e| format!("@{serial_name}: {e}"))?;
    let device_programs = manifest.device_programs();
    let (nccl, reducer) = if crate::nccl::applies(manifest.devices.to_usize(), gpus.len()) {
        let ordinals = (0..manifest.devices.to_usize())
            .map(|d| gpus[d].ordinal)
            .collect();
        match crate::nccl::Nccl::load(ordinals) {
            Ok(nccl) => (Some(nccl), "NCCL".to_string()),
            Err(e) => (None, format!("ordered kernel ({e})")),
        }
    } else {
        (None, "ordered kernel".to_string())
    };
    let devices = execute(&artifact, &device_programs, &gpus, &inputs, plan, nccl)
        .map_err(|e| format!("the device programs failed: {e}"))?;
    let used = gpus.len().min(manifest.devices.to_usize());
    let mut text = format!(
        "flexc-gpu: {} ({}, {}): @{serial_name} vs {} devices on {used} GPU{} ({}), seed {}\n",
        options.artifact.display(),
        if manifest.model.is_empty() {
            "?"
        } else {
            &manifest.model
        },
        manifest.arch,
        manifest.devices,
        if used == 1 { "" } else { "s" },
        gpus[0].name,
        seed
    );
    text.push_str(&format!(
        "  devices: {} messages ({} bytes), {} all-reduce calls ({reducer})\n",
        devices.traffic.messages, devices.traffic.bytes, devices.traffic.all_reduces
    ));
    let mut passed = true;
    for (i, output) in manifest.outputs.iter().enumerate() {
        let c = compare(
            &output.dtype,
            &devices.outputs[i],
            &serial.outputs[i],
            options.atol,
        );
        passed &= c.passed(options.rtol);
        text.push_str(&line(
            &format!("{i} (devices vs serial)"),
            &output.dtype,
            &output.shape,
            &c,
            options.rtol,
        ));
        if let Some(reference) = &reference {
            let c = compare(
                &output.dtype,
                &serial.outputs[i],
                &reference[i],
                options.atol,
            );
            passed &= c.passed(options.rtol);
            text.push_str(&line(
                &format!("{i} (serial vs reference)"),
                &output.dtype,
                &output.shape,
                &c,
                options.rtol,
            ));
            let c = compare(
                &output.dtype,
                &devices.outputs[i],
                &reference[i],
                options.atol,
            );
            passed &= c.passed(options.rtol);
            text.push_str(&line(
                &format!("{i} (devices vs reference)"),
                &output.dtype,
                &output.shape,
                &c,
                options.rtol,
            ));
        }
    }
    let peaks: Vec<String> = devices
        .peaks
        .iter()
        .enumerate()
        .map(|(d, &p)| format!("device {d} {}", mib(p)))
        .collect();
    text.push_str(&format!(
        "  peak device memory: serial {}; {}\n",
        mib(serial.peaks.first().copied().unwrap_or(0)),
        peaks.join(", ")
    ));
    if options.time {
        for (label, seconds) in [("serial", &serial.seconds), ("devices", &devices.seconds)] {
            if let Some((median, min, max)) = summary(seconds) {
                text.push_str(&format!(
                    "  time {label}: median {:.3} ms (min {:.3}, max {:.3}) over {} runs after {} warm-up\n",
                    median * 1e3,
                    min * 1e3,
                    max * 1e3,
                    seconds.len(),
                    plan.timed_from
                ));
            }
        }
    }
    if let Some(path) = &options.profile_db_out {
        let device = options
            .device_name
            .clone()
            .unwrap_or_else(|| gpus[0].name.clone());
        let samples: Vec<(i64, f64)> = serial
            .samples
            .iter()
            .chain(&devices.samples)
            .copied()
            .collect();
        let (entries, unknown) = profile_entries(manifest, &samples, &device);
        let count = entries.len();
        let total = merge_profile(path, entries)?;
        text.push_str(&format!(
            "  profile: {count} entries ({} task samples, {unknown} of tasks the manifest does not list) merged into {} ({total} entries)\n",
            samples.len(),
            path.display()
        ));
    }
    let _ = out.write_all(text.as_bytes());
    Ok(passed || !(options.check || options.reference.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_follows_the_weights_unless_given() {
        assert_eq!(run_seed(None, Some(4), true), Ok(4));
        assert_eq!(run_seed(None, None, false), Ok(0));
        assert_eq!(run_seed(Some(2), Some(4), false), Ok(2));
        assert!(run_seed(Some(2), Some(4), true)
            .unwrap_err()
            .contains("--seed=4"));
    }

    #[test]
    fn summaries_are_median_min_max() {
        assert_eq!(summary(&[3.0, 1.0, 2.0]), Some((2.0, 1.0, 3.0)));
        assert_eq!(summary(&[4.0, 1.0]), Some((2.5, 1.0, 4.0)));
        assert_eq!(summary(&[]), None);
    }

    /// The tasks exactly as `flexc --target=cuda --gpu-emit=manifest` writes them (mlp_b8, data
    /// parallel on 2 devices: ids 0.. the device tasks, 22.. the serial program's whole ops), with
    /// fake recorded times: the database written reads back through core's reader, and the
    /// simulator's lookup (`ProfileDb::lookup`, what `CostModel::measurement` calls with the op's
    /// name, task extents and dtype) finds each key.
    #[test]
    fn compiler_tasks_round_trip_through_the_simulators_profile_db() {
        let text = r#"{"format":"flexc-gpu","version":1,"arch":"sm_90","devices":2,
          "programs":[{"name":"main","role":"serial","entry":"_mlir_ciface_main","returns":true},
            {"device":0,"entry":"_mlir_ciface_main_device0","name":"main_device0","returns":true,"role":"device"},
            {"device":1,"entry":"_mlir_ciface_main_device1","name":"main_device1","returns":false,"role":"device"}],
          "inputs":[{"dtype":"f32","elided":false,"index":0,"kind":"data","shape":[8,64]}],
          "outputs":[{"dtype":"f32","index":0,"shape":[8,64]}],
          "kernels":[{"block":[128,1,1],"family":"data-movement","name":"main_kernel.main_kernel"}],
          "tasks":[
            {"dtype":"f32","id":0,"op":"linalg.matmul","shape":[4,64,64]},
            {"dtype":"f32","id":1,"op":"linalg.generic","shape":[4,64]},
            {"dtype":"f32","id":3,"op":"linalg.matmul","shape":[4,64,64]},
            {"dtype":"f32","id":22,"op":"linalg.matmul","shape":[8,64,64]},
            {"dtype":"f32","id":23,"op":"linalg.generic","shape":[8,64]}]}"#;
        let manifest = Manifest::parse(text).unwrap();
        // Device 0 and 1 ran tasks 0, 1, 3 (twice each); the serial program 22 and 23.
        let samples = [
            (0, 10e-6),
            (3, 12e-6),
            (0, 14e-6),
            (3, 16e-6),
            (1, 2e-6),
            (1, 4e-6),
            (22, 30e-6),
            (23, 5e-6),
        ];
        let (entries, unknown) = profile_entries(&manifest, &samples, "NVIDIA H100 80GB HBM3");
        assert_eq!((entries.len(), unknown), (4, 0));
        let temp = tempfile::Builder::new()
            .prefix("flexc-gpu-roundtrip-")
            .tempdir()
            .unwrap();
        let dir = temp.path().to_path_buf();
        let path = dir.join("h100.jsonl");
        merge_profile(&path, entries).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        let db = ProfileDb::parse(&written, "h100.jsonl").unwrap();
        let f32 = flexc_core::DType::F32;
        let device = "NVIDIA H100 80GB HBM3";
        let forward =
            |op: &str, shape: &[u64]| db.lookup(op, shape, f32, device).map(|e| e.forward_s);
        // Tasks 0 and 3 share a key: the median of their four samples.
        assert_eq!(forward("linalg.matmul", &[4, 64, 64]), Some(13e-6));
        assert_eq!(forward("linalg.generic", &[4, 64]), Some(3e-6));
        assert_eq!(forward("linalg.matmul", &[8, 64, 64]), Some(30e-6));
        assert_eq!(forward("linalg.generic", &[8, 64]), Some(5e-6));
        assert_eq!(forward("linalg.generic", &[4, 64, 64]), None);
        assert_eq!(
            db.lookup("linalg.matmul", &[4, 64, 64], f32, "other GPU"),
            None
        );
    }

    #[test]
    fn profile_entries_pool_samples_by_key() {
        let text = r#"{"format":"flexc-gpu","version":1,"arch":"sm_90","devices":1,
          "programs":[{"name":"f","role":"serial","entry":"_mlir_ciface_f"},{"name":"f_device0","role":"device","device":0,"entry":"_mlir_ciface_f_device0"}],
          "inputs":[],"outputs":[],
          "tasks":[{"id":0,"op":"linalg.matmul","shape":[2,2,2],"dtype":"f32"},
                   {"id":1,"op":"linalg.matmul","key":{"op":"linalg.matmul","shape":[2,2,2],"dtype":"f32"}},
                   {"id":2,"op":"linalg.generic","shape":[4],"dtype":"f32"}]}"#;
        let manifest = Manifest::parse(text).unwrap();
        let samples = [(0, 1.0), (1, 3.0), (1, 2.0), (2, 5.0), (9, 1.0)];
        let (entries, unknown) = profile_entries(&manifest, &samples, "H100");
        assert_eq!(unknown, 1);
        assert_eq!(entries.len(), 2);
        let matmul = entries.iter().find(|e| e.op == "linalg.matmul").unwrap();
        assert_eq!((matmul.forward_s, matmul.device.as_str()), (2.0, "H100"));
        let temp = tempfile::Builder::new()
            .prefix("flexc-gpu-profile-")
            .tempdir()
            .unwrap();
        let dir = temp.path().to_path_buf();
        let path = dir.join("db.jsonl");
        assert_eq!(merge_profile(&path, entries.clone()).unwrap(), 2);
        assert_eq!(
            merge_profile(&path, entries).unwrap(),
            2,
            "same keys replace"
        );
        let db = ProfileDb::load(&path).unwrap();
        assert!(db
            .lookup("linalg.generic", &[4], flexc_core::DType::F32, "H100")
            .is_some());
    }
}
