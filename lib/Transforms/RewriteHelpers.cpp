//===- RewriteHelpers.cpp - Shared by echo's greedy rewrites --------------===//

#include "EchoDialect/Transforms/RewriteHelpers.h"
#include "EchoDialect/IR/EchoOps.h"

using namespace mlir;
using namespace mlir::echo;

static ArrayRef<int64_t> shapeOf(Value v) {
  return cast<ShapedType>(v.getType()).getShape();
}

/// True when `from` and `to` have the same dimensions apart from size-1 ones.
static bool sameUpToUnitDims(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  SmallVector<int64_t> a, b;
  for (int64_t d : from)
    if (d != 1)
      a.push_back(d);
  for (int64_t d : to)
    if (d != 1)
      b.push_back(d);
  return a == b;
}

Value mlir::echo::lookThroughBroadcasts(Value v, ReshapesSeen reshapes) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto bc = dyn_cast<BroadcastToOp>(def)) {
      v = bc.getInput();
      continue;
    }
    auto r = dyn_cast<ReshapeOp>(def);
    if (!r || reshapes == ReshapesSeen::None ||
        (reshapes == ReshapesSeen::UnitDims &&
         !sameUpToUnitDims(shapeOf(r.getInput()), shapeOf(r.getResult()))))
      break;
    v = r.getInput();
  }
  return v;
}

std::optional<APFloat> mlir::echo::splatValueOf(Value v, ReshapesSeen reshapes,
                                                SplatSources sources) {
  Value base = lookThroughBroadcasts(v, reshapes);
  if (auto fill = base.getDefiningOp<FillOp>())
    return fill.getValue();
  auto c = base.getDefiningOp<ConstantOp>();
  if (!c || sources != SplatSources::FillsAndSplatConstants)
    return std::nullopt;
  auto dense = dyn_cast<DenseFPElementsAttr>(c.getValue());
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APFloat>();
}

GreedyRewriteConfig mlir::echo::rewriteConfigKeepingConstantsApart() {
  GreedyRewriteConfig config;
  // The patterns rewrite ops: no block merging or region DCE alongside.
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  // Equal constants stay apart: a batch-norm running statistic marked
  // echo.running_statistic must not merge with an equal trainable weight.
  config.enableConstantCSE(false);
  return config;
}
