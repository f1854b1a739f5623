//===- InPlaceInterfaceTest.cpp - InPlaceOpInterface on echo ops ----------===//
//
// The in-place pairs are the one statement the buffer planner and the remat
// peak model rely on: check them op by op, by operand and result name.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::echo;

namespace {
using Pairs = std::vector<std::pair<unsigned, unsigned>>;

/// The op's pairs, or nullopt when it does not implement the interface.
std::optional<Pairs> pairsOf(Operation *op) {
  auto inPlace = dyn_cast<InPlaceOpInterface>(op);
  if (!inPlace)
    return std::nullopt;
  auto pairs = inPlace.getInPlacePairs();
  return Pairs(pairs.begin(), pairs.end());
}

class InPlaceInterfaceTest : public ::testing::Test {
protected:
  InPlaceInterfaceTest() { context.loadDialect<EchoDialect, func::FuncDialect>(); }

  /// Parses `body` as the body of @f(%a, %b: tensor<4x8xf32>) and returns
  /// its ops in order (the return excluded).
  std::vector<Operation *> parse(StringRef args, StringRef body) {
    std::string ir = ("func.func @f(" + args + ") {\n" + body + "\n  return\n}")
                         .str();
    module = parseSourceString<ModuleOp>(ir, ParserConfig(&context));
    std::vector<Operation *> ops;
    if (!module)
      return ops;
    module->walk([&](Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() == "echo")
        ops.push_back(op);
    });
    return ops;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(InPlaceInterfaceTest, BuiltElementwiseOps) {
  OpBuilder b(&context);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> owner = ModuleOp::create(loc);
  b.setInsertionPointToEnd(owner->getBody());
  auto type = RankedTensorType::get({4, 8}, b.getF32Type());
  auto fn = func::FuncOp::create(b, loc, "f", b.getFunctionType({}, {}));
  b.setInsertionPointToStart(fn.addEntryBlock());
  Value x = ZerosOp::create(b, loc, type);
  Value dy = ZerosOp::create(b, loc, type);

  // Unary: the result over the input.
  EXPECT_EQ(pairsOf(ReluOp::create(b, loc, x)), Pairs({{0, 0}}));
  EXPECT_EQ(pairsOf(RsqrtOp::create(b, loc, x)), Pairs({{0, 0}}));
  // Binary: over either operand.
  EXPECT_EQ(pairsOf(AddOp::create(b, loc, x, dy)),
            Pairs({{0, 0}, {1, 0}}));
  // Unary backward (forward, grad): over the gradient, operand 1.
  auto reluGrad = ReluGradOp::create(b, loc, x, dy);
  EXPECT_EQ(pairsOf(reluGrad), Pairs({{1, 0}}));
  EXPECT_EQ(reluGrad.getGradMutable().getOperandNumber(), 1u);
  // Not elementwise: no interface.
  EXPECT_EQ(pairsOf(ZerosOp::create(b, loc, type)), std::nullopt);
}

TEST_F(InPlaceInterfaceTest, ParsedBackwardAndOptimizerOps) {
  std::vector<Operation *> ops = parse(
      "%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %m: tensor<4x8xi1>, "
      "%l: tensor<4xi32>, %s: tensor<f32>",
      R"mlir(
  %0 = echo.dropout_grad %m, %b probability 1.000000e-01 : tensor<4x8xi1>, tensor<4x8xf32>
  %1 = echo.cross_entropy_grad %a, %l, %s : (tensor<4x8xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x8xf32>
  %2 = echo.sgd_update %a, %b {lr = 1.000000e-01 : f64} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %3, %4 = echo.sgd_update %a, %b, %b {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %5, %6, %7 = echo.adam_update %a, %b, %a, %b, %s {lr = 1.000000e-03 : f64} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>)
  %8 = echo.softmax %a : tensor<4x8xf32>)mlir");
  ASSERT_EQ(ops.size(), 6u);
  EXPECT_EQ(pairsOf(ops[0]), Pairs({{1, 0}}));         // (mask, grad)
  EXPECT_EQ(pairsOf(ops[1]), Pairs({{0, 0}}));         // logits
  EXPECT_EQ(pairsOf(ops[2]), Pairs({{0, 0}}));         // param only
  EXPECT_EQ(pairsOf(ops[3]), Pairs({{0, 0}, {2, 1}})); // param, velocity
  EXPECT_EQ(pairsOf(ops[4]), Pairs({{0, 0}, {2, 1}, {3, 2}})); // param, m, v
  EXPECT_EQ(pairsOf(ops[5]), std::nullopt);
}

TEST_F(InPlaceInterfaceTest, EncodedReluGradOverwritesTheGradient) {
  std::vector<Operation *> ops = parse(
      "%e: !echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>, "
      "%dy: tensor<8x64xf32>",
      "  %0 = echo.relu_grad_encoded %e, %dy : (!echo.encoded<tensor<8x64xf32>, "
      "#echo.encoding<binarize>>, tensor<8x64xf32>) -> tensor<8x64xf32>");
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(pairsOf(ops[0]), Pairs({{1, 0}}));
}
