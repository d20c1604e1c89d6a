// An op no family models (here `stablehlo.sort`) is an error at the op naming the way out; with
// --opaque-unknown it stays whole and replicated, and the program simulates.
// RUN: not %flexc --allow-unregistered-dialect %s --devices=2 --simulate 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: %flexc --allow-unregistered-dialect %s --devices=2 --opaque-unknown --simulate 2>&1 | FileCheck %s --check-prefix=OPAQUE

func.func @main(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // STRICT: unknown-op.mlir:[[# @LINE + 2]]:8: error: 'stablehlo.sort' op is not supported by flexc's importer (no iteration space known); run with --opaque-unknown to keep it replicated
  // OPAQUE: unknown-op.mlir:[[# @LINE + 1]]:8: warning: 'stablehlo.sort' op is not modelled by flexc; it stays replicated and is not partitioned
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}
// OPAQUE: iteration time:
