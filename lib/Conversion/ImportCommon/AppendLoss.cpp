//===- AppendLoss.cpp - End an imported forward function with a loss ------===//
//
// Frontends export the inference function (input -> logits); echo-autodiff
// differentiates a function that returns a scalar loss. This appends the
// loss the way the model zoo writes it: a labels (i32) or target argument
// after the others, and `tensor<f32>` as the only result.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Conversion/ImportCommon.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/InferredBuild.h"

using namespace mlir;
using namespace mlir::echo;

LogicalResult mlir::echo::appendLoss(func::FuncOp fn, ImportLoss loss) {
  if (loss == ImportLoss::None)
    return success();
  if (fn.getNumResults() != 1 || !fn.getBody().hasOneBlock())
    return fn.emitError("echo import: a loss needs a function with one block "
                        "and one result; @")
           << fn.getSymName() << " has " << fn.getNumResults() << " results";
  auto ret = cast<func::ReturnOp>(fn.getBody().front().getTerminator());
  Value out = ret.getOperand(0);
  auto type = dyn_cast<RankedTensorType>(out.getType());
  if (!type || !type.getElementType().isF32() || !type.hasStaticShape())
    return fn.emitError("echo import: the loss needs a static f32 tensor "
                        "result, got ")
           << out.getType();
  MLIRContext *ctx = fn.getContext();
  OpBuilder b(ret);
  Location loc = ret.getLoc();
  auto scalar = RankedTensorType::get({}, b.getF32Type());
  unsigned index = fn.getNumArguments();
  Value result;
  if (loss == ImportLoss::CrossEntropy) {
    if (type.getRank() < 2)
      return fn.emitError("echo import: cross-entropy needs logits of rank "
                          ">= 2 ([..., classes]), got ")
             << type;
    auto labels = RankedTensorType::get(type.getShape().drop_back(),
                                        b.getI32Type());
    if (failed(fn.insertArgument(index, labels, DictionaryAttr::get(ctx), loc)))
      return failure();
    result = createInferredValue<CrossEntropyOp>(b, loc, out, fn.getArgument(index));
  } else {
    if (failed(fn.insertArgument(index, type, DictionaryAttr::get(ctx), loc)))
      return failure();
    EchoEmitter e(b, loc);
    Value diff = e.binary("sub", out, fn.getArgument(index));
    Value square = e.binary("mul", diff, diff);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < type.getRank(); ++d)
      dims.push_back(d);
    if (dims.empty())
      result = square;
    else
      result = createInferredValue<ReduceOp>(b, loc, ReduceKind::Mean, square,
                                        ArrayRef<int64_t>(dims), false);
  }
  if (!result) // the loss ops' type inference said why
    return failure();
  ret->setOperands(result);
  fn.setType(FunctionType::get(ctx, fn.getArgumentTypes(), {scalar}));
  fn.setAllResultAttrs(ArrayRef<DictionaryAttr>{DictionaryAttr::get(ctx)});
  return success();
}
