//===- ModelBuilder.h - Build forward functions layer by layer -*- C++ -*-===//
//
// The C++ API behind echo-models, usable from any MLIR-based compiler: a
// ModelBuilder creates one forward function `func.func @NAME(args...) ->
// tensor<f32>` in echo ops. Layers create their parameters as function
// arguments marked {echo.trainable}; shapes are computed with the dialect's
// shape functions, so a layer that does not fit its input fails with a
// located error instead of producing invalid IR.
//
//   ModelBuilder b(module, "mlp");
//   Value x = b.input({32, 784});
//   Value labels = b.labels({32});
//   Value h = b.relu(b.linear(x, 256));
//   b.finish(b.crossEntropy(b.linear(h, 10), labels));
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_MODELS_MODELBUILDER_H
#define ECHODIALECT_MODELS_MODELBUILDER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir {
namespace echo {

class ModelBuilder {
  std::string error;

public:
  /// Starts `@name` at the end of `module`.
  ModelBuilder(ModuleOp module, StringRef name);

  MLIRContext *getContext() { return builder.getContext(); }
  OpBuilder &getBuilder() { return builder; }

  /// Records why the model's options cannot be built (returned to the
  /// caller of buildModel, never a process exit) and fails.
  LogicalResult optionError(const llvm::Twine &message) {
    error = message.str();
    return failure();
  }
  const std::string &getOptionError() const { return error; }

  //--- Arguments ---------------------------------------------------------//
  /// A float data input.
  Value input(ArrayRef<int64_t> shape, StringRef name = "input");
  /// Integer class labels (i32). Their range is implied by their use
  /// (the class dimension of the logits they are compared with).
  Value labels(ArrayRef<int64_t> shape, StringRef name = "labels");
  /// Integer token ids (i32), ranged by the embedding table they index.
  Value tokens(ArrayRef<int64_t> shape, StringRef name = "tokens");
  /// A trainable parameter.
  Value param(ArrayRef<int64_t> shape, StringRef name);
  /// A non-trainable tensor carried through the step (running statistics).
  Value state(ArrayRef<int64_t> shape, StringRef name);

  //--- Layers ------------------------------------------------------------//
  Value linear(Value x, int64_t outFeatures, bool bias = true,
               StringRef name = "fc");
  /// Linear with an existing weight [N, K] and optional bias [N] (shared
  /// weights, e.g. unrolled recurrent cells).
  Value linear(Value x, Value weight, Value bias);
  Value matmul(Value a, Value b, bool transposeA = false,
               bool transposeB = false);
  Value batchMatmul(Value a, Value b, bool transposeA = false,
                    bool transposeB = false);
  /// 2-D convolution with square or rectangular kernels.
  Value conv2d(Value x, int64_t outChannels, ArrayRef<int64_t> kernel,
               ArrayRef<int64_t> stride = {1, 1},
               ArrayRef<int64_t> padding = {0, 0}, bool bias = true,
               int64_t groups = 1, StringRef name = "conv");
  Value embedding(Value table, Value ids);

  Value relu(Value x);
  Value tanh(Value x);
  Value sigmoid(Value x);
  Value gelu(Value x);
  Value geluErf(Value x);
  Value exp(Value x);
  Value rsqrt(Value x);
  Value add(Value a, Value b);
  Value sub(Value a, Value b);
  Value mul(Value a, Value b);
  Value div(Value a, Value b);
  Value max(Value a, Value b);

  Value maxPool(Value x, ArrayRef<int64_t> kernel, ArrayRef<int64_t> stride,
                ArrayRef<int64_t> padding = {0, 0});
  Value avgPool(Value x, ArrayRef<int64_t> kernel, ArrayRef<int64_t> stride,
                ArrayRef<int64_t> padding = {0, 0});
  /// Batch norm in training mode; creates gamma, beta (trainable) and the
  /// running statistics (state).
  Value batchNorm(Value x, StringRef name = "bn");
  /// Layer norm over the last dimension; creates gamma and beta.
  Value layerNorm(Value x, StringRef name = "ln");
  /// Dropout with a fresh seed per call (deterministic per model).
  Value dropout(Value x, double probability);
  Value softmax(Value x, int64_t axis = -1);
  /// Fused scaled dot-product attention (echo.attention) on [B, H, L, D]
  /// query, key and value; dropout on the probabilities with a fresh seed
  /// when `dropout` > 0. Returns the output [B, H, L, D]. Fails (null) with
  /// dropout when this build's echo.attention has none.
  Value attention(Value query, Value key, Value value, bool causal,
                  double dropout = 0.0);
  /// Whether this build's echo.attention takes a dropout probability.
  static bool attentionHasDropout();
  Value logSoftmax(Value x, int64_t axis = -1);
  Value reduce(Value x, StringRef kind, ArrayRef<int64_t> dims,
               bool keepDims = false);
  Value crossEntropy(Value logits, Value labels);

  Value reshape(Value x, ArrayRef<int64_t> shape);
  Value transpose(Value x, ArrayRef<int64_t> permutation);
  Value broadcastTo(Value x, ArrayRef<int64_t> shape);
  Value concat(ArrayRef<Value> values, int64_t axis);
  SmallVector<Value> split(Value x, int64_t axis, int64_t pieces);
  /// Contiguous slice [offsets, offsets + sizes).
  Value slice(Value x, ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes);

  //--- Recurrent cells (unfused, as the papers' frameworks run them) -----//
  struct LSTMState {
    Value h, c;
  };
  struct LSTMWeights {
    Value weight; // [4H, in + H]
    Value bias;   // [4H]
  };
  LSTMWeights lstmWeights(int64_t inputSize, int64_t hidden, StringRef name);
  /// One step: gates = linear(concat(x, h)); i, f, g, o = split(gates);
  /// c' = sigmoid(f) * c + sigmoid(i) * tanh(g); h' = sigmoid(o) * tanh(c').
  LSTMState lstmCell(Value x, LSTMState state, const LSTMWeights &w);
  /// Zero initial state for a batch.
  LSTMState lstmZeroState(int64_t batch, int64_t hidden);

  struct GRUWeights {
    Value inputWeight;  // [3H, in]
    Value hiddenWeight; // [3H, H]
    Value bias;         // [3H]
  };
  GRUWeights gruWeights(int64_t inputSize, int64_t hidden, StringRef name);
  /// One GRU step (reset gate applied after the hidden projection, as cuDNN).
  Value gruCell(Value x, Value h, const GRUWeights &w);

  Value zeros(ArrayRef<int64_t> shape);
  Value fill(ArrayRef<int64_t> shape, double value);
  /// A dense f32 constant (`values` row-major, one per element): a table
  /// the step carries, such as a causal mask or rotary cos/sin.
  Value constant(ArrayRef<int64_t> shape, ArrayRef<float> values,
                 StringRef name = "constant");

  //--- Finishing ---------------------------------------------------------//
  /// Returns `loss` (a scalar tensor<f32>) and completes the function type.
  func::FuncOp finish(Value loss);

  /// Shape of a value built here.
  static ArrayRef<int64_t> shapeOf(Value v);

private:
  Value addArgument(RankedTensorType type, StringRef name, bool trainable);
  RankedTensorType f32(ArrayRef<int64_t> shape);
  Location loc(StringRef name);
  std::string unique(StringRef name);

  ModuleOp module;
  OpBuilder builder;
  func::FuncOp function;
  Block *body;
  SmallVector<DictionaryAttr> argAttrs;
  llvm::StringMap<int> nameCounts;
  int64_t dropoutSeed = 1;
};

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_MODELS_MODELBUILDER_H
