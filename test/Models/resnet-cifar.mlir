// ResNet-(6n+2) on CIFAR-10 (He et al. 2016, Section 4.2): default ResNet-32
// at batch 100 (Dymem's configuration); --depth selects n.
// RUN: echo-models resnet-cifar --batch 2 | echo-opt --echo-autodiff | echo-run --iterations 1 --print-loss | FileCheck %s
// CHECK: iter 0 loss {{[0-9]+\.[0-9]+}}
// ResNet-8 learns: 5 SGD steps on a fixed batch lower the loss.
// RUN: echo-models resnet-cifar --batch 4 --depth 8 | echo-opt '--echo-autodiff=optimizer=sgd lr=0.05' | echo-run --iterations 5 --print-loss | FileCheck %s --check-prefix=SGD
// SGD: iter 0 loss 2.
// SGD: iter 4 loss {{0\.|1\.}}
// RUN: echo-models resnet-cifar | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: "function":"train_step"{{.*}}"planned_peak_bytes":{{[1-9][0-9]*}}
// ResNet-1202 (Gist, Figure 16) at Gist's batch 16 builds and plans.
// RUN: echo-models resnet-cifar --depth 1202 --batch 16 | echo-opt --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: not echo-models resnet-cifar --depth 33 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: resnet-cifar needs --depth = 6n+2
