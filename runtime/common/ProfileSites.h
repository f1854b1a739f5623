//===- ProfileSites.h - Sparsity samples per profile site ---------*- C++ -*-===//
//
// echo_profile_density (runtime.h, "Profiling") records, per site the
// compiler numbered, the largest number of non-zeros a stashed map had.
// Each backend counts the non-zeros (with the CSR encoder's test); checking
// the site and keeping the samples is the same on all of them, as are the
// extern "C" queries (ProfileQueries.inc).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_PROFILESITES_H
#define ECHO_RUNTIME_COMMON_PROFILESITES_H

#include "TensorView.h"

#include <cstdint>
#include <vector>

namespace echo_rt {

struct ProfileSite {
  int64_t samples = 0;
  int64_t maxNonZeros = 0;
  int64_t elements = 0;
};

class ProfileSites {
public:
  /// Fails unless `site` is a plausible id: sites are dense small integers,
  /// and the bound catches a corrupted one before it becomes a huge
  /// allocation.
  static void checkSite(const char *entry, int64_t site);
  /// Adds a sample of `x` with `nonZeros` non-zeros at a checked site.
  void record(const char *entry, int64_t site, const TensorView &x,
              int64_t nonZeros);
  /// Null for a site never sampled.
  const ProfileSite *find(int64_t site) const;
  int64_t size() const { return int64_t(sites.size()); }
  void clear() { sites.clear(); }

private:
  std::vector<ProfileSite> sites;
};

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_PROFILESITES_H
