// gpu-contiguous-dim-first: every outermost scf.parallel's last dim (contiguous in memory) comes
// first, bounds and steps rotated with it; nested loops and one-dim loops are unchanged.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-contiguous-dim-first)' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: scf.parallel (%[[J:.*]], %[[I:.*]]) = (%c0, %c0) to (%c8, %c4) step (%c1, %c1) {
// CHECK-NEXT: scf.parallel (%[[K:.*]], %[[L:.*]]) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
// CHECK-NEXT: memref.load %arg0[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c4) step (%c1) {
func.func @f(%a: memref<4x8xf32>, %b: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
    scf.parallel (%k, %l) = (%c0, %c0) to (%c4, %c8) step (%c1, %c1) {
      %v = memref.load %a[%i, %j] : memref<4x8xf32>
      memref.store %v, %b[%k, %l] : memref<4x8xf32>
      scf.reduce
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.reduce
  }
  return
}
