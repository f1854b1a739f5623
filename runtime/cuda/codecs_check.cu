//===- codecs_check.cu - echo/codecs.h compiles as device code ------------===//
//
// Not part of the build: a compile check that every codec of echo/codecs.h
// is usable from a __global__ kernel, as a CUDA backend will use them:
//   nvcc -c -arch=sm_80 -I runtime/include runtime/cuda/codecs_check.cu
// One thread per packed unit (byte, word, element), no atomics.
//
//===----------------------------------------------------------------------===//

#include "echo/codecs.h"

namespace cd = echo_codecs;

__global__ void codecsCheck(const float *x, int64_t n, uint8_t *bits,
                            uint16_t *halves, uint32_t *fp10, uint32_t *fp8,
                            float *y, uint8_t *argmax, int64_t positions) {
  int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  // binarize: one byte of 8 elements per thread.
  if (t < (n + 7) / 8) {
    uint8_t byte = 0;
    for (int64_t i = 8 * t; i < 8 * t + 8 && i < n; ++i)
      byte |= cd::packBit(i, cd::binarizeBit(x[i]));
    bits[t] = byte;
  }
  if (t < n) {
    halves[t] = cd::encodeFp16(x[t]);
    y[t] = cd::decodeFp16(halves[t]) + cd::binarizeValue(cd::getBit(bits, t)) +
           (cd::maskBit((uint8_t)t) ? 1.0f : 0.0f);
  }
  // fp10: one word of 3 elements per thread; fp8: one word of 4.
  if (t < (n + 2) / 3) {
    uint32_t c[3] = {0, 0, 0};
    for (int j = 0; j < 3 && 3 * t + j < n; ++j)
      c[j] = cd::encodeFp10(x[3 * t + j]);
    fp10[t] = cd::packFp10(c[0], c[1], c[2]);
    y[3 * t] += cd::decodeFp10(cd::unpackFp10(fp10[t], 0));
  }
  if (t < (n + 3) / 4) {
    uint32_t c[4] = {0, 0, 0, 0};
    for (int j = 0; j < 4 && 4 * t + j < n; ++j)
      c[j] = cd::encodeFp8(x[4 * t + j]);
    fp8[t] = cd::packFp8(c[0], c[1], c[2], c[3]);
    y[4 * t] += cd::decodeFp8((uint8_t)cd::unpackFp8(fp8[t], 0));
  }
  // Pool argmax: two 4-bit codes per byte, or one 8-bit code.
  if (t < n / 2) {
    int bitsPer = cd::poolArgmaxBits(positions);
    if (bitsPer == 4)
      argmax[t] = cd::packArgmax4((uint32_t)t & 0xf, (uint32_t)(t + 1) & 0xf);
    else
      cd::orArgmax(argmax, t, (uint32_t)t & 0xff, bitsPer);
    y[t] += (float)cd::getArgmax(argmax, t, bitsPer);
  }
  // CSR geometry.
  if (t == 0) {
    y[0] += (float)cd::csrBytes(n, n / 4) + (float)cd::csrValuesOffset(n) +
            (cd::csrIsNonZero(x[0]) ? 1.0f : 0.0f);
    cd::putBit(bits, 0, true);
  }
}
