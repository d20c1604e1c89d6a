// Convolutions: conv_2d_nchw_fchw with plain layouts calls the runtime's cuDNN entry point (strides,
// dilations, padding 0: the exports pad with tensor.pad first, a copy kernel); other layouts
// (NHWC/HWCF here) are generated kernels: one thread per output element, the window in a loop
// (channels on x, batch and rows on the grid, columns sequential: the grid has three dims).
// REQUIRES: ptxas
// RUN: %flexc %s --entry=nchw --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --entry=nchw --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: func.func @nchw(
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i64
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         call @flexc_gpu_conv2d_nchw_fchw_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[TWO]], %[[TWO]], %[[ONE]], %[[ONE]], %[[ZERO]], %[[ZERO]]) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, i64, i64, i64, i64) -> ()

// CHECK-LABEL: func.func @nhwc(
// CHECK-NOT:     call @flexc_gpu_conv2d
// CHECK:         gpu.launch_func @nhwc_kernel_0::@nhwc_kernel blocks in (%c1, %c2, %c8) threads in (%c128, %c1, %c1)
// CHECK-LABEL: gpu.module @nhwc_kernel_0
// CHECK:         arith.mulf
// CHECK:         arith.addf

// PTXAS: ptxas sm_90: {{[0-9]+}} of {{[0-9]+}} modules assembled

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
