// par-verify rejects configurations that IRDL accepts but that mean nothing.
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-verify{devices=4})' %s
// The default pipeline runs par-verify too (machine size from par.machine where present).
// RUN: not %flexc --split-input-file %s 2>&1 | FileCheck %s

func.func @tasks_vs_devices(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: :[[@LINE+2]]:8: error: 'linalg.matmul' op par.config runs 4 tasks on 2 devices
  // expected-error@+1 {{'linalg.matmul' op par.config runs 4 tasks on 2 devices}}
  %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 4, 1, 1>, array<i64: 0, 1>>}
         ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @degree_does_not_divide(%a: tensor<6x16xf32>, %w: tensor<16x4xf32>, %init: tensor<6x4xf32>) -> tensor<6x4xf32> {
  // CHECK: :[[@LINE+2]]:8: error: 'linalg.matmul' op par.config splits dim 0 of size 6 into 4 parts, which does not divide it
  // expected-error@+1 {{splits dim 0 of size 6 into 4 parts, which does not divide it}}
  %0 = linalg.matmul {par.space = #par.space<array<i64: 6, 4, 16>, "SPR">, par.config = #par.config<array<i64: 4, 1, 1>, array<i64: 0, 1, 2, 3>>}
         ins(%a, %w : tensor<6x16xf32>, tensor<16x4xf32>) outs(%init : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @device_twice(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: :[[@LINE+2]]:8: error: 'linalg.matmul' op par.config places two tasks on device 1; one task per device (each device runs its tasks as one program)
  // expected-error@+1 {{par.config places two tasks on device 1; one task per device}}
  %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 2, 1, 1>, array<i64: 1, 1>>}
         ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

module attributes {par.machine = #par.machine<"dgx-h100:1", {devices = 4 : i64}>} {
  func.func @device_past_machine(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
    // CHECK: :[[@LINE+2]]:10: error: 'linalg.matmul' op par.config places a task on device 7, but device ids must be in [0, 4)
    // expected-error@+1 {{par.config places a task on device 7, but device ids must be in [0, 4)}}
    %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 2, 1, 1>, array<i64: 0, 7>>}
           ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

// -----

func.func @rank_mismatch(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: :[[@LINE+2]]:8: error: 'linalg.matmul' op par.config has 2 degrees for 3 loop dims
  // expected-error@+1 {{par.config has 2 degrees for 3 loop dims}}
  %0 = linalg.matmul {par.space = #par.space<array<i64: 8, 4, 16>, "SPR">, par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>}
         ins(%a, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @zero_degree(%x: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: :[[@LINE+2]]:8: error: 'arith.negf' op par.config has degree 0 for loop dim 0; degrees must be at least 1
  // expected-error@+1 {{par.config has degree 0 for loop dim 0; degrees must be at least 1}}
  %0 = arith.negf %x {par.config = #par.config<array<i64: 0>, array<i64>>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
