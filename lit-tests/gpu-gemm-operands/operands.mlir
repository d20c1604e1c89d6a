// gpu-gemm-operands puts contraction operands that no (batched) GEMM reads as they are into GEMM
// order with linalg.transpose, so that gpu-to-device calls cuBLAS on them: attention scores whose
// operands hold the heads inside the sequence (what par-substitute leaves when it folds the head
// transposes into the contraction), and a matmul that writes its result transposed (computed in
// order, then transposed back). A batched GEMM and a contraction that is no GEMM in any order (a
// dim of A alone) are left alone. The rewritten program computes what the original does.
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-gemm-operands)' | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t/ref
// RUN: %flexc-run %s --dump-outputs=%t/ref > %t/ref.log
// RUN: %flexc %s --pass-pipeline='builtin.module(gpu-gemm-operands)' -o %t/moved.mlir
// RUN: %flexc-run %t/moved.mlir --reference=%t/ref | FileCheck %s --check-prefix=SAME
// The GPU target's manifest: the scores and the transposed matmul are library calls.
// RUN: %flexc %s --devices=1 --target=cuda --gpu-emit=manifest -o - 2>/dev/null | FileCheck %s --check-prefix=GPU

// CHECK-DAG: #[[BHMK:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[BHKN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4, d3)>
// CHECK-DAG: #[[BHMN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK: func.func @main
// CHECK: %[[Q:.*]] = linalg.transpose ins(%arg0 : tensor<2x8x4x16xf32>) outs({{.*}} : tensor<2x4x8x16xf32>) permutation = [0, 2, 1, 3]
// CHECK: %[[K:.*]] = linalg.transpose ins(%arg1 : tensor<2x8x4x16xf32>) outs({{.*}} : tensor<2x4x16x8xf32>) permutation = [0, 2, 3, 1]
// CHECK: linalg.generic {indexing_maps = [#[[BHMK]], #[[BHKN]], #[[BHMN]]]{{.*}} ins(%[[Q]], %[[K]] :
// CHECK: %[[INIT:.*]] = linalg.transpose ins({{.*}} : tensor<16x8xf32>) outs({{.*}} : tensor<8x16xf32>) permutation = [1, 0]
// CHECK: %[[P:.*]] = linalg.generic {indexing_maps = [#[[MK]], #[[KN]], #[[MN]]]{{.*}} outs(%[[INIT]] : tensor<8x16xf32>)
// CHECK: %[[BACK:.*]] = linalg.transpose ins(%[[P]] : tensor<8x16xf32>) outs({{.*}} : tensor<16x8xf32>) permutation = [1, 0]
// CHECK: linalg.batch_matmul
// CHECK-NOT: linalg.transpose
// CHECK: return {{.*}}%[[BACK]]

// SAME: serial vs reference
// SAME-NEXT: result 0 tensor<2x4x8x8xf32>: {{.*}} ok
// SAME-NEXT: result 1 tensor<16x8xf32>: {{.*}} ok
// SAME-NEXT: result 2 tensor<2x8x8xf32>: {{.*}} ok
// SAME-NEXT: result 3 tensor<8x4xf32>: {{.*}} ok

// GPU: "placement": {{.*}}"library":{"flexc_gpu_batch_gemm_f32":4,"flexc_gpu_gemm_f32":2}

#scores_q = affine_map<(b, h, m, n, k) -> (b, m, h, k)>
#scores_k = affine_map<(b, h, m, n, k) -> (b, n, h, k)>
#scores = affine_map<(b, h, m, n, k) -> (b, h, m, n)>
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nm = affine_map<(m, n, k) -> (n, m)>
#alone = affine_map<(m, n, k, r) -> (m, k, r)>
#kn4 = affine_map<(m, n, k, r) -> (k, n)>
#mn4 = affine_map<(m, n, k, r) -> (m, n)>
func.func @main(%q: tensor<2x8x4x16xf32>, %k: tensor<2x8x4x16xf32>, %a: tensor<8x32xf32>,
                %b: tensor<32x16xf32>, %x: tensor<2x8x16xf32>, %y: tensor<2x16x8xf32>,
                %c: tensor<8x6x3xf32>, %d: tensor<6x4xf32>)
    -> (tensor<2x4x8x8xf32>, tensor<16x8xf32>, tensor<2x8x8xf32>, tensor<8x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x4x8x8xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
  %s = linalg.generic {indexing_maps = [#scores_q, #scores_k, #scores], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x8x4x16xf32>, tensor<2x8x4x16xf32>) outs(%z0 : tensor<2x4x8x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<2x4x8x8xf32>
  %e1 = tensor.empty() : tensor<16x8xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %pt = linalg.generic {indexing_maps = [#mk, #kn, #nm], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x32xf32>, tensor<32x16xf32>) outs(%z1 : tensor<16x8xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<16x8xf32>
  %e2 = tensor.empty() : tensor<2x8x8xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %bm = linalg.batch_matmul ins(%x, %y : tensor<2x8x16xf32>, tensor<2x16x8xf32>) outs(%z2 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %e3 = tensor.empty() : tensor<8x4xf32>
  %z3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [#alone, #kn4, #mn4], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%c, %d : tensor<8x6x3xf32>, tensor<6x4xf32>) outs(%z3 : tensor<8x4xf32>) {
  ^bb0(%l: f32, %r: f32, %acc: f32):
    %p = arith.mulf %l, %r : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<8x4xf32>
  return %s, %pt, %bm, %r : tensor<2x4x8x8xf32>, tensor<16x8xf32>, tensor<2x8x8xf32>, tensor<8x4xf32>
}
