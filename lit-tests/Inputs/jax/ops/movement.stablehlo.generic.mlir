"builtin.module"() <{sym_name = "jit_movement"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<6x6xf32>, tensor<6x2xf32>) -> (tensor<11x8xf32>, tensor<6x8xf32>, tensor<3x5xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<12x4xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x6xf32>, %arg1: tensor<6x2xf32>):
    %0 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: -1, 0>, edge_padding_low = array<i64: 1, 2>, interior_padding = array<i64: 1, 0>}> : (tensor<6x6xf32>, tensor<f32>) -> tensor<11x8xf32>
    %2 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<6x6xf32>, tensor<6x2xf32>) -> tensor<6x8xf32>
    %3 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 6, 6>, start_indices = array<i64: 0, 1>, strides = array<i64: 2, 1>}> : (tensor<6x6xf32>) -> tensor<3x5xf32>
    %4 = "stablehlo.reverse"(%arg0) <{dimensions = array<i64: 0>}> : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %5 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<6xf32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 1>}> : (tensor<6xf32>) -> tensor<1x6xf32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x6xf32>) -> tensor<6x6xf32>
    %8 = "stablehlo.multiply"(%7, %arg0) : (tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
    %9 = "stablehlo.reshape"(%2) : (tensor<6x8xf32>) -> tensor<3x4x4xf32>
    %10 = "stablehlo.transpose"(%9) <{permutation = array<i64: 2, 0, 1>}> : (tensor<3x4x4xf32>) -> tensor<4x3x4xf32>
    %11 = "stablehlo.reshape"(%10) : (tensor<4x3x4xf32>) -> tensor<12x4xf32>
    "func.return"(%1, %2, %3, %4, %8, %11) : (tensor<11x8xf32>, tensor<6x8xf32>, tensor<3x5xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<12x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
