"""flexc from Python: strategies searched by the flexc binary, handed to the engines that run them.

`flexc.jax.plan` (JAX, XLA's SPMD partitioner), `flexc.torch.plan` (PyTorch, `torch.distributed`). The binary is found by `flexc.binary()`.
"""
import os
import pathlib
import shutil

__all__ = ["binary", "FlexcError"]


class FlexcError(RuntimeError):
    """flexc refused the input or failed: the message holds its diagnostics."""


def binary():
    """The flexc executable: `$FLEXC`, else `flexc` on PATH, else the repository's cargo build next
    to this package (target/release, then target/debug)."""
    given = os.environ.get("FLEXC")
    if given:
        return os.path.abspath(given) if os.sep in given else given
    found = shutil.which("flexc")
    if found:
        return found
    here = pathlib.Path(__file__).resolve().parent
    for root in (here.parent.parent, pathlib.Path.cwd()):
        for profile in ("release", "debug"):
            candidate = root / "target" / profile / "flexc"
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    raise FlexcError(
        "flexc binary not found: set FLEXC=/path/to/flexc, put flexc on PATH, or build the "
        "repository (cargo build --bins)"
    )
