// echo-compute-in-f32: every echo op on f16/bf16 tensors becomes cast to
// f32, the op on f32, cast back; the ops that keep or move values (cast,
// stash, constant, a reshape that is a view, recompute bodies' yields) and
// the products the runtime computes in 16-bit stay 16-bit; an f32 step is
// left as it is.
// RUN: echo-opt %s -split-input-file --echo-compute-in-f32 | FileCheck %s

// CHECK-LABEL: func @unary_and_binary
// CHECK-SAME: (%[[X:.*]]: tensor<8xbf16>, %[[Y:.*]]: tensor<8xbf16>)
func.func @unary_and_binary(%x: tensor<8xbf16>, %y: tensor<8xbf16>) -> tensor<8xbf16> {
  // CHECK: %[[XW:.*]] = echo.cast %[[X]] : tensor<8xbf16> -> tensor<8xf32>
  // CHECK: %[[R:.*]] = echo.relu %[[XW]] : tensor<8xf32>
  // CHECK: %[[RN:.*]] = echo.cast %[[R]] : tensor<8xf32> -> tensor<8xbf16>
  %r = echo.relu %x : tensor<8xbf16>
  // CHECK: %[[A:.*]] = echo.cast %[[RN]] : tensor<8xbf16> -> tensor<8xf32>
  // CHECK: %[[B:.*]] = echo.cast %[[Y]] : tensor<8xbf16> -> tensor<8xf32>
  // CHECK: %[[S:.*]] = echo.add %[[A]], %[[B]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // CHECK: %[[SN:.*]] = echo.cast %[[S]] : tensor<8xf32> -> tensor<8xbf16>
  %s = echo.add %r, %y : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xbf16>
  // CHECK: return %[[SN]]
  return %s : tensor<8xbf16>
}

// -----

// Results that are not 16-bit floats (the dropout mask) are used as they are.
// CHECK-LABEL: func @dropout_mask
func.func @dropout_mask(%x: tensor<4x8xf16>) -> (tensor<4x8xf16>, tensor<4x8xi1>) {
  // CHECK: %[[W:.*]] = echo.cast %{{.*}} : tensor<4x8xf16> -> tensor<4x8xf32>
  // CHECK: %[[Y:.*]], %[[M:.*]] = echo.dropout %[[W]] probability {{.*}} : tensor<4x8xf32> -> tensor<4x8xf32>, tensor<4x8xi1>
  // CHECK: %[[YN:.*]] = echo.cast %[[Y]] : tensor<4x8xf32> -> tensor<4x8xf16>
  // CHECK: return %[[YN]], %[[M]]
  %y, %m = echo.dropout %x probability 0.5 seed 3 : tensor<4x8xf16> -> tensor<4x8xf16>, tensor<4x8xi1>
  return %y, %m : tensor<4x8xf16>, tensor<4x8xi1>
}

// -----

// Casts, stashes, constants and view reshapes keep their 16-bit types; a
// reshape the function returns is a copy, computed in f32 like any op.
// CHECK-LABEL: func @kept
func.func @kept(%x: tensor<2x4xf32>) -> (tensor<8xbf16>, tensor<8xbf16>, tensor<2x4xbf16>) {
  // CHECK: %[[C:.*]] = echo.cast %{{.*}} : tensor<2x4xf32> -> tensor<2x4xbf16>
  %c = echo.cast %x : tensor<2x4xf32> -> tensor<2x4xbf16>
  // CHECK-NEXT: %[[S:.*]] = echo.stash %[[C]] : tensor<2x4xbf16>
  %s = echo.stash %c : tensor<2x4xbf16>
  // CHECK-NEXT: %[[V:.*]] = echo.reshape %[[S]] : tensor<2x4xbf16> -> tensor<8xbf16>
  %v = echo.reshape %s : tensor<2x4xbf16> -> tensor<8xbf16>
  // CHECK-NEXT: %[[K:.*]] = echo.constant dense<1.000000e+00> : tensor<8xbf16>
  %k = echo.constant dense<1.0> : tensor<8xbf16>
  // CHECK-NEXT: %[[VW:.*]] = echo.cast %[[V]] : tensor<8xbf16> -> tensor<8xf32>
  // CHECK-NEXT: %[[KW:.*]] = echo.cast %[[K]] : tensor<8xbf16> -> tensor<8xf32>
  // CHECK-NEXT: echo.add %[[VW]], %[[KW]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %a = echo.add %v, %k : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xbf16>
  // CHECK: %[[RW:.*]] = echo.cast %[[C]] : tensor<2x4xbf16> -> tensor<2x4xf32>
  // CHECK-NEXT: echo.reshape %[[RW]] : tensor<2x4xf32> -> tensor<8xf32>
  %r = echo.reshape %c : tensor<2x4xbf16> -> tensor<8xbf16>
  return %a, %r, %s : tensor<8xbf16>, tensor<8xbf16>, tensor<2x4xbf16>
}

// -----

// Recompute bodies too; an f32 op is left alone.
// CHECK-LABEL: func @in_recompute
func.func @in_recompute(%x: tensor<2x3xbf16>, %f: tensor<4xf32>) -> (tensor<2x3xbf16>, tensor<4xf32>) {
  // CHECK: echo.recompute
  // CHECK: echo.cast %{{.*}} : tensor<2x3xbf16> -> tensor<2x3xf32>
  // CHECK: echo.tanh %{{.*}} : tensor<2x3xf32>
  // CHECK: %[[N:.*]] = echo.cast %{{.*}} : tensor<2x3xf32> -> tensor<2x3xbf16>
  // CHECK: echo.yield %[[N]] : tensor<2x3xbf16>
  %r = echo.recompute (%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  ^bb0(%a: tensor<2x3xbf16>):
    %y = echo.tanh %a : tensor<2x3xbf16>
    echo.yield %y : tensor<2x3xbf16>
  }
  // CHECK: echo.tanh %{{.*}} : tensor<4xf32>
  // CHECK-NOT: echo.cast
  %t = echo.tanh %f : tensor<4xf32>
  return %r, %t : tensor<2x3xbf16>, tensor<4xf32>
}

// -----

// The products with 16-bit entries in abi.def (echo_linear_bf16, ...) stay
// 16-bit, inside recompute bodies too; with native-products=false they are
// computed in f32 like every other op.
// RUN: echo-opt %s -split-input-file --echo-compute-in-f32=native-products=false | FileCheck %s --check-prefix=WIDE
// CHECK-LABEL: func @products
// CHECK-NOT: echo.cast
// CHECK: echo.linear %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
// CHECK: echo.linear_grad_input {{.*}} -> tensor<2x3xbf16>
// CHECK: echo.linear_grad_weight {{.*}} -> tensor<4x3xbf16>
// CHECK: echo.matmul {{.*}} -> tensor<2x2xf16>
// CHECK: echo.recompute
// CHECK: echo.batch_matmul {{.*}} -> tensor<2x3x3xf16>
// CHECK-NOT: echo.cast
// CHECK: return
// WIDE-LABEL: func @products
// WIDE-COUNT-3: echo.cast %{{.*}} : tensor<{{.*}}xbf16> -> tensor<{{.*}}xf32>
// WIDE: echo.linear {{.*}} -> tensor<2x4xf32>
// WIDE: echo.cast %{{.*}} : tensor<2x4xf32> -> tensor<2x4xbf16>
// WIDE: echo.linear_grad_input {{.*}} -> tensor<2x3xf32>
// WIDE: echo.linear_grad_weight {{.*}} -> tensor<4x3xf32>
// WIDE: echo.matmul {{.*}} -> tensor<2x2xf32>
// WIDE: echo.batch_matmul {{.*}} -> tensor<2x3x3xf32>
func.func @products(%x: tensor<2x3xbf16>, %w: tensor<4x3xbf16>, %b: tensor<4xbf16>,
                    %dy: tensor<2x4xbf16>, %h: tensor<2x5xf16>, %g: tensor<2x3x4xf16>)
    -> (tensor<2x4xbf16>, tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<2x2xf16>, tensor<2x3x3xf16>) {
  %y = echo.linear %x, %w, %b : (tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
  %dx = echo.linear_grad_input %dy, %w : (tensor<2x4xbf16>, tensor<4x3xbf16>) -> tensor<2x3xbf16>
  %dw = echo.linear_grad_weight %dy, %x : (tensor<2x4xbf16>, tensor<2x3xbf16>) -> tensor<4x3xbf16>
  %m = echo.matmul %h, %h transpose_rhs : (tensor<2x5xf16>, tensor<2x5xf16>) -> tensor<2x2xf16>
  %r = echo.recompute (%g) : (tensor<2x3x4xf16>) -> tensor<2x3x3xf16> {
  ^bb0(%a: tensor<2x3x4xf16>):
    %p = echo.batch_matmul %a, %a transpose_rhs : (tensor<2x3x4xf16>, tensor<2x3x4xf16>) -> tensor<2x3x3xf16>
    echo.yield %p : tensor<2x3x3xf16>
  }
  return %y, %dx, %dw, %m, %r : tensor<2x4xbf16>, tensor<2x3xbf16>, tensor<4x3xbf16>, tensor<2x2xf16>, tensor<2x3x3xf16>
}

// -----

// The convolutions have 16-bit entries too (echo_conv2d_bf16, ...): they
// stay 16-bit; with native-products=false they are computed in f32.
// CHECK-LABEL: func @convolutions
// CHECK-NOT: echo.cast
// CHECK: echo.conv2d %{{.*}}, %{{.*}}, %{{.*}} {padding = array<i64: 1, 1>} : (tensor<2x3x6x6xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<2x4x6x6xbf16>
// CHECK: echo.conv2d_grad_input {{.*}} -> tensor<2x3x6x6xbf16>
// CHECK: echo.conv2d_grad_weight {{.*}} -> tensor<4x3x3x3xbf16>
// CHECK-NOT: echo.cast
// CHECK: return
// WIDE-LABEL: func @convolutions
// WIDE: echo.conv2d {{.*}} -> tensor<2x4x6x6xf32>
// WIDE: echo.conv2d_grad_input {{.*}} -> tensor<2x3x6x6xf32>
// WIDE: echo.conv2d_grad_weight {{.*}} -> tensor<4x3x3x3xf32>
func.func @convolutions(%x: tensor<2x3x6x6xbf16>, %w: tensor<4x3x3x3xbf16>, %b: tensor<4xbf16>,
                        %dy: tensor<2x4x6x6xbf16>)
    -> (tensor<2x4x6x6xbf16>, tensor<2x3x6x6xbf16>, tensor<4x3x3x3xbf16>) {
  %y = echo.conv2d %x, %w, %b {padding = array<i64: 1, 1>} : (tensor<2x3x6x6xbf16>, tensor<4x3x3x3xbf16>, tensor<4xbf16>) -> tensor<2x4x6x6xbf16>
  %dx = echo.conv2d_grad_input %dy, %w {padding = array<i64: 1, 1>} : (tensor<2x4x6x6xbf16>, tensor<4x3x3x3xbf16>) -> tensor<2x3x6x6xbf16>
  %dw = echo.conv2d_grad_weight %x, %dy {padding = array<i64: 1, 1>} : (tensor<2x3x6x6xbf16>, tensor<2x4x6x6xbf16>) -> tensor<4x3x3x3xbf16>
  return %y, %dx, %dw : tensor<2x4x6x6xbf16>, tensor<2x3x6x6xbf16>, tensor<4x3x3x3xbf16>
}

// -----

// An encoding of a 16-bit tensor (Gist's bit map of a bf16 ReLU) is taken of
// its f32 value, which the ReLU backward from the bit map and the decode
// read; an offload and its prefetch pass the new type on, a decode is cast
// back.
// CHECK-LABEL: func @encoded
// CHECK: %[[W:.*]] = echo.cast %{{.*}} : tensor<8x64xbf16> -> tensor<8x64xf32>
// CHECK: %[[E:.*]] = echo.encode %[[W]] : tensor<8x64xf32> as #echo.encoding<binarize>
// CHECK: %[[H:.*]], %[[T:.*]] = echo.offload %[[E]] : !echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>
// CHECK: %[[P:.*]] = echo.prefetch %[[H]] after %[[T]] : !echo.host<!echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>>
// CHECK: %[[D:.*]] = echo.decode %[[P]] : !echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>
// CHECK: %[[DN:.*]] = echo.cast %[[D]] : tensor<8x64xf32> -> tensor<8x64xbf16>
// CHECK: %[[G:.*]] = echo.relu_grad_encoded %[[P]], %{{.*}} : (!echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>, tensor<8x64xf32>) -> tensor<8x64xf32>
// CHECK: %[[GN:.*]] = echo.cast %[[G]] : tensor<8x64xf32> -> tensor<8x64xbf16>
// CHECK: return %[[DN]], %[[GN]]
func.func @encoded(%y: tensor<8x64xbf16>, %dy: tensor<8x64xbf16>) -> (tensor<8x64xbf16>, tensor<8x64xbf16>) {
  %e = echo.encode %y : tensor<8x64xbf16> as #echo.encoding<binarize>
  %h, %t = echo.offload %e : !echo.encoded<tensor<8x64xbf16>, #echo.encoding<binarize>>
  %p = echo.prefetch %h after %t : !echo.host<!echo.encoded<tensor<8x64xbf16>, #echo.encoding<binarize>>>
  %d = echo.decode %p : !echo.encoded<tensor<8x64xbf16>, #echo.encoding<binarize>>
  %dx = echo.relu_grad_encoded %p, %dy : (!echo.encoded<tensor<8x64xbf16>, #echo.encoding<binarize>>, tensor<8x64xbf16>) -> tensor<8x64xbf16>
  return %d, %dx : tensor<8x64xbf16>, tensor<8x64xbf16>
}

// -----

// A precision reduction of a 16-bit tensor (Gist's DPR of a bf16 or f16
// stash) stays 16-bit: the runtime's echo_encode_fp8_bf16 and friends read
// and write the 16-bit elements, so no f32 copy is made on either side.
// CHECK-LABEL: func @reduced
// CHECK-NOT: echo.cast
// CHECK: echo.encode %{{.*}} : tensor<8x64xbf16> as #echo.encoding<fp8>
// CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<8x64xbf16>, #echo.encoding<fp8>>
// CHECK: echo.encode %{{.*}} : tensor<8x64xf16> as #echo.encoding<fp10>
// CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<8x64xf16>, #echo.encoding<fp10>>
// CHECK-NOT: echo.cast
// CHECK: return
func.func @reduced(%y: tensor<8x64xbf16>, %z: tensor<8x64xf16>) -> (tensor<8x64xbf16>, tensor<8x64xf16>) {
  %e = echo.encode %y : tensor<8x64xbf16> as #echo.encoding<fp8>
  %d = echo.decode %e : !echo.encoded<tensor<8x64xbf16>, #echo.encoding<fp8>>
  %e2 = echo.encode %z : tensor<8x64xf16> as #echo.encoding<fp10>
  %d2 = echo.decode %e2 : !echo.encoded<tensor<8x64xf16>, #echo.encoding<fp10>>
  return %d, %d2 : tensor<8x64xbf16>, tensor<8x64xf16>
}
