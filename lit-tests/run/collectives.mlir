// par.reduce_scatter and par.all_gather, as par-materialize writes them for ZeRO (device programs
// written by hand here): device d of 2 sums x with the other device's x and keeps half d of the rows
// (reduce-scatter along dim 0), or keeps half d of the columns (along dim 1), then gathers the halves
// back (all-gather); the results equal the serial function's 2·x. Threads (core's mailbox and
// collective layout) and MPI (an all-reduce and a slice; messages with the group's first device).
// RUN: %flexc-run %s --check | FileCheck %s
// CHECK: @f: serial vs 2 devices (seed 0): 0 messages (0 bytes), 8 all-reduce calls
// CHECK-NEXT: result 0 tensor<4x6xf32>: {{.*}} ok
// CHECK-NEXT: result 1 tensor<4x6xf32>: {{.*}} ok
// RUN: %flexc-run %s --check --mpi=2 | FileCheck %s --check-prefix=MPI
// MPI: @f: serial vs 2 MPI processes (seed 0)
// MPI-NEXT: result 0 tensor<4x6xf32>: {{.*}} ok
// MPI-NEXT: result 1 tensor<4x6xf32>: {{.*}} ok

// The runtime calls (two buffers, the group mask and the dim) and the MPI stage that replaces them.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime)' | FileCheck %s --check-prefix=RT
// RT-LABEL: func.func @f_device1(
// RT: call @__flexc_reduce_scatter_sum_4x6xf32_to_2x6xf32(
// RT: call @__flexc_all_gather_2x6xf32_to_4x6xf32(
// RT: call @__flexc_reduce_scatter_sum_4x6xf32_to_4x3xf32(
// RT: call @__flexc_all_gather_4x3xf32_to_4x6xf32(
// RT-LABEL: func.func private @__flexc_reduce_scatter_sum_4x6xf32_to_2x6xf32(
// RT: call @flexc_rt_reduce_scatter_sum_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf32>, memref<*xf32>, i64, i64) -> ()
// RT: func.func private @flexc_rt_all_gather_f32(memref<*xf32>, memref<*xf32>, i64, i64) attributes {llvm.emit_c_interface}
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime{target=mpi})' | FileCheck %s --check-prefix=MPIIR
// MPIIR-LABEL: func.func @f_device1(
// MPIIR: call @__flexc_mpi_all_reduce_sum_4x6xf32(
// MPIIR: tensor.extract_slice %{{.*}}[2, 0] [2, 6] [1, 1] : tensor<4x6xf32> to tensor<2x6xf32>
// MPIIR: call @__flexc_mpi_all_gather_2x6xf32_on1_of0_1_dim0(
// MPIIR-LABEL: func.func private @__flexc_mpi_all_gather_2x6xf32_on1_of0_1_dim0(
// MPIIR: call @__flexc_mpi_send_2x6xf32(
// MPIIR: call @__flexc_mpi_recv_4x6xf32(


module {
  func.func @f(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
    %two = arith.addf %x, %x : tensor<4x6xf32>
    return %two, %two : tensor<4x6xf32>, tensor<4x6xf32>
  }
  func.func @f_device0(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
    %rows = "par.reduce_scatter"(%x) {group = array<i64: 0, 1>, dim = 0 : i64, kind = "sum"} : (tensor<4x6xf32>) -> tensor<2x6xf32>
    %a = "par.all_gather"(%rows) {group = array<i64: 0, 1>, dim = 0 : i64} : (tensor<2x6xf32>) -> tensor<4x6xf32>
    %cols = "par.reduce_scatter"(%x) {group = array<i64: 0, 1>, dim = 1 : i64, kind = "sum"} : (tensor<4x6xf32>) -> tensor<4x3xf32>
    %b = "par.all_gather"(%cols) {group = array<i64: 0, 1>, dim = 1 : i64} : (tensor<4x3xf32>) -> tensor<4x6xf32>
    return %a, %b : tensor<4x6xf32>, tensor<4x6xf32>
  }
  func.func @f_device1(%x: tensor<4x6xf32>) {
    %rows = "par.reduce_scatter"(%x) {group = array<i64: 0, 1>, dim = 0 : i64, kind = "sum"} : (tensor<4x6xf32>) -> tensor<2x6xf32>
    %a = "par.all_gather"(%rows) {group = array<i64: 0, 1>, dim = 0 : i64} : (tensor<2x6xf32>) -> tensor<4x6xf32>
    %cols = "par.reduce_scatter"(%x) {group = array<i64: 0, 1>, dim = 1 : i64, kind = "sum"} : (tensor<4x6xf32>) -> tensor<4x3xf32>
    %b = "par.all_gather"(%cols) {group = array<i64: 0, 1>, dim = 1 : i64} : (tensor<4x3xf32>) -> tensor<4x6xf32>
    return
  }
}

