// echo-simulate prices a 16-bit product or convolution the runtime computes
// natively (one with a `_bf16`/`_f16` entry in abi.def) at the device
// profile's dense bf16/f16 tensor-core rate, and every other op at the FP32
// rate: 16-bit light ops compute in f32 (echo-compute-in-f32). A linear
// 1024x4096 by 4096x4096 is 2 * 1024 * 4096 * 4096 = 34.360 GFLOP,
// compute-bound on every preset:
//   pcie4 (A100 PCIe: 19.5 TFLOP/s FP32, 312 TFLOP/s bf16)
//     f32  34.360e9 / 19.5e12 = 1762.038 us (its 96 MiB take 64.733 us)
//     bf16 34.360e9 / 312e12  =  110.127 us (48 MiB: 32.367 us)
//   pcie5 (H100 PCIe: 756 TFLOP/s bf16): 45.449 us
// A bf16 ReLU after it is memory-bound as in f32 (8 MiB + 8 MiB at
// 1.555 TB/s: 10.789 us), so the bf16 step is 120.917 us on pcie4.
// RUN: echo-opt %s --mlir-print-op-on-diagnostic=false --echo-simulate 2>&1 | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-on-diagnostic=false '--echo-simulate=device-profile=pcie5' 2>&1 | FileCheck %s --check-prefix=PCIE5

// CHECK: remark: echo-simulate: @product_f32 on pcie4: step 1762.038 us
// PCIE5: remark: echo-simulate: @product_f32 on pcie5: step 673.720 us
func.func @product_f32(%x: tensor<1024x4096xf32>, %w: tensor<4096x4096xf32>) -> tensor<1024x4096xf32> {
  %y = echo.linear %x, %w : (tensor<1024x4096xf32>, tensor<4096x4096xf32>) -> tensor<1024x4096xf32>
  return %y : tensor<1024x4096xf32>
}

// CHECK: remark: echo-simulate: @product_bf16 on pcie4: step 120.917 us
// PCIE5: remark: echo-simulate: @product_bf16 on pcie5: step 53.838 us
func.func @product_bf16(%x: tensor<1024x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1024x4096xbf16> {
  %y = echo.linear %x, %w : (tensor<1024x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1024x4096xbf16>
  %r = echo.relu %y : tensor<1024x4096xbf16>
  return %r : tensor<1024x4096xbf16>
}

// A bf16 convolution (echo_conv2d_bf16) is priced at the tensor-core rate
// too: 2 * (8*64*56*56) * (64*3*3) = 1.8497 GFLOP / 312 TFLOP/s = 5.928 us
// (94.856 us at the FP32 rate); its 6.4 MB take 4.1 us at 1.555 TB/s.
// CHECK: remark: echo-simulate: @conv_bf16 on pcie4: step 5.928 us
func.func @conv_bf16(%x: tensor<8x64x56x56xbf16>, %w: tensor<64x64x3x3xbf16>) -> tensor<8x64x56x56xbf16> {
  %y = echo.conv2d %x, %w {padding = array<i64: 1, 1>} : (tensor<8x64x56x56xbf16>, tensor<64x64x3x3xbf16>) -> tensor<8x64x56x56xbf16>
  return %y : tensor<8x64x56x56xbf16>
}
