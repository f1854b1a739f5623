// echo-simulate: the step's tasks on the compute and copy streams of a
// device profile. Hand-computed under pcie4 (1.555 TB/s device memory,
// 25 GB/s host link; every kernel here is memory-bound):
//   relu  [0, 5.395]     8 MiB / 1.555 TB/s = 5.395 us
//   offload of %a        4 MiB / 25 GB/s = 167.772 us, after relu:
//                        [5.395, 173.167]
//   tanh  [5.395, 10.789]  does not wait for the copy (no barrier)
//   prefetch             after the offload on the copy stream:
//                        [173.167, 340.939]
//   add   [340.939, 349.031]  12 MiB / 1.555 TB/s = 8.092 us, waits for it
// step 349.031 us; overlapped = tanh = 5.395; transfer only = 2 x 167.772
// - 5.395 = 330.150; compute only = relu + add = 13.487.
//
// RUN: echo-opt %s --mlir-print-op-on-diagnostic=false --echo-simulate 2>&1 | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-on-diagnostic=false '--echo-simulate=device-profile=nvlink-c2c' 2>&1 | FileCheck %s --check-prefix=C2C
// RUN: not echo-opt %s '--echo-simulate=device-profile=pcie3' 2>&1 | FileCheck %s --check-prefix=BAD
// `device`, the option's former name, is an alias for one release; where
// both are given, device-profile wins.
// RUN: echo-opt %s --mlir-print-op-on-diagnostic=false '--echo-simulate=device=nvlink-c2c' 2>&1 | FileCheck %s --check-prefix=C2C
// RUN: echo-opt %s --mlir-print-op-on-diagnostic=false '--echo-simulate=device=pcie5 device-profile=nvlink-c2c' 2>&1 | FileCheck %s --check-prefix=C2C
// RUN: not echo-opt %s '--echo-simulate=device=pcie3' 2>&1 | FileCheck %s --check-prefix=BAD-ALIAS

func.func @offload(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %a = echo.relu %x : tensor<1024x1024xf32>
  %h, %t = echo.offload %a : tensor<1024x1024xf32>
  %b = echo.tanh %x : tensor<1024x1024xf32>
  %p = echo.prefetch %h after %t : !echo.host<tensor<1024x1024xf32>>
  %c = echo.add %p, %b : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %c : tensor<1024x1024xf32>
}
// CHECK: remark: echo-simulate: @offload on pcie4: step 349.031 us; overlapped 5.395, transfer only 330.150, compute only 13.487 us
// CHECK: func.func @offload{{.*}}echo.simulated_step = {compute = {{.*}}, device = "pcie4", overlapped = {{.*}}, step = 3.490{{[0-9]+}}E-4
// NVLink-C2C (4 TB/s, 450 GB/s): kernels 2.097152 + 2.097152 + 3.145728
// us, copies 9.320676 us each: relu [0, 2.097], offload [2.097, 11.418],
// prefetch [11.418, 20.739], add [20.739, 23.884]; transfer only
// 2 x 9.320676 - 2.097152 = 16.544.
// C2C: remark: echo-simulate: @offload on nvlink-c2c: step 23.884 us; overlapped 2.097, transfer only 16.544, compute only 5.243 us
// BAD: for the --device-profile option: Cannot find option named 'pcie3'!
// BAD-ALIAS: for the --device option: Cannot find option named 'pcie3'!
