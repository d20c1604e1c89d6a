//! `flexc-run --describe-cpu=N`: a machine description (`core/machine.rs`'s TOML) of this host as
//! `flexc-run` uses it: N devices, each one thread of the in-process runtime, calibrated by measuring
//! the code the JIT actually produces rather than datasheet peaks.
//!
//! - `[gpu.peak_flops] f32`: the rate of a JIT-compiled 256×256×256 `linalg.matmul` (at `--opt-level`),
//!   run on N threads at once (median per thread), divided by the roofline's contraction fraction
//!   (0.70, `flexc_core::cost::achievable_fraction`) so that the roofline estimate of a matmul equals
//!   the measured one. The other types default to it.
//! - `mem_bandwidth`: bytes moved (two reads and one write) per second by a JIT-compiled 4M-element f32
//!   `arith.addf` on tensors (result allocation included), N threads at once.
//! - `launch_overhead_s`: one call of the same add on one element (call, allocation, return).
//! - `mem_capacity`: the host's memory (`/proc/meminfo`) divided by N.
//! - `[intra]` and `[inter]` (one node, so `[inter]` is unused): the runtime's messages, measured by a
//!   ping-pong of `flexc_rt_send_f32`/`flexc_rt_recv_f32` between two threads: the latency is half the
//!   round trip of one element, the bandwidth the extra bytes of a 64K-element message over its extra
//!   half round trip. Kind `pcie`: each ordered pair of devices is its own channel (copies are done by
//!   the two threads involved).
//!
//! - `[runtime]` (`flexc_core::machine::RuntimeCosts`): how `flexc-run` runs the device programs.
//!   `barrier_s` is measured: the wall time of a run of a trivial program (the 1-element add) on N
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
use std::{ffi::c_void, time::Instant};

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
const MESSAGE: usize = 1 << 20;

/// Measures this host and returns the TOML text.
pub fn describe(options: &DescribeOptions) -> Result<String, Diag> {
    let figures = measure_figures(options)?;
    Ok(machine_toml(options, &figures, &cpu_model()))
}

/// The description of `figures` (pure, for tests).
pub fn machine_toml(options: &DescribeOptions, figures: &Figures, cpu: &str) -> String {
    let n = options.devices;
    let peak = figures.matmul_flops_per_s
        / flexc_core::cost::achievable_fraction(flexc_core::OpClass::Contraction);
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

/// A contiguous f32 buffer as the runtime's functions take it (`runtime::Unranked`).
#[repr(C)]
struct Unranked {
    rank: i64,
    descriptor: *mut i64,
}

type PointToPoint = unsafe extern "C" fn(*const c_void, i64, i64);

/// Half the round trip of an `elements`-element f32 message between two runtime devices (median of
/// `trips` round trips).
fn one_way(send: PointToPoint, recv: PointToPoint, elements: usize, trips: usize) -> f64 {
    let runtime = super::runtime::Runtime::new(2);
    let times: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2usize)
            .map(|device| {
                let runtime = &runtime;
                scope.spawn(move || {
                    let mut data = vec![1.0f32; elements];
                    let pointer = data.as_mut_ptr() as usize as i64;
                    let mut descriptor = [pointer, pointer, 0, elements as i64, 1];
                    let memref = Unranked {
                        rank: 1,
                        descriptor: descriptor.as_mut_ptr(),
                    };
                    let memref = &memref as *const Unranked as *const c_void;
                    let peer = 1 - device as i64;
                    super::runtime::Runtime::enter(runtime, device);
                    let mut times = Vec::with_capacity(trips);
                    for trip in 0..trips as i64 {
                        let start = Instant::now();
                        unsafe {
                            if device == 0 {
                                send(memref, peer, 2 * trip);
                                recv(memref, peer, 2 * trip + 1);
                            } else {
                                recv(memref, peer, 2 * trip);
                                send(memref, peer, 2 * trip + 1);
                            }
                        }
                        times.push(start.elapsed().as_secs_f64() / 2.0);
                    }
                    super::runtime::Runtime::leave();
                    times
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    measure::median(times.first().map_or(&[][..], Vec::as_slice))
}

fn measure_figures(options: &DescribeOptions) -> Result<Figures, Diag> {
    let context = create_context(false);
    let session = Session::new(&context)?;
    let failed = |what: &str| Diag::error(None, format!("--describe-cpu: {what} (a flexc bug)"));
    let mut module = session
        .parse("describe-cpu", kernels().as_bytes())
        .map_err(|_| failed("cannot parse the calibration kernels"))?;
    session
        .run_pipeline(&mut module, &flexc_passes::pipeline::cpu_lowering())
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
    let barrier = (run_wall(tiny_function, threads)? - run_wall(tiny_function, 1)?).max(0.0);
    let symbol = |name: &str| {
        super::runtime::symbols()
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, address)| unsafe { std::mem::transmute::<*mut (), PointToPoint>(address) })
            .ok_or_else(|| failed(&format!("the runtime has no {name}")))
    };
    let send = symbol("_mlir_ciface_flexc_rt_send_f32")?;
    let recv = symbol("_mlir_ciface_flexc_rt_recv_f32")?;
    let latency = one_way(send, recv, 1, 2000);
    let large = one_way(send, recv, MESSAGE, 20);
    let extra_bytes = ((MESSAGE - 1) * 4) as f64;
    Ok(Figures {
        matmul_flops_per_s: 2.0 * (MATMUL as f64).powi(3) / matmul.max(1e-12),
        mem_bandwidth: 12.0 * STREAM as f64 / stream.max(1e-12),
        launch_overhead_s: tiny,
        mem_capacity: host_memory() / u64::from(options.devices.get()),
        link_latency_s: latency,
        link_bandwidth: extra_bytes / (large - latency).max(1e-12),
        barrier_s: barrier,
    })
}

/// Median wall time of [`BARRIER_RUNS`] runs of `function` (the 1-element add) on `threads` threads,
/// started and timed as `--time` runs device programs ([`measure::run_threads`]).
fn run_wall(function: PackedFunction, threads: usize) -> Result<f64, Diag> {
    let one = tensor(&[1]);
    let arguments = vec![one.clone(), one.clone()];
    let inputs = vec![vec![0x3f80_0000u64]; 2];
    let results = [one];
    let per_device: Vec<&[TensorType]> = vec![&results[..]; threads];
    let runs = measure::run_threads(
        &vec![function; threads],
        &arguments,
        &per_device,
        &inputs,
        1,
        BARRIER_RUNS,
    )
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
