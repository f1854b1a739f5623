//===- Buffer.h - A device buffer, its descriptor and a host copy -------===//

#ifndef ECHO_STEPDRIVER_BUFFER_H
#define ECHO_STEPDRIVER_BUFFER_H

#include "StepSignature.h"

#include <cstdint>
#include <string>
#include <vector>

namespace echo_run {

/// A buffer in the backend's device memory, its memref descriptor
/// (allocated, aligned, offset, sizes..., strides...) laid out as the packed
/// calling convention expects, and a host copy that the host reads and
/// writes (runtime.h: the host never touches device memory directly).
struct Buffer {
  TensorSpec spec;
  void *data = nullptr; // device memory
  std::vector<int64_t> descriptor;
  std::vector<char> host;
  /// Device memory of another buffer (a result in the step's arena): not
  /// freed on its own.
  bool view = false;

  void bind(void *ptr) {
    data = ptr;
    descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(ptr);
  }
  float *hostFloats() { return reinterpret_cast<float *>(host.data()); }
};

/// The descriptor of `spec` (identity layout), unbound; the host copy is
/// sized once the device buffer exists.
inline Buffer describeBuffer(const TensorSpec &spec) {
  Buffer b;
  b.spec = spec;
  size_t rank = spec.shape.size();
  b.descriptor.assign(3 + 2 * rank, 0);
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    b.descriptor[3 + i] = spec.shape[i];
    b.descriptor[3 + rank + i] = stride;
    stride *= spec.shape[i];
  }
  return b;
}

} // namespace echo_run

#endif // ECHO_STEPDRIVER_BUFFER_H
