// Reductions: a long reduced dim (300) becomes a block reduction — one block per output row, 256
// threads striding the row through the op's own (fused) body, a gpu.all_reduce across the block
// (warp shuffles and shared memory in the PTX), thread 0 folding in the initial value; a short one
// (16) keeps one thread per output with a sequential loop. Max reductions start from -inf.
// REQUIRES: ptxas, libdevice
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: func.func @f(
// CHECK:         %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c8, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK:         gpu.launch_func @f_kernel_2::@f_kernel blocks in (%c8, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK:         gpu.launch_func @f_kernel_4::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
// CHECK:         return

// The sum of squares: strided view of the row, the body's mulf/addf, then the block-wide sum.
// CHECK-LABEL: gpu.module @f_kernel_0
// CHECK:         memref.reinterpret_cast {{.*}} sizes: [{{.*}}], strides: [256]
// CHECK:         arith.mulf
// CHECK-NEXT:    arith.addf
// CHECK:         gpu.all_reduce add
// CHECK:         arith.cmpi eq, %thread_id_x
// CHECK:         arith.addf

// CHECK-LABEL: gpu.module @f_kernel_2
// CHECK:         gpu.all_reduce maximumf

// The short reduction: no all-reduce, a loop per thread.
// CHECK-LABEL: gpu.module @f_kernel_4
// CHECK-NOT:     gpu.all_reduce
// CHECK:         cf.cond_br
// CHECK:         gpu.return

// PTX-LABEL: // gpu.module @f_kernel_0
// PTX:       shfl.sync.bfly
// PTX:       bar.sync
// PTX-LABEL: // gpu.module @f_kernel_1

// PTXAS: ptxas sm_90: 12 of 12 modules assembled

#m = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<8x300xf32>, %b: tensor<4x16xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<4xf32>) {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %sq = linalg.generic {indexing_maps = [#m, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x300xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    %t = arith.addf %s, %o : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %g = linalg.fill ins(%ninf : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %mx = linalg.generic {indexing_maps = [#m, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x300xf32>) outs(%g : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.maximumf %x, %o : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %h = linalg.fill ins(%z : f32) outs(%e4 : tensor<4xf32>) -> tensor<4xf32>
  %short = linalg.generic {indexing_maps = [#m, #r], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<4x16xf32>) outs(%h : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.addf %x, %o : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  return %sq, %mx, %short : tensor<8xf32>, tensor<8xf32>, tensor<4xf32>
}
