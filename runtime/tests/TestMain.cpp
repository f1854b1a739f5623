//===- TestMain.cpp - Run the runtime suite against a backend library ----===//
//
//   EchoRuntimeTests [--backend=PATH] [gtest options]
//
// Loads the backend (default: the CPU library this build made) and gives
// every test a fresh context, destroyed after it; a test that leaves device
// memory allocated fails.
//
//===----------------------------------------------------------------------===//

#include "TestBackend.h"

#include <cstring>
#include <iostream>

namespace echo_test {
namespace {
std::unique_ptr<echo_runtime::Backend> loaded;
echo_context *current = nullptr;
bool expecting = false;

class ContextPerTest : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo &) override {
    if (loaded->echo_context_create(&current) != ECHO_OK)
      ADD_FAILURE() << "cannot create a context: "
                    << loaded->echo_context_error(current);
  }
  void OnTestEnd(const ::testing::TestInfo &info) override {
    if (current && loaded->echo_mem_current_bytes(current) != 0)
      std::cerr << info.test_suite_name() << "." << info.name()
                << " left device memory allocated\n";
    loaded->echo_context_destroy(current);
    current = nullptr;
    expecting = false;
  }
};
} // namespace

echo_runtime::Backend &backend() { return *loaded; }
echo_context *context() { return current; }
bool &expectingError() { return expecting; }

} // namespace echo_test

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  std::string path = ECHO_TEST_DEFAULT_BACKEND;
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--backend=", 10) == 0)
      path = argv[i] + 10;
  std::string error;
  echo_test::loaded = echo_runtime::Backend::load(path, error);
  if (!echo_test::loaded) {
    std::cerr << "EchoRuntimeTests: " << error << "\n";
    return 1;
  }
  ::testing::UnitTest::GetInstance()->listeners().Append(
      new echo_test::ContextPerTest);
  return RUN_ALL_TESTS();
}
