#!/usr/bin/env python3
"""fifo-read.py FIFO COPY CMD...: makes the FIFO, reads it on a thread into COPY while CMD runs, and
exits with CMD's status (1 if the reader got nothing within 60 s). For lit-tests/driver/outputs.test."""
import os
import subprocess
import sys
import threading

fifo, copy, command = sys.argv[1], sys.argv[2], sys.argv[3:]
if os.path.lexists(fifo):
    os.remove(fifo)
os.mkfifo(fifo, 0o600)
data = []
reader = threading.Thread(target=lambda: data.append(open(fifo, "rb").read()), daemon=True)
reader.start()
code = subprocess.call(command)
reader.join(60)
if not data:
    sys.stderr.write("fifo-read: nothing was written to the FIFO\n")
    sys.exit(1)
with open(copy, "wb") as f:
    f.write(data[0])
sys.exit(code)
