// tools/fuzz finding (segfault, from models/torch/alexnet_b64.linalg.mlir with a broadcast dim
// mutated to 2^63): the custom parsers of linalg.broadcast, linalg.transpose and linalg.reduce store
// the null attribute of a failed `dimensions`/`permutation` list parse and crash; flexc reports the
// malformed list as a parse error before parsing.
// RUN: %flexc --split-input-file --verify-diagnostics %s -o %t.discarded
// RUN: %expect-exit --timeout=60 1 %flexc %s --split-input-file --emit=summary -o %t.discarded 2>&1 | FileCheck %s
// CHECK: linalg-int-list.mlir:11:91: error: expected 'dimensions' to be a list of i64 integers in brackets

func.func @broadcast(%x: tensor<64xf32>, %o: tensor<64x8xf32>) -> tensor<64x8xf32> {
  // expected-error@+1 {{expected 'dimensions' to be a list of i64 integers in brackets}}
  %b = linalg.broadcast ins(%x : tensor<64xf32>) outs(%o : tensor<64x8xf32>) dimensions = [9223372036854775808]
  return %b : tensor<64x8xf32>
}

// -----

func.func @transpose(%x: tensor<64x8xf32>, %o: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // expected-error@+1 {{expected 'permutation' to be a list of i64 integers in brackets}}
  %t = linalg.transpose ins(%x : tensor<64x8xf32>) outs(%o : tensor<8x64xf32>) permutation = [1, x]
  return %t : tensor<8x64xf32>
}

// -----

func.func @reduce(%x: tensor<64x8xf32>, %o: tensor<64xf32>) -> tensor<64xf32> {
  // expected-error@+1 {{expected 'dimensions' to be a list of i64 integers in brackets}}
  %r = linalg.reduce ins(%x : tensor<64x8xf32>) outs(%o : tensor<64xf32>) dimensions = [1.5]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %r : tensor<64xf32>
}

// -----

// No list at all (tools/fuzz, issue 20: the guard looked only at lists).
func.func @not_a_list(%x: tensor<64x8xf32>, %o: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // expected-error@+1 {{expected 'permutation' to be a list of i64 integers in brackets}}
  %t = linalg.transpose ins(%x : tensor<64x8xf32>) outs(%o : tensor<8x64xf32>) permutation = 3[1, 0]
  return %t : tensor<8x64xf32>
}

// -----

// Well-formed lists, and integer arrays in attribute dictionaries, parse as usual.
func.func @valid(%x: tensor<64xf32>, %o: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %b = linalg.broadcast ins(%x : tensor<64xf32>) outs(%o : tensor<64x8xf32>) dimensions = [1] {dims = [9223372036854775808]}
  return %b : tensor<64x8xf32>
}

// -----

// A list split over lines (with a comment) is well-formed too (issue 20: the guard refused it).
func.func @split_list(%x: tensor<64x8xf32>, %o: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %t = linalg.transpose ins(%x : tensor<64x8xf32>) outs(%o : tensor<8x64xf32>) permutation = [1, // rows
    0]
  return %t : tensor<8x64xf32>
}
