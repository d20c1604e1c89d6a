#!/usr/bin/env python3
"""The engine check of flexc's JAX plans (issue 27): small training steps run by XLA on 8 host CPU
devices (`--xla_force_host_platform_device_count=8`) under the shardings `flexc.jax.plan` returns, at
2, 4 and 8 devices, against the same step unsharded on one device.

Models (plain JAX, Flax's parameter names): the small MLP (4 x Dense(64), batch 8, MSE; as
models/small/jax/mlp_b8.train_sgd) and a small decoder-only transformer (2 pre-LN blocks, d_model 64,
4 heads, d_ff 256, vocab 256, batch 2 x 16 tokens, next-token cross-entropy; as
models/small/jax/transformer_b2), each one SGD step; the transformer also under Megatron-LM's plan (tensor parallel 4 x data parallel 2,
flexc's `--strategy=megatron:tp=4,dp=2`) at 8 devices, for comparison. Per run it prints flexc's mesh, the specs of the
parameters split, the error of every result against the unsharded step (max |a - b| / max(|b|, 1e-6),
tolerance TOLERANCE: f32 sums in another order), and the collectives in the compiled HLO (XLA's
resharding shows there as all-gather/all-to-all/collective-permute beyond the gradient all-reduces).
Exit 1 when any result is off or flexc fails.

The same steps also run from `flexc --emit=sdy` (`flexc.jax.sdy_text`): the StableHLO module with
Shardy's `sdy.mesh`/`sdy.sharding`, parsed by jaxlib's MLIR (the `sdy` dialect registered), compiled
by XLA with the Shardy partitioner for 2, 4 and 8 devices and run on arguments placed as the module's
annotations say; each run checks that XLA kept every annotated argument sharding (its parameter
shardings equal the annotations') and matches the unsharded step within TOLERANCE.

  python/tests/test_jax_engine.py [--quick] [--doc PATH]   # --quick: the MLP only; --doc: the runs as
                                                           # Markdown (docs/jax-engine.md)
"""
import os
import re
import sys
import time

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8").strip()
os.environ.setdefault("JAX_PLATFORMS", "cpu")

# This checkout's package (python/), ahead of any installed one: .tools/py-venv may be shared by
# several checkouts, each of whose tools/setup installs its own.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

import flexc.jax  # noqa: E402

TOLERANCE = 1e-5
BUDGET = "400"
DEVICE_COUNTS = (2, 4, 8)
COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def dense(params, x):
    return x @ params["kernel"] + params["bias"]


def mlp_loss(params, x, y):
    h = x
    for i in range(4):
        h = dense(params[f"Dense_{i}"], h)
        if i < 3:
            h = jax.nn.relu(h)
    return jnp.mean((h - y) ** 2)


def layer_norm(params, x):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-6) * params["scale"] + params["bias"]


def transformer_loss(params, ids, labels, heads=4):
    x = params["Embed_0"]["embedding"][ids]
    batch, seq, width = x.shape
    mask = jnp.tril(jnp.ones((seq, seq), bool))
    for b in range(2):
        block = params[f"Block_{b}"]
        h = layer_norm(block["LayerNorm_0"], x)
        q, k, v = (dense(block[name], h).reshape(batch, seq, heads, width // heads)
                   for name in ("query", "key", "value"))
        scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(width // heads)
        scores = jnp.where(mask, scores, -1e9)
        attention = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(scores, -1), v)
        x = x + dense(block["out"], attention.reshape(batch, seq, width))
        h = layer_norm(block["LayerNorm_1"], x)
        x = x + dense(block["Dense_1"], jax.nn.gelu(dense(block["Dense_0"], h)))
    logits = dense(params["head"], layer_norm(params["LayerNorm_f"], x))
    logp = jax.nn.log_softmax(logits, -1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[..., None], -1))


def sgd(loss_fn):
    def train_step(params, *batch):
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), loss

    return train_step


def init(shapes, key):
    leaves, tree = jax.tree_util.tree_flatten(shapes, is_leaf=lambda s: isinstance(s, tuple))
    keys = jax.random.split(key, len(leaves))
    values = [jax.random.normal(k, s, jnp.float32) * (0.3 if len(s) > 1 else 0.1) + (1.0 if len(s) == 1 and i % 7 == 0 else 0.0)
              for i, (k, s) in enumerate(zip(keys, leaves))]
    return jax.tree_util.tree_unflatten(tree, values)


def mlp_case():
    shapes = {f"Dense_{i}": {"kernel": (64, 64), "bias": (64,)} for i in range(4)}
    params = init(shapes, jax.random.PRNGKey(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (8, 64), jnp.float32)
    y = jax.random.normal(jax.random.PRNGKey(2), (8, 64), jnp.float32)
    return "mlp_b8", sgd(mlp_loss), (params, x, y)


def transformer_case():
    d, ff, vocab = 64, 256, 256
    block = {name: {"kernel": (d, d), "bias": (d,)} for name in ("query", "key", "value", "out")}
    block.update({"LayerNorm_0": {"scale": (d,), "bias": (d,)}, "LayerNorm_1": {"scale": (d,), "bias": (d,)},
                  "Dense_0": {"kernel": (d, ff), "bias": (ff,)}, "Dense_1": {"kernel": (ff, d), "bias": (d,)}})
    shapes = {"Embed_0": {"embedding": (vocab, d)}, "Block_0": block, "Block_1": dict(block),
              "LayerNorm_f": {"scale": (d,), "bias": (d,)}, "head": {"kernel": (d, vocab), "bias": (vocab,)}}
    params = init(shapes, jax.random.PRNGKey(3))
    ids = jax.random.randint(jax.random.PRNGKey(4), (2, 16), 0, vocab)
    labels = jnp.roll(ids, -1, axis=1)
    return "transformer_b2", sgd(transformer_loss), (params, ids, labels)


def error(a, b):
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    return float(np.max(np.abs(a - b)) / max(float(np.max(np.abs(b))), 1e-6))


def collectives(hlo):
    counts = {}
    for name in COLLECTIVES:
        n = len(re.findall(rf"\s{name}(-start)?\(", hlo))
        if n:
            counts[name] = n
    return counts


def check(name, step, args, devices, strategy=None):
    """One step under `flexc.jax.plan`'s shardings against the unsharded step: a record of the run
    (`ok`, the plan, the numbers the summary and the document print)."""
    reference = jax.jit(step)(*args)
    started = time.time()
    if strategy:
        name = f"{name} [{strategy}]"
        plan = flexc.jax.plan(step, *args, devices=devices, strategy=strategy)
    else:
        plan = flexc.jax.plan(step, *args, devices=devices, budget=BUDGET)
    planned = time.time() - started
    sharded = plan.jit(step)
    placed = jax.device_put(args, plan.in_shardings)
    started = time.time()
    compiled = sharded.lower(*placed).compile()
    compile_s = time.time() - started
    result = compiled(*placed)
    errors = [error(a, b) for a, b in zip(jax.tree_util.tree_leaves(result),
                                          jax.tree_util.tree_leaves(reference))]
    split = {k: v for k, v in plan.shardings["parameters"].items() if any(v)}
    hlo = compiled.as_text()
    mesh = dict(zip(plan.shardings["mesh"]["axes"], plan.shardings["mesh"]["shape"]))
    worst = max(errors)
    ok = worst <= TOLERANCE
    print(f"{name} devices={devices} mesh={mesh} schedule={plan.shardings['schedule']}: "
          f"{len(split)}/{len(plan.shardings['parameters'])} parameters split, "
          f"max error {worst:.2e} over {len(errors)} results (tolerance {TOLERANCE:g}) "
          f"{'ok' if ok else 'FAILED'}; flexc {planned:.1f} s, XLA compile {compile_s:.2f} s; "
          f"collectives {collectives(hlo) or 'none'}; warnings {len(plan.warnings)}")
    for path, spec in sorted(split.items())[:6]:
        print(f"    {path}: {spec}")
    return {"ok": ok, "name": name, "devices": devices, "route": "jax.jit shardings", "plan": plan,
            "mesh": mesh, "schedule": plan.shardings["schedule"], "split": split, "error": worst,
            "compile_s": compile_s, "collectives": collectives(hlo)}


SDY_SHARDING = re.compile(r'#sdy\.sharding<@(\w+), \[(.*)\]>')
SDY_MESH = re.compile(r'sdy\.mesh @(\w+) = <\[(.*?)\]>')


def sdy_spec(attribute):
    """The PartitionSpec of `#sdy.sharding<@mesh, [{"data"}, {}]>` (closed dims; the annotations
    flexc writes)."""
    from jax.sharding import PartitionSpec

    dims = re.findall(r"\{([^}]*)\}", SDY_SHARDING.match(attribute).group(2))
    entries = []
    for dim in dims:
        axes = re.findall(r'"(\w+)"', dim)
        entries.append(None if not axes else axes[0] if len(axes) == 1 else tuple(axes))
    return PartitionSpec(*entries)


def run_sdy(text, args, devices, reference):
    """Parses the `--emit=sdy` module with jaxlib's MLIR, compiles it with XLA's Shardy partitioner on
    the first `devices` CPU devices and runs it on `args` placed as its annotations say. Returns the
    results (flat, numpy), the compiled HLO text, whether XLA kept every argument's annotated
    sharding, the annotations as PartitionSpecs, and XLA's compile time."""
    from jax._src import compiler
    from jax._src.interpreters import mlir
    from jax._src.lib import xla_client as xc
    from jax._src.op_shardings import are_hlo_shardings_equal, op_sharding_to_numpy_indices
    from jax.sharding import Mesh, NamedSharding

    with mlir.make_ir_context():
        module = mlir.ir.Module.parse(text)
        assert module.operation.verify()
        printed = str(module)
        entry = next(op for op in module.body.operations
                     if op.operation.name == "func.func" and op.attributes["sym_name"].value == "main")
        arg_attrs = [str(dict_attr["sdy.sharding"]) for dict_attr in entry.attributes["arg_attrs"]]
        _, axes = SDY_MESH.search(printed).groups()
        shape = [(name, int(size)) for name, size in re.findall(r'"(\w+)"=(\d+)', axes)]
        grid = np.array(jax.devices()[:devices]).reshape([size for _, size in shape])
        mesh = Mesh(grid, tuple(name for name, _ in shape))
        options = compiler.get_compile_options(num_replicas=1, num_partitions=devices,
                                               device_assignment=grid.reshape(1, devices))
        options.executable_build_options.use_spmd_partitioning = True
        options.executable_build_options.use_shardy_partitioner = True
        started = time.time()
        executable = compiler.backend_compile_and_load(
            jax.devices()[0].client, module, xc.DeviceList(tuple(grid.flat)), options, [])
        compile_s = time.time() - started
    leaves = jax.tree_util.tree_leaves(args)
    shardings = [NamedSharding(mesh, sdy_spec(a)) for a in arg_attrs]
    kept = all(are_hlo_shardings_equal(xc.HloSharding.from_proto(p), s._to_xla_hlo_sharding(np.ndim(x)))
               for p, s, x in zip(executable.get_parameter_shardings(), shardings, leaves))
    placed = [jax.device_put(x, s) for x, s in zip(leaves, shardings)]
    results = executable.execute_sharded(placed).disassemble_into_single_device_arrays()
    outputs = []
    for pieces, proto, like in zip(results, executable.get_output_shardings(), reference):
        # Each device's piece into its place of the whole result.
        whole = np.zeros(np.shape(like), np.float64)
        hlo = xc.HloSharding.from_proto(proto)
        for piece, index in zip(pieces, op_sharding_to_numpy_indices(hlo, np.shape(like), devices)):
            whole[index] = np.asarray(piece)
        outputs.append(whole)
    return outputs, executable.get_hlo_text(), kept, [s.spec for s in shardings], compile_s


def check_sdy(name, step, args, devices, plan):
    """One step from flexc's `--emit=sdy` module against the unsharded step (module doc); its
    annotations must be the PartitionSpecs of `plan` (the same search, from `--emit=jax-shardings`)."""
    reference = jax.tree_util.tree_leaves(jax.jit(step)(*args))
    started = time.time()
    text, _ = flexc.jax.sdy_text(step, *args, devices=devices, budget=BUDGET)
    planned = time.time() - started
    results, hlo, kept, specs, compile_s = run_sdy(text, args, devices, reference)
    leaves = jax.tree_util.tree_leaves(args)
    expected = [padded(s.spec, np.ndim(x)) for s, x in zip(jax.tree_util.tree_leaves(plan.in_shardings), leaves)]
    same = [padded(s, np.ndim(x)) for s, x in zip(specs, leaves)] == expected
    errors = [error(a, b) for a, b in zip(results, reference)]
    worst = max(errors)
    ok = worst <= TOLERANCE and kept and same and len(results) == len(reference)
    annotated = len(re.findall(r'sdy\.sharding<@mesh, \[[^\]]*"', text))
    print(f"{name} [sdy] devices={devices}: {annotated} arguments and results sharded, the specs of "
          f"--emit=jax-shardings: {same}, XLA kept the argument shardings: {kept}; max error {worst:.2e} "
          f"over {len(errors)} results (tolerance {TOLERANCE:g}) {'ok' if ok else 'FAILED'}; flexc "
          f"{planned:.1f} s, XLA compile {compile_s:.2f} s; collectives {collectives(hlo) or 'none'}")
    return {"ok": ok, "name": name, "devices": devices, "route": "--emit=sdy (Shardy)", "plan": plan,
            "error": worst, "compile_s": compile_s, "collectives": collectives(hlo)}


def padded(spec, rank):
    """A PartitionSpec as a tuple of one entry per dim."""
    return tuple(spec) + (None,) * (rank - len(tuple(spec)))


def document(records, path):
    """The runs as Markdown (`--doc PATH`): per run its mesh, schedule, error and collectives, then the
    specs of every parameter flexc split for the transformer at 8 devices."""
    lines = [
        "# flexc's plans on XLA: the JAX engine check",
        "",
        "Generated by `python/tests/test_jax_engine.py --doc docs/jax-engine.md` (`.tools/py-venv`, jax "
        f"{jax.__version__}, {len(jax.devices())} host CPU devices; flexc's default machine, search budget "
        f"{BUDGET}). Each step runs once under `jax.jit` with `flexc.jax.plan`'s shardings and once from the "
        "`--emit=sdy` module compiled by XLA's Shardy partitioner; error is max |sharded - unsharded| / "
        f"max |unsharded| over all results (tolerance {TOLERANCE:g}); collectives are counted in the "
        "compiled HLO (per op kind, async starts included).",
        "",
        "| model | devices | route | mesh | schedule flexc chose | parameters split | max error | XLA compile s | collectives |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in records:
        plan = r["plan"]
        mesh = " × ".join(f"{a}:{n}" for a, n in zip(plan.shardings["mesh"]["axes"], plan.shardings["mesh"]["shape"]))
        split = sum(1 for v in plan.shardings["parameters"].values() if any(v))
        counts = ", ".join(f"{k} {v}" for k, v in r["collectives"].items()) or "none"
        lines.append(f"| {r['name']} | {r['devices']} | {r['route']} | {mesh} | {plan.shardings['schedule']} | "
                     f"{split}/{len(plan.shardings['parameters'])} | {r['error']:.1e} | {r['compile_s']:.2f} | {counts} |")
    for r in records:
        if r["route"] != "jax.jit shardings" or r["devices"] != 8 or not r["name"].startswith("transformer"):
            continue
        plan = r["plan"]
        lines += ["", f"## {r['name']} at 8 devices: the plan flexc exports", "",
                  f"Schedule `{plan.shardings['schedule']}`; warnings (what the mesh could not express):", ""]
        # JAX's call-site locations name this checkout's absolute paths: not in the document.
        lines += [f"- {re.sub(r' [(]the first at .*[)]: ', ': ', w)}" for w in plan.warnings] or ["- none"]
        lines += ["", "| parameter | PartitionSpec |", "|---|---|"]
        for parameter, spec in plan.shardings["parameters"].items():
            lines.append(f"| `{parameter}` | `{spec}` |")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def check_engine_config():
    """`plan(..., engine="maxtext")`: the transformer's MaxText configuration from the MaxText search,
    beside the mesh plan of the same strategy; a given strategy is kept."""
    _, step, args = transformer_case()
    plan, config = flexc.jax.plan(step, *args, devices=2, engine="maxtext")
    axes = [config[f"{net}_{axis}_parallelism"] for net in ("ici", "dcn")
            for axis in ("data", "fsdp", "tensor", "tensor_sequence", "pipeline")]
    assert np.prod(axes) == 2 and config["base_num_decoder_layers"] == 2, config
    assert config["base_config"] == "base.yml" and config["max_target_length"] == 16, config
    assert plan.mesh.devices.size == 2 and "search maxtext" in plan.report
    plan, config = flexc.jax.plan(step, *args, devices=2, engine="maxtext", strategy="megatron:tp=2")
    assert config["ici_tensor_parallelism"] == 2 and config["remat_policy"] == "minimal_with_context"
    print(f"ok jax plan(engine='maxtext'): {len(config)} keys, mesh {dict(plan.mesh.shape)}")


def main():
    assert len(jax.devices()) == 8, jax.devices()
    check_engine_config()
    cases = [mlp_case()] if "--quick" in sys.argv else [mlp_case(), transformer_case()]
    records = []
    failed = 0
    for name, step, args in cases:
        for devices in DEVICE_COUNTS:
            try:
                records.append(check(name, step, args, devices))
                records.append(check_sdy(name, step, args, devices, records[-1]["plan"]))
            except flexc.FlexcError as e:
                print(f"{name} devices={devices}: {e}")
                failed += 1
    if "--quick" not in sys.argv:
        # Beside the searched plan, Megatron-LM's hand-written one for the transformer at 8 devices
        # (tensor parallel 4 inside data parallel 2), exported and run the same way.
        name, step, args = cases[1]
        try:
            records.append(check(name, step, args, 8, strategy="megatron:tp=4,dp=2"))
        except flexc.FlexcError as e:
            print(f"{name} megatron: {e}")
            failed += 1
    failed += sum(not r["ok"] for r in records)
    if "--doc" in sys.argv:
        document(records, sys.argv[sys.argv.index("--doc") + 1])
    print(f"jax engine check: {'FAILED ' + str(failed) if failed else 'all passed'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
