//===- DevicePool.cpp - Placement of a step's buffers in one pool ---------===//

#include "DevicePool.h"

#include <algorithm>

namespace echo_pool {

DevicePool::DevicePool(Policy policy, int64_t mainBytes, int64_t alignment)
    : chosen(policy), mainSize(mainBytes), align(std::max<int64_t>(1, alignment)) {}

int64_t DevicePool::roundUp(int64_t bytes) const {
  bytes = std::max(bytes, align);
  return (bytes + align - 1) / align * align;
}

PoolArena &DevicePool::arenaOf(Region region) {
  return region == Region::Low    ? low
         : region == Region::High ? high
                                  : incremental;
}
const PoolArena &DevicePool::arenaOf(Region region) const {
  return const_cast<DevicePool *>(this)->arenaOf(region);
}

int64_t DevicePool::mainFootprint() const { return low.top() + high.top(); }

std::optional<Block> DevicePool::allocate(int64_t bytes, Mobility mobility) {
  if (bytes < 0)
    return std::nullopt;
  Region region = Region::Low;
  if (chosen == Policy::Gtbm && mobility == Mobility::Temporary)
    region = Region::High;
  if (chosen == Policy::Gtbm && mobility == Mobility::Reclaimed)
    region = Region::Incremental;
  Block block{region, 0, roundUp(bytes)};
  PoolArena &arena = arenaOf(region);
  block.offset = arena.place(block.bytes);
  if (region != Region::Incremental && mainFootprint() > mainSize) {
    arena.release(block.offset); // places back exactly what was there
    return std::nullopt;
  }
  live += block.bytes;
  ++blocks;
  notePeaks();
  return block;
}

bool DevicePool::release(const Block &block) {
  auto found = arenaOf(block.region).blocks().find(block.offset);
  if (found == arenaOf(block.region).blocks().end() ||
      found->second != block.bytes)
    return false;
  arenaOf(block.region).release(block.offset);
  live -= block.bytes;
  --blocks;
  return true;
}

bool DevicePool::resize(int64_t mainBytes) {
  if (blocks != 0 || mainBytes < 0)
    return false;
  mainSize = mainBytes;
  return true;
}

void DevicePool::notePeaks() {
  maxMain = std::max(maxMain, mainFootprint());
  maxIncremental = std::max(maxIncremental, incremental.top());
  maxLive = std::max(maxLive, live);
}

void DevicePool::resetPeaks() {
  maxMain = maxIncremental = maxLive = 0;
  notePeaks();
}

int64_t DevicePool::sizeFromProfile() const {
  int64_t reserve = std::max(align, (maxMain / 16 + align - 1) / align * align);
  return maxMain + reserve;
}

double DevicePool::unusableFree(int64_t bytes) const {
  int64_t total = 0, usable = 0;
  auto count = [&](int64_t size) {
    total += size;
    if (size >= bytes)
      usable += size;
  };
  for (const PoolArena *arena : {&low, &high})
    for (const auto &hole : arena->holes())
      count(hole.second);
  int64_t gap = mainSize - mainFootprint();
  if (gap > 0)
    count(gap);
  if (total == 0)
    return -1;
  return double(total - usable) / double(total);
}

} // namespace echo_pool
