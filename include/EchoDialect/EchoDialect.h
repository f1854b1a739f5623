//===- EchoDialect.h - The echo training dialect ---------------*- C++ -*-===//

#ifndef ECHODIALECT_ECHODIALECT_H
#define ECHODIALECT_ECHODIALECT_H

#include "mlir/IR/Dialect.h"

#include "EchoDialect/EchoDialect.h.inc"

#endif // ECHODIALECT_ECHODIALECT_H
