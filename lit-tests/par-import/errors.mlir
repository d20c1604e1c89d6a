// Input par-import cannot model: errors at the op's line.
// RUN: not %flexc --split-input-file %s 2>&1 | FileCheck %s
// RUN: %flexc --split-input-file --verify-diagnostics %s

func.func @dynamic(%x: tensor<?x16xf32>, %w: tensor<16x4xf32>, %init: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // CHECK: errors.mlir:[[@LINE+2]]:8: error: 'linalg.matmul' op has a dynamic shape (tensor<?x16xf32>); flexc needs static shapes
  // expected-error@+1 {{'linalg.matmul' op has a dynamic shape (tensor<?x16xf32>); flexc needs static shapes: export the model with fixed input sizes}}
  %y = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x4xf32>) outs(%init : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

func.func @unsupported(%x: tensor<8x16xf32>, %shape: tensor<2xi64>) -> tensor<16x8xf32> {
  // CHECK: errors.mlir:[[@LINE+2]]:8: error: 'tensor.reshape' op is not supported by flexc's importer
  // expected-error@+1 {{'tensor.reshape' op is not supported by flexc's importer (no iteration space known); run with --opaque-unknown to keep it replicated}}
  %0 = tensor.reshape %x(%shape) : (tensor<8x16xf32>, tensor<2xi64>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

