#!/usr/bin/env python3
"""roundtrip-models.py FLEXC MODELS_DIR: every model parses, verifies and round-trips through
`flexc -o -` (printing twice gives the same text). Pretty-form files of dialects upstream MLIR lacks
must fail with flexc's advice instead. Prints one line per model and a closing count."""
import pathlib
import subprocess
import sys

flexc, models = sys.argv[1], pathlib.Path(sys.argv[2])
failed = 0
files = sorted(models.rglob("*.mlir"))
for path in files:
    foreign = path.name.endswith(".stablehlo.mlir") or path.name == "resnet50_b64.train_sgd.linalg.mlir"
    # An explicit empty pipeline: parse, verify, print (importing StableHLO is not done yet).
    first = subprocess.run([flexc, "--allow-unregistered-dialect", "--pass-pipeline=builtin.module()", str(path), "-o", "-"],
                           capture_output=True)
    if foreign:
        ok = first.returncode == 1 and b"then run flexc with --allow-unregistered-dialect" in first.stderr
        print(f"{'REFUSED' if ok else 'FAIL'} {path.relative_to(models)}")
        failed += not ok
        continue
    second = subprocess.run([flexc, "--allow-unregistered-dialect", "--pass-pipeline=builtin.module()", "-", "-o", "-"],
                            input=first.stdout, capture_output=True)
    ok = first.returncode == 0 and second.returncode == 0 and first.stdout == second.stdout
    print(f"{'OK' if ok else 'FAIL'} {path.relative_to(models)}")
    if not ok:
        sys.stderr.write(first.stderr.decode(errors="replace")[:2000])
        failed += 1
print(f"{len(files) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
