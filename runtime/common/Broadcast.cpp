//===- Broadcast.cpp - Numpy broadcasting of tensor arguments -------------===//

#include "Broadcast.h"

using namespace echo_rt;

void echo_rt::broadcastStrides(const char *entry, const TensorView &operand,
                               const char *name, const TensorView &out,
                               const char *outName, int64_t *strides) {
  if (operand.rank > out.rank)
    fail(entry, "%s shape %s does not broadcast to %s shape %s", name,
         operand.shapeStr().c_str(), outName, out.shapeStr().c_str());
  int64_t own[kMaxRank];
  rowMajorStrides(operand.rank, operand.sizes, own);
  int lead = out.rank - operand.rank;
  for (int d = 0; d < out.rank; ++d) {
    if (d < lead) {
      strides[d] = 0;
      continue;
    }
    int64_t s = operand.sizes[d - lead];
    if (s == out.sizes[d])
      strides[d] = s == 1 ? 0 : own[d - lead];
    else if (s == 1)
      strides[d] = 0;
    else
      fail(entry, "%s shape %s does not broadcast to %s shape %s", name,
           operand.shapeStr().c_str(), outName, out.shapeStr().c_str());
  }
}

BroadcastToArgs echo_rt::broadcastToArgs(const echo_broadcast_to_args &args) {
  BroadcastToArgs a;
  a.x = args.x.view();
  a.y = args.y.view();
  broadcastStrides(args.entry, a.x, "x", a.y, "y", a.xStrides);
  rowMajorStrides(a.y.rank, a.y.sizes, a.yStrides);
  return a;
}

MaxGradArgs echo_rt::maxGradArgs(const echo_max_grad_args &args) {
  const char *E = args.entry;
  MaxGradArgs r;
  r.a = args.a.view();
  r.b = args.b.view();
  r.dy = args.dy.view();
  r.da = args.da.view();
  r.db = args.db.view();
  expectSameShape(E, r.da, "da", r.dy, "dy");
  expectSameShape(E, r.db, "db", r.dy, "dy");
  broadcastStrides(E, r.a, "a", r.dy, "dy", r.strides[0]);
  broadcastStrides(E, r.b, "b", r.dy, "dy", r.strides[1]);
  rowMajorStrides(r.dy.rank, r.dy.sizes, r.strides[2]);
  return r;
}
