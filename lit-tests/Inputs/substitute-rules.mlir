// A small program every rule of par-substitute's distribution, elementwise and association topics
// rewrites (lit-tests/par-substitute/models.test runs it before and after and compares the results):
// an LSTM-like gate sum `x · Wx + h · Wh` (add-of-contractions), a product of concatenated
// transposed parts (contract-over-concat, then concat-of-contractions), the transpose of a sum of
// products of two signatures (transpose-through-add) and a chain with a narrow middle
// (contract-reassociate).
#id = affine_map<(d0, d1) -> (d0, d1)>
#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#nk = affine_map<(d0, d1, d2) -> (d1, d2)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: tensor<4x8xf32>, %wx: tensor<8x16xf32>, %h: tensor<4x6xf32>, %wh: tensor<6x16xf32>,
                %u: tensor<16x4xf32>, %v: tensor<16x4xf32>, %g: tensor<4x16xf32>, %wg: tensor<16x16xf32>,
                %a: tensor<4x64xf32>, %b: tensor<64x4xf32>)
    -> (tensor<4x16xf32>, tensor<8x16xf32>, tensor<16x4xf32>, tensor<16x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %p = linalg.matmul ins(%x, %wx : tensor<4x8xf32>, tensor<8x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %q = linalg.matmul ins(%h, %wh : tensor<4x6xf32>, tensor<6x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %gates = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%p, %q : tensor<4x16xf32>, tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) {
  ^bb0(%l: f32, %r: f32, %unused: f32):
    %s = arith.addf %l, %r : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>

  %e4 = tensor.empty() : tensor<4x16xf32>
  %ut = linalg.transpose ins(%u : tensor<16x4xf32>) outs(%e4 : tensor<4x16xf32>) permutation = [1, 0]
  %vt = linalg.transpose ins(%v : tensor<16x4xf32>) outs(%e4 : tensor<4x16xf32>) permutation = [1, 0]
  %c = tensor.concat dim(0) %ut, %vt : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %o8 = tensor.empty() : tensor<8x16xf32>
  %i8 = linalg.fill ins(%zero : f32) outs(%o8 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %cw = linalg.matmul ins(%c, %wg : tensor<8x16xf32>, tensor<16x16xf32>) outs(%i8 : tensor<8x16xf32>) -> tensor<8x16xf32>

  %r1 = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g, %wg : tensor<4x16xf32>, tensor<16x16xf32>) outs(%init : tensor<4x16xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %m = arith.mulf %l, %r : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x16xf32>
  %sum = linalg.add ins(%p, %r1 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %et = tensor.empty() : tensor<16x4xf32>
  %t = linalg.transpose ins(%sum : tensor<4x16xf32>) outs(%et : tensor<16x4xf32>) permutation = [1, 0]

  %o1664 = tensor.empty() : tensor<16x64xf32>
  %i1664 = linalg.fill ins(%zero : f32) outs(%o1664 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %ua = linalg.matmul ins(%u, %a : tensor<16x4xf32>, tensor<4x64xf32>) outs(%i1664 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %o164 = tensor.empty() : tensor<16x4xf32>
  %i164 = linalg.fill ins(%zero : f32) outs(%o164 : tensor<16x4xf32>) -> tensor<16x4xf32>
  %uab = linalg.matmul ins(%ua, %b : tensor<16x64xf32>, tensor<64x4xf32>) outs(%i164 : tensor<16x4xf32>) -> tensor<16x4xf32>
  return %gates, %cw, %t, %uab : tensor<4x16xf32>, tensor<8x16xf32>, tensor<16x4xf32>, tensor<16x4xf32>
}
