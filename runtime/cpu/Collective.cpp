//===- Collective.cpp - echo_all_reduce (CPU) ------------------------------===//
//
// The collectives of data-parallel steps (echo-data-parallel) on the
// communicator plugin (common/CommPlugin.h); docs/distributed.md.
//
//===----------------------------------------------------------------------===//

#include "AllReduce.h"
#include "Context.h"

using namespace echo_rt;

void entry::echo_all_reduce(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                            int64_t ranks, int64_t mean) {
  const char *E = "echo_all_reduce";
  AllReduceArgs a = allReduceArgs(E, x_rank, x_desc, y_rank, y_desc, ranks);
  allReduceHost(E, a.x.f32(), a.y.f32(), a.y.numel, ranks, mean != 0);
}
