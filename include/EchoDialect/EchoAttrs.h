//===- EchoAttrs.h - Enums and attributes of the echo dialect --*- C++ -*-===//

#ifndef ECHODIALECT_ECHOATTRS_H
#define ECHODIALECT_ECHOATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "EchoDialect/EchoEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "EchoDialect/EchoAttrs.h.inc"

#endif // ECHODIALECT_ECHOATTRS_H
