//===- ConvGeometry.h - Shapes of a 2-D convolution -------------*- C++ -*-===//
//
// The sizes and attributes of one echo_conv2d* call (f32 or 16-bit), and
// the entries' views of their operands, checked once for every backend and
// implementation (CPU im2col + sgemm and oneDNN, cuDNN), so they agree on
// what they accept and on the messages of what they refuse.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_CONVGEOMETRY_H
#define ECHO_RUNTIME_COMMON_CONVGEOMETRY_H

#include "EntryArgs.h"
#include "TensorView.h"

#include <cstdint>

namespace echo_rt {

struct ConvGeometry {
  int64_t n, c, h, w; // input
  int64_t o, kh, kw;  // weight [o, c / groups, kh, kw]
  int64_t oh, ow;     // output spatial size
  int64_t sh, sw, ph, pw, dh, dw, groups;
  int64_t cg, og; // channels per group
  int64_t ckk() const { return cg * kh * kw; }
  int64_t ohw() const { return oh * ow; }
  bool direct() const {
    return kh == 1 && kw == 1 && sh == 1 && sw == 1 && ph == 0 && pw == 0;
  }
};

/// Checks x [N, C, H, W], w [O, C/g, KH, KW] and y [N, O, OH, OW] against
/// each other and the attributes (`xn`, `wn`, `yn` name them in errors:
/// the gradients pass dx, dw or dy), and returns the geometry.
ConvGeometry convGeometry(const char *entry, const TensorView &x,
                          const char *xn, const TensorView &w, const char *wn,
                          const TensorView &y, const char *yn, int64_t sh,
                          int64_t sw, int64_t ph, int64_t pw, int64_t dh,
                          int64_t dw, int64_t groups);

/// echo_conv2d: x [N, C, H, W] * w + b (viewed only with has_bias) into y.
struct ConvArgs {
  TensorView x, w, b, y;
  ConvGeometry g;
};
ConvArgs convArgs(const echo_conv2d_args &args);
ConvArgs convArgs(const echo_conv2d_bf16_args &args);
ConvArgs convArgs(const echo_conv2d_f16_args &args);

/// echo_conv2d_grad_input: dy and w into dx (the geometry's input).
struct ConvGradInputArgs {
  TensorView dy, w, dx;
  ConvGeometry g;
};
ConvGradInputArgs convGradInputArgs(const echo_conv2d_grad_input_args &args);
ConvGradInputArgs
convGradInputArgs(const echo_conv2d_grad_input_bf16_args &args);
ConvGradInputArgs
convGradInputArgs(const echo_conv2d_grad_input_f16_args &args);

/// echo_conv2d_grad_weight: x and dy into dw (the geometry's weight).
struct ConvGradWeightArgs {
  TensorView x, dy, dw;
  ConvGeometry g;
};
ConvGradWeightArgs convGradWeightArgs(const echo_conv2d_grad_weight_args &args);
ConvGradWeightArgs
convGradWeightArgs(const echo_conv2d_grad_weight_bf16_args &args);
ConvGradWeightArgs
convGradWeightArgs(const echo_conv2d_grad_weight_f16_args &args);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_CONVGEOMETRY_H
