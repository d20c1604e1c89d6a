// A program returning its argument (a training step returns state it did not update) gets an owned
// copy of it from the deallocation pipeline (bufferization.clone), which becomes device memory and a
// copy kernel; before, the clone reached the host lowering and the artifact could not be translated
// to LLVM IR (the ResNet-50 training step returned 212 of them).
// REQUIRES: ptxas
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda -o %t.fgpu 2>/dev/null
// RUN: nm -D %t.fgpu | FileCheck %s --check-prefix=SYMBOLS

// CHECK-LABEL: func.func @f(
// CHECK-NOT:     bufferization.clone
// CHECK:         %[[Y:.*]] = gpu.alloc () : memref<8xf32>
// CHECK:         %[[COPY:.*]] = gpu.alloc () : memref<8xf32>
// CHECK-NEXT:    gpu.launch_func @{{.*}} args(%c8 : index, %arg0 : memref<8xf32>, %[[COPY]] : memref<8xf32>)
// CHECK-NOT:     bufferization.clone
// CHECK:         return %[[COPY]], %[[Y]], %[[Y]] : memref<8xf32>, memref<8xf32>, memref<8xf32>
// SYMBOLS: T _mlir_ciface_f_device0

func.func @f(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %y = arith.negf %x : tensor<8xf32>
  return %x, %y, %y : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
