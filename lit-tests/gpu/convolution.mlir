// Convolutions: conv_2d_nchw_fchw with plain layouts calls the runtime's cuDNN entry point (strides,
// dilations, padding 0: the exports pad with tensor.pad first, a copy kernel). Other layouts call
// cuDNN's NHWC entry with the input and output viewed in N, H, W, C order (memref.transpose, no
// copy) and the filter copied to F, R, S, C (KRSC) by a transpose kernel, freed after the call:
// linalg.conv_2d_nhwc_hwcf, JAX's generics (strided, dilated), a convolution whose input fusion
// computed in its body (a ReLU: computed into a buffer first), a weight gradient (activations as
// the input with batch and channels swapped, the output gradient as the filter). f64 stays a
// generated kernel: one thread per output element, the window in a loop.
// REQUIRES: ptxas
// RUN: %flexc %s --entry=nchw --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --entry=nchw --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS
// RUN: %flexc %s --entry=nchw --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=manifest -o - 2>/dev/null | FileCheck %s --check-prefix=MANIFEST

// CHECK-LABEL: func.func @nchw(
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i64
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         call @flexc_gpu_conv2d_nchw_fchw_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[TWO]], %[[TWO]], %[[ONE]], %[[ONE]], %[[ZERO]], %[[ZERO]]) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, i64, i64, i64, i64) -> ()

// CHECK-LABEL: func.func @nhwc(
// CHECK:         %[[KRSC:.*]] = gpu.alloc  () : memref<8x3x3x3xf32>
// CHECK:         gpu.launch_func {{.*}} args({{.*}}%arg1 : memref<3x3x3x8xf32>, %[[KRSC]] : memref<8x3x3x3xf32>
// CHECK:         %[[FILTER:.*]] = memref.cast %[[KRSC]]
// CHECK:         call @flexc_gpu_conv2d_nhwc_fhwc_f32(%{{.*}}, %[[FILTER]], %{{.*}}, %c1_i64, %c1_i64, %c1_i64, %c1_i64, %c0_i64, %c0_i64)
// CHECK:         gpu.dealloc  %[[KRSC]] : memref<8x3x3x3xf32>

// CHECK-LABEL: func.func @strided_dilated(
// CHECK:         call @flexc_gpu_conv2d_nhwc_fhwc_f32(%{{.*}}, %{{.*}}, %{{.*}}, %c2_i64, %c2_i64, %c2_i64, %c2_i64, %c0_i64, %c0_i64)

// CHECK-LABEL: func.func @fused(
// CHECK:         %[[RELU:.*]] = gpu.alloc  () : memref<2x6x6x4xf32>
// CHECK:         gpu.launch_func {{.*}} args({{.*}}%arg0 : memref<2x6x6x4xf32>, %cst : f32, %[[RELU]] : memref<2x6x6x4xf32>
// CHECK:         %[[INPUT:.*]] = memref.cast %[[RELU]]
// CHECK:         call @flexc_gpu_conv2d_nhwc_fhwc_f32(%[[INPUT]],
// CHECK:         gpu.dealloc  %[[RELU]] : memref<2x6x6x4xf32>

// CHECK-LABEL: func.func @weight_grad(
// CHECK:         memref.transpose %arg0 (d0, d1, d2, d3) -> (d3, d1, d2, d0) : memref<4x9x9x3xf32> to memref<3x9x9x4xf32, strided<[1, 27, 3, 243]>>
// CHECK:         memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d2, d0, d1, d3) : memref<3x3x3x8xf32> to memref<3x3x3x8xf32, strided<[8, 72, 24, 1]>>
// CHECK:         gpu.launch_func {{.*}} args({{.*}}%arg1 : memref<4x4x4x8xf32>, %{{.*}} : memref<8x4x4x4xf32>
// CHECK:         call @flexc_gpu_conv2d_nhwc_fhwc_f32(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c2_i64, %c2_i64, %c0_i64, %c0_i64)

// CHECK-LABEL: func.func @weight_grad_strided(
// CHECK:         memref.transpose %arg0 (d0, d1, d2, d3) -> (d3, d1, d2, d0) : memref<4x8x8x3xf32> to memref<3x8x8x4xf32, strided<[1, 24, 3, 192]>>
// CHECK:         %[[WINDOW:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [3, 7, 7, 4], strides: [1, 24, 3, 192]
// CHECK:         %[[INPUT:.*]] = memref.cast %[[WINDOW]] : memref<3x7x7x4xf32, strided<[1, 24, 3, 192]>> to memref<*xf32>
// CHECK:         call @flexc_gpu_conv2d_nhwc_fhwc_f32(%[[INPUT]], %{{.*}}, %{{.*}}, %c1_i64, %c1_i64, %c2_i64, %c2_i64, %c0_i64, %c0_i64)

// CHECK-LABEL: func.func @double(
// CHECK-NOT:     call @flexc_gpu_conv2d
// CHECK:         gpu.launch_func @double_kernel{{.*}} blocks in (%c1, %c2, %c8) threads in (%c128, %c1, %c1)
// CHECK-LABEL: gpu.module @double_kernel
// CHECK:         arith.mulf
// CHECK:         arith.addf

// PTXAS: ptxas sm_90: {{[0-9]+}} of {{[0-9]+}} modules assembled

// Coverage, over each function's serial and device program: every f32 convolution on cuDNN (1
// NCHW, 5 NHWC), the f64 one a kernel.
// MANIFEST: "placement": {"kernels":{"convolution":2,"data-movement":24,"elementwise":2},"library":{"flexc_gpu_conv2d_nchw_fchw_f32":2,"flexc_gpu_conv2d_nhwc_fhwc_f32":10}},

func.func @nchw(%x: tensor<2x3x17x17xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<2x8x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<2x3x17x17xf32>, tensor<8x3x3x3xf32>) outs(%f : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}

func.func @nhwc(%x: tensor<2x10x10x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<2x8x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<2x10x10x3xf32>, tensor<3x3x3x8xf32>) outs(%f : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %y : tensor<2x8x8x8xf32>
}

// JAX's form (stablehlo-to-linalg): a generic over (b, oh, ow, f, c, kh, kw), NHWC input strided 2
// and dilated 2, HWCF filter.
func.func @strided_dilated(%x: tensor<2x11x11x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<2x4x4x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d5 * 2, d2 * 2 + d6 * 2, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x11x11x3xf32>, tensor<3x3x3x8xf32>) outs(%f : tensor<2x4x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4x8xf32>
  return %y : tensor<2x4x4x8xf32>
}

// A ReLU that elementwise fusion moves into the convolution's body: computed into a buffer of the
// input's shape first.
func.func @fused(%x: tensor<2x6x6x4xf32>, %w: tensor<1x1x4x8xf32>) -> tensor<2x6x6x8xf32> {
  %z = arith.constant 0.0 : f32
  %ei = tensor.empty() : tensor<2x6x6x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<2x6x6x4xf32>) outs(%ei : tensor<2x6x6x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x6x6x4xf32>
  %e = tensor.empty() : tensor<2x6x6x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x6x6x8xf32>) -> tensor<2x6x6x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d5, d2 + d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%r, %w : tensor<2x6x6x4xf32>, tensor<1x1x4x8xf32>) outs(%f : tensor<2x6x6x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x6x6x8xf32>
  return %y : tensor<2x6x6x8xf32>
}

// A weight gradient as JAX writes it: the activations' batch is the reduced channel, their
// channels the batch, the output gradient the filter (dilated by the forward stride 2), the result
// HWCF. Input and output are passed as transposed views; the output gradient is copied to F, R, S, C.
func.func @weight_grad(%x: tensor<4x9x9x3xf32>, %dy: tensor<4x4x4x8xf32>) -> tensor<3x3x3x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x3x3x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x3x3x8xf32>) -> tensor<3x3x3x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0 + d5 * 2, d1 + d6 * 2, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dy : tensor<4x9x9x3xf32>, tensor<4x4x4x8xf32>) outs(%f : tensor<3x3x3x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<3x3x3x8xf32>
  return %y : tensor<3x3x3x8xf32>
}

// The weight gradient of a 1x1 convolution of stride 2 over 8 rows: the forward read rows 0, 2, 4,
// 6, so the gradient's window covers 7 of the 8 rows; cuDNN gets the view of those (a subview).
func.func @weight_grad_strided(%x: tensor<4x8x8x3xf32>, %dy: tensor<4x4x4x8xf32>) -> tensor<1x1x3x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x3x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1x3x8xf32>) -> tensor<1x1x3x8xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d0 + d5 * 2, d1 + d6 * 2, d2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %dy : tensor<4x8x8x3xf32>, tensor<4x4x4x8xf32>) outs(%f : tensor<1x1x3x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x1x3x8xf32>
  return %y : tensor<1x1x3x8xf32>
}

// f64 is no cuDNN convolution here (the runtime's entry is f32): a generated kernel.
func.func @double(%x: tensor<2x10x10x3xf64>, %w: tensor<3x3x3x8xf64>) -> tensor<2x8x8x8xf64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2x8x8x8xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<2x8x8x8xf64>) -> tensor<2x8x8x8xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d5, d2 + d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x10x10x3xf64>, tensor<3x3x3x8xf64>) outs(%f : tensor<2x8x8x8xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %m = arith.mulf %a, %b : f64
    %s = arith.addf %o, %m : f64
    linalg.yield %s : f64
  } -> tensor<2x8x8x8xf64>
  return %y : tensor<2x8x8x8xf64>
}
