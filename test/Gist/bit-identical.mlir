// Lossless Gist (binarize, pool argmax, mask1, csr) changes no bit of the
// loss and gradients: echo-run --dump-results of the Baseline step and of the
// gist-encode step are byte-identical, on
//  * Inputs/cnn-a.mlir: conv pad 1, relu, max_pool 2x2/2, conv, relu,
//    overlapping max_pool 3x3/2 pad 1, dropout, linear, cross_entropy;
//  * Inputs/cnn-b.mlir: conv stride 2 pad 1, relu, max_pool 3x3/1 pad 1
//    (every element in up to 9 windows), max_pool 5x5/2 pad 2 straight on a
//    conv output (25-position windows: 8-bit argmax codes), relu after the
//    pool, 1x1 conv on a relu output;
//  * Inputs/cnn-c.mlir: 3 conv layers, two of them 2x2/2 pools, wider batch.
// echo-run plans one arena with echo-buffer-assign by default, which runs
// relu (echo_unary) in place over the conv output that dies there and
// relu_grad in place over its incoming gradient; --no-buffer-assign gives
// every buffer its own allocation. All four combinations agree.
//
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-autodiff > %t.a.base.mlir
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-autodiff --gist-encode > %t.a.gist.mlir
// RUN: echo-run %t.a.base.mlir --no-buffer-assign --dump-results %t.a.base.sep
// RUN: echo-run %t.a.base.mlir --dump-results %t.a.base.arena
// RUN: echo-run %t.a.gist.mlir --no-buffer-assign --dump-results %t.a.gist.sep
// RUN: echo-run %t.a.gist.mlir --dump-results %t.a.gist.arena
// RUN: cmp %t.a.base.sep %t.a.base.arena
// RUN: cmp %t.a.base.sep %t.a.gist.sep
// RUN: cmp %t.a.base.sep %t.a.gist.arena
// RUN: python3 %echo_src_root/test/Execution/Inputs/dump_headers.py %t.a.gist.arena | FileCheck %s --check-prefix=HDR-A
// HDR-A: result 0 f32 [] 4 ok finite
// HDR-A: result 1 f32 [8, 3, 3, 3] 864 ok finite
// HDR-A: result 6 f32 [10] 40 ok finite
//
// RUN: echo-opt %S/Inputs/cnn-b.mlir --echo-autodiff > %t.b.base.mlir
// RUN: echo-opt %S/Inputs/cnn-b.mlir --echo-autodiff --gist-encode > %t.b.gist.mlir
// RUN: echo-run %t.b.base.mlir --no-buffer-assign --dump-results %t.b.base.sep
// RUN: echo-run %t.b.gist.mlir --no-buffer-assign --dump-results %t.b.gist.sep
// RUN: echo-run %t.b.gist.mlir --dump-results %t.b.gist.arena
// RUN: cmp %t.b.base.sep %t.b.gist.sep
// RUN: cmp %t.b.base.sep %t.b.gist.arena
//
// RUN: echo-opt %S/Inputs/cnn-c.mlir --echo-autodiff > %t.c.base.mlir
// RUN: echo-opt %S/Inputs/cnn-c.mlir --echo-autodiff --gist-encode > %t.c.gist.mlir
// RUN: echo-run %t.c.base.mlir --no-buffer-assign --seed 3 --dump-results %t.c.base.sep
// RUN: echo-run %t.c.gist.mlir --seed 3 --dump-results %t.c.gist.arena
// RUN: cmp %t.c.base.sep %t.c.gist.arena
//
// Several training steps (SGD with momentum): the parameters after 4 steps
// are bit-identical too, so no step drifts.
// RUN: echo-opt %S/Inputs/cnn-a.mlir "--echo-autodiff=optimizer=sgd lr=0.05 momentum=0.9" > %t.a.sgd.base.mlir
// RUN: echo-opt %t.a.sgd.base.mlir --gist-encode > %t.a.sgd.gist.mlir
// RUN: echo-run %t.a.sgd.base.mlir --iterations 4 --no-buffer-assign --dump-results %t.a.sgd.base
// RUN: echo-run %t.a.sgd.gist.mlir --iterations 4 --dump-results %t.a.sgd.gist
// RUN: cmp %t.a.sgd.base %t.a.sgd.gist
//
// The in-place reuse really happens in the planned gist step: each relu's
// buffer shares the slot of the conv output it reads (equal slot in echo.slice), and
// each relu_grad shares the slot of its incoming gradient.
// RUN: echo-opt %S/Inputs/cnn-a.mlir --echo-training-pipeline=gist=lossless | FileCheck %s --check-prefix=INPLACE
// INPLACE-LABEL: func.func @train_step
// INPLACE: echo.alloc_for = "echo.conv2d"{{.*}}echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[S1:[0-9]+]]>
// INPLACE-NOT: echo.alloc_for = "echo.conv2d"
// INPLACE: echo.alloc_for = "echo.relu"{{.*}}echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[S1]]>
// INPLACE: echo.alloc_for = "echo.conv2d"{{.*}}echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[S2:[0-9]+]]>
// INPLACE-NOT: echo.alloc_for = "echo.conv2d"
// INPLACE: echo.alloc_for = "echo.relu"{{.*}}echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[S2]]>
// INPLACE: echo.alloc_for = "echo.max_pool2d_grad_argmax"{{.*}}echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[G:[0-9]+]]>
// INPLACE: echo.alloc_for = "echo.relu_grad_encoded"{{.*}}echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = {{[0-9]+}}, first = {{[0-9]+}}, last = {{[0-9]+}}, slot = [[G]]>
// INPLACE: call @echo_relu_grad_binarized
