//===- SyncBatchNorm.h - Batch statistics over all ranks --------*- C++ -*-===//

#ifndef LIB_TRANSFORMS_SYNCBATCHNORM_H
#define LIB_TRANSFORMS_SYNCBATCHNORM_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace echo {

/// Makes every `echo.batch_norm` of the training step `fn` (after autodiff)
/// and its `echo.batch_norm_grad` use the statistics of all `ranks` ranks'
/// samples, as PyTorch's SyncBatchNorm does, with echo.all_reduce on
/// per-channel tensors only. Each rank's samples are an equal part.
LogicalResult syncBatchNorms(func::FuncOp fn, int64_t ranks);

} // namespace echo
} // namespace mlir

#endif // LIB_TRANSFORMS_SYNCBATCHNORM_H
