// RUN: not echo-opt %s 2>&1 | FileCheck %s
// CHECK: {{.*}}truncated-encoded-type.mlir:[[@LINE+2]]:{{[0-9]+}}: error: unbalanced '<' character in pretty dialect name
// The file ends inside an !echo.encoded type.
func.func @f(%e: !echo.encoded<tensor<4xf32>, #echo.encoding<fp