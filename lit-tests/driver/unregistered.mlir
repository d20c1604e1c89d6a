// Unregistered ops (StableHLO in generic form) pass with --allow-unregistered-dialect.
// RUN: %flexc --allow-unregistered-dialect --opaque-unknown %s | FileCheck %s
// RUN: not %flexc %s 2>&1 | FileCheck %s --check-prefix=REFUSED

// CHECK-LABEL: func.func @main
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // CHECK: "stablehlo.dot_general"
  // REFUSED: unregistered.mlir:[[@LINE+1]]:31: error: operation of an unregistered dialect
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
