//===- Passes.h - echo-mlir conversion passes ------------------*- C++ -*-===//

#ifndef ECHODIALECT_CONVERSION_PASSES_H
#define ECHODIALECT_CONVERSION_PASSES_H

#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/Core/MathMode.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace echo {

#define GEN_PASS_DECL
#include "EchoDialect/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "EchoDialect/Conversion/Passes.h.inc"


} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CONVERSION_PASSES_H
