//===- CastArgs.h - The echo_cast_* entries, stated once --------*- C++ -*-===//
//
// What both backends' echo_cast_<from>_<to> share: each element type's
// storage and exact f32 value (echo/codecs.h's conversions, host and device,
// so both backends store the same bits), the list of casts of abi.def with
// their element types, and the entry's views and shape check.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_CASTARGS_H
#define ECHO_RUNTIME_COMMON_CASTARGS_H

#include "EntryArgs.h"

#include "echo/codecs.h"

#include <cstdint>

namespace echo_rt {
inline namespace cast_args {

/// One element type of a cast: its storage and its exact f32 value.
struct F32Elt {
  using Storage = float;
  ECHO_HD static float toF32(float v) { return v; }
  ECHO_HD static float fromF32(float v) { return v; }
};
struct F16Elt {
  using Storage = uint16_t;
  ECHO_HD static float toF32(uint16_t v) { return echo_codecs::decodeFp16(v); }
  ECHO_HD static uint16_t fromF32(float v) {
    return echo_codecs::encodeFp16(v);
  }
};
struct Bf16Elt {
  using Storage = uint16_t;
  ECHO_HD static float toF32(uint16_t v) { return echo_codecs::decodeBf16(v); }
  ECHO_HD static uint16_t fromF32(float v) {
    return echo_codecs::encodeBf16(v);
  }
};

/// The echo_cast_<FROM>_<TO> entries of abi.def, with the element types of
/// their x and y: X(FROM, TO, FromElt, ToElt) each.
#define ECHO_CASTS(X)                                                          \
  X(f32, f16, F32Elt, F16Elt)                                                  \
  X(f32, bf16, F32Elt, Bf16Elt)                                                \
  X(f16, f32, F16Elt, F32Elt)                                                  \
  X(bf16, f32, Bf16Elt, F32Elt)                                                \
  X(f16, bf16, F16Elt, Bf16Elt)                                                \
  X(bf16, f16, Bf16Elt, F16Elt)

/// x and y of one cast (their kinds give the element sizes), one shape.
struct CastArgs {
  TensorView x, y;
};
template <typename Args> CastArgs castArgs(const Args &args) {
  CastArgs a{args.x.view(), args.y.view()};
  expectSameShape(args.entry, a.x, "x", a.y, "y");
  return a;
}

} // namespace cast_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_CASTARGS_H
