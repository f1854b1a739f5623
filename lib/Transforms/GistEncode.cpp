//===- GistEncode.cpp - Layer-specific encodings of stashed maps ----------===//
//
// Replaces stashes by encodings chosen from the backward op that reads the
// value (Gist, ISCA 2018): 1 bit for ReLU outputs and dropout masks, an
// argmax map for max pooling, CSR for sparse conv inputs, reduced precision
// for the rest. The choice is StashEncodingChoice.h's, which echo-remat
// costs stashes by. See Passes.td and docs/gist.md.
//
//===----------------------------------------------------------------------===//

#include "StashEncoder.h"

#include "EchoDialect/IR/MemoryCategories.h"
#include "EchoDialect/IR/EchoAttrNames.h"
#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/EncodingStorage.h"
#include "EchoDialect/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

#include <cmath>
#include <map>

namespace mlir {
namespace echo {
#define GEN_PASS_DEF_ECHOGISTENCODE
#include "EchoDialect/Transforms/Passes.h.inc"
} // namespace echo
} // namespace mlir

using namespace mlir;
using namespace mlir::echo;

namespace {

struct GistEncodePass : echo::impl::EchoGistEncodeBase<GistEncodePass> {
  using Base::Base;

  void runOnOperation() override;
};

/// A measured density (echo.density, from echo-run --profile-sparsity) must
/// be an f64 in [0, 1]; checked before any rewrite.
LogicalResult verifyMeasuredDensities(func::FuncOp fn) {
  WalkResult result = fn.walk([](Operation *op) {
    Attribute attr = op->getAttr(kDensityAttr);
    if (!attr)
      return WalkResult::advance();
    auto density = dyn_cast<FloatAttr>(attr);
    if (!density || !density.getType().isF64() ||
        !(density.getValueAsDouble() >= 0.0 &&
          density.getValueAsDouble() <= 1.0)) {
      op->emitOpError("gist-encode: ")
          << kDensityAttr << " must be an f64 in [0, 1], got " << attr;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Maps and bytes of the SSDC candidates under each bound.
struct BoundTally {
  int64_t maps = 0, bytes = 0;
};

/// Records on `fn` what each SSDC candidate's storage relies on, for the
/// memory report: {dense|profiled|asserted = {maps, bytes}}.
void recordCsrBounds(func::FuncOp fn,
                     const std::map<CsrBound, BoundTally> &tally) {
  Builder b(fn.getContext());
  SmallVector<NamedAttribute> entries;
  for (auto &[bound, t] : tally)
    entries.push_back(b.getNamedAttr(
        stringifyCsrBound(bound),
        b.getDictionaryAttr(
            {b.getNamedAttr("bytes", b.getI64IntegerAttr(t.bytes)),
             b.getNamedAttr("maps", b.getI64IntegerAttr(t.maps))})));
  // A step encoded before (nothing left to encode) keeps its record.
  if (!entries.empty())
    fn->setAttr(kCsrBoundsAttr, b.getDictionaryAttr(entries));
}

void GistEncodePass::runOnOperation() {
  if (dprMinBytes < 0) {
    getOperation().emitError("gist-encode: dpr-min-bytes must be >= 0");
    return signalPassFailure();
  }
  if (!(csrDensity > 0.0 && csrDensity <= 1.0)) {
    getOperation().emitError("gist-encode: csr-density must be in (0, 1]");
    return signalPassFailure();
  }
  if (!(csrMargin >= 1.0 && std::isfinite(csrMargin))) {
    getOperation().emitError("gist-encode: csr-margin must be finite and >= 1");
    return signalPassFailure();
  }
  if (failed(verifyMeasuredDensities(getOperation())))
    return signalPassFailure();
  func::FuncOp fn = getOperation();
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return;
  StashEncoder encoder(fn);

  // The encodings this run applies, decided per backward reader.
  GistPlan plan;
  plan.masks = false; // echo-remat's; lossless encodes them here
  plan.lossless = lossless;
  plan.dpr = dpr;
  plan.csrDensity = csrDensity;
  plan.csrMargin = csrMargin;
  plan.dprMinBytes = dprMinBytes;

  MLIRContext *ctx = &getContext();
  OpBuilder b(ctx);
  SmallVector<StashOp> stashes;
  fn.walk([&](StashOp s) {
    if (s->getParentOp() == fn)
      stashes.push_back(s);
  });

  // Pool backward ops first: they consume two stashes at once.
  SmallVector<MaxPool2DGradOp> pools;
  fn.walk([&](MaxPool2DGradOp g) { pools.push_back(g); });
  for (MaxPool2DGradOp g : pools) {
    auto xStash = g.getInput().getDefiningOp<StashOp>();
    if (!xStash ||
        chooseStashEncoding(xStash.getInput(), g, /*operand=*/0, plan) !=
            EncodingKind::PoolArgmax)
      continue;
    auto kernel = DenseI64ArrayAttr::get(ctx, g.getKernel());
    auto stride = DenseI64ArrayAttr::get(ctx, g.getStride());
    auto padding = DenseI64ArrayAttr::get(ctx, g.getPadding());
    auto encoding = EncodingAttr::get(ctx, EncodingKind::PoolArgmax, nullptr,
                                      kernel, stride, padding);
    Value e = encoder.encode(b, xStash.getInput(), xStash, encoding);
    b.setInsertionPoint(g);
    Value dx = MaxPool2DGradArgmaxOp::create(b, g.getLoc(), e, g.getGrad(),
                                             g.getKernel(),
                                             g.getStride(), g.getPadding());
    g.getResult().replaceAllUsesWith(dx);
    g.erase();
  }

  std::map<CsrBound, BoundTally> bounds;
  for (StashOp stash : stashes) {
    Value v = stash.getInput();
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      continue; // a stash of an already-encoded value stays as it is
    if (!encoder.waits(v, stash))
      continue;
    // 1-bit maps for ReLU and dropout backward (shared with echo-remat).
    if (lossless && !encoder.encodeMasks(b, stash, plan))
      continue;
    // Group the other backward uses by the encoding that serves them.
    SmallVector<OpOperand *> csr, reduced;
    std::optional<EncodingKind> reducedKind;
    bool ssdcCandidate = false;
    for (OpOperand &use : stash.getResult().getUses()) {
      ssdcCandidate |= servedBySsdc(v, use.getOwner(), use.getOperandNumber(),
                                    plan);
      std::optional<EncodingKind> kind = chooseStashEncoding(v, use, plan);
      if (kind == EncodingKind::Csr) {
        csr.push_back(&use);
      } else if (kind == EncodingKind::Fp16 || kind == EncodingKind::Fp10 ||
                 kind == EncodingKind::Fp8) {
        reduced.push_back(&use);
        reducedKind = kind;
      }
    }
    if (ssdcCandidate && (!csr.empty() || reduced.empty())) {
      // Its storage depends on its data only as CSR, planned at a bound; a
      // map stored in reduced precision instead relies on no density.
      CsrDensity planned = plannedCsrDensity(v, plan);
      BoundTally &t = bounds[csr.empty() ? CsrBound::Dense : planned.bound];
      ++t.maps;
      t.bytes += csr.empty() ? getStorageBytes(type)
                             : csrBytes(type.getNumElements(), 4,
                                        planned.density);
    }
    if (!csr.empty()) {
      auto density = FloatAttr::get(Float64Type::get(ctx),
                                    plannedCsrDensity(v, plan).density);
      auto encoding = EncodingAttr::get(ctx, EncodingKind::Csr, density,
                                        nullptr, nullptr, nullptr);
      encoder.decodeFor(b, csr, encoder.encode(b, v, stash, encoding));
    }
    if (!reduced.empty())
      encoder.decodeFor(
          b, reduced,
          encoder.encode(b, v, stash, EncodingAttr::get(ctx, *reducedKind)));
    if (stash.getResult().use_empty())
      stash.erase();
  }
  // A pool output stashed only for the replaced backward op is now dead.
  fn.walk([&](StashOp s) {
    if (s.getResult().use_empty())
      s.erase();
  });
  recordCsrBounds(fn, bounds);
}

} // namespace
