// gpt2 against PyTorch 1.13: gpt2_torch.py re-implements GPT-2 in PyTorch
// (float64 as the exact reference, float32 for scale), feeds echo-run the
// same weights and tokens through --inputs, and compares the loss and every
// gradient of one step (2 layers, h 64, 4 heads, seq 32, vocab 128): both
// within 1e-5 relative (measured 4e-8 and 5e-7, as PyTorch f32's own), with
// fused (echo.attention) and unfused attention.
// REQUIRES: torch
// RUN: rm -rf %t && %torch_python %S/Inputs/gpt2_torch.py %echo_obj_root/bin %t | FileCheck %s
// RUN: rm -rf %t && %torch_python %S/Inputs/gpt2_torch.py %echo_obj_root/bin %t --attention unfused | FileCheck %s
// CHECK: loss: echo {{[0-9.]+}} reference {{[0-9.]+}} relative error
// CHECK: gradients (28 tensors): worst relative error
// CHECK: torch agreement: PASS
