//===- Normalization.cpp - Batch norm and layer norm ------------------------===//
//
// Statistics are computed in double with two passes (mean, then the sum of
// squared deviations), so they do not depend on buffer addresses or thread
// counts. Batch norm sums each channel in eight double lanes (LaneSum), a
// fixed order the compiler can keep in vector registers; layer norm visits
// each row's elements in order. Channels (batch norm) and rows (layer norm
// forward) are independent, so they run on the backend's threads
// (Parallel.h), each computed as on one thread.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "NormalizationArgs.h"
#include "Parallel.h"
#include "TensorView.h"

#include <cmath>
#include <vector>

using namespace echo_rt;

namespace {
/// A sum kept in kLanes double accumulators: element j of a row goes to
/// lane j % kLanes, and the lanes are added pairwise at the end. The order
/// depends only on the positions of the values, and the independent lanes
/// vectorize where one running sum would wait on every addition.
constexpr int64_t kLanes = 8;
struct LaneSum {
  double lane[kLanes] = {};
  /// Adds term(j) for j in [0, len).
  template <typename Term> void add(int64_t len, Term term) {
    double acc[kLanes];
    for (int64_t k = 0; k < kLanes; ++k)
      acc[k] = lane[k];
    int64_t j = 0;
    for (; j + kLanes <= len; j += kLanes)
      for (int64_t k = 0; k < kLanes; ++k)
        acc[k] += term(j + k);
    for (int64_t k = 0; j + k < len; ++k)
      acc[k] += term(j + k);
    for (int64_t k = 0; k < kLanes; ++k)
      lane[k] = acc[k];
  }
  double total() const {
    return ((lane[0] + lane[1]) + (lane[2] + lane[3])) +
           ((lane[4] + lane[5]) + (lane[6] + lane[7]));
  }
};
static_assert(kLanes == 8, "total() adds eight lanes");

} // namespace

void entry::echo_batch_norm(Context &, const echo_batch_norm_args &args) {
  BatchNormArgs a = batchNormArgs(args);
  int64_t n = a.n, c = a.c, inner = a.inner, count = n * inner;
  const float *x = a.x.f32();
  float *y = a.y.f32();
  const float *gamma = a.gamma.f32(), *beta = a.beta.f32(),
              *runMean = a.running_mean.f32(), *runVar = a.running_var.f32();
  float *newMean = a.new_mean.f32(), *newVar = a.new_var.f32(),
        *savedMean = a.saved_mean.f32(), *savedInv = a.saved_inv_std.f32();
  // By value: the loops then see only locals, which no store can alias.
  parallelItems(c, n * inner, [=](int64_t ch) {
    LaneSum sum;
    for (int64_t i = 0; i < n; ++i) {
      const float *p = x + (i * c + ch) * inner;
      sum.add(inner, [p](int64_t j) { return static_cast<double>(p[j]); });
    }
    double mean = sum.total() / count;
    LaneSum squares;
    for (int64_t i = 0; i < n; ++i) {
      const float *p = x + (i * c + ch) * inner;
      squares.add(inner, [p, mean](int64_t j) {
        double d = p[j] - mean;
        return d * d;
      });
    }
    double sq = squares.total();
    double var = sq / count;
    double invStd = 1.0 / std::sqrt(var + args.epsilon);
    double scale = gamma[ch] * invStd;
    double shift = beta[ch] - mean * scale;
    for (int64_t i = 0; i < n; ++i) {
      const float *p = x + (i * c + ch) * inner;
      float *q = y + (i * c + ch) * inner;
      for (int64_t j = 0; j < inner; ++j)
        q[j] = static_cast<float>(p[j] * scale + shift);
    }
    double unbiased = sq / (count - 1);
    double rm = runMean[ch], rv = runVar[ch];
    newMean[ch] =
        static_cast<float>((1.0 - args.momentum) * rm + args.momentum * mean);
    newVar[ch] = static_cast<float>((1.0 - args.momentum) * rv +
                                    args.momentum * unbiased);
    savedMean[ch] = static_cast<float>(mean);
    savedInv[ch] = static_cast<float>(invStd);
  });
}

void entry::echo_batch_norm_grad(Context &,
                                 const echo_batch_norm_grad_args &args) {
  BatchNormGradArgs a = batchNormGradArgs(args);
  int64_t n = a.n, c = a.c, inner = a.inner;
  int64_t count = n * inner;
  const float *x = a.x.f32(), *dy = a.dy.f32();
  float *dx = a.dx.f32();
  const float *gamma = a.gamma.f32(), *savedMean = a.saved_mean.f32(),
              *savedInv = a.saved_inv_std.f32();
  float *dgamma = a.dgamma.f32(), *dbeta = a.dbeta.f32();
  parallelItems(c, n * inner, [=](int64_t ch) {
    double mean = savedMean[ch], inv = savedInv[ch];
    LaneSum sumDy, sumDyXhat;
    for (int64_t i = 0; i < n; ++i) {
      const float *p = x + (i * c + ch) * inner;
      const float *g = dy + (i * c + ch) * inner;
      sumDy.add(inner, [g](int64_t j) { return static_cast<double>(g[j]); });
      sumDyXhat.add(inner, [p, g, mean, inv](int64_t j) {
        return g[j] * ((p[j] - mean) * inv);
      });
    }
    double sdy = sumDy.total(), sdyx = sumDyXhat.total();
    dbeta[ch] = static_cast<float>(sdy);
    dgamma[ch] = static_cast<float>(sdyx);
    if (count == 0)
      return;
    double a = gamma[ch] * inv;
    double m1 = sdy / count, m2 = sdyx / count;
    for (int64_t i = 0; i < n; ++i) {
      const float *p = x + (i * c + ch) * inner;
      const float *g = dy + (i * c + ch) * inner;
      float *q = dx + (i * c + ch) * inner;
      for (int64_t j = 0; j < inner; ++j) {
        double xhat = (p[j] - mean) * inv;
        q[j] = static_cast<float>(a * (g[j] - m1 - xhat * m2));
      }
    }
  });
}

void entry::echo_layer_norm(Context &, const echo_layer_norm_args &args) {
  LayerNormArgs a = layerNormArgs(args);
  int64_t rows = a.x.rows(), d = a.x.last();
  const float *x = a.x.f32(), *g = a.gamma.f32(), *b = a.beta.f32();
  float *y = a.y.f32(), *means = a.mean.f32(), *invStds = a.inv_std.f32();
  parallelItems(rows, d, [=](int64_t r) {
    const float *p = x + r * d;
    float *q = y + r * d;
    double sum = 0.0;
    for (int64_t j = 0; j < d; ++j)
      sum += p[j];
    double mu = sum / d;
    double sq = 0.0;
    for (int64_t j = 0; j < d; ++j) {
      double t = p[j] - mu;
      sq += t * t;
    }
    double inv = 1.0 / std::sqrt(sq / d + args.epsilon);
    for (int64_t j = 0; j < d; ++j)
      q[j] = static_cast<float>((p[j] - mu) * inv * g[j] + b[j]);
    means[r] = static_cast<float>(mu);
    invStds[r] = static_cast<float>(inv);
  });
}

void entry::echo_layer_norm_grad(Context &,
                                 const echo_layer_norm_grad_args &args) {
  LayerNormGradArgs a = layerNormGradArgs(args);
  int64_t rows = a.x.rows(), d = a.x.last();
  const float *g = a.gamma.f32();
  std::vector<double> dgamma(d, 0.0), dbeta(d, 0.0);
  for (int64_t r = 0; r < rows; ++r) {
    const float *p = a.x.f32() + r * d;
    const float *gy = a.dy.f32() + r * d;
    float *q = a.dx.f32() + r * d;
    double mu = a.mean.f32()[r], inv = a.inv_std.f32()[r];
    double s1 = 0.0, s2 = 0.0;
    for (int64_t j = 0; j < d; ++j) {
      double xhat = (p[j] - mu) * inv;
      double t = static_cast<double>(gy[j]) * g[j];
      s1 += t;
      s2 += t * xhat;
      dgamma[j] += gy[j] * xhat;
      dbeta[j] += gy[j];
    }
    double m1 = s1 / d, m2 = s2 / d;
    for (int64_t j = 0; j < d; ++j) {
      double xhat = (p[j] - mu) * inv;
      q[j] = static_cast<float>(
          inv * (static_cast<double>(gy[j]) * g[j] - m1 - xhat * m2));
    }
  }
  for (int64_t j = 0; j < d; ++j) {
    a.dgamma.f32()[j] = static_cast<float>(dgamma[j]);
    a.dbeta.f32()[j] = static_cast<float>(dbeta[j]);
  }
}
