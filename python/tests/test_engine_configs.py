#!/usr/bin/env python3
"""flexc's training-framework configurations read back by the frameworks themselves (issue 39):
`flexc --emit=megatron-args` (src/megatron_args.rs) mapped onto Megatron-Core's `TransformerConfig`, whose
`__post_init__` validates it (heads over tp, layers over pp × vp, recomputation, sequence
parallelism), with the micro-batches counted by Megatron-Core's own calculator; and
`flexc --emit=torchtitan` (src/torchtitan.rs) loaded by torchtitan's `ConfigManager` from
`--job.config_file`, its degrees checked by torchtitan's `ParallelDims` against the world size; and
`flexc --emit=maxtext` (src/maxtext.rs) checked against MaxText's base configuration: MaxText needs
Python >= 3.12 (this venv has 3.11), so its parser is not run; instead every emitted key must be one
of base.yml's (vendored below: the names and types only, with their source), of the type base.yml
gives it, with a value MaxText's enums take, and the mesh and pipeline must pass the checks MaxText's
config makes (types.py: ICI axes multiply to a node, DCN axes to the nodes, layers = stages x layers
per stage x repeats, micro-batches a multiple of the stages). Deliberately wrong configurations
(a misspelt key, an int where base.yml has a float) must fail those checks. The
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
    (LLAMA, 8, 16, "bf16", "megatron:tp=2,mb=2,zero=2", (1, 4, 2, 1, None, None, "none", 2, 16)),
]
# (model, machine, devices, --batch, precision, spec, the keys expected:
#  {key: value} for a few of them)
MAXTEXT = [
    (LLAMA, None, 8, 16, "bf16", "megatron:tp=2,pp=2,order=gpipe,m=2,zero=3",
     {"ici_fsdp_parallelism": 2, "ici_tensor_parallelism": 2, "ici_pipeline_parallelism": 2,
      "num_pipeline_microbatches": 2, "num_layers_per_pipeline_stage": 1, "per_device_batch_size": 2.0}),
    (LLAMA, "dgx-a100:2", 16, 32, "fp32", "megatron:tp=4,sp=1,m=2,zero=1,recompute=selective",
     {"ici_tensor_sequence_parallelism": 4, "ici_data_parallelism": 2, "dcn_data_parallelism": 2,
      "shard_optimizer_over_data": True, "gradient_accumulation_steps": 2, "remat_policy": "minimal"}),
    (GPT4, None, 4, None, "bf16", "megatron:tp=2,pp=2,vp=2,m=2,recompute=full",
     {"num_layers_per_pipeline_stage": 1, "remat_policy": "full", "base_num_decoder_layers": 4}),
    (LLAMA, None, 4, 2, "bf16", "megatron:tp=2,dp=2", {"per_device_batch_size": 0.5}),
]
GPUS_PER_NODE = 8  # the dgx-a100 preset's (and the default machine's) node

# MaxText's base configuration: the keys --emit=maxtext may set and their types there, from
# github.com/AI-Hypercomputer/maxtext, commit e591f30cbbf217ed67ef71263ec0538239f9c3b8,
# src/maxtext/configs/base.yml (names and types only; the file is not vendored). `base_config` is no
# key of base.yml but the loader's (src/maxtext/configs/pyconfig.py, _BASE_CONFIG_ATTR).
MAXTEXT_BASE_KEYS = {
    "hardware": str, "base_num_decoder_layers": int, "base_emb_dim": int,
    "base_num_query_heads": int, "base_num_kv_heads": int, "head_dim": int, "base_mlp_dim": int,
    "vocab_size": int, "max_target_length": int,
    "ici_data_parallelism": int, "ici_fsdp_parallelism": int, "ici_fsdp_transpose_parallelism": int,
    "ici_sequence_parallelism": int, "ici_context_parallelism": int, "ici_tensor_parallelism": int,
    "ici_tensor_sequence_parallelism": int, "ici_pipeline_parallelism": int,
    "ici_expert_parallelism": int, "ici_autoregressive_parallelism": int,
    "dcn_data_parallelism": int, "dcn_fsdp_parallelism": int, "dcn_fsdp_transpose_parallelism": int,
    "dcn_sequence_parallelism": int, "dcn_context_parallelism": int, "dcn_tensor_parallelism": int,
    "dcn_tensor_sequence_parallelism": int, "dcn_pipeline_parallelism": int,
    "dcn_expert_parallelism": int, "dcn_autoregressive_parallelism": int,
    "shard_optimizer_over_data": bool, "num_pipeline_microbatches": int,
    "num_layers_per_pipeline_stage": int, "num_pipeline_repeats": int,
    "per_device_batch_size": float, "gradient_accumulation_steps": int, "remat_policy": str,
    "dtype": str, "weight_dtype": str, "matmul_precision": str, "quantization": str,
    # Experts and context parallelism: base.yml at commit 000b810bb1d98e8c0b0d55fc43fb3979fd35db15
    # (the same file, later; the expert and context axes above are e591f30c's).
    "num_experts": int, "num_experts_per_tok": int, "base_moe_mlp_dim": int, "shared_experts": int,
    "first_num_dense_layers": int, "context_parallel_strategy": str,
    "context_parallel_load_balance": bool, "attention": str,
}
MAXTEXT_LOADER_KEYS = {"base_config": str}
# The values MaxText takes (same commit): remat policies that src/maxtext/layers/decoders.py
# get_remat_policy names, DType and MatmulPrecision of src/maxtext/configs/types.py, base.yml's
# hardware and quantization comments.
MAXTEXT_VALUES = {
    "remat_policy": {"minimal_with_context", "minimal_flash", "minimal", "minimal_with_quantization",
                     "save_dot_with_context_except_mlp", "save_dot_except_mlpwi", "save_dot_except_mlp",
                     "save_qkv_proj", "qkv_proj_offloaded", "minimal_offloaded", "custom", "save_out_proj",
                     "full"},
    "dtype": {"bfloat16", "float32", "float16"},
    "weight_dtype": {"bfloat16", "float32", "float16"},
    "matmul_precision": {"default", "high", "highest", "bfloat16", "float32"},
    "hardware": {"tpu", "gpu", "gpu_multiprocess", "cpu"},
    "quantization": {"", "int8", "intmp", "fp8", "nanoo_fp8", "fp8_full"},
    # base.yml (000b810b): context_parallel_strategy's comment, attention's "Supported attention".
    "context_parallel_strategy": {"all_gather", "ring", "ulysses", "usp"},
    "attention": {"autoselected", "dot_product", "flash", "cudnn_flash_te"},
}
MAXTEXT_AXES = ["data", "fsdp", "fsdp_transpose", "sequence", "context", "tensor", "tensor_sequence",
                "pipeline", "expert", "autoregressive"]
# base.yml's defaults of the axes flexc sets (-1: MaxText fills it in, so flexc must not leave it).
MAXTEXT_AXIS_DEFAULTS = {"ici_fsdp_parallelism": -1, "dcn_data_parallelism": -1}

# Expert and context parallelism (src/megatron_args.rs, torchtitan.rs, maxtext.rs): the tiny
# gather-dispatch mixture of experts (4 experts, top-2, 96 wide each, one shared expert of 96) and the
# 4096-position Llama step; each (model, its --data-args, devices, --batch, precision, spec, expected
# {flag or key: value}).
MOE = os.path.join(ROOT, "models", "jax", "moe_gather_b4.train_sgd.stablehlo.generic.mlir")
LONG = os.path.join(ROOT, "models", "jax", "llama_gqa_s4096_b2.train_sgd.stablehlo.generic.mlir")
DATA_ARGS = {MOE: "29,30", LONG: "21,22"}
MEGATRON_EP_CP = [
    (MOE, 8, None, "bf16", "megatron:tp=2,sp=on,dp=4,ep=2",
     {"--num-experts": "4", "--moe-router-topk": "2", "--moe-ffn-hidden-size": "96",
      "--moe-shared-expert-intermediate-size": "96", "--expert-model-parallel-size": "2",
      "--expert-tensor-parallel-size": "2"}),
    (MOE, 4, None, "bf16", "megatron:tp=1,pp=2,dp=2,ep=2,zero=1",
     {"--expert-model-parallel-size": "2", "--pipeline-model-parallel-size": "2"}),
    (LONG, 8, 4, "bf16", "megatron:tp=2,sp=on,dp=2,cp=2", {"--context-parallel-size": "2", "--cp-comm-type": "p2p"}),
]
TORCHTITAN_EP_CP = [
    (MOE, 4, None, "bf16", "megatron:tp=1,dp=4,ep=2,zero=3",
     {"expert_parallel_degree": 2, "expert_tensor_parallel_degree": 1, "data_parallel_shard_degree": 4}),
    (MOE, 8, None, "bf16", "megatron:tp=2,sp=on,dp=4,ep=4,zero=3",
     {"expert_parallel_degree": 4, "expert_tensor_parallel_degree": 2}),
    (LONG, 8, 4, "bf16", "megatron:tp=2,sp=on,dp=2,cp=2,zero=3",
     {"context_parallel_degree": 2, "context_parallel_rotate_method": "alltoall",
      "context_parallel_load_balancer": "headtail"}),
]
MAXTEXT_EP_CP = [
    (MOE, 4, None, "bf16", "megatron:tp=1,dp=4,ep=2,zero=3",
     {"ici_expert_parallelism": 2, "ici_fsdp_parallelism": 2, "num_experts": 4, "num_experts_per_tok": 2,
      "base_moe_mlp_dim": 96, "shared_experts": 1}),
    (LONG, 8, 8, "bf16", "megatron:tp=2,dp=2,cp=2,zero=3",
     {"ici_context_parallelism": 2, "context_parallel_strategy": "ring", "per_device_batch_size": 1.0}),
]

SEQ = {LLAMA: 16, GPT4: 512, MOE: 16, LONG: 4096}
LAYERS = {LLAMA: 2, GPT4: 4}

SKIPPED = []


def flexc(model, devices, batch, precision, spec, emit, machine=None):
    cmd = [FLEXC, "--allow-unregistered-dialect", model, f"--devices={devices}",
           f"--precision={precision}", f"--strategy={spec}", f"--emit={emit}"]
    if model in DATA_ARGS:
        cmd += [f"--data-args={DATA_ARGS[model]}", "--machine=dgx-a100:1"]
    if machine is not None:
        cmd.append(f"--machine={machine}")
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
        config, micro_batches = megatron_validate(flags, devices)
    except ImportError as e:  # any import failure is reported, not hidden
        skip(f"megatron-core for {spec}", e)
        return
    dp = devices // (tp * pp)
    print(f"ok megatron-core TransformerConfig {spec}: tp={tp} pp={pp} vp={vp} sp={sp} "
          f"recompute={recompute} dp={dp} micro-batches={micro_batches}")


def megatron_validate(flags, devices):
    """Megatron-Core's own checks of `flags` (parse_flags) run over `devices` GPUs: each flag mapped
    onto the TransformerConfig field Megatron-LM's arguments set from it (a flag the map does not know
    fails), the config built (its __post_init__ validates heads over tp, layers over the stages,
    uneven first and last stages, recomputation, sequence parallelism), and the micro-batches counted
    by Megatron-Core's calculator. Returns (config, micro-batches); raises ImportError when
    megatron-core does not import, another exception when Megatron refuses the flags."""
    try:
        import torch
        from megatron.core.num_microbatches_calculator import ConstantNumMicroBatchesCalculator
        from megatron.core.transformer import TransformerConfig
    except Exception as e:  # noqa: BLE001 (any import failure is reported, not hidden)
        raise ImportError(f"{type(e).__name__}: {e}") from e
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
        # Megatron-LM's arguments.py: num_layers_in_first/last_pipeline_stage.
        "--decoder-first-pipeline-num-layers": ("num_layers_in_first_pipeline_stage", int),
        "--decoder-last-pipeline-num-layers": ("num_layers_in_last_pipeline_stage", int),
        "--num-query-groups": ("num_query_groups", int),
        # Megatron-LM's arguments.py: --num-experts is num_moe_experts, --cp-comm-type a list of one
        # (nargs='+') that core_transformer_config_from_args passes as its element.
        "--num-experts": ("num_moe_experts", int),
        "--moe-router-topk": ("moe_router_topk", int),
        "--moe-ffn-hidden-size": ("moe_ffn_hidden_size", int),
        "--moe-shared-expert-intermediate-size": ("moe_shared_expert_intermediate_size", int),
        "--moe-layer-freq": ("moe_layer_freq", lambda v: __import__("ast").literal_eval(v)),
        "--moe-token-dispatcher-type": ("moe_token_dispatcher_type", str),
        "--context-parallel-size": ("context_parallel_size", int),
        "--cp-comm-type": ("cp_comm_type", str),
        "--expert-model-parallel-size": ("expert_model_parallel_size", int),
        "--expert-tensor-parallel-size": ("expert_tensor_parallel_size", int),
    }
    # Flags that are no TransformerConfig field: the data, the batch and the optimizer.
    elsewhere = {"--seq-length", "--max-position-embeddings", "--vocab-size", "--micro-batch-size",
                 "--global-batch-size", "--use-distributed-optimizer",
                 "--num-layers-per-virtual-pipeline-stage",
                 # arguments.py's switch for --num-query-groups (which is the field)
                 "--group-query-attention"}
    unknown = set(flags) - set(fields) - elsewhere
    assert not unknown, f"flags the test does not map: {sorted(unknown)}"
    kwargs = {fields[f][0]: fields[f][1](v) for f, v in flags.items() if f in fields}
    if "--num-layers-per-virtual-pipeline-stage" in flags:
        per_rank = int(flags["--num-layers"]) // int(flags["--pipeline-model-parallel-size"])
        kwargs["virtual_pipeline_model_parallel_size"] = (
            per_rank // int(flags["--num-layers-per-virtual-pipeline-stage"]))
    if "--num-experts" in flags:
        # An architecture flag, given beside flexc's (src/megatron_args.rs): the Llama-style models
        # have no biases (--disable-bias-linear), which Megatron-Core's experts need at etp > 1.
        kwargs["add_bias_linear"] = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        config = TransformerConfig(params_dtype=dtype, pipeline_dtype=dtype, **kwargs)
    assert config.num_attention_heads % config.tensor_model_parallel_size == 0
    assert config.kv_channels * config.num_attention_heads == config.hidden_size
    # Megatron-LM's validate_args: the world over tp · pp · cp, a mixture of experts under tensor
    # parallelism with sequence parallelism, experts that ep divides; Megatron-Core's expert grid
    # (initialize_model_parallel): etp · ep · pp divides the world.
    model_parallel = (config.tensor_model_parallel_size * config.pipeline_model_parallel_size
                      * config.context_parallel_size)
    assert devices % model_parallel == 0, f"tp × pp × cp = {model_parallel} does not divide {devices} GPUs"
    if config.num_moe_experts is not None:
        assert config.tensor_model_parallel_size == 1 or config.sequence_parallel, \
            "When using MoE and tensor parallelism, sequence parallelism must be used."
        assert config.num_moe_experts % config.expert_model_parallel_size == 0
        grid = (config.expert_tensor_parallel_size * config.expert_model_parallel_size
                * config.pipeline_model_parallel_size)
        assert devices % grid == 0, f"etp × ep × pp = {grid} does not divide {devices} GPUs"
    if config.context_parallel_size > 1:
        # get_batch_on_this_cp_rank: every sequence in 2 · cp chunks.
        seq = int(flags["--seq-length"])
        assert seq % (2 * config.context_parallel_size) == 0, f"{seq} positions over 2 · cp"
    dp = devices // model_parallel
    mb, gb = int(flags["--micro-batch-size"]), int(flags["--global-batch-size"])
    micro_batches = ConstantNumMicroBatchesCalculator(gb, mb, dp, False, 0).get()
    assert micro_batches * mb * dp == gb, f"{micro_batches} micro-batches of {mb} over {dp} replicas"
    return config, micro_batches


def check_megatron_uneven():
    """Layers that the stages do not divide (issue 39's 60 layers over 8 stages): the 30-layer GPT of
    models/jax-large over pp=4, where flexc's stages hold 8+8+8+6 layers, exports as Megatron-Core's
    uneven first and last stages, which TransformerConfig accepts; the same flags with a last stage
    that breaks the split are refused by it (the check can fail)."""
    import gzip
    name = "gpt3.6b_mb16_s2048.train_sgd.stablehlo.generic.mlir"
    with tempfile.TemporaryDirectory(prefix="flexc-uneven-") as scratch:
        model = os.path.join(scratch, name)
        with gzip.open(os.path.join(ROOT, "models", "jax-large", name + ".gz"), "rb") as f, \
                open(model, "wb") as g:
            g.write(f.read())
        n = argument_count(model)
        cmd = [FLEXC, "--allow-unregistered-dialect", model, f"--data-args={n - 2},{n - 1}",
               "--machine=dgx-a100:1", "--batch=16", "--precision=bf16",
               "--strategy=megatron:tp=2,pp=4,m=8", "--emit=megatron-args"]
        run = subprocess.run(cmd, capture_output=True, text=True)
    assert run.returncode == 0, f"{' '.join(cmd)} failed:\n{run.stderr}"
    assert "warning" not in run.stderr, run.stderr
    flags = parse_flags(run.stdout)
    got = (flags.get("--decoder-first-pipeline-num-layers"), flags.get("--decoder-last-pipeline-num-layers"))
    assert got == ("8", "6"), f"uneven stages: {got}"
    try:
        config, micro_batches = megatron_validate(flags, 8)
    except ImportError as e:
        skip("megatron-core for uneven stages", e)
        return
    assert (config.num_layers_in_first_pipeline_stage, config.num_layers_in_last_pipeline_stage) == (8, 6)
    try:
        megatron_validate({**flags, "--decoder-last-pipeline-num-layers": "5"}, 8)
    except ValueError as e:
        print(f"ok megatron-core uneven stages 8+8+8+6 of gpt3.6b over pp=4, {micro_batches} micro-batches; "
              f"8+?+?+5 refused ({e})")
        return
    raise AssertionError("TransformerConfig accepted 25 middle layers over 2 stages")


def argument_count(path):
    """The arguments of the module's function (the data are the last two)."""
    import re
    with open(path) as f:
        for line in f:
            m = re.search(r"function_type = \(([^)]*)\)", line)
            if m:
                return len([t for t in m.group(1).split(", ") if t])
    raise AssertionError(f"no function type in {path}")


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
        config, read = torchtitan_validate(text, devices)
    except ImportError as e:
        skip(f"torchtitan for {spec}", e)
        return
    p = config.parallelism
    assert read == want, f"{spec}: torchtitan read {read}, expected {want}"
    assert config.training.seq_len == SEQ[model] and not p.enable_async_tensor_parallel
    # FSDP resharding after the forward is ZeRO-3; keeping the weights gathered is ZeRO-2.
    reshard = {"zero=3": "always", "zero=2": "never"}
    want_reshard = next((v for k, v in reshard.items() if k in spec), "default")
    assert p.fsdp_reshard_after_forward == want_reshard, f"{spec}: {p.fsdp_reshard_after_forward}"
    if p.pipeline_parallel_layers_per_stage is not None:
        # torchtitan's stage count (pipeline_llm): ceil((layers + first + last less) / per stage) = pp · vp.
        # (torchtitan.distributed.pipeline_parallel, which splits them, needs torchdata: not installed.)
        vp = 3
        weights = p.pipeline_parallel_first_stage_less_layers + p.pipeline_parallel_last_stage_less_layers
        stages = -(-(LAYERS[model] + weights) // p.pipeline_parallel_layers_per_stage)
        assert stages == p.pipeline_parallel_degree * vp, f"{spec}: {stages} stages"
    print(f"ok torchtitan ConfigManager {spec}: replicate={read[0]} shard={read[1]} tp={read[2]} "
          f"pp={read[3]} schedule={read[4]} ac={read[6]}")


def torchtitan_validate(text, devices):
    """torchtitan's own reading of the job config `text` run over `devices` GPUs: ConfigManager loads
    it from --job.config_file, ParallelDims checks that the degrees multiply to the world size, and the
    global batch is whole steps of the local batch over the data-parallel ranks. Returns (config, the
    degrees, schedule, micro-batch, checkpoint mode and batches read); raises ImportError when
    torchtitan does not import, another exception when it refuses the config."""
    try:
        from torchtitan.config import ConfigManager
        from torchtitan.distributed.parallel_dims import ParallelDims
    except Exception as e:  # noqa: BLE001 (any import failure is reported, not hidden)
        raise ImportError(f"{type(e).__name__}: {e}") from e
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
    # torchtitan's own check: the degrees multiply to the world size (cp counted), etp is tp or 1.
    dims = ParallelDims(dp_replicate=read[0], dp_shard=read[1], cp=p.context_parallel_degree, tp=read[2],
                        pp=read[3], ep=p.expert_parallel_degree, etp=p.expert_tensor_parallel_degree,
                        world_size=devices)
    if dims.ep > 1:
        # build_mesh's sparse mesh (pp, dp_replicate, efsdp, ep, etp) unflattens the world: efsdp whole.
        efsdp, rest = divmod(dims.dp_shard * dims.cp * dims.tp, dims.etp * dims.ep)
        assert rest == 0 and efsdp >= 1, f"efsdp = {dims.dp_shard}·{dims.cp}·{dims.tp}/({dims.etp}·{dims.ep})"
        assert dims.pp * dims.dp_replicate * efsdp * dims.ep * dims.etp == devices
    if dims.cp > 1:
        # fsdp_enabled: torchtitan shards the weights over dp_shard · cp; the head-tail balance.
        assert dims.fsdp_enabled
        assert config.training.seq_len % (2 * dims.cp) == 0
    if p.pipeline_parallel_degree > 1:
        torchtitan_stages(config, text)
    dp = read[0] * read[1]
    accumulation = read[8] // (read[7] * dp)
    assert accumulation >= 1 and accumulation * read[7] * dp == read[8], \
        f"a global batch of {read[8]} is no whole number of steps of {read[7]} over {dp} ranks"
    return config, read


def torchtitan_stages(config, text):
    """torchtitan's pipeline split of the model (pipeline_parallel.pipeline_llm's stage count, then its
    generate_llm_fqn_per_model_part), the layers read from flexc's comment line: raises as torchtitan
    would. The module imports torchdata (not installed), so the function is taken from its source
    alone (it uses nothing but builtins) and run as torchtitan wrote it."""
    import ast
    import importlib.util
    import math
    import re
    m = re.search(r"model read from the graph .*?: (\d+) layers", text)
    assert m, "no layer count in the job config's comment"
    layers = int(m.group(1))
    origin = importlib.util.find_spec("torchtitan").origin
    path = os.path.join(os.path.dirname(origin), "distributed", "pipeline_parallel.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    fn = next(n for n in tree.body
              if isinstance(n, ast.FunctionDef) and n.name == "generate_llm_fqn_per_model_part")
    space = {}
    exec(compile(ast.Module(body=[fn], type_ignores=[]), path, "exec"), space)
    p = config.parallelism
    first, last = p.pipeline_parallel_first_stage_less_layers, p.pipeline_parallel_last_stage_less_layers
    single = p.pipeline_parallel_schedule in ("1F1B", "GPipe")
    if p.pipeline_parallel_layers_per_stage is not None:
        stages = math.ceil((layers + first + last) / p.pipeline_parallel_layers_per_stage)
        assert stages % p.pipeline_parallel_degree == 0, f"{stages} stages over pp={p.pipeline_parallel_degree}"
        per_rank = stages // p.pipeline_parallel_degree
        assert per_rank == 1 if single else per_rank >= 2, f"{per_rank} stages per rank"
    else:
        stages = p.pipeline_parallel_degree * (1 if single else 2)
    parts = space["generate_llm_fqn_per_model_part"](stages, layers, first, last)
    assert len(parts) == stages and all(parts), f"{len(parts)} model parts for {stages} stages"
    return parts


def torchtitan_refuses_stages():
    """torchtitan's split refuses more stages than layers (the embedding and output one each): the
    interleaved job config of the 2-layer Llama (4 stages) said to hold 1 layer must fail."""
    text = flexc(LLAMA, 8, 32, "bf16", "megatron:tp=1,pp=2,vp=2,m=8,zero=3,recompute=full", "torchtitan")
    try:
        config, _ = torchtitan_validate(text, 8)
    except ImportError as e:
        skip("torchtitan's stage split", e)
        return
    assert len(torchtitan_stages(config, text)) == 4
    try:
        torchtitan_stages(config, text.replace(": 2 layers", ": 1 layers"))
    except ValueError as e:
        print(f"ok torchtitan refuses 4 stages of 1 layer ({e})")
        return
    raise AssertionError("torchtitan's split accepted 4 stages for 1 layer")


def maxtext_problems(cfg, devices, per_node):
    """What MaxText would refuse in `cfg` over `devices` GPUs in nodes of `per_node`: keys base.yml
    does not have, types it does not give them, values its enums do not take, and the checks of its
    config (types.py): ICI × DCN mesh, pipeline layers and micro-batches."""
    problems = []
    for key, value in cfg.items():
        want = MAXTEXT_BASE_KEYS.get(key) or MAXTEXT_LOADER_KEYS.get(key)
        if want is None:
            problems.append(f"{key}: not a key of MaxText's base.yml")
        elif type(value) is not want:
            problems.append(f"{key}: {value!r} is {type(value).__name__}, base.yml has {want.__name__}")
        elif key in MAXTEXT_VALUES and value not in MAXTEXT_VALUES[key]:
            problems.append(f"{key}: {value!r} is none of MaxText's {sorted(MAXTEXT_VALUES[key])}")
    if problems:
        return problems
    full = dict(MAXTEXT_AXIS_DEFAULTS)
    full.update(cfg)
    ici = dcn = 1
    for axis in MAXTEXT_AXES:
        ici *= full.get(f"ici_{axis}_parallelism", 1)
        dcn *= full.get(f"dcn_{axis}_parallelism", 1)
    if ici <= 0 or dcn <= 0:
        problems.append(f"an axis left to MaxText (-1): ici {ici}, dcn {dcn}")
    nodes = max(1, devices // per_node)
    if ici != min(devices, per_node) or dcn != nodes:
        problems.append(f"mesh: ICI {ici} × DCN {dcn}, the machine {min(devices, per_node)} per node × {nodes}")
    stages = full.get("ici_pipeline_parallelism", 1) * full.get("dcn_pipeline_parallelism", 1)
    if stages > 1:
        per_stage = full.get("num_layers_per_pipeline_stage", 1)
        repeats, rest = divmod(cfg["base_num_decoder_layers"], stages * per_stage)
        if rest or repeats < 1:
            problems.append(f"{cfg['base_num_decoder_layers']} layers over {stages} stages × {per_stage} per stage")
        m = full.get("num_pipeline_microbatches", -1)
        if m == -1:
            m = stages
        batch = int(full["per_device_batch_size"] * devices)
        if m % stages or batch % m:
            problems.append(f"{m} micro-batches over {stages} stages and a batch of {batch}")
    if cfg.get("num_experts", 1) > 1:
        experts = full.get("ici_expert_parallelism", 1) * full.get("dcn_expert_parallelism", 1)
        if cfg["num_experts"] % experts:
            problems.append(f"{cfg['num_experts']} experts over {experts} expert ranks")
        # base.yml: "For a fully MoE model, base_mlp_dim must be equal to base_moe_mlp_dim."
        if cfg.get("first_num_dense_layers", 0) == 0 and cfg["base_mlp_dim"] != cfg.get("base_moe_mlp_dim"):
            problems.append("an all-experts model's base_mlp_dim is not base_moe_mlp_dim")
    if cfg["base_emb_dim"] != cfg["base_num_query_heads"] * cfg["head_dim"]:
        problems.append("base_emb_dim is not heads × head_dim")
    return problems


def check_maxtext(model, machine, devices, batch, precision, spec, want):
    import yaml
    args = (model, devices, batch, precision, spec, "maxtext")
    text = flexc(*args) if machine is None else flexc(*args, machine=machine)
    cfg = yaml.safe_load(text)
    got = {k: cfg.get(k) for k in want}
    assert got == want, f"{spec}: {got} != {want}"
    problems = maxtext_problems(cfg, devices, GPUS_PER_NODE)
    assert not problems, f"{spec}: {problems}"
    forward = int(cfg["per_device_batch_size"] * devices)
    total = forward * cfg["gradient_accumulation_steps"]
    assert batch is None or total == batch, f"{spec}: MaxText trains on {total} samples, the plan {batch}"
    assert cfg["max_target_length"] == SEQ[model]
    print(f"ok maxtext base.yml keys {spec}: {len(cfg)} keys, batch {total}")


def maxtext_validates():
    """The checks above can fail: a misspelt key, an int where base.yml has a float, a remat policy
    MaxText does not name, a mesh that does not fill the machine, layers the stages do not divide."""
    import yaml
    cfg = yaml.safe_load(flexc(LLAMA, 8, 16, "bf16", "megatron:tp=2,pp=2,order=gpipe,m=2,zero=3", "maxtext"))
    wrong = [
        ({"ici_tensor_paralelism": 2}, "not a key"),
        ({"per_device_batch_size": 2}, "base.yml has float"),
        ({"remat_policy": "none"}, "none of MaxText's"),
        ({"ici_fsdp_parallelism": 4}, "mesh"),
        ({"num_layers_per_pipeline_stage": 2, "base_num_decoder_layers": 3}, "layers over"),
        ({"num_pipeline_microbatches": 3}, "micro-batches over"),
    ]
    for change, expected in wrong:
        problems = maxtext_problems({**cfg, **change}, 8, GPUS_PER_NODE)
        assert any(expected in p for p in problems), f"{change}: {problems}"
    print(f"ok maxtext checks refuse {len(wrong)} wrong configurations")


def check_ep_cp():
    """Expert and context parallelism written by each export and read back by the engine's own
    validator: Megatron-Core's TransformerConfig (with Megatron-LM's checks of experts and context
    ranks), torchtitan's ConfigManager and ParallelDims (its sparse mesh), MaxText's base.yml keys."""
    for model, devices, batch, precision, spec, want in MEGATRON_EP_CP:
        flags = parse_flags(flexc(model, devices, batch, precision, spec, "megatron-args"))
        got = {k: flags.get(k) for k in want}
        assert got == want, f"{spec}: {got} != {want}"
        try:
            config, micro_batches = megatron_validate(flags, devices)
        except ImportError as e:
            skip(f"megatron-core for {spec}", e)
            continue
        print(f"ok megatron-core TransformerConfig {spec}: ep={config.expert_model_parallel_size} "
              f"etp={config.expert_tensor_parallel_size} cp={config.context_parallel_size} "
              f"experts={config.num_moe_experts} micro-batches={micro_batches}")
    for model, devices, batch, precision, spec, want in TORCHTITAN_EP_CP:
        text = flexc(model, devices, batch, precision, spec, "torchtitan")
        import tomllib
        par = tomllib.loads(text)["parallelism"]
        got = {k: par.get(k) for k in want}
        assert got == want, f"{spec}: {got} != {want}"
        try:
            config, read = torchtitan_validate(text, devices)
        except ImportError as e:
            skip(f"torchtitan for {spec}", e)
            continue
        p = config.parallelism
        assert {k: getattr(p, k) for k in want} == want, f"{spec}: torchtitan read {p}"
        print(f"ok torchtitan ConfigManager + ParallelDims {spec}: cp={p.context_parallel_degree} "
              f"ep={p.expert_parallel_degree} etp={p.expert_tensor_parallel_degree}")
    import yaml
    for model, devices, batch, precision, spec, want in MAXTEXT_EP_CP:
        cfg = yaml.safe_load(flexc(model, devices, batch, precision, spec, "maxtext"))
        got = {k: cfg.get(k) for k in want}
        assert got == want, f"{spec}: {got} != {want}"
        problems = maxtext_problems(cfg, devices, GPUS_PER_NODE)
        assert not problems, f"{spec}: {problems}"
        print(f"ok maxtext base.yml keys {spec}: {len(cfg)} keys")
    # The checks can fail: experts that the expert axis does not divide, an all-experts model whose
    # dense and expert widths differ, a context strategy MaxText does not name.
    cfg = yaml.safe_load(flexc(*MAXTEXT_EP_CP[0][:5], "maxtext"))
    for change, expected in [({"num_experts": 3}, "experts over"), ({"base_mlp_dim": 64}, "base_moe_mlp_dim"),
                             ({"context_parallel_strategy": "p2p"}, "none of MaxText's")]:
        problems = maxtext_problems({**cfg, **change}, 4, GPUS_PER_NODE)
        assert any(expected in p for p in problems), f"{change}: {problems}"
    print("ok maxtext checks refuse 3 wrong expert and context configurations")


def main():
    assert os.path.exists(FLEXC), f"no flexc at {FLEXC} (cargo build --bin flexc, or set $FLEXC)"
    for case in MEGATRON:
        check_megatron(*case)
    megatron_validates()
    check_megatron_uneven()
    for case in TORCHTITAN:
        check_torchtitan(*case)
    torchtitan_refuses_stages()
    for case in MAXTEXT:
        check_maxtext(*case)
    maxtext_validates()
    check_ep_cp()
    if SKIPPED and "--require" in sys.argv[1:]:
        raise SystemExit(f"test_engine_configs: --require, but skipped: {', '.join(SKIPPED)}")
    if SKIPPED:
        print(f"test_engine_configs: passed, but {len(SKIPPED)} framework checks skipped "
              f"(install them with tools/setup): {', '.join(SKIPPED)}")
    else:
        print("test_engine_configs: passed")


if __name__ == "__main__":
    main()
