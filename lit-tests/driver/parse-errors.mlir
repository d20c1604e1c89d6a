// Syntax, dialect and verifier errors point at their line; the output file is never written.
// RUN: rm -f %t.out
// RUN: not %flexc --split-input-file %s -o %t.out 2>&1 | FileCheck %s
// RUN: not ls %t.out
// RUN: %flexc --split-input-file --verify-diagnostics %s

func.func @syntax_error(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:22: error: expected SSA operand
  %0 = arith.addf %a, : tensor<4xf32>  // expected-error {{expected SSA operand}}
  return %0 : tensor<4xf32>
}

// -----

func.func @unregistered() {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:15: error: operation of an unregistered dialect; run flexc with --allow-unregistered-dialect
  "mystery.op"() : () -> ()  // expected-error {{operation being parsed with an unregistered dialect}}
  return
}

// -----

func.func @verifier_failure(%a: tensor<4xf32>) -> tensor<8xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:3: error: type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<8xf32>') in function @verifier_failure
  return %a : tensor<4xf32>  // expected-error {{type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<8xf32>')}}
}

// -----

// CHECK: parse-errors.mlir:[[@LINE+1]]:32: error: custom op 'no_such_op' is unknown
func.func @unknown_builtin() { no_such_op }  // expected-error {{custom op 'no_such_op' is unknown}}

// -----

// A chunk without errors still compiles when others fail.
func.func @fine() {
  return
}
