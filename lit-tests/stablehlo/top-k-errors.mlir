// A chlo.top_k the importer cannot model (k larger than its row) is an error at the op, exit 1.
// RUN: not %flexc --allow-unregistered-dialect %s --devices=2 --simulate 2>&1 | FileCheck %s

func.func @main(%x: tensor<8x4xf32>) -> tensor<8x5xf32> {
  // CHECK: top-k-errors.mlir:[[# @LINE + 1]]:10: error: 'chlo.top_k' op: k = 5 is out of range for a last dim of 4 (1 <= k <= 4)
  %0:2 = "chlo.top_k"(%x) <{k = 5 : i64}> : (tensor<8x4xf32>) -> (tensor<8x5xf32>, tensor<8x5xi32>)
  return %0#0 : tensor<8x5xf32>
}
