// A SwiGLU MLP (Llama's: down_proj(silu(gate_proj(x)) * up_proj(x))) as flexc.torch.export writes it
// (torch-mlir's FX importer), its nn.Linear weights named as named_parameters() names them.
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @forward(%arg0: tensor<8x64xf32>, %arg1: tensor<128x64xf32> {par.name = "gate_proj.weight", par.param}, %arg2: tensor<128x64xf32> {par.name = "up_proj.weight", par.param}, %arg3: tensor<64x128xf32> {par.name = "down_proj.weight", par.param}) -> tensor<8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x128xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<128x64xf32>) outs(%0 : tensor<64x128xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8x128xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %3 = linalg.matmul ins(%arg0, %transposed : tensor<8x64xf32>, tensor<64x128xf32>) outs(%2 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<8x128xf32>) outs(%1 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.negf %in : f32
      %13 = math.exp %12 : f32
      %14 = arith.addf %13, %cst_0 : f32
      %15 = arith.divf %cst_0, %14 : f32
      linalg.yield %15 : f32
    } -> tensor<8x128xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%1 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %12 = arith.mulf %in, %in_3 : f32
      linalg.yield %12 : f32
    } -> tensor<8x128xf32>
    %transposed_1 = linalg.transpose ins(%arg2 : tensor<128x64xf32>) outs(%0 : tensor<64x128xf32>) permutation = [1, 0] 
    %6 = linalg.matmul ins(%arg0, %transposed_1 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%2 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %6 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%1 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %12 = arith.mulf %in, %in_3 : f32
      linalg.yield %12 : f32
    } -> tensor<8x128xf32>
    %8 = tensor.empty() : tensor<128x64xf32>
    %transposed_2 = linalg.transpose ins(%arg3 : tensor<64x128xf32>) outs(%8 : tensor<128x64xf32>) permutation = [1, 0] 
    %9 = tensor.empty() : tensor<8x64xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %11 = linalg.matmul ins(%7, %transposed_2 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%10 : tensor<8x64xf32>) -> tensor<8x64xf32>
    return %11 : tensor<8x64xf32>
  }
}
