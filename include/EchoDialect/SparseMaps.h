//===- SparseMaps.h - Which feature maps are sparse -------------*- C++ -*-===//
//
// ReLU and max-pooling outputs are the sparse feature maps Gist's SSDC
// (sparse storage, dense compute; Gist Section III) pays off on. Read
// through StashEncodingChoice (the one rule that picks a stash's encoding,
// for gist-encode, echo-remat's cost model and the peak model), which adds
// the element-type condition of the runtime's CSR entries (f32).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_SPARSEMAPS_H
#define ECHODIALECT_SPARSEMAPS_H

#include "EchoDialect/EchoOps.h"

namespace mlir {
namespace echo {

inline bool isSparseFeatureMap(Value v) {
  return isa_and_nonnull<ReluOp, MaxPool2DOp>(v.getDefiningOp());
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_SPARSEMAPS_H
