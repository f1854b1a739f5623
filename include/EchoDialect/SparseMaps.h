//===- SparseMaps.h - Which feature maps are sparse -------------*- C++ -*-===//
//
// ReLU and max-pooling outputs are the sparse feature maps Gist's SSDC
// (sparse storage, dense compute; Gist Section III) pays off on. One
// predicate, so gist-encode (which stores them in CSR), echo-remat (which
// costs them so) and echo-run's sparsity profile (which measures them) agree.
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
