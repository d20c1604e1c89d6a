// par-substitute's distribution, elementwise and association rules, before (the input below) and
// after (the CHECK lines): each case is one the extraction's cost prefers rewritten.
// RUN: %flexc %s --split-input-file --pass-pipeline='builtin.module(par-substitute)' | FileCheck %s

// add-of-contractions: an LSTM's gates `x · Wx + h · Wh` are one contraction of `[x, h]` with
// `[Wx; Wh]` (the sum over the concatenated reduction dim is the sum of both parts' sums).
// CHECK-LABEL: func.func @gates
// CHECK-DAG: %[[XH:.*]] = tensor.concat dim(1) %arg0, %arg2 : (tensor<4x8xf32>, tensor<4x6xf32>) -> tensor<4x14xf32>
// CHECK-DAG: %[[W:.*]] = tensor.concat dim(0) %arg1, %arg3 : (tensor<8x16xf32>, tensor<6x16xf32>) -> tensor<14x16xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[XH]], %[[W]] : tensor<4x14xf32>, tensor<14x16xf32>)
// CHECK-NOT: linalg.matmul
// CHECK-NOT: linalg.add
// CHECK: return %[[R]]
func.func @gates(%x: tensor<4x8xf32>, %wx: tensor<8x16xf32>, %h: tensor<4x6xf32>, %wh: tensor<6x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %a = linalg.matmul ins(%x, %wx : tensor<4x8xf32>, tensor<8x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %b = linalg.matmul ins(%h, %wh : tensor<4x6xf32>, tensor<6x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %s = linalg.add ins(%a, %b : tensor<4x16xf32>, tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

// -----

// The same sum written as torch exports it, a `linalg.generic` adding two identically indexed operands.
// CHECK-LABEL: func.func @gates_generic
// CHECK-DAG: %[[XH:.*]] = tensor.concat dim(1) %arg0, %arg2
// CHECK-DAG: %[[W:.*]] = tensor.concat dim(0) %arg1, %arg3
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[XH]], %[[W]] :
// CHECK-NOT: linalg.matmul
// CHECK: return %[[R]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gates_generic(%x: tensor<4x8xf32>, %wx: tensor<8x16xf32>, %h: tensor<4x6xf32>, %wh: tensor<6x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %a = linalg.matmul ins(%x, %wx : tensor<4x8xf32>, tensor<8x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %b = linalg.matmul ins(%h, %wh : tensor<4x6xf32>, tensor<6x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x16xf32>, tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %t = arith.addf %p, %q : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

// -----

// A generic that adds with another map is not an add: left alone.
// CHECK-LABEL: func.func @not_an_add
// CHECK-COUNT-2: linalg.matmul
// CHECK-NOT: tensor.concat
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @not_an_add(%x: tensor<4x4xf32>, %wx: tensor<4x4xf32>, %h: tensor<4x4xf32>, %wh: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<4x4xf32>) -> tensor<4x4xf32>
  %a = linalg.matmul ins(%x, %wx : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = linalg.matmul ins(%h, %wh : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.generic {indexing_maps = [#id2, #tr, #id2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : tensor<4x4xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %t = arith.addf %p, %q : f32
    linalg.yield %t : f32
  } -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

// contract-over-concat-lhs, transpose-into-contract-lhs, then concat-of-contractions-lhs: a product of
// concatenated transposed parts is the concatenation of the parts' products, each reading its part
// untransposed, which is one product reading the parts concatenated along their other dim.
// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @concat_of_transposes
// CHECK-NOT: linalg.transpose
// CHECK: %[[C:.*]] = tensor.concat dim(1) %arg0, %arg1 : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$T]], {{.*}}]{{.*}} ins(%[[C]], %arg2 : tensor<8x8xf32>, tensor<8x16xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: return %[[R]]
func.func @concat_of_transposes(%u: tensor<8x4xf32>, %v: tensor<8x4xf32>, %w: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %ut = linalg.transpose ins(%u : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) permutation = [1, 0]
  %vt = linalg.transpose ins(%v : tensor<8x4xf32>) outs(%e : tensor<4x8xf32>) permutation = [1, 0]
  %c = tensor.concat dim(0) %ut, %vt : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.matmul ins(%c, %w : tensor<8x8xf32>, tensor<8x16xf32>) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// transpose-through-add, then contract-absorbs-transpose: the transpose of a sum of two products (of
// different signatures: `x · wx` and `g · whᵀ`) sinks into both products' result maps.
// CHECK-LABEL: func.func @transposed_sum
// CHECK-NOT: linalg.transpose
// CHECK-DAG: %[[A:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%{{.*}} : tensor<16x4xf32>)
// CHECK-DAG: %[[B:.*]] = linalg.generic {{.*}} ins(%arg2, %arg3 : tensor<4x16xf32>, tensor<16x16xf32>) outs(%{{.*}} : tensor<16x4xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[S:.*]] = linalg.add ins(%[[A]], %[[B]] : tensor<16x4xf32>, tensor<16x4xf32>)
// CHECK: return %[[S]]
#mk = affine_map<(d0, d1, d2) -> (d0, d2)>
#nk = affine_map<(d0, d1, d2) -> (d1, d2)>
#mn = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @transposed_sum(%x: tensor<4x8xf32>, %wx: tensor<8x16xf32>, %g: tensor<4x16xf32>, %wh: tensor<16x16xf32>) -> tensor<16x4xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %a = linalg.matmul ins(%x, %wx : tensor<4x8xf32>, tensor<8x16xf32>) outs(%init : tensor<4x16xf32>) -> tensor<4x16xf32>
  %b = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g, %wh : tensor<4x16xf32>, tensor<16x16xf32>) outs(%init : tensor<4x16xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<4x16xf32>
  %s = linalg.add ins(%a, %b : tensor<4x16xf32>, tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %e = tensor.empty() : tensor<16x4xf32>
  %t = linalg.transpose ins(%s : tensor<4x16xf32>) outs(%e : tensor<16x4xf32>) permutation = [1, 0]
  return %t : tensor<16x4xf32>
}

// -----

// contract-reassociate: `(x · a) · b` with a narrow inner dim is `x · (a · b)`, 16× fewer FLOPs.
// CHECK-LABEL: func.func @chain
// CHECK: %[[AB:.*]] = linalg.generic {{.*}} ins(%arg1, %arg2 : tensor<4x256xf32>, tensor<256x4xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%arg0, %[[AB]] : tensor<256x4xf32>, tensor<4x4xf32>)
// CHECK: return %[[R]]
func.func @chain(%x: tensor<256x4xf32>, %a: tensor<4x256xf32>, %b: tensor<256x4xf32>) -> tensor<256x4xf32> {
  %zero = arith.constant 0.0 : f32
  %o1 = tensor.empty() : tensor<256x256xf32>
  %i1 = linalg.fill ins(%zero : f32) outs(%o1 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %xa = linalg.matmul ins(%x, %a : tensor<256x4xf32>, tensor<4x256xf32>) outs(%i1 : tensor<256x256xf32>) -> tensor<256x256xf32>
  %o2 = tensor.empty() : tensor<256x4xf32>
  %i2 = linalg.fill ins(%zero : f32) outs(%o2 : tensor<256x4xf32>) -> tensor<256x4xf32>
  %r = linalg.matmul ins(%xa, %b : tensor<256x256xf32>, tensor<256x4xf32>) outs(%i2 : tensor<256x4xf32>) -> tensor<256x4xf32>
  return %r : tensor<256x4xf32>
}

// -----

// contract-over-concat-rhs, transpose-into-contract-rhs, then concat-of-contractions-rhs: torch's
// `x · [aᵀ, bᵀ]` (weights stored [out, in], transposed, then concatenated) is one product reading the
// weights concatenated along their output dim, untransposed.
// CHECK-DAG: #[[$W:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @concat_of_transposed_weights
// CHECK-NOT: linalg.transpose
// CHECK: %[[C:.*]] = tensor.concat dim(0) %arg1, %arg2 : (tensor<32x16xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [{{.*}}, #[[$W]], {{.*}}]{{.*}} ins(%arg0, %[[C]] : tensor<8x16xf32>, tensor<64x16xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: return %[[R]]
func.func @concat_of_transposed_weights(%x: tensor<8x16xf32>, %a: tensor<32x16xf32>, %b: tensor<32x16xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %ta = linalg.transpose ins(%a : tensor<32x16xf32>) outs(%e : tensor<16x32xf32>) permutation = [1, 0]
  %tb = linalg.transpose ins(%b : tensor<32x16xf32>) outs(%e : tensor<16x32xf32>) permutation = [1, 0]
  %c = tensor.concat dim(1) %ta, %tb : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
  %o = tensor.empty() : tensor<8x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x64xf32>) -> tensor<8x64xf32>
  %r = linalg.matmul ins(%x, %c : tensor<8x16xf32>, tensor<16x64xf32>) outs(%init : tensor<8x64xf32>) -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}

// -----

// concat-of-contractions-rhs: `[x · a, x · b]` is one product of `x` with `[a, b]`.
// CHECK-LABEL: func.func @concat_of_products
// CHECK: %[[C:.*]] = tensor.concat dim(1) %arg1, %arg2 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%arg0, %[[C]] : tensor<8x16xf32>, tensor<16x64xf32>)
// CHECK-NOT: linalg.matmul
// CHECK-NOT: tensor.concat
// CHECK: return %[[R]]
func.func @concat_of_products(%x: tensor<8x16xf32>, %a: tensor<16x32xf32>, %b: tensor<16x32xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  %p = linalg.matmul ins(%x, %a : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %q = linalg.matmul ins(%x, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = tensor.concat dim(1) %p, %q : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}

// -----

// add-of-transposes: a sum of two transposes (the same permutation) is one transpose of the sum.
// CHECK-LABEL: func.func @sum_of_transposes
// CHECK: %[[S:.*]] = linalg.add ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK: %[[T:.*]] = linalg.transpose ins(%[[S]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) permutation = [1, 0]
// CHECK-NOT: linalg.transpose
// CHECK: return %[[T]]
func.func @sum_of_transposes(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %o = tensor.empty() : tensor<8x4xf32>
  %ta = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%o : tensor<8x4xf32>) permutation = [1, 0]
  %tb = linalg.transpose ins(%b : tensor<4x8xf32>) outs(%o : tensor<8x4xf32>) permutation = [1, 0]
  %s = linalg.add ins(%ta, %tb : tensor<8x4xf32>, tensor<8x4xf32>) outs(%o : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %s : tensor<8x4xf32>
}

// -----

// add-of-collapses: a sum of two collapses (the same grouping) is one collapse of the sum.
// CHECK-LABEL: func.func @sum_of_collapses
// CHECK: %[[S:.*]] = linalg.add ins(%arg0, %arg1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[S]] {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[C]]
func.func @sum_of_collapses(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %ca = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %cb = tensor.collapse_shape %b [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %o = tensor.empty() : tensor<6x4xf32>
  %s = linalg.add ins(%ca, %cb : tensor<6x4xf32>, tensor<6x4xf32>) outs(%o : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %s : tensor<6x4xf32>
}

// -----

// add-of-expands: a sum of two expansions (the same grouping and shape) is one expansion of the sum.
// CHECK-LABEL: func.func @sum_of_expands
// CHECK: %[[S:.*]] = linalg.add ins(%arg0, %arg1 : tensor<6x4xf32>, tensor<6x4xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[S]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[E]]
func.func @sum_of_expands(%a: tensor<6x4xf32>, %b: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %ea = tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %eb = tensor.expand_shape %b [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %o = tensor.empty() : tensor<2x3x4xf32>
  %s = linalg.add ins(%ea, %eb : tensor<2x3x4xf32>, tensor<2x3x4xf32>) outs(%o : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %s : tensor<2x3x4xf32>
}

// -----

// expand-through-add, then expand-of-collapse: the expansion of a sum of collapses moves onto both
// operands, where it undoes each collapse; no reshape is left.
// CHECK-LABEL: func.func @expanded_sum_of_collapses
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[S:.*]] = linalg.add ins(%arg0, %arg1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>)
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[S]]
func.func @expanded_sum_of_collapses(%x: tensor<2x3x4xf32>, %y: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %cx = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %cy = tensor.collapse_shape %y [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %o = tensor.empty() : tensor<6x4xf32>
  %s = linalg.add ins(%cx, %cy : tensor<6x4xf32>, tensor<6x4xf32>) outs(%o : tensor<6x4xf32>) -> tensor<6x4xf32>
  %e = tensor.expand_shape %s [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %e : tensor<2x3x4xf32>
}

// -----

// collapse-through-add, then collapse-of-expand: the collapse of a sum of expansions moves onto both
// operands, where it undoes each expansion; no reshape is left.
// CHECK-LABEL: func.func @collapsed_sum_of_expands
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[S:.*]] = linalg.add ins(%arg0, %arg1 : tensor<6x4xf32>, tensor<6x4xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK: return %[[S]]
func.func @collapsed_sum_of_expands(%p: tensor<6x4xf32>, %q: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %ep = tensor.expand_shape %p [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %eq = tensor.expand_shape %q [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %o = tensor.empty() : tensor<2x3x4xf32>
  %s = linalg.add ins(%ep, %eq : tensor<2x3x4xf32>, tensor<2x3x4xf32>) outs(%o : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %c = tensor.collapse_shape %s [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %c : tensor<6x4xf32>
}
