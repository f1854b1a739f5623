//===- Cast.cpp - Element type conversion (echo.cast) ---------------------===//
//
// The CPU entries echo_cast_<from>_<to>: f32, f16 and bf16 stored as their
// IEEE / bfloat16 bit patterns, converted with the codecs of echo/codecs.h
// (round to nearest, ties to even; the CUDA backend's kernels use the same
// functions, so both backends store the same bits). A 16-bit value widens to
// f32 exactly, so f16 <-> bf16 through f32 rounds once.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "Parallel.h"

#include "echo/codecs.h"

#include <cstdint>

using namespace echo_rt;
namespace cd = echo_codecs;

namespace {

/// One element type of a cast: its storage and its exact f32 value.
struct F32Elt {
  using Storage = float;
  static float toF32(float v) { return v; }
  static float fromF32(float v) { return v; }
};
struct F16Elt {
  using Storage = uint16_t;
  static float toF32(uint16_t v) { return cd::decodeFp16(v); }
  static uint16_t fromF32(float v) { return cd::encodeFp16(v); }
};
struct Bf16Elt {
  using Storage = uint16_t;
  static float toF32(uint16_t v) { return cd::decodeBf16(v); }
  static uint16_t fromF32(float v) { return cd::encodeBf16(v); }
};

template <typename From, typename To>
void castEntry(const char *entry, int64_t x_rank, void *x_desc, int64_t y_rank,
               void *y_desc) {
  TensorView X = view(entry, "x", x_rank, x_desc, sizeof(typename From::Storage));
  TensorView Y = view(entry, "y", y_rank, y_desc, sizeof(typename To::Storage));
  expectSameShape(entry, X, "x", Y, "y");
  const auto *x = static_cast<const typename From::Storage *>(X.data);
  auto *y = static_cast<typename To::Storage *>(Y.data);
  parallelRanges(X.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = To::fromF32(From::toF32(x[i]));
  });
}

} // namespace

#define ECHO_CPU_CAST(FROM, TO, FROM_ELT, TO_ELT)                              \
  void entry::echo_cast_##FROM##_##TO(Context &, ECHO_TENSOR(x),               \
                                      ECHO_TENSOR(y)) {                        \
    castEntry<FROM_ELT, TO_ELT>("echo_cast_" #FROM "_" #TO, x_rank, x_desc,    \
                                y_rank, y_desc);                               \
  }
ECHO_CPU_CAST(f32, f16, F32Elt, F16Elt)
ECHO_CPU_CAST(f32, bf16, F32Elt, Bf16Elt)
ECHO_CPU_CAST(f16, f32, F16Elt, F32Elt)
ECHO_CPU_CAST(bf16, f32, Bf16Elt, F32Elt)
ECHO_CPU_CAST(f16, bf16, F16Elt, Bf16Elt)
ECHO_CPU_CAST(bf16, f16, Bf16Elt, F16Elt)
#undef ECHO_CPU_CAST
