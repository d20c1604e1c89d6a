// par-substitute: each rule on a small function, before (the input below) and after (the CHECK lines).
// RUN: %flexc %s --split-input-file --pass-pipeline='builtin.module(par-substitute)' | FileCheck %s

// transpose-compose: two transposes that cancel are none.
// CHECK-LABEL: func.func @transposes_cancel
// CHECK-NOT: linalg.transpose
// CHECK: %[[N:.*]] = arith.negf %arg0 : tensor<4x8xf32>
// CHECK-NEXT: return %[[N]]
func.func @transposes_cancel(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e0 = tensor.empty() : tensor<8x4xf32>
  %t0 = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e0 : tensor<8x4xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<4x8xf32>
  %t1 = linalg.transpose ins(%t0 : tensor<8x4xf32>) outs(%e1 : tensor<4x8xf32>) permutation = [1, 0]
  %n = arith.negf %t1 : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// transpose-compose: two transposes are one.
// CHECK-LABEL: func.func @transposes_compose
// CHECK: %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK-NOT: linalg.transpose
// CHECK: arith.negf %[[T]]
func.func @transposes_compose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %e0 = tensor.empty() : tensor<3x4x2xf32>
  %t0 = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%e0 : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  %e1 = tensor.empty() : tensor<4x2x3xf32>
  %t1 = linalg.transpose ins(%t0 : tensor<3x4x2xf32>) outs(%e1 : tensor<4x2x3xf32>) permutation = [1, 2, 0]
  %n = arith.negf %t1 : tensor<4x2x3xf32>
  return %n : tensor<4x2x3xf32>
}

// -----

// transpose-into-contract-rhs: torch's x · wᵀ reads w directly.
// CHECK-DAG: #[[$X:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$W:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$O:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @linear
// CHECK-NOT: linalg.transpose
// CHECK: %[[Z:.*]] = linalg.fill
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$X]], #[[$W]], #[[$O]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<32x16xf32>) outs(%[[Z]] : tensor<8x32xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: return %[[R]]
func.func @linear(%x: tensor<8x16xf32>, %w: tensor<32x16xf32>) -> tensor<8x32xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x16xf32>) outs(%e : tensor<16x32xf32>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// contract-absorbs-transpose: a transposed product is the product with its result dims permuted.
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[$O:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed_product
// CHECK-NOT: linalg.transpose
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$O]]]{{.*}} ins(%arg0, %arg1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%{{.*}} : tensor<32x8xf32>)
// CHECK: return %[[R]]
func.func @transposed_product(%x: tensor<8x16xf32>, %y: tensor<16x32xf32>) -> tensor<32x8xf32> {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.matmul ins(%x, %y : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e = tensor.empty() : tensor<32x8xf32>
  %t = linalg.transpose ins(%r : tensor<8x32xf32>) outs(%e : tensor<32x8xf32>) permutation = [1, 0]
  return %t : tensor<32x8xf32>
}

// -----

// merge-sibling-contractions-lhs (+ slice-of-slice): Q, K and V projections of one input are one
// contraction over the concatenated weights, each projection a slice of its result.
// CHECK-LABEL: func.func @qkv
// CHECK: %[[W1:.*]] = tensor.concat dim(1) %arg1, %arg3 : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x64xf32>
// CHECK: %[[W:.*]] = tensor.concat dim(1) %[[W1]], %arg2 : (tensor<16x64xf32>, tensor<16x32xf32>) -> tensor<16x96xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%arg0, %[[W]] : tensor<8x16xf32>, tensor<16x96xf32>)
// CHECK-NOT: linalg.matmul
// CHECK-DAG: %[[Q:.*]] = tensor.extract_slice %[[R]][0, 0] [8, 32] [1, 1]
// CHECK-DAG: %[[V:.*]] = tensor.extract_slice %[[R]][0, 32] [8, 32] [1, 1]
// CHECK-DAG: %[[K:.*]] = tensor.extract_slice %[[R]][0, 64] [8, 32] [1, 1]
// CHECK: return %[[Q]], %[[K]], %[[V]]
func.func @qkv(%x: tensor<8x16xf32>, %wq: tensor<16x32xf32>, %wk: tensor<16x32xf32>, %wv: tensor<16x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  %q = linalg.matmul ins(%x, %wq : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %k = linalg.matmul ins(%x, %wk : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %v = linalg.matmul ins(%x, %wv : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %q, %k, %v : tensor<8x32xf32>, tensor<8x32xf32>, tensor<8x32xf32>
}

// -----

// contract-through-collapse-lhs/-rhs + expand-of-collapse + transpose-into-contract: torch's attention
// scores (heads split out by expand → transpose → collapse around a batched product) are one
// contraction reading the expanded projections directly; no transpose is left.
// CHECK-DAG: #[[$Q:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d4)>
// CHECK-DAG: #[[$K:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d1, d4)>
// CHECK-DAG: #[[$S:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @scores
// CHECK-NOT: linalg.transpose
// CHECK: %[[QE:.*]] = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [2, 2, 2, 3]
// CHECK: %[[KE:.*]] = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2, 3]] output_shape [2, 2, 2, 3]
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$Q]], #[[$K]], #[[$S]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[QE]], %[[KE]] : tensor<2x2x2x3xf32>, tensor<2x2x2x3xf32>)
// CHECK-NOT: linalg.transpose
// CHECK: return %[[R]] : tensor<2x2x2x2xf32>
func.func @scores(%q: tensor<4x6xf32>, %k: tensor<4x6xf32>) -> tensor<2x2x2x2xf32> {
  %qe = tensor.expand_shape %q [[0, 1], [2, 3]] output_shape [2, 2, 2, 3] : tensor<4x6xf32> into tensor<2x2x2x3xf32>
  %e0 = tensor.empty() : tensor<2x2x2x3xf32>
  %qt = linalg.transpose ins(%qe : tensor<2x2x2x3xf32>) outs(%e0 : tensor<2x2x2x3xf32>) permutation = [0, 2, 1, 3]
  %qc = tensor.collapse_shape %qt [[0, 1], [2], [3]] : tensor<2x2x2x3xf32> into tensor<4x2x3xf32>
  %ke = tensor.expand_shape %k [[0, 1], [2, 3]] output_shape [2, 2, 2, 3] : tensor<4x6xf32> into tensor<2x2x2x3xf32>
  %e1 = tensor.empty() : tensor<2x2x3x2xf32>
  %kt = linalg.transpose ins(%ke : tensor<2x2x2x3xf32>) outs(%e1 : tensor<2x2x3x2xf32>) permutation = [0, 2, 3, 1]
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x2x3x2xf32> into tensor<4x3x2xf32>
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<4x2x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<4x2x2xf32>) -> tensor<4x2x2xf32>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<4x2x3xf32>, tensor<4x3x2xf32>) outs(%init : tensor<4x2x2xf32>) -> tensor<4x2x2xf32>
  %se = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 2, 2, 2] : tensor<4x2x2xf32> into tensor<2x2x2x2xf32>
  return %se : tensor<2x2x2x2xf32>
}

// -----

// collapse-of-expand: a collapse that undoes an expansion is its source.
// CHECK-LABEL: func.func @reshapes_cancel
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[N:.*]] = arith.negf %arg0 : tensor<6x4xf32>
// CHECK-NEXT: return %[[N]]
func.func @reshapes_cancel(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %n = arith.negf %c : tensor<6x4xf32>
  return %n : tensor<6x4xf32>
}

// -----

// Not a rewrite: an accumulating product (its init is not zero) stays, and so does its transpose.
// CHECK-LABEL: func.func @kept
// CHECK: linalg.transpose
// CHECK: linalg.matmul ins(%arg0, %{{.*}} : tensor<8x16xf32>, tensor<16x32xf32>) outs(%arg2 : tensor<8x32xf32>)
func.func @kept(%x: tensor<8x16xf32>, %w: tensor<32x16xf32>, %acc: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x16xf32>) outs(%e : tensor<16x32xf32>) permutation = [1, 0]
  %r = linalg.matmul ins(%x, %wt : tensor<8x16xf32>, tensor<16x32xf32>) outs(%acc : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// merge-sibling-contractions-rhs: two inputs through one weight are one contraction of the inputs
// concatenated along their free dim, each product a slice of its result.
// CHECK-LABEL: func.func @shared_weight
// CHECK: %[[X:.*]] = tensor.concat dim(0) %arg0, %arg1 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]], %arg2 : tensor<16x16xf32>, tensor<16x32xf32>)
// CHECK-NOT: linalg.matmul
// CHECK-DAG: %[[A:.*]] = tensor.extract_slice %[[R]][0, 0] [8, 32] [1, 1]
// CHECK-DAG: %[[B:.*]] = tensor.extract_slice %[[R]][8, 0] [8, 32] [1, 1]
// CHECK: return %[[A]], %[[B]]
func.func @shared_weight(%x1: tensor<8x16xf32>, %x2: tensor<8x16xf32>, %w: tensor<16x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%o : tensor<8x32xf32>) -> tensor<8x32xf32>
  %a = linalg.matmul ins(%x1, %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %b = linalg.matmul ins(%x2, %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %a, %b : tensor<8x32xf32>, tensor<8x32xf32>
}
