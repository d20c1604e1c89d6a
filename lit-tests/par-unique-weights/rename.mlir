// par-unique-weights: each elided weight gets its own handle, so upstream constant deduplication (here
// in tosa-optional-decompositions' greedy driver) cannot merge two distinct weights of the same type.
// RUN: %flexc --pass-pipeline='builtin.module(par-unique-weights)' %s | FileCheck %s
// RUN: %flexc --emit=summary %s | FileCheck %s --check-prefix=SUMMARY
// Without the pass, the two weights become one constant and the model loses half its parameters.
// RUN: %flexc --pass-pipeline='builtin.module(func.func(tosa-optional-decompositions,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor))' %s -o %t.mlir
// RUN: %flexc --emit=summary %t.mlir | FileCheck %s --check-prefix=MERGED

// CHECK-LABEL: func.func @two_layers
// CHECK: dense_resource<__elided__0> : tensor<1x16x16xf32>
// CHECK: dense_resource<__elided__1> : tensor<1x16x16xf32>
// Handles with other names may carry data: left alone.
// CHECK: dense_resource<named_weight> : tensor<16xf32>
func.func @two_layers(%x: tensor<1x8x16xf32>) -> tensor<1x8x16xf32> {
  %w1 = "tosa.const"() <{values = dense_resource<__elided__> : tensor<1x16x16xf32>}> : () -> tensor<1x16x16xf32>
  %w2 = "tosa.const"() <{values = dense_resource<__elided__> : tensor<1x16x16xf32>}> : () -> tensor<1x16x16xf32>
  %b = "tosa.const"() <{values = dense_resource<named_weight> : tensor<16xf32>}> : () -> tensor<16xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %h = tosa.matmul %x, %w1, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  %y = tosa.matmul %h, %w2, %zp, %zp : (tensor<1x8x16xf32>, tensor<1x16x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
  return %y : tensor<1x8x16xf32>
}
// SUMMARY: parameters: 512
// MERGED: parameters: 256
