// par-fold-casts folds a cast from a static type into concat operands and into casts back to that
// type; other casts stay (and the importer still reports their dynamic shapes).
// RUN: %flexc %s --split-input-file --pass-pipeline='builtin.module(par-fold-casts)' | FileCheck %s
// RUN: %expect-exit 1 %flexc %s --split-input-file --emit=summary 2>&1 | FileCheck %s --check-prefix=IMPORT

// CHECK-LABEL: func.func @back
// CHECK-NEXT: %[[N:.*]] = arith.negf %arg0 : tensor<4x8xf32>
// CHECK-NEXT: return %[[N]] : tensor<4x8xf32>
func.func @back(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = tensor.cast %a : tensor<4x8xf32> to tensor<?x8xf32>
  %s = tensor.cast %c : tensor<?x8xf32> to tensor<4x8xf32>
  %n = arith.negf %s : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// A cast with another user stays; the concat reads the static source.
// CHECK-LABEL: func.func @kept
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<4x8xf32> to tensor<?x8xf32>
// CHECK: tensor.concat dim(0) %arg0, %arg0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK: return %[[C]], %{{.*}} : tensor<?x8xf32>, tensor<8x8xf32>
// IMPORT: fold.mlir:[[@LINE+2]]:8: error: 'tensor.cast' op has a dynamic shape (tensor<?x8xf32>)
func.func @kept(%a: tensor<4x8xf32>) -> (tensor<?x8xf32>, tensor<8x8xf32>) {
  %c = tensor.cast %a : tensor<4x8xf32> to tensor<?x8xf32>
  %r = tensor.concat dim(0) %c, %c : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<8x8xf32>
  return %c, %r : tensor<?x8xf32>, tensor<8x8xf32>
}

// -----

// A cast from a dynamic type is not folded.
// CHECK-LABEL: func.func @dynamic
// CHECK: tensor.cast %arg0 : tensor<?x8xf32> to tensor<4x8xf32>
func.func @dynamic(%a: tensor<?x8xf32>) -> tensor<4x8xf32> {
  // IMPORT: fold.mlir:[[@LINE+1]]:8: error: 'tensor.cast' op has a dynamic shape (tensor<?x8xf32>)
  %c = tensor.cast %a : tensor<?x8xf32> to tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
