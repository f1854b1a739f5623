//===- Passes.h - echo-mlir conversion passes ------------------*- C++ -*-===//

#ifndef ECHODIALECT_CONVERSION_PASSES_H
#define ECHODIALECT_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace echo {

#define GEN_PASS_DECL
#include "EchoDialect/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "EchoDialect/Conversion/Passes.h.inc"

/// Name of the module attribute listing allocation sites.
constexpr const char *kAllocSitesAttr = "echo.alloc_sites";
/// On each memref.alloc: its index in kAllocSitesAttr (i64).
constexpr const char *kAllocSiteAttr = "echo.alloc_site";

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CONVERSION_PASSES_H
