// flexc-run --mpi=4: the device programs run as 4 MPI processes (mpirun -np 4), their par ops
// lowered to the upstream mpi dialect (MPI_Send/MPI_Recv/MPI_Allreduce), and device 0's results are
// compared with the serial run. Here: a matmul split 2 x 2 (rows x reduction; all-reduces over the
// groups {0, 1} and {2, 3}, which become messages to the group's first device), a matmul whose
// reduction is split over all 4 devices (MPI_Allreduce on MPI_COMM_WORLD), and a max-reduction.
// RUN: %flexc-run %s --check --mpi=4 --seed=3 | FileCheck %s
// CHECK: @reduce: serial vs 4 MPI processes (seed 3)
// CHECK-NEXT: result 0 tensor<4x2xf32>: {{.*}} (rtol 1e-5) ok
// CHECK-NEXT: result 1 tensor<4x2xf32>: {{.*}} (rtol 1e-5) ok
// CHECK-NEXT: result 2 tensor<4xf32>: {{.*}} (rtol 1e-5) ok

// The same module on 4 threads gives the same verdict.
// RUN: %flexc-run %s --check --seed=3 | FileCheck %s --check-prefix=THREADS
// THREADS: @reduce: serial vs 4 devices (seed 3): {{[0-9]+}} messages ({{[0-9]+}} bytes), {{[1-9][0-9]*}} all-reduce calls
// THREADS-COUNT-3: ok

// What the ranks run: the lowering of device 1 (a member of group {0, 1}) sends its partial sum to
// device 0 and receives the sum back; the world all-reduce is one MPI_Allreduce.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize,par-lower-runtime{target=mpi})' | FileCheck %s --check-prefix=IR
// IR: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// IR-LABEL: func.func @reduce_device1(
// IR: call @__flexc_group_all_reduce_sum_2x2xf32_on1_of0_1(
// IR: call @__flexc_mpi_all_reduce_sum_4x2xf32(
// IR-LABEL: func.func private @__flexc_group_all_reduce_sum_2x2xf32_on1_of0_1(
// IR: call @__flexc_mpi_send_2x2xf32(
// IR: call @__flexc_mpi_recv_2x2xf32(
// IR-LABEL: func.func private @__flexc_mpi_send_2x2xf32(
// IR: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x2xf32> into tensor<4xf32>
// IR: mpi.send(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : memref<4xf32>, i32, i32
// IR-LABEL: func.func private @__flexc_mpi_all_reduce_sum_4x2xf32(
// IR: mpi.allreduce({{.*}}, MPI_SUM, %{{.*}}) : memref<8xf32>, memref<8xf32>
// IR: func.func @__flexc_mpi_init()
// IR-NEXT: mpi.init
// IR-NOT: par.

#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 4 : i64}>} {
  func.func @reduce(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %init: tensor<4x2xf32>, %m: tensor<4xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4xf32>) {
    %0 = linalg.matmul {par.config = #par.config<array<i64: 2, 1, 2>, array<i64: 0, 1, 2, 3>>}
           ins(%x, %w : tensor<4x8xf32>, tensor<8x2xf32>) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
    %1 = linalg.matmul {par.config = #par.config<array<i64: 1, 1, 4>, array<i64: 3, 2, 1, 0>>}
           ins(%x, %w : tensor<4x8xf32>, tensor<8x2xf32>) outs(%0 : tensor<4x2xf32>) -> tensor<4x2xf32>
    %2 = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
           ins(%x : tensor<4x8xf32>) outs(%m : tensor<4xf32>)
           attrs = {par.config = #par.config<array<i64: 2, 2>, array<i64: 0, 1, 2, 3>>} {
    ^bb0(%a: f32, %o: f32):
      %s = arith.maximumf %a, %o : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    return %0, %1, %2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4xf32>
  }
}
