//===- ImportPasses.td - Raise frontend IR into echo -------*- tablegen -*-===//
//
// Passes that raise the IR real frontends export (torch-mlir's
// linalg-on-tensors, TOSA) into echo forward functions that echo-autodiff
// and the training pipeline take. docs/importers.md lists every op they
// raise and how.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_IMPORT_PASSES_TD
#define ECHO_IMPORT_PASSES_TD

include "mlir/Pass/PassBase.td"

// Options both importers share: where the weights go and which loss ends
// the forward function.
defvar ImportOptions = [
  Option<"weightsAsArguments", "weights-as-arguments", "bool",
         /*default=*/"false",
         "Turn every float tensor constant (dense or splat) into a function "
         "argument: `echo.trainable` unless it is a batch-norm running "
         "statistic or an attention mask">,
  Option<"weightsDir", "weights-dir", "std::string", /*default=*/"\"\"",
         "With weights-as-arguments: write the value of every new argument "
         "to DIR/argN.npy and the matching echo-run `--inputs` list to "
         "DIR/inputs.txt">,
  Option<"loss", "loss", "::mlir::echo::ImportLoss",
         /*default=*/"::mlir::echo::ImportLoss::None",
         "Loss appended to the function's single result", [{::llvm::cl::values(
           clEnumValN(::mlir::echo::ImportLoss::None, "none",
                      "keep the result"),
           clEnumValN(::mlir::echo::ImportLoss::CrossEntropy, "cross-entropy",
                      "cross-entropy of the logits against a new i32 labels "
                      "argument"),
           clEnumValN(::mlir::echo::ImportLoss::Mse, "mse",
                      "mean squared error against a new target argument"))}]>,
  Option<"raiseAttention", "raise-attention", "bool", /*default=*/"true",
         "Raise matmul-softmax-matmul attention into echo.attention where "
         "exact (echo-raise-attention); false keeps the unfused ops">
];

def EchoImportLinalg : Pass<"echo-import-linalg", "::mlir::ModuleOp"> {
  let summary = "Raise torch-mlir style linalg-on-tensors into echo ops";
  let description = [{
    Raises every function of a linalg-on-tensors forward graph, as
    torch-mlir exports it, into echo ops: named convolutions (with the
    preceding `tensor.pad` folded into `padding`), matmuls (named or
    `linalg.generic` with transposed maps), poolings, elementwise and
    reduction `linalg.generic`s (broadcasts through their indexing maps),
    inference batch norm (turned into a trainable `echo.batch_norm`),
    reshapes, `linalg.fill` + `tensor.empty` inits. `cf.assert` is dropped
    with a remark. An op that cannot be raised is a located error naming it
    and the pass fails: nothing is skipped.

    ```mlir
    // Before
    %0 = tensor.empty() : tensor<2x8xf32>
    %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<2x8xf32>) outs(%0 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %2 = arith.maximumf %in, %cst : f32
      linalg.yield %2 : f32
    } -> tensor<2x8xf32>
    // After
    %1 = echo.relu %x : tensor<2x8xf32>
    ```
  }];
  let options = ImportOptions;
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoImportTosa : Pass<"echo-import-tosa", "::mlir::ModuleOp"> {
  let summary = "Raise TOSA (current syntax) into echo ops";
  let description = [{
    Raises every function of a TOSA forward graph, as the TensorFlow Lite
    and ONNX converters export it (MLIR 22's TOSA 1.0 syntax: zero points
    and shift as operands, shapes as `!tosa.shape` values), into echo ops:
    `conv2d` and `depthwise_conv2d` (NHWC / OHWI, wrapped in transposes to
    echo's NCHW / OIHW), `matmul`, `max_pool2d`, `avg_pool2d` (without
    padding: TOSA leaves it out of the count), `clamp` (ReLU, ReLU6),
    `reshape`, `transpose`, elementwise ops and `reduce_sum` /
    `reduce_max`. An op that cannot be raised is a located error naming it.

    ```mlir
    // Before
    %1 = tosa.clamp %0 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<2x8xf32>) -> tensor<2x8xf32>
    // After
    %1 = echo.relu %0 : tensor<2x8xf32>
    ```
  }];
  let options = ImportOptions;
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

#endif // ECHO_IMPORT_PASSES_TD
