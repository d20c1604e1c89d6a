// tm_tensor.scatter cut along the result dim its rows follow: in a max-pool backward the index columns
// 0 and 1 are (n, c) of the window, so the rows of samples [lo, hi) land in samples [lo, hi) only.
// Data parallelism over 2 devices gives each device the rows of its samples, a slice of the indices
// and the whole destination (of which only its samples are read and kept), with the finest blocks
// proven on the serial op (flexc.scatter_row_block: one (n, c) plane of 4 windows) for its lowering.
// Both device programs run against the serial one on CPU (positions in the plane: integer inputs in [0, 8)).
// RUN: %flexc %s --allow-unregistered-dialect --machine=dgx-a100:1 --devices=2 --strategy=data-parallel -o %t.par.mlir
// RUN: %flexc %t.par.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(par-materialize)' | FileCheck %s
// RUN: %flexc-run %t.par.mlir --allow-unregistered-dialect --check | FileCheck %s --check-prefix=EXEC
// A split along another dim than the one the rows follow is refused at the op.
// RUN: sed -e '/^    }) {par.config/s/array<i64: 2, 1, 1, 1, 1>/array<i64: 1, 1, 2, 1, 1>/' %t.par.mlir > %t.bad.par.mlir
// RUN: %expect-exit 1 %flexc %t.bad.par.mlir --allow-unregistered-dialect --pass-pipeline='builtin.module(par-materialize)' 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @f_device1(
// CHECK: "tm_tensor.scatter"(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK: {flexc.scatter_row_block = 4 : i64} : (tensor<12xf32>, tensor<12x4xi64>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
// CHECK: tensor.extract_slice %{{.*}}[1, 0, 0, 0] [1, 3, 8, 8] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<1x3x8x8xf32>

// EXEC: @f: serial vs 2 devices
// EXEC: result 0 tensor<2x3x8x8xf32>: max |a-b| 0.000e0, {{.*}} ok

// BAD: bad.par.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'tm_tensor.scatter' op can only be split along result dim 0, which its rows follow

#g5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
func.func @f(%grad: tensor<2x3x2x2xf32>, %ph: tensor<2x3x2x2xi64>, %pw: tensor<2x3x2x2xi64>) -> tensor<2x3x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e5 = tensor.empty() : tensor<2x3x2x2x4xi64>
  %ind = linalg.generic {indexing_maps = [#g5, #g5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%ph, %pw : tensor<2x3x2x2xi64>, tensor<2x3x2x2xi64>) outs(%e5 : tensor<2x3x2x2x4xi64>) {
  ^bb0(%h: i64, %w: i64, %o: i64):
    %k = linalg.index 4 : index
    %n = linalg.index 0 : index
    %c = linalg.index 1 : index
    %is0 = arith.cmpi eq, %k, %c0 : index
    %is1 = arith.cmpi eq, %k, %c1 : index
    %is2 = arith.cmpi eq, %k, %c2 : index
    %ni = arith.index_cast %n : index to i64
    %ci = arith.index_cast %c : index to i64
    %hw = arith.select %is2, %h, %w : i64
    %chw = arith.select %is1, %ci, %hw : i64
    %v = arith.select %is0, %ni, %chw : i64
    linalg.yield %v : i64
  } -> tensor<2x3x2x2x4xi64>
  %flat = tensor.collapse_shape %ind [[0, 1, 2, 3], [4]] : tensor<2x3x2x2x4xi64> into tensor<24x4xi64>
  %g = tensor.collapse_shape %grad [[0, 1, 2, 3]] : tensor<2x3x2x2xf32> into tensor<24xf32>
  %e4 = tensor.empty() : tensor<2x3x8x8xf32>
  %z4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
  %r = "tm_tensor.scatter"(%g, %flat, %z4) <{dimension_map = array<i64: 0, 1, 2, 3>, operandSegmentSizes = array<i32: 2, 1>, unique_indices = false}> ({
  ^bb0(%u: f32, %cur: f32):
    %s = arith.addf %cur, %u : f32
    "tm_tensor.yield"(%s) : (f32) -> ()
  }) : (tensor<24xf32>, tensor<24x4xi64>, tensor<2x3x8x8xf32>) -> tensor<2x3x8x8xf32>
  return %r : tensor<2x3x8x8xf32>
}
