// A marked loop that still carries a value (line 6): not a loop gpu-parallel-loops can make parallel.
func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {
    scf.yield %acc : tensor<4xf32>
  } {flexc.parallel_loop}
  return %r : tensor<4xf32>
}
