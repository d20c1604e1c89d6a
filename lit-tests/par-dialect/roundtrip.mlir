// Every par attribute and op survives flexc, and upstream mlir-opt reads flexc's output with the
// IRDL definition alone (dialects/par.irdl.mlir).
// The pipeline is par-verify alone: re-importing would recompute par.space from the program.
// RUN: %flexc --pass-pipeline='builtin.module(par-verify)' %s | FileCheck %s
// RUN: %flexc --pass-pipeline='builtin.module(par-verify)' %s | mlir-opt-22 --irdl-file=%par_irdl | FileCheck %s
// RUN: %flexc --pass-pipeline='builtin.module(par-verify)' %s | %flexc --pass-pipeline='builtin.module(par-verify)' - -o - | FileCheck %s

// CHECK: module attributes {par.machine = #par.machine<"dgx-h100:1", {gpus_per_node = 8 : i64, nodes = 1 : i64}>}
module attributes {par.machine = #par.machine<"dgx-h100:1", {nodes = 1 : i64, gpus_per_node = 8 : i64}>} {
  // CHECK-LABEL: func.func @graph_level
  // CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>)
  func.func @graph_level(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    // CHECK: %[[P:.*]] = "par.repartition"(%[[X]]) {degree = 2 : i64, dim = 0 : i64}
    %p = "par.repartition"(%x) {dim = 0 : i64, degree = 2 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    // CHECK: %[[C:.*]] = "par.combine"(%[[P]]) {degree = 2 : i64, dim = 0 : i64}
    %c = "par.combine"(%p) {dim = 0 : i64, degree = 2 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    // CHECK: %[[R:.*]] = "par.replicate"(%[[C]]) {degree = 4 : i64}
    %r = "par.replicate"(%c) {degree = 4 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    // CHECK: %[[S:.*]] = "par.reduce"(%[[R]]) {degree = 4 : i64, kind = "sum"}
    %s = "par.reduce"(%r) {degree = 4 : i64, kind = "sum"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    // CHECK: return %[[S]]
    return %s : tensor<8x4xf32>
  }

  // CHECK-LABEL: func.func @device_level
  // CHECK-SAME: (%[[X:.*]]: tensor<4x4xf32>, %[[IMG:.*]]: tensor<1x2x8x8xf32>)
  func.func @device_level(%x: tensor<4x4xf32>, %img: tensor<1x2x8x8xf32>) -> tensor<8x2xf32> {
    // CHECK: "par.device_id"() : () -> index
    %id = "par.device_id"() : () -> index
    // CHECK: "par.halo_exchange"(%[[IMG]]) {dim = 2 : i64, group = array<i64: 0, 1>, high = 1 : i64, low = 1 : i64} : (tensor<1x2x8x8xf32>) -> tensor<1x2x10x8xf32>
    %h = "par.halo_exchange"(%img) {dim = 2 : i64, low = 1 : i64, high = 1 : i64, group = array<i64: 0, 1>} : (tensor<1x2x8x8xf32>) -> tensor<1x2x10x8xf32>
    // CHECK: "par.send"(%[[X]]) {peer = 1 : i64, tag = 7 : i64} : (tensor<4x4xf32>) -> ()
    "par.send"(%x) {peer = 1 : i64, tag = 7 : i64} : (tensor<4x4xf32>) -> ()
    // CHECK: %[[RECV:.*]] = "par.recv"() {peer = 0 : i64, tag = 7 : i64} : () -> tensor<4x4xf32>
    %r = "par.recv"() {peer = 0 : i64, tag = 7 : i64} : () -> tensor<4x4xf32>
    // CHECK: %[[AR:.*]] = "par.all_reduce"(%[[RECV]]) {group = array<i64: 0, 1>, kind = "sum"}
    %ar = "par.all_reduce"(%r) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    // CHECK: %[[AG:.*]] = "par.all_gather"(%[[AR]]) {dim = 0 : i64, group = array<i64: 0, 1>} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    %ag = "par.all_gather"(%ar) {group = array<i64: 0, 1>, dim = 0 : i64} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    // CHECK: %[[RS:.*]] = "par.reduce_scatter"(%[[AG]]) {dim = 0 : i64, group = array<i64: 0, 1>, kind = "sum"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %rs = "par.reduce_scatter"(%ag) {group = array<i64: 0, 1>, dim = 0 : i64, kind = "sum"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    // CHECK: %[[AA:.*]] = "par.all_to_all"(%[[RS]]) {concat_dim = 0 : i64, group = array<i64: 0, 1>, split_dim = 1 : i64} : (tensor<4x4xf32>) -> tensor<8x2xf32>
    %aa = "par.all_to_all"(%rs) {group = array<i64: 0, 1>, split_dim = 1 : i64, concat_dim = 0 : i64} : (tensor<4x4xf32>) -> tensor<8x2xf32>
    // CHECK: return %[[AA]]
    return %aa : tensor<8x2xf32>
  }

  // CHECK-LABEL: func.func @annotated
  func.func @annotated(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
    // CHECK: linalg.matmul {par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 0, 1, 2, 3>>, par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
    %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 0, 1, 2, 3>>}
           ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
