// Elementwise chains: upstream fusion makes add → exp → tanh one kernel; 128 threads per block on the
// contiguous dim (300 → 3 blocks along x), the other dim on the grid's y; math through libdevice,
// linked and inlined into the PTX (no __nv_* call left), which ptxas assembles for sm_90.
// REQUIRES: ptxas, libdevice
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS

// Fusion moved the add and the exp into the tanh's task: their task brackets are empty.
// CHECK-LABEL: func.func @f(
// CHECK:         gpu.alloc () : memref<8x300xf32>
// CHECK:         call @flexc_gpu_task_begin(%c4_i64)
// CHECK-NEXT:    call @flexc_gpu_task_end(%c4_i64)
// CHECK-NEXT:    call @flexc_gpu_task_begin(%[[T:.*]]) :
// CHECK-NEXT:    gpu.launch_func @f_kernel::@f_kernel blocks in (%c3, %c8, %c1) threads in (%c128, %c1, %c1)
// CHECK-NEXT:    call @flexc_gpu_task_end(%[[T]]) :
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK-LABEL: gpu.module @f_kernel
// CHECK:         gpu.func @f_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 3, 8, 1>}
// CHECK:           arith.addf
// CHECK-NEXT:      math.exp
// CHECK-NEXT:      math.tanh
// CHECK-NEXT:      memref.store

// PTX: // gpu.module @f_kernel
// PTX: .target sm_90
// PTX: .visible .entry f_kernel(
// PTX: ex2.approx
// PTX-NOT: __nv_

// PTXAS: ptxas sm_90: 2 of 2 modules assembled

#m = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<8x300xf32>, %b: tensor<8x300xf32>) -> tensor<8x300xf32> {
  %e = tensor.empty() : tensor<8x300xf32>
  %0 = linalg.generic {indexing_maps = [#m, #m, #m], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<8x300xf32>, tensor<8x300xf32>) outs(%e : tensor<8x300xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x300xf32>
  %1 = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<8x300xf32>) outs(%e : tensor<8x300xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<8x300xf32>
  %2 = linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<8x300xf32>) outs(%e : tensor<8x300xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = math.tanh %x : f32
    linalg.yield %s : f32
  } -> tensor<8x300xf32>
  return %2 : tensor<8x300xf32>
}
