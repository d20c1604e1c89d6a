// torch_named_mlp.mlir with Hugging Face's Conv1D layers instead of nn.Linear: weights [in, out],
// multiplied as they are (`x @ w + b`).
#map = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
module {
  func.func @forward(%x: tensor<8x64xf32>,
                     %w1: tensor<64x128xf32> {par.param, par.name = "fc1.weight"},
                     %b1: tensor<128xf32> {par.param, par.name = "fc1.bias"},
                     %w2: tensor<128x64xf32> {par.param, par.name = "fc2.weight"},
                     %b2: tensor<64xf32> {par.param, par.name = "fc2.bias"}) -> tensor<8x64xf32> {
    %zero = arith.constant 0.0 : f32
    %a1 = tensor.empty() : tensor<8x128xf32>
    %f1 = linalg.fill ins(%zero : f32) outs(%a1 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %m1 = linalg.matmul ins(%x, %w1 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%f1 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %h1 = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]}
        ins(%m1, %b1 : tensor<8x128xf32>, tensor<128xf32>) outs(%a1 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %b: f32, %out: f32):
      %s = arith.addf %in, %b : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x128xf32>
    %a2 = tensor.empty() : tensor<8x64xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%a2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %m2 = linalg.matmul ins(%h1, %w2 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%f2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %y = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]}
        ins(%m2, %b2 : tensor<8x64xf32>, tensor<64xf32>) outs(%a2 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %b: f32, %out: f32):
      %s = arith.addf %in, %b : f32
      linalg.yield %s : f32
    } -> tensor<8x64xf32>
    return %y : tensor<8x64xf32>
  }
}
