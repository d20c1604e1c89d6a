// StableHLO in generic form (as JAX and torch-mlir export it), read natively: iteration spaces from
// each op's own attributes, weights from --data-args (JAX passes weights as arguments).
// RUN: %flexc --allow-unregistered-dialect --search=none --data-args=0 %s | FileCheck %s
// RUN: %flexc --allow-unregistered-dialect --data-args=0 --emit=summary %s | FileCheck %s --check-prefix=SUMMARY

// CHECK-LABEL: func.func @main
"func.func"() <{function_type = (tensor<8x16xf32>, tensor<16x4xf32>, tensor<3x3x4x8xf32>, tensor<100x8xf32>) -> tensor<8x8xf32>, sym_name = "main"}> ({
^bb0(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %k: tensor<3x3x4x8xf32>, %table: tensor<100x8xf32>):
  // A dense layer: batch S, output features P (the weight's free dim), contraction R.
  // CHECK: "stablehlo.dot_general"{{.*}}par.space = #par.space<array<i64: 8, 4, 16>, "SPR">
  %h = "stablehlo.dot_general"(%x, %w) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // broadcast_in_dim follows broadcast_dimensions: the batch moves to dim 0 of a 4-D image.
  // CHECK: "stablehlo.broadcast_in_dim"{{.*}}par.space = #par.space<array<i64: 8, 6, 6, 4>, "SAAA">
  %img = "stablehlo.broadcast_in_dim"(%h) <{broadcast_dimensions = array<i64: 0, 3>}> : (tensor<8x4xf32>) -> tensor<8x6x6x4xf32>
  // An NHWC convolution with a 3x3 HWIO kernel: loops in the output's dim order (batch S, rows and
  // cols A, output features P), then input features and the window R.
  // CHECK: "stablehlo.convolution"{{.*}}par.space = #par.space<array<i64: 8, 4, 4, 8, 4, 3, 3>, "SAAPRRR">
  %c = "stablehlo.convolution"(%img, %k) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> : (tensor<8x6x6x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x4x4x8xf32>
  %zero = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  // A reduction over the image: rows and cols R.
  // CHECK: "stablehlo.reduce"
  // CHECK: }) {par.space = #par.space<array<i64: 8, 4, 4, 8>, "SRRA">}
  %r = "stablehlo.reduce"(%c, %zero) <{dimensions = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<8x4x4x8xf32>, tensor<f32>) -> tensor<8x8xf32>
  // Elementwise on data: no weight, the features are an attribute dim.
  // CHECK: "stablehlo.multiply"{{.*}}par.space = #par.space<array<i64: 8, 8>, "SA">
  %m = "stablehlo.multiply"(%r, %r) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  "func.return"(%m) : (tensor<8x8xf32>) -> ()
}) : () -> ()
// SUMMARY: stablehlo.dot_general contraction
// SUMMARY: stablehlo.convolution convolution
// SUMMARY: stablehlo.reduce reduction
// SUMMARY: weight_args: @main:1 @main:2 @main:3
// The unused table is a weight argument but no op reads it: not counted.
// SUMMARY: parameters: 352
