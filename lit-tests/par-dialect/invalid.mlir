// The IRDL definition rejects malformed par ops and attributes, through flexc and through mlir-opt.
// RUN: %flexc --split-input-file --verify-diagnostics %s
// RUN: not mlir-opt-22 --irdl-file=%par_irdl --split-input-file %s 2>&1 | FileCheck %s

func.func @missing_attribute(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: :[[@LINE+1]]:8: error: 'par.repartition' op attribute "degree" is expected but not provided
  %0 = "par.repartition"(%a) {dim = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>  // expected-error {{attribute "degree" is expected but not provided}}
  return %0 : tensor<4xf32>
}

// -----

func.func @memref_operand(%a: memref<4xf32>) {
  // CHECK: :[[@LINE+1]]:8: error: expected base type 'builtin.tensor' but got 'builtin.memref'
  %0 = "par.replicate"(%a) {degree = 2 : i64} : (memref<4xf32>) -> memref<4xf32>  // expected-error {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  return
}

// -----

func.func @group_not_dense_array(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: :[[@LINE+1]]:8: error: expected base attribute 'builtin.dense_array' but got 'builtin.array'
  %0 = "par.all_reduce"(%a) {group = [0, 1], kind = "sum"} : (tensor<4xf32>) -> tensor<4xf32>  // expected-error {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  return %0 : tensor<4xf32>
}

// -----

func.func @two_operands(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: :[[@LINE+1]]:8: error: op expects exactly 1 operands, but got 2
  %0 = "par.combine"(%a, %a) {dim = 0 : i64, degree = 2 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>  // expected-error {{op expects exactly 1 operands, but got 2}}
  return %0 : tensor<4xf32>
}

// -----

// CHECK: :[[@LINE+1]]:{{[0-9]+}}: error: expected base attribute 'builtin.dense_array' but got 'builtin.string'
func.func @config_parameter_kind() attributes {x = #par.config<"a", array<i64: 0>>} {  // expected-error {{expected base attribute 'builtin.dense_array' but got 'builtin.string'}}
  return
}

// -----

func.func @device_id_not_index() -> i32 {
  // CHECK: :[[@LINE+1]]:8: error: expected 'index' but got 'i32'
  %0 = "par.device_id"() : () -> i32  // expected-error {{expected 'index' but got 'i32'}}
  return %0 : i32
}
