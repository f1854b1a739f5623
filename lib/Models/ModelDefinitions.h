//===- ModelDefinitions.h - Builders of the zoo's models -------*- C++ -*-===//
//
// One function per model, each in the file named after its family; the
// registry (Registry.cpp) lists them.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_MODELS_MODELDEFINITIONS_H
#define ECHO_MODELS_MODELDEFINITIONS_H

#include "EchoDialect/Models/Models.h"

namespace mlir {
namespace echo {
namespace models {

void buildMLP(ModelBuilder &b, const ModelOptions &o);
void buildLSTMLanguageModel(ModelBuilder &b, const ModelOptions &o);

} // namespace models
} // namespace echo
} // namespace mlir

#endif // ECHO_MODELS_MODELDEFINITIONS_H
