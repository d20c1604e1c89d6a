//! Running the device functions on threads against the serial function, and the comparison of
//! their results (module doc of `run`: the error measure and the report).

use super::{inputs, runtime, Engine, Entry, PackedFunction, RunOptions, TensorType, Traffic};
use flexc_core::DeviceId;
use flexc_dialects::names::device_function;

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
    /// The serial results against `--reference` (`io.rs`).
    pub references: Vec<ResultCheck>,
}

impl Outcome {
    pub fn passed(&self, rtol: f64) -> bool {
        !self.results.is_empty()
            && self
                .results
                .iter()
                .chain(&self.references)
                .all(|r| r.ok && r.error <= rtol)
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
        let of_function = |checks: &[ResultCheck]| -> Vec<ResultCheck> {
            checks
                .iter()
                .filter(|r| &r.function == name)
                .cloned()
                .collect()
        };
        let references = of_function(&outcome.references);
        if let Some(dir) = options
            .reference
            .as_ref()
            .filter(|_| !references.is_empty())
        {
            text.push_str(&result_lines(&of_function(&outcome.results), options.rtol));
            text.push_str(&format!("@{name}: serial vs reference {}\n", dir.display()));
            text.push_str(&result_lines(&references, options.rtol));
        } else {
            text.push_str(&result_lines(&of_function(&outcome.results), options.rtol));
        }
    }
    text
}

/// One report line per result check.
fn result_lines(checks: &[ResultCheck], rtol: f64) -> String {
    let mut text = String::new();
    for result in checks {
        let verdict = if result.ok && result.error <= rtol {
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
            rtol
        ));
    }
    text
}

/// Device threads get large stacks: JIT code may keep buffers on the stack.
pub(super) const DEVICE_STACK: usize = 256 << 20;

/// Runs `entry`'s device functions on one thread each with the in-process runtime between them,
/// then compares device 0's results with the serial function's.
pub(super) fn check_entry(
    engine: &Engine,
    entry: &Entry,
    options: &RunOptions,
    outcome: &mut Outcome,
) -> Result<(), String> {
    let devices: Vec<PackedFunction> = (0..entry.devices)
        .map(|d| engine.packed(&device_function(&entry.name, DeviceId::new(d))))
        .collect::<Result<_, _>>()?;
    let inputs = inputs(entry, options)?;
    let count = flexc_core::DeviceCount::new(entry.devices as u64).map_err(|e| e.0)?;
    let runtime = runtime::Runtime::new(count);
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
pub(super) fn check_entry_against(
    engine: &Engine,
    entry: &Entry,
    options: &RunOptions,
    outcome: &mut Outcome,
    actual: Vec<Vec<u8>>,
    traffic: Option<Traffic>,
) -> Result<(), String> {
    let serial = engine.packed(&entry.name)?;
    let inputs = inputs(entry, options)?;
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
    if let Some(dir) = &options.dump_outputs {
        super::io::write_outputs(dir, entry, &expected)?;
    }
    if let Some(dir) = &options.reference {
        let reference = super::io::read_references(dir, entry)?;
        for (index, ty) in entry.results.iter().enumerate() {
            let check = compare(
                entry,
                index,
                ty,
                &expected[index],
                &reference[index],
                options.atol,
            );
            outcome.references.push(check);
        }
    }
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

/// The error of one result (module doc of `run`: relative to the serial result's scale), measured by
/// [`flexc_core::compare`] as on the GPU.
pub(super) fn compare(
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
    let comparison = flexc_core::compare::compare(&values(actual), &values(expected), atol);
    ResultCheck {
        function: entry.name.clone(),
        index,
        type_text: ty.text.clone(),
        max_abs_difference: comparison.max_abs_difference,
        max_magnitude: comparison.max_magnitude,
        error: comparison.error,
        ok: comparison.ok,
    }
}
