//===- ConvGeometry.cpp - Checking a 2-D convolution's shapes -------------===//

#include "ConvGeometry.h"
#include "RuntimeError.h"

namespace echo_rt {

ConvGeometry convGeometry(const char *E, const TensorView &x, const char *xn,
                          const TensorView &w, const char *wn,
                          const TensorView &y, const char *yn, int64_t sh,
                          int64_t sw, int64_t ph, int64_t pw, int64_t dh,
                          int64_t dw, int64_t groups) {
  if (sh < 1 || sw < 1)
    fail(E, "stride must be >= 1, got [%lld, %lld]", (long long)sh,
         (long long)sw);
  if (dh < 1 || dw < 1)
    fail(E, "dilation must be >= 1, got [%lld, %lld]", (long long)dh,
         (long long)dw);
  if (ph < 0 || pw < 0)
    fail(E, "padding must be >= 0, got [%lld, %lld]", (long long)ph,
         (long long)pw);
  if (groups < 1)
    fail(E, "groups must be >= 1, got %lld", (long long)groups);
  expectRank(E, x, xn, 4);
  expectRank(E, w, wn, 4);
  expectRank(E, y, yn, 4);
  ConvGeometry g;
  g.n = x.size(0), g.c = x.size(1), g.h = x.size(2), g.w = x.size(3);
  g.o = w.size(0), g.kh = w.size(2), g.kw = w.size(3);
  g.sh = sh, g.sw = sw, g.ph = ph, g.pw = pw, g.dh = dh, g.dw = dw;
  g.groups = groups;
  if (g.c % groups || g.o % groups)
    fail(E,
         "groups %lld must divide the input channels %lld and the output "
         "channels %lld",
         (long long)groups, (long long)g.c, (long long)g.o);
  g.cg = g.c / groups;
  g.og = g.o / groups;
  expectDim(E, w, wn, 1, g.cg);
  int64_t spanH = g.h + 2 * ph - dh * (g.kh - 1) - 1;
  int64_t spanW = g.w + 2 * pw - dw * (g.kw - 1) - 1;
  if (g.kh < 1 || g.kw < 1 || spanH < 0 || spanW < 0)
    fail(E, "kernel %s does not fit the padded input %s", w.shapeStr().c_str(),
         x.shapeStr().c_str());
  g.oh = spanH / sh + 1;
  g.ow = spanW / sw + 1;
  expectDim(E, y, yn, 0, g.n);
  expectDim(E, y, yn, 1, g.o);
  expectDim(E, y, yn, 2, g.oh);
  expectDim(E, y, yn, 3, g.ow);
  return g;
}

namespace {

template <class Args> ConvArgs convArgsOf(const Args &args) {
  const char *E = args.entry;
  ConvArgs a;
  a.x = args.x.view();
  a.w = args.w.view();
  a.y = args.y.view();
  a.g = convGeometry(E, a.x, "x", a.w, "w", a.y, "y", args.stride_h,
                     args.stride_w, args.pad_h, args.pad_w, args.dilation_h,
                     args.dilation_w, args.groups);
  if (args.has_bias) {
    a.b = args.b.view();
    expectRank(E, a.b, "b", 1);
    expectDim(E, a.b, "b", 0, a.g.o);
  }
  return a;
}

template <class Args> ConvGradInputArgs convGradInputArgsOf(const Args &args) {
  const char *E = args.entry;
  ConvGradInputArgs a;
  a.dy = args.dy.view();
  a.w = args.w.view();
  a.dx = args.dx.view();
  a.g = convGeometry(E, a.dx, "dx", a.w, "w", a.dy, "dy", args.stride_h,
                     args.stride_w, args.pad_h, args.pad_w, args.dilation_h,
                     args.dilation_w, args.groups);
  return a;
}

template <class Args>
ConvGradWeightArgs convGradWeightArgsOf(const Args &args) {
  const char *E = args.entry;
  ConvGradWeightArgs a;
  a.x = args.x.view();
  a.dy = args.dy.view();
  a.dw = args.dw.view();
  a.g = convGeometry(E, a.x, "x", a.dw, "dw", a.dy, "dy", args.stride_h,
                     args.stride_w, args.pad_h, args.pad_w, args.dilation_h,
                     args.dilation_w, args.groups);
  return a;
}

} // namespace

// One definition of each entry's checks for its f32 and 16-bit forms.
#define ECHO_CONV_ARGS(SUFFIX)                                                 \
  ConvArgs convArgs(const echo_conv2d##SUFFIX##_args &args) {                  \
    return convArgsOf(args);                                                   \
  }                                                                            \
  ConvGradInputArgs convGradInputArgs(                                         \
      const echo_conv2d_grad_input##SUFFIX##_args &args) {                     \
    return convGradInputArgsOf(args);                                          \
  }                                                                            \
  ConvGradWeightArgs convGradWeightArgs(                                       \
      const echo_conv2d_grad_weight##SUFFIX##_args &args) {                    \
    return convGradWeightArgsOf(args);                                         \
  }
ECHO_CONV_ARGS()
ECHO_CONV_ARGS(_bf16)
ECHO_CONV_ARGS(_f16)
#undef ECHO_CONV_ARGS

} // namespace echo_rt
