// RUN: echo-opt %s -split-input-file -verify-diagnostics
// Verifier errors of the compute-heavy ops: convolution, pooling, matmul,
// linear, embedding, normalization, cross-entropy. Cases with 2^62 or
// INT64_MAX sizes check that the verifiers reject them without overflowing.

func.func @avg_pool_negative_padding(%x: tensor<8x16x32x32xf32>) {
  // expected-error @+2 {{'echo.avg_pool2d' op padding entries must be >= 0, got [-1, 0]}}
  // expected-error @+1 {{'echo.avg_pool2d' op failed to infer returned types}}
  %y = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: -1, 0>} : tensor<8x16x32x32xf32> -> tensor<8x16x15x16xf32>
  return
}

// -----

func.func @avg_pool_padding_ge_kernel(%x: tensor<8x16x32x32xf32>) {
  // expected-error @+2 {{'echo.avg_pool2d' op padding [2, 2] must be smaller than the kernel [2, 2]}}
  // expected-error @+1 {{'echo.avg_pool2d' op failed to infer returned types}}
  %y = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x18x18xf32>
  return
}

// -----

func.func @batch_matmul_batch_dims(%q: tensor<8x10x64xf32>, %k: tensor<4x12x64xf32>) {
  // expected-error @+2 {{'echo.batch_matmul' op batch dimensions differ: [8, 10, 64] and [4, 12, 64]}}
  // expected-error @+1 {{'echo.batch_matmul' op failed to infer returned types}}
  %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<8x10x64xf32>, tensor<4x12x64xf32>) -> tensor<8x10x12xf32>
  return
}

// -----

func.func @batch_norm_epsilon_zero(%x: tensor<8x16x4x4xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>) {
  // expected-error @+2 {{'echo.batch_norm' op epsilon must be positive, got 0}}
  // expected-error @+1 {{'echo.batch_norm' op failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %g, %b, %m, %v {epsilon = 0.0 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

func.func @batch_norm_momentum(%x: tensor<8x16x4x4xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>, %m: tensor<16xf32>, %v: tensor<16xf32>) {
  // expected-error @+2 {{'echo.batch_norm' op momentum must be in [0, 1], got 1.5}}
  // expected-error @+1 {{'echo.batch_norm' op failed to infer returned types}}
  %y, %rm, %rv, %sm, %si = echo.batch_norm %x, %g, %b, %m, %v {momentum = 1.5 : f64} : (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

// -----

// dilation * (KH - 1) overflows int64.
func.func @conv2d_dilation_overflow(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op dilated kernel [3, 3] does not fit the padded input [4, 4]}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {dilation = array<i64: 4611686018427387904, 1>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x2xf32>
  return
}

// -----

func.func @conv2d_grad_input_shape(%dy: tensor<8x16x30x30xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error @+1 {{'echo.conv2d_grad_input' op grad shape [8, 16, 30, 30] does not match the expected [8, 16, 32, 32]}}
  %dx = echo.conv2d_grad_input %dy, %w {padding = array<i64: 1, 1>} : (tensor<8x16x30x30xf32>, tensor<16x3x3x3xf32>) -> tensor<8x3x32x32xf32>
  return
}

// -----

func.func @conv2d_groups_indivisible(%x: tensor<8x6x8x8xf32>, %w: tensor<8x2x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op input channels 6 and output channels 8 must be divisible by groups 3}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {groups = 3 : i64} : (tensor<8x6x8x8xf32>, tensor<8x2x3x3xf32>) -> tensor<8x8x6x6xf32>
  return
}

// -----

// weight[1] * groups = 4 * 2^62 wraps to 0 in int64 and would match the 0
// input channels; zero-size dimensions are rejected before any arithmetic.
func.func @conv2d_groups_overflow(%x: tensor<1x0x4x4xf32>, %w: tensor<0x4x1x1xf32>) {
  // expected-error @+1 {{'echo.conv2d' op tensor type 'tensor<1x0x4x4xf32>' has size 0 in dimension 1}}
  %y = echo.conv2d %x, %w {groups = 4611686018427387904 : i64} : (tensor<1x0x4x4xf32>, tensor<0x4x1x1xf32>) -> tensor<1x0x4x4xf32>
  return
}

// -----

func.func @conv2d_groups_zero(%x: tensor<8x4x8x8xf32>, %w: tensor<8x4x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op groups must be >= 1, got 0}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {groups = 0 : i64} : (tensor<8x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<8x8x6x6xf32>
  return
}

// -----

// 2 * padding overflows int64.
func.func @conv2d_huge_padding(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op dilated kernel [3, 3] does not fit the padded input [4, 4]}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {padding = array<i64: 4611686018427387904, 0>} : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x2xf32>
  return
}

// -----

// H = INT64_MAX with padding 1: H + 2*padding overflows int64.
func.func @conv2d_huge_spatial_dim(%x: tensor<1x1x9223372036854775807x4xf32>, %w: tensor<1x1x3x3xf32>) {
  // expected-error @+1 {{'echo.conv2d' op tensor type 'tensor<1x1x9223372036854775807x4xf32>' exceeds the 281474976710656-byte size limit}}
  %y = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<1x1x9223372036854775807x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  return
}

// -----

func.func @conv2d_input_rank(%x: tensor<3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op input (NCHW) and weight (OIHW) must have rank 4}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w : (tensor<3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<16x30x30xf32>
  return
}

// -----

func.func @conv2d_kernel_too_big(%x: tensor<1x3x4x4xf32>, %w: tensor<16x3x7x7xf32>) {
  // expected-error @+2 {{'echo.conv2d' op dilated kernel [7, 7] does not fit the padded input [4, 4]}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w : (tensor<1x3x4x4xf32>, tensor<16x3x7x7xf32>) -> tensor<1x16x1x1xf32>
  return
}

// -----

func.func @conv2d_negative_padding(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op padding entries must be >= 0, got [-1, -1]}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {padding = array<i64: -1, -1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x28x28xf32>
  return
}

// -----

func.func @conv2d_negative_stride(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op stride entries must be >= 1, got [-1, 1]}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {stride = array<i64: -1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_stride_three_entries(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // expected-error @+2 {{'echo.conv2d' op stride must have 2 entries (height, width), got 3}}
  // expected-error @+1 {{'echo.conv2d' op failed to infer returned types}}
  %y = echo.conv2d %x, %w {stride = array<i64: 1, 1, 1>} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

func.func @conv2d_stride_wrong_attr_kind(%x: tensor<8x3x32x32xf32>, %w: tensor<16x3x3x3xf32>) {
  // An ArrayAttr of IntegerAttrs instead of a DenseI64ArrayAttr.
  // expected-error @+1 {{'echo.conv2d' op attribute 'stride' failed to satisfy constraint: i64 dense array attribute}}
  %y = echo.conv2d %x, %w {stride = [1, 1]} : (tensor<8x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<8x16x30x30xf32>
  return
}

// -----

// A 0x0 kernel (weight [O, C, 0, 0]) would yield an output larger than the
// input; zero-size dimensions are rejected on every echo op.
func.func @conv2d_zero_sized_kernel(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x0x0xf32>) {
  // expected-error @+1 {{'echo.conv2d' op tensor type 'tensor<1x1x0x0xf32>' has size 0 in dimension 2}}
  %y = echo.conv2d %x, %w : (tensor<1x1x4x4xf32>, tensor<1x1x0x0xf32>) -> tensor<1x1x5x5xf32>
  return
}

// -----

func.func @cross_entropy_grad_logits_rank(%l: tensor<10xf32>, %y: tensor<i32>, %g: tensor<f32>) {
  // expected-error @+2 {{'echo.cross_entropy_grad' op logits must have rank >= 2 ([..., classes]), got 'tensor<10xf32>'}}
  // expected-error @+1 {{'echo.cross_entropy_grad' op failed to infer returned types}}
  %a = echo.cross_entropy_grad %l, %y, %g : (tensor<10xf32>, tensor<i32>, tensor<f32>) -> tensor<10xf32>
  return
}

// -----

func.func @cross_entropy_labels_shape(%logits: tensor<32x10xf32>, %labels: tensor<10xi32>) {
  // expected-error @+2 {{'echo.cross_entropy' op labels must be [32] (the logits shape without the class dimension), got [10]}}
  // expected-error @+1 {{'echo.cross_entropy' op failed to infer returned types}}
  %loss = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<10xi32>) -> tensor<f32>
  return
}

// -----

func.func @cross_entropy_loss_not_scalar(%logits: tensor<32x10xf32>, %labels: tensor<32xi32>) {
  // expected-error @+1 {{'echo.cross_entropy' op result #0 must be 0D tensor of 32-bit float values}}
  %loss = echo.cross_entropy %logits, %labels : (tensor<32x10xf32>, tensor<32xi32>) -> tensor<1xf32>
  return
}

// -----

func.func @embedding_float_indices(%t: tensor<1000x64xf32>, %ids: tensor<8x20xf32>) {
  // expected-error @+1 {{'echo.embedding' op operand #1 must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values}}
  %e = echo.embedding %t, %ids : (tensor<1000x64xf32>, tensor<8x20xf32>) -> tensor<8x20x64xf32>
  return
}

// -----

func.func @embedding_grad_result_rank(%i: tensor<8xi32>, %g: tensor<8x4xf32>) {
  // expected-error @+1 {{'echo.embedding_grad' op result must have rank 2 ([vocab, dim]), got 'tensor<4xf32>'}}
  %a = echo.embedding_grad %i, %g : (tensor<8xi32>, tensor<8x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @embedding_table_rank(%t: tensor<1000xf32>, %ids: tensor<8x20xi32>) {
  // expected-error @+2 {{'echo.embedding' op table must have rank 2 ([vocab, dim]), got 'tensor<1000xf32>'}}
  // expected-error @+1 {{'echo.embedding' op failed to infer returned types}}
  %e = echo.embedding %t, %ids : (tensor<1000xf32>, tensor<8x20xi32>) -> tensor<8x20x64xf32>
  return
}

// -----

func.func @layer_norm_gamma_shape(%x: tensor<8x512xf32>, %g: tensor<8xf32>, %b: tensor<512xf32>) {
  // expected-error @+2 {{'echo.layer_norm' op gamma must be [512], got [8]}}
  // expected-error @+1 {{'echo.layer_norm' op failed to infer returned types}}
  %y, %mean, %rstd = echo.layer_norm %x, %g, %b : (tensor<8x512xf32>, tensor<8xf32>, tensor<512xf32>) -> (tensor<8x512xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @layer_norm_grad_scalar_input(%x: tensor<f32>, %g: tensor<1xf32>) {
  // expected-error @+2 {{'echo.layer_norm_grad' op input must have rank >= 1}}
  // expected-error @+1 {{'echo.layer_norm_grad' op failed to infer returned types}}
  %a, %b, %c = echo.layer_norm_grad %x, %g, %x, %x, %x : (tensor<f32>, tensor<1xf32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<1xf32>, tensor<1xf32>)
  return
}

// -----

func.func @layer_norm_scalar_input(%x: tensor<f32>, %g: tensor<1xf32>, %b: tensor<1xf32>) {
  // expected-error @+2 {{'echo.layer_norm' op input must have rank >= 1}}
  // expected-error @+1 {{'echo.layer_norm' op failed to infer returned types}}
  %y, %mean, %rstd = echo.layer_norm %x, %g, %b : (tensor<f32>, tensor<1xf32>, tensor<1xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @linear_bias_shape(%x: tensor<32x784xf32>, %w: tensor<256x784xf32>, %b: tensor<255xf32>) {
  // expected-error @+2 {{'echo.linear' op bias must be [256], got [255]}}
  // expected-error @+1 {{'echo.linear' op failed to infer returned types}}
  %y = echo.linear %x, %w, %b : (tensor<32x784xf32>, tensor<256x784xf32>, tensor<255xf32>) -> tensor<32x256xf32>
  return
}

// -----

func.func @linear_dynamic_shape(%x: tensor<?x4xf32>, %w: tensor<8x4xf32>) {
  // expected-error @+1 {{'echo.linear' op operand #0 must be statically shaped tensor}}
  %y = echo.linear %x, %w : (tensor<?x4xf32>, tensor<8x4xf32>) -> tensor<?x8xf32>
  return
}

// -----

func.func @linear_feature_mismatch(%x: tensor<32x784xf32>, %w: tensor<256x783xf32>) {
  // expected-error @+2 {{'echo.linear' op input feature size 784 does not match weight [256, 783]}}
  // expected-error @+1 {{'echo.linear' op failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<256x783xf32>) -> tensor<32x256xf32>
  return
}

// -----

// Dimension sizes near INT64_MAX must not overflow the shape computation.
func.func @linear_huge_dim_result_mismatch(%x: tensor<9223372036854775807x2xf32>, %w: tensor<3x2xf32>) {
  // expected-error @+1 {{'echo.linear' op tensor type 'tensor<9223372036854775807x2xf32>' exceeds the 281474976710656-byte size limit}}
  %y = echo.linear %x, %w : (tensor<9223372036854775807x2xf32>, tensor<3x2xf32>) -> tensor<9223372036854775807x2xf32>
  return
}

// -----

// A linear weight must be [N, K]; a rank-3 weight is rejected.
func.func @linear_weight_rank(%x: tensor<32x784xf32>, %w: tensor<2x256x784xf32>) {
  // expected-error @+2 {{'echo.linear' op weight must have rank 2 ([out, in]), got rank 3}}
  // expected-error @+1 {{'echo.linear' op failed to infer returned types}}
  %y = echo.linear %x, %w : (tensor<32x784xf32>, tensor<2x256x784xf32>) -> tensor<32x256xf32>
  return
}

// -----

func.func @matmul_contraction_mismatch(%a: tensor<8x16xf32>, %b: tensor<4x16xf32>) {
  // transpose_rhs is missing: contracts 16 against 4.
  // expected-error @+2 {{'echo.matmul' op contraction sizes differ: 16 vs 4}}
  // expected-error @+1 {{'echo.matmul' op failed to infer returned types}}
  %c = echo.matmul %a, %b : (tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  return
}

// -----

func.func @matmul_rank(%a: tensor<2x8x16xf32>, %b: tensor<16x4xf32>) {
  // expected-error @+2 {{'echo.matmul' op operands must have rank 2}}
  // expected-error @+1 {{'echo.matmul' op failed to infer returned types}}
  %c = echo.matmul %a, %b : (tensor<2x8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

// The generic form bypasses the custom parser; the verifier must not assume
// a ranked type.
func.func @matmul_unranked_generic(%a: tensor<*xf32>, %b: tensor<16x4xf32>) {
  // expected-error @+1 {{'echo.matmul' op operand #0 must be statically shaped tensor}}
  %c = "echo.matmul"(%a, %b) : (tensor<*xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @max_pool_grad_result_type(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x2x2xf32>, %dy: tensor<1x1x2x2xf32>) {
  // expected-error @+1 {{'echo.max_pool2d_grad' op result type 'tensor<1x1x2x2xf32>' must equal the input type 'tensor<1x1x4x4xf32>'}}
  %dx = echo.max_pool2d_grad %x, %y, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>, tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  return
}

// -----

// input + 2 * padding overflows int64 (padding < kernel holds).
func.func @max_pool_huge_padding(%x: tensor<1x1x4x4xf32>) {
  // expected-error @+2 {{'echo.max_pool2d' op kernel [9223372036854775807, 1] does not fit the padded input [4, 4]}}
  // expected-error @+1 {{'echo.max_pool2d' op failed to infer returned types}}
  %y = echo.max_pool2d %x {kernel = array<i64: 9223372036854775807, 1>, stride = array<i64: 1, 1>, padding = array<i64: 4611686018427387904, 0>} : tensor<1x1x4x4xf32> -> tensor<1x1x1x4xf32>
  return
}

// -----

func.func @max_pool_missing_kernel(%x: tensor<8x16x32x32xf32>) {
  // expected-error @+1 {{'echo.max_pool2d' op requires attribute 'kernel'}}
  %y = echo.max_pool2d %x {stride = array<i64: 2, 2>} : tensor<8x16x32x32xf32> -> tensor<8x16x16x16xf32>
  return
}

// -----

func.func @max_pool_zero_kernel(%x: tensor<8x16x32x32xf32>) {
  // expected-error @+2 {{'echo.max_pool2d' op kernel entries must be >= 1, got [0, 0]}}
  // expected-error @+1 {{'echo.max_pool2d' op failed to infer returned types}}
  %y = echo.max_pool2d %x {kernel = array<i64: 0, 0>, stride = array<i64: 1, 1>} : tensor<8x16x32x32xf32> -> tensor<8x16x33x33xf32>
  return
}
