//===- NormalizationTest.cpp - batch norm and layer norm ------------------===//

#include "TestUtil.h"

using namespace echo_test;

namespace {

constexpr double kEps = 1e-5;

struct BnStats {
  DVec mean, var; // biased
};

BnStats bnStats(const DVec &x, int64_t n, int64_t c, int64_t inner) {
  BnStats s{DVec(c, 0.0), DVec(c, 0.0)};
  double cnt = static_cast<double>(n * inner);
  for (int64_t ch = 0; ch < c; ++ch) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < inner; ++j)
        s.mean[ch] += x[(i * c + ch) * inner + j];
    s.mean[ch] /= cnt;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < inner; ++j) {
        double d = x[(i * c + ch) * inner + j] - s.mean[ch];
        s.var[ch] += d * d;
      }
    s.var[ch] /= cnt;
  }
  return s;
}

DVec refBatchNorm(const DVec &x, const DVec &g, const DVec &b, int64_t n,
                  int64_t c, int64_t inner) {
  BnStats s = bnStats(x, n, c, inner);
  DVec y(x.size());
  for (int64_t i = 0; i < n; ++i)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t j = 0; j < inner; ++j) {
        int64_t k = (i * c + ch) * inner + j;
        y[k] = (x[k] - s.mean[ch]) / std::sqrt(s.var[ch] + kEps) * g[ch] + b[ch];
      }
  return y;
}

DVec refLayerNorm(const DVec &x, const DVec &g, const DVec &b, int64_t rows,
                  int64_t d, DVec *mean = nullptr, DVec *inv = nullptr) {
  DVec y(x.size());
  for (int64_t r = 0; r < rows; ++r) {
    double mu = 0, var = 0;
    for (int64_t j = 0; j < d; ++j)
      mu += x[r * d + j];
    mu /= d;
    for (int64_t j = 0; j < d; ++j)
      var += (x[r * d + j] - mu) * (x[r * d + j] - mu);
    var /= d;
    double is = 1 / std::sqrt(var + kEps);
    for (int64_t j = 0; j < d; ++j)
      y[r * d + j] = (x[r * d + j] - mu) * is * g[j] + b[j];
    if (mean)
      mean->push_back(mu);
    if (inv)
      inv->push_back(is);
  }
  return y;
}

Shape bnShape(Rng &rng, int trial) {
  Shape s = {rng.integer(1, 4), rng.integer(1, 4)};
  if (trial % 2)
    s.insert(s.end(), {rng.integer(1, 3), rng.integer(2, 4)});
  if (s[0] * numel(s) / (s[0] * s[1]) < 2)
    s[0] = 2; // at least two values per channel
  return s;
}

} // namespace

TEST(Normalization, BatchNormForward) {
  Rng rng(400);
  for (int trial = 0; trial < 8; ++trial) {
    Shape s = bnShape(rng, trial);
    int64_t n = s[0], c = s[1], inner = numel(s) / (n * c);
    double momentum = 0.1 + 0.2 * trial / 8;
    FTensor x = rng.tensor(s, -2.0, 3.0), g = rng.tensor({c}),
            b = rng.tensor({c}), rm = rng.tensor({c}),
            rv = rng.tensor({c}, 0.5, 2.0), y(s), nm({c}), nv({c}), sm({c}),
            si({c});
    echo_batch_norm(ARG(x), ARG(g), ARG(b), ARG(rm), ARG(rv), ARG(y), ARG(nm),
                    ARG(nv), ARG(sm), ARG(si), kEps, momentum);
    DVec xd = toD(x);
    BnStats st = bnStats(xd, n, c, inner);
    double cnt = static_cast<double>(n * inner);
    DVec wantNm(c), wantNv(c), wantSi(c);
    for (int64_t ch = 0; ch < c; ++ch) {
      wantNm[ch] = (1 - momentum) * rm[ch] + momentum * st.mean[ch];
      wantNv[ch] =
          (1 - momentum) * rv[ch] + momentum * st.var[ch] * cnt / (cnt - 1);
      wantSi[ch] = 1 / std::sqrt(st.var[ch] + kEps);
    }
    std::string what = "batch_norm " + str(s);
    expectClose(y.values(), refBatchNorm(xd, toD(g), toD(b), n, c, inner),
                1e-5, what + " y");
    expectClose(sm.values(), st.mean, 1e-6, what + " saved_mean");
    expectClose(si.values(), wantSi, 1e-6, what + " saved_inv_std");
    expectClose(nm.values(), wantNm, 1e-6, what + " new_mean");
    expectClose(nv.values(), wantNv, 1e-6, what + " new_var");
  }
}

TEST(Normalization, BatchNormGradients) {
  Rng rng(401);
  for (int trial = 0; trial < 6; ++trial) {
    Shape s = bnShape(rng, trial);
    int64_t n = s[0], c = s[1], inner = numel(s) / (n * c);
    FTensor x = rng.tensor(s), g = rng.tensor({c}, 0.5, 1.5),
            b = rng.tensor({c}), rm({c}), rv({c}), y(s), nm({c}), nv({c}),
            sm({c}), si({c}), dy = rng.tensor(s), dx(s), dg({c}), db({c});
    echo_batch_norm(ARG(x), ARG(g), ARG(b), ARG(rm), ARG(rv), ARG(y), ARG(nm),
                    ARG(nv), ARG(sm), ARG(si), kEps, 0.1);
    echo_batch_norm_grad(ARG(x), ARG(g), ARG(sm), ARG(si), ARG(dy), ARG(dx),
                         ARG(dg), ARG(db));
    DVec R = toD(dy), xd = toD(x), gd = toD(g), bd = toD(b);
    std::string what = "batch_norm_grad " + str(s);
    expectGrad(dx.values(), numericGrad(xd, [&](const DVec &v) {
                 return dot(R, refBatchNorm(v, gd, bd, n, c, inner));
               }),
               what + " dx");
    expectGrad(dg.values(), numericGrad(gd, [&](const DVec &v) {
                 return dot(R, refBatchNorm(xd, v, bd, n, c, inner));
               }),
               what + " dgamma");
    expectGrad(db.values(), numericGrad(bd, [&](const DVec &v) {
                 return dot(R, refBatchNorm(xd, gd, v, n, c, inner));
               }),
               what + " dbeta");
  }
}

TEST(Normalization, LayerNormForward) {
  Rng rng(402);
  for (int trial = 0; trial < 8; ++trial) {
    Shape lead;
    for (int64_t r = rng.integer(0, 2); r > 0; --r)
      lead.push_back(rng.integer(1, 5));
    int64_t d = rng.integer(1, 70);
    Shape s = lead;
    s.push_back(d);
    FTensor x = rng.tensor(s, -3.0, 2.0), g = rng.tensor({d}),
            b = rng.tensor({d}), y(s), mean(lead), inv(lead);
    echo_layer_norm(ARG(x), ARG(g), ARG(b), ARG(y), ARG(mean), ARG(inv), kEps);
    DVec wantMean, wantInv;
    DVec want =
        refLayerNorm(toD(x), toD(g), toD(b), numel(lead), d, &wantMean, &wantInv);
    std::string what = "layer_norm " + str(s);
    expectClose(y.values(), want, 1e-5, what + " y");
    expectClose(mean.values(), wantMean, 1e-6, what + " mean");
    expectClose(inv.values(), wantInv, 1e-5, what + " inv_std");
  }
}

TEST(Normalization, LayerNormGradients) {
  Rng rng(403);
  for (int trial = 0; trial < 6; ++trial) {
    Shape lead = {rng.integer(1, 3)};
    if (trial % 2)
      lead.push_back(rng.integer(1, 3));
    int64_t d = rng.integer(2, 9), rows = numel(lead);
    Shape s = lead;
    s.push_back(d);
    FTensor x = rng.tensor(s), g = rng.tensor({d}, 0.5, 1.5),
            b = rng.tensor({d}), y(s), mean(lead), inv(lead),
            dy = rng.tensor(s), dx(s), dg({d}), db({d});
    echo_layer_norm(ARG(x), ARG(g), ARG(b), ARG(y), ARG(mean), ARG(inv), kEps);
    echo_layer_norm_grad(ARG(x), ARG(g), ARG(mean), ARG(inv), ARG(dy), ARG(dx),
                         ARG(dg), ARG(db));
    DVec R = toD(dy), xd = toD(x), gd = toD(g), bd = toD(b);
    std::string what = "layer_norm_grad " + str(s);
    expectGrad(dx.values(), numericGrad(xd, [&](const DVec &v) {
                 return dot(R, refLayerNorm(v, gd, bd, rows, d));
               }),
               what + " dx");
    expectGrad(dg.values(), numericGrad(gd, [&](const DVec &v) {
                 return dot(R, refLayerNorm(xd, v, bd, rows, d));
               }),
               what + " dgamma");
    expectGrad(db.values(), numericGrad(bd, [&](const DVec &v) {
                 return dot(R, refLayerNorm(xd, gd, v, rows, d));
               }),
               what + " dbeta");
  }
}
