// On a machine with a GPU: a step whose light ops are generated kernels
// (echo-compile --target=cuda) runs on the CUDA backend, twice with
// identical bits, and agrees with the CPU backend within 1e-3 (normwise,
// per result; bench/gpu/compare_dumps.py).
//
// REQUIRES: cuda-device, cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo-models mlp --batch 8 --hidden 32 | echo-opt '--echo-autodiff=optimizer=sgd lr=0.1' > %t/step.mlir
// RUN: echo-compile %t/step.mlir --shared -o %t/cpu.so
// RUN: echo-compile %t/step.mlir --target=cuda --shared -o %t/gen.so
// RUN: echo-step %t/gen.so --backend=cuda --iterations 3 --dump-results %t/gpu1.bin
// RUN: echo-step %t/gen.so --backend=cuda --iterations 3 --dump-results %t/gpu2.bin
// RUN: cmp %t/gpu1.bin %t/gpu2.bin
// RUN: echo-step %t/cpu.so --backend=cpu --iterations 3 --dump-results %t/cpu.bin
// RUN: python3 %echo_src_root/bench/gpu/compare_dumps.py %t/cpu.bin %t/gpu1.bin --rtol 1e-3 | FileCheck %s
// CHECK: worst relative difference {{.*}}: ok
