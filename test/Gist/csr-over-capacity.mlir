// A plan holds whatever the data (issue 41): a CSR map denser than the
// capacity its plan relied on is refused by the runtime before anything is
// written or allocated (runtime/tests/EncodingTest.cpp checks the bytes and
// the allocator), with an error located at the echo.encode; no block is
// allocated outside the plan. csr-density=0.01 asserts a bound that these
// maps (50-95% non-zero) do not meet.
//
// The gist-encode RUN lines read Inputs/cnn-a.autodiff.mlir
// (Inputs/cnn-a.mlir after echo-autodiff).
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode=csr-density=0.01 -o %t.a.tight.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.a.tight.mlir
// IR: echo.csr_bounds = {asserted = {bytes = 62 : i64, maps = 1 : i64}}
// IR: echo.encode %{{.*}} : tensor<2x8x6x6xf32> as #echo.encoding<csr, density = 1.000000e-02>
// RUN: not echo-run %t.a.tight.mlir --memory-stats=json 2>&1 | FileCheck %s --check-prefix=REFUSED -DFILE=%t.a.tight.mlir
// RUN: not echo-run %t.a.tight.mlir --no-buffer-assign 2>&1 | FileCheck %s --check-prefix=REFUSED -DFILE=%t.a.tight.mlir
// REFUSED: echo-run: runtime error in step 0 of @train_step: echo_encode_csr: the map of 576 elements has {{[0-9]+}} non-zeros, more than the 6 its csr encoding was planned for ({{.*}}); nothing was written (at [[FILE]]:{{[0-9]+}}:{{[0-9]+}})
// REFUSED-NOT: capacity
//
// The same maps planned at the dense bound (the default) stay plain: the
// step runs, bit-identical to the Baseline, and measures its plan exactly.
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir > %t.a.base.mlir
// RUN: echo-opt %S/Inputs/cnn-a.autodiff.mlir --gist-encode > %t.a.gist.mlir
// RUN: FileCheck %s --check-prefix=DENSE < %t.a.gist.mlir
// DENSE: echo.csr_bounds = {dense = {bytes = 2304 : i64, maps = 1 : i64}}
// DENSE-NOT: #echo.encoding<csr
// RUN: echo-run %t.a.base.mlir --no-buffer-assign --dump-results %t.a.base
// RUN: echo-run %t.a.gist.mlir --dump-results %t.a.gist --memory-stats=json > %t.a.gist.stats
// RUN: cmp %t.a.base %t.a.gist
// RUN: echo-opt %t.a.gist.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.a.gist.report
// RUN: python3 %echo_src_root/test/Memory/Inputs/compare_peak.py %t.a.gist.report %t.a.gist.stats | FileCheck %s --check-prefix=AGREE
// AGREE: peak agrees: {{[1-9][0-9]*}} bytes
//
// cnn-b has two SSDC maps (a pool output and a relu output after a pool):
// the first encode is refused, at step 0 and with 3 SGD steps.
// RUN: echo-opt %S/Inputs/cnn-b.mlir "--echo-autodiff=optimizer=sgd lr=0.05" --gist-encode=csr-density=0.01 -o %t.b.tight.mlir
// RUN: not echo-run %t.b.tight.mlir --iterations 3 2>&1 | FileCheck %s --check-prefix=REFUSED-B
// REFUSED-B: runtime error in step 0 of @train_step: echo_encode_csr: the map of {{[0-9]+}} elements has {{[0-9]+}} non-zeros, more than the {{[0-9]+}} its csr encoding was planned for
