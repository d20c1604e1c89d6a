"""flexc plans for PyTorch (`torch.distributed`).

`plan(model, example_inputs, world_size=...)` exports the user's `nn.Module` with torch-mlir's FX
importer (linalg on tensors; the parameters become arguments named as `named_parameters()` names them,
`par.name`), runs `flexc --emit=torch-plan` on it and returns the plan as a dict (format in
src/torch.rs). `apply(model, plan)` parallelizes the module with it in every process of the job:
`parallelize_module` styles (`ColwiseParallel`/`RowwiseParallel` per named submodule, with the layouts
that make an unpaired style exchange whole tensors) on the `tp` dim of a 2-D `DeviceMesh` (`dp` × `tp`),
activation checkpointing as `result["recompute"]` says (`full`, or `selective`: weight contractions
kept), then FSDP (`fully_shard`, when the strategy shards weight state over `dp`: ZeRO-3, and ZeRO-1
as `reshard_after_forward=False`) or replication with averaged gradients (`replicate`) over `dp`. A
plan with pipeline stages (`result["pipeline"]`) runs on `torch.distributed.pipelining` instead: the
styled modules keep their `tp` shards (`_local_tensor_parallel`), the module is traced and split at
the plan's submodules, each rank builds its stages (checkpointed, FSDP or replication over `dp`), and
`apply` returns a `Pipelined` whose `step` runs one training step's micro-batches. A plan with
`"sequence_parallel"` (Megatron's, mesh or pipeline) runs on those local shards too, the residual stream
of the repeated layers split along the sequence between the tensor-parallel regions
(`_sequence_parallel`).

`plan(..., engine="torchtitan"|"megatron")` plans for that framework instead (its `--search=` and
`--emit=`) and returns `(result, config)`: the plan of the same strategy and torchtitan's job config
(a dict) or Megatron-LM's flags (a list).

flexc searches the forward the export holds and simulates the training step it implies (backward and
the weights' update added); the loss stays in the user's code.
"""
import json
import os
import subprocess
import tempfile
from typing import Optional, Sequence

from . import ENGINES, FlexcError, binary, engine_config, engine_spec

__all__ = ["export", "plan", "parallelize_plan", "apply", "Pipelined"]


def _cumsum(x, dim, dtype=None):
    """`torch.cumsum` as a masked sum over a lower-triangular table (a broadcast product and a
    reduction, which flexc models), instead of torch-mlir's `tm_tensor.scan`, which no upstream MLIR
    dialect holds. Transformers' attention-mask code takes a cumsum of the position ids (packed
    sequences); its length is the sequence's, so the table is small."""
    import torch

    if dtype is not None:
        x = x.to(dtype)
    elif not (x.is_floating_point() or x.is_complex()):
        x = x.to(torch.int64)  # torch's rule: integer and bool sums are int64
    if x.dim() == 0:
        return x.clone()
    dim = dim % x.dim()
    n = x.shape[dim]
    lower = torch.ones(n, n, dtype=torch.bool, device=x.device).tril().to(x.dtype)  # [i, j]: j <= i
    moved = x.movedim(dim, -1)
    return (moved.unsqueeze(-2) * lower).sum(-1).movedim(-1, dim)


def _decompositions():
    """torch-mlir's decomposition table with `aten.cumsum` as `_cumsum`, and CPU flash attention's
    decomposition returning its output in the strides the kernel gives it (contiguous `[N, H, L, E]`).
    torch's decomposition keeps the strides of `nn.MultiheadAttention`'s `permute(2, 0, 1, 3)`; after
    Hugging Face's `transpose(1, 2).reshape(...)` those make a view where the kernel's made a copy, and
    the `.contiguous()` that export did not record (a no-op on the copy) is missing before the next
    `view` ("Cannot view a tensor with shape ... as a tensor with shape ..."), as in GPT-2 without
    dropout."""
    import torch
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table

    table = dict(get_decomposition_table())
    table[torch.ops.aten.cumsum.default] = _cumsum
    flash = getattr(torch.ops.aten, "_scaled_dot_product_flash_attention_for_cpu", None)
    given = table.get(flash.default) if flash is not None else None
    if given is not None:
        def flash_for_cpu(*args, **kwargs):
            output, attn = given(*args, **kwargs)
            return output.contiguous(), attn

        table[flash.default] = flash_for_cpu
    return table


def _coarsening(fine, coarse):
    """The groups of consecutive dims of shape `fine` whose products make shape `coarse` (lists of
    indices into `fine`), or None when `coarse` is no such merging."""
    groups, at = [], 0
    for size in coarse:
        group, product = [], 1
        while at < len(fine) and (product < size or not group):
            group.append(at)
            product *= fine[at]
            at += 1
        if product != size:
            return None
        groups.append(group)
    return groups if at == len(fine) else None


def _linearized(loops, shape):
    """`d_a * (size_b * size_c) + d_b * size_c + d_c` over loop numbers `loops` of sizes `shape`."""
    terms, stride = [], 1
    for d in reversed(loops):
        terms.append(f"d{d} * {stride}" if stride != 1 else f"d{d}")
        stride *= shape[d]
    return " + ".join(reversed(terms))


def _batch_dims_restored(module):
    """Rewrites each `linalg.batch_matmul` of float tensors whose operands are `tensor.collapse_shape`s
    merging leading dims (`[b, h, m, k]` -> `[b*h, m, k]`) and whose result only an `expand_shape`
    splitting them again reads as one `linalg.generic` over the uncollapsed tensors, a loop per leading
    dim. Torch (and torch-mlir) lowers an N-D `matmul` (attention's `q @ k^T` and `p @ v`) to a batched
    matmul over the batch and heads merged into one dim: flexc could then split the samples of that dim
    but not the heads, which tensor parallelism splits. Grouped-query attention's `repeat_kv` (`[b, kvh,
    rep, s, d]` collapsed to `[b*kvh*rep, s, d]`) keeps its finer dims: the other operands index
    theirs linearized. Returns how many were rewritten."""
    from torch_mlir import ir

    def owner(value, name):
        op = value.owner
        return op if isinstance(op, ir.OpView) and op.operation.name == name else None

    def leading(collapse):
        """The source shape of a collapse merging its leading dims into dim 0, the others kept."""
        groups = [[int(i) for i in g] for g in ir.ArrayAttr(collapse.attributes["reassociation"])]
        shape = list(ir.RankedTensorType(collapse.operands[0].type).shape)
        if len(groups) != 3 or any(len(g) != 1 for g in groups[1:]):
            return None
        return shape[:len(groups[0])]

    rewritten = 0
    with module.context, ir.Location.unknown():
        found = []
        for func in module.body.operations:
            for region in func.regions:
                for block in region.blocks:
                    found += [op for op in block.operations if op.operation.name == "linalg.batch_matmul"]
        for bmm in found:
            lhs, rhs = owner(bmm.operands[0], "tensor.collapse_shape"), owner(bmm.operands[1], "tensor.collapse_shape")
            uses = list(bmm.results[0].uses)
            if lhs is None or rhs is None or len(uses) != 1 or len(bmm.operands) != 3:
                continue
            expand = uses[0].owner
            if not isinstance(expand, ir.OpView) or expand.operation.name != "tensor.expand_shape":
                continue
            out_groups = [[int(i) for i in g] for g in ir.ArrayAttr(expand.attributes["reassociation"])]
            out_type = ir.RankedTensorType(expand.results[0].type)
            element = out_type.element_type
            if not str(element).startswith(("f", "bf")) or len(out_groups) != 3 \
                    or any(len(g) != 1 for g in out_groups[1:]):
                continue
            shapes = [leading(lhs), leading(rhs), list(out_type.shape)[:len(out_groups[0])]]
            if any(s is None for s in shapes):
                continue
            fine = max(shapes, key=len)
            groups = [_coarsening(fine, s) for s in shapes]
            if any(g is None for g in groups) or len(fine) < 2:
                continue
            n = len(fine)
            m, nn, k = n, n + 1, n + 2
            loops = ", ".join(f"d{i}" for i in range(n + 3))

            def access(group, last):
                dims = [_linearized(g, fine) for g in group] + last
                return f"affine_map<({loops}) -> ({', '.join(dims)})>"

            # The result in the finest shape (a linalg loop is parallel only where a result indexes
            # it alone), collapsed to the expanded result's shape after.
            maps = [access(groups[0], [f"d{m}", f"d{k}"]), access(groups[1], [f"d{k}", f"d{nn}"]),
                    access([[i] for i in range(n)], [f"d{m}", f"d{nn}"])]
            iterators = ["parallel"] * (n + 2) + ["reduction"]
            rows, cols = list(out_type.shape)[-2:]
            fine_type = ir.RankedTensorType.get(fine + [rows, cols], element)

            def reassociation(groups):
                return ir.Attribute.parse("[" + ", ".join("[" + ", ".join(map(str, g)) + "]"
                                                          for g in groups) + "]")

            with ir.InsertionPoint(bmm):
                init = ir.Operation.create(
                    "tensor.expand_shape", results=[fine_type], operands=[bmm.operands[2]],
                    attributes={"reassociation": reassociation([list(range(n)), [n], [n + 1]]),
                                "static_output_shape": ir.Attribute.parse(
                                    "array<i64: " + ", ".join(map(str, fine + [rows, cols])) + ">")})
                generic = ir.Operation.create(
                    "linalg.generic", results=[fine_type],
                    operands=[lhs.operands[0], rhs.operands[0], init.results[0]],
                    attributes={
                        "indexing_maps": ir.Attribute.parse("[" + ", ".join(maps) + "]"),
                        "iterator_types": ir.Attribute.parse(
                            "[" + ", ".join(f"#linalg.iterator_type<{t}>" for t in iterators) + "]"),
                        "operandSegmentSizes": ir.Attribute.parse("array<i32: 2, 1>"),
                    },
                    regions=1)
                result = generic.results[0]
                if len(fine) != len(groups[2]):
                    result = ir.Operation.create(
                        "tensor.collapse_shape", results=[out_type], operands=[result],
                        attributes={"reassociation": reassociation(
                            groups[2] + [[n], [n + 1]])}).results[0]
            body = generic.regions[0].blocks.append(element, element, element)
            with ir.InsertionPoint(body):
                product = ir.Operation.create("arith.mulf", results=[element],
                                              operands=[body.arguments[0], body.arguments[1]])
                total = ir.Operation.create("arith.addf", results=[element],
                                            operands=[body.arguments[2], product.results[0]])
                ir.Operation.create("linalg.yield", operands=[total.results[0]])
            expand.results[0].replace_all_uses_with(result)
            expand.operation.erase()
            bmm.operation.erase()
            for collapse in (lhs, rhs):
                if not list(collapse.results[0].uses):
                    collapse.operation.erase()
            rewritten += 1
    return rewritten


def _fixed_head_views(program):
    """The modules (named as `named_parameters()` names them) whose `nn.Linear` output is split into
    more dims by a `view`/`reshape` that gives the outermost factor of its last dim as a number, not -1
    (OPT's `view(bsz, -1, self.num_heads, self.head_dim)`), with those sizes. Under a column split that
    dim is a rank's shard: a fixed count there makes torch read the shard as the whole (OPT then halves
    the sequence instead of the heads, silently), so `plan` gathers such a module's output instead of
    pairing it. The export holds the sizes torch resolved; the program torch.export records holds the
    sizes as written (-1 kept)."""
    import torch

    ops = torch.ops.aten
    linear = {ops.linear.default}
    reshapes = {ops.view.default, ops.reshape.default, ops._unsafe_view.default}
    # Ops that keep their first operand's shape (bias adds, scaling, activations, dropout, contiguous).
    keeping = {ops.add.Tensor, ops.mul.Tensor, ops.mul.Scalar, ops.div.Tensor, ops.div.Scalar,
               ops.dropout.default, ops.contiguous.default, ops.clone.default, ops.to.dtype}
    fixed = {}
    for node in program.graph.nodes:
        if node.op != "call_function" or node.target not in linear:
            continue
        stack = list(node.meta.get("nn_module_stack", {}).values())
        if not stack:
            continue
        name = stack[-1][0]
        for prefix in ("inner.", "L__self___inner_"):
            name = name[len(prefix):] if name.startswith(prefix) else name
        value = node.meta.get("val")
        rank = value.dim() if value is not None else None
        frontier = [node]
        while frontier:
            current = frontier.pop()
            for user in current.users:
                if user.op != "call_function":
                    continue
                if user.target in keeping:
                    frontier.append(user)
                elif user.target in reshapes and rank is not None:
                    sizes = list(user.args[1]) if len(user.args) > 1 else []
                    if len(sizes) > rank and sizes[rank - 1] != -1:
                        fixed[name] = [int(x) if isinstance(x, int) else str(x) for x in sizes]
    return fixed


def export(model, example_inputs, path: str) -> str:
    """Writes `model`'s forward on `example_inputs` (a tuple of tensors) to `path` as linalg-on-tensors
    MLIR, its parameters as trailing arguments marked `par.param` and named `par.name`; returns `path`.
    Buffers (batch-norm statistics, ...) stay constants of the export. The batched matmuls torch-mlir
    writes over merged batch and head dims (attention's) are written back over the separate dims
    (`_batch_dims_restored`), so that flexc can split the heads."""
    import torch
    from torch_mlir import fx, ir

    named = list(model.named_parameters())
    names = [name for name, _ in named]
    inputs = tuple(example_inputs)

    class Stateless(torch.nn.Module):
        """`model` with its parameters passed in, so the export takes them as arguments."""

        def __init__(self):
            super().__init__()
            self.inner = model

        def forward(self, *args):
            data, params = args[:len(inputs)], args[len(inputs):]
            return torch.func.functional_call(self.inner, dict(zip(names, params)), data)

    params = [p.detach() for _, p in named]
    # Non-persistent buffers (Llama's rotary `inv_freq`, causal-mask tables) are no part of the
    # state dict, where torch-mlir's importer looks every buffer up ("Could not find state mapping
    # for buffer"): they are marked persistent while exporting, so that they become constants of the
    # export like every other buffer, and restored after.
    hidden = [(m, set(m._non_persistent_buffers_set)) for m in model.modules()
              if getattr(m, "_non_persistent_buffers_set", None)]
    try:
        for m, _ in hidden:
            m._non_persistent_buffers_set.clear()
        program = torch.export.export(Stateless(), (*inputs, *params), strict=False)
        fixed = _fixed_head_views(program)
        module = fx.export_and_import(program, output_type="linalg-on-tensors",
                                      func_name="forward", decomposition_table=_decompositions())
    finally:
        for m, names_of in hidden:
            m._non_persistent_buffers_set.update(names_of)
    _batch_dims_restored(module)
    with module.context:
        functions = [op for op in module.body.operations if op.operation.name == "func.func"]
        if len(functions) != 1:
            raise FlexcError(f"torch-mlir wrote {len(functions)} functions, expected one")
        unit = ir.UnitAttr.get()
        attrs = [ir.DictAttr.get({}) for _ in inputs]
        attrs += [ir.DictAttr.get({"par.param": unit, "par.name": ir.StringAttr.get(n)}) for n in names]
        functions[0].attributes["arg_attrs"] = ir.ArrayAttr.get(attrs)
    with open(path, "w") as out:
        out.write(str(module))
    with open(path + ".views.json", "w") as out:
        json.dump(fixed, out)
    return path


def plan(model, example_inputs=(), world_size: int = 2, machine: Optional[str] = None,
         search: Optional[str] = None, strategy: Optional[str] = None, budget: Optional[str] = None,
         seed: Optional[int] = None, flexc_args: Sequence[str] = (), keep: Optional[str] = None,
         batch_dim="module", engine: Optional[str] = None):
    """Searches a strategy for `model(*example_inputs)` on `world_size` devices and returns the
    `--emit=torch-plan` dict; the search report (flexc's standard error) is under "report", the
    exported MLIR's path under "mlir" when `keep` names a folder to keep it in.

    engine: "torchtitan" or "megatron": plan for that training framework instead (flexc's
      `--search=ENGINE` unless `search` or `strategy` is given, and `--emit=torchtitan` or
      `megatron-args`) and return `(result, config)`: `result` the torch-plan dict of the same
      strategy (`--strategy=` the spec found), `config` torchtitan's job config as a dict (write it
      as TOML for `--job.config_file`) or Megatron-LM's flags as a list (`pretrain_gpt.py *config`).
      The engine's report is under `result["engine_report"]`, the file as flexc wrote it (plan.toml,
      plan.args) under `result["engine_text"]`.

    model: an `nn.Module` (exported with `export`), or the path of an MLIR file already exported.
    machine / search / strategy / budget / seed: flexc's `--machine`, `--search`, `--strategy` (a
      baseline such as `megatron:tp=2,dp=2` instead of searching), `--search-budget`, `--seed`.
    flexc_args: more flexc options.
    batch_dim: the dim of every input that holds the batch (flexc's `--batch-dim`). For an `nn.Module`
      it is 0 unless given: torch's convention, the dim `apply`'s users and pipelines split (with a
      batch of 1, flexc's inference would otherwise take the sequence for the batch). For an MLIR
      file it is flexc's inference (or the file's record) unless given; `None`: inferred always.
    """
    if batch_dim == "module":
        batch_dim = None if isinstance(model, (str, os.PathLike)) else 0
    if engine is not None:
        if engine not in ("torchtitan", "megatron"):
            raise FlexcError(f"engine={engine!r}: flexc.torch plans for 'torchtitan' or 'megatron'")
        return _plan_for_engine(model, example_inputs, world_size, machine, search, strategy, budget,
                                seed, flexc_args, keep, batch_dim, engine)
    with tempfile.TemporaryDirectory(prefix="flexc-torch-") as scratch:
        folder = keep or scratch
        if isinstance(model, (str, os.PathLike)):
            mlir, cwd, given = str(model), None, str(model)
        else:
            # Run in the export's folder, so that flexc's diagnostics name `model.mlir:line:col`.
            os.makedirs(folder, exist_ok=True)
            mlir = export(model, example_inputs, os.path.join(folder, "model.mlir"))
            cwd, given = folder, "model.mlir"
        command = [binary(), given, "--emit=torch-plan", f"--devices={world_size}"]
        for flag, value in (("--machine", machine), ("--search", search), ("--strategy", strategy),
                            ("--search-budget", budget), ("--seed", seed), ("--batch-dim", batch_dim)):
            if value is not None:
                command.append(f"{flag}={value}")
        command.extend(flexc_args)
        done = subprocess.run(command, capture_output=True, text=True, cwd=cwd)
        if done.returncode != 0:
            raise FlexcError(f"flexc failed (exit {done.returncode}): {' '.join(command)}\n{done.stderr}")
        result = json.loads(done.stdout)
        result["report"] = done.stderr
        views = os.path.join(folder, "model.mlir.views.json") if cwd else None
        if views and os.path.exists(views):
            with open(views) as found:
                _gather_fixed_heads(result, json.load(found))
        if keep:
            result["mlir"] = mlir
        return result


def _plan_for_engine(model, example_inputs, world_size, machine, search, strategy, budget, seed,
                     flexc_args, keep, batch_dim, engine):
    """`plan(..., engine=ENGINE)`: the engine's configuration, then the torch-plan of its strategy."""
    emit, default_search = ENGINES[engine]
    with tempfile.TemporaryDirectory(prefix="flexc-torch-") as scratch:
        folder = keep or scratch
        if isinstance(model, (str, os.PathLike)):
            given = os.path.abspath(str(model))
        else:
            os.makedirs(folder, exist_ok=True)
            given = export(model, example_inputs, os.path.join(folder, "model.mlir"))
        command = [binary(), given, f"--emit={emit}", f"--devices={world_size}"]
        if strategy is None and search is None:
            search = default_search
        for flag, value in (("--machine", machine), ("--search", search), ("--strategy", strategy),
                            ("--search-budget", budget), ("--seed", seed), ("--batch-dim", batch_dim)):
            if value is not None:
                command.append(f"{flag}={value}")
        command.extend(flexc_args)
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise FlexcError(f"flexc failed (exit {done.returncode}): {' '.join(command)}\n{done.stderr}")
        config = engine_config(engine, done.stdout)
        spec = engine_spec(strategy, done.stderr)
    # Today's plan of the same strategy (the model exported again, its fixed-head views beside it).
    result = plan(model, example_inputs, world_size, machine, strategy=spec, flexc_args=flexc_args,
                  keep=keep, batch_dim=batch_dim)
    result["engine_report"], result["engine_text"] = done.stderr, done.stdout
    return result, config


def _gather_fixed_heads(result: dict, fixed: dict):
    """Unpairs the column modules of `result` whose output a view with a fixed count splits
    (`_fixed_head_views`): every column module paired with the same row module (q, k and v with o)
    gathers its output and the row module slices its whole input, with a warning."""
    pairs = result.get("pairs", {})
    layouts = result.setdefault("layouts", {})
    for column in sorted(set(fixed) & set(pairs)):
        row = pairs.get(column)
        if row is None:
            continue
        group = sorted(c for c, r in pairs.items() if r == row)
        for c in group:
            layouts[c] = {"output": "Replicate"}
            pairs.pop(c, None)
        layouts[row] = {"input": "Replicate"}
        result.setdefault("warnings", []).insert(0, (
            f"{column}: its output is reshaped with a fixed count where its ColwiseParallel shard "
            f"splits (view {fixed[column]}): torch would read each rank's shard as the whole tensor, so "
            f"{', '.join(group)} gather their outputs (output_layouts=Replicate()) and {row} slices its "
            f"whole input: {len(group)} all-gathers per step more than the simulated strategy (write "
            f"-1 for the heads, view(b, s, -1, head_dim), to run it split)"))


def _transposed_styles():
    """`ColwiseParallel`/`RowwiseParallel` for a module whose weight is `[in, out]` (Hugging Face's
    `Conv1D`, `x @ w + b`): the weight split on the other dim than nn.Linear's, the bias as nn.Linear's,
    the inputs and outputs as the styles hand them."""
    from functools import partial

    import torch.nn as nn
    from torch.distributed.tensor import Replicate, Shard, distribute_module, distribute_tensor
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel

    def partition(weight, bias, self):
        def split(name, module, mesh):
            for key, param in list(module.named_parameters(recurse=False)):
                placement = weight if key == "weight" else bias
                module.register_parameter(key, nn.Parameter(
                    distribute_tensor(param, mesh, [placement], src_data_rank=self.src_data_rank),
                    requires_grad=param.requires_grad))
        return split

    def apply(self, module, device_mesh, weight, bias):
        return distribute_module(
            module, device_mesh, partition(weight, bias, self),
            partial(self._prepare_input_fn, self.input_layouts, self.desired_input_layouts),
            partial(self._prepare_output_fn, self.output_layouts, self.use_local_output))

    class ColwiseTransposed(ColwiseParallel):
        """ColwiseParallel of an `[in, out]` weight: weight `Shard(1)`, bias `Shard(0)`."""

        def _apply(self, module, device_mesh):
            return apply(self, module, device_mesh, Shard(1), Shard(0))

    class RowwiseTransposed(RowwiseParallel):
        """RowwiseParallel of an `[in, out]` weight: weight `Shard(0)`, bias replicated."""

        def _apply(self, module, device_mesh):
            self.desired_input_layouts = (Shard(-1),)
            return apply(self, module, device_mesh, Shard(0), Replicate())

    return {"ColwiseParallel": ColwiseTransposed, "RowwiseParallel": RowwiseTransposed}


def parallelize_plan(result: dict) -> dict:
    """The `parallelize_module` plan: submodule name -> `ColwiseParallel(...)`/`RowwiseParallel(...)`,
    with `result["layouts"]`: `{"output": "Replicate"}` gathers a column-split output,
    `{"input": "Replicate"}` has a row-split module slice its whole input. The modules listed in
    `result["transposed"]` (an `[in, out]` weight: Hugging Face's `Conv1D`) get the styles' variants
    that split that layout."""
    from torch.distributed.tensor import Replicate
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel

    styles = {"ColwiseParallel": ColwiseParallel, "RowwiseParallel": RowwiseParallel}
    transposed = set(result.get("transposed", []))
    swapped = _transposed_styles() if transposed else {}
    layouts = result.get("layouts", {})
    made = {}
    for name, style in result["plan"].items():
        options = {}
        layout = layouts.get(name, {})
        if layout.get("output") == "Replicate":
            options["output_layouts"] = Replicate()
        if layout.get("input") == "Replicate":
            options["input_layouts"] = Replicate()
        made[name] = (swapped if name in transposed else styles)[style](**options)
    return made


def _over_dp(module, result: dict, mesh):
    """Over `mesh["dp"]`: FSDP2's `fully_shard` when the plan shards weight state there — ZeRO-3
    (`"zero": 3`: each item of an `nn.ModuleList` a unit of its own, then `module`, weights resharded
    after the forward) or, for `"zero": 1` and `2`, `reshard_after_forward=False` (gradients and
    optimizer state sharded, the weights gathered once per step and kept to the backward: ZeRO-2, and
    what torch runs of the distributed optimizer, the same bytes moved as ZeRO-1's reduce-scatter and
    all-gather) —
    else replication with DDP's averaged gradients (`replicate`)."""
    if result.get("fsdp"):
        import torch
        from torch.distributed.fsdp import fully_shard

        reshard = result.get("zero", 3) not in (1, 2)
        # Each repeated layer (an item of an `nn.ModuleList`) its own FSDP unit, then the rest: a
        # layer's weights are gathered only while it runs, as FSDP's own guidance does for blocks.
        # Under checkpointing the module is one unit: its hooks stay outside the checkpointed forward
        # (a unit's hooks inside it run differently when the backward recomputes it, which the
        # selective policy's replay refuses).
        if result.get("recompute", "none") == "none":
            for item in [m for m in module.modules() if isinstance(m, torch.nn.ModuleList)]:
                for layer in item:
                    fully_shard(layer, mesh=mesh["dp"], reshard_after_forward=reshard)
        fully_shard(module, mesh=mesh["dp"], reshard_after_forward=reshard)
    else:
        # FSDP2's replicate: DDP's semantics (gradients all-reduced and averaged over `dp`) on
        # DTensor parameters, so it composes with the `tp` styles as `fully_shard` does.
        from torch.distributed._composable.replicate_with_fsdp import replicate

        replicate(module, mesh=mesh["dp"])


# Ops whose outputs the selective policy keeps: the contractions of a weight (`nn.Linear`'s matmuls).
# Attention's contractions (`bmm`, fused attention) and everything else are recomputed.
_SAVED_CONTRACTIONS = ("mm", "addmm", "linear")


def _selective_policy():
    """The `torch.utils.checkpoint` context of `recompute="selective"`: save the outputs of weight
    contractions, recompute the rest (attention's scores and probabilities among them)."""
    import torch
    from torch.utils.checkpoint import CheckpointPolicy, create_selective_checkpoint_contexts

    saved = {getattr(torch.ops.aten, name).default for name in _SAVED_CONTRACTIONS}
    # A row-split layer's output is its contraction's, reduced (`_tp_ops`): kept, not reduced again.
    if _TP_OPS:
        saved |= {torch.ops.flexc.tp_reduce.default, torch.ops.flexc.tp_gather.default,
                  torch.ops.flexc.tp_reduce_scatter.default, torch.ops.flexc.tp_sequence_gather.default}

    def policy(ctx, op, *args, **kwargs):
        return CheckpointPolicy.MUST_SAVE if op in saved else CheckpointPolicy.PREFER_RECOMPUTE

    return lambda: create_selective_checkpoint_contexts(policy)


def _checkpointed(module, recompute: str):
    """`module` whose forward runs under `torch.utils.checkpoint` (non-reentrant): `full` keeps only
    its inputs, as flexc's full recomputation keeps each virtual stage's input; `selective` keeps its
    weight contractions' outputs as well (`_selective_policy`)."""
    import functools

    from torch.utils.checkpoint import checkpoint

    if recompute in (None, "none"):
        return module
    if recompute not in ("full", "selective"):
        raise FlexcError(f"recompute={recompute!r}: apply runs 'none', 'selective' or 'full'")
    options = {"use_reentrant": False}
    if recompute == "selective":
        options["context_fn"] = _selective_policy()
    forward = module.forward

    @functools.wraps(forward)
    def run(*args, **kwargs):
        return checkpoint(forward, *args, **options, **kwargs)

    module.forward = run
    return module


_TP_OPS = []


def _tp_ops():
    """The collectives of tensor parallelism inside a pipeline stage as custom ops (opaque to
    `torch.export`, with their own backward), on the `tp` process group named by its group name:
    `copy` (identity; backward all-reduce: a replicated input of column-split modules), `reduce`
    (all-reduce; backward identity: a row-split module's partial sums), `gather` (all-gather of the
    last dim; backward the rank's slice) and `slice` (the rank's share of the last dim; backward
    all-gather); for sequence parallelism, along dim 1 (the sequence of `[batch, sequence, hidden]`):
    `scatter` (the rank's share; backward all-gather), `unscatter` (all-gather of a share that
    replicated code reads; backward the rank's share), `sequence_gather` (all-gather into a
    tensor-parallel region, whose gradients are partial sums; backward reduce-scatter) and
    `reduce_scatter` (backward all-gather). The reduce-scatter is an all-reduce and
    the rank's share (the same result; gloo's CPU collectives have no `reduce_scatter_tensor`)."""
    if _TP_OPS:
        return _TP_OPS[0]
    import torch
    import torch.distributed as dist
    from torch.distributed.distributed_c10d import _resolve_process_group

    def summed(x, group):
        out = x.contiguous().clone()
        dist.all_reduce(out, group=_resolve_process_group(group))
        return out

    def gathered(x, group):
        pg = _resolve_process_group(group)
        parts = [torch.empty_like(x.contiguous()) for _ in range(dist.get_world_size(pg))]
        dist.all_gather(parts, x.contiguous(), group=pg)
        return torch.cat(parts, dim=-1)

    def sliced(x, group):
        pg = _resolve_process_group(group)
        return x.chunk(dist.get_world_size(pg), dim=-1)[dist.get_rank(pg)].contiguous()

    def op(name, forward, backward, shape):
        made = torch.library.custom_op(f"flexc::tp_{name}", mutates_args=())(forward)
        made.register_fake(shape)
        made.register_autograd(lambda ctx, grad: (backward(grad, ctx.group), None),
                               setup_context=lambda ctx, inputs, output: setattr(ctx, "group", inputs[1]))
        return made

    def copy(x: torch.Tensor, group: str) -> torch.Tensor:
        return x.clone()

    def reduce(x: torch.Tensor, group: str) -> torch.Tensor:
        return summed(x, group)

    def gather(x: torch.Tensor, group: str) -> torch.Tensor:
        return gathered(x, group)

    def slice_(x: torch.Tensor, group: str) -> torch.Tensor:
        return sliced(x, group)

    def size(group):
        return dist.get_world_size(_resolve_process_group(group))

    def sequence_share(x, group):
        pg = _resolve_process_group(group)
        n = dist.get_world_size(pg)
        if x.dim() < 2 or x.shape[1] % n:
            raise FlexcError(f"sequence parallelism: an activation of shape {tuple(x.shape)} has no "
                             f"sequence dim 1 that splits into tp={n} shares")
        return x.chunk(n, dim=1)[dist.get_rank(pg)].contiguous()

    def sequence_whole(x, group):
        pg = _resolve_process_group(group)
        parts = [torch.empty_like(x.contiguous()) for _ in range(dist.get_world_size(pg))]
        dist.all_gather(parts, x.contiguous(), group=pg)
        return torch.cat(parts, dim=1)

    def sequence_summed(x, group):
        # A reduce-scatter along the sequence: the sum over `tp`, this rank's share kept.
        return sequence_share(summed(x, group), group)

    def scatter(x: torch.Tensor, group: str) -> torch.Tensor:
        return sequence_share(x, group)

    def sequence_gather(x: torch.Tensor, group: str) -> torch.Tensor:
        return sequence_whole(x, group)

    def unscatter(x: torch.Tensor, group: str) -> torch.Tensor:
        return sequence_whole(x, group)

    def reduce_scatter(x: torch.Tensor, group: str) -> torch.Tensor:
        return sequence_summed(x, group)

    def shorter(y, group):
        return y.new_empty((y.shape[0], y.shape[1] // size(group), *y.shape[2:]))

    def longer(y, group):
        return y.new_empty((y.shape[0], y.shape[1] * size(group), *y.shape[2:]))

    ops = {
        "copy": op("copy", copy, summed, lambda x, group: torch.empty_like(x)),
        # Sequence parallelism (`_sequence_parallel`): dim 1 of `[batch, sequence, hidden]`.
        "scatter": op("scatter", scatter, sequence_whole, shorter),
        "sequence_gather": op("sequence_gather", sequence_gather, sequence_summed, longer),
        "unscatter": op("unscatter", unscatter, sequence_share, longer),
        "reduce_scatter": op("reduce_scatter", reduce_scatter, sequence_whole, shorter),
        "reduce": op("reduce", reduce, lambda g, group: g, lambda x, group: torch.empty_like(x)),
        "gather": op("gather", gather, sliced, lambda x, group: x.new_empty(
            (*x.shape[:-1], x.shape[-1] * size(group)))),
        "slice": op("slice", slice_, gathered, lambda x, group: x.new_empty(
            (*x.shape[:-1], x.shape[-1] // size(group)))),
    }
    _TP_OPS.append(ops)
    return ops


def _wrapped(module, before=None, after=None):
    """`module` whose forward applies `before` to its first input (positional, or `hidden_states`) and
    `after` to its output (the first item of a tuple: Hugging Face's layers return tuples)."""
    import functools

    import torch

    forward = module.forward

    @functools.wraps(forward)
    def run(*args, **kwargs):
        if before is not None:
            if args:
                args = (before(args[0]), *args[1:])
            elif "hidden_states" in kwargs:
                kwargs["hidden_states"] = before(kwargs["hidden_states"])
            else:
                raise FlexcError(f"{type(module).__name__}: sequence parallelism found no input to split")
        out = forward(*args, **kwargs)
        if after is not None:
            out = after(out) if torch.is_tensor(out) else type(out)((after(out[0]), *out[1:]))
        return out

    module.forward = run
    return module


def _sequence_parallel(model, result: dict, ops, group):
    """Megatron's sequence parallelism in `model` (local shards, `_local_tensor_parallel`): inside the
    repeated layers — the items of the outermost `nn.ModuleList`s that hold the plan's styled modules —
    the residual stream is each `tp` rank's share of the sequence (dim 1 of `[batch, sequence,
    hidden]`): scattered at the first item's input and gathered at the last item's output, so norms
    and pointwise ops between the tensor-parallel regions run on the share. A column group (the column
    modules paired with one row module) gathers the sequence once at the input of the smallest module
    holding the group when that module holds no other parameter (attention: `q`, `k`, `v`, `o` under
    `attn`, whose code reads the sequence length from its input), else each column module gathers its
    own input (the MLP's `fc`); the row module reduce-scatters its output onto the share. The
    parameters used on the share (norms, any other unstyled module's in the layers) get their
    gradients summed over `tp` (`copy`: identity forward, all-reduce backward), as Megatron's
    sequence-parallel parameters do. Returns `{"entries": column -> "self" | "module", "rows": row
    modules that reduce-scatter}`. Unpaired styles in the layers are refused (they exchange whole
    tensors, which the sequence share is not)."""
    import torch.nn as nn
    import torch.nn.functional as F

    plan, pairs, layouts = result["plan"], result.get("pairs", {}), result.get("layouts", {})

    def under(name, prefix):
        return name == prefix or name.startswith(prefix + ".")

    lists = [(name, m) for name, m in model.named_modules()
             if name and isinstance(m, nn.ModuleList)
             and any(under(q, f"{name}.{i}") for q in plan for i in range(len(m)))]
    lists = [(name, m) for name, m in lists
             if not any(other != name and under(name, other) for other, _ in lists)]
    if not lists:
        raise FlexcError("sequence parallelism: no nn.ModuleList holds the tensor-parallel modules; apply "
                         "runs the sequence share inside the repeated layers (the items of one)")
    items = [f"{name}.{i}" for name, m in lists for i in range(len(m))]

    def inside(q):
        return any(under(q, item) for item in items)

    groups = {}
    for q, style in plan.items():
        if not inside(q):
            continue
        if layouts.get(q):
            raise FlexcError(f"{q}: its {style} exchanges whole tensors ({layouts[q]}); sequence "
                             "parallelism runs paired column and row modules inside the layers only")
        if style == "ColwiseParallel":
            if q not in pairs:
                raise FlexcError(f"{q}: a ColwiseParallel module without a row partner inside the layers")
            groups.setdefault(pairs[q], []).append(q)
    for q, style in plan.items():
        if inside(q) and style == "RowwiseParallel" and q not in groups:
            raise FlexcError(f"{q}: a RowwiseParallel module without column partners inside the layers")

    gather = lambda x: ops["sequence_gather"](x, group)  # noqa: E731
    entries, regions = {}, []
    for row, columns in groups.items():
        members = columns + [row]
        parts = [m.split(".") for m in members]
        common = []
        for level in zip(*parts):
            if len(set(level)) != 1:
                break
            common.append(level[0])
        lca = ".".join(common)
        holder = model.get_submodule(lca) if lca else model
        owners = {f"{lca}.{n}" if n else lca for n, m in holder.named_modules()
                  if any(True for _ in m.parameters(recurse=False))}
        own = lca not in items and any(under(lca, item) for item in items) \
            and lca not in members and owners <= set(members)
        if own:
            _wrapped(holder, before=gather)
            regions.append(lca)
        for c in columns:
            entries[c] = "module" if own else "self"

    def summed_over_tp(module):
        """The module's own parameters pass `copy` on their way into its forward."""
        if isinstance(module, nn.LayerNorm):
            module.forward = lambda x, m=module: F.layer_norm(
                x, m.normalized_shape, None if m.weight is None else ops["copy"](m.weight, group),
                None if m.bias is None else ops["copy"](m.bias, group), m.eps)
            return
        if isinstance(module, getattr(nn, "RMSNorm", ())):
            module.forward = lambda x, m=module: F.rms_norm(
                x, m.normalized_shape, None if m.weight is None else ops["copy"](m.weight, group), m.eps)
            return
        forward = module.forward
        keys = [k for k, p in module._parameters.items() if p is not None]

        def run(*args, m=module, **kwargs):
            saved = {k: m._parameters[k] for k in keys}
            try:
                for k in keys:
                    m._parameters[k] = ops["copy"](saved[k], group)
                return forward(*args, **kwargs)
            finally:
                m._parameters.update(saved)

        module.forward = run

    for name, module in model.named_modules():
        if inside(name) and name not in plan and not any(under(name, r) for r in regions) \
                and any(True for _ in module.parameters(recurse=False)):
            summed_over_tp(module)
    for name, m in lists:
        _wrapped(m[0], before=lambda x: ops["scatter"](x, group))
        _wrapped(m[len(m) - 1], after=lambda x: ops["unscatter"](x, group))
    return {"entries": entries, "rows": set(groups)}


def _local_tensor_parallel(model, result: dict, mesh):
    """Tensor parallelism of `result["plan"]` on `mesh["tp"]` written into `model` with local shards,
    before `torch.distributed.pipelining` traces it (its tracer cannot carry DTensors and replaces the
    `nn.Linear` modules that `parallelize_module`'s styles need): each styled module keeps its rank's
    shard of its weight (and bias) as a plain parameter and runs its style's collectives
    (`_tp_ops`) — Megatron-LM's column and row splits, with the plan's layouts (a gathered column
    output, a row input sliced from a whole tensor). The traced forward then has each rank's shapes
    (a `view(b, s, -1, head_dim)` reads its share of the heads). Styled modules must be `nn.Linear`,
    `nn.Embedding` (no `padding_idx`, `max_norm`) or listed in `result["transposed"]` (`x @ w + b`).
    Returns the sharded parameters' names and their split dims."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    # A tied parameter (one parameter under several names) of a styled module: only that module's
    # copy would be split, the other module's reading the whole tensor.
    tied = {}
    for name, param in model.named_parameters(remove_duplicate=False):
        tied.setdefault(id(param), []).append(name)
    for names in tied.values():
        styled = [n for n in names if len(names) > 1 and n.rsplit(".", 1)[0] in result["plan"]]
        if styled:
            raise FlexcError(f"{styled[0]}: a tied parameter ({' = '.join(names)}) split by tensor "
                             "parallelism on local shards (inside pipeline stages, or under sequence "
                             "parallelism): apply would split one module's copy only; untie it or plan "
                             "without tp for it")

    ops = _tp_ops()
    group = mesh["tp"].get_group().group_name
    rank, size = mesh["tp"].get_local_rank(), mesh["tp"].size()
    layouts = result.get("layouts", {})
    transposed = set(result.get("transposed", []))
    shards = {}
    # Sequence parallelism: which column modules gather their input themselves (the others' group
    # gathers it once at the entry of a module of its own), which row modules scatter their output.
    sequence = _sequence_parallel(model, result, ops, group) if result.get("sequence_parallel") else None

    def shard(module, qual, key, dim):
        param = getattr(module, key)
        if param.shape[dim] % size:
            raise FlexcError(f"{qual}.{key}: dim {dim} of {tuple(param.shape)} does not split into tp={size} shards")
        local = param.detach().chunk(size, dim=dim)[rank].clone()
        setattr(module, key, nn.Parameter(local, requires_grad=param.requires_grad))
        shards[f"{qual}.{key}"] = dim

    for qual, style in result["plan"].items():
        module = model.get_submodule(qual)
        column = style == "ColwiseParallel"
        layout = layouts.get(qual, {})
        gather_out = column and layout.get("output") == "Replicate"
        slice_in = not column and layout.get("input") == "Replicate"
        if isinstance(module, nn.Embedding):
            if module.padding_idx is not None or module.max_norm is not None:
                raise FlexcError(f"{qual}: an nn.Embedding with padding_idx or max_norm is not split inside "
                                 "a pipeline stage")
            shard(module, qual, "weight", 1 if column else 0)
            rows = module.weight.shape[0]

            def embed(ids, m=module, column=column, gather_out=gather_out, rows=rows):
                if column:
                    out = F.embedding(ids, m.weight)
                    return ops["gather"](out, group) if gather_out else out
                local = ids - rank * rows
                outside = (local < 0) | (local >= rows)
                out = F.embedding(local.masked_fill(outside, 0), m.weight)
                return ops["reduce"](out.masked_fill(outside.unsqueeze(-1), 0.0), group)

            module.forward = embed
            continue
        swapped = qual in transposed
        if not (isinstance(module, nn.Linear) or swapped):
            raise FlexcError(f"{qual}: a {type(module).__name__}; tensor parallelism inside a pipeline stage "
                             "splits nn.Linear, nn.Embedding and the [in, out] linear layers of 'transposed'")
        # The weight's output-features dim: [out, in] for nn.Linear, [in, out] transposed.
        out_dim = 1 if swapped else 0
        shard(module, qual, "weight", out_dim if column else 1 - out_dim)
        bias = getattr(module, "bias", None)
        if column and bias is not None:
            shard(module, qual, "bias", 0)

        # Under sequence parallelism (inside the repeated layers): a column module gathers the
        # sequence (or its group's module has), a row module reduce-scatters onto it and adds its
        # bias to this rank's share (the bias's gradient summed over `tp`: `copy`).
        entry = sequence["entries"].get(qual) if sequence and column else None
        scattered = bool(sequence) and not column and qual in sequence["rows"]

        def linear(x, m=module, column=column, swapped=swapped, gather_out=gather_out, slice_in=slice_in,
                   entry=entry, scattered=scattered):
            bias = getattr(m, "bias", None)
            if entry == "self":
                x = ops["sequence_gather"](x, group)
            elif entry is None and column:
                x = ops["copy"](x, group)
            elif slice_in:
                x = ops["slice"](x, group)
            y = x @ m.weight if swapped else F.linear(x, m.weight)
            if column:
                y = y + bias if bias is not None else y
                return ops["gather"](y, group) if gather_out else y
            if scattered:
                y = ops["reduce_scatter"](y, group)
                return y + ops["copy"](bias, group) if bias is not None else y
            y = ops["reduce"](y, group)
            return y + bias if bias is not None else y

        module.forward = linear
    return shards


class Pipelined:
    """This rank's pipeline stages of a module and the schedule that runs them (`apply` of a plan with
    `"pipeline"`). `step(*inputs, target=..., losses=[])` runs one training step: the inputs of this
    rank's data-parallel share, split into the plan's micro-batches along dim 0; the loss is
    `loss_fn(output, target)` per micro-batch on the last stage (appended to `losses` there), and
    gradients, averaged over the micro-batches, accumulate in the stages' parameters — those of
    `parameters()`, named as the module names them, for the user's optimizer. Under tensor
    parallelism a styled module's parameters are this rank's shards (`shards`: name -> split dim);
    `full(name, tensor)` gathers one (a parameter or its gradient) over `tp`, on every rank of it."""

    def __init__(self, stages, schedule, shards=None, mesh=None, tied=(), fsdp=False):
        self.fsdp = fsdp
        self.stages = stages
        self.schedule = schedule
        self.shards = shards or {}
        self.mesh = mesh
        # Each tied parameter: its names, shape and dtype (`_sum_tied`).
        self.tied = list(tied)

    def step(self, *inputs, target=None, losses=None):
        result = self.schedule.step(*inputs, target=target, losses=losses)
        self._sum_tied()
        return result

    def _sum_tied(self):
        """Tied parameters (one `nn.Parameter` under several names: GPT-2's `lm_head.weight` and
        `transformer.wte.weight`) are a copy in every stage that reads them once torch splits the
        module: their gradients are summed over the pipeline group and every copy gets the sum, as
        Megatron-LM all-reduces the embedding and output layer's gradients between the first and the
        last stage; the copies start equal and stay equal under the optimizer. Every rank of `pp`
        joins each sum (zeros where it holds no copy), the groups in one order."""
        import torch
        import torch.distributed as dist
        from torch.distributed.tensor import DTensor

        if not self.tied or self.mesh["pp"].size() == 1:
            return
        local = lambda t: t.to_local() if isinstance(t, DTensor) else t  # noqa: E731
        params = dict(self.named_parameters())
        for names, shape, dtype in self.tied:
            copies = [params[n] for n in names if n in params]
            total = None
            for p in copies:
                if p.grad is not None:
                    g = local(p.grad).detach()
                    total = g.clone() if total is None else total + g
            if total is None:
                # No copy here: zeros of the copies' local shape (FSDP's share of dim 0 over `dp`).
                if self.fsdp and self.mesh["dp"].size() > 1:
                    dp = self.mesh["dp"]
                    shape = torch.empty(shape, device="meta").chunk(dp.size())[dp.get_local_rank()].shape
                total = torch.zeros(shape, dtype=dtype)
            dist.all_reduce(total, group=self.mesh["pp"].get_group())
            for p in copies:
                if p.grad is None:
                    p.grad = torch.zeros_like(p)
                local(p.grad).copy_(total)

    def named_parameters(self):
        for stage in self.stages:
            yield from stage.submod.named_parameters()

    def parameters(self):
        for _, parameter in self.named_parameters():
            yield parameter

    def full(self, name, tensor):
        return _full(self.shards, self.mesh, name, tensor)


def _full(shards, mesh, name, tensor):
    """`tensor` (parameter `name` or its gradient) whole: gathered over `dp` (FSDP's DTensor) and over
    `tp` when `shards` holds it (its split dim)."""
    import torch
    import torch.distributed as dist
    from torch.distributed.tensor import DTensor

    if isinstance(tensor, DTensor):
        tensor = tensor.full_tensor()
    dim = shards.get(name)
    if dim is None:
        return tensor
    parts = [torch.empty_like(tensor) for _ in range(mesh["tp"].size())]
    dist.all_gather(parts, tensor.contiguous(), group=mesh["tp"].get_group())
    return torch.cat(parts, dim=dim)


def _pipeline(model, result: dict, mesh, device, example_inputs, loss_fn):
    """The `Pipelined` of `model` under `result["pipeline"]` (see `apply`)."""
    from torch.distributed import pipelining

    if example_inputs is None or loss_fn is None:
        raise FlexcError("a pipelined plan needs apply(..., example_inputs=..., loss_fn=...): the inputs "
                         "of one data-parallel rank's step (traced as one micro-batch) and the loss of "
                         "the last stage's output")
    spec = result["pipeline"]
    count = spec["micro_batches"]
    # Tied parameters (one parameter under several names): each stage that reads one holds a copy once
    # torch splits the module; `Pipelined.step` sums their gradients over `pp`.
    tied = {}
    for name, param in model.named_parameters(remove_duplicate=False):
        tied.setdefault(id(param), (param, []))[1].append(name)
    tied = [(param, names) for param, names in tied.values() if len(names) > 1]
    shards = {}
    if result["plan"] and mesh["tp"].size() > 1:
        shards = _local_tensor_parallel(model, result, mesh)
    micro = tuple(t.chunk(count)[0] for t in example_inputs)
    pipe = pipelining.pipeline(model, mb_args=micro,
                               split_spec={name: pipelining.SplitPoint.BEGINNING
                                           for name in spec["split_points"]})
    total = spec["stages"] * spec["chunks"]
    if pipe.num_stages != total:
        raise FlexcError(f"torch split the module into {pipe.num_stages} stages, the plan has {total}")
    rank, dp = mesh["pp"].get_local_rank(), mesh["dp"].size()
    stages = []
    # Rank g of `pp` holds stages g, g + pp, ... (flexc's interleaved assignment).
    for index in range(rank, total, spec["stages"]):
        module = _checkpointed(pipe.get_stage_module(index), result.get("recompute"))
        if dp > 1:
            _over_dp(module, result, mesh)
        stages.append(pipe.build_stage(index, device, group=mesh["pp"].get_group()))
    kind = getattr(pipelining, spec["schedule"])
    schedule = kind(stages if spec["chunks"] > 1 else stages[0], count, loss_fn=loss_fn)
    return Pipelined(stages, schedule, shards, mesh,
                     tied=[(sorted(names), tuple(p.shape), p.dtype) for p, names in tied],
                     fsdp=bool(result.get("fsdp")))


def apply(model, result: dict, device_type: str = "cpu", example_inputs=None, loss_fn=None):
    """Parallelizes `model` as `result` says and returns `(model, mesh)`, the `DeviceMesh` with dims
    `dp` and `tp`: the styles of `result["plan"]` on `tp` (`parallelize_module`), the forward under
    activation checkpointing when `result["recompute"]` says (`_checkpointed`: `full` or
    `selective`), then over `dp` either FSDP (`fully_shard`, when the strategy shards weight state
    there: ZeRO-3, or ZeRO-1 run as `reshard_after_forward=False`, see `_over_dp`) or replication with
    gradients averaged as DDP does (`replicate`). Call it in every process of a `torch.distributed`
    job of `result["world_size"]` ranks; feed each `dp` rank its share of the batch (the same share to
    the ranks of one `tp` group).

    A plan with `"sequence_parallel"` runs its styles on local shards instead of `parallelize_module`
    (`_local_tensor_parallel`, `_sequence_parallel`: the norms between the tensor-parallel regions on
    each `tp` rank's share of the sequence, dim 1); the module's styled parameters are then this rank's
    shards, and `model.flexc_full(name, tensor)` gathers one (a parameter or its gradient) whole.

    A plan with pipeline stages returns `(Pipelined, mesh)` instead, the mesh with dims `dp`, `pp`,
    `tp`: give `example_inputs` (the inputs of one `dp` rank's step) and `loss_fn(output, target)`, and
    train with `Pipelined.step` (see there); the module is traced by `torch.distributed.pipelining`
    on the device it is on, after its styled modules keep their `tp` shards
    (`_local_tensor_parallel`); each stage runs under the plan's checkpointing and FSDP or
    replication over `dp`."""
    import torch
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import parallelize_module

    mesh = init_device_mesh(device_type, tuple(result["mesh"]["shape"]),
                            mesh_dim_names=tuple(result["mesh"]["dims"]))
    if result.get("pipeline"):
        if device_type == "cpu":
            device = torch.device("cpu")
        else:
            device = torch.device(device_type, torch.accelerator.current_device_index())
        return _pipeline(model, result, mesh, device, example_inputs, loss_fn), mesh
    dp, tp = result["mesh"]["shape"]
    if result.get("sequence_parallel") and result["plan"] and tp > 1:
        # Sequence parallelism runs on local shards, as tensor parallelism inside a pipeline stage.
        import functools

        shards = _local_tensor_parallel(model, result, mesh)
        model.flexc_full = functools.partial(_full, shards, mesh)
    elif result["plan"] and tp > 1:
        parallelize_module(model, mesh["tp"], parallelize_plan(result))
    _checkpointed(model, result.get("recompute"))
    if dp > 1:
        _over_dp(model, result, mesh)
    return model, mesh
