//===- BufferPlanner.h - Offsets for buffers with known lifetimes -*- C++ -*-===//
//
// The planner core: a pure function from {size, alignment, first use, last
// use} per buffer to byte offsets in one arena. No IR: the buffer-assign
// pass turns a function into requests and the plan back into views, and the
// unit tests call the planner directly.
//
// Two buffers conflict when their lifetimes (inclusive program-point
// intervals) intersect; conflicting buffers must not overlap in memory.
//
//===----------------------------------------------------------------------===//

#ifndef ECHODIALECT_CORE_BUFFERPLANNER_H
#define ECHODIALECT_CORE_BUFFERPLANNER_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace echo {

struct BufferRequest {
  int64_t size = 0;
  int64_t alignment = 1;
  int64_t start = 0; // first program point where the buffer is live
  int64_t end = 0;   // last program point where it is live (inclusive)
};

struct BufferPlan {
  std::vector<int64_t> offsets; // one per request
  /// Rounded up to the largest alignment, as aligned allocators hand it out.
  int64_t arenaBytes = 0;
  std::string strategy; // which ordering produced it
};

/// Order in which greedy best-fit places buffers.
enum class PlacementOrder {
  LargestFirst,  // size, descending (ties: longer lifetime first)
  LongestFirst,  // lifetime length, descending (ties: larger first)
};

/// Greedy best-fit: buffers in `order`; each goes into the smallest gap
/// between already-placed, time-conflicting buffers that fits it, or on top.
BufferPlan planBestFit(llvm::ArrayRef<BufferRequest> requests,
                       PlacementOrder order);

/// Runs every placement order and keeps the smallest arena (ties: the
/// first), as XLA's heap simulator does. When `placedLast` (empty, or one
/// flag per request) flags some requests, each order is also tried with the
/// flagged ones placed after all others: buffers that live to the end (a
/// step's results kept in its arena) then fill the gaps the others leave
/// instead of splitting the arena early, and the plan is never larger than
/// the others' plan with the flagged buffers stacked above it.
BufferPlan planBuffers(llvm::ArrayRef<BufferRequest> requests,
                       llvm::ArrayRef<bool> placedLast = {});

/// Whether `planBuffers(requests, placedLast).arenaBytes <= limit`, found
/// with less work: the search stops at the first plan within `limit`, and a
/// limit below the proven live-bytes bound needs no plan at all.
bool planFitsWithin(llvm::ArrayRef<BufferRequest> requests,
                    llvm::ArrayRef<bool> placedLast, int64_t limit);

/// The physical limit: the largest total size of buffers live at one
/// program point, each rounded up to the smallest alignment among the
/// requests (alignments are powers of two, so no two buffers share such a
/// block). No plan can use fewer bytes.
int64_t liveBytesLowerBound(llvm::ArrayRef<BufferRequest> requests);

/// Checks a plan: alignment, arena bounds and no overlap between
/// conflicting buffers. Returns an empty string when valid, else why not.
std::string verifyPlan(llvm::ArrayRef<BufferRequest> requests,
                       const BufferPlan &plan);

} // namespace echo
} // namespace mlir

#endif // ECHODIALECT_CORE_BUFFERPLANNER_H
