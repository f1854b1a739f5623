//===- ParsedStep.h - Training steps parsed for unit tests ------*- C++ -*-===//
//
// The fixture the echo-remat and stash-encoding unit tests share: a context
// with the echo and func dialects, a step parsed from MLIR source, and its
// ops picked by kind and order.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_UNITTESTS_PARSEDSTEP_H
#define ECHO_UNITTESTS_PARSEDSTEP_H

#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

namespace mlir {
namespace echo {

class ParsedStepTest : public ::testing::Test {
protected:
  ParsedStepTest() { context.loadDialect<EchoDialect, func::FuncDialect>(); }

  /// Parses `ir`, one func.func, and returns it (null on a parse error).
  func::FuncOp parse(StringRef ir) {
    module = parseSourceString<ModuleOp>(ir, ParserConfig(&context));
    if (!module)
      return nullptr;
    auto fns = module->getOps<func::FuncOp>();
    return fns.empty() ? nullptr : *fns.begin();
  }

  /// The `index`-th op of kind OpTy in `fn`'s body (program order).
  template <typename OpTy> OpTy nth(func::FuncOp fn, unsigned index) {
    for (OpTy op : fn.front().getOps<OpTy>())
      if (index-- == 0)
        return op;
    ADD_FAILURE() << "no op #" << index << " of that kind";
    return nullptr;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

/// Figure 14 of Echo: tanh of an argument feeds a linear, whose backward
/// reads the stashed tanh output (4x16xf32: 256 bytes).
constexpr const char *kFig14Step = R"mlir(
func.func @fig14_step(%arg0: tensor<4x16xf32>, %arg1: tensor<4xi32>, %arg2: tensor<16x16xf32> {echo.trainable}, %arg3: tensor<3x16xf32> {echo.trainable}) -> (tensor<f32>, tensor<16x16xf32>, tensor<3x16xf32>) {
  %0 = echo.tanh %arg0 : tensor<4x16xf32>
  %1 = echo.stash %0 : tensor<4x16xf32>
  %2 = echo.linear %0, %arg2 : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
  %3 = echo.stash %2 : tensor<4x16xf32>
  %4 = echo.linear %2, %arg3 : (tensor<4x16xf32>, tensor<3x16xf32>) -> tensor<4x3xf32>
  %5 = echo.stash %4 : tensor<4x3xf32>
  %6 = echo.cross_entropy %4, %arg1 : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<f32>
  %7 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %8 = echo.cross_entropy_grad %5, %arg1, %7 : (tensor<4x3xf32>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %9 = echo.linear_grad_weight %8, %3 : (tensor<4x3xf32>, tensor<4x16xf32>) -> tensor<3x16xf32>
  %10 = echo.linear_grad_input %8, %arg3 : (tensor<4x3xf32>, tensor<3x16xf32>) -> tensor<4x16xf32>
  %11 = echo.linear_grad_weight %10, %1 : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<16x16xf32>
  return %6, %11, %9 : tensor<f32>, tensor<16x16xf32>, tensor<3x16xf32>
}
)mlir";

/// Figures 7 and 11 of Echo: two linears -> add -> tanh; only the tanh
/// output Z is stashed (2x8xf32: 64 bytes each value).
constexpr const char *kFig7Step = R"mlir(
func.func @fig7_step(%arg0: tensor<2x8xf32>, %arg1: tensor<2xi32>, %arg2: tensor<8x8xf32> {echo.trainable}, %arg3: tensor<8x8xf32> {echo.trainable}, %arg4: tensor<3x8xf32> {echo.trainable}) -> (tensor<f32>, tensor<3x8xf32>) {
  %0 = echo.linear %arg0, %arg2 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %1 = echo.linear %arg0, %arg3 : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %2 = echo.add %0, %1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = echo.tanh %2 : tensor<2x8xf32>
  %4 = echo.stash %3 : tensor<2x8xf32>
  %5 = echo.linear %3, %arg4 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<2x3xf32>
  %6 = echo.stash %5 : tensor<2x3xf32>
  %7 = echo.cross_entropy %5, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<f32>
  %8 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %9 = echo.cross_entropy_grad %6, %arg1, %8 : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  %10 = echo.linear_grad_weight %9, %4 : (tensor<2x3xf32>, tensor<2x8xf32>) -> tensor<3x8xf32>
  %11 = echo.linear_grad_input %9, %arg4 : (tensor<2x3xf32>, tensor<3x8xf32>) -> tensor<2x8xf32>
  %12 = echo.tanh_grad %4, %11 : tensor<2x8xf32>
  return %7, %10 : tensor<f32>, tensor<3x8xf32>
}
)mlir";

/// Two tanhs, the second's output stashed for a linear's weight gradient:
/// every value 1x4xf32 (16 bytes) but the 1x3 logits and their gradient
/// (12 bytes) and the f32 seed (4 bytes). Op i is program point 2i+1.
constexpr const char *kTanhStep = R"mlir(
func.func @tanh_step(%x: tensor<1x4xf32>, %labels: tensor<1xi32>, %w: tensor<3x4xf32> {echo.trainable}) -> (tensor<f32>, tensor<3x4xf32>) {
  %0 = echo.tanh %x : tensor<1x4xf32>
  %1 = echo.tanh %0 : tensor<1x4xf32>
  %2 = echo.stash %1 : tensor<1x4xf32>
  %3 = echo.linear %1, %w : (tensor<1x4xf32>, tensor<3x4xf32>) -> tensor<1x3xf32>
  %4 = echo.stash %3 : tensor<1x3xf32>
  %5 = echo.cross_entropy %3, %labels : (tensor<1x3xf32>, tensor<1xi32>) -> tensor<f32>
  %6 = echo.fill 1.000000e+00 {echo.loss_seed} : tensor<f32>
  %7 = echo.cross_entropy_grad %4, %labels, %6 : (tensor<1x3xf32>, tensor<1xi32>, tensor<f32>) -> tensor<1x3xf32>
  %8 = echo.linear_grad_weight %7, %2 : (tensor<1x3xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %5, %8 : tensor<f32>, tensor<3x4xf32>
}
)mlir";

} // namespace echo
} // namespace mlir

#endif // ECHO_UNITTESTS_PARSEDSTEP_H
