//! `flexc`: the command-line compiler. All logic lives in the library (`src/driver.rs`); this file
//! only maps the command line onto `driver::Options`.

use clap::Parser;
use flexc::core::precision::{Optimizer, Precision};
use flexc::driver::{self, Exit};
use std::process::ExitCode;

const EXAMPLE: &str = "\
Example:
  flexc models/torch/mlp_b512.linalg.mlir -o mlp.par.mlir --machine=p100-4x4 --report=mlp.json
  flexc model.mlir --pass-pipeline='builtin.module(canonicalize,par-verify)' -o -
  flexc --allow-unregistered-dialect models/jax/mlp_b512.fwd.stablehlo.generic.mlir -o -
  flexc --split-input-file --verify-diagnostics errors.mlir
  flexc models/small/torch/mlp_b8.linalg.mlir --machine=dgx-h100 --devices=2 --target=cuda -o mlp.fgpu
  flexc models/torch/resnet101_b64.linalg.mlir --simulate --machine=p100-4x4 --strategy=owt
  flexc model.mlir --simulate --machine=cluster.toml --devices=8 --trace=trace.json --report=r.json
  flexc --allow-unregistered-dialect models/jax/mlp_b512.train_sgd.stablehlo.generic.mlir \
        --data-args=8,9 --mode=as-is --simulate

Exit status: 0 success, 1 input or compilation error, 2 usage error.";

#[derive(Parser, Debug)]
#[command(
    name = "flexc",
    version = concat!(env!("CARGO_PKG_VERSION"), " (MLIR ", env!("FLEXC_MLIR_VERSION"), ")"),
    about = "Automatic parallelization of deep-learning training graphs written in MLIR",
    after_help = EXAMPLE,
)]
struct Cli {
    /// Input MLIR file, text or bytecode (`-` reads standard input).
    #[arg(default_value = "-")]
    input: String,

    /// Output file (`-` writes standard output).
    #[arg(short = 'o', long = "output", default_value = "-")]
    output: String,

    /// MLIR pass pipeline mixing flexc and upstream passes, e.g.
    /// 'builtin.module(canonicalize,par-verify)'. Default: the flexc pipeline.
    #[arg(long = "pass-pipeline", value_name = "PIPELINE")]
    pass_pipeline: Option<String>,

    /// Print the IR after every pass to standard error.
    #[arg(long = "print-ir-after-all")]
    print_ir_after_all: bool,

    /// Accept ops of dialects MLIR does not know (needed for StableHLO in generic form).
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,

    /// Split the input at '// -----' lines and process each chunk on its own.
    #[arg(long = "split-input-file")]
    split_input_file: bool,

    /// Check diagnostics against 'expected-error' (etc.) comments in the input, as mlir-opt does.
    #[arg(long = "verify-diagnostics")]
    verify_diagnostics: bool,

    /// Write MLIR bytecode instead of text.
    #[arg(long = "emit-bytecode")]
    emit_bytecode: bool,

    /// Print a short summary of the result (functions, ops per dialect, par annotations) to stderr.
    #[arg(long = "summary")]
    summary: bool,

    /// What to write: the module (mlir), the import table with model totals (summary), or the module
    /// with its strategy in the upstream `shard` dialect (shard; see passes/par_export_shard.rs).
    #[arg(long = "emit", value_enum, default_value = "mlir")]
    emit: EmitArg,

    /// Dim of every data argument that holds the batch (the sample dim).
    #[arg(long = "batch-dim", default_value_t = 0)]
    batch_dim: usize,

    /// Rescale the model's sample dim to a global batch of N in the imported graph (the simulation, the
    /// search and the summary; the module written keeps its shapes). An error names the op where the
    /// batch cannot follow (e.g. a reshape folding it inside another dim).
    #[arg(long = "batch", value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    batch: Option<u64>,

    /// Function arguments that are weights, e.g. --param-args=0,1,2 or 0-7 (JAX passes weights as
    /// arguments). Arguments with the `par.param` attribute are weights too; constants that are not
    /// splats are always weights.
    #[arg(long = "param-args", value_name = "LIST", default_value = "")]
    param_args: String,

    /// The entry function's data arguments, e.g. --data-args=8; every other tensor argument is then a
    /// weight (the short way to say it for JAX exports).
    #[arg(long = "data-args", value_name = "LIST", default_value = "")]
    data_args: String,

    /// The function that is the model (without '@'). Default: the module's only public function with
    /// a body; with several (or only private ones) flexc stops and lists them.
    #[arg(long = "entry", value_name = "NAME")]
    entry: Option<String>,

    /// auto (default): as-is when the graph returns its weights updated, else train (the choice and why
    /// are printed); train: a forward graph, backward work and gradient sync derived per op; as-is: the
    /// graph already is a training step (e.g. a JAX grad export); inference: forward only.
    #[arg(long = "mode", value_enum, default_value = "auto")]
    mode: ModeArg,

    /// Simulate one iteration of a strategy and print the predicted time with its breakdown.
    #[arg(long = "simulate")]
    simulate: bool,

    /// Machine: p100-4x4, k80-16x4, dgx1-v100:NODES, dgx-a100:NODES, dgx-h100:NODES, or a TOML file.
    #[arg(long = "machine", default_value = "dgx-a100:1")]
    machine: String,

    /// Training precision (simulation and search): fp32; tf32 (f32 storage, contractions and convolutions
    /// at the TF32 matrix rate); fp16, bf16 (mixed precision as PyTorch AMP: 16-bit matrix units and
    /// activations, f32 master weights, gradients and optimizer state). The machine must have the rate.
    #[arg(long = "precision", value_enum, default_value = "fp32")]
    precision: PrecisionArg,

    /// Optimizer state per parameter, for memory: sgd (none), sgd-momentum (one f32), adam (two f32).
    #[arg(long = "optimizer", value_enum, default_value = "sgd-momentum")]
    optimizer: OptimizerArg,

    /// Use only the first N GPUs of the machine.
    #[arg(long = "devices", value_name = "N")]
    devices: Option<flexc::core::DeviceCount>,

    /// Strategy to simulate: data-parallel, model-parallel, owt, megatron, single-device, or a .par.mlir
    /// file with par.config annotations. Default: the input's own annotations, else data-parallel.
    /// Without --simulate, a baseline name is written as the strategy instead of searching.
    #[arg(long = "strategy", value_name = "NAME|FILE")]
    strategy: Option<String>,

    /// Write the simulated timeline as Chrome trace JSON (implies --simulate).
    #[arg(long = "trace", value_name = "FILE")]
    trace: Option<String>,

    /// Write the facts of the simulation (with --simulate) or of the search as JSON.
    #[arg(long = "report", value_name = "FILE")]
    report: Option<String>,

    /// Strategy search run when writing MLIR with the default pipeline: one of flexc-core's search
    /// algorithms (auto: the schedule search, then mcmc where the machine is small enough; plan: replicas,
    /// pipeline stages, micro-batches, recomputation and ZeRO around Megatron tensor parallelism; mcmc:
    /// FlexFlow over flat strategies, seeded with the dp and tiling results and the expert strategies; dp:
    /// PaSE; tiling: SoyBean), or none (import only).
    #[arg(long = "search", default_value = "auto", value_parser = clap::builder::PossibleValuesParser::new(flexc::search::algorithm_names()))]
    search: String,

    /// Search budget: a duration (5s, 500ms, 2m) or a number of MCMC proposals (same seed and proposal
    /// budget, same strategy).
    #[arg(long = "search-budget", value_name = "BUDGET", default_value = "4000")]
    search_budget: String,

    /// Seed of the randomized search.
    #[arg(long = "seed", default_value_t = 0)]
    seed: u64,

    /// Profile database (JSON lines) whose measurements override the cost model's estimates.
    #[arg(long = "profile-db", value_name = "FILE")]
    profile_db: Option<String>,

    /// Keep ops flexc cannot model (warning; replicated) instead of failing.
    #[arg(long = "opaque-unknown")]
    opaque_unknown: bool,

    /// Compile for a target instead of writing MLIR: `cuda` writes one GPU artifact (a shared object
    /// with the host code, the PTX of every kernel and a JSON manifest; docs/gpu.md) holding the serial
    /// program and every device program, run by `flexc-gpu`. The input is a .par.mlir, or a model
    /// that is searched first.
    #[arg(long = "target", value_enum, default_value = "mlir")]
    target: TargetArg,

    /// What --target=cuda writes: the artifact, or a stage for inspection and tests: gpu (kernels
    /// mapped and outlined, GPU dialect), ptx (every kernel module's PTX), host (LLVM dialect host code),
    /// manifest (the artifact's JSON manifest, indented: programs, kernels, library calls, tasks).
    #[arg(long = "gpu-emit", value_enum, default_value = "artifact")]
    gpu_emit: GpuEmitArg,

    /// GPU architecture of --target=cuda: sm_90 or sm_80.
    #[arg(long = "gpu-arch", value_name = "ARCH", default_value = "sm_90")]
    gpu_arch: String,

    /// NVIDIA's libdevice.10.bc for the math functions of GPU kernels (default: the copy tools/setup
    /// installs in .tools/cuda, or $FLEXC_LIBDEVICE).
    #[arg(long = "libdevice", value_name = "PATH")]
    libdevice: Option<std::path::PathBuf>,

    /// List the flexc passes with their options and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum TargetArg {
    /// Write MLIR (the annotated module, the summary, or the shard export).
    Mlir,
    /// Write a GPU artifact (--target=cuda -o OUT).
    Cuda,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum GpuEmitArg {
    Artifact,
    Gpu,
    Ptx,
    Host,
    Manifest,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum PrecisionArg {
    Fp32,
    Tf32,
    Fp16,
    Bf16,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum OptimizerArg {
    Sgd,
    SgdMomentum,
    Adam,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum ModeArg {
    Auto,
    Train,
    AsIs,
    Inference,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EmitArg {
    Mlir,
    Summary,
    /// The strategy in MLIR's upstream `shard` dialect (`shard.grid`, `shard.sharding`, `shard.shard`).
    Shard,
}

fn list_passes() {
    println!("flexc passes (usable in --pass-pipeline beside every upstream MLIR pass):");
    for info in flexc::passes::REGISTRY {
        println!("  {:<20} {}", info.argument, info.summary);
        for option in info.options {
            println!(
                "      {}=<{}>  {} (default {})",
                option.name,
                match option.kind {
                    flexc::passes::OptionKind::Unsigned
                    | flexc::passes::OptionKind::DeviceCount => "uint".to_string(),
                    flexc::passes::OptionKind::OneOf(words) => words.join("|"),
                    flexc::passes::OptionKind::UnsignedList => "uint,a-b,...".to_string(),
                    flexc::passes::OptionKind::Text => "text".to_string(),
                    flexc::passes::OptionKind::Checked { values, .. } => values.to_string(),
                },
                option.help,
                option.default
            );
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.list_passes {
        list_passes();
        return ExitCode::SUCCESS;
    }
    let simulate = cli.simulate || cli.trace.is_some();
    let budget = match flexc::search::Budget::parse(&cli.search_budget) {
        Ok(budget) => budget,
        Err(message) => {
            eprintln!("flexc: error: {message}");
            return ExitCode::from(2);
        }
    };
    let options = driver::Options {
        input: cli.input,
        output: cli.output,
        pass_pipeline: cli.pass_pipeline,
        print_ir_after_all: cli.print_ir_after_all,
        allow_unregistered_dialect: cli.allow_unregistered_dialect,
        split_input_file: cli.split_input_file,
        verify_diagnostics: cli.verify_diagnostics,
        emit_bytecode: cli.emit_bytecode,
        summary: cli.summary,
        emit: match cli.emit {
            _ if simulate => driver::Emit::Simulation,
            EmitArg::Mlir => driver::Emit::Mlir,
            EmitArg::Summary => driver::Emit::Summary,
            EmitArg::Shard => driver::Emit::Shard,
        },
        batch_dim: cli.batch_dim,
        batch: cli.batch,
        param_args: cli.param_args,
        data_args: cli.data_args,
        opaque_unknown: cli.opaque_unknown,
        entry: cli
            .entry
            .map(|name| name.trim_start_matches('@').to_string()),
        mode: match cli.mode {
            ModeArg::Auto => driver::ImportMode::Auto,
            ModeArg::Train => driver::ImportMode::Train,
            ModeArg::AsIs => driver::ImportMode::AsIs,
            ModeArg::Inference => driver::ImportMode::Inference,
        },
        simulate: flexc::simulate::SimulateOptions {
            machine: cli.machine,
            devices: cli.devices,
            strategy: cli.strategy,
            trace: cli.trace,
            report: cli.report,
            profile_db: cli.profile_db,
            state: flexc::core::precision::WeightState {
                precision: match cli.precision {
                    PrecisionArg::Fp32 => Precision::Fp32,
                    PrecisionArg::Tf32 => Precision::Tf32,
                    PrecisionArg::Fp16 => Precision::Fp16,
                    PrecisionArg::Bf16 => Precision::Bf16,
                },
                optimizer: match cli.optimizer {
                    OptimizerArg::Sgd => Optimizer::Sgd,
                    OptimizerArg::SgdMomentum => Optimizer::SgdMomentum,
                    OptimizerArg::Adam => Optimizer::Adam,
                },
            },
        },
        search: flexc::search::SearchOptions {
            algorithm: flexc::search::algorithm(&cli.search),
            budget,
            seed: cli.seed,
        },
        cuda: (cli.target == TargetArg::Cuda).then(|| flexc::gpu::CudaOptions {
            emit: match cli.gpu_emit {
                GpuEmitArg::Artifact => flexc::gpu::CudaEmit::Artifact,
                GpuEmitArg::Gpu => flexc::gpu::CudaEmit::Gpu,
                GpuEmitArg::Ptx => flexc::gpu::CudaEmit::Ptx,
                GpuEmitArg::Host => flexc::gpu::CudaEmit::Host,
                GpuEmitArg::Manifest => flexc::gpu::CudaEmit::Manifest,
            },
            arch: cli.gpu_arch,
            libdevice: cli.libdevice,
            allow_unregistered_dialect: cli.allow_unregistered_dialect,
            ..Default::default()
        }),
    };
    let exit = driver::run(&options, &mut std::io::stderr().lock());
    ExitCode::from(match exit {
        Exit::Success => 0,
        Exit::Failure => 1,
        Exit::Usage => 2,
    })
}
