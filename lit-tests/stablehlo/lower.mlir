// RUN: %flexc --allow-unregistered-dialect %s --pass-pipeline='builtin.module(stablehlo-to-linalg)' | FileCheck %s
// stablehlo-to-linalg per op family: the replacing ops, their maps and bodies, and the strategy
// carried from the StableHLO op to the op with its loops.

// CHECK-LABEL: func.func @elementwise
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ID2:.*]], #[[SCALAR:.*]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<f32>) outs(%[[E]] : tensor<8x4xf32>) attrs =  {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>, par.space = #par.space<array<i64: 8, 4>, "SA">}
// CHECK: arith.maximumf
// CHECK: math.tanh
// CHECK: arith.cmpf ogt
// CHECK: arith.select
// CHECK: arith.sitofp
func.func @elementwise(%x: tensor<8x4xf32>, %s: tensor<f32>, %n: tensor<8x4xi32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = "stablehlo.maximum"(%x, %s) {par.config = #par.config<array<i64: 2, 1>, array<i64: 0, 1>>, par.space = #par.space<array<i64: 8, 4>, "SA">} : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32>
  %1 = "stablehlo.tanh"(%0) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %2 = "stablehlo.compare"(%0, %1) <{comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
  %3 = "stablehlo.select"(%2, %0, %1) : (tensor<8x4xi1>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %4 = "stablehlo.convert"(%n) : (tensor<8x4xi32>) -> tensor<8x4xf32>
  return %0, %1, %3, %4 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}

// CHECK-LABEL: func.func @movement
// CHECK: arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[BCAST:.*]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<1x4xf32>)
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2]] : tensor<8x2x2xf32> into tensor<8x4xf32>
// CHECK: linalg.generic {indexing_maps = [#[[TRANSPOSE:.*]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x4xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: tensor.concat dim(1)
// CHECK: tensor.pad %arg0 low[1, 0] high[0, 2]
func.func @movement(%x: tensor<8x4xf32>, %y: tensor<8x2x2xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x8xf32>, tensor<9x6xf32>) {
  %c = "stablehlo.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %r = "stablehlo.reshape"(%c) : (tensor<4xf32>) -> tensor<1x4xf32>
  %b = "stablehlo.broadcast_in_dim"(%r) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf32>) -> tensor<8x4xf32>
  %m = "stablehlo.reshape"(%y) : (tensor<8x2x2xf32>) -> tensor<8x4xf32>
  %t = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %j = "stablehlo.concatenate"(%x, %m) <{dimension = 1 : i64}> : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x8xf32>
  %z = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  %p = "stablehlo.pad"(%x, %z) <{edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 2>, interior_padding = array<i64: 0, 0>}> : (tensor<8x4xf32>, tensor<f32>) -> tensor<9x6xf32>
  return %b, %m, %t, %j, %p : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x8xf32>, tensor<8x8xf32>, tensor<9x6xf32>
}

// A dot_general keeps the importer's loops (batch, lhs free, rhs free, contracting) and its strategy.
// CHECK-LABEL: func.func @contraction
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x8x16xf32>, tensor<2x16x4xf32>) outs(%[[INIT]] : tensor<2x8x4xf32>) attrs =  {par.config = #par.config<array<i64: 1, 2, 1, 2>, array<i64: 0, 1, 2, 3>>}
// CHECK: arith.mulf
// CHECK: arith.addf
// The reducer's body becomes the generic's body; the init value is broadcast.
// CHECK: linalg.generic {{.*}} ins(%arg2 : tensor<f32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<8x4xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: arith.maximumf
func.func @contraction(%a: tensor<2x8x16xf32>, %b: tensor<2x16x4xf32>, %init: tensor<f32>, %x: tensor<8x4xf32>) -> (tensor<2x8x4xf32>, tensor<8xf32>) {
  %0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> {par.config = #par.config<array<i64: 1, 2, 1, 2>, array<i64: 0, 1, 2, 3>>} : (tensor<2x8x16xf32>, tensor<2x16x4xf32>) -> tensor<2x8x4xf32>
  %1 = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 1>}> ({
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %m = "stablehlo.maximum"(%acc, %e) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%m) : (tensor<f32>) -> ()
  }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
  return %0, %1 : tensor<2x8x4xf32>, tensor<8xf32>
}

// A gather is a one-hot reduction over the table rows: the clamped index selects the row.
// CHECK-LABEL: func.func @gather
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<256x64xf32>, tensor<2x16x1xi32>)
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: linalg.index 3 : index
// CHECK: arith.cmpi eq
// CHECK: arith.select
// CHECK: arith.addf
func.func @gather(%table: tensor<256x64xf32>, %ids: tensor<2x16x1xi32>) -> tensor<2x16x64xf32> {
  %0 = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<2x16x1xi32>) -> tensor<2x16x64xf32>
  return %0 : tensor<2x16x64xf32>
}

// A reshape that neither splits nor merges goes through one dim; its ops read a partitioned value,
// so they run whole on the strategy's first device (3).
// CHECK-LABEL: func.func @mixed_reshape
// CHECK: tensor.collapse_shape %[[X:.*]] {{\[\[}}0, 1]] {par.config = #par.config<array<i64: 1, 1>, array<i64: 3>>} : tensor<6x4xf32> into tensor<24xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 6] {par.config = #par.config<array<i64: 1, 1>, array<i64: 3>>} : tensor<24xf32> into tensor<4x6xf32>
func.func @mixed_reshape(%x: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %0 = "stablehlo.negate"(%x) {par.config = #par.config<array<i64: 2, 1>, array<i64: 3, 1>>} : (tensor<6x4xf32>) -> tensor<6x4xf32>
  %1 = "stablehlo.reshape"(%0) {par.config = #par.config<array<i64: 2, 1, 1, 1>, array<i64: 3, 1>>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// CHECK-NOT: stablehlo.
