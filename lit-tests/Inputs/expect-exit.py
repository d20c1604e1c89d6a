#!/usr/bin/env python3
"""expect-exit.py CODE CMD...: run CMD (output passed through); succeed iff it exits with CODE."""
import subprocess
import sys

expected = int(sys.argv[1])
code = subprocess.call(sys.argv[2:])
if code != expected:
    sys.stderr.write(f"expect-exit: expected exit code {expected}, got {code}\n")
    sys.exit(1)
