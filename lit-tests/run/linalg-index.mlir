// A generic op whose body reads `linalg.index d`, split along d: the clone of a task whose box starts
// at s > 0 along d iterates from 0, so par-materialize adds s to every use of the index (the bug was
// a clone seeing indices from 0: Torch's embedding lookup `tensor.extract %table[%id, linalg.index 2]`
// split along the embedding dim, lstm_lm_b4 at 4 devices; gpt2_b2's searched strategy at 4 devices,
// seed 1, shifts indices, tests/flexc.rs).
// RUN: %flexc-run %s --check | FileCheck %s
// CHECK: result 0 tensor<4x8xf32>: {{.*}} ok
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @iota_device0(
// IR: linalg.generic
// IR-NOT: arith.addi {{.*}} : index
// IR: linalg.yield
// IR-LABEL: func.func @iota_device1(
// IR: linalg.generic
// IR-NEXT: ^bb0(
// IR-NEXT: %[[I:.*]] = linalg.index 1 : index
// IR-NEXT: %[[C:.*]] = arith.constant 4 : index
// IR-NEXT: %[[J:.*]] = arith.addi %[[I]], %[[C]] : index
// IR-NEXT: arith.index_cast %[[J]] : index to i64

#id = affine_map<(d0, d1) -> (d0, d1)>
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @iota(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %e = tensor.empty() : tensor<4x8xf32>
    %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
           ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 2>, array<i64: 0, 1>>} {
    ^bb0(%a: f32, %o: f32):
      %i = linalg.index 1 : index
      %c = arith.index_cast %i : index to i64
      %f = arith.sitofp %c : i64 to f32
      %s = arith.addf %a, %f : f32
      linalg.yield %s : f32
    } -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}
