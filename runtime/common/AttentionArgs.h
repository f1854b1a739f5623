//===- AttentionArgs.h - Checked arguments of the attention entries -*- C++ -*-===//
//
// echo_attention(_grad)'s tensors viewed and checked once for every backend,
// and the geometry both backends' kernels read (AttentionMath.h).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ATTENTIONARGS_H
#define ECHO_RUNTIME_COMMON_ATTENTIONARGS_H

#include "AttentionMath.h"
#include "TensorView.h"
#include "echo/abi_macros.h"

namespace echo_rt {
inline namespace attention_args {

/// q [B, H, Lq, D], k and v [B, H, Lk, D], the mask (when has_mask) broadcast
/// to [B, H, Lq, Lk], out like q and lse [B, H, Lq].
struct AttentionArgs {
  TensorView q, k, v, mask, out, lse;
  echo_attn::Geometry g;
};
AttentionArgs attentionArgs(const char *entry, ECHO_TENSOR(q), ECHO_TENSOR(k),
                            ECHO_TENSOR(v), ECHO_TENSOR(mask), ECHO_TENSOR(out),
                            ECHO_TENSOR(lse), int64_t has_mask, int64_t causal,
                            double scale, double dropout, int64_t seed);

/// The forward's tensors, dout like out, and dq, dk, dv like q, k, v.
struct AttentionGradArgs {
  TensorView q, k, v, out, lse, dout, mask, dq, dk, dv;
  echo_attn::Geometry g;
};
AttentionGradArgs attentionGradArgs(const char *entry, ECHO_TENSOR(q),
                                    ECHO_TENSOR(k), ECHO_TENSOR(v),
                                    ECHO_TENSOR(out), ECHO_TENSOR(lse),
                                    ECHO_TENSOR(dout), ECHO_TENSOR(mask),
                                    ECHO_TENSOR(dq), ECHO_TENSOR(dk),
                                    ECHO_TENSOR(dv), int64_t has_mask,
                                    int64_t causal, double scale,
                                    double dropout, int64_t seed);

} // namespace attention_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_ATTENTIONARGS_H
