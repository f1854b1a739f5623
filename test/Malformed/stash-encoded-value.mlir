// RUN: not echo-opt %s 2>&1 | FileCheck %s
func.func @f(%e: !echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>) {
  // CHECK: {{.*}}stash-encoded-value.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'echo.stash' invalid kind of type specified: expected builtin.tensor, but found '!echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>'
  %s = echo.stash %e : !echo.encoded<tensor<4xf32>, #echo.encoding<fp8>>
  return
}
