//===- ConvTest.cpp - conv2d forward and gradients ------------------------===//
//
// The f32 entries against a double reference and numeric gradients; the
// 16-bit entries against the f32 entries on the widened operands, rounded
// (Rounded16.h).
//
//===----------------------------------------------------------------------===//

#include "Rounded16.h"

using namespace echo_test;

namespace {

struct Conv {
  int64_t n, c, h, w, o, kh, kw, sh, sw, ph, pw, dh, dw, g;
  int64_t oh() const { return (h + 2 * ph - dh * (kh - 1) - 1) / sh + 1; }
  int64_t ow() const { return (w + 2 * pw - dw * (kw - 1) - 1) / sw + 1; }
  Shape xs() const { return {n, c, h, w}; }
  Shape ws() const { return {o, c / g, kh, kw}; }
  Shape ys() const { return {n, o, oh(), ow()}; }
  std::string str() const {
    char b[200];
    std::snprintf(b, sizeof(b),
                  "x[%lld,%lld,%lld,%lld] w[%lld,%lld,%lld,%lld] s%lld,%lld "
                  "p%lld,%lld d%lld,%lld g%lld",
                  (long long)n, (long long)c, (long long)h, (long long)w,
                  (long long)o, (long long)(c / g), (long long)kh,
                  (long long)kw, (long long)sh, (long long)sw, (long long)ph,
                  (long long)pw, (long long)dh, (long long)dw, (long long)g);
    return b;
  }
};

DVec refConv(const Conv &p, const DVec &x, const DVec &w, const DVec *b) {
  int64_t cg = p.c / p.g, og = p.o / p.g, oh = p.oh(), ow = p.ow();
  DVec y(numel(p.ys()));
  for (int64_t n = 0; n < p.n; ++n)
    for (int64_t o = 0; o < p.o; ++o)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double s = b ? (*b)[o] : 0.0;
          int64_t grp = o / og;
          for (int64_t c = 0; c < cg; ++c)
            for (int64_t u = 0; u < p.kh; ++u)
              for (int64_t v = 0; v < p.kw; ++v) {
                int64_t iy = i * p.sh - p.ph + u * p.dh;
                int64_t ix = j * p.sw - p.pw + v * p.dw;
                if (iy < 0 || iy >= p.h || ix < 0 || ix >= p.w)
                  continue;
                int64_t ci = grp * cg + c;
                s += x[((n * p.c + ci) * p.h + iy) * p.w + ix] *
                     w[((o * cg + c) * p.kh + u) * p.kw + v];
              }
          y[((n * p.o + o) * oh + i) * ow + j] = s;
        }
  return y;
}

Conv randomConv(Rng &rng, bool small) {
  while (true) {
    Conv p;
    p.g = rng.integer(1, 3);
    p.c = p.g * rng.integer(1, small ? 2 : 3);
    p.o = p.g * rng.integer(1, small ? 2 : 4);
    p.n = rng.integer(1, small ? 2 : 3);
    p.h = rng.integer(1, small ? 6 : 11);
    p.w = rng.integer(1, small ? 6 : 12);
    p.kh = rng.integer(1, 3);
    p.kw = rng.integer(1, 3);
    p.sh = rng.integer(1, 2);
    p.sw = rng.integer(1, 3);
    p.ph = rng.integer(0, 2);
    p.pw = rng.integer(0, 1);
    p.dh = rng.integer(1, 2);
    p.dw = rng.integer(1, 2);
    if (p.h + 2 * p.ph - p.dh * (p.kh - 1) - 1 >= 0 &&
        p.w + 2 * p.pw - p.dw * (p.kw - 1) - 1 >= 0)
      return p;
  }
}

void checkForward(const Conv &p, Rng &rng, bool bias) {
  FTensor x = rng.tensor(p.xs()), w = rng.tensor(p.ws()),
          b = rng.tensor({p.o}), y(p.ys());
  echo_conv2d(ARG(x), ARG(w), ARG(b), ARG(y), NO_WORKSPACE, bias, p.sh, p.sw,
              p.ph, p.pw, p.dh, p.dw, p.g);
  DVec bd = toD(b);
  expectClose(y.values(), refConv(p, toD(x), toD(w), bias ? &bd : nullptr),
              1e-5, "conv2d " + p.str());
}

void checkGradients(const Conv &p, Rng &rng) {
  FTensor x = rng.tensor(p.xs()), w = rng.tensor(p.ws()),
          dy = rng.tensor(p.ys());
  FTensor dx(p.xs()), dw(p.ws());
  echo_conv2d_grad_input(ARG(dy), ARG(w), ARG(dx), NO_WORKSPACE, p.sh, p.sw,
                         p.ph, p.pw, p.dh, p.dw, p.g);
  echo_conv2d_grad_weight(ARG(x), ARG(dy), ARG(dw), NO_WORKSPACE, p.sh, p.sw,
                          p.ph, p.pw, p.dh, p.dw, p.g);
  DVec R = toD(dy), xd = toD(x), wd = toD(w);
  expectGrad(dx.values(), numericGrad(xd, [&](const DVec &v) {
               return dot(R, refConv(p, v, wd, nullptr));
             }),
             "conv2d_grad_input " + p.str());
  expectGrad(dw.values(), numericGrad(wd, [&](const DVec &v) {
               return dot(R, refConv(p, xd, v, nullptr));
             }),
             "conv2d_grad_weight " + p.str());
}

} // namespace

TEST(Conv, ForwardRandomConfigs) {
  Rng rng(100);
  for (int trial = 0; trial < 40; ++trial)
    checkForward(randomConv(rng, false), rng, trial % 2);
}

TEST(Conv, ForwardPointwiseDirectPath) {
  Rng rng(101);
  // 1x1, unit stride, no padding: the input is used as the column matrix.
  checkForward({2, 6, 5, 7, 4, 1, 1, 1, 1, 0, 0, 1, 1, 2}, rng, true);
  checkForward({3, 5, 4, 3, 7, 1, 1, 1, 1, 0, 0, 2, 2, 1}, rng, false);
}

TEST(Conv, ForwardLargerThreadedGemm) {
  Rng rng(102);
  checkForward({2, 16, 20, 19, 32, 3, 3, 1, 1, 1, 1, 1, 1, 1}, rng, true);
}

TEST(Conv, GradientsRandomConfigs) {
  Rng rng(103);
  for (int trial = 0; trial < 10; ++trial)
    checkGradients(randomConv(rng, true), rng);
}

TEST(Conv, GradientsFixedConfigs) {
  Rng rng(104);
  // stride 2 + padding + dilation + groups; pointwise; kernel == input.
  checkGradients({2, 4, 7, 6, 6, 3, 3, 2, 2, 1, 1, 2, 1, 2}, rng);
  checkGradients({2, 3, 4, 5, 2, 1, 1, 1, 1, 0, 0, 1, 1, 1}, rng);
  checkGradients({1, 2, 3, 3, 3, 3, 3, 1, 1, 0, 0, 1, 1, 1}, rng);
  checkGradients({2, 3, 5, 5, 3, 2, 2, 3, 2, 1, 1, 1, 2, 3}, rng);
}

namespace {

/// echo_conv2d*_<t> on 16-bit operands against the f32 entries on their
/// f32 twins, rounded.
void check16(const rounded16::Format &f, const Conv &p, Rng &rng, bool bias) {
  using namespace rounded16;
  Operand x = operand(rng, f, p.xs()), w = operand(rng, f, p.ws()),
          b = operand(rng, f, {p.o}), dy = operand(rng, f, p.ys());
  HTensor y(p.ys()), dx(p.xs()), dw(p.ws());
  FTensor yf(p.ys()), dxf(p.xs()), dwf(p.ws());
  echo_conv2d(ARG(x.wide), ARG(w.wide), ARG(b.wide), ARG(yf), NO_WORKSPACE,
              bias, p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
  echo_conv2d_grad_input(ARG(dy.wide), ARG(w.wide), ARG(dxf), NO_WORKSPACE,
                         p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
  echo_conv2d_grad_weight(ARG(x.wide), ARG(dy.wide), ARG(dwf), NO_WORKSPACE,
                          p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
  if (f.mantissaBits == 7) {
    echo_conv2d_bf16(ARG(x.low), ARG(w.low), ARG(b.low), ARG(y), NO_WORKSPACE,
                     bias, p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
    echo_conv2d_grad_input_bf16(ARG(dy.low), ARG(w.low), ARG(dx), NO_WORKSPACE,
                                p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
    echo_conv2d_grad_weight_bf16(ARG(x.low), ARG(dy.low), ARG(dw), NO_WORKSPACE,
                                 p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
  } else {
    echo_conv2d_f16(ARG(x.low), ARG(w.low), ARG(b.low), ARG(y), NO_WORKSPACE,
                    bias, p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
    echo_conv2d_grad_input_f16(ARG(dy.low), ARG(w.low), ARG(dx), NO_WORKSPACE,
                               p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
    echo_conv2d_grad_weight_f16(ARG(x.low), ARG(dy.low), ARG(dw), NO_WORKSPACE,
                                p.sh, p.sw, p.ph, p.pw, p.dh, p.dw, p.g);
  }
  int64_t ckk = p.c / p.g * p.kh * p.kw;
  expectRounded(f, y, yf, ckk + 1, "conv2d " + p.str());
  expectRounded(f, dx, dxf, p.o / p.g * p.kh * p.kw,
                "conv2d_grad_input " + p.str());
  expectRounded(f, dw, dwf, p.n * p.oh() * p.ow(),
                "conv2d_grad_weight " + p.str());
}

} // namespace

TEST(Conv16, MatchesTheF32EntriesRounded) {
  Rng rng(105);
  for (const rounded16::Format &f : rounded16::kFormats) {
    for (int trial = 0; trial < 12; ++trial) {
      SCOPED_TRACE(std::string(f.name) + " trial " + std::to_string(trial));
      check16(f, randomConv(rng, false), rng, trial % 2);
    }
    // Pointwise (the direct path) and a larger threaded product.
    check16(f, {2, 6, 5, 7, 4, 1, 1, 1, 1, 0, 0, 1, 1, 2}, rng, true);
    check16(f, {2, 16, 20, 19, 32, 3, 3, 1, 1, 1, 1, 1, 1, 1}, rng, true);
  }
}

// The shape checks are the f32 entries' (one ConvGeometry for every form).
TEST(Conv16, ShapeErrorsNameTheEntry) {
  rounded16::HTensor x({1, 2, 5, 5}), w({3, 4, 3, 3}), b({3}), y({1, 3, 3, 3});
  EXPECT_RT_ERROR(echo_conv2d_bf16(ARG(x), ARG(w), ARG(b), ARG(y), NO_WORKSPACE,
                                   1, 1, 1, 0, 0, 1, 1, 1),
                  "echo_conv2d_bf16: ");
  rounded16::HTensor dy({1, 3, 3, 3}), dx({1, 2, 5, 4});
  EXPECT_RT_ERROR(echo_conv2d_grad_input_f16(ARG(dy), ARG(w), ARG(dx),
                                             NO_WORKSPACE, 1, 1, 0, 0, 1, 1, 1),
                  "echo_conv2d_grad_input_f16: ");
}
