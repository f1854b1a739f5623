//===- NcclLoaderTest.cpp - NCCL's loader, on machines without NCCL -------===//
//
// The CUDA backend loads NCCL at run time (cuda/NcclLibrary.h). Its loader
// is host code, so it is tested here with a missing library and with the
// stand-ins of FakeNccl.c: one line of error naming the library (or the
// missing function) and how to do without, or the functions and version of
// a library that has them.
//
//===----------------------------------------------------------------------===//

#include "../cuda/NcclLibrary.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

using namespace echo_cuda;

namespace {

/// Sets ECHO_NCCL_LIBRARY for one test, restoring it after.
class NcclLoader : public ::testing::Test {
protected:
  void SetUp() override {
    if (const char *old = std::getenv("ECHO_NCCL_LIBRARY"))
      saved = old, had = true;
  }
  void TearDown() override {
    if (had)
      setenv("ECHO_NCCL_LIBRARY", saved.c_str(), 1);
    else
      unsetenv("ECHO_NCCL_LIBRARY");
  }
  static void use(const char *path) { setenv("ECHO_NCCL_LIBRARY", path, 1); }
  std::string saved;
  bool had = false;
};

} // namespace

TEST_F(NcclLoader, MissingLibraryIsOneLineNamingItAndTheWayOut) {
  use("/nonexistent/libnccl.so.2");
  NcclLibrary library;
  std::string why;
  EXPECT_FALSE(openNccl(library, why));
  EXPECT_EQ(ncclNeeded(2, why),
            "NCCL is needed for collectives of 2 ranks on the GPU: "
            "/nonexistent/libnccl.so.2: cannot open shared object file: No "
            "such file or directory (set ECHO_NCCL_LIBRARY, or "
            "ECHO_CUDA_COLLECTIVES=host)");
  EXPECT_EQ(ncclNeeded(1, "why"),
            "NCCL is needed for collectives of 1 rank on the GPU: why (set "
            "ECHO_NCCL_LIBRARY, or ECHO_CUDA_COLLECTIVES=host)");
}

TEST_F(NcclLoader, MissingFunctionIsNamed) {
  use(ECHO_FAKE_NCCL_INCOMPLETE);
  NcclLibrary library;
  std::string why;
  EXPECT_FALSE(openNccl(library, why));
  EXPECT_EQ(why, std::string(ECHO_FAKE_NCCL_INCOMPLETE) +
                     " has no ncclReduceScatter: not an NCCL 2 library");
}

TEST_F(NcclLoader, WholeLibraryLoadsWithItsVersion) {
  use(ECHO_FAKE_NCCL);
  NcclLibrary library;
  std::string why;
  ASSERT_TRUE(openNccl(library, why)) << why;
  EXPECT_EQ(why, "");
  EXPECT_EQ(library.path, ECHO_FAKE_NCCL);
  EXPECT_EQ(library.version, 21003);
  EXPECT_EQ(library.versionString(), "2.10.3");
  EXPECT_TRUE(library.hasAvg());
  // The functions are the library's own.
  nccl::UniqueId id{};
  EXPECT_EQ(library.getUniqueId(&id), nccl::kSuccess);
  EXPECT_EQ(id.internal[127], 7);
  nccl::Comm comm = nullptr;
  EXPECT_EQ(library.describe("ncclCommInitRank",
                             library.commInitRank(&comm, 2, id, 0)),
            "ncclCommInitRank failed: fake NCCL: invalid usage");
}

TEST_F(NcclLoader, VersionCodesBeforeAndAfter2_9) {
  NcclLibrary old;
  old.version = 2804; // NCCL_VERSION(2, 8, 4): the old coding, no ncclAvg
  EXPECT_EQ(old.versionString(), "2.8.4");
  EXPECT_FALSE(old.hasAvg());
  NcclLibrary recent;
  recent.version = 22703;
  EXPECT_EQ(recent.versionString(), "2.27.3");
  EXPECT_TRUE(recent.hasAvg());
}
