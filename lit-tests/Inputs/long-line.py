"""Writes MLIR files whose error lies on a one-megabyte line (a dense constant of 200,000 floats),
for lit-tests/driver/long-line.test: `long-line.py DIR` writes DIR/start.mlir (error at the start of
the line), DIR/middle.mlir (in the middle) and DIR/end.mlir (at its end)."""
import os
import sys

COUNT = 200_000
values = ", ".join(["1.5"] * COUNT)
half = ", ".join(["1.5"] * (COUNT // 2))
head = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %c = arith.constant dense<["
tail = "\n  return %a : tensor<4xf32>\n}\n"
files = {
    # The literal has one element fewer than its type: reported at `dense`.
    "start.mlir": values + f"]> : tensor<{COUNT + 1}xf32>",
    "middle.mlir": half + ", bogus, " + half + f"]> : tensor<{COUNT}xf32>",
    "end.mlir": values + f"]> : tensor<{COUNT}xf32> @@@",
}
os.makedirs(sys.argv[1], exist_ok=True)
for name, line in files.items():
    with open(os.path.join(sys.argv[1], name), "w") as file:
        file.write(head + line + tail)
