#!/usr/bin/env python3
"""The engine check of flexc's PyTorch plans (issue 27): small training steps run by
`torch.distributed` (gloo, CPU, `torch.multiprocessing.spawn`) on 2 and 4 processes under the plans
`flexc.torch.plan` returns, against the same step in one process.

Each model is a plain `nn.Module`, exported by `flexc.torch.plan` itself (torch-mlir's FX importer,
parameters named as `named_parameters()` names them): a two-layer MLP (`fc1`, `fc2`; batch 8 x 64,
MSE), the same MLP returning its hidden activations too (a loss on both: its styles are no pair, so the
plan's layouts exchange whole tensors), and a small GPT (2 pre-LN blocks with separate q/k/v/o projections, d_model 64, 4 heads, an MLP of
256, vocabulary 256, batch 8 x 16 tokens, next-token cross-entropy), each under the searched plan and
under Megatron-LM's (`--strategy=megatron:...`, tensor parallel with and without data parallel and
ZeRO-3), and the GPT under plain data parallelism and under pipelines (Megatron's `pp=2` with one
device per stage: 1F1B, GPipe, interleaved, and over two FSDP replicas), then the rest of what `apply`
runs on 4 processes: tp=2 inside each of 2 pipeline stages, pp=2 x dp=2 with ZeRO-1 and selective
checkpointing, and tp=2 x dp=2 with ZeRO-1 and full checkpointing; `check_checkpointing` checks in one
process that checkpointing recomputes what it says; tp=2 with sequence parallelism on 2 processes and
inside 2 pipeline stages on 4 (a block's backward counted op by op). Per run it prints the plan (mesh, styles, the
layouts of unpaired styles, flexc's warnings) and the error of the loss and of every gradient against
the single-process step (max |a - b| / max(|b|, floor), the floor 1e-6 for the loss and a thousandth of
the largest gradient for gradients; tolerance TOLERANCE: f32 sums in another order). Exit 1 when any result is off or flexc fails.

Styles on CPU: `ColwiseParallel`/`RowwiseParallel` need all-gather and all-reduce, FSDP's
`fully_shard` all-gather and reduce-scatter, `replicate` all-reduce; gloo has them all here (torch
2.15), so every style flexc exports is run; so do the pipelines' sends and receives
(`torch.distributed.pipelining`: plain and interleaved 1F1B, GPipe, with replication or FSDP over the
replicas; inside a pipeline stage tensor parallelism runs on local shards with `flexc::tp_*` custom
ops, all-reduce and all-gather). Sequence parallelism (`megatron:tp=2,sp=on`, on a mesh and inside
pipeline stages) runs on local shards too: the norms on each tp rank's share of the sequence, all-gathers
into and reduce-scatters out of the tensor-parallel regions (`flexc::tp_sequence_gather`,
`tp_reduce_scatter`).

  python/tests/test_torch_engine.py [--quick] [--doc PATH]   # --quick: the MLP only; --doc: the runs
                                                             # as Markdown (docs/torch-engine.md)
  python/tests/test_torch_engine.py --gpt2-small [--world N] [--doc PATH]  # GPT-2 small on N (8) processes under
                                          # flexc's plan and Megatron's (docs/torch-gpt2-small.md)
"""
import functools
import logging
import os
import re
import socket
import sys
import tempfile
import time
import warnings

# This checkout's package (python/), ahead of any installed one (see test_jax_engine.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.multiprocessing as mp  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import flexc.torch  # noqa: E402

TOLERANCE = 1e-5
BUDGET = "400"


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 128)
        self.fc2 = nn.Linear(128, 64)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


class MLPWithHidden(MLP):
    """The MLP that also returns its hidden activations: `fc1`'s output is a result as well as `fc2`'s
    input, so its shard cannot pass to `fc2` (src/torch.rs): the plan gathers it and `fc2` slices."""

    def forward(self, x):
        hidden = torch.relu(self.fc1(x))
        return self.fc2(hidden), hidden


class Attention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.head = width // heads
        self.q, self.k, self.v, self.o = (nn.Linear(width, width) for _ in range(4))

    def forward(self, x):
        batch, seq, _ = x.shape
        # -1 heads: under tensor parallelism a rank holds its share of the heads.
        q, k, v = (p(x).view(batch, seq, -1, self.head).transpose(1, 2) for p in (self.q, self.k, self.v))
        scores = (q @ k.transpose(-1, -2)) * self.head ** -0.5
        causal = torch.ones(seq, seq, dtype=torch.bool).tril()
        y = scores.masked_fill(~causal, float("-inf")).softmax(-1) @ v
        return self.o(y.transpose(1, 2).reshape(batch, seq, -1))


class Block(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.ln_1, self.ln_2 = nn.LayerNorm(width), nn.LayerNorm(width)
        self.attn = Attention(width, heads)
        self.fc, self.proj = nn.Linear(width, 4 * width), nn.Linear(4 * width, width)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.proj(F.gelu(self.fc(self.ln_2(x))))


class GPT(nn.Module):
    def __init__(self, vocab=256, width=64, heads=4, layers=2, seq=16):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(vocab, width), nn.Embedding(seq, width)
        self.blocks = nn.ModuleList(Block(width, heads) for _ in range(layers))
        self.ln_f = nn.LayerNorm(width)
        self.lm_head = nn.Linear(width, vocab, bias=False)

    def forward(self, ids):
        x = self.wte(ids) + self.wpe(torch.arange(ids.shape[1]))
        for block in self.blocks:
            x = block(x)
        return self.lm_head(self.ln_f(x))


def mse(model, x, y):
    return F.mse_loss(model(x), y)


def token_loss(logits, labels):
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), labels.reshape(-1))


def next_token(model, ids, labels):
    return token_loss(model(ids), labels)


# The loss of a model's output, for the last stage of a pipeline.
HEAD_LOSS = {mse: F.mse_loss, next_token: token_loss}


def mse_and_hidden(model, x, y):
    out, hidden = model(x)
    return F.mse_loss(out, y) + 0.1 * hidden.square().mean()


def hidden_case():
    torch.manual_seed(3)
    return "mlp+hidden", MLPWithHidden, mse_and_hidden, (torch.randn(8, 64), torch.randn(8, 64))


def mlp_case():
    torch.manual_seed(0)
    return "mlp", MLP, mse, (torch.randn(8, 64), torch.randn(8, 64))


def gpt_case():
    torch.manual_seed(1)
    ids = torch.randint(0, 256, (8, 16))
    return "gpt", GPT, next_token, (ids, torch.roll(ids, -1, 1))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker(rank, world, port, make, loss_fn, weights, batch, result, out, measure=False):
    """One rank: the model as the plan says, its dp share of the batch, one forward and backward (a
    pipelined plan: one step of its schedule, the loss `HEAD_LOSS[loss_fn]` of the last stage's
    output); each rank of dp rank 0 saves the loss (averaged over dp) and the whole gradients of its
    parameters to `out.RANK`; `measure`: the first step's collectives are counted (`CommDebugMode`) and
    a second step is timed."""
    from torch.distributed.tensor.debug import CommDebugMode

    torch.set_num_threads(1)
    # PyTorch's advice on in-place ops and on two-step gathers is about performance, not results: the
    # check's output stays its own.
    warnings.filterwarnings("ignore", message="FSDP2-wrapped module")
    logging.getLogger("torch.distributed.tensor._redistribute").setLevel(logging.ERROR)
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo", rank=rank, world_size=world)
    try:
        # The initial weights mapped from one file that every rank shares (GPT-2 small's 163M
        # parameters would take 0.65 GB per rank twice over otherwise).
        with torch.device("meta"):
            model = make()
        model.load_state_dict(torch.load(weights, mmap=True), assign=True)
        whole = lambda t: t.full_tensor() if isinstance(t, torch.distributed.tensor.DTensor) else t  # noqa: E731
        dp = result["mesh"]["shape"][0]
        d = rank // (world // dp)  # the mesh's outermost dim
        share = [t.chunk(dp)[d] for t in batch]
        if result.get("pipeline"):
            model, mesh = flexc.torch.apply(model, result, example_inputs=share[:-1],
                                            loss_fn=HEAD_LOSS[loss_fn])

            def step():
                losses = []
                model.step(*share[:-1], target=share[-1], losses=losses)
                # The last stage's ranks hold the micro-batches' losses, the tp ranks of each replica.
                tp = result["mesh"]["shape"][-1]
                return torch.stack(losses).detach().mean() * world / (dp * tp) if losses else torch.zeros(())
        else:
            model, mesh = flexc.torch.apply(model, result)

            def step():
                loss = loss_fn(model, *share)
                loss.backward()
                return whole(loss).detach().clone()
        with CommDebugMode() as comm:
            total = step()
        # A pipeline's tensor-parallel shards are gathered by `Pipelined.full` (on every tp rank).
        # Sequence parallelism on a mesh runs on local shards too (`flexc_full` gathers them).
        full = model.full if isinstance(model, flexc.torch.Pipelined) else \
            getattr(model, "flexc_full", lambda _, t: whole(t))
        grads = {n: full(n, p.grad).detach().clone() for n, p in model.named_parameters()}
        dist.all_reduce(total)
        seconds = None
        if measure:
            for p in model.parameters():
                p.grad = None
            dist.barrier()
            started = time.perf_counter()
            step()
            dist.barrier()
            seconds = time.perf_counter() - started
        counts = {str(op).split("'")[1] if "'" in str(op) else str(op): n
                  for op, n in comm.get_comm_counts().items()}
        if d == 0:
            torch.save({"loss": total / world, "grads": grads, "seconds": seconds, "comm": counts},
                       f"{out}.{rank}")
        # Every rank done before any tears gloo down (a rank that exits with its peers' sends in
        # flight can abort in gloo's threads).
        dist.barrier()
    finally:
        dist.destroy_process_group()


UNITS = {"ns": 1e-9, "µs": 1e-6, "ms": 1e-3, "s": 1.0}


def simulated(report):
    """The iteration time flexc simulated for the plan's strategy (seconds), from its report."""
    found = (re.search(r"found \(\w+\)\s+([0-9.]+) (ns|µs|ms|s)\b", report)
             or re.search(r"no search: ([0-9.]+) (ns|µs|ms|s) simulated", report))
    return float(found.group(1)) * UNITS[found.group(2)] if found else None


def gpt2_small_case():
    """GPT-2 small's shapes (12 layers, width 768, 12 heads, vocabulary 50257, 1024 positions; lm_head
    untied) on 8 sequences of 64 tokens."""
    torch.manual_seed(1)
    ids = torch.randint(0, 50257, (8, 64))
    make = functools.partial(GPT, vocab=50257, width=768, heads=12, layers=12, seq=1024)
    return "gpt-2 small", make, next_token, (ids, torch.roll(ids, -1, 1))


def error(a, b, floor=1e-6):
    return float((a - b).abs().max() / max(float(b.abs().max()), floor))


def check(case, world, strategy=None, measure=False, machine=None):
    """One step under the plan against the single-process step: a record of the run (`measure`: with
    the collectives of one step and the time of another)."""
    name, make, loss_fn, batch = case
    torch.manual_seed(2)
    model = make()
    state = {k: v.detach().clone() for k, v in model.state_dict().items()}
    loss = loss_fn(model, *batch)
    loss.backward()
    reference = {n: p.grad for n, p in model.named_parameters()}
    started = time.time()
    result = flexc.torch.plan(model, batch[:1], world_size=world, strategy=strategy,
                              budget=None if strategy else BUDGET, seed=0, machine=machine)
    planned = time.time() - started
    with tempfile.TemporaryDirectory(prefix="flexc-torch-engine-") as scratch:
        out = os.path.join(scratch, "grads.pt")
        weights = os.path.join(scratch, "weights.pt")
        torch.save(state, weights)
        del state
        started = time.time()
        retried = None
        for attempt in range(2):
            try:
                mp.spawn(worker, args=(world, free_port(), make, loss_fn, weights, batch, result, out,
                                       measure), nprocs=world)
                break
            except mp.ProcessExitedException as e:
                # A process killed by a signal (not a failed check, which raises in Python): the job
                # runs once more, and the record says so.
                if attempt == 1 or e.signal_name is None:
                    raise
                retried = f"rank {e.error_index} died of {e.signal_name}"
                print(f"  {name} on {world}: {retried}; running the job again")
        ran = time.time() - started
        got = {"grads": {}, "seconds": 0.0, "comm": {}}
        for rank in range(world):
            if os.path.exists(f"{out}.{rank}"):
                saved = torch.load(f"{out}.{rank}")
                got["loss"] = saved["loss"]
                got["grads"].update(saved["grads"])
                got["seconds"] = max(got["seconds"], saved["seconds"] or 0.0)
                # Each pipeline rank issues its own stages' collectives.
                for op, n in saved["comm"].items():
                    got["comm"][op] = max(got["comm"].get(op, 0), n)
        missing = sorted(set(reference) - set(got["grads"]))
        if missing:
            raise RuntimeError(f"{name} on {world}: no rank returned the gradients of {missing}")
    # A gradient that is zero in exact arithmetic (the key projection's bias: softmax ignores a shift
    # along the keys) is rounding noise; it is measured against a thousandth of the largest gradient.
    floor = 1e-3 * max(float(g.abs().max()) for g in reference.values())
    grads, worst = max((error(got["grads"][n], reference[n], floor), n) for n in reference)
    record = {
        "model": name, "world": world, "asked": strategy or "searched", "schedule": result["schedule"],
        "mesh": "x".join(map(str, result["mesh"]["shape"])), "fsdp": result["fsdp"],
        "plan": result["plan"], "layouts": result.get("layouts", {}), "warnings": result["warnings"],
        "pipeline": result.get("pipeline"), "step_s": got["seconds"], "comm": got["comm"],
        "simulated": simulated(result["report"]),
        "loss": error(got["loss"], loss.detach()), "grads": grads, "plan_s": planned, "run_s": ran,
        "retried": retried,
    }
    record["sequence_parallel"] = bool(result.get("sequence_parallel"))
    # A plan asked with sequence parallelism must export it (and apply run it).
    asked_sp = bool(strategy) and re.search(r"\bsp=(on|true|1)\b", strategy) is not None
    record["ok"] = record["loss"] <= TOLERANCE and grads <= TOLERANCE and \
        (record["sequence_parallel"] or not asked_sp)
    styles = ", ".join(f"{m}: {s}" for m, s in result["plan"].items()) or "none"
    axes = " x ".join(result["mesh"]["dims"])
    print(f"{name} on {world} ({record['asked']}): schedule {record['schedule']}, mesh {axes} = {record['mesh']}"
          f"{', FSDP over dp' if record['fsdp'] else ''}"
          f"{', sequence-parallel' if record['sequence_parallel'] else ''}; styles {styles}; layouts {record['layouts'] or 'none'}"
          f"{'; ' + pipeline_text(record['pipeline']) if record['pipeline'] else ''}")
    for warning in result["warnings"]:
        print(f"  flexc warning: {warning}")
    print(f"  loss error {record['loss']:.2e}, gradient error {grads:.2e} (worst: {worst}) "
          f"({'ok' if record['ok'] else 'OFF'}); plan {planned:.1f} s, run {ran:.1f} s")
    return record


def pipeline_text(pipeline):
    """A pipeline of a plan in words."""
    if not pipeline:
        return "none"
    splits = ", ".join(f"`{p}`" for p in pipeline["split_points"])
    return (f"{pipeline['stages']} ranks x {pipeline['chunks']} stages, split at {splits}, "
            f"{pipeline['schedule']}, {pipeline['micro_batches']} micro-batches")


def write_document(path, lines, records, label):
    """Writes `lines` to `path`, then flexc's warnings of each record under its `label`."""
    lines = lines + ["", "flexc's warnings (what the exported plan changed against the strategy asked for):", ""]
    for r in records:
        lines += [f"- {label(r)}: {warning}" for warning in r["warnings"]]
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def document(records, path):
    """The runs as Markdown (`--doc PATH`)."""
    lines = [
        "# flexc plans run by torch.distributed (CPU, gloo)",
        "",
        "<!-- Generated by `python/tests/test_torch_engine.py --doc docs/torch-engine.md`: do not edit by "
        "hand. -->",
        "",
        f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by "
        f"`python/tests/test_torch_engine.py --doc docs/torch-engine.md` (`.tools/py-venv`, torch "
        f"{torch.__version__}). Each row exports the model with `flexc.torch.plan` (torch-mlir's FX importer), "
        "applies the plan with `flexc.torch.apply` in every process of a gloo job "
        "(`torch.multiprocessing.spawn`) and runs one forward and backward; the errors are against the same "
        f"step in one process (max |a - b| / max(|b|, floor) over the loss and every gradient, the floor 1e-6 for the loss "
        "and a thousandth of the model's largest gradient for gradients, as the key projection's bias has a zero "
        f"gradient in exact arithmetic; tolerance {TOLERANCE}). "
        "*Layouts* lists the styles that are not half of a column/row pair, which exchange whole tensors "
        "(src/torch.rs).",
        "",
        "| model | processes | plan asked | schedule | mesh dp×tp or dp×pp×tp | styles | layouts | pipeline | warnings | loss error | gradient error | result |",
        "|---|---:|---|---|---|---|---|---|---:|---:|---:|---|",
    ]
    for r in records:
        styles = ", ".join(f"`{m}` {s.replace('Parallel', '')}" for m, s in r["plan"].items()) or "none"
        layouts = ", ".join(f"`{m}` {next(iter(v))} whole" for m, v in r["layouts"].items()) or "none"
        lines.append(
            f"| {r['model']} | {r['world']} | {r['asked']} | {r['schedule']} | {r['mesh']}"
            f"{' FSDP' if r['fsdp'] else ''} | {styles} | {layouts} | {pipeline_text(r['pipeline'])} | "
            f"{len(r['warnings'])} | "
            f"{r['loss']:.1e} | {r['grads']:.1e} | {'ok' if r['ok'] else 'OFF'}"
            f"{' (run twice: ' + r['retried'] + ')' if r['retried'] else ''} |")
    write_document(path, lines, records, lambda r: f"{r['model']} on {r['world']} ({r['asked']})")


def document_gpt2(records, path, machine, world):
    """The GPT-2 small runs as Markdown (`--gpt2-small --doc PATH`)."""
    lines = [
        f"# GPT-2 small under flexc's PyTorch plans ({world} processes, CPU, gloo)",
        "",
        f"<!-- Generated by `python/tests/test_torch_engine.py --gpt2-small --world {world} --doc "
        "docs/torch-gpt2-small.md`: do not edit by hand. -->",
        "",
        f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} (torch {torch.__version__}). The "
        "model is GPT-2 small's shapes written with `nn.Linear` (python/tests/test_torch_engine.py's `GPT`: "
        "12 blocks, width 768, 12 heads, vocabulary 50257, 1024 positions, an untied `lm_head`: 163M "
        f"parameters) on 8 sequences of 64 tokens. Each plan is exported by `flexc.torch.plan` for {world} "
        f"devices of `{machine}` and run by `flexc.torch.apply` on {world} gloo processes of this 2-core host "
        "(8 processes of the CUDA build of torch, about 2.5 GB each, do not fit its 23 GB): *simulated* "
        "is flexc's iteration time on the GPUs (forward, backward, weight update); *CPU step* is one "
        "forward and backward on the processes here (the slowest rank; the processes share 2 cores, so it "
        "measures overheads and collectives, not the GPUs' speed); *collectives* are the ops one rank "
        "issues in a step (`CommDebugMode`, the most any rank issues); the errors are against one "
        f"process (as docs/torch-engine.md; tolerance {TOLERANCE}).",
        "",
        "| plan asked | schedule | mesh | styles | simulated ms | CPU step s | collectives | loss error | gradient error | result |",
        "|---|---|---|---:|---:|---:|---|---:|---:|---|",
    ]
    for r in records:
        comm = ", ".join(f"{op.split('.')[-1].strip('_')} {n}" for op, n in sorted(r["comm"].items())) or "none"
        sim = f"{r['simulated'] * 1e3:.1f}" if r["simulated"] else "-"
        lines.append(
            f"| {r['asked']} | {r['schedule']} | {r['mesh']}{' FSDP' if r['fsdp'] else ''} | "
            f"{len(r['plan'])} | {sim} | {r['step_s']:.2f} | {comm} | {r['loss']:.1e} | {r['grads']:.1e} | "
            f"{'ok' if r['ok'] else 'OFF'} |")
    write_document(path, lines, records, lambda r: r["asked"])


def gpt2_small():
    """`--gpt2-small [--world N]`: flexc's plan for GPT-2 small at N devices (8) next to Megatron-LM's
    hand-written ones, each run on N processes."""
    machine = "dgx-a100:1"
    world = int(sys.argv[sys.argv.index("--world") + 1]) if "--world" in sys.argv else 8
    runs = [None, f"megatron:tp={world}", "megatron:tp=2,dp=" + str(world // 2), "data-parallel"]
    records = [check(gpt2_small_case(), world, strategy, measure=True, machine=machine)
               for strategy in runs]
    for r in records:
        print(f"  {r['asked']}: simulated {r['simulated']} s, CPU step {r['step_s']:.2f} s, collectives {r['comm']}")
    if "--doc" in sys.argv:
        document_gpt2(records, sys.argv[sys.argv.index("--doc") + 1], machine, world)
    return 0 if all(r["ok"] for r in records) else 1


def check_engine_configs():
    """`plan(..., engine=...)`: the GPT's torchtitan job config and Megatron-LM flags from the engines'
    searches, each beside the torch-plan of the same strategy."""
    _, make, _, inputs = gpt_case()
    model = make()
    result, config = flexc.torch.plan(model, (inputs[0],), world_size=2, engine="torchtitan")
    p = config["parallelism"]
    degrees = p["data_parallel_replicate_degree"] * p["data_parallel_shard_degree"] * \
        p["tensor_parallel_degree"] * p["pipeline_parallel_degree"]
    assert degrees == 2 and config["training"]["seq_len"] == 16, config
    assert "schedule search" in result["engine_report"] and "report" in result, result.keys()
    assert result["engine_text"].startswith("# torchtitan job config"), result["engine_text"]
    result, flags = flexc.torch.plan(model, (inputs[0],), world_size=2, engine="megatron",
                                     strategy="megatron:tp=2")
    assert flags[flags.index("--tensor-model-parallel-size") + 1] == "2", flags
    assert flags[flags.index("--num-layers") + 1] == "2", flags
    assert result["mesh"]["shape"][-1] == 2, result["mesh"]
    try:
        flexc.torch.plan(model, (inputs[0],), world_size=2, engine="maxtext")
    except flexc.FlexcError as e:
        assert "'torchtitan' or 'megatron'" in str(e)
    else:
        raise AssertionError("engine='maxtext' accepted by flexc.torch")
    print(f"ok torch plan(engine=...): torchtitan {p}, megatron {' '.join(flags)}")


def check_checkpointing():
    """`apply`'s activation checkpointing (`flexc.torch._checkpointed`) in one process: a block's backward
    under `full` runs its forward's weight contractions (`mm`/`addmm`) again, under `selective` only
    attention's (`bmm`) and not the weights', under none neither; the gradients are the same."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Count(TorchDispatchMode):
        def __init__(self):
            super().__init__()
            self.ops = {}

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            name = func.overloadpacket.__name__
            self.ops[name] = self.ops.get(name, 0) + 1
            return func(*args, **(kwargs or {}))

    torch.manual_seed(4)
    base = Block(64, 4)
    x = torch.randn(2, 16, 64)
    counts, grads = {}, {}
    for mode in ("none", "selective", "full"):
        block = Block(64, 4)
        block.load_state_dict(base.state_dict())
        flexc.torch._checkpointed(block, mode)
        out = block(x)
        with Count() as seen:
            out.square().mean().backward()
        counts[mode] = seen.ops
        grads[mode] = [p.grad for p in block.parameters()]
    weights = {m: c.get("mm", 0) + c.get("addmm", 0) for m, c in counts.items()}
    attention = {m: c.get("bmm", 0) for m, c in counts.items()}
    assert weights["selective"] == weights["none"] < weights["full"], weights
    assert attention["none"] < attention["selective"] == attention["full"], attention
    for mode in ("selective", "full"):
        assert max(error(a, b) for a, b in zip(grads[mode], grads["none"])) <= TOLERANCE, mode
    print(f"ok checkpointing: backward weight contractions {weights}, attention's {attention}")


def main():
    if "--gpt2-small" in sys.argv:
        return gpt2_small()
    check_checkpointing()
    check_engine_configs()
    runs = [(mlp_case(), 2, None), (mlp_case(), 4, None), (mlp_case(), 2, "megatron"),
            (mlp_case(), 4, "megatron:tp=2,dp=2,zero=3"), (hidden_case(), 2, "megatron")]
    if "--quick" not in sys.argv:
        runs += [(gpt_case(), 2, None), (gpt_case(), 4, None), (gpt_case(), 2, "megatron:tp=2"),
                 (gpt_case(), 4, "megatron:tp=2,dp=2"), (gpt_case(), 4, "data-parallel"),
                 (gpt_case(), 2, "megatron:tp=1,pp=2,m=4"),
                 (gpt_case(), 2, "megatron:tp=1,pp=2,m=2,schedule=gpipe"),
                 (gpt_case(), 4, "megatron:tp=1,pp=2,dp=2,m=2,zero=3"),
                 (gpt_case(), 2, "megatron:tp=1,pp=2,m=4,vp=2")]
        # The whole of torch.distributed: tensor parallelism inside pipeline stages, ZeRO-1 with
        # selective checkpointing over pipelined replicas, and both on a mesh with full checkpointing
        # (4 processes: this host holds no 8).
        runs += [(gpt_case(), 4, "megatron:tp=2,pp=2,m=2"),
                 (gpt_case(), 4, "megatron:tp=1,pp=2,dp=2,m=2,zero=1,recompute=selective"),
                 (gpt_case(), 4, "megatron:tp=2,dp=2,zero=1,recompute=full")]
        # Sequence parallelism (issue 39): the norms on each tp rank's share of the sequence, on a mesh
        # and inside pipeline stages (local shards and flexc::tp_* ops in both).
        runs += [(gpt_case(), 2, "megatron:tp=2,sp=on"),
                 (gpt_case(), 4, "megatron:tp=2,pp=2,m=2,sp=on")]
    records = [check(case, world, strategy) for case, world, strategy in runs]
    if "--doc" in sys.argv:
        document(records, sys.argv[sys.argv.index("--doc") + 1])
    failed = [r for r in records if not r["ok"]]
    off = ", ".join("{} on {} ({})".format(r["model"], r["world"], r["asked"]) for r in failed)
    print(f"torch engine check: {len(records) - len(failed)} of {len(records)} runs match"
          + (f"; OFF: {off}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
