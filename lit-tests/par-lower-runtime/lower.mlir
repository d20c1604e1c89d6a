// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime)' | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime{target=gpu})' | FileCheck %s --check-prefix=GPU

// target=gpu: the same helpers calling the flexc-gpu runtime (flexc_gpu_*); a send leaves its buffer
// to the GPU lowering's deallocation pass.
// GPU: call @flexc_gpu_all_reduce_sum_f32(
// GPU-LABEL: func.func private @__flexc_send_4x2xf32(
// GPU-NOT: memref.dealloc
// GPU: call @flexc_gpu_send_f32(
// GPU-NEXT: return
// GPU: func.func private @flexc_gpu_recv_i64(memref<*xi64>, i64, i64) attributes {llvm.emit_c_interface}
// GPU-NOT: flexc_rt_

// Each par op becomes a call of a helper (one per op and tensor type) with its integers as
// constants; the helper moves the tensor into a buffer and calls the runtime on an unranked memref.
// par.* attributes are removed.
// CHECK-LABEL: module {
// CHECK-LABEL: func.func @f_device1(
// CHECK-SAME: %[[X:.*]]: tensor<4x2xf32>)
// CHECK: %[[MASK:.*]] = arith.constant 3 : i64
// CHECK: %[[S:.*]] = call @__flexc_all_reduce_sum_4x2xf32(%[[X]], %[[MASK]]) : (tensor<4x2xf32>, i64) -> tensor<4x2xf32>
// CHECK: %[[PEER:.*]] = arith.constant 0 : i64
// CHECK: %[[TAG:.*]] = arith.constant 7 : i64
// CHECK: call @__flexc_send_4x2xf32(%[[S]], %[[PEER]], %[[TAG]]) : (tensor<4x2xf32>, i64, i64) -> ()
// CHECK: %[[R:.*]] = call @__flexc_recv_2xi64(%{{.*}}, %{{.*}}) : (i64, i64) -> tensor<2xi64>
// CHECK: return
// CHECK: func.func private @flexc_rt_all_reduce_sum_f32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func private @__flexc_all_reduce_sum_4x2xf32(
// CHECK: memref.alloc() : memref<4x2xf32>
// CHECK: bufferization.materialize_in_destination
// CHECK: memref.cast {{.*}} : memref<4x2xf32> to memref<*xf32>
// CHECK: call @flexc_rt_all_reduce_sum_f32(
// CHECK: bufferization.to_tensor {{.*}} restrict writable
// CHECK: func.func private @flexc_rt_send_f32(memref<*xf32>, i64, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func private @__flexc_send_4x2xf32(
// CHECK: memref.dealloc
// CHECK: func.func private @flexc_rt_recv_i64(memref<*xi64>, i64, i64) attributes {llvm.emit_c_interface}
// CHECK-NOT: par.
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 2 : i64}>} {
  func.func @f_device1(%x: tensor<4x2xf32>) {
    %s = "par.all_reduce"(%x) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    "par.send"(%s) {peer = 0 : i64, tag = 7 : i64} : (tensor<4x2xf32>) -> ()
    %r = "par.recv"() {peer = 0 : i64, tag = 8 : i64} : () -> tensor<2xi64>
    return
  }
}
