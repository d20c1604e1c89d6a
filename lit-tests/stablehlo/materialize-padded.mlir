// Padded StableHLO windows at 2 devices: the tensor.pad a convolution or a max pool lowers to follows
// the split of the op it came from (batch and input channels, the dims the op reads without a
// window), or runs whole on the op's first device where the op splits only other loops. The
// convolutions read the result of a call (the relu of a private function, inlined after the
// lowering), whose value the strategy partitions. Lowered, materialized at 2 devices and run
// against the serial function by flexc-run.
// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' | FileCheck %s
// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg,inline,par-materialize{devices=2})' | FileCheck %s --check-prefix=DEV
// RUN: %flexc-run --allow-unregistered-dialect %s --devices=2 --check | FileCheck %s --check-prefix=EXEC

// Convolution loops: batch, output rows, output columns, output features, input features, window
// rows, window columns.
// Batch split: the pad follows it, on the same devices.
// CHECK-LABEL: func.func @main
// CHECK: tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: } {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 0, 1>>} : tensor<4x6x6x4xf32> to tensor<4x8x8x4xf32>
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1>, array<i64: 0, 1>>
// Input features split on devices 1, 0: the pad's channels follow, device for device.
// CHECK: } {par.config = #par.config<array<i64: 1, 1, 1, 2>, array<i64: 1, 0>>} : tensor<4x6x6x2xf32> to tensor<4x8x8x2xf32>
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 1, 1, 2, 1, 1>, array<i64: 1, 0>>
// Output features split: the pad has nothing to follow and runs whole on the first device.
// CHECK: } {par.config = #par.config<array<i64: 1, 1, 1, 1>, array<i64: 1>>} : tensor<4x3x3x2xf32> to tensor<4x5x5x2xf32>
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 1, 1, 1, 2, 1, 1, 1>, array<i64: 1, 0>>
// Max pool split along the batch: its pad (window of one along the batch) follows.
// CHECK: } {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 0, 1>>} : tensor<4x3x3x4xf32> to tensor<4x4x4x4xf32>
// CHECK: linalg.generic {{.*}}{par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1, 1>, array<i64: 0, 1>>

// Device 1 pads its half of the batch, and its channel of the second convolution's input; the
// third pad runs whole there and goes to device 0.
// DEV-LABEL: func.func @main_device1
// DEV: tensor.pad
// DEV: } : tensor<2x6x6x4xf32> to tensor<2x8x8x4xf32>
// DEV: tensor.pad
// DEV: } : tensor<4x6x6x1xf32> to tensor<4x8x8x1xf32>
// DEV: %[[WHOLE:.*]] = tensor.pad
// DEV: } : tensor<4x3x3x2xf32> to tensor<4x5x5x2xf32>
// DEV: "par.send"(%[[WHOLE]]) {peer = 0

// EXEC: @main: serial vs 2 devices
// EXEC: result 0 tensor<4x2x2x4xf32>: {{.*}} ok
// EXEC-NOT: MISMATCH

func.func private @relu(%x: tensor<4x6x6x4xf32>) -> tensor<4x6x6x4xf32> {
  %zero = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
  %b = "stablehlo.broadcast_in_dim"(%zero) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x6x6x4xf32>
  %r = "stablehlo.maximum"(%x, %b) {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<4x6x6x4xf32>, tensor<4x6x6x4xf32>) -> tensor<4x6x6x4xf32>
  return %r : tensor<4x6x6x4xf32>
}

func.func @main(%x: tensor<4x6x6x4xf32>, %w1: tensor<3x3x4x2xf32>, %w2: tensor<3x3x2x2xf32>, %w3: tensor<3x3x2x4xf32>) -> tensor<4x2x2x4xf32> {
  %r = call @relu(%x) : (tensor<4x6x6x4xf32>) -> tensor<4x6x6x4xf32>
  %c1 = "stablehlo.convolution"(%r, %w1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>}> {par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<4x6x6x4xf32>, tensor<3x3x4x2xf32>) -> tensor<4x6x6x2xf32>
  %c2 = "stablehlo.convolution"(%c1, %w2) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>}> {par.config = #par.config<array<i64: 1, 1, 1, 1, 2, 1, 1>, array<i64: 1, 0>>} : (tensor<4x6x6x2xf32>, tensor<3x3x2x2xf32>) -> tensor<4x3x3x2xf32>
  %c3 = "stablehlo.convolution"(%c2, %w3) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>}> {par.config = #par.config<array<i64: 1, 1, 1, 2, 1, 1, 1>, array<i64: 1, 0>>} : (tensor<4x3x3x2xf32>, tensor<3x3x2x4xf32>) -> tensor<4x3x3x4xf32>
  %ninf = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
  %p = "stablehlo.reduce_window"(%c3, %ninf) <{padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) {par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<4x3x3x4xf32>, tensor<f32>) -> tensor<4x2x2x4xf32>
  return %p : tensor<4x2x2x4xf32>
}
