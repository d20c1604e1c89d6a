// gpu-check-host-code: host code that only allocates, copies and launches passes unchanged; a
// memory access or loop left on the host (outside a gpu.module) is an error at its location.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-check-host-code)' | FileCheck %s
// RUN: %expect-exit 1 %flexc %S/Inputs/load.mlir --pass-pipeline='builtin.module(gpu-check-host-code)' 2>&1 | FileCheck %s --check-prefix=LOAD

// CHECK-LABEL: func.func @f
// CHECK: gpu.alloc
// CHECK: gpu.launch_func @k::@k
// CHECK: gpu.module @k
// CHECK: memref.load
module attributes {gpu.container_module} {
  func.func @f(%a: memref<4xf32>) -> memref<4xf32> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %d = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d, %a : memref<4xf32>, memref<4xf32>
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    return %d : memref<4xf32>
  }
  gpu.module @k {
    gpu.func @k(%d: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %d[%i] : memref<4xf32>
      memref.store %v, %d[%i] : memref<4xf32>
      gpu.return
    }
  }
}

// LOAD: load.mlir:4:8: error: --target=cuda cannot map this 'memref.load' onto a GPU kernel (it would run on the host, on device memory)
