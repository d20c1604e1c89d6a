#!/usr/bin/env python3
"""flexc's training-framework configurations read back by the frameworks themselves (issue 39):
`flexc --emit=megatron-args` (src/megatron.rs) mapped onto Megatron-Core's `TransformerConfig`, whose
`__post_init__` validates it (heads over tp, layers over pp × vp, recomputation, sequence
parallelism), with the micro-batches counted by Megatron-Core's own calculator; and
`flexc --emit=torchtitan` (src/torchtitan.rs) loaded by torchtitan's `ConfigManager` from
`--job.config_file`, its degrees checked by torchtitan's `ParallelDims` against the world size. The
model is the small Llama-style training step models/small/jax/llama_b2 (2 blocks, d_model 64, 4 heads,
ffn 256, vocabulary 256, 16 positions) and the 4-block models/jax/transformer_b8 for interleaving.

Megatron-LM's argument parser (megatron/training/arguments.py) is not in the megatron-core package:
each flag is mapped onto the config field it sets, and a flag the map does not know fails the test.
A package that does not import is reported (SKIP ... with the reason) and the checks that need no
package (the flags' and keys' own consistency) still run; tools/setup installs both packages
(megatron-core 0.16.1, torchtitan 0.2.2: the last release that reads a TOML job config).

  FLEXC=target/debug/flexc python/tests/test_engine_configs.py [--require]
      # --require (tools/test, after tools/setup installed both): a framework that does not import fails
"""
import os
import subprocess
import sys
import tempfile
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLEXC = os.environ.get("FLEXC") or os.path.join(ROOT, "target", "debug", "flexc")
LLAMA = os.path.join(ROOT, "models", "small", "jax", "llama_b2.train_sgd.stablehlo.generic.mlir")
GPT4 = os.path.join(ROOT, "models", "jax", "transformer_b8.train_sgd.stablehlo.generic.mlir")

# (model, devices, --batch, precision, spec, the parallelism expected:
#  tp, pp, vp, sequence parallel, recompute, distributed optimizer, micro-batch, global batch)
MEGATRON = [
    (LLAMA, 8, 16, "bf16", "megatron:tp=2,pp=2,mb=1", (2, 2, 1, False, None, False, 1, 16)),
    (LLAMA, 8, 16, "fp16", "megatron:tp=2,sp=1,recompute=full,zero=1", (2, 1, 1, True, "full", True, 4, 16)),
    (LLAMA, 2, None, "fp32", "megatron:tp=2,recompute=selective", (2, 1, 1, False, "selective", False, 2, 2)),
    (GPT4, 4, None, "bf16", "megatron:tp=2,pp=2,vp=2,m=2", (2, 2, 2, False, None, False, 4, 8)),
]

# (model, devices, --batch, precision, spec, the keys expected: replicate, shard, tp, pp, schedule,
#  micro-batch, checkpoint mode, local batch, global batch)
TORCHTITAN = [
    (LLAMA, 8, 16, "bf16", "megatron:tp=2,pp=2,mb=1,zero=3", (1, 2, 2, 2, "1F1B", 1, "none", 8, 16)),
    (LLAMA, 4, 16, "fp32", "megatron:tp=1,m=2,recompute=selective", (4, 1, 1, 1, None, None, "selective", 2, 16)),
    (LLAMA, 8, 32, "bf16", "megatron:tp=1,pp=2,vp=2,m=8,zero=3,recompute=full",
     (1, 4, 1, 2, "Interleaved1F1B", 1, "full", 8, 32)),
    (GPT4, 2, None, "bf16", "megatron:tp=1,pp=2,vp=3,m=2", (1, 1, 1, 2, "Interleaved1F1B", 4, "none", 8, 8)),
]
SEQ = {LLAMA: 16, GPT4: 512}
LAYERS = {LLAMA: 2, GPT4: 4}

SKIPPED = []


def flexc(model, devices, batch, precision, spec, emit):
    cmd = [FLEXC, "--allow-unregistered-dialect", model, f"--devices={devices}",
           f"--precision={precision}", f"--strategy={spec}", f"--emit={emit}"]
    if batch is not None:
        cmd.append(f"--batch={batch}")
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} failed ({run.returncode}):\n{run.stderr}")
    return run.stdout


def parse_flags(text):
    """`--name value` or `--name` per line, as Megatron-LM's parser reads them."""
    flags = {}
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        assert name.startswith("--") and name not in flags, f"flag line {line!r}"
        flags[name] = value if value else True
    return flags


def skip(what, error):
    SKIPPED.append(what)
    print(f"SKIP {what}: {type(error).__name__}: {error}")


def check_megatron(model, devices, batch, precision, spec, want):
    flags = parse_flags(flexc(model, devices, batch, precision, spec, "megatron-args"))
    tp, pp, vp, sp, recompute, dist_opt, mb, gb = want
    got = (
        int(flags["--tensor-model-parallel-size"]),
        int(flags["--pipeline-model-parallel-size"]),
        int(flags["--num-layers"]) // pp // int(flags.get("--num-layers-per-virtual-pipeline-stage",
                                                        int(flags["--num-layers"]) // pp)),
        "--sequence-parallel" in flags,
        flags.get("--recompute-granularity"),
        "--use-distributed-optimizer" in flags,
        int(flags["--micro-batch-size"]),
        int(flags["--global-batch-size"]),
    )
    assert got == want, f"{spec}: {got} != {want}"
    try:
        import torch
        from megatron.core.num_microbatches_calculator import ConstantNumMicroBatchesCalculator
        from megatron.core.transformer import TransformerConfig
    except Exception as e:  # noqa: BLE001 (any import failure is reported, not hidden)
        skip(f"megatron-core for {spec}", e)
        return
    dtype = torch.bfloat16 if "--bf16" in flags else torch.float16 if "--fp16" in flags else torch.float32
    # Each flag onto the field Megatron-LM's arguments set from it; one the map does not know fails.
    fields = {
        "--num-layers": ("num_layers", int),
        "--hidden-size": ("hidden_size", int),
        "--num-attention-heads": ("num_attention_heads", int),
        "--ffn-hidden-size": ("ffn_hidden_size", int),
        "--tensor-model-parallel-size": ("tensor_model_parallel_size", int),
        "--pipeline-model-parallel-size": ("pipeline_model_parallel_size", int),
        "--sequence-parallel": ("sequence_parallel", bool),
        "--recompute-granularity": ("recompute_granularity", str),
        "--recompute-method": ("recompute_method", str),
        "--recompute-num-layers": ("recompute_num_layers", int),
        "--fp16": ("fp16", bool),
        "--bf16": ("bf16", bool),
    }
    # Flags that are no TransformerConfig field: the data, the batch and the optimizer.
    elsewhere = {"--seq-length", "--max-position-embeddings", "--vocab-size", "--micro-batch-size",
                 "--global-batch-size", "--use-distributed-optimizer",
                 "--num-layers-per-virtual-pipeline-stage"}
    unknown = set(flags) - set(fields) - elsewhere
    assert not unknown, f"{spec}: flags the test does not map: {sorted(unknown)}"
    kwargs = {fields[f][0]: fields[f][1](v) for f, v in flags.items() if f in fields}
    if "--num-layers-per-virtual-pipeline-stage" in flags:
        per_rank = int(flags["--num-layers"]) // int(flags["--pipeline-model-parallel-size"])
        kwargs["virtual_pipeline_model_parallel_size"] = (
            per_rank // int(flags["--num-layers-per-virtual-pipeline-stage"]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        config = TransformerConfig(params_dtype=dtype, pipeline_dtype=dtype, **kwargs)
    assert config.num_attention_heads % config.tensor_model_parallel_size == 0
    assert config.kv_channels * config.num_attention_heads == config.hidden_size
    dp = devices // (tp * pp)
    micro_batches = ConstantNumMicroBatchesCalculator(gb, mb, dp, False, 0).get()
    assert micro_batches * mb * dp == gb, f"{spec}: {micro_batches} micro-batches"
    print(f"ok megatron-core TransformerConfig {spec}: tp={tp} pp={pp} vp={vp} sp={sp} "
          f"recompute={recompute} dp={dp} micro-batches={micro_batches}")


def megatron_validates():
    """TransformerConfig refuses what flexc refuses (heads that tp does not divide): the checks above
    can fail."""
    try:
        from megatron.core.transformer import TransformerConfig
    except Exception as e:  # noqa: BLE001
        skip("megatron-core's own refusal", e)
        return
    try:
        TransformerConfig(num_layers=2, hidden_size=64, num_attention_heads=4,
                          tensor_model_parallel_size=8)
    except ValueError:
        print("ok megatron-core refuses 4 heads over tp=8")
        return
    raise AssertionError("TransformerConfig accepted 4 heads over tp=8")


def check_torchtitan(model, devices, batch, precision, spec, want):
    text = flexc(model, devices, batch, precision, spec, "torchtitan")
    import tomllib
    toml = tomllib.loads(text)
    par, ac, tr = toml["parallelism"], toml["activation_checkpoint"], toml["training"]
    got = (par["data_parallel_replicate_degree"], par["data_parallel_shard_degree"],
           par["tensor_parallel_degree"], par["pipeline_parallel_degree"],
           par.get("pipeline_parallel_schedule"), par.get("pipeline_parallel_microbatch_size"),
           ac["mode"], tr["local_batch_size"], tr["global_batch_size"])
    assert got == want, f"{spec}: {got} != {want}"
    try:
        from torchtitan.config import ConfigManager
        from torchtitan.distributed.parallel_dims import ParallelDims
    except Exception as e:  # noqa: BLE001
        skip(f"torchtitan for {spec}", e)
        return
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        config = ConfigManager().parse_args(["--job.config_file", f.name])
    finally:
        os.unlink(f.name)
    p = config.parallelism
    read = (p.data_parallel_replicate_degree, p.data_parallel_shard_degree, p.tensor_parallel_degree,
            p.pipeline_parallel_degree,
            p.pipeline_parallel_schedule if p.pipeline_parallel_degree > 1 else None,
            p.pipeline_parallel_microbatch_size if p.pipeline_parallel_degree > 1 else None,
            config.activation_checkpoint.mode, config.training.local_batch_size,
            config.training.global_batch_size)
    assert read == want, f"{spec}: torchtitan read {read}, expected {want}"
    assert config.training.seq_len == SEQ[model] and not p.enable_async_tensor_parallel
    if p.pipeline_parallel_layers_per_stage is not None:
        # torchtitan's stage count (pipeline_llm): ceil((layers + first + last less) / per stage) = pp · vp.
        # (torchtitan.distributed.pipeline_parallel, which splits them, needs torchdata: not installed.)
        vp = 3
        weights = p.pipeline_parallel_first_stage_less_layers + p.pipeline_parallel_last_stage_less_layers
        stages = -(-(LAYERS[model] + weights) // p.pipeline_parallel_layers_per_stage)
        assert stages == p.pipeline_parallel_degree * vp, f"{spec}: {stages} stages"
    # torchtitan's own check: the degrees multiply to the world size.
    ParallelDims(dp_replicate=read[0], dp_shard=read[1], cp=1, tp=read[2], pp=read[3], ep=1, etp=1,
                 world_size=devices)
    dp = read[0] * read[1]
    accumulation = read[8] // (read[7] * dp)
    assert accumulation >= 1 and accumulation * read[7] * dp == read[8]
    print(f"ok torchtitan ConfigManager {spec}: replicate={read[0]} shard={read[1]} tp={read[2]} "
          f"pp={read[3]} schedule={read[4]} ac={read[6]}")


def main():
    assert os.path.exists(FLEXC), f"no flexc at {FLEXC} (cargo build --bin flexc, or set $FLEXC)"
    for case in MEGATRON:
        check_megatron(*case)
    megatron_validates()
    for case in TORCHTITAN:
        check_torchtitan(*case)
    if SKIPPED and "--require" in sys.argv[1:]:
        raise SystemExit(f"test_engine_configs: --require, but skipped: {', '.join(SKIPPED)}")
    if SKIPPED:
        print(f"test_engine_configs: passed, but {len(SKIPPED)} framework checks skipped "
              f"(install them with tools/setup): {', '.join(SKIPPED)}")
    else:
        print("test_engine_configs: passed")


if __name__ == "__main__":
    main()
