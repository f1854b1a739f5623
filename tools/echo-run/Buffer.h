//===- Buffer.h - A host buffer and its memref descriptor ---------------===//

#ifndef ECHO_RUN_BUFFER_H
#define ECHO_RUN_BUFFER_H

#include "EntrySignature.h"
#include "echo/allocator.h"

#include <algorithm>

#include <string>
#include <vector>

namespace echo_run {

/// A buffer plus its memref descriptor (allocated, aligned, offset, sizes,
/// strides), laid out as the packed calling convention expects.
struct Buffer {
  TensorSpec spec;
  void *data = nullptr;
  std::vector<int64_t> descriptor; // [alloc, aligned, offset, sizes..., strides...]

  void bind(void *ptr) {
    data = ptr;
    descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(ptr);
  }
};

/// Allocates through the runtime's counting allocator, identity layout.
inline Buffer makeBuffer(const TensorSpec &spec, int64_t category,
                         const std::string &what) {
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
  b.bind(echo_mem_alloc(spec.bytes(), category,
                        what.c_str()));
  return b;
}

} // namespace echo_run

#endif // ECHO_RUN_BUFFER_H
