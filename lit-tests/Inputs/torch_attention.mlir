// One attention block (python/tests/test_torch_engine.py's Attention: width 16, 2 heads, q/k/v/o nn.Linear,
// view(b, s, -1, head)) on 2 x 4 x 16 as flexc.torch.export writes it: torch-mlir's batched matmuls written
// back over [batch, heads, ...] (python/flexc/torch.py, _batch_dims_restored).
#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0) -> (d0)>
#map7 = affine_map<(d0, d1) -> (0, d1)>
#map8 = affine_map<(d0, d1) -> (d0, 0)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> ()>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<2x4x16xf32>, %arg1: tensor<16x16xf32> {par.name = "attn.q.weight", par.param}, %arg2: tensor<16xf32> {par.name = "attn.q.bias", par.param}, %arg3: tensor<16x16xf32> {par.name = "attn.k.weight", par.param}, %arg4: tensor<16xf32> {par.name = "attn.k.bias", par.param}, %arg5: tensor<16x16xf32> {par.name = "attn.v.weight", par.param}, %arg6: tensor<16xf32> {par.name = "attn.v.bias", par.param}, %arg7: tensor<16x16xf32> {par.name = "attn.o.weight", par.param}, %arg8: tensor<16xf32> {par.name = "attn.o.bias", par.param}) -> tensor<2x4x16xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %true = arith.constant true
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_2 = arith.constant dense<true> : tensor<4x4xi1>
    %cst_3 = arith.constant 0.35355339059327379 : f64
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x4x16xf32> into tensor<8x16xf32>
    %0 = tensor.empty() : tensor<16x16xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<16x16xf32>) outs(%0 : tensor<16x16xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8x16xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x16xf32>, tensor<16x16xf32>) outs(%2 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x16xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.addf %in, %in_20 : f32
      linalg.yield %46 : f32
    } -> tensor<8x16xf32>
    %expanded = tensor.expand_shape %5 [[0, 1], [2, 3]] output_shape [2, 4, 2, 8] : tensor<8x16xf32> into tensor<2x4x2x8xf32>
    %6 = tensor.empty() : tensor<2x2x4x8xf32>
    %transposed_4 = linalg.transpose ins(%expanded : tensor<2x4x2x8xf32>) outs(%6 : tensor<2x2x4x8xf32>) permutation = [0, 2, 1, 3] 
    %transposed_5 = linalg.transpose ins(%arg3 : tensor<16x16xf32>) outs(%0 : tensor<16x16xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%collapsed, %transposed_5 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%2 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x16xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %8 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.addf %in, %in_20 : f32
      linalg.yield %46 : f32
    } -> tensor<8x16xf32>
    %expanded_6 = tensor.expand_shape %9 [[0, 1], [2, 3]] output_shape [2, 4, 2, 8] : tensor<8x16xf32> into tensor<2x4x2x8xf32>
    %transposed_7 = linalg.transpose ins(%arg5 : tensor<16x16xf32>) outs(%0 : tensor<16x16xf32>) permutation = [1, 0] 
    %10 = linalg.matmul ins(%collapsed, %transposed_7 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%2 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x16xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.addf %in, %in_20 : f32
      linalg.yield %46 : f32
    } -> tensor<8x16xf32>
    %expanded_8 = tensor.expand_shape %12 [[0, 1], [2, 3]] output_shape [2, 4, 2, 8] : tensor<8x16xf32> into tensor<2x4x2x8xf32>
    %transposed_9 = linalg.transpose ins(%expanded_8 : tensor<2x4x2x8xf32>) outs(%6 : tensor<2x2x4x8xf32>) permutation = [0, 2, 1, 3] 
    %13 = tensor.empty() : tensor<2x2x8x4xf32>
    %transposed_10 = linalg.transpose ins(%expanded_6 : tensor<2x4x2x8xf32>) outs(%13 : tensor<2x2x8x4xf32>) permutation = [0, 2, 3, 1] 
    %14 = tensor.empty() : tensor<4x4x4xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
    %expanded_11 = tensor.expand_shape %15 [[0, 1], [2], [3]] output_shape [2, 2, 4, 4] : tensor<4x4x4xf32> into tensor<2x2x4x4xf32>
    %16 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%transposed_4, %transposed_10 : tensor<2x2x4x8xf32>, tensor<2x2x8x4xf32>) outs(%expanded_11 : tensor<2x2x4x4xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.mulf %in, %in_20 : f32
      %47 = arith.addf %out, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<2x2x4x4xf32>
    %17 = tensor.empty() : tensor<2x2x4x4xf32>
    %18 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<2x2x4x4xf32>) outs(%17 : tensor<2x2x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.truncf %cst_3 : f64 to f32
      %47 = arith.mulf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<2x2x4x4xf32>
    %19 = tensor.empty() : tensor<4xi64>
    %20 = linalg.generic {indexing_maps = [#map6], iterator_types = ["parallel"]} outs(%19 : tensor<4xi64>) {
    ^bb0(%out: i64):
      %46 = linalg.index 0 : index
      %47 = arith.index_cast %46 : index to i64
      linalg.yield %47 : i64
    } -> tensor<4xi64>
    %expanded_12 = tensor.expand_shape %20 [[0, 1]] output_shape [1, 4] : tensor<4xi64> into tensor<1x4xi64>
    %expanded_13 = tensor.expand_shape %20 [[0, 1]] output_shape [4, 1] : tensor<4xi64> into tensor<4x1xi64>
    %21 = tensor.empty() : tensor<4x4xi64>
    %22 = linalg.generic {indexing_maps = [#map7, #map8, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_12, %expanded_13 : tensor<1x4xi64>, tensor<4x1xi64>) outs(%21 : tensor<4x4xi64>) {
    ^bb0(%in: i64, %in_20: i64, %out: i64):
      %46 = arith.subi %in, %in_20 : i64
      linalg.yield %46 : i64
    } -> tensor<4x4xi64>
    %23 = tensor.empty() : tensor<4x4xi1>
    %24 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<4x4xi64>) outs(%23 : tensor<4x4xi1>) {
    ^bb0(%in: i64, %out: i1):
      %46 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %46 : i1
    } -> tensor<4x4xi1>
    %25 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24, %cst_2 : tensor<4x4xi1>, tensor<4x4xi1>) outs(%23 : tensor<4x4xi1>) {
    ^bb0(%in: i1, %in_20: i1, %out: i1):
      %46 = arith.andi %in, %in_20 : i1
      linalg.yield %46 : i1
    } -> tensor<4x4xi1>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<4x4xi1>) outs(%23 : tensor<4x4xi1>) {
    ^bb0(%in: i1, %out: i1):
      %46 = arith.xori %in, %true : i1
      linalg.yield %46 : i1
    } -> tensor<4x4xi1>
    %27 = linalg.generic {indexing_maps = [#map9, #map10, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %cst_1, %18 : tensor<4x4xi1>, tensor<f32>, tensor<2x2x4x4xf32>) outs(%17 : tensor<2x2x4x4xf32>) {
    ^bb0(%in: i1, %in_20: f32, %in_21: f32, %out: f32):
      %46 = arith.select %in, %in_20, %in_21 : f32
      linalg.yield %46 : f32
    } -> tensor<2x2x4x4xf32>
    %28 = tensor.empty() : tensor<2x2x4xi64>
    %29 = linalg.fill ins(%c0_i64 : i64) outs(%28 : tensor<2x2x4xi64>) -> tensor<2x2x4xi64>
    %30 = tensor.empty() : tensor<2x2x4xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
    %32:2 = linalg.generic {indexing_maps = [#map5, #map11, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%27 : tensor<2x2x4x4xf32>) outs(%31, %29 : tensor<2x2x4xf32>, tensor<2x2x4xi64>) {
    ^bb0(%in: f32, %out: f32, %out_20: i64):
      %46 = linalg.index 3 : index
      %47 = arith.index_cast %46 : index to i64
      %48 = arith.maximumf %in, %out : f32
      %49 = arith.cmpf ogt, %in, %out : f32
      %50 = arith.select %49, %47, %out_20 : i64
      linalg.yield %48, %50 : f32, i64
    } -> (tensor<2x2x4xf32>, tensor<2x2x4xi64>)
    %expanded_14 = tensor.expand_shape %32#0 [[0], [1], [2, 3]] output_shape [2, 2, 4, 1] : tensor<2x2x4xf32> into tensor<2x2x4x1xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %expanded_14 : tensor<2x2x4x4xf32>, tensor<2x2x4x1xf32>) outs(%17 : tensor<2x2x4x4xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.subf %in, %in_20 : f32
      linalg.yield %46 : f32
    } -> tensor<2x2x4x4xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33 : tensor<2x2x4x4xf32>) outs(%17 : tensor<2x2x4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = math.exp %in : f32
      linalg.yield %46 : f32
    } -> tensor<2x2x4x4xf32>
    %35 = tensor.empty() : tensor<2x2x4x1xf32>
    %36 = linalg.fill ins(%cst : f32) outs(%35 : tensor<2x2x4x1xf32>) -> tensor<2x2x4x1xf32>
    %37 = linalg.generic {indexing_maps = [#map5, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%34 : tensor<2x2x4x4xf32>) outs(%36 : tensor<2x2x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.addf %in, %out : f32
      linalg.yield %46 : f32
    } -> tensor<2x2x4x1xf32>
    %38 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %37 : tensor<2x2x4x4xf32>, tensor<2x2x4x1xf32>) outs(%17 : tensor<2x2x4x4xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.divf %in, %in_20 : f32
      linalg.yield %46 : f32
    } -> tensor<2x2x4x4xf32>
    %39 = tensor.empty() : tensor<4x4x8xf32>
    %40 = linalg.fill ins(%cst : f32) outs(%39 : tensor<4x4x8xf32>) -> tensor<4x4x8xf32>
    %expanded_15 = tensor.expand_shape %40 [[0, 1], [2], [3]] output_shape [2, 2, 4, 8] : tensor<4x4x8xf32> into tensor<2x2x4x8xf32>
    %41 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%38, %transposed_9 : tensor<2x2x4x4xf32>, tensor<2x2x4x8xf32>) outs(%expanded_15 : tensor<2x2x4x8xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.mulf %in, %in_20 : f32
      %47 = arith.addf %out, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<2x2x4x8xf32>
    %42 = tensor.empty() : tensor<2x4x2x8xf32>
    %transposed_16 = linalg.transpose ins(%41 : tensor<2x2x4x8xf32>) outs(%42 : tensor<2x4x2x8xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_17 = tensor.collapse_shape %transposed_16 [[0, 1], [2, 3]] : tensor<2x4x2x8xf32> into tensor<8x16xf32>
    %transposed_18 = linalg.transpose ins(%arg7 : tensor<16x16xf32>) outs(%0 : tensor<16x16xf32>) permutation = [1, 0] 
    %43 = linalg.matmul ins(%collapsed_17, %transposed_18 : tensor<8x16xf32>, tensor<16x16xf32>) outs(%2 : tensor<8x16xf32>) -> tensor<8x16xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x16xf32>
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%43, %44 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%1 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_20: f32, %out: f32):
      %46 = arith.addf %in, %in_20 : f32
      linalg.yield %46 : f32
    } -> tensor<8x16xf32>
    %expanded_19 = tensor.expand_shape %45 [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
    return %expanded_19 : tensor<2x4x16xf32>
  }
}
