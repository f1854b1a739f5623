// The consistency guarantees of the zoo hold on imported real exports
// (%real_models, torch-mlir LINALG_ON_TENSORS output of torchvision's
// ResNet-18 and MobileNet-v3-small with their splat weights):
//  * recomputation changes no bit: two SGD steps from the imported weights
//    dump the same bytes under Baseline, Echo, Mirror and the optimal
//    policy, and under Echo with Gist's lossless encodings;
//  * planned == measured: the peak echo-run measures equals the planned
//    peak of the memory report, byte for byte, under Baseline and Echo.
// RUN: rm -rf %t && mkdir -p %t
// RUN: for m in resnet18 mobilenet_v3_small; do \
// RUN:   echo-opt %real_models/$m.mlir --echo-import-linalg="weights-as-arguments weights-dir=%t/$m.w loss=cross-entropy" -o %t/$m.mlir || exit 1; \
// RUN:   echo-opt %t/$m.mlir '--echo-autodiff=optimizer=sgd lr=0.001' -o %t/$m.none.mlir || exit 1; \
// RUN:   echo-opt %t/$m.none.mlir '--echo-remat=policy=echo' -o %t/$m.echo.mlir || exit 1; \
// RUN:   echo-opt %t/$m.none.mlir '--echo-remat=policy=mirror' -o %t/$m.mirror.mlir || exit 1; \
// RUN:   echo-opt %t/$m.none.mlir '--echo-remat=policy=optimal time-limit=5' -o %t/$m.optimal.mlir || exit 1; \
// RUN:   echo-opt %t/$m.echo.mlir '--gist-encode' -o %t/$m.gist.mlir || exit 1; \
// RUN:   for p in none echo mirror optimal gist; do \
// RUN:     echo-run %t/$m.$p.mlir --iterations 2 --seed 1 --inputs $(cat %t/$m.w/inputs.txt) --dump-results %t/$m.$p.out > /dev/null || exit 1; \
// RUN:   done; \
// RUN:   for p in echo mirror optimal gist; do cmp %t/$m.none.out %t/$m.$p.out || exit 1; done; \
// RUN:   test -s %t/$m.none.out && echo "identical $m recompute regions $(grep -c echo.recompute %t/$m.mirror.mlir)"; \
// RUN: done | FileCheck %s --check-prefix=SAME
// SAME: identical resnet18 recompute regions {{[1-9][0-9]*}}
// SAME: identical mobilenet_v3_small recompute regions {{[1-9][0-9]*}}
//
// RUN: for m in resnet18 mobilenet_v3_small; do for p in none echo; do \
// RUN:   echo-opt %t/$m.$p.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t/$m.$p.report || exit 1; \
// RUN:   echo-run %t/$m.$p.mlir --inputs $(cat %t/$m.w/inputs.txt) --memory-stats=json > %t/$m.$p.stats || exit 1; \
// RUN:   python3 %echo_src_root/test/Memory/Inputs/compare_peak.py %t/$m.$p.report %t/$m.$p.stats | sed "s/^/$m $p /"; \
// RUN: done; done | FileCheck %s --check-prefix=PEAK
// PEAK: resnet18 none peak agrees: {{[1-9][0-9]*}} bytes
// PEAK: resnet18 echo peak agrees: {{[1-9][0-9]*}} bytes
// PEAK: mobilenet_v3_small none peak agrees: {{[1-9][0-9]*}} bytes
// PEAK: mobilenet_v3_small echo peak agrees: {{[1-9][0-9]*}} bytes
// REQUIRES: slow
