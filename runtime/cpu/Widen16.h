//===- Widen16.h - f32 scratch for the 16-bit entries -----------*- C++ -*-===//
//
// The CPU backend's 16-bit products and convolutions widen their operands
// into f32 scratch (exact), run the f32 entry's arithmetic on it and round
// each result once: bit for bit the cast, f32 entry, cast that
// echo-compute-in-f32 would emit, without the f32 tensors in device memory.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_WIDEN16_H
#define ECHO_RUNTIME_CPU_WIDEN16_H

#include "CastArgs.h"
#include "TensorView.h"

#include <vector>

namespace echo_rt {

/// A 16-bit tensor's f32 values (`Elt`: Bf16Elt or F16Elt of CastArgs.h).
template <class Elt> std::vector<float> widen(const TensorView &t) {
  std::vector<float> out(static_cast<size_t>(t.numel));
  auto *in = static_cast<const typename Elt::Storage *>(t.data);
  for (int64_t i = 0; i < t.numel; ++i)
    out[i] = Elt::toF32(in[i]);
  return out;
}

/// f32 scratch for a 16-bit result, stored by `narrow`.
inline std::vector<float> widenedScratch(const TensorView &t) {
  return std::vector<float>(static_cast<size_t>(t.numel));
}

/// Stores `values` into the 16-bit tensor `t`, each rounded to nearest even.
template <class Elt>
void narrow(const std::vector<float> &values, const TensorView &t) {
  auto *out = static_cast<typename Elt::Storage *>(t.data);
  for (int64_t i = 0; i < t.numel; ++i)
    out[i] = Elt::fromF32(values[i]);
}

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_WIDEN16_H
