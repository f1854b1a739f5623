//===- AllReduce.h - echo_all_reduce's checks and host reduction -*- C++ -*-===//
//
// Shared by the backends: the argument checks, and the deterministic sum of
// host buffers across ranks (gathered in chunks, added in rank order, so
// every rank gets the same bits whatever the communicator's algorithm).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_ALLREDUCE_H
#define ECHO_RUNTIME_COMMON_ALLREDUCE_H

#include "TensorView.h"
#include "echo/abi_macros.h"

#include <cstdint>

namespace echo_rt {

struct AllReduceArgs {
  TensorView x, y;
};
AllReduceArgs allReduceArgs(const char *entry, ECHO_TENSOR(x), ECHO_TENSOR(y),
                            int64_t ranks);

/// y[i] = sum over ranks r, in order, of rank r's x[i] (divided by the
/// number of ranks when `mean`), on host memory; y may be x. `ranks` must
/// equal the communicator's size; with 1 no communicator is opened.
void allReduceHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks, bool mean);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_ALLREDUCE_H
