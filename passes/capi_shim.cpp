// C entry points flexc-passes needs that MLIR's C API lacks: the raw bytes of a weight constant,
// inline (`dense<...>`) or in a resource blob (`dense_resource<...>`), so that the importer can tell
// whether two constants hold the same weight (see `par_import`'s tied weights).

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

using namespace mlir;

// The element bytes of a non-splat dense or dense_resource elements attribute: false for other
// attributes, splats, and resources whose blob is absent (an elided weight).
extern "C" bool flexcElementsRawData(MlirAttribute attribute, const char **data,
                                     size_t *size) {
  Attribute attr = unwrap(attribute);
  if (auto dense = llvm::dyn_cast<DenseElementsAttr>(attr)) {
    if (dense.isSplat())
      return false;
    ArrayRef<char> raw = dense.getRawData();
    *data = raw.data();
    *size = raw.size();
    return true;
  }
  if (auto resource = llvm::dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return false;
    ArrayRef<char> raw = blob->getData();
    *data = raw.data();
    *size = raw.size();
    return true;
  }
  return false;
}
