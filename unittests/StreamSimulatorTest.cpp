//===- StreamSimulatorTest.cpp - Two-stream timelines by hand -------------===//
//
// Every expected start, end and split below is worked out by hand from the
// rules in StreamSimulator.h (durations are binary fractions, so the sums
// are exact).
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/Core/StreamSimulator.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace mlir::echo;

namespace {

StreamTask compute(double seconds, std::vector<unsigned> waits = {}) {
  return {Stream::Compute, seconds, std::move(waits)};
}
StreamTask copy(double seconds, std::vector<unsigned> waits = {}) {
  return {Stream::Copy, seconds, std::move(waits)};
}

StreamTimeline run(const std::vector<StreamTask> &tasks) {
  StreamTimeline t;
  EXPECT_EQ(simulateStreams(tasks, t), "");
  return t;
}

} // namespace

TEST(StreamSimulator, EmptyStep) {
  StreamTimeline t = run({});
  EXPECT_EQ(t.stepSeconds, 0);
  EXPECT_EQ(t.overlapped + t.transferOnly + t.computeOnly + t.idle, 0);
}

TEST(StreamSimulator, ComputeChainRunsBackToBack) {
  StreamTimeline t = run({compute(1), compute(2), compute(3)});
  EXPECT_EQ(t.start, (std::vector<double>{0, 1, 3}));
  EXPECT_EQ(t.end, (std::vector<double>{1, 3, 6}));
  EXPECT_EQ(t.stepSeconds, 6);
  EXPECT_EQ(t.computeOnly, 6);
  EXPECT_EQ(t.overlapped, 0);
  EXPECT_EQ(t.transferOnly, 0);
  EXPECT_EQ(t.idle, 0);
}

TEST(StreamSimulator, OffloadOverlapsTheNextKernels) {
  // A [0,2]; offload of A's output on the copy stream [2,5]; B does not
  // need the copy and runs [2,4]; C waits for the copy: [5,6].
  StreamTimeline t =
      run({compute(2), copy(3, {0}), compute(2), compute(1, {1})});
  EXPECT_EQ(t.start, (std::vector<double>{0, 2, 2, 5}));
  EXPECT_EQ(t.end, (std::vector<double>{2, 5, 4, 6}));
  EXPECT_EQ(t.stepSeconds, 6);
  EXPECT_EQ(t.overlapped, 2);   // [2,4]
  EXPECT_EQ(t.transferOnly, 1); // [4,5]
  EXPECT_EQ(t.computeOnly, 3);  // [0,2] and [5,6]
  EXPECT_EQ(t.idle, 0);
  EXPECT_EQ(t.computeBusy, 5);
  EXPECT_EQ(t.copyBusy, 3);
}

TEST(StreamSimulator, StreamsAreInOrderQueues) {
  // The second copy waits for the first on its stream, not for compute.
  StreamTimeline t = run({copy(1), compute(0.5), copy(1)});
  EXPECT_EQ(t.start, (std::vector<double>{0, 0, 1}));
  EXPECT_EQ(t.stepSeconds, 2);
  EXPECT_EQ(t.overlapped, 0.5);
  EXPECT_EQ(t.transferOnly, 1.5);
}

TEST(StreamSimulator, APerLayerBarrierCostsWhatDymemAvoids) {
  // Without a barrier the two kernels after the offload run under it
  // (step 5); with vDNN-style per-layer synchronisation they wait (step 7).
  StreamTimeline free = run({compute(1), copy(4, {0}), compute(1), compute(1)});
  EXPECT_EQ(free.stepSeconds, 5);
  EXPECT_EQ(free.overlapped, 2);
  EXPECT_EQ(free.transferOnly, 2);
  EXPECT_EQ(free.computeOnly, 1);
  StreamTimeline barrier =
      run({compute(1), copy(4, {0}), compute(1, {1}), compute(1)});
  EXPECT_EQ(barrier.stepSeconds, 7);
  EXPECT_EQ(barrier.overlapped, 0);
  EXPECT_EQ(barrier.transferOnly, 4);
  EXPECT_EQ(barrier.computeOnly, 3);
}

TEST(StreamSimulator, PrefetchAheadHidesTheCopy) {
  // Backward: a prefetch issued two kernels ahead of its reader is hidden;
  // issued right before it, the reader waits.
  StreamTimeline ahead =
      run({copy(2), compute(1), compute(1), compute(1, {0})});
  EXPECT_EQ(ahead.stepSeconds, 3);
  EXPECT_EQ(ahead.transferOnly, 0);
  StreamTimeline late =
      run({compute(1), compute(1), copy(2, {1}), compute(1, {2})});
  EXPECT_EQ(late.stepSeconds, 5);
  EXPECT_EQ(late.transferOnly, 2);
}

TEST(StreamSimulator, ZeroLengthTasksTakeNoTime) {
  StreamTimeline t = run({compute(1), copy(0, {0}), compute(1, {1})});
  EXPECT_EQ(t.stepSeconds, 2);
  EXPECT_EQ(t.computeOnly, 2);
  EXPECT_EQ(t.transferOnly, 0);
}

TEST(StreamSimulator, MalformedTasksAreReported) {
  StreamTimeline t;
  EXPECT_EQ(simulateStreams({compute(1, {0})}, t),
            "task 0 waits for task 0, which is not issued before it");
  EXPECT_EQ(simulateStreams({compute(1), compute(1, {2}), compute(1)}, t),
            "task 1 waits for task 2, which is not issued before it");
  EXPECT_EQ(simulateStreams({copy(-1)}, t), "task 0 has an invalid duration");
  EXPECT_EQ(simulateStreams({copy(std::nan(""))}, t),
            "task 0 has an invalid duration");
}

TEST(DeviceProfile, PresetsAndRoofline) {
  for (const std::string &name : deviceProfileNames())
    EXPECT_TRUE(deviceProfileNamed(name).has_value()) << name;
  EXPECT_FALSE(deviceProfileNamed("pcie3").has_value());

  DeviceProfile pcie4 = *deviceProfileNamed("pcie4");
  // Compute-bound, memory-bound, and the transfer of one second's worth.
  EXPECT_DOUBLE_EQ(pcie4.kernelSeconds(19'500'000'000'000, 0), 1.0);
  EXPECT_DOUBLE_EQ(pcie4.kernelSeconds(0, 3'110'000'000'000), 2.0);
  EXPECT_DOUBLE_EQ(pcie4.kernelSeconds(19'500'000'000'000, 3'110'000'000'000),
                   2.0);
  EXPECT_DOUBLE_EQ(pcie4.transferSeconds(25'000'000'000), 1.0);
  // 16-bit products at the tensor-core rate (312 TFLOP/s), added to the
  // FP32 work of the same kernel (a recompute region's body).
  EXPECT_DOUBLE_EQ(pcie4.kernelSeconds(0, 0, 312'000'000'000'000), 1.0);
  EXPECT_DOUBLE_EQ(
      pcie4.kernelSeconds(19'500'000'000'000, 0, 624'000'000'000'000), 3.0);
  // A profile without a tensor-core rate prices them as FP32.
  DeviceProfile plain{"plain", 1e12, 0, 0};
  EXPECT_DOUBLE_EQ(plain.kernelSeconds(1'000'000'000'000, 0, 1'000'000'000'000),
                   2.0);

  // Faster links move the same bytes in less time.
  double t4 = pcie4.transferSeconds(1 << 30);
  double t5 = deviceProfileNamed("pcie5")->transferSeconds(1 << 30);
  double c2c = deviceProfileNamed("nvlink-c2c")->transferSeconds(1 << 30);
  EXPECT_GT(t4, t5);
  EXPECT_GT(t5, c2c);

  // A collective: the fixed latency plus its ring bytes over the peer link.
  EXPECT_DOUBLE_EQ(pcie4.collectiveSeconds(0), 10e-6);
  EXPECT_DOUBLE_EQ(pcie4.collectiveSeconds(25'000'000'000), 1.0 + 10e-6);
  EXPECT_GT(pcie4.collectiveSeconds(1 << 30),
            deviceProfileNamed("nvlink-c2c")->collectiveSeconds(1 << 30));
}
