// A gather from a table computed by an earlier graph op (partitioned: rows 0..4 on device 0, 4..8 on
// device 1) read by `tensor.extract` inside the gather's body: every task first receives the parts
// of the table it lacks and reads its whole local copy. The second gather splits its table loop (the
// data-dependent row index, a capture loop): both devices compute the whole result redundantly.
// RUN: %flexc-run %s --check | FileCheck %s
// CHECK: @gather: serial vs 2 devices (seed 0): 3 messages
// CHECK-NEXT: result 0 tensor<6x4xf32>: {{.*}} ok
// CHECK-NEXT: result 1 tensor<6x4xf32>: {{.*}} ok
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @gather_device1(
// IR: %[[T:.*]] = arith.mulf
// IR: %[[HALF:.*]] = tensor.insert_slice %[[T]] into %{{.*}}[4, 0] [4, 4]
// IR: "par.send"(%[[T]]) {peer = 0 : i64, tag = 0 : i64}
// IR: %[[R:.*]] = "par.recv"() {peer = 0 : i64, tag = 1 : i64} : () -> tensor<4x4xf32>
// IR: %[[TABLE:.*]] = tensor.insert_slice %[[R]] into %[[HALF]][0, 0] [4, 4]
// IR: linalg.generic
// IR: tensor.extract %[[TABLE]][
// IR: linalg.generic
// IR: tensor.extract %[[TABLE]][
// IR-NOT: par.all_reduce
// IR: return

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @gather(%x: tensor<8x4xf32>, %ids: tensor<6xi64>) -> (tensor<6x4xf32>, tensor<6x4xf32>) {
    %t = arith.mulf %x, %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
    %e = tensor.empty() : tensor<6x4xf32>
    %0 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
           ins(%ids : tensor<6xi64>) outs(%e : tensor<6x4xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 2, 1>, array<i64: 0, 1>>} {
    ^bb0(%id: i64, %o: f32):
      %r = arith.index_cast %id : i64 to index
      %c = linalg.index 1 : index
      %v = tensor.extract %t[%r, %c] : tensor<8x4xf32>
      linalg.yield %v : f32
    } -> tensor<6x4xf32>
    %1 = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
           ins(%ids : tensor<6xi64>) outs(%e : tensor<6x4xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 1, 2>, array<i64: 1, 0>>} {
    ^bb0(%id: i64, %o: f32):
      %r = arith.index_cast %id : i64 to index
      %c = linalg.index 1 : index
      %v = tensor.extract %t[%r, %c] : tensor<8x4xf32>
      linalg.yield %v : f32
    } -> tensor<6x4xf32>
    return %0, %1 : tensor<6x4xf32>, tensor<6x4xf32>
  }
}
