"""Records, at install, the repository the package was installed from (`flexc/_installed.py`), so that
`flexc.binary()` finds that checkout's cargo build (`target/release/flexc`, then `target/debug/flexc`)
after a normal `pip install ./python`, which copies the package away from the repository."""
import os
import pathlib

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self):
        super().run()
        here = pathlib.Path(__file__).resolve().parent
        root = here.parent
        # Only a flexc checkout is recorded (its Cargo workspace beside python/); an sdist built
        # elsewhere records nothing and the package looks on PATH and in $FLEXC only.
        recorded = str(root) if (root / "Cargo.toml").is_file() else None
        target = pathlib.Path(self.build_lib) / "flexc" / "_installed.py"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            '"""Written by python/setup.py at install: the flexc checkout the package came from."""\n'
            f"REPOSITORY = {recorded!r}\n"
        )


setup(cmdclass={"build_py": BuildPy})
