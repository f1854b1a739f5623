//===- Registry.cpp - The list of models ----------------------------------===//

#include "ModelDefinitions.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::echo;

static const ModelInfo kModels[] = {
    {"mlp", "3-layer MLP on 784-wide inputs (tests, demo)",
     "batch,hidden", models::buildMLP},
    {"lstm-lm", "2-layer LSTM language model, unrolled (tests, demo)",
     "batch,seq-len,hidden,layers,vocab", models::buildLSTMLanguageModel},
    {"nmt", "Sockeye 1.5 RNN NMT, IWSLT15 en-vi (Echo's main workload)",
     "batch,src-len,tgt-len,hidden,vocab", models::buildNMT},
    {"nmt-large", "deeper Sockeye RNN NMT (~16K-op training step)",
     "batch,src-len,tgt-len,hidden,layers,vocab", models::buildNMTLarge},
    {"transformer", "Transformer base, 6+6 layers, shared embeddings",
     "batch,seq-len,hidden,layers,vocab", models::buildTransformer},
    {"gpt2", "GPT-2 124M: 12 pre-LN layers, h 768, tied embeddings, seq 1024",
     "batch,seq-len,hidden,layers,heads,vocab,attention,dropout",
     models::buildGPT2Small},
    {"gpt2-medium", "GPT-2 355M: 24 pre-LN layers, h 1024, 16 heads",
     "batch,seq-len,hidden,layers,heads,vocab,attention,dropout",
     models::buildGPT2Medium},
    {"bert", "BERT-base MLM, 12 post-LN layers, h 768, seq 512",
     "batch,seq-len,hidden,layers,heads,vocab,attention,dropout",
     models::buildBERT},
    {"llama", "Llama-style stack at Llama-2 7B: RMSNorm, RoPE, SwiGLU",
     "batch,seq-len,hidden,layers,heads,vocab,attention",
     models::buildLlama},
    {"deepspeech2", "DeepSpeech2: 2 conv + 7 bi-GRU 1760, batch 8",
     "batch,seq-len,hidden,layers,vocab", models::buildDeepSpeech2},
    {"vit", "ViT-B/16, ImageNet 224x224, 12 pre-LN layers, h 768",
     "batch,image-size,hidden,layers,heads,attention,dropout",
     models::buildViT},
    {"resnet50", "ResNet-50, ImageNet 224x224, bottleneck blocks + BN",
     "batch,image-size", models::buildResNet50},
    {"resnet152", "ResNet-152, ImageNet 224x224 (Echo's CNN, batch 32)",
     "batch,image-size", models::buildResNet152},
    {"resnet-cifar", "ResNet-(6n+2), CIFAR-10 32x32, basic blocks + BN",
     "batch,image-size,depth", models::buildResNetCIFAR},
    {"vgg16", "VGG-16 (config D), ImageNet 224x224, dropout in FC",
     "batch,image-size", models::buildVGG16},
    {"alexnet", "AlexNet (bvlc_alexnet, no LRN), ImageNet 227x227",
     "batch,image-size", models::buildAlexNet},
    {"inception-v4", "Inception-v4, ImageNet 299x299, BN after every conv",
     "batch,image-size", models::buildInceptionV4},
    {"nin", "Network in Network (Caffe nin_imagenet), ImageNet 224x224",
     "batch,image-size", models::buildNiN},
    {"overfeat", "OverFeat fast model, ImageNet 231x231",
     "batch,image-size", models::buildOverFeat},
};

llvm::ArrayRef<ModelInfo> mlir::echo::getModels() { return kModels; }

FailureOr<func::FuncOp> mlir::echo::buildModel(ModuleOp module, StringRef name,
                                               const ModelOptions &options,
                                               std::string &error) {
  for (const ModelInfo &info : getModels()) {
    if (name != info.name)
      continue;
    SmallVector<StringRef> accepted;
    StringRef(info.options).split(accepted, ',', -1, false);
    auto given = [&](StringRef option, const auto &v) {
      if (v && !llvm::is_contained(accepted, option)) {
        error = ("model '" + name + "' has no option --" + option +
                 " (it takes: " + info.options + ")").str();
        return false;
      }
      return true;
    };
    if (!given("batch", options.batch) || !given("seq-len", options.seqLen) ||
        !given("src-len", options.srcLen) || !given("tgt-len", options.tgtLen) ||
        !given("image-size", options.imageSize) ||
        !given("depth", options.depth) || !given("hidden", options.hidden) ||
        !given("layers", options.layers) || !given("vocab", options.vocab) ||
        !given("heads", options.heads) ||
        !given("attention", options.attention) ||
        !given("dropout", options.dropout))
      return failure();
    std::string symbol = name.str();
    std::replace(symbol.begin(), symbol.end(), '-', '_');
    ModelBuilder builder(module, symbol);
    if (failed(info.build(builder, options))) {
      error = builder.getOptionError();
      module.getBody()->back().erase();
      return failure();
    }
    return cast<func::FuncOp>(module.getBody()->back());
  }
  error = ("unknown model '" + name + "' (see echo-models --list)").str();
  return failure();
}
