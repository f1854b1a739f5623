//===- StashEncoder.h - Replacing stashes by encoded forms ------*- C++ -*-===//
//
// Private to lib/Transforms: where an encoding of a stashed feature map
// starts (after its last forward use) and ends (a decode right before its
// first backward reader, or a backward op that reads the encoded form), and
// the 1-bit mask encodings shared by gist-encode (Binarize) and echo-remat
// (ReLU and dropout masks, Echo Section V / Gist Section III).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_TRANSFORMS_STASHENCODER_H
#define ECHO_LIB_TRANSFORMS_STASHENCODER_H

#include "EchoDialect/EchoOps.h"
#include "EchoDialect/Transforms/PassOptions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace mlir {
namespace echo {

/// The encodings gist-encode will apply after echo-remat (its options), so
/// echo-remat can cost a stash as it will be stored.
struct GistPlan {
  bool masks = true;    // 1-bit ReLU / dropout masks (echo-remat's own)
  bool lossless = false; // + pool argmax and SSDC (gist-encode lossless)
  DprFormat dpr = DprFormat::None;
  double csrDensity = 0.5;
  int64_t dprMinBytes = 4096;
};

class StashEncoder {
public:
  /// Indexes the straight-line step `fn` (one block, optional loss seed).
  explicit StashEncoder(func::FuncOp fn);

  /// Where the encoded form of `v` starts: after its last forward use.
  Operation *lastForwardUse(Value v, StashOp stash) const;
  /// An encoding pays only if the value waits for the backward pass while
  /// forward work goes on: a map whose last forward use is the last forward
  /// op (e.g. the logits) would coexist with its own encoded copy.
  bool waits(Value v, StashOp stash) const;
  /// Encodes `v` after its last forward use and returns the encoded value.
  Value encode(OpBuilder &b, Value v, StashOp stash, EncodingAttr encoding) const;
  /// Replaces the `uses` by one decode of `encoded`, right before the first
  /// of them (decoding once also keeps a CSR overflow block, which its
  /// decode frees, decoded exactly once).
  void decodeFor(OpBuilder &b, ArrayRef<OpOperand *> uses, Value encoded) const;

  /// A backward use that needs only one bit per element: a ReLU backward
  /// reading the ReLU's f32 output, or a dropout backward reading its mask.
  static bool needsOnlyMask(OpOperand &use);
  /// Serves the mask uses of `stash` from a 1-bit encoding (ReLU backward
  /// reads it directly; dropout's mask is decoded). Erases the stash when
  /// nothing else reads it; returns whether it still exists.
  bool encodeMasks(OpBuilder &b, StashOp stash) const;

  /// Bytes `stash` costs between its value's last forward use and the
  /// backward pass when `plan`'s encodings serve its readers: the sum of
  /// the encoded forms, plus the plain size if some reader needs it plain.
  static int64_t encodedBytes(StashOp stash, const GistPlan &plan);
  /// Bytes a recompute region's stashed input costs under `plan`:
  /// gist-encode stores it as SSDC (sparse maps, exact) or reduced
  /// precision when those are on, else plain.
  static int64_t regionInputBytes(Value v, const GistPlan &plan);

private:
  DenseMap<Operation *, int64_t> position;
  int64_t forwardEnd = 0;
};

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_TRANSFORMS_STASHENCODER_H
