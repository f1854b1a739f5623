//===- PoolArena.cpp - One region of a memory pool ------------------------===//

#include "PoolArena.h"

#include <iterator>

namespace echo_pool {

int64_t PoolArena::place(int64_t bytes) {
  auto chosen = free.end();
  for (auto it = free.begin(); it != free.end(); ++it) {
    if (it->second < bytes)
      continue;
    if (fit == Fit::First) {
      chosen = it;
      break;
    }
    if (chosen == free.end() || it->second < chosen->second)
      chosen = it;
  }
  int64_t offset;
  if (chosen == free.end()) {
    offset = topOffset;
    topOffset += bytes;
  } else {
    offset = chosen->first;
    int64_t rest = chosen->second - bytes;
    free.erase(chosen);
    if (rest > 0)
      free.emplace(offset + bytes, rest);
  }
  live.emplace(offset, bytes);
  return offset;
}

bool PoolArena::release(int64_t offset) {
  auto block = live.find(offset);
  if (block == live.end())
    return false;
  int64_t begin = offset, end = offset + block->second;
  live.erase(block);
  // Coalesce with the holes on either side.
  auto next = free.lower_bound(begin);
  if (next != free.end() && next->first == end) {
    end += next->second;
    next = free.erase(next);
  }
  if (next != free.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == begin) {
      begin = prev->first;
      free.erase(prev);
    }
  }
  if (end == topOffset)
    topOffset = begin; // the hole below was merged: a live block ends here
  else
    free.emplace(begin, end - begin);
  return true;
}

} // namespace echo_pool
