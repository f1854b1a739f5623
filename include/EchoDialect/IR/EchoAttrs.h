//===- EchoAttrs.h - Enums and attributes of the echo dialect --*- C++ -*-===//

#ifndef ECHODIALECT_IR_ECHOATTRS_H
#define ECHODIALECT_IR_ECHOATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

// #echo.category holds the runtime's EchoMemoryCategory.
#include "echo/allocator.h"

#include "EchoDialect/IR/EchoEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "EchoDialect/IR/EchoAttrs.h.inc"

#endif // ECHODIALECT_IR_ECHOATTRS_H
