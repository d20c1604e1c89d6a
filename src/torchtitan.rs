//! `--emit=torchtitan`: a scheduled strategy as torchtitan's job-config TOML (`torchtitan 0.2.2`, the
//! last release read by `--job.config_file`; `torchtitan.config.ConfigManager` reads it back, as
//! python/tests/test_engine_configs.py checks), the `[parallelism]`, `[activation_checkpoint]` and
//! `[training]` keys of the plan. The model itself is torchtitan's (`[model] name` and `flavor`, to
//! add): the shape flexc read from the graph ([`flexc_core::transformer`]) is a comment to pick the
//! flavor by.
//!
//! The strategy must be one the `megatron:` spec builds ([`crate::megatron_args::Plan::of`]), then:
//! - ZeRO-3 is FSDP over the replicas (`data_parallel_shard_degree`) resharding after the forward
//!   (`fsdp_reshard_after_forward = "always"`), ZeRO-2 the same FSDP keeping the weights gathered
//!   until the backward (`"never"`), no ZeRO is DDP (`data_parallel_replicate_degree`);
//! - the pipeline order is `pipeline_parallel_schedule` (`1F1B`, `GPipe`, `Interleaved1F1B`), the
//!   micro-batch `pipeline_parallel_microbatch_size`; torchtitan runs two virtual stages per rank by
//!   default, more through `pipeline_parallel_layers_per_stage` (it counts the embedding and the output
//!   as a layer each);
//! - `local_batch_size` is a replica's share of the batch when pipelined (torchtitan cuts it into the
//!   micro-batches), else one micro-batch, `global_batch_size` the whole batch (torchtitan accumulates
//!   `global / (local · dp)` micro-batches);
//! - recomputation is `activation_checkpoint.mode` (selective as torchtitan's per-op policy, `op`);
//! - the precision is `training.mixed_precision_param`;
//! - context parallelism (`cp=C`) is `context_parallel_degree`, with the key/value exchange flexc
//!   prices: `context_parallel_rotate_method = "alltoall"` (torch's ring rotater, each rank's block
//!   sent to the next: `_AllToAllRotater`; the default `"allgather"` gathers every block at once) and
//!   the causal load balance (`context_parallel_load_balancer = "headtail"`, chunks `i` and `2C − 1 − i`,
//!   which needs `2·C` to divide `seq_len`). torchtitan's weights are FSDP-sharded over `dp_shard · cp`
//!   whenever `cp > 1` (`ParallelDims.fsdp_enabled`), so a plan with cp must shard them too (zero=2 or 3,
//!   over its `dp · cp` replicas as flexc prices); its CP runs on SDPA attention (the model's
//!   `attn_type`);
//! - expert parallelism (`ep=E`) is `expert_parallel_degree`, with `expert_tensor_parallel_degree` =
//!   tp (flexc splits the expert products by the tensor parallelism, torchtitan's "ETP = TP"):
//!   torchtitan carves the expert ranks out of the FSDP dim (`efsdp = dp_shard · cp · tp / (etp · ep)`,
//!   ParallelDims' sparse mesh), so a plan with ep must shard (zero=2 or 3: `dp_shard` = dp) and
//!   `E` must divide `dp`, as flexc's does. The mixture of experts itself is the model's (a MoE flavor of
//!   `qwen3`, `deepseek_v3`, `llama4`): the experts flexc read are in the comment.
//!
//! Errors for what torchtitan cannot run: ZeRO-1 (FSDP shards weights too, DDP nothing), DDP beside
//! tensor or pipeline parallelism (torchtitan's "DDP has not supported > 1D parallelism"), FP16 (its
//! mixed precision is bfloat16 or float32), more virtual stages than the layers and the embedding and
//! output (torchtitan gives every stage one at least), and a virtual stage count no layers-per-stage
//! reaches, context or expert parallelism without FSDP, `2·cp` that does not divide the sequence.
//! torchtitan cuts the layers into stages by count (`generate_llm_fqn_per_model_part`), not
//! where flexc's stages cut the forward by work.
//! Tensor parallelism in torchtitan is always sequence-parallel: without `sp` in the plan that is a
//! warning.

use flexc_core::precision::Precision;
use flexc_core::schedule::dimension::{CONTEXT, EXPERT};
use flexc_core::schedule::{Recompute, Zero};

use crate::megatron_args::Plan;

/// The job config of `plan` under `precision` (module doc), and its warnings.
pub fn job_config(plan: &Plan, precision: Precision) -> Result<(String, Vec<String>), String> {
    let p = &plan.parallelism;
    let shape = &plan.shape;
    let mut warnings = Vec::new();
    let (shard, replicate) = match p.zero {
        Zero::Full | Zero::Gradients => (p.dp, 1),
        Zero::None if p.dp > 1 && (p.tp > 1 || p.pp > 1) => {
            return Err(format!(
                "zero=0 with {} data-parallel replicas beside tp={} pp={}: torchtitan replicates weights with DDP only as the sole parallelism (\"DDP has not supported > 1D parallelism\"); plan with zero=3 (FSDP)",
                p.dp, p.tp, p.pp
            ))
        }
        Zero::None => (1, p.dp),
        Zero::Optimizer => {
            return Err("zero=1 (the optimizer state sharded, weights and gradients replicated) has no torchtitan equivalent: FSDP (data_parallel_shard_degree) shards weights, gradients and optimizer state (zero=3) and DDP shards nothing (zero=0); plan with zero=0 or 3, or export it with --emit=megatron-args".into())
        }
    };
    if (p.ways_of(CONTEXT) > 1 || p.ways_of(EXPERT) > 1)
        && !matches!(p.zero, Zero::Full | Zero::Gradients)
    {
        let what = if p.ways_of(CONTEXT) > 1 {
            format!("cp={}: torchtitan shards the weights with FSDP over dp_shard · cp whenever cp > 1 (ParallelDims.fsdp_enabled)", p.ways_of(CONTEXT))
        } else {
            format!("ep={}: torchtitan carves the expert-parallel ranks out of the FSDP dim (efsdp = dp_shard · cp · tp / (etp · ep)), which DDP replicas (data_parallel_replicate_degree) do not make", p.ways_of(EXPERT))
        };
        return Err(format!(
            "{what}, and the plan has zero={}; plan with zero=3 (or 2)",
            p.zero.level()
        ));
    }
    if p.ways_of(CONTEXT) > 1 && shape.seq_len % (2 * p.ways_of(CONTEXT)) != 0 {
        return Err(format!(
            "cp={}: torchtitan's causal load balance (context_parallel_load_balancer = \"headtail\") cuts each sequence into 2·cp = {} chunks, which do not divide the {} positions",
            p.ways_of(CONTEXT),
            2 * p.ways_of(CONTEXT),
            shape.seq_len
        ));
    }
    if p.ways_of(EXPERT) > 1 && shape.moe.is_none() {
        return Err(format!(
            "ep={}: the model arguments read no experts; expert parallelism needs a mixture of experts",
            p.ways_of(EXPERT)
        ));
    }
    let param = match precision {
        Precision::Fp32 | Precision::Tf32 => "float32",
        Precision::Bf16 | Precision::Fp8 => "bfloat16",
        Precision::Fp16 => {
            return Err("--precision=fp16: torchtitan's mixed precision is bfloat16 or float32; plan with --precision=bf16".into())
        }
    };
    if p.tp > 1 && !plan.sequence_parallel {
        warnings.push(format!(
            "torchtitan's tensor parallelism is sequence-parallel (norms split along the sequence): it runs tp={} with sp, which the plan does not have",
            p.tp
        ));
    }
    let schedule = match (p.pp > 1, p.schedule) {
        (false, _) => None,
        (true, "gpipe") => Some("GPipe"),
        (true, "interleaved") => Some("Interleaved1F1B"),
        (true, _) => Some("1F1B"),
    };
    let virtual_stages = u64::from(p.pp) * u64::from(p.vp);
    if virtual_stages > 1 && virtual_stages > shape.layers + 2 {
        return Err(format!(
            "pp={} × vp={} stages for {} layers: torchtitan gives every pipeline stage at least one layer, the embedding and the output counted as one each ({} at most)",
            p.pp,
            p.vp,
            shape.layers,
            shape.layers + 2
        ));
    }
    // torchtitan's stages: ceil((layers + 2) / layers_per_stage), the embedding and output counted
    // as a layer each; without the key, one per rank (two for a looped schedule).
    let layers_per_stage = if p.vp > 2 {
        let counted = shape.layers + 2;
        let Some(per) = (1..=counted).find(|per| counted.div_ceil(*per) == virtual_stages) else {
            return Err(format!(
                "vp={}: no pipeline_parallel_layers_per_stage cuts {} layers (+ embedding and output) into pp={} × vp={} stages",
                p.vp, shape.layers, p.pp, p.vp
            ));
        };
        Some(per)
    } else {
        None
    };
    let local = if p.pp > 1 {
        plan.batch / p.dp
    } else {
        p.micro_batch
    };
    let experts = shape.moe.as_ref().map_or(String::new(), |m| {
        format!(
            ", {} experts (top-{}, ffn {} each{})",
            m.experts,
            m.top_k,
            m.ffn_hidden,
            m.shared_ffn_hidden
                .map_or(String::new(), |w| format!(", shared ffn {w}"))
        )
    });
    let mut text = format!(
        "# torchtitan job config from flexc: {}\n# model read from the graph (choose [model] name and flavor to match): {} layers, hidden {}, {} heads, ffn {}, vocab {}{experts}\n\n[parallelism]\ndata_parallel_replicate_degree = {replicate}\ndata_parallel_shard_degree = {shard}\ntensor_parallel_degree = {}\nenable_async_tensor_parallel = false\npipeline_parallel_degree = {}\n",
        p.text(),
        shape.layers,
        shape.hidden,
        shape.heads,
        shape.ffn_hidden,
        shape.vocab,
        p.tp,
        p.pp
    );
    if p.ways_of(CONTEXT) > 1 {
        text.push_str(&format!(
            "context_parallel_degree = {}\ncontext_parallel_rotate_method = \"alltoall\"\ncontext_parallel_load_balancer = \"headtail\"\n",
            p.ways_of(CONTEXT)
        ));
    }
    if p.ways_of(EXPERT) > 1 {
        text.push_str(&format!(
            "expert_parallel_degree = {}\nexpert_tensor_parallel_degree = {}\n",
            p.ways_of(EXPERT),
            p.tp
        ));
    }
    // FSDP2's resharding after the forward is ZeRO-3 (the weights gathered again for the backward);
    // keeping them gathered until the backward is ZeRO-2 (16-bit weights whole through the step,
    // gradients and optimizer state sharded). Written out: torchtitan's default depends on the
    // pipeline.
    match p.zero {
        Zero::Full => text.push_str("fsdp_reshard_after_forward = \"always\"\n"),
        Zero::Gradients => {
            text.push_str("fsdp_reshard_after_forward = \"never\"\n");
            let per_replica = plan.batch / (p.dp * p.micro_batch).max(1);
            if per_replica > 1 {
                warnings.push(format!(
                    "zero=2 as FSDP without resharding after the forward: FSDP gathers the weights again for each of the {per_replica} micro-batches' forwards, where the plan gathers them once per step ({} more all-gathers, overlapped with the forward)",
                    per_replica - 1
                ));
            }
        }
        Zero::None | Zero::Optimizer => {}
    }
    if let Some(schedule) = schedule {
        text.push_str(&format!(
            "pipeline_parallel_schedule = \"{schedule}\"\npipeline_parallel_microbatch_size = {}\n",
            p.micro_batch
        ));
    }
    if let Some(per) = layers_per_stage {
        text.push_str(&format!("pipeline_parallel_layers_per_stage = {per}\n"));
    }
    let mode = match p.recompute {
        Recompute::None => "none",
        Recompute::Selective => "selective",
        Recompute::Full => "full",
    };
    text.push_str(&format!("\n[activation_checkpoint]\nmode = \"{mode}\"\n"));
    if p.recompute == Recompute::Selective {
        text.push_str("selective_ac_option = \"op\"\n");
    }
    text.push_str(&format!(
        "\n[training]\nlocal_batch_size = {local}\nglobal_batch_size = {}\nseq_len = {}\nmixed_precision_param = \"{param}\"\n",
        plan.batch, shape.seq_len
    ));
    Ok((text, warnings))
}
