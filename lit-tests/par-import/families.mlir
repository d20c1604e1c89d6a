// par-import: iteration spaces and SOAP roles, family by family.
// RUN: %flexc --pass-pipeline='builtin.module(par-import)' --split-input-file %s | FileCheck %s

// A linear layer: batch from the argument (S), output features index the weight constant (P),
// the contraction dim is a reduction (R).
// CHECK-LABEL: func.func @linear
func.func @linear(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<16x4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x4xf32>
  // CHECK: linalg.fill {par.space = #par.space<array<i64: 8, 4>, "AA">}
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x4xf32>) -> tensor<8x4xf32>
  // CHECK: linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  // Elementwise on tensors (decided from types): the sample dim flows through.
  // CHECK: arith.addf {{.*}} {par.space = #par.space<array<i64: 8, 4>, "SA">}
  %z = arith.addf %y, %y : tensor<8x4xf32>
  return %z : tensor<8x4xf32>
}

// -----

// A convolution (named op, maps from MLIR): batch S, output channels P, output image A A,
// input channels and the window R R R.
// CHECK-LABEL: func.func @conv
func.func @conv(%img: tensor<2x3x10x10xf32>, %out: tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32> {
  %f = arith.constant dense_resource<__elided__> : tensor<8x3x3x3xf32>
  // CHECK: linalg.conv_2d_nchw_fchw {{{.*}}par.space = #par.space<array<i64: 2, 8, 8, 8, 3, 3, 3>, "SPAARRR">
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%img, %f : tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%out : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

// Reshapes carry the sample dim: attention heads split 8x64 into 8x4x16, then a transpose puts
// heads first; the batch still sits where the batch moved.
// CHECK-LABEL: func.func @heads
func.func @heads(%x: tensor<8x64xf32>) -> tensor<4x8x16xf32> {
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 16] : tensor<8x64xf32> into tensor<8x4x16xf32>
  %empty = tensor.empty() : tensor<4x8x16xf32>
  // CHECK: linalg.transpose {{.*}} {par.space = #par.space<array<i64: 4, 8, 16>, "ASA">}
  %t = linalg.transpose ins(%e : tensor<8x4x16xf32>) outs(%empty : tensor<4x8x16xf32>) permutation = [1, 0, 2]
  return %t : tensor<4x8x16xf32>
}

// -----

// A weight given as an argument marked par.param (JAX passes weights as arguments).
// CHECK-LABEL: func.func @marked_weight
func.func @marked_weight(%x: tensor<8x16xf32>, %w: tensor<16x4xf32> {par.param}, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
