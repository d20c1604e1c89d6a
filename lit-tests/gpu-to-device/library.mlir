// gpu-to-device picks the library entry by the op's family's GPU lowering (gpu-tag-families' tag),
// then checks the layout: a convolution held NCHW/FCHW → cuDNN's NCHW entry, other dim orders →
// the NHWC entry on views (the filter copied to F, R, S, C); a pooling window (tagged convolution,
// no multiply-accumulate) and an op whose family has no library lowering stay generated kernels.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-to-device)' | FileCheck %s

// CHECK-LABEL: func.func @nchw(
// CHECK-NEXT: call @[[$NCHW:__flexc_conv2d_nchw_fchw_f32_[0-9a-z_]+]](%arg0, %arg1, %arg2) {flexc.gpu_library = {entry = "flexc_gpu_conv2d_nchw_fchw_f32", op = "linalg.conv_2d_nchw_fchw"}}
func.func @nchw(%i: memref<1x3x8x8xf32>, %w: memref<4x3x3x3xf32>, %o: memref<1x4x3x3xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>, flexc.gpu_family = "convolution"}
    ins(%i, %w : memref<1x3x8x8xf32>, memref<4x3x3x3xf32>) outs(%o : memref<1x4x3x3xf32>)
  return
}

// CHECK-LABEL: func.func @nhwc(
// CHECK-NEXT: call @[[$NHWC:__flexc_conv2d_nhwc_fhwc_f32_[0-9a-z_]+]](%arg0, %arg1, %arg2) {flexc.gpu_library = {entry = "flexc_gpu_conv2d_nhwc_fhwc_f32", op = "linalg.conv_2d_nhwc_hwcf"}}
func.func @nhwc(%i: memref<1x8x8x3xf32>, %w: memref<3x3x3x4xf32>, %o: memref<1x6x6x4xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, flexc.gpu_family = "convolution"}
    ins(%i, %w : memref<1x8x8x3xf32>, memref<3x3x3x4xf32>) outs(%o : memref<1x6x6x4xf32>)
  return
}

// CHECK-LABEL: func.func @pool(
// CHECK-NEXT: linalg.pooling_nchw_max
func.func @pool(%i: memref<1x3x8x8xf32>, %w: memref<2x2xf32>, %o: memref<1x3x4x4xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>, flexc.gpu_family = "convolution"}
    ins(%i, %w : memref<1x3x8x8xf32>, memref<2x2xf32>) outs(%o : memref<1x3x4x4xf32>)
  return
}

// A multiply-accumulate whose family lowers it as a generated reduction is not a library call
// (untagged, fusion-made, it would be a GEMM: device.mlir).
// CHECK-LABEL: func.func @reduction(
// CHECK-NEXT: linalg.generic
func.func @reduction(%a: memref<2x4xf32>, %b: memref<8x4xf32>, %c: memref<2x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x4xf32>, memref<8x4xf32>) outs(%c : memref<2x8xf32>) attrs = {flexc.gpu_family = "reduction"} {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
  }
  return
}

// The NCHW helper passes the operands as they are, with the window's strides and dilations.
// CHECK: func.func private @[[$NCHW]](
// CHECK-COUNT-3: memref.cast {{.*}} to memref<*xf32>
// CHECK-NEXT: arith.constant 2 : i64
// CHECK-NEXT: arith.constant 2 : i64
// CHECK-NEXT: arith.constant 1 : i64
// CHECK-NEXT: arith.constant 1 : i64
// CHECK: call @flexc_gpu_conv2d_nchw_fchw_f32(
// The NHWC helper copies the HWCF filter into F, R, S, C with a transpose kernel, freed after.
// CHECK: func.func private @[[$NHWC]](
// CHECK: %[[F:.*]] = gpu.alloc () : memref<4x3x3x3xf32>
// CHECK-NEXT: linalg.transpose ins(%arg1 : memref<3x3x3x4xf32>) outs(%[[F]] : memref<4x3x3x3xf32>) permutation = [3, 0, 1, 2]
// CHECK: call @flexc_gpu_conv2d_nhwc_fhwc_f32(
// CHECK-NEXT: gpu.dealloc %[[F]]
