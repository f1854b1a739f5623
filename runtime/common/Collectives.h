//===- Collectives.h - Data-parallel collectives on host memory -*- C++ -*-===//
//
// Shared by the backends: the argument checks of echo_all_reduce,
// echo_shard, echo_all_gather and echo_reduce_scatter, and their work on
// host buffers through the communicator plugin (CommPlugin.h). Sums are
// taken in rank order along a chain of the ranks (rank r adds its tensor to
// the partial sum of ranks 0..r-1 and passes it on, pipelined in chunks),
// and the last rank's result is passed to the others, so every rank gets
// the same bits and a run is reproducible for a given rank count. With one
// rank no communicator is opened.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_COLLECTIVES_H
#define ECHO_RUNTIME_COMMON_COLLECTIVES_H

#include "EntryArgs.h"
#include "TensorView.h"

#include <cstdint>

namespace echo_rt {

/// x and y of a collective. `sharded` names which of them is one rank's
/// part: 'x' (all_gather), 'y' (shard, reduce_scatter) or 0 (all_reduce:
/// the same shape).
struct CollectiveArgs {
  TensorView x, y;
  int64_t n;    // elements of the whole tensor
  int64_t part; // elements of one rank's part: ceil(n / ranks)
};
CollectiveArgs collectiveArgs(const char *entry, const Operand &x,
                              const Operand &y, int64_t ranks, char sharded);

/// The rank of this process among `ranks` (0 when ranks == 1).
int64_t collectiveRank(const char *entry, int64_t ranks);

enum class CollectiveKind : int64_t { AllReduce, AllGather, ReduceScatter };
/// Checks, through the communicator, that every rank is at this same
/// collective (the process's count of them, its kind, its elements), so
/// that ranks running different steps fail instead of waiting or mixing
/// data; the host collectives below do it themselves. Nothing at one rank.
void joinCollective(const char *entry, int64_t ranks, CollectiveKind kind,
                    int64_t n);
/// recv[r bytes, (r + 1) bytes) = rank r's send[0, bytes), for every rank
/// r (host data of a backend's own, e.g. NCCL's unique id).
void allGatherBytes(const char *entry, int64_t ranks, const void *send,
                    void *recv, int64_t bytes);

/// y[i] = ((x_0[i] + x_1[i]) + ...) + x_{N-1}[i] of the ranks' x (divided
/// by N when mean); y may be x. Each rank sends about two tensors: its
/// partial sum down the chain, the result around the ring.
void allReduceHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks, bool mean);
/// y[0, part) = x[r part, (r + 1) part) of this rank r, zeros past n.
void shardHost(const char *entry, const float *x, float *y, int64_t n,
               int64_t ranks);
/// y[0, n) = the ranks' x[0, part) in rank order.
void allGatherHost(const char *entry, const float *x, float *y, int64_t n,
                   int64_t ranks);
/// y[0, part) = this rank's part of allReduceHost(x) (the same bits, zeros
/// past n): each rank sends one tensor down the chain, the last rank the
/// other ranks' parts to them.
void reduceScatterHost(const char *entry, const float *x, float *y,
                       int64_t n, int64_t ranks, bool mean);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_COLLECTIVES_H
