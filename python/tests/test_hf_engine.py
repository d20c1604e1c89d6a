#!/usr/bin/env python3
"""Stock Hugging Face models under flexc's PyTorch plans (issue 42): transformers' `GPT2LMHeadModel`,
`LlamaForCausalLM` and `Qwen2ForCausalLM` (grouped-query attention: 4 query heads, 2 key/value heads)
built from small configs (2 layers, width 128, vocabulary 256, no weights downloaded), in train mode,
exported by `flexc.torch.plan` with no workaround — the default attention-mask code (a cumsum over
the position ids), Llama's and Qwen2's non-persistent rotary buffer `inv_freq`, GPT-2's default
dropout (torch-mlir's RNG seed, `ml_program.global_load`) — planned by the default search and by
Megatron-LM's `megatron:tp=2`, and run for one step on 2 and 4 gloo processes against one process
(`test_torch_engine.check`: loss and every gradient within 1e-5). Megatron's plans put SwiGLU's
`gate_proj` and `up_proj` together (src/torch.rs) and split GPT-2's `Conv1D` MLP with its `[in, out]`
weights (`transposed`). The first check is that a normal `pip install ./python` finds this checkout's
binary with neither $FLEXC nor PATH.

The engine runs use the models with dropout 0 (a random mask differs between one process and several);
GPT-2 with its default dropout (0.1) is planned too, to check that it imports.

  python/tests/test_hf_engine.py [--quick | --all]  # --quick: GPT-2 and Llama on 2 processes only;
                                                    # --all: every model x plan on 2 and 4 processes
"""
import os
import sys

# The ranks' module hooks see transformers' output dataclasses: torch's note about it is noise here.
os.environ.setdefault("PYTHONWARNINGS", "ignore:For backward hooks to be called")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

import test_torch_engine as engine  # noqa: E402  (puts python/ first on sys.path)
import flexc.torch  # noqa: E402

from transformers import (GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM,  # noqa: E402
                          Qwen2Config, Qwen2ForCausalLM)


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


def main():
    gpt, llama_, qwen = case("gpt2", gpt2), case("llama", llama), case("qwen2 (GQA)", qwen2)
    # The default (tools/test, about 2.5 minutes here): both plans on 2 processes, Megatron's 2 x 2 on
    # 4 for Llama, Megatron's on 2 for Qwen2; --all adds the rest of the grid (about 5 minutes).
    runs = [(c, 2, s) for c in (gpt, llama_) for s in (None, "megatron:tp=2")]
    if "--quick" not in sys.argv:
        runs += [(llama_, 4, "megatron:tp=2,dp=2"), (qwen, 2, "megatron:tp=2")]
    if "--all" in sys.argv:
        runs += [(gpt, 4, None), (llama_, 4, None), (gpt, 4, "megatron:tp=2,dp=2"), (qwen, 2, None)]
    ok = binary_found_after_install()
    ok = imports_with_dropout() and ok
    records = [engine.check(c, world, strategy, machine="dgx-h100:1") for c, world, strategy in runs]
    failed = [r for r in records if not r["ok"]]
    off = ", ".join("{} on {} ({})".format(r["model"], r["world"], r["asked"]) for r in failed)
    print(f"hugging face engine check: {len(records) - len(failed)} of {len(records)} runs match"
          + (f"; OFF: {off}" if failed else ""))
    return 0 if ok and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
