//===- Rounded16.h - 16-bit entries against the f32 entries -----*- C++ -*-===//
//
// A 16-bit product or convolution next to what echo-compute-in-f32 computes
// without it: widen the operands (exact), run the f32 entry, round each
// result to nearest even. The CPU backend gives those bits. Another backend
// (tensor cores, another summation order) is within one unit in the last
// place of the 16-bit result plus 1e-5 * k, k the terms each result sums
// (the f32 sums' rounding, inputs in [-1, 1]).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_TESTS_ROUNDED16_H
#define ECHO_RUNTIME_TESTS_ROUNDED16_H

#include "TestUtil.h"

#include "echo/codecs.h"

#include <cmath>
#include <cstring>

namespace echo_test {
namespace rounded16 {

using HTensor = Tensor<uint16_t>;

struct Format {
  const char *name;
  int mantissaBits; // stored fraction bits
  uint16_t (*encode)(float);
  float (*decode)(uint16_t);
};
inline const Format kFormats[] = {
    {"bf16", 7, echo_codecs::encodeBf16, echo_codecs::decodeBf16},
    {"f16", 10, echo_codecs::encodeFp16, echo_codecs::decodeFp16}};

inline bool onCpu() {
  return std::strcmp(backend().echo_backend_name(), "cpu") == 0;
}

/// Random values of the format, and their f32 twins.
struct Operand {
  HTensor low;
  FTensor wide;
};
inline Operand operand(Rng &rng, const Format &f, const Shape &shape) {
  std::vector<float> v = rng.floats(numel(shape));
  std::vector<uint16_t> bits(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    bits[i] = f.encode(v[i]);
    v[i] = f.decode(bits[i]);
  }
  return {HTensor(shape, bits, 1), FTensor(shape, v)};
}

/// `got` (16-bit) against `wide` (the f32 entry's result) rounded.
inline void expectRounded(const Format &f, const HTensor &got,
                          const FTensor &wide, int64_t k,
                          const std::string &what) {
  bool exact = onCpu();
  int64_t bad = 0;
  for (int64_t i = 0; i < got.size() && bad < 5; ++i) {
    uint16_t want = f.encode(wide[i]);
    if (exact) {
      if (got[i] != want) {
        ++bad;
        ADD_FAILURE() << what << " element " << i << ": 0x" << std::hex
                      << got[i] << ", the f32 entry's rounded 0x" << want;
      }
      continue;
    }
    double ref = wide[i], val = f.decode(got[i]);
    double ulp =
        std::ldexp(1.0, std::ilogb(std::fabs(ref) + 1e-30) - f.mantissaBits);
    if (!(std::fabs(val - ref) <= ulp + 1e-5 * k)) {
      ++bad;
      ADD_FAILURE() << what << " element " << i << ": " << val
                    << ", the f32 entry's " << ref;
    }
  }
}

} // namespace rounded16
} // namespace echo_test

#endif // ECHO_RUNTIME_TESTS_ROUNDED16_H
