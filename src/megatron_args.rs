//! `--emit=megatron-args`: a scheduled strategy as the command-line flags of Megatron-LM's training
//! scripts (`pretrain_gpt.py`, Megatron-Core's `TransformerConfig` and `ModelParallelConfig`), one
//! flag and its value per line, so that `pretrain_gpt.py $(cat plan.args) ...` runs the plan:
//!
//! ```text
//! --num-layers 2               model arguments read from the graph (flexc_core::transformer)
//! --hidden-size 64
//! --num-attention-heads 4
//! --group-query-attention                     (grouped-query attention only,
//! --num-query-groups 2                         + the key/value heads)
//! --ffn-hidden-size 256
//! --seq-length 16
//! --max-position-embeddings 16
//! --vocab-size 256
//! --num-experts 4                             (a mixture of experts only: flexc_core::transformer::Moe,
//! --moe-router-topk 2                          its experts, experts per token, each expert's width,
//! --moe-ffn-hidden-size 96                     the shared experts' width in all, which layers have
//! --moe-shared-expert-intermediate-size 96     experts where not all do, and Megatron-Core's
//! --moe-layer-freq [0,1]                       alltoall dispatcher, what flexc prices:
//! --moe-token-dispatcher-type alltoall         flexc_core::experts)
//! --tensor-model-parallel-size 2
//! --pipeline-model-parallel-size 2
//! --context-parallel-size 2                   (cp only: the ring, --cp-comm-type p2p)
//! --cp-comm-type p2p
//! --expert-model-parallel-size 2              (a mixture of experts only: ep, and the experts'
//! --expert-tensor-parallel-size 2              tensor parallelism, which flexc takes to be tp)
//! --num-layers-per-virtual-pipeline-stage 1   (interleaved 1F1B only)
//! --sequence-parallel                         (sp only)
//! --micro-batch-size 1
//! --global-batch-size 8
//! --recompute-granularity full                (+ --recompute-method uniform --recompute-num-layers 1)
//! --use-distributed-optimizer                 (zero=1)
//! --bf16                                      (--fp16; fp8 adds --fp8-format hybrid)
//! ```
//!
//! # Which strategies
//! [`Plan::of`] reads the strategy's dimensions ([`Parallelism`]) and rebuilds the `megatron:` spec
//! they name ([`flexc_core::scheduled::build`]), with and without sequence parallelism: the strategy
//! must be that one, configuration for configuration and schedule for schedule. So a per-op strategy
//! (`--search=mcmc`'s, `owt`, a file) is refused instead of exported as the nearest Megatron run, and
//! sequence parallelism is read, not guessed. The data-parallel size is not a flag: Megatron derives
//! it from the world size (`tp · pp · cp · dp` ranks).
//!
//! # Context and expert parallelism
//! `cp=C` ([`flexc_core::context`]) is `--context-parallel-size C` with `--cp-comm-type p2p`: the
//! key/value ring flexc prices (Megatron-Core's default; its `all_gather`, `a2a` and `a2a+p2p` forms are
//! not what flexc simulates). Megatron-Core cuts every sequence into `2·C` chunks whatever the mask
//! (`get_batch_on_this_cp_rank`), so `2·C` must divide the sequence (flexc asks it of causal attention
//! only). `ep=E` ([`flexc_core::experts`]) is `--expert-model-parallel-size E`, its experts carved out of
//! the data-parallel ranks as flexc models them, with `--expert-tensor-parallel-size` = tp: flexc splits
//! the expert products by the stage group's tensor parallelism, so the two are one. A graph with
//! experts gets its expert arguments whatever ep, and Megatron-LM refuses a mixture of experts under
//! tensor parallelism without sequence parallelism (`validate_args`): an error here.
//!
//! # What Megatron cannot express (errors)
//! ZeRO-3 (its flags shard the optimizer state, `zero=1`, never the weights), a mixture of experts
//! under tensor parallelism without `sp`, `2·cp` that does not divide the sequence, GPipe (Megatron runs
//! 1F1B, interleaved with virtual stages), FP32 with TF32 matrix units named as a precision of their
//! own (none: the flags run FP32 as PyTorch sets it), heads that `tp` does not divide, and layers that
//! the `pp · vp` virtual stages do not divide unless flexc's split is one Megatron-Core runs ("Uneven
//! stages"; flexc's stages cut the forward by work, which may move a layer between stages).
//!
//! # Uneven stages
//! Layers that the pipeline stages do not divide are exported as flexc's own split when Megatron-Core
//! can run it: no interleaving, and every stage but the first and the last with as many layers (at
//! least one), given by `--decoder-first-pipeline-num-layers` and `--decoder-last-pipeline-num-layers`
//! (Megatron-Core's `num_layers_in_first_pipeline_stage` and `..._last_...`). A stage's layers are its
//! attention cores ([`transformer::attention_cores`]). Any other split is an error naming it.
//! Where the layers divide evenly, the flags give every stage as many layers, whatever flexc's cut.
//!
//! Architecture flags (normalization, activation, position embedding, grouped-query attention, biases)
//! are not read from the graph: give them beside these (Megatron-Core's experts take biases only
//! without expert tensor parallelism: a bias-free model's `--disable-bias-linear` matters there). `--vocab-size` is the graph's vocabulary; Megatron
//! pads it to a multiple of `--make-vocab-size-divisible-by` × tp (128 × tp by default), as an export
//! of a Megatron model already has.

use flexc_core::batch::batch_loops;
use flexc_core::precision::Precision;
use flexc_core::problem::Problem;
use flexc_core::schedule::dimension::{CONTEXT, EXPERT};
use flexc_core::schedule::spec::Parallelism;
use flexc_core::schedule::spec::Spec;
use flexc_core::schedule::{Phase, Phases, Recompute, Schedule, Zero};
use flexc_core::scheduled;
use flexc_core::transformer::{self, Shape};
use flexc_core::Strategy;

/// A strategy in Megatron-LM's dimensions, checked to be the `megatron:` spec it names (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub parallelism: Parallelism,
    pub sequence_parallel: bool,
    /// The graph's whole batch (every replica and micro-batch).
    pub batch: u64,
    pub shape: Shape,
    /// The decoder layers (attention cores) in each virtual stage of the strategy, in virtual-stage
    /// order (chunk by chunk, the groups of each in order, as Megatron numbers model chunks).
    pub layers_per_stage: Vec<u64>,
}

impl Plan {
    /// `strategy` on `problem` as a Megatron plan, or why it is none.
    pub fn of(problem: &Problem, strategy: &Strategy) -> Result<Plan, String> {
        let graph = problem.graph;
        let batch = crate::scheduled_report::batch(problem);
        let p = Parallelism::of(graph, strategy, batch);
        let s = &strategy.schedule;
        // The trainers' configurations write expert and context parallelism; a parallelism dimension
        // they do not know (crate::schedule::dimension) is refused by name.
        if let Some((_, d, w)) = s
            .ways
            .used()
            .find(|(dim, _, _)| ![EXPERT, CONTEXT].contains(dim))
        {
            return Err(format!(
                "{}={w}: the training frameworks' configurations do not write {} yet; export a plan without {}",
                d.key(),
                d.noun(),
                d.key()
            ));
        }
        let spec = |sequence_parallel: bool| spec_of(&p, s, sequence_parallel);
        let rebuilt = |sp: bool| rebuilds(problem, strategy, &spec(sp));
        let sequence_parallel = if rebuilt(false) {
            false
        } else if p.tp > 1 && rebuilt(true) {
            true
        } else {
            return Err(format!(
                "the strategy ({}) is not a Megatron-style schedule: its per-op configurations are not those of {} (a flat per-op strategy, e.g. --search=mcmc's, or a baseline other than megatron); plan with --search=plan or give --strategy=megatron:...",
                p.text(),
                spec(false)
            ));
        };
        let loops = batch_loops(graph, problem.batch_dim).map_err(|e| e.message)?;
        let phases = Phases::new(graph, &loops, problem.mode.training_step());
        let forward = |op| phases.of(op) == Phase::Forward;
        let shape = transformer::infer(graph, forward)
            .map_err(|m| format!("the model arguments cannot be read from the graph: {m}"))?;
        let mut layers_per_stage = vec![0u64; s.virtual_stages().max(1) as usize];
        for core in transformer::attention_cores(graph, forward) {
            if let Some(n) = layers_per_stage.get_mut(s.stage_of(core) as usize) {
                *n += 1;
            }
        }
        Ok(Plan {
            parallelism: p,
            sequence_parallel,
            batch,
            shape,
            layers_per_stage,
        })
    }
}

/// Whether `spec` builds exactly `strategy` (its per-op configurations and schedule).
fn rebuilds(problem: &Problem, strategy: &Strategy, spec: &Spec) -> bool {
    scheduled::build(problem, spec)
        .is_ok_and(|built| built.configs == strategy.configs && built.schedule == strategy.schedule)
}

/// Whether `strategy` is Megatron's tensor parallelism with sequence parallelism (`megatron:...,sp=on`
/// rebuilds it and the same spec without `sp` does not): what `--emit=torch-plan` exports as
/// `"sequence_parallel"`. Unlike [`Plan::of`] it reads no model arguments, so any graph answers.
pub fn sequence_parallel(problem: &Problem, strategy: &Strategy) -> bool {
    let p = Parallelism::of(
        problem.graph,
        strategy,
        crate::scheduled_report::batch(problem),
    );
    let s = &strategy.schedule;
    if p.tp <= 1 {
        return false;
    }
    rebuilds(problem, strategy, &spec_of(&p, s, true))
        && !rebuilds(problem, strategy, &spec_of(&p, s, false))
}

/// The `megatron:` spec of dimensions `p` and schedule `s`.
fn spec_of(p: &Parallelism, s: &Schedule, sequence_parallel: bool) -> Spec {
    Spec {
        name: "megatron".into(),
        tp: u32::try_from(p.tp).ok(),
        pp: Some(s.stages),
        vp: (s.chunks > 1).then_some(s.chunks),
        dp: Some(s.batch_replicas()),
        ways: s.ways.given(),
        micro_batches: Some(s.micro_batches),
        micro_batch_size: None,
        order: s.is_pipelined().then_some(s.order),
        recompute: (s.recompute != Recompute::None).then_some(s.recompute),
        zero: (s.zero != Zero::None).then_some(s.zero),
        sequence_parallel,
    }
}

/// The first and last stages' layers of `plan`, whose layers do not divide evenly into its stages:
/// Megatron-Core runs that split (`--decoder-first-pipeline-num-layers`, `--decoder-last-...`) when
/// every middle stage holds as many layers, at least one, and there is no interleaving
/// (module doc, "Uneven stages"); otherwise an error that names flexc's split and what Megatron needs.
fn uneven_stages(plan: &Plan) -> Result<(u64, u64), String> {
    let p = &plan.parallelism;
    let split = &plan.layers_per_stage;
    let layers = plan.shape.layers;
    let shown = split
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join("+");
    let refuse = |why: &str| {
        Err(format!(
            "the {layers} layers do not divide into pp={} × vp={} virtual stages, and flexc's stages hold {shown} layers: {why}; plan with --search=megatron (whose virtual stages divide the layers) or a pp and vp that divide {layers}",
            p.pp, p.vp
        ))
    };
    if p.vp > 1 {
        return refuse("Megatron gives every virtual stage the same number of layers, and flexc exports uneven first and last stages without interleaving only");
    }
    let (Some(&first), Some(&last)) = (split.first(), split.last()) else {
        return refuse("no stage holds a layer");
    };
    let middle = &split[1..split.len().saturating_sub(1)];
    if split.len() < 2 || split.iter().sum::<u64>() != layers {
        return refuse("the stages do not hold every layer");
    }
    if first == 0 || last == 0 {
        return refuse("Megatron-Core's first and last stages (--decoder-first-pipeline-num-layers, --decoder-last-pipeline-num-layers) hold at least one layer");
    }
    if middle.iter().any(|&n| n == 0 || n != middle[0]) {
        let k = middle.len() as u64;
        // A split Megatron-Core runs: the middle stages at an even share of the layers (rounded up),
        // or fewer where that leaves the first and the last stage none.
        let example = (1..=layers.div_ceil(split.len() as u64))
            .rev()
            .find(|&m| m * k + 2 <= layers)
            .map(|m| {
                let rest = layers - m * k;
                format!(" (e.g. {}+{m}×{k}+{})", rest.div_ceil(2), rest / 2)
            })
            .unwrap_or_default();
        return refuse(&format!(
            "Megatron-Core runs uneven stages only as a first and a last stage apart (--decoder-first-pipeline-num-layers, --decoder-last-pipeline-num-layers) and {k} middle stages of as many layers, at least one{example}"
        ));
    }
    Ok((first, last))
}

/// The flags of `plan` under `precision` (module doc), one per line.
pub fn args(plan: &Plan, precision: Precision) -> Result<String, String> {
    let p = &plan.parallelism;
    let shape = &plan.shape;
    if p.zero == Zero::Gradients {
        return Err("zero=2 (gradients and optimizer state sharded over the data-parallel replicas) has no Megatron-LM flag: --use-distributed-optimizer shards the optimizer state and keeps a whole gradient buffer (zero=1); plan with zero=0 or 1, or export FSDP with --emit=torchtitan".into());
    }
    if p.zero == Zero::Full {
        return Err("zero=3 (weights, gradients and optimizer state sharded over the data-parallel replicas) has no Megatron-LM flag: --use-distributed-optimizer shards the optimizer state only (zero=1); plan with zero=0 or 1, or export FSDP with --emit=torchtitan".into());
    }
    if p.pp > 1 && p.vp == 1 && p.schedule == "gpipe" {
        return Err("order=gpipe: Megatron-LM runs 1F1B (interleaved with virtual stages), not GPipe; plan with order=1f1b".into());
    }
    if shape.heads % p.tp != 0 {
        return Err(format!(
            "tp={} does not divide the {} attention heads: Megatron splits attention by heads",
            p.tp, shape.heads
        ));
    }
    if shape.kv_heads != shape.heads && shape.kv_heads % p.tp != 0 {
        return Err(format!(
            "tp={} does not divide the {} key/value heads: Megatron splits the query groups by tp",
            p.tp, shape.kv_heads
        ));
    }
    if p.ways_of(CONTEXT) > 1 && shape.seq_len % (2 * p.ways_of(CONTEXT)) != 0 {
        return Err(format!(
            "cp={}: Megatron-Core cuts every sequence into 2·cp = {} chunks for its load balance (get_batch_on_this_cp_rank), which do not divide the {} positions; plan with a cp whose double divides them",
            p.ways_of(CONTEXT),
            2 * p.ways_of(CONTEXT),
            shape.seq_len
        ));
    }
    if shape.moe.is_some() && p.tp > 1 && !plan.sequence_parallel {
        return Err(format!(
            "tp={} on a mixture of experts without sequence parallelism: Megatron-LM requires it (\"When using MoE and tensor parallelism, sequence parallelism must be used\"); plan with sp=on",
            p.tp
        ));
    }
    let virtual_stages = u64::from(p.pp) * u64::from(p.vp);
    let uneven = if shape.layers % virtual_stages == 0 {
        None
    } else {
        Some(uneven_stages(plan)?)
    };
    let precision_flags: &[&str] = match precision {
        Precision::Fp32 => &[],
        Precision::Tf32 => {
            return Err("--precision=tf32 has no Megatron-LM flag (it runs FP32 matrix products as PyTorch's allow_tf32 sets them); plan with --precision=fp32, bf16 or fp16".into())
        }
        Precision::Fp16 => &["--fp16"],
        Precision::Bf16 => &["--bf16"],
        Precision::Fp8 => &["--bf16", "--fp8-format hybrid"],
    };
    let mut lines = vec![
        format!("--num-layers {}", shape.layers),
        format!("--hidden-size {}", shape.hidden),
        format!("--num-attention-heads {}", shape.heads),
        format!("--ffn-hidden-size {}", shape.ffn_hidden),
        format!("--seq-length {}", shape.seq_len),
        format!("--max-position-embeddings {}", shape.seq_len),
        format!("--vocab-size {}", shape.vocab),
    ];
    if let Some(moe) = &shape.moe {
        lines.push(format!("--num-experts {}", moe.experts));
        lines.push(format!("--moe-router-topk {}", moe.top_k));
        lines.push(format!("--moe-ffn-hidden-size {}", moe.ffn_hidden));
        if let Some(shared) = moe.shared_ffn_hidden {
            lines.push(format!("--moe-shared-expert-intermediate-size {shared}"));
        }
        if moe.layers.iter().any(|&m| !m) {
            let pattern: Vec<&str> = moe
                .layers
                .iter()
                .map(|&m| if m { "1" } else { "0" })
                .collect();
            lines.push(format!("--moe-layer-freq [{}]", pattern.join(",")));
        }
        lines.push("--moe-token-dispatcher-type alltoall".into());
    }
    lines.push(format!("--tensor-model-parallel-size {}", p.tp));
    lines.push(format!("--pipeline-model-parallel-size {}", p.pp));
    if p.ways_of(CONTEXT) > 1 {
        lines.push(format!("--context-parallel-size {}", p.ways_of(CONTEXT)));
        lines.push("--cp-comm-type p2p".into());
    }
    if shape.moe.is_some() {
        lines.push(format!(
            "--expert-model-parallel-size {}",
            p.ways_of(EXPERT)
        ));
        lines.push(format!("--expert-tensor-parallel-size {}", p.tp));
    }
    if let Some((first, last)) = uneven {
        lines.push(format!("--decoder-first-pipeline-num-layers {first}"));
        lines.push(format!("--decoder-last-pipeline-num-layers {last}"));
    }
    if shape.kv_heads != shape.heads {
        lines.splice(
            3..3,
            [
                "--group-query-attention".to_string(),
                format!("--num-query-groups {}", shape.kv_heads),
            ],
        );
    }
    if p.vp > 1 {
        lines.push(format!(
            "--num-layers-per-virtual-pipeline-stage {}",
            shape.layers / virtual_stages
        ));
    }
    if plan.sequence_parallel {
        lines.push("--sequence-parallel".into());
    }
    lines.push(format!("--micro-batch-size {}", p.micro_batch));
    lines.push(format!("--global-batch-size {}", plan.batch));
    match p.recompute {
        Recompute::None => {}
        Recompute::Selective => lines.push("--recompute-granularity selective".into()),
        Recompute::Full => lines.extend([
            "--recompute-granularity full".to_string(),
            "--recompute-method uniform".to_string(),
            "--recompute-num-layers 1".to_string(),
        ]),
    }
    if p.zero == Zero::Optimizer {
        lines.push("--use-distributed-optimizer".into());
    }
    lines.extend(precision_flags.iter().map(|f| f.to_string()));
    Ok(lines.iter().map(|l| format!("{l}\n")).collect())
}
