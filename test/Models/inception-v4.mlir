// Inception-v4 (Szegedy et al. 2017), default batch 128 at 299x299; 75 is its smallest input.
// The training step is built at a reduced size but not executed: JIT-compiling
// its ~1.9K-op step takes ~40 s on the CPU runtime (compile time, not compute).
// Checked by hand: echo-models inception-v4 --batch 2 --image-size 75 | echo-opt --echo-autodiff
// | echo-run --iterations 1 --print-loss runs. The default configuration goes
// through the full training pipeline and memory planning.
// RUN: echo-models inception-v4 --batch 2 --image-size 75 | echo-opt --echo-autodiff | FileCheck %s --check-prefix=STEP
// STEP: func.func @train_step
// RUN: echo-models inception-v4 | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
