/*===- parts.h - How a tensor is cut into the ranks' parts --------*- C -*-===*
 *
 * One definition for the dialect (echo.shard, echo.all_gather,
 * echo.reduce_scatter), echo-data-parallel, the backends' collectives and
 * echo-step's --shard-inputs: n elements over `ranks` ranks are parts of
 * ceil(n / ranks) elements, rank r holding elements [r k, (r + 1) k), the
 * last part padded with zeros. Written without n + ranks - 1, which
 * overflows for huge rank counts.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ECHO_PARTS_H
#define ECHO_PARTS_H

#include <stdint.h>

static inline int64_t echo_part_elements(int64_t n, int64_t ranks) {
  return ranks > 0 ? n / ranks + (n % ranks != 0) : n;
}

#endif /* ECHO_PARTS_H */
