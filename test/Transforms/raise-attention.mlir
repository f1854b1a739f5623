// RUN: echo-opt %s -split-input-file --echo-raise-attention | FileCheck %s

// Heads folded into the batch (rank 3), the scores divided by sqrt(D) as an
// importer writes it: [1, N, L, D] views around one echo.attention whose
// scale is 1 / sqrt(D) as the divisor holds it, rounded to f32.
// CHECK-LABEL: func.func @rank3_div
// CHECK-SAME: (%[[Q:.+]]: tensor<8x16x32xf32>, %[[K:.+]]: tensor<8x16x32xf32>, %[[V:.+]]: tensor<8x16x32xf32>)
// CHECK-DAG: %[[Q4:.+]] = echo.reshape %[[Q]] : tensor<8x16x32xf32> -> tensor<1x8x16x32xf32>
// CHECK-DAG: %[[K4:.+]] = echo.reshape %[[K]] : tensor<8x16x32xf32> -> tensor<1x8x16x32xf32>
// CHECK-DAG: %[[V4:.+]] = echo.reshape %[[V]] : tensor<8x16x32xf32> -> tensor<1x8x16x32xf32>
// CHECK: %[[O:.+]], %{{.+}} = echo.attention %[[Q4]], %[[K4]], %[[V4]] {scale = 0.17677669832204121 : f64} : tensor<1x8x16x32xf32>, tensor<1x8x16x32xf32>, tensor<1x8x16x32xf32>
// CHECK-NEXT: %[[R:.+]] = echo.reshape %[[O]] : tensor<1x8x16x32xf32> -> tensor<8x16x32xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: echo.softmax
func.func @rank3_div(%q: tensor<8x16x32xf32>, %k: tensor<8x16x32xf32>, %v: tensor<8x16x32xf32>) -> tensor<8x16x32xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<8x16x32xf32>, tensor<8x16x32xf32>) -> tensor<8x16x16xf32>
  %c = echo.fill 5.6568542494923806 : tensor<1x1x1xf32>
  %t = echo.div %s, %c : (tensor<8x16x16xf32>, tensor<1x1x1xf32>) -> tensor<8x16x16xf32>
  %p = echo.softmax %t {axis = 2 : i64} : tensor<8x16x16xf32>
  %o = echo.batch_matmul %p, %v : (tensor<8x16x16xf32>, tensor<8x16x32xf32>) -> tensor<8x16x32xf32>
  return %o : tensor<8x16x32xf32>
}

// -----

// [B, H, L, D] operands, the query scaled (PyTorch 1.13's q / sqrt(d)) by a
// splat constant and the scores by a fill: one scale, their product. The
// constant 0 / -inf upper-triangle mask (Lq 4, Lk 6) is `causal`, and the
// dropout on the probabilities moves into the op with its seed.
// CHECK-LABEL: func.func @rank4_causal_dropout
// CHECK-SAME: (%[[Q:.+]]: tensor<2x3x4x8xf32>, %[[K:.+]]: tensor<2x3x6x8xf32>, %[[V:.+]]: tensor<2x3x6x8xf32>)
// CHECK: %[[O:.+]], %{{.+}} = echo.attention %[[Q]], %[[K]], %[[V]] causal {dropout = 1.000000e-01 : f64, scale = 1.000000e+00 : f64, seed = 7 : i64}
// CHECK-NEXT: return %[[O]]
// CHECK-NOT: echo.constant
func.func @rank4_causal_dropout(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x6x8xf32>, %v: tensor<2x3x6x8xf32>) -> tensor<2x3x4x8xf32> {
  %half = echo.constant dense<0.5> : tensor<f32>
  %qs = echo.mul %q, %half : (tensor<2x3x4x8xf32>, tensor<f32>) -> tensor<2x3x4x8xf32>
  %s = echo.batch_matmul %qs, %k transpose_rhs : (tensor<2x3x4x8xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x4x6xf32>
  %two = echo.fill 2.0 : tensor<1xf32>
  %t = echo.mul %two, %s : (tensor<1xf32>, tensor<2x3x4x6xf32>) -> tensor<2x3x4x6xf32>
  %m = echo.constant dense<[[0.0, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000],
                            [0.0, 0.0, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000],
                            [0.0, 0.0, 0.0, 0xFF800000, 0xFF800000, 0xFF800000],
                            [0.0, 0.0, 0.0, 0.0, 0xFF800000, 0xFF800000]]> : tensor<4x6xf32>
  %u = echo.add %t, %m : (tensor<2x3x4x6xf32>, tensor<4x6xf32>) -> tensor<2x3x4x6xf32>
  %p = echo.softmax %u : tensor<2x3x4x6xf32>
  %d, %mask = echo.dropout %p probability 1.000000e-01 seed 7 : tensor<2x3x4x6xf32> -> tensor<2x3x4x6xf32>, tensor<2x3x4x6xi1>
  %o = echo.batch_matmul %d, %v : (tensor<2x3x4x6xf32>, tensor<2x3x6x8xf32>) -> tensor<2x3x4x8xf32>
  return %o : tensor<2x3x4x8xf32>
}

// -----

// A padding mask argument (not trainable), broadcast explicitly: the mask
// operand is the argument itself (the op broadcasts). A finite "causal"
// mask (-1e9) stays an additive mask: it is not exactly `causal`.
// CHECK-LABEL: func.func @padding_mask
// CHECK-SAME: %[[M:[^:]+]]: tensor<2x1x1x6xbf16>
// CHECK: echo.attention %{{.+}}, %{{.+}}, %{{.+}} mask %[[M]] {scale = 1.000000e+00 : f64} :
// CHECK-SAME: tensor<2x3x4x8xbf16>, tensor<2x3x6x8xbf16>, tensor<2x3x6x8xbf16>, tensor<2x1x1x6xbf16>
// CHECK-LABEL: func.func @finite_mask
// CHECK: %[[C:.+]] = echo.constant
// CHECK: echo.attention %{{.+}}, %{{.+}}, %{{.+}} mask %[[C]] {scale = 1.000000e+00 : f64} :
func.func @padding_mask(%q: tensor<2x3x4x8xbf16>, %k: tensor<2x3x6x8xbf16>, %v: tensor<2x3x6x8xbf16>, %m: tensor<2x1x1x6xbf16>) -> tensor<2x3x4x8xbf16> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x3x4x8xbf16>, tensor<2x3x6x8xbf16>) -> tensor<2x3x4x6xbf16>
  %mb = echo.broadcast_to %m : tensor<2x1x1x6xbf16> -> tensor<2x3x4x6xbf16>
  %u = echo.add %mb, %s : (tensor<2x3x4x6xbf16>, tensor<2x3x4x6xbf16>) -> tensor<2x3x4x6xbf16>
  %p = echo.softmax %u : tensor<2x3x4x6xbf16>
  %o = echo.batch_matmul %p, %v : (tensor<2x3x4x6xbf16>, tensor<2x3x6x8xbf16>) -> tensor<2x3x4x8xbf16>
  return %o : tensor<2x3x4x8xbf16>
}
func.func @finite_mask(%q: tensor<1x2x2x4xf32>, %k: tensor<1x2x2x4xf32>, %v: tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<1x2x2x4xf32>, tensor<1x2x2x4xf32>) -> tensor<1x2x2x2xf32>
  %m = echo.constant dense<[[0.0, -1.0e9], [0.0, 0.0]]> : tensor<2x2xf32>
  %u = echo.add %s, %m : (tensor<1x2x2x2xf32>, tensor<2x2xf32>) -> tensor<1x2x2x2xf32>
  %p = echo.softmax %u : tensor<1x2x2x2xf32>
  %o = echo.batch_matmul %p, %v : (tensor<1x2x2x2xf32>, tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  return %o : tensor<1x2x2x4xf32>
}

// -----

// Chains that are not exactly attention stay as they are.
// CHECK-LABEL: func.func @weights_returned
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @trainable_mask
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @scale_not_constant
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @softmax_over_queries
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @dropout_mask_read
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @mask_scaled_too
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @negative_scale
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @value_head_dim_differs
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-LABEL: func.func @key_not_transposed
// CHECK-NOT: echo.attention
// CHECK: echo.softmax
// CHECK-NOT: echo.attention
func.func @weights_returned(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x4xf32>) {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %s : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o, %p : tensor<2x4x8xf32>, tensor<2x4x4xf32>
}
func.func @trainable_mask(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>, %b: tensor<4x4xf32> {echo.trainable}) -> tensor<2x4x8xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %e = echo.exp %b : tensor<4x4xf32>
  %u = echo.add %s, %e : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %u : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}
func.func @scale_not_constant(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>, %c: tensor<1xf32>) -> tensor<2x4x8xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %t = echo.mul %s, %c : (tensor<2x4x4xf32>, tensor<1xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %t : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}
func.func @softmax_over_queries(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %s {axis = 1 : i64} : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}
func.func @dropout_mask_read(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x4xi1>) {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %s : tensor<2x4x4xf32>
  %d, %mask = echo.dropout %p probability 1.000000e-01 seed 1 : tensor<2x4x4xf32> -> tensor<2x4x4xf32>, tensor<2x4x4xi1>
  %o = echo.batch_matmul %d, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o, %mask : tensor<2x4x8xf32>, tensor<2x4x4xi1>
}
func.func @mask_scaled_too(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>, %m: tensor<4x4xf32>) -> tensor<2x4x8xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %u = echo.add %s, %m : (tensor<2x4x4xf32>, tensor<4x4xf32>) -> tensor<2x4x4xf32>
  %c = echo.fill 0.5 : tensor<1xf32>
  %t = echo.mul %u, %c : (tensor<2x4x4xf32>, tensor<1xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %t : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}
func.func @negative_scale(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %c = echo.fill -0.5 : tensor<1xf32>
  %t = echo.mul %s, %c : (tensor<2x4x4xf32>, tensor<1xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %t : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}
func.func @value_head_dim_differs(%q: tensor<2x4x8xf32>, %k: tensor<2x4x8xf32>, %v: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %s : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %o : tensor<2x4x16xf32>
}
func.func @key_not_transposed(%q: tensor<2x4x8xf32>, %k: tensor<2x8x4xf32>, %v: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %s = echo.batch_matmul %q, %k : (tensor<2x4x8xf32>, tensor<2x8x4xf32>) -> tensor<2x4x4xf32>
  %p = echo.softmax %s : tensor<2x4x4xf32>
  %o = echo.batch_matmul %p, %v : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return %o : tensor<2x4x8xf32>
}

// -----

// Heads split by reshape + transpose, folded into the batch for the
// products (as GPT-2 unfused): the attention takes the [B, H, L, D] tensors
// the reshapes read (no new reshapes), at the default scale 1 / sqrt(4).
// CHECK-LABEL: func.func @head_split
// CHECK: %[[Q:.+]] = echo.transpose %{{.+}} permutation [0, 2, 1, 3] : tensor<2x6x3x4xf32> -> tensor<2x3x6x4xf32>
// CHECK: %[[O:.+]], %{{.+}} = echo.attention %[[Q]], %[[Q]], %[[Q]] mask %{{.+}} : tensor<2x3x6x4xf32>, tensor<2x3x6x4xf32>, tensor<2x3x6x4xf32>, tensor<6x6xf32>
// CHECK-NEXT: %[[R:.+]] = echo.reshape %[[O]] : tensor<2x3x6x4xf32> -> tensor<6x6x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @head_split(%x: tensor<2x6x3x4xf32>, %m: tensor<6x6xf32>) -> tensor<6x6x4xf32> {
  %t = echo.transpose %x permutation [0, 2, 1, 3] : tensor<2x6x3x4xf32> -> tensor<2x3x6x4xf32>
  %h = echo.reshape %t : tensor<2x3x6x4xf32> -> tensor<6x6x4xf32>
  %s = echo.batch_matmul %h, %h transpose_rhs : (tensor<6x6x4xf32>, tensor<6x6x4xf32>) -> tensor<6x6x6xf32>
  %c = echo.fill 0.5 : tensor<1xf32>
  %u = echo.mul %s, %c : (tensor<6x6x6xf32>, tensor<1xf32>) -> tensor<6x6x6xf32>
  %v = echo.add %u, %m : (tensor<6x6x6xf32>, tensor<6x6xf32>) -> tensor<6x6x6xf32>
  %p = echo.softmax %v : tensor<6x6x6xf32>
  %o = echo.batch_matmul %p, %h : (tensor<6x6x6xf32>, tensor<6x6x4xf32>) -> tensor<6x6x4xf32>
  return %o : tensor<6x6x4xf32>
}

// -----

// A mask of rank 3 over the folded batch [N, Lq, Lk] keeps [1, N, L, D]:
// split into [B, H] it would broadcast along H instead.
// CHECK-LABEL: func.func @batch_mask
// CHECK: echo.attention {{.*}} : tensor<1x6x6x4xf32>, tensor<1x6x6x4xf32>, tensor<1x6x6x4xf32>, tensor<6x6x6xf32>
func.func @batch_mask(%x: tensor<2x3x6x4xf32>, %m: tensor<6x6x6xf32>) -> tensor<6x6x4xf32> {
  %h = echo.reshape %x : tensor<2x3x6x4xf32> -> tensor<6x6x4xf32>
  %s = echo.batch_matmul %h, %h transpose_rhs : (tensor<6x6x4xf32>, tensor<6x6x4xf32>) -> tensor<6x6x6xf32>
  %v = echo.add %s, %m : (tensor<6x6x6xf32>, tensor<6x6x6xf32>) -> tensor<6x6x6xf32>
  %p = echo.softmax %v : tensor<6x6x6xf32>
  %o = echo.batch_matmul %p, %h : (tensor<6x6x6xf32>, tensor<6x6x4xf32>) -> tensor<6x6x4xf32>
  return %o : tensor<6x6x4xf32>
}
