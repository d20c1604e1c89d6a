// gpu-wrap-scalar-ops: a linalg op whose output is 0-d (a fill of a scalar, a full reduction) goes
// into a one-iteration scf.parallel; ops with parallel loops, and ops inside a linalg body or a
// kernel, stay as they are.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-wrap-scalar-ops)' | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: scf.parallel (%{{.*}}) = (%[[C0]]) to (%[[C1]]) step (%[[C1]]) {
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%arg1 : memref<f32>)
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK: scf.parallel
// CHECK-NEXT: linalg.reduce ins(%arg0 : memref<4xf32>) outs(%arg1 : memref<f32>)
// CHECK: linalg.add ins
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @f(%a: memref<4xf32>, %o: memref<f32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<f32>)
  linalg.reduce ins(%a : memref<4xf32>) outs(%o : memref<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  linalg.add ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%a : memref<4xf32>)
  return
}
