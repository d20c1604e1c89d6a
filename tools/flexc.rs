//! `flexc`: the command-line compiler. All logic lives in the library (`src/driver.rs`); this file
//! only maps the command line onto `driver::Options`.

use clap::Parser;
use flexc::console::Console;
use flexc::core::precision::{Optimizer, Precision};
use flexc::driver::{self, Exit};
use std::io::Write as _;
use std::process::ExitCode;

const EXAMPLE: &str = "\
Examples, by stage:
  Import:          flexc models/torch/lstm_lm_b64.linalg.mlir --emit=summary   (batch dim, weights, mode inferred and printed)
                   flexc --allow-unregistered-dialect models/jax/mlp_b512.train_sgd.stablehlo.generic.mlir --emit=summary
  Search:          flexc models/torch/mlp_b512.linalg.mlir -o mlp.par.mlir --machine=p100-4x4 --report=mlp.json
                   flexc model.mlir -o model.par.mlir --search=pase --search-budget=10s --seed=7
  Simulation:      flexc mlp.par.mlir --simulate   (the machine and import options recorded in the file)
                   flexc gpt.mlir --batch=512 --machine=dgx-a100:4 --precision=fp16 --optimizer=adam --simulate \\
                     --strategy=megatron:tp=8,pp=2,mb=2,recompute=full   (pipelines, micro-batches, recomputation, ZeRO)
                   flexc models/torch/resnet101_b64.linalg.mlir --simulate --machine=p100-4x4 --strategy=owt --trace=t.json
  Materialization: flexc mlp.par.mlir --pass-pipeline='builtin.module(par-materialize)' -o mlp.dev.mlir
                   flexc-run mlp.par.mlir --check
                   flexc mlp.par.mlir --emit=shard -o mlp.shard.mlir
                   mlir-opt-22 --pass-pipeline='builtin.module(func.func(shard-partition))' mlp.shard.mlir
  GPU:             flexc models/small/torch/mlp_b8.linalg.mlir --machine=dgx-h100 --devices=2 --target=cuda -o mlp.fgpu
  MLIR tool:       flexc model.mlir --pass-pipeline='builtin.module(canonicalize,par-verify)' -o -
                   flexc --split-input-file --verify-diagnostics errors.mlir

Exit status: 0 success, 1 input or compilation error, 2 usage error.";

#[derive(Parser, Debug)]
#[command(
    name = "flexc",
    version = concat!(env!("CARGO_PKG_VERSION"), " (MLIR ", env!("FLEXC_MLIR_VERSION"), ")"),
    about = "Automatic parallelization of deep-learning training graphs written in MLIR",
    after_help = EXAMPLE,
)]
struct Cli {
    /// Input MLIR file, text or bytecode (`-` reads standard input): a model, or a .par.mlir whose
    /// strategy, machine and import options are kept (see --search).
    #[arg(default_value = "-")]
    input: String,

    /// Output file (`-` writes standard output).
    #[arg(short = 'o', long = "output", default_value = "-")]
    output: String,

    /// What to write: the module (mlir), the import table with model totals (summary), the module
    /// with its strategy in the upstream `shard` dialect (shard; see passes/par_export_shard.rs), or the
    /// strategy as JAX shardings (jax-shardings: JSON of a mesh and a PartitionSpec per argument and
    /// result, parameters by name; see src/jax.rs), or as a torch.distributed plan (torch-plan: JSON of a
    /// dp x tp mesh and a ColwiseParallel/RowwiseParallel style per named submodule; see src/torch.rs),
    /// or the StableHLO module with Shardy shardings (sdy: an sdy.mesh and an sdy.sharding per argument
    /// and result of the entry function, the specs of jax-shardings; see src/sdy.rs), or a training
    /// framework's configuration of the plan (searched with --search=megatron or torchtitan unless given):
    /// megatron-args (Megatron-LM's flags, one flag and its value per line, for
    /// `pretrain_gpt.py $(cat FILE)`: parallel sizes, micro and global batch, recomputation,
    /// distributed optimizer, precision, and the model arguments read from the graph; see
    /// src/megatron_args.rs) or torchtitan (a job-config TOML for --job.config_file: [parallelism],
    /// [activation_checkpoint], [training]; see src/torchtitan.rs) or maxtext (a YAML over MaxText's
    /// base.yml: ici_/dcn_ parallelism by node, pipeline micro-batches, per-device batch, remat_policy,
    /// dtypes and the model keys; see src/maxtext.rs). What the framework cannot run (zero=2 and 3 in
    /// Megatron, zero=1 in torchtitan, zero=2 and 1F1B in MaxText, a per-op strategy) is an error.
    #[arg(long = "emit", value_enum, default_value = "mlir")]
    emit: EmitArg,

    /// The device mesh of --emit=jax-shardings and --emit=sdy, as NAME:SIZE,... (e.g. data:2,model:4; the sizes
    /// multiply to the device count). Default: data (the samples' split) x model (the rest).
    #[arg(long = "mesh")]
    mesh: Option<String>,

    /// Write MLIR bytecode instead of text.
    #[arg(long = "emit-bytecode")]
    emit_bytecode: bool,

    /// Print a short summary of the result (functions, ops per dialect, par annotations) to stderr.
    #[arg(long = "summary")]
    summary: bool,

    /// Without a terminal, print a progress line of long searches every SECONDS (0: never).
    #[arg(long = "progress-every", value_name = "SECONDS", default_value_t = 5.0)]
    progress_every: f64,

    /// List the flexc passes with their options and exit.
    #[arg(long = "list-passes")]
    list_passes: bool,

    /// Accept ops of dialects MLIR does not know (needed for StableHLO in generic form).
    #[arg(long = "allow-unregistered-dialect", help_heading = "Import")]
    allow_unregistered_dialect: bool,

    /// Dim of every data argument that holds the batch (the sample dim). Default: inferred (the dim that
    /// follows the batch through the model; a seq-first recurrence slices the other one to single steps),
    /// and printed.
    #[arg(long = "batch-dim", value_name = "DIM", help_heading = "Import")]
    batch_dim: Option<usize>,

    /// Rescale the model's sample dim to a global batch of N in the imported graph (the simulation, the
    /// search and the summary; the module written keeps its shapes). An error names the op where the
    /// batch cannot follow (e.g. a reshape folding it inside another dim).
    #[arg(long = "batch", value_name = "N", value_parser = clap::value_parser!(u64).range(1..), help_heading = "Import")]
    batch: Option<u64>,

    /// Function arguments that are weights, e.g. --param-args=0,1,2 or 0-7. Arguments with the
    /// `par.param` attribute are weights too; constants that are not splats are always weights. Without
    /// --param-args and --data-args, arguments a training step returns updated (JAX marks them
    /// `tf.aliasing_output`) are the weights.
    #[arg(
        long = "param-args",
        value_name = "LIST",
        default_value = "",
        help_heading = "Import"
    )]
    param_args: String,

    /// The entry function's data arguments, e.g. --data-args=8; every other tensor argument is then a
    /// weight (the short way to say it for JAX exports).
    #[arg(
        long = "data-args",
        value_name = "LIST",
        default_value = "",
        help_heading = "Import"
    )]
    data_args: String,

    /// The function that is the model (without '@'). Default: the module's only public function with
    /// a body; with several (or only private ones) flexc stops and lists them.
    #[arg(long = "entry", value_name = "NAME", help_heading = "Import")]
    entry: Option<String>,

    /// auto (default): as-is when the graph returns its weights updated, else train (the choice and why
    /// are printed); train: a forward graph, backward work and gradient sync derived per op; as-is: the
    /// graph already is a training step (e.g. a JAX grad export); inference: forward only.
    #[arg(
        long = "mode",
        default_value = "auto",
        value_parser = mode_parser(),
        help_heading = "Import"
    )]
    mode: ModeArg,

    /// Keep ops flexc cannot model (warning; replicated) instead of failing.
    #[arg(long = "opaque-unknown", help_heading = "Import")]
    opaque_unknown: bool,

    /// Strategy search run when writing MLIR with the default pipeline: auto (the schedule search over
    /// what flexc's programs run, then mcmc where the machine is small enough), plan (replicas, pipeline
    /// stages, micro-batches, recomputation and ZeRO around Megatron tensor parallelism, and expert and
    /// context parallelism, which are simulated but not materialized yet), mesh (plan restricted to what a mesh
    /// sharding runs: tensor and data parallelism, FSDP; the default of --emit=jax-shardings and sdy
    /// without --mesh), torch (a mesh or pipeline stages with tensor parallelism inside each, with
    /// checkpointing and ZeRO 0, 1 or 3, as flexc.torch.apply runs them; no sequence parallelism; the
    /// default of --emit=torch-plan), megatron, torchtitan and
    /// maxtext (plan restricted to what Megatron-LM's flags, torchtitan or MaxText run; the defaults of
    /// --emit=megatron-args, torchtitan and maxtext), mcmc (FlexFlow over flat strategies,
    /// seeded with the pase and soybean results and the expert strategies), pase (PaSE's dynamic program;
    /// alias dp), soybean (SoyBean's tiling; alias tiling), or none (import only). A .par.mlir input keeps
    /// its strategy unless --search is given.
    #[arg(long = "search", default_value = "auto", value_parser = clap::builder::PossibleValuesParser::new(flexc::search::algorithm_values()), hide_possible_values = true, help_heading = "Search")]
    search: String,

    /// Algebraic substitutions (par-substitute: transposes folded into contractions, sibling
    /// contractions merged) searched jointly: on, the search also runs on the rewritten graph and the
    /// faster strategy (simulated) is written; within the same --search-budget: with N proposals the
    /// original graph gets N (what off writes, so on is never slower) and the rewritten candidates
    /// share N/4 more; a time budget is shared by the e-graph and every search. Linalg input only
    /// (StableHLO ops are opaque to the e-graph).
    #[arg(
        long = "substitutions",
        value_enum,
        default_value = "on",
        help_heading = "Search"
    )]
    substitutions: Switch,

    /// Search budget: a duration (5s, 500ms, 2m) or a number of MCMC proposals (same seed and proposal
    /// budget, same strategy).
    #[arg(
        long = "search-budget",
        value_name = "BUDGET",
        default_value = "4000",
        help_heading = "Search"
    )]
    search_budget: String,

    /// Seed of the randomized search.
    #[arg(long = "seed", default_value_t = 0, help_heading = "Search")]
    seed: u64,

    /// Machine: p100-4x4, k80-16x4, dgx1-v100:NODES, dgx-a100:NODES, dgx-h100:NODES, dgx-h200:NODES, or a TOML file.
    /// Default: a .par.mlir's recorded machine, else dgx-a100:1.
    #[arg(
        long = "machine",
        value_name = "MACHINE",
        help_heading = "Machine (search and simulation)"
    )]
    machine: Option<String>,

    /// Use only the first N GPUs of the machine.
    #[arg(
        long = "devices",
        value_name = "N",
        help_heading = "Machine (search and simulation)"
    )]
    devices: Option<flexc::core::DeviceCount>,

    /// Training precision (simulation and search): fp32; tf32 (f32 storage, contractions and convolutions
    /// at the TF32 matrix rate); fp16, bf16 (mixed precision as PyTorch AMP: 16-bit matrix units and
    /// activations, f32 master weights, gradients and optimizer state); fp8 (Transformer Engine: FP8
    /// contractions, bf16 elsewhere; Hopper and later). The machine must have the rate. Default: the
    /// --engine's, else fp32.
    #[arg(
        long = "precision",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    precision: Option<PrecisionArg>,

    /// Optimizer state per parameter, for memory: sgd (none), sgd-momentum (one f32), adam (two f32).
    /// Default: the --engine's, else sgd-momentum.
    #[arg(
        long = "optimizer",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    optimizer: Option<OptimizerArg>,

    /// How the engine runs attention (simulation and search): fused (the GPU's fastest FlashAttention
    /// kernel, as JAX's dot_product_attention, Megatron-Core and cuDNN run it: the s² scores are never
    /// stored, the backward recomputes them), flash2 (the same at FlashAttention-2's rate, PyTorch SDPA's
    /// flash backend) or as-written (the scores and probabilities the graph writes are kept for the
    /// backward). Programs flexc materializes compute the graph as written either way. Default: the
    /// --engine's, else fused.
    #[arg(
        long = "attention",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    attention: Option<AttentionArg>,

    /// How pointwise chains run (simulation and search, time only): fused (compiler or hand-written
    /// fused kernels) or eager (one kernel per op, as eager PyTorch). Default: the --engine's, else
    /// fused.
    #[arg(
        long = "pointwise",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    pointwise: Option<PointwiseArg>,

    /// How batch normalization runs (simulation and search, time only): fused (the native kernels
    /// eager PyTorch, cuDNN and the compilers run: a forward reads its input twice and writes its
    /// output once, a backward reads the gradient and the input twice and writes one gradient, in the
    /// activation dtype with f32 statistics, two launches each) or as-written (every op of the
    /// exported decomposition costed as written, its f64 statistics included). Default: the
    /// --engine's, else fused.
    #[arg(
        long = "norm",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    norm: Option<NormArg>,

    /// How data-parallel replicas reduce their gradients (simulation and search): overlapped (with the
    /// backward, in buckets; ZeRO available) or after-backward (one all-reduce after the last
    /// micro-batch's backward, nothing beside it, no ZeRO: Megatron-LM of 2021). Default: the
    /// --engine's, else overlapped.
    #[arg(
        long = "data-parallel",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    data_parallel: Option<DataParallelArg>,

    /// How tensor-parallel collectives run (simulation and search): exposed (a product waits for its
    /// input's all-gather, the reduction of its partial sums for the product) or overlapped (pipelined
    /// with the adjacent product chunk by chunk: Transformer Engine's userbuffers, Megatron-Core's
    /// --tp-comm-overlap). Default: the --engine's, else exposed.
    #[arg(
        long = "tp-comm",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    tp_comm: Option<TpCommArg>,

    /// What a zero=3 engine moves besides its collectives (simulation and search): in-place (nothing:
    /// weights gathered in the compute precision straight into use, gradients reduce-scattered in f32),
    /// per-parameter (PyTorch FSDP2: each gathered unit copied out into its parameters, each gradient
    /// copied into the reduce-scatter's f32 buffer), flat-autocast (PyTorch FSDP1 under torch.autocast
    /// with f32 parameters: f32 gathers, autocast's bf16 casts kept for the backward, gradients reduced
    /// in bf16). Default: the --engine's, else in-place.
    #[arg(
        long = "fsdp",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    fsdp: Option<FsdpArg>,

    /// How a language-model head's cross-entropy runs (simulation and search): as-written (every op of
    /// the exported log-softmax and its gradient its own kernel, their logits-sized intermediates in
    /// memory) or fused (one kernel forward, one backward, as flash-attn's and Megatron-Core's fused
    /// cross-entropy: only the logits and their gradient reach memory). Default: the --engine's, else
    /// as-written.
    #[arg(
        long = "loss",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    loss: Option<LossArg>,

    /// The type of the data-parallel gradient buffer (memory, simulation and search): f32, or half (the
    /// 16-bit compute type: Megatron-Core with grad_reduce_in_fp32=False, as NVIDIA's performance
    /// recipes run it). Default: the --engine's, else f32.
    #[arg(
        long = "grad-buffer",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    grad_buffer: Option<GradBufferArg>,

    /// Where mixture-of-experts layers apply their routing probabilities (memory, simulation and
    /// search): as-written (the graph's combine after the experts' down projection, whose output the
    /// backward keeps for the probabilities' gradient) or before-down (inside the experts, before the
    /// down projection, as Megatron-Core's grouped MLP: the experts' output is not kept). Default: the
    /// --engine's, else as-written.
    #[arg(
        long = "moe-probs",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    moe_probs: Option<MoeProbsArg>,

    /// The software that will run the plan (simulation and search): megatron-2021 (fp16, Adam, attention
    /// as written, fused kernels, gradients all-reduced after the backward), megatron-core (bf16, Adam,
    /// FlashAttention, fused kernels, tensor-parallel collectives overlapped, a bf16 gradient buffer,
    /// routing probabilities before the experts' down projection), fsdp2 (bf16, Adam,
    /// FlashAttention-2, eager pointwise ops, FSDP2's copies), composer-2023 (MosaicML Composer of 2023:
    /// FSDP1 under autocast with f32 parameters, FlashAttention, eager pointwise ops, flash-attn's fused
    /// cross-entropy), xla (bf16, Adam, FlashAttention, XLA's fusions). Sets the defaults of
    /// --precision, --optimizer, --attention, --pointwise, --norm, --data-parallel, --tp-comm, --fsdp,
    /// --loss, --grad-buffer and --moe-probs; each of them given explicitly wins.
    #[arg(
        long = "engine",
        value_enum,
        help_heading = "Machine (search and simulation)"
    )]
    engine: Option<EngineArg>,

    /// Profile database (JSON lines) whose measurements override the cost model's estimates.
    #[arg(
        long = "profile-db",
        value_name = "FILE",
        help_heading = "Machine (search and simulation)"
    )]
    profile_db: Option<String>,

    /// Simulate one iteration of a strategy and print the predicted time with its breakdown (to -o).
    #[arg(long = "simulate", help_heading = "Simulation")]
    simulate: bool,

    /// Strategy to simulate: data-parallel, model-parallel, owt, megatron, expert-parallel (data
    /// parallelism with a mixture-of-experts layer's experts split over the devices), context-parallel
    /// (every op's query positions split, each attention's keys and values gathered), single-device, or a
    /// .par.mlir file with par.config annotations. Default: the input's own annotations, else data-parallel.
    /// Without --simulate, a baseline name is written as the strategy instead of searching.
    #[arg(
        long = "strategy",
        value_name = "NAME|FILE",
        help_heading = "Simulation",
        long_help = strategy_help()
    )]
    strategy: Option<String>,

    /// Write the simulated timeline of the strategy (the one simulated, or the one written) as Chrome
    /// trace JSON.
    #[arg(long = "trace", value_name = "FILE", help_heading = "Simulation")]
    trace: Option<String>,

    /// Write the facts of the simulation (with --simulate) or of the search as JSON.
    #[arg(long = "report", value_name = "FILE", help_heading = "Simulation")]
    report: Option<String>,

    /// With --simulate: also time N random single-op changes of the strategy, each reverted, as delta
    /// simulations (what an MCMC proposal costs) against its full simulation; a strategy with replicas
    /// is simulated symmetrically (one stage and one micro-batch only). Reported as `delta_probe`.
    #[arg(long = "probe-delta", value_name = "N", help_heading = "Simulation")]
    probe_delta: Option<u32>,

    /// MLIR pass pipeline mixing flexc and upstream passes, e.g.
    /// 'builtin.module(par-materialize)' (per-device programs) or
    /// 'builtin.module(canonicalize,par-verify)'. Default: the flexc pipeline (import and search).
    #[arg(
        long = "pass-pipeline",
        value_name = "PIPELINE",
        help_heading = "Materialization and MLIR passes"
    )]
    pass_pipeline: Option<String>,

    /// Print the IR after every pass to standard error.
    #[arg(
        long = "print-ir-after-all",
        help_heading = "Materialization and MLIR passes"
    )]
    print_ir_after_all: bool,

    /// Split the input at '// -----' lines and process each chunk on its own.
    #[arg(
        long = "split-input-file",
        help_heading = "Materialization and MLIR passes"
    )]
    split_input_file: bool,

    /// Check diagnostics against 'expected-error' (etc.) comments in the input, as mlir-opt does.
    #[arg(
        long = "verify-diagnostics",
        help_heading = "Materialization and MLIR passes"
    )]
    verify_diagnostics: bool,

    /// Compile for a target instead of writing MLIR: `cuda` writes one GPU artifact (a shared object
    /// with the host code, the PTX of every kernel and a JSON manifest; docs/gpu.md) holding the serial
    /// program and every device program, run by `flexc-gpu`. The input is a .par.mlir, or a model
    /// that is searched first.
    #[arg(
        long = "target",
        value_enum,
        default_value = "mlir",
        help_heading = "GPU"
    )]
    target: TargetArg,

    /// What --target=cuda writes: the artifact, or a stage for inspection and tests: gpu (kernels
    /// mapped and outlined, GPU dialect), ptx (every kernel module's PTX), host (LLVM dialect host code),
    /// manifest (the artifact's JSON manifest, indented: programs, kernels, library calls, tasks).
    #[arg(
        long = "gpu-emit",
        value_enum,
        default_value = "artifact",
        help_heading = "GPU"
    )]
    gpu_emit: GpuEmitArg,

    /// GPU architecture of --target=cuda: sm_90 or sm_80.
    #[arg(
        long = "gpu-arch",
        value_name = "ARCH",
        default_value = "sm_90",
        help_heading = "GPU"
    )]
    gpu_arch: String,

    /// NVIDIA's libdevice.10.bc for the math functions of GPU kernels (default: the copy tools/setup
    /// installs in .tools/cuda, or $FLEXC_LIBDEVICE).
    #[arg(long = "libdevice", value_name = "PATH", help_heading = "GPU")]
    libdevice: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Switch {
    Off,
    On,
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
    Fp8,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum OptimizerArg {
    Sgd,
    SgdMomentum,
    Adam,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum AttentionArg {
    Fused,
    Flash2,
    AsWritten,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum PointwiseArg {
    Fused,
    Eager,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum NormArg {
    Fused,
    AsWritten,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum DataParallelArg {
    Overlapped,
    AfterBackward,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum TpCommArg {
    Exposed,
    Overlapped,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum FsdpArg {
    InPlace,
    PerParameter,
    FlatAutocast,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum LossArg {
    AsWritten,
    Fused,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum GradBufferArg {
    F32,
    Half,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum MoeProbsArg {
    AsWritten,
    BeforeDown,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EngineArg {
    #[value(name = "megatron-2021")]
    Megatron2021,
    MegatronCore,
    Fsdp2,
    #[value(name = "composer-2023")]
    Composer2023,
    Xla,
}

impl EngineArg {
    fn engine(self) -> flexc::core::engine::Engine {
        let name = match self {
            EngineArg::Megatron2021 => "megatron-2021",
            EngineArg::MegatronCore => "megatron-core",
            EngineArg::Fsdp2 => "fsdp2",
            EngineArg::Composer2023 => "composer-2023",
            EngineArg::Xla => "xla",
        };
        flexc::core::engine::Engine::from_name(name).expect("every --engine value is a profile")
    }
}

/// The training state: each flag given, else the engine profile's choice, else flexc's default.
fn training_state(cli: &Cli) -> flexc::core::precision::WeightState {
    use flexc::core::attention::Attention;
    use flexc::core::engine_flags::{DataParallel, Fsdp, Pointwise, TpComm};
    let base = cli
        .engine
        .map_or_else(Default::default, |e| e.engine().state());
    flexc::core::precision::WeightState {
        precision: cli.precision.map_or(base.precision, |p| match p {
            PrecisionArg::Fp32 => Precision::Fp32,
            PrecisionArg::Tf32 => Precision::Tf32,
            PrecisionArg::Fp16 => Precision::Fp16,
            PrecisionArg::Bf16 => Precision::Bf16,
            PrecisionArg::Fp8 => Precision::Fp8,
        }),
        optimizer: cli.optimizer.map_or(base.optimizer, |o| match o {
            OptimizerArg::Sgd => Optimizer::Sgd,
            OptimizerArg::SgdMomentum => Optimizer::SgdMomentum,
            OptimizerArg::Adam => Optimizer::Adam,
        }),
        attention: cli.attention.map_or(base.attention, |a| match a {
            AttentionArg::Fused => Attention::Fused,
            AttentionArg::Flash2 => Attention::Flash2,
            AttentionArg::AsWritten => Attention::AsWritten,
        }),
        pointwise: cli.pointwise.map_or(base.pointwise, |p| match p {
            PointwiseArg::Fused => Pointwise::Fused,
            PointwiseArg::Eager => Pointwise::Eager,
        }),
        norm: cli.norm.map_or(base.norm, |n| match n {
            NormArg::Fused => flexc::core::norm::Norm::Fused,
            NormArg::AsWritten => flexc::core::norm::Norm::AsWritten,
        }),
        data_parallel: cli.data_parallel.map_or(base.data_parallel, |d| match d {
            DataParallelArg::Overlapped => DataParallel::Overlapped,
            DataParallelArg::AfterBackward => DataParallel::AfterBackward,
        }),
        tp_comm: cli.tp_comm.map_or(base.tp_comm, |t| match t {
            TpCommArg::Exposed => TpComm::Exposed,
            TpCommArg::Overlapped => TpComm::Overlapped,
        }),
        fsdp: cli.fsdp.map_or(base.fsdp, |f| match f {
            FsdpArg::InPlace => Fsdp::InPlace,
            FsdpArg::PerParameter => Fsdp::PerParameter,
            FsdpArg::FlatAutocast => Fsdp::FlatAutocast,
        }),
        loss: cli.loss.map_or(base.loss, |l| match l {
            LossArg::AsWritten => flexc::core::loss::Loss::AsWritten,
            LossArg::Fused => flexc::core::loss::Loss::Fused,
        }),
        grad_buffer: cli.grad_buffer.map_or(base.grad_buffer, |g| match g {
            GradBufferArg::F32 => flexc::core::engine_flags::GradBuffer::F32,
            GradBufferArg::Half => flexc::core::engine_flags::GradBuffer::Half,
        }),
        moe_probs: cli.moe_probs.map_or(base.moe_probs, |m| match m {
            MoeProbsArg::AsWritten => flexc::core::engine_flags::MoeProbs::AsWritten,
            MoeProbsArg::BeforeDown => flexc::core::engine_flags::MoeProbs::BeforeDown,
        }),
    }
}

/// `--mode`'s value: core's mode type, `None` for `auto`. An alias, so that clap takes the whole
/// `Option` as the parsed value rather than as "the flag is optional".
type ModeArg = Option<driver::Mode>;

/// `--mode`: core's mode type, parsed from its words ([`driver::Mode::from_choice`]).
/// `--strategy`'s long help: its doc, and the keys of a scheduled strategy from their table.
fn strategy_help() -> String {
    format!(
        "Strategy to simulate: data-parallel, model-parallel, owt, megatron, expert-parallel, \
         context-parallel, single-device, or a .par.mlir \
         file with par.config annotations. Default: the input's own annotations, else data-parallel. \
         Without --simulate, a baseline name is written as the strategy instead of searching.\n\n\
         NAME:key=value,... is a scheduled strategy (a baseline inside each pipeline stage group), \
         e.g. megatron:tp=8,pp=4,mb=2,recompute=full. Keys:\n{}",
        flexc::core::schedule::spec::help()
    )
}

fn mode_parser() -> impl clap::builder::TypedValueParser<Value = ModeArg> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(driver::Mode::CHOICES)
        .try_map(|word| driver::Mode::from_choice(&word))
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum EmitArg {
    Mlir,
    Summary,
    /// The search's plan as text (the strategy found, its time and memory), without the module: what
    /// to plan at a --batch the module's shapes cannot run.
    Plan,
    /// The strategy in MLIR's upstream `shard` dialect (`shard.grid`, `shard.sharding`, `shard.shard`).
    Shard,
    /// The strategy as JAX shardings (JSON: mesh, a PartitionSpec per argument and result).
    JaxShardings,
    /// The strategy as a torch.distributed plan (JSON: dp x tp mesh, a style per named submodule).
    TorchPlan,
    /// The StableHLO module with the strategy as Shardy shardings (sdy.mesh, sdy.sharding).
    Sdy,
    /// The plan as Megatron-LM's command-line flags, one flag and its value per line.
    MegatronArgs,
    /// The plan as torchtitan's job-config TOML (--job.config_file).
    Torchtitan,
    /// The plan as a MaxText configuration YAML (base_config: base.yml and its overrides).
    Maxtext,
}

fn list_passes() {
    println!("flexc passes (usable in --pass-pipeline beside every upstream MLIR pass):");
    for info in flexc::passes::registry::REGISTRY {
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
    // MLIR recurses once per nesting level of the input: a large stack (src/parse.rs).
    flexc::parse::on_large_stack(compile)
}

fn compile() -> ExitCode {
    let started = std::time::Instant::now();
    use clap::{parser::ValueSource, CommandFactory, FromArgMatches};
    let matches = Cli::command().get_matches();
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let search_given = given("search");
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    if cli.list_passes {
        list_passes();
        return ExitCode::SUCCESS;
    }
    let every = (cli.progress_every.is_finite() && cli.progress_every > 0.0)
        .then(|| std::time::Duration::from_secs_f64(cli.progress_every.min(1e6)));
    // The one writer of standard error: diagnostics and the search's progress (src/console.rs).
    let console = std::sync::Arc::new(Console::stderr(every));
    let budget = match flexc::search::Budget::parse(&cli.search_budget) {
        Ok(budget) => budget,
        Err(message) => {
            let _ = writeln!(&*console, "flexc: error: {message}");
            return ExitCode::from(2);
        }
    };
    let mesh = match cli.mesh.as_deref().map(flexc::jax::parse_mesh).transpose() {
        Ok(mesh) => mesh,
        Err(message) => {
            let _ = writeln!(&*console, "flexc: error: {message}");
            return ExitCode::from(2);
        }
    };
    let state = training_state(&cli);
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
            _ if cli.simulate => driver::Emit::Simulation,
            EmitArg::Mlir => driver::Emit::Mlir,
            EmitArg::Summary => driver::Emit::Summary,
            EmitArg::Plan => driver::Emit::Plan,
            EmitArg::Shard => driver::Emit::Shard,
            EmitArg::JaxShardings => driver::Emit::JaxShardings,
            EmitArg::TorchPlan => driver::Emit::TorchPlan,
            EmitArg::Sdy => driver::Emit::Sdy,
            EmitArg::MegatronArgs => driver::Emit::MegatronArgs,
            EmitArg::Torchtitan => driver::Emit::Torchtitan,
            EmitArg::Maxtext => driver::Emit::Maxtext,
        },
        mesh,
        batch_dim: cli.batch_dim,
        batch: cli.batch,
        param_args: cli.param_args,
        data_args: cli.data_args,
        opaque_unknown: cli.opaque_unknown,
        entry: cli
            .entry
            .map(|name| name.trim_start_matches('@').to_string()),
        mode: cli.mode,
        simulate: flexc::simulate::SimulateOptions {
            machine: cli.machine,
            machine_toml: None,
            devices: cli.devices,
            strategy: cli.strategy,
            trace: cli.trace,
            report: cli.report,
            profile_db: cli.profile_db,
            probe_delta: cli.probe_delta,
            state,
        },
        search: flexc::search::SearchOptions {
            // An engine export on the mesh flexc derives searches what its engine runs (`mesh`,
            // `torch`), so that the plan written is the strategy searched; `--search` or `--mesh` keeps
            // the given search (a strategy the engine cannot run is then exported as the nearest one,
            // with warnings).
            algorithm: flexc::search::algorithm(match cli.emit {
                _ if search_given || cli.mesh.is_some() => &cli.search,
                EmitArg::TorchPlan => "torch",
                EmitArg::JaxShardings | EmitArg::Sdy => "mesh",
                EmitArg::MegatronArgs => "megatron",
                EmitArg::Torchtitan => "torchtitan",
                EmitArg::Maxtext => "maxtext",
                _ => &cli.search,
            }),
            explicit: search_given,
            budget,
            seed: cli.seed,
            started: Some(started),
            console: Some(console.clone()),
        },
        substitutions: cli.substitutions == Switch::On,
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
    // Not `stderr().lock()`: the progress display writes through the same console while the driver
    // runs (holding the lock here hung every terminal run).
    let exit = driver::run(&options, &mut &*console);
    ExitCode::from(match exit {
        Exit::Success => 0,
        Exit::Failure => 1,
        Exit::Usage => 2,
    })
}
