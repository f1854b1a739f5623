//===- SliceLayout.h - Index lists and strided slices -------------*- C++
//-*-===//
//
// The host-side index lists (offsets, strides, permutations) of the data
// movement entries, the layout of a strided slice, and the other checks of
// those entries (copy, transpose, concat), read and checked once for every
// backend.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_SLICELAYOUT_H
#define ECHO_RUNTIME_COMMON_SLICELAYOUT_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {

/// Reads a rank-1 i64 list of `expected` entries (host memory) into `out`.
void readList(const char *entry, const Operand &list, int expected,
              int64_t *out);

/// Reads echo_transpose's permutation of x's dimensions into `perm` and
/// checks that y is x permuted by it.
void readPermutation(const char *entry, const Operand &permutation,
                     const TensorView &x, const TensorView &y, int64_t *perm);

/// echo_transpose: x, y, the permutation checked against both, and the
/// strides of a copy in y's row-major order: x's strides permuted into y's
/// dimensions, and y's own.
struct TransposeArgs {
  TensorView x, y;
  int64_t xStrides[kMaxRank], yStrides[kMaxRank];
};
TransposeArgs transposeArgs(const echo_transpose_args &args);

/// echo_copy: x and y, any shapes of the same element count.
struct CopyArgs {
  TensorView x, y;
};
CopyArgs copyArgs(const echo_copy_args &args);

/// echo_concat_part's part of whole: the same shape but along `axis`,
/// where it starts at `offset`; the rows of the copy between them.
struct ConcatLayout {
  /// Row count, part and whole row lengths (elements), and the offset of
  /// the part's first element in whole.
  int64_t outer, partRow, wholeRow, start;
};
ConcatLayout concatLayout(const char *entry, const TensorView &part,
                          const TensorView &whole, int64_t axis,
                          int64_t offset);

/// echo_slice (part y read out of whole x) and echo_slice_grad (part dy
/// written into whole dx), checked against offsets and strides, and the
/// strided copy between them: the offset in whole of the part's first
/// element, the strides in whole of the part's elements (per dimension of
/// part), and the part's own row-major strides.
struct SliceArgs {
  TensorView whole, part;
  int64_t base;
  int64_t wholeStrides[kMaxRank], partStrides[kMaxRank];
};
SliceArgs sliceArgs(const echo_slice_args &args);
SliceArgs sliceArgs(const echo_slice_grad_args &args);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_SLICELAYOUT_H
