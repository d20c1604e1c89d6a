// --verify-diagnostics fails when an expected diagnostic does not occur, or an unexpected one does.
// RUN: not %flexc --verify-diagnostics %s 2>&1 | FileCheck %s

// CHECK: verify-diagnostics.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected error "this never happens" was not produced
func.func @quiet() {
  return  // expected-error {{this never happens}}
}
