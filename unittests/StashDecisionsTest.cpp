//===- StashDecisionsTest.cpp - Per-value decisions taken back ------------===//
//
// lib/Transforms/StashDecisions.h: which decisions of a plan can be taken
// back, in which order, and that the step simulated on the tasks with a
// prefix taken back is the step echo-simulate finds on the IR after
// takeBack (echo-budget-plan ranks mixes by the one and records the other).
//
//===----------------------------------------------------------------------===//

#include "StashDecisions.h"
#include "ParsedStep.h"
#include "StepTasks.h"

#include "EchoDialect/IR/EchoTypes.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
// Four stashed maps: %a reduced to fp8, %b offloaded plain, %c reduced to
// fp8 and the encoded form offloaded, %d's 1-bit ReLU mask (lossless: its
// backward op reads the encoded form, so it stays).
constexpr const char *kStep = R"mlir(
func.func @step(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %a = echo.tanh %x : tensor<64x256xf32>
  %b = echo.tanh %a : tensor<64x256xf32>
  %bs = echo.stash %b : tensor<64x256xf32>
  %bh, %bt = echo.offload %bs : tensor<64x256xf32>
  %ae = echo.encode %a : tensor<64x256xf32> as #echo.encoding<fp8>
  %c = echo.tanh %b : tensor<64x256xf32>
  %d = echo.relu %c : tensor<64x256xf32>
  %de = echo.encode %d : tensor<64x256xf32> as #echo.encoding<binarize>
  %ce = echo.encode %c : tensor<64x256xf32> as #echo.encoding<fp8>
  %ch, %ct = echo.offload %ce : !echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>
  %e = echo.tanh %d : tensor<64x256xf32>
  %f = echo.tanh %e : tensor<64x256xf32>
  %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<64x256xf32>
  %g0 = echo.relu_grad_encoded %de, %seed : (!echo.encoded<tensor<64x256xf32>, #echo.encoding<binarize>>, tensor<64x256xf32>) -> tensor<64x256xf32>
  %cp = echo.prefetch %ch after %ct : !echo.host<!echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>>
  %cd = echo.decode %cp : !echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>
  %g1 = echo.tanh_grad %cd, %g0 : tensor<64x256xf32>
  %bp = echo.prefetch %bh after %bt : !echo.host<tensor<64x256xf32>>
  %g2 = echo.tanh_grad %bp, %g1 : tensor<64x256xf32>
  %ad = echo.decode %ae : !echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>
  %g3 = echo.tanh_grad %ad, %g2 : tensor<64x256xf32>
  %sum = echo.add %g3, %f : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  return %sum : tensor<64x256xf32>
}
)mlir";

using StashDecisionsTest = ParsedStepTest;

double simulated(func::FuncOp fn, const DeviceProfile &profile) {
  std::vector<Operation *> ops;
  std::vector<StreamTask> tasks = stepTasks(fn.front(), profile, ops);
  StreamTimeline timeline;
  EXPECT_EQ(simulateStreams(tasks, timeline), "");
  return timeline.stepSeconds;
}

/// The decisions of `fn` with each encoded form's offload on its own.
std::vector<StashDecision> offloadsApart(func::FuncOp fn,
                                         const DeviceProfile &profile) {
  return stashDecisions({fn}, profile, /*regions=*/false,
                        /*offloadsApart=*/true);
}

template <typename OpTy> unsigned count(func::FuncOp fn) {
  return llvm::range_size(fn.front().getOps<OpTy>());
}
} // namespace

TEST_F(StashDecisionsTest, FindsTheReversibleDecisions) {
  func::FuncOp fn = parse(kStep);
  ASSERT_TRUE(fn);
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  // Without offloads apart, %c's fp8 form and its offload are one.
  EXPECT_EQ(stashDecisions({fn}, profile).size(), 3u);
  std::vector<StashDecision> decisions = offloadsApart(fn, profile);
  ASSERT_EQ(decisions.size(), 4u);
  // Ordered by seconds saved per byte added.
  for (size_t i = 1; i < decisions.size(); ++i)
    EXPECT_GE(decisions[i - 1].seconds * double(decisions[i].bytes),
              decisions[i].seconds * double(decisions[i - 1].bytes));
  int64_t plain = 64 * 256 * 4;
  unsigned nested = 0;
  for (const StashDecision &d : decisions) {
    Operation *anchor = d.removed.front();
    if (d.within) {
      // %c's fp8 form's offload alone: the form stays on the device.
      ++nested;
      auto encode = cast<EncodeOp>(d.within);
      auto offload = cast<OffloadOp>(anchor);
      EXPECT_EQ(offload.getInput(), encode.getResult());
      EXPECT_EQ(d.removed.size(), 2u); // offload prefetch
      EXPECT_EQ(d.bytes, getStorageBytes(encode.getType()));
      EXPECT_TRUE(llvm::any_of(decisions, [&](const StashDecision &other) {
        return other.removed.front() == d.within &&
               llvm::is_contained(other.removed, anchor);
      }));
    } else if (auto encode = dyn_cast<EncodeOp>(anchor)) {
      EXPECT_TRUE(isPrecisionReduction(encode.getEncoding().getKind()));
      bool offloaded = d.removed.size() == 4; // encode offload prefetch decode
      EXPECT_TRUE(offloaded || d.removed.size() == 2);
      EXPECT_EQ(d.bytes,
                offloaded ? plain : plain - getStorageBytes(encode.getType()));
      // Its decode is on the compute stream, on the critical path.
      EXPECT_GT(d.seconds, 0);
    } else {
      ASSERT_TRUE(isa<OffloadOp>(anchor));
      EXPECT_EQ(d.removed.size(), 2u);
      EXPECT_EQ(d.bytes, plain);
    }
  }
  EXPECT_EQ(nested, 1u);
}

TEST_F(StashDecisionsTest, TasksTakenBackSimulateAsTheIR) {
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  // Every set of the four decisions, taken back in both orders (the
  // nested offload before or after its precision reduction).
  for (unsigned mask = 0; mask < 16; ++mask)
    for (bool reverse : {false, true}) {
      func::FuncOp fn = parse(kStep);
      ASSERT_TRUE(fn);
      std::vector<StashDecision> all = offloadsApart(fn, profile), chosen;
      for (unsigned i = 0; i < all.size(); ++i)
        if (mask >> i & 1)
          chosen.push_back(all[i]);
      if (reverse)
        std::reverse(chosen.begin(), chosen.end());
      double tasks = simulateTakenBack({fn}, chosen, chosen.size(), profile);
      takeBack(chosen, chosen.size());
      ASSERT_TRUE(succeeded(verify(*module))) << mask;
      EXPECT_EQ(simulated(fn, profile), tasks) << mask;
      // What is left: the decisions not taken back, but the nested offload
      // once its reduction is.
      unsigned left = 0;
      for (unsigned i = 0; i < all.size(); ++i) {
        bool gone = mask >> i & 1;
        for (unsigned j = 0; j < all.size(); ++j)
          gone = gone ||
                 (all[i].within == all[j].removed.front() && (mask >> j & 1));
        left += !gone;
      }
      EXPECT_EQ(offloadsApart(fn, profile).size(), left) << mask;
    }
  {
    // The nested offload alone: %c's fp8 form stays, read by its decode.
    func::FuncOp fn = parse(kStep);
    std::vector<StashDecision> all = offloadsApart(fn, profile);
    auto nested = llvm::find_if(
        all, [](const StashDecision &d) { return d.within != nullptr; });
    ASSERT_NE(nested, all.end());
    takeBack(ArrayRef<StashDecision>(&*nested, 1), 1);
    ASSERT_TRUE(succeeded(verify(*module)));
    EXPECT_EQ(count<OffloadOp>(fn), 1u); // %b's
    EXPECT_EQ(count<EncodeOp>(fn), 3u);
    EXPECT_EQ(count<DecodeOp>(fn), 2u);
  }
  func::FuncOp fn = parse(kStep);
  double before = simulated(fn, profile);
  std::vector<StashDecision> decisions = offloadsApart(fn, profile);
  takeBack(decisions, decisions.size());
  // Every stash plain, the binarized mask kept: three stashes (%b's, and
  // one each for %a and %c where their encodes were).
  EXPECT_EQ(count<OffloadOp>(fn) + count<PrefetchOp>(fn) + count<DecodeOp>(fn),
            0u);
  EXPECT_EQ(count<EncodeOp>(fn), 1u);
  EXPECT_EQ(count<StashOp>(fn), 3u);
  EXPECT_LT(simulated(fn, profile), before);
}

namespace {
/// A chain of `layers` tanh ops whose outputs are stashed in turn as fp8
/// on the device, offloaded plain, and fp8 with the form offloaded, the
/// backward reading them in reverse: more decisions than measureSavings'
/// chunks, on both streams.
std::string chainStep(unsigned layers) {
  std::string ir;
  llvm::raw_string_ostream os(ir);
  const char *t = "tensor<32x128xf32>";
  const char *fp8 = "!echo.encoded<tensor<32x128xf32>, #echo.encoding<fp8>>";
  os << "func.func @step(%x0: " << t << ") -> " << t << " {\n";
  // Each layer's stash after the next layer's tanh: the compute stream's
  // clock, not only the producer, decides when an encode starts.
  auto stash = [&](unsigned i) {
    switch (i % 3) {
    case 0:
      os << "  %e" << i << " = echo.encode %x" << i << " : " << t
         << " as #echo.encoding<fp8>\n";
      break;
    case 1:
      os << "  %s" << i << " = echo.stash %x" << i << " : " << t << "\n"
         << "  %h" << i << ", %k" << i << " = echo.offload %s" << i << " : "
         << t << "\n";
      break;
    case 2:
      os << "  %e" << i << " = echo.encode %x" << i << " : " << t
         << " as #echo.encoding<fp8>\n"
         << "  %h" << i << ", %k" << i << " = echo.offload %e" << i << " : "
         << fp8 << "\n";
      break;
    }
  };
  for (unsigned i = 1; i <= layers; ++i) {
    os << "  %x" << i << " = echo.tanh %x" << (i - 1) << " : " << t << "\n";
    if (i > 1)
      stash(i - 1);
  }
  stash(layers);
  os << "  %g" << layers << " = echo.fill 1.000000e+00 {echo.loss_seed} : " << t
     << "\n";
  for (unsigned i = layers; i >= 1; --i) {
    std::string r = "%r" + std::to_string(i);
    switch (i % 3) {
    case 0:
      os << "  " << r << " = echo.decode %e" << i << " : " << fp8 << "\n";
      break;
    case 1:
      os << "  " << r << " = echo.prefetch %h" << i << " after %k" << i
         << " : !echo.host<" << t << ">\n";
      break;
    case 2:
      os << "  %p" << i << " = echo.prefetch %h" << i << " after %k" << i
         << " : !echo.host<" << fp8 << ">\n"
         << "  " << r << " = echo.decode %p" << i << " : " << fp8 << "\n";
      break;
    }
    os << "  %g" << (i - 1) << " = echo.tanh_grad " << r << ", %g" << i << " : "
       << t << "\n";
  }
  os << "  return %g0 : " << t << "\n}\n";
  return ir;
}
} // namespace

TEST_F(StashDecisionsTest, SavingsAreTheIRStepTakenBackAlone) {
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  const unsigned layers = 150;
  std::string ir = chainStep(layers);
  func::FuncOp fn = parse(ir);
  ASSERT_TRUE(fn);
  std::vector<StashDecision> all = findStashDecisions({fn});
  // Per layer of three: one fp8 form, one plain offload, one fp8 form
  // with its offload as a decision of its own.
  ASSERT_EQ(all.size(), layers / 3 * 4);
  measureSavings({fn}, all, profile);
  // The sets are filters of the one list, in their order.
  EXPECT_EQ(decisionSet(all, false, false).size(), layers / 3 * 3);
  EXPECT_EQ(decisionSet(all, false, true).size(), all.size());
  std::vector<StashDecision> ordered = stashDecisions({fn}, profile);
  std::vector<StashDecision> filtered = decisionSet(all, false, false);
  ASSERT_EQ(ordered.size(), filtered.size());
  for (size_t i = 0; i < ordered.size(); ++i) {
    EXPECT_EQ(ordered[i].removed, filtered[i].removed);
    EXPECT_EQ(ordered[i].seconds, filtered[i].seconds);
  }
  std::vector<double> seconds;
  for (const StashDecision &d : all) {
    EXPECT_EQ(d.index, seconds.size());
    seconds.push_back(d.seconds);
  }
  double before = simulated(fn, profile);
  // Each decision taken back alone in a fresh copy: the saving measured
  // on the tasks is the IR's, to the bit.
  for (unsigned i = 0; i < seconds.size(); i += 7) {
    func::FuncOp copy = parse(ir);
    std::vector<StashDecision> fresh = findStashDecisions({copy});
    ASSERT_EQ(fresh.size(), seconds.size());
    takeBack(ArrayRef<StashDecision>(&fresh[i], 1), 1);
    ASSERT_TRUE(succeeded(verify(*module))) << i;
    EXPECT_EQ(seconds[i], std::max(0.0, before - simulated(copy, profile)))
        << i;
  }
  // Some save time, on each stream's side.
  EXPECT_GT(llvm::count_if(seconds, [](double s) { return s > 0; }), 0);
}

namespace {
// Two fp8 stashes: %b is read back before %big and %big2 (the peak, where
// both are live) are made; %a after them. Keeping %b plain grows no peak,
// keeping %a does.
constexpr const char *kPeakStep = R"mlir(
func.func @step(%x: tensor<64x256xf32>, %w: tensor<1024x256xf32>) -> (tensor<64x256xf32>, tensor<1024x256xf32>) {
  %a = echo.tanh %x : tensor<64x256xf32>
  %ae = echo.encode %a : tensor<64x256xf32> as #echo.encoding<fp8>
  %b = echo.tanh %a : tensor<64x256xf32>
  %be = echo.encode %b : tensor<64x256xf32> as #echo.encoding<fp8>
  %c = echo.tanh %b : tensor<64x256xf32>
  %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<64x256xf32>
  %g0 = echo.tanh_grad %c, %seed : tensor<64x256xf32>
  %bd = echo.decode %be : !echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>
  %g1 = echo.tanh_grad %bd, %g0 : tensor<64x256xf32>
  %big = echo.tanh %w : tensor<1024x256xf32>
  %big2 = echo.tanh %big : tensor<1024x256xf32>
  %ad = echo.decode %ae : !echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>
  %g2 = echo.tanh_grad %ad, %g1 : tensor<64x256xf32>
  return %g2, %big2 : tensor<64x256xf32>, tensor<1024x256xf32>
}
)mlir";

/// The live-bytes peak of `fn` as it is (peakOrder of no decisions).
int64_t livePeak(func::FuncOp fn) {
  std::vector<int64_t> peaks;
  peakOrder({fn}, {}, peaks);
  return peaks.front();
}
} // namespace

TEST_F(StashDecisionsTest, PeakOrderTakesBackWhatGrowsNoPeakFirst) {
  func::FuncOp fn = parse(kPeakStep);
  ASSERT_TRUE(fn);
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  std::vector<StashDecision> byTime = offloadsApart(fn, profile);
  ASSERT_EQ(byTime.size(), 2u);
  // Equal bytes and equal costs: program order, %a first.
  EXPECT_EQ(cast<EncodeOp>(byTime[0].removed.front()).getInput(),
            nth<TanhOp>(fn, 0).getResult());
  std::vector<int64_t> peaks;
  std::vector<StashDecision> byPeak = peakOrder({fn}, byTime, peaks);
  ASSERT_EQ(byPeak.size(), 2u);
  ASSERT_EQ(peaks.size(), 3u);
  EXPECT_EQ(cast<EncodeOp>(byPeak[0].removed.front()).getInput(),
            nth<TanhOp>(fn, 1).getResult());
  int64_t plain = 64 * 256 * 4, fp8 = 64 * 256;
  EXPECT_EQ(peaks[1], peaks[0]);
  // %a plain across %big: its fp8 form's bytes become the plain bytes.
  EXPECT_EQ(peaks[2], peaks[0] + plain - fp8);
}

TEST_F(StashDecisionsTest, PeakOrderPeaksAreTheLiveBytesAfterTakeBack) {
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  for (const char *step : {kStep, kPeakStep}) {
    func::FuncOp fn = parse(step);
    ASSERT_TRUE(fn);
    std::vector<int64_t> peaks;
    size_t n = peakOrder({fn}, offloadsApart(fn, profile), peaks).size();
    ASSERT_EQ(peaks.size(), n + 1);
    for (unsigned k = 0; k <= n; ++k) {
      fn = parse(step);
      std::vector<int64_t> unused;
      std::vector<StashDecision> ordered =
          peakOrder({fn}, offloadsApart(fn, profile), unused);
      takeBack(ordered, k);
      ASSERT_TRUE(succeeded(verify(*module))) << k;
      EXPECT_EQ(livePeak(fn), peaks[k]) << k;
    }
  }
}

// The MILP's model of each set taken back (a precision reduction requires
// its encoded form's offload) is the IR's live bytes after takeBack.
TEST_F(StashDecisionsTest, MixProblemPeaksAreTheLiveBytesAfterTakeBack) {
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  func::FuncOp fn = parse(kStep);
  ASSERT_TRUE(fn);
  std::vector<StashDecision> all = offloadsApart(fn, profile);
  StashMixProblem problem = stashMixProblem({fn}, all);
  unsigned requirements = 0;
  for (const auto &d : problem.decisions)
    requirements += d.requirements.size();
  EXPECT_EQ(requirements, 1u);
  for (unsigned mask = 0; mask < (1u << all.size()); ++mask) {
    std::vector<bool> chosen(all.size());
    for (unsigned i = 0; i < all.size(); ++i)
      chosen[i] = mask >> i & 1;
    int64_t model = stashMixPeak(problem, chosen);
    fn = parse(kStep);
    std::vector<StashDecision> again = offloadsApart(fn, profile), picked;
    for (unsigned i = 0; i < again.size(); ++i)
      if (chosen[i])
        picked.push_back(again[i]);
    takeBack(picked, picked.size());
    ASSERT_TRUE(succeeded(verify(*module))) << mask;
    EXPECT_EQ(livePeak(fn), model) << mask;
  }
}

namespace {
// Two recompute regions, as echo-remat leaves them: %rb recomputes %b from
// %a's stash, which only it reads; %rbig recomputes %big from the argument
// %w. Beside them %c's fp8 stash.
constexpr const char *kRegionStep = R"mlir(
func.func @step(%x: tensor<64x256xf32>, %w: tensor<1024x256xf32>) -> (tensor<64x256xf32>, tensor<1024x256xf32>) {
  %a = echo.tanh %x : tensor<64x256xf32>
  %as = echo.stash %a : tensor<64x256xf32>
  %b = echo.tanh %a : tensor<64x256xf32>
  %c = echo.tanh %b : tensor<64x256xf32>
  %ce = echo.encode %c : tensor<64x256xf32> as #echo.encoding<fp8>
  %d = echo.tanh %c : tensor<64x256xf32>
  %big = echo.tanh %w : tensor<1024x256xf32>
  %big2 = echo.tanh %big : tensor<1024x256xf32>
  %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<64x256xf32>
  %g0 = echo.tanh_grad %d, %seed : tensor<64x256xf32>
  %cd = echo.decode %ce : !echo.encoded<tensor<64x256xf32>, #echo.encoding<fp8>>
  %g1 = echo.tanh_grad %cd, %g0 : tensor<64x256xf32>
  %rb = echo.recompute (%as) : (tensor<64x256xf32>) -> tensor<64x256xf32> {
  ^bb0(%in: tensor<64x256xf32>):
    %t = echo.tanh %in : tensor<64x256xf32>
    echo.yield %t : tensor<64x256xf32>
  }
  %g2 = echo.tanh_grad %rb, %g1 : tensor<64x256xf32>
  %rbig = echo.recompute (%w) : (tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  ^bb0(%in: tensor<1024x256xf32>):
    %t = echo.tanh %in : tensor<1024x256xf32>
    echo.yield %t : tensor<1024x256xf32>
  }
  %gbig = echo.tanh_grad %rbig, %big2 : tensor<1024x256xf32>
  return %g2, %gbig : tensor<64x256xf32>, tensor<1024x256xf32>
}
)mlir";

// A region whose body has no equivalent forward op (no relu of %a):
// nothing says which value it stands for, so it stays.
constexpr const char *kUnmatchedRegionStep = R"mlir(
func.func @step(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %a = echo.tanh %x : tensor<64x256xf32>
  %as = echo.stash %a : tensor<64x256xf32>
  %b = echo.tanh %a : tensor<64x256xf32>
  %seed = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<64x256xf32>
  %g0 = echo.tanh_grad %b, %seed : tensor<64x256xf32>
  %r = echo.recompute (%as) : (tensor<64x256xf32>) -> tensor<64x256xf32> {
  ^bb0(%in: tensor<64x256xf32>):
    %t = echo.relu %in : tensor<64x256xf32>
    echo.yield %t : tensor<64x256xf32>
  }
  %g1 = echo.tanh_grad %r, %g0 : tensor<64x256xf32>
  return %g1 : tensor<64x256xf32>
}
)mlir";
} // namespace

TEST_F(StashDecisionsTest, FindsRecomputeRegionsAndTheValuesTheyRecompute) {
  func::FuncOp fn = parse(kRegionStep);
  ASSERT_TRUE(fn);
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  std::vector<StashDecision> decisions =
      stashDecisions({fn}, profile, /*regions=*/true);
  ASSERT_EQ(decisions.size(), 3u);
  // Without regions, only the fp8 stash.
  EXPECT_EQ(offloadsApart(fn, profile).size(), 1u);
  unsigned regions = 0;
  for (const StashDecision &d : decisions) {
    auto region = dyn_cast<RecomputeOp>(d.removed.front());
    if (!region) {
      EXPECT_TRUE(d.kept.empty());
      continue;
    }
    ++regions;
    ASSERT_EQ(d.kept.size(), 1u);
    // Recomputing costs a kernel on the compute stream.
    EXPECT_GT(d.seconds, 0);
    EXPECT_EQ(d.bytes, getStorageBytes(d.kept.front().getType()));
    if (region.getInputs().front() == fn.getArgument(1)) {
      // %rbig: %big, and nothing else goes with it.
      EXPECT_EQ(d.kept.front(), nth<TanhOp>(fn, 4).getResult());
      EXPECT_EQ(d.removed.size(), 1u);
    } else {
      // %rb: %b, and %a's stash, which only it read.
      EXPECT_EQ(d.kept.front(), nth<TanhOp>(fn, 1).getResult());
      ASSERT_EQ(d.removed.size(), 2u);
      EXPECT_TRUE(isa<StashOp>(d.removed[1]));
    }
  }
  EXPECT_EQ(regions, 2u);

  func::FuncOp unmatched = parse(kUnmatchedRegionStep);
  ASSERT_TRUE(unmatched);
  EXPECT_TRUE(stashDecisions({unmatched}, profile, /*regions=*/true).empty());
}

TEST_F(StashDecisionsTest, RegionsTakenBackSimulateAsTheIR) {
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  for (unsigned n = 0; n <= 3; ++n) {
    func::FuncOp fn = parse(kRegionStep);
    ASSERT_TRUE(fn);
    std::vector<StashDecision> decisions =
        stashDecisions({fn}, profile, /*regions=*/true);
    double tasks = simulateTakenBack({fn}, decisions, n, profile);
    takeBack(decisions, n);
    ASSERT_TRUE(succeeded(verify(*module))) << n;
    EXPECT_EQ(simulated(fn, profile), tasks) << n;
    EXPECT_EQ(stashDecisions({fn}, profile, /*regions=*/true).size(), 3 - n);
  }
  func::FuncOp fn = parse(kRegionStep);
  double before = simulated(fn, profile);
  std::vector<StashDecision> decisions =
      stashDecisions({fn}, profile, /*regions=*/true);
  takeBack(decisions, decisions.size());
  // Nothing recomputed or encoded: %b and %big read from stashes where
  // they were made, %c's where its encode was; %a's stash is gone.
  EXPECT_EQ(count<RecomputeOp>(fn) + count<EncodeOp>(fn) + count<DecodeOp>(fn),
            0u);
  EXPECT_EQ(count<StashOp>(fn), 3u);
  for (StashOp stash : fn.front().getOps<StashOp>())
    EXPECT_NE(stash.getInput(), nth<TanhOp>(fn, 0).getResult());
  EXPECT_LT(simulated(fn, profile), before);
}

TEST_F(StashDecisionsTest, RegionPeaksAreTheLiveBytesAfterTakeBack) {
  DeviceProfile profile = deviceProfileOf(DeviceKind::Pcie4);
  func::FuncOp fn = parse(kRegionStep);
  ASSERT_TRUE(fn);
  std::vector<int64_t> peaks;
  size_t n =
      peakOrder({fn}, stashDecisions({fn}, profile, /*regions=*/true), peaks)
          .size();
  ASSERT_EQ(n, 3u);
  ASSERT_EQ(peaks.size(), n + 1);
  for (unsigned k = 0; k <= n; ++k) {
    fn = parse(kRegionStep);
    std::vector<int64_t> unused;
    std::vector<StashDecision> ordered = peakOrder(
        {fn}, stashDecisions({fn}, profile, /*regions=*/true), unused);
    takeBack(ordered, k);
    ASSERT_TRUE(succeeded(verify(*module))) << k;
    EXPECT_EQ(livePeak(fn), peaks[k]) << k;
  }
}
