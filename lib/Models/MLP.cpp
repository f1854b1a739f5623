//===- MLP.cpp - A small multilayer perceptron ----------------------------===//

#include "ModelDefinitions.h"

llvm::LogicalResult mlir::echo::models::buildMLP(ModelBuilder &b, const ModelOptions &o) {
  int64_t batch = ModelOptions::get(o.batch, 64);
  int64_t hidden = ModelOptions::get(o.hidden, 256);
  Value x = b.input({batch, 784});
  Value labels = b.labels({batch});
  Value h = b.relu(b.linear(x, hidden, true, "fc1"));
  h = b.relu(b.linear(h, hidden, true, "fc2"));
  b.finish(b.crossEntropy(b.linear(h, 10, true, "fc3"), labels));
  return success();
}
