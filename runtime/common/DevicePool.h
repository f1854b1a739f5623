//===- DevicePool.h - Placement of a step's buffers in one pool --*- C++ -*-===//
//
// The runtime's dynamic pool for steps without a static plan (docs/dymem.md,
// GTBM). Pure C++ with no device and no MLIR: it decides offsets, the
// runtime maps them to memory.
//
// Policies over one contiguous main space of `mainBytes`:
//  - BestFit: every buffer best-fit from the low end (the baseline, as vDNN
//    and SuperNeurons place tensors in Dymem's evaluation);
//  - Gtbm (Dymem's Group Tensors By Mobility): movable buffers best-fit
//    from the low end, temporaries first-fit from the high end, reclaimed
//    ones best-fit in a separate incremental space outside the main space.
//
// Peak with fragmentation: the most main space the placement ever spans
// (low extent + high extent) plus the incremental space's most; Dymem's
// "used" memory, counting free blocks that nothing could use. The main
// space is sized from a first profiled run (mainBytes unbounded while
// profiling) plus a reserve: sizeFromProfile().
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_DEVICEPOOL_H
#define ECHO_RUNTIME_COMMON_DEVICEPOOL_H

#include "PoolArena.h"

#include <cstdint>
#include <optional>

namespace echo_pool {

enum class Policy { BestFit, Gtbm };
/// Dymem's three mobility types (echo/allocator.h lists their names).
enum class Mobility { Movable, Temporary, Reclaimed };
/// Where a block lies: the main space's low or high end, or the incremental
/// space.
enum class Region { Low, High, Incremental };

struct Block {
  Region region;
  int64_t offset; ///< from the start of the main space / incremental space
  int64_t bytes;  ///< rounded up to the alignment
};

class DevicePool {
public:
  /// `mainBytes`: size of the main space (a very large value while
  /// profiling); `alignment` > 0: every block's size and offset.
  DevicePool(Policy policy, int64_t mainBytes, int64_t alignment = 256);

  /// A block for `bytes` (>= 0, 0 taken as one alignment unit), or nullopt
  /// when the main space has no room for it (nothing is changed then).
  std::optional<Block> allocate(int64_t bytes, Mobility mobility);
  /// False for a block this pool did not hand out (or already freed).
  bool release(const Block &block);

  Policy policy() const { return chosen; }
  int64_t mainBytes() const { return mainSize; }
  int64_t alignment() const { return align; }
  /// Changes the main space's size; only while no block is live.
  bool resize(int64_t mainBytes);

  /// Main space spanned now: best-fit's extent, or GTBM's low + high extents.
  int64_t mainFootprint() const;
  int64_t incrementalFootprint() const { return incremental.top(); }
  int64_t liveBytes() const { return live; }
  int64_t liveBlocks() const { return blocks; }

  /// Highest main footprint, incremental footprint and live (aligned) bytes
  /// since construction or the last resetPeaks().
  int64_t peakMain() const { return maxMain; }
  int64_t peakIncremental() const { return maxIncremental; }
  int64_t peakLive() const { return maxLive; }
  /// Peak with fragmentation: peakMain() + peakIncremental().
  int64_t peakWithFragmentation() const { return maxMain + maxIncremental; }
  void resetPeaks();

  /// Main space for the next runs after a profiled one: its peak (Dymem's
  /// init - squeeze_gap) plus a reserve of 1/16 of it, at least one
  /// alignment unit.
  int64_t sizeFromProfile() const;

  /// Dymem's unusable free space U_f for a request of `bytes` in the main
  /// space as it is now: the fraction of its free bytes (holes of each end
  /// plus the gap between the ends) lying in free blocks smaller than the
  /// request. -1 when nothing is free.
  double unusableFree(int64_t bytes) const;

private:
  PoolArena &arenaOf(Region region);
  const PoolArena &arenaOf(Region region) const;
  int64_t roundUp(int64_t bytes) const;
  void notePeaks();

  Policy chosen;
  int64_t mainSize, align;
  PoolArena low{Fit::Best}, high{Fit::First}, incremental{Fit::Best};
  int64_t live = 0, blocks = 0;
  int64_t maxMain = 0, maxIncremental = 0, maxLive = 0;
};

} // namespace echo_pool

#endif // ECHO_RUNTIME_COMMON_DEVICEPOOL_H
