#!/usr/bin/env python3
"""Stock Hugging Face models under flexc's PyTorch plans (issue 42): transformers' `GPT2LMHeadModel`,
`LlamaForCausalLM`, `Qwen2ForCausalLM` (grouped-query attention: 4 query heads, 2 key/value heads),
`BertForMaskedLM` and `MistralForCausalLM` (grouped-query attention, a sliding window of 8 tokens)
built from small configs (2 layers, width 128, vocabulary 256, no weights downloaded), exported by
`flexc.torch.plan` with no workaround — the default attention-mask code (a cumsum over the position
ids), the non-persistent buffers (rotary `inv_freq`, BERT's `token_type_ids`), GPT-2's default dropout
(torch-mlir's RNG seed, `ml_program.global_load`), attention's batched matmuls (their heads restored,
src/torch.rs and python/flexc/torch.py) — planned by the default search and by Megatron-LM's specs,
and run for one step on 2 and 4 gloo processes against one process (`test_torch_engine.check`: loss
and every gradient within 1e-5). Megatron's plans split q/k/v column-wise and o row-wise (paired
through the attention), SwiGLU's `gate_proj` and `up_proj` together, and GPT-2's `Conv1D` MLP with its
`[in, out]` weights (`transposed`). GPT-2 also runs as two pipeline stages (`megatron:tp=1,pp=2,m=2`):
its tied `lm_head.weight`/`transformer.wte.weight` is a copy in each stage, the gradients summed over
the pipeline group by `Pipelined.step`; a plan that would split the tied weight's module over tp inside
stages is refused (`tied_split_refused`). BERT (with its default dropout 0.1) and Mistral are planned in
train and in eval mode. The first check is that a normal `pip install ./python` finds this checkout's
binary with neither $FLEXC nor PATH.

The engine runs use the models with dropout 0 (a random mask differs between one process and several),
and BERT with its default dropout in eval mode (where dropout is off).

  python/tests/test_hf_engine.py [--quick | --all] [--only MODEL,...]
      # default (tools/test): 12 runs; --quick: GPT-2 and Llama on 2 processes only; --all: every model
      # under the default search and every spec of SPECS on 2 and 4 processes; --only: those models
      # (gpt2, llama, qwen2, qwen3, bert, mistral, opt, gemma, phi, gpt-neox, roberta)
"""
import functools
import os
import sys

# The ranks' module hooks see transformers' output dataclasses: torch's note about it is noise here.
os.environ.setdefault("PYTHONWARNINGS", "ignore:For backward hooks to be called")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

import test_torch_engine as engine  # noqa: E402  (puts python/ first on sys.path)
import flexc.torch  # noqa: E402

from transformers import (BertConfig, BertForMaskedLM, GemmaConfig, GemmaForCausalLM,  # noqa: E402
                          GPT2Config, GPT2LMHeadModel, GPTNeoXConfig, GPTNeoXForCausalLM,
                          LlamaConfig, LlamaForCausalLM, MistralConfig, MistralForCausalLM, OPTConfig,
                          OPTForCausalLM, PhiConfig, PhiForCausalLM, Qwen2Config, Qwen2ForCausalLM,
                          Qwen3Config, Qwen3ForCausalLM, RobertaConfig, RobertaForMaskedLM)


class Logits:
    """A causal LM returning its logits (`forward(input_ids) -> logits`), parameters named as
    transformers names them. The worker loads the state dict with `assign=True`, which puts a
    parameter of its own in each name: GPT-2's `lm_head.weight` is tied to `transformer.wte.weight`
    again after loading, as transformers ties them."""

    def forward(self, ids):
        return super().forward(ids).logits

    def load_state_dict(self, *args, **kwargs):
        result = super().load_state_dict(*args, **kwargs)
        self.tie_weights()
        return result


class GPT2(Logits, GPT2LMHeadModel):
    pass


class Llama(Logits, LlamaForCausalLM):
    pass


class Qwen2(Logits, Qwen2ForCausalLM):
    pass


class Bert(Logits, BertForMaskedLM):
    pass


class Mistral(Logits, MistralForCausalLM):
    pass


class Qwen3(Logits, Qwen3ForCausalLM):
    pass


class OPT(Logits, OPTForCausalLM):
    pass


class Gemma(Logits, GemmaForCausalLM):
    pass


class Phi(Logits, PhiForCausalLM):
    pass


class NeoX(Logits, GPTNeoXForCausalLM):
    pass


class Roberta(Logits, RobertaForMaskedLM):
    pass


LAYERS = dict(num_hidden_layers=2, hidden_size=128, intermediate_size=256, num_attention_heads=4,
              max_position_embeddings=64)


def qwen3():
    """Qwen3: GQA with a per-head RMSNorm of q and k (`q_norm`, `k_norm`, weights over the head dim):
    a heads split would leave each rank a share of those weights' gradients, so q/k/v gather."""
    with torch.device("cpu"):
        return Qwen3(Qwen3Config(num_key_value_heads=2, head_dim=32, **LAYERS, **COMMON)).train()


def opt():
    """OPT: its attention reshapes with the head count it holds (`view(bsz, -1, num_heads, head_dim)`),
    which would read a rank's heads as a shorter sequence: python/flexc/torch.py unpairs it."""
    config = OPTConfig(num_hidden_layers=2, hidden_size=128, ffn_dim=256, num_attention_heads=4,
                       max_position_embeddings=64, word_embed_proj_dim=128, dropout=0.0,
                       attention_dropout=0.0, **COMMON)
    with torch.device("cpu"):
        return OPT(config).train()


def gemma():
    with torch.device("cpu"):
        return Gemma(GemmaConfig(num_key_value_heads=2, head_dim=32, **LAYERS, **COMMON)).train()


def phi():
    config = PhiConfig(resid_pdrop=0.0, embd_pdrop=0.0, attention_dropout=0.0, **LAYERS, **COMMON)
    with torch.device("cpu"):
        return Phi(config).train()


def neox():
    """GPT-NeoX: a fused `query_key_value` laid out per head (`[heads, 3 * head_dim]`), so a heads
    split pairs it with `dense`."""
    config = GPTNeoXConfig(hidden_dropout=0.0, attention_dropout=0.0, **LAYERS, **COMMON)
    with torch.device("cpu"):
        return NeoX(config).train()


def roberta():
    config = RobertaConfig(hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0, vocab_size=256,
                           **LAYERS)
    with torch.device("cpu"):
        return Roberta(config).train()


COMMON = dict(vocab_size=256, use_cache=False, bos_token_id=0, eos_token_id=0)


def gpt2(dropout=0.0):
    config = GPT2Config(n_layer=2, n_embd=128, n_head=4, n_positions=64, resid_pdrop=dropout,
                        embd_pdrop=dropout, attn_pdrop=dropout, **COMMON)
    # The worker builds the model under `torch.device("meta")` and loads the state dict into it; the
    # non-persistent buffers are no part of that dict, so they are made on the CPU.
    with torch.device("cpu"):
        return GPT2(config).train()


def llama():
    config = LlamaConfig(num_hidden_layers=2, hidden_size=128, intermediate_size=256,
                         num_attention_heads=4, num_key_value_heads=4, max_position_embeddings=64,
                         **COMMON)
    with torch.device("cpu"):
        return Llama(config).train()


def qwen2():
    config = Qwen2Config(num_hidden_layers=2, hidden_size=128, intermediate_size=256,
                         num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64,
                         **COMMON)
    with torch.device("cpu"):
        return Qwen2(config).train()


def bert(dropout=0.0, train=True):
    """BERT's masked-LM head on a 2-layer encoder (bidirectional attention, learned positions, token
    types, GELU MLP, the decoder tied to the word embeddings)."""
    config = BertConfig(num_hidden_layers=2, hidden_size=128, intermediate_size=256,
                        num_attention_heads=4, max_position_embeddings=64, vocab_size=256,
                        hidden_dropout_prob=dropout, attention_probs_dropout_prob=dropout)
    with torch.device("cpu"):
        return Bert(config).train(train)


def mistral(train=True):
    """Mistral: grouped-query attention (4 query heads, 2 key/value heads), SwiGLU, a sliding window of
    8 tokens over the 16 of the batch (the mask differs from the causal one)."""
    config = MistralConfig(num_hidden_layers=2, hidden_size=128, intermediate_size=256,
                           num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64,
                           sliding_window=8, **COMMON)
    with torch.device("cpu"):
        return Mistral(config).train(train)


def case(name, make):
    torch.manual_seed(1)
    ids = torch.randint(0, 256, (8, 16))
    return name, make, engine.next_token, (ids, torch.roll(ids, -1, 1))


def imports_with_dropout():
    """GPT-2 with its default dropout plans (no engine run: the masks are random)."""
    torch.manual_seed(0)
    model = GPT2(GPT2Config(n_layer=2, n_embd=128, n_head=4, n_positions=64, **COMMON)).train()
    result = flexc.torch.plan(model, (torch.randint(0, 256, (8, 16)),), world_size=2,
                              machine="dgx-h100:1", budget=engine.BUDGET, seed=0)
    print(f"gpt2 with dropout 0.1: plans (mesh {result['mesh']['shape']}, {len(result['plan'])} styles)")
    return True


def plans_in_both_modes():
    """BERT with its default dropout (0.1) and Mistral plan in train and in eval mode, searched and
    under Megatron's tp=2, with no flexc option beyond plan()'s defaults (no --opaque-unknown)."""
    ids = (torch.randint(0, 256, (8, 16)),)
    ok = True
    for name, make in (("bert (dropout 0.1)", functools.partial(bert, dropout=0.1)), ("mistral", mistral)):
        for train in (True, False):
            for strategy in (None, "megatron:tp=2"):
                torch.manual_seed(0)
                model = make(train=train)
                try:
                    result = flexc.torch.plan(model, ids, world_size=2, machine="dgx-h100:1",
                                              strategy=strategy, budget=None if strategy else engine.BUDGET,
                                              seed=0)
                    said = f"mesh {result['mesh']['shape']}, {len(result['plan'])} styles"
                except flexc.FlexcError as e:
                    ok, said = False, f"OFF: {str(e)[-400:]}"
                mode = "train" if train else "eval"
                print(f"{name} in {mode} mode ({strategy or 'searched'}): plans ({said})")
    return ok


def binary_found_after_install():
    """Issue 42's first step: after a normal (non-editable) `pip install ./python`, with $FLEXC unset
    and no flexc on PATH, the package finds this checkout's cargo build, recorded at install."""
    import shutil
    import subprocess
    import tempfile

    python_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
    leftovers = [os.path.join(python_dir, n) for n in ("build", "flexc.egg-info")]
    existed = [os.path.exists(p) for p in leftovers]
    with tempfile.TemporaryDirectory(prefix="flexc-install-") as target:
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                               "--no-deps", "--no-build-isolation", "--target", target, python_dir],
                              capture_output=True, text=True)
        for path, was in zip(leftovers, existed):
            if not was:
                shutil.rmtree(path, ignore_errors=True)
        if done.returncode != 0:
            print(f"pip install ./python failed:\n{done.stderr}")
            return False
        env = {k: v for k, v in os.environ.items() if k not in ("FLEXC", "PYTHONPATH")}
        env["PATH"] = "/usr/bin:/bin"
        found = subprocess.run([sys.executable, "-c", "import flexc; print(flexc.binary())"],
                               capture_output=True, text=True, env=env, cwd=target)
        expected = os.path.dirname(os.path.abspath(os.path.join(python_dir, os.pardir, "Cargo.toml")))
        ok = found.returncode == 0 and found.stdout.strip().startswith(os.path.join(expected, "target"))
        print(f"binary after pip install ./python: {found.stdout.strip() or found.stderr.strip()[-300:]} "
              f"({'ok' if ok else 'OFF'})")
        return ok


# Megatron-LM's specs plan() is asked for on each process count (besides the default search): tensor
# parallelism over all of them, data parallelism alone, and 2-way tensor parallelism inside data
# parallelism.
SPECS = {2: ["megatron:tp=2", "megatron:dp=2"],
         4: ["megatron:tp=4", "megatron:tp=2,dp=2", "megatron:dp=4"]}


def tied_split_refused():
    """A pipeline plan that would split a tied parameter's module over tp (GPT-2's `transformer.wte`,
    whose weight is `lm_head.weight` too) is refused by `apply`, naming the tied parameter: only one
    module's copy would be split (in one process: the check comes before any collective)."""

    class Dim:
        def size(self):
            return 2

    model = gpt2()
    result = {"plan": {"transformer.wte": "RowwiseParallel"},
              "pipeline": {"micro_batches": 2, "split_points": ["transformer.h.1"], "stages": 2, "chunks": 1}}
    mesh = {"tp": Dim(), "pp": Dim(), "dp": Dim()}
    try:
        flexc.torch._pipeline(model, result, mesh, torch.device("cpu"), (torch.zeros(4, 16, dtype=torch.long),),
                              engine.token_loss)
    except flexc.FlexcError as e:
        ok = "transformer.wte.weight" in str(e) and "lm_head.weight" in str(e) and "tied" in str(e)
        print(f"{'ok' if ok else 'OFF'} tied parameter split in a pipeline refused: {e}")
        return ok
    print("OFF: a pipeline splitting GPT-2's tied wte over tp was accepted")
    return False


def main():
    gpt, llama_, qwen = case("gpt2", gpt2), case("llama", llama), case("qwen2 (GQA)", qwen2)
    bert_, mistral_ = case("bert", bert), case("mistral (GQA, sliding window)", mistral)
    # BERT in eval mode with its default dropout (off in eval mode: the step is deterministic).
    bert_eval = case("bert (eval, dropout 0.1)", functools.partial(bert, dropout=0.1, train=False))
    # The default (tools/test, about 4.5 minutes here): both plans on 2 processes for GPT-2 and Llama,
    # Megatron's 2 x 2 on 4 for Llama and BERT, Megatron's on 2 for Qwen2, Mistral, Qwen3, OPT and BERT
    # in eval mode, Mistral's tp=4 on 4; --all: every model but the last four under the default search
    # and every spec of SPECS on 2 and 4 processes, Gemma, Phi, GPT-NeoX and RoBERTa under Megatron's
    # tp=2 on 2 (about 16 minutes).
    qwen3_, opt_ = case("qwen3 (per-head norms)", qwen3), case("opt (fixed head count)", opt)
    more = [case(n, f) for n, f in (("gemma", gemma), ("phi", phi), ("gpt-neox", neox),
                                     ("roberta", roberta))]
    runs = [(c, 2, s) for c in (gpt, llama_) for s in (None, "megatron:tp=2")]
    if "--quick" not in sys.argv:
        runs += [(llama_, 4, "megatron:tp=2,dp=2"), (qwen, 2, "megatron:tp=2"),
                 (bert_, 4, "megatron:tp=2,dp=2"), (bert_eval, 2, "megatron:tp=2"),
                 (mistral_, 2, "megatron:tp=2"), (mistral_, 4, "megatron:tp=4"),
                 (qwen3_, 2, "megatron:tp=2"), (opt_, 2, "megatron:tp=2"),
                 # GPT-2's tied lm_head/wte under a pipeline (issue 39): a copy in each stage, the
                 # gradients summed over pp by Pipelined.step.
                 (gpt, 2, "megatron:tp=1,pp=2,m=2"),
                 # Sequence parallelism (issue 39): the RMS norms on each rank's share of the sequence,
                 # attention's and the MLP's inputs gathered at self_attn and mlp.
                 (llama_, 2, "megatron:tp=2,sp=on")]
    if "--all" in sys.argv:
        grid = [(c, world, s) for c in (gpt, llama_, qwen, bert_, mistral_)
                for world in (2, 4) for s in [None] + SPECS[world]]
        grid += [(c, 2, "megatron:tp=2") for c in more]
        grid += [(gpt, 4, "megatron:tp=1,pp=2,dp=2,m=2,zero=3"), (gpt, 4, "megatron:tp=2,pp=2,m=2")]
        runs += [run for run in grid if run not in runs]
    if "--only" in sys.argv:
        wanted = sys.argv[sys.argv.index("--only") + 1].split(",")
        runs = [run for run in runs if run[0][0].split()[0] in wanted]
    ok = binary_found_after_install() if "--only" not in sys.argv else True
    ok = imports_with_dropout() and ok
    ok = plans_in_both_modes() and ok
    ok = tied_split_refused() and ok
    records = [engine.check(c, world, strategy, machine="dgx-h100:1") for c, world, strategy in runs]
    failed = [r for r in records if not r["ok"]]
    off = ", ".join("{} on {} ({})".format(r["model"], r["world"], r["asked"]) for r in failed)
    print(f"hugging face engine check: {len(records) - len(failed)} of {len(records)} runs match "
          f"(largest loss error {max((r['loss'] for r in records), default=0.0):.1e}, largest gradient "
          f"error {max((r['grads'] for r in records), default=0.0):.1e})"
          + (f"; OFF: {off}" if failed else ""))
    return 0 if ok and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
