// Contractions: matmul and batch_matmul with plain row-major operands call the runtime's cuBLAS
// entry points on unranked descriptors (C = A·B + C: the preceding fill initialized C); a matmul
// with a transposed operand (explicit indexing maps) calls it with transB = 1; a generic
// multiply-accumulate whose dims group into a GEMM (a matmul that reshape propagation expanded)
// calls it on collapsed views (memref.collapse_shape, expanded to reinterpret casts); a contraction
// whose A operand fusion computed in its body gets that producer as an elementwise kernel into a
// buffer first.
// REQUIRES: ptxas
// RUN: %flexc %s --entry=mm --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --entry=mm --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=host -o - 2>/dev/null | FileCheck %s --check-prefix=HOST
// RUN: %flexc %s --entry=mm --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: func.func @mm(
// CHECK:         gpu.launch_func
// CHECK:         %[[A:.*]] = memref.cast %arg0 : memref<8x16xf32> to memref<*xf32>
// CHECK:         %[[B:.*]] = memref.cast %arg1 : memref<16x32xf32> to memref<*xf32>
// CHECK:         %[[C:.*]] = memref.cast %{{.*}} : memref<8x32xf32> to memref<*xf32>
// CHECK:         call @flexc_gpu_gemm_f32(%[[A]], %[[B]], %[[C]], %c0_i64, %c0_i64, %cst{{.*}}, %cst{{.*}}) : (memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, f32, f32) -> ()
// CHECK-NOT:     gpu.launch_func
// CHECK:         return

// CHECK-LABEL: func.func @bmm(
// CHECK:         call @flexc_gpu_batch_gemm_f32(

// CHECK-LABEL: func.func @mm_transposed(
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         call @flexc_gpu_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %[[ONE]],

// (batch, m1, m2, k) x (k, n) -> (batch, m1, m2, n) with B shared: one 2-d GEMM of A collapsed
// to (batch*m1*m2) x k.
// CHECK-LABEL: func.func @expanded(
// CHECK:         memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [64, 16], strides: [16, 1] : memref<f32> to memref<64x16xf32>
// CHECK:         memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [64, 32], strides: [32, 1] : memref<f32> to memref<64x32xf32>
// CHECK:         call @flexc_gpu_gemm_f32(

// The fused producer (a / d) is computed into a buffer by an elementwise kernel, then the GEMM.
// CHECK-LABEL: func.func @fused_producer(
// CHECK:         %[[T:.*]] = gpu.alloc () : memref<8x16xf32>
// CHECK-NEXT:    gpu.launch_func @fused_producer_kernel_0::@fused_producer_kernel {{.*}} args(%c16 : index, %c8 : index, %arg0 : memref<8x16xf32>, %arg1 : memref<8x16xf32>, %[[T]] : memref<8x16xf32>)
// CHECK:         %[[A:.*]] = memref.cast %[[T]] : memref<8x16xf32> to memref<*xf32>
// CHECK:         call @flexc_gpu_gemm_f32(%[[A]],
// CHECK-NEXT:    gpu.dealloc %[[T]]
// CHECK-LABEL: gpu.module @fused_producer_kernel_0
// CHECK:         arith.divf
// CHECK-NOT:     arith.mulf
// CHECK:         memref.store

// CHECK: func.func private @flexc_gpu_gemm_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, f32, f32) attributes {llvm.emit_c_interface}

// The host code calls the C interface (pointers to unranked descriptors) after waiting for the stream.
// HOST-LABEL: llvm.func @mm(
// HOST:         llvm.call @mgpuStreamSynchronize
// HOST:         llvm.call @_mlir_ciface_flexc_gpu_gemm_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, f32, f32) -> ()

// PTXAS: ptxas sm_90: {{[0-9]+}} of {{[0-9]+}} modules assembled

func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %c : tensor<8x32xf32>
}

func.func @bmm(%a: tensor<4x8x16xf32>, %b: tensor<4x16x32xf32>) -> tensor<4x8x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<4x8x16xf32>, tensor<4x16x32xf32>) outs(%f : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
  return %c : tensor<4x8x32xf32>
}

func.func @mm_transposed(%a: tensor<8x16xf32>, %b: tensor<32x16xf32>) -> tensor<8x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
       ins(%a, %b : tensor<8x16xf32>, tensor<32x16xf32>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %c : tensor<8x32xf32>
}

func.func @expanded(%a: tensor<2x4x8x16xf32>, %b: tensor<16x32xf32>) -> tensor<2x4x8x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x8x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x8x32xf32>) -> tensor<2x4x8x32xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
       ins(%a, %b : tensor<2x4x8x16xf32>, tensor<16x32xf32>) outs(%f : tensor<2x4x8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x8x32xf32>
  return %c : tensor<2x4x8x32xf32>
}

func.func @fused_producer(%a: tensor<8x16xf32>, %d: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
       ins(%a, %d, %b : tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x32xf32>) outs(%f : tensor<8x32xf32>) {
  ^bb0(%x: f32, %w: f32, %y: f32, %acc: f32):
    %q = arith.divf %x, %w : f32
    %m = arith.mulf %q, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  return %c : tensor<8x32xf32>
}
