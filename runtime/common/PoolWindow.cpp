//===- PoolWindow.cpp - Checking a pooling geometry
//-------------------------===//

#include "PoolWindow.h"
#include "RuntimeError.h"

using namespace echo_rt;

PoolGeometry echo_rt::poolGeometry(const char *E, const TensorView &x,
                                   const char *xn, int64_t kh, int64_t kw,
                                   int64_t sh, int64_t sw, int64_t ph,
                                   int64_t pw, int64_t maxPositions) {
  if (kh < 1 || kw < 1)
    fail(E, "kernel must be >= 1, got [%lld, %lld]", (long long)kh,
         (long long)kw);
  if (maxPositions > 0 && kh * kw > maxPositions)
    fail(E,
         "kernel [%lld, %lld] has more than %lld window positions, which "
         "an 8-bit argmax cannot address",
         (long long)kh, (long long)kw, (long long)maxPositions);
  if (sh < 1 || sw < 1)
    fail(E, "stride must be >= 1, got [%lld, %lld]", (long long)sh,
         (long long)sw);
  if (ph < 0 || pw < 0 || ph >= kh || pw >= kw)
    fail(E,
         "padding [%lld, %lld] must be >= 0 and smaller than the kernel "
         "[%lld, %lld]",
         (long long)ph, (long long)pw, (long long)kh, (long long)kw);
  expectRank(E, x, xn, 4);
  PoolGeometry g;
  g.planes = x.size(0) * x.size(1);
  g.h = x.size(2), g.w = x.size(3);
  g.kh = kh, g.kw = kw, g.sh = sh, g.sw = sw, g.ph = ph, g.pw = pw;
  int64_t eh = g.h + 2 * ph - kh, ew = g.w + 2 * pw - kw;
  if (eh < 0 || ew < 0)
    fail(E, "kernel [%lld, %lld] does not fit the padded input %s",
         (long long)kh, (long long)kw, x.shapeStr().c_str());
  if (g.planes > 0 && (g.h == 0 || g.w == 0))
    fail(E, "input %s has an empty spatial extent", x.shapeStr().c_str());
  g.oh = eh / sh + 1;
  g.ow = ew / sw + 1;
  return g;
}

ArgmaxGeometry echo_rt::argmaxGeometry(const char *E, const TensorView &x,
                                       const char *xn, int64_t kh, int64_t kw,
                                       int64_t sh, int64_t sw, int64_t ph,
                                       int64_t pw) {
  ArgmaxGeometry g;
  static_cast<PoolGeometry &>(g) = poolGeometry(
      E, x, xn, kh, kw, sh, sw, ph, pw, echo_codecs::kPoolArgmaxMaxPositions);
  g.positions = kh * kw;
  g.bits = echo_codecs::poolArgmaxBits(g.positions);
  return g;
}
