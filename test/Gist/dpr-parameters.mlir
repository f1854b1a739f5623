// Delayed precision reduction applies to feature maps only (Gist, ISCA 2018,
// Section III). A stashed value computed from trainable arguments alone is a
// parameter: autocast's 16-bit copy of a weight (%w2's cast), or a weight
// transposed and then cast (%w3's), stays a plain stash, so the backward pass
// reads the weights the forward pass used. The data's maps (the input's cast
// and both tanh outputs, 16x64) are reduced.
// RUN: echo-opt %s --echo-autocast=compute=bf16 --echo-autodiff --gist-encode="dpr=fp8 dpr-min-bytes=0" \
// RUN:   | FileCheck %s --implicit-check-not='tensor<64x64xbf16> as #echo.encoding' --implicit-check-not='tensor<64x64xf32> as #echo.encoding'
// The same in f32: the transposed weight is stashed as it is.
// RUN: echo-opt %s --echo-autodiff --gist-encode="dpr=fp8 dpr-min-bytes=0" \
// RUN:   | FileCheck %s --check-prefix=F32 --implicit-check-not='tensor<64x64xf32> as #echo.encoding'

// CHECK-LABEL: func.func @train_step
// CHECK-SAME: %[[W2:arg3]]: tensor<64x64xf32> {echo.trainable}, %[[W3:arg4]]: tensor<64x64xf32> {echo.trainable}
// CHECK: %[[W2H:.*]] = echo.cast %[[W2]] : tensor<64x64xf32> -> tensor<64x64xbf16>
// CHECK-NEXT: echo.stash %[[W2H]] : tensor<64x64xbf16>
// CHECK-COUNT-2: echo.encode %{{.*}} : tensor<16x64xbf16> as #echo.encoding<fp8>
// CHECK: %[[W3T:.*]] = echo.transpose %[[W3]] permutation [1, 0]
// CHECK-NEXT: %[[W3H:.*]] = echo.cast %[[W3T]] : tensor<64x64xf32> -> tensor<64x64xbf16>
// CHECK-NEXT: echo.stash %[[W3H]] : tensor<64x64xbf16>
// CHECK: echo.encode %{{.*}} : tensor<16x64xbf16> as #echo.encoding<fp8>
// CHECK: echo.cross_entropy_grad
// CHECK-COUNT-3: echo.decode %{{.*}} : !echo.encoded<tensor<16x64xbf16>, #echo.encoding<fp8>>
// CHECK: return

// F32-LABEL: func.func @train_step
// F32: echo.encode %{{.*}} : tensor<16x64xf32> as #echo.encoding<fp8>
// F32: %[[W3T:.*]] = echo.transpose %arg4 permutation [1, 0]
// F32-NEXT: echo.stash %[[W3T]] : tensor<64x64xf32>
// F32: echo.encode %{{.*}} : tensor<16x64xf32> as #echo.encoding<fp8>
// F32: return
func.func @model(%x: tensor<16x64xf32>, %labels: tensor<16xi32>,
                 %w1: tensor<64x64xf32> {echo.trainable},
                 %w2: tensor<64x64xf32> {echo.trainable},
                 %w3: tensor<64x64xf32> {echo.trainable}) -> tensor<f32> {
  %h1 = echo.linear %x, %w1 : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %t1 = echo.tanh %h1 : tensor<16x64xf32>
  %h2 = echo.linear %t1, %w2 : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %t2 = echo.tanh %h2 : tensor<16x64xf32>
  %w3t = echo.transpose %w3 permutation [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %o = echo.linear %t2, %w3t : (tensor<16x64xf32>, tensor<64x64xf32>) -> tensor<16x64xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<16x64xf32>, tensor<16xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
