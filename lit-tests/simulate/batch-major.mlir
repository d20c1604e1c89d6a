// A sequence-first model folds time and batch into the rows of one matmul (row t * 8 + b). Data parallelism
// splits every op along its samples; the importer holds the merged rows batch-major in the graph (passes/
// batch_major.rs), so the split rows of the matmul and the bias add are each device's own samples and no
// activation moves: only the weight gradients are all-reduced.
// RUN: %flexc %s --batch-dim=1 --simulate --strategy=data-parallel --machine=p100-4x4 --devices=4 | FileCheck %s
// CHECK: tasks: {{[0-9]+}}, transfers: 0 (0 B), all-reduces: {{[1-9]}}
// The same on 8 devices (one sample each).
// RUN: %flexc %s --batch-dim=1 --simulate --strategy=data-parallel --machine=p100-4x4 --devices=8 | FileCheck %s
// Batch-major rows also rescale with --batch: 10 time steps x 32 samples.
// RUN: %flexc %s --batch-dim=1 --batch=32 --emit=summary | FileCheck %s --check-prefix=BATCH
// BATCH: linalg.matmul {{.*}} 320:S 32:P 16:R
// BATCH: tensor.expand_shape {{.*}} 10:A 32:S 32:A

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%x: tensor<10x8x16xf32>) -> tensor<10x8x32xf32> {
    %w = arith.constant dense_resource<w> : tensor<16x32xf32>
    %b = arith.constant dense_resource<b> : tensor<32xf32>
    %zero = arith.constant 0.0 : f32
    %e0 = tensor.empty() : tensor<10x8x16xf32>
    %act = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<10x8x16xf32>) outs(%e0 : tensor<10x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %t = math.tanh %in : f32
      linalg.yield %t : f32
    } -> tensor<10x8x16xf32>
    %rows = tensor.collapse_shape %act [[0, 1], [2]] : tensor<10x8x16xf32> into tensor<80x16xf32>
    %e1 = tensor.empty() : tensor<80x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<80x32xf32>) -> tensor<80x32xf32>
    %mm = linalg.matmul ins(%rows, %w : tensor<80x16xf32>, tensor<16x32xf32>) outs(%f : tensor<80x32xf32>) -> tensor<80x32xf32>
    %y = linalg.generic {indexing_maps = [#row, #bias, #row], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<80x32xf32>, tensor<32xf32>) outs(%e1 : tensor<80x32xf32>) {
    ^bb0(%in: f32, %bb: f32, %out: f32):
      %s = arith.addf %in, %bb : f32
      linalg.yield %s : f32
    } -> tensor<80x32xf32>
    %out = tensor.expand_shape %y [[0, 1], [2]] output_shape [10, 8, 32] : tensor<80x32xf32> into tensor<10x8x32xf32>
    return %out : tensor<10x8x32xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000",
      b: "0x04000000"
    }
  }
#-}
