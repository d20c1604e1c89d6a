// gpu-upload-constants: every memref.get_global is copied into a fresh buffer right after it
// (memref.alloc + gpu.memcpy), and every other use of the global reads the copy.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-upload-constants)' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[G:.*]] = memref.get_global @w : memref<4xf32>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: gpu.memcpy %[[D]], %[[G]] : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: linalg.add ins(%arg0, %[[D]] : memref<4xf32>, memref<4xf32>) outs(%[[D]] : memref<4xf32>)
// CHECK-NEXT: return %[[D]]
memref.global "private" constant @w : memref<4xf32> = dense<1.0>
func.func @f(%a: memref<4xf32>) -> memref<4xf32> {
  %g = memref.get_global @w : memref<4xf32>
  linalg.add ins(%a, %g : memref<4xf32>, memref<4xf32>) outs(%g : memref<4xf32>)
  return %g : memref<4xf32>
}

// A function without globals is unchanged.
// CHECK-LABEL: func.func @none
// CHECK-NOT: gpu.memcpy
// CHECK: return
func.func @none(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
