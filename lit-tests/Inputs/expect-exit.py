#!/usr/bin/env python3
"""expect-exit.py [--timeout=SECONDS] CODE CMD...: run CMD (output passed through); succeed iff it exits
with CODE (and, with --timeout, within that many seconds: a hang fails the test)."""
import subprocess
import sys

args = sys.argv[1:]
timeout = None
if args and args[0].startswith("--timeout="):
    timeout = float(args.pop(0).split("=", 1)[1])
expected = int(args[0])
try:
    code = subprocess.call(args[1:], timeout=timeout)
except subprocess.TimeoutExpired:
    sys.stderr.write(f"expect-exit: still running after {timeout:g} s (a hang)\n")
    sys.exit(1)
if code != expected:
    sys.stderr.write(f"expect-exit: expected exit code {expected}, got {code}\n")
    sys.exit(1)
