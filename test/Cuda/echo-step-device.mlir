// On a machine with a GPU: the same compiled step on the CUDA backend twice
// gives identical bits, and agrees with the CPU backend within 1e-3
// (normwise, per result; bench/gpu/compare_dumps.py).
//
// REQUIRES: cuda-device
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-models mlp --batch 8 --hidden 32 | echo-opt '--echo-autodiff=optimizer=sgd lr=0.1' > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared -o %t/step.so
// RUN: echo-step %t/step.so --backend=cuda --iterations 3 --dump-results %t/gpu1.bin
// RUN: echo-step %t/step.so --backend=cuda --iterations 3 --dump-results %t/gpu2.bin
// RUN: cmp %t/gpu1.bin %t/gpu2.bin
// RUN: echo-step %t/step.so --backend=cpu --iterations 3 --dump-results %t/cpu.bin
// RUN: python3 %echo_src_root/bench/gpu/compare_dumps.py %t/cpu.bin %t/gpu1.bin --rtol 1e-3 | FileCheck %s
// CHECK: worst relative difference {{.*}}: ok
//
// The entry profile: every entry of the step, and their total.
// RUN: echo-step %t/step.so --backend=cuda --iterations 3 --entry-times | FileCheck %s --check-prefix=TIMES
// TIMES: entry times per step (mean of 2 step(s)):
// TIMES: echo_linear {{ +}}3.0
// TIMES: echo_sgd_update {{ +}}6.0
// TIMES: total
