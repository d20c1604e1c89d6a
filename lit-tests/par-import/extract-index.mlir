// A body's tensor.extract whose index provably is one of the op's loops (here `remsi(linalg.index 0, 8)`
// over a loop of 8, and an element of an iota tensor read at loop 0) reads the table there: no extra
// data-dependent reduction loop, and the sample loop follows the table's batch (passes/family/
// index_trace.rs, body_index). An index read from data keeps its reduction loop over the table.
// RUN: %flexc --split-input-file %s --emit=summary | FileCheck %s
// CHECK: embedding {{.*}} 8:S 4:A 32 0 0
// CHECK: embedding {{.*}} 8:S 4:A 96 0 0
// CHECK: embedding {{.*}} 8:S 4:A 8:R 0 0 0

#row = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @remainder(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c8 = arith.constant 8 : index
  %e = tensor.empty() : tensor<8x4xf32>
  %y = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<8x4xf32>) {
  ^bb0(%out: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %r = arith.remsi %i0, %c8 : index
    %v = tensor.extract %x[%r, %i1] : tensor<8x4xf32>
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @iota(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : i64
  %c8 = arith.constant 8 : i64
  %ei = tensor.empty() : tensor<8xi64>
  %iota = linalg.generic {indexing_maps = [#id1], iterator_types = ["parallel"]} outs(%ei : tensor<8xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  } -> tensor<8xi64>
  %e = tensor.empty() : tensor<8x4xf32>
  %y = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%iota : tensor<8xi64>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%n: i64, %out: f32):
    // Python-style negative index wrap-around, decided by the bounds of %n.
    %neg = arith.cmpi slt, %n, %c0 : i64
    %wrapped = arith.addi %n, %c8 : i64
    %k = arith.select %neg, %wrapped, %n : i64
    %row = arith.index_cast %k : i64 to index
    %i1 = linalg.index 1 : index
    %v = tensor.extract %x[%row, %i1] : tensor<8x4xf32>
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

#row = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @data_index(%x: tensor<8x4xf32>, %ids: tensor<8xi64>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %y = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<8xi64>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%n: i64, %out: f32):
    %row = arith.index_cast %n : i64 to index
    %i1 = linalg.index 1 : index
    %v = tensor.extract %x[%row, %i1] : tensor<8x4xf32>
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
