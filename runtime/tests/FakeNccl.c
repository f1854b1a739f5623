/*===- FakeNccl.c - A stand-in for NCCL's library, for the loader's tests -===*
 *
 * Exports the functions the CUDA backend resolves (cuda/NcclLibrary.cpp)
 * with NCCL's C signatures, reporting version 2.10.3; built a second time
 * with FAKE_NCCL_INCOMPLETE, which leaves out ncclReduceScatter. Nothing
 * here communicates: the collectives and ncclCommInitRank fail
 * (ncclInvalidUsage, 5).
 *
 *===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <string.h>

typedef struct {
  char internal[128];
} FakeUniqueId;

int ncclGetVersion(int *version) {
  *version = 21003;
  return 0;
}

const char *ncclGetErrorString(int result) {
  return result == 0 ? "no error" : "fake NCCL: invalid usage";
}

int ncclGetUniqueId(FakeUniqueId *id) {
  memset(id->internal, 7, sizeof id->internal);
  return 0;
}

int ncclCommInitRank(void **comm, int ranks, FakeUniqueId id, int rank) {
  (void)comm, (void)ranks, (void)id, (void)rank;
  return 5;
}

int ncclCommDestroy(void *comm) {
  (void)comm;
  return 0;
}

int ncclAllReduce(const void *x, void *y, size_t n, int type, int op,
                  void *comm, void *stream) {
  (void)x, (void)y, (void)n, (void)type, (void)op, (void)comm, (void)stream;
  return 5;
}

int ncclAllGather(const void *x, void *y, size_t n, int type, void *comm,
                  void *stream) {
  (void)x, (void)y, (void)n, (void)type, (void)comm, (void)stream;
  return 5;
}

#ifndef FAKE_NCCL_INCOMPLETE
int ncclReduceScatter(const void *x, void *y, size_t n, int type, int op,
                      void *comm, void *stream) {
  (void)x, (void)y, (void)n, (void)type, (void)op, (void)comm, (void)stream;
  return 5;
}
#endif
