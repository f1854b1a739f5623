//===- SliceLayout.cpp - Index lists and strided slices -------------------===//

#include "SliceLayout.h"
#include "RuntimeError.h"

using namespace echo_rt;

void echo_rt::readList(const char *E, const Operand &list, int expected,
                       int64_t *out) {
  const char *name = list.name;
  TensorView t = list.view();
  if (t.rank != 1 || t.size(0) != expected)
    fail(E, "%s must be a rank-1 i64 tensor with %d entries, got shape %s",
         name, expected, t.shapeStr().c_str());
  for (int d = 0; d < expected; ++d)
    out[d] = t.i64()[d];
}

ConcatLayout echo_rt::concatLayout(const char *E, const TensorView &P,
                                   const TensorView &W, int64_t axis,
                                   int64_t offset) {
  expectRank(E, P, "part", W.rank);
  if (axis < 0 || axis >= W.rank)
    fail(E, "axis %lld is out of range for shape %s", (long long)axis,
         W.shapeStr().c_str());
  int a = static_cast<int>(axis);
  for (int d = 0; d < W.rank; ++d)
    if (d != a)
      expectDim(E, P, "part", d, W.size(d));
  if (offset < 0 || offset + P.size(a) > W.size(a))
    fail(E, "part %s at offset %lld does not fit along axis %d of whole %s",
         P.shapeStr().c_str(), (long long)offset, a, W.shapeStr().c_str());
  int64_t inner = W.prod(a + 1, W.rank);
  return {W.prod(0, a), P.size(a) * inner, W.size(a) * inner, offset * inner};
}

void echo_rt::readPermutation(const char *E, const Operand &permutation,
                              const TensorView &x, const TensorView &y,
                              int64_t *perm) {
  expectRank(E, y, "y", x.rank);
  readList(E, permutation, x.rank, perm);
  bool seen[kMaxRank] = {};
  for (int d = 0; d < x.rank; ++d) {
    if (perm[d] < 0 || perm[d] >= x.rank || seen[perm[d]])
      fail(E, "permutation entry %lld at position %d is invalid for rank %d",
           (long long)perm[d], d, x.rank);
    seen[perm[d]] = true;
    expectDim(E, y, "y", d, x.size(static_cast<int>(perm[d])));
  }
}

CopyArgs echo_rt::copyArgs(const echo_copy_args &args) {
  CopyArgs a{args.x.view(), args.y.view()};
  if (a.x.numel != a.y.numel)
    fail(args.entry, "x %s and y %s have different element counts",
         a.x.shapeStr().c_str(), a.y.shapeStr().c_str());
  return a;
}

TransposeArgs echo_rt::transposeArgs(const echo_transpose_args &args) {
  TransposeArgs a;
  a.x = args.x.view();
  a.y = args.y.view();
  int64_t perm[kMaxRank];
  readPermutation(args.entry, args.permutation, a.x, a.y, perm);
  int64_t xs[kMaxRank];
  rowMajorStrides(a.x.rank, a.x.sizes, xs);
  rowMajorStrides(a.y.rank, a.y.sizes, a.yStrides);
  for (int d = 0; d < a.x.rank; ++d)
    a.xStrides[d] = xs[perm[d]];
  return a;
}

/// Validates a slice of `part` shape out of `whole` and fills the strides
/// (per dimension of part) of the sliced elements in whole; returns the
/// offset of the first one.
static int64_t sliceLayout(const char *E, const TensorView &whole,
                           const char *wn, const TensorView &part,
                           const char *pn, const Operand &offsets,
                           const Operand &strides,
                           int64_t *partStridesInWhole) {
  expectRank(E, part, pn, whole.rank);
  int64_t off[kMaxRank], st[kMaxRank], ws[kMaxRank];
  readList(E, offsets, whole.rank, off);
  readList(E, strides, whole.rank, st);
  rowMajorStrides(whole.rank, whole.sizes, ws);
  int64_t base = 0;
  for (int d = 0; d < whole.rank; ++d) {
    if (st[d] < 1)
      fail(E, "strides must be >= 1, got %lld in dimension %d",
           (long long)st[d], d);
    if (off[d] < 0)
      fail(E, "offsets must be >= 0, got %lld in dimension %d",
           (long long)off[d], d);
    if (part.size(d) > 0 &&
        off[d] + (part.size(d) - 1) * st[d] >= whole.size(d))
      fail(E,
           "slice %s (offset %lld, stride %lld) reads past the end of "
           "dimension %d of %s %s",
           part.shapeStr().c_str(), (long long)off[d], (long long)st[d], d, wn,
           whole.shapeStr().c_str());
    base += off[d] * ws[d];
    partStridesInWhole[d] = st[d] * ws[d];
  }
  return base;
}

/// The rest of sliceArgs once whole and part are viewed.
static SliceArgs sliceCopy(const char *E, const TensorView &whole,
                           const char *wn, const TensorView &part,
                           const char *pn, const Operand &offsets,
                           const Operand &strides) {
  SliceArgs a;
  a.whole = whole;
  a.part = part;
  a.base =
      sliceLayout(E, whole, wn, part, pn, offsets, strides, a.wholeStrides);
  rowMajorStrides(part.rank, part.sizes, a.partStrides);
  return a;
}

SliceArgs echo_rt::sliceArgs(const echo_slice_args &args) {
  TensorView x = args.x.view();
  TensorView y = args.y.view();
  return sliceCopy(args.entry, x, "x", y, "y", args.offsets, args.strides);
}

SliceArgs echo_rt::sliceArgs(const echo_slice_grad_args &args) {
  TensorView dy = args.dy.view();
  TensorView dx = args.dx.view();
  return sliceCopy(args.entry, dx, "dx", dy, "dy", args.offsets, args.strides);
}
