// A tm_tensor.scatter whose index columns also address its update slice dims moves slices into each
// other: no deterministic scheme keeps their elements apart, so both the GPU target and flexc-run stop
// with an error at the op (exit 1, nothing written), instead of crashing in the lowering.
// RUN: %flexc %s --allow-unregistered-dialect --machine=dgx-a100:1 --devices=1 --strategy=data-parallel -o %t.par.mlir
// RUN: %expect-exit 1 %flexc %t.par.mlir --allow-unregistered-dialect --target=cuda --gpu-emit=manifest -o %t.json 2>&1 | FileCheck %s
// RUN: not test -e %t.json
// RUN: %expect-exit 1 %flexc-run %t.par.mlir --allow-unregistered-dialect --check 2>&1 | FileCheck %s

// CHECK: par.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tm_tensor.scatter' whose index columns address its update slice dims has no lowering

func.func @f(%rows: tensor<4x5xf32>, %idx: tensor<4x2xi64>) -> tensor<6x5xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %r = "tm_tensor.scatter"(%rows, %idx, %z) <{dimension_map = array<i64: 0, 1>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.addf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<4x5xf32>, tensor<4x2xi64>, tensor<6x5xf32>) -> tensor<6x5xf32>
  return %r : tensor<6x5xf32>
}
