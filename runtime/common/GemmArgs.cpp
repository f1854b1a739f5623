//===- GemmArgs.cpp - Checked arguments of linear and matmul --------------===//

#include "GemmArgs.h"
#include "RuntimeError.h"

using namespace echo_rt;

namespace {

template <class Args> LinearArgs linearArgsOf(const Args &args) {
  const char *E = args.entry;
  LinearArgs a;
  a.x = args.x.view();
  a.w = args.w.view();
  a.y = args.y.view();
  expectMinRank(E, a.x, "x", 1);
  expectRank(E, a.w, "w", 2);
  a.n = a.w.size(0), a.k = a.w.size(1);
  expectDim(E, a.x, "x", a.x.rank - 1, a.k);
  expectRank(E, a.y, "y", a.x.rank);
  for (int d = 0; d + 1 < a.x.rank; ++d)
    expectDim(E, a.y, "y", d, a.x.size(d));
  expectDim(E, a.y, "y", a.y.rank - 1, a.n);
  if (args.has_bias) {
    a.b = args.b.view();
    expectRank(E, a.b, "b", 1);
    expectDim(E, a.b, "b", 0, a.n);
  }
  a.m = a.x.rows();
  return a;
}

template <class Args>
LinearGradInputArgs linearGradInputArgsOf(const Args &args) {
  const char *E = args.entry;
  LinearGradInputArgs a;
  a.dy = args.dy.view();
  a.w = args.w.view();
  a.dx = args.dx.view();
  expectMinRank(E, a.dy, "dy", 1);
  expectRank(E, a.w, "w", 2);
  a.n = a.w.size(0), a.k = a.w.size(1);
  expectDim(E, a.dy, "dy", a.dy.rank - 1, a.n);
  expectRank(E, a.dx, "dx", a.dy.rank);
  for (int d = 0; d + 1 < a.dy.rank; ++d)
    expectDim(E, a.dx, "dx", d, a.dy.size(d));
  expectDim(E, a.dx, "dx", a.dx.rank - 1, a.k);
  a.m = a.dy.rows();
  return a;
}

template <class Args>
LinearGradWeightArgs linearGradWeightArgsOf(const Args &args) {
  const char *E = args.entry;
  LinearGradWeightArgs a;
  a.dy = args.dy.view();
  a.x = args.x.view();
  a.dw = args.dw.view();
  expectMinRank(E, a.dy, "dy", 1);
  expectRank(E, a.x, "x", a.dy.rank);
  for (int d = 0; d + 1 < a.dy.rank; ++d)
    expectDim(E, a.x, "x", d, a.dy.size(d));
  expectRank(E, a.dw, "dw", 2);
  a.n = a.dy.last(), a.k = a.x.last();
  expectDim(E, a.dw, "dw", 0, a.n);
  expectDim(E, a.dw, "dw", 1, a.k);
  a.m = a.dy.rows();
  return a;
}

template <class Args> MatmulArgs matmulArgsOf(const Args &args) {
  const char *E = args.entry;
  MatmulArgs m;
  m.a = args.a.view();
  m.b = args.b.view();
  m.c = args.c.view();
  expectMinRank(E, m.a, "a", 2);
  expectRank(E, m.b, "b", m.a.rank);
  expectRank(E, m.c, "c", m.a.rank);
  int r = m.a.rank;
  for (int d = 0; d + 2 < r; ++d) {
    expectDim(E, m.b, "b (batch dimension)", d, m.a.size(d));
    expectDim(E, m.c, "c (batch dimension)", d, m.a.size(d));
  }
  m.ar = m.a.size(r - 2), m.ac = m.a.size(r - 1);
  m.br = m.b.size(r - 2), m.bc = m.b.size(r - 1);
  m.m = args.transpose_a ? m.ac : m.ar;
  m.k = args.transpose_a ? m.ar : m.ac;
  int64_t kb = args.transpose_b ? m.bc : m.br;
  m.n = args.transpose_b ? m.br : m.bc;
  if (m.k != kb)
    fail(E,
         "contraction sizes differ: a %s (transpose_a=%lld) gives %lld, "
         "b %s (transpose_b=%lld) gives %lld",
         m.a.shapeStr().c_str(), static_cast<long long>(args.transpose_a),
         static_cast<long long>(m.k), m.b.shapeStr().c_str(),
         static_cast<long long>(args.transpose_b), static_cast<long long>(kb));
  expectDim(E, m.c, "c", r - 2, m.m);
  expectDim(E, m.c, "c", r - 1, m.n);
  m.batch = m.a.prod(0, r - 2);
  return m;
}

} // namespace

#define ECHO_GEMM_ARGS(Result, fn, entry)                                      \
  Result echo_rt::fn(const entry##_args &args) { return fn##Of(args); }        \
  Result echo_rt::fn(const entry##_bf16_args &args) { return fn##Of(args); }   \
  Result echo_rt::fn(const entry##_f16_args &args) { return fn##Of(args); }
ECHO_GEMM_ARGS(LinearArgs, linearArgs, echo_linear)
ECHO_GEMM_ARGS(LinearGradInputArgs, linearGradInputArgs, echo_linear_grad_input)
ECHO_GEMM_ARGS(LinearGradWeightArgs, linearGradWeightArgs,
               echo_linear_grad_weight)
ECHO_GEMM_ARGS(MatmulArgs, matmulArgs, echo_matmul)
#undef ECHO_GEMM_ARGS
