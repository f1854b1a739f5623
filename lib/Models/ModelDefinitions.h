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

LogicalResult buildMLP(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildLSTMLanguageModel(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildResNet50(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildResNet152(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildResNetCIFAR(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildVGG16(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildAlexNet(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildInceptionV4(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildNiN(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildOverFeat(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildNMT(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildNMTLarge(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildTransformer(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildDeepSpeech2(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildGPT2Small(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildGPT2Medium(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildViT(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildBERT(ModelBuilder &b, const ModelOptions &o);
LogicalResult buildLlama(ModelBuilder &b, const ModelOptions &o);

} // namespace models
} // namespace echo
} // namespace mlir

#endif // ECHO_MODELS_MODELDEFINITIONS_H
