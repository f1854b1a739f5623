// The step cache: the first run compiles the step and stores it, the next
// loads it instead (no parsing, pipeline or code generation) and gives the
// same bits. An entry that does not check out (cut short, a changed byte,
// another key's entry, not an entry at all) is reported and compiled again,
// never run. lit sets ECHO_NO_CACHE=1 for every other test.
// RUN: rm -rf %t.cache %t.env %t.off
// RUN: echo-opt %s '--echo-autodiff=optimizer=sgd lr=0.5' > %t.step.mlir
// RUN: echo-run %t.step.mlir --no-cache --iterations 3 --print-loss --dump-results %t.ref > %t.ref.log
//
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --print-loss --dump-results %t.1 2>%t.1.err > %t.1.log
// RUN: FileCheck %s --check-prefix=MISS < %t.1.err
// MISS-NOT: hit
// MISS: echo-run: cache: stored {{.*}}{{[0-9a-f]+}}.step
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --print-loss --dump-results %t.2 2>%t.2.err > %t.2.log
// RUN: FileCheck %s --check-prefix=HIT < %t.2.err
// HIT: echo-run: cache: hit {{.*}}.step
// HIT-NOT: stored
// RUN: cmp %t.ref %t.1
// RUN: cmp %t.ref %t.2
// RUN: cmp %t.ref.log %t.2.log
//
// Options that change the lowering are part of the key.
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --no-buffer-assign --dump-results %t.nba 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: ls %t.cache | count 2
//
// Damaged entries: reported, compiled again, same results; the next run hits.
// RUN: python3 %S/Inputs/damage_cache.py truncate %t.cache
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --dump-results %t.3 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: warning: step cache entry {{.*}}.step has a damaged header or is truncated; compiling the step again
// TRUNCATED: echo-run: cache: stored
// RUN: cmp %t.ref %t.3
// RUN: python3 %S/Inputs/damage_cache.py flip %t.cache
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --dump-results %t.4 2>&1 | FileCheck %s --check-prefix=FLIPPED
// FLIPPED: warning: step cache entry {{.*}}.step fails its checksum; compiling the step again
// RUN: cmp %t.ref %t.4
// RUN: python3 %S/Inputs/damage_cache.py swap %t.cache
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --dump-results %t.5 2>&1 | FileCheck %s --check-prefix=SWAPPED
// SWAPPED: warning: step cache entry {{.*}}.step belongs to another key ({{[0-9a-f]+}}); compiling the step again
// RUN: cmp %t.ref %t.5
// RUN: python3 %S/Inputs/damage_cache.py garbage %t.cache
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --dump-results %t.6 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: warning: step cache entry {{.*}}.step is not in the format 'echo-mlir step cache 1'; compiling the step again
// RUN: cmp %t.ref %t.6
// RUN: echo-run %t.step.mlir --cache-dir=%t.cache --cache-stats --iterations 3 --dump-results %t.7 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: cmp %t.ref %t.7
//
// ECHO_CACHE_DIR places the cache; ECHO_NO_CACHE (and --no-cache) turn it
// off; a directory that cannot be written is a warning, not an error.
// RUN: env -u ECHO_NO_CACHE ECHO_CACHE_DIR=%t.env echo-run %t.step.mlir --cache-stats 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: ls %t.env | count 1
// RUN: env ECHO_NO_CACHE=1 ECHO_CACHE_DIR=%t.off echo-run %t.step.mlir --cache-stats 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: env -u ECHO_NO_CACHE ECHO_CACHE_DIR=%t.off echo-run %t.step.mlir --no-cache --cache-stats 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: not ls %t.off
// OFF-NOT: cache
// RUN: echo-run %t.step.mlir --cache-dir=%t.1.log/sub --cache-stats --dump-results %t.8 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: echo-run: warning: the step cache: cannot create {{.*}}sub
// RUN: echo-run %t.step.mlir --no-cache --dump-results %t.9
// RUN: cmp %t.8 %t.9

func.func @mlp(%x: tensor<32x16xf32>, %labels: tensor<32xi32>,
               %w1: tensor<32x16xf32> {echo.trainable}, %b1: tensor<32xf32> {echo.trainable},
               %w2: tensor<4x32xf32> {echo.trainable}, %b2: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %h = echo.linear %x, %w1, %b1 : (tensor<32x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<32x32xf32>
  %r = echo.relu %h : tensor<32x32xf32>
  %o = echo.linear %r, %w2, %b2 : (tensor<32x32xf32>, tensor<4x32xf32>, tensor<4xf32>) -> tensor<32x4xf32>
  %l = echo.cross_entropy %o, %labels : (tensor<32x4xf32>, tensor<32xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
