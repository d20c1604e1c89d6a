// gpu-check-dialects leaves a module of the GPU lowering's dialects unchanged, and rejects the first
// op of any other dialect at its location (exit 1, nothing else reported).
// RUN: %flexc %s --split-input-file --pass-pipeline='builtin.module(gpu-check-dialects)' 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %flexc %S/Inputs/poison.mlir --pass-pipeline='builtin.module(gpu-check-dialects)' 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @supported
// CHECK: linalg.add
// CHECK: scf.for
// CHECK: cf.assert
func.func @supported(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    cf.assert %c, "in range"
  }
  return %r : tensor<4xf32>
}

// BAD: poison.mlir:6:8: error: 'ub.poison' is not supported by --target=cuda (supported dialects: arith, builtin, bufferization, func, linalg, math, memref, par, tensor, scf, affine, index, cf)
// BAD-NOT: error
