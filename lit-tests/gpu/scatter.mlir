// tm_tensor.scatter (torch-mlir's max-pool backward, index_put) on the GPU: the gather family lowers it
// to upstream ops on tensors (tm-tensor-lowering, shared with flexc-run), in one of three deterministic
// schemes. Blocks: the index trace proves columns 0 and 1 hold (n, c) = r / 16, so each of the 6
// (n, c) planes is one thread walking its 16 rows in order. Rows: unique_indices, one thread per (row,
// slice point). Match: nothing provable, one thread per result element scanning every row in order.
// On CPU the schemes must agree exactly with each other (the differences are results 1 and 3, all 0),
// and the device program with the serial one.
// REQUIRES: ptxas
// RUN: %flexc %s --allow-unregistered-dialect --machine=dgx-a100:1 --devices=1 --strategy=data-parallel -o %t.par.mlir
// RUN: %flexc %t.par.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(par-materialize,tm-tensor-lowering)' | FileCheck %s --check-prefix=SCHEME
// RUN: %flexc-run %t.par.mlir --allow-unregistered-dialect --check | FileCheck %s --check-prefix=EXEC
// RUN: %flexc %t.par.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=gpu -o - | FileCheck %s
// RUN: %flexc %t.par.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=manifest -o - | FileCheck %s --check-prefix=MANIFEST
// RUN: %flexc %t.par.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=ptx -o %t.ptx
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS
// Data parallel over 2 devices: the blocks scatter is cut along the samples (each device 3 blocks of
// its 48 rows, the blocks proven on the serial op); the schemes still agree exactly.
// RUN: %flexc %s --allow-unregistered-dialect --machine=dgx-a100:1 --devices=2 --strategy=data-parallel -o %t.two.par.mlir
// RUN: %flexc-run %t.two.par.mlir --allow-unregistered-dialect --check | FileCheck %s --check-prefix=EXEC
// RUN: %flexc %t.two.par.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=gpu -o - | FileCheck %s --check-prefix=TWO

// SCHEME-LABEL: func.func @f_device0
// SCHEME:         %[[BLOCKS:.*]] = arith.constant 6 : index
// SCHEME:         %[[W:.*]] = arith.constant 16 : index
// SCHEME:         scf.for %{{.*}} = %{{.*}} to %[[BLOCKS]] step
// SCHEME:           scf.for %{{.*}} = %{{.*}} to %[[W]] step
// SCHEME:             arith.addf
// SCHEME:             tensor.insert
// SCHEME:         } {flexc.gpu_family = "gather", flexc.parallel_loop}
// SCHEME:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]{{.*}} attrs = {flexc.gpu_family = "gather"}
// SCHEME:         %[[ROWS:.*]] = arith.constant 20 : index
// SCHEME:         scf.for %{{.*}} = %{{.*}} to %[[ROWS]] step
// SCHEME:             arith.mulf
// SCHEME:         } {flexc.gpu_family = "gather", flexc.parallel_loop}
// SCHEME:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]{{.*}} attrs = {flexc.gpu_family = "gather"}
// SCHEME-NOT:     tm_tensor

// EXEC: result 0 tensor<2x3x8x8xf32>: max |a-b| 0.000e0, max |b| {{[1-9]}}
// EXEC: result 1 tensor<2x3x8x8xf32>: max |a-b| 0.000e0, max |b| 0.000e0, error 0.000e0 {{.*}} ok
// EXEC: result 2 tensor<6x5xf32>: {{.*}} ok
// EXEC: result 3 tensor<6x5xf32>: max |a-b| 0.000e0, max |b| 0.000e0, error 0.000e0 {{.*}} ok

// The blocks: 6 threads (one block of 128, guarded), each a sequential loop over its 16 rows.
// CHECK-LABEL: func.func @f_device0(
// CHECK:         gpu.launch_func @[[BLK:f_device0_kernel_[0-9]+]]::@f_device0_kernel blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c6 : index, %c16 : index, {{.*}} : memref<96xf32>, {{.*}} : memref<96x4xi64>
// CHECK:         gpu.launch_func @{{.*}} blocks in (%c1, %c2, %c3) threads in (%c128, %c1, %c1) args({{.*}}%c96 : index)
// CHECK:         gpu.launch_func @{{.*}} blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c20 : index, %c5 : index
// CHECK:       gpu.module @[[BLK]]
// CHECK:         %[[T:.*]] = gpu.thread_id x
// CHECK:         arith.cmpi ult, %[[T]], %arg0 : index
// CHECK:         %[[FIRST:.*]] = arith.muli %[[T]], %arg1 : index
// CHECK:       ^bb3:
// CHECK:         %[[ROW:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK:         %[[U:.*]] = memref.load %arg2[%[[ROW]]] : memref<96xf32>
// CHECK:         %[[OLD:.*]] = memref.load %arg8[{{.*}}] : memref<2x3x8x8xf32>
// CHECK:         %[[NEW:.*]] = arith.addf %[[OLD]], %[[U]] : f32
// CHECK:         memref.store %[[NEW]], %arg8[{{.*}}] : memref<2x3x8x8xf32>

// TWO-LABEL: func.func @f_device1(
// TWO:         gpu.launch_func @{{.*}} blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%c3 : index, %c16 : index, {{.*}} : memref<48xf32, strided<[1], offset: 48>>

// MANIFEST: "placement": {"kernels":{"data-movement":{{[0-9]+}},"elementwise":{{[0-9]+}},"gather":8},"library":{}}

// PTXAS: ptxas sm_90: 26 of 26 modules assembled

#g5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0)>
func.func @f(%grad: tensor<2x3x4x4xf32>, %ph: tensor<2x3x4x4xi64>, %pw: tensor<2x3x4x4xi64>, %rows: tensor<4x5xf32>) -> (tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>, tensor<6x5xf32>, tensor<6x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %e5 = tensor.empty() : tensor<2x3x4x4x4xi64>
  // Column k of the max-pool backward's indices: n, c (provable: blocks of 16 rows), then h, w (data).
  %ind = linalg.generic {indexing_maps = [#g5, #g5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%ph, %pw : tensor<2x3x4x4xi64>, tensor<2x3x4x4xi64>) outs(%e5 : tensor<2x3x4x4x4xi64>) {
  ^bb0(%h: i64, %w: i64, %o: i64):
    %k = linalg.index 4 : index
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %is0 = arith.cmpi eq, %k, %c0 : index
    %is1 = arith.cmpi eq, %k, %c1 : index
    %is2 = arith.cmpi eq, %k, %c2 : index
    %ni = arith.index_cast %n : index to i64
    %ci = arith.index_cast %c : index to i64
    %hw = arith.select %is2, %h, %w : i64
    %chw = arith.select %is1, %ci, %hw : i64
    %v = arith.select %is0, %ni, %chw : i64
    linalg.yield %v : i64
  } -> tensor<2x3x4x4x4xi64>
  // The same indices where nothing is provable (maxsi hides n and c from the index trace).
  %opaque = linalg.generic {indexing_maps = [#id5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%ind : tensor<2x3x4x4x4xi64>) outs(%e5 : tensor<2x3x4x4x4xi64>) {
  ^bb0(%x: i64, %o: i64):
    %zi = arith.constant 0 : i64
    %m = arith.maxsi %x, %zi : i64
    linalg.yield %m : i64
  } -> tensor<2x3x4x4x4xi64>
  %flat = tensor.collapse_shape %ind [[0, 1, 2, 3], [4]] : tensor<2x3x4x4x4xi64> into tensor<96x4xi64>
  %flat2 = tensor.collapse_shape %opaque [[0, 1, 2, 3], [4]] : tensor<2x3x4x4x4xi64> into tensor<96x4xi64>
  %g = tensor.collapse_shape %grad [[0, 1, 2, 3]] : tensor<2x3x4x4xf32> into tensor<96xf32>
  %e4 = tensor.empty() : tensor<2x3x8x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
  %blocks = "tm_tensor.scatter"(%g, %flat, %z4) <{dimension_map = array<i64: 0, 1, 2, 3>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.addf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<96xf32>, tensor<96x4xi64>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
  %matched = "tm_tensor.scatter"(%g, %flat2, %z4) <{dimension_map = array<i64: 0, 1, 2, 3>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.addf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<96xf32>, tensor<96x4xi64>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
  %d4 = linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%blocks, %matched : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>) outs(%e4 : tensor<2x3x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x3x8x8xf32>
  // Unique rows with a slice of 5: rows 0..3 land in rows 4, 3, 2, 1 of the result (row r at 4 - r).
  %e2 = tensor.empty() : tensor<4x1xi64>
  %rev = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e2 : tensor<4x1xi64>) {
  ^bb0(%o: i64):
    %r = linalg.index 0 : index
    %four = arith.constant 4 : index
    %t = arith.subi %four, %r : index
    %ti = arith.index_cast %t : index to i64
    linalg.yield %ti : i64
  } -> tensor<4x1xi64>
  %e65 = tensor.empty() : tensor<6x5xf32>
  %one = arith.constant 1.0 : f32
  %o65 = linalg.fill ins(%one : f32) outs(%e65 : tensor<6x5xf32>) -> tensor<6x5xf32>
  %unique = "tm_tensor.scatter"(%rows, %rev, %o65) <{dimension_map = array<i64: 0>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = true}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.mulf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<4x5xf32>, tensor<4x1xi64>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %scanned = "tm_tensor.scatter"(%rows, %rev, %o65) <{dimension_map = array<i64: 0>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.mulf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<4x5xf32>, tensor<4x1xi64>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %d2 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%unique, %scanned : tensor<6x5xf32>, tensor<6x5xf32>) outs(%e65 : tensor<6x5xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<6x5xf32>
  return %blocks, %d4, %unique, %d2 : tensor<2x3x8x8xf32>, tensor<2x3x8x8xf32>, tensor<6x5xf32>, tensor<6x5xf32>
}
