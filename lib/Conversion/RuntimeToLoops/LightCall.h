//===- LightCall.h - A runtime call whose arguments are known ---*- C++ -*-===//
//
// echo-light-calls-to-loops replaces a call of a light runtime entry by
// loops on the buffers behind its arguments. A LightCall is such a call
// with every argument resolved: each tensor to the static, identity-layout
// memref it is a `memref.cast` of, each host index list to the constant of
// its global, each kind or scalar to its constant. Parameters are named as
// in abi.def, so a kernel reads `call.memref("x")` or `call.integer("kind")`.
//
// LoopEmitter holds the few IR-building helpers every kernel shares: index
// arithmetic on the flattened (1-D) views of the buffers, `scf.parallel`
// over outputs and `scf.for` over the elements each output reduces.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_LIGHTCALL_H
#define ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_LIGHTCALL_H

#include "EchoDialect/RuntimeAbi/RuntimeAbi.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <functional>
#include <optional>

namespace mlir {
namespace echo {
namespace light {

/// One argument of a light call, resolved.
struct LightArg {
  Value memref;                    // tensors: the cast's static source
  SmallVector<int64_t> list;       // HOST_I64: the global's constant
  int64_t integer = 0;             // INT
  double real = 0.0;               // REAL
};

class LightCall {
public:
  /// The call with every argument resolved, or nullopt when an argument is
  /// not a cast of a static, identity-layout memref (tensors), a constant
  /// global (host lists) or a constant (kinds and scalars).
  static std::optional<LightCall> match(func::CallOp call);

  func::CallOp op() const { return call; }
  const RuntimeEntry &entry() const { return *abi; }

  Value memref(StringRef name) const { return arg(name).memref; }
  MemRefType type(StringRef name) const {
    return cast<MemRefType>(memref(name).getType());
  }
  ArrayRef<int64_t> shape(StringRef name) const {
    return type(name).getShape();
  }
  int64_t numel(StringRef name) const { return type(name).getNumElements(); }
  ArrayRef<int64_t> list(StringRef name) const { return arg(name).list; }
  int64_t integer(StringRef name) const { return arg(name).integer; }
  double real(StringRef name) const { return arg(name).real; }

private:
  const LightArg &arg(StringRef name) const;

  func::CallOp call;
  const RuntimeEntry *abi = nullptr;
  SmallVector<LightArg> args; // one per parameter of the entry
};

/// Row-major strides of `shape` (in elements).
SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape);

/// IR-building helpers shared by the kernels.
struct LoopEmitter {
  OpBuilder &b;
  Location loc;

  Value index(int64_t v);
  Value f32(float v);
  Value f64(double v);

  /// `memref` as a 1-D memref of its element count (collapse_shape; a
  /// rank-0 memref is expanded to one element).
  Value flat(Value memref);

  /// sum_d coord(i, d) * strides[d], where coord(i, d) is coordinate d of
  /// the row-major linear index `i` over `shape`; dimensions of stride 0
  /// are skipped, and a stride vector equal to shape's row-major strides
  /// gives `i` itself.
  Value remap(Value i, ArrayRef<int64_t> shape, ArrayRef<int64_t> strides);

  /// scf.parallel (%i) = (0) to (n): one thread per output, `body` builds
  /// the work of thread `i`.
  void parallel(int64_t n, function_ref<void(Value)> body);

  /// How a nested reduction folds a value into its accumulator:
  /// acc + v, or v > acc ? v : acc (C's comparison: the accumulator wins
  /// ties, a NaN value is dropped).
  enum class Combine { Add, Max };

  /// The inputs one output reduces: scf.parallel (%k) = (0) to (n) folding
  /// the values `values(k)` returns into `inits`, one reduction per
  /// `combine`. Run sequentially (the CPU) the fold is in k order,
  /// acc = combine(acc, v), as loop() would do it; echo-gpu-block-kernels
  /// spreads it over the threads of the output's block.
  SmallVector<Value> reduce(int64_t n, ValueRange inits,
                            ArrayRef<Combine> combine,
                            function_ref<SmallVector<Value>(Value)> values);

  /// The elements one output's work writes: a nested scf.parallel (%k) =
  /// (0) to (n) without reduction, spread like reduce(). With `partition`
  /// (the element count N of the kernel's partitioned buffers), the caller
  /// promises what echo.partition states: the loop's first store writes
  /// this output's own part of [0, N), the outputs' parts cover it once,
  /// and the output touches N-element buffers only within its part.
  void inner(int64_t n, function_ref<void(Value)> body,
             std::optional<int64_t> partition = std::nullopt);

  /// scf.for (%k) = (0) to (n) carrying `inits`; `body` gets `k` and the
  /// carried values and returns the next ones. Returns the final values.
  SmallVector<Value>
  loop(int64_t n, ValueRange inits,
       function_ref<SmallVector<Value>(Value, ValueRange)> body);
  /// The same from `lb` to `ub` (no iteration when ub <= lb), which the
  /// caller knows never runs more than `maxTrips` times: recorded on the
  /// loop (kTripBoundAttr) for the kernel report.
  SmallVector<Value>
  loop(Value lb, Value ub, int64_t maxTrips, ValueRange inits,
       function_ref<SmallVector<Value>(Value, ValueRange)> body);

  /// Loads and stores on flattened memrefs.
  Value load(Value flatMemref, Value i);
  void store(Value value, Value flatMemref, Value i);

private:
  SmallVector<Value>
  forLoop(Value lb, Value ub, ValueRange inits,
          function_ref<SmallVector<Value>(Value, ValueRange)> body);
};

} // namespace light
} // namespace echo
} // namespace mlir

#endif // ECHO_LIB_CONVERSION_RUNTIMETOLOOPS_LIGHTCALL_H
