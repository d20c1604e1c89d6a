#!/usr/bin/env python3
"""Every strategy docs/megatron.md found exports (issue 39): for each row of its "found strategy" column
(tools/megatron's search on the JAX exports of models/jax-large, `--engine=megatron-2021` on DGX A100
nodes), the strategy given back to flexc as `--strategy=megatron:...` on the same export, machine and
global batch, and written as Megatron-LM's flags (`--emit=megatron-args`) and torchtitan's job config
(`--emit=torchtitan`). Each export either succeeds with no warning, or the script lists what flexc said.

`--emit=torch-plan` is not tried on these rows: the exports are JAX training steps (StableHLO, their own
backward and SGD update, parameters named by Flax's pytree paths), while a torch plan styles the
`nn.Module` of a torch-mlir forward (src/torch.rs: a training step's pipeline is refused, and no
parameter names a torch submodule).

  FLEXC=target/debug/flexc python/tests/test_megatron_exports.py [--rows=A,B] [--doc PATH] [--require]

docs/megatron.md's column does not show sequence parallelism (tools/megatron prints the --report's
"parallelism", which has no `sp`): a row with tp > 1 whose strategy as written does not fit in memory
is tried again with `sp=on`, and the line says so.

Exit 1 when a Megatron-LM export fails or warns (the strategies are Megatron schedules), or with
`--require` when any export (torchtitan's included) does.
"""
import gzip
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir)
FLEXC = os.environ.get("FLEXC", os.path.join(ROOT, "target", "debug", "flexc"))
EMITS = ("megatron-args", "torchtitan")


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


def argument_count(path):
    with open(path) as f:
        for line in f:
            m = re.search(r"function_type = \(([^)]*)\)", line)
            if m:
                return len([t for t in m.group(1).split(", ") if t])
    raise SystemExit(f"no function type in {path}")


def export(model, spec, devices, batch, emit, scratch):
    """One export: (ok, the warnings or the error flexc printed)."""
    if devices % 8:
        return False, [f"{devices} devices are no whole DGX A100 nodes"]
    n = argument_count(model)
    out = os.path.join(scratch, "out." + emit)
    command = [FLEXC, "--allow-unregistered-dialect", model, f"--data-args={n - 2},{n - 1}",
               f"--batch={batch}", f"--machine=dgx-a100:{devices // 8}", "--engine=megatron-2021",
               f"--strategy={spec}", f"--emit={emit}", "-o", out]
    done = subprocess.run(command, capture_output=True, text=True)
    said = [line.split(": ", 1)[1] for line in done.stderr.splitlines()
            if line.startswith("flexc: warning:") or line.startswith("flexc: error:")]
    if done.returncode != 0:
        return False, said or [done.stderr.strip()[-400:]]
    return not said, said


def main():
    rows = found_rows(os.path.join(ROOT, "docs", "megatron.md"))
    only = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--rows=")), None)
    if only:
        rows = [r for r in rows if r[0] in only]
    results = []
    with tempfile.TemporaryDirectory(prefix="flexc-megatron-exports-") as scratch:
        for name, text in rows:
            spec, devices, batch = spec_of(text)
            model = model_file(name, scratch)
            for emit in EMITS:
                if model is None:
                    ok, said = False, [f"no export models/jax-large/{name}.*.mlir.gz"]
                else:
                    ok, said = export(model, spec, devices, batch, emit, scratch)
                    if not ok and "sp=on" not in spec and ",tp=1," not in spec.replace(":", ",") \
                            and any("does not fit in device memory" in x for x in said):
                        # The column omits sequence parallelism (tools/megatron's spec_of does not
                        # print it, nor does --report's "parallelism"), which the schedule search
                        # chooses for the rows that need its memory: tried again with it.
                        spec += ",sp=on"
                        ok, said = export(model, spec, devices, batch, emit, scratch)
                        said = said + ["(sp=on added: the column does not show it)"]
                results.append(dict(model=name, spec=spec, devices=devices, batch=batch, emit=emit,
                                    ok=ok, said=said))
                failed = any(s.startswith("error") for s in said)
                print(f"{'ok  ' if ok else 'FAIL' if failed else 'WARN'} "
                      f"{name} {spec} ({devices} GPUs, batch {batch}) --emit={emit}"
                      + "".join(f"\n       {s}" for s in said), flush=True)
            if model is not None:
                os.remove(model)
    clean = [r for r in results if r["ok"]]
    print(f"megatron.md exports: {len(clean)} of {len(results)} with no warning")
    if "--doc" in sys.argv:
        document(results, sys.argv[sys.argv.index("--doc") + 1])
    megatron_bad = [r for r in results if r["emit"] == "megatron-args" and not r["ok"]]
    if megatron_bad or ("--require" in sys.argv and len(clean) != len(results)):
        return 1
    return 0


def document(results, path):
    lines = [
        "# docs/megatron.md's found strategies, exported",
        "",
        "<!-- Generated by `python/tests/test_megatron_exports.py --doc docs/megatron-exports.md`: do not "
        "edit by hand. -->",
        "",
        "Each strategy of docs/megatron.md's \"found strategy\" column, given back as `--strategy=megatron:...` "
        "on the same JAX export (models/jax-large), DGX A100 nodes and global batch, written as Megatron-LM's "
        "flags and torchtitan's job config. `--emit=torch-plan` does not apply to these StableHLO training "
        "steps (see the script's doc).",
        "",
        "| model | strategy | GPUs | batch | export | result | flexc said |",
        "|---|---|---:|---:|---|---|---|",
    ]
    for r in results:
        said = "<br>".join(s.replace("|", "\\|") for s in r["said"]) or "—"
        lines.append(f"| {r['model']} | `{r['spec']}` | {r['devices']} | {r['batch']} | {r['emit']} | "
                     f"{'ok' if r['ok'] else 'not clean'} | {said} |")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
