// gpu-tag-families tags every linalg op that an op family models with the name of its family's GPU
// lowering (GpuLowering::kernel_family): contractions, convolutions, reductions, elementwise ops,
// data movement (a fill). A max pool is tagged as the convolution family models it (its window
// operand reads as a second input); the manifest's kernel list counts it as a reduction. An op
// tagged already (a scatter's lowering) keeps its tag; ops outside linalg get none.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-tag-families)' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: linalg.fill {flexc.gpu_family = "data-movement"}
// CHECK: linalg.matmul {flexc.gpu_family = "contraction"}
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}flexc.gpu_family = "convolution"
// CHECK: linalg.pooling_nchw_max {{.*}}flexc.gpu_family = "convolution"
// CHECK: linalg.reduce {{.*}}flexc.gpu_family = "reduction"
// CHECK: linalg.add {flexc.gpu_family = "elementwise"}
// CHECK: linalg.transpose {{.*}}flexc.gpu_family = "data-movement"
// CHECK: linalg.generic {{.*}}flexc.gpu_family = "gather"
// CHECK-NOT: flexc.gpu_family
// CHECK: return
func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %x: tensor<1x2x6x6xf32>,
             %w: tensor<3x2x3x3xf32>, %t: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<1x3x4x4xf32>, tensor<1x2x3x3xf32>, tensor<8xf32>, tensor<4x8xf32>, tensor<8x4xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%f0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e1 = tensor.empty() : tensor<1x3x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x2x6x6xf32>, tensor<3x2x3x3xf32>) outs(%e1 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %e2 = tensor.empty() : tensor<1x2x3x3xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%x, %win : tensor<1x2x6x6xf32>, tensor<2x2xf32>) outs(%e2 : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e3 = tensor.empty() : tensor<8xf32>
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%e3 : tensor<8xf32>) dimensions = [1]
         (%in: f32, %acc: f32) {
           %s = arith.addf %in, %acc : f32
           linalg.yield %s : f32
         }
  %sum = linalg.add ins(%m, %t : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e4 = tensor.empty() : tensor<4x8xf32>
  %tr = linalg.transpose ins(%t : tensor<8x4xf32>) outs(%e4 : tensor<4x8xf32>) permutation = [1, 0]
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
         outs(%e0 : tensor<8x4xf32>) attrs = {flexc.gpu_family = "gather"} {
    ^bb0(%o: f32):
      linalg.yield %o : f32
  } -> tensor<8x4xf32>
  return %sum, %c, %p, %r, %tr, %g : tensor<8x4xf32>, tensor<1x3x4x4xf32>, tensor<1x2x3x3xf32>, tensor<8xf32>, tensor<4x8xf32>, tensor<8x4xf32>
}
