// Every error of --echo-autodiff with the default options. Errors that
// depend on options are in autodiff-invalid-options.mlir.
// RUN: echo-opt %s --echo-autodiff -split-input-file -verify-diagnostics

// No argument anywhere is marked echo.trainable (reported on the module).
// expected-error@+1 {{echo-autodiff: no function has an argument marked {echo.trainable}}}
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<f32> {
    %l = echo.reduce sum %x dims [0] : tensor<4xf32> -> tensor<f32>
    return %l : tensor<f32>
  }
}

// -----

// Several candidate functions: reported on the second one.
func.func @f(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %l = echo.reduce sum %w dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
// expected-error@+1 {{echo-autodiff: several functions have echo.trainable arguments; choose one with function=NAME}}
func.func @g(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %l = echo.reduce mean %w dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// The loss must be a scalar.
// expected-error@+1 {{echo-autodiff: the forward function must return one scalar loss of type tensor<f32>, got '(tensor<4xf32>) -> tensor<1xf32>'}}
func.func @vector_loss(%w: tensor<4xf32> {echo.trainable}) -> tensor<1xf32> {
  %l = echo.reduce sum %w dims [0] keepdims : tensor<4xf32> -> tensor<1xf32>
  return %l : tensor<1xf32>
}

// -----

// The loss must be f32.
// expected-error@+1 {{echo-autodiff: the forward function must return one scalar loss of type tensor<f32>, got '(tensor<4xf16>) -> tensor<f16>'}}
func.func @f16_loss(%w: tensor<4xf16> {echo.trainable}) -> tensor<f16> {
  %l = echo.reduce sum %w dims [0] : tensor<4xf16> -> tensor<f16>
  return %l : tensor<f16>
}

// -----

// Exactly one loss.
// expected-error@+1 {{echo-autodiff: the forward function must return one scalar loss of type tensor<f32>, got '(tensor<4xf32>) -> (tensor<f32>, tensor<f32>)'}}
func.func @two_results(%w: tensor<4xf32> {echo.trainable}) -> (tensor<f32>, tensor<f32>) {
  %l = echo.reduce sum %w dims [0] : tensor<4xf32> -> tensor<f32>
  return %l, %l : tensor<f32>, tensor<f32>
}

// -----

// A trainable argument must be a float tensor.
// expected-error@+1 {{echo-autodiff: trainable argument #1 must be a float tensor, got 'tensor<4xi32>'}}
func.func @int_param(%w: tensor<4xf32> {echo.trainable}, %i: tensor<4xi32> {echo.trainable}) -> tensor<f32> {
  %l = echo.reduce sum %w dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// The generated function's name (default train_step) must be free.
// expected-error@+1 {{echo-autodiff: a symbol named 'train_step' already exists; choose another with output=NAME}}
func.func @f(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %l = echo.reduce sum %w dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
func.func @train_step() {
  return
}

// -----

// Control flow: a body of several blocks.
// expected-error@+1 {{echo-autodiff: the forward function must have a body of one block (unroll loops and recurrences first)}}
func.func @blocks(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %l = echo.reduce sum %w dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
^bb1:
  return %l : tensor<f32>
}

// -----

// A declaration has no body to differentiate.
// expected-error@+1 {{echo-autodiff: the forward function must have a body of one block}}
func.func private @external(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32>

// -----

// Control flow: an op with regions.
func.func @region(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  // expected-error@+1 {{'scf.execute_region' op has regions; echo-autodiff handles straight-line code only}}
  %e = scf.execute_region -> tensor<4xf32> {
    scf.yield %w : tensor<4xf32>
  }
  %l = echo.reduce sum %e dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// An arith op on tensors between a trainable argument and the loss.
func.func @arith_on_path(%x: tensor<4xf32>, %w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  // expected-error@+1 {{'arith.mulf' op has no gradient rule (DifferentiableOpInterface) but lies between a trainable argument and the loss}}
  %y = arith.mulf %x, %w : tensor<4xf32>
  %t = echo.tanh %y : tensor<4xf32>
  %l = echo.reduce sum %t dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// A math op on tensors between a trainable argument and the loss.
func.func @math_on_path(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %y = echo.relu %w : tensor<4xf32>
  // expected-error@+1 {{'math.exp' op has no gradient rule (DifferentiableOpInterface) but lies between a trainable argument and the loss}}
  %e = math.exp %y : tensor<4xf32>
  %l = echo.reduce sum %e dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// The forward must not contain stashes: echo.stash has no gradient rule.
func.func @stash_in_forward(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  %t = echo.tanh %w : tensor<4xf32>
  // expected-error@+1 {{'echo.stash' op has no gradient rule (DifferentiableOpInterface) but lies between a trainable argument and the loss}}
  %s = echo.stash %t : tensor<4xf32>
  %l = echo.reduce sum %s dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}

// -----

// echo.recompute passes the region check but has no gradient rule.
func.func @recompute_in_forward(%w: tensor<4xf32> {echo.trainable}) -> tensor<f32> {
  // expected-error@+1 {{'echo.recompute' op has no gradient rule (DifferentiableOpInterface) but lies between a trainable argument and the loss}}
  %e = echo.recompute(%w) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %t = echo.tanh %a : tensor<4xf32>
    echo.yield %t : tensor<4xf32>
  }
  %l = echo.reduce sum %e dims [0] : tensor<4xf32> -> tensor<f32>
  return %l : tensor<f32>
}
