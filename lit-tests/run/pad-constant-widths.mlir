// A tensor.pad whose widths are SSA constants (as tosa-to-linalg writes them, e.g. in Inception's
// TOSA export), split over 2 devices along its batch dim: par-materialize resolves the widths, and
// each task is a pad with static widths.
// RUN: %flexc %s --strategy=data-parallel --machine=p100-4x4 --devices=2 --mode=inference -o %t.dp.mlir 2> /dev/null
// RUN: %flexc-run %t.dp.mlir --check | FileCheck %s
// CHECK: @pad: serial vs 2 devices (seed 0): {{[0-9]+}} messages
// CHECK-NEXT: result 0 tensor<4x8x6xf32>: {{.*}} ok
// RUN: %flexc %t.dp.mlir --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @pad_device1(
// IR: tensor.pad %{{.*}} low[0, 1, 2] high[0, 1, 0]
// IR-NOT: tensor.pad %{{.*}} low[%

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @pad(%x: tensor<4x6x4xf32>) -> tensor<4x8x6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[%c0, %c1, %c2] high[%c0, %c1, %c0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f32
  } : tensor<4x6x4xf32> to tensor<4x8x6xf32>
  %e = tensor.empty() : tensor<4x8x6xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
         ins(%p : tensor<4x8x6xf32>) outs(%e : tensor<4x8x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x8x6xf32>
  return %r : tensor<4x8x6xf32>
}
