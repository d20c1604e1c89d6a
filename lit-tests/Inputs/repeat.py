#!/usr/bin/env python3
"""repeat.py N CMD...: runs CMD N times (output discarded); fails at the first run that does not
exit 0. For failures that depend on the memory layout (ASLR), which one run may miss."""
import subprocess
import sys

count, command = int(sys.argv[1]), sys.argv[2:]
for run in range(count):
    code = subprocess.call(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if code != 0:
        sys.exit(f"repeat: run {run + 1} of {count} exited with {code}")
