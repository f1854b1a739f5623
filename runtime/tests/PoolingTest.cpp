//===- PoolingTest.cpp - max / average pooling and gradients --------------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

struct Pool {
  int64_t n, c, h, w, kh, kw, sh, sw, ph, pw;
  int64_t oh() const { return (h + 2 * ph - kh) / sh + 1; }
  int64_t ow() const { return (w + 2 * pw - kw) / sw + 1; }
  Shape xs() const { return {n, c, h, w}; }
  Shape ys() const { return {n, c, oh(), ow()}; }
  std::string str() const {
    return "x" + echo_test::str(xs()) + " k" + std::to_string(kh) + "," +
           std::to_string(kw) + " s" + std::to_string(sh) + "," +
           std::to_string(sw) + " p" + std::to_string(ph) + "," +
           std::to_string(pw);
  }
};

DVec refPool(const Pool &p, const DVec &x, bool isMax) {
  DVec y(numel(p.ys()));
  for (int64_t pl = 0; pl < p.n * p.c; ++pl)
    for (int64_t i = 0; i < p.oh(); ++i)
      for (int64_t j = 0; j < p.ow(); ++j) {
        double acc = isMax ? -INFINITY : 0.0;
        for (int64_t u = 0; u < p.kh; ++u)
          for (int64_t v = 0; v < p.kw; ++v) {
            int64_t iy = i * p.sh - p.ph + u, ix = j * p.sw - p.pw + v;
            if (iy < 0 || iy >= p.h || ix < 0 || ix >= p.w)
              continue; // padding: never the max, zero for the average
            double val = x[(pl * p.h + iy) * p.w + ix];
            acc = isMax ? std::max(acc, val) : acc + val;
          }
        y[(pl * p.oh() + i) * p.ow() + j] = isMax ? acc : acc / (p.kh * p.kw);
      }
  return y;
}

Pool randomPool(Rng &rng, bool small) {
  while (true) {
    Pool p;
    p.n = rng.integer(1, 2);
    p.c = rng.integer(1, small ? 2 : 3);
    p.h = rng.integer(1, small ? 6 : 10);
    p.w = rng.integer(1, small ? 6 : 11);
    p.kh = rng.integer(1, 3);
    p.kw = rng.integer(1, 3);
    p.sh = rng.integer(1, 3);
    p.sw = rng.integer(1, 2);
    p.ph = rng.integer(0, p.kh - 1);
    p.pw = rng.integer(0, p.kw - 1);
    if (p.h + 2 * p.ph >= p.kh && p.w + 2 * p.pw >= p.kw)
      return p;
  }
}

} // namespace

TEST(Pooling, ForwardRandomConfigs) {
  Rng rng(300);
  for (int trial = 0; trial < 30; ++trial) {
    Pool p = randomPool(rng, false);
    // Negative inputs: a padding position must never win with 0.
    FTensor x = rng.tensor(p.xs(), -2.0, -0.5), ym(p.ys()), ya(p.ys());
    echo_max_pool2d(ARG(x), ARG(ym), p.kh, p.kw, p.sh, p.sw, p.ph, p.pw);
    echo_avg_pool2d(ARG(x), ARG(ya), p.kh, p.kw, p.sh, p.sw, p.ph, p.pw);
    expectClose(ym.values(), refPool(p, toD(x), true), 0.0,
                "max_pool2d " + p.str());
    expectClose(ya.values(), refPool(p, toD(x), false), 1e-6,
                "avg_pool2d " + p.str());
  }
}

TEST(Pooling, GradientsAgainstFiniteDifferences) {
  Rng rng(301);
  for (int trial = 0; trial < 12; ++trial) {
    Pool p = randomPool(rng, true);
    FTensor x(p.xs(), rng.distinct(numel(p.xs()))), y(p.ys()),
        dy = rng.tensor(p.ys()), dxm(p.xs()), dxa(p.xs());
    echo_max_pool2d(ARG(x), ARG(y), p.kh, p.kw, p.sh, p.sw, p.ph, p.pw);
    echo_max_pool2d_grad(ARG(x), ARG(y), ARG(dy), ARG(dxm), p.kh, p.kw, p.sh,
                         p.sw, p.ph, p.pw);
    echo_avg_pool2d_grad(ARG(dy), ARG(dxa), p.kh, p.kw, p.sh, p.sw, p.ph,
                         p.pw);
    DVec R = toD(dy), xd = toD(x);
    expectGrad(dxm.values(), numericGrad(xd, [&](const DVec &v) {
                 return dot(R, refPool(p, v, true));
               }),
               "max_pool2d_grad " + p.str());
    expectGrad(dxa.values(), numericGrad(xd, [&](const DVec &v) {
                 return dot(R, refPool(p, v, false));
               }),
               "avg_pool2d_grad " + p.str());
  }
}

TEST(Pooling, MaxTiesGoToFirstWindowPosition) {
  // Constant input, 2x2 windows with stride 1 and padding 1 on a 3x3 plane:
  // every window's first in-bounds position (row-major) takes its gradient.
  Pool p{1, 1, 3, 3, 2, 2, 1, 1, 1, 1};
  FTensor x(p.xs(), std::vector<float>(9, 0.5f)), y(p.ys()), dx(p.xs());
  FTensor dy(p.ys(), std::vector<float>(numel(p.ys()), 1.0f));
  echo_max_pool2d(ARG(x), ARG(y), 2, 2, 1, 1, 1, 1);
  echo_max_pool2d_grad(ARG(x), ARG(y), ARG(dy), ARG(dx), 2, 2, 1, 1, 1, 1);
  DVec want(9, 0.0);
  for (int64_t i = 0; i < p.oh(); ++i)
    for (int64_t j = 0; j < p.ow(); ++j) {
      int64_t iy = std::max<int64_t>(i - 1, 0), ix = std::max<int64_t>(j - 1, 0);
      want[iy * 3 + ix] += 1.0;
    }
  expectClose(dx.values(), want, 0.0, "max_pool2d_grad ties");
}

TEST(Pooling, AvgCountsPaddingAsZeros) {
  // A 1x1 plane, 2x2 windows, padding 1: four outputs, each window holding
  // x and three padding zeros.
  FTensor x({1, 1, 1, 1}, {4.0f}), y({1, 1, 2, 2}), dx({1, 1, 1, 1});
  echo_avg_pool2d(ARG(x), ARG(y), 2, 2, 1, 1, 1, 1);
  EXPECT_EQ(y.values(), std::vector<float>(4, 1.0f));
  FTensor dy({1, 1, 2, 2}, {8.0f, 8.0f, 8.0f, 8.0f});
  echo_avg_pool2d_grad(ARG(dy), ARG(dx), 2, 2, 1, 1, 1, 1);
  EXPECT_EQ(dx[0], 8.0f);
}
