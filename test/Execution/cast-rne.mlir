// echo.cast on the CPU runtime against PyTorch 1.13, bit for bit: f32 ->
// bf16/f16 on 4096 values (random bit patterns of every exponent, ties to
// even in both directions, f32 denormals, the overflow thresholds, +-Inf,
// NaNs), and every one of the 65536 f16 and bf16 patterns widened to f32
// and converted to the other 16-bit type. NaN results must be the quiet NaN
// of the input's sign (Inputs/check_casts.py).
// REQUIRES: torch
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: %torch_python %S/Inputs/check_casts.py make %t.dir
// RUN: echo-run %s --no-cache --inputs=0=%t.dir/x.npy,1=%t.dir/h.npy,2=%t.dir/b.npy --dump-results %t.dump
// RUN: %torch_python %S/Inputs/check_casts.py check %t.dir %t.dump | FileCheck %s
// CHECK: x f32->bf16: 4096 values bit-identical to torch ({{[1-9][0-9]*}} NaN inputs)
// CHECK: x f32->f16: 4096 values bit-identical to torch ({{[1-9][0-9]*}} NaN inputs)
// CHECK: h f16->f32: 65536 values bit-identical to torch
// CHECK: b bf16->f32: 65536 values bit-identical to torch
// CHECK: h f16->bf16: 65536 values bit-identical to torch (2046 NaN inputs)
// CHECK: b bf16->f16: 65536 values bit-identical to torch (254 NaN inputs)
//
// The same step compiled ahead of time (echo-compile, echo-step: f16 and
// bf16 arguments and results in its manifest, the same .npy inputs) dumps
// the same bytes.
// RUN: echo-compile %s --shared -o %t.so
// RUN: echo-step %t.so --inputs=0=%t.dir/x.npy,1=%t.dir/h.npy,2=%t.dir/b.npy --dump-results %t.step.dump
// RUN: cmp %t.dump %t.step.dump
//
// The checker fails on a wrong bit: the same dump against torch's
// conversions of other inputs.
// RUN: rm -rf %t.other && mkdir %t.other
// RUN: %torch_python %S/Inputs/check_casts.py make %t.other
// RUN: %torch_python -c "p='%t.other/x.npy'; d=bytearray(open(p,'rb').read()); d[-4*4000+2] ^= 0x40; open(p,'wb').write(d)"
// RUN: not %torch_python %S/Inputs/check_casts.py check %t.other %t.dump | FileCheck %s --check-prefix=WRONG
// WRONG: x f32->bf16: FAILED at

func.func @casts(%x: tensor<4096xf32>, %h: tensor<65536xf16>, %b: tensor<65536xbf16>)
    -> (tensor<4096xbf16>, tensor<4096xf16>, tensor<65536xf32>, tensor<65536xf32>,
        tensor<65536xbf16>, tensor<65536xf16>) {
  %0 = echo.cast %x : tensor<4096xf32> -> tensor<4096xbf16>
  %1 = echo.cast %x : tensor<4096xf32> -> tensor<4096xf16>
  %2 = echo.cast %h : tensor<65536xf16> -> tensor<65536xf32>
  %3 = echo.cast %b : tensor<65536xbf16> -> tensor<65536xf32>
  %4 = echo.cast %h : tensor<65536xf16> -> tensor<65536xbf16>
  %5 = echo.cast %b : tensor<65536xbf16> -> tensor<65536xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<4096xbf16>, tensor<4096xf16>, tensor<65536xf32>,
    tensor<65536xf32>, tensor<65536xbf16>, tensor<65536xf16>
}
// REQUIRES: slow
