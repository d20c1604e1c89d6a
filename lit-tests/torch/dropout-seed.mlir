// RUN: %flexc %s --emit=summary 2>&1 | FileCheck %s
// RUN: %flexc %s --emit=torch-plan --devices=2 2>/dev/null | FileCheck %s --check-prefix=PLAN

// torch-mlir's dropout in train mode (GPT-2's default): the RNG seed is an ml_program global, loaded,
// advanced and stored back around each mask. The seed is state, not data: the load is read whole on
// every device like a constant, and the ops around it import (issue 42).
// CHECK-NOT: error
// CHECK: linalg.matmul
// CHECK: compute_ops: 2
// PLAN: "format": "flexc-torch-plan-1"

#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  ml_program.global private mutable @global_seed(dense<0> : tensor<i64>) : tensor<i64>
  func.func @forward(%x: tensor<8x32xf32>, %w: tensor<32x16xf32> {par.name = "fc.weight", par.param}) -> tensor<8x16xf32> {
    %seed = ml_program.global_load @global_seed : tensor<i64>
    %old = tensor.extract %seed[] : tensor<i64>
    %one = arith.constant 1 : i64
    %new = arith.addi %old, %one : i64
    %next = tensor.insert %new into %seed[] : tensor<i64>
    ml_program.global_store @global_seed = %next : tensor<i64>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
    %y = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
    %d = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%y : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.sitofp %old : i64 to f32
      %m = arith.mulf %in, %s : f32
      linalg.yield %m : f32
    } -> tensor<8x16xf32>
    return %d : tensor<8x16xf32>
  }
}
