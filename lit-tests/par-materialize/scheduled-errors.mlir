// Scheduled strategies (par.schedule) par-materialize refuses: errors at the op (or the function, for
// the schedule itself), and nothing is written.
// RUN: not %flexc --split-input-file --pass-pipeline='builtin.module(par-materialize)' %s 2>&1 | FileCheck %s
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-materialize)' %s

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>, par.schedule = #par.schedule<{chunks = 1 : i64, micro_batches = 2 : i64, order = "1f1b", recompute = "none", replicas = 1 : i64, stages = 2 : i64, zero = 0 : i64}>} {
  func.func @no_stage(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">, par.stage = 0 : i64} : tensor<4x8xf32>
    // CHECK: scheduled-errors.mlir:[[@LINE+2]]:10: error: 'math.absf' op has no par.stage, but the module's par.schedule has several pipeline stages
    // expected-error@+1 {{'math.absf' op has no par.stage, but the module's par.schedule has several pipeline stages}}
    %1 = math.absf %0 {par.config = #par.config<array<i64: 1, 1>, array<i64: 1>>, par.space = #par.space<array<i64: 4, 8>, "SA">} : tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

// -----

// CHECK: scheduled-errors.mlir:[[@LINE+2]]:1: error: malformed par.schedule: #par.schedule: zero must be 0, 1, 2 or 3, not '4'
// expected-error@+1 {{malformed par.schedule: #par.schedule: zero must be 0, 1, 2 or 3, not '4'}}
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>, par.schedule = #par.schedule<{micro_batches = 2 : i64, zero = 4 : i64}>} {
  func.func @bad_zero(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">} : tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 4 : i64}>, par.schedule = #par.schedule<{replicas = 3 : i64}>} {
  // CHECK: scheduled-errors.mlir:[[@LINE+2]]:3: error: par.schedule: the schedule's 3 data-parallel replicas do not divide the 4 devices
  // expected-error@+1 {{par.schedule: the schedule's 3 data-parallel replicas do not divide the 4 devices}}
  func.func @replicas(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">} : tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

// CHECK: scheduled-errors.mlir:[[@LINE+2]]:1: error: a scheduled strategy (par.schedule) needs the machine's size
// expected-error@+1 {{a scheduled strategy (par.schedule) needs the machine's size: par.machine on the module or the devices option}}
module attributes {par.schedule = #par.schedule<{micro_batches = 2 : i64}>} {
  func.func @no_machine(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">} : tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>, par.schedule = #par.schedule<{micro_batches = 2 : i64, stages = 2 : i64}>} {
  func.func @outside_its_group(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">, par.stage = 0 : i64} : tensor<4x8xf32>
    // CHECK: scheduled-errors.mlir:[[@LINE+2]]:10: error: 'math.absf' op par.config is on pipeline stage 1 (devices [1, 2)) but placed on device 0
    // expected-error@+1 {{'math.absf' op par.config is on pipeline stage 1 (devices [1, 2)) but placed on device 0}}
    %1 = math.absf %0 {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">, par.stage = 1 : i64} : tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

// -----

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 1 : i64}>, par.schedule = #par.schedule<{micro_batches = 8 : i64}>} {
  func.func @batch_does_not_split(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    // CHECK: scheduled-errors.mlir:[[@LINE+2]]:10: error: 'arith.negf' op reads or writes a tensor whose dim 0 (4) follows the batch but does not split into the 8 micro-batches of the schedule
    // expected-error@+1 {{'arith.negf' op reads or writes a tensor whose dim 0 (4) follows the batch but does not split into the 8 micro-batches of the schedule}}
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">} : tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}

// -----

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>, par.schedule = #par.schedule<{micro_batches = 2 : i64, stages = 2 : i64}>} {
  func.func @stages_against_the_data(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = arith.negf %x {par.config = #par.config<array<i64: 1, 1>, array<i64: 1>>, par.space = #par.space<array<i64: 4, 8>, "SA">, par.stage = 1 : i64} : tensor<4x8xf32>
    // CHECK: scheduled-errors.mlir:[[@LINE+2]]:10: error: 'math.absf' op on stage 0 reads the result of 'arith.negf' on stage 1 ({{.*}}scheduled-errors.mlir:[[@LINE-1]]:10), which runs after it: the stages must follow the data
    // expected-error@+1 {{'math.absf' op on stage 0 reads the result of 'arith.negf' on stage 1}}
    %1 = math.absf %0 {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">, par.stage = 0 : i64} : tensor<4x8xf32>
    return %1 : tensor<4x8xf32>
  }
}

// -----

#id = affine_map<(b, i) -> (b, i)>
#col = affine_map<(b, i) -> (i)>
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 1 : i64}>, par.schedule = #par.schedule<{micro_batches = 2 : i64}>} {
  func.func @batch_statistics(%x: tensor<4x8xf32>, %z: tensor<8xf32>) -> tensor<4x8xf32> {
    %sum = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
             ins(%x : tensor<4x8xf32>) outs(%z : tensor<8xf32>)
             attrs = {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">} {
    ^bb0(%a: f32, %out: f32):
      %t = arith.addf %out, %a : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    %e = tensor.empty() : tensor<4x8xf32>
    // CHECK: scheduled-errors.mlir:[[@LINE+2]]:10: error: 'linalg.generic' op reads a reduction over the batch
    // expected-error@+1 {{within the micro-batch; with 2 micro-batches (replicas × micro-batches) it would read a partial result}}
    %0 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
             ins(%x, %sum : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>)
             attrs = {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8>, "SA">} {
    ^bb0(%a: f32, %s: f32, %out: f32):
      %t = arith.subf %a, %s : f32
      linalg.yield %t : f32
    } -> tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
}
