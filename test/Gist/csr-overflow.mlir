// SSDC overflow: with csr-density=0.01 the planned CSR buffers hold 1% of
// the elements, but the relu/max_pool outputs of these nets are 50-95%
// non-zero, so every csr encode takes the runtime's overflow path (the
// whole CSR goes to an "encoded" block of the counting allocator, freed by
// the decode). The gradients stay bit-identical to the Baseline.
//
// echo-run does not print the overflow count (echo_mem_csr_overflows()) in
// --memory-stats; the overflow is observed instead through the only
// "encoded" allocations made outside the planned arena: with buffer
// assignment, every planned encoding lives in the arena, so
// max_by_category.encoded > 0 means an overflow block was allocated.
// csr-density=1 never overflows: encoded stays 0.
//
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-autodiff > %t.a.base.mlir
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-autodiff --gist-encode=csr-density=0.01 > %t.a.ovf.mlir
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-autodiff --gist-encode=csr-density=1 > %t.a.fit.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.a.ovf.mlir
// IR: echo.encode %{{.*}} : tensor<2x8x6x6xf32> as #echo.encoding<csr, density = 1.000000e-02>
// RUN: echo-run %t.a.base.mlir --no-buffer-assign --dump-results %t.a.base
// RUN: echo-run %t.a.ovf.mlir --dump-results %t.a.ovf --memory-stats=json | python3 %S/Inputs/mem_stat.py max_by_category.encoded | FileCheck %s --check-prefix=OVF
// RUN: echo-run %t.a.fit.mlir --dump-results %t.a.fit --memory-stats=json | python3 %S/Inputs/mem_stat.py max_by_category.encoded | FileCheck %s --check-prefix=FIT
// RUN: echo-run %t.a.ovf.mlir --no-buffer-assign --dump-results %t.a.ovf.sep
// RUN: cmp %t.a.base %t.a.ovf
// RUN: cmp %t.a.base %t.a.ovf.sep
// RUN: cmp %t.a.base %t.a.fit
// OVF: max_by_category.encoded>0 True
// FIT: max_by_category.encoded 0
//
// The overflow block counts against the device capacity: at a capacity equal
// to the measured peak of the csr-density=1 step (which runs fine there), the
// overflowing step fails with the runtime's out-of-memory status (4), naming
// the "csr overflow" block.
// RUN: echo-run %t.a.fit.mlir --memory-stats=json | python3 -c "import json, sys; print(json.loads(sys.stdin.read().splitlines()[-1])['peak_bytes'])" > %t.a.fit.peak
// RUN: echo-run %t.a.fit.mlir --capacity=$(cat %t.a.fit.peak)
// RUN: not echo-run %t.a.ovf.mlir --capacity=$(cat %t.a.fit.peak) 2>&1 | FileCheck %s --check-prefix=OOM
// OOM: out of memory: cannot allocate {{[0-9]+}} bytes for csr overflow
//
// cnn-b has two csr encodings (a pool output and a relu output after a
// pool); both overflow, gradients still identical, repeated over 3 steps.
// RUN: echo-opt %S/Inputs/cnn-b.mlir --echo-autodiff > %t.b.base.mlir
// RUN: echo-opt %S/Inputs/cnn-b.mlir --echo-autodiff --gist-encode=csr-density=0.01 > %t.b.ovf.mlir
// RUN: echo-run %t.b.base.mlir --iterations 3 --dump-results %t.b.base
// RUN: echo-run %t.b.ovf.mlir --iterations 3 --dump-results %t.b.ovf --memory-stats=json | python3 %S/Inputs/mem_stat.py max_by_category.encoded | FileCheck %s --check-prefix=OVF
// RUN: cmp %t.b.base %t.b.ovf
