//! `flexc-run`: runs a partitioned program (serial `@f` plus device functions `@f_device<d>`) on CPU,
//! one thread per device, and compares device 0's results with the serial ones. All logic lives in
//! the library (`src/run.rs`); this file only maps the command line onto `run::RunOptions`.

use clap::Parser;
use flexc::core::{DeviceCount, GROUP_MASK_DEVICES};
use flexc::{driver::Exit, run};
use std::process::ExitCode;

const EXAMPLE: &str = "\
Example:
  flexc models/small/torch/resnet18_b2.linalg.mlir --machine=p100-4x4 --devices=4 -o r.par.mlir
  flexc r.par.mlir --pass-pipeline='builtin.module(par-materialize)' -o r.dev.mlir
  flexc-run r.dev.mlir --check --seed=1
  flexc-run r.par.mlir --check          # materializes first (device count from par.machine)
  flexc-run r.par.mlir --check --mpi=4  # 4 MPI processes (mpirun -np 4) instead of 4 threads

Inputs: floats uniform in [-1, 1], integers in [0, --int-max), from --seed. Elided weights
(dense_resource<__elided__...>) are filled with seeded random values. The error of a result is
max |a-b| / max(|b|, floor), floor = --atol or else the serial result's largest magnitude.

Measuring (src/run/measure.rs, src/run/describe.rs):
  flexc-run --describe-cpu=2 --opt-level=2 > cpu.toml          # this host as a machine description
  flexc-run r.par.mlir --time --runs=10 --opt-level=2          # median wall time, devices and serial
  flexc-run r.par.mlir --profile-db-out=cpu.jsonl --opt-level=2 # per-task forward times, merged into FILE
  flexc r.par.mlir --simulate --mode=inference --machine=cpu.toml --profile-db=cpu.jsonl

Exit status: 0 success (with --check: every result within --rtol), 1 input, compilation or run
error or (with --check) a mismatch, 2 usage error.";

#[derive(Parser, Debug)]
#[command(
    name = "flexc-run",
    version = concat!(env!("CARGO_PKG_VERSION"), " (MLIR ", env!("FLEXC_MLIR_VERSION"), ")"),
    about = "Run partitioned programs on CPU (virtual devices in threads) and check them against the serial program",
    after_help = EXAMPLE,
)]
struct Cli {
    /// A module with @f and @f_device0..N-1 (par-materialize's output), or a .par.mlir to materialize.
    #[arg(default_value = "-")]
    input: String,

    /// Exit 1 unless every result of device 0 matches the serial result within --rtol.
    #[arg(long)]
    check: bool,

    /// Seed of the random inputs (and of elided weights).
    #[arg(long, default_value_t = 0)]
    seed: u64,

    /// Largest accepted error (see below).
    #[arg(long, default_value_t = 1e-5)]
    rtol: f64,

    /// Absolute floor of the relative error (default: the serial result's largest magnitude).
    #[arg(long)]
    atol: Option<f64>,

    /// Integer inputs (token ids) are drawn from [0, N).
    #[arg(long = "int-max", default_value_t = 8, value_name = "N")]
    int_max: i64,

    /// Devices to materialize a .par.mlir for (default: its par.machine); at most 63.
    #[arg(long, value_name = "N", value_parser = run_devices)]
    devices: Option<DeviceCount>,

    /// LLVM optimization level of the JIT. Default: 2 for a model with a tensor of 2^20 elements or
    /// more (a full-size model: optimized code runs far faster than it takes to compile), else 0;
    /// 2 for --time, --profile-db-out and --describe-cpu.
    #[arg(long = "opt-level", value_parser = clap::value_parser!(u32).range(0..=3))]
    opt_level: Option<u32>,

    /// Print the time of each phase (lowering, JIT compilation and runs) to standard error.
    #[arg(long)]
    timings: bool,

    /// Run the device functions as N MPI processes (mpirun -np N) instead of N threads; a .par.mlir
    /// is materialized for N devices unless --devices says otherwise.
    #[arg(long, value_name = "N", value_parser = mpi_ranks)]
    mpi: Option<DeviceCount>,

    /// Seconds the MPI processes may take before they are stopped.
    #[arg(long = "mpi-timeout", value_name = "SECONDS", default_value_t = 300)]
    mpi_timeout: u64,

    /// Internal: run as one MPI rank, writing results into DIR (the launcher passes it).
    #[arg(long = "mpi-worker", value_name = "DIR", hide = true)]
    mpi_worker: Option<std::path::PathBuf>,

    /// Time the device programs (threads started together) and the serial one: median of --runs.
    #[arg(long)]
    time: bool,

    /// Measure every graph op's task forward time in the device programs and merge the entries into
    /// this profile database (JSON lines, the simulator's --profile-db).
    #[arg(long = "profile-db-out", value_name = "FILE")]
    profile_db_out: Option<String>,

    /// Device name of the profile entries and of --describe-cpu's machine (its [gpu] name).
    #[arg(long = "device-name", value_name = "NAME", default_value = "cpu")]
    device_name: String,

    /// Timed runs of --time and --profile-db-out.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,

    /// Untimed runs before them (the first is the one --check compares).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    warmup: u32,

    /// Accept ops of unregistered dialects: StableHLO in generic form (JAX exports), lowered to
    /// linalg by the stablehlo-to-linalg pass before anything else.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,

    /// Arguments of the serial function @f from DIR/f.arg<i>.npy instead of seeded values.
    #[arg(long, value_name = "DIR")]
    inputs: Option<std::path::PathBuf>,

    /// Compare @f's results with DIR/f.result<i>.npy (exit 1 beyond --rtol, as the device check).
    #[arg(long, value_name = "DIR")]
    reference: Option<std::path::PathBuf>,

    /// Write @f's results as DIR/f.result<i>.npy.
    #[arg(long = "dump-outputs", value_name = "DIR")]
    dump_outputs: Option<std::path::PathBuf>,

    /// Measure this host and print a machine description (TOML) with N devices (threads); no input.
    #[arg(long = "describe-cpu", value_name = "N")]
    describe_cpu: Option<DeviceCount>,
}

/// `--mpi=N`: a device count whose device ids fit the runtime's all-reduce group masks.
fn mpi_ranks(text: &str) -> Result<DeviceCount, String> {
    let ranks: DeviceCount = text
        .parse()
        .map_err(|e: flexc::core::DeviceCountError| e.0)?;
    if ranks.get() > GROUP_MASK_DEVICES {
        return Err(format!(
            "{ranks} ranks: device ids must be below {GROUP_MASK_DEVICES} (all-reduce groups are 63-bit masks)"
        ));
    }
    Ok(ranks)
}

fn run_devices(text: &str) -> Result<DeviceCount, String> {
    let devices: DeviceCount = text
        .parse()
        .map_err(|e: flexc::core::DeviceCountError| e.0)?;
    run::check_devices(u64::from(devices.get()))?;
    Ok(devices)
}

fn main() -> ExitCode {
    // MLIR recurses once per nesting level of the input: a large stack (src/parse.rs).
    flexc::parse::on_large_stack(run_tool)
}

fn run_tool() -> ExitCode {
    // Before any device thread exists (src/run/runtime.rs).
    run::share_one_heap();
    let cli = Cli::parse();
    let valid_rtol = cli.rtol.is_finite() && cli.rtol >= 0.0;
    let valid_atol = cli.atol.is_none_or(|a| a.is_finite() && a > 0.0);
    if cli.int_max < 1 || !valid_rtol || !valid_atol {
        eprintln!(
            "flexc-run: error: --int-max must be at least 1, --rtol at least 0, --atol positive"
        );
        return ExitCode::from(2);
    }
    if cli.mpi.is_some() && (cli.time || cli.profile_db_out.is_some() || cli.describe_cpu.is_some())
    {
        eprintln!("flexc-run: error: --mpi runs a check; it does not combine with --time, --profile-db-out or --describe-cpu");
        return ExitCode::from(2);
    }
    let options = run::RunOptions {
        input: cli.input,
        devices: cli.devices,
        check: cli.check,
        seed: cli.seed,
        rtol: cli.rtol,
        atol: cli.atol,
        int_max: cli.int_max,
        opt_level: cli.opt_level,
        timings: cli.timings,
        mpi: cli.mpi,
        mpi_timeout_s: cli.mpi_timeout,
        worker: std::env::current_exe().ok(),
        mpi_worker: cli.mpi_worker,
        allow_unregistered_dialect: cli.allow_unregistered_dialect,
        inputs: cli.inputs,
        reference: cli.reference,
        dump_outputs: cli.dump_outputs,
        // What the run is doing, printed every few seconds while it lasts.
        phase: Some(Default::default()),
    };
    // Standard error is not locked for the run: the progress lines (`run::PROGRESS_EVERY`) are written
    // by another thread meanwhile (holding the lock here made every run longer than 10 s hang).
    let (out, errors) = (&mut std::io::stdout().lock(), &mut std::io::stderr());
    let exit = if let Some(devices) = cli.describe_cpu {
        let describe = run::describe::DescribeOptions {
            devices,
            device_name: cli.device_name,
            opt_level: cli.opt_level.unwrap_or(2),
        };
        match run::describe::describe(&describe) {
            Ok(text) => {
                let _ = std::io::Write::write_all(out, text.as_bytes());
                Exit::Success
            }
            Err(diag) => {
                flexc::diagnostics::Printer { sources: vec![] }.print(errors, &diag);
                Exit::Failure
            }
        }
    } else if cli.time || cli.profile_db_out.is_some() {
        let measure = run::measure::MeasureOptions {
            run: options,
            time: cli.time,
            profile_db_out: cli.profile_db_out,
            device_name: cli.device_name,
            runs: cli.runs,
            warmup: cli.warmup,
        };
        run::measure::run(&measure, out, errors)
    } else {
        run::run(&options, out, errors)
    };
    ExitCode::from(match exit {
        Exit::Success => 0,
        Exit::Failure => 1,
        Exit::Usage => 2,
    })
}
