//===- Cast.cu - Element type conversion (echo.cast, CUDA) -----------------===//
//
// echo_cast_<from>_<to> on the device, one thread per element. The
// conversions are echo/codecs.h's, the functions the CPU backend calls, not
// cuda_fp16.h's intrinsics: those round the same way but give NaN another
// payload (0x7fff), and both backends must store the same bits. 16-bit
// elements are read and written as their uint16_t patterns.
//
//===----------------------------------------------------------------------===//

#include "CastArgs.h"
#include "Launch.h"

#include <cstdint>

using namespace echo_cuda;
using namespace echo_rt::cast_args;

namespace {

template <typename From, typename To, typename Args>
void castEntry(Context &ctx, const Args &args) {
  CastArgs a = castArgs(args);
  const auto *x = static_cast<const typename From::Storage *>(a.x.data);
  auto *y = static_cast<typename To::Storage *>(a.y.data);
  forEach(ctx, args.entry, a.x.numel,
          [=] __device__(int64_t i) { y[i] = To::fromF32(From::toF32(x[i])); });
}

} // namespace

#define ECHO_CUDA_CAST(FROM, TO, FROM_ELT, TO_ELT)                             \
  void entry::echo_cast_##FROM##_##TO(                                         \
      Context &ctx, const echo_cast_##FROM##_##TO##_args &args) {              \
    castEntry<FROM_ELT, TO_ELT>(ctx, args);                                    \
  }
ECHO_CASTS(ECHO_CUDA_CAST)
#undef ECHO_CUDA_CAST
