// A Swin-style shifted-window block as torch-mlir's TorchToLinalg lowers it: torch.roll(x, 2, dim=1)
// is decomposed into two aten.slice + aten.cat; each slice becomes a static tensor.extract_slice
// followed by a tensor.cast to the slice's torch type (dynamic along the rolled dim), and the
// tensor.concat of the pieces is static again. A linear layer (matmul + bias) runs on the shifted
// tokens, then the roll is undone. par-fold-casts folds the casts, so the graph is static.

// RUN: %flexc %s --pass-pipeline='builtin.module(par-fold-casts)' | FileCheck %s --check-prefix=FOLD
// FOLD-LABEL: func.func @swin_block
// FOLD-NOT: tensor.cast
// FOLD: tensor.concat dim(1) %{{.*}}, %{{.*}} : (tensor<2x2x16xf32>, tensor<2x6x16xf32>) -> tensor<2x8x16xf32>
// FOLD: tensor.concat dim(1) %{{.*}}, %{{.*}} : (tensor<2x6x16xf32>, tensor<2x2x16xf32>) -> tensor<2x8x16xf32>

// Imported: every size static, the concat a data-movement op with the batch as its sample dim.
// RUN: %flexc %s --emit=summary | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: tensor.concat {{.*}} 2:S 8:A 16:A
// SUMMARY: parameters: 272

// Searched, materialized and run on 2 devices: the same results as the serial function.
// RUN: %flexc %s --machine=p100-4x4 --devices=2 --seed=1 -o %t.par.mlir 2> /dev/null
// RUN: %flexc-run %t.par.mlir --check --seed=1 | FileCheck %s --check-prefix=SAME
// RUN: %flexc %s --machine=p100-4x4 --devices=2 --strategy=data-parallel -o %t.dp.par.mlir 2> /dev/null
// RUN: %flexc %t.dp.par.mlir --pass-pipeline='builtin.module(par-materialize)' -o %t.dp.dev.mlir
// RUN: FileCheck %s --check-prefix=SPLIT < %t.dp.dev.mlir
// RUN: %flexc-run %t.dp.dev.mlir --check --seed=1 | FileCheck %s --check-prefix=SAME
// RUN: ! grep -q 'tensor<2x?x16xf32>' %t.par.mlir
// RUN: ! grep -q 'tensor<2x?x16xf32>' %t.dp.par.mlir
// RUN: FileCheck %s --check-prefix=CASTS < %s
// CASTS-COUNT-4: tensor.cast
// SPLIT-LABEL: func.func @swin_block_device1(
// SPLIT: tensor.concat dim(1) {{.*}} : (tensor<1x2x16xf32>, tensor<1x6x16xf32>) -> tensor<1x8x16xf32>
// SAME-LABEL: @swin_block: serial vs 2 devices (seed 1)
// SAME-NEXT: result 0 tensor<2x8x16xf32>: {{.*}} ok

module {
  func.func @swin_block(%arg0: tensor<2x8x16xf32>) -> tensor<2x8x16xf32> {
    %w = arith.constant dense_resource<__elided__> : tensor<16x16xf32>
    %b = arith.constant dense_resource<__elided__> : tensor<16xf32>
    %cst = arith.constant 0.000000e+00 : f32
    // torch.roll(x, shifts=2, dims=1)
    %extracted_slice = tensor.extract_slice %arg0[0, 6, 0] [2, 2, 16] [1, 1, 1] : tensor<2x8x16xf32> to tensor<2x2x16xf32>
    %cast = tensor.cast %extracted_slice : tensor<2x2x16xf32> to tensor<2x?x16xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 0, 0] [2, 6, 16] [1, 1, 1] : tensor<2x8x16xf32> to tensor<2x6x16xf32>
    %cast_1 = tensor.cast %extracted_slice_0 : tensor<2x6x16xf32> to tensor<2x?x16xf32>
    %concat = tensor.concat dim(1) %cast, %cast_1 : (tensor<2x?x16xf32>, tensor<2x?x16xf32>) -> tensor<2x8x16xf32>
    // The window's linear layer on the shifted tokens.
    %collapsed = tensor.collapse_shape %concat [[0, 1], [2]] : tensor<2x8x16xf32> into tensor<16x16xf32>
    %0 = tensor.empty() : tensor<16x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %2 = linalg.matmul ins(%collapsed, %w : tensor<16x16xf32>, tensor<16x16xf32>) outs(%1 : tensor<16x16xf32>) -> tensor<16x16xf32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %b : tensor<16x16xf32>, tensor<16xf32>) outs(%0 : tensor<16x16xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %s = arith.addf %in, %in_2 : f32
      linalg.yield %s : f32
    } -> tensor<16x16xf32>
    %expanded = tensor.expand_shape %3 [[0, 1], [2]] output_shape [2, 8, 16] : tensor<16x16xf32> into tensor<2x8x16xf32>
    // torch.roll(y, shifts=-2, dims=1)
    %extracted_slice_3 = tensor.extract_slice %expanded[0, 2, 0] [2, 6, 16] [1, 1, 1] : tensor<2x8x16xf32> to tensor<2x6x16xf32>
    %cast_4 = tensor.cast %extracted_slice_3 : tensor<2x6x16xf32> to tensor<2x?x16xf32>
    %extracted_slice_5 = tensor.extract_slice %expanded[0, 0, 0] [2, 2, 16] [1, 1, 1] : tensor<2x8x16xf32> to tensor<2x2x16xf32>
    %cast_6 = tensor.cast %extracted_slice_5 : tensor<2x2x16xf32> to tensor<2x?x16xf32>
    %concat_7 = tensor.concat dim(1) %cast_4, %cast_6 : (tensor<2x?x16xf32>, tensor<2x?x16xf32>) -> tensor<2x8x16xf32>
    return %concat_7 : tensor<2x8x16xf32>
  }
}
