// Small C entry points that the MLIR C API lacks, built by build.rs against the LLVM/MLIR 22 headers.
//
// 1. Parsing a buffer *with a source name* into an implicit `builtin.module` (what `mlir-opt` does):
//    `mlirOperationCreateParse` keeps the name but rejects several top-level ops, and
//    `mlirModuleCreateParse` wraps but drops the name (locations would read `-:1:1`). The text is
//    copied into a NUL-terminated buffer first: MLIR's lexer finds the end of its input by the NUL
//    after it (`parseSourceString` does not add one), and read past the end of a text cut inside a
//    string literal until it crashed (tools/fuzz). The copy is followed by 64 KiB outside the buffer
//    MLIR sees: after the error for a string cut by the end of the text, MLIR 22's lexer resumes
//    past the terminator (a `dense_resource` blob cut in its hex string read 3 KB further, through
//    zeros too, and crashed when that memory was unmapped: tools/fuzz); quotes, newlines and NULs
//    there end the string and the token at once.
// 2. Whether a `dense_resource` attribute has its blob (exporters print weights elided: the handle
//    stays, the data does not), which the C API cannot tell.
// 3. `--verify-diagnostics`: MLIR's own `SourceMgrDiagnosticVerifierHandler`, so `expected-error`
//    comments mean exactly what they mean for `mlir-opt`.
//
// Everything here is plain glue: no flexc logic lives in C++.

#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>
#include <memory>

namespace {
// Zero bytes after the NUL-terminated copy of a text (the file comment, 1.).
constexpr size_t kPadding = 64 * 1024;

// `source` copied into `storage` (zero-filled, `kPadding` longer) and a buffer over the copy alone,
// NUL-terminated: what the parser reads.
std::unique_ptr<llvm::MemoryBuffer>
paddedCopy(MlirStringRef source, MlirStringRef sourceName,
           std::unique_ptr<llvm::WritableMemoryBuffer> &storage) {
  storage = llvm::WritableMemoryBuffer::getNewMemBuffer(source.length + kPadding,
                                                        unwrap(sourceName));
  char *data = storage->getBufferStart();
  if (source.length)
    std::memcpy(data, source.data, source.length);
  // After the terminating NUL, a pattern that stops every way of reading on: a quote ends a string
  // or blob, a newline a string literal, a NUL a token.
  static const char pattern[3] = {'"', '\n', '\0'};
  for (size_t i = 1; i < kPadding; ++i)
    data[source.length + i] = pattern[i % 3];
  return llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(storage->getBufferStart(), source.length), unwrap(sourceName),
      /*RequiresNullTerminator=*/true);
}

struct Verifier {
  std::unique_ptr<llvm::WritableMemoryBuffer> storage;
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<mlir::SourceMgrDiagnosticVerifierHandler> handler;
};
} // namespace

// Parsing does not verify: flexc checks the IR for what crashes MLIR's verifiers first
// (src/parse.rs), then verifies.
extern "C" MlirModule flexcParseModuleNamed(MlirContext context, MlirStringRef source,
                                            MlirStringRef sourceName) {
  mlir::ParserConfig config(unwrap(context), /*verifyAfterParse=*/false);
  std::unique_ptr<llvm::WritableMemoryBuffer> storage;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(paddedCopy(source, sourceName, storage), llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
  return wrap(module.release());
}

extern "C" bool flexcDenseResourceHasBlob(MlirAttribute attribute) {
  auto resource = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attribute));
  return resource && resource.getRawHandle().getBlob() != nullptr;
}

extern "C" void *flexcVerifierCreate(MlirContext context, MlirStringRef source,
                                     MlirStringRef sourceName) {
  // As in mlir-opt: expected-* comments do not list the "see current operation" notes.
  unwrap(context)->printOpOnDiagnostic(false);
  auto *verifier = new Verifier;
  verifier->sourceMgr.AddNewSourceBuffer(paddedCopy(source, sourceName, verifier->storage),
                                         llvm::SMLoc());
  verifier->handler = std::make_unique<mlir::SourceMgrDiagnosticVerifierHandler>(
      verifier->sourceMgr, unwrap(context));
  return verifier;
}

extern "C" MlirModule flexcVerifierParse(void *opaque, MlirContext context) {
  auto *verifier = static_cast<Verifier *>(opaque);
  mlir::ParserConfig config(unwrap(context), /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(verifier->sourceMgr, config);
  return wrap(module.release());
}

// Checks that every expected diagnostic was seen (and reports those that were not), then frees the
// verifier. Returns true on success.
extern "C" bool flexcVerifierFinish(void *opaque) {
  auto *verifier = static_cast<Verifier *>(opaque);
  bool ok = mlir::succeeded(verifier->handler->verify());
  delete verifier;
  return ok;
}
