//===- Loss.cpp - Softmax cross-entropy with integer labels -----------------===//
//
// logits [..., C], labels [...] (i32 or i64). Per-row log-sum-exp in double;
// the loss is the mean over rows, summed in row order.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "CrossEntropyArgs.h"
#include "TensorView.h"

#include <cmath>

using namespace echo_rt;

namespace {

int64_t label(const char *E, const TensorView &labels, int64_t r, int64_t bits,
              int64_t classes) {
  int64_t l = loadIndex(labels, r, bits);
  if (l < 0 || l >= classes)
    labelOutOfRange(E, l, r, classes);
  return l;
}

/// max and log(sum(exp(x - max))) of one row.
void logSumExp(const float *p, int64_t c, double &mx, double &lse) {
  float m = p[0];
  for (int64_t k = 1; k < c; ++k)
    m = p[k] > m ? p[k] : m;
  double s = 0.0;
  for (int64_t k = 0; k < c; ++k)
    s += std::exp(static_cast<double>(p[k]) - m);
  mx = m;
  lse = std::log(s);
}

} // namespace

static void cross_entropy(const char *E, const Operand &logits,
                          const Operand &labels, const Operand &loss,
                          int64_t index_bits) {
  CrossEntropyArgs a = crossEntropyArgs(E, logits, labels, loss);
  int64_t rows = a.rows, c = a.classes;
  double total = 0.0;
  for (int64_t r = 0; r < rows; ++r) {
    const float *p = a.logits.f32() + r * c;
    int64_t l = label(E, a.labels, r, index_bits, c);
    double mx, lse;
    logSumExp(p, c, mx, lse);
    total += mx + lse - p[l];
  }
  a.loss.f32()[0] = static_cast<float>(total / static_cast<double>(rows));
}

static void cross_entropy_grad(const char *E, const Operand &logits,
                               const Operand &labels, const Operand &dloss,
                               const Operand &dlogits, int64_t index_bits) {
  CrossEntropyGradArgs a =
      crossEntropyGradArgs(E, logits, labels, dloss, dlogits);
  int64_t rows = a.rows, c = a.classes;
  double scale =
      static_cast<double>(a.dloss.f32()[0]) / static_cast<double>(rows);
  for (int64_t r = 0; r < rows; ++r) {
    const float *p = a.logits.f32() + r * c;
    float *q = a.dlogits.f32() + r * c;
    int64_t l = label(E, a.labels, r, index_bits, c);
    double mx, lse;
    logSumExp(p, c, mx, lse);
    for (int64_t k = 0; k < c; ++k) {
      double prob = std::exp(static_cast<double>(p[k]) - mx - lse);
      q[k] = static_cast<float>((prob - (k == l ? 1.0 : 0.0)) * scale);
    }
  }
}

// The entries carry the label type in their names (one MLIR declaration per
// symbol); the kernels take it as a width.
#define ECHO_CROSS_ENTROPY_ENTRIES(bits)                                       \
  void entry::echo_cross_entropy_i##bits(                                      \
      Context &, const echo_cross_entropy_i##bits##_args &args) {              \
    cross_entropy(args.entry, args.logits, args.labels, args.loss, bits);      \
  }                                                                            \
  void entry::echo_cross_entropy_grad_i##bits(                                 \
      Context &, const echo_cross_entropy_grad_i##bits##_args &args) {         \
    cross_entropy_grad(args.entry, args.logits, args.labels, args.dloss,       \
                       args.dlogits, bits);                                    \
  }
ECHO_CROSS_ENTROPY_ENTRIES(32)
ECHO_CROSS_ENTROPY_ENTRIES(64)
