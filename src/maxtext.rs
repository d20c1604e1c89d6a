//! `--emit=maxtext`: a scheduled strategy as a MaxText configuration, a YAML file whose
//! `base_config: "base.yml"` inherits MaxText's base configuration (found in `MAXTEXT_CONFIGS_DIR`)
//! and whose keys override it, so that `python3 -m maxtext.trainers.pre_train.train plan.yml
//! run_name=... base_output_directory=...` runs the plan. The keys are those of MaxText's
//! `src/maxtext/configs/base.yml` (AI-Hypercomputer/maxtext at e591f30c, August 2026), each of the
//! type it has there, as python/tests/test_engine_configs.py checks against a vendored list of them
//! (MaxText needs Python ≥ 3.12, so its own parser is not run there).
//!
//! The strategy must be one the `megatron:` spec builds ([`crate::megatron_args::Plan::of`]), then:
//! - **mesh**: MaxText's mesh is ICI (within a node: NVLink) × DCN (across nodes) per axis. The ranks
//!   are placed as the simulator prices them ([`flexc_core::machine::Machine::placed`], "Placement":
//!   the engines' order, pipeline outermost): tensor group innermost, then the replicas (a
//!   context-parallel group's, an expert-parallel group's consecutive replicas first), then the
//!   stages, so a node of `gpus_per_node` GPUs fills with the tensor group, then context or expert
//!   ranks, then data-parallel replicas, and the stages go across nodes first (MaxText's stage axis is
//!   the outermost of its mesh). Each axis's `ici_*` is its share inside a node and `dcn_*` the rest. A
//!   node boundary that cuts an axis unevenly is an error.
//! - **data**: no ZeRO is `data` parallelism, ZeRO-1 `data` with `shard_optimizer_over_data`
//!   (MaxText's ZeRO-1), ZeRO-3 `fsdp`.
//! - **tensor**: `tensor`; with sequence parallelism (`sp`) `tensor_sequence`, MaxText's Megatron-style
//!   sequence parallelism (the normalizations' activations split along the sequence, citing
//!   Korthikanti et al.). MaxText's `sequence` axis is not that: it splits the sequence of every
//!   activation, attention included (context parallelism: the `context` axis below).
//! - **context** (`cp=C`): the `context` axis with `context_parallel_strategy: "ring"` (the key/value
//!   ring flexc prices; MaxText's default `all_gather` gathers them at once) and its causal load
//!   balance (`context_parallel_load_balance: true`), on `attention: "cudnn_flash_te"` (MaxText runs
//!   GPU context parallelism in Transformer Engine's fused attention, causal masks only).
//! - **experts** (`ep=E`): the `expert` axis, `E` of the data-parallel replicas (MaxText shards the
//!   batch over `data`, `fsdp` and `expert`: the `data` or `fsdp` axis keeps `dp / E`); the experts
//!   themselves (`num_experts`, `num_experts_per_tok`, `base_moe_mlp_dim`, `shared_experts` as a count
//!   of experts of that width, `first_num_dense_layers` for dense layers before the experts) read from
//!   the graph ([`flexc_core::transformer::Moe`]), for a mixture of experts whatever ep; an all-experts
//!   model's `base_mlp_dim` is the experts' width, as MaxText requires. MaxText's logical rules shard
//!   every dense weight's `embed` dim over the `context` and `expert` axes too: without ZeRO-3 in the
//!   plan that is a warning (MaxText gathers them as FSDP does).
//! - **pipeline**: `pipeline` with `num_pipeline_microbatches` (MaxText requires a multiple of the
//!   stages) and `num_layers_per_pipeline_stage` = layers / (stages × chunks): MaxText runs
//!   `layers / (stages × layers per stage)` circular repeats, so the key is given even without
//!   interleaving (its default, one layer per stage, would loop). MaxText's pipeline is GPipe
//!   (every forward, then every backward: the gradient of its pipeline scan), circular over the
//!   repeats: a plain pipeline must be `order=gpipe` (1F1B is an error); interleaved 1F1B (`vp`
//!   chunks, which flexc's specs do not combine with GPipe) is exported as `vp` circular repeats,
//!   the same bubble, with a warning that MaxText keeps every micro-batch's activations.
//! - **batch**: `per_device_batch_size` is the batch of one forward over all devices (the whole
//!   batch when pipelined, else one micro-batch per replica) divided by the devices (tensor and
//!   stage ranks included, as MaxText counts them); without a pipeline the micro-batches are
//!   `gradient_accumulation_steps`.
//! - **recomputation** (`remat_policy`): full is `full` (nothing saved inside a layer); selective
//!   is `minimal`, which saves every projection (query, key, value, output, both MLP matmuls) and
//!   recomputes attention's context (scores, softmax, their product with the values): what flexc's
//!   selective recomputes, Korthikanti et al.'s. None is `minimal_with_context`, which saves the
//!   context too and recomputes only element-wise ops: MaxText's `none` is no policy at all, which
//!   `nn.remat` runs as full recomputation, and it has no policy without remat.
//! - **precision**: `dtype` (activations) and `weight_dtype` (the weights and optimizer state):
//!   bf16 is bfloat16 over float32 weights, fp8 adds `quantization: "fp8"`, fp32 and tf32 are
//!   float32 with `matmul_precision` `highest` or `default` (JAX runs float32 products on TF32 units
//!   by default). fp16 is an error: MaxText has no loss scaling.
//! - **model**: `base_num_decoder_layers`, `base_emb_dim`, `base_num_query_heads`, `head_dim`,
//!   `base_mlp_dim`, `vocab_size`, `max_target_length` read from the graph
//!   ([`flexc_core::transformer`]). `base_num_kv_heads` is the key/value heads where the scores show
//!   them (grouped-query attention as an einsum over key/value heads × group, as JAX writes it); a
//!   model that repeats the keys and values to every head (torch's `repeat_kv`) reads as its query
//!   heads (set it to the model's). The architecture (`decoder_block`,
//!   activations, normalization) is not read either: give it beside these, or a `model_name`.
//!
//! Errors for what MaxText cannot run: a 1F1B pipeline without interleaving, fp16, heads that the tensor axis does not divide,
//! layers that the virtual stages do not divide, micro-batches that are no multiple of the stages,
//! a node boundary that cuts an axis unevenly, shared experts that are no whole number of experts, and
//! dense layers anywhere but before every mixture of experts.

use flexc_core::precision::Precision;
use flexc_core::schedule::dimension::{CONTEXT, EXPERT};
use flexc_core::schedule::{Recompute, Zero};

use crate::megatron_args::Plan;

/// One mesh axis: its degree within a node (ICI) and across nodes (DCN).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Split {
    ici: u64,
    dcn: u64,
}

/// `axes` (innermost first, as the ranks are placed) split at the node boundary of `per_node`
/// devices, or the axis that the boundary cuts unevenly.
fn split(axes: &[(&str, u64)], per_node: u64) -> Result<Vec<Split>, String> {
    let mut room = per_node.max(1);
    let mut out = Vec::new();
    for &(name, degree) in axes {
        let ici = if room >= degree {
            if room % degree != 0 {
                return Err(format!(
                    "{name}={degree} does not divide the {room} devices left of a node's {per_node}: MaxText's ICI × DCN mesh needs every axis whole within a node or a whole number of nodes"
                ));
            }
            degree
        } else {
            if degree % room != 0 {
                return Err(format!(
                    "{name}={degree} is not a multiple of the {room} devices left of a node's {per_node}: MaxText's ICI × DCN mesh needs every axis whole within a node or a whole number of nodes"
                ));
            }
            room
        };
        room /= ici;
        out.push(Split {
            ici,
            dcn: degree / ici,
        });
    }
    Ok(out)
}

/// The MaxText configuration of `plan` under `precision` on nodes of `gpus_per_node` GPUs (module
/// doc), and its warnings.
pub fn config(
    plan: &Plan,
    precision: Precision,
    gpus_per_node: u32,
) -> Result<(String, Vec<String>), String> {
    let p = &plan.parallelism;
    let shape = &plan.shape;
    let (pp, vp) = (u64::from(p.pp), u64::from(p.vp));
    let mut warnings = Vec::new();
    if p.pp > 1 && p.vp == 1 && p.schedule != "gpipe" {
        return Err(format!(
            "schedule={}: MaxText's pipeline runs every forward, then every backward (GPipe, circular over repeats), not 1F1B; plan with order=gpipe",
            p.schedule
        ));
    }
    if p.zero == Zero::Gradients {
        return Err("zero=2: MaxText shards the optimizer state over the data axis (shard_optimizer_over_data, ZeRO-1) or everything over the fsdp axis (ZeRO-3), never the gradients alone; plan with zero=1 or zero=3".into());
    }
    if p.vp > 1 {
        warnings.push(format!(
            "vp={}: MaxText runs the chunks as a circular pipeline (num_pipeline_repeats={}), the same bubble as the interleaved 1F1B planned but in GPipe order: every micro-batch's activations are kept until its backward, more memory than flexc simulated",
            p.vp, p.vp
        ));
    }
    let (dtype, weight_dtype, extra) = match precision {
        Precision::Fp32 => ("float32", "float32", "matmul_precision: \"highest\"\n"),
        Precision::Tf32 => ("float32", "float32", "matmul_precision: \"default\"\n"),
        Precision::Bf16 => ("bfloat16", "float32", ""),
        Precision::Fp8 => ("bfloat16", "float32", "quantization: \"fp8\"\n"),
        Precision::Fp16 => {
            return Err("--precision=fp16: MaxText has no loss scaling (its mixed precision is bfloat16); plan with --precision=bf16".into())
        }
    };
    if shape.heads % p.tp != 0 {
        return Err(format!(
            "tp={} does not divide the {} attention heads: MaxText splits attention by heads",
            p.tp, shape.heads
        ));
    }
    let virtual_stages = pp * vp;
    if shape.layers % virtual_stages != 0 {
        return Err(format!(
            "the {} layers do not divide into pp={} × vp={} virtual stages: MaxText gives every stage and repeat num_layers_per_pipeline_stage layers",
            shape.layers, p.pp, p.vp
        ));
    }
    let micro_batches = u64::from(p.accumulation);
    if p.pp > 1 && micro_batches % pp != 0 {
        return Err(format!(
            "{micro_batches} micro-batches over pp={}: MaxText's num_pipeline_microbatches must be a multiple of the stages",
            p.pp
        ));
    }
    let (cp, ep) = (p.ways_of(CONTEXT).max(1), p.ways_of(EXPERT).max(1));
    let devices = p.tp * pp * p.dp * cp;
    // One forward's batch over every device (module doc); written so that MaxText's
    // int(per_device_batch_size × devices) gives it back.
    let forward = if p.pp > 1 {
        plan.batch
    } else {
        p.micro_batch * p.dp
    };
    let per_device = forward as f64 / devices as f64;
    if per_device * devices as f64 != forward as f64 {
        return Err(format!(
            "a forward of {forward} samples over {devices} devices is no float per_device_batch_size MaxText multiplies back exactly"
        ));
    }
    let (tensor, tensor_sequence) = if plan.sequence_parallel {
        (1, p.tp)
    } else {
        (p.tp, 1)
    };
    let replicas = if ep > 1 { "dp/ep" } else { "dp" };
    let axes = split(
        &[
            ("tp", p.tp),
            ("cp", cp),
            ("ep", ep),
            (replicas, p.dp / ep),
            ("pp", pp),
        ],
        u64::from(gpus_per_node).min(devices),
    )?;
    let (t, c, e, d, s) = (axes[0], axes[1], axes[2], axes[3], axes[4]);
    if (cp > 1 || ep > 1) && p.zero != Zero::Full {
        let (axis, ways) = if cp > 1 {
            ("context", cp)
        } else {
            ("expert", ep)
        };
        warnings.push(format!(
            "MaxText shards every dense weight's embed dim over the {axis} axis too (its logical rule 'embed': fsdp, ..., context, expert): it gathers them over those {ways} ranks in each pass as FSDP does, where the plan (zero={}) keeps them whole there",
            p.zero.level()
        ));
    }
    let moe = match &shape.moe {
        None => String::new(),
        Some(m) => {
            let dense = m.layers.iter().take_while(|&&x| !x).count();
            if m.layers[dense..].iter().any(|&x| !x) {
                return Err(format!(
                    "the graph's layers are dense and mixtures of experts in the order {:?} (true: experts): MaxText's first_num_dense_layers puts dense layers only before every mixture of experts",
                    m.layers
                ));
            }
            let shared = match m.shared_ffn_hidden {
                None => 0,
                Some(w) if w % m.ffn_hidden == 0 => w / m.ffn_hidden,
                Some(w) => {
                    return Err(format!(
                        "the shared experts' width {w} is no whole number of experts of width {}: MaxText's shared_experts counts experts of base_moe_mlp_dim",
                        m.ffn_hidden
                    ))
                }
            };
            let mut keys = format!(
                "num_experts: {}\nnum_experts_per_tok: {}\nbase_moe_mlp_dim: {}\nshared_experts: {shared}\n",
                m.experts, m.top_k, m.ffn_hidden
            );
            if dense > 0 {
                keys.push_str(&format!("first_num_dense_layers: {dense}\n"));
            }
            keys
        }
    };
    // A model of experts only: MaxText requires base_mlp_dim = base_moe_mlp_dim.
    let mlp = match &shape.moe {
        Some(m) if m.layers.iter().all(|&x| x) => m.ffn_hidden,
        _ => shape.ffn_hidden,
    };
    let one = Split { ici: 1, dcn: 1 };
    let (data, fsdp) = if p.zero == Zero::Full {
        (one, d)
    } else {
        (d, one)
    };
    let pick = |on: u64, axis: Split| if on > 1 { axis } else { one };
    let (context, expert) = (pick(cp, c), pick(ep, e));
    let (tensor, tensor_sequence) = (pick(tensor, t), pick(tensor_sequence, t));
    let remat = match p.recompute {
        Recompute::None => "minimal_with_context",
        Recompute::Selective => "minimal",
        Recompute::Full => "full",
    };
    let mut text = format!(
        "# MaxText configuration from flexc: {}\n# model read from the graph; base_num_kv_heads is the key/value heads the attention scores show (a model that repeats k/v to every head reads as its query heads), the architecture (decoder_block, ...) is not read\nbase_config: \"base.yml\"\nhardware: \"gpu\"\n\nbase_num_decoder_layers: {}\nbase_emb_dim: {}\nbase_num_query_heads: {}\nbase_num_kv_heads: {}\nhead_dim: {}\nbase_mlp_dim: {}\nvocab_size: {}\nmax_target_length: {}\n\n",
        p.text(),
        shape.layers,
        shape.hidden,
        shape.heads,
        shape.kv_heads,
        shape.hidden / shape.heads.max(1),
        mlp,
        shape.vocab,
        shape.seq_len,
    );
    text.push_str(&moe);
    if !moe.is_empty() {
        text.push('\n');
    }
    let axes = [
        ("data", data),
        ("fsdp", fsdp),
        ("tensor", tensor),
        ("tensor_sequence", tensor_sequence),
        ("context", context),
        ("expert", expert),
        ("pipeline", s),
    ];
    for (name, axis) in &axes {
        text.push_str(&format!("ici_{name}_parallelism: {}\n", axis.ici));
    }
    for (name, axis) in &axes {
        text.push_str(&format!("dcn_{name}_parallelism: {}\n", axis.dcn));
    }
    if cp > 1 {
        text.push_str("context_parallel_strategy: \"ring\"\ncontext_parallel_load_balance: true\nattention: \"cudnn_flash_te\"\n");
    }
    text.push_str(&format!(
        "shard_optimizer_over_data: {}\n",
        p.zero == Zero::Optimizer
    ));
    if p.pp > 1 {
        text.push_str(&format!(
            "num_pipeline_microbatches: {micro_batches}\nnum_layers_per_pipeline_stage: {}\n",
            shape.layers / virtual_stages
        ));
    }
    text.push_str(&format!(
        "\nper_device_batch_size: {per_device:?}\ngradient_accumulation_steps: {}\nremat_policy: \"{remat}\"\ndtype: \"{dtype}\"\nweight_dtype: \"{weight_dtype}\"\n{extra}",
        if p.pp > 1 { 1 } else { micro_batches }
    ));
    Ok((text, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_fills_a_node_innermost_first() {
        // The placed order: tensor, replicas, then stages across nodes.
        let axes = [("tp", 2), ("dp", 4), ("pp", 2)];
        let got = split(&axes, 8).unwrap();
        let want = [(2, 1), (4, 1), (1, 2)];
        assert_eq!(got.iter().map(|s| (s.ici, s.dcn)).collect::<Vec<_>>(), want);
        // A node smaller than the tensor group: tensor parallelism across nodes.
        let got = split(&[("tp", 4), ("dp", 2), ("pp", 1)], 2).unwrap();
        assert_eq!(
            got.iter().map(|s| (s.ici, s.dcn)).collect::<Vec<_>>(),
            [(2, 2), (1, 2), (1, 1)]
        );
        assert!(split(&[("tp", 3), ("dp", 2), ("pp", 1)], 8).is_err());
    }
}
