"""flexc plans for JAX: `plan(fn, *example_args, mesh=..., machine=...)`.

The function is lowered with `jax.jit(fn).lower(*args)` (shapes only: `jax.ShapeDtypeStruct`s or real
arrays), written as generic StableHLO with its argument names (pytree paths), and given to
`flexc --emit=jax-shardings`, which searches a strategy and writes a mesh and a `PartitionSpec` per
argument and result (src/jax.rs). The plan's `in_shardings`/`out_shardings` are pytrees of
`NamedSharding` matching `fn`'s arguments and results:

    plan = flexc.jax.plan(train_step, params, x, y, mesh=mesh)
    step = jax.jit(train_step, in_shardings=plan.in_shardings, out_shardings=plan.out_shardings)

What a mesh cannot express (pipelines, micro-batches, per-op placement) comes back as the nearest mesh
strategy, each change in `plan.warnings` (and in `plan.report`), with the simulated cost of the changes.

`plan(..., engine="maxtext")` plans for MaxText instead (`--search=maxtext`, `--emit=maxtext`) and
returns `(plan, config)`: the plan of the same strategy and MaxText's configuration as a dict.

`sdy_text(fn, *example_args, ...)` returns the same strategy as `fn`'s StableHLO module with Shardy
annotations (`flexc --emit=sdy`), for tools that take a module rather than `jax.jit` shardings.
"""
import dataclasses
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any, List, Optional, Sequence

import numpy as np

from . import ENGINES, FlexcError, binary, engine_config, engine_spec

__all__ = ["Plan", "plan", "sdy_text", "stablehlo_text"]


@dataclasses.dataclass
class Plan:
    """A strategy flexc found, as JAX shardings."""

    mesh: Any
    """The `jax.sharding.Mesh` the shardings refer to (the one given, else flexc's over the devices)."""
    in_shardings: Any
    """A tuple with one pytree of `NamedSharding` per positional argument of `fn`."""
    out_shardings: Any
    """A pytree of `NamedSharding` matching `fn`'s result."""
    report: str
    """flexc's report (standard error): what it inferred, the search table, warnings."""
    warnings: List[str]
    """What the mesh could not express and how the exported strategy differs."""
    shardings: dict
    """The `--emit=jax-shardings` JSON as it came."""

    def jit(self, fn, **kwargs):
        """`jax.jit(fn)` with this plan's shardings."""
        import jax

        return jax.jit(fn, in_shardings=self.in_shardings, out_shardings=self.out_shardings, **kwargs)


def _abstract(tree):
    import jax

    def leaf(x):
        if isinstance(x, jax.ShapeDtypeStruct):
            return x
        return jax.ShapeDtypeStruct(np.shape(x), jax.numpy.result_type(x))

    return jax.tree_util.tree_map(leaf, tree)


def stablehlo_text(fn, *example_args, donate_argnums=()):
    """`fn` lowered for `example_args` as generic StableHLO text with debug locations (argument names
    as JAX's pytree paths), every argument kept (`keep_unused`)."""
    import jax

    args = _abstract(example_args)
    lowered = jax.jit(fn, keep_unused=True, donate_argnums=donate_argnums).lower(*args)
    module = lowered.compiler_ir("stablehlo")
    return module.operation.get_asm(print_generic_op_form=True, enable_debug_info=True)


def _spec(entries):
    from jax.sharding import PartitionSpec

    return PartitionSpec(*[tuple(e) if isinstance(e, list) else e for e in entries])


def plan(
    fn,
    *example_args,
    mesh=None,
    machine: Optional[str] = None,
    devices: Optional[int] = None,
    search: Optional[str] = None,
    strategy: Optional[str] = None,
    budget: Optional[str] = None,
    seed: Optional[int] = None,
    donate_argnums: Sequence[int] = (),
    flexc_args: Sequence[str] = (),
    keep: Optional[str] = None,
    engine: Optional[str] = None,
):
    """Searches a strategy for `fn(*example_args)` and returns it as JAX shardings.

    mesh: a `jax.sharding.Mesh` (its axis names and sizes are flexc's `--mesh`; the device count is its
      size), or None: flexc derives a data x model mesh, built over the first `devices` of
      `jax.devices()`.
    machine: flexc's `--machine` (a preset such as `dgx-a100:1` or a TOML file); default flexc's.
    devices: the device count when no mesh is given (default: `len(jax.devices())`).
    search / strategy / budget / seed: flexc's `--search`, `--strategy` (a baseline such as
      `megatron:tp=2,dp=2` instead of searching), `--search-budget`, `--seed`.
    donate_argnums: as `jax.jit`'s; donated arguments are the step's state, which flexc takes as weights.
    flexc_args: more flexc options (`--data-args=2,3`, `--batch-dim=0`, ...).
    keep: a folder to keep the StableHLO and the JSON in (else a temporary one).
    engine: "maxtext": plan for MaxText instead (flexc's `--search=maxtext` unless `search` or
      `strategy` is given, and `--emit=maxtext`; no `mesh`) and return `(plan, config)`: `plan` this
      function's `Plan` of the same strategy (`--strategy=` the spec found, as the nearest mesh
      strategy), `config` the MaxText configuration as a dict (write it as YAML for
      `python3 -m maxtext.trainers.pre_train.train plan.yml ...`); MaxText's report is in
      `plan.report` after the mesh plan's.
    """
    import jax
    from jax.sharding import Mesh, NamedSharding

    if engine is not None:
        if engine != "maxtext" or mesh is not None:
            raise FlexcError(f"engine={engine!r}: flexc.jax plans for 'maxtext', without a mesh")
        emit, default_search = ENGINES[engine]
        if strategy is None and search is None:
            search = default_search
        done, _ = _flexc(fn, _abstract(example_args), emit, "maxtext.yml", machine=machine,
                         devices=devices, search=search, strategy=strategy, budget=budget, seed=seed,
                         donate_argnums=donate_argnums, flexc_args=flexc_args, keep=keep)
        config = engine_config(engine, done.stdout)
        found = plan(fn, *example_args, machine=machine, devices=devices,
                     strategy=engine_spec(strategy, done.stderr), donate_argnums=donate_argnums,
                     flexc_args=flexc_args, keep=keep)
        found.report += done.stderr
        return found, config

    args = _abstract(example_args)
    leaves, in_tree = jax.tree_util.tree_flatten(args)
    out_leaves, out_tree = jax.tree_util.tree_flatten(jax.eval_shape(fn, *args))
    done, count = _flexc(fn, args, "jax-shardings", "jax-shardings.json", mesh=mesh, machine=machine,
                         devices=devices, search=search, strategy=strategy, budget=budget, seed=seed,
                         donate_argnums=donate_argnums, flexc_args=flexc_args, keep=keep)
    shardings = json.loads(done.stdout)
    inputs, outputs = shardings["inputs"], shardings["outputs"]
    if len(inputs) != len(leaves) or len(outputs) != len(out_leaves):
        raise FlexcError(
            f"flexc's plan has {len(inputs)} arguments and {len(outputs)} results, but fn takes "
            f"{len(leaves)} array leaves and returns {len(out_leaves)}"
        )
    if mesh is None:
        shape = tuple(shardings["mesh"]["shape"])
        grid = np.array(jax.devices()[:count]).reshape(shape)
        mesh = Mesh(grid, tuple(shardings["mesh"]["axes"]))
    named = lambda entries: NamedSharding(mesh, _spec(entries["spec"]))
    in_shardings = jax.tree_util.tree_unflatten(in_tree, [named(e) for e in inputs])
    out_shardings = jax.tree_util.tree_unflatten(out_tree, [named(e) for e in outputs])
    return Plan(
        mesh=mesh,
        in_shardings=tuple(in_shardings),
        out_shardings=out_shardings,
        report=done.stderr,
        warnings=list(shardings.get("warnings", [])),
        shardings=shardings,
    )


def _flexc(fn, args, emit, suffix, mesh=None, machine=None, devices=None, search=None, strategy=None,
           budget=None, seed=None, donate_argnums=(), flexc_args=(), keep=None):
    """Runs `flexc --emit=EMIT` on `fn` lowered for `args` (shapes) for the devices of `mesh` (else
    `devices`, else all of JAX's) and returns the finished process and the device count; `keep`: a
    folder that keeps the StableHLO and the output (named `fn.SUFFIX`)."""
    import jax

    if mesh is not None:
        count = int(mesh.devices.size)
    else:
        count = int(devices) if devices is not None else len(jax.devices())
    text = stablehlo_text(fn, *args, donate_argnums=donate_argnums)
    with tempfile.TemporaryDirectory(prefix="flexc-") as scratch:
        folder = Path(keep) if keep else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        name = getattr(fn, "__name__", "fn")
        source = folder / f"{name}.stablehlo.mlir"
        source.write_text(text)
        command = [binary(), str(source), "--allow-unregistered-dialect", f"--emit={emit}",
                   f"--devices={count}"]
        if machine:
            command.append(f"--machine={machine}")
        if mesh is not None:
            command.append("--mesh=" + ",".join(f"{a}:{s}" for a, s in mesh.shape.items()))
        for flag, value in (("--search", search), ("--strategy", strategy),
                            ("--search-budget", budget), ("--seed", seed)):
            if value is not None:
                command.append(f"{flag}={value}")
        command.extend(flexc_args)
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise FlexcError(f"flexc failed (exit {done.returncode}): {' '.join(command)}\n{done.stderr}")
        if keep:
            (folder / f"{name}.{suffix}").write_text(done.stdout)
    return done, count


def sdy_text(fn, *example_args, **options):
    """The strategy flexc finds for `fn(*example_args)` as `fn`'s StableHLO module annotated for
    Shardy (`flexc --emit=sdy`: an `sdy.mesh` and an `sdy.sharding` on every argument and result, the
    specs `plan` returns), and flexc's report: `(text, report)`. `options`: `plan`'s keyword arguments
    (mesh, machine, devices, search, strategy, budget, seed, donate_argnums, flexc_args, keep)."""
    done, _ = _flexc(fn, _abstract(example_args), "sdy", "sdy.mlir", **options)
    return done.stdout, done.stderr
