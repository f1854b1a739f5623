//===- PoolArena.h - One region of a memory pool, growing from its origin --===//
//
// Blocks are placed at offsets counted from the region's origin (its low
// end, or the pool's high end for a region that grows downwards). Free
// space below the highest live block is a set of holes, coalesced on free;
// the top retreats when the highest block is freed, so the extent the
// region occupies is always the end of its highest live block. Pure C++, no
// device: the runtime maps offsets to memory.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_POOLARENA_H
#define ECHO_RUNTIME_COMMON_POOLARENA_H

#include <cstdint>
#include <map>

namespace echo_pool {

/// Which hole a request takes: the smallest that fits (ties: the one nearest
/// the origin), or the one nearest the origin that fits.
enum class Fit { Best, First };

class PoolArena {
public:
  explicit PoolArena(Fit fit) : fit(fit) {}

  /// Offset of a new block of `bytes` (> 0): in a hole when one fits,
  /// otherwise at the top.
  int64_t place(int64_t bytes);
  /// Frees the block placed at `offset`; false when there is none.
  bool release(int64_t offset);

  /// End of the highest live block (0 when empty).
  int64_t top() const { return topOffset; }
  /// Free blocks below the top, offset -> bytes, coalesced.
  const std::map<int64_t, int64_t> &holes() const { return free; }
  /// Live blocks, offset -> bytes.
  const std::map<int64_t, int64_t> &blocks() const { return live; }

private:
  Fit fit;
  int64_t topOffset = 0;
  std::map<int64_t, int64_t> free, live;
};

} // namespace echo_pool

#endif // ECHO_RUNTIME_COMMON_POOLARENA_H
