//===- AttentionArgs.h - Checked arguments of the attention entries -*- C++ -*-===//
//
// echo_attention(_grad)'s tensors viewed and checked once for every backend,
// and the geometry both backends' kernels read (AttentionMath.h).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ATTENTIONARGS_H
#define ECHO_RUNTIME_COMMON_ATTENTIONARGS_H

#include "AttentionMath.h"
#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {
inline namespace attention_args {

/// q [B, H, Lq, D], k and v [B, H, Lk, D], the mask (when has_mask) broadcast
/// to [B, H, Lq, Lk], out like q and lse [B, H, Lq].
struct AttentionArgs {
  TensorView q, k, v, mask, out, lse;
  echo_attn::Geometry g;
};
AttentionArgs attentionArgs(const echo_attention_args &args);

/// The forward's tensors, dout like out, and dq, dk, dv like q, k, v.
struct AttentionGradArgs {
  TensorView q, k, v, out, lse, dout, mask, dq, dk, dv;
  echo_attn::Geometry g;
};
AttentionGradArgs attentionGradArgs(const echo_attention_grad_args &args);

} // namespace attention_args
} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_ATTENTIONARGS_H
