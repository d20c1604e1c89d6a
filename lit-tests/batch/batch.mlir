// --batch=N rescales the imported graph's sample dim: FLOPs follow the batch, weights do not.
// RUN: %flexc %s --emit=summary | FileCheck %s --check-prefix=B8
// RUN: %flexc %s --emit=summary --batch=32 | FileCheck %s --check-prefix=B32
// RUN: %flexc %s --simulate --batch=32 --machine=dgx-a100:1 | FileCheck %s --check-prefix=SIM

// B8: linalg.matmul {{.*}} 8:S 4:P 16:R {{ *}}1024
// B8: parameters: 64
// B8: forward_flops: 1024
// B8-NOT: batch:

// B32: linalg.matmul {{.*}} 32:S 4:P 16:R {{ *}}4096
// B32: parameters: 64
// B32: forward_flops: 4096
// B32: batch: rescaled from 8 to 32 (--batch)

// SIM: iteration time:
// SIM: batch: rescaled from 8 to 32 (--batch)

func.func @mlp(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %w1 = "tosa.const"() <{values = dense_resource<__elided__> : tensor<16x4xf32>}> : () -> tensor<16x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %y = linalg.matmul ins(%x, %w1 : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
