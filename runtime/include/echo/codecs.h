/*===- codecs.h - Bit-level formats of the Gist encodings -------*- C++ -*-===*
 *
 * The one definition of the encoded byte layouts declared in echo/runtime.h
 * ("Encodings of stashed feature maps"). Header-only and free of the C++
 * library, so the CPU backend (runtime/cpu/Encoding.cpp) and a CUDA backend
 * share the same per-element code: every function is ECHO_HD, which is
 * `__host__ __device__` under nvcc. docs/runtime.md ("Encoded formats")
 * describes the formats in prose.
 *
 * Conventions
 *  - Multi-byte fields (fp16 halves, packed fp10/fp8 words, CSR header and
 *    row pointers, CSR values) are little-endian, i.e. the native order of
 *    x86-64, AArch64 and CUDA devices; the CPU entries load and store them
 *    with memcpy because encoded buffers need not be aligned.
 *  - Bit i of a bit map (binarize, mask1) is bit (i % 8) of byte i / 8,
 *    least significant bit first. Unused trailing bits are zero.
 *  - Element j of a packed word is bits [j * width, (j + 1) * width) of the
 *    32-bit word: fp10 packs 3 elements (bits 30, 31 zero), fp8 packs 4.
 *    Unused trailing slots of the last word are zero.
 *  - Pool argmax: 4-bit codes, element i in the low nibble of byte i / 2
 *    when i is even, else the high nibble; 8-bit codes, one byte each.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_CODECS_H
#define ECHO_CODECS_H

#include <stdint.h>

/* Marks the codecs as callable from host and device code. Every function
 * below is also `inline` (header-only, included by several objects). */
#ifdef __CUDACC__
#define ECHO_HD __host__ __device__
#else
#define ECHO_HD
#endif

namespace echo_codecs {

/*--- f32 bit access ---------------------------------------------------------*/

ECHO_HD inline uint32_t f32Bits(float f) {
#ifdef __CUDA_ARCH__
  return (uint32_t)__float_as_uint(f);
#else
  uint32_t u;
  __builtin_memcpy(&u, &f, sizeof u);
  return u;
#endif
}

ECHO_HD inline float f32FromBits(uint32_t u) {
#ifdef __CUDA_ARCH__
  return __uint_as_float(u);
#else
  float f;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
#endif
}

/*--- Small floating-point formats -------------------------------------------*/

/* A binary format with 1 sign bit, E exponent bits (bias 2^(E-1) - 1) and M
 * mantissa bits, the all-ones exponent reserved for Inf (mantissa 0) and NaN.
 *
 * IEEE (fp16): exactly IEEE 754 binary16 conversion, round to nearest even,
 *   denormals kept, finite values that round above the largest finite value
 *   become Inf (what F16C and __float2half_rn do).
 * Gist (fp10, fp8): round to nearest even at the format's precision, then a
 *   finite result above the largest finite value is clamped to it (sign
 *   kept) and a result below the smallest normal (a denormal) is flushed to
 *   a zero of the same sign. A value just below the smallest normal that
 *   rounds up to it is kept. The decoder reads denormal codes as zero.
 * Both: NaN -> quiet NaN of the same sign, +-Inf -> +-Inf, +-0 -> +-0. f32
 *   denormal inputs are below every format's smallest denormal half-step, so
 *   they encode as zero. */
template <int E, int M, bool kIeee> struct MiniFloat {
  static constexpr int kBits = 1 + E + M;
  static constexpr int kBias = (1 << (E - 1)) - 1;
  static constexpr uint32_t kExpAllOnes = (1u << E) - 1;
  static constexpr uint32_t kSignBit = 1u << (E + M);
  static constexpr uint32_t kInf = kExpAllOnes << M;
  static constexpr uint32_t kQuietNaN = kInf | (1u << (M - 1));
  static constexpr uint32_t kMaxFinite = kInf - 1;
  static constexpr uint32_t kMinNormal = 1u << M;

  /* Rounds v >> shift to nearest, ties to even (0 < shift < 32). */
  static ECHO_HD uint32_t roundShift(uint32_t v, int shift) {
    uint32_t half = 1u << (shift - 1);
    uint32_t odd = (v >> shift) & 1u;
    return (v + half - 1u + odd) >> shift;
  }

  static ECHO_HD uint32_t encode(float f) {
    uint32_t u = f32Bits(f);
    uint32_t sign = (u >> 31) ? kSignBit : 0u;
    uint32_t exp = (u >> 23) & 0xffu;
    uint32_t man = u & 0x7fffffu;
    if (exp == 0xffu)
      return sign | (man ? kQuietNaN : kInf);
    if (exp == 0u) // zero or an f32 denormal (< 2^-126): zero in any format
      return sign;
    int e = (int)exp - 127 + kBias; // biased exponent in the format
    uint32_t mag;
    if (e >= (int)kExpAllOnes) {
      mag = kInf; // above the range before rounding
    } else if (e >= 1) {
      // Normal: round the 23-bit mantissa to M bits; a carry out of the
      // mantissa correctly bumps the exponent (possibly to the Inf code).
      mag = ((uint32_t)e << M) + roundShift(man, 23 - M);
    } else {
      // Below the smallest normal: round to the denormal grid
      // 2^(1 - bias - M): the 24-bit significand 1.man * 2^23 is shifted
      // right by 23 - M + 1 - e. Beyond 25 bits the value is below a
      // quarter of the smallest denormal and rounds to zero.
      int shift = 23 - M + 1 - e;
      mag = shift > 25 ? 0u : roundShift(man | 0x800000u, shift);
      // mag may reach kMinNormal: then it is the smallest normal, correctly.
    }
    if (kIeee)
      return sign | (mag > kInf ? kInf : mag);
    if (mag >= kInf)
      mag = kMaxFinite; // finite input: clamp
    else if (mag < kMinNormal)
      mag = 0u; // denormal result: flush
    return sign | mag;
  }

  static ECHO_HD float decode(uint32_t c) {
    uint32_t sign = (c & kSignBit) ? 0x80000000u : 0u;
    uint32_t exp = (c >> M) & kExpAllOnes;
    uint32_t man = c & ((1u << M) - 1u);
    if (exp == kExpAllOnes)
      return f32FromBits(sign | 0x7f800000u |
                         (man ? 0x400000u | (man << (23 - M)) : 0u));
    if (exp == 0u) {
      if (!kIeee || man == 0u)
        return f32FromBits(sign);
      // IEEE denormal man * 2^(1 - bias - M): exact in f32.
      float mag =
          (float)man * f32FromBits((uint32_t)(127 + 1 - kBias - M) << 23);
      return f32FromBits(sign | f32Bits(mag));
    }
    return f32FromBits(sign | ((exp - (uint32_t)kBias + 127u) << 23) |
                       (man << (23 - M)));
  }
};

using Fp16 = MiniFloat<5, 10, true>; /* IEEE half */
using Fp10 = MiniFloat<5, 4, false>; /* Gist 1-5-4, bias 15 */
using Fp8 = MiniFloat<4, 3, false>;  /* Gist 1-4-3, bias 7 */

ECHO_HD inline uint16_t encodeFp16(float f) {
  return (uint16_t)Fp16::encode(f);
}
ECHO_HD inline float decodeFp16(uint16_t h) { return Fp16::decode(h); }
ECHO_HD inline uint32_t encodeFp10(float f) { return Fp10::encode(f); }
ECHO_HD inline float decodeFp10(uint32_t c) { return Fp10::decode(c & 0x3ffu); }
ECHO_HD inline uint8_t encodeFp8(float f) { return (uint8_t)Fp8::encode(f); }
ECHO_HD inline float decodeFp8(uint8_t c) { return Fp8::decode(c); }

/* bfloat16 (mixed precision, echo.cast): the upper 16 bits of an f32,
 * rounded to nearest, ties to even, on the dropped 16 bits. f32 denormals
 * round to bf16 denormals (same exponent range, nothing is flushed); a
 * finite value that rounds above the largest finite bf16 becomes Inf; NaN
 * becomes the quiet NaN of the same sign (0x7fc0 | sign). Decoding is exact. */
ECHO_HD inline uint16_t encodeBf16(float f) {
  uint32_t u = f32Bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)(((u >> 16) & 0x8000u) | 0x7fc0u);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
ECHO_HD inline float decodeBf16(uint16_t h) {
  return f32FromBits((uint32_t)h << 16);
}

/*--- Word packing
 * -------------------------------------------------------------*/

constexpr int kFp10PerWord = 3;
constexpr int kFp8PerWord = 4;

/* Word k holds elements [3k, 3k + 3); missing trailing elements are 0. */
ECHO_HD inline uint32_t packFp10(uint32_t c0, uint32_t c1, uint32_t c2) {
  return (c0 & 0x3ffu) | (c1 & 0x3ffu) << 10 | (c2 & 0x3ffu) << 20;
}
ECHO_HD inline uint32_t unpackFp10(uint32_t word, int j) {
  return (word >> (10 * j)) & 0x3ffu;
}
ECHO_HD inline uint32_t packFp8(uint32_t c0, uint32_t c1, uint32_t c2,
                                uint32_t c3) {
  return (c0 & 0xffu) | (c1 & 0xffu) << 8 | (c2 & 0xffu) << 16 |
         (c3 & 0xffu) << 24;
}
ECHO_HD inline uint32_t unpackFp8(uint32_t word, int j) {
  return (word >> (8 * j)) & 0xffu;
}

/* Encoded sizes of n elements: fp16 two bytes each, fp10 and fp8 whole
 * 32-bit words (the compiler's EncodingStorage.h delegates here). */
ECHO_HD inline int64_t fp16Bytes(int64_t n) { return 2 * n; }
ECHO_HD inline int64_t fp10Bytes(int64_t n) {
  return 4 * ((n + kFp10PerWord - 1) / kFp10PerWord);
}
ECHO_HD inline int64_t fp8Bytes(int64_t n) {
  return 4 * ((n + kFp8PerWord - 1) / kFp8PerWord);
}

/*--- Bit maps (binarize, mask1)
 * ------------------------------------------------*/

ECHO_HD inline bool getBit(const uint8_t *bytes, int64_t i) {
  return (bytes[i >> 3] >> (i & 7)) & 1u;
}
/* Sets or clears bit i (for sequential writers; parallel writers build
 * whole bytes with packBit). */
ECHO_HD inline void putBit(uint8_t *bytes, int64_t i, bool value) {
  uint8_t m = (uint8_t)(1u << (i & 7));
  bytes[i >> 3] =
      value ? (uint8_t)(bytes[i >> 3] | m) : (uint8_t)(bytes[i >> 3] & ~m);
}
/* The contribution of element i to its byte. */
ECHO_HD inline uint8_t packBit(int64_t i, bool value) {
  return value ? (uint8_t)(1u << (i & 7)) : (uint8_t)0u;
}
/* binarize: set where x > 0 (NaN and -0 give 0); decodes to 1.0f / 0.0f. */
ECHO_HD inline bool binarizeBit(float x) { return x > 0.0f; }
ECHO_HD inline float binarizeValue(bool bit) { return bit ? 1.0f : 0.0f; }
/* mask1: an i1 mask stored one byte per element; any non-zero byte is 1. */
ECHO_HD inline bool maskBit(uint8_t m) { return m != 0u; }
/* Encoded size of a bit map of n elements. */
ECHO_HD inline int64_t bitmaskBytes(int64_t n) { return (n + 7) / 8; }

/*--- Max-pool argmax
 * -----------------------------------------------------------*/

/* Code width for a window of `positions` (kernel_h * kernel_w) positions;
 * matches poolArgmaxBits() of the compiler (EncodingStorage.h). 8-bit codes
 * hold windows of at most 256 positions. */
ECHO_HD inline int poolArgmaxBits(int64_t positions) {
  return positions <= 16 ? 4 : 8;
}
constexpr int64_t kPoolArgmaxMaxPositions = 256;

ECHO_HD inline uint32_t getArgmax(const uint8_t *bytes, int64_t i, int bits) {
  if (bits == 8)
    return bytes[i];
  return (bytes[i >> 1] >> ((i & 1) * 4)) & 0xfu;
}
/* Writes code i into a zero-initialized map (sequential writers); parallel
 * writers build whole bytes, e.g. packArgmax4(code[2k], code[2k + 1]). */
ECHO_HD inline void orArgmax(uint8_t *bytes, int64_t i, uint32_t code,
                             int bits) {
  if (bits == 8)
    bytes[i] = (uint8_t)code;
  else
    bytes[i >> 1] = (uint8_t)(bytes[i >> 1] | (code & 0xfu) << ((i & 1) * 4));
}
ECHO_HD inline uint8_t packArgmax4(uint32_t even, uint32_t odd) {
  return (uint8_t)((even & 0xfu) | (odd & 0xfu) << 4);
}
/* Encoded size of the map of `outputs` pooled elements, windows of
 * `positions` positions. */
ECHO_HD inline int64_t poolArgmaxBytes(int64_t outputs, int64_t positions) {
  return (outputs * poolArgmaxBits(positions) + 7) / 8;
}

/*--- CSR (Gist's SSDC)
 * ------------------------------------------------------------*/

/* Layout of `bytes` for n f32 elements, rows = ceil(n / 256), capacity c:
 *   [0, 4)    u32 nnz        non-zeros of x (at most c: a denser map is
 *                            refused by the encoder, never stored elsewhere)
 *   [4, 8)    u32 capacity   c, as planned
 *   [8, 16)   u64 reserved   0
 *   [16, ...) u32 row_ptr[rows + 1]   row_ptr[r] = non-zeros before row r
 *   then      f32 values[c]           in row-major order
 *   then      u8  columns[c]          column within the 256-wide row
 * Slots past nnz are zero. Non-zero means a bit pattern other than +0.0, so
 * -0.0 and NaNs are stored and decoding is bit-exact. */
constexpr int64_t kCsrRowWidth = 256;
constexpr int64_t kCsrHeaderBytes = 16;

ECHO_HD inline int64_t csrRows(int64_t n) {
  return (n + kCsrRowWidth - 1) / kCsrRowWidth;
}
ECHO_HD inline int64_t csrRowPtrOffset() { return kCsrHeaderBytes; }
ECHO_HD inline int64_t csrValuesOffset(int64_t n) {
  return kCsrHeaderBytes + 4 * (csrRows(n) + 1);
}
ECHO_HD inline int64_t csrColumnsOffset(int64_t n, int64_t capacity) {
  return csrValuesOffset(n) + 4 * capacity;
}
/* Equals mlir::echo::csrBytes(n, 4, density) when capacity is
 * ceil(density * n). */
ECHO_HD inline int64_t csrBytes(int64_t n, int64_t capacity) {
  return csrColumnsOffset(n, capacity) + capacity;
}
ECHO_HD inline bool csrIsNonZero(float x) { return f32Bits(x) != 0u; }
/* The capacity planned for density d: ceil(d * n), without <cmath>. */
ECHO_HD inline int64_t csrCapacity(int64_t n, double density) {
  double x = density * (double)n;
  int64_t c = (int64_t)x;
  return (double)c < x ? c + 1 : c;
}
/* csrBytes with values `valueBytes` wide instead of f32's 4: the compiler
 * sizes CSR encodings of any float tensor; the runtime's entries read f32. */
ECHO_HD inline int64_t csrBytesWithValues(int64_t n, int64_t capacity,
                                          int64_t valueBytes) {
  return csrBytes(n, capacity) + (valueBytes - 4) * capacity;
}

} // namespace echo_codecs

#endif /* ECHO_CODECS_H */
