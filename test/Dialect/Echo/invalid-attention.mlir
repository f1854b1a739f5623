// Every verifier error of echo.attention and echo.attention_grad, at the op.
// RUN: echo-opt %s -split-input-file -verify-diagnostics

func.func @query_rank(%q: tensor<4x16x8xf32>, %k: tensor<2x4x16x8xf32>) {
  // expected-error@+1 {{'echo.attention' query must be a [B, H, Lq, D] tensor, got 'tensor<4x16x8xf32>'}}
  %o, %l = echo.attention %q, %k, %k : tensor<4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  return
}

// -----

func.func @key_rank(%q: tensor<2x4x16x8xf32>, %k: tensor<8x16x8xf32>) {
  // expected-error@+1 {{key must be [B, H, Lk, D], got 'tensor<8x16x8xf32>'}}
  %o, %l = echo.attention %q, %k, %k : tensor<2x4x16x8xf32>, tensor<8x16x8xf32>, tensor<8x16x8xf32>
  return
}

// -----

func.func @head_dim(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x4xf32>) {
  // expected-error@+1 {{head dimension D of query (8) and key (4) differ}}
  %o, %l = echo.attention %q, %k, %k : tensor<2x4x16x8xf32>, tensor<2x4x16x4xf32>, tensor<2x4x16x4xf32>
  return
}

// -----

func.func @key_value(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %v: tensor<2x4x12x8xf32>) {
  // expected-error@+1 {{key shape [2, 4, 16, 8] and value shape [2, 4, 12, 8] differ}}
  %o, %l = echo.attention %q, %k, %v : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x12x8xf32>
  return
}

// -----

func.func @heads(%q: tensor<2x4x16x8xf32>, %k: tensor<2x2x16x8xf32>) {
  // expected-error@+1 {{query [B, H] = [2, 4] and key [B, H] = [2, 2] differ}}
  %o, %l = echo.attention %q, %k, %k : tensor<2x4x16x8xf32>, tensor<2x2x16x8xf32>, tensor<2x2x16x8xf32>
  return
}

// -----

func.func @element_types(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xbf16>) {
  // expected-error@+1 {{query, key, value and mask must share one element type, got 'f32' and 'bf16'}}
  %o, %l = echo.attention %q, %k, %k : tensor<2x4x16x8xf32>, tensor<2x4x16x8xbf16>, tensor<2x4x16x8xbf16>
  return
}

// -----

func.func @mask_shape(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x12x8xf32>, %m: tensor<16x16xf32>) {
  // expected-error@+1 {{mask shape [16, 16] does not broadcast to the scores' [B, H, Lq, Lk] = [2, 4, 16, 12]}}
  %o, %l = echo.attention %q, %k, %k mask %m : tensor<2x4x16x8xf32>, tensor<2x4x12x8xf32>, tensor<2x4x12x8xf32>, tensor<16x16xf32>
  return
}

// -----

func.func @mask_rank(%q: tensor<2x4x16x8xf32>, %k: tensor<2x4x16x8xf32>, %m: tensor<1x2x4x16x16xf32>) {
  // expected-error@+1 {{mask shape [1, 2, 4, 16, 16] does not broadcast}}
  %o, %l = echo.attention %q, %k, %k mask %m : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<1x2x4x16x16xf32>
  return
}

// -----

func.func @mask_element_type(%q: tensor<2x4x16x8xf32>, %m: tensor<16x16xf16>) {
  // expected-error@+1 {{must share one element type, got 'f32' and 'f16'}}
  %o, %l = echo.attention %q, %q, %q mask %m : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<16x16xf16>
  return
}

// -----

func.func @scale(%q: tensor<2x4x16x8xf32>) {
  // expected-error@+1 {{scale must be finite and positive, got -1}}
  %o, %l = echo.attention %q, %q, %q {scale = -1.0 : f64} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  return
}

// -----

func.func @dropout(%q: tensor<2x4x16x8xf32>) {
  // expected-error@+1 {{dropout must be in [0, 1), got 1}}
  %o, %l = echo.attention %q, %q, %q {dropout = 1.0 : f64} : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>
  return
}

// -----

func.func @result_types(%q: tensor<2x4x16x8xf32>) {
  // expected-error@+2 {{'echo.attention' op inferred type(s) 'tensor<2x4x16x8xf32>', 'tensor<2x4x16xf32>' are incompatible with return type(s) of operation 'tensor<2x4x16x8xf32>', 'tensor<2x4x16x8xf32>'}}
  // expected-error@+1 {{'echo.attention' op failed to infer returned types}}
  %o:2 = "echo.attention"(%q, %q, %q) : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>)
  return
}

// -----

func.func @grad_lse(%q: tensor<2x4x16x8xf32>, %lse: tensor<2x4x8xf32>) {
  // expected-error@+1 {{lse must be [2, 4, 16] ([B, H, Lq]), got [2, 4, 8]}}
  %dq, %dk, %dv = echo.attention_grad %q, %q, %q, %q, %lse, %q : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x8xf32>, tensor<2x4x16x8xf32>
  return
}

// -----

func.func @grad_output(%q: tensor<2x4x16x8xf32>, %o: tensor<2x4x16x4xf32>, %lse: tensor<2x4x16xf32>) {
  // expected-error@+1 {{output type 'tensor<2x4x16x4xf32>' must be the query type 'tensor<2x4x16x8xf32>'}}
  %dq, %dk, %dv = echo.attention_grad %q, %q, %q, %o, %lse, %q : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x4xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>
  return
}

// -----

func.func @grad_mask(%q: tensor<2x4x16x8xf32>, %lse: tensor<2x4x16xf32>, %m: tensor<3x16xf32>) {
  // expected-error@+1 {{mask shape [3, 16] does not broadcast}}
  %dq, %dk, %dv = echo.attention_grad %q, %q, %q, %q, %lse, %q mask %m : tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>, tensor<2x4x16xf32>, tensor<2x4x16x8xf32>, tensor<3x16xf32>
  return
}
