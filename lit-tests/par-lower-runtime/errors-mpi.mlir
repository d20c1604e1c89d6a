// target=mpi: what it cannot lower is an error at the op.
// RUN: %flexc %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-lower-runtime{target=mpi})' -o %t.discarded

// The device of an all-reduce over part of the world comes from its function's name.
func.func @not_a_device_function(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'par.all_reduce' with target=mpi must be in a device function @f_device<d> (not @not_a_device_function)}}
  %s = "par.all_reduce"(%x) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @f_device2(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'par.all_reduce' in @f_device2 (device 2) has group [0, 1] without device 2}}
  %s = "par.all_reduce"(%x) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @f_device0(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'par.all_reduce' has group [0, 0]; expected distinct device ids}}
  %s = "par.all_reduce"(%x) {group = array<i64: 0, 0>, kind = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @f_device0(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'par.all_reduce' on tensor<4xbf16>: the runtime reduces only i32, i64, f32, f64 elements}}
  %s = "par.all_reduce"(%x) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %s : tensor<4xbf16>
}
