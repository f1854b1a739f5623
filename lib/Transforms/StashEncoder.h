//===- StashEncoder.h - Replacing stashes by encoded forms ------*- C++ -*-===//
//
// Private to lib/Transforms: where an encoding of a stashed feature map
// starts (after its last forward use) and ends (a decode right before its
// first backward reader, or a backward op that reads the encoded form), and
// the 1-bit mask encodings shared by gist-encode (Binarize) and echo-remat
// (ReLU and dropout masks, Echo Section V / Gist Section III). Which
// encoding serves a reader is StashEncodingChoice.h's decision.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_TRANSFORMS_STASHENCODER_H
#define ECHO_LIB_TRANSFORMS_STASHENCODER_H

#include "EchoDialect/Analysis/StashEncodingChoice.h"
#include "EchoDialect/IR/EchoOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace echo {

class StashEncoder {
public:
  /// The straight-line step `fn` (one block, optional loss seed).
  explicit StashEncoder(func::FuncOp fn);

  /// Where the encoded form of `v` starts: after its last forward use, or
  /// null for a step argument no forward op reads (the step's entry).
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

  /// Serves the uses of `stash` that `plan` gives a 1-bit encoding from
  /// it (ReLU backward reads it directly; dropout's mask is decoded).
  /// Erases the stash when nothing else reads it; returns whether it still
  /// exists.
  bool encodeMasks(OpBuilder &b, StashOp stash, const GistPlan &plan) const;
  /// encodeMasks on every stash of the step that waits and all of whose
  /// readers `plan` serves from a mask (echo-remat's masks=).
  void encodeMaskOnlyStashes(OpBuilder &b, const GistPlan &plan) const;

private:
  Block *block = nullptr;
  /// The loss seed, where the backward pass starts (null: none).
  Operation *seed = nullptr;
};

} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_TRANSFORMS_STASHENCODER_H
