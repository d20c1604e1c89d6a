// par-materialize's split reduction (partial sums, par.all_reduce) followed by a data-parallel add
// whose rows are gathered on device 0: flexc-run materializes the module and checks it.
// RUN: %flexc-run %s --check --seed=3 | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' -o %t.mlir
// RUN: %flexc-run %t.mlir --check --seed=3 | FileCheck %s

// CHECK: @reduce: serial vs 2 devices (seed 3): 1 messages (16 bytes), 2 all-reduce calls
// CHECK-NEXT: result 0 tensor<4x2xf32>: {{.*}} (rtol 1e-5) ok

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
