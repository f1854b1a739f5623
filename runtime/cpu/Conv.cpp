//===- Conv.cpp - 2-D convolution: oneDNN, or im2col + sgemm ---------------===//
//
// Every call runs on oneDNN (OneDnnConv.cpp) unless the context selects the
// reference kernels or oneDNN has no primitive for the geometry; then:
// NCHW input, OIHW weight, symmetric padding, dilation and groups. For every
// image and group the receptive fields are unfolded into a column matrix
// col[(c, kh, kw), (oh, ow)] and the convolution becomes one sgemm:
//   forward      y_g  = w_g * col
//   grad input   dcol = w_g^T * dy_g, folded back (col2im) in a fixed order
//   grad weight  dw_g = sum over images, in image order, of dy_g * col^T
// A 1x1 kernel with unit stride and no padding uses the input directly.
//
//===----------------------------------------------------------------------===//

#include "Blas.h"
#include "ConvGeometry.h"
#include "Context.h"
#include "OneDnn.h"
#include "TensorView.h"

#include <cstring>
#include <vector>

using namespace echo_rt;

namespace {

/// col[(c, i, j), (oh, ow)] = x[c, oh*sh - ph + i*dh, ow*sw - pw + j*dw].
void im2col(const ConvGeometry &g, const float *x, float *col) {
  for (int64_t c = 0; c < g.cg; ++c)
    for (int64_t i = 0; i < g.kh; ++i)
      for (int64_t j = 0; j < g.kw; ++j) {
        float *row = col + ((c * g.kh + i) * g.kw + j) * g.ohw();
        const float *plane = x + c * g.h * g.w;
        for (int64_t oy = 0; oy < g.oh; ++oy) {
          float *out = row + oy * g.ow;
          int64_t iy = oy * g.sh - g.ph + i * g.dh;
          if (iy < 0 || iy >= g.h) {
            std::memset(out, 0, sizeof(float) * g.ow);
            continue;
          }
          const float *in = plane + iy * g.w;
          int64_t ix0 = j * g.dw - g.pw;
          for (int64_t ox = 0; ox < g.ow; ++ox) {
            int64_t ix = ix0 + ox * g.sw;
            out[ox] = (ix >= 0 && ix < g.w) ? in[ix] : 0.0f;
          }
        }
      }
}

/// dx[c, ...] += dcol, visiting (c, i, j, oh, ow) in order.
void col2im(const ConvGeometry &g, const float *col, float *dx) {
  for (int64_t c = 0; c < g.cg; ++c)
    for (int64_t i = 0; i < g.kh; ++i)
      for (int64_t j = 0; j < g.kw; ++j) {
        const float *row = col + ((c * g.kh + i) * g.kw + j) * g.ohw();
        float *plane = dx + c * g.h * g.w;
        for (int64_t oy = 0; oy < g.oh; ++oy) {
          int64_t iy = oy * g.sh - g.ph + i * g.dh;
          if (iy < 0 || iy >= g.h)
            continue;
          const float *in = row + oy * g.ow;
          float *out = plane + iy * g.w;
          int64_t ix0 = j * g.dw - g.pw;
          for (int64_t ox = 0; ox < g.ow; ++ox) {
            int64_t ix = ix0 + ox * g.sw;
            if (ix >= 0 && ix < g.w)
              out[ix] += in[ox];
          }
        }
      }
}

} // namespace

// The workspace is for backends whose libraries need scratch (the CUDA
// backend's cuDNN); these kernels use their own temporaries.
void entry::echo_conv2d(Context &ctx, const echo_conv2d_args &args) {
  ConvArgs a = convArgs(args);
  const TensorView &X = a.x, &W = a.w, &B = a.b, &Y = a.y;
  const ConvGeometry &g = a.g;
  if (useOneDnn(ctx) &&
      oneDnnConvForward(ctx, args.entry, g, X.f32(), W.f32(),
                        args.has_bias ? B.f32() : nullptr, Y.f32()))
    return;
  std::vector<float> col(g.direct() ? 0 : g.ckk() * g.ohw());
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const float *xg = X.f32() + (n * g.c + gi * g.cg) * g.h * g.w;
      const float *colp = xg;
      if (!g.direct()) {
        im2col(g, xg, col.data());
        colp = col.data();
      }
      sgemm(args.entry, false, false, g.og, g.ohw(), g.ckk(), 1.0f,
            W.f32() + gi * g.og * g.ckk(), g.ckk(), colp, g.ohw(), 0.0f,
            Y.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw());
    }
  if (args.has_bias)
    for (int64_t n = 0; n < g.n; ++n)
      for (int64_t o = 0; o < g.o; ++o) {
        float bias = B.f32()[o];
        float *out = Y.f32() + (n * g.o + o) * g.ohw();
        for (int64_t i = 0; i < g.ohw(); ++i)
          out[i] += bias;
      }
}

void entry::echo_conv2d_grad_input(Context &ctx,
                                   const echo_conv2d_grad_input_args &args) {
  ConvGradInputArgs a = convGradInputArgs(args);
  const TensorView &DY = a.dy, &W = a.w, &DX = a.dx;
  const ConvGeometry &g = a.g;
  if (useOneDnn(ctx) &&
      oneDnnConvBackwardData(ctx, args.entry, g, DY.f32(), W.f32(), DX.f32()))
    return;
  if (g.direct()) {
    // dcol is dx itself; groups write disjoint channel ranges.
    for (int64_t n = 0; n < g.n; ++n)
      for (int64_t gi = 0; gi < g.groups; ++gi)
        sgemm(args.entry, true, false, g.ckk(), g.ohw(), g.og, 1.0f,
              W.f32() + gi * g.og * g.ckk(), g.ckk(),
              DY.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), 0.0f,
              DX.f32() + (n * g.c + gi * g.cg) * g.h * g.w, g.ohw());
    return;
  }
  std::memset(DX.f32(), 0, sizeof(float) * DX.numel);
  std::vector<float> col(g.ckk() * g.ohw());
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      sgemm(args.entry, true, false, g.ckk(), g.ohw(), g.og, 1.0f,
            W.f32() + gi * g.og * g.ckk(), g.ckk(),
            DY.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), 0.0f,
            col.data(), g.ohw());
      col2im(g, col.data(), DX.f32() + (n * g.c + gi * g.cg) * g.h * g.w);
    }
}

void entry::echo_conv2d_grad_weight(Context &ctx,
                                    const echo_conv2d_grad_weight_args &args) {
  ConvGradWeightArgs a = convGradWeightArgs(args);
  const TensorView &X = a.x, &DY = a.dy, &DW = a.dw;
  const ConvGeometry &g = a.g;
  if (g.n == 0) {
    std::memset(DW.f32(), 0, sizeof(float) * DW.numel);
    return;
  }
  if (useOneDnn(ctx) && oneDnnConvBackwardWeights(ctx, args.entry, g, X.f32(),
                                                  DY.f32(), DW.f32()))
    return;
  std::vector<float> col(g.direct() ? 0 : g.ckk() * g.ohw());
  // Images in order; the first overwrites dw, the others accumulate.
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const float *xg = X.f32() + (n * g.c + gi * g.cg) * g.h * g.w;
      const float *colp = xg;
      if (!g.direct()) {
        im2col(g, xg, col.data());
        colp = col.data();
      }
      sgemm(args.entry, false, true, g.og, g.ckk(), g.ohw(), 1.0f,
            DY.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), colp, g.ohw(),
            n == 0 ? 0.0f : 1.0f, DW.f32() + gi * g.og * g.ckk(), g.ckk());
    }
}
