//===- Broadcast.cpp - Binary ops with numpy broadcasting -------------------===//
//
// echo_binary, echo_max_grad, echo_sum_to and echo_broadcast_to. sum_to
// accumulates in double, visiting the input in row-major order.
//
//===----------------------------------------------------------------------===//

#include "StridedLoop.h"

#include <vector>

using namespace echo_rt;

namespace {

template <typename Op>
void binaryLoop(const TensorView &A, const int64_t *sa, const TensorView &B,
                const int64_t *sb, const TensorView &Y, Op op) {
  int64_t sy[kMaxRank];
  rowMajorStrides(Y.rank, Y.sizes, sy);
  const int64_t *strides[3] = {sa, sb, sy};
  StridedLoop<3> loop(Y.rank, Y.sizes, strides);
  const float *a = A.f32();
  const float *b = B.f32();
  float *y = Y.f32();
  // Each output element once, from the operands only (in place, y may
  // alias a or b element for element): the runs may go side by side.
  loop.runParallel([&](const int64_t *off, int64_t n, const int64_t *st) {
    const float *pa = a + off[0];
    const float *pb = b + off[1];
    float *py = y + off[2];
    if (st[0] == 1 && st[1] == 1 && st[2] == 1) {
      for (int64_t i = 0; i < n; ++i)
        py[i] = op(pa[i], pb[i]);
    } else if (st[0] == 0 && st[1] == 1 && st[2] == 1) {
      float av = *pa;
      for (int64_t i = 0; i < n; ++i)
        py[i] = op(av, pb[i]);
    } else if (st[0] == 1 && st[1] == 0 && st[2] == 1) {
      float bv = *pb;
      for (int64_t i = 0; i < n; ++i)
        py[i] = op(pa[i], bv);
    } else {
      for (int64_t i = 0; i < n; ++i)
        py[i * st[2]] = op(pa[i * st[0]], pb[i * st[1]]);
    }
  });
}

} // namespace

void entry::echo_binary(Context &, const echo_binary_args &args) {
  TensorView A = args.a.view();
  TensorView B = args.b.view();
  TensorView Y = args.y.view();
  int64_t sa[kMaxRank], sb[kMaxRank];
  broadcastStrides(args.entry, A, "a", Y, "y", sa);
  broadcastStrides(args.entry, B, "b", Y, "y", sb);
  switch (args.kind) {
  case ECHO_ADD:
    binaryLoop(A, sa, B, sb, Y, [](float x, float z) { return x + z; });
    break;
  case ECHO_SUB:
    binaryLoop(A, sa, B, sb, Y, [](float x, float z) { return x - z; });
    break;
  case ECHO_MUL:
    binaryLoop(A, sa, B, sb, Y, [](float x, float z) { return x * z; });
    break;
  case ECHO_DIV:
    binaryLoop(A, sa, B, sb, Y, [](float x, float z) { return x / z; });
    break;
  case ECHO_MAX:
    // Ties go to lhs (a NaN on either side gives rhs).
    binaryLoop(A, sa, B, sb, Y, [](float x, float z) { return x >= z ? x : z; });
    break;
  default:
    fail(args.entry, "unknown binary kind %lld", (long long)args.kind);
  }
}

void entry::echo_max_grad(Context &, const echo_max_grad_args &args) {
  MaxGradArgs m = maxGradArgs(args);
  const int64_t *strides[3] = {m.strides[0], m.strides[1], m.strides[2]};
  StridedLoop<3> loop(m.dy.rank, m.dy.sizes, strides);
  const float *a = m.a.f32(), *b = m.b.f32(), *dy = m.dy.f32();
  float *da = m.da.f32(), *dbp = m.db.f32();
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    for (int64_t i = 0; i < n; ++i) {
      bool toA = a[off[0] + i * st[0]] >= b[off[1] + i * st[1]];
      int64_t o = off[2] + i * st[2];
      float g = dy[o];
      da[o] = toA ? g : 0.0f;
      dbp[o] = toA ? 0.0f : g;
    }
  });
}

void entry::echo_sum_to(Context &, const echo_sum_to_args &args) {
  TensorView X = args.x.view();
  TensorView Y = args.y.view();
  int64_t sx[kMaxRank], sy[kMaxRank];
  broadcastStrides(args.entry, Y, "y", X, "x", sy);
  rowMajorStrides(X.rank, X.sizes, sx);
  std::vector<double> acc(Y.numel, 0.0);
  const int64_t *strides[2] = {sx, sy};
  StridedLoop<2> loop(X.rank, X.sizes, strides);
  const float *x = X.f32();
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    const float *px = x + off[0];
    double *py = acc.data() + off[1];
    if (st[1] == 0) {
      double s = *py;
      for (int64_t i = 0; i < n; ++i)
        s += px[i * st[0]];
      *py = s;
    } else {
      for (int64_t i = 0; i < n; ++i)
        py[i * st[1]] += px[i * st[0]];
    }
  });
  float *y = Y.f32();
  for (int64_t i = 0; i < Y.numel; ++i)
    y[i] = static_cast<float>(acc[i]);
}

void entry::echo_broadcast_to(Context &, const echo_broadcast_to_args &args) {
  BroadcastToArgs a = broadcastToArgs(args);
  const int64_t *strides[2] = {a.xStrides, a.yStrides};
  StridedLoop<2> loop(a.y.rank, a.y.sizes, strides);
  const float *x = a.x.f32();
  float *y = a.y.f32();
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    const float *px = x + off[0];
    float *py = y + off[1];
    if (st[0] == 0) {
      float v = *px;
      for (int64_t i = 0; i < n; ++i)
        py[i * st[1]] = v;
    } else {
      for (int64_t i = 0; i < n; ++i)
        py[i * st[1]] = px[i * st[0]];
    }
  });
}
