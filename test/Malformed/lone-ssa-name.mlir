// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}lone-ssa-name.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected '=' after SSA name
// An otherwise empty file with a lone SSA name.
%x
