"""flexc plans for PyTorch (`torch.distributed`): `plan(...)` runs `flexc --emit=torch-plan` on a
torch-mlir export whose weight arguments carry their `named_parameters()` names (`par.name`), and
`apply(model, plan)` parallelizes the user's module with it — a `parallelize_module` plan
(`ColwiseParallel`/`RowwiseParallel` per named submodule) on the `tp` dim of a 2-D `DeviceMesh`
(`dp` × `tp`), and FSDP (`fully_shard`) over `dp` when the strategy shards weights there (ZeRO-3).

Not checked on the engine here: PyPI's Linux torch wheel is the CUDA build (torch 2.15.0 for Python 3.11:
3.00 GB of wheels, 5.46 GB installed with NVIDIA's runtime wheels and Triton, and `import torch` fails on
`libcudart.so.13` without them), which the project does not install; the JSON side is tested by lit
(lit-tests/torch/plan.test). Exporting an `nn.Module` with its parameters as named arguments is left to
the caller (torch-mlir's FX importer freezes parameters into constants by default).
"""
import json
import subprocess
from typing import Optional, Sequence

from . import FlexcError, binary

__all__ = ["plan", "parallelize_plan", "apply"]


def plan(mlir_path: str, world_size: int, machine: Optional[str] = None, search: Optional[str] = None,
         strategy: Optional[str] = None, budget: Optional[str] = None,
         flexc_args: Sequence[str] = ()) -> dict:
    """`flexc MLIR --emit=torch-plan --devices=world_size` as a dict (see src/torch.rs for the format);
    the report (standard error) is under "report"."""
    command = [binary(), str(mlir_path), "--emit=torch-plan", f"--devices={world_size}"]
    for flag, value in (("--machine", machine), ("--search", search), ("--strategy", strategy),
                        ("--search-budget", budget)):
        if value is not None:
            command.append(f"{flag}={value}")
    command.extend(flexc_args)
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise FlexcError(f"flexc failed (exit {done.returncode}): {' '.join(command)}\n{done.stderr}")
    result = json.loads(done.stdout)
    result["report"] = done.stderr
    return result


def parallelize_plan(result: dict) -> dict:
    """The `parallelize_module` plan: submodule name -> a `ColwiseParallel()`/`RowwiseParallel()`."""
    from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel

    styles = {"ColwiseParallel": ColwiseParallel, "RowwiseParallel": RowwiseParallel}
    return {name: styles[style]() for name, style in result["plan"].items()}


def apply(model, result: dict, device_type: str = "cpu"):
    """Parallelizes `model` in place as `result` says and returns the `DeviceMesh` (dims `dp`, `tp`).
    Call it in every process of a `torch.distributed` job of `result["world_size"]` ranks."""
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor.parallel import parallelize_module

    mesh = init_device_mesh(device_type, tuple(result["mesh"]["shape"]),
                            mesh_dim_names=tuple(result["mesh"]["dims"]))
    if result["plan"] and result["mesh"]["shape"][1] > 1:
        parallelize_module(model, mesh["tp"], parallelize_plan(result))
    if result.get("fsdp") and result["mesh"]["shape"][0] > 1:
        from torch.distributed.fsdp import fully_shard

        fully_shard(model, mesh=mesh["dp"])
    return mesh
