// tm_tensor.sort (torch-mlir's torch.topk and torch.sort): the operand's other dims and the rank along
// the sorted dim parallel, the row a reduction that every rank reads (passes/family/reduction/sort.rs).
// A malformed sort is an error at the op, never a crash.
// RUN: split-file %s %t
// RUN: %flexc --allow-unregistered-dialect --split-input-file %t/sorts.mlir --emit=summary | FileCheck %s
// RUN: not %flexc --allow-unregistered-dialect --split-input-file %t/errors.mlir --emit=summary 2>&1 | FileCheck %s --check-prefix=ERR
// CHECK: tm_tensor.sort reduction {{.*}} 8:S 4:A 4:R
// CHECK: tm_tensor.sort reduction {{.*}} 6:S 5:A 3:A 5:R
// ERR: error: 'tm_tensor.sort' op: dimension 2 is out of range for rank 2
// ERR: error: 'tm_tensor.sort' op: needs a comparator body of 4 arguments
// ERR: error: 'tm_tensor.sort' op: needs operands of one static shape

//--- sorts.mlir
func.func @scores(%x: tensor<8x4xf32>) -> tensor<8x2xi64> {
  %e = tensor.empty() : tensor<8x4xi64>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<8x4xi64>) {
  ^bb0(%out: i64):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i64
    linalg.yield %c : i64
  } -> tensor<8x4xi64>
  %s:2 = "tm_tensor.sort"(%x, %iota) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 0, 2>}> ({
  ^bb0(%a: f32, %b: f32, %i: i64, %j: i64):
    %ge = arith.cmpf oge, %a, %b : f32
    "tm_tensor.yield"(%ge) : (i1) -> ()
  }) : (tensor<8x4xf32>, tensor<8x4xi64>) -> (tensor<8x4xf32>, tensor<8x4xi64>)
  %top = tensor.extract_slice %s#1[0, 0] [8, 2] [1, 1] : tensor<8x4xi64> to tensor<8x2xi64>
  return %top : tensor<8x2xi64>
}

// -----

func.func @middle(%x: tensor<6x5x3xf32>) -> tensor<6x5x3xf32> {
  %s = "tm_tensor.sort"(%x) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<6x5x3xf32>) -> tensor<6x5x3xf32>
  return %s : tensor<6x5x3xf32>
}

//--- errors.mlir
func.func @dim(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %s = "tm_tensor.sort"(%x) <{dimension = 2 : i64, operandSegmentSizes = array<i32: 0, 1>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<6x5xf32>) -> tensor<6x5xf32>
  return %s : tensor<6x5xf32>
}

// -----

func.func @body(%x: tensor<6x5xf32>, %y: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %s:2 = "tm_tensor.sort"(%x, %y) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 0, 2>}> ({
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<6x5xf32>, tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>)
  return %s#0 : tensor<6x5xf32>
}

// -----

func.func @shapes(%x: tensor<6x5xf32>, %y: tensor<6x4xf32>) -> tensor<6x5xf32> {
  %s:2 = "tm_tensor.sort"(%x, %y) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 0, 2>}> ({
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    "tm_tensor.yield"(%lt) : (i1) -> ()
  }) : (tensor<6x5xf32>, tensor<6x4xf32>) -> (tensor<6x5xf32>, tensor<6x4xf32>)
  return %s#0 : tensor<6x5xf32>
}
