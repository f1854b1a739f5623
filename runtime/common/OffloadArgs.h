//===- OffloadArgs.h - Checked arguments of offload and prefetch --*- C++
//-*-===//
//
// echo_offload<T> / echo_prefetch<T> (OffloadEntries.inc) copy a device
// tensor to or from the host slot the compiler numbered, echo_upload a
// host constant into its device buffer. The element size and slot checks
// are stated once for every backend.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_COMMON_OFFLOADARGS_H
#define ECHO_RUNTIME_COMMON_OFFLOADARGS_H

#include "EntryArgs.h"
#include "TensorView.h"

namespace echo_rt {

/// Fails unless `slot` is a plausible slot number: slots are numbered from
/// 0 by the compiler, one per offload of a step, and the bound catches a
/// corrupted one.
void checkOffloadSlot(const char *entry, int64_t slot);

/// echo_upload: the host constant src and its device buffer dst, one shape,
/// elements of element_bytes (1, 2, 4 or 8).
struct UploadArgs {
  TensorView src, dst;
};
UploadArgs uploadArgs(const echo_upload_args &args);

/// The device tensor of an offload or prefetch (elements of its kind's 1, 2,
/// 4 or 8 bytes), at a checked slot.
TensorView offloadView(const Operand &t, int64_t slot);

} // namespace echo_rt

#endif // ECHO_RUNTIME_COMMON_OFFLOADARGS_H
