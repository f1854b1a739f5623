//===- Collective.cpp - Data-parallel collectives (CPU) --------------------===//
//
// echo_all_reduce, echo_shard, echo_all_gather and echo_reduce_scatter of
// data-parallel steps (echo-data-parallel) on the communicator plugin:
// common/Collectives.h; docs/distributed.md.
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"
#include "Context.h"

using namespace echo_rt;

void entry::echo_all_reduce(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                            int64_t ranks, int64_t mean) {
  const char *E = "echo_all_reduce";
  CollectiveArgs a = collectiveArgs(E, x_rank, x_desc, y_rank, y_desc, ranks, 0);
  allReduceHost(E, a.x.f32(), a.y.f32(), a.n, ranks, mean != 0);
}

void entry::echo_shard(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                       int64_t ranks) {
  const char *E = "echo_shard";
  CollectiveArgs a = collectiveArgs(E, x_rank, x_desc, y_rank, y_desc, ranks, 'y');
  shardHost(E, a.x.f32(), a.y.f32(), a.n, ranks);
}

void entry::echo_all_gather(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                            int64_t ranks) {
  const char *E = "echo_all_gather";
  CollectiveArgs a = collectiveArgs(E, x_rank, x_desc, y_rank, y_desc, ranks, 'x');
  allGatherHost(E, a.x.f32(), a.y.f32(), a.n, ranks);
}

void entry::echo_reduce_scatter(Context &, ECHO_TENSOR(x), ECHO_TENSOR(y),
                                int64_t ranks, int64_t mean) {
  const char *E = "echo_reduce_scatter";
  CollectiveArgs a = collectiveArgs(E, x_rank, x_desc, y_rank, y_desc, ranks, 'y');
  reduceScatterHost(E, a.x.f32(), a.y.f32(), a.n, ranks, mean != 0);
}
