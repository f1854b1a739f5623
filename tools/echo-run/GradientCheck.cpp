//===- GradientCheck.cpp - Finite-difference check of a training step ----===//

#include "GradientCheck.h"

#include "llvm/Support/Format.h"

#include <cmath>
#include <cstring>
#include <random>

namespace echo_run {

namespace {

/// The loss and the analytic directional derivative at p + t v.
struct PathNode {
  double t, loss, slope;
};

double pathMean(const std::vector<PathNode> &nodes);

/// Samples [-h, h] so that the trapezoid rule on the analytic slopes gives
/// their mean to within max(relativeSlack * |mean|, absoluteSlack). The loss is
/// continuous and piecewise smooth, so whatever kinks (ReLU, max pooling,
/// max) lie on the path,
///   L(p + h v) - L(p - h v) = integral over [-h, h] of grad(p + t v).v dt,
/// and a wrong gradient is wrong along the whole path. Between two nodes a
/// kink leaves the integral anywhere between the two slopes times the
/// width: the trapezoid's uncertainty is |slope jump| * width / 2. The
/// widest uncertainty is bisected until the total is within the slack, the
/// mean already `agrees` with the central difference (nodes only narrow
/// the uncertainty; agreement within the tolerance is what the check asks),
/// or the evaluation budget is spent (each node is one run of the step).
std::vector<PathNode>
integratePath(const std::function<PathNode(double)> &evaluate, double h,
              double relativeSlack, double absoluteSlack,
              const std::function<bool(const std::vector<PathNode> &)> &agrees) {
  constexpr int kInitialIntervals = 8, kMaxNodes = 64;
  std::vector<PathNode> nodes;
  for (int i = 0; i <= kInitialIntervals; ++i)
    nodes.push_back(evaluate(-h + 2 * h * i / kInitialIntervals));
  auto uncertainty = [&](size_t i) {
    return std::fabs(nodes[i + 1].slope - nodes[i].slope) *
           (nodes[i + 1].t - nodes[i].t) / 2;
  };
  while ((int)nodes.size() < kMaxNodes && !agrees(nodes)) {
    double total = 0, size = 0, widest = -1;
    size_t worst = 0;
    for (size_t i = 0; i + 1 < nodes.size(); ++i) {
      double u = uncertainty(i);
      total += u;
      size += std::fabs(nodes[i].slope + nodes[i + 1].slope) / 2 *
              (nodes[i + 1].t - nodes[i].t);
      if (u > widest)
        widest = u, worst = i;
    }
    double width = nodes.back().t - nodes.front().t;
    if (total <= std::max(relativeSlack * size, absoluteSlack * width))
      break;
    double mid = (nodes[worst].t + nodes[worst + 1].t) / 2;
    nodes.insert(nodes.begin() + worst + 1, evaluate(mid));
  }
  return nodes;
}

/// The trapezoid-rule mean of the slope over the sampled path.
double pathMean(const std::vector<PathNode> &nodes) {
  double integral = 0;
  for (size_t i = 0; i + 1 < nodes.size(); ++i)
    integral += (nodes[i].slope + nodes[i + 1].slope) / 2 *
                (nodes[i + 1].t - nodes[i].t);
  return integral / (nodes.back().t - nodes.front().t);
}

} // namespace

bool checkGradients(const EntrySignature &signature, std::vector<Buffer> &args,
                    std::vector<Buffer> &results,
                    const std::function<void()> &invoke,
                    const GradientCheckOptions &options,
                    llvm::raw_ostream &os) {
  std::vector<size_t> trainable;
  for (size_t i = 0; i < signature.arguments.size(); ++i)
    if (signature.arguments[i].trainable)
      trainable.push_back(i);
  if (results.size() != 1 + trainable.size()) {
    os << "gradient check: the entry must return the loss and one gradient "
          "per trainable argument (echo-autodiff with optimizer=none)\n";
    return false;
  }
  for (size_t k = 0; k < trainable.size(); ++k)
    if (results[1 + k].spec.shape != args[trainable[k]].spec.shape ||
        args[trainable[k]].spec.dtype != "f32") {
      os << "gradient check: result #" << 1 + k
         << " does not match trainable argument #" << trainable[k] << "\n";
      return false;
    }

  auto floats = [](Buffer &b) { return b.hostFloats(); };
  auto loss = [&] { return (double)*floats(results[0]); };

  // Analytic gradients and the original parameters.
  invoke();
  std::vector<std::vector<double>> grads;
  std::vector<std::vector<float>> original;
  for (size_t k = 0; k < trainable.size(); ++k) {
    Buffer &g = results[1 + k], &p = args[trainable[k]];
    int64_t n = p.spec.numElements();
    grads.emplace_back(floats(g), floats(g) + n);
    original.emplace_back(floats(p), floats(p) + n);
  }

  // Errors are relative to the larger derivative, but never to less than a
  // hundredth of the gradient norm: a random direction nearly orthogonal to
  // the gradient has a tiny derivative that rounding alone would dominate.
  double gradNorm = 0;
  for (auto &part : grads)
    for (double g : part)
      gradNorm += g * g;
  gradNorm = std::sqrt(gradNorm);

  std::mt19937_64 gen(options.seed * 7919u + 17u);
  std::normal_distribution<double> normal;
  bool ok = true;
  for (int d = 0; d < options.directions; ++d) {
    // Direction: the gradient first (largest signal), then random ones.
    std::vector<std::vector<double>> v = grads;
    if (d > 0)
      for (auto &part : v)
        for (double &x : part)
          x = normal(gen);
    double norm = 0;
    for (auto &part : v)
      for (double x : part)
        norm += x * x;
    norm = std::sqrt(norm);
    if (norm == 0) {
      os << "gradient check: direction " << d << " is zero (zero gradient)\n";
      ok = false;
      continue;
    }
    double analytic = 0;
    for (size_t k = 0; k < v.size(); ++k)
      for (size_t i = 0; i < v[k].size(); ++i) {
        v[k][i] /= norm;
        analytic += grads[k][i] * v[k][i];
      }
    // Runs the step at p + t v; returns the loss and the directional
    // derivative the step's own gradients give there.
    auto evaluate = [&](double t) {
      for (size_t k = 0; k < trainable.size(); ++k) {
        float *p = floats(args[trainable[k]]);
        for (size_t i = 0; i < v[k].size(); ++i)
          p[i] = (float)((double)original[k][i] + t * v[k][i]);
      }
      invoke();
      PathNode node{t, loss(), 0};
      for (size_t k = 0; k < trainable.size(); ++k) {
        const float *g = floats(results[1 + k]);
        for (size_t i = 0; i < v[k].size(); ++i)
          node.slope += (double)g[i] * v[k][i];
      }
      return node;
    };
    // Steps from epsilon down by halves; the closest agreement is kept.
    // Steps whose f32 rounding (2 ulps of the loss, over the step) could
    // reach the tolerance are not tried.
    double roundoff = std::ldexp(std::fabs(evaluate(0.0).loss), -22);
    double best = 0, bestPath = analytic, bestError = INFINITY, bestStep = 0;
    double step = options.epsilon;
    for (int attempt = 0; attempt < options.stepTries; ++attempt, step /= 2) {
      // A quarter of the tolerance, on the scale the error is taken on.
      auto relativeError = [&](const std::vector<PathNode> &path) {
        double mean = pathMean(path);
        double numeric = (path.back().loss - path.front().loss) / (2 * step);
        double scale = std::max({std::fabs(mean), std::fabs(numeric),
                                 1e-2 * gradNorm});
        return scale == 0 ? 0 : std::fabs(mean - numeric) / scale;
      };
      std::vector<PathNode> path = integratePath(
          evaluate, step, 0.25 * options.tolerance,
          0.25 * options.tolerance * 1e-2 * gradNorm,
          [&](const std::vector<PathNode> &nodes) {
            return relativeError(nodes) <= 0.5 * options.tolerance;
          });
      double mean = pathMean(path);
      double numeric = (path.back().loss - path.front().loss) / (2 * step);
      double scale = std::max({std::fabs(mean), std::fabs(numeric),
                               1e-2 * gradNorm});
      if (attempt > 0 && roundoff / step > 0.5 * options.tolerance * scale)
        break;
      double error = relativeError(path);
      if (error < bestError)
        best = numeric, bestPath = mean, bestError = error, bestStep = step;
      if (error <= options.tolerance)
        break;
    }
    bool pass = bestError <= options.tolerance;
    ok &= pass;
    os << llvm::format("gradient check: direction %d analytic %.6e (mean "
                       "over the step %.6e) numeric %.6e (step %.1e) "
                       "relative error %.2e %s\n",
                       d, analytic, bestPath, best, bestStep, bestError,
                       pass ? "ok" : "FAIL");
  }
  for (size_t k = 0; k < trainable.size(); ++k)
    std::memcpy(floats(args[trainable[k]]), original[k].data(),
                original[k].size() * sizeof(float));
  return ok;
}

} // namespace echo_run
