// An op that is not split runs whole on its device even where its family has no cut for it: a strided
// insert (the export of a strided convolution's input gradient) on one device, materialized and run
// against the serial function. Split, the same op is a located error.
// RUN: %flexc %s --machine=dgx-a100:1 --devices=1 --strategy=data-parallel -o %t.one.par.mlir
// RUN: %flexc %t.one.par.mlir --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc-run %t.one.par.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: %flexc %s --machine=dgx-a100:1 --devices=2 --strategy=data-parallel -o %t.two.par.mlir
// RUN: %expect-exit 1 %flexc %t.two.par.mlir --pass-pipeline='builtin.module(par-materialize)' 2>&1 | FileCheck %s --check-prefix=SPLIT

// CHECK: func.func @f_device0
// CHECK: tensor.insert_slice {{.*}} [1, 2]
// EXEC: result 0 tensor<4x16xf32>: {{.*}} error 0.000e0 {{.*}} ok
// SPLIT: two.par.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tensor.insert_slice' op inserts with strides other than 1; par-materialize cannot cut it

func.func @f(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = tensor.insert_slice %x into %z[0, 0] [4, 8] [1, 2] : tensor<4x8xf32> into tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
