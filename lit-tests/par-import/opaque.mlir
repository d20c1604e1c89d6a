// --opaque-unknown keeps ops no family models (listed in the summary) instead of failing.
// RUN: %flexc --opaque-unknown --emit=summary %s | FileCheck %s
// The search keeps the opaque op whole on one device; the warning goes to stderr.
// RUN: %flexc --opaque-unknown --machine=p100-4x4 %s -o - 2>&1 | FileCheck %s --check-prefix=SEARCH
// SEARCH: opaque.mlir:[[@LINE+5]]:8: warning: 'tensor.reshape' op is not modelled by flexc; it stays replicated and is not partitioned
// SEARCH: tensor.reshape {{.*}}par.config = #par.config<array<i64: 1, 1>, array<i64: {{[0-9]+}}>>

func.func @unsupported(%x: tensor<8x16xf32>, %shape: tensor<2xi64>) -> tensor<16x8xf32> {
  // CHECK: opaque: {{.*}}opaque.mlir:[[@LINE+1]]:{{[0-9]+}}: 'tensor.reshape' op is not modelled by flexc; it stays replicated and is not partitioned
  %0 = tensor.reshape %x(%shape) : (tensor<8x16xf32>, tensor<2xi64>) -> tensor<16x8xf32>
  %1 = arith.negf %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
// The opaque op is a graph op (replicated, costed by its bytes) and the negation reads it.
// CHECK: compute_ops: 2
// CHECK: parameters: 0
// CHECK: forward_flops: 128
