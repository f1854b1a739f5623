//===- DataMovement.cpp - slice, concat/split, transpose, copy, fill --------===//

#include "OffloadArgs.h"
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

void entry::echo_slice(Context &, const echo_slice_args &args) {
  SliceArgs a = sliceArgs(args);
  if (a.part.numel)
    stridedCopy(a.part.rank, a.part.sizes, a.whole.f32() + a.base,
                a.wholeStrides, a.part.f32(), a.partStrides);
}

void entry::echo_slice_grad(Context &, const echo_slice_grad_args &args) {
  SliceArgs a = sliceArgs(args);
  if (a.whole.numel)
    std::memset(a.whole.f32(), 0, sizeof(float) * a.whole.numel);
  if (a.part.numel)
    stridedCopy(a.part.rank, a.part.sizes, a.part.f32(), a.partStrides,
                a.whole.f32() + a.base, a.wholeStrides);
}

void entry::echo_concat_part(Context &, const echo_concat_part_args &args) {
  TensorView P = args.part.view();
  TensorView W = args.whole.view();
  ConcatLayout l = concatLayout(args.entry, P, W, args.axis, args.offset);
  int64_t outer = l.outer, pRow = l.partRow, wRow = l.wholeRow;
  for (int64_t o = 0; o < outer; ++o) {
    float *p = P.f32() + o * pRow;
    float *w = W.f32() + o * wRow + l.start;
    if (pRow == 0)
      continue;
    if (args.to_part)
      std::memcpy(p, w, sizeof(float) * pRow);
    else
      std::memcpy(w, p, sizeof(float) * pRow);
  }
}

void entry::echo_transpose(Context &, const echo_transpose_args &args) {
  TransposeArgs a = transposeArgs(args);
  if (a.y.numel)
    stridedCopy(a.y.rank, a.y.sizes, a.x.f32(), a.xStrides, a.y.f32(),
                a.yStrides);
}

void entry::echo_copy(Context &, const echo_copy_args &args) {
  CopyArgs a = copyArgs(args);
  if (a.x.numel && a.x.data != a.y.data)
    std::memmove(a.y.data, a.x.data, sizeof(float) * a.x.numel);
}

void entry::echo_fill(Context &, const echo_fill_args &args) {
  TensorView Y = args.y.view();
  float v = static_cast<float>(args.value);
  float *y = Y.f32();
  for (int64_t i = 0; i < Y.numel; ++i)
    y[i] = v;
}

void entry::echo_upload(Context &, const echo_upload_args &args) {
  UploadArgs a = uploadArgs(args);
  // On the CPU, host and device memory are one.
  if (a.src.numel)
    std::memcpy(a.dst.data, a.src.data,
                (size_t)(a.src.numel * args.element_bytes));
}
