// A .par.mlir given to --target=cuda is compiled with its own strategy, for its #par.machine's device
// count, even where an op carries no #par.config (here the negation: replicated). Before, the driver
// imported the module, found an unconfigured graph op and searched again for the machine's default
// device count (8 on dgx-a100:1), replacing the file's 2-device strategy without a word; the ResNet-50
// training step met it without its --data-args.
// RUN: %flexc %s --target=cuda --gpu-emit=manifest -o - 2>&1 | FileCheck %s
// CHECK-NOT: search
// CHECK: "devices": 2,
// CHECK: {"device":1,"entry":"_mlir_ciface_f_device1","name":"f_device1"

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64, gpus_per_node = 8 : i64, nodes = 1 : i64}>} {
  func.func @f(%x: tensor<8x16xf32>, %w: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
    %a = arith.addf %x, %w {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x16xf32>
    %n = arith.negf %w : tensor<8x16xf32>
    return %a, %n : tensor<8x16xf32>, tensor<8x16xf32>
  }
}
