// Communication: the par ops of materialized device programs become calls of the flexc-gpu
// runtime (par-lower-runtime{target=gpu}) on device buffers: send/recv with peer and tag, all-reduce
// with the group as a bit mask; the host code calls their C interfaces after syncing its stream.
// (A materialized module skips the importer and the search.)
// RUN: %flexc %s --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --target=cuda --gpu-emit=host -o - 2>/dev/null | FileCheck %s --check-prefix=HOST

// The send's buffer: a device copy of the tensor (a copy kernel), freed by the deallocation pass.
// CHECK-LABEL: func.func @f_device0(
// CHECK:         gpu.launch_func
// CHECK:         %[[U:.*]] = memref.cast %[[T:[a-z0-9_]+]] : memref<4xf32> to memref<*xf32>
// CHECK-NEXT:    call @flexc_gpu_send_f32(%[[U]], %c1_i64, %c7_i64) : (memref<*xf32>, i64, i64) -> ()
// CHECK:         call @flexc_gpu_all_reduce_sum_f32(%{{.*}}, %c3_i64) : (memref<*xf32>, i64) -> ()
// CHECK:         gpu.dealloc %[[T]] : memref<4xf32>
// CHECK-LABEL: func.func @f_device1(
// CHECK:         call @flexc_gpu_recv_f32(%{{.*}}, %c0_i64, %c7_i64) : (memref<*xf32>, i64, i64) -> ()
// CHECK:         call @flexc_gpu_all_reduce_sum_f32(%{{.*}}, %c3_i64)
// CHECK-DAG: func.func private @flexc_gpu_send_f32(memref<*xf32>, i64, i64) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @flexc_gpu_recv_f32(memref<*xf32>, i64, i64) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @flexc_gpu_all_reduce_sum_f32(memref<*xf32>, i64) attributes {llvm.emit_c_interface}

// HOST-LABEL: llvm.func @f_device0(
// HOST:         llvm.call @mgpuStreamSynchronize
// HOST-NEXT:    llvm.call @mgpuStreamDestroy
// HOST-NEXT:    llvm.call @flexc_gpu_send_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i64, i64) -> ()
// HOST-LABEL: llvm.func @_mlir_ciface_f_device0(
// HOST-LABEL: llvm.func private @flexc_gpu_send_f32(
// HOST:         llvm.call @_mlir_ciface_flexc_gpu_send_f32(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64) -> ()

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

func.func @f_device0(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = arith.addf %x, %x : tensor<4xf32>
  "par.send"(%y) {peer = 1 : i64, tag = 7 : i64} : (tensor<4xf32>) -> ()
  %s = "par.all_reduce"(%y) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @f_device1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "par.recv"() {peer = 0 : i64, tag = 7 : i64} : () -> tensor<4xf32>
  %s = "par.all_reduce"(%r) {group = array<i64: 0, 1>, kind = "sum"} : (tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
