//===- EchoOps.h - Operations of the echo dialect --------------*- C++ -*-===//

#ifndef ECHODIALECT_ECHOOPS_H
#define ECHODIALECT_ECHOOPS_H

#include "EchoDialect/EchoAttrs.h"
#include "EchoDialect/EchoDialect.h"
#include "EchoDialect/EchoInterfaces.h"
#include "EchoDialect/EchoTraits.h"
#include "EchoDialect/EchoTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "EchoDialect/EchoOps.h.inc"

#endif // ECHODIALECT_ECHOOPS_H
