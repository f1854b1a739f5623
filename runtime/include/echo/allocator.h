/*===- allocator.h - Memory categories of the runtime's allocator --------===*
 *
 * Every buffer a compiled step allocates goes through its context's
 * allocator (echo_alloc in runtime.h), named by an allocation site from the
 * table the compiler emitted (module attribute echo.alloc_sites, entries
 * "category|description"). The allocator counts current and peak bytes, in
 * total and by these categories, and enforces an optional capacity: an
 * allocation that would exceed it fails with ECHO_ERR_OUT_OF_MEMORY naming
 * its site (a device has no swap to fall back to).
 *
 *===--------------------------------------------------------------------===*/

#ifndef ECHO_ALLOCATOR_H
#define ECHO_ALLOCATOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Categories, in report order; the names match the memory report's
 * (docs/memory.md). `arena` is the one allocation of a planned step, which
 * holds buffers of several categories. */
enum EchoMemoryCategory {
  ECHO_MEM_WEIGHTS = 0,
  ECHO_MEM_WEIGHT_GRADIENTS = 1,
  ECHO_MEM_OPTIMIZER_STATE = 2,
  ECHO_MEM_INPUTS = 3,
  ECHO_MEM_STASHED = 4,
  ECHO_MEM_ENCODED = 5,
  ECHO_MEM_IMMEDIATE = 6,
  ECHO_MEM_GRADIENT_MAPS = 7,
  ECHO_MEM_WORKSPACE = 8,
  ECHO_MEM_HOST = 9,
  ECHO_MEM_ARENA = 10,
  ECHO_MEM_NUM_CATEGORIES = 11
};

/* Mobility of a buffer (Dymem's GTBM, docs/dymem.md), chosen by the
 * compiler (echo-annotate-alloc-sites) and read by the runtime's dynamic
 * pool: the optional middle field of a site, "category|mobility|description".
 * X(enumerator, name) in value order. */
#define ECHO_MOBILITIES(X)                                                     \
  X(ECHO_MOBILITY_MOVABLE, "movable")     /* one reader, the next op */       \
  X(ECHO_MOBILITY_TEMPORARY, "temporary") /* fan-out, or waits for a join */ \
  X(ECHO_MOBILITY_RECLAIMED, "reclaimed") /* FC, softmax, dropout layers */
#define ECHO_MOBILITY_ENUMERATOR(id, name) id,
enum EchoMobility { ECHO_MOBILITIES(ECHO_MOBILITY_ENUMERATOR) ECHO_MOBILITY_COUNT };
#undef ECHO_MOBILITY_ENUMERATOR

/* Placement of the step's buffers when the step has no static plan
 * (echo_mem_use_pool): each its own block (none), one pool with best-fit
 * placement, or GTBM. X(enumerator, name) in value order. */
#define ECHO_POOL_POLICIES(X)                                                  \
  X(ECHO_POOL_NONE, "none")                                                    \
  X(ECHO_POOL_BEST_FIT, "best-fit")                                            \
  X(ECHO_POOL_GTBM, "gtbm")
#define ECHO_POOL_ENUMERATOR(id, name) id,
enum EchoPoolPolicy { ECHO_POOL_POLICIES(ECHO_POOL_ENUMERATOR) ECHO_POOL_COUNT };
#undef ECHO_POOL_ENUMERATOR

#ifdef __cplusplus
}
#endif

#endif /* ECHO_ALLOCATOR_H */
