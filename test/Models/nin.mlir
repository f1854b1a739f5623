// Network in Network (Lin et al. 2014, ImageNet form), default batch 64 at 224x224.
// Forward + backward at a reduced size run on the CPU runtime; the default
// configuration goes through the full training pipeline and memory planning.
// RUN: echo-models nin --batch 2 --image-size 67 | echo-opt --echo-autodiff | echo-run --iterations 1 --print-loss | FileCheck %s
// CHECK: iter 0 loss {{[0-9]+\.[0-9]+}}
// RUN: echo-models nin | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
