// --target=cuda errors: located diagnostics, exit 1 (2 for usage errors), and nothing written.
// RUN: rm -f %t.fgpu
// RUN: %expect-exit 1 %flexc %s --devices=1 --strategy=data-parallel --opaque-unknown --target=cuda -o %t.fgpu 2>&1 | FileCheck %s --check-prefix=OP
// RUN: not test -e %t.fgpu
// RUN: %expect-exit 1 %flexc %S/elementwise.mlir --devices=1 --strategy=data-parallel --target=cuda --libdevice=%t.missing.bc -o %t.fgpu 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// RUN: not test -e %t.fgpu
// RUN: %expect-exit 1 %flexc %S/elementwise.mlir --devices=1 --strategy=data-parallel --target=cuda --gpu-arch=sm_70 -o %t.fgpu 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: not test -e %t.fgpu
// RUN: %expect-exit 2 %flexc %S/elementwise.mlir --devices=1 --strategy=data-parallel --target=cuda -o - 2>&1 | FileCheck %s --check-prefix=STDOUT
// RUN: %expect-exit 2 %flexc %S/elementwise.mlir --target=cuda --simulate -o %t.fgpu 2>&1 | FileCheck %s --check-prefix=STDOUT
// RUN: not test -e %t.fgpu
// A math function without libdevice is fine when no kernel calls one.
// RUN: %flexc %S/data-movement.mlir --entry=transpose --devices=1 --strategy=data-parallel --target=cuda --libdevice=%t.missing.bc -o %t.fgpu 2>/dev/null
// RUN: test -s %t.fgpu

// OP: errors.mlir:[[# @LINE + 6]]:8: error: 'ub.poison' is not supported by --target=cuda
// LIBDEVICE: error: kernel module @f_kernel: its kernels call __nv_expf, __nv_tanhf but libdevice is not at {{.*}}missing.bc (run tools/setup, or pass --libdevice=PATH)
// ARCH: error: unsupported GPU architecture 'sm_70' (supported: sm_90, sm_80)
// STDOUT: flexc: error: --target=cuda writes one artifact: it needs -o FILE
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %p = ub.poison : tensor<4xf32>
  %0 = arith.addf %a, %p : tensor<4xf32>
  return %0 : tensor<4xf32>
}
