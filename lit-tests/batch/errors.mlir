// --batch where the batch cannot follow: a located error naming the op, exit 1, nothing written.
// RUN: not %flexc --split-input-file %s --batch=32 --emit=summary -o %t 2>&1 | FileCheck %s
// RUN: not ls %t
// The same through the pass option.
// RUN: not %flexc --split-input-file %s --pass-pipeline='builtin.module(par-import{batch=32})' -o %t.discarded 2>&1 | FileCheck %s
// Without --batch the same models import.
// RUN: %flexc --split-input-file %s --emit=summary -o %t.discarded

// The batch folded inside another dim (batch-minor). The importer holds the collapsed rows batch-major in
// the graph (passes/batch_major.rs), so the collapse itself rescales; regrouping those rows into other
// factors (2 x 16, not the 4 x 8 they fold) reads them in their source order, with the batch inside.
func.func @batch_minor(%x: tensor<8x4xf32>) -> tensor<2x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.transpose ins(%x : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) permutation = [1, 0]
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: --batch: 'tensor.expand_shape' folds the batch of 'tensor.collapse_shape#0'
  %d = tensor.expand_shape %c [[0, 1]] output_shape [2, 16] : tensor<32xf32> into tensor<2x16xf32>
  return %d : tensor<2x16xf32>
}

// -----

// Part of the batch sliced out: its extent does not follow the batch.
func.func @slice(%x: tensor<8x4xf32>) -> tensor<6x4xf32> {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: --batch: 'tensor.extract_slice' {{.*}}follows the batch but is not a multiple of it (8)
  %s = tensor.extract_slice %x[2, 0] [6, 4] [1, 1] : tensor<8x4xf32> to tensor<6x4xf32>
  return %s : tensor<6x4xf32>
}

// -----

// A batch so large that the graph passes the importer's size limit: an error, not an overflow.
// RUN: not %flexc %s --split-input-file --batch=100000000000000000 --emit=summary 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: errors.mlir:[[@LINE+3]]:8: error: --batch=100000000000000000: the model's tensors would total {{[0-9]+}} bytes, more than flexc's limit of 2^60 bytes
func.func @huge(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
