//===- OneDnn.cpp - A context's oneDNN engine and plans -------------------===//

#include "OneDnn.h"
#include "OneDnnState.h"

#include <omp.h>

#include <cstring>

// OneOmpThread pins oneDNN's threads only under the OpenMP runtime.
static_assert(DNNL_CPU_THREADING_RUNTIME == DNNL_RUNTIME_OMP,
              "the CPU backend needs oneDNN built with OpenMP threading");

namespace echo_rt {

OneOmpThread::OneOmpThread() : saved(omp_get_max_threads()) {
  omp_set_num_threads(1);
}
OneOmpThread::~OneOmpThread() { omp_set_num_threads(saved); }

void AlignedBuffer::resize(size_t bytes) {
  if (bytes <= size && ptr)
    return;
  size_t rounded = (bytes + 63) / 64 * 64;
  void *p = std::aligned_alloc(64, rounded ? rounded : 64);
  if (!p)
    throw std::bad_alloc();
  ptr.reset(p);
  size = rounded;
}

void PlanOperand::prepare(const dnnl::engine &eng, bool input) {
  reordered = user != inner;
  if (!reordered)
    return;
  if (input)
    toInner = dnnl::reorder(dnnl::reorder::primitive_desc(eng, user, eng, inner));
  else
    toUser = dnnl::reorder(dnnl::reorder::primitive_desc(eng, inner, eng, user));
}

dnnl::memory PlanOperand::bindInput(const dnnl::engine &eng, dnnl::stream &s,
                                    const void *ptr, void *buffer) const {
  dnnl::memory userMem(user, eng, const_cast<void *>(ptr));
  if (!reordered)
    return userMem;
  dnnl::memory innerMem(inner, eng, buffer);
  toInner.execute(s, {{DNNL_ARG_FROM, userMem}, {DNNL_ARG_TO, innerMem}});
  return innerMem;
}

dnnl::memory PlanOperand::bindOutput(const dnnl::engine &eng, void *ptr,
                                     void *buffer) const {
  return reordered ? dnnl::memory(inner, eng, buffer)
                   : dnnl::memory(user, eng, ptr);
}

void PlanOperand::finishOutput(const dnnl::engine &eng, dnnl::stream &s,
                               const dnnl::memory &innerMem, void *ptr) const {
  if (!reordered)
    return;
  dnnl::memory userMem(user, eng, ptr);
  toUser.execute(s, {{DNNL_ARG_FROM, innerMem}, {DNNL_ARG_TO, userMem}});
}

OneDnnState::OneDnnState() : engine(dnnl::engine::kind::cpu, 0) {
  const char *kernels = std::getenv("ECHO_CPU_KERNELS");
  reference = kernels && std::strcmp(kernels, "reference") == 0;
}

OneDnnState &oneDnnState(Context &ctx) {
  if (!ctx.onednn)
    ctx.onednn = std::make_shared<OneDnnState>();
  return *ctx.onednn;
}

bool useOneDnn(Context &ctx) { return !oneDnnState(ctx).reference; }

} // namespace echo_rt
