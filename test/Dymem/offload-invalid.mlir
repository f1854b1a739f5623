// echo-offload's option errors: values outside their range are located
// errors; an unknown policy or device profile is an option error.
// RUN: echo-opt %s -split-input-file '--echo-offload=layers-ahead=0' -verify-diagnostics
// RUN: not echo-opt %s '--echo-offload=max-slowdown=-1' 2>&1 | FileCheck %s --check-prefix=SLOW
// RUN: not echo-opt %s '--echo-offload=policy=vdnn' 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not echo-opt %s '--echo-offload=device-profile=pcie3' 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not echo-opt %s '--echo-training-pipeline=offload=all' 2>&1 | FileCheck %s --check-prefix=PIPE

// expected-error @+1 {{echo-offload: layers-ahead must be at least 1}}
func.func @train_step(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = echo.relu %x {echo.loss_seed} : tensor<4xf32>
  return %a : tensor<4xf32>
}
// SLOW: error: echo-offload: max-slowdown must be a percentage >= 0
// POLICY: Cannot find option named 'vdnn'!
// DEVICE: Cannot find option named 'pcie3'!
// PIPE: Cannot find option named 'all'!
