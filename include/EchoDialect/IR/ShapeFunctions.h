//===- ShapeFunctions.h - Shape rules shared by verifiers and builders ----===//
//
// Pure functions over static shapes: given operand shapes and attributes they
// compute the result shape or say why there is none. Op verifiers, builders
// and the model generator all call them, so every place agrees on one rule,
// and they are unit-tested without any IR (unittests/ShapeFunctionsTest.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_IR_SHAPEFUNCTIONS_H
#define ECHODIALECT_IR_SHAPEFUNCTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>
#include <string>

namespace mlir {
namespace echo {
namespace shape {

using Shape = llvm::SmallVector<int64_t, 4>;

/// Numpy broadcasting of two shapes (trailing dimensions aligned).
llvm::FailureOr<Shape> broadcast(llvm::ArrayRef<int64_t> lhs,
                                 llvm::ArrayRef<int64_t> rhs, std::string &why);

/// Whether `from` broadcasts to exactly `to`.
bool broadcastsTo(llvm::ArrayRef<int64_t> from, llvm::ArrayRef<int64_t> to);

/// `axis` in [-rank, rank) mapped to [0, rank).
llvm::FailureOr<int64_t> normalizeAxis(int64_t axis, int64_t rank,
                                       std::string &why);

/// Y = X W^T (+ b): input [..., K], weight [N, K], bias [N].
llvm::FailureOr<Shape> linear(llvm::ArrayRef<int64_t> input,
                              llvm::ArrayRef<int64_t> weight,
                              std::optional<llvm::ArrayRef<int64_t>> bias,
                              std::string &why);

/// op(lhs) * op(rhs) for rank >= 2 operands whose leading dimensions agree.
llvm::FailureOr<Shape> matmul(llvm::ArrayRef<int64_t> lhs,
                              llvm::ArrayRef<int64_t> rhs, bool transposeLhs,
                              bool transposeRhs, std::string &why);

/// Convolution attributes, in (height, width) order.
struct Conv2DParams {
  llvm::SmallVector<int64_t, 2> stride{1, 1};
  llvm::SmallVector<int64_t, 2> padding{0, 0};
  llvm::SmallVector<int64_t, 2> dilation{1, 1};
  int64_t groups = 1;
};

/// Checks the attributes alone (two positive strides, ...).
llvm::LogicalResult verifyConv2DParams(const Conv2DParams &params,
                                       std::string &why);

/// NCHW input, OIHW weight, optional [O] bias -> NOHW output.
llvm::FailureOr<Shape> conv2d(llvm::ArrayRef<int64_t> input,
                              llvm::ArrayRef<int64_t> weight,
                              std::optional<llvm::ArrayRef<int64_t>> bias,
                              const Conv2DParams &params, std::string &why);

/// NCHW input pooled with the given window.
llvm::FailureOr<Shape> pool2d(llvm::ArrayRef<int64_t> input,
                              llvm::ArrayRef<int64_t> kernel,
                              llvm::ArrayRef<int64_t> stride,
                              llvm::ArrayRef<int64_t> padding, std::string &why);

/// Reduction over `dims` (distinct, in range).
llvm::FailureOr<Shape> reduce(llvm::ArrayRef<int64_t> input,
                              llvm::ArrayRef<int64_t> dims, bool keepDims,
                              std::string &why);

/// result[i] = input[permutation[i]].
llvm::FailureOr<Shape> transpose(llvm::ArrayRef<int64_t> input,
                                 llvm::ArrayRef<int64_t> permutation,
                                 std::string &why);

/// Concatenation along `axis` (already normalized). `noun` names the pieces
/// in messages ("input" for concat, "result" for split).
llvm::FailureOr<Shape> concat(llvm::ArrayRef<llvm::ArrayRef<int64_t>> inputs,
                              int64_t axis, std::string &why,
                              const char *noun = "input");

/// A strided slice producing `result` from `input` stays in bounds.
llvm::LogicalResult slice(llvm::ArrayRef<int64_t> input,
                          llvm::ArrayRef<int64_t> result,
                          llvm::ArrayRef<int64_t> offsets,
                          llvm::ArrayRef<int64_t> strides, std::string &why);

/// Number of elements of a static shape.
int64_t numElements(llvm::ArrayRef<int64_t> shape);

/// `[2, 3, 4]`: how diagnostics print a shape.
std::string format(llvm::ArrayRef<int64_t> shape);

} // namespace shape
} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_IR_SHAPEFUNCTIONS_H
