// ResNet-152 (He et al. 2016; Echo's CNN workload), default batch 32 at 224x224.
// One training step runs on the CPU at the smallest size; the default
// configuration goes through the full training pipeline and memory planning.
// RUN: echo-models resnet152 --batch 2 --image-size 32 | echo-opt --echo-autodiff | echo-run --iterations 1 --print-loss | FileCheck %s --check-prefix=EXEC
// EXEC: iter 0 loss
// RUN: echo-models resnet152 --batch 2 --image-size 32 | echo-opt --echo-autodiff | FileCheck %s --check-prefix=STEP
// STEP: func.func @train_step
// RUN: echo-models resnet152 | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
// REQUIRES: slow
