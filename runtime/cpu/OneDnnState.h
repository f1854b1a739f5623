//===- OneDnnState.h - A context's oneDNN engine and primitives --*- C++ -*-===//
//
// What a context keeps for oneDNN: the CPU engine, and every
// primitive it created, keyed by the kind of operation and its shape, so a
// step's convolutions are created on its first iteration only. Also the
// pieces each primitive plan is made of: operands that are reordered
// between the caller's plain layout and the layout the primitive chose.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_CPU_ONEDNNSTATE_H
#define ECHO_RUNTIME_CPU_ONEDNNSTATE_H

#include "Context.h"

#include <oneapi/dnnl/dnnl.hpp>

#include <cstdlib>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

namespace echo_rt {

/// Runs its scope with one OpenMP thread (oneDNN's threading runtime in
/// Debian's libdnnl), restoring the caller's setting afterwards.
class OneOmpThread {
public:
  OneOmpThread();
  ~OneOmpThread();

private:
  int saved;
};

/// 64-byte aligned scratch memory that a plan owns.
class AlignedBuffer {
public:
  void resize(size_t bytes);
  void *data() const { return ptr.get(); }

private:
  struct Free {
    void operator()(void *p) const { std::free(p); }
  };
  std::unique_ptr<void, Free> ptr;
  size_t size = 0;
};

/// One tensor of a primitive: the caller's plain layout, the primitive's
/// layout, and when they differ the reorder between them. Immutable once
/// prepared, so pieces of a batch running at once share it; the memory
/// in the primitive's layout is the caller's (`buffer`).
struct PlanOperand {
  dnnl::memory::desc user, inner;
  bool reordered = false;
  dnnl::reorder toInner, toUser;

  /// `toInner` when the primitive reads it, `toUser` when it writes it.
  void prepare(const dnnl::engine &eng, bool input);
  /// Bytes of `buffer` the operand needs (0 when it is not reordered).
  size_t bufferBytes() const { return reordered ? inner.get_size() : 0; }
  /// The memory the primitive reads: `ptr`, or its reorder into `buffer`
  /// (of at least bufferBytes()).
  dnnl::memory bindInput(const dnnl::engine &eng, dnnl::stream &s,
                         const void *ptr, void *buffer) const;
  /// The memory the primitive writes: `ptr`, or `buffer`.
  dnnl::memory bindOutput(const dnnl::engine &eng, void *ptr,
                          void *buffer) const;
  /// For an output, reorders the primitive's result into `ptr`.
  void finishOutput(const dnnl::engine &eng, dnnl::stream &s,
                    const dnnl::memory &inner, void *ptr) const;
};

/// A cached primitive with everything it needs to run.
struct OneDnnPlan {
  virtual ~OneDnnPlan() = default;
};

struct OneDnnState {
  dnnl::engine engine;
  bool reference = false; // ECHO_CPU_KERNELS=reference
  /// Plans by key (operation kind, then sizes); null: oneDNN has none.
  std::map<std::vector<int64_t>, std::unique_ptr<OneDnnPlan>> plans;
  /// oneDNN's scratch memory for each piece of the running primitive,
  /// shared by the plans: a context runs one primitive at a time, and one
  /// buffer reused by all stays in the caches.
  std::vector<AlignedBuffer> pieceScratch;

  OneDnnState();
};

/// The context's state, created on first use.
OneDnnState &oneDnnState(Context &ctx);

} // namespace echo_rt

#endif // ECHO_RUNTIME_CPU_ONEDNNSTATE_H
