//===- Context.h - The CPU backend's echo_context ----------------*- C++ -*-===//
//
// Everything a step needs besides its buffers: the error state, the
// counting allocator, the sparsity profile, the oneDNN primitives and the
// scratch memory of the kernels that keep it.
// Nothing of the backend is global, so contexts are independent.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_CONTEXT_H
#define ECHO_RUNTIME_CPU_CONTEXT_H

#include "Abi.h"
#include "DynamicPool.h"
#include "MemoryStats.h"
#include "ProfileSites.h"
#include "RuntimeError.h"
#include "StickyError.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

namespace echo_rt {
struct OneDnnState; // OneDnnState.h
} // namespace echo_rt

/// The counting allocator (CountingAllocator.cpp). Each block carries a
/// header with its size and category, and the context keeps the set of its
/// live blocks: it frees what a failed step or a careless host left behind,
/// and refuses to free (or read) an address it did not hand out. Freed blocks
/// are kept for reuse by a later request of the same size (a step repeats
/// its allocations every iteration): returning them to the host would
/// unmap large blocks and fault every page in again on the next step.
struct EchoAllocator : echo_rt::MemoryStats {
  struct Block;
  ~EchoAllocator();
  std::unordered_set<Block *> live;
  /// Where step buffers go with echo_mem_use_pool (not enabled: each its
  /// own block, like every other allocation).
  DynamicPool pool;
  /// Freed blocks by their size with the header; at most `highWater` bytes
  /// (the most the host ever held live at once) are kept.
  std::multimap<size_t, Block *> cache;
  size_t cachedBytes = 0, liveBytes = 0, highWater = 0;

  /// Null when `bytes` would exceed the capacity or the host has no memory;
  /// `error` then says why.
  void *allocate(int64_t bytes, int64_t category, const std::string &what,
                 std::string &error);
  /// A step buffer of allocation site `site` (echo_alloc): in the pool when
  /// it is enabled and has room, otherwise as allocate().
  void *allocateStep(int64_t bytes, int64_t site, std::string &error);
  /// Whether `ptr` is a live block of allocate(); reads no memory, so any
  /// address may be asked (one read from data may be wild).
  bool holds(const void *ptr) const;
  /// False for a pointer this allocator did not hand out.
  bool release(void *ptr);
  /// Frees every live block, keeping the counters.
  void releaseAll();
  /// Returns the cached free blocks to the host.
  void trimCache();
};

namespace echo_rt {
class CopyStream; // CopyStream.h
} // namespace echo_rt

struct echo_context : echo_rt::StickyError {
  EchoAllocator memory;
  echo_rt::ProfileSites profile;
  /// oneDNN's engine and the primitives created so far (OneDnn.cpp).
  std::shared_ptr<echo_rt::OneDnnState> onednn;
  /// The copy stream of echo_offload / echo_prefetch (Offload.cpp), started
  /// by the first offload.
  std::unique_ptr<echo_rt::CopyStream> copyStream;
  /// The fused attention's tiles (Attention.cpp), one buffer per thread,
  /// grown to the largest head dimension seen and kept, like oneDNN's
  /// scratch memory.
  std::vector<std::vector<double>> attentionScratch;

  echo_context();
  ~echo_context();
  echo_rt::CopyStream &copies();
};

namespace echo_rt {
using Context = echo_context;
} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_CONTEXT_H
