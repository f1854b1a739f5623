//===- EchoOps.h - Operations of the echo dialect --------------*- C++ -*-===//

#ifndef ECHODIALECT_IR_ECHOOPS_H
#define ECHODIALECT_IR_ECHOOPS_H

#include "EchoDialect/IR/EchoAttrs.h"
#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoTraits.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "EchoDialect/IR/EchoOps.h.inc"

namespace mlir::echo {
/// The 1-D type of one rank's part of a tensor of `type` over `ranks` ranks
/// (echo.shard's result, echo.all_gather's operand; echo/parts.h).
RankedTensorType shardType(Type type, int64_t ranks);

/// A collective's ranks and the bytes one rank sends in it by the ring
/// accounting: an all-reduce 2 (N - 1) / N of the tensor, a reduce-scatter
/// or an all-gather (N - 1) / N of the whole tensor. The memory report and
/// the stream simulator both count with it.
struct CollectiveCost {
  int64_t ranks = 1, ringBytes = 0;
};
/// Of echo.all_reduce, echo.reduce_scatter, echo.all_gather; nullopt for
/// any other op (echo.shard is a local copy).
std::optional<CollectiveCost> collectiveCost(Operation *op);
} // namespace mlir::echo

#endif // ECHODIALECT_IR_ECHOOPS_H
