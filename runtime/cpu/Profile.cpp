//===- Profile.cpp - Sparsity profile of stashed feature maps -------------===//
//
// echo_profile_density (runtime.h, "Profiling"): echo-run --profile-sparsity
// measures, per profile site, the largest non-zero fraction a stashed map
// had, so gist-encode can size each SSDC capacity from a measurement. The
// non-zero test is the CSR encoder's own, so a measured density is exactly
// the capacity that map needed.
//
//===----------------------------------------------------------------------===//

#include "Context.h"
#include "TensorView.h"

#include "echo/codecs.h"

#include <algorithm>
#include <vector>

using namespace echo_rt;
namespace cd = echo_codecs;

namespace {
// Sites are dense small integers assigned by the compiler; the bound only
// catches a corrupted id before it becomes a huge allocation.
constexpr int64_t kMaxSites = int64_t(1) << 20;

const EchoProfileSite *find(const echo_context *ctx, int64_t site) {
  if (!ctx || site < 0 || site >= (int64_t)ctx->profile.size())
    return nullptr;
  return &ctx->profile[site];
}
} // namespace

void entry::echo_profile_density(Context &ctx, int64_t site, ECHO_TENSOR(x)) {
  const char *E = "echo_profile_density";
  if (site < 0 || site >= kMaxSites)
    fail(E, "site %lld must be in [0, %lld)", (long long)site,
         (long long)kMaxSites);
  TensorView X = fview(E, "x", x_rank, x_desc);
  const float *p = X.f32();
  int64_t nnz = 0;
  for (int64_t i = 0; i < X.numel; ++i)
    nnz += cd::csrIsNonZero(p[i]);
  std::vector<EchoProfileSite> &all = ctx.profile;
  if (site >= (int64_t)all.size())
    all.resize(site + 1);
  EchoProfileSite &s = all[site];
  if (s.samples && s.elements != X.numel)
    fail(E, "site %lld had %lld elements, now x shape %s", (long long)site,
         (long long)s.elements, X.shapeStr().c_str());
  s.elements = X.numel;
  s.maxNonZeros = s.samples ? std::max(s.maxNonZeros, nnz) : nnz;
  ++s.samples;
}

extern "C" {

void echo_profile_reset(echo_context *ctx) {
  if (ctx)
    ctx->profile.clear();
}

int64_t echo_profile_num_sites(const echo_context *ctx) {
  return ctx ? (int64_t)ctx->profile.size() : 0;
}

int64_t echo_profile_samples(const echo_context *ctx, int64_t site) {
  const EchoProfileSite *s = find(ctx, site);
  return s ? s->samples : 0;
}

int64_t echo_profile_max_nonzeros(const echo_context *ctx, int64_t site) {
  const EchoProfileSite *s = find(ctx, site);
  return s ? s->maxNonZeros : 0;
}

int64_t echo_profile_elements(const echo_context *ctx, int64_t site) {
  const EchoProfileSite *s = find(ctx, site);
  return s ? s->elements : 0;
}

} // extern "C"
