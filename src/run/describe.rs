//! `flexc-run --describe-cpu=N`: a machine description (`core/machine.rs`'s TOML) of this host as
//! `flexc-run` uses it: N devices, each one thread of the in-process runtime, calibrated by measuring
//! the code the JIT actually produces rather than datasheet peaks.
//!
//! - `[gpu.peak_flops] f32`: the rate of a JIT-compiled 256×256×256 `linalg.matmul` (at `--opt-level`),
//!   run on N threads at once (median per thread), divided by the roofline's contraction fraction
//!   (0.70, `flexc_core::machine::achievable_fraction`) so that the roofline estimate of a matmul equals
//!   the measured one. The other types default to it.
//! - `mem_bandwidth`: bytes moved (two reads and one write) per second by a JIT-compiled 4M-element f32
//!   `arith.addf` on tensors (result allocation included), N threads at once.
//! - `launch_overhead_s`: one call of the same add on one element (call, allocation, return).
//! - `mem_capacity`: the host's memory (`/proc/meminfo`) divided by N.
//! - `[intra]` and `[inter]` (one node, so `[inter]` is unused): the runtime's messages as device
//!   programs pay them, measured like `barrier_s` below: two JIT-compiled device programs, device 1
//!   sending one message (`par.send`, lowered to the runtime's call) that device 0 returns
//!   (`par.recv`); the latency is the wall time of such a run with a 1-element message less that of
//!   the trivial program on two threads (the barrier), the bandwidth the extra bytes of a
//!   256K-element message over its extra time (both copies: into the mailbox on the sender's thread,
//!   out of it on the receiver's). Kind `pcie`: each ordered pair of devices is its own channel.
//! - `[runtime]` (`flexc_core::machine::RuntimeCosts`): how `flexc-run` runs the device programs.
//!   `barrier_s` is measured: the wall time of a run of a trivial program (the 1-element add) on two
//!   threads, started and timed exactly as `--time` starts and times device programs (a barrier, a fresh
//!   runtime, from the earliest start to the latest return), less the same on one thread (median of
//!   [`BARRIER_RUNS`] runs each): what waking the devices at the barrier adds to every run. The other
//!   three are facts of the runtime, not figures: its send/recv copy the data on the sending and
//!   receiving threads (`transfers_on_devices`), device 0 returns the results (`gather_outputs`), and
//!   the ops outside the graph run whole on every device each run (`replicated_work`, charged at the
//!   roofline of the figures above).
//!
//! The profile database (`--profile-db-out`) overrides the roofline for every profiled task, so the
//! compute figures matter only for tasks not profiled and for the replicated work; the link and
//! runtime figures always matter.

use super::{measure, Engine, PackedFunction, TensorType};
use crate::{
    diagnostics::Diag,
    session::{create_context, Session},
};
use flexc_core::DeviceCount;
use std::time::Instant;

/// What the description needs besides the device count.
#[derive(Clone, Debug)]
pub struct DescribeOptions {
    pub devices: DeviceCount,
    /// The `[gpu] name`: the profile database's device key.
    pub device_name: String,
    /// The JIT's optimization level for the calibration kernels (use the level of the timed runs).
    pub opt_level: u32,
}

/// The measured figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub matmul_flops_per_s: f64,
    pub mem_bandwidth: f64,
    pub launch_overhead_s: f64,
    pub mem_capacity: u64,
    pub link_latency_s: f64,
    pub link_bandwidth: f64,
    pub barrier_s: f64,
}

/// Runs of the trivial program that measure `barrier_s`, on N threads and on one.
pub const BARRIER_RUNS: u32 = 400;

const MATMUL: usize = 256;
const STREAM: usize = 1 << 22;
const MESSAGE: usize = 1 << 18;

/// Measures this host and returns the TOML text.
pub fn describe(options: &DescribeOptions) -> Result<String, Diag> {
    let figures = measure_figures(options)?;
    Ok(machine_toml(options, &figures, &cpu_model()))
}

/// The description of `figures` (pure, for tests).
pub fn machine_toml(options: &DescribeOptions, figures: &Figures, cpu: &str) -> String {
    let n = options.devices;
    let peak = figures.matmul_flops_per_s
        / flexc_core::machine::achievable_fraction(flexc_core::OpClass::Contraction);
    format!(
        "# This host as flexc-run runs partitioned programs: {n} devices, one thread each, in one process.\n\
         # Written by `flexc-run --describe-cpu={n} --device-name={name} --opt-level={opt}` on {cpu};\n\
         # figures measured from JIT-compiled code and the in-process runtime (src/run/describe.rs).\n\
         name = \"cpu-{n}\"\n\
         nodes = 1\n\
         gpus_per_node = {n}\n\
         \n\
         [gpu]\n\
         name = \"{name}\"\n\
         mem_bandwidth = {bw:.4e}                # 4M-element f32 add: 12 bytes per element\n\
         mem_capacity = {cap}\n\
         launch_overhead_s = {launch:.4e}\n\
         \n\
         [gpu.peak_flops]\n\
         f32 = {peak:.4e}                        # 256^3 matmul at {mm:.4e} FLOP/s, over 0.70\n\
         \n\
         [intra]                                 # the runtime's send/recv between threads\n\
         kind = \"pcie\"\n\
         bandwidth = {link:.4e}\n\
         latency_s = {lat:.4e}\n\
         \n\
         [inter]                                 # unused: one node\n\
         kind = \"ethernet\"\n\
         bandwidth = {link:.4e}\n\
         latency_s = {lat:.4e}\n\
         \n\
         [runtime]                               # how flexc-run runs the device programs\n\
         barrier_s = {barrier:.4e}               # waking {n} threads at the barrier, over one\n\
         transfers_on_devices = true             # send/recv copy on the devices' threads\n\
         gather_outputs = true                   # device 0 returns the results\n\
         replicated_work = true                  # ops outside the graph run whole on every device\n",
        name = options.device_name,
        opt = options.opt_level,
        bw = figures.mem_bandwidth,
        cap = figures.mem_capacity,
        launch = figures.launch_overhead_s,
        mm = figures.matmul_flops_per_s,
        link = figures.link_bandwidth,
        lat = figures.link_latency_s,
        barrier = figures.barrier_s,
    )
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| "an unknown CPU".into())
}

fn host_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib * 1024)
        })
        .unwrap_or(8 << 30)
}

fn kernels() -> String {
    let m = MATMUL;
    format!(
        "func.func @matmul(%a: tensor<{m}x{m}xf32>, %b: tensor<{m}x{m}xf32>) -> tensor<{m}x{m}xf32> attributes {{llvm.emit_c_interface}} {{\n\
           %zero = arith.constant 0.0 : f32\n\
           %e = tensor.empty() : tensor<{m}x{m}xf32>\n\
           %c = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{m}xf32>) -> tensor<{m}x{m}xf32>\n\
           %r = linalg.matmul ins(%a, %b : tensor<{m}x{m}xf32>, tensor<{m}x{m}xf32>) outs(%c : tensor<{m}x{m}xf32>) -> tensor<{m}x{m}xf32>\n\
           return %r : tensor<{m}x{m}xf32>\n\
         }}\n\
         func.func @stream(%a: tensor<{STREAM}xf32>, %b: tensor<{STREAM}xf32>) -> tensor<{STREAM}xf32> attributes {{llvm.emit_c_interface}} {{\n\
           %r = arith.addf %a, %b : tensor<{STREAM}xf32>\n\
           return %r : tensor<{STREAM}xf32>\n\
         }}\n\
         func.func @tiny(%a: tensor<1xf32>, %b: tensor<1xf32>) -> tensor<1xf32> attributes {{llvm.emit_c_interface}} {{\n\
           %r = arith.addf %a, %b : tensor<1xf32>\n\
           return %r : tensor<1xf32>\n\
         }}\n\
         {small}{large}",
        small = message_kernels(1),
        large = message_kernels(MESSAGE),
    )
}

/// Device programs exchanging one `elements`-element f32 message as partitioned programs do
/// (`par.send`/`par.recv`, lowered by `par-lower-runtime` to the runtime's calls): `@send<elements>`
/// (device 1) sends its first argument to device 0, `@recv<elements>` (device 0) returns what it
/// receives; each returns one tensor of its argument type.
fn message_kernels(elements: usize) -> String {
    let t = format!("tensor<{elements}xf32>");
    format!(
        "func.func @send{elements}(%a: {t}, %b: {t}) -> {t} attributes {{llvm.emit_c_interface}} {{\n\
           \"par.send\"(%a) {{peer = 0 : i64, tag = 0 : i64}} : ({t}) -> ()\n\
           %r = arith.addf %a, %b : {t}\n\
           return %r : {t}\n\
         }}\n\
         func.func @recv{elements}(%a: {t}, %b: {t}) -> {t} attributes {{llvm.emit_c_interface}} {{\n\
           %r = \"par.recv\"() {{peer = 1 : i64, tag = 0 : i64}} : () -> {t}\n\
           return %r : {t}\n\
         }}\n"
    )
}

fn tensor(dims: &[i64]) -> TensorType {
    TensorType {
        dims: dims.to_vec(),
        element: super::Element::F32,
        text: String::new(),
    }
}

/// Median seconds per call of `function` on `threads` threads at once (each its own arguments).
fn per_call(
    function: PackedFunction,
    ty: &TensorType,
    arguments: usize,
    threads: usize,
    calls: usize,
) -> f64 {
    let words = (ty.elements() * 4).div_ceil(8);
    let inputs: Vec<Vec<u64>> = (0..arguments)
        .map(|_| vec![0x3f80_0000_3f80_0000u64; words])
        .collect();
    let types = vec![ty.clone(); arguments];
    let results = [ty.clone()];
    let barrier = std::sync::Barrier::new(threads);
    let times: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut call = super::Call::new(function, &types, &inputs, &results);
                    call.invoke();
                    barrier.wait();
                    let mut times = Vec::with_capacity(calls);
                    for _ in 0..calls {
                        let start = Instant::now();
                        call.invoke();
                        times.push(start.elapsed().as_secs_f64());
                    }
                    measure::median(&times)
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    measure::median(&times)
}

fn measure_figures(options: &DescribeOptions) -> Result<Figures, Diag> {
    let context = create_context(false);
    let session = Session::new(&context)?;
    let failed = |what: &str| Diag::error(None, format!("--describe-cpu: {what} (a flexc bug)"));
    let mut module = session
        .parse("describe-cpu", kernels().as_bytes())
        .map_err(|_| failed("cannot parse the calibration kernels"))?;
    session
        .run_pipeline(&mut module, &flexc_passes::pass_pipeline::cpu_lowering())
        .map_err(|e| failed(&e))?;
    let engine = Engine::new(&context, &module, options.opt_level)
        .ok_or_else(|| failed("cannot JIT-compile the calibration kernels"))?;
    let function = |name: &str| engine.packed(name).map_err(|e| failed(&e));
    let threads = options.devices.to_usize();
    let m = MATMUL as i64;
    let matmul = per_call(function("matmul")?, &tensor(&[m, m]), 2, threads, 5);
    let stream = per_call(
        function("stream")?,
        &tensor(&[STREAM as i64]),
        2,
        threads,
        5,
    );
    let tiny_function = function("tiny")?;
    let tiny = per_call(tiny_function, &tensor(&[1]), 2, 1, 2000);
    let alone = run_wall(&[tiny_function], 1)?;
    let together = run_wall(&vec![tiny_function; threads.max(2)], 1)?;
    let exchange = |elements: usize| -> Result<f64, Diag> {
        let programs = [
            function(&format!("recv{elements}"))?,
            function(&format!("send{elements}"))?,
        ];
        run_wall(&programs, elements)
    };
    let small = exchange(1)?;
    let large = exchange(MESSAGE)?;
    let extra_bytes = ((MESSAGE - 1) * 4) as f64;
    Ok(Figures {
        matmul_flops_per_s: 2.0 * (MATMUL as f64).powi(3) / matmul.max(1e-12),
        mem_bandwidth: 12.0 * STREAM as f64 / stream.max(1e-12),
        launch_overhead_s: tiny,
        mem_capacity: host_memory() / u64::from(options.devices.get()),
        link_latency_s: (small - together).max(0.0),
        link_bandwidth: extra_bytes / (large - small).max(1e-12),
        barrier_s: if threads > 1 {
            (together - alone).max(0.0)
        } else {
            0.0
        },
    })
}

/// Median wall time of [`BARRIER_RUNS`] runs of `programs` (program `d` on device `d`, each taking two
/// and returning one `elements`-element f32 tensor), started and timed as `--time` runs device programs
/// ([`measure::run_threads`]: a barrier, a fresh runtime per run, from the earliest start to the latest
/// return).
fn run_wall(programs: &[PackedFunction], elements: usize) -> Result<f64, Diag> {
    let ty = tensor(&[elements as i64]);
    let arguments = vec![ty.clone(), ty.clone()];
    let words = (elements * 4).div_ceil(8);
    let inputs = vec![vec![0x3f80_0000_3f80_0000u64; words]; 2];
    let results = [ty];
    let per_device: Vec<&[TensorType]> = vec![&results[..]; programs.len()];
    let runs = measure::run_threads(programs, &arguments, &per_device, &inputs, 1, BARRIER_RUNS)
        .map_err(|e| Diag::error(None, format!("--describe-cpu: {e}")))?;
    Ok(runs.timing.median())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_description_is_a_machine_file() {
        let options = DescribeOptions {
            devices: DeviceCount::new(2).unwrap(),
            device_name: "cpu-test".into(),
            opt_level: 2,
        };
        let figures = Figures {
            matmul_flops_per_s: 7e9,
            mem_bandwidth: 5e9,
            launch_overhead_s: 2e-7,
            mem_capacity: 1 << 33,
            link_latency_s: 3e-6,
            link_bandwidth: 2e9,
            barrier_s: 1.5e-5,
        };
        let text = machine_toml(&options, &figures, "a test CPU");
        let machine = flexc_core::machine::Machine::from_toml(&text, "cpu.toml").unwrap();
        assert_eq!(machine.num_devices(), 2);
        assert_eq!(machine.gpu.name, "cpu-test");
        assert!((machine.gpu.peak_flops.f32 - 1e10).abs() < 1e3);
        assert_eq!(machine.intra.bandwidth, 2e9);
        assert_eq!(machine.intra.latency_s, 3e-6);
        assert_eq!(machine.gpu.mem_capacity, 1 << 33);
        let runtime = machine.runtime;
        assert_eq!(runtime.barrier_s, 1.5e-5);
        assert!(runtime.transfers_on_devices && runtime.gather_outputs && runtime.replicated_work);
    }
}
