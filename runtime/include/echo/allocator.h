/*===- allocator.h - The runtime's counting device allocator ------------===*
 *
 * Every buffer a lowered step allocates goes through this allocator: the
 * LLVM lowering uses MLIR's generic allocation functions
 * (_mlir_memref_to_llvm_alloc / _free), which it implements. Before each
 * allocation the step calls echo_alloc_site(id), naming the site from the
 * table the compiler emitted (module attribute echo.alloc_sites, entries
 * "category|description"). The allocator counts current and peak bytes, in
 * total and by category, and enforces an optional capacity: an allocation
 * that would exceed it is reported with its site and ends the run with exit
 * status 4 (a device has no swap to fall back to).
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

/* Name of a category ("weights", ...), or NULL. */
const char *echo_mem_category_name(int64_t category);
/* Category of a name, or -1. */
int64_t echo_mem_category_of(const char *name);

/* Resets all counters; capacity 0 means unlimited. The site table is
 * copied. */
void echo_mem_configure(int64_t capacity, const char *const *sites,
                        int64_t num_sites);

/* Called by generated code before each allocation. */
void echo_alloc_site(int64_t site);

/* Allocations made by the host program (parameters, inputs, results):
 * 256-byte aligned, counted under `category`, named by `what` on failure. */
void *echo_mem_alloc(size_t bytes, int64_t category, const char *what);
void echo_mem_free(void *ptr);

/* Counters. */
int64_t echo_mem_current_bytes(void);
int64_t echo_mem_peak_bytes(void);
/* Bytes of `category` live at the moment the total peak was reached. */
int64_t echo_mem_peak_bytes_of(int64_t category);
/* Highest bytes of `category` live at any time. */
int64_t echo_mem_max_bytes_of(int64_t category);
int64_t echo_mem_num_allocations(void);

/* MLIR's generic allocation functions (finalize-memref-to-llvm
 * use-generic-functions). */
void *_mlir_memref_to_llvm_alloc(size_t bytes);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes);
void _mlir_memref_to_llvm_free(void *ptr);

#ifdef __cplusplus
}
#endif

#endif /* ECHO_ALLOCATOR_H */
