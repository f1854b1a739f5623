// What each op's backward ops read, derived from the IR the
// DifferentiableOpInterface builds (Echo, Sec. IV-B: FC and conv gradients
// read only their inputs, so their outputs need not be stashed).
// RUN: echo-opt %s --test-print-gradient-deps -verify-diagnostics -o /dev/null

func.func @heavy(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>, %b: tensor<16xf32>,
                 %a: tensor<4x8xf32>, %m: tensor<8x3xf32>,
                 %cx: tensor<1x3x8x8xf32>, %cw: tensor<4x3x3x3xf32>, %cb: tensor<4xf32>,
                 %table: tensor<10x4xf32>, %ids: tensor<5xi32>) {
  // expected-remark@+1 {{gradient reads operands [0, 1] results []}}
  %0 = echo.linear %x, %w, %b : (tensor<4x8xf32>, tensor<16x8xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  // expected-remark@+1 {{gradient reads operands [0, 1] results []}}
  %1 = echo.matmul %a, %m : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  // expected-remark@+1 {{gradient reads operands [0, 1] results []}}
  %2 = echo.conv2d %cx, %cw, %cb : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  // Only the indices: the table itself is not needed for its gradient.
  // expected-remark@+1 {{gradient reads operands [1] results []}}
  %3 = echo.embedding %table, %ids : (tensor<10x4xf32>, tensor<5xi32>) -> tensor<5x4xf32>
  return
}

func.func @activations(%x: tensor<4x8xf32>) {
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %0 = echo.relu %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %1 = echo.tanh %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %2 = echo.sigmoid %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [0] results []}}
  %3 = echo.gelu %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %4 = echo.exp %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [0] results []}}
  %5 = echo.log %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %6 = echo.neg %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %7 = echo.sqrt %x : tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %8 = echo.rsqrt %x : tensor<4x8xf32>
  return
}

// Echo's Figure 7 case: add needs nothing, so only tanh's output is stashed.
func.func @binary(%a: tensor<4x8xf32>, %b: tensor<8xf32>) {
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %0 = echo.add %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %1 = echo.sub %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [0, 1] results []}}
  %2 = echo.mul %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // d/da reads b; d/db reads the output and b, never a.
  // expected-remark@+1 {{gradient reads operands [1] results [0]}}
  %3 = echo.div %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  // expected-remark@+1 {{gradient reads operands [0, 1] results []}}
  %4 = echo.max %a, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return
}

func.func @layers(%x: tensor<2x4x8x8xf32>, %c: tensor<4xf32>, %c1: tensor<4xf32>, %c2: tensor<4xf32>, %c3: tensor<4xf32>,
                  %l: tensor<6x8xf32>, %g: tensor<8xf32>, %g1: tensor<8xf32>,
                  %logits: tensor<6x8xf32>, %labels: tensor<6xi32>) {
  // Dropout's backward reads only the mask (result #1): Echo's 1-bit case.
  // expected-remark@+1 {{gradient reads operands [] results [1]}}
  %y, %mask = echo.dropout %x probability 0.5 seed 1 : tensor<2x4x8x8xf32> -> tensor<2x4x8x8xf32>, tensor<2x4x8x8xi1>
  // expected-remark@+1 {{gradient reads operands [0] results [0]}}
  %0 = echo.max_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %1 = echo.avg_pool2d %x {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>} : tensor<2x4x8x8xf32> -> tensor<2x4x4x4xf32>
  // Input, gamma and the saved statistics (results #3, #4).
  // expected-remark@+1 {{gradient reads operands [0, 1] results [3, 4]}}
  %bn:5 = echo.batch_norm %x, %c, %c1, %c2, %c3 : (tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x8x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  // expected-remark@+1 {{gradient reads operands [0, 1] results [1, 2]}}
  %ln:3 = echo.layer_norm %l, %g, %g1 : (tensor<6x8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<6x8xf32>, tensor<6xf32>, tensor<6xf32>)
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %2 = echo.softmax %l : tensor<6x8xf32>
  // expected-remark@+1 {{gradient reads operands [] results [0]}}
  %3 = echo.log_softmax %l : tensor<6x8xf32>
  // expected-remark@+1 {{gradient reads operands [0, 1] results []}}
  %4 = echo.cross_entropy %logits, %labels : (tensor<6x8xf32>, tensor<6xi32>) -> tensor<f32>
  return
}

func.func @reductions_and_shapes(%x: tensor<6x8xf32>, %a: tensor<6x3xf32>) {
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %0 = echo.reduce sum %x dims [1] : tensor<6x8xf32> -> tensor<6xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %1 = echo.reduce mean %x dims [0] keepdims : tensor<6x8xf32> -> tensor<1x8xf32>
  // expected-remark@+1 {{gradient reads operands [0] results [0]}}
  %2 = echo.reduce max %x dims [1] : tensor<6x8xf32> -> tensor<6xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %3 = echo.concat %x, %a axis 1 : (tensor<6x8xf32>, tensor<6x3xf32>) -> tensor<6x11xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %4 = echo.slice %x offsets [0, 2] : tensor<6x8xf32> -> tensor<6x4xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %5:2 = echo.split %x axis 1 : tensor<6x8xf32> -> tensor<6x4xf32>, tensor<6x4xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %6 = echo.reshape %x : tensor<6x8xf32> -> tensor<48xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %7 = echo.transpose %x permutation [1, 0] : tensor<6x8xf32> -> tensor<8x6xf32>
  // expected-remark@+1 {{gradient reads operands [] results []}}
  %8 = echo.broadcast_to %x : tensor<6x8xf32> -> tensor<2x6x8xf32>
  return
}
