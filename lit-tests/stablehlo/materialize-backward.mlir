// Ops of a training step's backward that par-materialize cannot cut as lowered, split at 2
// devices: a reversed filter split along its channels (the reversal becomes an auxiliary op,
// replicated here, and the split op a plain copy), and a max pool's backward split along the
// batch (its argmax follows the split; the scatter, which writes strided windows of its result,
// runs whole on the first device). Lowered, materialized and run against the serial function.
// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' | FileCheck %s
// RUN: %flexc-run --allow-unregistered-dialect %s --devices=2 --check | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main
// The reversal: no configuration (it reads an argument, held by every device).
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<3x3x2x4xf32>) outs(%{{.*}} : tensor<3x3x2x4xf32>) {
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 2, 1>, array<i64: 0, 1>>}
// The argmax follows the batch split, the scatter runs whole on device 1.
// CHECK: %{{.*}}:2 = linalg.generic {{.*}}{par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1, 0>>}
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1>>}

// EXEC: @main: serial vs 2 devices
// EXEC: result 0 tensor<3x3x2x4xf32>: {{.*}} ok
// EXEC: result 1 tensor<2x4x4x3xf32>: {{.*}} ok
// EXEC-NOT: MISMATCH

func.func @main(%x0: tensor<2x4x4x3xf32>, %s: tensor<2x2x2x3xf32>, %w: tensor<3x3x2x4xf32>) -> (tensor<3x3x2x4xf32>, tensor<2x4x4x3xf32>) {
  %r = "stablehlo.reverse"(%w) <{dimensions = array<i64: 0, 1>}> {par.config = #par.config<array<i64: 1, 1, 2, 1>, array<i64: 0, 1>>} : (tensor<3x3x2x4xf32>) -> tensor<3x3x2x4xf32>
  %x = "stablehlo.abs"(%x0) {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %zero = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %g = "stablehlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%t) : (tensor<f32>) -> ()
  }) {par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1, 1>, array<i64: 1, 0>>} : (tensor<2x4x4x3xf32>, tensor<2x2x2x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  return %r, %g : tensor<3x3x2x4xf32>, tensor<2x4x4x3xf32>
}
