// echo-run validates every --inputs file and reports a bad one with a
// message and exit status 1, never an abort or a silent misread.
// RUN: echo-opt %s --echo-autodiff > %t.step.mlir
// RUN: mkdir -p %t.dir
// RUN: not echo-run %t.step.mlir --inputs=0=%t.dir 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: echo-run: --inputs: {{.*}}.dir is a directory, not a .npy file
// RUN: not echo-run %t.step.mlir --inputs=0=%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: echo-run: --inputs: cannot open {{.*}}missing.npy
//
// Shapes must be tuples of non-negative integers that fit in 64 bits.
// RUN: python3 %S/Inputs/write_npy.py %t.good.npy f4 2,3 1,2,3,4,5,6
// RUN: sed 's/(2, 3)/(-2, -3)/' %t.good.npy > %t.negative.npy
// RUN: not echo-run %t.step.mlir --inputs=0=%t.negative.npy 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: echo-run: --inputs: {{.*}}negative.npy: shape (-2, -3) is not a tuple of non-negative integers
// RUN: sed 's/(2, 3)/(99999999999, 99999999999)/' %t.good.npy > %t.huge.npy
// RUN: not echo-run %t.step.mlir --inputs=0=%t.huge.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: echo-run: --inputs: {{.*}}huge.npy: shape (99999999999, 99999999999) is too large
// RUN: head -c 140 %t.good.npy > %t.truncated.npy
// RUN: not echo-run %t.step.mlir --inputs=0=%t.truncated.npy 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: echo-run: --inputs: {{.*}}truncated.npy: expected 24 data bytes, found 12
// RUN: sed "s/<f4/>f4/" %t.good.npy > %t.bigendian.npy
// RUN: not echo-run %t.step.mlir --inputs=0=%t.bigendian.npy 2>&1 | FileCheck %s --check-prefix=ENDIAN
// ENDIAN: echo-run: --inputs: {{.*}}bigendian.npy: unsupported dtype '>f4'
// RUN: python3 %S/Inputs/write_npy.py %t.wrong.npy f4 3,2 1,2,3,4,5,6
// RUN: not echo-run %t.step.mlir --inputs=0=%t.wrong.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: echo-run: --inputs: {{.*}}wrong.npy holds a f32 array of the wrong shape or type for argument #0
//
// The right file is accepted.
// RUN: echo-run %t.step.mlir --inputs=0=%t.good.npy --print-loss | FileCheck %s --check-prefix=GOOD
// GOOD: iter 0 loss

func.func @f(%x: tensor<2x3xf32>, %w: tensor<3x3xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.linear %x, %w : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %l = echo.reduce mean %y dims [0, 1] : tensor<2x3xf32> -> tensor<f32>
  return %l : tensor<f32>
}
