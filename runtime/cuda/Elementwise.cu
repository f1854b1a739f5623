//===- Elementwise.cu - Pointwise, broadcast and reduction entries ---------===//
//
// Unary activations and their gradients, binary ops with broadcasting,
// sum_to / broadcast_to, reductions, softmax, cross-entropy, dropout and
// the optimizer updates. Each mirrors its CPU entry (runtime/cpu): the same
// checks and messages, the same arithmetic in the same precision. Sums are
// accumulated by one thread in the CPU's order (double where the CPU uses
// double), so arithmetic results are bit-identical to the CPU's and
// transcendental ones differ only by the libraries' ulps (libdevice vs
// libm); except the lines of softmax (contiguous ones) and cross-entropy,
// and sums of at least 256 elements (sum_to, reduce), which one block
// sums in a fixed tree (BlockReduce.h): same precision,
// another fixed order, the same bits on every run. Built with -fmad=false:
// no contraction into FMAs.
//
//===----------------------------------------------------------------------===//

#include "AxisLayout.h"
#include "BlockReduce.h"
#include "CrossEntropyArgs.h"
#include "DropoutArgs.h"
#include "Launch.h"
#include "OptimizerArgs.h"
#include "SoftmaxLine.h"
#include "echo/dropout.h"
#include "echo/gelu.h"

#include <cmath>
#include <cstring>

using namespace echo_cuda;
using echo_rt::axisLines;
using echo_rt::broadcastToArgs;
using echo_rt::BroadcastToArgs;
using echo_rt::Lines;
using echo_rt::maxGradArgs;
using echo_rt::MaxGradArgs;
using echo_rt::reducedDims;
using echo_rt::reduceGradArgs;
using echo_rt::ReduceGradArgs;
using echo_rt::reduceMaxGradArgs;
using echo_rt::ReduceMaxGradArgs;
using echo_rt::softmaxArgs;
using echo_rt::SoftmaxArgs;
using echo_rt::softmaxGradArgs;
using echo_rt::SoftmaxGradArgs;
using echo_rt::softmaxGradLine;
using echo_rt::softmaxLine;
using namespace echo_rt::cross_entropy_args;
using namespace echo_rt::dropout_args;
using namespace echo_rt::optimizer_args;

namespace {
constexpr float kGeluC = echo_gelu::kC;
constexpr float kGeluA = echo_gelu::kA;
constexpr float kGeluS = echo_gelu::kS;
constexpr float kGeluP = echo_gelu::kP;

__device__ float unaryValue(int kind, float v) {
  switch (kind) {
  case ECHO_RELU:
    return v > 0.0f ? v : 0.0f;
  case ECHO_TANH:
    return tanhf(v);
  case ECHO_SIGMOID:
    return 1.0f / (1.0f + expf(-v));
  case ECHO_GELU: {
    float t = tanhf(kGeluC * (v + kGeluA * v * v * v));
    return 0.5f * v * (1.0f + t);
  }
  case ECHO_EXP:
    return expf(v);
  case ECHO_LOG:
    return logf(v);
  case ECHO_NEG:
    return -v;
  case ECHO_SQRT:
    return sqrtf(v);
  case ECHO_GELU_ERF:
    return 0.5f * v * (1.0f + erff(v * kGeluS));
  default: // ECHO_RSQRT (checked on the host)
    return 1.0f / sqrtf(v);
  }
}

__device__ float unaryGradValue(int kind, float f, float d) {
  switch (kind) {
  case ECHO_RELU:
    return f > 0.0f ? d : 0.0f;
  case ECHO_TANH:
    return d * (1.0f - f * f);
  case ECHO_SIGMOID:
    return d * f * (1.0f - f);
  case ECHO_GELU: {
    float x2 = f * f;
    float t = tanhf(kGeluC * (f + kGeluA * x2 * f));
    float dt = (1.0f - t * t) * kGeluC * (1.0f + 3.0f * kGeluA * x2);
    return d * (0.5f * (1.0f + t) + 0.5f * f * dt);
  }
  case ECHO_EXP:
    return d * f;
  case ECHO_LOG:
    return d / f;
  case ECHO_NEG:
    return -d;
  case ECHO_SQRT:
    return d / (2.0f * f);
  case ECHO_GELU_ERF: { // d * (Phi(x) + x * phi(x))
    float cdf = 0.5f * (1.0f + erff(f * kGeluS));
    float pdf = kGeluP * expf(-0.5f * f * f);
    return d * (cdf + f * pdf);
  }
  default: // ECHO_RSQRT
    return -0.5f * d * f * f * f;
  }
}

__device__ float binaryValue(int kind, float x, float z) {
  switch (kind) {
  case ECHO_ADD:
    return x + z;
  case ECHO_SUB:
    return x - z;
  case ECHO_MUL:
    return x * z;
  case ECHO_DIV:
    return x / z;
  default: // ECHO_MAX: ties go to lhs, a NaN on either side gives rhs
    return x >= z ? x : z;
  }
}

bool knownUnary(int64_t kind) {
  return kind >= ECHO_RELU && kind < ECHO_UNARY_KIND_COUNT;
}

/// The reduction over x that gives r (AxisLayout.h checks them).
Reduction reducedLayout(const char *E, const TensorView &x, const char *xn,
                        const TensorView &r, const char *rn, int64_t mask) {
  return makeReduction(x.rank, x.sizes,
                       reducedDims(E, x, xn, r, rn, mask).reduced);
}

/// Reductions at least this long are summed by a block per output.
constexpr int64_t kBlockReduction = kLineThreads;

/// Sum (in double) of each output of a reduction, times `scale` when
/// `mean`: in x's order by one thread per output, or, for a long one, by a
/// block per output in a fixed tree (BlockReduce.h).
void sumReduction(Context &ctx, const char *E, const Reduction &r,
                  const float *x, float *y, bool mean, double scale) {
  if (r.count >= kBlockReduction) {
    perLine(ctx, E, r.outputs, [=] __device__(int64_t j, LineTrees tr) {
      int64_t base = r.kept.offset(j);
      double s = 0.0;
      for (int64_t k = threadIdx.x; k < r.count; k += kLineThreads)
        s += x[base + r.reduced.offset(k)];
      s = blockSum(s, tr.sum);
      if (threadIdx.x == 0)
        y[j] = static_cast<float>(mean ? s * scale : s);
    });
    return;
  }
  forEach(ctx, E, r.outputs, [=] __device__(int64_t j) {
    int64_t base = r.kept.offset(j);
    double s = 0.0;
    for (int64_t k = 0; k < r.count; ++k)
      s += x[base + r.reduced.offset(k)];
    y[j] = static_cast<float>(mean ? s * scale : s);
  });
}
} // namespace

void entry::echo_unary(Context &ctx, const echo_unary_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  expectSameShape(args.entry, X, "x", Y, "y");
  if (!knownUnary(args.kind))
    fail(args.entry, "unknown unary kind %lld", (long long)args.kind);
  const float *in = X.f32();
  float *out = Y.f32();
  int k = (int)args.kind;
  forEach(ctx, args.entry, X.numel,
          [=] __device__(int64_t i) { out[i] = unaryValue(k, in[i]); });
}

void entry::echo_unary_grad(Context &ctx, const echo_unary_grad_args &args) {
  TensorView F = args.fwd.view();
  TensorView DY = args.dy.view();
  TensorView DX = args.dx.view();
  expectSameShape(args.entry, F, "fwd", DY, "dy");
  expectSameShape(args.entry, DX, "dx", DY, "dy");
  if (!knownUnary(args.kind))
    fail(args.entry, "unknown unary kind %lld", (long long)args.kind);
  const float *f = F.f32(), *g = DY.f32();
  float *out = DX.f32();
  int k = (int)args.kind;
  forEach(ctx, args.entry, DY.numel, [=] __device__(int64_t i) {
    out[i] = unaryGradValue(k, f[i], g[i]);
  });
}

void entry::echo_binary(Context &ctx, const echo_binary_args &args) {
  TensorView A = args.a.view();
  TensorView B = args.b.view();
  TensorView Y = args.y.view();
  int64_t sa[kMaxRank], sb[kMaxRank], sy[kMaxRank];
  broadcastStrides(args.entry, A, "a", Y, "y", sa);
  broadcastStrides(args.entry, B, "b", Y, "y", sb);
  if (args.kind < ECHO_ADD || args.kind > ECHO_MAX)
    fail(args.entry, "unknown binary kind %lld", (long long)args.kind);
  rowMajorStrides(Y.rank, Y.sizes, sy);
  const int64_t *st[3] = {sa, sb, sy};
  Layout<3> l(Y.rank, Y.sizes, st);
  const float *pa = A.f32(), *pb = B.f32();
  float *py = Y.f32();
  int k = (int)args.kind;
  forEach(ctx, args.entry, Y.numel, [=] __device__(int64_t i) {
    int64_t off[3];
    l.offsets(i, off);
    py[off[2]] = binaryValue(k, pa[off[0]], pb[off[1]]);
  });
}

void entry::echo_max_grad(Context &ctx, const echo_max_grad_args &args) {
  MaxGradArgs m = maxGradArgs(args);
  const int64_t *st[3] = {m.strides[0], m.strides[1], m.strides[2]};
  Layout<3> l(m.dy.rank, m.dy.sizes, st);
  const float *pa = m.a.f32(), *pb = m.b.f32(), *g = m.dy.f32();
  float *pda = m.da.f32(), *pdb = m.db.f32();
  forEach(ctx, args.entry, m.dy.numel, [=] __device__(int64_t i) {
    int64_t off[3];
    l.offsets(i, off);
    bool toA = pa[off[0]] >= pb[off[1]];
    float v = g[off[2]];
    pda[off[2]] = toA ? v : 0.0f;
    pdb[off[2]] = toA ? 0.0f : v;
  });
}

void entry::echo_sum_to(Context &ctx, const echo_sum_to_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  int64_t sy[kMaxRank];
  broadcastStrides(args.entry, Y, "y", X, "x", sy);
  // Dimensions y does not have (stride 0) are summed; y's row-major order
  // is that of the others.
  bool reduced[kMaxRank];
  for (int d = 0; d < X.rank; ++d)
    reduced[d] = sy[d] == 0;
  Reduction r = makeReduction(X.rank, X.sizes, reduced);
  sumReduction(ctx, args.entry, r, X.f32(), Y.f32(), false, 1.0);
}

void entry::echo_broadcast_to(Context &ctx,
                              const echo_broadcast_to_args &args) {
  BroadcastToArgs a = broadcastToArgs(args);
  const int64_t *st[2] = {a.xStrides, a.yStrides};
  Layout<2> l(a.y.rank, a.y.sizes, st);
  const float *px = a.x.f32();
  float *py = a.y.f32();
  forEach(ctx, args.entry, a.y.numel, [=] __device__(int64_t i) {
    int64_t off[2];
    l.offsets(i, off);
    py[off[1]] = px[off[0]];
  });
}

void entry::echo_reduce(Context &ctx, const echo_reduce_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  Reduction r = reducedLayout(args.entry, X, "x", Y, "y", args.dims_mask);
  if (args.kind == ECHO_SUM || args.kind == ECHO_MEAN) {
    sumReduction(ctx, args.entry, r, X.f32(), Y.f32(), args.kind == ECHO_MEAN,
                 1.0 / static_cast<double>(r.count));
    return;
  }
  if (args.kind != ECHO_REDUCE_MAX)
    fail(args.entry, "unknown reduce kind %lld", (long long)args.kind);
  const float *px = X.f32();
  float *py = Y.f32();
  forEach(ctx, args.entry, r.outputs, [=] __device__(int64_t j) {
    int64_t base = r.kept.offset(j);
    float m = -INFINITY;
    for (int64_t k = 0; k < r.count; ++k) {
      float v = px[base + r.reduced.offset(k)];
      m = v > m ? v : m;
    }
    py[j] = m;
  });
}

void entry::echo_reduce_grad(Context &ctx, const echo_reduce_grad_args &args) {
  ReduceGradArgs a = reduceGradArgs(args);
  const TensorView &DY = a.dy, &DX = a.dx;
  Reduction r = reducedLayout(args.entry, DX, "dx", DY, "dy", args.dims_mask);
  // dy's stride per dimension of dx: row-major over the kept dimensions.
  int64_t sx[kMaxRank], sy[kMaxRank];
  rowMajorStrides(DX.rank, DX.sizes, sx);
  int64_t s = 1;
  for (int d = DX.rank - 1; d >= 0; --d) {
    if ((args.dims_mask >> d) & 1) {
      sy[d] = 0;
    } else {
      sy[d] = s;
      s *= DX.size(d);
    }
  }
  const int64_t *st[2] = {sx, sy};
  Layout<2> l(DX.rank, DX.sizes, st);
  bool mean = a.mean;
  double inv = 1.0 / static_cast<double>(r.count);
  const float *g = DY.f32();
  float *px = DX.f32();
  forEach(ctx, args.entry, DX.numel, [=] __device__(int64_t i) {
    int64_t off[2];
    l.offsets(i, off);
    float v = g[off[1]];
    px[off[0]] = mean ? static_cast<float>(v * inv) : v;
  });
}

void entry::echo_reduce_max_grad(Context &ctx,
                                 const echo_reduce_max_grad_args &args) {
  ReduceMaxGradArgs a = reduceMaxGradArgs(args);
  const TensorView &X = a.x, &Y = a.y, &DY = a.dy, &DX = a.dx;
  Reduction r = reducedLayout(args.entry, X, "x", Y, "y", args.dims_mask);
  if (DX.numel)
    check(args.entry,
          cudaMemsetAsync(DX.data, 0, sizeof(float) * DX.numel, ctx.stream),
          "cudaMemsetAsync");
  const float *px = X.f32(), *py = Y.f32(), *g = DY.f32();
  float *pdx = DX.f32();
  // Per output: the first position equal to y, else the first maximum.
  forEach(ctx, args.entry, r.outputs, [=] __device__(int64_t j) {
    int64_t base = r.kept.offset(j);
    int64_t firstEq = -1, argMax = -1;
    for (int64_t k = 0; k < r.count; ++k) {
      int64_t xi = base + r.reduced.offset(k);
      float v = px[xi];
      if (firstEq < 0 && v == py[j])
        firstEq = xi;
      if (argMax < 0 || v > px[argMax])
        argMax = xi;
    }
    int64_t pos = firstEq >= 0 ? firstEq : argMax;
    if (pos >= 0)
      pdx[pos] = g[j];
  });
}

//--- softmax ------------------------------------------------------------------

void entry::echo_softmax(Context &ctx, const echo_softmax_args &args) {
  SoftmaxArgs a = softmaxArgs(args);
  const Lines l = a.lines;
  if (l.len == 0)
    return;
  const float *px = a.x.f32();
  float *py = a.y.f32();
  bool isLog = args.is_log != 0;
  if (l.inner == 1) {
    // Contiguous lines: one block each (BlockReduce.h).
    int64_t len = l.len;
    perLine(ctx, args.entry, l.outer, [=] __device__(int64_t o, LineTrees tr) {
      const float *p = px + o * len;
      float *q = py + o * len;
      double mx = lineMax(p, len, tr);
      double sum = 0.0;
      for (int64_t k = threadIdx.x; k < len; k += kLineThreads)
        sum += exp(static_cast<double>(p[k]) - mx);
      sum = blockSum(sum, tr.sum);
      if (isLog) {
        double lse = log(sum);
        for (int64_t k = threadIdx.x; k < len; k += kLineThreads)
          q[k] = static_cast<float>(static_cast<double>(p[k]) - mx - lse);
      } else {
        double inv = 1.0 / sum;
        for (int64_t k = threadIdx.x; k < len; k += kLineThreads)
          q[k] = static_cast<float>(exp(static_cast<double>(p[k]) - mx) * inv);
      }
    });
    return;
  }
  // Strided lines: one thread each.
  forEach(ctx, args.entry, l.outer * l.inner, [=] __device__(int64_t line) {
    int64_t base = line / l.inner * l.len * l.inner + line % l.inner;
    softmaxLine(px + base, py + base, l.len, l.inner, isLog);
  });
}

void entry::echo_softmax_grad(Context &ctx,
                              const echo_softmax_grad_args &args) {
  SoftmaxGradArgs a = softmaxGradArgs(args);
  const Lines l = a.lines;
  const float *py = a.y.f32(), *pg = a.dy.f32();
  float *pq = a.dx.f32();
  bool isLog = args.is_log != 0;
  if (l.inner == 1) {
    int64_t len = l.len;
    perLine(ctx, args.entry, l.outer, [=] __device__(int64_t o, LineTrees tr) {
      const float *y = py + o * len, *g = pg + o * len;
      float *q = pq + o * len;
      double s = 0.0;
      for (int64_t k = threadIdx.x; k < len; k += kLineThreads)
        s += isLog ? static_cast<double>(g[k])
                   : static_cast<double>(g[k]) * y[k];
      s = blockSum(s, tr.sum);
      for (int64_t k = threadIdx.x; k < len; k += kLineThreads)
        q[k] = isLog ? static_cast<float>(
                           g[k] - exp(static_cast<double>(y[k])) * s)
                     : static_cast<float>(y[k] * (g[k] - s));
    });
    return;
  }
  forEach(ctx, args.entry, l.outer * l.inner, [=] __device__(int64_t line) {
    int64_t base = line / l.inner * l.len * l.inner + line % l.inner;
    softmaxGradLine(py + base, pg + base, pq + base, l.len, l.inner, isLog);
  });
}

//--- cross-entropy ------------------------------------------------------------

namespace {
/// max and log(sum(exp(x - max))) of one row of c logits, by the row's
/// block (BlockReduce.h); every thread gets them.
__device__ void logSumExp(const float *p, int64_t c, LineTrees tr, double &mx,
                          double &lse) {
  mx = lineMax(p, c, tr);
  double s = 0.0;
  for (int64_t k = threadIdx.x; k < c; k += kLineThreads)
    s += exp(static_cast<double>(p[k]) - mx);
  lse = log(blockSum(s, tr.sum));
}

/// The rows' labels in [0, c) (checkIndices).
void checkLabels(Context &ctx, const char *E, const TensorView &labels,
                 int64_t rows, int bits, int64_t c) {
  checkIndices(ctx, E, labels, rows, bits, c,
               [E, c](int64_t row, int64_t label) {
                 labelOutOfRange(E, label, row, c);
               });
}

void crossEntropy(Context &ctx, const char *E, const Operand &logits,
                  const Operand &labels, const Operand &loss, int bits) {
  CrossEntropyArgs a = crossEntropyArgs(E, logits, labels, loss);
  int64_t rows = a.rows, c = a.classes;
  checkLabels(ctx, E, a.labels, rows, bits, c);
  double *perRow = static_cast<double *>(
      scratch(E, ctx, sizeof(double) * (rows > 0 ? rows : 1)));
  const float *pl = a.logits.f32();
  const void *labelsData = a.labels.data;
  perLine(ctx, E, rows, [=] __device__(int64_t r, LineTrees tr) {
    const float *p = pl + r * c;
    double mx, lse;
    logSumExp(p, c, tr, mx, lse);
    int64_t l = loadIndex(labelsData, r, bits);
    if (threadIdx.x == 0) // a bad label (its check pending) reads nothing
      perRow[r] = mx + lse - (inRange(l, c) ? p[l] : 0.0f);
  });
  // The mean of the rows' losses, by one block in a fixed order.
  float *out = a.loss.f32();
  perLine(ctx, E, 1, [=] __device__(int64_t, LineTrees tr) {
    double total = 0.0;
    for (int64_t r = threadIdx.x; r < rows; r += kLineThreads)
      total += perRow[r];
    total = blockSum(total, tr.sum);
    if (threadIdx.x == 0)
      out[0] = static_cast<float>(total / static_cast<double>(rows));
  });
}

void crossEntropyGrad(Context &ctx, const char *E, const Operand &logits,
                      const Operand &labels, const Operand &dloss,
                      const Operand &dlogits, int bits) {
  CrossEntropyGradArgs a =
      crossEntropyGradArgs(E, logits, labels, dloss, dlogits);
  int64_t rows = a.rows, c = a.classes;
  checkLabels(ctx, E, a.labels, rows, bits, c);
  const float *pl = a.logits.f32(), *pg = a.dloss.f32();
  float *pd = a.dlogits.f32();
  const void *labelsData = a.labels.data;
  perLine(ctx, E, rows, [=] __device__(int64_t r, LineTrees tr) {
    double scale = static_cast<double>(pg[0]) / static_cast<double>(rows);
    const float *p = pl + r * c;
    // May be p: every element is read (by the thread that writes it)
    // before it is written, and the reductions end before any write.
    float *q = pd + r * c;
    int64_t l = loadIndex(labelsData, r, bits);
    double mx, lse;
    logSumExp(p, c, tr, mx, lse);
    for (int64_t k = threadIdx.x; k < c; k += kLineThreads) {
      double prob = exp(static_cast<double>(p[k]) - mx - lse);
      q[k] = static_cast<float>((prob - (k == l ? 1.0 : 0.0)) * scale);
    }
  });
}
} // namespace

#define ECHO_CROSS_ENTROPY_ENTRIES(bits)                                       \
  void entry::echo_cross_entropy_i##bits(                                      \
      Context &ctx, const echo_cross_entropy_i##bits##_args &args) {           \
    crossEntropy(ctx, args.entry, args.logits, args.labels, args.loss, bits);  \
  }                                                                            \
  void entry::echo_cross_entropy_grad_i##bits(                                 \
      Context &ctx, const echo_cross_entropy_grad_i##bits##_args &args) {      \
    crossEntropyGrad(ctx, args.entry, args.logits, args.labels, args.dloss,    \
                     args.dlogits, bits);                                      \
  }
ECHO_CROSS_ENTROPY_ENTRIES(32)
ECHO_CROSS_ENTROPY_ENTRIES(64)

//--- dropout (echo/dropout.h's hash, as runtime/cpu/Dropout.cpp) -------------

void entry::echo_dropout(Context &ctx, const echo_dropout_args &args) {
  DropoutArgs a = dropoutArgs(args);
  const float *in = a.x.f32();
  float *out = a.y.f32();
  uint8_t *m = a.mask.u8();
  uint64_t s = static_cast<uint64_t>(args.seed);
  double p = args.probability;
  float scale = a.scale;
  forEach(ctx, args.entry, a.x.numel, [=] __device__(int64_t i) {
    bool keep = echo_dropout_rng::uniform(s, static_cast<uint64_t>(i)) >= p;
    m[i] = keep ? 1 : 0;
    out[i] = keep ? in[i] * scale : 0.0f;
  });
}

void entry::echo_dropout_grad(Context &ctx,
                              const echo_dropout_grad_args &args) {
  DropoutGradArgs a = dropoutGradArgs(args);
  const uint8_t *m = a.mask.u8();
  const float *g = a.dy.f32();
  float *out = a.dx.f32();
  float scale = a.scale;
  forEach(ctx, args.entry, a.dy.numel,
          [=] __device__(int64_t i) { out[i] = m[i] ? g[i] * scale : 0.0f; });
}

//--- optimizer updates (runtime/cpu/Optimizer.cpp) ------------------------------

void entry::echo_sgd_update(Context &ctx, const echo_sgd_update_args &args) {
  SgdArgs a = sgdArgs(args);
  // The kernels capture the scalars, not the whole argument struct.
  double lr = args.lr, momentum = args.momentum, decay = args.weight_decay;
  const float *p = a.param.f32(), *g = a.grad.f32();
  float *np = a.new_param.f32();
  if (!args.has_velocity) {
    forEach(ctx, args.entry, a.param.numel, [=] __device__(int64_t i) {
      np[i] = sgdStep(p[i], g[i], lr, decay);
    });
    return;
  }
  const float *v = a.velocity.f32();
  float *nv = a.new_velocity.f32();
  forEach(ctx, args.entry, a.param.numel, [=] __device__(int64_t i) {
    sgdMomentumStep(p[i], g[i], v[i], lr, momentum, decay, np[i], nv[i]);
  });
}

void entry::echo_adam_update(Context &ctx, const echo_adam_update_args &args) {
  AdamArgs a = adamArgs(args);
  // The bias corrections 1 - beta^t from the step count t in device
  // memory, by one thread (the device's pow: within 2 ulp of the CPU's
  // std::pow, docs/gpu.md), into the context's slot that the update reads;
  // t < 1 fails the check.
  const char *E = args.entry;
  AdamCorrections *corrections = ctx.adamCorrections;
  const float *step = a.step.f32();
  double beta1 = args.beta1, beta2 = args.beta2;
  CheckSlot *slot = beginCheck(ctx, E);
  forEach(ctx, E, 1, [=] __device__(int64_t) {
    double t = step[0];
    if (!(t >= 1.0)) {
      slot->position = 0;
      slot->value = __double_as_longlong(t);
    }
    corrections->bc1 = 1.0 - pow(beta1, t);
    corrections->bc2 = 1.0 - pow(beta2, t);
  });
  endCheck(ctx, slot, E, [E, beta1, beta2](int64_t, int64_t bits) {
    double t;
    std::memcpy(&t, &bits, sizeof t);
    adamCorrections(E, t, beta1, beta2); // throws for t < 1
  });
  const float *p = a.param.f32(), *g = a.grad.f32(), *pm = a.m.f32(),
              *pv = a.v.f32();
  float *np = a.new_param.f32(), *nm = a.new_m.f32(), *nv = a.new_v.f32();
  // The kernel captures the scalars, not the whole argument struct.
  double lr = args.lr, epsilon = args.epsilon;
  forEach(ctx, E, a.param.numel, [=] __device__(int64_t i) {
    adamStep(p[i], g[i], pm[i], pv[i], lr, beta1, beta2, epsilon,
             *corrections, np[i], nm[i], nv[i]);
  });
}
