// python/tests/test_torch_engine.py's GPT (2 pre-LN blocks, width 64, 4 heads, vocabulary 256) on 1 x 16
// token ids as flexc.torch.export writes it (torch-mlir linalg, parameters named par.name).
#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
#map8 = affine_map<(d0, d1) -> (d1)>
#map9 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
#map10 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
#map11 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map13 = affine_map<(d0, d1) -> (0, d1)>
#map14 = affine_map<(d0, d1) -> (d0, 0)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map16 = affine_map<(d0, d1, d2, d3) -> ()>
#map17 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map18 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @forward(%arg0: tensor<8x16xi64>, %arg1: tensor<256x64xf32> {par.name = "wte.weight", par.param}, %arg2: tensor<16x64xf32> {par.name = "wpe.weight", par.param}, %arg3: tensor<64xf32> {par.name = "blocks.0.ln_1.weight", par.param}, %arg4: tensor<64xf32> {par.name = "blocks.0.ln_1.bias", par.param}, %arg5: tensor<64xf32> {par.name = "blocks.0.ln_2.weight", par.param}, %arg6: tensor<64xf32> {par.name = "blocks.0.ln_2.bias", par.param}, %arg7: tensor<64x64xf32> {par.name = "blocks.0.attn.q.weight", par.param}, %arg8: tensor<64xf32> {par.name = "blocks.0.attn.q.bias", par.param}, %arg9: tensor<64x64xf32> {par.name = "blocks.0.attn.k.weight", par.param}, %arg10: tensor<64xf32> {par.name = "blocks.0.attn.k.bias", par.param}, %arg11: tensor<64x64xf32> {par.name = "blocks.0.attn.v.weight", par.param}, %arg12: tensor<64xf32> {par.name = "blocks.0.attn.v.bias", par.param}, %arg13: tensor<64x64xf32> {par.name = "blocks.0.attn.o.weight", par.param}, %arg14: tensor<64xf32> {par.name = "blocks.0.attn.o.bias", par.param}, %arg15: tensor<256x64xf32> {par.name = "blocks.0.fc.weight", par.param}, %arg16: tensor<256xf32> {par.name = "blocks.0.fc.bias", par.param}, %arg17: tensor<64x256xf32> {par.name = "blocks.0.proj.weight", par.param}, %arg18: tensor<64xf32> {par.name = "blocks.0.proj.bias", par.param}, %arg19: tensor<64xf32> {par.name = "blocks.1.ln_1.weight", par.param}, %arg20: tensor<64xf32> {par.name = "blocks.1.ln_1.bias", par.param}, %arg21: tensor<64xf32> {par.name = "blocks.1.ln_2.weight", par.param}, %arg22: tensor<64xf32> {par.name = "blocks.1.ln_2.bias", par.param}, %arg23: tensor<64x64xf32> {par.name = "blocks.1.attn.q.weight", par.param}, %arg24: tensor<64xf32> {par.name = "blocks.1.attn.q.bias", par.param}, %arg25: tensor<64x64xf32> {par.name = "blocks.1.attn.k.weight", par.param}, %arg26: tensor<64xf32> {par.name = "blocks.1.attn.k.bias", par.param}, %arg27: tensor<64x64xf32> {par.name = "blocks.1.attn.v.weight", par.param}, %arg28: tensor<64xf32> {par.name = "blocks.1.attn.v.bias", par.param}, %arg29: tensor<64x64xf32> {par.name = "blocks.1.attn.o.weight", par.param}, %arg30: tensor<64xf32> {par.name = "blocks.1.attn.o.bias", par.param}, %arg31: tensor<256x64xf32> {par.name = "blocks.1.fc.weight", par.param}, %arg32: tensor<256xf32> {par.name = "blocks.1.fc.bias", par.param}, %arg33: tensor<64x256xf32> {par.name = "blocks.1.proj.weight", par.param}, %arg34: tensor<64xf32> {par.name = "blocks.1.proj.bias", par.param}, %arg35: tensor<64xf32> {par.name = "ln_f.weight", par.param}, %arg36: tensor<64xf32> {par.name = "ln_f.bias", par.param}, %arg37: tensor<256x64xf32> {par.name = "lm_head.weight", par.param}) -> tensor<8x16x256xf32> {
    %c0_i64 = arith.constant 0 : i64
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = arith.constant dense<true> : tensor<16x16xi1>
    %cst_6 = arith.constant 1.000000e-05 : f64
    %cst_7 = arith.constant 6.400000e+01 : f64
    %cst_8 = arith.constant 6.400000e+01 : f32
    %cst_9 = arith.constant 2.500000e-01 : f32
    %cst_10 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<8x16x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<8x16xi64>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %177 = arith.index_cast %in : i64 to index
      %178 = linalg.index 2 : index
      %179 = arith.cmpi slt, %177, %c256 : index
      cf.assert %179, "index must be smaller than dim size"
      %180 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %180, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%177, %178] : tensor<256x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<8x16x64xf32>
    %2 = tensor.empty() : tensor<16xi64>
    %3 = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel"]} outs(%2 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %177 = linalg.index 0 : index
      %178 = arith.index_cast %177 : index to i64
      linalg.yield %178 : i64
    } -> tensor<16xi64>
    %4 = tensor.empty() : tensor<16x64xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16xi64>) outs(%4 : tensor<16x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %177 = arith.index_cast %in : i64 to index
      %178 = linalg.index 1 : index
      %179 = arith.cmpi slt, %177, %c16 : index
      cf.assert %179, "index must be smaller than dim size"
      %180 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %180, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg2[%177, %178] : tensor<16x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<16x64xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<8x16x64xf32>, tensor<16x64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %7 = tensor.empty() : tensor<8x16x64xf64>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<8x16x64xf32>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %177 = arith.extf %in : f32 to f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %9 = tensor.empty() : tensor<8x16x1xf64>
    %10 = linalg.fill ins(%cst : f64) outs(%9 : tensor<8x16x1xf64>) -> tensor<8x16x1xf64>
    %11 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %13 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %12 : tensor<8x16x64xf64>, tensor<8x16x1xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.subf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %14 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %13 : tensor<8x16x64xf64>, tensor<8x16x64xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.mulf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %15 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %17 = tensor.empty() : tensor<8x16x1xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<8x16x1xf64>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %177 = arith.truncf %in : f64 to f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %19 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<8x16x1xf32>) -> tensor<8x16x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<8x16x64xf32>) outs(%19 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_8 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.truncf %cst_6 : f64 to f32
      %178 = arith.addf %in, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x16x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.rsqrt %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %21 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %23 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg3 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg4 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<8x16x64xf32> into tensor<128x64xf32>
    %28 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %29 = tensor.empty() : tensor<128x64xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %31 = linalg.matmul ins(%collapsed, %transposed : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %32 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%31, %32 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded = tensor.expand_shape %33 [[0, 1], [2, 3]] output_shape [8, 16, 4, 16] : tensor<128x64xf32> into tensor<8x16x4x16xf32>
    %34 = tensor.empty() : tensor<8x4x16x16xf32>
    %transposed_11 = linalg.transpose ins(%expanded : tensor<8x16x4x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_12 = linalg.transpose ins(%arg9 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %35 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %36 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %37 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35, %36 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_13 = tensor.expand_shape %37 [[0, 1], [2, 3]] output_shape [8, 16, 4, 16] : tensor<128x64xf32> into tensor<8x16x4x16xf32>
    %transposed_14 = linalg.transpose ins(%arg11 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %38 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %39 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%38, %39 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_15 = tensor.expand_shape %40 [[0, 1], [2, 3]] output_shape [8, 16, 4, 16] : tensor<128x64xf32> into tensor<8x16x4x16xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<8x16x4x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_17 = linalg.transpose ins(%expanded_13 : tensor<8x16x4x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) permutation = [0, 2, 3, 1] 
    %41 = tensor.empty() : tensor<32x16x16xf32>
    %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<32x16x16xf32>) -> tensor<32x16x16xf32>
    %expanded_18 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [8, 4, 16, 16] : tensor<32x16x16xf32> into tensor<8x4x16x16xf32>
    %43 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%transposed_11, %transposed_17 : tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) outs(%expanded_18 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      %178 = arith.addf %out, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x4x16x16xf32>
    %44 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<8x4x16x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.mulf %in, %cst_9 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %expanded_19 = tensor.expand_shape %3 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_20 = tensor.expand_shape %3 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %45 = tensor.empty() : tensor<16x16xi64>
    %46 = linalg.generic {indexing_maps = [#map13, #map14, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_19, %expanded_20 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%45 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_59: i64, %out: i64):
      %177 = arith.subi %in, %in_59 : i64
      linalg.yield %177 : i64
    } -> tensor<16x16xi64>
    %47 = tensor.empty() : tensor<16x16xi1>
    %48 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%46 : tensor<16x16xi64>) outs(%47 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %177 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %177 : i1
    } -> tensor<16x16xi1>
    %49 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%48, %cst_5 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%47 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_59: i1, %out: i1):
      %177 = arith.andi %in, %in_59 : i1
      linalg.yield %177 : i1
    } -> tensor<16x16xi1>
    %50 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<16x16xi1>) outs(%47 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %out: i1):
      %177 = arith.xori %in, %true : i1
      linalg.yield %177 : i1
    } -> tensor<16x16xi1>
    %51 = linalg.generic {indexing_maps = [#map15, #map16, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %cst_4, %44 : tensor<16x16xi1>, tensor<f32>, tensor<8x4x16x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: i1, %in_59: f32, %in_60: f32, %out: f32):
      %177 = arith.select %in, %in_59, %in_60 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %52 = tensor.empty() : tensor<8x4x16xi64>
    %53 = linalg.fill ins(%c0_i64 : i64) outs(%52 : tensor<8x4x16xi64>) -> tensor<8x4x16xi64>
    %54 = tensor.empty() : tensor<8x4x16xf32>
    %55 = linalg.fill ins(%cst_1 : f32) outs(%54 : tensor<8x4x16xf32>) -> tensor<8x4x16xf32>
    %56:2 = linalg.generic {indexing_maps = [#map12, #map17, #map17], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%51 : tensor<8x4x16x16xf32>) outs(%55, %53 : tensor<8x4x16xf32>, tensor<8x4x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_59: i64):
      %177 = linalg.index 3 : index
      %178 = arith.index_cast %177 : index to i64
      %179 = arith.maximumf %in, %out : f32
      %180 = arith.cmpf ogt, %in, %out : f32
      %181 = arith.select %180, %178, %out_59 : i64
      linalg.yield %179, %181 : f32, i64
    } -> (tensor<8x4x16xf32>, tensor<8x4x16xi64>)
    %expanded_21 = tensor.expand_shape %56#0 [[0], [1], [2, 3]] output_shape [8, 4, 16, 1] : tensor<8x4x16xf32> into tensor<8x4x16x1xf32>
    %57 = linalg.generic {indexing_maps = [#map12, #map18, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %expanded_21 : tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %58 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<8x4x16x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.exp %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %59 = tensor.empty() : tensor<8x4x16x1xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<8x4x16x1xf32>) -> tensor<8x4x16x1xf32>
    %61 = linalg.generic {indexing_maps = [#map12, #map18], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%58 : tensor<8x4x16x16xf32>) outs(%60 : tensor<8x4x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x1xf32>
    %62 = linalg.generic {indexing_maps = [#map12, #map18, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %61 : tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.divf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %expanded_22 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [8, 4, 16, 16] : tensor<32x16x16xf32> into tensor<8x4x16x16xf32>
    %63 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%62, %transposed_16 : tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) outs(%expanded_22 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      %178 = arith.addf %out, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x4x16x16xf32>
    %64 = tensor.empty() : tensor<8x16x4x16xf32>
    %transposed_23 = linalg.transpose ins(%63 : tensor<8x4x16x16xf32>) outs(%64 : tensor<8x16x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<8x16x4x16xf32> into tensor<128x64xf32>
    %transposed_25 = linalg.transpose ins(%arg13 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %65 = linalg.matmul ins(%collapsed_24, %transposed_25 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %66 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %67 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%65, %66 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_26 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [8, 16, 64] : tensor<128x64xf32> into tensor<8x16x64xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_26 : tensor<8x16x64xf32>, tensor<8x16x64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<8x16x64xf32>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %177 = arith.extf %in : f32 to f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %70 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %71 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %72 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %71 : tensor<8x16x64xf64>, tensor<8x16x1xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.subf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %72 : tensor<8x16x64xf64>, tensor<8x16x64xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.mulf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %74 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%73 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %75 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %76 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<8x16x1xf64>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %177 = arith.truncf %in : f64 to f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%68 : tensor<8x16x64xf32>) outs(%19 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_8 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.truncf %cst_6 : f64 to f32
      %178 = arith.addf %in, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x16x1xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.rsqrt %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %78 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %82 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %80 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %arg5 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %arg6 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %collapsed_27 = tensor.collapse_shape %84 [[0, 1], [2]] : tensor<8x16x64xf32> into tensor<128x64xf32>
    %85 = tensor.empty() : tensor<64x256xf32>
    %transposed_28 = linalg.transpose ins(%arg15 : tensor<256x64xf32>) outs(%85 : tensor<64x256xf32>) permutation = [1, 0] 
    %86 = tensor.empty() : tensor<128x256xf32>
    %87 = linalg.fill ins(%cst_0 : f32) outs(%86 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %88 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %89 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%88, %89 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x256xf32>
    %expanded_29 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [8, 16, 256] : tensor<128x256xf32> into tensor<8x16x256xf32>
    %91 = tensor.empty() : tensor<8x16x256xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<8x16x256xf32>) outs(%91 : tensor<8x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_10 : f32
      %178 = math.erf %177 : f32
      %179 = arith.addf %178, %cst_2 : f32
      %180 = arith.mulf %179, %cst_3 : f32
      %181 = arith.mulf %in, %180 : f32
      linalg.yield %181 : f32
    } -> tensor<8x16x256xf32>
    %collapsed_30 = tensor.collapse_shape %92 [[0, 1], [2]] : tensor<8x16x256xf32> into tensor<128x256xf32>
    %93 = tensor.empty() : tensor<256x64xf32>
    %transposed_31 = linalg.transpose ins(%arg17 : tensor<64x256xf32>) outs(%93 : tensor<256x64xf32>) permutation = [1, 0] 
    %94 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %95 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg18 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %96 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%94, %95 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_32 = tensor.expand_shape %96 [[0, 1], [2]] output_shape [8, 16, 64] : tensor<128x64xf32> into tensor<8x16x64xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %expanded_32 : tensor<8x16x64xf32>, tensor<8x16x64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<8x16x64xf32>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %177 = arith.extf %in : f32 to f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %99 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%98 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %100 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %101 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %100 : tensor<8x16x64xf64>, tensor<8x16x1xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.subf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %102 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101, %101 : tensor<8x16x64xf64>, tensor<8x16x64xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.mulf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %103 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%102 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %105 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<8x16x1xf64>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %177 = arith.truncf %in : f64 to f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %106 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%97 : tensor<8x16x64xf32>) outs(%19 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_8 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %108 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.truncf %cst_6 : f64 to f32
      %178 = arith.addf %in, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x16x1xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.rsqrt %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %107 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %109 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %112 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111, %arg19 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %113 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %arg20 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %collapsed_33 = tensor.collapse_shape %113 [[0, 1], [2]] : tensor<8x16x64xf32> into tensor<128x64xf32>
    %transposed_34 = linalg.transpose ins(%arg23 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %114 = linalg.matmul ins(%collapsed_33, %transposed_34 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %115 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg24 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %116 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%114, %115 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_35 = tensor.expand_shape %116 [[0, 1], [2, 3]] output_shape [8, 16, 4, 16] : tensor<128x64xf32> into tensor<8x16x4x16xf32>
    %transposed_36 = linalg.transpose ins(%expanded_35 : tensor<8x16x4x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_37 = linalg.transpose ins(%arg25 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %117 = linalg.matmul ins(%collapsed_33, %transposed_37 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %118 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg26 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %119 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%117, %118 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_38 = tensor.expand_shape %119 [[0, 1], [2, 3]] output_shape [8, 16, 4, 16] : tensor<128x64xf32> into tensor<8x16x4x16xf32>
    %transposed_39 = linalg.transpose ins(%arg27 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %120 = linalg.matmul ins(%collapsed_33, %transposed_39 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %121 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg28 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %122 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%120, %121 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_40 = tensor.expand_shape %122 [[0, 1], [2, 3]] output_shape [8, 16, 4, 16] : tensor<128x64xf32> into tensor<8x16x4x16xf32>
    %transposed_41 = linalg.transpose ins(%expanded_40 : tensor<8x16x4x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_42 = linalg.transpose ins(%expanded_38 : tensor<8x16x4x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) permutation = [0, 2, 3, 1] 
    %expanded_43 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [8, 4, 16, 16] : tensor<32x16x16xf32> into tensor<8x4x16x16xf32>
    %123 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%transposed_36, %transposed_42 : tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) outs(%expanded_43 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      %178 = arith.addf %out, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x4x16x16xf32>
    %124 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%123 : tensor<8x4x16x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.mulf %in, %cst_9 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %125 = linalg.generic {indexing_maps = [#map15, #map16, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %cst_4, %124 : tensor<16x16xi1>, tensor<f32>, tensor<8x4x16x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: i1, %in_59: f32, %in_60: f32, %out: f32):
      %177 = arith.select %in, %in_59, %in_60 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %126:2 = linalg.generic {indexing_maps = [#map12, #map17, #map17], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%125 : tensor<8x4x16x16xf32>) outs(%55, %53 : tensor<8x4x16xf32>, tensor<8x4x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_59: i64):
      %177 = linalg.index 3 : index
      %178 = arith.index_cast %177 : index to i64
      %179 = arith.maximumf %in, %out : f32
      %180 = arith.cmpf ogt, %in, %out : f32
      %181 = arith.select %180, %178, %out_59 : i64
      linalg.yield %179, %181 : f32, i64
    } -> (tensor<8x4x16xf32>, tensor<8x4x16xi64>)
    %expanded_44 = tensor.expand_shape %126#0 [[0], [1], [2, 3]] output_shape [8, 4, 16, 1] : tensor<8x4x16xf32> into tensor<8x4x16x1xf32>
    %127 = linalg.generic {indexing_maps = [#map12, #map18, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%125, %expanded_44 : tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %128 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%127 : tensor<8x4x16x16xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.exp %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %129 = linalg.generic {indexing_maps = [#map12, #map18], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%128 : tensor<8x4x16x16xf32>) outs(%60 : tensor<8x4x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x1xf32>
    %130 = linalg.generic {indexing_maps = [#map12, #map18, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128, %129 : tensor<8x4x16x16xf32>, tensor<8x4x16x1xf32>) outs(%34 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.divf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x4x16x16xf32>
    %expanded_45 = tensor.expand_shape %42 [[0, 1], [2], [3]] output_shape [8, 4, 16, 16] : tensor<32x16x16xf32> into tensor<8x4x16x16xf32>
    %131 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%130, %transposed_41 : tensor<8x4x16x16xf32>, tensor<8x4x16x16xf32>) outs(%expanded_45 : tensor<8x4x16x16xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      %178 = arith.addf %out, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x4x16x16xf32>
    %transposed_46 = linalg.transpose ins(%131 : tensor<8x4x16x16xf32>) outs(%64 : tensor<8x16x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_47 = tensor.collapse_shape %transposed_46 [[0, 1], [2, 3]] : tensor<8x16x4x16xf32> into tensor<128x64xf32>
    %transposed_48 = linalg.transpose ins(%arg29 : tensor<64x64xf32>) outs(%28 : tensor<64x64xf32>) permutation = [1, 0] 
    %132 = linalg.matmul ins(%collapsed_47, %transposed_48 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %133 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg30 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %134 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%132, %133 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_49 = tensor.expand_shape %134 [[0, 1], [2]] output_shape [8, 16, 64] : tensor<128x64xf32> into tensor<8x16x64xf32>
    %135 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %expanded_49 : tensor<8x16x64xf32>, tensor<8x16x64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %136 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%135 : tensor<8x16x64xf32>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %177 = arith.extf %in : f32 to f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %137 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%136 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %138 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%137 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %139 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%136, %138 : tensor<8x16x64xf64>, tensor<8x16x1xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.subf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %140 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139, %139 : tensor<8x16x64xf64>, tensor<8x16x64xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.mulf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %141 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%140 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %142 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%141 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %143 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%142 : tensor<8x16x1xf64>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %177 = arith.truncf %in : f64 to f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %144 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%135 : tensor<8x16x64xf32>) outs(%19 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %145 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%144 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_8 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %146 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%143 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.truncf %cst_6 : f64 to f32
      %178 = arith.addf %in, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x16x1xf32>
    %147 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%146 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.rsqrt %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %148 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%135, %145 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %149 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148, %147 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %150 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%149, %arg21 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %151 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%150, %arg22 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %collapsed_50 = tensor.collapse_shape %151 [[0, 1], [2]] : tensor<8x16x64xf32> into tensor<128x64xf32>
    %transposed_51 = linalg.transpose ins(%arg31 : tensor<256x64xf32>) outs(%85 : tensor<64x256xf32>) permutation = [1, 0] 
    %152 = linalg.matmul ins(%collapsed_50, %transposed_51 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %153 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg32 : tensor<256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %154 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%152, %153 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x256xf32>
    %expanded_52 = tensor.expand_shape %154 [[0, 1], [2]] output_shape [8, 16, 256] : tensor<128x256xf32> into tensor<8x16x256xf32>
    %155 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52 : tensor<8x16x256xf32>) outs(%91 : tensor<8x16x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_10 : f32
      %178 = math.erf %177 : f32
      %179 = arith.addf %178, %cst_2 : f32
      %180 = arith.mulf %179, %cst_3 : f32
      %181 = arith.mulf %in, %180 : f32
      linalg.yield %181 : f32
    } -> tensor<8x16x256xf32>
    %collapsed_53 = tensor.collapse_shape %155 [[0, 1], [2]] : tensor<8x16x256xf32> into tensor<128x256xf32>
    %transposed_54 = linalg.transpose ins(%arg33 : tensor<64x256xf32>) outs(%93 : tensor<256x64xf32>) permutation = [1, 0] 
    %156 = linalg.matmul ins(%collapsed_53, %transposed_54 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %157 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg34 : tensor<64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %158 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%156, %157 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%29 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<128x64xf32>
    %expanded_55 = tensor.expand_shape %158 [[0, 1], [2]] output_shape [8, 16, 64] : tensor<128x64xf32> into tensor<8x16x64xf32>
    %159 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%135, %expanded_55 : tensor<8x16x64xf32>, tensor<8x16x64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<8x16x64xf32>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %177 = arith.extf %in : f32 to f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %161 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%160 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %162 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %163 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%160, %162 : tensor<8x16x64xf64>, tensor<8x16x1xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.subf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %164 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %163 : tensor<8x16x64xf64>, tensor<8x16x64xf64>) outs(%7 : tensor<8x16x64xf64>) {
    ^bb0(%in: f64, %in_59: f64, %out: f64):
      %177 = arith.mulf %in, %in_59 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x64xf64>
    %165 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%164 : tensor<8x16x64xf64>) outs(%10 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.addf %in, %out : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %166 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%165 : tensor<8x16x1xf64>) outs(%9 : tensor<8x16x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %177 = arith.divf %in, %cst_7 : f64
      linalg.yield %177 : f64
    } -> tensor<8x16x1xf64>
    %167 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166 : tensor<8x16x1xf64>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %177 = arith.truncf %in : f64 to f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %168 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%159 : tensor<8x16x64xf32>) outs(%19 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.addf %in, %out : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%168 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.divf %in, %cst_8 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %170 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = arith.truncf %cst_6 : f64 to f32
      %178 = arith.addf %in, %177 : f32
      linalg.yield %178 : f32
    } -> tensor<8x16x1xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170 : tensor<8x16x1xf32>) outs(%17 : tensor<8x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %177 = math.rsqrt %in : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x1xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159, %169 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.subf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %171 : tensor<8x16x64xf32>, tensor<8x16x1xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %174 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%173, %arg35 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.mulf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %175 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%174, %arg36 : tensor<8x16x64xf32>, tensor<64xf32>) outs(%0 : tensor<8x16x64xf32>) {
    ^bb0(%in: f32, %in_59: f32, %out: f32):
      %177 = arith.addf %in, %in_59 : f32
      linalg.yield %177 : f32
    } -> tensor<8x16x64xf32>
    %transposed_56 = linalg.transpose ins(%arg37 : tensor<256x64xf32>) outs(%85 : tensor<64x256xf32>) permutation = [1, 0] 
    %collapsed_57 = tensor.collapse_shape %175 [[0, 1], [2]] : tensor<8x16x64xf32> into tensor<128x64xf32>
    %176 = linalg.matmul ins(%collapsed_57, %transposed_56 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_58 = tensor.expand_shape %176 [[0, 1], [2]] output_shape [8, 16, 256] : tensor<128x256xf32> into tensor<8x16x256xf32>
    return %expanded_58 : tensor<8x16x256xf32>
  }
}
