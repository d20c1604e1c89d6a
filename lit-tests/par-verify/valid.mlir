// Well-formed annotations pass par-verify and are printed unchanged.
// RUN: %flexc --pass-pipeline='builtin.module(par-verify{devices=4})' %s | FileCheck %s
// The default pipeline re-imports the space: argument 1 is the weight, so dim 1 is a parameter dim.
// RUN: %flexc --param-args=1 --search=none %s | FileCheck %s

// CHECK-LABEL: func.func @tensor_parallel
func.func @tensor_parallel(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: linalg.matmul {par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 3, 2, 1, 0>>, par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
  %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 3, 2, 1, 0>>}
         ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
