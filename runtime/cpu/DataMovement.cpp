//===- DataMovement.cpp - slice, concat/split, transpose, copy, fill --------===//

#include "SliceLayout.h"
#include "StridedLoop.h"

#include <cstring>

using namespace echo_rt;

namespace {

/// dst[dOff + i * dSt] = src[sOff + i * sSt] over `shape`.
void stridedCopy(int rank, const int64_t *shape, const float *src,
                 const int64_t *sSt, float *dst, const int64_t *dSt) {
  const int64_t *strides[2] = {sSt, dSt};
  StridedLoop<2> loop(rank, shape, strides);
  loop.run([&](const int64_t *off, int64_t n, const int64_t *st) {
    const float *s = src + off[0];
    float *d = dst + off[1];
    if (st[0] == 1 && st[1] == 1) {
      std::memcpy(d, s, sizeof(float) * n);
    } else {
      for (int64_t i = 0; i < n; ++i)
        d[i * st[1]] = s[i * st[0]];
    }
  });
}

} // namespace

void entry::echo_slice(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y), ECHO_TENSOR(offsets),
                           ECHO_TENSOR(strides)) {
  const char *E = "echo_slice";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  int64_t xs[kMaxRank], ys[kMaxRank];
  int64_t base = sliceLayout(E, X, "x", Y, "y", offsets_rank, offsets_desc,
                             strides_rank, strides_desc, xs);
  if (Y.numel == 0)
    return;
  rowMajorStrides(Y.rank, Y.sizes, ys);
  stridedCopy(Y.rank, Y.sizes, X.f32() + base, xs, Y.f32(), ys);
}

void entry::echo_slice_grad(Context &, ECHO_TENSOR(dy), ECHO_TENSOR(dx),
                                ECHO_TENSOR(offsets), ECHO_TENSOR(strides)) {
  const char *E = "echo_slice_grad";
  TensorView DY = fview(E, "dy", dy_rank, dy_desc);
  TensorView DX = fview(E, "dx", dx_rank, dx_desc);
  int64_t xs[kMaxRank], ys[kMaxRank];
  int64_t base = sliceLayout(E, DX, "dx", DY, "dy", offsets_rank, offsets_desc,
                             strides_rank, strides_desc, xs);
  if (DX.numel)
    std::memset(DX.f32(), 0, sizeof(float) * DX.numel);
  if (DY.numel == 0)
    return;
  rowMajorStrides(DY.rank, DY.sizes, ys);
  stridedCopy(DY.rank, DY.sizes, DY.f32(), ys, DX.f32() + base, xs);
}

void entry::echo_concat_part(Context &, ECHO_TENSOR(part), ECHO_TENSOR(whole),
                                 int64_t axis, int64_t offset,
                                 int64_t to_part) {
  const char *E = "echo_concat_part";
  TensorView P = fview(E, "part", part_rank, part_desc);
  TensorView W = fview(E, "whole", whole_rank, whole_desc);
  ConcatLayout l = concatLayout(E, P, W, axis, offset);
  int64_t outer = l.outer, pRow = l.partRow, wRow = l.wholeRow;
  for (int64_t o = 0; o < outer; ++o) {
    float *p = P.f32() + o * pRow;
    float *w = W.f32() + o * wRow + l.start;
    if (pRow == 0)
      continue;
    if (to_part)
      std::memcpy(p, w, sizeof(float) * pRow);
    else
      std::memcpy(w, p, sizeof(float) * pRow);
  }
}

void entry::echo_transpose(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                               ECHO_TENSOR(permutation)) {
  const char *E = "echo_transpose";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  int64_t perm[kMaxRank];
  readPermutation(E, permutation_rank, permutation_desc, X, Y, perm);
  if (Y.numel == 0)
    return;
  int64_t xs[kMaxRank], ys[kMaxRank], xp[kMaxRank];
  rowMajorStrides(X.rank, X.sizes, xs);
  rowMajorStrides(Y.rank, Y.sizes, ys);
  for (int d = 0; d < X.rank; ++d)
    xp[d] = xs[perm[d]];
  stridedCopy(Y.rank, Y.sizes, X.f32(), xp, Y.f32(), ys);
}

void entry::echo_copy(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y)) {
  const char *E = "echo_copy";
  TensorView X = fview(E, "x", x_rank, x_desc);
  TensorView Y = fview(E, "y", y_rank, y_desc);
  if (X.numel != Y.numel)
    fail(E, "x %s and y %s have different element counts",
         X.shapeStr().c_str(), Y.shapeStr().c_str());
  if (X.numel && X.data != Y.data)
    std::memmove(Y.data, X.data, sizeof(float) * X.numel);
}

void entry::echo_fill(Context &, ECHO_TENSOR(y), double value) {
  TensorView Y = fview("echo_fill", "y", y_rank, y_desc);
  float v = static_cast<float>(value);
  float *y = Y.f32();
  for (int64_t i = 0; i < Y.numel; ++i)
    y[i] = v;
}

void entry::echo_upload(Context &, ECHO_TENSOR(src), ECHO_TENSOR(dst),
                        int64_t element_bytes) {
  const char *E = "echo_upload";
  if (element_bytes != 1 && element_bytes != 2 && element_bytes != 4 &&
      element_bytes != 8)
    fail(E, "element_bytes %lld must be 1, 2, 4 or 8",
         (long long)element_bytes);
  TensorView S = view(E, "src", src_rank, src_desc, element_bytes);
  TensorView D = view(E, "dst", dst_rank, dst_desc, element_bytes);
  expectSameShape(E, S, "src", D, "dst");
  // On the CPU, host and device memory are one.
  if (S.numel)
    std::memcpy(D.data, S.data, (size_t)(S.numel * element_bytes));
}
