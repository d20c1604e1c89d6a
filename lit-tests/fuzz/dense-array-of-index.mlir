// tools/fuzz finding (segfault, from lit-tests/Inputs/bad-strategy.par.mlir with an element type
// mutated): MLIR 22's parser crashes on a dense array of `index` (it asks `index` for its bit width);
// flexc reports it as a parse error before parsing, in any attribute position.
// RUN: %flexc --split-input-file --verify-diagnostics --allow-unregistered-dialect %s
// RUN: %expect-exit --timeout=60 1 %flexc %s --split-input-file --allow-unregistered-dialect -o %t.discarded 2>&1 | FileCheck %s
// CHECK: dense-array-of-index.mlir:11:54: error: expected integer or float type, got: 'index' (dense arrays of index are not supported)

func.func @in_par_config(%x: tensor<64x256xf32>, %w: tensor<256x16xf32>) -> tensor<64x16xf32> {
  %e = tensor.empty() : tensor<64x16xf32>
  // expected-error@+1 {{expected integer or float type, got: 'index'}}
  %0 = linalg.matmul {par.config = #par.config<array<index: 3, 1, 1>, array<i64: 0, 1, 2>>} ins(%x, %w : tensor<64x256xf32>, tensor<256x16xf32>) outs(%e : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %0 : tensor<64x16xf32>
}

// -----

func.func @in_an_attribute() {
  // expected-error@+2 {{expected integer or float type, got: 'index'}}
  "test.op"() {a = array<
    index>} : () -> ()
  return
}

// -----

// Not a dense array of index: parsed as usual.
func.func @safe() {
  "test.op"() {a = array<i64: 1>, s = "array<index: 1>", b = array<i1>} : () -> ()
  return
}
