// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}junk-tokens.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected operation name in quotes
// Nothing but junk tokens.
}} ) ] %%% @@ -> : ^^ #
