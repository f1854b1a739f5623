//===- DialectApiTest.cpp - The dialect through its C++ API ---------------===//
//
// What a downstream compiler does with the library: build ops with the
// generated builders, verify them, query gradient dependences and costs, and
// parse textual IR.
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/IR/EchoOps.h"
#include "EchoDialect/IR/GradientDependence.h"
#include "EchoDialect/IR/InferredBuild.h"
#include "EchoDialect/IR/Parameters.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::echo;

namespace {
class DialectApiTest : public ::testing::Test {
protected:
  DialectApiTest() : builder(&context) {
    context.loadDialect<EchoDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module.getBody());
    // A block to build into; the values never leave this test.
    auto fn = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                   builder.getFunctionType({}, {}));
    builder.setInsertionPointToStart(fn.addEntryBlock());
  }
  ~DialectApiTest() override { module->erase(); }

  RankedTensorType tensor(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getF32Type());
  }
  Value zeros(ArrayRef<int64_t> shape) {
    return ZerosOp::create(builder, builder.getUnknownLoc(), tensor(shape));
  }

  MLIRContext context;
  OpBuilder builder;
  ModuleOp module;
};

std::vector<int> bits(const llvm::SmallBitVector &v) {
  std::vector<int> out;
  for (int i : v.set_bits())
    out.push_back(i);
  return out;
}
} // namespace

TEST_F(DialectApiTest, LinearGradientReadsOnlyInputs) {
  Location loc = builder.getUnknownLoc();
  // The result type [4, 16] is inferred from the operands.
  auto linear = LinearOp::create(builder, loc, zeros({4, 8}), zeros({16, 8}),
                                 zeros({16}));
  EXPECT_EQ(linear.getType(), tensor({4, 16}));
  ASSERT_TRUE(succeeded(verify(linear)));
  auto deps = getGradientDependence(linear);
  ASSERT_TRUE(succeeded(deps));
  EXPECT_EQ(bits(deps->operands), (std::vector<int>{0, 1}));
  EXPECT_FALSE(deps->readsAnyResult());
  EXPECT_TRUE(cast<CostOpInterface>(linear.getOperation()).isComputeHeavy());
  EXPECT_EQ(cast<CostOpInterface>(linear.getOperation()).getFlops(),
            2 * 4 * 16 * 8 + 4 * 16);
  // The scratch gradient ops were erased: the forward values have no users
  // other than the op itself.
  EXPECT_TRUE(linear.getResult().use_empty());
  EXPECT_TRUE(linear.getInput().hasOneUse());
}

TEST_F(DialectApiTest, ActivationGradientsReadOutputs) {
  Location loc = builder.getUnknownLoc();
  Value x = zeros({4, 8});
  auto relu = ReluOp::create(builder, loc, x);
  auto sig = SigmoidOp::create(builder, loc, x);
  auto gelu = GeluOp::create(builder, loc, x);
  for (Operation *op : {relu.getOperation(), sig.getOperation()}) {
    auto deps = getGradientDependence(op);
    ASSERT_TRUE(succeeded(deps));
    EXPECT_EQ(bits(deps->results), (std::vector<int>{0}));
    EXPECT_FALSE(deps->readsAnyOperand());
  }
  auto geluDeps = getGradientDependence(gelu);
  ASSERT_TRUE(succeeded(geluDeps));
  EXPECT_EQ(bits(geluDeps->operands), (std::vector<int>{0}));
  EXPECT_FALSE(geluDeps->readsAnyResult());
}

TEST_F(DialectApiTest, AddGradientReadsNothing) {
  Location loc = builder.getUnknownLoc();
  auto add = AddOp::create(builder, loc, zeros({4, 8}), zeros({8}));
  EXPECT_EQ(add.getType(), tensor({4, 8}));
  ASSERT_TRUE(succeeded(verify(add)));
  auto deps = getGradientDependence(add);
  ASSERT_TRUE(succeeded(deps));
  EXPECT_FALSE(deps->readsAnyOperand());
  EXPECT_FALSE(deps->readsAnyResult());
}

TEST_F(DialectApiTest, VerifierRejectsBadShapes) {
  Location loc = builder.getUnknownLoc();
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message += diag.str() + "\n";
    return success();
  });
  // Built with an explicit result type on purpose: the builder that infers
  // it would stop at the inconsistent operands.
  auto bad = MatmulOp::create(builder, loc, tensor({3, 5}), zeros({3, 4}),
                              zeros({5, 4}), false, false);
  EXPECT_TRUE(failed(verify(bad)));
  EXPECT_NE(message.find("contraction sizes differ"), std::string::npos)
      << message;
}

// createInferred: the ODS builder without result types, checked. Where the
// shape function rejects the operands it reports why at the location and
// builds nothing, where the generated builder would report_fatal_error.
TEST_F(DialectApiTest, CreateInferredChecksTheOperands) {
  Location loc = FileLineColLoc::get(&context, "importer.mlir", 7, 3);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream os(message);
    os << diag.getLocation() << ": " << diag.str() << "\n";
    return success();
  });
  auto good = createInferred<MatmulOp>(builder, loc, zeros({3, 5}),
                                       zeros({5, 4}), false, false);
  ASSERT_TRUE(good);
  EXPECT_EQ(good.getType(), tensor({3, 4}));
  EXPECT_TRUE(succeeded(verify(good)));
  EXPECT_EQ(message, "");

  Block *block = builder.getInsertionBlock();
  size_t before = block->getOperations().size();
  auto bad = createInferred<MatmulOp>(builder, loc, zeros({3, 5}),
                                      zeros({3, 4}), false, false);
  EXPECT_FALSE(bad);
  EXPECT_EQ(block->getOperations().size(), before + 2); // the two zeros only
  EXPECT_NE(message.find("\"importer.mlir\":7:3): 'echo.matmul' op "),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("contraction sizes differ"), std::string::npos)
      << message;

  // Integer operands, which only the verifier's ODS constraints reject: the
  // shape function finds no float element type and says so.
  message.clear();
  Value ints = ZerosOp::create(
      builder, loc, RankedTensorType::get({4}, builder.getI32Type()));
  EXPECT_FALSE(createInferred<AddOp>(builder, loc, ints, ints));
  EXPECT_NE(message.find("'echo.add' op operands must have a float element "
                         "type, got 'tensor<4xi32>', 'tensor<4xi32>'"),
            std::string::npos)
      << message;

  // A null operand is an earlier failure: a null op, no second message.
  message.clear();
  EXPECT_FALSE(createInferred<ReluOp>(builder, loc, Value()));
  EXPECT_EQ(message, "");
}

TEST_F(DialectApiTest, EncodedTypeStorage) {
  auto fp8 = EncodingAttr::get(&context, EncodingKind::Fp8);
  auto type = EncodedType::get(&context, tensor({128, 512}), fp8);
  EXPECT_EQ(type.getStorageBytes(), 128 * 512);
  EXPECT_EQ(getStorageBytes(tensor({128, 512})), 128 * 512 * 4);
  auto mask = EncodedType::get(
      &context, RankedTensorType::get({64}, builder.getI1Type()),
      EncodingAttr::get(&context, EncodingKind::Mask1));
  EXPECT_EQ(mask.getStorageBytes(), 8);
}

TEST_F(DialectApiTest, ParseReportsLocatedErrors) {
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    llvm::raw_string_ostream os(message);
    os << diag.getLocation() << ": " << diag.str();
    return success();
  });
  const char *ir = R"mlir(
    func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
      %y = echo.relu %x : tensor<4x9xf32>
      return %y : tensor<4x8xf32>
    })mlir";
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(ir, ParserConfig(&context), "input.mlir");
  EXPECT_FALSE(parsed);
  EXPECT_NE(message.find("input.mlir\":3:"), std::string::npos) << message;
}

// Which values are parameters (IR/Parameters.h): trainable arguments and
// what is computed from them and constants alone; not the data, and not a
// value a chain longer than the walk's limit leads to.
TEST_F(DialectApiTest, ParametersAreTrainableArgumentsAndWhatTheyCompute) {
  const char *ir = R"mlir(
    func.func @f(%x: tensor<4x4xf32>, %w: tensor<4x4xf32> {echo.trainable})
        -> (tensor<4x4xbf16>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
      %wh = echo.cast %w : tensor<4x4xf32> -> tensor<4x4xbf16>
      %wt = echo.transpose %w permutation [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
      %c = echo.constant dense<2.0> : tensor<4x4xf32>
      %ws = echo.mul %wt, %c : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %y = echo.add %x, %ws : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      return %wh, %wt, %ws, %y : tensor<4x4xbf16>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
    })mlir";
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(ir, ParserConfig(&context));
  ASSERT_TRUE(parsed);
  auto fn = *parsed->getOps<func::FuncOp>().begin();
  Block &body = fn.getBody().front();
  Value x = body.getArgument(0), w = body.getArgument(1);
  EXPECT_TRUE(isTrainableArgument(w));
  EXPECT_FALSE(isTrainableArgument(x));
  EXPECT_TRUE(isComputedFromParameters(w));
  EXPECT_FALSE(isComputedFromParameters(x));
  Operation *ret = body.getTerminator();
  EXPECT_TRUE(isComputedFromParameters(ret->getOperand(0)));  // cast
  EXPECT_TRUE(isComputedFromParameters(ret->getOperand(1)));  // transpose
  EXPECT_TRUE(isComputedFromParameters(ret->getOperand(2)));  // x constant
  EXPECT_FALSE(isComputedFromParameters(ret->getOperand(3))); // + data
  EXPECT_FALSE(isTrainableArgument(ret->getOperand(0)));
  // A constant alone reads no parameter.
  Value constant = ret->getOperand(2).getDefiningOp()->getOperand(1);
  EXPECT_FALSE(isComputedFromParameters(constant));

  // A chain of 300 casts from the weight is past the walk's limit.
  OpBuilder b(ret);
  Value v = w;
  for (int i = 0; i < 300; ++i)
    v = CastOp::create(b, ret->getLoc(), w.getType(), v);
  EXPECT_FALSE(isComputedFromParameters(v));
}
