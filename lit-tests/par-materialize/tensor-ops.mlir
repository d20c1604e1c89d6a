// Data movement ops cut per task: pad, concat, extract_slice, insert_slice, collapse_shape; and a
// max reduction split across devices (identity -inf, all_reduce "max"). Result 0 is gathered on device 0.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' -o %t.mlir
// RUN: mlir-opt-22 --irdl-file=%par_irdl %t.mlir -o %t.discarded
// RUN: python3 %inputs/check-pairs.py %t.mlir | FileCheck %s --check-prefix=PAIRS
// PAIRS: 10 send/recv pairs, 2 all_reduce calls, 2 devices

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @ops(%x: tensor<4x6xf32>, %y: tensor<4x2xf32>, %init: tensor<f32>) -> (tensor<6x8xf32>, tensor<f32>) {
    %cst = arith.constant 0.0 : f32
    %p = tensor.pad %x low[1, 0] high[1, 2] {
    ^bb0(%i: index, %j: index):
      tensor.yield %cst : f32
    } {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<4x6xf32> to tensor<6x8xf32>
    %n = arith.negf %x {par.config = #par.config<array<i64: 1, 2>, array<i64: 0, 1>>} : tensor<4x6xf32>
    %c = tensor.concat dim(1) %n, %y {par.config = #par.config<array<i64: 1, 2>, array<i64: 1, 0>>} : (tensor<4x6xf32>, tensor<4x2xf32>) -> tensor<4x8xf32>
    %e = tensor.extract_slice %c[1, 2] [2, 4] [1, 1] {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<4x8xf32> to tensor<2x4xf32>
    %i = tensor.insert_slice %e into %x[0, 1] [2, 4] [1, 1] {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<2x4xf32> into tensor<4x6xf32>
    %f = tensor.collapse_shape %i [[0, 1]] {par.config = #par.config<array<i64: 2, 1>, array<i64: 1, 0>>} : tensor<4x6xf32> into tensor<24xf32>
    %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
           ins(%f : tensor<24xf32>) outs(%init : tensor<f32>)
           attrs = {par.config = #par.config<array<i64: 2>, array<i64: 0, 1>>} {
    ^bb0(%a: f32, %o: f32):
      %r = arith.maximumf %a, %o : f32
      linalg.yield %r : f32
    } -> tensor<f32>
    return %p, %m : tensor<6x8xf32>, tensor<f32>
  }
}

// CHECK-LABEL: func.func @ops_device0(
// CHECK-SAME: -> (tensor<6x8xf32>, tensor<f32>)
// Pad: rows 0..3 of the result are one row of low padding and source rows 0..2.
// CHECK: %[[XS:.*]] = tensor.extract_slice %arg0[0, 0] [2, 6] [1, 1] : tensor<4x6xf32> to tensor<2x6xf32>
// CHECK: %[[PAD:.*]] = tensor.pad %[[XS]] low[1, 0] high[0, 2]
// CHECK: } : tensor<2x6xf32> to tensor<3x8xf32>
// Concat: columns 4..8 are columns 4..6 of %n (from device 1) and all of %y.
// CHECK: %[[N:.*]] = "par.recv"() {peer = 1 : i64, tag = 1 : i64} : () -> tensor<4x2xf32>
// CHECK: tensor.concat dim(1) %[[N]], %arg1 : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x4xf32>
// Extract slice: row 1 of the source, offsets moved to the task.
// CHECK: %[[C:.*]] = tensor.insert_slice %{{.*}}[1, 2] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<4x8xf32>
// CHECK: tensor.extract_slice %[[C]][1, 2] [1, 4] [1, 1] : tensor<4x8xf32> to tensor<1x4xf32>
// Insert slice: rows 0..2 of the destination receive the whole source.
// CHECK: %[[E:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[1, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<2x4xf32>
// CHECK: %[[D:.*]] = tensor.extract_slice %arg0[0, 0] [2, 6] [1, 1]
// CHECK: tensor.insert_slice %[[E]] into %[[D]][0, 1] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x6xf32>
// Collapse: rows 2..4 of the source are elements 12..24.
// CHECK: %[[ROWS:.*]] = "par.recv"() {peer = 1 : i64, tag = 6 : i64} : () -> tensor<2x6xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[ROWS]] {{\[\[}}0, 1]] : tensor<2x6xf32> into tensor<12xf32>
// CHECK: tensor.insert_slice %[[FLAT]] into %{{.*}}[12] [12] [1] : tensor<12xf32> into tensor<24xf32>
// Max reduction: the first task starts from the init, then all_reduce "max".
// CHECK: %[[LO:.*]] = "par.recv"() {peer = 1 : i64, tag = 7 : i64} : () -> tensor<12xf32>
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[LO]] : tensor<12xf32>) outs(%arg2 : tensor<f32>)
// CHECK: %[[ALL:.*]] = "par.all_reduce"(%[[MAX]]) {group = array<i64: 0, 1>, kind = "max"} : (tensor<f32>) -> tensor<f32>
// Result 0: rows 3..6 of the pad come from device 1.
// CHECK: %[[HI:.*]] = "par.recv"() {peer = 1 : i64, tag = 9 : i64} : () -> tensor<3x8xf32>
// CHECK: %[[P:.*]] = tensor.insert_slice %[[HI]] into %{{.*}}[3, 0] [3, 8] [1, 1]
// CHECK: return %[[P]], %[[ALL]] : tensor<6x8xf32>, tensor<f32>

// CHECK-LABEL: func.func @ops_device1(
// CHECK-SAME: tensor<f32>) {
// CHECK: tensor.pad %{{.*}} low[0, 0] high[1, 2]
// Insert slice: rows 2..4 lie outside the source: the task is the destination's rows.
// CHECK: %[[D:.*]] = tensor.extract_slice %arg0[2, 0] [2, 6] [1, 1]
// CHECK-NOT: tensor.insert_slice {{.*}} into %[[D]]
// CHECK: "par.send"(%[[D]]) {peer = 0 : i64, tag = 6 : i64}
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[SPLAT:.*]] = tensor.splat %[[NEGINF]] : tensor<f32>
// CHECK: linalg.generic {{.*}} outs(%[[SPLAT]] : tensor<f32>)
// CHECK: "par.all_reduce"({{.*}}) {group = array<i64: 0, 1>, kind = "max"}
// CHECK: "par.send"(%{{.*}}) {peer = 0 : i64, tag = 9 : i64} : (tensor<3x8xf32>) -> ()
// CHECK-NEXT: return{{$}}
