// An op of the ub dialect, which the GPU target does not lower (line 6 is the op).
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %a : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = arith.constant 1.0 : f32
  %p = ub.poison : f32
  return %r : tensor<4xf32>
}
