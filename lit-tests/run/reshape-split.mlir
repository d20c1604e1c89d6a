// Reshapes that split a dim inside a reassociation group so that a task's part is not contiguous on
// the other side (a column half of a 4x6 matrix is 4 runs of 3 in the 24 flattened elements): the
// task receives the whole source, reshapes all of it and keeps its part. A collapse task keeps its
// even share of the flattened dim (task 1 of 2: elements 12..24); an expand task keeps its box.
// RUN: %flexc-run %s --check | FileCheck %s
// CHECK: @reshape: serial vs 2 devices (seed 0): {{[0-9]+}} messages
// CHECK-NEXT: result 0 tensor<24xf32>: {{.*}} ok
// CHECK-NEXT: result 1 tensor<4x6xf32>: {{.*}} ok
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @reshape_device1(
// IR: %[[N:.*]] = arith.negf
// IR: %[[HALF:.*]] = tensor.insert_slice %[[N]] into %{{.*}}[0, 3] [4, 3]
// IR: %[[R:.*]] = "par.recv"() {peer = 0 : i64, tag = {{.*}}} : () -> tensor<4x3xf32>
// IR: %[[WHOLE:.*]] = tensor.insert_slice %[[R]] into %[[HALF]][0, 0] [4, 3]
// IR: %[[C:.*]] = tensor.collapse_shape %[[WHOLE]] {{\[}}[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
// IR: tensor.extract_slice %[[C]][12] [12] [1] : tensor<24xf32> to tensor<12xf32>
// IR: %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [4, 6] : tensor<24xf32> into tensor<4x6xf32>
// IR: tensor.extract_slice %[[E]][0, 0] [4, 3] [1, 1] : tensor<4x6xf32> to tensor<4x3xf32>

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @reshape(%x: tensor<4x6xf32>) -> (tensor<24xf32>, tensor<4x6xf32>) {
    %a = arith.negf %x {par.config = #par.config<array<i64: 1, 2>, array<i64: 0, 1>>} : tensor<4x6xf32>
    %c = tensor.collapse_shape %a [[0, 1]] {par.config = #par.config<array<i64: 1, 2>, array<i64: 0, 1>>}
           : tensor<4x6xf32> into tensor<24xf32>
    %e = tensor.expand_shape %c [[0, 1]] output_shape [4, 6] {par.config = #par.config<array<i64: 1, 2>, array<i64: 1, 0>>}
           : tensor<24xf32> into tensor<4x6xf32>
    %r = arith.mulf %e, %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<4x6xf32>
    return %c, %r : tensor<24xf32>, tensor<4x6xf32>
  }
}
