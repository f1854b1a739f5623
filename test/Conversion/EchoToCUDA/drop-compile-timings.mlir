// RUN: echo-opt %s --echo-drop-compile-timings --split-input-file | FileCheck %s --implicit-check-not=TimeInMs

// The wall-clock timings go; every other property, the target, format,
// object and kernels stay.
// CHECK-LABEL: gpu.binary @kernels
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_80">, properties = {O = 3 : i32}, assembly = "ptx-a">
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_90">, bin = "cubin-b">
gpu.binary @kernels [
  #gpu.object<#nvvm.target<chip = "sm_80">, properties = {LLVMIRToISATimeInMs = 20 : i64, O = 3 : i32}, assembly = "ptx-a">,
  #gpu.object<#nvvm.target<chip = "sm_90">, properties = {LLVMIRToISATimeInMs = 12 : i64, ISAToBinaryTimeInMs = 40 : i64}, bin = "cubin-b">
]

// -----

// Objects without timings are left as they are.
// CHECK-LABEL: gpu.binary @plain
// CHECK-SAME: #gpu.object<#nvvm.target, properties = {O = 2 : i32}, "blob">
gpu.binary @plain [#gpu.object<#nvvm.target, properties = {O = 2 : i32}, "blob">]
