//===- NcclLibrary.h - NCCL, loaded at run time ------------------*- C++ -*-===//
//
// The CUDA backend's collectives of several ranks run on NCCL, which the
// backend neither includes nor links: the library is opened with dlopen at
// the first collective that needs it, so the backend builds, links and runs
// single-device steps where NCCL is not installed. The few facts of NCCL's
// C ABI it uses are declared here (stable since NCCL 2.0; ncclAvg since
// 2.10). Host code only: a stream is a void *, as cudaStream_t is a pointer.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CUDA_NCCLLIBRARY_H
#define ECHO_RUNTIME_CUDA_NCCLLIBRARY_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace echo_cuda {
namespace nccl {
/// ncclUniqueId: 128 opaque bytes, passed by value to ncclCommInitRank.
struct UniqueId {
  char internal[128];
};
using Comm = struct Opaque *; // ncclComm_t
using Result = int;           // ncclResult_t, an enum
constexpr Result kSuccess = 0;
constexpr int kFloat32 = 7; // ncclDataType_t
constexpr int kSum = 0;     // ncclRedOp_t
constexpr int kAvg = 4;
/// NCCL_VERSION(2, 10, 0): the first version with ncclAvg.
constexpr int kAvgVersion = 21000;
} // namespace nccl

/// The opened library: its version code and the functions the backend
/// calls.
struct NcclLibrary {
  std::string path;
  int version = 0;
  nccl::Result (*getVersion)(int *) = nullptr;
  nccl::Result (*getUniqueId)(nccl::UniqueId *) = nullptr;
  nccl::Result (*commInitRank)(nccl::Comm *, int, nccl::UniqueId,
                               int) = nullptr;
  nccl::Result (*allReduce)(const void *, void *, size_t, int, int, nccl::Comm,
                            void *stream) = nullptr;
  nccl::Result (*allGather)(const void *, void *, size_t, int, nccl::Comm,
                            void *stream) = nullptr;
  nccl::Result (*reduceScatter)(const void *, void *, size_t, int, int,
                                nccl::Comm, void *stream) = nullptr;
  const char *(*getErrorString)(nccl::Result) = nullptr;
  nccl::Result (*commDestroy)(nccl::Comm) = nullptr;

  bool hasAvg() const { return version >= nccl::kAvgVersion; }
  /// "a.b.c" of the version code.
  std::string versionString() const;
  /// "<what> failed: <NCCL's description>".
  std::string describe(const char *what, nccl::Result result) const;
};

/// Opens ECHO_NCCL_LIBRARY, or else libnccl.so.2, else libnccl.so, and
/// resolves the functions. On failure returns false with `why`: one line
/// naming the library and what is wrong with it. The library stays loaded.
bool openNccl(NcclLibrary &library, std::string &why);

/// The one-line error of a collective of `ranks` that needs NCCL when
/// openNccl failed with `why`.
std::string ncclNeeded(int64_t ranks, const std::string &why);

} // namespace echo_cuda

#endif // ECHO_RUNTIME_CUDA_NCCLLIBRARY_H
