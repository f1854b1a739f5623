//===- EchoDialect.h - The echo training dialect ---------------*- C++ -*-===//

#ifndef ECHODIALECT_IR_ECHODIALECT_H
#define ECHODIALECT_IR_ECHODIALECT_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

// The typed discardable attributes' helpers name echo's attributes.
#include "EchoDialect/IR/EchoAttrs.h"

#include "EchoDialect/IR/EchoDialect.h.inc"

#endif // ECHODIALECT_IR_ECHODIALECT_H
