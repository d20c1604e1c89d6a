// A negative concat dim for flexc-run (lit-tests/fuzz/concat-negative-dim.mlir).
func.func @f(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %r = tensor.concat dim(-1) %a, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
