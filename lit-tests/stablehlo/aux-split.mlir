// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' | FileCheck %s
// The auxiliary ops of a max pool's backward (select_and_scatter) of a partitioned value follow
// its split along the source dims only: the argmax generic over the same loops is split as the batch is, never along
// a window loop (its partial results would not combine); the result is written through the
// source loop alone where the window is one wide.

// CHECK: affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 * 2 + d5, d2 * 2 + d6, d3)>
// CHECK-LABEL: func.func @batch_split
// CHECK: %{{.*}}:2 = linalg.generic {{.*}}{par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1, 0>>}
// The scatter itself runs whole on the first device (materialize-backward.mlir).
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1>>}
func.func @batch_split(%x0: tensor<2x4x4x3xf32>, %s: tensor<2x2x2x3xf32>, %zero: tensor<f32>) -> tensor<2x4x4x3xf32> {
  %x = "stablehlo.abs"(%x0) {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%t) : (tensor<f32>) -> ()
  }) {par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1, 0>>} : (tensor<2x4x4x3xf32>, tensor<2x2x2x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}

// A split window loop: the argmax runs whole on the first device.
// CHECK-LABEL: func.func @window_split
// CHECK: %{{.*}}:2 = linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1>>}
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1>>}
func.func @window_split(%x0: tensor<2x4x4x3xf32>, %s: tensor<2x2x2x3xf32>, %zero: tensor<f32>) -> tensor<2x4x4x3xf32> {
  %x = "stablehlo.abs"(%x0) {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %0 = "stablehlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%t) : (tensor<f32>) -> ()
  }) {par.config = #par.config<array<i64: 1, 1, 1, 1, 1, 2, 1, 1>, array<i64: 1, 0>>} : (tensor<2x4x4x3xf32>, tensor<2x2x2x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}
