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
#include "ProfileSites.h"
#include "TensorView.h"

#include "echo/codecs.h"

using namespace echo_rt;
namespace cd = echo_codecs;

void entry::echo_profile_density(Context &ctx,
                                 const echo_profile_density_args &args) {
  ProfileSites::checkSite(args.entry, args.site);
  TensorView X = args.x.view();
  const float *p = X.f32();
  int64_t nnz = 0;
  for (int64_t i = 0; i < X.numel; ++i)
    nnz += cd::csrIsNonZero(p[i]);
  ctx.profile.record(args.entry, args.site, X, nnz);
}

extern "C" {
#include "ProfileQueries.inc"
} // extern "C"
