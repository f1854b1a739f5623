//===- SyncBatchNorm.cpp - Batch statistics over all ranks ----------------===//
//
// A data-parallel step normalizes with the statistics of the whole batch,
// so it trains as one process on the whole batch would (PyTorch's
// SyncBatchNorm). Each batch norm keeps computing its rank's statistics;
// per channel, the ranks' means and variances are combined as equal parts
// (Chan et al.: the mean of the means; the mean of the variances plus the
// spread of the means), and the output is recomputed with them. Backward,
// the rank's gradient misses the other ranks' part of the two per-channel
// sums it subtracts, sum(dy) and sum(dy * xhat): exactly its beta and gamma
// gradients, whose average over the ranks gives the correction. Only
// per-channel tensors cross the ranks.
//
//===----------------------------------------------------------------------===//

#include "SyncBatchNorm.h"

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::echo;

namespace {

/// `value` through the stashes that hold it for the backward pass.
Value throughStashes(Value value) {
  while (auto stash = value.getDefiningOp<StashOp>())
    value = stash.getInput();
  return value;
}

/// The average over the ranks of `value`: the echo.all_reduce mean the
/// data-parallel pass already placed on it, or a new one after it.
Value rankMean(OpBuilder &b, Value value, int64_t ranks) {
  for (Operation *user : value.getUsers())
    if (auto mean = dyn_cast<AllReduceOp>(user))
      if (mean.getKind() == CollectiveKind::Mean &&
          int64_t(mean.getRanks()) == ranks)
        return mean.getResult();
  return AllReduceOp::create(b, value.getLoc(), CollectiveKind::Mean, value,
                             ranks)
      .getResult();
}

/// Builds per-channel arithmetic on [C] tensors and broadcasts [C] over
/// the [N, C, ...] maps (as [C, 1, ..., 1]).
struct ChannelMath {
  OpBuilder &b;
  Location loc;
  RankedTensorType channels, broadcast;

  Value fill(double value) {
    return FillOp::create(b, loc, channels, b.getF64FloatAttr(value));
  }
  Value over(Value perChannel) {
    if (broadcast == channels)
      return perChannel;
    return ReshapeOp::create(b, loc, broadcast, perChannel);
  }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MulOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return DivOp::create(b, loc, x, y); }
};

} // namespace

LogicalResult mlir::echo::syncBatchNorms(func::FuncOp fn, int64_t ranks) {
  if (ranks == 1)
    return success();
  SmallVector<BatchNormOp> norms;
  fn.walk([&](BatchNormOp bn) { norms.push_back(bn); });
  SmallVector<BatchNormGradOp> grads;
  fn.walk([&](BatchNormGradOp grad) { grads.push_back(grad); });

  for (BatchNormOp bn : norms) {
    // Already synchronized (the pass runs twice): its statistics are
    // averaged.
    if (llvm::any_of(bn.getSavedMean().getUsers(), llvm::IsaPred<AllReduceOp>))
      continue;
    auto type = cast<RankedTensorType>(bn.getInput().getType());
    if (!type.getElementType().isF32())
      return bn.emitError("echo-data-parallel: batch statistics over the "
                          "ranks need f32 maps, got ")
             << type;
    int64_t numChannels = type.getDimSize(1);
    auto channels =
        RankedTensorType::get({numChannels}, type.getElementType());
    SmallVector<int64_t> shape(type.getRank() - 1, 1);
    shape[0] = numChannels;
    auto broadcast = RankedTensorType::get(shape, type.getElementType());
    // Samples per channel on one rank, and on all.
    double local = double(type.getNumElements() / numChannels);
    double total = local * double(ranks);
    double epsilon = bn.getEpsilonAttr().getValueAsDouble();
    double momentum = bn.getMomentumAttr().getValueAsDouble();

    // The backward ops reading this norm's statistics, found before the
    // statistics are replaced.
    SmallVector<BatchNormGradOp> backward;
    for (BatchNormGradOp grad : grads)
      if (throughStashes(grad.getSavedMean()) == bn.getSavedMean())
        backward.push_back(grad);

    OpBuilder b(bn);
    b.setInsertionPointAfter(bn);
    ChannelMath m{b, bn.getLoc(), channels, broadcast};
    Value localMean = bn.getSavedMean(), localInv = bn.getSavedInvStd();
    SmallVector<OpOperand *> meanUses, invUses, outputUses, rmUses, rvUses;
    for (auto [value, uses] :
         {std::pair{bn.getSavedMean(), &meanUses},
          {bn.getSavedInvStd(), &invUses}, {bn.getOutput(), &outputUses},
          {bn.getNewRunningMean(), &rmUses}, {bn.getNewRunningVar(), &rvUses}})
      for (OpOperand &use : value.getUses())
        uses->push_back(&use);

    Value mean = AllReduceOp::create(b, m.loc, CollectiveKind::Mean,
                                     localMean, ranks);
    Value localVar =
        m.sub(m.div(m.fill(1.0), m.mul(localInv, localInv)), m.fill(epsilon));
    Value spread = m.sub(localMean, mean);
    Value var = AllReduceOp::create(b, m.loc, CollectiveKind::Mean,
                                    m.add(localVar, m.mul(spread, spread)),
                                    ranks);
    Value inv = RsqrtOp::create(b, m.loc, m.add(var, m.fill(epsilon)));
    Value scale = m.mul(bn.getGamma(), inv);
    Value output =
        m.add(m.mul(m.sub(bn.getInput(), m.over(mean)), m.over(scale)),
              m.over(bn.getBeta()));
    // Running statistics: the variance unbiased over all ranks' samples.
    Value runningMean = m.add(m.mul(m.fill(1.0 - momentum), bn.getRunningMean()),
                              m.mul(m.fill(momentum), mean));
    double unbias = total > 1.0 ? total / (total - 1.0) : 1.0;
    Value runningVar = m.add(m.mul(m.fill(1.0 - momentum), bn.getRunningVar()),
                             m.mul(m.fill(momentum * unbias), var));
    for (auto [uses, value] :
         {std::pair{&meanUses, mean}, {&invUses, inv}, {&outputUses, output},
          {&rmUses, runningMean}, {&rvUses, runningVar}})
      for (OpOperand *use : *uses)
        use->set(value);

    // dx misses (sum(dy) - its rank's part) and (sum(dy * xhat) - ...):
    //   dx += gamma * inv / local * ((db - mean(db)) + xhat * (dg - mean(dg)))
    // with xhat = (x - mean) * inv; db, dg are the rank's beta and gamma
    // gradients.
    for (BatchNormGradOp grad : backward) {
      Value dx = grad.getInputGrad();
      if (dx.use_empty()) // the norm reads a step input: no gradient needed
        continue;
      SmallVector<OpOperand *> dxUses;
      for (OpOperand &use : dx.getUses())
        dxUses.push_back(&use);
      b.setInsertionPointAfter(grad);
      Value db = grad.getBetaGrad(), dg = grad.getGammaGrad();
      Value dbMean = rankMean(b, db, ranks), dgMean = rankMean(b, dg, ranks);
      b.setInsertionPointAfter(
          dbMean.getDefiningOp()->isBeforeInBlock(dgMean.getDefiningOp())
              ? dgMean.getDefiningOp()
              : dbMean.getDefiningOp());
      ChannelMath g{b, grad.getLoc(), channels, broadcast};
      Value gInv = grad.getSavedInvStd(), gMean = grad.getSavedMean();
      Value k = g.div(g.mul(grad.getGamma(), gInv), g.fill(local));
      Value perSample = g.mul(g.mul(k, g.sub(dg, dgMean)), gInv);
      Value offset = g.sub(g.mul(k, g.sub(db, dbMean)), g.mul(gMean, perSample));
      Value corrected =
          g.add(dx, g.add(g.mul(grad.getInput(), g.over(perSample)),
                          g.over(offset)));
      for (OpOperand *use : dxUses)
        use->set(corrected);
    }
  }
  return success();
}
