//===- TestPasses.h - Test-only passes of echo-opt -------------*- C++ -*-===//
//
// Passes that expose analyses to lit tests; not part of the library API.
//
//===----------------------------------------------------------------------===//

#ifndef ECHOTEST_TESTPASSES_H
#define ECHOTEST_TESTPASSES_H

namespace mlir {
namespace echo {
namespace test {
void registerTestPasses();
} // namespace test
} // namespace echo
} // namespace mlir

#endif // ECHOTEST_TESTPASSES_H
