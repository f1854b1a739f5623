//===- EchoCosts.cpp - CostOpInterface of echo ops ------------------------===//
//
// FLOP counts per execution. Conventions (also in docs/dialect.md):
//  - a multiply-add is 2 FLOPs, so an [M,K]x[K,N] product is 2*M*N*K;
//  - elementwise ops count the arithmetic operations of their formula per
//    element, with a transcendental function (exp, log, tanh, sqrt, erf-like)
//    counted as one operation;
//  - pure data movement (reshape, slice, concat, transpose, ...) is 0 FLOPs:
//    its cost shows in bytes read and written.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/ShapeFunctions.h"

using namespace mlir;
using namespace mlir::echo;

static int64_t elements(Value v) {
  return shape::numElements(cast<ShapedType>(v.getType()).getShape());
}

/// 2 * (elements of `out`) * (contraction size).
static int64_t productFlops(Value out, int64_t contraction) {
  return 2 * elements(out) * contraction;
}

//===----------------------------------------------------------------------===//
// Compute-heavy ops
//===----------------------------------------------------------------------===//

bool LinearOp::isComputeHeavy() { return true; }
int64_t LinearOp::getFlops() {
  int64_t k = cast<ShapedType>(getWeight().getType()).getDimSize(1);
  return productFlops(getResult(), k) + (getBias() ? elements(getResult()) : 0);
}

static int64_t contractionOf(Value lhs, bool transposed) {
  auto shape = cast<ShapedType>(lhs.getType()).getShape();
  return transposed ? shape[shape.size() - 2] : shape.back();
}

bool MatmulOp::isComputeHeavy() { return true; }
int64_t MatmulOp::getFlops() {
  return productFlops(getResult(), contractionOf(getLhs(), getTransposeLhs()));
}

bool BatchMatmulOp::isComputeHeavy() { return true; }
int64_t BatchMatmulOp::getFlops() {
  return productFlops(getResult(), contractionOf(getLhs(), getTransposeLhs()));
}

/// Multiply-adds per output element of a convolution: (C/groups) * KH * KW.
static int64_t convContraction(Value weight) {
  auto w = cast<ShapedType>(weight.getType()).getShape();
  return w[1] * w[2] * w[3];
}

bool Conv2DOp::isComputeHeavy() { return true; }
int64_t Conv2DOp::getFlops() {
  return productFlops(getResult(), convContraction(getWeight())) +
         (getBias() ? elements(getResult()) : 0);
}

// A gather: no arithmetic, but a library kernel that is never recomputed.
bool EmbeddingOp::isComputeHeavy() { return true; }
int64_t EmbeddingOp::getFlops() { return 0; }

bool LinearGradInputOp::isComputeHeavy() { return true; }
int64_t LinearGradInputOp::getFlops() {
  int64_t n = cast<ShapedType>(getWeight().getType()).getDimSize(0);
  return productFlops(getResult(), n);
}

bool LinearGradWeightOp::isComputeHeavy() { return true; }
int64_t LinearGradWeightOp::getFlops() {
  // dW[N,K] sums over every row of the flattened input.
  int64_t rows = elements(getInput()) /
                 cast<ShapedType>(getInput().getType()).getShape().back();
  return productFlops(getResult(), rows);
}

bool Conv2DGradInputOp::isComputeHeavy() { return true; }
int64_t Conv2DGradInputOp::getFlops() {
  // Same multiply-adds as the forward convolution.
  return productFlops(getGrad(), convContraction(getWeight()));
}

bool Conv2DGradWeightOp::isComputeHeavy() { return true; }
int64_t Conv2DGradWeightOp::getFlops() {
  return productFlops(getGrad(), convContraction(getResult()));
}

bool EmbeddingGradOp::isComputeHeavy() { return true; }
int64_t EmbeddingGradOp::getFlops() { return elements(getGrad()); }

//===----------------------------------------------------------------------===//
// Elementwise and other ops
//===----------------------------------------------------------------------===//

int64_t ReluOp::getFlops() { return elements(getResult()); }
int64_t TanhOp::getFlops() { return elements(getResult()); }
int64_t SigmoidOp::getFlops() { return 3 * elements(getResult()); }
int64_t GeluOp::getFlops() { return 8 * elements(getResult()); }
int64_t GeluErfOp::getFlops() { return 5 * elements(getResult()); }
int64_t ExpOp::getFlops() { return elements(getResult()); }
int64_t LogOp::getFlops() { return elements(getResult()); }
int64_t NegOp::getFlops() { return elements(getResult()); }
int64_t SqrtOp::getFlops() { return elements(getResult()); }
int64_t RsqrtOp::getFlops() { return 2 * elements(getResult()); }

int64_t AddOp::getFlops() { return elements(getResult()); }
int64_t SubOp::getFlops() { return elements(getResult()); }
int64_t MulOp::getFlops() { return elements(getResult()); }
int64_t DivOp::getFlops() { return elements(getResult()); }
int64_t MaxOp::getFlops() { return elements(getResult()); }

int64_t DropoutOp::getFlops() { return 2 * elements(getOutput()); }

static int64_t windowSize(ArrayRef<int64_t> kernel) {
  return kernel[0] * kernel[1];
}
int64_t MaxPool2DOp::getFlops() {
  return elements(getResult()) * windowSize(getKernel());
}
int64_t AvgPool2DOp::getFlops() {
  return elements(getResult()) * windowSize(getKernel());
}

// Statistics (2 per element), normalize (2), scale and shift (2).
int64_t BatchNormOp::getFlops() { return 6 * elements(getInput()); }
int64_t LayerNormOp::getFlops() { return 6 * elements(getInput()); }
// Max, subtract, exp, sum, divide.
int64_t SoftmaxOp::getFlops() { return 5 * elements(getInput()); }
int64_t LogSoftmaxOp::getFlops() { return 5 * elements(getInput()); }
int64_t ReduceOp::getFlops() { return elements(getInput()); }
int64_t ConcatOp::getFlops() { return 0; }
int64_t SliceOp::getFlops() { return 0; }
int64_t SplitOp::getFlops() { return 0; }
int64_t ReshapeOp::getFlops() { return 0; }
// One conversion per element (its bytes are read and written like any op).
int64_t CastOp::getFlops() { return elements(getResult()); }
// Loss scaling: one test or choice per element; the update is scalar.
int64_t NonfiniteCountOp::getFlops() { return elements(getInput()); }
// One add per element and rank (the local copy counts as one).
int64_t AllReduceOp::getFlops() {
  return elements(getResult()) * getRanks();
}
std::optional<CollectiveCost> mlir::echo::collectiveCost(Operation *op) {
  auto ring = [](int64_t ranks, Type whole, int64_t passes) {
    return CollectiveCost{
        // (N - 1) / N of the bytes, without (N - 1) * bytes overflowing.
        ranks, passes * (getStorageBytes(whole) - getStorageBytes(whole) / ranks)};
  };
  if (auto c = dyn_cast<AllReduceOp>(op))
    return ring(c.getRanks(), c.getInput().getType(), 2);
  if (auto c = dyn_cast<ReduceScatterOp>(op))
    return ring(c.getRanks(), c.getInput().getType(), 1);
  if (auto c = dyn_cast<AllGatherOp>(op))
    return ring(c.getRanks(), c.getResult().getType(), 1);
  return std::nullopt;
}

// Copies count one per element; the reduction one add per element and rank.
int64_t ShardOp::getFlops() { return elements(getResult()); }
int64_t AllGatherOp::getFlops() { return elements(getResult()); }
int64_t ReduceScatterOp::getFlops() {
  return elements(getInput()) * getRanks();
}
int64_t SelectOp::getFlops() { return elements(getResult()); }
int64_t LossScaleUpdateOp::getFlops() { return 2; }
int64_t TransposeOp::getFlops() { return 0; }
int64_t BroadcastToOp::getFlops() { return 0; }
int64_t CrossEntropyOp::getFlops() { return 5 * elements(getLogits()); }

int64_t ReluGradOp::getFlops() { return elements(getResult()); }
int64_t TanhGradOp::getFlops() { return 3 * elements(getResult()); }
int64_t SigmoidGradOp::getFlops() { return 3 * elements(getResult()); }
int64_t GeluGradOp::getFlops() { return 12 * elements(getResult()); }
int64_t GeluErfGradOp::getFlops() { return 11 * elements(getResult()); }
int64_t SqrtGradOp::getFlops() { return 2 * elements(getResult()); }
int64_t RsqrtGradOp::getFlops() { return 4 * elements(getResult()); }
int64_t MaxGradOp::getFlops() { return elements(getGrad()); }
int64_t SumToOp::getFlops() { return elements(getInput()); }
int64_t DropoutGradOp::getFlops() { return elements(getResult()); }
int64_t MaxPool2DGradOp::getFlops() {
  return elements(getGrad()) * windowSize(getKernel());
}
int64_t MaxPool2DGradArgmaxOp::getFlops() { return elements(getGrad()); }
int64_t ReluGradEncodedOp::getFlops() { return elements(getGrad()); }
int64_t AvgPool2DGradOp::getFlops() {
  return elements(getGrad()) * windowSize(getKernel());
}
int64_t BatchNormGradOp::getFlops() { return 8 * elements(getInput()); }
int64_t LayerNormGradOp::getFlops() { return 8 * elements(getInput()); }
int64_t SoftmaxGradOp::getFlops() { return 4 * elements(getResult()); }
int64_t LogSoftmaxGradOp::getFlops() { return 4 * elements(getResult()); }
int64_t ReduceGradOp::getFlops() {
  return getKind() == ReduceKind::Mean ? elements(getResult()) : 0;
}
int64_t ReduceMaxGradOp::getFlops() { return elements(getInput()); }
int64_t SliceGradOp::getFlops() { return 0; }
int64_t CrossEntropyGradOp::getFlops() { return 6 * elements(getLogits()); }

int64_t SgdUpdateOp::getFlops() {
  return (getVelocity() ? 5 : 3) * elements(getParam());
}
int64_t AdamUpdateOp::getFlops() { return 12 * elements(getParam()); }
