//===- RematPartition.h - Echo's subgraphs and their paths ------*- C++ -*-===//
//
// Echo's Algorithm 1 (Section IV): the forward pass split into subgraphs of
// light, recomputable ops, blocked by compute-heavy ops, and each
// subgraph's recomputation path trimmed forward with the reuse-aware
// estimate (RematStashEstimate.h). Reads the IR, rewrites nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_ANALYSIS_REMATPARTITION_H
#define ECHODIALECT_ANALYSIS_REMATPARTITION_H

#include "EchoDialect/Analysis/RematStashEstimate.h"

#include <string>
#include <vector>

namespace mlir {
namespace echo {

class RematPartition {
public:
  /// `heavyOps`: op names treated as compute-heavy in addition to those
  /// CostOpInterface marks (echo-remat's heavy-ops=).
  explicit RematPartition(ArrayRef<std::string> heavyOps)
      : heavyOps(heavyOps.begin(), heavyOps.end()) {}

  bool isHeavy(Operation *op) const;
  /// An echo op, or any op with CostOpInterface, that is region-free,
  /// side-effect-free, has ranked tensor results and is not a stash,
  /// encoding or offload op: what a recompute region may clone.
  static bool isClonable(Operation *op);
  /// Clonable and not heavy.
  bool isRecomputable(Operation *op) const;

  /// The subgraphs, each in program order, in the order Algorithm 1 finds
  /// them: backward from the forward producers of the returned values, a
  /// subgraph growing through recomputable producers and the next one
  /// starting behind the heavy ops that block it. Disjoint.
  std::vector<SmallVector<Operation *>> subgraphs(const RematStep &step) const;

  /// `subgraphs` (as subgraphs() gives them), each with the heavy forward
  /// ops whose results it reads added, in program order: clonable ops with
  /// one result, each added to the first subgraph that reads it. What
  /// policy=optimal decides with recompute-heavy.
  std::vector<SmallVector<Operation *>>
  withHeavyProducers(const RematStep &step,
                     ArrayRef<SmallVector<Operation *>> subgraphs) const;

private:
  std::vector<std::string> heavyOps;
};

/// Echo's forward trimming: the ops of `subgraph` (program order) that stay
/// on its recomputation path, in program order. An op leaves the path when
/// the storage its removal releases is at least what it forces to keep.
SmallVector<Operation *> trimPath(const RematStashEstimate &estimate,
                                  ArrayRef<Operation *> subgraph);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_ANALYSIS_REMATPARTITION_H
