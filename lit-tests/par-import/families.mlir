// par-import: iteration spaces and SOAP roles, family by family.
// RUN: %flexc --pass-pipeline='builtin.module(par-import)' --split-input-file %s | FileCheck %s

// A linear layer: batch from the argument (S), output features index the weight constant (P),
// the contraction dim is a reduction (R).
// CHECK-LABEL: func.func @linear
func.func @linear(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<16x4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x4xf32>
  // A fill of a constant is a constant: free on every device, not a graph op.
  // CHECK-NOT: linalg.fill {par.space
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x4xf32>) -> tensor<8x4xf32>
  // CHECK: linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  // Elementwise on tensors (decided from types): the sample dim flows through.
  // CHECK: arith.addf {{.*}} {par.space = #par.space<array<i64: 8, 4>, "SA">}
  %z = arith.addf %y, %y : tensor<8x4xf32>
  return %z : tensor<8x4xf32>
}

// -----

// A convolution (named op, maps from MLIR): batch S, output channels P, output image A A,
// input channels and the window R R R.
// CHECK-LABEL: func.func @conv
func.func @conv(%img: tensor<2x3x10x10xf32>, %out: tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32> {
  %f = arith.constant dense_resource<__elided__> : tensor<8x3x3x3xf32>
  // CHECK: linalg.conv_2d_nchw_fchw {{{.*}}par.space = #par.space<array<i64: 2, 8, 8, 8, 3, 3, 3>, "SPAARRR">
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
         ins(%img, %f : tensor<2x3x10x10xf32>, tensor<8x3x3x3xf32>) outs(%out : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %0 : tensor<2x8x8x8xf32>
}

// -----

// Reshapes carry the sample dim: attention heads split 8x64 into 8x4x16, then a transpose puts
// heads first; the batch still sits where the batch moved.
// CHECK-LABEL: func.func @heads
func.func @heads(%x: tensor<8x64xf32>) -> tensor<4x8x16xf32> {
  // CHECK: tensor.expand_shape {{.*}} {par.space = #par.space<array<i64: 8, 4, 16>, "SAA">}
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [8, 4, 16] : tensor<8x64xf32> into tensor<8x4x16xf32>
  %empty = tensor.empty() : tensor<4x8x16xf32>
  // CHECK: linalg.transpose {{.*}} {par.space = #par.space<array<i64: 4, 8, 16>, "ASA">}
  %t = linalg.transpose ins(%e : tensor<8x4x16xf32>) outs(%empty : tensor<4x8x16xf32>) permutation = [1, 0, 2]
  return %t : tensor<4x8x16xf32>
}

// -----

// A weight given as an argument marked par.param (JAX passes weights as arguments).
// CHECK-LABEL: func.func @marked_weight
func.func @marked_weight(%x: tensor<8x16xf32>, %w: tensor<16x4xf32> {par.param}, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

// Work on weights alone (a transposed weight) is replicated preprocessing, not a graph op; its result
// is a weight, so the consumer's output features are still P.
// CHECK-LABEL: func.func @weight_transpose
func.func @weight_transpose(%x: tensor<8x16xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<4x16xf32>
  %empty = tensor.empty() : tensor<16x4xf32>
  // CHECK-NOT: linalg.transpose {{.*}}par.space
  %wt = linalg.transpose ins(%w : tensor<4x16xf32>) outs(%empty : tensor<16x4xf32>) permutation = [1, 0]
  // CHECK: linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
  %y = linalg.matmul ins(%x, %wt : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

// Merging the batch with another dim (attention heads back into rows): the merged dim carries the
// batch, so the matmul over rows is still split by sample.
// CHECK-LABEL: func.func @merged_rows
func.func @merged_rows(%x: tensor<8x4x16xf32>, %init: tensor<32x2xf32>) -> tensor<32x2xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<16x2xf32>
  // CHECK: tensor.collapse_shape {{.*}} {par.space = #par.space<array<i64: 8, 4, 16>, "SAA">}
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<8x4x16xf32> into tensor<32x16xf32>
  // CHECK: linalg.matmul {par.space = #par.space<array<i64: 32, 2, 16>, "SPR">}
  %y = linalg.matmul ins(%c, %w : tensor<32x16xf32>, tensor<16x2xf32>) outs(%init : tensor<32x2xf32>) -> tensor<32x2xf32>
  return %y : tensor<32x2xf32>
}

// -----

// Slices, padding and concatenation: loops over the result (the slice for extract_slice), the batch
// flows through.
// CHECK-LABEL: func.func @movement
func.func @movement(%x: tensor<8x64xf32>, %y: tensor<8x16xf32>) -> tensor<8x52xf32> {
  // CHECK: tensor.extract_slice {{.*}} {par.space = #par.space<array<i64: 8, 16>, "SA">}
  %s = tensor.extract_slice %x[0, 16] [8, 16] [1, 1] : tensor<8x64xf32> to tensor<8x16xf32>
  // CHECK: tensor.insert_slice {{.*}} {par.space = #par.space<array<i64: 8, 64>, "SA">}
  %i = tensor.insert_slice %y into %x[0, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<8x64xf32>
  %zero = arith.constant 0.0 : f32
  // CHECK: tensor.pad
  // CHECK: } {par.space = #par.space<array<i64: 8, 20>, "SA">} : tensor<8x16xf32> to tensor<8x20xf32>
  %p = tensor.pad %s low[0, 2] high[0, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %zero : f32
  } : tensor<8x16xf32> to tensor<8x20xf32>
  // CHECK: tensor.concat {{.*}} {par.space = #par.space<array<i64: 8, 52>, "SA">}
  %c = tensor.concat dim(1) %p, %y, %y : (tensor<8x20xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x52xf32>
  return %c : tensor<8x52xf32>
}

// -----

// An embedding lookup (the body extracts from a captured table by a data-dependent row): one extra
// reduction loop over the table's rows; the hidden dim indexes the weight (P).
// CHECK-LABEL: func.func @embedding
func.func @embedding(%ids: tensor<8x16xi64>) -> tensor<8x16x32xf32> {
  %table = arith.constant dense_resource<__elided__> : tensor<100x32xf32>
  %empty = tensor.empty() : tensor<8x16x32xf32>
  // CHECK: linalg.generic {{.*}}par.space = #par.space<array<i64: 8, 16, 32, 100>, "SAPR">
  %e = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ids : tensor<8x16xi64>) outs(%empty : tensor<8x16x32xf32>) {
  ^bb0(%id: i64, %out: f32):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %table[%row, %col] : tensor<100x32xf32>
    linalg.yield %v : f32
  } -> tensor<8x16x32xf32>
  return %e : tensor<8x16x32xf32>
}

// -----

// Calls to private helpers (as JAX exports them) are imported in place: the helper's ops are
// annotated with what flows in from the call site.
// CHECK-LABEL: func.func private @dense
// CHECK: linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">}
func.func private @dense(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %empty = tensor.empty() : tensor<8x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%empty : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
// CHECK-LABEL: func.func @caller
func.func @caller(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %w = arith.constant dense_resource<__elided__> : tensor<16x4xf32>
  %y = func.call @dense(%x, %w) : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
