//===- InPlaceCalls.cpp - InPlaceOpInterface at the call level ------------===//
//
// echo-buffer-assign plans bufferized functions, where the echo op is gone
// and only its runtime call remains. annotateInPlaceCall carries the op's
// in-place pairs onto that call as positions among its memref operands.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/RuntimeAbi/RuntimeCalls.h"
#include "EchoDialect/IR/EchoInterfaces.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
/// Position of `buffer` among the buffers passed as the call's tensors.
std::optional<int64_t> memrefPosition(ArrayRef<Value> passed, Value buffer) {
  const Value *it = llvm::find(passed, buffer);
  if (it == passed.end())
    return std::nullopt;
  return it - passed.begin();
}
} // namespace

void mlir::echo::annotateInPlaceCall(Operation *call, Operation *op,
                                     ValueRange inputs, ValueRange outputs,
                                     ArrayRef<Value> passed) {
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
    std::optional<int64_t> in = memrefPosition(passed, inputs[operand]);
    std::optional<int64_t> out = memrefPosition(passed, outputs[result]);
    if (!in || !out || *in == *out)
      continue;
    positions.append({*in, *out});
  }
  if (!positions.empty())
    call->setAttr(kInPlaceCallAttr,
                  Builder(call->getContext()).getDenseI64ArrayAttr(positions));
}
