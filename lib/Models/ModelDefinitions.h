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
void buildResNet50(ModelBuilder &b, const ModelOptions &o);
void buildResNet152(ModelBuilder &b, const ModelOptions &o);
void buildResNetCIFAR(ModelBuilder &b, const ModelOptions &o);
void buildVGG16(ModelBuilder &b, const ModelOptions &o);
void buildAlexNet(ModelBuilder &b, const ModelOptions &o);
void buildInceptionV4(ModelBuilder &b, const ModelOptions &o);
void buildNiN(ModelBuilder &b, const ModelOptions &o);
void buildOverFeat(ModelBuilder &b, const ModelOptions &o);
void buildNMT(ModelBuilder &b, const ModelOptions &o);
void buildNMTLarge(ModelBuilder &b, const ModelOptions &o);
void buildTransformer(ModelBuilder &b, const ModelOptions &o);
void buildDeepSpeech2(ModelBuilder &b, const ModelOptions &o);

} // namespace models
} // namespace echo
} // namespace mlir

#endif // ECHO_MODELS_MODELDEFINITIONS_H
