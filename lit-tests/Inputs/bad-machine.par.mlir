// A strategy for a machine of 0 devices (lit-tests/par-verify/machine.mlir).
module attributes {par.machine = #par.machine<"test", {devices = 0 : i64}>} {
  func.func @f(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 2, 1, 1>, array<i64: 0, 1>>}
           ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
