//===- LiftWeights.cpp - Weight constants become trainable arguments ------===//
//
// Frontends export a model for inference, its weights folded into the IR as
// constants. Training needs them as arguments marked `echo.trainable`
// (echo-autodiff differentiates with respect to those). Every use gets its
// own argument: frontends fold equal constants into one (the all-ones scale
// of every freshly initialized batch norm is a single splat), and one
// argument would tie weights the model keeps apart.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::echo;

/// Batch-norm running statistics are state, not parameters: the operands
/// of echo.batch_norm, and constants the importer marked (those an
/// inference-form normalization reads). So is an attention mask (a causal
/// or padding mask is a buffer of the model; echo.attention gives it no
/// gradient).
static bool isState(OpOperand &use) {
  if (use.get().getDefiningOp()->hasAttr(kRunningStatisticAttr))
    return true;
  if (auto attention = dyn_cast<AttentionOp>(use.getOwner()))
    return attention.getMask() && use.getOperandNumber() == 3;
  return isa<BatchNormOp>(use.getOwner()) &&
         (use.getOperandNumber() == 3 || use.getOperandNumber() == 4);
}

LogicalResult mlir::echo::liftWeightsToArguments(func::FuncOp fn,
                                                 StringRef weightsDir) {
  // Uses in program order, so arguments follow the layers (the greedy
  // rewriter hoists constants, so their own order says nothing).
  SmallVector<OpOperand *> uses;
  fn.walk([&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      auto c = use.get().getDefiningOp<ConstantOp>();
      if (!c)
        continue;
      auto type = cast<ShapedType>(c.getType());
      if (isa<FloatType>(type.getElementType()) && type.getRank() >= 1)
        uses.push_back(&use);
    }
  });
  if (!weightsDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(weightsDir))
      return fn.emitError("echo import: cannot create weights-dir '")
             << weightsDir << "': " << ec.message();
  }
  OpBuilder b(fn.getContext());
  std::string inputsList;
  for (OpOperand *use : uses) {
    auto c = use->get().getDefiningOp<ConstantOp>();
    auto type = cast<RankedTensorType>(c.getType());
    SmallVector<NamedAttribute> attrs;
    if (!isState(*use))
      attrs.push_back(b.getNamedAttr(kTrainableAttr, b.getUnitAttr()));
    unsigned index = fn.getNumArguments();
    if (failed(fn.insertArgument(index, type, b.getDictionaryAttr(attrs),
                                 c.getLoc())))
      return c.emitError("echo import: cannot add an argument to @")
             << fn.getSymName();
    use->set(fn.getArgument(index));
    llvm::scope_exit eraseIfDead([&] {
      if (c->use_empty())
        c.erase();
    });
    if (weightsDir.empty())
      continue;
    if (!type.getElementType().isF32())
      return fn.emitError("echo import: weights-dir writes f32 weights; "
                          "argument #")
             << index << " is " << type;
    auto elements = c.getValue().tryGetValues<float>();
    std::vector<float> values;
    if (elements)
      values.assign(elements->begin(), elements->end());
    if (!elements)
      return fn.emitError("echo import: cannot read the value of the "
                          "constant behind argument #")
             << index;
    SmallString<128> path(weightsDir);
    llvm::sys::path::append(path, "arg" + std::to_string(index) + ".npy");
    std::string error;
    if (failed(writeNpyF32(path, type.getShape(), values, error)))
      return fn.emitError("echo import: ") << error;
    inputsList += (inputsList.empty() ? "" : ",") + std::to_string(index) +
                  "=" + path.str().str();
  }
  if (weightsDir.empty())
    return success();
  SmallString<128> listPath(weightsDir);
  llvm::sys::path::append(listPath, "inputs.txt");
  std::error_code ec;
  llvm::raw_fd_ostream os(listPath, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return fn.emitError("echo import: cannot write ")
           << listPath << ": " << ec.message();
  os << inputsList << "\n";
  os.close();
  if (os.has_error()) {
    std::error_code error = os.error();
    os.clear_error();
    return fn.emitError("echo import: cannot write ")
           << listPath << ": " << error.message();
  }
  return success();
}
