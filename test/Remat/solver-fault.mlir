// policy=optimal runs each CBC solve in a child process: a solver that
// crashes, hangs or sends back garbage cannot take echo-opt down. The pass
// keeps Echo's plan for the function, byte for byte what policy=echo
// gives, and says at the function what happened. The hidden
// test-solver-fault option makes every solve fail. Two functions, so the
// multithreaded pass manager runs their solves side by side.
//
// DEFINE: %{steps} = --echo-autodiff='function=scores output=step3' --echo-autodiff='function=scores5 output=step5'
// RUN: echo-opt %s %{steps} '--echo-remat=policy=echo' > %t.echo.mlir
// RUN: echo-opt %s %{steps} '--echo-remat=policy=optimal' > %t.optimal.mlir
// The MILP's plan differs from Echo's here, so the comparisons below can fail.
// RUN: not cmp -s %t.echo.mlir %t.optimal.mlir
//
// RUN: echo-opt %s %{steps} '--echo-remat=policy=optimal test-solver-fault=crash' > %t.crash.mlir 2> %t.crash.err
// RUN: FileCheck %s --check-prefix=CRASH --implicit-check-not=error: < %t.crash.err
// RUN: cmp %t.echo.mlir %t.crash.mlir
// CRASH-DAG: solver-fault.mlir:[[#@LINE+27]]:1: warning: echo-remat: policy=optimal: the solver process crashed (SIGSEGV) in the program of the step; kept Echo's plan
// CRASH-DAG: solver-fault.mlir:[[#@LINE+48]]:1: warning: echo-remat: policy=optimal: the solver process crashed (SIGSEGV) in the program of the step; kept Echo's plan
//
// A hang ends at the time limit (the safety stop), which says the plan may
// then differ from run to run.
// RUN: echo-opt %s %{steps} '--echo-remat=policy=optimal test-solver-fault=hang time-limit=1' > %t.hang.mlir 2> %t.hang.err
// RUN: FileCheck %s --check-prefix=HANG --implicit-check-not=error: < %t.hang.err
// RUN: cmp %t.echo.mlir %t.hang.mlir
// HANG-COUNT-2: warning: echo-remat: policy=optimal: the time limit stopped the solver in the program of the step; kept Echo's plan. Whether the time-limit (1 s) stops a solve depends on the machine's load, so the plan may differ from run to run: raise time-limit or lower solver-nodes
//
// RUN: echo-opt %s %{steps} '--echo-remat=policy=optimal test-solver-fault=garbage' > %t.garbage.mlir 2> %t.garbage.err
// RUN: FileCheck %s --check-prefix=GARBAGE --implicit-check-not=error: < %t.garbage.err
// RUN: cmp %t.echo.mlir %t.garbage.mlir
// GARBAGE-COUNT-2: warning: echo-remat: policy=optimal: the solver process sent a malformed result ({{[0-9]+}} bytes) in the program of the step; kept Echo's plan
//
// The same inside mlir-opt, with the passes loaded from EchoMLIRPlugin.so.
// RUN: %llvm_prefix/bin/mlir-opt --load-dialect-plugin=%echo_lib_dir/EchoMLIRPlugin.so --load-pass-plugin=%echo_lib_dir/EchoMLIRPlugin.so %s --pass-pipeline='builtin.module(echo-autodiff{function=scores output=step3},echo-autodiff{function=scores5 output=step5},func.func(echo-remat{policy=echo}))' > %t.plugin.echo.mlir
// RUN: %llvm_prefix/bin/mlir-opt --load-dialect-plugin=%echo_lib_dir/EchoMLIRPlugin.so --load-pass-plugin=%echo_lib_dir/EchoMLIRPlugin.so %s --pass-pipeline='builtin.module(echo-autodiff{function=scores output=step3},echo-autodiff{function=scores5 output=step5},func.func(echo-remat{policy=optimal test-solver-fault=crash}))' > %t.plugin.crash.mlir 2> %t.plugin.crash.err
// RUN: FileCheck %s --check-prefix=PLUGIN --implicit-check-not=error: < %t.plugin.crash.err
// RUN: cmp %t.plugin.echo.mlir %t.plugin.crash.mlir
// PLUGIN-COUNT-2: warning: echo-remat: policy=optimal: the solver process crashed (SIGSEGV) in the program of the step; kept Echo's plan
//
// A negative node count is a located error.
// RUN: not echo-opt %s --pass-pipeline='builtin.module(func.func(echo-remat{policy=optimal solver-nodes=-1}))' 2>&1 | FileCheck %s --check-prefix=NODES
// NODES: solver-fault.mlir:[[#@LINE+3]]:1: error: echo-remat: solver-nodes must be >= 0, got -1

// Five attention queries share %k (optimal.mlir's step).
func.func @scores(%xk: tensor<8x4xf32>, %xq: tensor<5x4xf32>, %labels: tensor<8xi32>,
                  %wk: tensor<4x4xf32> {echo.trainable}, %wq: tensor<4x4xf32> {echo.trainable},
                  %v: tensor<1x4xf32> {echo.trainable}) -> tensor<f32> {
  %k = echo.linear %xk, %wk : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %q = echo.linear %xq, %wq : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<5x4xf32>
  %q0 = echo.slice %q offsets [0, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e0 = echo.add %k, %q0 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z0 = echo.tanh %e0 : tensor<8x4xf32>
  %q1 = echo.slice %q offsets [1, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e1 = echo.add %k, %q1 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z1 = echo.tanh %e1 : tensor<8x4xf32>
  %q2 = echo.slice %q offsets [2, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e2 = echo.add %k, %q2 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z2 = echo.tanh %e2 : tensor<8x4xf32>
  %zc = echo.concat %z0, %z1, %z2 axis 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<24x4xf32>
  %s = echo.linear %zc, %v : (tensor<24x4xf32>, tensor<1x4xf32>) -> tensor<24x1xf32>
  %s2 = echo.reshape %s : tensor<24x1xf32> -> tensor<8x3xf32>
  %l = echo.cross_entropy %s2, %labels : (tensor<8x3xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

// The same shape with five queries, a second function solved beside it.
func.func @scores5(%xk: tensor<8x4xf32>, %xq: tensor<5x4xf32>, %labels: tensor<8xi32>,
                   %wk: tensor<4x4xf32> {echo.trainable}, %wq: tensor<4x4xf32> {echo.trainable},
                   %v: tensor<1x4xf32> {echo.trainable}) -> tensor<f32> {
  %k = echo.linear %xk, %wk : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>
  %q = echo.linear %xq, %wq : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<5x4xf32>
  %q0 = echo.slice %q offsets [0, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e0 = echo.add %k, %q0 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z0 = echo.tanh %e0 : tensor<8x4xf32>
  %q1 = echo.slice %q offsets [1, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e1 = echo.add %k, %q1 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z1 = echo.tanh %e1 : tensor<8x4xf32>
  %q2 = echo.slice %q offsets [2, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e2 = echo.add %k, %q2 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z2 = echo.tanh %e2 : tensor<8x4xf32>
  %q3 = echo.slice %q offsets [3, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e3 = echo.add %k, %q3 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z3 = echo.tanh %e3 : tensor<8x4xf32>
  %q4 = echo.slice %q offsets [4, 0] : tensor<5x4xf32> -> tensor<1x4xf32>
  %e4 = echo.add %k, %q4 : (tensor<8x4xf32>, tensor<1x4xf32>) -> tensor<8x4xf32>
  %z4 = echo.tanh %e4 : tensor<8x4xf32>
  %zc = echo.concat %z0, %z1, %z2, %z3, %z4 axis 0 : (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<40x4xf32>
  %s = echo.linear %zc, %v : (tensor<40x4xf32>, tensor<1x4xf32>) -> tensor<40x1xf32>
  %s2 = echo.reshape %s : tensor<40x1xf32> -> tensor<8x5xf32>
  %l = echo.cross_entropy %s2, %labels : (tensor<8x5xf32>, tensor<8xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
