//===- CrossEntropyArgs.cpp - Checked arguments of cross-entropy ----------===//

#include "CrossEntropyArgs.h"

using namespace echo_rt;

namespace {
/// Labels shaped like the logits' rows; fails on logits without classes.
void checkRows(const char *E, const TensorView &logits,
               const TensorView &labels, int64_t &rows, int64_t &classes) {
  expectMinRank(E, logits, "logits", 1);
  expectRank(E, labels, "labels", logits.rank - 1);
  for (int d = 0; d + 1 < logits.rank; ++d)
    expectDim(E, labels, "labels", d, logits.size(d));
  rows = logits.rows();
  classes = logits.last();
}

void checkClasses(const char *E, const TensorView &logits, int64_t rows,
                  int64_t classes) {
  if (rows > 0 && classes == 0)
    fail(E, "logits %s have no classes", logits.shapeStr().c_str());
}
} // namespace

CrossEntropyArgs echo_rt::crossEntropyArgs(const char *E, const Operand &logits,
                                           const Operand &labels,
                                           const Operand &loss) {
  CrossEntropyArgs a;
  a.logits = logits.view();
  a.labels = labels.view();
  a.loss = loss.view();
  checkRows(E, a.logits, a.labels, a.rows, a.classes);
  expectRank(E, a.loss, "loss", 0);
  checkClasses(E, a.logits, a.rows, a.classes);
  return a;
}

CrossEntropyGradArgs echo_rt::crossEntropyGradArgs(const char *E,
                                                   const Operand &logits,
                                                   const Operand &labels,
                                                   const Operand &dloss,
                                                   const Operand &dlogits) {
  CrossEntropyGradArgs a;
  a.logits = logits.view();
  a.labels = labels.view();
  a.dloss = dloss.view();
  a.dlogits = dlogits.view();
  checkRows(E, a.logits, a.labels, a.rows, a.classes);
  expectRank(E, a.dloss, "dloss", 0);
  expectSameShape(E, a.dlogits, "dlogits", a.logits, "logits");
  checkClasses(E, a.logits, a.rows, a.classes);
  return a;
}

void echo_rt::labelOutOfRange(const char *E, int64_t label, int64_t row,
                              int64_t classes) {
  fail(E, "label %lld of row %lld is outside [0, %lld)", (long long)label,
       (long long)row, (long long)classes);
}
