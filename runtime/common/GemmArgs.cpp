//===- GemmArgs.cpp - Checked arguments of linear and matmul --------------===//

#include "GemmArgs.h"
#include "RuntimeError.h"

using namespace echo_rt;

LinearArgs echo_rt::linearArgs(const char *E, ECHO_TENSOR(x), ECHO_TENSOR(w),
                               ECHO_TENSOR(b), ECHO_TENSOR(y),
                               int64_t has_bias) {
  LinearArgs a;
  a.x = fview(E, "x", x_rank, x_desc);
  a.w = fview(E, "w", w_rank, w_desc);
  a.y = fview(E, "y", y_rank, y_desc);
  expectMinRank(E, a.x, "x", 1);
  expectRank(E, a.w, "w", 2);
  a.n = a.w.size(0), a.k = a.w.size(1);
  expectDim(E, a.x, "x", a.x.rank - 1, a.k);
  expectRank(E, a.y, "y", a.x.rank);
  for (int d = 0; d + 1 < a.x.rank; ++d)
    expectDim(E, a.y, "y", d, a.x.size(d));
  expectDim(E, a.y, "y", a.y.rank - 1, a.n);
  if (has_bias) {
    a.b = fview(E, "b", b_rank, b_desc);
    expectRank(E, a.b, "b", 1);
    expectDim(E, a.b, "b", 0, a.n);
  }
  a.m = a.x.rows();
  return a;
}

LinearGradInputArgs echo_rt::linearGradInputArgs(const char *E, ECHO_TENSOR(dy),
                                                 ECHO_TENSOR(w),
                                                 ECHO_TENSOR(dx)) {
  LinearGradInputArgs a;
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.w = fview(E, "w", w_rank, w_desc);
  a.dx = fview(E, "dx", dx_rank, dx_desc);
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

LinearGradWeightArgs echo_rt::linearGradWeightArgs(const char *E,
                                                   ECHO_TENSOR(dy),
                                                   ECHO_TENSOR(x),
                                                   ECHO_TENSOR(dw)) {
  LinearGradWeightArgs a;
  a.dy = fview(E, "dy", dy_rank, dy_desc);
  a.x = fview(E, "x", x_rank, x_desc);
  a.dw = fview(E, "dw", dw_rank, dw_desc);
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

MatmulArgs echo_rt::matmulArgs(const char *E, ECHO_TENSOR(a), ECHO_TENSOR(b),
                               ECHO_TENSOR(c), int64_t transpose_a,
                               int64_t transpose_b) {
  MatmulArgs m;
  m.a = fview(E, "a", a_rank, a_desc);
  m.b = fview(E, "b", b_rank, b_desc);
  m.c = fview(E, "c", c_rank, c_desc);
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
  m.m = transpose_a ? m.ac : m.ar;
  m.k = transpose_a ? m.ar : m.ac;
  int64_t kb = transpose_b ? m.bc : m.br;
  m.n = transpose_b ? m.br : m.bc;
  if (m.k != kb)
    fail(E,
         "contraction sizes differ: a %s (transpose_a=%lld) gives %lld, "
         "b %s (transpose_b=%lld) gives %lld",
         m.a.shapeStr().c_str(), static_cast<long long>(transpose_a),
         static_cast<long long>(m.k), m.b.shapeStr().c_str(),
         static_cast<long long>(transpose_b), static_cast<long long>(kb));
  expectDim(E, m.c, "c", r - 2, m.m);
  expectDim(E, m.c, "c", r - 1, m.n);
  m.batch = m.a.prod(0, r - 2);
  return m;
}
