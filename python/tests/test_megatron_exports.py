#!/usr/bin/env python3
"""Every strategy docs/megatron.md found exports, and what each engine's own plan costs (issue 39).

1. For each row of docs/megatron.md's "found strategy" column (tools/megatron's search on the JAX
   exports of models/jax-large, `--engine=megatron-2021` on DGX A100 nodes), the strategy is given
   back to flexc as `--strategy=megatron:...` on the same export, machine and global batch, and
   written as Megatron-LM's flags (`--emit=megatron-args`), torchtitan's job config
   (`--emit=torchtitan`) and MaxText's configuration (`--emit=maxtext`). torchtitan and MaxText have
   no fp16 (torchtitan's mixed precision is bfloat16 or float32; MaxText has no loss scaling): their
   exports plan with `--precision=bf16`, the strategy otherwise the same.
2. For each row and each engine, flexc's schedule search restricted to what the engine runs
   (`--search=megatron`, `--search=torchtitan`, `--search=maxtext`; bf16 for the last two) on the same
   export, machine and batch, its plan written with that engine's `--emit`: the simulated time of
   the engine's best plan beside the Megatron-found strategy's is the cost of running on that engine.
   `--no-search` leaves this part out.

Each output is read back by the engine's own validator (python/tests/test_engine_configs.py:
Megatron-Core's TransformerConfig and micro-batch calculator, torchtitan's ConfigManager and
ParallelDims, MaxText's base.yml keys and config checks); an export is clean when flexc printed no
warning and the validator accepted it. Run it with the venv that has megatron-core and torchtitan
(.tools/py-venv/bin/python); a validator that does not import is reported, and fails with --require.

`--emit=torch-plan` is not tried on these rows: the exports are JAX training steps (StableHLO, their own
backward and SGD update, parameters named by Flax's pytree paths), while a torch plan styles the
`nn.Module` of a torch-mlir forward (src/torch.rs: a training step's pipeline is refused, and no
parameter names a torch submodule).

  FLEXC=target/release/flexc .tools/py-venv/bin/python python/tests/test_megatron_exports.py \
      [--rows=A,B] [--no-search] [--doc PATH] [--require]

docs/megatron.md's column does not show sequence parallelism (tools/megatron prints the --report's
"parallelism", which has no `sp`): a row with tp > 1 whose strategy as written does not fit in memory
is tried again with `sp=on`, and the line says so.

Exit 1 when a Megatron-LM export of a found strategy fails or warns (the strategies are Megatron
schedules), when an engine's own search finds a plan its export refuses or its validator rejects
(the search spaces are what the exports run), or with `--require` when any export (torchtitan's and
MaxText's of the found strategies included) is not clean.
"""
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir)
FLEXC = os.environ.get("FLEXC", os.path.join(ROOT, "target", "debug", "flexc"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_engine_configs as validators  # noqa: E402 (the engines' validators, beside this script)

EMITS = ("megatron-args", "torchtitan", "maxtext")
# Each engine: the search restricted to it and its precision (torchtitan and MaxText have no fp16).
ENGINES = {"megatron-args": ("megatron", None), "torchtitan": ("torchtitan", "bf16"),
           "maxtext": ("maxtext", "bf16")}
# What the engines' own searches change of --engine=megatron-2021 beside the precision: its data
# parallelism reduces gradients after the backward and has no ZeRO (Megatron-LM of 2021's local DDP),
# so torchtitan's space (FSDP, or DDP alone) would be DDP alone. Every engine of today overlaps the
# reduction with the backward and shards with ZeRO (Megatron-Core's overlapped gradient buffer and
# distributed optimizer, torchtitan's FSDP2, MaxText's XLA sharding): all three searches run so, so
# that they compare with each other; the found strategy (megatron-2021 as docs/megatron.md) is the
# baseline of each.
SEARCH_FLAGS = {emit: ["--data-parallel=overlapped"] for emit in ("megatron-args", "torchtitan", "maxtext")}
ENGINE_NAMES = {"megatron-args": "Megatron-LM", "torchtitan": "torchtitan", "maxtext": "MaxText"}
# The schedule search's budget: docs/megatron.md's, so that every search enumerates its space whole.
SEARCH_BUDGET = "1000000"
GPUS_PER_NODE = 8


def found_rows(doc):
    """(model, found strategy text) of docs/megatron.md's "flexc's search" table."""
    rows, header = [], None
    for line in open(doc):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if "found strategy" in cells:
            header = cells
            continue
        if header is None:
            continue
        if not line.startswith("|"):
            if rows:
                break
            continue
        if set(cells[0]) <= set("-:"):
            continue
        rows.append((cells[0], cells[header.index("found strategy")]))
    return rows


def spec_of(text):
    """`tp=1 pp=2 dp=64 mb=1 ×8 interleaved:9 rc=selective` (tools/megatron's spec_of) as a megatron spec,
    with the devices and the global batch it implies."""
    keys = dict(re.findall(r"\b(tp|pp|dp|mb|zero)=(\d+)", text))
    m = re.search(r"×(\d+)", text)
    if not all(k in keys for k in ("tp", "pp", "dp", "mb")) or m is None:
        raise ValueError(f"cannot read the strategy {text!r}")
    # The micro-batch size: their count (×N) follows from the global batch, which is given.
    parts = [f"tp={keys['tp']}", f"pp={keys['pp']}", f"dp={keys['dp']}", f"mb={keys['mb']}"]
    vp = re.search(r"interleaved:(\d+)", text)
    if vp:
        parts.append(f"vp={vp.group(1)}")
    if "gpipe" in text:
        parts.append("schedule=gpipe")
    rc = re.search(r"rc=(\w+)", text)
    if rc:
        parts.append(f"recompute={rc.group(1)}")
    if "zero" in keys:
        parts.append(f"zero={keys['zero']}")
    if re.search(r"\bsp\b", text):
        parts.append("sp=on")
    tp, pp, dp, mb = (int(keys[k]) for k in ("tp", "pp", "dp", "mb"))
    return "megatron:" + ",".join(parts), tp * pp * dp, dp * mb * int(m.group(1))


def model_file(name, scratch):
    """The decompressed export of row `name` (models/jax-large/NAME.*.mlir.gz)."""
    folder = os.path.join(ROOT, "models", "jax-large")
    found = [f for f in os.listdir(folder) if f.startswith(name + ".") and f.endswith(".mlir.gz")]
    if not found:
        return None
    out = os.path.join(scratch, found[0][:-3])
    if not os.path.exists(out):
        with gzip.open(os.path.join(folder, found[0]), "rb") as f, open(out, "wb") as g:
            g.write(f.read())
    return out


def validate(emit, text, devices, batch):
    """The engine's own validator on `text` (test_engine_configs): None when it accepts it, else why
    not; raises ImportError when the engine's package does not import."""
    try:
        if emit == "megatron-args":
            validators.megatron_validate(validators.parse_flags(text), devices)
        elif emit == "torchtitan":
            validators.torchtitan_validate(text, devices)
        else:
            import yaml
            cfg = yaml.safe_load(text)
            problems = validators.maxtext_problems(cfg, devices, GPUS_PER_NODE)
            forward = cfg["per_device_batch_size"] * devices
            total = forward * cfg["gradient_accumulation_steps"]
            if total != batch:
                problems.append(f"MaxText trains on {total:g} samples per step, the plan on {batch}")
            if problems:
                return "; ".join(problems)
    except ImportError:
        raise
    except Exception as e:  # noqa: BLE001 (the validator's refusal, whatever its type, is the result)
        return f"{type(e).__name__}: {e}"
    return None


def run_flexc(model, devices, batch, emit, scratch, strategy=None, search=None, precision=None,
              extra=()):
    """One flexc run writing `emit` (the strategy given, or the search's; None: --simulate): a dict
    with ok (exit 0), said (its warnings or error), text (the export), time (the simulated
    iteration, s), plan (the schedule search's best spec, or the strategy), wall (s)."""
    n = validators.argument_count(model)
    out = os.path.join(scratch, f"out.{emit}")
    report = os.path.join(scratch, "report.json")
    for path in (out, report):
        if os.path.exists(path):
            os.remove(path)
    command = [FLEXC, "--allow-unregistered-dialect", model, f"--data-args={n - 2},{n - 1}",
               f"--batch={batch}", f"--machine=dgx-a100:{devices // GPUS_PER_NODE}",
               "--engine=megatron-2021", f"--report={report}"]
    command += ["--simulate"] if emit is None else [f"--emit={emit}", "-o", out]
    command += list(extra)
    if precision:
        command.append(f"--precision={precision}")
    if strategy:
        command.append(f"--strategy={strategy}")
    else:
        command += [f"--search={search}", f"--search-budget={SEARCH_BUDGET}"]
    t0 = time.time()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.time() - t0
    said = [line.split(": ", 1)[1] for line in done.stderr.splitlines()
            if line.startswith("flexc: warning:") or line.startswith("flexc: error:")]
    result = dict(ok=done.returncode == 0, said=said, text=None, time=None, plan=strategy, wall=wall)
    if done.returncode != 0:
        result["said"] = said or [done.stderr.strip()[-400:]]
        return result
    if emit is not None:
        with open(out) as f:
            result["text"] = f.read()
    if os.path.exists(report):
        with open(report) as f:
            rep = json.load(f)
        result["time"] = rep.get("iteration_time_s")
        best = ((rep.get("search") or {}).get("schedule_search") or {}).get("best")
        if best:
            result["plan"] = best
    return result


def checked(result, emit, devices, batch):
    """`result` with the validator's verdict: validated (True, False, or None when its package does
    not import), refused (why), clean (no warning, accepted)."""
    result["validated"], result["refused"] = None, None
    if result["ok"]:
        try:
            why = validate(emit, result["text"], devices, batch)
            result["validated"], result["refused"] = why is None, why
        except ImportError as e:
            result["refused"] = f"not validated: {e}"
    result["clean"] = result["ok"] and not result["said"] and result["validated"] is True
    return result


def verdict(r):
    if r["clean"]:
        return "ok"
    if not r["ok"]:
        return "refused by flexc"
    if r["validated"] is False:
        return "rejected by the validator"
    if r["validated"] is None:
        return "not validated"
    return "warning"


def found_exports(name, text, model, scratch):
    """Part 1 for one row: the found strategy simulated (its time, the baseline of part 2), then
    written for every engine."""
    spec, devices, batch = spec_of(text)
    rows = []
    problem = None
    if model is None:
        problem = f"no export models/jax-large/{name}.*.mlir.gz"
    elif devices % GPUS_PER_NODE:
        problem = f"{devices} devices are no whole DGX A100 nodes"
    added = []
    simulated = None
    if problem is None:
        simulated = run_flexc(model, devices, batch, None, scratch, strategy=spec)
        if not simulated["ok"] and "sp=on" not in spec and ",tp=1," not in spec.replace(":", ",") \
                and any("does not fit in device memory" in x for x in simulated["said"]):
            # The column omits sequence parallelism (tools/megatron's spec_of does not print it,
            # nor does --report's "parallelism"), which the schedule search chooses for the rows
            # that need its memory: tried again with it.
            spec += ",sp=on"
            added = ["(sp=on added: the column does not show it)"]
            simulated = run_flexc(model, devices, batch, None, scratch, strategy=spec)
    for emit in EMITS:
        precision = ENGINES[emit][1]
        if problem is not None:
            r = dict(ok=False, said=[problem], time=None, validated=None, refused=None, clean=False,
                     plan=spec, wall=0.0)
        else:
            r = run_flexc(model, devices, batch, emit, scratch, strategy=spec, precision=precision)
            r["said"] = r["said"] + added
            r = checked(r, emit, devices, batch)
            # An export that flexc refused has no report: the time is the strategy's own, simulated
            # in the engine's precision where it differs.
            if r["time"] is None and precision is None and simulated["ok"]:
                r["time"] = simulated["time"]
        r["found_time"] = simulated["time"] if simulated and simulated["ok"] else None
        r.update(model=name, spec=spec, devices=devices, batch=batch, emit=emit,
                 precision=precision or "fp16")
        rows.append(r)
        why = r["said"] + ([r["refused"]] if r["refused"] else [])
        print(f"{verdict(r):>26} {name} {spec} ({devices} GPUs, batch {batch}) --emit={emit}"
              + (f" [{precision}]" if precision else "") + "".join(f"\n       {s}" for s in why),
              flush=True)
    return rows


def engine_searches(name, text, model, scratch):
    """Part 2 for one row: each engine's own search, its plan exported and validated."""
    _, devices, batch = spec_of(text)
    rows = []
    for emit in EMITS:
        search, precision = ENGINES[emit]
        r = run_flexc(model, devices, batch, emit, scratch, search=search, precision=precision,
                      extra=SEARCH_FLAGS[emit])
        r = checked(r, emit, devices, batch)
        r.update(model=name, devices=devices, batch=batch, emit=emit, search=search,
                 precision=precision or "fp16")
        rows.append(r)
        why = r["said"] + ([r["refused"]] if r["refused"] else [])
        t = f"{r['time'] * 1e3:,.0f} ms" if r["time"] else "no time"
        print(f"{verdict(r):>26} {name} --search={search} {' '.join(SEARCH_FLAGS[emit])} "
              f"({devices} GPUs, batch {batch}): "
              f"{r['plan']}, {t}, {r['wall']:.0f} s" + "".join(f"\n       {s}" for s in why), flush=True)
    return rows


def main():
    rows = found_rows(os.path.join(ROOT, "docs", "megatron.md"))
    only = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--rows=")), None)
    if only:
        rows = [r for r in rows if r[0] in only]
    search = "--no-search" not in sys.argv
    found, engines = [], []
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="flexc-megatron-exports-") as scratch:
        for name, text in rows:
            model = model_file(name, scratch)
            found += found_exports(name, text, model, scratch)
            if search and model is not None and spec_of(text)[1] % GPUS_PER_NODE == 0:
                engines += engine_searches(name, text, model, scratch)
            if model is not None:
                os.remove(model)
    wall = time.time() - t0
    for emit in EMITS:
        clean = [r for r in found if r["emit"] == emit and r["clean"]]
        print(f"found strategies, --emit={emit}: {len(clean)} of {len(rows)} clean")
    for emit in EMITS:
        mine = [r for r in engines if r["emit"] == emit]
        if mine:
            print(f"--search={ENGINES[emit][0]}: {sum(r['clean'] for r in mine)} of {len(mine)} clean; "
                  f"vs found {summary(slowdowns(found, engines, emit))}; "
                  f"vs --search=megatron {summary(slowdowns(found, engines, emit, 'megatron'))}")
    print(f"wall time {wall:.0f} s")
    if "--doc" in sys.argv:
        document(found, engines, rows, sys.argv[sys.argv.index("--doc") + 1], search, wall)
    megatron_bad = [r for r in found if r["emit"] == "megatron-args" and not r["clean"]]
    engine_bad = [r for r in engines if r["ok"] and not r["clean"]]
    everything = found + engines
    if megatron_bad or engine_bad or ("--require" in sys.argv and not all(r["clean"] for r in everything)):
        return 1
    return 0


def slowdowns(found, engines, emit, against="found"):
    """model → the engine's best plan's simulated time over the Megatron-found strategy's (`found`),
    or over the plan of Megatron's own search beside it (`megatron`)."""
    if against == "found":
        base = {r["model"]: r["found_time"] for r in found if r["emit"] == "megatron-args" and r["found_time"]}
    else:
        base = {r["model"]: r["time"] for r in engines if r["emit"] == "megatron-args" and r["clean"] and r["time"]}
    return {r["model"]: r["time"] / base[r["model"]] for r in engines
            if r["emit"] == emit and r["clean"] and r["time"] and r["model"] in base}


def summary(ratios):
    if not ratios:
        return "none measured"
    values = sorted(ratios.values())
    geo = 1.0
    for v in values:
        geo *= v
    geo **= 1 / len(values)
    return f"{values[0]:.2f}× to {values[-1]:.2f}× (geometric mean {geo:.2f}×, {len(values)} rows)"


def cell(text):
    return text.replace("|", "\\|")


def document(found, engines, rows, path, search, wall):
    base = {r["model"]: r for r in found if r["emit"] == "megatron-args"}
    lines = [
        "# docs/megatron.md's found strategies, exported",
        "",
        "<!-- Generated by `python/tests/test_megatron_exports.py --doc docs/megatron-exports.md`: do not "
        "edit by hand. -->",
        "",
        "Each strategy of docs/megatron.md's \"found strategy\" column, given back as `--strategy=megatron:...` "
        "on the same JAX export (models/jax-large), DGX A100 nodes and global batch, written as Megatron-LM's "
        "flags, torchtitan's job config and MaxText's configuration, each read back by the engine's own "
        "validator (Megatron-Core's `TransformerConfig` and micro-batch calculator, torchtitan's "
        "`ConfigManager` and `ParallelDims`, MaxText's base.yml keys and config checks: "
        "python/tests/test_engine_configs.py). torchtitan and MaxText have no fp16: their exports plan in "
        "bf16. *Clean*: flexc printed no warning and the validator accepted the file. `--emit=torch-plan` "
        "does not apply to these StableHLO training steps (see the script's doc).",
        "",
        "## Headline",
        "",
    ]
    for emit in EMITS:
        clean = sum(r["clean"] for r in found if r["emit"] == emit)
        line = f"- **{ENGINE_NAMES[emit]}**: {clean} of {len(rows)} found strategies export clean"
        mine = [r for r in engines if r["emit"] == emit]
        if mine:
            line += (f"; its own search (`--search={ENGINES[emit][0]}`) finds a plan that exports clean for "
                     f"{sum(r['clean'] for r in mine)} of {len(mine)}, simulated "
                     f"{summary(slowdowns(found, engines, emit))} the Megatron-found strategy's time")
            if emit != "megatron-args":
                line += (f", {summary(slowdowns(found, engines, emit, 'megatron'))} the time of Megatron's "
                         "own search beside it")
        lines.append(line + ".")
    lines += [
        "",
        "## The found strategies, per engine",
        "",
        "| model | strategy | GPUs | batch | export | precision | simulated | result | flexc or the validator said |",
        "|---|---|---:|---:|---|---|---:|---|---|",
    ]
    for r in found:
        said = "<br>".join(cell(s) for s in r["said"] + ([r["refused"]] if r["refused"] else [])) or "—"
        t = f"{r['time'] * 1e3:,.0f} ms" if r["time"] else "—"
        lines.append(f"| {r['model']} | `{r['spec']}` | {r['devices']} | {r['batch']} | {r['emit']} | "
                     f"{r['precision']} | {t} | {verdict(r)} | {said} |")
    if search:
        lines += [
            "",
            "## Each engine's own plan",
            "",
            f"`flexc --search=ENGINE --search-budget={SEARCH_BUDGET} --emit=...` (the schedule search over what "
            "the engine runs: core/search/plan.rs \"Engine spaces\") on the same export, machine, batch and "
            "`--engine=megatron-2021`, but with `--data-parallel=overlapped` (and `--precision=bf16` for "
            "torchtitan and MaxText, which have no fp16): megatron-2021's data parallelism (Megatron-LM of "
            "2021's local DDP) reduces the gradients after the backward and has no ZeRO, so torchtitan's "
            "space (FSDP, or DDP alone) would hold DDP alone; today's engines overlap the reduction with the "
            "backward and shard with ZeRO (Megatron-Core's distributed optimizer, FSDP2, XLA). *vs found*: "
            "the plan's simulated time over the Megatron-found strategy's (megatron-2021, fp16, "
            "`--simulate`): below 1× where overlapping the reduction and ZeRO pay. *vs Megatron's search*: "
            "over the plan of `--search=megatron` under the same flags: what running on that engine's "
            "parallelism costs (the kernels are megatron-2021's for all three). Each engine "
            "cuts the layers into stages by count (Megatron evenly or with uneven first and last stages, "
            "torchtitan by `generate_llm_fqn_per_model_part`, MaxText evenly); flexc's simulation cuts the "
            "forward by work, which may put a layer on a neighbouring stage.",
            "",
            "| model | engine | plan found | simulated | vs found | vs Megatron's search | result | search wall | flexc or the validator said |",
            "|---|---|---|---:|---:|---:|---|---:|---|",
        ]
        for r in engines:
            said = "<br>".join(cell(s) for s in r["said"] + ([r["refused"]] if r["refused"] else [])) or "—"
            t = f"{r['time'] * 1e3:,.0f} ms" if r["time"] else "—"
            b = base.get(r["model"])
            vs = f"{r['time'] / b['found_time']:.2f}×" if r["time"] and b and b["found_time"] else "—"
            m = next((e for e in engines if e["model"] == r["model"] and e["emit"] == "megatron-args"), None)
            vs_m = f"{r['time'] / m['time']:.2f}×" if r["time"] and m and m["time"] else "—"
            plan = f"`{r['plan']}`" if r["plan"] else "none"
            lines.append(f"| {r['model']} | {ENGINE_NAMES[r['emit']]} | {plan} | {t} | {vs} | {vs_m} | {verdict(r)} | "
                         f"{r['wall']:.0f} s | {said} |")
    lines += ["", f"The script ran {wall / 60:.0f} min (target/release/flexc, one run at a time).", ""]
    lines += CANNOT
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


# What each engine cannot run of flexc's space: the errors of src/megatron_args.rs, src/torchtitan.rs and
# src/maxtext.rs (their module docs), which are also what --search=ENGINE leaves out.
CANNOT = [
    "## What each engine cannot run of flexc's space",
    "",
    "flexc's schedule space (`--search=plan`): replicas × pipeline stages × Megatron tensor parallelism, "
    "micro-batches, 1F1B, interleaved 1F1B or GPipe, recomputation none/selective/full, ZeRO 0-3, "
    "sequence, expert and context parallelism, fp32/tf32/bf16/fp16/fp8; its flat per-op strategies (`--search=mcmc`, "
    "`pase`, `soybean`) are no engine's and export to none of the three. Each `--emit` refuses, with an "
    "error naming it, what its engine cannot run:",
    "",
    "- **Megatron-LM** (`--emit=megatron-args`): ZeRO-2 and ZeRO-3 (its distributed optimizer is "
    "ZeRO-1), GPipe, tf32 as a precision of its own, heads (or key/value heads) that tp does not "
    "divide, and layers the virtual stages do not divide unless flexc's split has equal middle stages "
    "and no interleaving (`--decoder-first-pipeline-num-layers`, `--decoder-last-pipeline-num-layers`); "
    "a mixture of experts under tensor parallelism without sequence parallelism, and a sequence that "
    "`2·cp` does not divide.",
    "- **torchtitan** (`--emit=torchtitan`): fp16, ZeRO-1 (FSDP shards the weights too, DDP nothing), "
    "replicated weights (DDP, zero=0) beside tensor or pipeline parallelism, tensor parallelism without "
    "sequence parallelism (a warning: torchtitan's is always sequence-parallel), a virtual-stage "
    "count no `pipeline_parallel_layers_per_stage` reaches, and context or expert parallelism without "
    "FSDP (torchtitan shards over `dp_shard · cp` and carves its experts out of that dim).",
    "- **MaxText** (`--emit=maxtext`): fp16 (no loss scaling), a 1F1B pipeline without interleaving "
    "(its pipeline is GPipe; interleaving exports as circular repeats with a warning that every "
    "micro-batch's activations are kept), layers the virtual stages do not divide, micro-batches that "
    "are no multiple of the stages, heads the tensor axis does not divide, and a node boundary that cuts "
    "a mesh axis unevenly, shared experts that are no whole number of experts, and dense layers "
    "anywhere but before every mixture of experts.",
]


if __name__ == "__main__":
    sys.exit(main())
