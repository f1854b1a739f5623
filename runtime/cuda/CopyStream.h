//===- CopyStream.h - The CUDA backend's copy stream and host pool -*- C++ -*-===//
//
// What a context keeps for echo_offload / echo_prefetch (Offload.cpp): the
// copy stream, one pinned host slot per offload with the event of its last
// copy, and the copies whose device bytes the compute stream has not yet
// been made to wait for.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_COPYSTREAM_H
#define ECHO_RUNTIME_CUDA_COPYSTREAM_H

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <vector>

struct EchoCudaCopies {
  struct Slot {
    void *host = nullptr; // pinned
    size_t capacity = 0, bytes = 0;
    bool filled = false;
    cudaEvent_t done = nullptr; // recorded by the slot's last copy
  };
  struct Pending {
    const char *begin, *end; // device bytes
    int64_t slot;
  };
  cudaStream_t stream = nullptr;
  cudaEvent_t computeMark = nullptr;
  std::vector<Slot> slots;
  std::vector<Pending> pending;
};

#endif // ECHO_RUNTIME_CUDA_COPYSTREAM_H
