//===- SparseMaps.h - Which feature maps are sparse -------------*- C++ -*-===//
//
// Sparse feature maps are what Gist's SSDC (sparse storage, dense compute;
// Gist Section III) pays off on: the results of ops that declare
// SparseResultOpInterface (SparseMaps.td), any dialect's; echo.relu and
// echo.max_pool2d carry it. Read through StashEncodingChoice (the one rule
// that picks a stash's encoding, for gist-encode, echo-remat's cost model
// and the peak model), which adds the element-type condition of the
// runtime's CSR entries (f32).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_SPARSEMAPS_H
#define ECHODIALECT_IR_SPARSEMAPS_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Value.h"

#include "EchoDialect/IR/SparseMaps.h.inc"

namespace mlir {
namespace echo {

inline bool isSparseFeatureMap(Value v) {
  auto result = dyn_cast<OpResult>(v);
  if (!result)
    return false;
  auto sparse = dyn_cast<SparseResultOpInterface>(result.getOwner());
  return sparse && sparse.isResultSparse(result.getResultNumber());
}

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_SPARSEMAPS_H
