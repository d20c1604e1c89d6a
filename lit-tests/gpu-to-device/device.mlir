// gpu-to-device: on the bufferized program (constants uploaded by gpu-upload-constants, families
// tagged by gpu-tag-families), every buffer is device memory and the contractions that group into a
// GEMM call the runtime's library entry through a helper function; the call records what it
// replaced for the manifest (flexc.gpu_library).
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-to-device)' | FileCheck %s

// An upload of a constant → the runtime's resident copy; a matmul of row-major f32 operands → a GEMM
// call; allocations, copies and deallocations on the device.
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %[[G:.*]] = memref.get_global @w
// CHECK-NEXT: %[[W:.*]] = call @__flexc_resident_4x8xf32(%[[G]]) : (memref<4x8xf32>) -> memref<4x8xf32>
// CHECK-NEXT: %[[T:.*]] = gpu.alloc () : memref<2x8xf32>
// CHECK-NEXT: call @[[$GEMM:__flexc_gemm_f32_[0-9a-z_]+]](%arg0, %[[W]], %[[T]]) {flexc.gpu_library = {entry = "flexc_gpu_gemm_f32", op = "linalg.matmul"}}
// CHECK-NEXT: call @[[$COPY:__flexc_copy_[0-9]+]](%[[T]], %arg1)
// CHECK-NEXT: gpu.dealloc %[[T]] : memref<2x8xf32>
// CHECK-NEXT: return
memref.global "private" constant @w : memref<4x8xf32> = dense<1.0>
func.func @f(%a: memref<2x4xf32>, %o: memref<2x8xf32>) {
  %g = memref.get_global @w : memref<4x8xf32>
  %d = memref.alloc() : memref<4x8xf32>
  gpu.memcpy %d, %g : memref<4x8xf32>, memref<4x8xf32>
  %t = memref.alloc() : memref<2x8xf32>
  linalg.matmul {flexc.gpu_family = "contraction"} ins(%a, %d : memref<2x4xf32>, memref<4x8xf32>) outs(%t : memref<2x8xf32>)
  memref.copy %t, %o : memref<2x8xf32> to memref<2x8xf32>
  memref.dealloc %t : memref<2x8xf32>
  memref.dealloc %d : memref<4x8xf32>
  return
}

// A multiply-accumulate generic that fusion made (untagged, it reduces) with B read transposed →
// a GEMM with transpose_b.
// CHECK-LABEL: func.func @generic(
// CHECK-NEXT: call @{{__flexc_gemm_f32_[0-9a-z_]+_t01}}(%arg0, %arg1, %arg2) {flexc.gpu_library = {entry = "flexc_gpu_gemm_f32", op = "linalg.generic"}}
// CHECK-NEXT: return
func.func @generic(%a: memref<2x4xf32>, %b: memref<8x4xf32>, %c: memref<2x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x4xf32>, memref<8x4xf32>) outs(%c : memref<2x8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
  }
  return
}

// No library entry for f64: the matmul stays (a generated kernel).
// CHECK-LABEL: func.func @f64(
// CHECK-NEXT: linalg.matmul {flexc.gpu_family = "contraction"}
// CHECK-NEXT: return
func.func @f64(%a: memref<2x4xf64>, %b: memref<4x8xf64>, %c: memref<2x8xf64>) {
  linalg.matmul {flexc.gpu_family = "contraction"} ins(%a, %b : memref<2x4xf64>, memref<4x8xf64>) outs(%c : memref<2x8xf64>)
  return
}

// The helpers: the resident copy flattens the global for flexc_gpu_resident_f32; the GEMM casts its
// operands to unranked memrefs for flexc_gpu_gemm_f32 (no transposes, alpha = beta = 1); the copy
// is a copy kernel (data movement); the runtime entries are declared.
// CHECK-LABEL: func.func private @__flexc_resident_4x8xf32(
// CHECK: memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<4x8xf32> into memref<32xf32>
// CHECK: call @flexc_gpu_resident_f32(
// CHECK: memref.expand_shape
// CHECK: func.func private @[[$GEMM]](
// CHECK-COUNT-3: memref.cast {{.*}} to memref<*xf32>
// CHECK: %[[TA:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[TB:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: call @flexc_gpu_gemm_f32({{.*}}, %[[TA]], %[[TB]], %[[ONE]], %[[ONE]])
// CHECK: func.func private @[[$COPY]](
// CHECK-NEXT: linalg.copy {flexc.gpu_family = "data-movement"} ins(%arg0 : memref<2x8xf32>) outs(%arg1 : memref<2x8xf32>)
// CHECK-DAG: func.func private @flexc_gpu_gemm_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, i64, i64, f32, f32) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @flexc_gpu_resident_f32(memref<?xf32>) -> memref<?xf32> attributes {llvm.emit_c_interface}
