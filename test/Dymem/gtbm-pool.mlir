// The runtime's dynamic pool (echo-run --pool, docs/dymem.md, GTBM) places
// the buffers of a step compiled without a static plan; where they are
// placed never changes what is computed, nor the live bytes counted.
// RUN: echo-models resnet-cifar --batch 2 --depth 8 --image-size 8 | echo-opt --echo-autodiff=optimizer=sgd -o %t.step.mlir
// RUN: echo-run %t.step.mlir --no-buffer-assign --iterations 3 --seed 7 --dump-results %t.none --memory-stats > %t.none.txt
// RUN: echo-run %t.step.mlir --no-buffer-assign --iterations 3 --seed 7 --dump-results %t.bf --memory-stats --pool=best-fit --pool-trace=%t.bf.csv > %t.bf.txt
// RUN: echo-run %t.step.mlir --no-buffer-assign --iterations 3 --seed 7 --dump-results %t.gtbm --memory-stats --pool=gtbm --pool-trace=%t.gtbm.csv > %t.gtbm.txt
// RUN: cmp %t.none %t.bf
// RUN: cmp %t.none %t.gtbm
// RUN: grep peak_bytes %t.none.txt > %t.none.peak
// RUN: grep peak_bytes %t.bf.txt | diff %t.none.peak -
// RUN: grep peak_bytes %t.gtbm.txt | diff %t.none.peak -
//
// Every step's placement is checked event by event: aligned, no overlap,
// each mobility in its region, everything freed; the first step profiles
// (no size), the next ones run in the pool sized from it without overflow.
// RUN: python3 %S/Inputs/check_pool_trace.py %t.bf.csv | FileCheck %s --check-prefix=BF
// BF: step 0 best-fit profiling=1 ok: overflows=0 sized=no
// BF-NEXT: step 1 best-fit profiling=0 ok: overflows=0 sized=yes
// BF-NEXT: step 2 best-fit profiling=0 ok: overflows=0 sized=yes
// RUN: python3 %S/Inputs/check_pool_trace.py %t.gtbm.csv | FileCheck %s --check-prefix=GTBM
// GTBM: step 0 gtbm profiling=1 ok: overflows=0 sized=no
// GTBM-NEXT: step 1 gtbm profiling=0 ok: overflows=0 sized=yes
// GTBM-NEXT: step 2 gtbm profiling=0 ok: overflows=0 sized=yes
//
// Each mobility the compiler chose reaches the pool.
// RUN: FileCheck %s --check-prefix=KINDS < %t.gtbm.csv
// KINDS-DAG: ,movable,{{[0-9]+}},low,
// KINDS-DAG: ,temporary,{{[0-9]+}},high,
// KINDS-DAG: ,reclaimed,{{[0-9]+}},incremental,
//
// Bad options are errors.
// RUN: not echo-run %t.step.mlir --pool=first-fit 2>&1 | FileCheck %s --check-prefix=BADPOOL
// BADPOOL: Cannot find option named 'first-fit'
// RUN: not echo-run %t.step.mlir --pool-trace=%t.x.csv 2>&1 | FileCheck %s --check-prefix=NOPOOL
// NOPOOL: echo-run: --pool-trace needs --pool=best-fit or --pool=gtbm
// RUN: not echo-run %t.step.mlir --no-buffer-assign --pool=gtbm --pool-trace=%t.missing/dir/x.csv 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: echo_mem_use_pool: cannot write the pool trace {{.*}}x.csv: No such file or directory
