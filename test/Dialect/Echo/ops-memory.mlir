// Round trip of the memory ops, types and the encoding attribute.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s

// CHECK-LABEL: func @stash
func.func @stash(%x: tensor<64x512xf32>, %m: tensor<64xi1>) -> (tensor<64x512xf32>, tensor<64xi1>) {
  // CHECK: echo.stash %{{.*}} : tensor<64x512xf32>
  %0 = echo.stash %x : tensor<64x512xf32>
  // CHECK: echo.stash %{{.*}} : tensor<64xi1>
  %1 = echo.stash %m : tensor<64xi1>
  return %0, %1 : tensor<64x512xf32>, tensor<64xi1>
}

// CHECK-LABEL: func @recompute
func.func @recompute(%s: tensor<8x64xf32>, %b: tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  // CHECK: %{{.*}}:2 = echo.recompute(%{{.*}}, %{{.*}}) : (tensor<8x64xf32>, tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  // CHECK-NEXT: ^bb0(%[[IN0:.*]]: tensor<8x64xf32>, %[[IN1:.*]]: tensor<64xf32>):
  // CHECK-NEXT:   %[[A:.*]] = echo.add %[[IN0]], %[[IN1]]
  // CHECK-NEXT:   %[[T:.*]] = echo.tanh %[[A]]
  // CHECK-NEXT:   echo.yield %[[A]], %[[T]] : tensor<8x64xf32>, tensor<8x64xf32>
  %r:2 = echo.recompute (%s, %b) : (tensor<8x64xf32>, tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  ^bb0(%in: tensor<8x64xf32>, %bias: tensor<64xf32>):
    %a = echo.add %in, %bias : (tensor<8x64xf32>, tensor<64xf32>) -> tensor<8x64xf32>
    %t = echo.tanh %a : tensor<8x64xf32>
    echo.yield %a, %t : tensor<8x64xf32>, tensor<8x64xf32>
  }
  return %r#0, %r#1 : tensor<8x64xf32>, tensor<8x64xf32>
}

// CHECK-LABEL: func @recompute_empty
func.func @recompute_empty() {
  // CHECK: echo.recompute() : () -> ()
  // CHECK-NEXT: echo.yield
  echo.recompute () : () -> () {
    echo.yield
  }
  return
}

// CHECK-LABEL: func @encodings
func.func @encodings(%x: tensor<64x512xf32>, %mask: tensor<64x512xi1>, %p: tensor<8x16x32x32xf32>) {
  // CHECK: echo.encode %{{.*}} : tensor<64x512xf32> as #echo.encoding<binarize>
  %0 = echo.encode %x : tensor<64x512xf32> as #echo.encoding<binarize>
  // CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<64x512xf32>, #echo.encoding<binarize>>
  %1 = echo.decode %0 : !echo.encoded<tensor<64x512xf32>, #echo.encoding<binarize>>
  // CHECK: echo.encode %{{.*}} : tensor<64x512xi1> as #echo.encoding<mask1>
  %2 = echo.encode %mask : tensor<64x512xi1> as #echo.encoding<mask1>
  // CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<64x512xi1>, #echo.encoding<mask1>>
  %3 = echo.decode %2 : !echo.encoded<tensor<64x512xi1>, #echo.encoding<mask1>>
  // CHECK: echo.encode %{{.*}} : tensor<64x512xf32> as #echo.encoding<csr, density = 2.500000e-01>
  %4 = echo.encode %x : tensor<64x512xf32> as #echo.encoding<csr, density = 0.25>
  // CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<64x512xf32>, #echo.encoding<csr, density = 2.500000e-01>>
  %5 = echo.decode %4 : !echo.encoded<tensor<64x512xf32>, #echo.encoding<csr, density = 2.500000e-01>>
  // CHECK: echo.encode %{{.*}} : tensor<64x512xf32> as #echo.encoding<fp16>
  %6 = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp16>
  // CHECK: echo.encode %{{.*}} : tensor<64x512xf32> as #echo.encoding<fp10>
  %7 = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp10>
  // CHECK: echo.encode %{{.*}} : tensor<64x512xf32> as #echo.encoding<fp8>
  %8 = echo.encode %x : tensor<64x512xf32> as #echo.encoding<fp8>
  // CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<64x512xf32>, #echo.encoding<fp8>>
  %9 = echo.decode %8 : !echo.encoded<tensor<64x512xf32>, #echo.encoding<fp8>>
  // CHECK: echo.encode %{{.*}} : tensor<8x16x32x32xf32> as #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>
  %10 = echo.encode %p : tensor<8x16x32x32xf32> as #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>
  // CHECK: echo.decode %{{.*}} : !echo.encoded<tensor<8x16x32x32xf32>, #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>>
  %11 = echo.decode %10 : !echo.encoded<tensor<8x16x32x32xf32>, #echo.encoding<pool_argmax, kernel = [3, 3], stride = [2, 2], padding = [1, 1]>>
  return
}

// CHECK-LABEL: func @relu_grad_encoded
func.func @relu_grad_encoded(%y: tensor<8x64xf32>, %dy: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %e = echo.encode %y : tensor<8x64xf32> as #echo.encoding<binarize>
  // CHECK: echo.relu_grad_encoded %{{.*}}, %{{.*}} : (!echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %dx = echo.relu_grad_encoded %e, %dy : (!echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>, tensor<8x64xf32>) -> tensor<8x64xf32>
  return %dx : tensor<8x64xf32>
}

// CHECK-LABEL: func @pool_argmax_grad
func.func @pool_argmax_grad(%x: tensor<1x1x4x4xf32>, %dy: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %e = echo.encode %x : tensor<1x1x4x4xf32> as #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = [0, 0]>
  // CHECK: echo.max_pool2d_grad_argmax %{{.*}}, %{{.*}} {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (!echo.encoded<tensor<1x1x4x4xf32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = [0, 0]>>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  %dx = echo.max_pool2d_grad_argmax %e, %dy {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (!echo.encoded<tensor<1x1x4x4xf32>, #echo.encoding<pool_argmax, kernel = [2, 2], stride = [2, 2], padding = [0, 0]>>, tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  return %dx : tensor<1x1x4x4xf32>
}

// Encoded and host values cross function boundaries like any other type.
// CHECK-LABEL: func @types
// CHECK-SAME: !echo.encoded<tensor<4xf32>, #echo.encoding<fp16>>
// CHECK-SAME: !echo.host<tensor<4xf32>>
// CHECK-SAME: !echo.token
func.func @types(%e: !echo.encoded<tensor<4xf32>, #echo.encoding<fp16>>, %h: !echo.host<tensor<4xf32>>, %t: !echo.token) -> tensor<4xf32> {
  // CHECK: echo.prefetch %{{.*}} after %{{.*}} : !echo.host<tensor<4xf32>>
  %0 = echo.prefetch %h after %t : !echo.host<tensor<4xf32>>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @offload
func.func @offload(%x: tensor<64x512xf32>) -> tensor<64x512xf32> {
  // CHECK: %[[H:.*]], %[[T:.*]] = echo.offload %{{.*}} : tensor<64x512xf32>
  %h, %t = echo.offload %x : tensor<64x512xf32>
  // CHECK: echo.prefetch %[[H]] after %[[T]] : !echo.host<tensor<64x512xf32>>
  %y = echo.prefetch %h after %t : !echo.host<tensor<64x512xf32>>
  return %y : tensor<64x512xf32>
}
