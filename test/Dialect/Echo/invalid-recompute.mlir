// RUN: echo-opt %s -split-input-file -verify-diagnostics
// Errors of echo.recompute's region and its echo.yield terminator.

func.func @recompute_arg_type_mismatch(%s: tensor<8x64xf32>) {
  // expected-error @+1 {{'echo.recompute' op body argument #0 has type 'tensor<8x32xf32>' but input #0 has type 'tensor<8x64xf32>'}}
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x32xf32> {
  ^bb0(%in: tensor<8x32xf32>):
    %t = echo.tanh %in : tensor<8x32xf32>
    echo.yield %t : tensor<8x32xf32>
  }
  return
}

// -----

func.func @recompute_captured_value(%s: tensor<8x64xf32>, %other: tensor<8x64xf32>) {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    // %other is defined above the isolated region.
    // expected-error @+1 {{'echo.add' op using value defined outside the region}}
    %t = echo.add %in, %other : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    echo.yield %t : tensor<8x64xf32>
  }
  return
}

// -----

func.func @recompute_empty_body(%s: tensor<4xf32>) {
  // expected-error @+1 {{'echo.recompute' op expects a non-empty block}}
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  }
  return
}

// -----

func.func @recompute_foreign_terminator(%s: tensor<4xf32>) {
  // expected-error @+1 {{'echo.recompute' op body must end with 'echo.yield'}}
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    llvm.unreachable
  }
  return
}

// -----

func.func @recompute_generic_no_block(%x: tensor<4xf32>) {
  // expected-error @+1 {{'echo.recompute' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %r = "echo.recompute"(%x) ({}) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @recompute_missing_block_args(%s: tensor<4xf32>) {
  // expected-error @+1 {{'echo.recompute' op body has 0 arguments but the op has 1 inputs}}
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
    %z = echo.zeros : tensor<4xf32>
    echo.yield %z : tensor<4xf32>
  }
  return
}

// -----

func.func @recompute_missing_terminator(%s: tensor<4xf32>) {
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // expected-error @+1 {{block with no terminator}}
    %t = echo.tanh %in : tensor<4xf32>
  }
  return
}

// -----

func.func @recompute_side_effects(%s: tensor<4xf32>) {
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // expected-error @+1 {{'echo.offload' op has side effects and cannot be recomputed}}
    %h, %t = echo.offload %in : tensor<4xf32>
    echo.yield %in : tensor<4xf32>
  }
  return
}

// -----

func.func @recompute_two_blocks(%s: tensor<4xf32>) {
  // expected-error @+1 {{'echo.recompute' op expects region #0 to have 0 or 1 blocks}}
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    echo.yield %in : tensor<4xf32>
  ^bb1(%in2: tensor<4xf32>):
    echo.yield %in2 : tensor<4xf32>
  }
  return
}

// -----

func.func @recompute_wrong_yield_count(%s: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    %t = echo.tanh %in : tensor<8x64xf32>
    // expected-error @+1 {{'echo.yield' op yields types}}
    echo.yield %t, %t : tensor<8x64xf32>, tensor<8x64xf32>
  }
  return
}

// -----

func.func @recompute_wrong_yield_type(%s: tensor<8x64xf32>) {
  %r = echo.recompute (%s) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  ^bb0(%in: tensor<8x64xf32>):
    %t = echo.reduce sum %in dims [1] : tensor<8x64xf32> -> tensor<8xf32>
    // expected-error @+1 {{'echo.yield' op yields types 'tensor<8xf32>' but the enclosing 'echo.recompute' returns 'tensor<8x64xf32>'}}
    echo.yield %t : tensor<8xf32>
  }
  return
}

// -----

func.func @return_inside_recompute(%s: tensor<4xf32>) {
  %r = echo.recompute (%s) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%in: tensor<4xf32>):
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %in : tensor<4xf32>
  }
  return
}

// -----

func.func @yield_outside_recompute(%x: tensor<4xf32>) {
  // expected-error @+1 {{'echo.yield' op expects parent op 'echo.recompute'}}
  echo.yield %x : tensor<4xf32>
}

// -----

func.func @yield_with_results(%x: tensor<4xf32>) {
  %r = "echo.recompute"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'echo.yield' op requires zero results}}
    %bad = "echo.yield"(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
