"builtin.module"() <{sym_name = "jit_elementwise"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg13: tensor<4x5xf32>, %arg14: tensor<4x5xf32>, %arg15: tensor<4x5xi32>):
    %46 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %47 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %48 = "func.call"(%arg13, %46, %47) <{callee = @clip}> : (tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> tensor<4x5xf32>
    %49 = "stablehlo.abs"(%arg14) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %50 = "stablehlo.constant"() <{value = dense<1.500000e+00> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.broadcast_in_dim"(%50) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %52 = "stablehlo.power"(%49, %51) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %53 = "stablehlo.add"(%48, %52) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %54 = "stablehlo.abs"(%arg13) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %55 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %56 = "stablehlo.broadcast_in_dim"(%55) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %57 = "stablehlo.add"(%54, %56) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %58 = "stablehlo.log"(%57) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %59 = "stablehlo.subtract"(%53, %58) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %60 = "stablehlo.compare"(%arg13, %arg14) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %61 = "stablehlo.constant"() <{value = dense<3.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %62 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %63 = "stablehlo.multiply"(%arg13, %62) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %64 = "stablehlo.ceil"(%63) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %65 = "stablehlo.sign"(%arg14) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %66 = "stablehlo.negate"(%65) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %67 = "func.call"(%60, %64, %66) <{callee = @_where}> : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %68 = "stablehlo.negate"(%arg13) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %69 = "stablehlo.exponential"(%68) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %70 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %71 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %72 = "stablehlo.add"(%71, %69) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %73 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %74 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %75 = "stablehlo.divide"(%74, %72) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %76 = "stablehlo.multiply"(%67, %75) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %77 = "stablehlo.constant"() <{value = dense<5.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %78 = "stablehlo.broadcast_in_dim"(%77) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %79 = "stablehlo.multiply"(%arg13, %78) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %80 = "stablehlo.constant"() <{value = dense<1.500000e+00> : tensor<f32>}> : () -> tensor<f32>
    %81 = "func.call"(%79, %80) <{callee = @remainder}> : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %82 = "chlo.erf"(%arg14) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %83 = "stablehlo.add"(%81, %82) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %84 = "stablehlo.exponential"(%arg13) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %85 = "stablehlo.abs"(%arg14) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %86 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %87 = "stablehlo.broadcast_in_dim"(%86) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %88 = "stablehlo.add"(%85, %87) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %89 = "stablehlo.sqrt"(%88) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %90 = "stablehlo.divide"(%84, %89) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %91 = "stablehlo.add"(%83, %90) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %92 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %93 = "func.call"(%arg15, %92) <{callee = @remainder_0}> : (tensor<4x5xi32>, tensor<i32>) -> tensor<4x5xi32>
    %94 = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
    %95 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %96 = "stablehlo.multiply"(%93, %95) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %97 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %99 = "stablehlo.and"(%arg15, %98) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %100 = "stablehlo.subtract"(%96, %99) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %101 = "stablehlo.constant"() <{value = dense<4> : tensor<i32>}> : () -> tensor<i32>
    %102 = "stablehlo.broadcast_in_dim"(%101) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %103 = "stablehlo.maximum"(%arg15, %102) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %104 = "stablehlo.add"(%100, %103) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %105 = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
    %106 = "stablehlo.broadcast_in_dim"(%105) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %107 = "stablehlo.minimum"(%arg15, %106) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %108 = "stablehlo.subtract"(%104, %107) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %109 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %110 = "stablehlo.broadcast_in_dim"(%109) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %111 = "stablehlo.multiply"(%arg13, %110) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %112 = "stablehlo.convert"(%111) : (tensor<4x5xf32>) -> tensor<4x5xi32>
    %113 = "stablehlo.convert"(%112) : (tensor<4x5xi32>) -> tensor<4x5xf32>
    %114 = "stablehlo.tanh"(%arg14) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %115 = "stablehlo.multiply"(%arg13, %arg13) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %116 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %117 = "stablehlo.broadcast_in_dim"(%116) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %118 = "stablehlo.add"(%115, %117) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %119 = "stablehlo.rsqrt"(%118) : (tensor<4x5xf32>) -> tensor<4x5xf32>
    %120 = "stablehlo.multiply"(%114, %119) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %121 = "stablehlo.add"(%113, %120) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%59, %76, %91, %108, %121) : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xi32>, tensor<4x5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x5xf32>, tensor<f32>, tensor<f32>) -> tensor<4x5xf32>, res_attrs = [{}], sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg10: tensor<4x5xf32>, %arg11: tensor<f32>, %arg12: tensor<f32>):
    %40 = "stablehlo.convert"(%arg11) : (tensor<f32>) -> tensor<f32>
    %41 = "stablehlo.broadcast_in_dim"(%40) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %42 = "stablehlo.maximum"(%41, %arg10) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %43 = "stablehlo.convert"(%arg12) : (tensor<f32>) -> tensor<f32>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %45 = "stablehlo.minimum"(%44, %42) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%45) : (tensor<4x5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg7: tensor<4x5xi1>, %arg8: tensor<4x5xf32>, %arg9: tensor<4x5xf32>):
    %39 = "stablehlo.select"(%arg7, %arg8, %arg9) : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%39) : (tensor<4x5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>, res_attrs = [{}], sym_name = "remainder", sym_visibility = "private"}> ({
  ^bb0(%arg5: tensor<4x5xf32>, %arg6: tensor<f32>):
    %22 = "stablehlo.convert"(%arg6) : (tensor<f32>) -> tensor<f32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %24 = "stablehlo.remainder"(%arg5, %23) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %25 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %27 = "stablehlo.compare"(%24, %26) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %28 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %29 = "stablehlo.broadcast_in_dim"(%28) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %30 = "stablehlo.compare"(%24, %29) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %31 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %32 = "stablehlo.compare"(%22, %31) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %33 = "stablehlo.broadcast_in_dim"(%32) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<4x5xi1>
    %34 = "stablehlo.compare"(%30, %33) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<4x5xi1>, tensor<4x5xi1>) -> tensor<4x5xi1>
    %35 = "stablehlo.and"(%34, %27) : (tensor<4x5xi1>, tensor<4x5xi1>) -> tensor<4x5xi1>
    %36 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %37 = "stablehlo.add"(%24, %36) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %38 = "stablehlo.select"(%35, %37, %24) : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%38) : (tensor<4x5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x5xi32>, tensor<i32>) -> tensor<4x5xi32>, res_attrs = [{}], sym_name = "remainder_0", sym_visibility = "private"}> ({
  ^bb0(%arg3: tensor<4x5xi32>, %arg4: tensor<i32>):
    %1 = "stablehlo.convert"(%arg4) : (tensor<i32>) -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.compare"(%1, %2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %5 = "func.call"(%3, %4, %1) <{callee = @_where_1}> : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %7 = "stablehlo.remainder"(%arg3, %6) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %8 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %10 = "stablehlo.compare"(%7, %9) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi1>
    %11 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %13 = "stablehlo.compare"(%7, %12) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi1>
    %14 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %15 = "stablehlo.compare"(%5, %14) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<4x5xi1>
    %17 = "stablehlo.compare"(%13, %16) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<4x5xi1>, tensor<4x5xi1>) -> tensor<4x5xi1>
    %18 = "stablehlo.and"(%17, %10) : (tensor<4x5xi1>, tensor<4x5xi1>) -> tensor<4x5xi1>
    %19 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x5xi32>
    %20 = "stablehlo.add"(%7, %19) : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    %21 = "stablehlo.select"(%18, %20, %7) : (tensor<4x5xi1>, tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi32>
    "func.return"(%21) : (tensor<4x5xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>, res_attrs = [{}], sym_name = "_where_1", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "func.return"(%0) : (tensor<i32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
