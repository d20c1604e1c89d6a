// gpu-block-reductions: a reduction over one long dim (at least min-reduced=64 elements) with an
// associative f32 combine becomes a gpu.launch in place: a block per output element, `threads`
// (256) threads striding the reduced dim, each folding its elements by the op's own body into a
// private accumulator, gpu.all_reduce across the block, thread 0 combining with the output.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-block-reductions)' | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-block-reductions{threads=128 min-reduced=16})' | FileCheck %s --check-prefix=OPTS

// CHECK-LABEL: func.func @sum(
// CHECK: %[[S:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[B:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[R:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[ID:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[B]], {{.*}} threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[T]],
// CHECK: %[[ROW:.*]] = arith.remui %[[BX]],
// CHECK: %[[LEFT:.*]] = arith.subi %[[R]], %[[TX]] : index
// CHECK: %[[V:.*]] = memref.subview %arg0[%[[ROW]], %[[TX]]] [1, %{{.*}}] [1, 256] : memref<4x1024xf32> to memref<?xf32, strided<[256], offset: ?>>
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f32>
// CHECK-NEXT: memref.store %[[ID]], %[[ACC]][]
// The op's own body, still reading the function's constant.
// CHECK-NEXT: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[V]] : {{.*}}) outs(%[[ACC]] : memref<f32>) {
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[IN]], %[[S]] : f32
// CHECK-NEXT: arith.addf %[[Y]], %[[OUT]] : f32
// CHECK: %[[PART:.*]] = memref.load %[[ACC]][]
// CHECK-NEXT: %[[TOTAL:.*]] = gpu.all_reduce add %[[PART]] uniform
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %[[C0]]
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: %[[OLD:.*]] = memref.load %arg1[%[[ROW]]]
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[TOTAL]], %[[OLD]] : f32
// CHECK-NEXT: memref.store %[[NEW]], %arg1[%[[ROW]]]
// CHECK-NOT: flexc.reduction_body
// CHECK: return
// OPTS-LABEL: func.func @sum(
// OPTS: arith.constant 128 : index
// OPTS: memref.subview {{.*}} [1, 128] : memref<4x1024xf32> to memref<?xf32, strided<[128], offset: ?>>
func.func @sum(%a: memref<4x1024xf32>, %o: memref<4xf32>) {
  %s = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x1024xf32>) outs(%o : memref<4xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %y = arith.mulf %x, %s : f32
      %m = arith.addf %y, %acc : f32
      linalg.yield %m : f32
  }
  return
}

// A reduced dim shorter than min-reduced stays one thread per output; with min-reduced=16 it is a
// block reduction too (a max: identity -inf).
// CHECK-LABEL: func.func @short(
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// OPTS-LABEL: func.func @short(
// OPTS: arith.constant 0xFF800000 : f32
// OPTS: gpu.launch
// OPTS: gpu.all_reduce maximumf
func.func @short(%a: memref<4x32xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x32xf32>) outs(%o : memref<4xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
  }
  return
}

// Two reduced dims (or a non-associative body) are not block reductions.
// CHECK-LABEL: func.func @two_dims(
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
func.func @two_dims(%a: memref<4x128x128xf32>, %o: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i)>],
                  iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : memref<4x128x128xf32>) outs(%o : memref<4xf32>) {
    ^bb0(%x: f32, %acc: f32):
      %m = arith.addf %x, %acc : f32
      linalg.yield %m : f32
  }
  return
}
