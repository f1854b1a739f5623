// A chain of 1,500 light ops (linear -> 1,500 tanh -> linear ->
// cross_entropy, printed by bench/compile-time/gen_light_chain.py): one
// region per backward use would re-run the chain up to each use, 1,124,250
// cloned ops, over RematPeakModel::kPerUseBudget (2^20). The regions are
// joined where they share ops instead (here: all of them), so echo-remat
// stays linear in the chain; per-use regions would give 1,499 regions.
// RUN: python3 %S/../../bench/compile-time/gen_light_chain.py --ops 1500 \
// RUN:   | echo-opt --echo-autodiff \
// RUN:   | echo-opt '--echo-remat=remarks=true' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s

// CHECK: remark: echo-remat: modeled peak
// CHECK: remark: echo-remat: recompute 1499 ops in 1 region(s)
// CHECK-NOT: region(s)
