//===- ConvGeometry.h - Shapes of a 2-D convolution --------------*- C++ -*-===//
//
// The sizes and attributes of one echo_conv2d* call, checked once
// (Conv.cpp) and shared by its two implementations: im2col + sgemm and
// oneDNN (OneDnnConv.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_CONVGEOMETRY_H
#define ECHO_RUNTIME_CPU_CONVGEOMETRY_H

#include <cstdint>

namespace echo_rt {

struct ConvGeometry {
  int64_t n, c, h, w;     // input
  int64_t o, kh, kw;      // weight [o, c / groups, kh, kw]
  int64_t oh, ow;         // output spatial size
  int64_t sh, sw, ph, pw, dh, dw, groups;
  int64_t cg, og;         // channels per group
  int64_t ckk() const { return cg * kh * kw; }
  int64_t ohw() const { return oh * ow; }
  bool direct() const {
    return kh == 1 && kw == 1 && sh == 1 && sw == 1 && ph == 0 && pw == 0;
  }
};

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_CONVGEOMETRY_H
