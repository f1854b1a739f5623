//===- ProfileSites.cpp - Sparsity samples per profile site ---------------===//

#include "ProfileSites.h"

#include <algorithm>

using namespace echo_rt;

namespace {
constexpr int64_t kMaxSites = int64_t(1) << 20;
} // namespace

void ProfileSites::checkSite(const char *E, int64_t site) {
  if (site < 0 || site >= kMaxSites)
    fail(E, "site %lld must be in [0, %lld)", (long long)site,
         (long long)kMaxSites);
}

void ProfileSites::record(const char *E, int64_t site, const TensorView &X,
                          int64_t nnz) {
  checkSite(E, site);
  if (site >= size())
    sites.resize(site + 1);
  ProfileSite &s = sites[site];
  if (s.samples && s.elements != X.numel)
    fail(E, "site %lld had %lld elements, now x shape %s", (long long)site,
         (long long)s.elements, X.shapeStr().c_str());
  s.elements = X.numel;
  s.maxNonZeros = s.samples ? std::max(s.maxNonZeros, nnz) : nnz;
  ++s.samples;
}

const ProfileSite *ProfileSites::find(int64_t site) const {
  if (site < 0 || site >= size())
    return nullptr;
  return &sites[site];
}
