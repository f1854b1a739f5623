//===- TestDialect.h - A downstream dialect for tests -----------*- C++ -*-===//

#ifndef ECHOTEST_TESTDIALECT_H
#define ECHOTEST_TESTDIALECT_H

#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/SparseMaps.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "EchoTestDialect.h.inc"

#define GET_OP_CLASSES
#include "EchoTestOps.h.inc"

#endif // ECHOTEST_TESTDIALECT_H
