"builtin.module"() <{sym_name = "jit_top_k"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4x6xf32>, tensor<5x7xi32>) -> (tensor<3x4x3xf32>, tensor<3x4x3xi32>, tensor<3x4x4xf32>, tensor<3x4x4xi32>, tensor<3x4x5xf32>, tensor<3x4x5xi32>, tensor<3x4x6xf32>, tensor<3x4x6xi32>, tensor<5x3xi32>, tensor<5x3xi32>), res_attrs = [{jax.result_info = "result[0][0]"}, {jax.result_info = "result[0][1]"}, {jax.result_info = "result[1][0]"}, {jax.result_info = "result[1][1]"}, {jax.result_info = "result[2][0]"}, {jax.result_info = "result[2][1]"}, {jax.result_info = "result[3][0]"}, {jax.result_info = "result[3][1]"}, {jax.result_info = "result[4][0]"}, {jax.result_info = "result[4][1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg7: tensor<3x4x6xf32>, %arg8: tensor<5x7xi32>):
    %7 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %9 = "stablehlo.multiply"(%arg7, %8) : (tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    %10 = "func.call"(%9) <{callee = @round}> : (tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    %11 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %13 = "stablehlo.divide"(%10, %12) : (tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    %14 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %16 = "stablehlo.compare"(%arg7, %15) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xi1>
    %17 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %18 = "stablehlo.constant"() <{value = dense<-0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %19 = "func.call"(%16, %17, %18) <{callee = @_where}> : (tensor<3x4x6xi1>, tensor<f32>, tensor<f32>) -> tensor<3x4x6xf32>
    %20 = "stablehlo.constant"() <{value = dense<8.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.broadcast_in_dim"(%20) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %22 = "stablehlo.compare"(%arg7, %21) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xi1>
    %23 = "stablehlo.constant"() <{value = dense<-8.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %25 = "stablehlo.compare"(%arg7, %24) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xi1>
    %26 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %27 = "func.call"(%25, %26, %arg7) <{callee = @_where_0}> : (tensor<3x4x6xi1>, tensor<f32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    %28 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %29 = "func.call"(%22, %28, %27) <{callee = @_where_0}> : (tensor<3x4x6xi1>, tensor<f32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    %30:2 = "chlo.top_k"(%arg7) <{is_stable = true, k = 3 : i64}> : (tensor<3x4x6xf32>) -> (tensor<3x4x3xf32>, tensor<3x4x3xi32>)
    %31:2 = "chlo.top_k"(%13) <{is_stable = true, k = 4 : i64}> : (tensor<3x4x6xf32>) -> (tensor<3x4x4xf32>, tensor<3x4x4xi32>)
    %32:2 = "chlo.top_k"(%19) <{is_stable = true, k = 5 : i64}> : (tensor<3x4x6xf32>) -> (tensor<3x4x5xf32>, tensor<3x4x5xi32>)
    %33:2 = "chlo.top_k"(%29) <{is_stable = true, k = 6 : i64}> : (tensor<3x4x6xf32>) -> (tensor<3x4x6xf32>, tensor<3x4x6xi32>)
    %34:2 = "chlo.top_k"(%arg8) <{is_stable = true, k = 3 : i64}> : (tensor<5x7xi32>) -> (tensor<5x3xi32>, tensor<5x3xi32>)
    "func.return"(%30#0, %30#1, %31#0, %31#1, %32#0, %32#1, %33#0, %33#1, %34#0, %34#1) : (tensor<3x4x3xf32>, tensor<3x4x3xi32>, tensor<3x4x4xf32>, tensor<3x4x4xi32>, tensor<3x4x5xf32>, tensor<3x4x5xi32>, tensor<3x4x6xf32>, tensor<3x4x6xi32>, tensor<5x3xi32>, tensor<5x3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4x6xf32>) -> tensor<3x4x6xf32>, res_attrs = [{}], sym_name = "round", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<3x4x6xf32>):
    %6 = "stablehlo.round_nearest_even"(%arg6) : (tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    "func.return"(%6) : (tensor<3x4x6xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<3x4x6xi1>, tensor<f32>, tensor<f32>) -> tensor<3x4x6xf32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg3: tensor<3x4x6xi1>, %arg4: tensor<f32>, %arg5: tensor<f32>):
    %3 = "stablehlo.broadcast_in_dim"(%arg4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %4 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %5 = "stablehlo.select"(%arg3, %3, %4) : (tensor<3x4x6xi1>, tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    "func.return"(%5) : (tensor<3x4x6xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<3x4x6xi1>, tensor<f32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>, res_attrs = [{}], sym_name = "_where_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x4x6xi1>, %arg1: tensor<f32>, %arg2: tensor<3x4x6xf32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4x6xf32>
    %2 = "stablehlo.select"(%arg0, %1, %arg2) : (tensor<3x4x6xi1>, tensor<3x4x6xf32>, tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
    "func.return"(%2) : (tensor<3x4x6xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
