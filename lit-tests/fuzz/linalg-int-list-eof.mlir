// A probe of issue 20 (SIGSEGV): a linalg.transpose whose permutation list is cut by the end of the
// file; the guard of src/parse.rs looked for the closing ']' only up to the end of the line.
// RUN: %expect-exit 1 %flexc %s -o %t.discarded 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %flexc-run %s 2>&1 | FileCheck %s
// CHECK: linalg-int-list-eof.mlir:8:92: error: expected 'permutation' to be a list of i64 integers in brackets

func.func @t(%a: tensor<2x2xf32>, %e: tensor<2x2xf32>) {
  %t = linalg.transpose ins(%a : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1