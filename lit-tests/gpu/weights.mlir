// Elided weights (dense_resource handles without data: `__elided__` and torch-mlir's full-size
// `torch_tensor_*` handles) become arguments of every program, after the data inputs, listed in
// the manifest as seeded weights (handle and type: flexc-gpu seeds `HANDLE:TYPE` as flexc-run fills
// the constants); the artifact carries no weight data. A device that does not read a weight lists
// it in `unused_inputs` (not uploaded there). Index assertions inside kernels are dropped: the
// gather of 256 rows (a block per row, its 64 columns on the threads) is a kernel, not host code.
// REQUIRES: ptxas
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=manifest -o - 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: %flexc %s --devices=2 --strategy=model-parallel --target=cuda --gpu-emit=manifest -o - 2>/dev/null | FileCheck %s --check-prefix=TWO
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=gpu -o - 2>/dev/null | FileCheck %s --check-prefix=GPU
// RUN: %flexc %s --devices=1 --strategy=data-parallel --target=cuda --gpu-emit=ptx -o %t.ptx 2>/dev/null
// RUN: %ptxas-all sm_90 %t.ptx | FileCheck %s --check-prefix=PTXAS
// The same weights on the CPU runtime (flexc-run fills both handles): the devices agree with @f.
// RUN: %flexc %s --devices=2 --strategy=model-parallel -o %t.par.mlir 2>/dev/null
// RUN: %flexc-run %t.par.mlir --devices=2 | FileCheck %s --check-prefix=CPU

// ONE:      "inputs": [
// ONE-NEXT:   {"dtype":"i64","elided":false,"index":0,"kind":"data","shape":[256]},
// ONE-NEXT:   {"dtype":"f32","elided":true,"handle":"__elided__0","index":1,"kind":"weight","shape":[300,64],"type":"tensor<300x64xf32>"},
// ONE-NEXT:   {"dtype":"f32","elided":true,"handle":"torch_tensor_64_32_torch.float32","index":2,"kind":"weight","shape":[64,32],"type":"tensor<64x32xf32>"}
// ONE-NEXT: ],
// ONE:      "programs": [
// ONE-NEXT:   {"entry":"_mlir_ciface_f","name":"f","returns":true,"role":"serial"},
// ONE-NEXT:   {"device":0,"entry":"_mlir_ciface_f_device0","name":"f_device0","returns":true,"role":"device"}
// ONE-NEXT: ],

// TWO:      "programs": [
// TWO-NEXT:   {"entry":"_mlir_ciface_f","name":"f","returns":true,"role":"serial"},
// TWO-NEXT:   {"device":0,{{.*}}"unused_inputs":[2]},
// TWO-NEXT:   {"device":1,{{.*}}"unused_inputs":[1]}
// TWO-NEXT: ],

// GPU-LABEL: func.func @f(
// GPU-SAME:    %{{.*}}: memref<256xi64> loc({{.*}}), %{{.*}}: memref<300x64xf32> loc({{.*}}weights.mlir":[[#@LINE+13]]:{{.*}}), %{{.*}}: memref<64x32xf32> loc({{.*}}weights.mlir":[[#@LINE+14]]:{{.*}}))
// GPU-NOT:     memref.global
// GPU:         gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c256, %c1) threads in (%c128, %c1, %c1)
// GPU-NOT:     cf.assert

// PTXAS: ptxas sm_90: 4 of 4 modules assembled

// CPU: result 0 tensor<256x32xf32>: {{.*}} ok

#in = affine_map<(d0, d1) -> (d0)>
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%ids: tensor<256xi64>) -> tensor<256x32xf32> {
  %c300 = arith.constant 300 : index
  %table = arith.constant dense_resource<__elided__> : tensor<300x64xf32>
  %w = arith.constant dense_resource<torch_tensor_64_32_torch.float32> : tensor<64x32xf32>
  %e = tensor.empty() : tensor<256x64xf32>
  %rows = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<256xi64>) outs(%e : tensor<256x64xf32>) {
  ^bb0(%id: i64, %o: f32):
    %row = arith.index_cast %id : i64 to index
    %ok = arith.cmpi slt, %row, %c300 : index
    cf.assert %ok, "index must be smaller than dim size"
    %col = linalg.index 1 : index
    %x = tensor.extract %table[%row, %col] : tensor<300x64xf32>
    linalg.yield %x : f32
  } -> tensor<256x64xf32>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<256x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e2 : tensor<256x32xf32>) -> tensor<256x32xf32>
  %y = linalg.matmul ins(%rows, %w : tensor<256x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<256x32xf32>) -> tensor<256x32xf32>
  return %y : tensor<256x32xf32>
}
