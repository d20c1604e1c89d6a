// One validator (flexc_core::Config::check) decides every #par.config rule: par-verify and
// par-materialize report a broken rule with the same message at the same op.
// RUN: not %flexc --split-input-file --pass-pipeline='builtin.module(par-verify{devices=4})' %s 2>&1 | FileCheck %s
// RUN: not %flexc --split-input-file --pass-pipeline='builtin.module(par-materialize{devices=4})' %s 2>&1 | FileCheck %s
// The machine size comes from the option, else from the module's #par.machine.
// RUN: not %flexc --split-input-file --pass-pipeline='builtin.module(par-materialize)' %s 2>&1 | FileCheck %s --check-prefix=MACHINE
// A device count outside 1..=65536 is a usage error (exit 2) of the pass option.
// RUN: %expect-exit 2 %flexc %s --split-input-file --pass-pipeline='builtin.module(par-materialize{devices=65537})' 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: flexc: error: option 'devices' of pass 'par-materialize' must be 0 or a device count (1..=65536), got '65537'

func.func @device_twice(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: same-message.mlir:[[@LINE+1]]:8: error: 'arith.negf' op par.config places two tasks on device 1; one task per device (each device runs its tasks as one program)
  %0 = arith.negf %x {par.space = #par.space<array<i64: 8, 4>, "SA">, par.config = #par.config<array<i64: 2, 1>, array<i64: 1, 1>>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @tasks_vs_devices(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: same-message.mlir:[[@LINE+1]]:8: error: 'arith.negf' op par.config runs 4 tasks on 2 devices
  %0 = arith.negf %x {par.space = #par.space<array<i64: 8, 4>, "SA">, par.config = #par.config<array<i64: 4, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @not_dividing(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  // CHECK: same-message.mlir:[[@LINE+1]]:8: error: 'arith.negf' op par.config splits dim 1 of size 6 into 4 parts, which does not divide it
  %0 = arith.negf %x {par.space = #par.space<array<i64: 8, 6>, "SA">, par.config = #par.config<array<i64: 1, 4>, array<i64: 0, 1, 2, 3>>} : tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @past_machine(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    // CHECK: same-message.mlir:[[@LINE+2]]:10: error: 'arith.negf' op par.config places a task on device 5, but device ids must be in [0, 4)
    // MACHINE: same-message.mlir:[[@LINE+1]]:10: error: 'arith.negf' op par.config places a task on device 5, but device ids must be in [0, 2)
    %0 = arith.negf %x {par.space = #par.space<array<i64: 8, 4>, "SA">, par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 5>>} : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
