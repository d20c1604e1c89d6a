// A matmul split along its reduction dim (partial sums combined with par.all_reduce), then a
// data-parallel bias add whose rows are gathered on device 0 for the result.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' -o %t.mlir
// RUN: mlir-opt-22 --irdl-file=%par_irdl %t.mlir -o %t.discarded
// RUN: python3 %inputs/check-pairs.py %t.mlir | FileCheck %s --check-prefix=PAIRS
// PAIRS: 1 send/recv pairs, 2 all_reduce calls, 2 devices

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @reduce(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %b: tensor<2xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = linalg.matmul {par.config = #par.config<array<i64: 1, 1, 2>, array<i64: 0, 1>>}
           ins(%x, %w : tensor<4x8xf32>, tensor<8x2xf32>) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
    %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
           ins(%0, %b : tensor<4x2xf32>, tensor<2xf32>) outs(%init : tensor<4x2xf32>)
           attrs = {par.config = #par.config<array<i64: 2, 1>, array<i64: 1, 0>>} {
    ^bb0(%a: f32, %c: f32, %o: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    } -> tensor<4x2xf32>
    return %1 : tensor<4x2xf32>
  }
}

// The serial function stays, strategy and all.
// CHECK-LABEL: func.func @reduce(
// CHECK: linalg.matmul {par.config

// Device 0 runs reduction task 0 from the real init, all-reduces, computes rows 2..4 of the add and
// receives rows 0..2 from device 1 for the result.
// CHECK-LABEL: func.func @reduce_device0(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[W:[^:]+]]: tensor<8x2xf32>, %[[B:[^:]+]]: tensor<2xf32>, %[[INIT:[^:]+]]: tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK: %[[XS:.*]] = tensor.extract_slice %[[X]][0, 0] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
// CHECK: %[[WS:.*]] = tensor.extract_slice %[[W]][0, 0] [4, 2] [1, 1] : tensor<8x2xf32> to tensor<4x2xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[XS]], %[[WS]] : tensor<4x4xf32>, tensor<4x2xf32>) outs(%[[INIT]] : tensor<4x2xf32>)
// CHECK: %[[S:.*]] = "par.all_reduce"(%[[P]]) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK: %[[LO:.*]] = tensor.extract_slice %[[S]][2, 0] [2, 2] [1, 1]
// CHECK: %[[ADD:.*]] = linalg.generic
// CHECK-SAME: ins(%[[LO]], %[[B]] : tensor<2x2xf32>, tensor<2xf32>)
// CHECK: %[[FULL:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK: %[[MINE:.*]] = tensor.insert_slice %[[ADD]] into %[[FULL]][2, 0] [2, 2] [1, 1]
// CHECK: %[[R:.*]] = "par.recv"() {peer = 1 : i64, tag = 0 : i64} : () -> tensor<2x2xf32>
// CHECK: %[[ALL:.*]] = tensor.insert_slice %[[R]] into %[[MINE]][0, 0] [2, 2] [1, 1]
// CHECK: return %[[ALL]] : tensor<4x2xf32>

// Device 1 starts its partial sum from zeros (the identity of the body's arith.addf), sends its
// rows to device 0 and returns nothing.
// CHECK-LABEL: func.func @reduce_device1(
// CHECK-SAME: tensor<4x2xf32>) {
// CHECK: %[[XS:.*]] = tensor.extract_slice %{{.*}}[0, 4] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
// CHECK: %[[WS:.*]] = tensor.extract_slice %{{.*}}[4, 0] [4, 2] [1, 1] : tensor<8x2xf32> to tensor<4x2xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SPLAT:.*]] = tensor.splat %[[ZERO]] : tensor<4x2xf32>
// CHECK: %[[P:.*]] = linalg.matmul ins(%[[XS]], %[[WS]] : {{.*}}) outs(%[[SPLAT]] : tensor<4x2xf32>)
// CHECK: %[[S:.*]] = "par.all_reduce"(%[[P]]) {group = array<i64: 0, 1>, kind = "sum"}
// CHECK: %[[HI:.*]] = tensor.extract_slice %[[S]][0, 0] [2, 2] [1, 1]
// CHECK: %[[ADD:.*]] = linalg.generic
// CHECK-SAME: ins(%[[HI]], %{{.*}} : tensor<2x2xf32>, tensor<2xf32>)
// CHECK: "par.send"(%[[ADD]]) {peer = 0 : i64, tag = 0 : i64} : (tensor<2x2xf32>) -> ()
// CHECK-NEXT: return{{$}}
// CHECK-NOT: func.func
