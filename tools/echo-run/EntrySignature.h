//===- EntrySignature.h - What echo-run must feed an entry function -----===//
//
// Read off the tensor-level entry function before lowering: each argument's
// type and how to initialize it, each result's type and which argument it
// replaces between iterations (echo.update_of).
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUN_ENTRYSIGNATURE_H
#define ECHO_RUN_ENTRYSIGNATURE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace echo_run {

/// How an argument gets its initial value with --seed.
enum class Init {
  Uniform,        // data: uniform in [-1, 1)
  FanIn,          // weights: uniform in [-1/sqrt(fan_in), 1/sqrt(fan_in))
  Zeros,          // biases, shifts, running means, optimizer state
  Ones,           // scales (gamma), running variances
  IntegerBelow,   // labels and indices: uniform integers in [0, bound)
};

struct TensorSpec {
  std::vector<int64_t> shape;
  /// "f32", "i1", "i32", "i64".
  std::string dtype;
  int64_t elementBytes = 4;
  int64_t numElements() const;
  int64_t bytes() const { return numElements() * elementBytes; }
};

struct ArgumentSpec {
  TensorSpec tensor;
  Init init = Init::Uniform;
  int64_t bound = 2;      // IntegerBelow
  int64_t fanIn = 1;      // FanIn
  int64_t category = 0;   // EchoMemoryCategory
  bool trainable = false; // carries echo.trainable
  std::string name;       // for messages: "argument #3"
};

struct ResultSpec {
  TensorSpec tensor;
  int64_t updateOf = -1;  // argument this result replaces, or -1
  int64_t category = 0;
};

struct EntrySignature {
  std::vector<ArgumentSpec> arguments;
  std::vector<ResultSpec> results;
};

/// Fails with a diagnostic on `fn` if an argument or result is not a
/// statically shaped tensor of a supported element type.
mlir::FailureOr<EntrySignature> analyzeEntry(mlir::func::FuncOp fn);

} // namespace echo_run

#endif // ECHO_RUN_ENTRYSIGNATURE_H
