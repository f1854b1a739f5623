//===- Passes.h - echo-mlir transformation passes --------------*- C++ -*-===//

#ifndef ECHODIALECT_TRANSFORMS_PASSES_H
#define ECHODIALECT_TRANSFORMS_PASSES_H

#include "EchoDialect/IR/EchoDialect.h"
#include "EchoDialect/Core/Options.h"
#include "EchoDialect/Core/PeakBudget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace echo {

#define GEN_PASS_DECL
#include "EchoDialect/Transforms/Passes.h.inc"

/// The rewrite of echo-raise-attention, for pipelines that raise frontend
/// IR (the importers run it with their cleanup patterns).
void populateRaiseAttentionPatterns(RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "EchoDialect/Transforms/Passes.h.inc"

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_TRANSFORMS_PASSES_H
