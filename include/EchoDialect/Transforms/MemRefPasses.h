//===- MemRefPasses.h - Passes on the lowered step -------------*- C++ -*-===//
//
// The passes of MemRefPasses.td: they run on the bufferized step (memrefs
// and runtime calls), between the conversion to runtime calls and the
// conversion to LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_TRANSFORMS_MEMREFPASSES_H
#define ECHODIALECT_TRANSFORMS_MEMREFPASSES_H

#include "EchoDialect/Core/MathMode.h"
#include "EchoDialect/IR/EchoAttrNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace echo {

#define GEN_PASS_DECL
#include "EchoDialect/Transforms/MemRefPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "EchoDialect/Transforms/MemRefPasses.h.inc"

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_TRANSFORMS_MEMREFPASSES_H
