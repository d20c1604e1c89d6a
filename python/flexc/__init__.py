"""flexc from Python: strategies searched by the flexc binary, handed to the engines that run them.

`flexc.jax.plan` (JAX, XLA's SPMD partitioner), `flexc.torch.plan` (PyTorch, `torch.distributed`). The binary is found by `flexc.binary()`.
"""
import os
import pathlib
import shutil

__all__ = ["binary", "FlexcError"]


class FlexcError(RuntimeError):
    """flexc refused the input or failed: the message holds its diagnostics."""


def _repositories():
    """Checkouts whose cargo build may hold flexc: the one recorded at install (python/setup.py), the
    one this package sits in (an editable or in-tree use), the current directory."""
    roots = []
    try:
        from ._installed import REPOSITORY
        if REPOSITORY:
            roots.append(pathlib.Path(REPOSITORY))
    except ImportError:
        pass
    roots.append(pathlib.Path(__file__).resolve().parent.parent.parent)
    roots.append(pathlib.Path.cwd())
    unique = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    return unique


def binary():
    """The flexc executable: `$FLEXC`, else `flexc` on PATH, else the cargo build (target/release, then
    target/debug) of the checkout the package was installed from (recorded at install), of the
    checkout it sits in, or of the current directory. The error names every place it looked."""
    given = os.environ.get("FLEXC")
    if given:
        path = os.path.abspath(given) if os.sep in given else shutil.which(given)
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
        raise FlexcError(f"flexc binary not found: $FLEXC is {given!r}, which is no executable file")
    found = shutil.which("flexc")
    if found:
        return found
    looked = ["$FLEXC (not set)", "flexc on PATH"]
    for root in _repositories():
        for profile in ("release", "debug"):
            candidate = root / "target" / profile / "flexc"
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
            looked.append(str(candidate))
    raise FlexcError(
        "flexc binary not found; looked at " + ", ".join(looked) + ". Build it (cargo build --release "
        "--bins in the checkout), set FLEXC=/path/to/flexc, or put flexc on PATH"
    )


# The training frameworks `plan(..., engine=NAME)` configures: NAME -> (flexc's --emit, its --search).
ENGINES = {
    "megatron": ("megatron-args", "megatron"),
    "torchtitan": ("torchtitan", "torchtitan"),
    "maxtext": ("maxtext", "maxtext"),
}


def engine_config(engine: str, text: str):
    """The configuration flexc emitted for `engine`, parsed: Megatron-LM's flags as a list
    (`["--num-layers", "2", ...]`, for `pretrain_gpt.py *flags`), torchtitan's TOML and MaxText's YAML
    as dicts."""
    if engine == "megatron":
        return [part for line in text.splitlines() for part in line.split(" ", 1)]
    if engine == "torchtitan":
        import tomllib

        return tomllib.loads(text)
    if engine == "maxtext":
        try:
            import yaml
        except ImportError as e:
            raise FlexcError(f"engine='maxtext' reads flexc's YAML with PyYAML: {e}") from e
        return yaml.safe_load(text)
    raise FlexcError(f"unknown engine {engine!r} (expected one of {', '.join(ENGINES)})")


def engine_spec(strategy, report: str) -> str:
    """The `megatron:` spec an engine export planned: `strategy` when given, else the schedule
    search's choice in flexc's report (`... best megatron:tp=...`)."""
    if strategy is not None:
        return strategy
    import re

    found = re.findall(r"best (megatron:\S+)", report)
    if not found:
        raise FlexcError(f"no schedule search's choice in flexc's report:\n{report}")
    return found[-1]
