#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0) -> (d0)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d3)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map13 = affine_map<(d0, d1) -> (0, d1)>
#map14 = affine_map<(d0, d1) -> (d0, 0)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map16 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map17 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3, d4)>
#map18 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, 0, 0)>
#map19 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map20 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#map21 = affine_map<(d0, d1, d2) -> ()>
#map22 = affine_map<() -> ()>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x64x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x64x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<f32>), sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4x32x64xf32>, %arg1: tensor<4x32x64xf32>, %arg2: tensor<4x64x32xf32>, %arg3: tensor<32x32xf32>, %arg4: tensor<32xf32>, %arg5: tensor<4x32xf32>, %arg6: tensor<32x32xf32>, %arg7: tensor<32xf32>, %arg8: tensor<4x16x32xf32>, %arg9: tensor<4x16x32xf32>):
    %0 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %4 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %5 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<4x4x10x64xf32>}> : () -> tensor<4x4x10x64xf32>
    %6 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "arith.constant"() <{value = dense<true> : tensor<32x32xi1>}> : () -> tensor<32x32xi1>
    %8 = "arith.constant"() <{value = 1.000000e-02 : f64}> : () -> f64
    %9 = "arith.constant"() <{value = 1.000000e+01 : f32}> : () -> f32
    %10 = "arith.constant"() <{value = 2.048000e+03 : f32}> : () -> f32
    %11 = "arith.constant"() <{value = 9.765625E-4 : f32}> : () -> f32
    %12 = "tensor.empty"() : () -> tensor<32x32xf32>
    %13 = "linalg.transpose"(%arg3, %12) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg419: f32, %arg420: f32):
      "linalg.yield"(%arg419) : (f32) -> ()
    }) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %14 = "tensor.collapse_shape"(%arg8) <{reassociation = [[0, 1], [2]]}> : (tensor<4x16x32xf32>) -> tensor<64x32xf32>
    %15 = "tensor.empty"() : () -> tensor<64x32xf32>
    %16 = "linalg.fill"(%2, %15) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg417: f32, %arg418: f32):
      "linalg.yield"(%arg417) : (f32) -> ()
    }) : (f32, tensor<64x32xf32>) -> tensor<64x32xf32>
    %17 = "linalg.matmul"(%14, %13, %16) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg414: f32, %arg415: f32, %arg416: f32):
      %453 = "arith.mulf"(%arg414, %arg415) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %454 = "arith.addf"(%arg416, %453) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%454) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %18 = "linalg.generic"(%arg4, %15) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg412: f32, %arg413: f32):
      "linalg.yield"(%arg412) : (f32) -> ()
    }) : (tensor<32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %19 = "linalg.generic"(%17, %18, %15) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg409: f32, %arg410: f32, %arg411: f32):
      %452 = "arith.addf"(%arg409, %arg410) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%452) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %20 = "tensor.expand_shape"(%19) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 4, 16, 32>}> : (tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %21 = "tensor.empty"() : () -> tensor<32x4xf32>
    %22 = "linalg.transpose"(%arg5, %21) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg407: f32, %arg408: f32):
      "linalg.yield"(%arg407) : (f32) -> ()
    }) : (tensor<4x32xf32>, tensor<32x4xf32>) -> tensor<32x4xf32>
    %23 = "tensor.empty"() : () -> tensor<64x4xf32>
    %24 = "linalg.fill"(%2, %23) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg405: f32, %arg406: f32):
      "linalg.yield"(%arg405) : (f32) -> ()
    }) : (f32, tensor<64x4xf32>) -> tensor<64x4xf32>
    %25 = "linalg.matmul"(%19, %22, %24) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg402: f32, %arg403: f32, %arg404: f32):
      %450 = "arith.mulf"(%arg402, %arg403) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %451 = "arith.addf"(%arg404, %450) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%451) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<32x4xf32>, tensor<64x4xf32>) -> tensor<64x4xf32>
    %26 = "tensor.expand_shape"(%25) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 4, 16, 4>}> : (tensor<64x4xf32>) -> tensor<4x16x4xf32>
    %27 = "tensor.empty"() : () -> tensor<4x16xi64>
    %28 = "linalg.fill"(%1, %27) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg400: i64, %arg401: i64):
      "linalg.yield"(%arg400) : (i64) -> ()
    }) : (i64, tensor<4x16xi64>) -> tensor<4x16xi64>
    %29 = "tensor.empty"() : () -> tensor<4x16xf32>
    %30 = "linalg.fill"(%3, %29) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg398: f32, %arg399: f32):
      "linalg.yield"(%arg398) : (f32) -> ()
    }) : (f32, tensor<4x16xf32>) -> tensor<4x16xf32>
    %31:2 = "linalg.generic"(%26, %30, %28) <{indexing_maps = [#map5, #map2, #map2], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 2>}> ({
    ^bb0(%arg395: f32, %arg396: f32, %arg397: i64):
      %445 = "linalg.index"() <{dim = 2 : i64}> : () -> index
      %446 = "arith.index_cast"(%445) : (index) -> i64
      %447 = "arith.maximumf"(%arg395, %arg396) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %448 = "arith.cmpf"(%arg395, %arg396) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %449 = "arith.select"(%448, %446, %arg397) : (i1, i64, i64) -> i64
      "linalg.yield"(%447, %449) : (f32, i64) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16xf32>, tensor<4x16xi64>) -> (tensor<4x16xf32>, tensor<4x16xi64>)
    %32 = "tensor.expand_shape"(%31#0) <{reassociation = [[0], [1, 2]], static_output_shape = array<i64: 4, 16, 1>}> : (tensor<4x16xf32>) -> tensor<4x16x1xf32>
    %33 = "tensor.empty"() : () -> tensor<4x16x4xf32>
    %34 = "linalg.generic"(%26, %32, %33) <{indexing_maps = [#map5, #map6, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg392: f32, %arg393: f32, %arg394: f32):
      %444 = "arith.subf"(%arg392, %arg393) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%444) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x1xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %35 = "linalg.generic"(%34, %33) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg390: f32, %arg391: f32):
      %443 = "math.exp"(%arg390) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%443) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %36 = "tensor.empty"() : () -> tensor<4x16x1xf32>
    %37 = "linalg.fill"(%2, %36) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg388: f32, %arg389: f32):
      "linalg.yield"(%arg388) : (f32) -> ()
    }) : (f32, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %38 = "linalg.generic"(%35, %37) <{indexing_maps = [#map5, #map6], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg386: f32, %arg387: f32):
      %442 = "arith.addf"(%arg386, %arg387) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%442) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %39 = "linalg.generic"(%35, %38, %33) <{indexing_maps = [#map5, #map6, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg383: f32, %arg384: f32, %arg385: f32):
      %441 = "arith.divf"(%arg383, %arg384) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%441) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x1xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %40 = "tensor.empty"() : () -> tensor<4x16x4xi64>
    %41 = "linalg.generic"(%40) <{indexing_maps = [#map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg382: i64):
      %439 = "linalg.index"() <{dim = 2 : i64}> : () -> index
      %440 = "arith.index_cast"(%439) : (index) -> i64
      "linalg.yield"(%440) : (i64) -> ()
    }) : (tensor<4x16x4xi64>) -> tensor<4x16x4xi64>
    %42:2 = "tm_tensor.sort"(%39, %41) <{dimension = 2 : i64, operandSegmentSizes = array<i32: 0, 2>}> ({
    ^bb0(%arg378: f32, %arg379: f32, %arg380: i64, %arg381: i64):
      %438 = "arith.cmpf"(%arg378, %arg379) <{fastmath = #arith.fastmath<none>, predicate = 3 : i64}> : (f32, f32) -> i1
      "tm_tensor.yield"(%438) : (i1) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x4xi64>) -> (tensor<4x16x4xf32>, tensor<4x16x4xi64>)
    %43 = "tensor.extract_slice"(%42#1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 4, 16, 2>, static_strides = array<i64: 1, 1, 1>}> : (tensor<4x16x4xi64>) -> tensor<4x16x2xi64>
    %44 = "tensor.empty"() : () -> tensor<4xi64>
    %45 = "linalg.generic"(%44) <{indexing_maps = [#map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg377: i64):
      %436 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %437 = "arith.index_cast"(%436) : (index) -> i64
      "linalg.yield"(%437) : (i64) -> ()
    }) : (tensor<4xi64>) -> tensor<4xi64>
    %46 = "tensor.expand_shape"(%43) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 4, 16, 2, 1>}> : (tensor<4x16x2xi64>) -> tensor<4x16x2x1xi64>
    %47 = "tensor.empty"() : () -> tensor<4x16x2x4xi1>
    %48 = "linalg.generic"(%46, %45, %47) <{indexing_maps = [#map8, #map9, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg374: i64, %arg375: i64, %arg376: i1):
      %435 = "arith.cmpi"(%arg374, %arg375) <{predicate = 0 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%435) : (i1) -> ()
    }) : (tensor<4x16x2x1xi64>, tensor<4xi64>, tensor<4x16x2x4xi1>) -> tensor<4x16x2x4xi1>
    %49 = "tensor.empty"() : () -> tensor<4x16x2x4xf32>
    %50 = "linalg.generic"(%48, %49) <{indexing_maps = [#map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg372: i1, %arg373: f32):
      %434 = "arith.uitofp"(%arg372) : (i1) -> f32
      "linalg.yield"(%434) : (f32) -> ()
    }) : (tensor<4x16x2x4xi1>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %51 = "tensor.expand_shape"(%39) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 4, 16, 1, 4>}> : (tensor<4x16x4xf32>) -> tensor<4x16x1x4xf32>
    %52 = "linalg.generic"(%51, %50, %49) <{indexing_maps = [#map11, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg369: f32, %arg370: f32, %arg371: f32):
      %433 = "arith.mulf"(%arg369, %arg370) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%433) : (f32) -> ()
    }) : (tensor<4x16x1x4xf32>, tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %53 = "tensor.empty"() : () -> tensor<4x16x2xf32>
    %54 = "linalg.fill"(%2, %53) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg367: f32, %arg368: f32):
      "linalg.yield"(%arg367) : (f32) -> ()
    }) : (f32, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %55 = "linalg.generic"(%52, %54) <{indexing_maps = [#map10, #map12], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg365: f32, %arg366: f32):
      %432 = "arith.addf"(%arg365, %arg366) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%432) : (f32) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %56 = "linalg.generic"(%55, %37) <{indexing_maps = [#map5, #map6], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg363: f32, %arg364: f32):
      %431 = "arith.addf"(%arg363, %arg364) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%431) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %57 = "linalg.generic"(%55, %56, %53) <{indexing_maps = [#map5, #map6, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg360: f32, %arg361: f32, %arg362: f32):
      %430 = "arith.divf"(%arg360, %arg361) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%430) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x1xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %58 = "tensor.empty"() : () -> tensor<4x2x16x4xf32>
    %59 = "linalg.transpose"(%50, %58) <{permutation = array<i64: 0, 2, 1, 3>}> ({
    ^bb0(%arg358: f32, %arg359: f32):
      "linalg.yield"(%arg358) : (f32) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<4x2x16x4xf32>) -> tensor<4x2x16x4xf32>
    %60 = "tensor.collapse_shape"(%59) <{reassociation = [[0], [1, 2], [3]]}> : (tensor<4x2x16x4xf32>) -> tensor<4x32x4xf32>
    %61 = "tensor.empty"() : () -> tensor<32xi64>
    %62 = "linalg.generic"(%61) <{indexing_maps = [#map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg357: i64):
      %428 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %429 = "arith.index_cast"(%428) : (index) -> i64
      "linalg.yield"(%429) : (i64) -> ()
    }) : (tensor<32xi64>) -> tensor<32xi64>
    %63 = "tensor.expand_shape"(%62) <{reassociation = [[0, 1]], static_output_shape = array<i64: 1, 32>}> : (tensor<32xi64>) -> tensor<1x32xi64>
    %64 = "tensor.expand_shape"(%62) <{reassociation = [[0, 1]], static_output_shape = array<i64: 32, 1>}> : (tensor<32xi64>) -> tensor<32x1xi64>
    %65 = "tensor.empty"() : () -> tensor<32x32xi64>
    %66 = "linalg.generic"(%63, %64, %65) <{indexing_maps = [#map13, #map14, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg354: i64, %arg355: i64, %arg356: i64):
      %427 = "arith.subi"(%arg354, %arg355) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "linalg.yield"(%427) : (i64) -> ()
    }) : (tensor<1x32xi64>, tensor<32x1xi64>, tensor<32x32xi64>) -> tensor<32x32xi64>
    %67 = "tensor.empty"() : () -> tensor<32x32xi1>
    %68 = "linalg.generic"(%66, %67) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg352: i64, %arg353: i1):
      %426 = "arith.cmpi"(%arg352, %1) <{predicate = 3 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%426) : (i1) -> ()
    }) : (tensor<32x32xi64>, tensor<32x32xi1>) -> tensor<32x32xi1>
    %69 = "linalg.generic"(%68, %7, %67) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg349: i1, %arg350: i1, %arg351: i1):
      %425 = "arith.andi"(%arg349, %arg350) : (i1, i1) -> i1
      "linalg.yield"(%425) : (i1) -> ()
    }) : (tensor<32x32xi1>, tensor<32x32xi1>, tensor<32x32xi1>) -> tensor<32x32xi1>
    %70 = "linalg.generic"(%69, %12) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg347: i1, %arg348: f32):
      %424 = "arith.uitofp"(%arg347) : (i1) -> f32
      "linalg.yield"(%424) : (f32) -> ()
    }) : (tensor<32x32xi1>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %71 = "tensor.empty"() : () -> tensor<4x4x32xf32>
    %72 = "linalg.transpose"(%60, %71) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg345: f32, %arg346: f32):
      "linalg.yield"(%arg345) : (f32) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x4x32xf32>) -> tensor<4x4x32xf32>
    %73 = "tensor.expand_shape"(%72) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 4, 4, 1, 32>}> : (tensor<4x4x32xf32>) -> tensor<4x4x1x32xf32>
    %74 = "tensor.empty"() : () -> tensor<4x4x32x32xf32>
    %75 = "linalg.generic"(%73, %70, %74) <{indexing_maps = [#map11, #map15, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg342: f32, %arg343: f32, %arg344: f32):
      %423 = "arith.mulf"(%arg342, %arg343) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%423) : (f32) -> ()
    }) : (tensor<4x4x1x32xf32>, tensor<32x32xf32>, tensor<4x4x32x32xf32>) -> tensor<4x4x32x32xf32>
    %76 = "linalg.fill"(%2, %71) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg340: f32, %arg341: f32):
      "linalg.yield"(%arg340) : (f32) -> ()
    }) : (f32, tensor<4x4x32xf32>) -> tensor<4x4x32xf32>
    %77 = "linalg.generic"(%75, %76) <{indexing_maps = [#map10, #map12], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg338: f32, %arg339: f32):
      %422 = "arith.addf"(%arg338, %arg339) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%422) : (f32) -> ()
    }) : (tensor<4x4x32x32xf32>, tensor<4x4x32xf32>) -> tensor<4x4x32xf32>
    %78 = "tensor.empty"() : () -> tensor<4x32x4xf32>
    %79 = "linalg.transpose"(%77, %78) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg336: f32, %arg337: f32):
      "linalg.yield"(%arg336) : (f32) -> ()
    }) : (tensor<4x4x32xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %80 = "linalg.generic"(%79, %60, %78) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg333: f32, %arg334: f32, %arg335: f32):
      %421 = "arith.mulf"(%arg333, %arg334) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%421) : (f32) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %81 = "linalg.generic"(%80, %78) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg331: f32, %arg332: f32):
      %420 = "arith.subf"(%arg331, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%420) : (f32) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %82 = "tensor.empty"() : () -> tensor<4x32x4xi1>
    %83 = "linalg.generic"(%81, %82) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg329: f32, %arg330: i1):
      %419 = "arith.cmpf"(%arg329, %9) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
      "linalg.yield"(%419) : (i1) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x32x4xi1>) -> tensor<4x32x4xi1>
    %84 = "linalg.generic"(%83, %78) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg327: i1, %arg328: f32):
      %418 = "arith.uitofp"(%arg327) : (i1) -> f32
      "linalg.yield"(%418) : (f32) -> ()
    }) : (tensor<4x32x4xi1>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %85 = "linalg.generic"(%60, %84, %78) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg324: f32, %arg325: f32, %arg326: f32):
      %417 = "arith.mulf"(%arg324, %arg325) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%417) : (f32) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %86 = "tensor.empty"() : () -> tensor<10xi64>
    %87 = "linalg.generic"(%86) <{indexing_maps = [#map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg323: i64):
      %415 = "linalg.index"() <{dim = 0 : i64}> : () -> index
      %416 = "arith.index_cast"(%415) : (index) -> i64
      "linalg.yield"(%416) : (i64) -> ()
    }) : (tensor<10xi64>) -> tensor<10xi64>
    %88 = "linalg.generic"(%81, %78) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg321: f32, %arg322: f32):
      %413 = "arith.cmpf"(%arg321, %2) <{fastmath = #arith.fastmath<none>, predicate = 11 : i64}> : (f32, f32) -> i1
      %414 = "arith.select"(%413, %2, %arg321) : (i1, f32, f32) -> f32
      "linalg.yield"(%414) : (f32) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x32x4xf32>) -> tensor<4x32x4xf32>
    %89 = "tensor.empty"() : () -> tensor<4x32x4xi64>
    %90 = "linalg.generic"(%88, %89) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg319: f32, %arg320: i64):
      %412 = "arith.fptosi"(%arg319) : (f32) -> i64
      "linalg.yield"(%412) : (i64) -> ()
    }) : (tensor<4x32x4xf32>, tensor<4x32x4xi64>) -> tensor<4x32x4xi64>
    %91 = "tensor.expand_shape"(%90) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 4, 32, 4, 1>}> : (tensor<4x32x4xi64>) -> tensor<4x32x4x1xi64>
    %92 = "tensor.empty"() : () -> tensor<4x32x4x10xi1>
    %93 = "linalg.generic"(%91, %87, %92) <{indexing_maps = [#map8, #map9, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg316: i64, %arg317: i64, %arg318: i1):
      %411 = "arith.cmpi"(%arg316, %arg317) <{predicate = 0 : i64}> : (i64, i64) -> i1
      "linalg.yield"(%411) : (i1) -> ()
    }) : (tensor<4x32x4x1xi64>, tensor<10xi64>, tensor<4x32x4x10xi1>) -> tensor<4x32x4x10xi1>
    %94 = "tensor.empty"() : () -> tensor<4x32x4x10xf32>
    %95 = "linalg.generic"(%93, %94) <{indexing_maps = [#map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg314: i1, %arg315: f32):
      %410 = "arith.uitofp"(%arg314) : (i1) -> f32
      "linalg.yield"(%410) : (f32) -> ()
    }) : (tensor<4x32x4x10xi1>, tensor<4x32x4x10xf32>) -> tensor<4x32x4x10xf32>
    %96 = "tensor.expand_shape"(%85) <{reassociation = [[0], [1], [2, 3]], static_output_shape = array<i64: 4, 32, 4, 1>}> : (tensor<4x32x4xf32>) -> tensor<4x32x4x1xf32>
    %97 = "linalg.generic"(%95, %96, %94) <{indexing_maps = [#map10, #map8, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg311: f32, %arg312: f32, %arg313: f32):
      %409 = "arith.mulf"(%arg311, %arg312) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%409) : (f32) -> ()
    }) : (tensor<4x32x4x10xf32>, tensor<4x32x4x1xf32>, tensor<4x32x4x10xf32>) -> tensor<4x32x4x10xf32>
    %98 = "tensor.expand_shape"(%97) <{reassociation = [[0], [1, 2], [3], [4]], static_output_shape = array<i64: 4, 2, 16, 4, 10>}> : (tensor<4x32x4x10xf32>) -> tensor<4x2x16x4x10xf32>
    %99 = "tensor.empty"() : () -> tensor<4x16x4x10xf32>
    %100 = "linalg.fill"(%2, %99) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg309: f32, %arg310: f32):
      "linalg.yield"(%arg309) : (f32) -> ()
    }) : (f32, tensor<4x16x4x10xf32>) -> tensor<4x16x4x10xf32>
    %101 = "linalg.generic"(%98, %100) <{indexing_maps = [#map16, #map17], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg307: f32, %arg308: f32):
      %408 = "arith.addf"(%arg307, %arg308) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%408) : (f32) -> ()
    }) : (tensor<4x2x16x4x10xf32>, tensor<4x16x4x10xf32>) -> tensor<4x16x4x10xf32>
    %102 = "tensor.empty"() : () -> tensor<4x2x16xf32>
    %103 = "linalg.transpose"(%57, %102) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg305: f32, %arg306: f32):
      "linalg.yield"(%arg305) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x2x16xf32>) -> tensor<4x2x16xf32>
    %104 = "tensor.expand_shape"(%103) <{reassociation = [[0], [1], [2, 3, 4]], static_output_shape = array<i64: 4, 2, 16, 1, 1>}> : (tensor<4x2x16xf32>) -> tensor<4x2x16x1x1xf32>
    %105 = "tensor.empty"() : () -> tensor<4x2x16x4x10xf32>
    %106 = "linalg.generic"(%98, %104, %105) <{indexing_maps = [#map16, #map18, #map16], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg302: f32, %arg303: f32, %arg304: f32):
      %407 = "arith.mulf"(%arg302, %arg303) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%407) : (f32) -> ()
    }) : (tensor<4x2x16x4x10xf32>, tensor<4x2x16x1x1xf32>, tensor<4x2x16x4x10xf32>) -> tensor<4x2x16x4x10xf32>
    %107 = "linalg.generic"(%106, %100) <{indexing_maps = [#map16, #map17], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg300: f32, %arg301: f32):
      %406 = "arith.addf"(%arg300, %arg301) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%406) : (f32) -> ()
    }) : (tensor<4x2x16x4x10xf32>, tensor<4x16x4x10xf32>) -> tensor<4x16x4x10xf32>
    %108 = "tensor.expand_shape"(%101) <{reassociation = [[0], [1], [2], [3, 4]], static_output_shape = array<i64: 4, 16, 4, 10, 1>}> : (tensor<4x16x4x10xf32>) -> tensor<4x16x4x10x1xf32>
    %109 = "tensor.empty"() : () -> tensor<4x4x10x16x1xf32>
    %110 = "linalg.transpose"(%108, %109) <{permutation = array<i64: 0, 2, 3, 1, 4>}> ({
    ^bb0(%arg298: f32, %arg299: f32):
      "linalg.yield"(%arg298) : (f32) -> ()
    }) : (tensor<4x16x4x10x1xf32>, tensor<4x4x10x16x1xf32>) -> tensor<4x4x10x16x1xf32>
    %111 = "tensor.collapse_shape"(%110) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x16x1xf32>) -> tensor<4x40x16xf32>
    %112 = "tensor.empty"() : () -> tensor<4x40x32xf32>
    %113 = "linalg.fill"(%2, %112) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg296: f32, %arg297: f32):
      "linalg.yield"(%arg296) : (f32) -> ()
    }) : (f32, tensor<4x40x32xf32>) -> tensor<4x40x32xf32>
    %114 = "linalg.batch_matmul"(%111, %20, %113) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg293: f32, %arg294: f32, %arg295: f32):
      %404 = "arith.mulf"(%arg293, %arg294) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %405 = "arith.addf"(%arg295, %404) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%405) : (f32) -> ()
    }) : (tensor<4x40x16xf32>, tensor<4x16x32xf32>, tensor<4x40x32xf32>) -> tensor<4x40x32xf32>
    %115 = "tensor.expand_shape"(%114) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 1, 32>}> : (tensor<4x40x32xf32>) -> tensor<4x4x10x1x32xf32>
    %116 = "tensor.empty"() : () -> tensor<4x4x10x32x1xf32>
    %117 = "linalg.transpose"(%115, %116) <{permutation = array<i64: 1, 0, 2, 4, 3>}> ({
    ^bb0(%arg291: f32, %arg292: f32):
      "linalg.yield"(%arg291) : (f32) -> ()
    }) : (tensor<4x4x10x1x32xf32>, tensor<4x4x10x32x1xf32>) -> tensor<4x4x10x32x1xf32>
    %118 = "tensor.collapse_shape"(%117) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x32x1xf32>) -> tensor<4x40x32xf32>
    %119 = "tensor.empty"() : () -> tensor<4x40x64xf32>
    %120 = "linalg.fill"(%2, %119) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg289: f32, %arg290: f32):
      "linalg.yield"(%arg289) : (f32) -> ()
    }) : (f32, tensor<4x40x64xf32>) -> tensor<4x40x64xf32>
    %121 = "linalg.batch_matmul"(%118, %arg0, %120) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg286: f32, %arg287: f32, %arg288: f32):
      %402 = "arith.mulf"(%arg286, %arg287) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %403 = "arith.addf"(%arg288, %402) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%403) : (f32) -> ()
    }) : (tensor<4x40x32xf32>, tensor<4x32x64xf32>, tensor<4x40x64xf32>) -> tensor<4x40x64xf32>
    %122 = "tensor.expand_shape"(%121) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 1, 64>}> : (tensor<4x40x64xf32>) -> tensor<4x4x10x1x64xf32>
    %123 = "tensor.empty"() : () -> tensor<4x4x10x64x1xf32>
    %124 = "linalg.transpose"(%122, %123) <{permutation = array<i64: 1, 0, 2, 4, 3>}> ({
    ^bb0(%arg284: f32, %arg285: f32):
      "linalg.yield"(%arg284) : (f32) -> ()
    }) : (tensor<4x4x10x1x64xf32>, tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64x1xf32>
    %125 = "tensor.collapse_shape"(%124) <{reassociation = [[0], [1], [2], [3, 4]]}> : (tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64xf32>
    %126 = "linalg.batch_matmul"(%118, %arg1, %120) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg281: f32, %arg282: f32, %arg283: f32):
      %400 = "arith.mulf"(%arg281, %arg282) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %401 = "arith.addf"(%arg283, %400) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%401) : (f32) -> ()
    }) : (tensor<4x40x32xf32>, tensor<4x32x64xf32>, tensor<4x40x64xf32>) -> tensor<4x40x64xf32>
    %127 = "tensor.expand_shape"(%126) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 1, 64>}> : (tensor<4x40x64xf32>) -> tensor<4x4x10x1x64xf32>
    %128 = "linalg.transpose"(%127, %123) <{permutation = array<i64: 1, 0, 2, 4, 3>}> ({
    ^bb0(%arg279: f32, %arg280: f32):
      "linalg.yield"(%arg279) : (f32) -> ()
    }) : (tensor<4x4x10x1x64xf32>, tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64x1xf32>
    %129 = "tensor.collapse_shape"(%128) <{reassociation = [[0], [1], [2], [3, 4]]}> : (tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64xf32>
    %130 = "tensor.empty"() : () -> tensor<4x4x10x64xf32>
    %131 = "linalg.generic"(%125, %130) <{indexing_maps = [#map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg277: f32, %arg278: f32):
      %396 = "arith.negf"(%arg277) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %397 = "math.exp"(%396) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %398 = "arith.addf"(%397, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %399 = "arith.divf"(%4, %398) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%399) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %132 = "linalg.generic"(%125, %131, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg274: f32, %arg275: f32, %arg276: f32):
      %395 = "arith.mulf"(%arg274, %arg275) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%395) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %133 = "linalg.generic"(%132, %129, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg271: f32, %arg272: f32, %arg273: f32):
      %394 = "arith.mulf"(%arg271, %arg272) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%394) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %134 = "tensor.expand_shape"(%133) <{reassociation = [[0], [1], [2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 64, 1>}> : (tensor<4x4x10x64xf32>) -> tensor<4x4x10x64x1xf32>
    %135 = "linalg.transpose"(%134, %123) <{permutation = array<i64: 1, 0, 2, 3, 4>}> ({
    ^bb0(%arg269: f32, %arg270: f32):
      "linalg.yield"(%arg269) : (f32) -> ()
    }) : (tensor<4x4x10x64x1xf32>, tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64x1xf32>
    %136 = "tensor.collapse_shape"(%135) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x64x1xf32>) -> tensor<4x40x64xf32>
    %137 = "linalg.batch_matmul"(%136, %arg2, %113) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg266: f32, %arg267: f32, %arg268: f32):
      %392 = "arith.mulf"(%arg266, %arg267) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %393 = "arith.addf"(%arg268, %392) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%393) : (f32) -> ()
    }) : (tensor<4x40x64xf32>, tensor<4x64x32xf32>, tensor<4x40x32xf32>) -> tensor<4x40x32xf32>
    %138 = "tensor.expand_shape"(%137) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 1, 32>}> : (tensor<4x40x32xf32>) -> tensor<4x4x10x1x32xf32>
    %139 = "tensor.expand_shape"(%107) <{reassociation = [[0], [1], [2], [3, 4]], static_output_shape = array<i64: 4, 16, 4, 10, 1>}> : (tensor<4x16x4x10xf32>) -> tensor<4x16x4x10x1xf32>
    %140 = "tensor.empty"() : () -> tensor<4x16x10x4x1xf32>
    %141 = "linalg.transpose"(%139, %140) <{permutation = array<i64: 0, 1, 3, 2, 4>}> ({
    ^bb0(%arg264: f32, %arg265: f32):
      "linalg.yield"(%arg264) : (f32) -> ()
    }) : (tensor<4x16x4x10x1xf32>, tensor<4x16x10x4x1xf32>) -> tensor<4x16x10x4x1xf32>
    %142 = "tensor.collapse_shape"(%141) <{reassociation = [[0], [1], [2, 3, 4]]}> : (tensor<4x16x10x4x1xf32>) -> tensor<4x16x40xf32>
    %143 = "tensor.empty"() : () -> tensor<4x10x4x32x1xf32>
    %144 = "linalg.transpose"(%138, %143) <{permutation = array<i64: 1, 2, 0, 4, 3>}> ({
    ^bb0(%arg262: f32, %arg263: f32):
      "linalg.yield"(%arg262) : (f32) -> ()
    }) : (tensor<4x4x10x1x32xf32>, tensor<4x10x4x32x1xf32>) -> tensor<4x10x4x32x1xf32>
    %145 = "tensor.collapse_shape"(%144) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x10x4x32x1xf32>) -> tensor<4x40x32xf32>
    %146 = "tensor.empty"() : () -> tensor<4x16x32xf32>
    %147 = "linalg.fill"(%2, %146) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg260: f32, %arg261: f32):
      "linalg.yield"(%arg260) : (f32) -> ()
    }) : (f32, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %148 = "linalg.batch_matmul"(%142, %145, %147) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg257: f32, %arg258: f32, %arg259: f32):
      %390 = "arith.mulf"(%arg257, %arg258) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %391 = "arith.addf"(%arg259, %390) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%391) : (f32) -> ()
    }) : (tensor<4x16x40xf32>, tensor<4x40x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %149 = "tensor.expand_shape"(%148) <{reassociation = [[0], [1], [2, 3, 4]], static_output_shape = array<i64: 4, 16, 1, 1, 32>}> : (tensor<4x16x32xf32>) -> tensor<4x16x1x1x32xf32>
    %150 = "tensor.empty"() : () -> tensor<4x16x32x1x1xf32>
    %151 = "linalg.transpose"(%149, %150) <{permutation = array<i64: 0, 1, 4, 2, 3>}> ({
    ^bb0(%arg255: f32, %arg256: f32):
      "linalg.yield"(%arg255) : (f32) -> ()
    }) : (tensor<4x16x1x1x32xf32>, tensor<4x16x32x1x1xf32>) -> tensor<4x16x32x1x1xf32>
    %152 = "tensor.collapse_shape"(%151) <{reassociation = [[0], [1], [2, 3, 4]]}> : (tensor<4x16x32x1x1xf32>) -> tensor<4x16x32xf32>
    %153 = "linalg.generic"(%20, %152, %146) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg252: f32, %arg253: f32, %arg254: f32):
      %389 = "arith.addf"(%arg252, %arg253) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%389) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %154 = "linalg.transpose"(%arg6, %12) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg250: f32, %arg251: f32):
      "linalg.yield"(%arg250) : (f32) -> ()
    }) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %155 = "tensor.collapse_shape"(%153) <{reassociation = [[0, 1], [2]]}> : (tensor<4x16x32xf32>) -> tensor<64x32xf32>
    %156 = "linalg.matmul"(%155, %154, %16) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg247: f32, %arg248: f32, %arg249: f32):
      %387 = "arith.mulf"(%arg247, %arg248) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %388 = "arith.addf"(%arg249, %387) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%388) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %157 = "linalg.generic"(%arg7, %15) <{indexing_maps = [#map3, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg245: f32, %arg246: f32):
      "linalg.yield"(%arg245) : (f32) -> ()
    }) : (tensor<32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %158 = "linalg.generic"(%156, %157, %15) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg242: f32, %arg243: f32, %arg244: f32):
      %386 = "arith.addf"(%arg242, %arg243) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%386) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %159 = "tensor.expand_shape"(%158) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 4, 16, 32>}> : (tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %160 = "linalg.generic"(%159, %arg9, %146) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg239: f32, %arg240: f32, %arg241: f32):
      %385 = "arith.subf"(%arg239, %arg240) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%385) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %161 = "linalg.generic"(%160, %146) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg237: f32, %arg238: f32):
      %384 = "math.fpowi"(%arg237, %0) <{fastmath = #arith.fastmath<none>}> : (f32, i64) -> f32
      "linalg.yield"(%384) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %162 = "tensor.empty"() : () -> tensor<f32>
    %163 = "linalg.fill"(%2, %162) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg235: f32, %arg236: f32):
      "linalg.yield"(%arg235) : (f32) -> ()
    }) : (f32, tensor<f32>) -> tensor<f32>
    %164 = "linalg.generic"(%161, %163) <{indexing_maps = [#map5, #map21], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg233: f32, %arg234: f32):
      %383 = "arith.addf"(%arg233, %arg234) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%383) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<f32>) -> tensor<f32>
    %165 = "linalg.generic"(%164, %162) <{indexing_maps = [#map22, #map22], iterator_types = [], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg231: f32, %arg232: f32):
      %382 = "arith.divf"(%arg231, %10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%382) : (f32) -> ()
    }) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %166 = "linalg.generic"(%160, %146) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg229: f32, %arg230: f32):
      %381 = "arith.mulf"(%arg229, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%381) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %167 = "linalg.generic"(%166, %6, %146) <{indexing_maps = [#map5, #map21, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg226: f32, %arg227: f32, %arg228: f32):
      %380 = "arith.mulf"(%arg226, %arg227) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%380) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<f32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %168 = "tensor.collapse_shape"(%167) <{reassociation = [[0, 1], [2]]}> : (tensor<4x16x32xf32>) -> tensor<64x32xf32>
    %169 = "linalg.matmul"(%168, %arg6, %16) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg223: f32, %arg224: f32, %arg225: f32):
      %378 = "arith.mulf"(%arg223, %arg224) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %379 = "arith.addf"(%arg225, %378) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%379) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %170 = "tensor.empty"() : () -> tensor<32x64xf32>
    %171 = "linalg.transpose"(%168, %170) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg221: f32, %arg222: f32):
      "linalg.yield"(%arg221) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %172 = "linalg.fill"(%2, %12) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg219: f32, %arg220: f32):
      "linalg.yield"(%arg219) : (f32) -> ()
    }) : (f32, tensor<32x32xf32>) -> tensor<32x32xf32>
    %173 = "linalg.matmul"(%171, %155, %172) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg216: f32, %arg217: f32, %arg218: f32):
      %376 = "arith.mulf"(%arg216, %arg217) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %377 = "arith.addf"(%arg218, %376) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%377) : (f32) -> ()
    }) : (tensor<32x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %174 = "tensor.empty"() : () -> tensor<1x32xf32>
    %175 = "linalg.fill"(%2, %174) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg214: f32, %arg215: f32):
      "linalg.yield"(%arg214) : (f32) -> ()
    }) : (f32, tensor<1x32xf32>) -> tensor<1x32xf32>
    %176 = "linalg.generic"(%168, %175) <{indexing_maps = [#map4, #map13], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg212: f32, %arg213: f32):
      %375 = "arith.addf"(%arg212, %arg213) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%375) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %177 = "tensor.collapse_shape"(%176) <{reassociation = [[0, 1]]}> : (tensor<1x32xf32>) -> tensor<32xf32>
    %178 = "tensor.expand_shape"(%169) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 4, 16, 32>}> : (tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %179 = "tensor.expand_shape"(%169) <{reassociation = [[0, 1], [2, 3, 4]], static_output_shape = array<i64: 4, 16, 32, 1, 1>}> : (tensor<64x32xf32>) -> tensor<4x16x32x1x1xf32>
    %180 = "tensor.empty"() : () -> tensor<4x16x1x1x32xf32>
    %181 = "linalg.transpose"(%179, %180) <{permutation = array<i64: 0, 1, 3, 4, 2>}> ({
    ^bb0(%arg210: f32, %arg211: f32):
      "linalg.yield"(%arg210) : (f32) -> ()
    }) : (tensor<4x16x32x1x1xf32>, tensor<4x16x1x1x32xf32>) -> tensor<4x16x1x1x32xf32>
    %182 = "tensor.collapse_shape"(%181) <{reassociation = [[0], [1], [2, 3, 4]]}> : (tensor<4x16x1x1x32xf32>) -> tensor<4x16x32xf32>
    %183 = "tensor.empty"() : () -> tensor<4x40x16xf32>
    %184 = "linalg.transpose"(%142, %183) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg208: f32, %arg209: f32):
      "linalg.yield"(%arg208) : (f32) -> ()
    }) : (tensor<4x16x40xf32>, tensor<4x40x16xf32>) -> tensor<4x40x16xf32>
    %185 = "linalg.batch_matmul"(%184, %182, %113) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg205: f32, %arg206: f32, %arg207: f32):
      %373 = "arith.mulf"(%arg205, %arg206) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %374 = "arith.addf"(%arg207, %373) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%374) : (f32) -> ()
    }) : (tensor<4x40x16xf32>, tensor<4x16x32xf32>, tensor<4x40x32xf32>) -> tensor<4x40x32xf32>
    %186 = "tensor.empty"() : () -> tensor<4x32x40xf32>
    %187 = "linalg.transpose"(%145, %186) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg203: f32, %arg204: f32):
      "linalg.yield"(%arg203) : (f32) -> ()
    }) : (tensor<4x40x32xf32>, tensor<4x32x40xf32>) -> tensor<4x32x40xf32>
    %188 = "tensor.empty"() : () -> tensor<4x16x40xf32>
    %189 = "linalg.fill"(%2, %188) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg201: f32, %arg202: f32):
      "linalg.yield"(%arg201) : (f32) -> ()
    }) : (f32, tensor<4x16x40xf32>) -> tensor<4x16x40xf32>
    %190 = "linalg.batch_matmul"(%182, %187, %189) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg198: f32, %arg199: f32, %arg200: f32):
      %371 = "arith.mulf"(%arg198, %arg199) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %372 = "arith.addf"(%arg200, %371) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%372) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x32x40xf32>, tensor<4x16x40xf32>) -> tensor<4x16x40xf32>
    %191 = "tensor.expand_shape"(%185) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 10, 4, 32, 1>}> : (tensor<4x40x32xf32>) -> tensor<4x10x4x32x1xf32>
    %192 = "tensor.expand_shape"(%190) <{reassociation = [[0], [1], [2, 3, 4]], static_output_shape = array<i64: 4, 16, 10, 4, 1>}> : (tensor<4x16x40xf32>) -> tensor<4x16x10x4x1xf32>
    %193 = "tensor.empty"() : () -> tensor<4x16x4x10x1xf32>
    %194 = "linalg.transpose"(%192, %193) <{permutation = array<i64: 0, 1, 3, 2, 4>}> ({
    ^bb0(%arg196: f32, %arg197: f32):
      "linalg.yield"(%arg196) : (f32) -> ()
    }) : (tensor<4x16x10x4x1xf32>, tensor<4x16x4x10x1xf32>) -> tensor<4x16x4x10x1xf32>
    %195 = "tensor.collapse_shape"(%194) <{reassociation = [[0], [1], [2], [3, 4]]}> : (tensor<4x16x4x10x1xf32>) -> tensor<4x16x4x10xf32>
    %196 = "tensor.empty"() : () -> tensor<4x4x10x1x32xf32>
    %197 = "linalg.transpose"(%191, %196) <{permutation = array<i64: 2, 0, 1, 4, 3>}> ({
    ^bb0(%arg194: f32, %arg195: f32):
      "linalg.yield"(%arg194) : (f32) -> ()
    }) : (tensor<4x10x4x32x1xf32>, tensor<4x4x10x1x32xf32>) -> tensor<4x4x10x1x32xf32>
    %198 = "tensor.collapse_shape"(%197) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x1x32xf32>) -> tensor<4x40x32xf32>
    %199 = "tensor.empty"() : () -> tensor<4x64x40xf32>
    %200 = "linalg.transpose"(%136, %199) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg192: f32, %arg193: f32):
      "linalg.yield"(%arg192) : (f32) -> ()
    }) : (tensor<4x40x64xf32>, tensor<4x64x40xf32>) -> tensor<4x64x40xf32>
    %201 = "tensor.empty"() : () -> tensor<4x64x32xf32>
    %202 = "linalg.fill"(%2, %201) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg190: f32, %arg191: f32):
      "linalg.yield"(%arg190) : (f32) -> ()
    }) : (f32, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %203 = "linalg.batch_matmul"(%200, %198, %202) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg187: f32, %arg188: f32, %arg189: f32):
      %369 = "arith.mulf"(%arg187, %arg188) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %370 = "arith.addf"(%arg189, %369) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%370) : (f32) -> ()
    }) : (tensor<4x64x40xf32>, tensor<4x40x32xf32>, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %204 = "tensor.empty"() : () -> tensor<4x32x64xf32>
    %205 = "linalg.transpose"(%arg2, %204) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg185: f32, %arg186: f32):
      "linalg.yield"(%arg185) : (f32) -> ()
    }) : (tensor<4x64x32xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %206 = "linalg.batch_matmul"(%198, %205, %120) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg182: f32, %arg183: f32, %arg184: f32):
      %367 = "arith.mulf"(%arg182, %arg183) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %368 = "arith.addf"(%arg184, %367) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%368) : (f32) -> ()
    }) : (tensor<4x40x32xf32>, tensor<4x32x64xf32>, tensor<4x40x64xf32>) -> tensor<4x40x64xf32>
    %207 = "tensor.expand_shape"(%206) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 64, 1>}> : (tensor<4x40x64xf32>) -> tensor<4x4x10x64x1xf32>
    %208 = "linalg.transpose"(%207, %123) <{permutation = array<i64: 1, 0, 2, 3, 4>}> ({
    ^bb0(%arg180: f32, %arg181: f32):
      "linalg.yield"(%arg180) : (f32) -> ()
    }) : (tensor<4x4x10x64x1xf32>, tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64x1xf32>
    %209 = "tensor.collapse_shape"(%208) <{reassociation = [[0], [1], [2], [3, 4]]}> : (tensor<4x4x10x64x1xf32>) -> tensor<4x4x10x64xf32>
    %210 = "linalg.generic"(%209, %132, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg177: f32, %arg178: f32, %arg179: f32):
      %366 = "arith.mulf"(%arg177, %arg178) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%366) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %211 = "linalg.generic"(%209, %129, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg174: f32, %arg175: f32, %arg176: f32):
      %365 = "arith.mulf"(%arg174, %arg175) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%365) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %212 = "linalg.generic"(%5, %131, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg171: f32, %arg172: f32, %arg173: f32):
      %364 = "arith.subf"(%arg171, %arg172) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%364) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %213 = "linalg.generic"(%125, %212, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg168: f32, %arg169: f32, %arg170: f32):
      %363 = "arith.mulf"(%arg168, %arg169) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%363) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %214 = "linalg.generic"(%213, %130) <{indexing_maps = [#map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg166: f32, %arg167: f32):
      %362 = "arith.addf"(%arg166, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%362) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %215 = "linalg.generic"(%211, %131, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg163: f32, %arg164: f32, %arg165: f32):
      %361 = "arith.mulf"(%arg163, %arg164) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%361) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %216 = "linalg.generic"(%215, %214, %130) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg160: f32, %arg161: f32, %arg162: f32):
      %360 = "arith.mulf"(%arg160, %arg161) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%360) : (f32) -> ()
    }) : (tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>, tensor<4x4x10x64xf32>) -> tensor<4x4x10x64xf32>
    %217 = "tensor.expand_shape"(%210) <{reassociation = [[0], [1], [2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 64, 1>}> : (tensor<4x4x10x64xf32>) -> tensor<4x4x10x64x1xf32>
    %218 = "tensor.empty"() : () -> tensor<4x4x10x1x64xf32>
    %219 = "linalg.transpose"(%217, %218) <{permutation = array<i64: 1, 0, 2, 4, 3>}> ({
    ^bb0(%arg158: f32, %arg159: f32):
      "linalg.yield"(%arg158) : (f32) -> ()
    }) : (tensor<4x4x10x64x1xf32>, tensor<4x4x10x1x64xf32>) -> tensor<4x4x10x1x64xf32>
    %220 = "tensor.collapse_shape"(%219) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x1x64xf32>) -> tensor<4x40x64xf32>
    %221 = "linalg.transpose"(%118, %186) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg156: f32, %arg157: f32):
      "linalg.yield"(%arg156) : (f32) -> ()
    }) : (tensor<4x40x32xf32>, tensor<4x32x40xf32>) -> tensor<4x32x40xf32>
    %222 = "linalg.fill"(%2, %204) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg154: f32, %arg155: f32):
      "linalg.yield"(%arg154) : (f32) -> ()
    }) : (f32, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %223 = "linalg.batch_matmul"(%221, %220, %222) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg151: f32, %arg152: f32, %arg153: f32):
      %358 = "arith.mulf"(%arg151, %arg152) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %359 = "arith.addf"(%arg153, %358) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%359) : (f32) -> ()
    }) : (tensor<4x32x40xf32>, tensor<4x40x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %224 = "linalg.transpose"(%arg1, %201) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg149: f32, %arg150: f32):
      "linalg.yield"(%arg149) : (f32) -> ()
    }) : (tensor<4x32x64xf32>, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %225 = "linalg.batch_matmul"(%220, %224, %113) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg146: f32, %arg147: f32, %arg148: f32):
      %356 = "arith.mulf"(%arg146, %arg147) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %357 = "arith.addf"(%arg148, %356) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%357) : (f32) -> ()
    }) : (tensor<4x40x64xf32>, tensor<4x64x32xf32>, tensor<4x40x32xf32>) -> tensor<4x40x32xf32>
    %226 = "tensor.expand_shape"(%225) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 32, 1>}> : (tensor<4x40x32xf32>) -> tensor<4x4x10x32x1xf32>
    %227 = "linalg.transpose"(%226, %116) <{permutation = array<i64: 1, 0, 2, 3, 4>}> ({
    ^bb0(%arg144: f32, %arg145: f32):
      "linalg.yield"(%arg144) : (f32) -> ()
    }) : (tensor<4x4x10x32x1xf32>, tensor<4x4x10x32x1xf32>) -> tensor<4x4x10x32x1xf32>
    %228 = "tensor.collapse_shape"(%227) <{reassociation = [[0], [1], [2], [3, 4]]}> : (tensor<4x4x10x32x1xf32>) -> tensor<4x4x10x32xf32>
    %229 = "tensor.expand_shape"(%216) <{reassociation = [[0], [1], [2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 64, 1>}> : (tensor<4x4x10x64xf32>) -> tensor<4x4x10x64x1xf32>
    %230 = "linalg.transpose"(%229, %218) <{permutation = array<i64: 1, 0, 2, 4, 3>}> ({
    ^bb0(%arg142: f32, %arg143: f32):
      "linalg.yield"(%arg142) : (f32) -> ()
    }) : (tensor<4x4x10x64x1xf32>, tensor<4x4x10x1x64xf32>) -> tensor<4x4x10x1x64xf32>
    %231 = "tensor.collapse_shape"(%230) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x1x64xf32>) -> tensor<4x40x64xf32>
    %232 = "linalg.batch_matmul"(%221, %231, %222) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg139: f32, %arg140: f32, %arg141: f32):
      %354 = "arith.mulf"(%arg139, %arg140) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %355 = "arith.addf"(%arg141, %354) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%355) : (f32) -> ()
    }) : (tensor<4x32x40xf32>, tensor<4x40x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %233 = "linalg.transpose"(%arg0, %201) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg137: f32, %arg138: f32):
      "linalg.yield"(%arg137) : (f32) -> ()
    }) : (tensor<4x32x64xf32>, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %234 = "linalg.batch_matmul"(%231, %233, %113) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg134: f32, %arg135: f32, %arg136: f32):
      %352 = "arith.mulf"(%arg134, %arg135) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %353 = "arith.addf"(%arg136, %352) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%353) : (f32) -> ()
    }) : (tensor<4x40x64xf32>, tensor<4x64x32xf32>, tensor<4x40x32xf32>) -> tensor<4x40x32xf32>
    %235 = "tensor.expand_shape"(%234) <{reassociation = [[0], [1, 2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 32, 1>}> : (tensor<4x40x32xf32>) -> tensor<4x4x10x32x1xf32>
    %236 = "linalg.transpose"(%235, %116) <{permutation = array<i64: 1, 0, 2, 3, 4>}> ({
    ^bb0(%arg132: f32, %arg133: f32):
      "linalg.yield"(%arg132) : (f32) -> ()
    }) : (tensor<4x4x10x32x1xf32>, tensor<4x4x10x32x1xf32>) -> tensor<4x4x10x32x1xf32>
    %237 = "tensor.collapse_shape"(%236) <{reassociation = [[0], [1], [2], [3, 4]]}> : (tensor<4x4x10x32x1xf32>) -> tensor<4x4x10x32xf32>
    %238 = "tensor.empty"() : () -> tensor<4x4x10x32xf32>
    %239 = "linalg.generic"(%228, %237, %238) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg129: f32, %arg130: f32, %arg131: f32):
      %351 = "arith.addf"(%arg129, %arg130) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%351) : (f32) -> ()
    }) : (tensor<4x4x10x32xf32>, tensor<4x4x10x32xf32>, tensor<4x4x10x32xf32>) -> tensor<4x4x10x32xf32>
    %240 = "tensor.expand_shape"(%239) <{reassociation = [[0], [1], [2], [3, 4]], static_output_shape = array<i64: 4, 4, 10, 32, 1>}> : (tensor<4x4x10x32xf32>) -> tensor<4x4x10x32x1xf32>
    %241 = "linalg.transpose"(%240, %196) <{permutation = array<i64: 0, 1, 2, 4, 3>}> ({
    ^bb0(%arg127: f32, %arg128: f32):
      "linalg.yield"(%arg127) : (f32) -> ()
    }) : (tensor<4x4x10x32x1xf32>, tensor<4x4x10x1x32xf32>) -> tensor<4x4x10x1x32xf32>
    %242 = "tensor.collapse_shape"(%241) <{reassociation = [[0], [1, 2], [3, 4]]}> : (tensor<4x4x10x1x32xf32>) -> tensor<4x40x32xf32>
    %243 = "linalg.transpose"(%111, %188) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg125: f32, %arg126: f32):
      "linalg.yield"(%arg125) : (f32) -> ()
    }) : (tensor<4x40x16xf32>, tensor<4x16x40xf32>) -> tensor<4x16x40xf32>
    %244 = "linalg.batch_matmul"(%243, %242, %147) <{indexing_maps = [#map19, #map20, #map12], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg122: f32, %arg123: f32, %arg124: f32):
      %349 = "arith.mulf"(%arg122, %arg123) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %350 = "arith.addf"(%arg124, %349) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%350) : (f32) -> ()
    }) : (tensor<4x16x40xf32>, tensor<4x40x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %245 = "linalg.generic"(%178, %244, %146) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg119: f32, %arg120: f32, %arg121: f32):
      %348 = "arith.addf"(%arg119, %arg120) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%348) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %246 = "linalg.generic"(%195, %105) <{indexing_maps = [#map17, #map16], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg117: f32, %arg118: f32):
      "linalg.yield"(%arg117) : (f32) -> ()
    }) : (tensor<4x16x4x10xf32>, tensor<4x2x16x4x10xf32>) -> tensor<4x2x16x4x10xf32>
    %247 = "linalg.generic"(%246, %98, %105) <{indexing_maps = [#map16, #map16, #map16], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg114: f32, %arg115: f32, %arg116: f32):
      %347 = "arith.mulf"(%arg114, %arg115) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%347) : (f32) -> ()
    }) : (tensor<4x2x16x4x10xf32>, tensor<4x2x16x4x10xf32>, tensor<4x2x16x4x10xf32>) -> tensor<4x2x16x4x10xf32>
    %248 = "tensor.empty"() : () -> tensor<4x2x16x1x1xf32>
    %249 = "linalg.fill"(%2, %248) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg112: f32, %arg113: f32):
      "linalg.yield"(%arg112) : (f32) -> ()
    }) : (f32, tensor<4x2x16x1x1xf32>) -> tensor<4x2x16x1x1xf32>
    %250 = "linalg.generic"(%247, %249) <{indexing_maps = [#map16, #map18], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg110: f32, %arg111: f32):
      %346 = "arith.addf"(%arg110, %arg111) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%346) : (f32) -> ()
    }) : (tensor<4x2x16x4x10xf32>, tensor<4x2x16x1x1xf32>) -> tensor<4x2x16x1x1xf32>
    %251 = "tensor.collapse_shape"(%250) <{reassociation = [[0], [1], [2, 3, 4]]}> : (tensor<4x2x16x1x1xf32>) -> tensor<4x2x16xf32>
    %252 = "linalg.transpose"(%251, %53) <{permutation = array<i64: 0, 2, 1>}> ({
    ^bb0(%arg108: f32, %arg109: f32):
      "linalg.yield"(%arg108) : (f32) -> ()
    }) : (tensor<4x2x16xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %253 = "linalg.generic"(%57, %56, %53) <{indexing_maps = [#map5, #map6, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg105: f32, %arg106: f32, %arg107: f32):
      %345 = "arith.divf"(%arg105, %arg106) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%345) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x1xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %254 = "linalg.generic"(%252, %53) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg103: f32, %arg104: f32):
      %344 = "arith.negf"(%arg103) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      "linalg.yield"(%344) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %255 = "linalg.generic"(%254, %253, %53) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg100: f32, %arg101: f32, %arg102: f32):
      %343 = "arith.mulf"(%arg100, %arg101) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%343) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %256 = "linalg.generic"(%252, %56, %53) <{indexing_maps = [#map5, #map6, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg97: f32, %arg98: f32, %arg99: f32):
      %342 = "arith.divf"(%arg97, %arg98) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%342) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x1xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %257 = "linalg.generic"(%255, %37) <{indexing_maps = [#map5, #map6], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg95: f32, %arg96: f32):
      %341 = "arith.addf"(%arg95, %arg96) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%341) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %258 = "tensor.collapse_shape"(%257) <{reassociation = [[0], [1, 2]]}> : (tensor<4x16x1xf32>) -> tensor<4x16xf32>
    %259 = "linalg.generic"(%258, %53) <{indexing_maps = [#map2, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg93: f32, %arg94: f32):
      "linalg.yield"(%arg93) : (f32) -> ()
    }) : (tensor<4x16xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %260 = "linalg.generic"(%256, %259, %53) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg90: f32, %arg91: f32, %arg92: f32):
      %340 = "arith.addf"(%arg90, %arg91) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%340) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x2xf32>, tensor<4x16x2xf32>) -> tensor<4x16x2xf32>
    %261 = "linalg.generic"(%260, %49) <{indexing_maps = [#map12, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg88: f32, %arg89: f32):
      "linalg.yield"(%arg88) : (f32) -> ()
    }) : (tensor<4x16x2xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %262 = "linalg.generic"(%261, %50, %49) <{indexing_maps = [#map10, #map10, #map10], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg85: f32, %arg86: f32, %arg87: f32):
      %339 = "arith.mulf"(%arg85, %arg86) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%339) : (f32) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>, tensor<4x16x2x4xf32>) -> tensor<4x16x2x4xf32>
    %263 = "tensor.empty"() : () -> tensor<4x16x1x4xf32>
    %264 = "linalg.fill"(%2, %263) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg83: f32, %arg84: f32):
      "linalg.yield"(%arg83) : (f32) -> ()
    }) : (f32, tensor<4x16x1x4xf32>) -> tensor<4x16x1x4xf32>
    %265 = "linalg.generic"(%262, %264) <{indexing_maps = [#map10, #map11], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg81: f32, %arg82: f32):
      %338 = "arith.addf"(%arg81, %arg82) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%338) : (f32) -> ()
    }) : (tensor<4x16x2x4xf32>, tensor<4x16x1x4xf32>) -> tensor<4x16x1x4xf32>
    %266 = "tensor.collapse_shape"(%265) <{reassociation = [[0], [1, 2], [3]]}> : (tensor<4x16x1x4xf32>) -> tensor<4x16x4xf32>
    %267 = "linalg.generic"(%266, %39, %33) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg78: f32, %arg79: f32, %arg80: f32):
      %337 = "arith.mulf"(%arg78, %arg79) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%337) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %268 = "linalg.generic"(%267, %37) <{indexing_maps = [#map5, #map6], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg76: f32, %arg77: f32):
      %336 = "arith.addf"(%arg76, %arg77) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%336) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x1xf32>) -> tensor<4x16x1xf32>
    %269 = "linalg.generic"(%39, %268, %33) <{indexing_maps = [#map5, #map6, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg73: f32, %arg74: f32, %arg75: f32):
      %335 = "arith.mulf"(%arg73, %arg74) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%335) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x1xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %270 = "linalg.generic"(%267, %269, %33) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg70: f32, %arg71: f32, %arg72: f32):
      %334 = "arith.subf"(%arg70, %arg71) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%334) : (f32) -> ()
    }) : (tensor<4x16x4xf32>, tensor<4x16x4xf32>, tensor<4x16x4xf32>) -> tensor<4x16x4xf32>
    %271 = "tensor.collapse_shape"(%270) <{reassociation = [[0, 1], [2]]}> : (tensor<4x16x4xf32>) -> tensor<64x4xf32>
    %272 = "tensor.empty"() : () -> tensor<4x64xf32>
    %273 = "linalg.transpose"(%271, %272) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg68: f32, %arg69: f32):
      "linalg.yield"(%arg68) : (f32) -> ()
    }) : (tensor<64x4xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
    %274 = "tensor.empty"() : () -> tensor<4x32xf32>
    %275 = "linalg.fill"(%2, %274) <{operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg66: f32, %arg67: f32):
      "linalg.yield"(%arg66) : (f32) -> ()
    }) : (f32, tensor<4x32xf32>) -> tensor<4x32xf32>
    %276 = "linalg.matmul"(%273, %19, %275) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg63: f32, %arg64: f32, %arg65: f32):
      %332 = "arith.mulf"(%arg63, %arg64) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %333 = "arith.addf"(%arg65, %332) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%333) : (f32) -> ()
    }) : (tensor<4x64xf32>, tensor<64x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %277 = "linalg.matmul"(%271, %arg5, %16) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg60: f32, %arg61: f32, %arg62: f32):
      %330 = "arith.mulf"(%arg60, %arg61) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %331 = "arith.addf"(%arg62, %330) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%331) : (f32) -> ()
    }) : (tensor<64x4xf32>, tensor<4x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
    %278 = "tensor.expand_shape"(%277) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 4, 16, 32>}> : (tensor<64x32xf32>) -> tensor<4x16x32xf32>
    %279 = "linalg.generic"(%245, %278, %146) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg57: f32, %arg58: f32, %arg59: f32):
      %329 = "arith.addf"(%arg57, %arg58) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%329) : (f32) -> ()
    }) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x32xf32>
    %280 = "tensor.collapse_shape"(%279) <{reassociation = [[0, 1], [2]]}> : (tensor<4x16x32xf32>) -> tensor<64x32xf32>
    %281 = "linalg.transpose"(%280, %170) <{permutation = array<i64: 1, 0>}> ({
    ^bb0(%arg55: f32, %arg56: f32):
      "linalg.yield"(%arg55) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
    %282 = "linalg.matmul"(%281, %14, %172) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg52: f32, %arg53: f32, %arg54: f32):
      %327 = "arith.mulf"(%arg52, %arg53) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %328 = "arith.addf"(%arg54, %327) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%328) : (f32) -> ()
    }) : (tensor<32x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %283 = "linalg.generic"(%280, %175) <{indexing_maps = [#map4, #map13], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg50: f32, %arg51: f32):
      %326 = "arith.addf"(%arg50, %arg51) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%326) : (f32) -> ()
    }) : (tensor<64x32xf32>, tensor<1x32xf32>) -> tensor<1x32xf32>
    %284 = "tensor.collapse_shape"(%283) <{reassociation = [[0, 1]]}> : (tensor<1x32xf32>) -> tensor<32xf32>
    %285 = "linalg.generic"(%232, %204) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg48: f32, %arg49: f32):
      %324 = "arith.truncf"(%8) : (f64) -> f32
      %325 = "arith.mulf"(%arg48, %324) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%325) : (f32) -> ()
    }) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %286 = "linalg.generic"(%arg0, %285, %204) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg45: f32, %arg46: f32, %arg47: f32):
      %323 = "arith.subf"(%arg45, %arg46) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%323) : (f32) -> ()
    }) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %287 = "linalg.generic"(%223, %204) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg43: f32, %arg44: f32):
      %321 = "arith.truncf"(%8) : (f64) -> f32
      %322 = "arith.mulf"(%arg43, %321) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%322) : (f32) -> ()
    }) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %288 = "linalg.generic"(%arg1, %287, %204) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg40: f32, %arg41: f32, %arg42: f32):
      %320 = "arith.subf"(%arg40, %arg41) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%320) : (f32) -> ()
    }) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %289 = "linalg.generic"(%203, %201) <{indexing_maps = [#map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg38: f32, %arg39: f32):
      %318 = "arith.truncf"(%8) : (f64) -> f32
      %319 = "arith.mulf"(%arg38, %318) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%319) : (f32) -> ()
    }) : (tensor<4x64x32xf32>, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %290 = "linalg.generic"(%arg2, %289, %201) <{indexing_maps = [#map5, #map5, #map5], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg35: f32, %arg36: f32, %arg37: f32):
      %317 = "arith.subf"(%arg35, %arg36) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%317) : (f32) -> ()
    }) : (tensor<4x64x32xf32>, tensor<4x64x32xf32>, tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %291 = "linalg.generic"(%282, %12) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg33: f32, %arg34: f32):
      %315 = "arith.truncf"(%8) : (f64) -> f32
      %316 = "arith.mulf"(%arg33, %315) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%316) : (f32) -> ()
    }) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %292 = "linalg.generic"(%arg3, %291, %12) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg30: f32, %arg31: f32, %arg32: f32):
      %314 = "arith.subf"(%arg30, %arg31) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%314) : (f32) -> ()
    }) : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %293 = "tensor.empty"() : () -> tensor<32xf32>
    %294 = "linalg.generic"(%284, %293) <{indexing_maps = [#map7, #map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg28: f32, %arg29: f32):
      %312 = "arith.truncf"(%8) : (f64) -> f32
      %313 = "arith.mulf"(%arg28, %312) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%313) : (f32) -> ()
    }) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %295 = "linalg.generic"(%arg4, %294, %293) <{indexing_maps = [#map7, #map7, #map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32, %arg27: f32):
      %311 = "arith.subf"(%arg25, %arg26) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%311) : (f32) -> ()
    }) : (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %296 = "linalg.generic"(%276, %274) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg23: f32, %arg24: f32):
      %309 = "arith.truncf"(%8) : (f64) -> f32
      %310 = "arith.mulf"(%arg23, %309) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%310) : (f32) -> ()
    }) : (tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %297 = "linalg.generic"(%arg5, %296, %274) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg20: f32, %arg21: f32, %arg22: f32):
      %308 = "arith.subf"(%arg20, %arg21) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%308) : (f32) -> ()
    }) : (tensor<4x32xf32>, tensor<4x32xf32>, tensor<4x32xf32>) -> tensor<4x32xf32>
    %298 = "linalg.generic"(%173, %12) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg18: f32, %arg19: f32):
      %306 = "arith.truncf"(%8) : (f64) -> f32
      %307 = "arith.mulf"(%arg18, %306) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%307) : (f32) -> ()
    }) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %299 = "linalg.generic"(%arg6, %298, %12) <{indexing_maps = [#map4, #map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg15: f32, %arg16: f32, %arg17: f32):
      %305 = "arith.subf"(%arg15, %arg16) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%305) : (f32) -> ()
    }) : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
    %300 = "linalg.generic"(%177, %293) <{indexing_maps = [#map7, #map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg13: f32, %arg14: f32):
      %303 = "arith.truncf"(%8) : (f64) -> f32
      %304 = "arith.mulf"(%arg13, %303) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%304) : (f32) -> ()
    }) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %301 = "linalg.generic"(%arg7, %300, %293) <{indexing_maps = [#map7, #map7, #map7], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg10: f32, %arg11: f32, %arg12: f32):
      %302 = "arith.subf"(%arg10, %arg11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%302) : (f32) -> ()
    }) : (tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    "func.return"(%286, %288, %290, %292, %295, %297, %299, %301, %165) : (tensor<4x32x64xf32>, tensor<4x32x64xf32>, tensor<4x64x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<4x32xf32>, tensor<32x32xf32>, tensor<32xf32>, tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()
