//===- GradientCheck.cpp - Finite-difference check of a training step ----===//

#include "GradientCheck.h"

#include "llvm/Support/Format.h"

#include <cmath>
#include <cstring>
#include <random>

namespace echo_run {

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
    auto evaluate = [&](double step) {
      for (size_t k = 0; k < trainable.size(); ++k) {
        float *p = floats(args[trainable[k]]);
        for (size_t i = 0; i < v[k].size(); ++i)
          p[i] = (float)((double)original[k][i] + step * v[k][i]);
      }
      invoke();
      return loss();
    };
    // A step that crosses kinks (ReLU, max pooling, max) biases the
    // central difference, and a tiny one drowns in f32 rounding: try
    // steps from epsilon down by halves and keep the closest
    // estimate. A wrong gradient disagrees at every step.
    // Smaller steps whose f32 rounding (2 ulps of the loss, over the step)
    // could reach the tolerance are not tried.
    double roundoff = std::ldexp(std::fabs(evaluate(0.0)), -22);
    double best = 0, bestError = INFINITY, bestStep = 0;
    double step = options.epsilon;
    for (int attempt = 0; attempt < options.stepTries; ++attempt, step /= 2) {
      double plus = evaluate(step), minus = evaluate(-step);
      double numeric = (plus - minus) / (2 * step);
      double scale = std::max({std::fabs(analytic), std::fabs(numeric),
                               1e-2 * gradNorm});
      if (attempt > 0 && roundoff / step > 0.5 * options.tolerance * scale)
        break;
      double error = scale == 0 ? 0 : std::fabs(analytic - numeric) / scale;
      if (error < bestError)
        best = numeric, bestError = error, bestStep = step;
      if (error <= options.tolerance)
        break;
    }
    bool pass = bestError <= options.tolerance;
    ok &= pass;
    os << llvm::format("gradient check: direction %d analytic %.6e numeric "
                       "%.6e (step %.1e) relative error %.2e %s\n",
                       d, analytic, best, bestStep, bestError,
                       pass ? "ok" : "FAIL");
  }
  for (size_t k = 0; k < trainable.size(); ++k)
    std::memcpy(floats(args[trainable[k]]), original[k].data(),
                original[k].size() * sizeof(float));
  return ok;
}

} // namespace echo_run
