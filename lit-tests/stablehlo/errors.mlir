// RUN: not %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// An op the lowering does not know is an error at its line naming it (every one is reported), and
// nothing is written.

func.func @f(%x: tensor<4xf32>, %z: tensor<4xcomplex<f32>>, %i: tensor<i32>) -> (tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xf32>) {
  // CHECK: errors.mlir:[[# @LINE + 1]]:8: error: 'stablehlo.custom_call' has no lowering to linalg
  %0 = "stablehlo.custom_call"(%x) <{call_target_name = "foo"}> : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: errors.mlir:[[# @LINE + 1]]:8: error: 'stablehlo.negate' has elements of type complex<f32>
  %1 = "stablehlo.negate"(%z) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  // CHECK: errors.mlir:[[# @LINE + 1]]:8: error: 'stablehlo.dynamic_slice' with start indices that are not constants has no lowering to linalg
  %2 = "stablehlo.dynamic_slice"(%x, %i) <{slice_sizes = array<i64: 2>}> : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
  // CHECK: errors.mlir:[[# @LINE + 1]]:8: error: 'chlo.lgamma' on f32 has no lowering to linalg
  %3 = "chlo.lgamma"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: errors.mlir:[[# @LINE + 1]]:10: error: 'chlo.top_k' has no lowering to linalg (k = 5 is out of range for a last dim of 4 (1 <= k <= 4))
  %4:2 = "chlo.top_k"(%x) <{k = 5 : i64}> : (tensor<4xf32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0, %1, %3 : tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<4xf32>
}
