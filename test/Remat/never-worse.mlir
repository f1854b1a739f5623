// "Echo never increases the footprint" (Section V-A): for every model that
// `echo-models --list` ships, at small sizes, planned_peak_bytes of the
// training step with remat=echo must not exceed remat=none (Baseline). The
// script prints none/echo/mirror peaks and stashed bytes for each model.
// RUN: python3 %S/Inputs/never_worse.py echo-opt | FileCheck %s
// remat=optimal, with and without recompute-heavy, must not exceed
// remat=echo. Its search is bounded by node counts, so the plan does not
// depend on the machine's load; the script's 20 s time-limit is only the
// safety stop, which keeps the test short: NMT's largest subgraph spends
// longer than that at CBC's root, so there Echo's plan is kept (with a
// warning), which the check holds to as well.
// CHECK: model mlp peak none={{[0-9]+}} echo={{[0-9]+}} mirror={{[0-9]+}} optimal={{[0-9]+}} heavy={{[0-9]+}}
// CHECK: model lstm-lm peak none={{[0-9]+}} echo={{[0-9]+}} mirror={{[0-9]+}} optimal={{[0-9]+}} heavy={{[0-9]+}}
// CHECK-NOT: FAIL
// CHECK: KNOWN vit: planned_peak_bytes heavy
// CHECK-NOT: FAIL
// CHECK: never worse: OK
// REQUIRES: slow
// REQUIRES: long
