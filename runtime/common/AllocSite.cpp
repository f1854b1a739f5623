//===- AllocSite.cpp - One entry of the allocation-site table ------------===//

#include "AllocSite.h"

#include "echo/runtime.h"

namespace echo_rt {

namespace {
#define ECHO_NAME(id, name) name,
const char *const kMobilityNames[] = {ECHO_MOBILITIES(ECHO_NAME)};
const char *const kPolicyNames[] = {ECHO_POOL_POLICIES(ECHO_NAME)};
#undef ECHO_NAME
} // namespace

const char *mobilityName(int64_t mobility) {
  return mobility >= 0 && mobility < ECHO_MOBILITY_COUNT
             ? kMobilityNames[mobility]
             : nullptr;
}

int64_t mobilityOf(const std::string &name) {
  for (int64_t i = 0; i < ECHO_MOBILITY_COUNT; ++i)
    if (name == kMobilityNames[i])
      return i;
  return -1;
}

const char *poolPolicyName(int64_t policy) {
  return policy >= 0 && policy < ECHO_POOL_COUNT ? kPolicyNames[policy]
                                                 : nullptr;
}

int64_t poolPolicyOf(const std::string &name) {
  for (int64_t i = 0; i < ECHO_POOL_COUNT; ++i)
    if (name == kPolicyNames[i])
      return i;
  return -1;
}

AllocSite parseAllocSite(const std::string &entry) {
  AllocSite site;
  size_t bar = entry.find('|');
  int64_t category = echo_mem_category_of(entry.substr(0, bar).c_str());
  if (category >= 0)
    site.category = category;
  if (bar == std::string::npos) {
    site.what = entry;
    return site;
  }
  std::string rest = entry.substr(bar + 1);
  size_t second = rest.find('|');
  if (second != std::string::npos) {
    int64_t mobility = mobilityOf(rest.substr(0, second));
    if (mobility >= 0) {
      site.mobility = mobility;
      rest = rest.substr(second + 1);
    }
  }
  site.what = rest;
  return site;
}

} // namespace echo_rt
