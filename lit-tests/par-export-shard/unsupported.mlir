// Configurations that are not an SPMD split over a device grid: left replicated with a warning by
// default, errors at the op with unsupported=error (and nothing is written).
// RUN: %flexc --pass-pipeline='builtin.module(par-export-shard)' %s -o - 2> %t.err | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --check-prefix=WARNING < %t.err
// RUN: not %flexc --pass-pipeline='builtin.module(par-export-shard{unsupported=error})' %s -o %t.out 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: not ls %t.out

// WARN-NOT: par.
// WARN: shard.grid @grid_2(shape = 2)
// WARN: arith.negf
// WARNING: flexc: warning: par-export-shard: 1 ops left replicated (their configuration is not an SPMD split over a device grid):
// WARNING-NEXT: unsupported.mlir:[[@LINE+5]]:8: 'arith.addf': devices [0, 0] run several tasks each
func.func @f(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // A split over devices 0 and 1: expressible.
  %0 = arith.negf %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
  // ERROR: unsupported.mlir:[[@LINE+1]]:8: error: 'arith.addf' op: its par.config cannot be exported to the shard dialect: devices [0, 0] run several tasks each
  %1 = arith.addf %0, %0 {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 0>>} : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
