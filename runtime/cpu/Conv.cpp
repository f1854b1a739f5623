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

/// Checks x [N, C, H, W], w [O, C/g, KH, KW] and y [N, O, OH, OW] against
/// each other and the attributes.
ConvGeometry geometry(const char *E, const TensorView &x, const char *xn,
                      const TensorView &w, const char *wn, const TensorView &y,
                      const char *yn, int64_t sh, int64_t sw, int64_t ph,
                      int64_t pw, int64_t dh, int64_t dw, int64_t groups) {
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
    fail(E, "groups %lld must divide the input channels %lld and the output "
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

void entry::echo_conv2d(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(w), ECHO_TENSOR(b),
                            ECHO_TENSOR(y), int64_t has_bias, int64_t stride_h,
                            int64_t stride_w, int64_t pad_h, int64_t pad_w,
                            int64_t dilation_h, int64_t dilation_w,
                            int64_t groups) {
  const char *E = "echo_conv2d";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView W = fview(E, "w", w_rank, w_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  ConvGeometry g = geometry(E, X, "x", W, "w", Y, "y", stride_h, stride_w,
                            pad_h, pad_w, dilation_h, dilation_w, groups);
  TensorView B;
  if (has_bias) {
    B = fview(E, "b", b_rank, b_desc);
    expectRank(E, B, "b", 1);
    expectDim(E, B, "b", 0, g.o);
  }
  if (useOneDnn(ctx) && oneDnnConvForward(ctx, E, g, X.f32(), W.f32(),
                                          has_bias ? B.f32() : nullptr,
                                          Y.f32()))
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
      sgemm(E, false, false, g.og, g.ohw(), g.ckk(), 1.0f,
            W.f32() + gi * g.og * g.ckk(), g.ckk(), colp, g.ohw(), 0.0f,
            Y.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw());
    }
  if (has_bias)
    for (int64_t n = 0; n < g.n; ++n)
      for (int64_t o = 0; o < g.o; ++o) {
        float bias = B.f32()[o];
        float *out = Y.f32() + (n * g.o + o) * g.ohw();
        for (int64_t i = 0; i < g.ohw(); ++i)
          out[i] += bias;
      }
}

void entry::echo_conv2d_grad_input(Context &ctx, ECHO_TENSOR(dy), ECHO_TENSOR(w),
                                       ECHO_TENSOR(dx), int64_t stride_h,
                                       int64_t stride_w, int64_t pad_h,
                                       int64_t pad_w, int64_t dilation_h,
                                       int64_t dilation_w, int64_t groups) {
  const char *E = "echo_conv2d_grad_input";
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView W = fview(E, "w", w_rank, w_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  ConvGeometry g = geometry(E, DX, "dx", W, "w", DY, "dy", stride_h, stride_w,
                            pad_h, pad_w, dilation_h, dilation_w, groups);
  if (useOneDnn(ctx) &&
      oneDnnConvBackwardData(ctx, E, g, DY.f32(), W.f32(), DX.f32()))
    return;
  if (g.direct()) {
    // dcol is dx itself; groups write disjoint channel ranges.
    for (int64_t n = 0; n < g.n; ++n)
      for (int64_t gi = 0; gi < g.groups; ++gi)
        sgemm(E, true, false, g.ckk(), g.ohw(), g.og, 1.0f,
              W.f32() + gi * g.og * g.ckk(), g.ckk(),
              DY.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), 0.0f,
              DX.f32() + (n * g.c + gi * g.cg) * g.h * g.w, g.ohw());
    return;
  }
  std::memset(DX.f32(), 0, sizeof(float) * DX.numel);
  std::vector<float> col(g.ckk() * g.ohw());
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      sgemm(E, true, false, g.ckk(), g.ohw(), g.og, 1.0f,
            W.f32() + gi * g.og * g.ckk(), g.ckk(),
            DY.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), 0.0f,
            col.data(), g.ohw());
      col2im(g, col.data(), DX.f32() + (n * g.c + gi * g.cg) * g.h * g.w);
    }
}

void entry::echo_conv2d_grad_weight(Context &ctx, ECHO_TENSOR(x), ECHO_TENSOR(dy),
                                        ECHO_TENSOR(dw), int64_t stride_h,
                                        int64_t stride_w, int64_t pad_h,
                                        int64_t pad_w, int64_t dilation_h,
                                        int64_t dilation_w, int64_t groups) {
  const char *E = "echo_conv2d_grad_weight";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DW = fview(E, "dw", dw_rank, dw_desc);
  ConvGeometry g = geometry(E, X, "x", DW, "dw", DY, "dy", stride_h, stride_w,
                            pad_h, pad_w, dilation_h, dilation_w, groups);
  if (g.n == 0) {
    std::memset(DW.f32(), 0, sizeof(float) * DW.numel);
    return;
  }
  if (useOneDnn(ctx) &&
      oneDnnConvBackwardWeights(ctx, E, g, X.f32(), DY.f32(), DW.f32()))
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
      sgemm(E, false, true, g.og, g.ckk(), g.ohw(), 1.0f,
            DY.f32() + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), colp,
            g.ohw(), n == 0 ? 0.0f : 1.0f, DW.f32() + gi * g.og * g.ckk(),
            g.ckk());
    }
}
