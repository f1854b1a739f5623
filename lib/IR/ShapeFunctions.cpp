//===- ShapeFunctions.cpp - Shape rules shared by verifiers and builders --===//

#include "EchoDialect/IR/ShapeFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::echo::shape;
using llvm::ArrayRef;
using llvm::failure;
using llvm::FailureOr;
using llvm::LogicalResult;
using llvm::success;

namespace {
LogicalResult fail(std::string &why, const std::string &message) {
  why = message;
  return failure();
}

/// Checks that an attribute has `size` entries, each at least `min`.
LogicalResult checkPair(ArrayRef<int64_t> values, int64_t min,
                        const char *name, std::string &why) {
  if (values.size() != 2)
    return fail(why, std::string(name) + " must have 2 entries (height, width), got " +
                         std::to_string(values.size()));
  for (int64_t v : values)
    if (v < min)
      return fail(why, std::string(name) + " entries must be >= " +
                           std::to_string(min) + ", got " + format(values));
  return success();
}
} // namespace

int64_t mlir::echo::shape::numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

FailureOr<Shape> mlir::echo::shape::broadcast(ArrayRef<int64_t> lhs,
                                              ArrayRef<int64_t> rhs,
                                              std::string &why) {
  size_t rank = std::max(lhs.size(), rhs.size());
  Shape result(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t l = i < lhs.size() ? lhs[lhs.size() - 1 - i] : 1;
    int64_t r = i < rhs.size() ? rhs[rhs.size() - 1 - i] : 1;
    if (l != r && l != 1 && r != 1) {
      why = "shapes " + format(lhs) + " and " + format(rhs) +
            " are not broadcast-compatible";
      return failure();
    }
    result[rank - 1 - i] = l == 1 ? r : l;
  }
  return result;
}

bool mlir::echo::shape::broadcastsTo(ArrayRef<int64_t> from,
                                     ArrayRef<int64_t> to) {
  if (from.size() > to.size())
    return false;
  for (size_t i = 0; i < from.size(); ++i) {
    int64_t f = from[from.size() - 1 - i];
    int64_t t = to[to.size() - 1 - i];
    if (f != t && f != 1)
      return false;
  }
  return true;
}

FailureOr<int64_t> mlir::echo::shape::normalizeAxis(int64_t axis, int64_t rank,
                                                    std::string &why) {
  if (axis < -rank || axis >= rank) {
    why = "axis " + std::to_string(axis) + " is out of range for rank " +
          std::to_string(rank);
    return failure();
  }
  return axis < 0 ? axis + rank : axis;
}

FailureOr<Shape>
mlir::echo::shape::linear(ArrayRef<int64_t> input, ArrayRef<int64_t> weight,
                          std::optional<ArrayRef<int64_t>> bias,
                          std::string &why) {
  if (input.size() < 1) {
    why = "input must have rank >= 1";
    return failure();
  }
  if (weight.size() != 2) {
    why = "weight must have rank 2 ([out, in]), got rank " +
          std::to_string(weight.size());
    return failure();
  }
  if (input.back() != weight[1]) {
    why = "input feature size " + std::to_string(input.back()) +
          " does not match weight " + format(weight) + " (expected [N, " +
          std::to_string(input.back()) + "])";
    return failure();
  }
  if (bias && (bias->size() != 1 || (*bias)[0] != weight[0])) {
    why = "bias must be [" + std::to_string(weight[0]) + "], got " + format(*bias);
    return failure();
  }
  Shape result(input.begin(), input.end());
  result.back() = weight[0];
  return result;
}

FailureOr<Shape> mlir::echo::shape::matmul(ArrayRef<int64_t> lhs,
                                           ArrayRef<int64_t> rhs,
                                           bool transposeLhs, bool transposeRhs,
                                           std::string &why) {
  if (lhs.size() < 2 || lhs.size() != rhs.size()) {
    why = "operands must have the same rank >= 2, got " + format(lhs) + " and " +
          format(rhs);
    return failure();
  }
  size_t r = lhs.size();
  for (size_t i = 0; i + 2 < r; ++i)
    if (lhs[i] != rhs[i]) {
      why = "batch dimensions differ: " + format(lhs) + " and " + format(rhs);
      return failure();
    }
  int64_t m = transposeLhs ? lhs[r - 1] : lhs[r - 2];
  int64_t kl = transposeLhs ? lhs[r - 2] : lhs[r - 1];
  int64_t kr = transposeRhs ? rhs[r - 1] : rhs[r - 2];
  int64_t n = transposeRhs ? rhs[r - 2] : rhs[r - 1];
  if (kl != kr) {
    why = "contraction sizes differ: " + std::to_string(kl) + " vs " +
          std::to_string(kr);
    return failure();
  }
  Shape result(lhs.begin(), lhs.end());
  result[r - 2] = m;
  result[r - 1] = n;
  return result;
}

LogicalResult mlir::echo::shape::verifyConv2DParams(const Conv2DParams &p,
                                                    std::string &why) {
  if (failed(checkPair(p.stride, 1, "stride", why)) ||
      failed(checkPair(p.padding, 0, "padding", why)) ||
      failed(checkPair(p.dilation, 1, "dilation", why)))
    return failure();
  if (p.groups < 1)
    return fail(why, "groups must be >= 1, got " + std::to_string(p.groups));
  return success();
}

FailureOr<Shape> mlir::echo::shape::conv2d(
    ArrayRef<int64_t> input, ArrayRef<int64_t> weight,
    std::optional<ArrayRef<int64_t>> bias, const Conv2DParams &p,
    std::string &why) {
  if (failed(verifyConv2DParams(p, why)))
    return failure();
  if (input.size() != 4 || weight.size() != 4) {
    why = "input (NCHW) and weight (OIHW) must have rank 4, got " + format(input) +
          " and " + format(weight);
    return failure();
  }
  int64_t c = input[1], o = weight[0];
  if (p.groups > c || p.groups > o) {
    why = "groups " + std::to_string(p.groups) +
          " exceeds the input or output channel count";
    return failure();
  }
  if (c % p.groups != 0 || o % p.groups != 0) {
    why = "input channels " + std::to_string(c) + " and output channels " +
          std::to_string(o) + " must be divisible by groups " +
          std::to_string(p.groups);
    return failure();
  }
  if (weight[1] * p.groups != c) {
    why = "weight " + format(weight) + " expects " +
          std::to_string(weight[1] * p.groups) + " input channels, input has " +
          std::to_string(c);
    return failure();
  }
  if (bias && (bias->size() != 1 || (*bias)[0] != o)) {
    why = "bias must be [" + std::to_string(o) + "], got " + format(*bias);
    return failure();
  }
  Shape result{input[0], o, 0, 0};
  for (int i = 0; i < 2; ++i) {
    // Checked arithmetic: attributes come from untrusted input.
    int64_t span, padded, extent;
    if (weight[2 + i] < 1 ||
        llvm::MulOverflow(p.dilation[i], weight[2 + i] - 1, span) ||
        llvm::MulOverflow<int64_t>(2, p.padding[i], padded) ||
        llvm::AddOverflow(input[2 + i], padded, padded) ||
        llvm::SubOverflow(padded, span + 1, extent) || extent < 0) {
      why = "dilated kernel " + format(weight.drop_front(2)) +
            " does not fit the padded input " + format(input.drop_front(2));
      return failure();
    }
    result[2 + i] = extent / p.stride[i] + 1;
  }
  return result;
}

FailureOr<Shape> mlir::echo::shape::pool2d(ArrayRef<int64_t> input,
                                           ArrayRef<int64_t> kernel,
                                           ArrayRef<int64_t> stride,
                                           ArrayRef<int64_t> padding,
                                           std::string &why) {
  if (failed(checkPair(kernel, 1, "kernel", why)) ||
      failed(checkPair(stride, 1, "stride", why)) ||
      failed(checkPair(padding, 0, "padding", why)))
    return failure();
  if (input.size() != 4) {
    why = "input must have rank 4 (NCHW), got " + format(input);
    return failure();
  }
  Shape result{input[0], input[1], 0, 0};
  for (int i = 0; i < 2; ++i) {
    if (padding[i] >= kernel[i]) {
      why = "padding " + format(padding) + " must be smaller than the kernel " +
            format(kernel);
      return failure();
    }
    int64_t padded, extent;
    if (llvm::MulOverflow<int64_t>(2, padding[i], padded) ||
        llvm::AddOverflow(input[2 + i], padded, padded) ||
        llvm::SubOverflow(padded, kernel[i], extent) || extent < 0) {
      why = "kernel " + format(kernel) + " does not fit the padded input " +
            format(input.drop_front(2));
      return failure();
    }
    result[2 + i] = extent / stride[i] + 1;
  }
  return result;
}

FailureOr<Shape> mlir::echo::shape::reduce(ArrayRef<int64_t> input,
                                           ArrayRef<int64_t> dims,
                                           bool keepDims, std::string &why) {
  int64_t rank = input.size();
  if (dims.empty()) {
    why = "dims must not be empty";
    return failure();
  }
  llvm::SmallBitVector reduced(rank);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) {
      why = "dimension " + std::to_string(d) + " is out of range for rank " +
            std::to_string(rank);
      return failure();
    }
    if (reduced.test(d)) {
      why = "dimension " + std::to_string(d) + " is listed twice";
      return failure();
    }
    reduced.set(d);
  }
  Shape result;
  for (int64_t i = 0; i < rank; ++i) {
    if (!reduced.test(i))
      result.push_back(input[i]);
    else if (keepDims)
      result.push_back(1);
  }
  return result;
}

FailureOr<Shape> mlir::echo::shape::transpose(ArrayRef<int64_t> input,
                                              ArrayRef<int64_t> permutation,
                                              std::string &why) {
  int64_t rank = input.size();
  if ((int64_t)permutation.size() != rank) {
    why = "permutation " + format(permutation) + " must have " +
          std::to_string(rank) + " entries";
    return failure();
  }
  llvm::SmallBitVector seen(rank);
  Shape result;
  for (int64_t p : permutation) {
    if (p < 0 || p >= rank || seen.test(p)) {
      why = format(permutation) + " is not a permutation of [0, " +
            std::to_string(rank) + ")";
      return failure();
    }
    seen.set(p);
    result.push_back(input[p]);
  }
  return result;
}

FailureOr<Shape> mlir::echo::shape::concat(ArrayRef<ArrayRef<int64_t>> inputs,
                                           int64_t axis, std::string &why,
                                           const char *noun) {
  std::string piece(noun);
  if (inputs.empty()) {
    why = "needs at least one " + piece;
    return failure();
  }
  Shape result(inputs[0].begin(), inputs[0].end());
  if (axis < 0 || axis >= (int64_t)result.size()) {
    why = "axis " + std::to_string(axis) + " is out of range for rank " +
          std::to_string(result.size());
    return failure();
  }
  for (size_t k = 1; k < inputs.size(); ++k) {
    ArrayRef<int64_t> in = inputs[k];
    if (in.size() != result.size()) {
      why = piece + " " + std::to_string(k) + " has rank " +
            std::to_string(in.size()) + ", expected " +
            std::to_string(result.size());
      return failure();
    }
    for (size_t d = 0; d < in.size(); ++d) {
      if ((int64_t)d == axis)
        continue;
      if (in[d] != result[d]) {
        why = piece + " " + std::to_string(k) + " " + format(in) +
              " differs from " + piece + " 0 " + format(inputs[0]) +
              " outside the concatenation axis";
        return failure();
      }
    }
    result[axis] += in[axis];
  }
  return result;
}

LogicalResult mlir::echo::shape::slice(ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> result,
                                       ArrayRef<int64_t> offsets,
                                       ArrayRef<int64_t> strides,
                                       std::string &why) {
  size_t rank = input.size();
  if (result.size() != rank)
    return fail(why, "result rank " + std::to_string(result.size()) +
                         " differs from input rank " + std::to_string(rank));
  if (offsets.size() != rank)
    return fail(why, "offsets " + format(offsets) + " must have " +
                         std::to_string(rank) + " entries");
  if (!strides.empty() && strides.size() != rank)
    return fail(why, "strides " + format(strides) + " must have " +
                         std::to_string(rank) + " entries");
  for (size_t d = 0; d < rank; ++d) {
    int64_t stride = strides.empty() ? 1 : strides[d];
    if (stride < 1)
      return fail(why, "strides must be >= 1, got " + format(strides));
    if (offsets[d] < 0)
      return fail(why, "offsets must be >= 0, got " + format(offsets));
    if (result[d] < 1)
      return fail(why, "slice of dimension " + std::to_string(d) + " is empty");
    int64_t step, last;
    if (llvm::MulOverflow(result[d] - 1, stride, step) ||
        llvm::AddOverflow(offsets[d], step, last) || last >= input[d])
      return fail(why, "slice reads past the end of dimension " +
                           std::to_string(d) + " (size " +
                           std::to_string(input[d]) + ")");
  }
  return success();
}

std::string mlir::echo::shape::format(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}
