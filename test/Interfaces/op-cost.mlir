// FLOPs (a multiply-add counts 2), bytes moved and compute-heaviness.
// RUN: echo-opt %s --test-print-op-cost -verify-diagnostics -o /dev/null

func.func @costs(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>,
                 %cx: tensor<1x3x8x8xf32>, %cw: tensor<4x3x3x3xf32>,
                 %dy: tensor<4x16xf32>, %q: tensor<2x5x8xf32>, %k: tensor<2x6x8xf32>,
                 %table: tensor<10x4xf32>, %ids: tensor<5xi64>, %mask: tensor<4x8xi1>, %b8: tensor<8xf32>) {
  // 2*4*16*8 + 4*16 (bias); reads (32+128+16)*4 bytes, writes 64*4.
  // expected-remark@+1 {{flops 1088 read 704 written 256 heavy}}
  %0 = echo.linear %x, %w, %b : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  // 144 outputs x 27 multiply-adds.
  // expected-remark@+1 {{flops 7776 read 1200 written 576 heavy}}
  %1 = echo.conv2d %cx, %cw : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  // 2*4*8*16.
  // expected-remark@+1 {{flops 1024 read 768 written 128 heavy}}
  %2 = echo.linear_grad_input %dy, %w : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  // 2*(2*5*6)*8.
  // expected-remark@+1 {{flops 960 read 704 written 240 heavy}}
  %3 = echo.batch_matmul %q, %k transpose_rhs : (tensor<2x5x8xf32>, tensor<2x6x8xf32>) -> tensor<2x5x6xf32>
  // A gather: no arithmetic, i64 indices are 8 bytes each.
  // expected-remark@+1 {{flops 0 read 200 written 80 heavy}}
  %4 = echo.embedding %table, %ids : (tensor<10x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
  // expected-remark@+1 {{flops 32 read 128 written 128 light}}
  %5 = echo.relu %x : tensor<4x8xf32>
  // expected-remark@+1 {{flops 32 read 160 written 128 light}}
  %6 = echo.add %x, %b8 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // Data movement only.
  // expected-remark@+1 {{flops 0 read 128 written 128 light}}
  %7 = echo.transpose %x permutation [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  // i1 masks occupy a byte per element before encoding.
  // expected-remark@+1 {{flops 32 read 160 written 128 light}}
  %8 = echo.dropout_grad %mask, %x probability 0.5 : tensor<4x8xi1>, tensor<4x8xf32>
  return
}
