// tools/fuzz (a mutated torch-mlir MLP training step, SIGABRT "unaligned tcache chunk"): a block label
// defined twice in a linalg.generic body after a use of its argument's name at the top level. MLIR 22
// reports the redefinition, then destroys the region while the earlier use still points at the
// block's argument (use after free). The guard of src/parse.rs reports it before MLIR parses.
// RUN: %expect-exit 1 %flexc %s -o %t.discarded 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %flexc-run %s 2>&1 | FileCheck %s
// CHECK: block-redefined.mlir:13:5: error: redefinition of block '^bb0'

#map1 = affine_map<(d0, d1) -> (d0, d1)>
      %65 = arith.addf %in, %in_15 : f32
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<512x8192xf32>) outs(%1 : tensor<512x8192xf32>) {
    ^bb0(%in: f32, %out: f32):
    ^bb0(%in: f32, %out: f32):
