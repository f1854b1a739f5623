//===- Cast.cpp - Element type conversion (echo.cast) ---------------------===//
//
// The CPU entries echo_cast_<from>_<to>: f32, f16 and bf16 stored as their
// IEEE / bfloat16 bit patterns, converted with the codecs of echo/codecs.h
// (round to nearest, ties to even; the CUDA backend's kernels use the same
// functions, so both backends store the same bits). A 16-bit value widens to
// f32 exactly, so f16 <-> bf16 through f32 rounds once.
//
//===----------------------------------------------------------------------===//

#include "CastArgs.h"
#include "Context.h"
#include "Parallel.h"

#include <cstdint>

using namespace echo_rt;

namespace {

template <typename From, typename To, typename Args>
void castEntry(const Args &args) {
  CastArgs a = castArgs(args);
  const auto *x = static_cast<const typename From::Storage *>(a.x.data);
  auto *y = static_cast<typename To::Storage *>(a.y.data);
  parallelRanges(a.x.numel, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i)
      y[i] = To::fromF32(From::toF32(x[i]));
  });
}

} // namespace

#define ECHO_CPU_CAST(FROM, TO, FROM_ELT, TO_ELT)                              \
  void entry::echo_cast_##FROM##_##TO(                                         \
      Context &, const echo_cast_##FROM##_##TO##_args &args) {                 \
    castEntry<FROM_ELT, TO_ELT>(args);                                         \
  }
ECHO_CASTS(ECHO_CPU_CAST)
#undef ECHO_CPU_CAST
