//===- CountingAllocator.cpp - Device memory accounting ------------------===//
//
// Implements echo/allocator.h. Each block carries a 256-byte header with its
// size and category, so frees need no lookup table and the user pointer
// keeps the 256-byte alignment the arena planner assumes. Counted bytes are
// the requested bytes exactly, so the measured peak equals the planned one. Single-threaded by design: a step's allocations
// happen on the thread that runs it.
//
//===----------------------------------------------------------------------===//

#pragma GCC visibility push(default)
#include "echo/allocator.h"
#pragma GCC visibility pop

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr size_t kHeader = 256;
constexpr uint64_t kMagic = 0xec40a110c8ULL;

struct Header {
  uint64_t magic;
  int64_t bytes;
  int64_t category;
};

const char *const kNames[ECHO_MEM_NUM_CATEGORIES] = {
    "weights",   "weight_gradients", "optimizer_state", "inputs",
    "stashed",   "encoded",          "immediate",       "gradient_maps",
    "workspace", "host",             "arena"};

struct State {
  int64_t capacity = 0;
  std::vector<std::string> sites;
  int64_t site = -1;
  int64_t current = 0, peak = 0, allocations = 0;
  int64_t csrOverflows = 0; // echo_mem_csr_overflows() (cpu/Encoding.cpp)
  int64_t currentOf[ECHO_MEM_NUM_CATEGORIES] = {};
  int64_t atPeakOf[ECHO_MEM_NUM_CATEGORIES] = {};
  int64_t maxOf[ECHO_MEM_NUM_CATEGORIES] = {};
};

State &state() {
  static State s;
  return s;
}

[[noreturn]] void outOfMemory(int64_t bytes, const std::string &what) {
  State &s = state();
  std::fflush(stdout);
  std::fprintf(stderr,
               "echo runtime error: out of memory: cannot allocate %lld bytes "
               "for %s: %lld of %lld bytes in use\n",
               (long long)bytes, what.c_str(), (long long)s.current,
               (long long)s.capacity);
  std::fflush(stderr);
  std::exit(4);
}

void *allocate(size_t bytes, int64_t category, const std::string &what) {
  State &s = state();
  int64_t size = (int64_t)bytes;
  if (s.capacity > 0 && s.current + size > s.capacity)
    outOfMemory(size, what);
  // Round the total up to the alignment, as aligned_alloc requires.
  size_t total = (kHeader + bytes + kHeader - 1) / kHeader * kHeader;
  void *raw = std::aligned_alloc(kHeader, total);
  if (!raw)
    outOfMemory(size, what + " (the host allocator failed)");
  auto *header = static_cast<Header *>(raw);
  *header = Header{kMagic, size, category};
  s.current += size;
  s.currentOf[category] += size;
  s.maxOf[category] = std::max(s.maxOf[category], s.currentOf[category]);
  ++s.allocations;
  if (s.current > s.peak) {
    s.peak = s.current;
    std::copy(std::begin(s.currentOf), std::end(s.currentOf), s.atPeakOf);
  }
  return static_cast<char *>(raw) + kHeader;
}

/// The pending site's category and description ("category|description").
std::pair<int64_t, std::string> pendingSite() {
  State &s = state();
  if (s.site < 0 || s.site >= (int64_t)s.sites.size())
    return {ECHO_MEM_WORKSPACE, "an unnamed buffer"};
  const std::string &entry = s.sites[s.site];
  size_t bar = entry.find('|');
  int64_t category = echo_mem_category_of(entry.substr(0, bar).c_str());
  std::string what = bar == std::string::npos ? entry : entry.substr(bar + 1);
  return {category < 0 ? int64_t(ECHO_MEM_WORKSPACE) : category, what};
}

} // namespace

namespace echo_rt {
// Counted here so that echo_mem_configure resets it with the other counters.
void noteCsrOverflow() { ++state().csrOverflows; }
int64_t csrOverflowCount() { return state().csrOverflows; }
} // namespace echo_rt

extern "C" {

const char *echo_mem_category_name(int64_t category) {
  return category >= 0 && category < ECHO_MEM_NUM_CATEGORIES ? kNames[category]
                                                             : nullptr;
}

int64_t echo_mem_category_of(const char *name) {
  for (int64_t i = 0; i < ECHO_MEM_NUM_CATEGORIES; ++i)
    if (std::strcmp(name, kNames[i]) == 0)
      return i;
  return -1;
}

void echo_mem_configure(int64_t capacity, const char *const *sites,
                        int64_t num_sites) {
  State &s = state();
  s = State();
  s.capacity = capacity;
  for (int64_t i = 0; i < num_sites; ++i)
    s.sites.emplace_back(sites[i]);
}

void echo_alloc_site(int64_t site) { state().site = site; }

void *echo_mem_alloc(size_t bytes, int64_t category, const char *what) {
  if (category < 0 || category >= ECHO_MEM_NUM_CATEGORIES)
    category = ECHO_MEM_WORKSPACE;
  return allocate(bytes, category, what ? what : "a host buffer");
}

void echo_mem_free(void *ptr) {
  if (!ptr)
    return;
  auto *header = reinterpret_cast<Header *>(static_cast<char *>(ptr) - kHeader);
  if (header->magic != kMagic) {
    std::fprintf(stderr, "echo runtime error: free of a pointer the echo "
                         "allocator did not allocate\n");
    std::exit(3);
  }
  State &s = state();
  s.current -= header->bytes;
  s.currentOf[header->category] -= header->bytes;
  header->magic = 0;
  std::free(header);
}

int64_t echo_mem_current_bytes(void) { return state().current; }
int64_t echo_mem_peak_bytes(void) { return state().peak; }
int64_t echo_mem_peak_bytes_of(int64_t category) {
  return echo_mem_category_name(category) ? state().atPeakOf[category] : 0;
}
int64_t echo_mem_max_bytes_of(int64_t category) {
  return echo_mem_category_name(category) ? state().maxOf[category] : 0;
}
int64_t echo_mem_num_allocations(void) { return state().allocations; }

void *_mlir_memref_to_llvm_alloc(size_t bytes) {
  auto [category, what] = pendingSite();
  state().site = -1;
  return allocate(bytes, category, what);
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes) {
  if (alignment > kHeader) {
    std::fprintf(stderr, "echo runtime error: alignment %zu above %zu\n",
                 alignment, kHeader);
    std::exit(3);
  }
  return _mlir_memref_to_llvm_alloc(bytes);
}

void _mlir_memref_to_llvm_free(void *ptr) { echo_mem_free(ptr); }

} // extern "C"
