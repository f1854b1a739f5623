//===- ImportPasses.h - Raise frontend IR into echo ------------*- C++ -*-===//

#ifndef ECHODIALECT_CONVERSION_IMPORTPASSES_H
#define ECHODIALECT_CONVERSION_IMPORTPASSES_H

#include "EchoDialect/IR/EchoDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir {
namespace echo {

/// The loss an importer appends to the forward function.
enum class ImportLoss { None, CrossEntropy, Mse };

#define GEN_PASS_DECL
#include "EchoDialect/Conversion/ImportPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "EchoDialect/Conversion/ImportPasses.h.inc"

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CONVERSION_IMPORTPASSES_H
