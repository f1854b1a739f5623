//===- Passes.td - echo-mlir transformation passes ---------*- tablegen -*-===//

#ifndef ECHO_TRANSFORMS_PASSES_TD
#define ECHO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def EchoAutodiff : Pass<"echo-autodiff", "::mlir::ModuleOp"> {
  let summary = "Build the training step of a forward function (reverse mode)";
  let description = [{
    Takes a forward function `func.func @NAME(args...) -> tensor<f32>` whose
    trainable arguments carry the unit attribute `echo.trainable`, and adds a
    new function (`output` option, default `@train_step`) that runs the
    forward pass, then the backward pass in reverse order, built with each
    op's DifferentiableOpInterface.

    * Gradients of values with several uses are accumulated with `echo.add`
      (a weight used by T unrolled time steps gets one gradient).
    * Every forward value that a backward op reads is routed through one
      `echo.stash` placed right after its definition; backward ops read the
      stash. This is the Baseline training step all memory passes start
      from. Function arguments are live for the whole step and are not
      stashed.
    * Without an optimizer the step returns the loss and one gradient per
      trainable argument, in argument order. With `optimizer=sgd|momentum|adam`
      it applies `echo.sgd_update`/`echo.adam_update` and returns the loss,
      the new parameters and the new optimizer state; the optimizer state
      (velocity for momentum; m, v and the step count for adam) is appended to
      the arguments. Every result that replaces an argument carries the
      result attribute `echo.update_of = <argument index>`, which is how
      `echo-run --iterations` feeds it back.

    Example (`--echo-autodiff`):

    ```mlir
    // Before
    func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable},
                 %labels: tensor<4xi32>) -> tensor<f32> {
      %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
      %t = echo.tanh %y : tensor<4x16xf32>
      %l = echo.cross_entropy %t, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
      return %l : tensor<f32>
    }
    // After (added next to @f)
    func.func @train_step(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable},
                          %labels: tensor<4xi32>) -> (tensor<f32>, tensor<16x8xf32>) {
      %y = echo.linear %x, %w : ...
      %t = echo.tanh %y : tensor<4x16xf32>
      %t_s = echo.stash %t : tensor<4x16xf32>
      %l = echo.cross_entropy %t, %labels : ...
      %one = echo.fill 1.0 : tensor<f32>
      %dt = echo.cross_entropy_grad %t_s, %labels, %one : ...
      %dy = echo.tanh_grad %t_s, %dt : tensor<4x16xf32>
      %dw = echo.linear_grad_weight %dy, %x : ...
      return %l, %dw : tensor<f32>, tensor<16x8xf32>
    }
    ```

    Errors (located diagnostics, pass failure): no forward function found,
    a loss that is not a scalar `tensor<f32>`, no `echo.trainable`
    argument, an op without DifferentiableOpInterface on the path from a
    trainable argument to the loss (the message names the op), control flow.
  }];
  let options = [
    Option<"function", "function", "std::string", /*default=*/"\"\"",
           "Forward function to differentiate (default: the only function "
           "with an echo.trainable argument)">,
    Option<"output", "output", "std::string", /*default=*/"\"train_step\"",
           "Name of the generated training-step function">,
    Option<"optimizer", "optimizer", "std::string", /*default=*/"\"none\"",
           "none | sgd | momentum | adam">,
    Option<"learningRate", "lr", "double", /*default=*/"0.01",
           "Learning rate of the update">,
    Option<"momentum", "momentum", "double", /*default=*/"0.9",
           "Momentum (optimizer=momentum)">,
    Option<"weightDecay", "weight-decay", "double", /*default=*/"0.0",
           "L2 weight decay (sgd, momentum)">,
    Option<"beta1", "beta1", "double", /*default=*/"0.9", "Adam beta1">,
    Option<"beta2", "beta2", "double", /*default=*/"0.999", "Adam beta2">,
    Option<"epsilon", "epsilon", "double", /*default=*/"1.0e-8", "Adam epsilon">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoInlineRecompute : Pass<"echo-inline-recompute", "::mlir::func::FuncOp"> {
  let summary = "Replace echo.recompute regions by their bodies";
  let description = [{
    Executes recomputation: each `echo.recompute` is replaced by a copy of
    its body at the same place, with the body's arguments replaced by the
    op's inputs and the op's results by the yielded values. Backends run
    this right before bufferization, after every memory decision is made,
    so the recomputed ops execute where the backward pass needs them.

    ```mlir
    // Before
    %r = echo.recompute (%s) : (tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%in: tensor<8xf32>):
      %t = echo.tanh %in : tensor<8xf32>
      echo.yield %t : tensor<8xf32>
    }
    // After
    %r = echo.tanh %s : tensor<8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

#endif // ECHO_TRANSFORMS_PASSES_TD
