// Recomputation in a scheduled program: a training step whose forward makes s = y ⊗ y ([4, 8, 8]),
// larger than anything its weighted op (y = x·w, [4, 8]) touches, from no weight; its backward reads s.
// Two micro-batches of 2 samples on one device: the step loop runs F(j), B(j).
//
// Without recomputation the forward's result that the backward reads (s) is stashed between the
// steps. Selective recomputation (the simulator's rule, Phases::recomputed) drops s: the stash
// holds y only, and the backward computes s again from it before reading it. Full recomputation keeps
// nothing of the stage's own forward (its inputs are arguments here): no stash, the backward replays
// the forward.
// RUN: %flexc %s --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=NONE
// RUN: sed -e 's/recompute = "none"/recompute = "selective"/' %s | %flexc - --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=SELECTIVE
// RUN: sed -e 's/recompute = "none"/recompute = "full"/' %s | %flexc - --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s --check-prefix=FULL

// Every variant computes what the serial step does.
// RUN: %flexc-run %s --check | FileCheck %s --check-prefix=VALUES
// RUN: sed -e 's/recompute = "none"/recompute = "selective"/' %s > %t.selective.mlir
// RUN: %flexc-run %t.selective.mlir --check | FileCheck %s --check-prefix=VALUES
// RUN: sed -e 's/recompute = "none"/recompute = "full"/' %s > %t.full.mlir
// RUN: %flexc-run %t.full.mlir --check | FileCheck %s --check-prefix=VALUES
// VALUES: @step: serial vs 1 devices
// VALUES-COUNT-2: ok

// NONE-LABEL: func.func @step_device0(
// The stash holds s (what the backward reads), one slot; the loss and the weight gradient accumulate.
// NONE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<1x2x8x8xf32>, tensor<f32>, tensor<8x8xf32>)

// SELECTIVE-LABEL: func.func @step_device0(
// SELECTIVE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[Y:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<1x2x8xf32>, tensor<f32>, tensor<8x8xf32>)
// The forward: y, s, the loss; y stashed.
// SELECTIVE: linalg.matmul
// SELECTIVE: %[[S:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x8x8xf32>)
// SELECTIVE: linalg.generic {{.*}} ins(%[[S]] : tensor<2x8x8xf32>)
// SELECTIVE: tensor.insert_slice %{{.*}} into %[[Y]][
// The backward: y from the stash, s again, then the backward op on it.
// SELECTIVE: %[[YB:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0] [1, 2, 8] [1, 1, 1] : tensor<1x2x8xf32> to tensor<2x8xf32>
// SELECTIVE: %[[S2:.*]] = linalg.generic {{.*}} ins(%[[YB]], %[[YB]] : tensor<2x8xf32>, tensor<2x8xf32>) outs(%{{.*}} : tensor<2x8x8xf32>)
// SELECTIVE: linalg.generic {{.*}} ins(%[[S2]] : tensor<2x8x8xf32>)
// SELECTIVE: scf.yield

// FULL-LABEL: func.func @step_device0(
// FULL: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<f32>, tensor<8x8xf32>)
// FULL-COUNT-2: linalg.matmul
// FULL: scf.yield

#x = affine_map<(b, i, k) -> (b, k)>
#w = affine_map<(b, i, k) -> (k, i)>
#y = affine_map<(b, i, k) -> (b, i)>
#o0 = affine_map<(b, i, j) -> (b, i)>
#o1 = affine_map<(b, i, j) -> (b, j)>
#o = affine_map<(b, i, j) -> (b, i, j)>
#all = affine_map<(b, i, j) -> ()>
#gi = affine_map<(b, i, j) -> (b, i)>
#dwx = affine_map<(k, i, b) -> (b, k)>
#dwg = affine_map<(k, i, b) -> (b, i)>
#dw = affine_map<(k, i, b) -> (k, i)>
#id = affine_map<(k, i) -> (k, i)>
module attributes {par.machine = #par.machine<"dgx-a100:1", {devices = 1 : i64}>, par.schedule = #par.schedule<{chunks = 1 : i64, micro_batches = 2 : i64, order = "1f1b", recompute = "none", replicas = 1 : i64, stages = 1 : i64, zero = 0 : i64}>} {
  func.func @step(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %y = linalg.matmul {par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8, 8>, "SPR">}
           ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
    %e3 = tensor.empty() : tensor<4x8x8xf32>
    %s = linalg.generic {indexing_maps = [#o0, #o1, #o], iterator_types = ["parallel", "parallel", "parallel"]}
           ins(%y, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e3 : tensor<4x8x8xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8, 8>, "SAA">} {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %p = arith.mulf %a, %b : f32
      linalg.yield %p : f32
    } -> tensor<4x8x8xf32>
    %e0 = tensor.empty() : tensor<f32>
    %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %loss = linalg.generic {indexing_maps = [#o, #all], iterator_types = ["reduction", "reduction", "reduction"]}
           ins(%s : tensor<4x8x8xf32>) outs(%z0 : tensor<f32>)
           attrs = {par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8, 8>, "SRR">} {
    ^bb0(%a: f32, %out: f32):
      %t = arith.addf %out, %a : f32
      linalg.yield %t : f32
    } -> tensor<f32>
    %g = linalg.generic {indexing_maps = [#o, #gi], iterator_types = ["parallel", "parallel", "reduction"]}
           ins(%s : tensor<4x8x8xf32>) outs(%z : tensor<4x8xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 4, 8, 8>, "SAR">} {
    ^bb0(%a: f32, %out: f32):
      %t = arith.addf %out, %a : f32
      linalg.yield %t : f32
    } -> tensor<4x8xf32>
    %ew = tensor.empty() : tensor<8x8xf32>
    %zw = linalg.fill ins(%zero : f32) outs(%ew : tensor<8x8xf32>) -> tensor<8x8xf32>
    %dw = linalg.generic {indexing_maps = [#dwx, #dwg, #dw], iterator_types = ["parallel", "parallel", "reduction"]}
           ins(%x, %g : tensor<4x8xf32>, tensor<4x8xf32>) outs(%zw : tensor<8x8xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 8, 8, 4>, "AAS">} {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %p = arith.mulf %a, %b : f32
      %t = arith.addf %out, %p : f32
      linalg.yield %t : f32
    } -> tensor<8x8xf32>
    %new = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
           ins(%w, %dw : tensor<8x8xf32>, tensor<8x8xf32>) outs(%ew : tensor<8x8xf32>)
           attrs = {par.config = #par.config<array<i64: 1, 1>, array<i64: 0>>, par.space = #par.space<array<i64: 8, 8>, "PP">} {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %t = arith.subf %a, %b : f32
      linalg.yield %t : f32
    } -> tensor<8x8xf32>
    return %new, %loss : tensor<8x8xf32>, tensor<f32>
  }
}
