// gpu-drop-kernel-asserts: the cf.asserts inside linalg bodies (torch-mlir's index checks of a
// gather) go; an assert of host code stays.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-drop-kernel-asserts)' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: cf.assert %arg2, "host check"
// CHECK: linalg.generic
// CHECK-NOT: cf.assert
// CHECK: arith.index_cast
// CHECK: tensor.extract
// CHECK: linalg.yield
func.func @f(%table: tensor<10xf32>, %idx: memref<4xi64>, %ok: i1, %out: memref<4xf32>) {
  cf.assert %ok, "host check"
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%idx : memref<4xi64>) outs(%out : memref<4xf32>) {
    ^bb0(%k: i64, %o: f32):
      %n = arith.constant 10 : i64
      %in = arith.cmpi slt, %k, %n : i64
      cf.assert %in, "index out of range"
      %i = arith.index_cast %k : i64 to index
      %v = tensor.extract %table[%i] : tensor<10xf32>
      linalg.yield %v : f32
  }
  return
}
