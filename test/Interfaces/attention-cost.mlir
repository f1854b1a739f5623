// echo.attention's costs. FLOPs per visible query-key pair: 4D + 5
// forward, 14D + 10 backward; `causal` counts only the pairs j <= i
// (top-left). (What its gradient reads is checked on a real step in
// test/Transforms/autodiff-fused-attention.mlir: --test-print-gradient-deps
// offers a gradient to every result, and echo.attention has no gradient
// rule through lse.)
// RUN: echo-opt %s --test-print-op-cost -verify-diagnostics -o /dev/null

func.func @costs(%q: tensor<1x2x3x4xf32>, %k: tensor<1x2x5x4xf32>, %q5: tensor<1x2x5x4xf32>,
                 %k3: tensor<1x2x3x4xf32>, %lse: tensor<1x2x3xf32>, %m: tensor<3x5xf32>) {
  // 2 slices x 15 pairs x 21; reads (24 + 40 + 40) * 4, writes (24 + 6) * 4.
  // expected-remark@+1 {{flops 630 read 416 written 120 heavy}}
  %o0, %l0 = echo.attention %q, %k, %k : tensor<1x2x3x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x5x4xf32>
  // Causal, Lq 3 < Lk 5: 1 + 2 + 3 pairs.
  // expected-remark@+1 {{flops 252 read 416 written 120 heavy}}
  %o1, %l1 = echo.attention %q, %k, %k causal : tensor<1x2x3x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x5x4xf32>
  // Causal, Lq 5 > Lk 3: 1 + 2 + 3 + 3 + 3 pairs.
  // expected-remark@+1 {{flops 504 read 352 written 200 heavy}}
  %o2, %l2 = echo.attention %q5, %k3, %k3 causal : tensor<1x2x5x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>
  // With a mask: its 15 elements are read too.
  // expected-remark@+1 {{flops 630 read 476 written 120 heavy}}
  %o3, %l3 = echo.attention %q, %k, %k mask %m : tensor<1x2x3x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x5x4xf32>, tensor<3x5xf32>
  // 2 x 15 x (14 * 4 + 10); reads q, k, v, out, lse, dout.
  // expected-remark@+1 {{flops 1980 read 632 written 416 heavy}}
  %dq, %dk, %dv = echo.attention_grad %q, %k, %k, %q, %lse, %q : tensor<1x2x3x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3xf32>, tensor<1x2x3x4xf32>
  return
}

