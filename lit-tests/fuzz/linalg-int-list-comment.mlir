// tools/fuzz finding (SIGSEGV in NamedAttrList::set): a permutation list left open, followed by a
// comment holding a ']'. The guard of src/parse.rs took that ']' for the list's end; a ']' in a
// comment closes nothing.
// RUN: %expect-exit 1 %flexc %s -o %t.discarded 2>&1 | FileCheck %s
// CHECK: linalg-int-list-comment.mlir:[[@LINE+3]]:92: error: expected 'permutation' to be a list of i64 integers in brackets

func.func @t(%a: tensor<2x2xf32>, %e: tensor<2x2xf32>) {
  %t = linalg.transpose ins(%a : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1
// a comment with a ']' in it
  return
}
