// chlo.top_k (a mixture of experts' router) lowered to three generics over exact integer keys:
// the rank of every element of a row, the main op (the model's loops: tokens, rank j, the row)
// summing the index whose rank is j, and the values gathered at those indices. Split at 4
// devices along the tokens and the rank (the auxiliary ops follow the tokens, the value gather
// the tokens and the rank), and along the row itself (partial indices combine by a sum: exactly
// one element has rank j); materialized and run against the serial function, on rows with ties
// (lower index first). tools/jax-reference compares the lowering with JAX (jax-ops.test).
// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' | FileCheck %s
// RUN: %flexc-run --allow-unregistered-dialect %s --devices=4 --check | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @main
// Ranks: over (tokens, element, other element), split as the tokens.
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}par.config = #par.config<array<i64: 2, 1, 1>, array<i64: 0, 2>>
// CHECK: arith.bitcast {{.*}} : f32 to i32
// CHECK: arith.cmpi sgt
// The main op keeps the StableHLO op's configuration.
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 0, 1, 2, 3>>
// The values follow the tokens and the rank.
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 0, 1, 2, 3>>
// The row split: ranks and values run whole per token block; the main op is split as given.
// CHECK: linalg.generic {{.*}}par.config = #par.config<array<i64: 1, 4>, array<i64: 0, 1, 2, 3>>
// CHECK: par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>
// CHECK: par.config = #par.config<array<i64: 1, 1, 4>, array<i64: 0, 1, 2, 3>>
// CHECK: par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>

// EXEC: @main: serial vs 4 devices
// EXEC-NOT: MISMATCH
// EXEC: result 1 tensor<8x2xi32>: {{.*}} ok
// EXEC: result 3 tensor<8x3xi32>: {{.*}} ok
func.func @main(%x0: tensor<8x6xf32>, %y0: tensor<8x8xf32>) -> (tensor<8x2xf32>, tensor<8x2xi32>, tensor<8x3xf32>, tensor<8x3xi32>) {
  %x = "stablehlo.abs"(%x0) {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 2>>} : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %0:2 = "chlo.top_k"(%x) <{is_stable = true, k = 2 : i64}> {par.config = #par.config<array<i64: 2, 2, 1>, array<i64: 0, 1, 2, 3>>} : (tensor<8x6xf32>) -> (tensor<8x2xf32>, tensor<8x2xi32>)
  // Rows of ties: every value rounded to a multiple of 0.5.
  %two = "stablehlo.constant"() <{value = dense<2.0> : tensor<8x8xf32>}> : () -> tensor<8x8xf32>
  %scaled = "stablehlo.multiply"(%y0, %two) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %rounded = "stablehlo.round_nearest_even"(%scaled) {par.config = #par.config<array<i64: 1, 4>, array<i64: 0, 1, 2, 3>>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1:2 = "chlo.top_k"(%rounded) <{is_stable = true, k = 3 : i64}> {par.config = #par.config<array<i64: 1, 1, 4>, array<i64: 0, 1, 2, 3>>} : (tensor<8x8xf32>) -> (tensor<8x3xf32>, tensor<8x3xi32>)
  return %0#0, %0#1, %1#0, %1#1 : tensor<8x2xf32>, tensor<8x2xi32>, tensor<8x3xf32>, tensor<8x3xi32>
}
