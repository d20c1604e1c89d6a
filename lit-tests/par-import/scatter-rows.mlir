// tm_tensor.scatter: where an index column provably holds the update row (an iota over the samples, as in
// the one-hot of a loss's targets), the rows follow that result dim: its loop is the sample loop and the
// reduction loop runs over one row per sample (passes/family/index_trace.rs). A column the importer cannot
// prove (here the row reversed) keeps the data-dependent model: a reduction over all 8 rows.
// RUN: %flexc --allow-unregistered-dialect --split-input-file %s --emit=summary | FileCheck %s
// CHECK: tm_tensor.scatter {{.*}} 8:S 10:A 1:R
// CHECK: tm_tensor.scatter {{.*}} 8:A 10:A 8:R

#col = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @one_hot(%targets: tensor<8xi64>, %scores: tensor<8xf32>) -> tensor<8x10xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<8x2xi64>
  %indices = linalg.generic {indexing_maps = [#col, #id2], iterator_types = ["parallel", "parallel"]} ins(%targets : tensor<8xi64>) outs(%e : tensor<8x2xi64>) {
  ^bb0(%t: i64, %out: i64):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %first = arith.cmpi eq, %i1, %c0 : index
    %row = arith.index_cast %i0 : index to i64
    %v = arith.select %first, %row, %t : i64
    linalg.yield %v : i64
  } -> tensor<8x2xi64>
  %e2 = tensor.empty() : tensor<8x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x10xf32>) -> tensor<8x10xf32>
  %r = "tm_tensor.scatter"(%scores, %indices, %init) <{dimension_map = array<i64: 0, 1>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%a: f32, %b: f32):
    "tm_tensor.yield"(%a) : (f32) -> ()
  }) : (tensor<8xf32>, tensor<8x2xi64>, tensor<8x10xf32>) -> tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}

// -----

#col = affine_map<(d0, d1) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @reversed(%targets: tensor<8xi64>, %scores: tensor<8xf32>) -> tensor<8x10xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %e = tensor.empty() : tensor<8x2xi64>
  %indices = linalg.generic {indexing_maps = [#col, #id2], iterator_types = ["parallel", "parallel"]} ins(%targets : tensor<8xi64>) outs(%e : tensor<8x2xi64>) {
  ^bb0(%t: i64, %out: i64):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %first = arith.cmpi eq, %i1, %c0 : index
    %back = arith.subi %c7, %i0 : index
    %row = arith.index_cast %back : index to i64
    %v = arith.select %first, %row, %t : i64
    linalg.yield %v : i64
  } -> tensor<8x2xi64>
  %e2 = tensor.empty() : tensor<8x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x10xf32>) -> tensor<8x10xf32>
  %r = "tm_tensor.scatter"(%scores, %indices, %init) <{dimension_map = array<i64: 0, 1>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%a: f32, %b: f32):
    "tm_tensor.yield"(%a) : (f32) -> ()
  }) : (tensor<8xf32>, tensor<8x2xi64>, tensor<8x10xf32>) -> tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}
