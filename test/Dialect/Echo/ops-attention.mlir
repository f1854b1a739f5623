// Round trip of the fused attention ops: custom form, generic form, bytecode.
// The result types are inferred from the operands.
// RUN: echo-opt %s | echo-opt | FileCheck %s
// RUN: echo-opt %s --mlir-print-op-generic | echo-opt | FileCheck %s
// RUN: echo-opt %s --emit-bytecode | echo-opt | FileCheck %s
// The generic form spells the inferred types out.
// RUN: echo-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// GENERIC-LABEL: sym_name = "attention"
// GENERIC: "echo.attention"(%{{.*}}, %{{.*}}, %{{.*}}) <{dropout = 0.000000e+00 : f64, seed = 0 : i64}> : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16xf32>)

// CHECK-LABEL: func @attention
func.func @attention(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x16x8xf32>,
                     %k2: tensor<2x4x24x8xf32>, %v2: tensor<2x4x24x8xf32>,
                     %m: tensor<16x16xf32>, %pad: tensor<2x1x1x24xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16xf32>) {
  // CHECK: %{{.*}}, %{{.*}} = echo.attention %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  %o0, %l0 = echo.attention %q, %k, %v : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  // CHECK: echo.attention %{{.*}}, %{{.*}}, %{{.*}} causal : tensor<2x4x16x8xf32>
  %o1, %l1 = echo.attention %q, %k, %v causal : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  // CHECK: echo.attention %{{.*}}, %{{.*}}, %{{.*}} mask %{{.*}} causal {scale = 2.500000e-01 : f64} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<16x16xf32>
  %o2, %l2 = echo.attention %q, %k, %v mask %m causal {scale = 0.25 : f64} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<16x16xf32>
  // Lq != Lk with a padding mask; causal is top-left aligned for any lengths.
  // CHECK: echo.attention %{{.*}}, %{{.*}}, %{{.*}} mask %{{.*}} causal : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>, tensor<2x1x1x24xf32>
  %o3, %l3 = echo.attention %q, %k2, %v2 mask %pad causal : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>, tensor<2x1x1x24xf32>
  // Dropout on the probabilities (echo.dropout's mask for the seed).
  // CHECK: echo.attention %{{.*}}, %{{.*}}, %{{.*}} causal {dropout = 1.000000e-01 : f64, seed = 7 : i64} : tensor<2x4x16x8xf32>
  %o4, %l4 = echo.attention %q, %k, %v causal {dropout = 0.1 : f64, seed = 7} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  return %o2, %l2 : tensor<2x4x16x8xf32>, tensor<2x4x16xf32>
}

// CHECK-LABEL: func @attention_grad
func.func @attention_grad(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x24x8xf32>, %v: tensor<2x4x24x8xf32>,
                          %o: tensor<2x4x16x8xf32>, %lse: tensor<2x4x16xf32>, %do: tensor<2x4x16x8xf32>,
                          %m: tensor<1x24xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>) {
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = echo.attention_grad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} causal : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>
  %dq, %dk, %dv = echo.attention_grad %q, %k, %v, %o, %lse, %do causal : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>
  // CHECK: echo.attention_grad {{.*}} mask %{{.*}} {scale = 5.000000e-01 : f64} : {{.*}}, tensor<1x24xf32>
  %dq2, %dk2, %dv2 = echo.attention_grad %q, %k, %v, %o, %lse, %do mask %m {scale = 0.5 : f64} : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>, tensor<1x24xf32>
  // CHECK: echo.attention_grad {{.*}} {dropout = 2.500000e-01 : f64, seed = 3 : i64} :
  %dq3, %dk3, %dv3 = echo.attention_grad %q, %k, %v, %o, %lse, %do {dropout = 0.25 : f64, seed = 3} : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>
  return %dq2, %dk, %dv : tensor<2x4x16x8xf32>, tensor<2x4x24x8xf32>, tensor<2x4x24x8xf32>
}
