// Planned convolution workspaces (workspace-budget=BYTES): every
// convolution entry of the step (forward, backward data, backward filter)
// gets a buffer of the budget in category `workspace`, which the planner
// places in the arena, the memory report counts, and the CPU runtime
// measures: planned == measured still holds. The CPU backend does not use
// the buffer, so the step's results are bit-identical to the unbudgeted
// step's.
// RUN: echo-opt %S/Inputs/cnn.mlir --echo-autodiff -o %t.step.mlir
//
// The plan: one arena view of the budget per convolution call: the
// forward function's conv2d, and the step's conv2d and conv2d_grad_weight
// (the input needs no gradient).
// RUN: echo-opt %t.step.mlir '--echo-training-pipeline=workspace-budget=1048576' | FileCheck %s --check-prefix=PLAN
// PLAN-LABEL: func.func @train_step(
// PLAN-DAG: memref.view {{.*}}echo.category = #echo.category<workspace>, echo.slice = #echo.slice<offset = {{[0-9]+}}, bytes = 1048576,{{.*}} to memref<1048576xi8>
// PLAN-DAG: call @echo_conv2d(
// PLAN-DAG: call @echo_conv2d_grad_weight(
// RUN: echo-opt %t.step.mlir '--echo-training-pipeline=workspace-budget=1048576' | grep -c 'echo.category = #echo.category<workspace>' | FileCheck %s --check-prefix=COUNT
// COUNT: 3
// Without a budget there is none.
// RUN: echo-opt %t.step.mlir --echo-training-pipeline | FileCheck %s --check-prefix=NONE
// NONE-NOT: "workspace"
// NONE: call @echo_conv2d(
//
// The memory report: a 1 MiB workspace is what is live at the peak.
// RUN: echo-opt %t.step.mlir '--echo-training-pipeline=workspace-budget=1048576' --echo-memory-report=format=json -o /dev/null 2> %t.ws.json
// RUN: echo-opt %t.step.mlir --echo-training-pipeline --echo-memory-report=format=json -o /dev/null 2> %t.none.json
// RUN: python3 %S/Inputs/check_report.py %t.ws.json --function train_step | FileCheck %s --check-prefix=OK
// OK: report ok: @train_step
// RUN: python3 -c "import json, sys; f = lambda p: [d for d in map(json.loads, filter(str.strip, open(p))) if d['function'] == 'train_step'][0]; w, z = f(sys.argv[1]), f(sys.argv[2]); print('workspace at peak', w['breakdown']['workspace'], 'none', z['breakdown']['workspace']); print('arena holds it', w['arena_bytes'] >= 1048576, w['persistent_bytes'] == z['persistent_bytes'])" %t.ws.json %t.none.json | FileCheck %s --check-prefix=REPORT
// REPORT: workspace at peak 1048576 none 0
// REPORT-NEXT: arena holds it True True
//
// Planned == measured on the CPU backend, with the arena and without it
// (where each workspace is its own allocation, measured under
// `workspace`).
// RUN: echo-run %t.step.mlir --no-cache --workspace-budget=1048576 --memory-stats=json > %t.ws.stats
// RUN: python3 %S/Inputs/compare_peak.py %t.ws.json %t.ws.stats | FileCheck %s --check-prefix=AGREE
// AGREE: peak agrees: {{[1-9][0-9]*}} bytes
// RUN: echo-run %t.step.mlir --no-cache --no-buffer-assign --workspace-budget=1048576 --memory-stats=json > %t.own.stats
// RUN: python3 -c "import json, sys; d = json.loads([l for l in open(sys.argv[1]) if l.strip()][-1]); print('measured workspace at peak', d['by_category']['workspace'])" %t.own.stats | FileCheck %s --check-prefix=OWN
// OWN: measured workspace at peak 1048576
//
// Bit-identical results with and without the budget.
// RUN: echo-run %t.step.mlir --no-cache --iterations 2 --dump-results %t.none.out
// RUN: echo-run %t.step.mlir --no-cache --iterations 2 --workspace-budget=1048576 --dump-results %t.ws.out
// RUN: cmp %t.none.out %t.ws.out
//
// Invalid budgets.
// RUN: not echo-opt %t.step.mlir '--echo-training-pipeline=workspace-budget=-1' 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not echo-run %t.step.mlir --no-cache --workspace-budget=-1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: echo-plan-workspaces: the workspace budget must be 0 or more bytes, got -1
// RUN: not echo-opt %t.step.mlir '--echo-training-pipeline=workspace-budget=lots' 2>&1 | FileCheck %s --check-prefix=NAN
// NAN: for the --workspace-budget option: 'lots' value invalid
