// A tm_tensor.scatter whose index columns also address its update slice dims moves slices into each
// other: no deterministic scheme keeps their elements apart, so both the GPU target and flexc-run stop
// with an error at the op (exit 1, nothing written), instead of crashing in the lowering. An op of the
// tm_tensor dialect other than scatter and sort (torch-mlir's topk here) has no lowering either: an
// error at the op, not a crash in the upstream passes (flexc-run's inliner used to crash on
// unregistered ops). The sort itself is lowered (family/reduction/sort.rs): its program runs.
// RUN: split-file %s %t
// RUN: %flexc %t/slice.mlir --allow-unregistered-dialect --machine=dgx-a100:1 --devices=1 --strategy=data-parallel -o %t/slice.par.mlir
// RUN: %expect-exit 1 %flexc %t/slice.par.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=manifest -o %t/slice.json 2>&1 | FileCheck %s
// RUN: not test -e %t/slice.json
// RUN: %expect-exit 1 %flexc-run %t/slice.par.mlir --allow-unregistered-dialect --check 2>&1 | FileCheck %s
// (The topk is in programs already materialized: par-materialize itself refuses an op it cannot model.)
// RUN: %expect-exit 1 %flexc-run %t/topk.mlir --allow-unregistered-dialect --check 2>&1 | FileCheck %s --check-prefix=TOPK
// RUN: %expect-exit 1 %flexc %t/topk.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=manifest -o - 2>&1 | FileCheck %s --check-prefix=TOPK
// RUN: %flexc-run %t/sort.mlir --allow-unregistered-dialect --check 2>&1 | FileCheck %s --check-prefix=SORT

// CHECK: slice.par.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tm_tensor.scatter' whose index columns address its update slice dims has no lowering
// TOPK: topk.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tm_tensor.topk' has no lowering
// SORT: @f: serial vs 1 devices
// SORT-NEXT: result 0 tensor<8xf32>{{.*}} ok

//--- slice.mlir
func.func @f(%rows: tensor<4x5xf32>, %idx: tensor<4x2xi64>) -> tensor<6x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r = "tm_tensor.scatter"(%rows, %idx, %z) <{dimension_map = array<i64: 0, 1>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.addf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<4x5xf32>, tensor<4x2xi64>, tensor<6x5xf32>) -> tensor<6x5xf32>
  return %r : tensor<6x5xf32>
}

//--- sort.mlir
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = "tm_tensor.sort"(%x) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
func.func @f_device0(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = "tm_tensor.sort"(%x) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

//--- topk.mlir
func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = "tm_tensor.topk"(%x) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
func.func @f_device0(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = "tm_tensor.topk"(%x) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
