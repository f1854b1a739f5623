//===- StashEncodingChoiceTest.cpp - Which encoding a stash gets ----------===//
//
// One step with every kind of reader: ReLU and pool backward reading the
// ReLU output, a weight gradient reading the pool output (a sparse map), a
// dropout mask, a dense value.
//
//===----------------------------------------------------------------------===//

#include "ParsedStep.h"

#include "EchoDialect/Analysis/StashEncodingChoice.h"

using namespace mlir;
using namespace mlir::echo;

namespace {
constexpr const char *kStep = R"mlir(
func.func @train_step(%arg0: tensor<1x1x4x4xf32>, %arg1: tensor<1xi32>, %arg2: tensor<2x1x3x3xf32> {echo.trainable}, %arg3: tensor<2x2x1x1xf32> {echo.trainable}, %arg4: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<2x1x3x3xf32>, tensor<2x2x1x1xf32>, tensor<3x8xf32>) {
  %0 = echo.conv2d %arg0, %arg2 {padding = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x4x4xf32>
  %1 = echo.relu %0 : tensor<1x2x4x4xf32>
  %2 = echo.stash %1 : tensor<1x2x4x4xf32>
  %3 = echo.max_pool2d %1 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  %4 = echo.stash %3 : tensor<1x2x2x2xf32>
  %5 = echo.conv2d %3, %arg3 : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %6 = echo.reshape %5 : tensor<1x2x2x2xf32> -> tensor<1x8xf32>
  %output, %mask = echo.dropout %6 probability 2.500000e-01 seed 7 : tensor<1x8xf32> -> tensor<1x8xf32>, tensor<1x8xi1>
  %7 = echo.stash %mask : tensor<1x8xi1>
  %8 = echo.stash %output : tensor<1x8xf32>
  %9 = echo.linear %output, %arg4 : (tensor<1x8xf32>, tensor<3x8xf32>) -> tensor<1x3xf32>
  %10 = echo.stash %9 : tensor<1x3xf32>
  %11 = echo.cross_entropy %9, %arg1 : (tensor<1x3xf32>, tensor<1xi32>) -> tensor<f32>
  %12 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %13 = echo.cross_entropy_grad %10, %arg1, %12 : (tensor<1x3xf32>, tensor<1xi32>, tensor<f32>) -> tensor<1x3xf32>
  %14 = echo.linear_grad_weight %13, %8 : (tensor<1x3xf32>, tensor<1x8xf32>) -> tensor<3x8xf32>
  %15 = echo.linear_grad_input %13, %arg4 : (tensor<1x3xf32>, tensor<3x8xf32>) -> tensor<1x8xf32>
  %16 = echo.dropout_grad %7, %15 probability 2.500000e-01 : tensor<1x8xi1>, tensor<1x8xf32>
  %17 = echo.reshape %16 : tensor<1x8xf32> -> tensor<1x2x2x2xf32>
  %18 = echo.conv2d_grad_weight %4, %17 : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<2x2x1x1xf32>
  %19 = echo.conv2d_grad_input %17, %arg3 : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %20 = echo.max_pool2d_grad %2, %4, %19 {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x2x4x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x4x4xf32>
  %21 = echo.relu_grad %2, %20 : tensor<1x2x4x4xf32>
  %22 = echo.conv2d_grad_weight %arg0, %21 {padding = array<i64: 1, 1>} : (tensor<1x1x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<2x1x3x3xf32>
  return %11, %22, %18, %14 : tensor<f32>, tensor<2x1x3x3xf32>, tensor<2x2x1x1xf32>, tensor<3x8xf32>
}
)mlir";

using Kind = std::optional<EncodingKind>;

class StashEncodingChoiceTest : public ParsedStepTest {
protected:
  void SetUp() override {
    fn = parse(kStep);
    ASSERT_TRUE(fn);
    relu = nth<StashOp>(fn, 0);    // 32 f32: 128 bytes
    pooled = nth<StashOp>(fn, 1);  // 8 f32: 32 bytes
    mask = nth<StashOp>(fn, 2);    // 8 i1
    dropped = nth<StashOp>(fn, 3); // 8 f32: 32 bytes
    logits = nth<StashOp>(fn, 4);  // 3 f32: 12 bytes
    pool = nth<MaxPool2DGradOp>(fn, 0);
    reluGrad = nth<ReluGradOp>(fn, 0);
    weightGrad = nth<Conv2DGradWeightOp>(fn, 0);
  }

  Kind choose(StashOp stash, Operation *reader, unsigned operand,
              const GistPlan &plan) {
    return chooseStashEncoding(stash.getInput(), reader, operand, plan);
  }

  static GistPlan masksOnly() { return GistPlan(); }
  static GistPlan lossless() {
    GistPlan plan;
    plan.masks = false;
    plan.lossless = true;
    return plan;
  }
  /// Lossless, with SSDC maps planned at an asserted density of 0.5
  /// (`csr-density=0.5`); the default bound is the dense size.
  static GistPlan losslessAtHalfDensity() {
    GistPlan plan = lossless();
    plan.csrDensity = 0.5;
    return plan;
  }
  static GistPlan fp8(int64_t minBytes) {
    GistPlan plan;
    plan.masks = false;
    plan.dpr = DprFormat::Fp8;
    plan.dprMinBytes = minBytes;
    return plan;
  }

  func::FuncOp fn;
  StashOp relu, pooled, mask, dropped, logits;
  MaxPool2DGradOp pool;
  ReluGradOp reluGrad;
  Conv2DGradWeightOp weightGrad;
};
} // namespace

TEST_F(StashEncodingChoiceTest, MasksServeOnlyOneBitReaders) {
  EXPECT_EQ(choose(relu, reluGrad, 0, masksOnly()), Kind(EncodingKind::Binarize));
  EXPECT_EQ(choose(relu, pool, 0, masksOnly()), Kind());
  EXPECT_EQ(choose(mask, nth<DropoutGradOp>(fn, 0), 0, masksOnly()),
            Kind(EncodingKind::Mask1));
  EXPECT_EQ(choose(pooled, weightGrad, 0, masksOnly()), Kind());
  // Without masks or lossless, a ReLU backward reads the plain value.
  EXPECT_EQ(choose(relu, reluGrad, 0, fp8(1 << 20)), Kind());
}

TEST_F(StashEncodingChoiceTest, LosslessEncodings) {
  GistPlan plan = lossless();
  // One argmax map serves the pool's input and output.
  EXPECT_EQ(choose(relu, pool, 0, plan), Kind(EncodingKind::PoolArgmax));
  EXPECT_EQ(choose(pooled, pool, 1, plan), Kind(EncodingKind::PoolArgmax));
  EXPECT_EQ(choose(relu, reluGrad, 0, plan), Kind(EncodingKind::Binarize));
  // A sparse map read by a weight gradient: SSDC only where a density
  // bound makes it smaller than plain. The 8-element pool output's SSDC at
  // density 0.5 (44 bytes) is larger than it plain (32): plain, as at the
  // default (dense) bound and for a map that is not sparse.
  GistPlan half = losslessAtHalfDensity();
  EXPECT_EQ(choose(pooled, weightGrad, 0, half), Kind());
  EXPECT_EQ(choose(pooled, weightGrad, 0, plan), Kind());
  EXPECT_EQ(choose(dropped, nth<LinearGradWeightOp>(fn, 0), 1, half), Kind());
  // Region inputs need every bit: SSDC for sparse maps under a bound only.
  EXPECT_EQ(choose(relu, nullptr, 0, half), Kind(EncodingKind::Csr));
  EXPECT_EQ(choose(relu, nullptr, 0, plan), Kind());
  EXPECT_EQ(choose(dropped, nullptr, 0, half), Kind());
  EXPECT_TRUE(mayStoreAsCsr(relu.getInput()));
  EXPECT_TRUE(mayStoreAsCsr(pooled.getInput()));
  EXPECT_FALSE(mayStoreAsCsr(dropped.getInput()));
  EXPECT_FALSE(mayStoreAsCsr(mask.getInput()));
}

TEST_F(StashEncodingChoiceTest, ReducedPrecisionFromItsThreshold) {
  Operation *linearGrad = nth<LinearGradWeightOp>(fn, 0);
  EXPECT_EQ(choose(dropped, linearGrad, 1, fp8(32)), Kind(EncodingKind::Fp8));
  EXPECT_EQ(choose(dropped, linearGrad, 1, fp8(33)), Kind());
  // Masks are not f32: never reduced.
  EXPECT_EQ(choose(mask, nth<DropoutGradOp>(fn, 0), 0, fp8(0)), Kind());
  // A region input that is not sparse is reduced too.
  EXPECT_EQ(choose(dropped, nullptr, 0, fp8(0)), Kind(EncodingKind::Fp8));
}

TEST_F(StashEncodingChoiceTest, EncodedStashBytes) {
  // Plain: 128 bytes; a 1-bit map of 32 elements: 4 bytes.
  EXPECT_EQ(encodedStashBytes(relu, masksOnly()), 4 + 128);
  // Lossless: the mask and the argmax map (8 windows of 4 positions, 4-bit
  // codes: 4 bytes), nothing plain.
  EXPECT_EQ(encodedStashBytes(relu, lossless()), 4 + 4);
  // The pool output: its argmax share is the input's; SSDC of 8 elements
  // at density 0.5 would hold 4 values: 16 header + 2 row pointers * 4 +
  // 4 * 4 values + 4 columns = 44 bytes, more than its 32 bytes plain, so
  // it is stored plain at that bound as at the dense one.
  EXPECT_EQ(encodedStashBytes(pooled, losslessAtHalfDensity()), 32);
  EXPECT_EQ(encodedStashBytes(pooled, lossless()), 32);
  EXPECT_EQ(encodedStashBytes(mask, masksOnly()), 1);
  // fp8 packs four values per 32-bit word: 8 values in 8 bytes.
  EXPECT_EQ(encodedStashBytes(dropped, fp8(0)), 8);
  EXPECT_EQ(encodedStashBytes(dropped, masksOnly()), 32);
}

TEST_F(StashEncodingChoiceTest, RegionInputBytesNeverAbovePlain) {
  // SSDC of the 32-element ReLU output at density 0.5:
  // 16 + 2 * 4 + 16 * 4 + 16 = 104; at the dense bound, plain: 128.
  EXPECT_EQ(
      encodedRegionInputBytes(relu.getInput(), losslessAtHalfDensity()), 104);
  EXPECT_EQ(encodedRegionInputBytes(relu.getInput(), lossless()), 128);
  // That of the 8-element pool output (44) would exceed its 32 bytes.
  EXPECT_EQ(
      encodedRegionInputBytes(pooled.getInput(), losslessAtHalfDensity()), 32);
  EXPECT_EQ(encodedRegionInputBytes(logits.getInput(), fp8(0)), 4);
  EXPECT_EQ(encodedRegionInputBytes(logits.getInput(), masksOnly()), 12);
}

// Precision reductions of 16-bit values: fp10 and fp8 (fewer bits), never
// fp16; and none where the packed words are not smaller than the value.
TEST_F(StashEncodingChoiceTest, ReducedPrecisionOfSixteenBitValues) {
  func::FuncOp half = parse(R"mlir(
func.func @half(%a: tensor<16xbf16>, %b: tensor<16xf16>, %c: tensor<1xbf16>, %d: tensor<1xf32>) {
  return
}
)mlir");
  ASSERT_TRUE(half);
  Value bf16 = half.getArgument(0), f16 = half.getArgument(1),
        oneBf16 = half.getArgument(2), oneF32 = half.getArgument(3);
  auto with = [](DprFormat format, int64_t minBytes) {
    GistPlan plan = fp8(minBytes);
    plan.dpr = format;
    return plan;
  };
  // 16 bf16 (32 bytes): fp8 in 16 bytes, fp10 in 24; fp16 keeps as many
  // bits and fewer exponent bits.
  EXPECT_EQ(chooseStashEncoding(bf16, nullptr, 0, with(DprFormat::Fp8, 0)),
            Kind(EncodingKind::Fp8));
  EXPECT_EQ(chooseStashEncoding(f16, nullptr, 0, with(DprFormat::Fp10, 0)),
            Kind(EncodingKind::Fp10));
  EXPECT_EQ(chooseStashEncoding(bf16, nullptr, 0, with(DprFormat::Fp16, 0)),
            Kind());
  EXPECT_EQ(chooseStashEncoding(f16, nullptr, 0, with(DprFormat::Fp8, 33)),
            Kind());
  // One element: a 4-byte word is not smaller than 2 (or 4) bytes.
  EXPECT_EQ(chooseStashEncoding(oneBf16, nullptr, 0, with(DprFormat::Fp8, 0)),
            Kind());
  EXPECT_EQ(chooseStashEncoding(oneF32, nullptr, 0, with(DprFormat::Fp8, 0)),
            Kind());
  EXPECT_EQ(chooseStashEncoding(oneF32, nullptr, 0, with(DprFormat::Fp16, 0)),
            Kind(EncodingKind::Fp16));
}
