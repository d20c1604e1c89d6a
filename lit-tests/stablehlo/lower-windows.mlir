// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' | FileCheck %s
// stablehlo-to-linalg for windowed and indexed ops: convolution, reduce_window, select_and_scatter,
// scatter, iota and dynamic_slice with constant indices.

// A padded convolution reads a tensor.pad of its input; the generic keeps the importer's loops
// (output dims in output order, input feature and window reductions) and the strategy.
// CHECK-LABEL: func.func @conv
// CHECK: tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: linalg.fill
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%{{.*}}, %arg1 : tensor<2x10x10x3xf32>, tensor<3x3x3x4xf32>) outs(%{{.*}} : tensor<2x4x4x4xf32>) attrs =  {par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1>, array<i64: 0, 1>>}
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @conv(%x: tensor<2x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<2x4x4x4xf32> {
  %0 = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>}> {par.config = #par.config<array<i64: 2, 1, 1, 1, 1, 1, 1>, array<i64: 0, 1>>} : (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}

// Max pooling: the input padded with the init value, a window-shaped operand gives the window loops
// their ranges, the reducer is the body.
// CHECK-LABEL: func.func @pool
// CHECK: %[[INIT:.*]] = tensor.extract %arg1[] : tensor<f32>
// CHECK: tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[INIT]] : f32
// CHECK: tensor.empty() : tensor<1x2x2x1xi8>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
// CHECK: arith.maximumf
func.func @pool(%x: tensor<1x5x5x2xf32>, %init: tensor<f32>) -> tensor<1x3x3x2xf32> {
  %0 = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<1x5x5x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// select_and_scatter: the selected window position per source element (select body: ge), then the
// source added there (scatter body: add).
// CHECK-LABEL: func.func @pool_grad
// CHECK: %{{.*}}:2 = linalg.generic
// CHECK: arith.cmpf oge
// CHECK: linalg.generic
// CHECK: arith.cmpi eq
// CHECK: arith.addf
func.func @pool_grad(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %zero: tensor<f32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.select_and_scatter"(%x, %s, %zero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%t) : (tensor<f32>) -> ()
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// scatter-add: loops over the updates and the indexed rows; the update applies where the index
// equals the row, as `out + select(hit, update, 0)`: the body accumulates its result with an add, so
// par-materialize can split the update loop into partial sums (the embedding gradient over the
// samples).
// CHECK-LABEL: func.func @scatter
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel"]} ins(%arg1, %arg2 : tensor<3x1xi32>, tensor<3x4xf32>) outs(%arg0 : tensor<10x4xf32>)
// CHECK: ^bb0(%[[I:.*]]: i32, %[[U:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK: linalg.index 2 : index
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[PICK:.*]] = arith.select %{{.*}}, %[[U]], %[[ZERO]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[OUT]], %[[PICK]] : f32
// CHECK: linalg.yield %[[SUM]] : f32
func.func @scatter(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<10x4xf32> {
  %0 = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0 : tensor<10x4xf32>
}

// CHECK-LABEL: func.func @iota_slice
// CHECK: linalg.index 1 : index
// CHECK: arith.sitofp
// The constant start 5 is clamped to 4 (size 6 - slice 2), as StableHLO does.
// CHECK: tensor.extract_slice %arg0[1, 4] [2, 2] [1, 1] : tensor<4x6xf32> to tensor<2x2xf32>
func.func @iota_slice(%x: tensor<4x6xf32>) -> (tensor<2x3xf32>, tensor<2x2xf32>) {
  %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x3xf32>
  %i = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
  %j = "stablehlo.constant"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
  %1 = "stablehlo.dynamic_slice"(%x, %i, %j) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x2xf32>
}

// CHECK-NOT: stablehlo.
