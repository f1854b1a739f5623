//===- TestBackend.h - The backend under test ---------------------*- C++ -*-===//
//
// The runtime suite is written once and runs against any backend library
// (TestMain.cpp loads it: --backend=PATH, default the CPU library). Each test
// gets a fresh context. Test code calls the ABI as before but without the
// context: echo_test::<function>(args...) forwards to the loaded library
// with the test's context, and an entry returning an error fails the test
// unless it runs inside EXPECT_RT_ERROR.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_TESTS_TESTBACKEND_H
#define ECHO_RUNTIME_TESTS_TESTBACKEND_H

#include "echo/loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>

namespace echo_test {

/// Memory both the host (the tests' checks) and the backend's device can
/// use: plain host memory for the CPU backend; CUDA managed memory for the
/// CUDA backend, whose kernels cannot read ordinary host memory. TestMain
/// sets the hooks (from the CUDA runtime the backend loaded) and `sync`,
/// which waits for the device after every entry, since the tests read
/// results right after the call returns.
struct SharedMemory {
  void *(*alloc)(size_t bytes) = nullptr;
  void (*release)(void *ptr) = nullptr;
  void (*sync)() = nullptr;
};
SharedMemory &sharedMemory();

template <typename T> struct SharedAllocator {
  using value_type = T;
  SharedAllocator() = default;
  template <typename U> SharedAllocator(const SharedAllocator<U> &) {}
  T *allocate(size_t n) {
    SharedMemory &m = sharedMemory();
    void *p = m.alloc ? m.alloc(n * sizeof(T)) : std::malloc(n * sizeof(T));
    if (!p)
      throw std::bad_alloc();
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t) {
    SharedMemory &m = sharedMemory();
    if (m.release)
      m.release(p);
    else
      std::free(p);
  }
  template <typename U> bool operator==(const SharedAllocator<U> &) const {
    return true;
  }
  template <typename U> bool operator!=(const SharedAllocator<U> &) const {
    return false;
  }
};

/// The loaded backend and the current test's context (TestMain.cpp).
echo_runtime::Backend &backend();
echo_context *context();
/// Whether an entry's error is what the running code expects.
bool &expectingError();

/// Calls `fn` with the test context first when it takes one.
template <typename Fn, typename... Args> auto forward(Fn fn, Args... args) {
  if constexpr (std::is_invocable_v<Fn, echo_context *, Args...>)
    return fn(context(), args...);
  else
    return fn(args...);
}

template <typename... Params, typename... Args>
echo_status callEntry(const char *name,
                      echo_status (*fn)(echo_context *, Params...),
                      Args... args) {
  echo_status status = fn(context(), args...);
  if (sharedMemory().sync)
    sharedMemory().sync();
  if (status != ECHO_OK && !expectingError()) {
    ADD_FAILURE() << name << " returned status " << status << ": "
                  << backend().echo_context_error(context());
    backend().echo_context_clear_error(context());
  }
  return status;
}

// One forwarding function per function of the ABI, named as it.
#define ECHO_ENTRY(name, params, aliases)                                      \
  template <typename... Args> echo_status name(Args... args) {                 \
    return callEntry(#name, backend().name, args...);                          \
  }
#define ECHO_HOST_FUNCTION(ret, name, params)                                  \
  template <typename... Args> ret name(Args... args) {                         \
    return forward(backend().name, args...);                                   \
  }
#include "echo/abi.def"

/// The entries whose index type is in their names, chosen by a width as the
/// kernels take it.
inline echo_status echo_embedding(int64_t tr, void *td, int64_t ir, void *id,
                                  int64_t yr, void *yd, int64_t bits) {
  return bits == 32 ? echo_embedding_i32(tr, td, ir, id, yr, yd)
                    : echo_embedding_i64(tr, td, ir, id, yr, yd);
}
inline echo_status echo_embedding_grad(int64_t ir, void *id, int64_t gr,
                                       void *gd, int64_t tr, void *td,
                                       int64_t bits) {
  return bits == 32 ? echo_embedding_grad_i32(ir, id, gr, gd, tr, td)
                    : echo_embedding_grad_i64(ir, id, gr, gd, tr, td);
}
inline echo_status echo_cross_entropy(int64_t lr, void *ld, int64_t tr,
                                      void *td, int64_t or_, void *od,
                                      int64_t bits) {
  return bits == 32 ? echo_cross_entropy_i32(lr, ld, tr, td, or_, od)
                    : echo_cross_entropy_i64(lr, ld, tr, td, or_, od);
}
inline echo_status echo_cross_entropy_grad(int64_t lr, void *ld, int64_t tr,
                                           void *td, int64_t gr, void *gd,
                                           int64_t dr, void *dd,
                                           int64_t bits) {
  return bits == 32
             ? echo_cross_entropy_grad_i32(lr, ld, tr, td, gr, gd, dr, dd)
             : echo_cross_entropy_grad_i64(lr, ld, tr, td, gr, gd, dr, dd);
}

/// Runs `statement`, expecting the runtime to report an error whose
/// message matches `pattern`; the context is usable again afterwards.
#define EXPECT_RT_ERROR(statement, pattern)                                    \
  do {                                                                         \
    ::echo_test::expectingError() = true;                                      \
    statement;                                                                 \
    ::echo_test::expectingError() = false;                                     \
    echo_context *ctx_ = ::echo_test::context();                               \
    EXPECT_NE(::echo_test::backend().echo_context_status(ctx_), ECHO_OK)       \
        << "no runtime error from: " #statement;                               \
    EXPECT_THAT(::echo_test::backend().echo_context_error(ctx_),               \
                ::testing::ContainsRegex(pattern));                            \
    ::echo_test::backend().echo_context_clear_error(ctx_);                     \
  } while (0)

} // namespace echo_test

#endif // ECHO_RUNTIME_TESTS_TESTBACKEND_H
