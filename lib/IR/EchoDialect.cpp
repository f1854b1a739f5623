//===- EchoDialect.cpp - The echo training dialect ------------------------===//

#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/SparseMaps.h"

using namespace mlir;
using namespace mlir::echo;

#include "EchoDialect/IR/EchoDialect.cpp.inc"

namespace {
/// Every result of `Op` is a sparse feature map (the interface's default).
template <typename Op>
struct SparseResults
    : SparseResultOpInterface::ExternalModel<SparseResults<Op>, Op> {};
} // namespace

void EchoDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "EchoDialect/IR/EchoOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
  // ReLU and max-pooling outputs are Gist's sparse feature maps (SSDC).
  ReluOp::attachInterface<SparseResults<ReluOp>>(*getContext());
  MaxPool2DOp::attachInterface<SparseResults<MaxPool2DOp>>(*getContext());
}

Operation *EchoDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
