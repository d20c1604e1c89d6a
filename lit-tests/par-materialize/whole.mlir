// An op that is not split runs whole on its device even where its family has no cut for it: a pad
// whose value depends on the index, on one device, materialized and run against the serial function.
// Split, the same op is a located error. (Strided inserts, the first such op, are cut now:
// strided-insert.mlir.)
// RUN: %flexc %s --machine=dgx-a100:1 --devices=1 --strategy=data-parallel -o %t.one.par.mlir
// RUN: %flexc %t.one.par.mlir --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc-run %t.one.par.mlir --check | FileCheck %s --check-prefix=EXEC
// RUN: %flexc %s --machine=dgx-a100:1 --devices=2 --strategy=data-parallel -o %t.two.par.mlir
// RUN: %expect-exit 1 %flexc %t.two.par.mlir --pass-pipeline='builtin.module(par-materialize)' 2>&1 | FileCheck %s --check-prefix=SPLIT

// CHECK: func.func @f_device0
// CHECK: tensor.pad {{.*}} low[0, 0] high[0, 8]
// EXEC: result 0 tensor<4x16xf32>: {{.*}} error 0.000e0 {{.*}} ok
// SPLIT: two.par.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tensor.pad' op pads with a value that depends on the index; par-materialize cannot cut it

func.func @f(%x: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %p = tensor.pad %x low[0, 0] high[0, 8] {
  ^bb0(%i: index, %j: index):
    %k = arith.index_cast %j : index to i64
    %v = arith.sitofp %k : i64 to f32
    tensor.yield %v : f32
  } : tensor<4x8xf32> to tensor<4x16xf32>
  return %p : tensor<4x16xf32>
}
