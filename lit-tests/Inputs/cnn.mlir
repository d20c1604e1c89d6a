// A small CNN in linalg-on-tensors: conv 3x3 (16 -> 32 channels), ReLU, conv 3x3 (32 -> 32), batch 32.
func.func @cnn(%x: tensor<32x16x34x34xf32>) -> tensor<32x32x30x30xf32> {
  %f1 = arith.constant dense_resource<__elided__> : tensor<32x16x3x3xf32>
  %f2 = arith.constant dense_resource<__elided__> : tensor<32x32x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<32x32x32x32xf32>
  %i1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32x32x32x32xf32>) -> tensor<32x32x32x32xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
          ins(%x, %f1 : tensor<32x16x34x34xf32>, tensor<32x16x3x3xf32>) outs(%i1 : tensor<32x32x32x32xf32>) -> tensor<32x32x32x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c1 : tensor<32x32x32x32xf32>) outs(%e1 : tensor<32x32x32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<32x32x32x32xf32>
  %e2 = tensor.empty() : tensor<32x32x30x30xf32>
  %i2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x32x30x30xf32>) -> tensor<32x32x30x30xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
          ins(%r, %f2 : tensor<32x32x32x32xf32>, tensor<32x32x3x3xf32>) outs(%i2 : tensor<32x32x30x30xf32>) -> tensor<32x32x30x30xf32>
  return %c2 : tensor<32x32x30x30xf32>
}
