// tools/fuzz finding (SIGSEGV in tensor::ConcatOp::verify): a negative concatenation dim, which the
// verifier uses as an index after checking only that it is below the rank. flexc parses without
// verifying, reports it (src/parse.rs, verifier_crash), then verifies.
// RUN: %flexc --split-input-file --verify-diagnostics %s -o %t.discarded
// RUN: %expect-exit 1 %flexc --split-input-file %s -o %t.discarded 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %flexc-run %S/../Inputs/concat-negative-dim.mlir 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: concat-negative-dim.mlir:3:8: error: 'tensor.concat' op concatenation dim must be non-negative

func.func @custom(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // CHECK: concat-negative-dim.mlir:[[@LINE+2]]:8: error: 'tensor.concat' op concatenation dim must be non-negative
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be non-negative}}
  %r = tensor.concat dim(-1) %a, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @generic(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // CHECK: concat-negative-dim.mlir:[[@LINE+2]]:8: error: 'tensor.concat' op concatenation dim must be non-negative
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be non-negative}}
  %r = "tensor.concat"(%a, %a) <{dim = -9223372036854775808 : i64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// Dims the verifier checks itself stay its errors; valid ones pass.
func.func @beyond(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %r = tensor.concat dim(2) %a, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @valid(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %r = tensor.concat dim(0) %a, %a : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
