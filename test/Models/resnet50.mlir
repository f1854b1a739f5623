// ResNet-50 (He et al. 2016), ImageNet, default batch 32 at 224x224.
// Forward + backward at a reduced size run on the CPU runtime; the default
// configuration goes through the full training pipeline and memory planning.
// RUN: echo-models resnet50 --batch 2 --image-size 32 | echo-opt --echo-autodiff | echo-run --iterations 1 --print-loss | FileCheck %s
// CHECK: iter 0 loss {{[0-9]+\.[0-9]+}}
// RUN: echo-models resnet50 | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
