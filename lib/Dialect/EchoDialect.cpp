//===- EchoDialect.cpp - The echo training dialect ------------------------===//

#include "EchoDialect/EchoDialect.h"
#include "EchoDialect/EchoOps.h"

using namespace mlir;
using namespace mlir::echo;

#include "EchoDialect/EchoDialect.cpp.inc"

void EchoDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "EchoDialect/EchoOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
}

Operation *EchoDialect::materializeConstant(OpBuilder &builder,
                                            Attribute value, Type type,
                                            Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
