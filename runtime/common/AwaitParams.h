//===- AwaitParams.h - Which entry parameters a copy may still own -*- C++ -*-===//
//
// Before an entry runs, each backend waits for the pending copies of its
// copy stream (echo_offload / echo_prefetch) that overlap one of the
// entry's device tensors. Which parameter kinds of echo/abi.def are device
// tensors, and their element size, is stated here once; the backend
// defines ECHO_AWAIT_DEVICE(name, elementBytes) and expands
// ECHO_FOR_EACH_PARAM with this ECHO_PARAM_ITEM in its entry wrappers.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_AWAITPARAMS_H
#define ECHO_RUNTIME_COMMON_AWAITPARAMS_H

#define ECHO_AWAIT_F32(n) ECHO_AWAIT_DEVICE(n, 4)
#define ECHO_AWAIT_F16(n) ECHO_AWAIT_DEVICE(n, 2)
#define ECHO_AWAIT_BF16(n) ECHO_AWAIT_DEVICE(n, 2)
#define ECHO_AWAIT_MASK(n) ECHO_AWAIT_DEVICE(n, 1)
#define ECHO_AWAIT_IDX32(n) ECHO_AWAIT_DEVICE(n, 4)
#define ECHO_AWAIT_IDX64(n) ECHO_AWAIT_DEVICE(n, 8)
#define ECHO_AWAIT_BYTES(n) ECHO_AWAIT_DEVICE(n, 1)
// Any element type: at most the widest element.
#define ECHO_AWAIT_ANY(n) ECHO_AWAIT_DEVICE(n, 8)
// Host tensors and scalars: no copy owns them.
#define ECHO_AWAIT_HOST_I64(n)
#define ECHO_AWAIT_HOST_ANY(n)
#define ECHO_AWAIT_INT(n)
#define ECHO_AWAIT_REAL(n)
#define ECHO_PARAM_ITEM(kind, n) ECHO_AWAIT_##kind(n)

#endif // ECHO_RUNTIME_COMMON_AWAITPARAMS_H
