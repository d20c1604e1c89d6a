// The entry function: --entry=NAME, else the module's only public function with a body, else an
// error at the module listing the candidates.

// RUN: split-file %s %t

// Named: the chosen function's ops are the graph.
// RUN: %flexc %t/two.mlir --entry=second --emit=summary 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: %flexc %t/two.mlir --entry=@first --emit=summary 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: %flexc %t/two.mlir --pass-pipeline='builtin.module(par-import{entry=second})' | FileCheck %s --check-prefix=PASS
// NAMED: arith.mulf
// NAMED-NOT: arith.addf
// NAMED: compute_ops: 1
// FIRST: arith.addf
// FIRST-NOT: arith.mulf
// FIRST: compute_ops: 1
// PASS-LABEL: func.func @first
// PASS-NOT: par.space
// PASS-LABEL: func.func @second
// PASS: arith.mulf {{.*}}par.space

// Unique public function (private helpers and declarations do not count).
// RUN: %flexc %t/unique.mlir --emit=summary 2>&1 | FileCheck %s --check-prefix=UNIQUE
// UNIQUE: arith.subf
// UNIQUE: compute_ops: 1

// Ambiguous: an error at the module listing the candidates; nothing written.
// RUN: rm -f %t.out
// RUN: %expect-exit 1 %flexc %t/two.mlir -o %t.out 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: %expect-exit 1 %flexc %t/two.mlir --emit=summary 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: %expect-exit 1 %flexc %t/two.mlir --simulate 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// AMBIGUOUS: two.mlir:1:1: error: 2 public functions, which one is the model? name it with --entry=NAME (or par-import{entry=NAME}); candidates: @first, @second

// Named but missing.
// RUN: %expect-exit 1 %flexc %t/two.mlir --entry=third -o %t.out 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: two.mlir:1:1: error: entry function '@third' not found; functions with a body: @first, @second

// Only private functions: name one.
// RUN: %expect-exit 1 %flexc %t/private.mlir -o %t.out 2>&1 | FileCheck %s --check-prefix=PRIVATE
// RUN: %flexc %t/private.mlir --entry=hidden --emit=summary 2>&1 | FileCheck %s --check-prefix=UNIQUE
// PRIVATE: private.mlir:1:1: error: no public function to import; name the entry with --entry=NAME (or par-import{entry=NAME}) among: @hidden

// A malformed name is a usage error.
// RUN: %expect-exit 2 %flexc %t/two.mlir --entry='a+b' 2>&1 | FileCheck %s --check-prefix=USAGE
// USAGE: flexc: error: option 'entry' of pass 'par-import': 'a+b' is not a symbol name

// RUN: not ls %t.out

//--- two.mlir
module {
  func.func @first(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = arith.addf %a, %a : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
  func.func @second(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = arith.mulf %a, %a : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

//--- unique.mlir
module {
  func.func private @declared(tensor<8x4xf32>) -> tensor<8x4xf32>
  func.func private @helper(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
    return %a : tensor<8x4xf32>
  }
  func.func @main(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = arith.subf %a, %a : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}

//--- private.mlir
module {
  func.func private @hidden(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = arith.subf %a, %a : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
