//===- Cast.cu - Element type conversion (echo.cast, CUDA) -----------------===//
//
// echo_cast_<from>_<to> on the device, one thread per element. The
// conversions are echo/codecs.h's, the functions the CPU backend calls, not
// cuda_fp16.h's intrinsics: those round the same way but give NaN another
// payload (0x7fff), and both backends must store the same bits. 16-bit
// elements are read and written as their uint16_t patterns.
//
//===----------------------------------------------------------------------===//

#include "Launch.h"

#include "echo/codecs.h"

#include <cstdint>

using namespace echo_cuda;
namespace cd = echo_codecs;

namespace {

struct F32Elt {
  using Storage = float;
  static __device__ float toF32(float v) { return v; }
  static __device__ float fromF32(float v) { return v; }
};
struct F16Elt {
  using Storage = uint16_t;
  static __device__ float toF32(uint16_t v) { return cd::decodeFp16(v); }
  static __device__ uint16_t fromF32(float v) { return cd::encodeFp16(v); }
};
struct Bf16Elt {
  using Storage = uint16_t;
  static __device__ float toF32(uint16_t v) { return cd::decodeBf16(v); }
  static __device__ uint16_t fromF32(float v) { return cd::encodeBf16(v); }
};

template <typename From, typename To>
void castEntry(Context &ctx, const char *entry, int64_t x_rank, void *x_desc,
               int64_t y_rank, void *y_desc) {
  TensorView X =
      view(entry, "x", x_rank, x_desc, sizeof(typename From::Storage));
  TensorView Y = view(entry, "y", y_rank, y_desc, sizeof(typename To::Storage));
  expectSameShape(entry, X, "x", Y, "y");
  const auto *x = static_cast<const typename From::Storage *>(X.data);
  auto *y = static_cast<typename To::Storage *>(Y.data);
  forEach(ctx, entry, X.numel, [=] __device__(int64_t i) {
    y[i] = To::fromF32(From::toF32(x[i]));
  });
}

} // namespace

#define ECHO_CUDA_CAST(FROM, TO, FROM_ELT, TO_ELT)                             \
  void entry::echo_cast_##FROM##_##TO(Context &ctx, ECHO_TENSOR(x),            \
                                      ECHO_TENSOR(y)) {                        \
    castEntry<FROM_ELT, TO_ELT>(ctx, "echo_cast_" #FROM "_" #TO, x_rank,       \
                                x_desc, y_rank, y_desc);                       \
  }
ECHO_CUDA_CAST(f32, f16, F32Elt, F16Elt)
ECHO_CUDA_CAST(f32, bf16, F32Elt, Bf16Elt)
ECHO_CUDA_CAST(f16, f32, F16Elt, F32Elt)
ECHO_CUDA_CAST(bf16, f32, Bf16Elt, F32Elt)
ECHO_CUDA_CAST(f16, bf16, F16Elt, Bf16Elt)
ECHO_CUDA_CAST(bf16, f16, Bf16Elt, F16Elt)
#undef ECHO_CUDA_CAST
