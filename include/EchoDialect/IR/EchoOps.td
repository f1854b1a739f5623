//===- EchoOps.td - Operations of the echo dialect ---------*- tablegen -*-===//
//
// Forward ops, their backward ops, optimizer updates and memory ops. Shape
// rules live in the shared functions of ShapeFunctions.h. An op whose result
// type follows from its operands and attributes infers it from them
// (InferTypeOpAdaptor, EchoOps.cpp), so ODS builds it without result types;
// pure type relations are ODS traits and constraints; C++ verifiers remain
// for what relates a given result type to the operands.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_OPS_TD
#define ECHO_OPS_TD

include "EchoDialect/IR/EchoDialect.td"
include "EchoDialect/IR/EchoAttrs.td"
include "EchoDialect/IR/EchoTypes.td"
include "EchoDialect/IR/EchoInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

defvar Differentiable = DeclareOpInterfaceMethods<Echo_DifferentiableOpInterface>;
defvar Costed = DeclareOpInterfaceMethods<Echo_CostOpInterface>;
defvar HeavyCosted = DeclareOpInterfaceMethods<Echo_CostOpInterface, ["isComputeHeavy"]>;
// Results that may overwrite an operand's storage; EchoInPlace.cpp.
defvar InPlace = DeclareOpInterfaceMethods<Echo_InPlaceOpInterface>;

//===----------------------------------------------------------------------===//
// Compute-heavy forward ops
//===----------------------------------------------------------------------===//

def Echo_LinearOp : Echo_Op<"linear", [Pure, InferTypeOpAdaptor, Differentiable, HeavyCosted]> {
  let summary = "Fully-connected layer: Y = X * W^T + b";
  let description = [{
    `input` is `[..., K]`, `weight` is `[N, K]`, the optional `bias` is `[N]`;
    the result is `[..., N]`. The gradient reads only the input and the
    weight, never the output: Echo's "dead" recompute case.

    ```mlir
    %y = echo.linear %x, %w, %b : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<256xf32>) -> tensor<32x256xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$weight,
                       Optional<Echo_FloatTensor>:$bias);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)";
}

def Echo_MatmulOp : Echo_Op<"matmul", [Pure, InferTypeOpAdaptor, Differentiable, HeavyCosted]> {
  let summary = "Matrix product of two rank-2 tensors";
  let description = [{
    `op(lhs) * op(rhs)` where `op` transposes when `transpose_lhs` /
    `transpose_rhs` is set.

    ```mlir
    %c = echo.matmul %a, %b : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %d = echo.matmul %a, %e transpose_rhs : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$lhs, Echo_FloatTensor:$rhs,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_lhs` $transpose_lhs^)? (`transpose_rhs` $transpose_rhs^)?
    attr-dict `:` functional-type(operands, results)
  }];
}

def Echo_BatchMatmulOp : Echo_Op<"batch_matmul", [Pure, InferTypeOpAdaptor, Differentiable, HeavyCosted]> {
  let summary = "Batched matrix product over identical leading dimensions";
  let description = [{
    Operands of rank >= 3 with identical leading (batch) dimensions; the last
    two dimensions are multiplied as in `echo.matmul`, with optional
    transposition of either side.

    ```mlir
    %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<8x10x64xf32>, tensor<8x12x64xf32>) -> tensor<8x10x12xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$lhs, Echo_FloatTensor:$rhs,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_lhs` $transpose_lhs^)? (`transpose_rhs` $transpose_rhs^)?
    attr-dict `:` functional-type(operands, results)
  }];
}

def Echo_Conv2DOp : Echo_Op<"conv2d", [Pure, InferTypeOpAdaptor, Differentiable, HeavyCosted]> {
  let summary = "2-D convolution, NCHW input, OIHW weight";
  let description = [{
    `input` is `[N, C, H, W]`, `weight` is `[O, C / groups, KH, KW]`, the
    optional `bias` is `[O]`. `stride`, `padding` (symmetric, per side) and
    `dilation` have two entries (height, width). The result is
    `[N, O, (H + 2*ph - dh*(KH-1) - 1) / sh + 1, (W + ...) / sw + 1]`.

    ```mlir
    %y = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x32x32xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$weight,
                       Optional<Echo_FloatTensor>:$bias,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{1, 1}">:$stride,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0}">:$padding,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{1, 1}">:$dilation,
                       DefaultValuedAttr<I64Attr, "1">:$groups);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input `,` $weight (`,` $bias^)? attr-dict `:` functional-type(operands, results)";
}

def Echo_EmbeddingOp : Echo_Op<"embedding", [Pure, InferTypeOpAdaptor, Differentiable, HeavyCosted]> {
  let summary = "Row lookup in an embedding table";
  let description = [{
    `table` is `[V, D]`, `indices` is an integer tensor of any shape `S`; the
    result is `S x [D]`. Indices outside `[0, V)` are a runtime error.

    ```mlir
    %e = echo.embedding %table, %ids : (tensor<1000x64xf32>, tensor<8x20xi32>) -> tensor<8x20x64xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$table, Echo_IndexTensor:$indices);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$table `,` $indices attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Fused attention (issue #36; lib/IR/EchoAttention.cpp)
//===----------------------------------------------------------------------===//

def Echo_AttentionOp : Echo_Op<"attention", [Pure, HeavyCosted,
    InferTypeOpAdaptor,
    DeclareOpInterfaceMethods<Echo_DifferentiableOpInterface, ["isOperandDifferentiable"]>]> {
  let summary = "Fused scaled dot-product attention with its log-sum-exp";
  let description = [{
    `query` is `[B, H, Lq, D]`, `key` and `value` are `[B, H, Lk, D]`, all of
    one float element type. With `s = scale * query key^T (+ mask)`, a
    `[B, H, Lq, Lk]` matrix that is never materialized:
    `output = softmax(s) value` (`[B, H, Lq, D]`, the query's type) and
    `lse = log(sum_j exp(s[.., i, j]))` (`[B, H, Lq]`, f32).

    - `scale` defaults to `1 / sqrt(D)`; given, it is finite and positive.
    - `mask` (optional, the query's element type) is added to the scores; its
      shape broadcasts to `[B, H, Lq, Lk]` with numpy's rules (rank <= 4,
      trailing dimensions aligned, each 1 or equal): `[Lq, Lk]`,
      `[B, 1, Lq, Lk]`, `[B, 1, 1, Lk]` (padding) all work. `-inf` hides a
      key. The mask gets no gradient.
    - `causal` hides key `j` from query `i` when `j > i` (top-left aligned,
      as PyTorch's `is_causal`; any `Lq`, `Lk`).
    - A row whose every key is hidden has `output` 0 and `lse` `-inf`.
    - `dropout` (default 0) zeroes each probability with that probability
      and scales the others by `1 / (1 - dropout)`, with `echo.dropout`'s
      mask for `seed` on the `[B, H, Lq, Lk]` probabilities (element
      `((b * H + h) * Lq + i) * Lk + j`), so it equals `echo.dropout` of the
      softmax; `lse` is that of the undropped scores.

    The gradient (`echo.attention_grad`) reads query, key, value, output
    and `lse` and recomputes the scores, so nothing of size `Lq * Lk` is
    stashed (FlashAttention). The runtime computes it tiled, with an online
    softmax (docs/runtime.md, "Fused attention").

    ```mlir
    %o, %lse = echo.attention %q, %k, %v causal : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
    %o2, %lse2 = echo.attention %q, %k, %v mask %m {scale = 2.500000e-01 : f64} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<16x16xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$query, Echo_FloatTensor:$key,
                       Echo_FloatTensor:$value,
                       Optional<Echo_FloatTensor>:$mask,
                       UnitAttr:$causal, OptionalAttr<F64Attr>:$scale,
                       DefaultValuedAttr<F64Attr, "0.0">:$dropout,
                       DefaultValuedAttr<I64Attr, "0">:$seed);
  let results = (outs Echo_FloatTensor:$output,
                      StaticShapeTensorOf<[F32]>:$lse);
  let assemblyFormat = [{
    $query `,` $key `,` $value (`mask` $mask^)? (`causal` $causal^)? attr-dict
    `:` type(operands)
  }];
  let extraClassDeclaration = [{
    /// `scale`, or 1 / sqrt(D) when absent.
    double getScaleValue();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise forward ops
//===----------------------------------------------------------------------===//

class Echo_UnaryOp<string mnemonic, string formula>
    : Echo_Op<mnemonic, [Pure, SameOperandsAndResultType, Differentiable, Costed,
                         InPlace]> {
  let summary = "Elementwise " # formula;
  let description = "Computes `" # formula # "` for every element.\n\n"
    "```mlir\n%y = echo." # mnemonic # " %x : tensor<4x8xf32>\n```";
  let arguments = (ins Echo_FloatTensor:$input);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Echo_ReluOp : Echo_UnaryOp<"relu", "max(x, 0)">;
def Echo_TanhOp : Echo_UnaryOp<"tanh", "tanh(x)">;
def Echo_SigmoidOp : Echo_UnaryOp<"sigmoid", "1 / (1 + exp(-x))">;
def Echo_GeluOp : Echo_UnaryOp<"gelu", "x * Phi(x) (tanh approximation)">;
def Echo_ExpOp : Echo_UnaryOp<"exp", "exp(x)">;
def Echo_LogOp : Echo_UnaryOp<"log", "log(x)">;
def Echo_NegOp : Echo_UnaryOp<"neg", "-x">;
def Echo_SqrtOp : Echo_UnaryOp<"sqrt", "sqrt(x)">;
def Echo_RsqrtOp : Echo_UnaryOp<"rsqrt", "1 / sqrt(x)">;
def Echo_GeluErfOp : Echo_UnaryOp<"gelu_erf",
    "x * Phi(x) = 0.5 * x * (1 + erf(x / sqrt(2))) (exact GELU)">;

class Echo_BinaryOp<string mnemonic, string formula>
    : Echo_Op<mnemonic, [Pure, InferTypeOpAdaptor, Differentiable, Costed, InPlace]> {
  let summary = "Elementwise " # formula # " with numpy broadcasting";
  let description = "Computes `" # formula # "` after broadcasting both operands "
    "to the result shape with numpy rules (trailing dimensions aligned, size-1 "
    "dimensions stretched). Both operands and the result share the element type.\n\n"
    "```mlir\n%z = echo." # mnemonic # " %x, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>\n```";
  let arguments = (ins Echo_FloatTensor:$lhs, Echo_FloatTensor:$rhs);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` functional-type(operands, results)";
}

def Echo_AddOp : Echo_BinaryOp<"add", "lhs + rhs">;
def Echo_SubOp : Echo_BinaryOp<"sub", "lhs - rhs">;
def Echo_MulOp : Echo_BinaryOp<"mul", "lhs * rhs">;
def Echo_DivOp : Echo_BinaryOp<"div", "lhs / rhs">;
def Echo_MaxOp : Echo_BinaryOp<"max", "max(lhs, rhs)">;

//===----------------------------------------------------------------------===//
// Other forward ops
//===----------------------------------------------------------------------===//

def Echo_DropoutOp : Echo_Op<"dropout", [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "Dropout with a deterministic mask";
  let description = [{
    Zeroes each element with probability `probability` and scales the others
    by `1 / (1 - probability)`. The mask is a pure function of `seed` and the
    element index, so re-executing the op (recomputation) reproduces it; it is
    also returned, since the backward op reads only the mask.

    ```mlir
    %y, %mask = echo.dropout %x probability 1.000000e-01 seed 7 : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, F64Attr:$probability, I64Attr:$seed);
  let results = (outs Echo_FloatTensor:$output, Echo_MaskTensor:$mask);
  let assemblyFormat = [{
    $input `probability` $probability `seed` $seed attr-dict `:` type($input) `->` type($output) `,` type($mask)
  }];
}

class Echo_Pool2DOp<string mnemonic, string what>
    : Echo_Op<mnemonic, [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "2-D " # what # " pooling over NCHW input";
  let description = "`kernel`, `stride` and `padding` (per side) have two entries "
    "(height, width); padding must be smaller than the kernel. Output spatial size is "
    "`(H + 2*p - k) / s + 1`."
    "\n\n```mlir\n%y = echo." # mnemonic # " %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>\n```";
  let arguments = (ins Echo_FloatTensor:$input,
                       DenseI64ArrayAttr:$kernel, DenseI64ArrayAttr:$stride,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0}">:$padding);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Echo_MaxPool2DOp : Echo_Pool2DOp<"max_pool2d", "max">;
def Echo_AvgPool2DOp : Echo_Pool2DOp<"avg_pool2d", "average (padding counted as zeros)">;

def Echo_BatchNormOp : Echo_Op<"batch_norm", [Pure, InferTypeOpAdaptor, Costed,
    DeclareOpInterfaceMethods<Echo_DifferentiableOpInterface, ["isOperandDifferentiable"]>]> {
  let summary = "Batch normalization in training mode";
  let description = [{
    Normalizes `input` (`[N, C, ...]`) per channel with the batch statistics,
    then scales by `gamma` and shifts by `beta` (both `[C]`). The running
    statistics are explicit operands and results, so the op stays pure:
    `new_mean = (1 - momentum) * running_mean + momentum * batch_mean`, and
    likewise for the (unbiased) variance. `saved_mean` and `saved_inv_std`
    are the batch statistics the backward op reads.

    ```mlir
    %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %g, %b, %m, %v : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$gamma,
                       Echo_FloatTensor:$beta, Echo_FloatTensor:$running_mean,
                       Echo_FloatTensor:$running_var,
                       DefaultValuedAttr<F64Attr, "1.0e-5">:$epsilon,
                       DefaultValuedAttr<F64Attr, "0.1">:$momentum);
  let results = (outs Echo_FloatTensor:$output, Echo_FloatTensor:$new_running_mean,
                      Echo_FloatTensor:$new_running_var, Echo_FloatTensor:$saved_mean,
                      Echo_FloatTensor:$saved_inv_std);
  let assemblyFormat = "$input `,` $gamma `,` $beta `,` $running_mean `,` $running_var attr-dict `:` functional-type(operands, results)";
}

def Echo_LayerNormOp : Echo_Op<"layer_norm", [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "Layer normalization over the last dimension";
  let description = [{
    `input` is `[..., D]`; `gamma` and `beta` are `[D]`. `mean` and
    `inv_std` (shape `[...]`, the input shape without its last dimension) are
    the per-row statistics the backward op reads.

    ```mlir
    %y, %mean, %rstd = echo.layer_norm %x, %g, %b : (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<8xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$gamma,
                       Echo_FloatTensor:$beta,
                       DefaultValuedAttr<F64Attr, "1.0e-5">:$epsilon);
  let results = (outs Echo_FloatTensor:$output, Echo_FloatTensor:$mean,
                      Echo_FloatTensor:$inv_std);
  let assemblyFormat = "$input `,` $gamma `,` $beta attr-dict `:` functional-type(operands, results)";
}

class Echo_SoftmaxLikeOp<string mnemonic, string what>
    : Echo_Op<mnemonic, [Pure, SameOperandsAndResultType, Differentiable, Costed]> {
  let summary = what # " along one axis";
  let description = "Computes " # what # " along `axis` (negative values count "
    "from the end; default: the last axis), with max subtraction for stability.\n\n"
    "```mlir\n%p = echo." # mnemonic # " %x {axis = 1 : i64} : tensor<8x10xf32>\n```";
  let arguments = (ins Echo_FloatTensor:$input, DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Echo_SoftmaxOp : Echo_SoftmaxLikeOp<"softmax", "softmax">;
def Echo_LogSoftmaxOp : Echo_SoftmaxLikeOp<"log_softmax", "log-softmax">;

def Echo_ReduceOp : Echo_Op<"reduce", [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "Sum, mean or max over the given dimensions";
  let description = [{
    Reduces `input` over `dims` (distinct, in range, any order). With
    `keepdims` the reduced dimensions stay as size 1; otherwise they are
    dropped.

    ```mlir
    %s = echo.reduce sum %x dims [1] : tensor<4x8xf32> -> tensor<4xf32>
    %m = echo.reduce max %x dims [0] keepdims : tensor<4x8xf32> -> tensor<1x8xf32>
    ```
  }];
  let arguments = (ins Echo_ReduceKind:$kind, Echo_FloatTensor:$input,
                       DenseI64ArrayAttr:$dims, UnitAttr:$keepdims);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $kind $input `dims` $dims (`keepdims` $keepdims^)? attr-dict `:` type($input) `->` type($result)
  }];
}

def Echo_ConcatOp : Echo_Op<"concat", [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "Concatenation along one axis";
  let description = [{
    All inputs have the same rank and element type and agree on every
    dimension except `axis`; the result's `axis` dimension is their sum.

    ```mlir
    %c = echo.concat %a, %b axis 1 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Variadic<Echo_FloatTensor>:$inputs, I64Attr:$axis);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$inputs `axis` $axis attr-dict `:` functional-type($inputs, $result)";
}

def Echo_SliceOp : Echo_Op<"slice", [Pure, Differentiable, Costed]> {
  let summary = "Static strided slice";
  let description = [{
    Takes `result[i] = input[offsets + i * strides]` per dimension; the result
    shape gives the sizes. Every accessed index must be in bounds.

    ```mlir
    %s = echo.slice %x offsets [0, 256] : tensor<8x1024xf32> -> tensor<8x256xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, DenseI64ArrayAttr:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $input `offsets` $offsets (`strides` $strides^)? attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Echo_SplitOp : Echo_Op<"split", [Pure, Differentiable, Costed]> {
  let summary = "Split into consecutive pieces along one axis";
  let description = [{
    The results partition `input` along `axis` in order; their `axis` sizes
    add up to the input's and all other dimensions match. LSTM cells split
    the gate pre-activations this way.

    ```mlir
    %i, %f, %g, %o = echo.split %gates axis 1 : tensor<8x1024xf32> -> tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>, tensor<8x256xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, I64Attr:$axis);
  let results = (outs Variadic<Echo_FloatTensor>:$results);
  let assemblyFormat = "$input `axis` $axis attr-dict `:` type($input) `->` type($results)";
  let hasVerifier = 1;
}

def Echo_ReshapeOp : Echo_Op<"reshape", [Pure, Differentiable, Costed]> {
  let summary = "Reshape preserving the element count and order";
  let description = [{
    ```mlir
    %r = echo.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Echo_TransposeOp : Echo_Op<"transpose", [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "Permute dimensions";
  let description = [{
    `result.shape[i] = input.shape[permutation[i]]`.

    ```mlir
    %t = echo.transpose %x permutation [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input `permutation` $permutation attr-dict `:` type($input) `->` type($result)";
}

def Echo_BroadcastToOp : Echo_Op<"broadcast_to", [Pure, Differentiable, Costed]> {
  let summary = "Broadcast to a larger shape with numpy rules";
  let description = [{
    ```mlir
    %b = echo.broadcast_to %bias : tensor<8xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Echo_CrossEntropyOp : Echo_Op<"cross_entropy", [Pure, InferTypeOpAdaptor, Differentiable, Costed]> {
  let summary = "Softmax cross-entropy with integer labels, mean over rows";
  let description = [{
    `logits` is `[..., C]`, `labels` holds class indices with the logits'
    shape minus the last dimension. The result is the scalar mean over rows
    of `-log softmax(logits)[label]`.

    ```mlir
    %loss = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<f32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$logits, Echo_IndexTensor:$labels);
  let results = (outs Echo_ScalarF32Tensor:$loss);
  let assemblyFormat = "$logits `,` $labels attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Element type conversion (mixed precision; docs/mixed-precision.md)
//===----------------------------------------------------------------------===//

def Echo_CastOp : Echo_Op<"cast", [Pure, Differentiable, Costed]> {
  let summary = "Convert a float tensor to another float element type";
  let description = [{
    Converts every element between f32, f16 and bf16, rounding to nearest,
    ties to even; a finite value beyond the target's range becomes an
    infinity of its sign, NaN stays NaN (a quiet NaN of the same sign).
    Widening (16-bit to f32) is exact. The shapes are equal and the element
    types differ. The gradient is the output gradient cast back to the
    input's element type.

    ```mlir
    %h = echo.cast %x : tensor<32x16xf32> -> tensor<32x16xbf16>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Echo_ConstantOp : Echo_Op<"constant",
    [Pure, ConstantLike, AllTypesMatch<["value", "result"]>]> {
  let summary = "A tensor constant";
  let description = [{
    ```mlir
    %c = echo.constant dense<1.0> : tensor<4xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Echo_AnyTensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def Echo_ZerosOp : Echo_Op<"zeros", [Pure]> {
  let summary = "A tensor of zeros";
  let description = [{
    ```mlir
    %z = echo.zeros : tensor<4x8xf32>
    ```
  }];
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Echo_FillOp : Echo_Op<"fill", [Pure]> {
  let summary = "A tensor with every element equal to a value";
  let description = [{
    ```mlir
    %h = echo.fill 5.000000e-01 : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins F64Attr:$value);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Backward ops. Each reads exactly the forward data its math needs.
//===----------------------------------------------------------------------===//

class Echo_UnaryGradOp<string mnemonic, string reads, string formula>
    : Echo_Op<mnemonic, [Pure, SameOperandsAndResultType, Costed, InPlace]> {
  let summary = "Backward of `echo." # !subst("_grad", "", mnemonic) # "`";
  let description = "Given the forward " # reads # " (`forward`) and the output "
    "gradient `grad`, computes `" # formula # "`.\n\n"
    "```mlir\n%dx = echo." # mnemonic # " %fwd, %dy : tensor<4x8xf32>\n```";
  let arguments = (ins Echo_FloatTensor:$forward, Echo_FloatTensor:$grad);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$forward `,` $grad attr-dict `:` type($result)";
}

def Echo_ReluGradOp : Echo_UnaryGradOp<"relu_grad", "output y",
    "y > 0 ? grad : 0">;
def Echo_TanhGradOp : Echo_UnaryGradOp<"tanh_grad", "output y",
    "grad * (1 - y * y)">;
def Echo_SigmoidGradOp : Echo_UnaryGradOp<"sigmoid_grad", "output y",
    "grad * y * (1 - y)">;
def Echo_GeluGradOp : Echo_UnaryGradOp<"gelu_grad", "input x",
    "grad * d gelu(x) / dx">;
def Echo_SqrtGradOp : Echo_UnaryGradOp<"sqrt_grad", "output y",
    "grad / (2 * y)">;
def Echo_RsqrtGradOp : Echo_UnaryGradOp<"rsqrt_grad", "output y",
    "-0.5 * grad * y * y * y">;
def Echo_GeluErfGradOp : Echo_UnaryGradOp<"gelu_erf_grad", "input x",
    "grad * (Phi(x) + x * phi(x))">;

def Echo_MaxGradOp : Echo_Op<"max_grad", [Pure, InferTypeOpAdaptor, Costed]> {
  let summary = "Backward of `echo.max`";
  let description = [{
    Routes `grad` (shaped like the broadcast result) to `lhs` where
    `lhs >= rhs` and to `rhs` elsewhere. Both results have the result shape;
    `echo.sum_to` reduces them to the operand shapes.

    ```mlir
    %da, %db = echo.max_grad %a, %b, %dy : (tensor<4x8xf32>, tensor<8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$lhs, Echo_FloatTensor:$rhs, Echo_FloatTensor:$grad);
  let results = (outs Echo_FloatTensor:$lhs_grad, Echo_FloatTensor:$rhs_grad);
  let assemblyFormat = "$lhs `,` $rhs `,` $grad attr-dict `:` functional-type(operands, results)";
}

def Echo_SumToOp : Echo_Op<"sum_to", [Pure, Costed]> {
  let summary = "Sum a broadcast tensor back to a smaller shape";
  let description = [{
    The adjoint of `echo.broadcast_to`: `result` must broadcast to `input`'s
    shape; every element of `input` is added into the result element it was
    broadcast from.

    ```mlir
    %db = echo.sum_to %dy : tensor<4x8xf32> -> tensor<8xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Echo_DropoutGradOp : Echo_Op<"dropout_grad", [Pure, Costed, InPlace,
    AllTypesMatch<["grad", "result"]>]> {
  let summary = "Backward of `echo.dropout`";
  let description = [{
    `mask ? grad / (1 - probability) : 0`.

    ```mlir
    %dx = echo.dropout_grad %mask, %dy probability 1.000000e-01 : tensor<4x8xi1>, tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Echo_MaskTensor:$mask, Echo_FloatTensor:$grad, F64Attr:$probability);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$mask `,` $grad `probability` $probability attr-dict `:` type($mask) `,` type($grad)";
  let hasVerifier = 1;
}

class Echo_Pool2DGradOp<string mnemonic, dag args, string argsFormat>
    : Echo_Op<mnemonic, [Pure, Costed]> {
  let arguments = !con(args, (ins DenseI64ArrayAttr:$kernel, DenseI64ArrayAttr:$stride,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0}">:$padding));
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = argsFormat # " attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Echo_MaxPool2DGradOp : Echo_Pool2DGradOp<"max_pool2d_grad",
    (ins Echo_FloatTensor:$input, Echo_FloatTensor:$output, Echo_FloatTensor:$grad),
    "$input `,` $output `,` $grad"> {
  let summary = "Backward of `echo.max_pool2d`";
  let description = [{
    Routes each output gradient to the first position (row-major within the
    window) where the input equals the pooled maximum.

    ```mlir
    %dx = echo.max_pool2d_grad %x, %y, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
    ```
  }];
}

def Echo_AvgPool2DGradOp : Echo_Pool2DGradOp<"avg_pool2d_grad",
    (ins Echo_FloatTensor:$grad), "$grad"> {
  let summary = "Backward of `echo.avg_pool2d`";
  let description = [{
    Spreads each output gradient evenly over its window. Reads no forward
    data; the result type gives the input shape.

    ```mlir
    %dx = echo.avg_pool2d_grad %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
    ```
  }];
}

def Echo_BatchNormGradOp : Echo_Op<"batch_norm_grad", [Pure, InferTypeOpAdaptor, Costed]> {
  let summary = "Backward of `echo.batch_norm`";
  let description = [{
    Reads the forward input, `gamma` and the saved batch statistics; returns
    the input, `gamma` and `beta` gradients.

    ```mlir
    %dx, %dg, %db = echo.batch_norm_grad %x, %g, %sm, %si, %dy : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8x16x4x4xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$gamma,
                       Echo_FloatTensor:$saved_mean, Echo_FloatTensor:$saved_inv_std,
                       Echo_FloatTensor:$grad);
  let results = (outs Echo_FloatTensor:$input_grad, Echo_FloatTensor:$gamma_grad,
                      Echo_FloatTensor:$beta_grad);
  let assemblyFormat = "$input `,` $gamma `,` $saved_mean `,` $saved_inv_std `,` $grad attr-dict `:` functional-type(operands, results)";
}

def Echo_LayerNormGradOp : Echo_Op<"layer_norm_grad", [Pure, InferTypeOpAdaptor, Costed]> {
  let summary = "Backward of `echo.layer_norm`";
  let description = [{
    ```mlir
    %dx, %dg, %db = echo.layer_norm_grad %x, %g, %mean, %rstd, %dy : (tensor<8x512xf32>, tensor<512xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8x512xf32>) -> (tensor<8x512xf32>, tensor<512xf32>, tensor<512xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$gamma,
                       Echo_FloatTensor:$mean, Echo_FloatTensor:$inv_std,
                       Echo_FloatTensor:$grad);
  let results = (outs Echo_FloatTensor:$input_grad, Echo_FloatTensor:$gamma_grad,
                      Echo_FloatTensor:$beta_grad);
  let assemblyFormat = "$input `,` $gamma `,` $mean `,` $inv_std `,` $grad attr-dict `:` functional-type(operands, results)";
}

class Echo_SoftmaxLikeGradOp<string mnemonic, string formula>
    : Echo_Op<mnemonic, [Pure, SameOperandsAndResultType, Costed]> {
  let summary = "Backward of `echo." # !subst("_grad", "", mnemonic) # "`";
  let description = "Reads the forward output `y`: `" # formula # "` along `axis`.\n\n"
    "```mlir\n%dx = echo." # mnemonic # " %y, %dy : tensor<8x10xf32>\n```";
  let arguments = (ins Echo_FloatTensor:$output, Echo_FloatTensor:$grad,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$output `,` $grad attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Echo_SoftmaxGradOp : Echo_SoftmaxLikeGradOp<"softmax_grad",
    "y * (grad - sum(grad * y))">;
def Echo_LogSoftmaxGradOp : Echo_SoftmaxLikeGradOp<"log_softmax_grad",
    "grad - exp(y) * sum(grad)">;

def Echo_ReduceGradOp : Echo_Op<"reduce_grad", [Pure, Costed]> {
  let summary = "Backward of `echo.reduce` for sum and mean";
  let description = [{
    Broadcasts `grad` back over the reduced dimensions (dividing by their
    total size for `mean`). Reads no forward data; the result type gives the
    input shape. Max reductions use `echo.reduce_max_grad`.

    ```mlir
    %dx = echo.reduce_grad mean %dy dims [1] : tensor<4xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Echo_ReduceKind:$kind, Echo_FloatTensor:$grad,
                       DenseI64ArrayAttr:$dims, UnitAttr:$keepdims);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $kind $grad `dims` $dims (`keepdims` $keepdims^)? attr-dict `:` type($grad) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Echo_ReduceMaxGradOp : Echo_Op<"reduce_max_grad", [Pure, InferTypeOpAdaptor, Costed]> {
  let summary = "Backward of `echo.reduce max`";
  let description = [{
    Routes each gradient to the first input position (row-major) equal to the
    reduced maximum.

    ```mlir
    %dx = echo.reduce_max_grad %x, %y, %dy dims [1] : (tensor<4x8xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$input, Echo_FloatTensor:$output,
                       Echo_FloatTensor:$grad, DenseI64ArrayAttr:$dims, UnitAttr:$keepdims);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $output `,` $grad `dims` $dims (`keepdims` $keepdims^)? attr-dict `:` functional-type(operands, results)
  }];
}

def Echo_SliceGradOp : Echo_Op<"slice_grad", [Pure, Costed]> {
  let summary = "Backward of `echo.slice`";
  let description = [{
    A zero tensor of the input shape (the result type) with `grad` written at
    the sliced positions.

    ```mlir
    %dx = echo.slice_grad %dy offsets [0, 256] : tensor<8x256xf32> -> tensor<8x1024xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$grad, DenseI64ArrayAttr:$offsets,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = [{
    $grad `offsets` $offsets (`strides` $strides^)? attr-dict `:` type($grad) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Echo_CrossEntropyGradOp : Echo_Op<"cross_entropy_grad", [Pure, InferTypeOpAdaptor, Costed, InPlace]> {
  let summary = "Backward of `echo.cross_entropy`";
  let description = [{
    `(softmax(logits) - onehot(labels)) * grad / rows`.

    ```mlir
    %dl = echo.cross_entropy_grad %logits, %labels, %dloss : (tensor<32x10xf32>, tensor<32xi32>, tensor<f32>) -> tensor<32x10xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$logits, Echo_IndexTensor:$labels,
                       Echo_ScalarF32Tensor:$grad);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$logits `,` $labels `,` $grad attr-dict `:` functional-type(operands, results)";
}

def Echo_LinearGradInputOp : Echo_Op<"linear_grad_input", [Pure, InferTypeOpAdaptor, HeavyCosted]> {
  let summary = "Input gradient of `echo.linear`: dX = dY * W";
  let description = [{
    ```mlir
    %dx = echo.linear_grad_input %dy, %w : (tensor<32x256xf32>, tensor<256x784xf32>) -> tensor<32x784xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$grad, Echo_FloatTensor:$weight);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$grad `,` $weight attr-dict `:` functional-type(operands, results)";
}

def Echo_LinearGradWeightOp : Echo_Op<"linear_grad_weight", [Pure, InferTypeOpAdaptor, HeavyCosted]> {
  let summary = "Weight gradient of `echo.linear`: dW = dY^T * X";
  let description = [{
    Leading dimensions of `grad` and `input` are flattened into rows.

    ```mlir
    %dw = echo.linear_grad_weight %dy, %x : (tensor<32x256xf32>, tensor<32x784xf32>) -> tensor<256x784xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$grad, Echo_FloatTensor:$input);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$grad `,` $input attr-dict `:` functional-type(operands, results)";
}

class Echo_Conv2DGradOp<string mnemonic, dag operandsDag, string operandsFormat>
    : Echo_Op<mnemonic, [Pure, HeavyCosted]> {
  let arguments = !con(operandsDag, (ins
                       DefaultValuedAttr<DenseI64ArrayAttr, "{1, 1}">:$stride,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0}">:$padding,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{1, 1}">:$dilation,
                       DefaultValuedAttr<I64Attr, "1">:$groups));
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = operandsFormat # " attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Echo_Conv2DGradInputOp : Echo_Conv2DGradOp<"conv2d_grad_input",
    (ins Echo_FloatTensor:$grad, Echo_FloatTensor:$weight), "$grad `,` $weight"> {
  let summary = "Input gradient of `echo.conv2d`";
  let description = [{
    Operands: the output gradient and the weight. The result type is the
    forward input type; the convolution attributes are the forward op's.

    ```mlir
    %dx = echo.conv2d_grad_input %dy, %w {padding = array<i64: 1, 1>} : (tensor<8x16x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x3x32x32xf32>
    ```
  }];
}

def Echo_Conv2DGradWeightOp : Echo_Conv2DGradOp<"conv2d_grad_weight",
    (ins Echo_FloatTensor:$input, Echo_FloatTensor:$grad), "$input `,` $grad"> {
  let summary = "Weight gradient of `echo.conv2d`";
  let description = [{
    Operands: the forward input and the output gradient. The result type is
    the weight type.

    ```mlir
    %dw = echo.conv2d_grad_weight %x, %dy {padding = array<i64: 1, 1>} : (tensor<8x3x32x32xf32>, tensor<8x16x32x32xf32>) -> tensor<16x3x3x3xf32>
    ```
  }];
}

def Echo_EmbeddingGradOp : Echo_Op<"embedding_grad", [Pure, HeavyCosted]> {
  let summary = "Table gradient of `echo.embedding`";
  let description = [{
    Scatter-adds the rows of `grad` into a zero table of the result type, in
    index order (deterministic).

    ```mlir
    %dt = echo.embedding_grad %ids, %dy : (tensor<8x20xi32>, tensor<8x20x64xf32>) -> tensor<1000x64xf32>
    ```
  }];
  let arguments = (ins Echo_IndexTensor:$indices, Echo_FloatTensor:$grad);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$indices `,` $grad attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Echo_ReluGradEncodedOp : Echo_Op<"relu_grad_encoded", [Pure, InferTypeOpAdaptor, Costed, InPlace]> {
  let summary = "Backward of `echo.relu` from its 1-bit encoding";
  let description = [{
    Gist's Binarize: the ReLU backward needs only whether each output was
    positive, so it reads the `binarize` encoding of the output directly
    (one bit per element) instead of a decoded full-precision copy:
    `bit ? grad : 0`. Same result as `echo.relu_grad`.

    ```mlir
    %dx = echo.relu_grad_encoded %e, %dy : (!echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>, tensor<8x64xf32>) -> tensor<8x64xf32>
    ```
  }];
  let arguments = (ins Echo_EncodedValue:$mask, Echo_FloatTensor:$grad);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$mask `,` $grad attr-dict `:` functional-type(operands, results)";
}

def Echo_MaxPool2DGradArgmaxOp : Echo_Op<"max_pool2d_grad_argmax", [Pure, InferTypeOpAdaptor, Costed]> {
  let summary = "Backward of `echo.max_pool2d` from an encoded argmax map";
  let description = [{
    Gist's pooling backward: instead of the forward input and output it reads
    the `pool_argmax` encoding of the input (the winning window position of
    every pooled element, 4 or 8 bits each) and routes each output gradient
    to that position. Gives the same result as `echo.max_pool2d_grad`. The
    encoding's window must be the op's; the result type is the forward
    input type.

    ```mlir
    %dx = echo.max_pool2d_grad_argmax %e, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (!echo.encoded<tensor<1x1x4x4xf32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2]>>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
    ```
  }];
  let arguments = (ins Echo_EncodedValue:$argmax, Echo_FloatTensor:$grad,
                       DenseI64ArrayAttr:$kernel, DenseI64ArrayAttr:$stride,
                       DefaultValuedAttr<DenseI64ArrayAttr, "{0, 0}">:$padding);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$argmax `,` $grad attr-dict `:` functional-type(operands, results)";
}

def Echo_AttentionGradOp : Echo_Op<"attention_grad", [Pure, HeavyCosted,
    InferTypeOpAdaptor]> {
  let summary = "Backward of `echo.attention` from its log-sum-exp";
  let description = [{
    `dquery`, `dkey`, `dvalue` (the types of query, key and value) from the
    forward operands, its `output` and `lse`, and the output gradient
    `output_grad`. The probabilities are recomputed as
    `exp(scale * q k^T (+ mask) - lse)`, so no `[B, H, Lq, Lk]` tensor is
    read or written. `mask`, `causal`, `scale`, `dropout` and `seed` are the
    forward op's.

    ```mlir
    %dq, %dk, %dv = echo.attention_grad %q, %k, %v, %o, %lse, %do causal : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$query, Echo_FloatTensor:$key,
                       Echo_FloatTensor:$value, Echo_FloatTensor:$output,
                       StaticShapeTensorOf<[F32]>:$lse,
                       Echo_FloatTensor:$output_grad,
                       Optional<Echo_FloatTensor>:$mask,
                       UnitAttr:$causal, OptionalAttr<F64Attr>:$scale,
                       DefaultValuedAttr<F64Attr, "0.0">:$dropout,
                       DefaultValuedAttr<I64Attr, "0">:$seed);
  let results = (outs Echo_FloatTensor:$dquery, Echo_FloatTensor:$dkey,
                      Echo_FloatTensor:$dvalue);
  let assemblyFormat = [{
    $query `,` $key `,` $value `,` $output `,` $lse `,` $output_grad
    (`mask` $mask^)? (`causal` $causal^)? attr-dict `:` type(operands)
  }];
  let extraClassDeclaration = [{
    /// `scale`, or 1 / sqrt(D) when absent.
    double getScaleValue();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Optimizer updates
//===----------------------------------------------------------------------===//

def Echo_SgdUpdateOp : Echo_Op<"sgd_update", [Pure, Costed, InPlace]> {
  let summary = "SGD step, with optional momentum and weight decay";
  let description = [{
    `g' = grad + weight_decay * param`; without momentum
    `param' = param - lr * g'`. With momentum (`momentum > 0`), the velocity
    buffer is an operand and a result: `v' = momentum * v + g'`,
    `param' = param - lr * v'`.

    ```mlir
    %p1 = echo.sgd_update %p, %g {lr = 1.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %p2, %v2 = echo.sgd_update %p, %g, %v {lr = 1.000000e-01 : f64, momentum = 9.000000e-01 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$param, Echo_FloatTensor:$grad,
                       Optional<Echo_FloatTensor>:$velocity, F64Attr:$lr,
                       DefaultValuedAttr<F64Attr, "0.0">:$momentum,
                       DefaultValuedAttr<F64Attr, "0.0">:$weight_decay);
  let results = (outs Echo_FloatTensor:$new_param, Optional<Echo_FloatTensor>:$new_velocity);
  let assemblyFormat = "$param `,` $grad (`,` $velocity^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Echo_AdamUpdateOp : Echo_Op<"adam_update", [Pure, Costed, InPlace]> {
  let summary = "Adam step with bias correction";
  let description = [{
    `step` is the 1-based step count as a scalar f32 tensor.
    `m' = b1*m + (1-b1)*g`, `v' = b2*v + (1-b2)*g^2`,
    `param' = param - lr * (m' / (1 - b1^step)) / (sqrt(v' / (1 - b2^step)) + epsilon)`.

    ```mlir
    %p1, %m1, %v1 = echo.adam_update %p, %g, %m, %v, %t {lr = 1.000000e-03 : f64} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$param, Echo_FloatTensor:$grad,
                       Echo_FloatTensor:$m, Echo_FloatTensor:$v,
                       Echo_ScalarF32Tensor:$step, F64Attr:$lr,
                       DefaultValuedAttr<F64Attr, "0.9">:$beta1,
                       DefaultValuedAttr<F64Attr, "0.999">:$beta2,
                       DefaultValuedAttr<F64Attr, "1.0e-8">:$epsilon);
  let results = (outs Echo_FloatTensor:$new_param, Echo_FloatTensor:$new_m,
                      Echo_FloatTensor:$new_v);
  let assemblyFormat = "$param `,` $grad `,` $m `,` $v `,` $step attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Dynamic loss scaling (echo-autodiff loss-scale=dynamic; docs/mixed-precision.md)
//===----------------------------------------------------------------------===//

// A scalar f32 tensor the assembly format need not spell (its type is fixed).
def Echo_F32Tensor : StaticShapeTensorOf<[F32]>;

def Echo_ScalarF32Operand : Type<Echo_ScalarF32Tensor.predicate,
    Echo_ScalarF32Tensor.summary, "::mlir::TensorType">,
    BuildableType<"::mlir::RankedTensorType::get({}, $_builder.getF32Type())">;

def Echo_NonfiniteCountOp : Echo_Op<"nonfinite_count", [Pure, Costed,
    InferTypeOpAdaptor]> {
  let summary = "Number of infinite or NaN elements of an f32 tensor";
  let description = [{
    The count of elements of `input` that are +-inf or NaN, as a scalar f32
    (exact up to 2^24 elements; never 0 when one element is not finite).
    The dynamic loss scaling of `echo-autodiff` counts the non-finite
    elements of every unscaled gradient with it.

    ```mlir
    %n = echo.nonfinite_count %g : tensor<16x8xf32> -> tensor<f32>
    ```
  }];
  let arguments = (ins Echo_F32Tensor:$input);
  let results = (outs Echo_ScalarF32Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Echo_SelectOp : Echo_Op<"select", [Pure, Costed, InPlace,
    AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "Pick one of two tensors by a scalar predicate";
  let description = [{
    `result = pred != 0 ? true_value : false_value`, elementwise on two f32
    tensors of the same type; `pred` is a scalar f32 tensor (a NaN
    predicate is nonzero). The result may take either operand's storage.
    The dynamic loss scaling of `echo-autodiff` keeps the old parameters and
    optimizer state with it when a gradient is not finite.

    ```mlir
    %p = echo.select %n, %old, %new : tensor<16x8xf32>
    ```
  }];
  let arguments = (ins Echo_ScalarF32Operand:$pred, Echo_F32Tensor:$true_value,
                       Echo_F32Tensor:$false_value);
  let results = (outs Echo_F32Tensor:$result);
  let assemblyFormat = "$pred `,` $true_value `,` $false_value attr-dict `:` type($result)";
}

def Echo_LossScaleUpdateOp : Echo_Op<"loss_scale_update", [Pure, Costed,
    InPlace, AllTypesMatch<["state", "result"]>]> {
  let summary = "Dynamic loss scale after a step (PyTorch's GradScaler)";
  let description = [{
    `state` is `[scale, good steps]` (tensor<2xf32>), `nonfinite` the number
    of non-finite elements of the step's unscaled gradients. When
    `nonfinite != 0` the result is `[scale * backoff, 0]`; otherwise the
    count grows by one and, when it reaches `growth_interval`, the result is
    `[scale * growth, 0]`, else `[scale, count + 1]`. `init` is the scale a
    run starts from (`[init, 0]`): the state argument's initial value, which
    `echo-run` reads off this op.

    ```mlir
    %s1 = echo.loss_scale_update %s, %n {backoff = 5.000000e-01 : f64, growth = 2.000000e+00 : f64, growth_interval = 2000 : i64, init = 6.553600e+04 : f64} : tensor<2xf32>
    ```
  }];
  let arguments = (ins Echo_FloatTensor:$state, Echo_ScalarF32Operand:$nonfinite,
                       I64Attr:$growth_interval, F64Attr:$growth,
                       F64Attr:$backoff, F64Attr:$init);
  let results = (outs Echo_FloatTensor:$result);
  let assemblyFormat = "$state `,` $nonfinite attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Collectives (echo-data-parallel; docs/distributed.md)
//===----------------------------------------------------------------------===//

def Echo_AllReduceOp : Echo_Op<"all_reduce", [Pure, Costed, InPlace,
    InferTypeOpAdaptor]> {
  let summary = "Sum or mean of a tensor over the ranks of a data-parallel step";
  let description = [{
    Every one of `ranks` processes runs the same step on its own part of the
    batch; each passes its `input` and receives the elementwise sum (or the
    sum divided by `ranks`, for `mean`) of all ranks' inputs. The sum is
    taken in rank order, so every rank gets the same bits and a run is
    reproducible for a given rank count. With `ranks = 1` it is a copy.
    `echo-data-parallel` averages every weight gradient and the loss with
    it. The result may take the input's storage.

    All ranks run one deterministic schedule, so they issue their
    collectives in the same order; the op is pure in that sense.

    ```mlir
    %g = echo.all_reduce mean %dw ranks 2 : tensor<16x8xf32>
    ```
  }];
  let arguments = (ins Echo_CollectiveKind:$kind, Echo_F32Tensor:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$ranks);
  let results = (outs Echo_F32Tensor:$result);
  let assemblyFormat = "$kind $input `ranks` $ranks attr-dict `:` type($input)";
}

def Echo_ShardOp : Echo_Op<"shard", [Pure, Costed, InferTypeOpAdaptor]> {
  let summary = "This rank's part of a tensor, for sharded (ZeRO) state";
  let description = [{
    The `input`'s elements in row-major order are cut into `ranks` equal
    parts of `k = ceil(n / ranks)` elements (the last padded with zeros);
    the result is the part of the rank that runs the step, as a 1-D tensor
    of `k` elements. `echo-data-parallel shard=...` takes the parameters'
    and the gradients' parts with it, so each rank updates only its own
    part of the optimizer state (ZeRO).

    ```mlir
    %p = echo.shard %w ranks 4 : tensor<16x8xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Echo_F32Tensor:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$ranks);
  let results = (outs Echo_F32Tensor:$result);
  let assemblyFormat = "$input `ranks` $ranks attr-dict `:` type($input) `->` type($result)";
}

def Echo_AllGatherOp : Echo_Op<"all_gather", [Pure, Costed]> {
  let summary = "A tensor from every rank's part (the inverse of echo.shard)";
  let description = [{
    Concatenates the 1-D `input` of every rank, in rank order, and keeps the
    first `n` elements as the `result`'s shape: `echo.shard`'s inverse.
    `k`, the input's size, must be `ceil(n / ranks)`. ZeRO's sharded steps
    gather the updated parameters with it, and (stage 3) the parameters
    before each use.

    ```mlir
    %w = echo.all_gather %p ranks 4 : tensor<32xf32> -> tensor<16x8xf32>
    ```
  }];
  let arguments = (ins Echo_F32Tensor:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$ranks);
  let results = (outs Echo_F32Tensor:$result);
  let assemblyFormat = "$input `ranks` $ranks attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
}

def Echo_ReduceScatterOp : Echo_Op<"reduce_scatter", [Pure, Costed,
    InferTypeOpAdaptor]> {
  let summary = "This rank's part of the sum or mean over the ranks";
  let description = [{
    `echo.shard` of `echo.all_reduce`: the elementwise sum (or mean) over
    the ranks of `input`, added in rank order, of which the result is this
    rank's part of `k = ceil(n / ranks)` elements. ZeRO's stages 2 and 3
    average the gradients with it, so no rank holds an averaged gradient
    in full.

    ```mlir
    %g = echo.reduce_scatter mean %dw ranks 4 : tensor<16x8xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins Echo_CollectiveKind:$kind, Echo_F32Tensor:$input,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$ranks);
  let results = (outs Echo_F32Tensor:$result);
  let assemblyFormat = "$kind $input `ranks` $ranks attr-dict `:` type($input) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Memory ops
//===----------------------------------------------------------------------===//

def Echo_StashOp : Echo_Op<"stash", [Pure, SameOperandsAndResultType]> {
  let summary = "A feature map kept from the forward pass for a backward use";
  let description = [{
    Semantically the identity. Its result is the copy of `input` that lives
    from the forward pass until its last backward use; backward ops read the
    stash, forward ops read the original. Autodiff places one stash right
    after the definition of every forward value a backward op reads, which
    makes the Baseline footprint explicit; the memory passes replace stashes
    with recomputation, encodings or offloading.

    ```mlir
    %s = echo.stash %h : tensor<64x512xf32>
    ```
  }];
  let arguments = (ins Echo_AnyTensor:$input);
  let results = (outs Echo_AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Echo_RecomputeOp : Echo_Op<"recompute", [
    IsolatedFromAbove, SingleBlock, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "Re-execute a forward subgraph from its stashed inputs";
  let description = [{
    The body is a clone of a forward subgraph. It receives `inputs` as block
    arguments (it is isolated from above, so everything it reads is explicit)
    and yields the recomputed values, which become the op's results. Echo
    places it right before the backward ops that read its results, so the
    originals need not be stashed. The body must be free of side effects,
    which makes re-execution produce the same values.

    ```mlir
    %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
    ^bb0(%in: tensor<8x64xf32>):
      %t = echo.tanh %in : tensor<8x64xf32>
      echo.yield %t : tensor<8x64xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<Echo_AnyTensor>:$inputs);
  let results = (outs Variadic<Echo_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "`(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body";
  let hasRegionVerifier = 1;
}

def Echo_YieldOp : Echo_Op<"yield", [Pure, Terminator, ReturnLike,
                                     HasParent<"RecomputeOp">]> {
  let summary = "Terminates an `echo.recompute` body";
  let description = [{
    Its operands become the results of the enclosing `echo.recompute`.
  }];
  let arguments = (ins Variadic<Echo_AnyTensor>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def Echo_EncodeOp : Echo_Op<"encode", [Pure,
    InferTypeOpAdaptor]> {
  let summary = "Store a tensor in an encoded form";
  let description = [{
    Produces the `!echo.encoded` form of `input` under `encoding`. Gist
    places it right after the last forward use of a stashed feature map, so
    only the compact form lives across the gap to the backward pass.

    ```mlir
    %e = echo.encode %y : tensor<64x512xf32> as #echo.encoding<fp8>
    ```
  }];
  let arguments = (ins Echo_AnyTensor:$input, Echo_EncodingAttr:$encoding);
  let results = (outs Echo_EncodedValue:$result);
  let assemblyFormat = "$input `:` type($input) `as` qualified($encoding) attr-dict";
}

def Echo_DecodeOp : Echo_Op<"decode", [Pure,
    InferTypeOpAdaptor]> {
  let summary = "Recover a tensor from its encoded form";
  let description = [{
    The result has the encoded tensor type. Lossless encodings give back the
    exact tensor, with one exception by design: `binarize` decodes to
    `1.0` where the original was positive and `0.0` elsewhere, which is all
    a ReLU backward reads. `fp16`/`fp10`/`fp8` give the value rounded to
    the reduced format; `pool_argmax` gives a 0/1 map of the window maxima.

    ```mlir
    %y = echo.decode %e : !echo.encoded<tensor<64x512xf32>, #echo.encoding<fp8>>
    ```
  }];
  let arguments = (ins Echo_EncodedValue:$input);
  let results = (outs Echo_AnyTensor:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($input))";
}

def Echo_OffloadOp : Echo_Op<"offload", [
    InferTypeOpAdaptor]> {
  let summary = "Start copying a tensor to host memory";
  let description = [{
    Starts an asynchronous device-to-host copy (on a copy stream, overlapped
    with compute) and returns the host value and a token that completes with
    the copy. The device buffer may be released once the token completes.

    ```mlir
    %h, %t = echo.offload %x : tensor<64x512xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Echo_AnyTensor, Echo_EncodedValue]>:$input);
  let results = (outs Echo_HostValue:$result, Echo_TokenType:$token);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Echo_PrefetchOp : Echo_Op<"prefetch", [
    InferTypeOpAdaptor]> {
  let summary = "Copy a host tensor back to the device";
  let description = [{
    Waits for the offload's token, then copies the host value back into a
    device tensor. Dymem issues it early enough that the copy overlaps the
    backward compute before its first use.

    ```mlir
    %y = echo.prefetch %h after %t : !echo.host<tensor<64x512xf32>>
    ```
  }];
  let arguments = (ins Echo_HostValue:$input, Echo_TokenType:$token);
  let results = (outs AnyTypeOf<[Echo_AnyTensor, Echo_EncodedValue]>:$result);
  let assemblyFormat = "$input `after` $token attr-dict `:` qualified(type($input))";
}

#endif // ECHO_OPS_TD
