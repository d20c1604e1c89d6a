// Strided tensor.insert_slice (a strided convolution's input gradient: every second element) and
// strided tensor.extract_slice, cut along any dim, strided ones included and into uneven parts: each
// task inserts the source elements that land in its box, from the first one's position, with the op's
// strides. Every device program runs against the serial one on CPU. Then the small version of a
// training step's case: data parallelism over 2 devices splits the samples of a strided insert.
// RUN: split-file %s %t
// RUN: %flexc %t/strided.par.mlir --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc-run %t/strided.par.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: %flexc %t/grad.mlir --machine=dgx-a100:1 --devices=2 --strategy=data-parallel -o %t/grad.par.mlir
// RUN: %flexc %t/grad.par.mlir --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=DP
// RUN: %flexc-run %t/grad.par.mlir --check | FileCheck %s --check-prefix=DP-EXEC

// Device 1: rows [4, 8) of %i hold source rows 2 and 3 (at 5 and 7: from local row 1); columns
// [6, 12) of %j hold source columns 2..4 (at 6, 8, 10: from local column 0).
// CHECK-LABEL: func.func @f_device1(
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1, 1] [4, 3, 2, 5] [1, 1, 2, 2] : tensor<4x3x2x5xf32> into tensor<4x3x4x12xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0] [2, 3, 5, 3] [1, 1, 2, 2] : tensor<2x3x5x3xf32> into tensor<2x3x12x6xf32>
// CHECK: tensor.extract_slice %{{.*}}[2, 0, 0, 1] [2, 3, 3, 5] [1, 1, 2, 2] : tensor<4x3x12x12xf32> to tensor<2x3x3x5xf32>
// Device 2: rows [8, 12) of %i hold source row 4 only (at 9).
// CHECK-LABEL: func.func @f_device2(
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 1, 1] [4, 3, 1, 5] [1, 1, 2, 2] : tensor<4x3x1x5xf32> into tensor<4x3x4x12xf32>

// EXEC: @f: serial vs 4 devices
// EXEC: result 0 tensor<4x3x12x12xf32>: max |a-b| 0.000e0, {{.*}} ok
// EXEC: result 1 tensor<4x3x6x5xf32>: max |a-b| 0.000e0, {{.*}} ok
// EXEC: result 2 tensor<4x3x12x12xf32>: max |a-b| 0.000e0, {{.*}} ok

// DP-LABEL: func.func @f_device0(
// DP: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0] [2, 3, 4, 4] [1, 1, 2, 2] : tensor<2x3x4x4xf32> into tensor<2x3x8x8xf32>
// DP-LABEL: func.func @f_device1(
// DP: tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0, 0] [2, 3, 4, 4] [1, 1, 2, 2] : tensor<2x3x4x4xf32> into tensor<2x3x8x8xf32>
// DP-EXEC: @f: serial vs 2 devices
// DP-EXEC: result 0 tensor<4x3x8x8xf32>: max |a-b| 0.000e0, {{.*}} ok

//--- strided.par.mlir
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 4 : i64}>} {
  func.func @f(%x: tensor<4x3x5x5xf32>, %w: tensor<4x3x12x12xf32>) -> (tensor<4x3x12x12xf32>, tensor<4x3x6x5xf32>, tensor<4x3x12x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x3x12x12xf32>
    %z = linalg.fill {par.config = #par.config<array<i64: 4, 1, 1, 1>, array<i64: 0, 1, 2, 3>>} ins(%zero : f32) outs(%e : tensor<4x3x12x12xf32>) -> tensor<4x3x12x12xf32>
    %i = tensor.insert_slice %x into %z[0, 0, 1, 1] [4, 3, 5, 5] [1, 1, 2, 2] {par.config = #par.config<array<i64: 1, 1, 3, 1>, array<i64: 0, 1, 2>>} : tensor<4x3x5x5xf32> into tensor<4x3x12x12xf32>
    %j = tensor.insert_slice %x into %w[0, 0, 0, 2] [4, 3, 5, 5] [1, 1, 2, 2] {par.config = #par.config<array<i64: 2, 1, 1, 2>, array<i64: 0, 1, 2, 3>>} : tensor<4x3x5x5xf32> into tensor<4x3x12x12xf32>
    %s = arith.addf %i, %w {par.config = #par.config<array<i64: 1, 1, 1, 4>, array<i64: 0, 1, 2, 3>>} : tensor<4x3x12x12xf32>
    %x2 = tensor.extract_slice %s[0, 0, 0, 1] [4, 3, 6, 5] [1, 1, 2, 2] {par.config = #par.config<array<i64: 2, 1, 2, 1>, array<i64: 3, 2, 1, 0>>} : tensor<4x3x12x12xf32> to tensor<4x3x6x5xf32>
    return %s, %x2, %j : tensor<4x3x12x12xf32>, tensor<4x3x6x5xf32>, tensor<4x3x12x12xf32>
  }
}

//--- grad.mlir
// The input gradient of a stride-2 convolution as torch-mlir exports it: the output gradient spread to
// every second row and column of a zero tensor, then used.
func.func @f(%g: tensor<4x3x4x4xf32>, %b: tensor<4x3x8x8xf32>) -> tensor<4x3x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3x8x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3x8x8xf32>) -> tensor<4x3x8x8xf32>
  %s = tensor.insert_slice %g into %z[0, 0, 0, 0] [4, 3, 4, 4] [1, 1, 2, 2] : tensor<4x3x4x4xf32> into tensor<4x3x8x8xf32>
  %r = arith.addf %s, %b : tensor<4x3x8x8xf32>
  return %r : tensor<4x3x8x8xf32>
}
