#!/usr/bin/env python3
"""signal-during.py WAIT_FOR SIGNAL CMD...: runs CMD, waits (60 s at most) until a path matching the
glob WAIT_FOR exists, sends SIGNAL (TERM, INT, HUP) to CMD, and succeeds iff CMD then ends by that
signal within 30 s. For lit tests of what a killed tool leaves behind."""
import glob
import signal
import subprocess
import sys
import time

pattern, name, command = sys.argv[1], sys.argv[2], sys.argv[3:]
number = getattr(signal, "SIG" + name)
process = subprocess.Popen(command)
start = time.time()
while not glob.glob(pattern):
    if process.poll() is not None:
        sys.exit(f"signal-during: the command ended ({process.returncode}) before {pattern} appeared")
    if time.time() - start > 60:
        process.kill()
        sys.exit(f"signal-during: {pattern} did not appear within 60 s")
    time.sleep(0.05)
process.send_signal(number)
try:
    code = process.wait(30)
except subprocess.TimeoutExpired:
    process.kill()
    sys.exit("signal-during: the command did not end within 30 s of the signal")
if code != -number:
    sys.exit(f"signal-during: the command ended with {code}, expected the signal {name}")
