// A convolution split along its output rows reads a halo: the boundary input rows that the other
// device computed. They travel as send/recv pairs of exactly those rows.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' -o %t.mlir
// RUN: mlir-opt-22 --irdl-file=%par_irdl %t.mlir -o %t.discarded
// RUN: python3 %inputs/check-pairs.py %t.mlir | FileCheck %s --check-prefix=PAIRS
// PAIRS: 3 send/recv pairs, 0 all_reduce calls, 2 devices

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @halo(%x: tensor<1x2x10x6xf32>, %f: tensor<2x2x3x3xf32>, %init: tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32> {
    // Rows 0..5 on device 0, rows 5..10 on device 1.
    %a = arith.negf %x {par.config = #par.config<array<i64: 1, 1, 2, 1>, array<i64: 0, 1>>} : tensor<1x2x10x6xf32>
    // Output rows 0..4 (input rows 0..6) on device 0, output rows 4..8 (input rows 4..10) on device 1.
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>,
                                   par.config = #par.config<array<i64: 1, 1, 2, 1, 1, 1, 1>, array<i64: 0, 1>>}
           ins(%a, %f : tensor<1x2x10x6xf32>, tensor<2x2x3x3xf32>) outs(%init : tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
    return %c : tensor<1x2x8x4xf32>
  }
}

// CHECK-LABEL: func.func @halo_device0(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x2x10x6xf32>, %[[F:[^:]+]]: tensor<2x2x3x3xf32>, %[[INIT:[^:]+]]: tensor<1x2x8x4xf32>)
// CHECK: %[[XS:.*]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 2, 5, 6] [1, 1, 1, 1]
// CHECK: %[[NEG:.*]] = arith.negf %[[XS]] : tensor<1x2x5x6xf32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x2x10x6xf32>
// CHECK: %[[MINE:.*]] = tensor.insert_slice %[[NEG]] into %[[E]][0, 0, 0, 0] [1, 2, 5, 6] [1, 1, 1, 1]
// Device 0 receives device 1's first row and sends its own last row: the halos, one per tag.
// CHECK: %[[R:.*]] = "par.recv"() {peer = 1 : i64, tag = [[$T0:[0-9]+]] : i64} : () -> tensor<1x2x1x6xf32>
// CHECK: %[[WITH:.*]] = tensor.insert_slice %[[R]] into %[[MINE]][0, 0, 5, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: %[[LAST:.*]] = tensor.extract_slice %[[WITH]][0, 0, 4, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: "par.send"(%[[LAST]]) {peer = 1 : i64, tag = [[$T1:[0-9]+]] : i64} : (tensor<1x2x1x6xf32>) -> ()
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[WITH]][0, 0, 0, 0] [1, 2, 6, 6] [1, 1, 1, 1] : tensor<1x2x10x6xf32> to tensor<1x2x6x6xf32>
// CHECK: %[[OUT:.*]] = tensor.extract_slice %[[INIT]][0, 0, 0, 0] [1, 2, 4, 4] [1, 1, 1, 1]
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} ins(%[[IN]], %[[F]] : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) outs(%[[OUT]] : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>

// CHECK-LABEL: func.func @halo_device1(
// CHECK: %[[NEG:.*]] = arith.negf %{{.*}} : tensor<1x2x5x6xf32>
// CHECK: %[[MINE:.*]] = tensor.insert_slice %[[NEG]] into %{{.*}}[0, 0, 5, 0] [1, 2, 5, 6] [1, 1, 1, 1]
// CHECK: %[[FIRST:.*]] = tensor.extract_slice %[[MINE]][0, 0, 5, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: "par.send"(%[[FIRST]]) {peer = 0 : i64, tag = [[$T0]] : i64}
// CHECK: %[[R:.*]] = "par.recv"() {peer = 0 : i64, tag = [[$T1]] : i64} : () -> tensor<1x2x1x6xf32>
// CHECK: %[[WITH:.*]] = tensor.insert_slice %[[R]] into %[[MINE]][0, 0, 4, 0] [1, 2, 1, 6] [1, 1, 1, 1]
// CHECK: %[[IN:.*]] = tensor.extract_slice %[[WITH]][0, 0, 4, 0] [1, 2, 6, 6] [1, 1, 1, 1]
// CHECK: %[[C:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[IN]], %{{.*}} : tensor<1x2x6x6xf32>, tensor<2x2x3x3xf32>) outs(%{{.*}} : tensor<1x2x4x4xf32>)
// The result rows of device 1 go to device 0.
// CHECK: "par.send"(%[[C]]) {peer = 0 : i64
// CHECK-NEXT: return{{$}}
