//===- TestMain.cpp - Run the runtime suite against a backend library ----===//
//
//   EchoRuntimeTests [--backend=PATH] [--expect-no-device] [gtest options]
//
// Loads the backend (default: the CPU library this build made) and gives
// every test a fresh context, destroyed after it; a test that leaves device
// memory allocated fails.
//
// A backend that finds no usable device (the CUDA library on a machine
// without a GPU) answers echo_context_create with ECHO_ERR_NO_DEVICE: every
// test is then skipped with that message, except NoDevice.*, which checks
// that the error is clean. --expect-no-device makes NoDevice.* require it
// (CI without a GPU runs the CUDA library so).
//
//===----------------------------------------------------------------------===//

#include "TestBackend.h"

#include <cstring>
#include <dlfcn.h>
#include <iostream>

namespace echo_test {
namespace {
std::unique_ptr<echo_runtime::Backend> loaded;
echo_context *current = nullptr;
bool expecting = false;
bool noDeviceExpected = false;
SharedMemory shared;

class ContextPerTest : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo &info) override {
    // NoDevice.* makes its own contexts.
    if (std::strcmp(info.test_suite_name(), "NoDevice") == 0)
      return;
    echo_status status = loaded->echo_context_create(&current);
    if (status == ECHO_ERR_NO_DEVICE)
      GTEST_SKIP() << loaded->echo_context_error(current);
    if (status != ECHO_OK)
      ADD_FAILURE() << "cannot create a context: "
                    << loaded->echo_context_error(current);
  }
  void OnTestEnd(const ::testing::TestInfo &info) override {
    if (current && loaded->echo_mem_current_bytes(current) != 0)
      std::cerr << info.test_suite_name() << "." << info.name()
                << " left device memory allocated\n";
    if (current)
      loaded->echo_context_destroy(current);
    current = nullptr;
    expecting = false;
  }
};

// The CUDA runtime functions the shared-memory hooks use, from the cudart
// the backend library already loaded (the suite itself links no CUDA).
using MallocManagedFn = int (*)(void **, size_t, unsigned);
using FreeFn = int (*)(void *);
using SyncFn = int (*)();
MallocManagedFn cudaMallocManagedFn;
FreeFn cudaFreeFn;
SyncFn cudaDeviceSynchronizeFn;

void *managedAlloc(size_t bytes) {
  void *p = nullptr;
  // cudaMemAttachGlobal = 1.
  return cudaMallocManagedFn(&p, bytes ? bytes : 1, 1) == 0 ? p : nullptr;
}
void managedFree(void *p) { cudaFreeFn(p); }
void deviceSync() { cudaDeviceSynchronizeFn(); }

/// For a CUDA backend with a usable device, tensors live in managed memory.
void useManagedMemory() {
  if (std::strcmp(loaded->echo_backend_name(), "cuda") != 0)
    return;
  echo_context *probe = nullptr;
  echo_status status = loaded->echo_context_create(&probe);
  loaded->echo_context_destroy(probe);
  if (status != ECHO_OK)
    return;
  for (const char *name : {"libcudart.so.13", "libcudart.so.12", "libcudart.so"}) {
    void *cudart = dlopen(name, RTLD_NOW | RTLD_NOLOAD);
    if (!cudart)
      continue;
    cudaMallocManagedFn =
        reinterpret_cast<MallocManagedFn>(dlsym(cudart, "cudaMallocManaged"));
    cudaFreeFn = reinterpret_cast<FreeFn>(dlsym(cudart, "cudaFree"));
    cudaDeviceSynchronizeFn =
        reinterpret_cast<SyncFn>(dlsym(cudart, "cudaDeviceSynchronize"));
    if (cudaMallocManagedFn && cudaFreeFn && cudaDeviceSynchronizeFn) {
      shared.alloc = managedAlloc;
      shared.release = managedFree;
      shared.sync = deviceSync;
      return;
    }
  }
  std::cerr << "EchoRuntimeTests: the CUDA runtime's managed memory is not "
               "available; tests will hand the backend host memory\n";
}
} // namespace

echo_runtime::Backend &backend() { return *loaded; }
echo_context *context() { return current; }
bool &expectingError() { return expecting; }
bool expectNoDevice() { return noDeviceExpected; }
SharedMemory &sharedMemory() { return shared; }

} // namespace echo_test

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  std::string path = ECHO_TEST_DEFAULT_BACKEND;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--backend=", 10) == 0)
      path = argv[i] + 10;
    else if (std::strcmp(argv[i], "--expect-no-device") == 0)
      echo_test::noDeviceExpected = true;
  }
  std::string error;
  echo_test::loaded = echo_runtime::Backend::load(path, error);
  if (!echo_test::loaded) {
    std::cerr << "EchoRuntimeTests: " << error << "\n";
    return 1;
  }
  echo_test::useManagedMemory();
  ::testing::UnitTest::GetInstance()->listeners().Append(
      new echo_test::ContextPerTest);
  return RUN_ALL_TESTS();
}
