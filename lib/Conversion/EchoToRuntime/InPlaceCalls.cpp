//===- InPlaceCalls.cpp - InPlaceOpInterface at the call level ------------===//
//
// echo-buffer-assign plans bufferized functions, where the echo op is gone
// and only its runtime call remains. annotateInPlaceCall carries the op's
// in-place pairs onto that call as positions among its memref operands.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/EchoToRuntime.h"
#include "EchoDialect/EchoInterfaces.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
/// Position of `buffer` (itself or a memref.cast of it) among the
/// memref-typed operands of `call`.
std::optional<int64_t> memrefPosition(Operation *call, Value buffer) {
  int64_t position = 0;
  for (Value arg : call->getOperands()) {
    if (!isa<BaseMemRefType>(arg.getType()))
      continue;
    Value source = arg;
    if (auto cast = arg.getDefiningOp<memref::CastOp>())
      source = cast.getSource();
    if (source == buffer)
      return position;
    ++position;
  }
  return std::nullopt;
}
} // namespace

void mlir::echo::annotateInPlaceCall(Operation *call, Operation *op,
                                     ValueRange inputs, ValueRange outputs) {
  auto inPlace = dyn_cast<InPlaceOpInterface>(op);
  if (!call || !inPlace)
    return;
  SmallVector<int64_t> positions;
  for (auto [operand, result] : inPlace.getInPlacePairs()) {
    if (operand >= inputs.size() || result >= outputs.size())
      continue;
    // Nothing to plan when both sides already are one buffer.
    if (inputs[operand] == outputs[result])
      continue;
    std::optional<int64_t> in = memrefPosition(call, inputs[operand]);
    std::optional<int64_t> out = memrefPosition(call, outputs[result]);
    if (!in || !out || *in == *out)
      continue;
    positions.append({*in, *out});
  }
  if (!positions.empty())
    call->setAttr(kInPlaceCallAttr,
                  Builder(call->getContext()).getDenseI64ArrayAttr(positions));
}
