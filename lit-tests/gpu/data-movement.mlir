// Data movement: transposes, pads, slices and concatenations become copy kernels (linalg.copy of
// strided views, 128 threads per block on the innermost dim, consecutive threads on consecutive
// output elements); a pad first fills its padding value.
// REQUIRES: ptxas
// RUN: %flexc %s --entry=transpose --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --entry=transpose --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: func.func @transpose(
// CHECK:         gpu.launch_func @transpose_kernel::@transpose_kernel blocks in (%c1, %c64, %c1) threads in (%c128, %c1, %c1)
// CHECK-LABEL: gpu.module @transpose_kernel
// CHECK:         %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x64xf32>
// CHECK-NEXT:    memref.store %[[X]], %{{.*}}[%block_id_y, %{{.*}}] : memref<64x32xf32>

// The pad: fill 10x20 with the padding value, copy the source into its interior (offset 1*20+2);
// the strided slice: a copy out of rows 2.. and every other column from 4 (offset 2*20+4).
// CHECK-LABEL: func.func @pad_slice(
// CHECK:         gpu.alloc () : memref<10x20xf32>
// CHECK:         gpu.launch_func @pad_slice_kernel::@pad_slice_kernel blocks in (%c1, %c10, %c1) threads in (%c128, %c1, %c1) args(%c20 : index, %c10 : index, %cst : f32
// CHECK:         gpu.launch_func @pad_slice_kernel_0::@pad_slice_kernel {{.*}} : memref<8x16xf32, strided<[20, 1], offset: 22>>)
// CHECK:         gpu.launch_func @pad_slice_kernel_1::@pad_slice_kernel {{.*}} : memref<4x4xf32, strided<[20, 2], offset: 44>>, %{{.*}} : memref<4x4xf32>)
// CHECK-LABEL: gpu.module @pad_slice_kernel
// CHECK:         memref.store %arg2, %arg3[%block_id_y, %thread_id_x] : memref<10x20xf32>

// CHECK-LABEL: func.func @concat(
// CHECK:         gpu.launch_func {{.*}} : memref<4x8xf32, strided<[8, 1]>>)
// CHECK:         gpu.launch_func {{.*}} : memref<4x8xf32, strided<[8, 1], offset: 32>>)
// CHECK-NOT:     gpu.launch_func
// CHECK:         return

// PTXAS: ptxas sm_90: {{[0-9]+}} of {{[0-9]+}} modules assembled

func.func @transpose(%a: tensor<32x64xf32>) -> tensor<64x32xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %t = linalg.transpose ins(%a : tensor<32x64xf32>) outs(%e : tensor<64x32xf32>) permutation = [1, 0]
  return %t : tensor<64x32xf32>
}

func.func @pad_slice(%a: tensor<8x16xf32>) -> tensor<4x4xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<8x16xf32> to tensor<10x20xf32>
  %s = tensor.extract_slice %p[2, 4] [4, 4] [1, 2] : tensor<10x20xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

func.func @concat(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %c : tensor<8x8xf32>
}
