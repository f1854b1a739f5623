//===- ImportCommon.h - What both importers do after raising ---*- C++ -*-===//
//
// echo-import-linalg and echo-import-tosa raise ops differently but finish
// a function the same way: they build echo ops with the same helpers, clean
// up the compositions raising leaves (bias adds into convolutions, softmax
// pieces into echo.softmax, ...), lift weight constants into arguments and
// append the loss echo-autodiff needs.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CONVERSION_IMPORTCOMMON_H
#define ECHODIALECT_CONVERSION_IMPORTCOMMON_H

#include "EchoDialect/Conversion/ImportPasses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace echo {

/// Builds echo ops whose result types follow from their operands (numpy
/// broadcasting for binary ops), at the builder's insertion point. A helper
/// returns null after a located error when the op's type inference rejects
/// its operands, and null (silently) when an operand is null: an earlier
/// helper's failure, already reported.
class EchoEmitter {
public:
  EchoEmitter(OpBuilder &builder, Location loc) : b(builder), loc(loc) {}

  static ArrayRef<int64_t> shapeOf(Value v);
  RankedTensorType like(Value v, ArrayRef<int64_t> shape);

  Value reshape(Value v, ArrayRef<int64_t> shape);
  Value broadcastTo(Value v, ArrayRef<int64_t> shape);
  Value transpose(Value v, ArrayRef<int64_t> permutation);
  Value fill(double value, ArrayRef<int64_t> shape, Type elementType);
  /// Binary elementwise op of mnemonic add/sub/mul/div/max; null (and an
  /// error) when the shapes do not broadcast.
  Value binary(StringRef kind, Value lhs, Value rhs);
  Value unary(StringRef kind, Value v);

  OpBuilder &b;
  Location loc;
};

/// Patterns that fold the compositions raising produces into the echo ops a
/// model builder would have used: conv2d / linear bias, relu, sigmoid,
/// average pooling, mean, softmax, transposed matmuls, chained reshapes.
void populateImportCleanupPatterns(RewritePatternSet &patterns);

/// Runs the cleanup patterns on `fn`, with echo-raise-attention's when
/// `raiseAttention`.
LogicalResult cleanUpImportedFunction(func::FuncOp fn, bool raiseAttention);

/// Replaces every use of a float `echo.constant` of rank >= 1 with a new
/// argument of `fn` (one per use: frontends fold equal constants into one).
/// Arguments are `echo.trainable` except batch-norm running statistics and
/// attention masks (state, not parameters). With
/// a non-empty `weightsDir`, writes each value to DIR/argN.npy and the
/// echo-run `--inputs` list to DIR/inputs.txt.
LogicalResult liftWeightsToArguments(func::FuncOp fn, StringRef weightsDir);

/// Appends `loss` to the single result of `fn`: a new labels (i32) or target
/// argument, and `tensor<f32>` as the only result.
LogicalResult appendLoss(func::FuncOp fn, ImportLoss loss);

/// What every importer does with a module: checks the shared options,
/// then for each defined function raises it (`raise`, the importer's own
/// part), cleans it up, lifts its weights when asked and appends the loss.
/// Failures are reported at the module or the op that caused them.
LogicalResult importFunctions(ModuleOp module, StringRef passName,
                              bool weightsAsArguments, StringRef weightsDir,
                              ImportLoss loss, bool raiseAttention,
                              function_ref<LogicalResult(func::FuncOp)> raise);

/// Writes a little-endian f32 .npy file; the error text on failure.
LogicalResult writeNpyF32(StringRef path, ArrayRef<int64_t> shape,
                          ArrayRef<float> values, std::string &error);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CONVERSION_IMPORTCOMMON_H
