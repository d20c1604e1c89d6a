// par-lower-runtime{target=mpi}: par communication as upstream mpi dialect ops on MPI_COMM_WORLD,
// which MLIR's own lowering (convert-to-llvm) turns into MPI calls of the Open MPI ABI.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime{target=mpi})' | FileCheck %s
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime{target=mpi ranks=8})' | FileCheck %s --check-prefix=RANKS
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime{target=mpi mpi-abi=MPICH})' | FileCheck %s --check-prefix=MPICH
// RUN: %flexc %s --pass-pipeline='builtin.module(par-lower-runtime{target=mpi},func.func(convert-elementwise-to-linalg),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-linalg-to-loops,lower-affine,convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,convert-to-llvm,reconcile-unrealized-casts)' | FileCheck %s --check-prefix=LLVM

// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
// CHECK-LABEL: func.func @f_device0(
// The group {0, 1, 2, 3} is the whole world: one MPI_Allreduce.
// CHECK: call @__flexc_mpi_all_reduce_sum_4x2xf32(
// The group {0, 2}: device 0 (its first member) receives from 2, takes the max, sends it back.
// CHECK: call @__flexc_group_all_reduce_max_4x2xf32_on0_of0_2(
// CHECK: call @__flexc_mpi_send_3xi1(
// CHECK-LABEL: func.func @f_device2(
// CHECK: call @__flexc_group_all_reduce_max_4x2xf32_on2_of0_2(
// Stage 1 gives the group's messages the tag past the module's largest (9).
// CHECK-LABEL: func.func private @__flexc_group_all_reduce_max_4x2xf32_on0_of0_2(
// CHECK: %[[PEER:.*]] = arith.constant 2 : i64
// CHECK: %[[TAG:.*]] = arith.constant 10 : i64
// CHECK: %[[R:.*]] = call @__flexc_mpi_recv_4x2xf32(%[[PEER]], %[[TAG]])
// CHECK: %[[M:.*]] = arith.maximumf %{{.*}}, %[[R]] : tensor<4x2xf32>
// CHECK: call @__flexc_mpi_send_4x2xf32(%[[M]],
// CHECK: return %[[M]]
// CHECK-LABEL: func.func private @__flexc_group_all_reduce_max_4x2xf32_on2_of0_2(
// CHECK: call @__flexc_mpi_send_4x2xf32(
// CHECK: call @__flexc_mpi_recv_4x2xf32(
// CHECK-LABEL: func.func private @__flexc_mpi_all_reduce_sum_4x2xf32(
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4x2xf32> into tensor<8xf32>
// CHECK: mpi.allreduce(%{{.*}}, %{{.*}}, MPI_SUM, %{{.*}}) : memref<8xf32>, memref<8xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 2] : tensor<8xf32> into tensor<4x2xf32>
// i1 travels as i8.
// CHECK-LABEL: func.func private @__flexc_mpi_send_3xi1(
// CHECK: arith.extui %{{.*}} : tensor<3xi1> to tensor<3xi8>
// CHECK: mpi.send(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : memref<3xi8>, i32, i32
// A rank-0 f16 arrives as one i16.
// CHECK-LABEL: func.func private @__flexc_mpi_recv_f16(
// CHECK: mpi.recv(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : memref<1xi16>, i32, i32
// CHECK: tensor.collapse_shape %{{.*}} [] : tensor<1xi16> into tensor<i16>
// CHECK: arith.bitcast %{{.*}} : tensor<i16> to tensor<f16>
// CHECK: func.func @__flexc_mpi_init()
// CHECK: func.func @__flexc_mpi_rank() -> i32
// CHECK: func.func @__flexc_mpi_finalize()
// CHECK-NOT: par.

// With a world of 8 ranks, {0, 1, 2, 3} is a group too.
// RANKS: call @__flexc_group_all_reduce_sum_4x2xf32_on0_of0_1_2_3(
// RANKS-NOT: mpi.allreduce

// MPICH: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {

// LLVM-DAG: llvm.func @MPI_Send(
// LLVM-DAG: llvm.func @MPI_Recv(
// LLVM-DAG: llvm.func @MPI_Allreduce(
// LLVM-DAG: llvm.func @MPI_Init(
// LLVM-DAG: llvm.mlir.global external @ompi_mpi_comm_world()
// LLVM-NOT: mpi.

module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 4 : i64}>} {
  func.func @f_device0(%x: tensor<4x2xf32>, %b: tensor<3xi1>) {
    %s = "par.all_reduce"(%x) {group = array<i64: 3, 2, 1, 0>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %g = "par.all_reduce"(%s) {group = array<i64: 2, 0>, kind = "max"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    "par.send"(%g) {peer = 1 : i64, tag = 7 : i64} : (tensor<4x2xf32>) -> ()
    "par.send"(%b) {peer = 1 : i64, tag = 8 : i64} : (tensor<3xi1>) -> ()
    return
  }
  func.func @f_device1(%x: tensor<4x2xf32>, %b: tensor<3xi1>) {
    %s = "par.all_reduce"(%x) {group = array<i64: 0, 1, 2, 3>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %r = "par.recv"() {peer = 0 : i64, tag = 7 : i64} : () -> tensor<4x2xf32>
    %q = "par.recv"() {peer = 0 : i64, tag = 8 : i64} : () -> tensor<3xi1>
    %h = "par.recv"() {peer = 2 : i64, tag = 9 : i64} : () -> tensor<f16>
    return
  }
  func.func @f_device2(%x: tensor<4x2xf32>, %b: tensor<3xi1>, %h: tensor<f16>) {
    %s = "par.all_reduce"(%x) {group = array<i64: 0, 1, 2, 3>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %g = "par.all_reduce"(%s) {group = array<i64: 2, 0>, kind = "max"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    "par.send"(%h) {peer = 1 : i64, tag = 9 : i64} : (tensor<f16>) -> ()
    return
  }
  func.func @f_device3(%x: tensor<4x2xf32>, %b: tensor<3xi1>) {
    %s = "par.all_reduce"(%x) {group = array<i64: 0, 1, 2, 3>, kind = "sum"} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    return
  }
}
