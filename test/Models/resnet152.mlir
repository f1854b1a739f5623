// ResNet-152 (He et al. 2016; Echo's CNN workload), default batch 32 at 224x224.
// The training step is built at a reduced size but not executed: JIT-compiling
// its ~1.8K-op step takes ~40 s on the CPU runtime (compile time, not compute).
// Checked by hand: echo-models resnet152 --batch 2 --image-size 32 | echo-opt --echo-autodiff
// | echo-run --iterations 1 --print-loss runs. The default configuration goes
// through the full training pipeline and memory planning.
// RUN: echo-models resnet152 --batch 2 --image-size 32 | echo-opt --echo-autodiff | FileCheck %s --check-prefix=STEP
// STEP: func.func @train_step
// RUN: echo-models resnet152 | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
