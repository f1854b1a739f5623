//===- Conv.cpp - 2-D convolution: oneDNN, or im2col + sgemm
//---------------===//
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
// The 16-bit entries run the same code on f32 scratch (Widen16.h).
//
//===----------------------------------------------------------------------===//

#include "Blas.h"
#include "Context.h"
#include "ConvGeometry.h"
#include "OneDnn.h"
#include "TensorView.h"
#include "Widen16.h"

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

/// The f32 convolutions on raw buffers: the f32 entries run them on their
/// tensors, the 16-bit ones on widened scratch (Widen16.h).
void forwardF32(Context &ctx, const char *E, const ConvGeometry &g,
                const float *x, const float *w, const float *b, float *y) {
  if (useOneDnn(ctx) && oneDnnConvForward(ctx, E, g, x, w, b, y))
    return;
  std::vector<float> col(g.direct() ? 0 : g.ckk() * g.ohw());
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const float *xg = x + (n * g.c + gi * g.cg) * g.h * g.w;
      const float *colp = xg;
      if (!g.direct()) {
        im2col(g, xg, col.data());
        colp = col.data();
      }
      sgemm(E, false, false, g.og, g.ohw(), g.ckk(), 1.0f,
            w + gi * g.og * g.ckk(), g.ckk(), colp, g.ohw(), 0.0f,
            y + (n * g.o + gi * g.og) * g.ohw(), g.ohw());
    }
  if (b)
    for (int64_t n = 0; n < g.n; ++n)
      for (int64_t o = 0; o < g.o; ++o) {
        float bias = b[o];
        float *out = y + (n * g.o + o) * g.ohw();
        for (int64_t i = 0; i < g.ohw(); ++i)
          out[i] += bias;
      }
}

void gradInputF32(Context &ctx, const char *E, const ConvGeometry &g,
                  const float *dy, const float *w, float *dx) {
  if (useOneDnn(ctx) && oneDnnConvBackwardData(ctx, E, g, dy, w, dx))
    return;
  if (g.direct()) {
    // dcol is dx itself; groups write disjoint channel ranges.
    for (int64_t n = 0; n < g.n; ++n)
      for (int64_t gi = 0; gi < g.groups; ++gi)
        sgemm(E, true, false, g.ckk(), g.ohw(), g.og, 1.0f,
              w + gi * g.og * g.ckk(), g.ckk(),
              dy + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), 0.0f,
              dx + (n * g.c + gi * g.cg) * g.h * g.w, g.ohw());
    return;
  }
  std::memset(dx, 0, sizeof(float) * g.n * g.c * g.h * g.w);
  std::vector<float> col(g.ckk() * g.ohw());
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      sgemm(E, true, false, g.ckk(), g.ohw(), g.og, 1.0f,
            w + gi * g.og * g.ckk(), g.ckk(),
            dy + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), 0.0f, col.data(),
            g.ohw());
      col2im(g, col.data(), dx + (n * g.c + gi * g.cg) * g.h * g.w);
    }
}

void gradWeightF32(Context &ctx, const char *E, const ConvGeometry &g,
                   const float *x, const float *dy, float *dw) {
  if (g.n == 0) {
    std::memset(dw, 0, sizeof(float) * g.o * g.ckk());
    return;
  }
  if (useOneDnn(ctx) && oneDnnConvBackwardWeights(ctx, E, g, x, dy, dw))
    return;
  std::vector<float> col(g.direct() ? 0 : g.ckk() * g.ohw());
  // Images in order; the first overwrites dw, the others accumulate.
  for (int64_t n = 0; n < g.n; ++n)
    for (int64_t gi = 0; gi < g.groups; ++gi) {
      const float *xg = x + (n * g.c + gi * g.cg) * g.h * g.w;
      const float *colp = xg;
      if (!g.direct()) {
        im2col(g, xg, col.data());
        colp = col.data();
      }
      sgemm(E, false, true, g.og, g.ckk(), g.ohw(), 1.0f,
            dy + (n * g.o + gi * g.og) * g.ohw(), g.ohw(), colp, g.ohw(),
            n == 0 ? 0.0f : 1.0f, dw + gi * g.og * g.ckk(), g.ckk());
    }
}

template <class Elt, class Args>
void forward16(Context &ctx, const Args &args) {
  ConvArgs a = convArgs(args);
  std::vector<float> x = widen<Elt>(a.x), w = widen<Elt>(a.w),
                     y = widenedScratch(a.y), b;
  if (args.has_bias)
    b = widen<Elt>(a.b);
  forwardF32(ctx, args.entry, a.g, x.data(), w.data(),
             args.has_bias ? b.data() : nullptr, y.data());
  narrow<Elt>(y, a.y);
}

template <class Elt, class Args>
void gradInput16(Context &ctx, const Args &args) {
  ConvGradInputArgs a = convGradInputArgs(args);
  std::vector<float> dy = widen<Elt>(a.dy), w = widen<Elt>(a.w),
                     dx = widenedScratch(a.dx);
  gradInputF32(ctx, args.entry, a.g, dy.data(), w.data(), dx.data());
  narrow<Elt>(dx, a.dx);
}

template <class Elt, class Args>
void gradWeight16(Context &ctx, const Args &args) {
  ConvGradWeightArgs a = convGradWeightArgs(args);
  std::vector<float> x = widen<Elt>(a.x), dy = widen<Elt>(a.dy),
                     dw = widenedScratch(a.dw);
  gradWeightF32(ctx, args.entry, a.g, x.data(), dy.data(), dw.data());
  narrow<Elt>(dw, a.dw);
}

} // namespace

// The workspace is for backends whose libraries need scratch (the CUDA
// backend's cuDNN); these kernels use their own temporaries.
void entry::echo_conv2d(Context &ctx, const echo_conv2d_args &args) {
  ConvArgs a = convArgs(args);
  forwardF32(ctx, args.entry, a.g, a.x.f32(), a.w.f32(),
             args.has_bias ? a.b.f32() : nullptr, a.y.f32());
}

void entry::echo_conv2d_grad_input(Context &ctx,
                                   const echo_conv2d_grad_input_args &args) {
  ConvGradInputArgs a = convGradInputArgs(args);
  gradInputF32(ctx, args.entry, a.g, a.dy.f32(), a.w.f32(), a.dx.f32());
}

void entry::echo_conv2d_grad_weight(Context &ctx,
                                    const echo_conv2d_grad_weight_args &args) {
  ConvGradWeightArgs a = convGradWeightArgs(args);
  gradWeightF32(ctx, args.entry, a.g, a.x.f32(), a.dy.f32(), a.dw.f32());
}

#define ECHO_CONV16(T, ELT)                                                    \
  void entry::echo_conv2d_##T(Context &ctx, const echo_conv2d_##T##_args &a) { \
    forward16<ELT>(ctx, a);                                                    \
  }                                                                            \
  void entry::echo_conv2d_grad_input_##T(                                      \
      Context &ctx, const echo_conv2d_grad_input_##T##_args &a) {              \
    gradInput16<ELT>(ctx, a);                                                  \
  }                                                                            \
  void entry::echo_conv2d_grad_weight_##T(                                     \
      Context &ctx, const echo_conv2d_grad_weight_##T##_args &a) {             \
    gradWeight16<ELT>(ctx, a);                                                 \
  }
ECHO_CONV16(bf16, Bf16Elt)
ECHO_CONV16(f16, F16Elt)
#undef ECHO_CONV16
