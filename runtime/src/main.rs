//! The `flexc-gpu` command line (see the library's `runner`).

use clap::Parser;
use flexc_gpu::runner::{self, Options};
use std::{path::PathBuf, process::ExitCode};

const AFTER: &str = "\
Exit status: 0 on success (with --check/--reference: every output within --rtol), 1 on errors
(no CUDA driver or device, a bad artifact, a failed run) or mismatches, 2 on usage errors.
The error of an output is max |a-b| / max(|b|, floor), floor the largest magnitude of the expected
output (or --atol). Inputs are seeded as flexc-run seeds them, so --reference directories written
by `flexc-run --dump-outputs=DIR` with the same --seed compare.";

#[derive(Parser, Debug)]
#[command(
    name = "flexc-gpu",
    version,
    about = "Run a flexc GPU artifact (flexc --target=cuda): serial and device programs on CUDA",
    after_help = AFTER
)]
struct Cli {
    /// The artifact (`flexc MODEL --target=cuda -o OUT`).
    #[arg(required_unless_present = "list_symbols")]
    artifact: Option<PathBuf>,

    /// Exit 1 unless device 0's outputs match the serial program's within --rtol.
    #[arg(long)]
    check: bool,

    /// Largest accepted error.
    #[arg(long, default_value_t = 1e-4)]
    rtol: f64,

    /// Absolute floor of the relative error (default: the expected output's largest magnitude).
    #[arg(long)]
    atol: Option<f64>,

    /// Also compare with the CPU's outputs: DIR/<f>.result<i>.npy, as `flexc-run --dump-outputs=DIR`
    /// writes them.
    #[arg(long, value_name = "DIR")]
    reference: Option<PathBuf>,

    /// Seed of the inputs (default: the seed the compiler filled the weights with, else 0).
    #[arg(long)]
    seed: Option<u64>,

    /// Integer inputs (token ids) are drawn from [0, N).
    #[arg(long = "int-max", value_name = "N", default_value_t = 8)]
    int_max: i64,

    /// Time the serial and the device programs with CUDA events: median/min/max of --runs.
    #[arg(long)]
    time: bool,

    /// Timed runs of --time and --profile-db-out.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,

    /// Untimed runs before them (the first is the one compared).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    warmup: u32,

    /// Time every task of the device programs and merge the entries into this profile database
    /// (JSON lines, the simulator's --profile-db).
    #[arg(long = "profile-db-out", value_name = "FILE")]
    profile_db_out: Option<PathBuf>,

    /// Device name of the profile entries (default: the GPU's name).
    #[arg(long = "device-name", value_name = "NAME")]
    device_name: Option<String>,

    /// Print the runtime entry points this binary exports, one per line, and exit.
    #[arg(long = "list-symbols")]
    list_symbols: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.list_symbols {
        for name in flexc_gpu::abi::exported_symbols() {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    let valid_rtol = cli.rtol.is_finite() && cli.rtol >= 0.0;
    let valid_atol = cli.atol.is_none_or(|a| a.is_finite() && a > 0.0);
    if cli.int_max < 1 || !valid_rtol || !valid_atol {
        eprintln!(
            "flexc-gpu: error: --int-max must be at least 1, --rtol at least 0, --atol positive"
        );
        return ExitCode::from(2);
    }
    let options = Options {
        artifact: cli.artifact.unwrap_or_default(),
        check: cli.check,
        rtol: cli.rtol,
        atol: cli.atol,
        reference: cli.reference,
        seed: cli.seed,
        int_max: cli.int_max,
        time: cli.time,
        runs: cli.runs,
        warmup: cli.warmup,
        profile_db_out: cli.profile_db_out,
        device_name: cli.device_name,
    };
    let status = runner::run(
        &options,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    ExitCode::from(status)
}
