//===- TestUtil.h - Helpers for the runtime tests ----------------*- C++ -*-===//
//
// Tensor<T> owns its storage and builds a real MLIR ranked memref descriptor
// { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
//   int64_t strides[rank]; } for it, passed to the entries as (rank, &desc)
// through ARG(t). A `shift` of padding elements before the data moves the
// data pointer (split between the aligned pointer and the offset field), so
// the same values can be presented at different addresses and alignments.
//
// Gradient checks compare an entry against central finite differences of a
// double-precision reference forward, on the scalar loss <R, f(x)> for a
// random projection R (which is also the upstream gradient handed to the
// entry): ||analytic - numeric||_2 <= kGradTol * ||numeric||_2.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_RUNTIME_TESTS_TESTUTIL_H
#define ECHO_RUNTIME_TESTS_TESTUTIL_H

#include "TestBackend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace echo_test {

/// Relative L2 bound of every finite-difference gradient check.
constexpr double kGradTol = 1e-3;
/// Central-difference step (inputs are O(1); the reference runs in double).
constexpr double kStep = 1e-4;

using Shape = std::vector<int64_t>;
using DVec = std::vector<double>;

inline int64_t numel(const Shape &s) {
  int64_t n = 1;
  for (int64_t d : s)
    n *= d;
  return n;
}

inline Shape rowMajor(const Shape &s) {
  Shape st(s.size());
  int64_t acc = 1;
  for (size_t i = s.size(); i-- > 0;) {
    st[i] = acc;
    acc *= s[i];
  }
  return st;
}

inline std::string str(const Shape &s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? "x" : "") + std::to_string(s[i]);
  return r + "]";
}

template <typename T> class Tensor {
public:
  Tensor() = default;
  explicit Tensor(Shape shape) : Tensor(ShiftTag{}, std::move(shape), 0) {}
  Tensor(Shape shape, const std::vector<T> &values, size_t shift = 0)
      : Tensor(ShiftTag{}, std::move(shape), shift) {
    set(values);
  }
  /// Zeros whose data starts `shift` elements into the storage.
  static Tensor zerosAt(Shape shape, size_t shift) {
    return Tensor(ShiftTag{}, std::move(shape), shift);
  }

  T *data() { return storage_.data() + shift_; }
  const T *data() const { return storage_.data() + shift_; }
  int64_t size() const { return numel(shape_); }
  T &operator[](int64_t i) { return data()[i]; }
  T operator[](int64_t i) const { return data()[i]; }
  const Shape &shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  std::vector<T> values() const { return {data(), data() + size()}; }
  void set(const std::vector<T> &v) {
    EXPECT_EQ(static_cast<int64_t>(v.size()), size());
    std::copy(v.begin(), v.end(), data());
  }
  /// The same values at another address.
  Tensor shifted(size_t shift) const { return Tensor(shape_, values(), shift); }

  /// The ranked descriptor, rebuilt on every call (the storage may move).
  void *desc() {
    size_t r = shape_.size();
    desc_.assign(3 + 2 * r, 0);
    T *base = storage_.data();
    size_t inPointer = shift_ / 2;
    T *aligned = base + inPointer;
    std::memcpy(&desc_[0], &base, sizeof(void *));
    std::memcpy(&desc_[1], &aligned, sizeof(void *));
    desc_[2] = static_cast<int64_t>(shift_ - inPointer);
    Shape st = rowMajor(shape_);
    for (size_t i = 0; i < r; ++i) {
      desc_[3 + i] = shape_[i];
      desc_[3 + r + i] = st[i];
    }
    return desc_.data();
  }

private:
  struct ShiftTag {};
  Tensor(ShiftTag, Shape shape, size_t shift)
      : shape_(std::move(shape)), shift_(shift),
        storage_(shift_ + static_cast<size_t>(numel(shape_)) + 1, T(0)) {}

  Shape shape_;
  size_t shift_ = 0;
  std::vector<T, SharedAllocator<T>> storage_;
  std::vector<int64_t> desc_;
};

using FTensor = Tensor<float>;
using I32Tensor = Tensor<int32_t>;
using I64Tensor = Tensor<int64_t>;
using MaskTensor = Tensor<uint8_t>;

#define ARG(t) (t).rank(), (t).desc()

/// The descriptor of a rank-1 tensor of 0 bytes (no data), in host memory.
inline void *emptyTensorDesc() {
  static int64_t desc[5] = {0, 0, 0, 0, 1}; // allocated, aligned, offset,
                                            // size, stride
  return desc;
}
/// The `workspace` argument of the convolution entries with 0 bytes: a
/// backend that needs scratch uses its own.
#define NO_WORKSPACE int64_t(1), ::echo_test::emptyTensorDesc()

/// Deterministic random source of the tests.
class Rng {
public:
  explicit Rng(uint64_t seed) : gen_(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(gen_);
  }
  int64_t integer(int64_t lo, int64_t hi) { // inclusive
    return std::uniform_int_distribution<int64_t>(lo, hi)(gen_);
  }
  std::vector<float> floats(int64_t n, double lo = -1.0, double hi = 1.0) {
    std::vector<float> v(n);
    for (auto &x : v)
      x = static_cast<float>(uniform(lo, hi));
    return v;
  }
  /// Random values whose pairwise distances exceed `gap` (no ties, so max
  /// style ops are differentiable under a kStep perturbation).
  std::vector<float> distinct(int64_t n, double gap = 1e-2) {
    std::vector<int64_t> perm(n);
    for (int64_t i = 0; i < n; ++i)
      perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), gen_);
    std::vector<float> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = static_cast<float>(-1.0 + gap * 2 * perm[i] +
                                uniform(-0.25, 0.25) * gap);
    return v;
  }
  FTensor tensor(const Shape &s, double lo = -1.0, double hi = 1.0) {
    return FTensor(s, floats(numel(s), lo, hi));
  }
  std::mt19937_64 &gen() { return gen_; }

private:
  std::mt19937_64 gen_;
};

inline DVec toD(const std::vector<float> &v) { return DVec(v.begin(), v.end()); }
inline DVec toD(const FTensor &t) { return toD(t.values()); }

inline double dot(const DVec &a, const DVec &b) {
  double s = 0.0;
  for (size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

/// Central differences of `loss` at x.
inline DVec numericGrad(DVec x, const std::function<double(const DVec &)> &loss,
                        double h = kStep) {
  DVec g(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    double keep = x[i];
    x[i] = keep + h;
    double up = loss(x);
    x[i] = keep - h;
    double down = loss(x);
    x[i] = keep;
    g[i] = (up - down) / (2 * h);
  }
  return g;
}

/// ||got - want||_2 / max(||want||_2, 1e-6).
inline double relErr(const std::vector<float> &got, const DVec &want) {
  EXPECT_EQ(got.size(), want.size());
  double num = 0.0, den = 0.0;
  for (size_t i = 0; i < want.size() && i < got.size(); ++i) {
    num += (got[i] - want[i]) * (got[i] - want[i]);
    den += want[i] * want[i];
  }
  return std::sqrt(num) / std::max(std::sqrt(den), 1e-6);
}

/// max |got - want| <= tol * max(1, max |want|).
inline void expectClose(const std::vector<float> &got, const DVec &want,
                        double tol, const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  double scale = 1.0, worst = 0.0;
  size_t at = 0;
  for (size_t i = 0; i < want.size(); ++i)
    scale = std::max(scale, std::fabs(want[i]));
  for (size_t i = 0; i < want.size(); ++i) {
    double e = std::fabs(got[i] - want[i]);
    if (!(e <= worst)) {
      worst = e;
      at = i;
    }
  }
  EXPECT_LE(worst, tol * scale)
      << what << ": element " << at << " is " << got[at] << ", expected "
      << want[at];
}

/// The gradient check: analytic (from the entry, with upstream gradient R)
/// against numeric gradients of <R, f(x)>.
inline void expectGrad(const std::vector<float> &analytic, const DVec &numeric,
                       const std::string &what) {
  double e = relErr(analytic, numeric);
  EXPECT_LE(e, kGradTol) << what << ": relative L2 error " << e;
}

inline bool sameBits(const std::vector<float> &a, const std::vector<float> &b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

} // namespace echo_test

#endif // ECHO_RUNTIME_TESTS_TESTUTIL_H
