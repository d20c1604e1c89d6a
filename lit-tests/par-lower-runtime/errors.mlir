// Ops and types the runtime cannot take: an error at the op.
// RUN: %flexc %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-lower-runtime)' -o %t.discarded

func.func @halo(%x: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{par-lower-runtime cannot lower 'par.halo_exchange' (only par.send, par.recv, par.all_reduce, par.all_gather and par.reduce_scatter)}}
  %h = "par.halo_exchange"(%x) {dim = 0 : i64, low = 1 : i64, high = 0 : i64, group = array<i64: 0, 1>} : (tensor<4xf32>) -> tensor<5xf32>
  return %h : tensor<5xf32>
}

// -----

func.func @bf16_sum(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'par.all_reduce' on tensor<4xbf16>: the runtime reduces only i32, i64, f32, f64 elements}}
  %s = "par.all_reduce"(%x) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %s : tensor<4xbf16>
}

// -----

func.func @dynamic(%x: tensor<?xf32>) {
  // expected-error @+1 {{'par.send' on tensor<?xf32>: the runtime needs a statically shaped ranked tensor}}
  "par.send"(%x) {peer = 1 : i64, tag = 0 : i64} : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @f_device0(%x: tensor<4x6xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'par.reduce_scatter' has group [1, 0]; expected distinct device ids in ascending order}}
  %r = "par.reduce_scatter"(%x) {group = array<i64: 1, 0>, dim = 0 : i64, kind = "sum"} : (tensor<4x6xf32>) -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}

// -----

func.func @f_device0(%x: tensor<3x6xf32>) -> tensor<6x6xf32> {
  // expected-error @+1 {{'par.all_gather' over 2 devices along dim 1: the part [3, 6] and the whole [6, 6] do not match}}
  %r = "par.all_gather"(%x) {group = array<i64: 0, 1>, dim = 1 : i64} : (tensor<3x6xf32>) -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}
