//===- EncodingTest.cpp - Gist encodings of stashed feature maps ----------===//
//
// The per-element codecs (echo/codecs.h) against an independent reference
// that rounds by searching the sorted table of every value of the format,
// and the ABI entries: byte layouts, round trips, error bounds, CSR overflow
// accounting and the argmax max-pool backward against echo_max_pool2d_grad.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "echo/allocator.h"
#include "echo/codecs.h"

#include <cfloat>
#include <cstring>
#include <map>

using namespace echo_test;
namespace cd = echo_codecs;

namespace {

using BTensor = Tensor<uint8_t>;

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

//--- Reference rounding ------------------------------------------------------

/// A small float format described only by its field widths; the reference
/// enumerates its values instead of manipulating bits.
struct Format {
  const char *name;
  int e, m;
  bool ieee; // denormals kept, overflow to Inf; else clamp and flush
  uint32_t (*encode)(float);
  float (*decode)(uint32_t);

  int bias() const { return (1 << (e - 1)) - 1; }
  uint32_t signBit() const { return 1u << (e + m); }
  uint32_t expAllOnes() const { return (1u << e) - 1; }
  /// Value of a non-negative finite code (denormals included).
  double value(uint32_t c) const {
    uint32_t ex = c >> m, man = c & ((1u << m) - 1);
    if (ex == 0)
      return std::ldexp((double)man, 1 - bias() - m);
    return std::ldexp(1.0 + std::ldexp((double)man, -m), (int)ex - bias());
  }
  uint32_t maxCode() const { return (expAllOnes() << m) - 1; }
  double maxValue() const { return value(maxCode()); }
  double minNormal() const { return std::ldexp(1.0, 1 - bias()); }
  /// value(c) for every non-negative finite code, in increasing order.
  const std::vector<double> &table() const {
    static std::map<const Format *, std::vector<double>> cache;
    std::vector<double> &t = cache[this];
    if (t.empty())
      for (uint32_t c = 0; c <= maxCode(); ++c)
        t.push_back(value(c));
    return t;
  }

  /// The expected code of x: the nearest value of the format (ties to the
  /// even code), then Gist's clamp and flush, or IEEE's overflow to Inf.
  uint32_t reference(float x) const {
    uint32_t sign = std::signbit(x) ? signBit() : 0;
    if (std::isnan(x))
      return sign | expAllOnes() << m | 1u << (m - 1);
    if (std::isinf(x))
      return sign | expAllOnes() << m;
    double a = std::fabs((double)x);
    uint32_t lo = 0, hi = maxCode(); // binary search: value(lo) <= a
    if (a >= maxValue()) {
      double halfUlp = std::ldexp(1.0, (int)expAllOnes() - 1 - bias() - m - 1);
      if (ieee && a >= maxValue() + halfUlp)
        return sign | expAllOnes() << m; // rounds to Inf
      return sign | maxCode();           // rounds or clamps to the max
    }
    const std::vector<double> &values = table();
    while (hi - lo > 1) {
      uint32_t mid = (lo + hi) / 2;
      (values[mid] <= a ? lo : hi) = mid;
    }
    double dl = a - values[lo], dh = values[hi] - a;
    uint32_t c = dl < dh ? lo : dh < dl ? hi : (lo % 2 == 0 ? lo : hi);
    if (!ieee && (c >> m) == 0)
      c = 0; // a denormal result is flushed
    return sign | c;
  }
};

uint32_t enc16(float x) { return cd::encodeFp16(x); }
float dec16(uint32_t c) { return cd::decodeFp16((uint16_t)c); }
uint32_t enc10(float x) { return cd::encodeFp10(x); }
float dec10(uint32_t c) { return cd::decodeFp10(c); }
uint32_t enc8(float x) { return cd::encodeFp8(x); }
float dec8(uint32_t c) { return cd::decodeFp8((uint8_t)c); }

const Format kFp16{"fp16", 5, 10, true, enc16, dec16};
const Format kFp10{"fp10", 5, 4, false, enc10, dec10};
const Format kFp8{"fp8", 4, 3, false, enc8, dec8};
const Format *const kFormats[] = {&kFp16, &kFp10, &kFp8};

void expectCode(const Format &f, float x) {
  uint32_t got = f.encode(x), want = f.reference(x);
  ASSERT_EQ(got, want) << f.name << " encode of " << x << " (bits 0x"
                       << std::hex << bitsOf(x) << ")";
}

/// The bits a decoded value must have: the format's value with its sign.
void expectDecodes(const Format &f, uint32_t code, float got) {
  uint32_t mag = code & (f.signBit() - 1);
  bool negative = code & f.signBit();
  if ((mag >> f.m) == f.expAllOnes()) {
    if (mag & ((1u << f.m) - 1)) {
      EXPECT_TRUE(std::isnan(got)) << f.name << " code " << code;
    } else {
      EXPECT_TRUE(std::isinf(got)) << f.name << " code " << code;
    }
    EXPECT_EQ(std::signbit(got), negative) << f.name << " code " << code;
    return;
  }
  double v = f.value(mag);
  if (!f.ieee && (mag >> f.m) == 0)
    v = 0.0; // denormal codes read as zero
  float want = (float)(negative ? -v : v);
  EXPECT_EQ(bitsOf(got), bitsOf(want)) << f.name << " code " << code;
}

//--- Helpers for the entries --------------------------------------------------

/// x values that stress the lossy formats: normal range, zeros, specials.
std::vector<float> mixedValues(Rng &rng, int64_t n) {
  std::vector<float> v(n);
  for (auto &x : v) {
    int64_t kind = rng.integer(0, 9);
    if (kind == 0)
      x = 0.0f;
    else if (kind == 1)
      x = -0.0f;
    else if (kind == 2)
      x = (float)std::ldexp(rng.uniform(-1, 1), (int)rng.integer(-30, 20));
    else
      x = (float)rng.uniform(-4, 4);
  }
  return v;
}

BTensor bytesFor(int64_t n, size_t shift) {
  return BTensor::zerosAt({n}, shift);
}

void expectSameBits(const std::vector<float> &got,
                    const std::vector<float> &want, const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(bitsOf(got[i]), bitsOf(want[i]))
        << what << ": element " << i << " is " << got[i] << ", expected "
        << want[i];
}

const int64_t kOddSizes[] = {0, 1,  2,  3,   4,   5,   7,    8,
                             9, 15, 17, 255, 256, 257, 1000, 1001};

} // namespace

//===--- Per-element codecs -----------------------------------------------===//

TEST(Codecs, FormatConstants) {
  EXPECT_EQ(kFp16.maxValue(), 65504.0);
  EXPECT_EQ(kFp10.maxValue(), 63488.0); // (1 + 15/16) * 2^15
  EXPECT_EQ(kFp8.maxValue(), 240.0);    // (1 + 7/8) * 2^7
  EXPECT_EQ(kFp10.minNormal(), std::ldexp(1.0, -14));
  EXPECT_EQ(kFp8.minNormal(), std::ldexp(1.0, -6));
  EXPECT_EQ(cd::encodeFp16(1.0f), 0x3c00);
  EXPECT_EQ(cd::encodeFp10(1.0f), 15u << 4);
  EXPECT_EQ(cd::encodeFp8(1.0f), 7u << 3);
  EXPECT_EQ(cd::encodeFp8(-2.0f), 0x80u | 8u << 3);
}

TEST(Codecs, EveryCodeDecodesAndReencodes) {
  for (const Format *f : kFormats)
    for (uint32_t c = 0; c < (1u << (1 + f->e + f->m)); ++c) {
      float v = f->decode(c);
      expectDecodes(*f, c, v);
      uint32_t mag = c & (f->signBit() - 1);
      bool nan = (mag >> f->m) == f->expAllOnes() && (mag & ((1u << f->m) - 1));
      bool flushed = !f->ieee && (mag >> f->m) == 0;
      uint32_t back = f->encode(v);
      if (nan) // a quiet NaN of the same sign
        EXPECT_EQ(back, (c & f->signBit()) | f->expAllOnes() << f->m |
                            1u << (f->m - 1));
      else if (flushed)
        EXPECT_EQ(back, c & f->signBit());
      else
        EXPECT_EQ(back, c) << f->name;
    }
}

TEST(Codecs, RoundingAgainstReferenceAcrossAllFloats) {
  // Every 4093rd f32 bit pattern: all exponents, both signs, NaNs, Infs and
  // f32 denormals.
  for (const Format *f : kFormats)
    for (uint64_t u = 0; u <= 0xffffffffull; u += 16381) {
      expectCode(*f, fromBits((uint32_t)u));
      if (HasFatalFailure())
        return;
    }
}

TEST(Codecs, RoundingTiesAndNeighbours) {
  // For adjacent values a < b of the format: the exact midpoint (a tie, to
  // the even code), one f32 ulp either side, and a, b themselves.
  for (const Format *f : kFormats)
    for (uint32_t c = 0; c < f->maxCode() + 1; ++c) {
      double a = f->value(c);
      double b =
          c == f->maxCode()
              ? a + std::ldexp(1.0, (int)f->expAllOnes() - 1 - f->bias() - f->m)
              : f->value(c + 1);
      float mid = (float)((a + b) / 2); // exact: few significant bits
      for (float x : {(float)a, mid, std::nextafter(mid, 0.0f),
                      std::nextafter(mid, INFINITY), (float)b})
        for (float s : {x, -x}) {
          expectCode(*f, s);
          if (HasFatalFailure())
            return;
        }
    }
}

TEST(Codecs, EdgeCases) {
  const float denormal = fromBits(0x00000123), negDenormal = -denormal;
  for (const Format *f : kFormats) {
    SCOPED_TRACE(f->name);
    uint32_t inf = f->expAllOnes() << f->m;
    EXPECT_EQ(f->encode(0.0f), 0u);
    EXPECT_EQ(f->encode(-0.0f), f->signBit());
    EXPECT_EQ(f->encode(INFINITY), inf);
    EXPECT_EQ(f->encode(-INFINITY), f->signBit() | inf);
    EXPECT_TRUE(std::isnan(f->decode(f->encode(NAN))));
    EXPECT_TRUE(std::isnan(f->decode(f->encode(-NAN))));
    EXPECT_TRUE(std::signbit(f->decode(f->encode(-NAN))));
    EXPECT_TRUE(std::isinf(f->decode(f->encode(-INFINITY))));
    // f32 denormal inputs are zero, with their sign.
    EXPECT_EQ(f->encode(denormal), 0u);
    EXPECT_EQ(f->encode(negDenormal), f->signBit());
    // Above the range: Gist formats clamp to the largest finite value, IEEE
    // half overflows to Inf.
    for (float big : {1e6f, FLT_MAX, (float)f->maxValue() * 1.5f}) {
      float got = f->decode(f->encode(big));
      float gotNeg = f->decode(f->encode(-big));
      if (f->ieee) {
        EXPECT_EQ(got, INFINITY);
        EXPECT_EQ(gotNeg, -INFINITY);
      } else {
        EXPECT_EQ(got, (float)f->maxValue());
        EXPECT_EQ(gotNeg, -(float)f->maxValue());
      }
    }
    EXPECT_EQ(f->decode(f->encode((float)f->maxValue())), (float)f->maxValue());
  }
  // IEEE half: 65519.99 rounds down to the max, 65520 ties up to Inf; the
  // smallest denormal 2^-24 survives, 2^-25 ties down to zero.
  EXPECT_EQ(cd::decodeFp16(cd::encodeFp16(65519.0f)), 65504.0f);
  EXPECT_EQ(cd::encodeFp16(65520.0f), 0x7c00);
  EXPECT_EQ(cd::encodeFp16(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(cd::encodeFp16(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(cd::encodeFp16(std::ldexp(1.5f, -25)), 0x0001);
  // fp8: smallest normal 2^-6; its denormal grid would be 2^-9. Just below
  // 2^-6 by half a denormal step ties up to the smallest normal; a full
  // step below is a denormal result, flushed to zero.
  EXPECT_EQ(cd::decodeFp8(cd::encodeFp8(std::ldexp(1.0f, -6))),
            std::ldexp(1.0f, -6));
  EXPECT_EQ(cd::decodeFp8(
                cd::encodeFp8(std::ldexp(1.0f, -6) - std::ldexp(1.0f, -10))),
            std::ldexp(1.0f, -6));
  EXPECT_EQ(cd::encodeFp8(std::ldexp(1.0f, -6) - std::ldexp(1.0f, -9)), 0u);
  EXPECT_EQ(cd::encodeFp8(0.01f), 0u);
  EXPECT_EQ(cd::encodeFp8(-0.01f), 0x80u);
  EXPECT_EQ(cd::encodeFp10(std::ldexp(1.0f, -15)), 0u);
  // Denormal codes decode to zero in the Gist formats.
  EXPECT_EQ(bitsOf(cd::decodeFp8(0x01)), 0u);
  EXPECT_EQ(bitsOf(cd::decodeFp8(0x87)), 0x80000000u);
  EXPECT_EQ(bitsOf(cd::decodeFp10(0x00f)), 0u);
  // Ties to even: 1 + 1/16 is halfway between fp8's 1 and 1.125.
  EXPECT_EQ(cd::decodeFp8(cd::encodeFp8(1.0625f)), 1.0f);
  EXPECT_EQ(cd::decodeFp8(cd::encodeFp8(1.1875f)), 1.25f);
  // Rounding up across a binade and into the clamp.
  EXPECT_EQ(cd::decodeFp8(cd::encodeFp8(1.97f)), 2.0f);
  EXPECT_EQ(cd::decodeFp8(cd::encodeFp8(248.0f)), 240.0f);
  EXPECT_EQ(cd::decodeFp10(cd::encodeFp10(65000.0f)), 63488.0f);
}

#ifdef __FLT16_MAX__
TEST(Codecs, Fp16MatchesTheCompilersHalf) {
  // The compiler's _Float16 conversion is IEEE round-to-nearest-even with
  // denormals and overflow to Inf: fp16 must agree bit for bit.
  for (uint64_t u = 0; u <= 0xffffffffull; u += 16381) {
    float x = fromBits((uint32_t)u);
    _Float16 h = (_Float16)x;
    uint16_t hb;
    std::memcpy(&hb, &h, 2);
    if (std::isnan(x)) {
      ASSERT_TRUE(std::isnan(cd::decodeFp16(cd::encodeFp16(x))));
      continue;
    }
    ASSERT_EQ(cd::encodeFp16(x), hb) << "x = " << x;
    ASSERT_EQ(bitsOf(cd::decodeFp16(hb)), bitsOf((float)h));
  }
}
#endif

TEST(Codecs, BitAndArgmaxPacking) {
  uint8_t bytes[3] = {0, 0, 0};
  cd::putBit(bytes, 0, true);
  cd::putBit(bytes, 9, true);
  cd::putBit(bytes, 23, true);
  EXPECT_EQ(bytes[0], 0x01);
  EXPECT_EQ(bytes[1], 0x02);
  EXPECT_EQ(bytes[2], 0x80);
  cd::putBit(bytes, 9, false);
  EXPECT_EQ(bytes[1], 0x00);
  EXPECT_TRUE(cd::getBit(bytes, 23));
  EXPECT_FALSE(cd::getBit(bytes, 22));
  EXPECT_EQ(cd::packBit(13, true), 0x20);

  uint8_t map[2] = {0, 0};
  cd::orArgmax(map, 0, 0x3, 4);
  cd::orArgmax(map, 1, 0xa, 4);
  cd::orArgmax(map, 2, 0xf, 4);
  EXPECT_EQ(map[0], 0xa3);
  EXPECT_EQ(map[1], 0x0f);
  EXPECT_EQ(cd::packArgmax4(0x3, 0xa), 0xa3);
  EXPECT_EQ(cd::getArgmax(map, 1, 4), 0xau);
  EXPECT_EQ(cd::getArgmax(map, 2, 4), 0xfu);
  EXPECT_EQ(cd::getArgmax(map, 1, 8), 0x0fu);

  EXPECT_EQ(cd::packFp10(0x3ff, 0x001, 0x200), 0x200007ffu);
  EXPECT_EQ(cd::unpackFp10(0x200007ffu, 0), 0x3ffu);
  EXPECT_EQ(cd::unpackFp10(0x200007ffu, 1), 0x001u);
  EXPECT_EQ(cd::unpackFp10(0x200007ffu, 2), 0x200u);
  EXPECT_EQ(cd::packFp8(1, 2, 3, 4), 0x04030201u);
  EXPECT_EQ(cd::unpackFp8(0x04030201u, 3), 4u);
}

//===--- fp16 / fp10 / fp8 entries ----------------------------------------===//

namespace {
struct LossyEntry {
  const Format *format;
  echo_status (*encode)(ECHO_TENSOR(x), ECHO_TENSOR(bytes));
  echo_status (*decode)(ECHO_TENSOR(bytes), ECHO_TENSOR(y));
  int64_t (*bytes)(int64_t n);
  double relErr; // bound within the normal range: 2^-(mantissa bits + 1)
};
const LossyEntry kLossy[] = {
    {&kFp16, echo_encode_fp16<int64_t, void *, int64_t, void *>,
     echo_decode_fp16<int64_t, void *, int64_t, void *>,
     [](int64_t n) { return 2 * n; }, std::ldexp(1.0, -11)},
    {&kFp10, echo_encode_fp10<int64_t, void *, int64_t, void *>,
     echo_decode_fp10<int64_t, void *, int64_t, void *>,
     [](int64_t n) { return 4 * ((n + 2) / 3); }, std::ldexp(1.0, -5)},
    {&kFp8, echo_encode_fp8<int64_t, void *, int64_t, void *>,
     echo_decode_fp8<int64_t, void *, int64_t, void *>,
     [](int64_t n) { return 4 * ((n + 3) / 4); }, std::ldexp(1.0, -4)},
};

/// The code of element i in an encoded buffer (the documented layout).
uint32_t codeAt(const LossyEntry &e, const uint8_t *bytes, int64_t i) {
  if (e.format == &kFp16)
    return bytes[2 * i] | bytes[2 * i + 1] << 8;
  int perWord = e.format == &kFp10 ? 3 : 4, width = 32 / perWord;
  if (e.format == &kFp10)
    width = 10;
  const uint8_t *w = bytes + 4 * (i / perWord);
  uint32_t word = w[0] | w[1] << 8 | w[2] << 16 | (uint32_t)w[3] << 24;
  return (word >> (width * (i % perWord))) & ((1u << width) - 1);
}
} // namespace

TEST(Encoding, LossyLayoutAndRoundTrip) {
  Rng rng(700);
  for (const LossyEntry &e : kLossy)
    for (int64_t n : kOddSizes) {
      SCOPED_TRACE(std::string(e.format->name) + " n=" + std::to_string(n));
      std::vector<float> v = mixedValues(rng, n);
      if (n > 3) {
        v[0] = NAN, v[1] = INFINITY, v[2] = -INFINITY, v[3] = 1e9f;
      }
      FTensor x({n}, v, n % 3);
      BTensor bytes = bytesFor(e.bytes(n), n % 5);
      // Pre-fill with garbage: every byte must be written.
      std::fill(bytes.data(), bytes.data() + bytes.size(), 0xa5);
      e.encode(ARG(x), ARG(bytes));
      std::vector<float> want(n);
      for (int64_t i = 0; i < n; ++i) {
        uint32_t code = codeAt(e, bytes.data(), i);
        ASSERT_EQ(code, e.format->reference(v[i])) << "element " << i;
        want[i] = e.format->decode(code);
      }
      // Unused slots of the last word (bits 30-31 of every fp10 word) are 0.
      if (e.format != &kFp16)
        for (int64_t k = 0; k < bytes.size() / 4; ++k) {
          const uint8_t *w = bytes.data() + 4 * k;
          uint32_t word = w[0] | w[1] << 8 | w[2] << 16 | (uint32_t)w[3] << 24;
          uint32_t used = 0;
          int perWord = e.format == &kFp10 ? 3 : 4;
          int width = e.format == &kFp10 ? 10 : 8;
          for (int j = 0; j < perWord && k * perWord + j < n; ++j)
            used |= ((1u << width) - 1) << (width * j);
          EXPECT_EQ(word & ~used, 0u) << "word " << k;
        }
      FTensor y = FTensor::zerosAt({n}, 1);
      std::fill(y.data(), y.data() + n, NAN);
      e.decode(ARG(bytes), ARG(y));
      std::vector<float> got = y.values();
      for (int64_t i = 0; i < n; ++i) {
        if (std::isnan(want[i])) {
          EXPECT_TRUE(std::isnan(got[i])) << "element " << i;
          continue;
        }
        ASSERT_EQ(bitsOf(got[i]), bitsOf(want[i])) << "element " << i;
      }
      if (n > 3) {
        EXPECT_TRUE(std::isnan(got[0]));
        EXPECT_EQ(got[1], INFINITY);
        EXPECT_EQ(got[2], -INFINITY);
        EXPECT_EQ(got[3],
                  e.format->ieee ? INFINITY : (float)e.format->maxValue());
      }
    }
}

//===--- fp10 / fp8 of f16 and bf16 tensors -------------------------------===//

namespace {
using HTensor = Tensor<uint16_t>;

/// A 16-bit entry next to the f32 entry of the same format.
struct Reduced16 {
  const char *name;
  bool bf16; // else f16
  echo_status (*encode16)(int64_t, void *, int64_t, void *);
  echo_status (*decode16)(int64_t, void *, int64_t, void *);
  echo_status (*encode32)(int64_t, void *, int64_t, void *);
  echo_status (*decode32)(int64_t, void *, int64_t, void *);
  int64_t (*bytes)(int64_t n);
};
#define ECHO_REDUCED16(FMT, TY, IS_BF16)                                       \
  Reduced16 {                                                                  \
    #FMT "_" #TY, IS_BF16,                                                     \
        echo_encode_##FMT##_##TY<int64_t, void *, int64_t, void *>,            \
        echo_decode_##FMT##_##TY<int64_t, void *, int64_t, void *>,            \
        echo_encode_##FMT<int64_t, void *, int64_t, void *>,                   \
        echo_decode_##FMT<int64_t, void *, int64_t, void *>, cd::FMT##Bytes    \
  }
const Reduced16 kReduced16[] = {
    ECHO_REDUCED16(fp10, f16, false), ECHO_REDUCED16(fp10, bf16, true),
    ECHO_REDUCED16(fp8, f16, false), ECHO_REDUCED16(fp8, bf16, true)};
#undef ECHO_REDUCED16
} // namespace

// Every 16-bit pattern encodes to the bytes the f32 entry writes for its
// exact f32 value, and decodes to the f32 entry's result, which the 16-bit
// type holds exactly (NaN: a NaN of the same sign).
TEST(Encoding, SixteenBitReductionsMatchF32) {
  const int64_t n = 65536 + 3; // every pattern, and a partial last word
  std::vector<uint16_t> patterns(n);
  std::vector<float> wide(n);
  for (const Reduced16 &e : kReduced16) {
    SCOPED_TRACE(e.name);
    auto toF32 = [&](uint16_t h) {
      return e.bf16 ? cd::decodeBf16(h) : cd::decodeFp16(h);
    };
    for (int64_t i = 0; i < n; ++i) {
      patterns[i] = (uint16_t)(i * 40503u); // a permutation of 0..65535
      wide[i] = toF32(patterns[i]);
    }
    HTensor x({n}, patterns, 1);
    FTensor xf({n}, wide);
    BTensor b16 = bytesFor(e.bytes(n), 3), b32 = bytesFor(e.bytes(n), 0);
    std::fill(b16.data(), b16.data() + b16.size(), 0xa5);
    ASSERT_EQ(e.encode16(ARG(x), ARG(b16)), ECHO_OK);
    ASSERT_EQ(e.encode32(ARG(xf), ARG(b32)), ECHO_OK);
    ASSERT_EQ(b16.values(), b32.values());
    HTensor y = HTensor::zerosAt({n}, 1);
    FTensor yf({n});
    ASSERT_EQ(e.decode16(ARG(b16), ARG(y)), ECHO_OK);
    ASSERT_EQ(e.decode32(ARG(b32), ARG(yf)), ECHO_OK);
    for (int64_t i = 0; i < n; ++i) {
      float got = toF32(y[i]);
      if (std::isnan(yf[i])) {
        ASSERT_TRUE(std::isnan(got)) << "element " << i;
        ASSERT_EQ(std::signbit(got), std::signbit(yf[i])) << "element " << i;
        continue;
      }
      ASSERT_EQ(bitsOf(got), bitsOf(yf[i]))
          << "element " << i << " (pattern " << patterns[i] << ")";
    }
  }
  // The 16-bit entries check the planned size as the f32 ones do.
  HTensor x({10});
  BTensor wrong({3});
  EXPECT_RT_ERROR(echo_encode_fp8_bf16(ARG(x), ARG(wrong)),
                  "echo_encode_fp8_bf16: bytes shape \\[3\\] must hold 12 bytes");
}

TEST(Encoding, LossyRelativeErrorBounds) {
  // Within the normal range of each format, |decode(encode(x)) - x| <=
  // 2^-(M+1) |x|: 2^-11 for fp16, 2^-5 for fp10, 2^-4 for fp8.
  Rng rng(701);
  for (const LossyEntry &e : kLossy) {
    int64_t n = 20001;
    double lo = std::log2(e.format->minNormal()),
           hi = std::log2(e.format->maxValue());
    std::vector<float> v(n);
    for (auto &x : v)
      x = (float)(std::exp2(rng.uniform(lo, hi)) *
                  (rng.integer(0, 1) ? 1 : -1));
    FTensor x({n}, v), y({n});
    BTensor bytes({e.bytes(n)});
    e.encode(ARG(x), ARG(bytes));
    e.decode(ARG(bytes), ARG(y));
    double worst = 0;
    for (int64_t i = 0; i < n; ++i)
      worst = std::max(worst, std::fabs((double)y[i] - v[i]) / std::fabs(v[i]));
    EXPECT_LE(worst, e.relErr) << e.format->name;
    EXPECT_GT(worst, e.relErr / 4) << e.format->name << ": suspiciously exact";
  }
}

TEST(Encoding, LossyAllZeros) {
  for (const LossyEntry &e : kLossy) {
    int64_t n = 13;
    FTensor x({n}), y({n});
    BTensor bytes({e.bytes(n)});
    std::fill(bytes.data(), bytes.data() + bytes.size(), 0xff);
    e.encode(ARG(x), ARG(bytes));
    for (int64_t i = 0; i < bytes.size(); ++i)
      EXPECT_EQ(bytes[i], 0) << e.format->name;
    std::fill(y.data(), y.data() + n, 7.0f);
    e.decode(ARG(bytes), ARG(y));
    expectSameBits(y.values(), std::vector<float>(n, 0.0f), e.format->name);
  }
}

//===--- binarize / mask1 -------------------------------------------------===//

TEST(Encoding, BinarizeBitExact) {
  Rng rng(702);
  for (int64_t n : kOddSizes) {
    std::vector<float> v = mixedValues(rng, n);
    if (n > 2)
      v[0] = NAN, v[1] = -0.0f, v[2] = fromBits(1); // NaN, -0: 0; denormal: 1
    FTensor x({n}, v, 1);
    BTensor bytes = bytesFor((n + 7) / 8, 3);
    std::fill(bytes.data(), bytes.data() + bytes.size(), 0xff);
    echo_encode_binarize(ARG(x), ARG(bytes));
    std::vector<uint8_t> want((n + 7) / 8, 0);
    for (int64_t i = 0; i < n; ++i)
      if (v[i] > 0)
        want[i / 8] |= 1 << (i % 8);
    EXPECT_EQ(bytes.values(), want) << "n=" << n;
    FTensor y({n});
    std::fill(y.data(), y.data() + n, NAN);
    echo_decode_binarize(ARG(bytes), ARG(y));
    std::vector<float> wantY(n);
    for (int64_t i = 0; i < n; ++i)
      wantY[i] = v[i] > 0 ? 1.0f : 0.0f;
    expectSameBits(y.values(), wantY, "binarize n=" + std::to_string(n));
  }
}

// The ReLU backward from the 1-bit map equals echo_unary_grad(relu) on the
// forward output, bit for bit, also in place.
TEST(Encoding, ReluGradFromBinarizeMatchesReluGrad) {
  Rng rng(703);
  for (int64_t n : kOddSizes) {
    std::vector<float> x = mixedValues(rng, n), g = mixedValues(rng, n);
    std::vector<float> y(n);
    for (int64_t i = 0; i < n; ++i)
      y[i] = x[i] > 0 ? x[i] : 0.0f;
    FTensor yt({n}, y, 1), gt({n}, g, 2), want({n}), got({n});
    echo_unary_grad(ECHO_RELU, ARG(yt), ARG(gt), ARG(want));
    BTensor bytes = bytesFor((n + 7) / 8, 3);
    echo_encode_binarize(ARG(yt), ARG(bytes));
    echo_relu_grad_binarized(ARG(bytes), ARG(gt), ARG(got));
    expectSameBits(got.values(), want.values(), "n=" + std::to_string(n));
    echo_relu_grad_binarized(ARG(bytes), ARG(gt), ARG(gt)); // in place
    expectSameBits(gt.values(), want.values(), "in place n=" + std::to_string(n));
  }
}

TEST(Encoding, BinarizeAllZerosAndAllDense) {
  for (int64_t n : {1, 8, 13, 64}) {
    FTensor zeros({n}), ones({n}, std::vector<float>(n, 0.5f));
    BTensor a({(n + 7) / 8}), b({(n + 7) / 8});
    echo_encode_binarize(ARG(zeros), ARG(a));
    echo_encode_binarize(ARG(ones), ARG(b));
    for (int64_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i], 0);
      int64_t bitsHere = std::min<int64_t>(8, n - 8 * i);
      EXPECT_EQ(b[i], (1 << bitsHere) - 1) << "unused bits must be zero";
    }
  }
}

TEST(Encoding, Mask1RoundTrip) {
  Rng rng(703);
  for (int64_t n : kOddSizes) {
    std::vector<uint8_t> m(n);
    for (auto &b : m)
      b = (uint8_t)rng.integer(0, 1);
    BTensor mask({n}, m, 2), bytes = bytesFor((n + 7) / 8, 1);
    echo_encode_mask1(ARG(mask), ARG(bytes));
    std::vector<uint8_t> want((n + 7) / 8, 0);
    for (int64_t i = 0; i < n; ++i)
      want[i / 8] |= m[i] << (i % 8);
    EXPECT_EQ(bytes.values(), want);
    BTensor back({n});
    std::fill(back.data(), back.data() + n, 0x77);
    echo_decode_mask1(ARG(bytes), ARG(back));
    EXPECT_EQ(back.values(), m) << "n=" << n;
  }
}

//===--- csr --------------------------------------------------------------===//

namespace {
int64_t csrBytes(int64_t n, int64_t capacity) {
  // The compiler's formula (EncodingStorage.cpp) for f32.
  return 16 + capacity * 5 + 4 * ((n + 255) / 256 + 1);
}

std::vector<float> sparseValues(Rng &rng, int64_t n, double density) {
  std::vector<float> v(n, 0.0f);
  for (auto &x : v)
    if (rng.uniform(0, 1) < density)
      x = (float)rng.uniform(-3, 3);
  return v;
}

int64_t countNonZero(const std::vector<float> &v) {
  int64_t k = 0;
  for (float x : v)
    k += bitsOf(x) != 0;
  return k;
}

template <typename T> T field(const BTensor &b, int64_t offset) {
  T v;
  std::memcpy(&v, b.data() + offset, sizeof v);
  return v;
}

class Csr : public ::testing::Test {
protected:
  void SetUp() override {
    echo_mem_configure(0, nullptr, 0);
  }
  void TearDown() override { echo_mem_configure(0, nullptr, 0); }

  /// Encodes v with `capacity`, checks the header and decodes bit for bit;
  /// above the capacity, checks that the encode is refused and writes and
  /// allocates nothing.
  void roundTrip(const std::vector<float> &v, int64_t capacity,
                 const std::string &what) {
    int64_t n = (int64_t)v.size(), nnz = countNonZero(v);
    int64_t overflowsBefore = echo_mem_csr_overflows();
    int64_t bytesBefore = echo_mem_current_bytes();
    int64_t allocationsBefore = echo_mem_num_allocations();
    FTensor x({n}, v, n % 2);
    BTensor bytes = bytesFor(csrBytes(n, capacity), n % 3);
    std::fill(bytes.data(), bytes.data() + bytes.size(), 0xcd);
    if (nnz > capacity) {
      EXPECT_RT_ERROR(echo_encode_csr(ARG(x), ARG(bytes), capacity),
                      "echo_encode_csr: the map of " + std::to_string(n) +
                          " elements has " + std::to_string(nnz) +
                          " non-zeros, more than the " +
                          std::to_string(capacity) +
                          " its csr encoding was planned for");
      EXPECT_EQ(echo_mem_csr_overflows(), overflowsBefore + 1) << what;
      EXPECT_EQ(echo_mem_current_bytes(), bytesBefore) << what;
      EXPECT_EQ(echo_mem_num_allocations(), allocationsBefore) << what;
      for (int64_t i = 0; i < bytes.size(); ++i)
        ASSERT_EQ(bytes[i], 0xcd) << what;
      return;
    }
    echo_encode_csr(ARG(x), ARG(bytes), capacity);
    EXPECT_EQ(field<uint32_t>(bytes, 0), nnz) << what;
    EXPECT_EQ(field<uint32_t>(bytes, 4), capacity) << what;
    EXPECT_EQ(field<uint64_t>(bytes, 8), 0u) << what;
    EXPECT_EQ(echo_mem_csr_overflows(), overflowsBefore) << what;
    EXPECT_EQ(echo_mem_current_bytes(), bytesBefore) << what;
    EXPECT_EQ(echo_mem_num_allocations(), allocationsBefore) << what;
    // Row pointers, then values and columns in row-major order, zeros
    // after nnz.
    int64_t rows = (n + 255) / 256, k = 0;
    int64_t values = 16 + 4 * (rows + 1), columns = values + 4 * capacity;
    for (int64_t r = 0; r <= rows; ++r) {
      int64_t want = 0;
      for (int64_t i = 0; i < std::min(n, r * 256); ++i)
        want += bitsOf(v[i]) != 0;
      ASSERT_EQ(field<uint32_t>(bytes, 16 + 4 * r), want) << what;
    }
    for (int64_t i = 0; i < n; ++i)
      if (bitsOf(v[i]) != 0) {
        ASSERT_EQ(field<uint32_t>(bytes, values + 4 * k), bitsOf(v[i]));
        ASSERT_EQ(bytes[columns + k], i % 256);
        ++k;
      }
    for (; k < capacity; ++k) {
      ASSERT_EQ(field<uint32_t>(bytes, values + 4 * k), 0u) << what;
      ASSERT_EQ(bytes[columns + k], 0) << what;
    }
    FTensor y = FTensor::zerosAt({n}, 3);
    std::fill(y.data(), y.data() + n, NAN);
    echo_decode_csr(ARG(bytes), ARG(y));
    expectSameBits(y.values(), v, what);
  }
};
} // namespace

TEST_F(Csr, BelowAtAndAboveCapacity) {
  Rng rng(704);
  for (int64_t n : kOddSizes)
    for (double density : {0.0, 0.1, 0.5, 1.0}) {
      std::vector<float> v = sparseValues(rng, n, density);
      int64_t nnz = countNonZero(v);
      std::string what =
          "n=" + std::to_string(n) + " nnz=" + std::to_string(nnz);
      roundTrip(v, std::min(n, nnz + 3), what + " below");
      roundTrip(v, nnz, what + " at");
      if (nnz > 0)
        roundTrip(v, nnz - 1, what + " above by one");
      if (nnz > 4)
        roundTrip(v, nnz / 4, what + " far above");
    }
}

TEST_F(Csr, SpecialValuesAreLossless) {
  // Non-zero means "not the +0.0 bit pattern": -0, NaN payloads, denormals
  // and infinities all come back bit for bit.
  std::vector<float> v(700, 0.0f);
  v[0] = -0.0f;
  v[1] = fromBits(0x7fc01234);
  v[255] = fromBits(0xffa00001);
  v[256] = fromBits(1);
  v[300] = INFINITY;
  v[511] = -INFINITY;
  v[699] = -FLT_MAX;
  roundTrip(v, 7, "specials at capacity");
  roundTrip(v, 3, "specials above the capacity");
}

TEST_F(Csr, DenseAndAllZeros) {
  Rng rng(705);
  std::vector<float> dense = rng.floats(513, 0.5, 1.5);
  roundTrip(dense, 513, "all dense");
  roundTrip(dense, 0, "all dense, capacity 0");
  roundTrip(std::vector<float>(513, 0.0f), 0, "all zeros, capacity 0");
  roundTrip(std::vector<float>(), 0, "empty");
}

TEST_F(Csr, RefusalCounterResetsWithTheAllocator) {
  std::vector<float> v(10, 1.0f);
  roundTrip(v, 2, "first");
  roundTrip(v, 2, "second");
  roundTrip(v, 10, "fits");
  EXPECT_EQ(echo_mem_csr_overflows(), 2);
  echo_mem_configure(0, nullptr, 0);
  EXPECT_EQ(echo_mem_csr_overflows(), 0);
}

TEST_F(Csr, RefusedAsAnInvalidArgument) {
  // A map denser than planned is data the plan cannot take (more device
  // memory would not help): ECHO_ERR_INVALID_ARGUMENT, even with no
  // capacity set.
  FTensor x({1000}, std::vector<float>(1000, 1.0f));
  BTensor bytes({csrBytes(1000, 10)});
  expectingError() = true;
  echo_status status = echo_encode_csr(ARG(x), ARG(bytes), 10);
  expectingError() = false;
  EXPECT_EQ(status, ECHO_ERR_INVALID_ARGUMENT);
  backend().echo_context_clear_error(context());
}

TEST_F(Csr, Errors) {
  FTensor x({300}, std::vector<float>(300, 1.0f)), y({300});
  BTensor wrong({csrBytes(300, 10) - 16});
  EXPECT_RT_ERROR(echo_encode_csr(ARG(x), ARG(wrong), 10), "echo_encode_csr: bytes shape \\[62\\] "
              "must hold 78 bytes");
  // A header whose non-zeros exceed its capacity, or whose reserved field
  // is set, was not written by the encoder: refused before anything is read.
  BTensor bytes({csrBytes(300, 300)});
  echo_encode_csr(ARG(x), ARG(bytes), 300);
  echo_decode_csr(ARG(bytes), ARG(y));
  BTensor small({csrBytes(300, 10)});
  std::fill(small.data(), small.data() + small.size(), 0);
  uint32_t nnz = 11, capacity = 10;
  std::memcpy(small.data(), &nnz, 4);
  std::memcpy(small.data() + 4, &capacity, 4);
  EXPECT_RT_ERROR(echo_decode_csr(ARG(small), ARG(y)),
                  "corrupted csr encoding: 11 non-zeros over its capacity 10");
  echo_encode_csr(ARG(x), ARG(bytes), 300);
  bytes.data()[12] = 1;
  EXPECT_RT_ERROR(echo_decode_csr(ARG(bytes), ARG(y)),
                  "the reserved header field is not 0");
}

//===--- pool argmax ------------------------------------------------------===//

namespace {
struct PoolCase {
  int64_t n, c, h, w, kh, kw, sh, sw, ph, pw;
  int64_t oh() const { return (h + 2 * ph - kh) / sh + 1; }
  int64_t ow() const { return (w + 2 * pw - kw) / sw + 1; }
  int64_t bits() const { return kh * kw <= 16 ? 4 : 8; }
  int64_t bytes() const { return (n * c * oh() * ow() * bits() + 7) / 8; }
  std::string str() const {
    return "x[" + std::to_string(n) + "x" + std::to_string(c) + "x" +
           std::to_string(h) + "x" + std::to_string(w) + "] k" +
           std::to_string(kh) + "," + std::to_string(kw) + " s" +
           std::to_string(sh) + "," + std::to_string(sw) + " p" +
           std::to_string(ph) + "," + std::to_string(pw);
  }
};

PoolCase randomPoolCase(Rng &rng) {
  while (true) {
    PoolCase p;
    p.n = rng.integer(1, 2);
    p.c = rng.integer(1, 3);
    p.h = rng.integer(1, 12);
    p.w = rng.integer(1, 13);
    p.kh = rng.integer(1, 5);
    p.kw = rng.integer(1, 5);
    p.sh = rng.integer(1, 3); // often < kernel: overlapping windows
    p.sw = rng.integer(1, 3);
    p.ph = rng.integer(0, p.kh - 1);
    p.pw = rng.integer(0, p.kw - 1);
    if (p.h + 2 * p.ph >= p.kh && p.w + 2 * p.pw >= p.kw)
      return p;
  }
}

/// echo_max_pool2d_grad_argmax(encode_pool_argmax(x)) against
/// echo_max_pool2d_grad(x, max_pool2d(x), dy), bit for bit.
void expectArgmaxGradMatches(const PoolCase &p, const std::vector<float> &xv,
                             Rng &rng) {
  Shape xs = {p.n, p.c, p.h, p.w}, ys = {p.n, p.c, p.oh(), p.ow()};
  FTensor x(xs, xv), y(ys), dy = rng.tensor(ys), dxRef(xs), dx(xs);
  echo_max_pool2d(ARG(x), ARG(y), p.kh, p.kw, p.sh, p.sw, p.ph, p.pw);
  echo_max_pool2d_grad(ARG(x), ARG(y), ARG(dy), ARG(dxRef), p.kh, p.kw, p.sh,
                       p.sw, p.ph, p.pw);
  BTensor bytes = bytesFor(p.bytes(), 1);
  std::fill(bytes.data(), bytes.data() + bytes.size(), 0xee);
  echo_encode_pool_argmax(ARG(x), ARG(bytes), p.kh, p.kw, p.sh, p.sw, p.ph,
                          p.pw);
  std::fill(dx.data(), dx.data() + dx.size(), NAN);
  echo_max_pool2d_grad_argmax(ARG(bytes), ARG(dy), ARG(dx), p.kh, p.kw, p.sh,
                              p.sw, p.ph, p.pw);
  expectSameBits(dx.values(), dxRef.values(), p.str());
  // An odd count of 4-bit codes leaves the high nibble of the last byte 0.
  int64_t outputs = p.n * p.c * p.oh() * p.ow();
  if (p.bits() == 4 && outputs % 2) {
    EXPECT_EQ(bytes[bytes.size() - 1] >> 4, 0) << p.str();
  }
}
} // namespace

TEST(PoolArgmax, MatchesMaxPoolGradRandomShapes) {
  Rng rng(706);
  for (int trial = 0; trial < 200; ++trial) {
    PoolCase p = randomPoolCase(rng);
    int64_t n = p.n * p.c * p.h * p.w;
    std::vector<float> xv;
    switch (trial % 4) {
    case 0: // distinct values
      xv = rng.floats(n);
      break;
    case 1: // negative: padding must never win
      xv = rng.floats(n, -3.0, -0.5);
      break;
    case 2: // many ties: the first maximum wins
      xv.resize(n);
      for (auto &v : xv)
        v = (float)rng.integer(-2, 1);
      break;
    default: // ties between -0 and +0, and NaNs
      xv.resize(n);
      for (auto &v : xv) {
        int64_t k = rng.integer(0, 9);
        v = k < 4 ? 0.0f : k < 8 ? -0.0f : k == 8 ? NAN : -1.0f;
      }
    }
    expectArgmaxGradMatches(p, xv, rng);
    if (HasFatalFailure())
      return;
  }
}

TEST(PoolArgmax, FixedShapes) {
  Rng rng(707);
  // 2x2/2 (4 bits), 3x3/2 pad 1 (overlapping), 4x4/1 (16 positions, still 4
  // bits), 5x5/2 pad 2 (8 bits), 16x16/16 (256 positions, 8 bits), 1x1.
  const PoolCase cases[] = {
      {2, 3, 8, 8, 2, 2, 2, 2, 0, 0},       {1, 4, 9, 7, 3, 3, 2, 2, 1, 1},
      {1, 2, 6, 6, 4, 4, 1, 1, 0, 0},       {1, 2, 11, 10, 5, 5, 2, 2, 2, 2},
      {1, 1, 32, 32, 16, 16, 16, 16, 0, 0}, {1, 1, 5, 3, 1, 1, 1, 1, 0, 0},
      {1, 1, 1, 1, 3, 3, 1, 1, 1, 1},
  };
  for (const PoolCase &p : cases) {
    expectArgmaxGradMatches(p, rng.floats(p.n * p.c * p.h * p.w), rng);
    expectArgmaxGradMatches(p, rng.floats(p.n * p.c * p.h * p.w, -2, -1), rng);
  }
}

TEST(PoolArgmax, CodesAreWindowPositions) {
  // 1x1x4x4, 2x2/2: the maximum of each window at a known position.
  std::vector<float> v = {0, 1, 0, 0, //
                          0, 0, 0, 2, //
                          3, 0, 0, 0, //
                          0, 0, 4, 0};
  FTensor x({1, 1, 4, 4}, v);
  BTensor bytes({2});
  echo_encode_pool_argmax(ARG(x), ARG(bytes), 2, 2, 2, 2, 0, 0);
  // Windows (row-major): argmax 1, 3, 0, 2.
  EXPECT_EQ(bytes[0], 0x31);
  EXPECT_EQ(bytes[1], 0x20);
  // With padding 1 and a 3x3/3 window, the top-left window's position 4
  // (the window center) is x[0][0].
  FTensor x2({1, 1, 2, 2}, {5, 1, 1, 1});
  BTensor b2({1});
  echo_encode_pool_argmax(ARG(x2), ARG(b2), 3, 3, 3, 3, 1, 1);
  EXPECT_EQ(b2[0], 0x04);
}

TEST(PoolArgmax, Errors) {
  FTensor x({1, 1, 20, 20});
  BTensor bytes({16});
  EXPECT_RT_ERROR(echo_encode_pool_argmax(ARG(x), ARG(bytes), 17, 17, 1, 1, 0, 0), "echo_encode_pool_argmax: kernel "
              "\\[17, 17\\] has more than 256 window positions");
  BTensor wrong({3});
  EXPECT_RT_ERROR(echo_encode_pool_argmax(ARG(x), ARG(wrong), 2, 2, 2, 2, 0, 0), "must hold 50 bytes");
  FTensor dy({1, 1, 9, 10}), dx({1, 1, 20, 20});
  BTensor ok({50});
  EXPECT_RT_ERROR(
      echo_max_pool2d_grad_argmax(ARG(ok), ARG(dy), ARG(dx), 2, 2, 2, 2, 0, 0), "dy shape \\[1x1x9x10\\]");
}

TEST(Encoding, SizeMismatchIsAnError) {
  FTensor x({10});
  BTensor b({3});
  EXPECT_RT_ERROR(echo_encode_fp10(ARG(x), ARG(b)), "echo_encode_fp10: bytes shape \\[3\\] "
              "must hold 16 bytes");
  EXPECT_RT_ERROR(echo_decode_binarize(ARG(b), ARG(x)), "must hold 2 bytes");
}
