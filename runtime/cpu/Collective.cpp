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

void entry::echo_all_reduce(Context &, const echo_all_reduce_args &args) {
  const char *E = "echo_all_reduce";
  CollectiveArgs a = collectiveArgs(E, args.x, args.y, args.ranks, 0);
  allReduceHost(E, a.x.f32(), a.y.f32(), a.n, args.ranks, args.mean != 0);
}

void entry::echo_shard(Context &, const echo_shard_args &args) {
  const char *E = "echo_shard";
  CollectiveArgs a = collectiveArgs(E, args.x, args.y, args.ranks, 'y');
  shardHost(E, a.x.f32(), a.y.f32(), a.n, args.ranks);
}

void entry::echo_all_gather(Context &, const echo_all_gather_args &args) {
  const char *E = "echo_all_gather";
  CollectiveArgs a = collectiveArgs(E, args.x, args.y, args.ranks, 'x');
  allGatherHost(E, a.x.f32(), a.y.f32(), a.n, args.ranks);
}

void entry::echo_reduce_scatter(Context &,
                                const echo_reduce_scatter_args &args) {
  const char *E = "echo_reduce_scatter";
  CollectiveArgs a = collectiveArgs(E, args.x, args.y, args.ranks, 'y');
  reduceScatterHost(E, a.x.f32(), a.y.f32(), a.n, args.ranks, args.mean != 0);
}
