# lit configuration for flexc: run with `lit lit-tests` (tools/test does it for you).
# Tools come from Debian's llvm-22-tools / mlir-22-tools: FileCheck, not, split-file, mlir-opt.
import os

import lit.formats

config.name = "flexc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(config.test_source_root)
config.test_exec_root = os.path.join(root, "target", "lit")

llvm_bin = os.environ.get("FLEXC_LLVM_BIN", "/usr/lib/llvm-22/bin")
flexc = os.environ.get("FLEXC", os.path.join(root, "target", "debug", "flexc"))
flexc_run = os.environ.get("FLEXC_RUN", os.path.join(root, "target", "debug", "flexc-run"))
for binary, variable in ((flexc, "FLEXC"), (flexc_run, "FLEXC_RUN")):
    if not os.path.exists(binary):
        lit_config.fatal(f"{os.path.basename(binary)} not found at {binary}: build it first (cargo build --bins) or set {variable}")

# %flexc-run before %flexc: lit substitutes in order, and %flexc is a prefix of %flexc-run.
config.substitutions.append(("%flexc-run", flexc_run))
config.substitutions.append(("%flexc", flexc))
config.substitutions.append(("%par_irdl", os.path.join(root, "dialects", "par.irdl.mlir")))
config.substitutions.append(("%models", os.path.join(root, "models")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(
    ("%expect-exit", f"python3 {os.path.join(config.test_source_root, 'Inputs', 'expect-exit.py')}")
)

# The GPU target's tools from NVIDIA's CUDA compiler wheel, installed by tools/setup into .tools/cuda:
# %ptxas-all assembles every kernel module of `--gpu-emit=ptx` output; tests that need it say
# `REQUIRES: ptxas`.
cuda = os.environ.get("FLEXC_CUDA", os.path.join(root, ".tools", "cuda", "nvidia", "cuda_nvcc"))
ptxas = os.path.join(cuda, "bin", "ptxas")
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
elif os.environ.get("FLEXC_REQUIRE_PTXAS") == "1":
    # tools/test sets this: CI must assemble the PTX, not skip those tests silently.
    lit_config.fatal(f"ptxas not found at {ptxas}: run tools/setup (or set FLEXC_CUDA)")
config.substitutions.append(
    ("%ptxas-all", f"python3 {os.path.join(config.test_source_root, 'Inputs', 'ptxas-all.py')} {ptxas}")
)
libdevice = os.path.join(cuda, "nvvm", "libdevice", "libdevice.10.bc")
if os.path.exists(libdevice):
    config.available_features.add("libdevice")

config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", "")])
config.environment["FILECHECK_OPTS"] = "-enable-var-scope --allow-unused-prefixes=false"

# A machine with an NVIDIA GPU (nvidia-smi lists one): the GPU run book's no-GPU tests do not apply.
import shutil
import subprocess
if shutil.which("nvidia-smi"):
    listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True)
    if listed.returncode == 0 and "GPU " in listed.stdout:
        config.available_features.add("nvidia-gpu")
