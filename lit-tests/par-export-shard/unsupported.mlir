// Configurations that are not an SPMD split over a device grid, and ops MLIR 22's partitioner has no
// rule for: left replicated with a warning naming each by default; configurations that are not an SPMD
// split are errors at the op with unsupported=error (and nothing is written).
// RUN: %flexc --pass-pipeline='builtin.module(par-export-shard)' %s -o %t.shard.mlir 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.shard.mlir
// RUN: FileCheck %s --check-prefix=WARNING < %t.err
// RUN: mlir-opt-22 --pass-pipeline='builtin.module(func.func(shard-partition))' %t.shard.mlir -o /dev/null
// RUN: not %flexc --pass-pipeline='builtin.module(par-export-shard{unsupported=error})' %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: not ls %t.out

// WARN-NOT: par.
// WARN: shard.grid @grid_2(shape = 2)
// WARN: linalg.generic
// WARN: arith.negf
// WARNING: flexc: warning: par-export-shard: 2 ops left replicated (not an SPMD split over the grid, or beyond MLIR 22's shard-partition):
// WARNING-NEXT: unsupported.mlir:[[@LINE+12]]:8: 'arith.negf': MLIR 22's shard-partition has no rule for it
// WARNING-NEXT: unsupported.mlir:[[@LINE+13]]:8: 'arith.addf': devices [0, 0] run several tasks each
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  // A split over devices 0 and 1: expressible.
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"], par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8x4xf32>
  // Expressible, but not by upstream's partitioner (only linalg ops): replicated.
  %1 = arith.negf %0 {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
  // ERROR: unsupported.mlir:[[@LINE+1]]:8: error: 'arith.addf' op: its par.config cannot be exported to the shard dialect: devices [0, 0] run several tasks each
  %2 = arith.addf %1, %1 {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 0>>} : tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}
