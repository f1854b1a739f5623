// Issue 16's acceptance on the CPU backend, whose copy thread really runs
// the copies: an NMT step (small size) and a ResNet-50 step (small images)
// give bit-identical results with offload on and off, and the device peak
// the runtime measures equals the planned one byte for byte, below the
// peak without offload.
//
// ResNet-50 (bottleneck blocks + BN, batch 2, 32x32): Dymem's rule, every
// conv layer's input (no time budget).
// RUN: echo-models resnet50 --batch 2 --image-size 32 | echo-opt --echo-autodiff -o %t.rn.mlir
// RUN: echo-opt %t.rn.mlir '--echo-offload=policy=dymem max-slowdown=100000' -o %t.rn.off.mlir
// RUN: FileCheck %s --check-prefix=OFFLOADED < %t.rn.off.mlir
// RUN: echo-run %t.rn.mlir --seed 3 --dump-results %t.rn.out > /dev/null
// RUN: echo-run %t.rn.off.mlir --seed 3 --dump-results %t.rn.off.out --memory-stats=json > %t.rn.off.stats
// RUN: cmp %t.rn.out %t.rn.off.out
// RUN: test -s %t.rn.out
// RUN: echo-opt %t.rn.off.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.rn.off.report
// RUN: echo-opt %t.rn.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.rn.report
// RUN: python3 %echo_src_root/test/Memory/Inputs/compare_peak.py %t.rn.off.report %t.rn.off.stats | FileCheck %s --check-prefix=PEAK
// RUN: python3 %S/Inputs/peak_below.py %t.rn.off.report %t.rn.report | FileCheck %s --check-prefix=FALLS
//
// NMT (Sockeye RNN, small): Dymem's rule (no convolution: the inputs of the
// fully-connected layers), then every stash (greedy).
// RUN: echo-models nmt --batch 2 --src-len 3 --tgt-len 3 --hidden 16 --vocab 32 | echo-opt --echo-autodiff -o %t.nmt.mlir
// RUN: echo-opt %t.nmt.mlir '--echo-offload=policy=dymem max-slowdown=100000' -o %t.nmt.dy.mlir
// RUN: echo-opt %t.nmt.mlir '--echo-offload=policy=greedy max-slowdown=100000' -o %t.nmt.gr.mlir
// RUN: FileCheck %s --check-prefix=OFFLOADED < %t.nmt.dy.mlir
// RUN: FileCheck %s --check-prefix=OFFLOADED < %t.nmt.gr.mlir
// RUN: echo-run %t.nmt.mlir --seed 3 --dump-results %t.nmt.out > /dev/null
// RUN: echo-run %t.nmt.dy.mlir --seed 3 --dump-results %t.nmt.dy.out --memory-stats=json > %t.nmt.dy.stats
// RUN: echo-run %t.nmt.gr.mlir --seed 3 --dump-results %t.nmt.gr.out --memory-stats=json > %t.nmt.gr.stats
// RUN: cmp %t.nmt.out %t.nmt.dy.out
// RUN: cmp %t.nmt.out %t.nmt.gr.out
// RUN: test -s %t.nmt.out
// RUN: echo-opt %t.nmt.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.nmt.report
// RUN: echo-opt %t.nmt.dy.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.nmt.dy.report
// RUN: echo-opt %t.nmt.gr.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.nmt.gr.report
// RUN: python3 %echo_src_root/test/Memory/Inputs/compare_peak.py %t.nmt.dy.report %t.nmt.dy.stats | FileCheck %s --check-prefix=PEAK
// RUN: python3 %echo_src_root/test/Memory/Inputs/compare_peak.py %t.nmt.gr.report %t.nmt.gr.stats | FileCheck %s --check-prefix=PEAK
// RUN: python3 %S/Inputs/peak_below.py %t.nmt.dy.report %t.nmt.report | FileCheck %s --check-prefix=FALLS
// RUN: python3 %S/Inputs/peak_below.py %t.nmt.gr.report %t.nmt.dy.report | FileCheck %s --check-prefix=FALLS
//
// A dropout's mask (i1) goes to the host and back like an f32 map
// (a small CNN with dropout before its classifier, every stash offloaded).
// RUN: echo-opt %echo_src_root/test/Gist/Inputs/cnn-a.mlir --echo-autodiff -o %t.cnn.mlir
// RUN: echo-opt %t.cnn.mlir '--echo-offload=policy=greedy max-slowdown=100000' -o %t.cnn.off.mlir
// RUN: FileCheck %s --check-prefix=MASKS < %t.cnn.off.mlir
// RUN: echo-run %t.cnn.mlir --seed 3 --dump-results %t.cnn.out > /dev/null
// RUN: echo-run %t.cnn.off.mlir --seed 3 --dump-results %t.cnn.off.out --memory-stats=json > %t.cnn.off.stats
// RUN: cmp %t.cnn.out %t.cnn.off.out
// RUN: echo-opt %t.cnn.off.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.cnn.off.report
// RUN: python3 %echo_src_root/test/Memory/Inputs/compare_peak.py %t.cnn.off.report %t.cnn.off.stats | FileCheck %s --check-prefix=PEAK

// OFFLOADED: echo.offload
// OFFLOADED: echo.prefetch
// MASKS: echo.offload {{.*}} : tensor<{{.*}}xi1>
// PEAK: peak agrees: {{[1-9][0-9]*}} bytes
// FALLS: peak falls: {{[0-9]+}} < {{[0-9]+}} bytes
// REQUIRES: slow
