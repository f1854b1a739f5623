//===- StepManifestTest.cpp - The manifest of a compiled step -----------===//

#include "StepSignature.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace echo_run;

namespace {

StepManifest randomManifest(std::mt19937_64 &gen) {
  StepManifest m;
  m.function = "train_step";
  const char *dtypes[] = {"f32", "i1", "i32", "i64"};
  const int64_t bytes[] = {4, 1, 4, 8};
  int nSites = gen() % 4;
  for (int i = 0; i < nSites; ++i)
    m.sites.push_back("echo.linear at loc(\"a b.mlir\":" + std::to_string(i) +
                      ":1)\nsecond \\ line");
  int nArgs = 1 + gen() % 5;
  for (int i = 0; i < nArgs; ++i) {
    ArgumentSpec a;
    int t = gen() % 4;
    a.tensor.dtype = dtypes[t];
    a.tensor.elementBytes = bytes[t];
    int rank = gen() % 4;
    for (int d = 0; d < rank; ++d)
      a.tensor.shape.push_back(1 + gen() % 7);
    a.init = (Init)(gen() % 6);
    if (a.init == Init::First)
      a.value = std::ldexp(1.0 + (gen() % 1000) / 1000.0, gen() % 60 - 20);
    a.bound = 1 + gen() % 100;
    a.fanIn = 1 + gen() % 100;
    a.category = gen() % 6;
    a.trainable = gen() % 2;
    a.name = "argument #" + std::to_string(i) + (i % 2 ? " x\\y" : "");
    m.signature.arguments.push_back(a);
  }
  int nResults = gen() % 4;
  bool arena = gen() % 2;
  for (int i = 0; i < nResults; ++i) {
    ResultSpec r;
    r.tensor.dtype = "f32";
    r.tensor.shape = {2, 3};
    r.updateOf = (int64_t)(gen() % (nArgs + 1)) - 1;
    if (r.updateOf >= 0)
      r.tensor = m.signature.arguments[r.updateOf].tensor;
    r.category = gen() % 6;
    // Apart from each other, as the planner places them.
    if (arena && r.updateOf < 0) {
      r.arenaOffset = 256 * i + 32 * (gen() % 4);
      m.arenaBytes = std::max(m.arenaBytes, r.arenaOffset + r.tensor.bytes());
    }
    m.signature.results.push_back(r);
  }
  return m;
}

/// `text` (ending in "end\n") with the check record writeManifest puts
/// before `end`, so that what is refused is refused for its content.
std::string sealed(std::string text) {
  const std::string end = "end\n";
  if (text.size() >= end.size() &&
      text.compare(text.size() - end.size(), end.size(), end) == 0)
    text.erase(text.size() - end.size());
  return text + "check " + manifestChecksum(text) + "\n" + end;
}

void expectEqual(const TensorSpec &a, const TensorSpec &b) {
  EXPECT_EQ(a.dtype, b.dtype);
  EXPECT_EQ(a.elementBytes, b.elementBytes);
  EXPECT_EQ(a.shape, b.shape);
}

TEST(StepManifest, RoundTripsRandomSignatures) {
  std::mt19937_64 gen(7);
  for (int trial = 0; trial < 200; ++trial) {
    StepManifest m = randomManifest(gen), back;
    std::string error;
    ASSERT_TRUE(parseManifest(writeManifest(m), back, error)) << error;
    EXPECT_EQ(back.function, m.function);
    EXPECT_EQ(back.sites, m.sites);
    ASSERT_EQ(back.signature.arguments.size(), m.signature.arguments.size());
    for (size_t i = 0; i < m.signature.arguments.size(); ++i) {
      const ArgumentSpec &a = m.signature.arguments[i],
                         &b = back.signature.arguments[i];
      expectEqual(a.tensor, b.tensor);
      EXPECT_EQ(a.init, b.init);
      EXPECT_EQ(a.bound, b.bound);
      EXPECT_EQ(a.fanIn, b.fanIn);
      EXPECT_EQ(a.value, b.value); // Init::First's, exactly
      EXPECT_EQ(a.category, b.category);
      EXPECT_EQ(a.trainable, b.trainable);
      EXPECT_EQ(a.name, b.name);
    }
    ASSERT_EQ(back.signature.results.size(), m.signature.results.size());
    for (size_t i = 0; i < m.signature.results.size(); ++i) {
      expectEqual(m.signature.results[i].tensor,
                  back.signature.results[i].tensor);
      EXPECT_EQ(m.signature.results[i].updateOf,
                back.signature.results[i].updateOf);
      EXPECT_EQ(m.signature.results[i].arenaOffset,
                back.signature.results[i].arenaOffset);
    }
    EXPECT_EQ(back.arenaBytes, m.arenaBytes);
  }
}

TEST(StepManifest, RejectsMalformedText) {
  std::mt19937_64 gen(11);
  std::string good = writeManifest(randomManifest(gen));
  StepManifest out;
  std::string error;
  EXPECT_FALSE(parseManifest("", out, error));
  EXPECT_FALSE(parseManifest("echo-step-manifest 3\nend\n", out, error));
  // Every truncation before the final record fails, never crashes.
  for (size_t cut = 0; cut + 4 < good.size(); ++cut)
    EXPECT_FALSE(parseManifest(good.substr(0, cut), out, error)) << cut;
  const char *bad[] = {
      "echo-step-manifest 3\nfunction f\narg 9 2 1 0 0 f32 4 0 x\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 0 f64 8 0 x\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 0 f32 4 1 -3 x\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 0 f32 4 99 x\nend\n",
      "echo-step-manifest 3\nfunction f\nresult 0 0 -1 f32 4 0\nend\n",
      // An element size that is not the dtype's; a size past 2^48 bytes; a
      // result that replaces an argument of another shape or dtype.
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 0 f32 8 1 4 x\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 0 i64 4 1 4 x\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 0 f32 4 2 16777216 "
      "16777216 x\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 1 4 w\n"
      "result 0 0 -1 f32 4 1 5\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 1 4 w\n"
      "result 0 0 -1 i32 4 1 4\nend\n",
      // In the arena: outside it, with no arena, feeding an argument.
      "echo-step-manifest 3\nfunction f\nresult -1 1 256 f32 4 1 64\n"
      "arena 300\nend\n",
      "echo-step-manifest 3\nfunction f\nresult -1 1 0 f32 4 0\nend\n",
      "echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 0 w\n"
      "result 0 1 0 f32 4 0\narena 256\nend\n",
      "echo-step-manifest 3\nfunction f\narena 0\nend\n",
      // Past the arena by an offset whose end overflows int64_t; two
      // results sharing bytes (one at an offset that splits the other).
      "echo-step-manifest 3\nfunction f\n"
      "result -1 1 9223372036854775807 f32 4 0\narena 256\nend\n",
      "echo-step-manifest 3\nfunction f\nresult -1 1 1 f32 4 0\n"
      "result -1 1 0 f32 4 1 16\narena 256\nend\n",
      // The formats before arena results and before the check record.
      "echo-step-manifest 1\nfunction f\nend\n",
      "echo-step-manifest 2\nfunction f\nend\n",
      "echo-step-manifest 3\nfunction f\nsite bad\\q\nend\n",
      "echo-step-manifest 3\nfunction f\nwhat\nend\n",
      "echo-step-manifest 3\nend\n",
  };
  for (const char *text : bad)
    EXPECT_FALSE(parseManifest(sealed(text), out, error)) << text;
  std::string valid = sealed("echo-step-manifest 3\nfunction f\n"
                             "arg 0 2 1 0 1 f32 4 2 3 4 w\n"
                             "result 0 0 -1 f32 4 2 3 4\n"
                             "result -1 1 256 f32 4 1 16\n"
                             "arena 320\nend\n");
  EXPECT_TRUE(parseManifest(valid, out, error)) << error;
  // Without its check record, or with any byte before it changed (an arena
  // made smaller than the step's buffers, a dtype, a name), it is refused.
  std::string unsealed = valid;
  unsealed.erase(unsealed.find("check "), 23);
  EXPECT_FALSE(parseManifest(unsealed, out, error));
  for (size_t i = 20; i < valid.find("check "); ++i) {
    std::string damaged = valid;
    damaged[i] = damaged[i] == '2' ? '1' : '2';
    EXPECT_FALSE(parseManifest(damaged, out, error)) << i;
  }
  EXPECT_TRUE(parseManifest(valid, out, error)) << error;
  EXPECT_EQ(out.arenaBytes, 320);
  EXPECT_EQ(out.signature.results[1].arenaOffset, 256);
}

// A manifest rewritten with a valid checksum passes parseManifest when its
// records agree with each other; the layout the code was compiled for
// (echo_step_buffer_layout) still tells it apart, and names the record.
TEST(StepManifest, BufferLayoutNamesTheRecordThatDiffers) {
  auto parse = [](const std::string &text) {
    StepManifest m;
    std::string error;
    EXPECT_TRUE(parseManifest(sealed(text), m, error)) << error;
    return m;
  };
  StepManifest compiled = parse("echo-step-manifest 3\nfunction f\n"
                                "arg 0 2 1 0 1 f32 4 2 3 4 w\n"
                                "result -1 1 256 f32 4 0\n"
                                "result -1 1 0 f32 4 2 3 4\n"
                                "arena 320\nend\n");
  std::vector<int64_t> layout = bufferLayout(compiled);
  EXPECT_EQ(layout, (std::vector<int64_t>{320, 1, 2, 48, 256, 4, 0, 48}));
  std::string error;
  EXPECT_TRUE(checkBufferLayout(compiled, layout.data(), error)) << error;
  struct Case {
    const char *text, *error;
  } cases[] = {
      {"echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 2 3 4 w\n"
       "result -1 1 260 f32 4 0\nresult -1 1 0 f32 4 2 3 4\n"
       "arena 320\nend\n",
       "result #0: the manifest places it at arena offset 260, the step's "
       "code at arena offset 256"},
      {"echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 2 3 4 w\n"
       "result -1 1 256 f32 4 0\nresult -1 1 -1 f32 4 2 3 4\n"
       "arena 320\nend\n",
       "result #1: the manifest places it as an out-parameter, the step's "
       "code at arena offset 0"},
      {"echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 2 3 4 w\n"
       "result -1 1 256 f32 4 0\nresult -1 1 0 f32 4 2 3 2\n"
       "arena 320\nend\n",
       "result #1: the manifest describes 24 bytes, the step's code 48"},
      {"echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 2 3 1 w\n"
       "result -1 1 256 f32 4 0\nresult -1 1 0 f32 4 2 3 4\n"
       "arena 320\nend\n",
       "argument #0: the manifest describes 12 bytes, the step's code 48"},
      {"echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 2 3 4 w\n"
       "result -1 1 256 f32 4 0\nresult -1 1 0 f32 4 2 3 4\n"
       "arena 512\nend\n",
       "the arena: the manifest describes 512 bytes, the step's code 320"},
      {"echo-step-manifest 3\nfunction f\narg 0 2 1 0 1 f32 4 2 3 4 w\n"
       "result -1 1 256 f32 4 0\narena 320\nend\n",
       "the signature: the manifest describes 1 arguments and 1 results, the "
       "step's code 1 and 2"},
  };
  for (const Case &c : cases) {
    EXPECT_FALSE(checkBufferLayout(parse(c.text), layout.data(), error))
        << c.text;
    EXPECT_EQ(error, c.error);
  }
}

TEST(StepManifest, PackedSlotsCountDescriptorFields) {
  StepManifest m;
  std::string error;
  ASSERT_TRUE(parseManifest(
      sealed("echo-step-manifest 3\nfunction f\n"
             "arg 0 2 1 0 1 f32 4 2 3 4 w\n"
             "result -1 1 256 f32 4 0\nresult -1 1 -1 f32 4 2 3 4\n"
             "arena 320\nend\n"),
      m, error))
      << error;
  // The context, 7 + 7 descriptor fields, the arena's 5, the status.
  EXPECT_EQ(packedSlots(m), 1 + 7 + 7 + 5 + 1);
}

} // namespace
