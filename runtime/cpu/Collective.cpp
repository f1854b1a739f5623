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
  CollectiveArgs a = collectiveArgs(args.entry, args.x, args.y, args.ranks, 0);
  allReduceHost(args.entry, a.x.f32(), a.y.f32(), a.n, args.ranks,
                args.mean != 0);
}

void entry::echo_shard(Context &, const echo_shard_args &args) {
  CollectiveArgs a =
      collectiveArgs(args.entry, args.x, args.y, args.ranks, 'y');
  shardHost(args.entry, a.x.f32(), a.y.f32(), a.n, args.ranks);
}

void entry::echo_all_gather(Context &, const echo_all_gather_args &args) {
  CollectiveArgs a =
      collectiveArgs(args.entry, args.x, args.y, args.ranks, 'x');
  allGatherHost(args.entry, a.x.f32(), a.y.f32(), a.n, args.ranks);
}

void entry::echo_reduce_scatter(Context &,
                                const echo_reduce_scatter_args &args) {
  CollectiveArgs a =
      collectiveArgs(args.entry, args.x, args.y, args.ranks, 'y');
  reduceScatterHost(args.entry, a.x.f32(), a.y.f32(), a.n, args.ranks,
                    args.mean != 0);
}
