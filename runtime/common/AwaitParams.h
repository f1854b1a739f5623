//===- AwaitParams.h - Which entry parameters a copy may still own -*- C++
//-*-===//
//
// Before an entry runs, each backend waits for the pending copies of its
// copy stream (echo_offload / echo_prefetch) that overlap one of the
// entry's device tensors. Which parameter kinds of echo/abi.def are device
// tensors is stated here once (their element sizes are EntryArgs.h's);
// EntryWrappers.inc defines ECHO_AWAIT_DEVICE(name, elementBytes) and
// expands ECHO_FOR_EACH_PARAM with this ECHO_PARAM_ITEM.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_AWAITPARAMS_H
#define ECHO_RUNTIME_COMMON_AWAITPARAMS_H

#include "EntryArgs.h"

#define ECHO_AWAIT_F32(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_F32)
#define ECHO_AWAIT_F16(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_F16)
#define ECHO_AWAIT_BF16(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_BF16)
#define ECHO_AWAIT_MASK(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_MASK)
#define ECHO_AWAIT_IDX32(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_IDX32)
#define ECHO_AWAIT_IDX64(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_IDX64)
#define ECHO_AWAIT_BYTES(n) ECHO_AWAIT_DEVICE(n, ECHO_ELEMENT_BYTES_BYTES)
// Any element type: at most the widest element.
#define ECHO_AWAIT_ANY(n) ECHO_AWAIT_DEVICE(n, 8)
// Host tensors and scalars: no copy owns them.
#define ECHO_AWAIT_HOST_I64(n)
#define ECHO_AWAIT_HOST_ANY(n)
#define ECHO_AWAIT_INT(n)
#define ECHO_AWAIT_REAL(n)
#define ECHO_PARAM_ITEM(kind, n) ECHO_AWAIT_##kind(n)

#endif // ECHO_RUNTIME_COMMON_AWAITPARAMS_H
