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

/* Categories, in report order: X(enumerator, Name, "name"). The names are
 * the memory report's (docs/memory.md); the compiler's constants
 * (EchoDialect/IR/MemoryCategories.h, kCategory<Name>) and both
 * backends' echo_mem_category_name are generated from this one list.
 * `arena` is the one allocation of a planned step, which holds buffers of
 * several categories (echo-buffer-assign places every temporary in it). */
#define ECHO_MEM_CATEGORIES(X)                                                 \
  X(ECHO_MEM_WEIGHTS, Weights, "weights")                                      \
  X(ECHO_MEM_WEIGHT_GRADIENTS, WeightGradients, "weight_gradients")            \
  X(ECHO_MEM_OPTIMIZER_STATE, OptimizerState, "optimizer_state")               \
  X(ECHO_MEM_INPUTS, Inputs, "inputs")                                         \
  X(ECHO_MEM_STASHED, Stashed, "stashed")                                      \
  X(ECHO_MEM_ENCODED, Encoded, "encoded")                                      \
  X(ECHO_MEM_IMMEDIATE, Immediate, "immediate")                                \
  X(ECHO_MEM_GRADIENT_MAPS, GradientMaps, "gradient_maps")                     \
  X(ECHO_MEM_WORKSPACE, Workspace, "workspace")                                \
  X(ECHO_MEM_HOST, Host, "host")                                               \
  X(ECHO_MEM_ARENA, Arena, "arena")                                            \
  X(ECHO_MEM_WEIGHT_COPIES, WeightCopies, "weight_copies")
#define ECHO_MEM_CATEGORY_ENUMERATOR(id, Name, name) id,
enum EchoMemoryCategory {
  ECHO_MEM_CATEGORIES(ECHO_MEM_CATEGORY_ENUMERATOR) ECHO_MEM_NUM_CATEGORIES
};
#undef ECHO_MEM_CATEGORY_ENUMERATOR

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
