// Strategies par-materialize cannot cut: errors at the op's line, and nothing is written.
// RUN: not %flexc --split-input-file --pass-pipeline='builtin.module(par-materialize)' %s 2>&1 | FileCheck %s
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-materialize)' %s

func.func @no_config(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = arith.negf %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
  // CHECK: errors.mlir:[[@LINE+2]]:8: error: 'math.absf' op has no par.config but reads a partitioned value (operand 0); give it a par.config
  // expected-error@+1 {{'math.absf' op has no par.config but reads a partitioned value (operand 0); give it a par.config}}
  %1 = math.absf %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @device_past_machine(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
    // CHECK: errors.mlir:[[@LINE+2]]:10: error: 'arith.negf' op par.config places a task on device 3, but device ids must be in [0, 2)
    // expected-error@+1 {{'arith.negf' op par.config places a task on device 3, but device ids must be in [0, 2)}}
    %0 = arith.negf %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 3>>} : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

// -----

func.func @space_without_config(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // CHECK: errors.mlir:[[@LINE+2]]:8: error: 'arith.negf' op has a par.space but no par.config
  // expected-error@+1 {{'arith.negf' op has a par.space but no par.config: run the search (or write a par.config) before par-materialize}}
  %0 = arith.negf %x {par.space = #par.space<array<i64: 8, 4>, "SA">} : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @product_reduction(%x: tensor<8x4xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK: errors.mlir:[[@LINE+2]]:8: error: 'linalg.generic' op splits a reduction, but its body does not accumulate result 0 with an add, max or min
  // expected-error@+1 {{'linalg.generic' op splits a reduction, but its body does not accumulate result 0 with an add, max or min: partial results cannot be combined}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
         ins(%x : tensor<8x4xf32>) outs(%init : tensor<8xf32>)
         attrs = {par.config = #par.config<array<i64: 1, 2>, array<i64: 0, 1>>} {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %a, %o : f32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @unknown_op(%x: tensor<8x4xf32>, %shape: tensor<2xi64>) -> tensor<4x8xf32> {
  // CHECK: errors.mlir:[[@LINE+2]]:8: error: 'tensor.reshape' op has a par.config but flexc knows no iteration space for it
  // expected-error@+1 {{'tensor.reshape' op has a par.config but flexc knows no iteration space for it}}
  %0 = tensor.reshape %x(%shape) {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : (tensor<8x4xf32>, tensor<2xi64>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @nested(%x: tensor<8x4xf32>, %c: i1) -> tensor<8x4xf32> {
  %0 = scf.if %c -> tensor<8x4xf32> {
    // CHECK: errors.mlir:[[@LINE+2]]:10: error: 'arith.negf' op has a par.config inside a region
    // expected-error@+1 {{'arith.negf' op has a par.config inside a region; par-materialize only cuts ops at the top level of a function}}
    %1 = arith.negf %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
    scf.yield %1 : tensor<8x4xf32>
  } else {
    scf.yield %x : tensor<8x4xf32>
  }
  return %0 : tensor<8x4xf32>
}

// -----

// A graph op's body may read a partitioned value (its tasks read it whole); an op without par.config
// may not.
func.func @nested_read(%x: tensor<8x4xf32>, %c: i1) -> tensor<8x4xf32> {
  %0 = arith.negf %x {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>} : tensor<8x4xf32>
  %1 = scf.if %c -> tensor<8x4xf32> {
    // CHECK: errors.mlir:[[@LINE+2]]:10: error: 'math.absf' op reads a partitioned value inside a region
    // expected-error@+1 {{'math.absf' op reads a partitioned value inside a region; par-materialize cannot cut it}}
    %2 = math.absf %0 : tensor<8x4xf32>
    scf.yield %2 : tensor<8x4xf32>
  } else {
    scf.yield %x : tensor<8x4xf32>
  }
  return %1 : tensor<8x4xf32>
}
