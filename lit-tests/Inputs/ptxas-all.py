#!/usr/bin/env python3
"""ptxas-all.py PTXAS ARCH FILE: assemble every kernel module of FILE (the output of
`flexc --target=cuda --gpu-emit=ptx`: modules after `// gpu.module @name` lines) with PTXAS for ARCH;
prints one line per module and fails if any does not assemble."""
import os
import subprocess
import sys
import tempfile

ptxas, arch, path = sys.argv[1:4]
modules = []
with open(path) as f:
    for line in f:
        if line.startswith("// gpu.module @"):
            modules.append([line.split("@", 1)[1].strip(), []])
        elif modules:
            modules[-1][1].append(line)
if not modules:
    sys.exit(f"ptxas-all: no kernel modules in {path}")
failed = 0
with tempfile.TemporaryDirectory() as folder:
    for name, lines in modules:
        source = os.path.join(folder, name + ".ptx")
        with open(source, "w") as out:
            out.writelines(lines)
        # Into the scratch folder: ptxas replaces its output file, and run as root it would turn
        # /dev/null into a regular file.
        cubin = os.path.join(folder, name + ".cubin")
        result = subprocess.run([ptxas, f"-arch={arch}", source, "-o", cubin],
                                capture_output=True, text=True)
        status = "assembled" if result.returncode == 0 else "FAILED"
        failed += result.returncode != 0
        print(f"ptxas {arch}: @{name} {status}")
        sys.stderr.write(result.stderr)
print(f"ptxas {arch}: {len(modules) - failed} of {len(modules)} modules assembled")
sys.exit(1 if failed else 0)
