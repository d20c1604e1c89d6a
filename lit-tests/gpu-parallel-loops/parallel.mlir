// gpu-parallel-loops: an scf.for marked flexc.parallel_loop (a scatter's rows, after
// bufferization) becomes an scf.parallel over the same range and body, keeping its family tag; an
// unmarked loop stays sequential.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-parallel-loops)' | FileCheck %s
// RUN: %expect-exit 1 %flexc %S/Inputs/carried.mlir --pass-pipeline='builtin.module(gpu-parallel-loops)' 2>&1 | FileCheck %s --check-prefix=CARRIED

// CHECK-LABEL: func.func @f
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%c4) step (%c1) {
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%[[I]]] : memref<4xf32>
// CHECK-NEXT: memref.store %[[V]], %arg1[%[[I]]] : memref<4xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {flexc.gpu_family = "gather"}
// CHECK: scf.for
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %a[%i] : memref<4xf32>
    memref.store %v, %b[%i] : memref<4xf32>
  } {flexc.parallel_loop, flexc.gpu_family = "gather"}
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %b[%i] : memref<4xf32>
    memref.store %v, %a[%i] : memref<4xf32>
  }
  return
}

// CARRIED: carried.mlir:6:8: error: a parallel loop still carries values after bufferization (a flexc bug)
