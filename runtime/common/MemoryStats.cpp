//===- MemoryStats.cpp - What every backend counts of device memory -------===//

#include "MemoryStats.h"

#include <algorithm>
#include <iterator>

using namespace echo_rt;

bool MemoryStats::fits(int64_t bytes) const {
  return bytes >= 0 && (capacity == 0 || current + bytes <= capacity);
}

void MemoryStats::count(int64_t bytes, int64_t category) {
  current += bytes;
  currentOf[category] += bytes;
  maxOf[category] = std::max(maxOf[category], currentOf[category]);
  ++allocations;
  if (current > peak) {
    peak = current;
    std::copy(std::begin(currentOf), std::end(currentOf), atPeakOf);
  }
}

void MemoryStats::uncount(int64_t bytes, int64_t category) {
  current -= bytes;
  currentOf[category] -= bytes;
}

void MemoryStats::reset(int64_t newCapacity,
                        std::vector<std::string> newSites) {
  // Blocks stay valid: the host may configure between steps while holding
  // its parameters.
  capacity = newCapacity;
  sites = std::move(newSites);
  peak = current;
  allocations = 0;
  csrOverflows = 0;
  std::copy(std::begin(currentOf), std::end(currentOf), atPeakOf);
  std::copy(std::begin(currentOf), std::end(currentOf), maxOf);
}

AllocSite MemoryStats::site(int64_t index) const {
  if (index >= 0 && index < (int64_t)sites.size())
    return parseAllocSite(sites[index]);
  return AllocSite();
}

std::string MemoryStats::refusal(int64_t bytes, const std::string &what,
                                 const std::string &why) const {
  return "out of memory: cannot allocate " + std::to_string(bytes) +
         " bytes for " + what + ": " + std::to_string(current) + " of " +
         std::to_string(capacity) + " bytes in use" + why;
}

int64_t echo_rt::validCategory(int64_t category) {
  return category >= 0 && category < ECHO_MEM_NUM_CATEGORIES
             ? category
             : int64_t(ECHO_MEM_WORKSPACE);
}
