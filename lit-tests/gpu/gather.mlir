// Gathers: an embedding lookup (indices read inside the body, tensor.extract at a computed row)
// is one kernel whose threads read the index and load the selected row's element.
// REQUIRES: ptxas
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: func.func @f(
// CHECK:         gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c16, %c1) threads in (%c128, %c1, %c1)
// CHECK-NOT:     gpu.launch_func
// CHECK-LABEL: gpu.module @f_kernel
// CHECK:         %[[ID:.*]] = memref.load %{{.*}}[%block_id_y] : memref<16xi64>
// CHECK:         %[[ROW:.*]] = arith.index_cast %[[ID]] : i64 to index
// CHECK:         %[[X:.*]] = memref.load %{{.*}}[%[[ROW]], %{{.*}}] : memref<100x64xf32>
// CHECK:         memref.store %[[X]], %{{.*}}[%block_id_y, %{{.*}}] : memref<16x64xf32>

// PTXAS: ptxas sm_90: 2 of 2 modules assembled

#in = affine_map<(d0, d1) -> (d0)>
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%ids: tensor<16xi64>, %table: tensor<100x64xf32>) -> tensor<16x64xf32> {
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<16xi64>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%id: i64, %o: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 1 : index
    %x = tensor.extract %table[%row, %col] : tensor<100x64xf32>
    linalg.yield %x : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}
