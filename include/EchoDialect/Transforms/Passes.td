//===- Passes.td - echo-mlir transformation passes ---------*- tablegen -*-===//

#ifndef ECHO_TRANSFORMS_PASSES_TD
#define ECHO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def EchoAutodiff : Pass<"echo-autodiff", "::mlir::ModuleOp"> {
  let summary = "Build the training step of a forward function (reverse mode)";
  let description = [{
    Takes a forward function `func.func @NAME(args...) -> tensor<f32>` whose
    trainable arguments carry the unit attribute `echo.trainable`, and adds a
    new function (`output` option, default `@train_step`) that runs the
    forward pass, then the backward pass in reverse order, built with each
    op's DifferentiableOpInterface.

    * Gradients of values with several uses are accumulated with `echo.add`
      (a weight used by T unrolled time steps gets one gradient).
    * Every forward value that a backward op reads is routed through one
      `echo.stash` placed right after its definition; backward ops read the
      stash. This is the Baseline training step all memory passes start
      from. Function arguments are live for the whole step and are not
      stashed.
    * Without an optimizer the step returns the loss and one gradient per
      trainable argument, in argument order. With `optimizer=sgd|momentum|adam`
      it applies `echo.sgd_update`/`echo.adam_update` and returns the loss,
      the new parameters and the new optimizer state; the optimizer state
      (velocity for momentum; m, v and the step count for adam) is appended to
      the arguments. Every result that replaces an argument carries the
      result attribute `echo.update_of = <argument index>`, which is how
      `echo-run --iterations` feeds it back.
    * With an optimizer the step also returns, last and in argument order,
      the new running mean and variance of every `echo.batch_norm` whose
      running statistics are arguments (each with `echo.update_of`), so
      iterating the step updates them as PyTorch's training mode does.
    * With an optimizer and `eager-updates` (the default), each update runs
      right after the last op that defines its operands (the gradient's final
      accumulation), in the backward pass, so each gradient dies there
      instead of living until the end of the step. The updates compute the
      same values; only their position changes.
    * `loss-scale=dynamic` (with an optimizer; PyTorch's GradScaler,
      docs/mixed-precision.md) appends one more optimizer-state argument,
      `tensor<2xf32>` = [scale, good steps], and its new value as a result
      (`echo.update_of`). The backward pass starts from the scale instead of
      1.0; each parameter's gradient is multiplied by 1/scale and its
      non-finite elements counted (`echo.nonfinite_count`). When the count
      is nonzero every update is discarded (`echo.select`: parameters and
      optimizer state, Adam's step count included, keep their values bit for
      bit); `echo.loss_scale_update` backs the scale off or grows it after
      `loss-scale-growth-interval` good steps. The loss returned is the
      unscaled loss. The updates then run at the end of the step, after
      every gradient is checked (`eager-updates` does not apply).

    Example (`--echo-autodiff`):

    ```mlir
    // Before
    func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable},
                 %labels: tensor<4xi32>) -> tensor<f32> {
      %y = echo.linear %x, %w : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
      %t = echo.tanh %y : tensor<4x16xf32>
      %l = echo.cross_entropy %t, %labels : (tensor<4x16xf32>, tensor<4xi32>) -> tensor<f32>
      return %l : tensor<f32>
    }
    // After (added next to @f)
    func.func @train_step(%x: tensor<4x8xf32>, %w: tensor<16x8xf32> {echo.trainable},
                          %labels: tensor<4xi32>) -> (tensor<f32>, tensor<16x8xf32>) {
      %y = echo.linear %x, %w : ...
      %t = echo.tanh %y : tensor<4x16xf32>
      %t_s = echo.stash %t : tensor<4x16xf32>
      %l = echo.cross_entropy %t, %labels : ...
      %one = echo.fill 1.0 : tensor<f32>
      %dt = echo.cross_entropy_grad %t_s, %labels, %one : ...
      %dy = echo.tanh_grad %t_s, %dt : tensor<4x16xf32>
      %dw = echo.linear_grad_weight %dy, %x : ...
      return %l, %dw : tensor<f32>, tensor<16x8xf32>
    }
    ```

    Errors (located diagnostics, pass failure): no forward function found,
    a loss that is not a scalar `tensor<f32>`, no `echo.trainable`
    argument, an op without DifferentiableOpInterface on the path from a
    trainable argument to the loss (the message names the op), control flow.
  }];
  let options = [
    Option<"function", "function", "std::string", /*default=*/"\"\"",
           "Forward function to differentiate (default: the only function "
           "with an echo.trainable argument)">,
    Option<"output", "output", "std::string", /*default=*/"\"train_step\"",
           "Name of the generated training-step function">,
    Option<"optimizer", "optimizer", "::mlir::echo::OptimizerKind",
           /*default=*/"::mlir::echo::OptimizerKind::None",
           "Update appended to the step", "::mlir::echo::optionValues<::mlir::echo::OptimizerKind>()">,
    Option<"learningRate", "lr", "double", /*default=*/"0.01",
           "Learning rate of the update">,
    Option<"momentum", "momentum", "double", /*default=*/"0.9",
           "Momentum (optimizer=momentum)">,
    Option<"weightDecay", "weight-decay", "double", /*default=*/"0.0",
           "L2 weight decay (sgd, momentum)">,
    Option<"beta1", "beta1", "double", /*default=*/"0.9", "Adam beta1">,
    Option<"beta2", "beta2", "double", /*default=*/"0.999", "Adam beta2">,
    Option<"epsilon", "epsilon", "double", /*default=*/"1.0e-8", "Adam epsilon">,
    Option<"skipExisting", "skip-existing", "bool", /*default=*/"false",
           "Do nothing if the output function already exists (pipelines "
           "accept both forward functions and training steps)">,
    Option<"eagerUpdates", "eager-updates", "bool", /*default=*/"true",
           "Apply each parameter's update right after its gradient is "
           "final, so the gradient's buffer dies there (same values, bit "
           "for bit); false keeps every update at the end of the step. "
           "Ignored under loss-scale=dynamic, whose updates all run at the "
           "end (every gradient is checked first)">,
    Option<"lossScale", "loss-scale", "::mlir::echo::LossScaleMode",
           /*default=*/"::mlir::echo::LossScaleMode::None",
           "Loss scaling for 16-bit gradients (needs an optimizer). dynamic: "
           "PyTorch GradScaler's; the updates then run at the end of the "
           "step, after every gradient is checked",
           "::mlir::echo::optionValues<::mlir::echo::LossScaleMode>()">,
    Option<"lossScaleInit", "loss-scale-init", "double",
           /*default=*/"65536.0",
           "loss-scale=dynamic: the scale of the first step (positive, "
           "finite in f32)">,
    Option<"lossScaleGrowthInterval", "loss-scale-growth-interval",
           "int64_t", /*default=*/"2000",
           "loss-scale=dynamic: consecutive good steps after which the "
           "scale grows (at least 1)">,
    Option<"lossScaleGrowth", "loss-scale-growth", "double",
           /*default=*/"2.0",
           "loss-scale=dynamic: factor of a growth (above 1)">,
    Option<"lossScaleBackoff", "loss-scale-backoff", "double",
           /*default=*/"0.5",
           "loss-scale=dynamic: factor after a step with an inf/NaN "
           "gradient, in (0, 1)">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoDataParallel : Pass<"echo-data-parallel", "::mlir::func::FuncOp"> {
  let summary = "Make a training step one rank's step of data-parallel training";
  let description = [{
    Turns a training step (the output of `echo-autodiff`, before the memory
    passes) into the step each of `ranks` processes runs on its own part of
    the batch, as PyTorch's DistributedDataParallel does: the step keeps its
    shapes (build the model at the per-rank batch, the global batch divided
    by `ranks`), and every weight gradient is averaged over the ranks with
    `echo.all_reduce mean` right after its definition (or that of the last
    gradient of its bucket, below), so each collective can start as soon as
    backward has produced its gradients and the
    optimizer updates the same parameters on every rank. The loss is
    averaged too, so every rank returns the loss of the whole batch.

    Gradients are the `grad` operands of `echo.sgd_update` and
    `echo.adam_update`, and, in a step without an optimizer, the results
    that are not the loss (result 0) and not an `echo.update_of`. With
    dynamic loss scaling the unscaled gradient is averaged, so every rank
    counts the same non-finite elements and skips the same steps. A
    gradient already averaged by `echo.all_reduce` is left alone (the pass
    is idempotent). Functions without `echo.loss_seed` are not training
    steps and are left unchanged.

    With `sync-batch-norm` (the default) every `echo.batch_norm` normalizes
    with the statistics of all ranks' samples, as PyTorch's SyncBatchNorm:
    the ranks' per-channel means and variances are averaged as equal parts
    (two `echo.all_reduce` of `[C]` tensors), the output and the running
    statistics are recomputed with them, and backward adds to each input
    gradient the other ranks' part of the two per-channel sums it
    subtracts, from the averaged beta and gamma gradients. The step then
    computes what one process computes on the whole batch.
    `sync-batch-norm=false` keeps each rank's statistics (DDP without
    SyncBatchNorm).

    `bucket-bytes` (default 25 MiB, DDP's `bucket_cap_mb`) averages the
    gradients in buckets, one collective each, so that small gradients
    (biases, batch-norm gamma and beta) do not each pay a collective's
    latency. The gradients backward defines are taken in the order it
    defines them; a bucket closes before the gradient that would take it
    past `bucket-bytes` (one larger than that is a bucket of its own) and
    before one that backward computes from the bucket's average (with
    `sync-batch-norm`, the layers below a batch norm read its averaged beta
    and gamma gradients). A bucket of several gradients is averaged right
    after its last gradient is defined: each gradient reshaped to 1-D, one
    `echo.concat`, one `echo.all_reduce mean`, one `echo.split` and reshapes
    back; the ops that read the averages earlier (eager updates) move after
    it. A bucket of one is the plain `echo.all_reduce`, as is every
    gradient with `bucket-bytes=0`. The CPU backend's sums are elementwise
    in rank order, so there the buckets do not change a bit of the
    results. The loss and the `echo.reduce_scatter` of `shard=gradients`
    and `shard=parameters` are not bucketed.

    ```mlir
    // Before
    %dw = echo.linear_grad_weight %dy, %x : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %nw = echo.sgd_update %w, %dw {lr = 1.0e-01 : f64} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    // After (ranks=2)
    %dw = echo.linear_grad_weight %dy, %x : (tensor<4x16xf32>, tensor<4x8xf32>) -> tensor<16x8xf32>
    %g = echo.all_reduce mean %dw ranks 2 : tensor<16x8xf32>
    %nw = echo.sgd_update %w, %g {lr = 1.0e-01 : f64} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    ```

    `shard` partitions state over the ranks as ZeRO's stages do (Rajbhandari
    et al., SC 2020), each rank keeping `k = ceil(n / ranks)` elements of
    every n-element tensor (`echo.shard`):

    * `optimizer` (stage 1): each update runs on this rank's part of the
      parameter and of the averaged gradient, with optimizer state
      arguments of `k` elements; `echo.all_gather` rebuilds the new
      parameter, which every rank returns whole.
    * `gradients` (stage 2): as stage 1, but the gradients are averaged by
      `echo.reduce_scatter`, so no rank holds an averaged gradient whole.
    * `parameters` (stage 3): as stage 2, and the parameter arguments and
      results are the rank's parts too: an `echo.all_gather` before the
      first forward use and another before the first backward use rebuild
      each parameter where it is needed, so the planner frees it in
      between.

    Sharding needs an optimizer and no dynamic loss scaling.
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", /*default=*/"1",
           "number of processes the batch is split over (at least 1)">,
    Option<"shard", "shard", "::mlir::echo::ShardStage",
           /*default=*/"::mlir::echo::ShardStage::None",
           "what each rank keeps only its part of (ZeRO's stages)",
           "::mlir::echo::optionValues<::mlir::echo::ShardStage>()">,
    Option<"syncBatchNorm", "sync-batch-norm", "bool", /*default=*/"true",
           "normalize with the statistics of all ranks' samples "
           "(SyncBatchNorm); false: each rank's own, as DDP without it">,
    Option<"bucketBytes", "bucket-bytes", "int64_t",
           /*default=*/"::mlir::echo::kDefaultBucketBytes",
           "largest bucket of gradients averaged by one collective, in "
           "bytes (DDP's bucket_cap_mb: 25 MiB); 0: one per gradient">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoAutocast : Pass<"echo-autocast", "::mlir::func::FuncOp"> {
  let summary = "Mixed precision: compute-heavy ops in 16-bit from f32 master weights";
  let description = [{
    Rewrites a forward function (before `echo-autodiff`) in the manner of
    PyTorch's autocast, with explicit `echo.cast` ops:

    * `echo.linear`, `echo.matmul`, `echo.batch_matmul`, `echo.conv2d` and
      `echo.attention` compute in `compute` (bf16 or f16): each f32
      operand, a weight included, is cast once per step (one cast per
      value, shared by its uses), and the result is 16-bit (attention's
      log-sum-exp stays f32).
    * `echo.reduce`, `echo.batch_norm`, `echo.layer_norm` and
      `echo.cross_entropy` take and produce f32: their 16-bit operands are
      cast up, so statistics, norms and the loss are stored in f32.
    * Every other op follows its operands: 16-bit when all its float
      operands are (constants aside, which are cast to it), else f32
      (16-bit operands cast up, as PyTorch promotes to the widest type). Softmax follows too: the runtime computes it in
      f32 either way and it stores one 16-bit output, which its gradient
      and the next matmul both read.
    * The function's arguments (the master weights) and results keep their
      types, so autodiff keeps the weights, their gradients and the
      optimizer state in f32: the gradient of a cast is the cast back.

    A function that is already a training step (it has `echo.loss_seed`)
    is left alone. Every 16-bit op runs in f32 on the runtime
    (`echo-compute-in-f32`), storing 16-bit results; docs/mixed-precision.md.

    ```mlir
    // Before
    %h = echo.linear %x, %w : (tensor<8x4xf32>, tensor<16x4xf32>) -> tensor<8x16xf32>
    %r = echo.relu %h : tensor<8x16xf32>
    // After (compute=bf16)
    %0 = echo.cast %x : tensor<8x4xf32> -> tensor<8x4xbf16>
    %1 = echo.cast %w : tensor<16x4xf32> -> tensor<16x4xbf16>
    %h = echo.linear %0, %1 : (tensor<8x4xbf16>, tensor<16x4xbf16>) -> tensor<8x16xbf16>
    %r = echo.relu %h : tensor<8x16xbf16>
    ```
  }];
  let options = [
    Option<"compute", "compute", "::mlir::echo::AutocastType",
           /*default=*/"::mlir::echo::AutocastType::Bf16",
           "16-bit type of the compute-heavy ops",
           "::mlir::echo::optionValues<::mlir::echo::AutocastType>()">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoRaiseAttention : Pass<"echo-raise-attention", "::mlir::func::FuncOp"> {
  let summary = "Raise matmul-softmax-matmul attention into echo.attention";
  let description = [{
    Replaces scaled dot-product attention spelled out op by op, as models,
    importers and frontends write it, with `echo.attention`, whose gradient
    recomputes the scores from the log-sum-exp, so no `[.., Lq, Lk]` score
    or probability tensor is stashed. The chain raised, from the output
    back:

    - `echo.batch_matmul %p, %v` (no transposes), `%v` `[.., Lk, D]`;
    - optionally `echo.dropout` of the probabilities (its mask unused
      elsewhere): the fused op's `dropout` and `seed`, which give the
      same mask on the same element index;
    - `echo.softmax` over the last axis;
    - optionally `echo.add` of a mask that does not depend on a trainable
      argument (the mask gets no gradient) and broadcasts to the scores;
      a constant mask of 0 on and below the diagonal and `-inf` above it
      becomes `causal`;
    - any number of `echo.mul` / `echo.div` by a positive finite fill or
      splat constant, on the scores or on the query: `scale`;
    - `echo.batch_matmul %q, %k transpose_rhs`, `%q` `[.., Lq, D]`,
      `%k` `[.., Lk, D]`.

    Operands of rank 4 are `[B, H, L, D]` as they are; rank 3 `[N, L, D]`
    becomes `[1, N, L, D]` (reshapes only). Every intermediate must have no
    other use: a chain whose scores or probabilities are read elsewhere (an
    attention-weights output) is left alone, as is anything else that does
    not match exactly. The result is the same function up to f32 rounding
    (the scale is applied once to the scores, in the kernel's order).

    ```mlir
    // Before
    %s = echo.batch_matmul %q, %k transpose_rhs : (tensor<8x16x32xf32>, tensor<8x16x32xf32>) -> tensor<8x16x16xf32>
    %c = echo.fill 0.125 : tensor<1xf32>
    %t = echo.mul %s, %c : (tensor<8x16x16xf32>, tensor<1xf32>) -> tensor<8x16x16xf32>
    %p = echo.softmax %t : tensor<8x16x16xf32>
    %o = echo.batch_matmul %p, %v : (tensor<8x16x16xf32>, tensor<8x16x32xf32>) -> tensor<8x16x32xf32>
    // After
    %q4 = echo.reshape %q : tensor<8x16x32xf32> -> tensor<1x8x16x32xf32>
    ...
    %a, %lse = echo.attention %q4, %k4, %v4 {scale = 1.250000e-01 : f64} : ...
    %o = echo.reshape %a : tensor<1x8x16x32xf32> -> tensor<8x16x32xf32>
    ```
  }];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoInlineRecompute : Pass<"echo-inline-recompute", "::mlir::func::FuncOp"> {
  let summary = "Replace echo.recompute regions by their bodies";
  let description = [{
    Executes recomputation: each `echo.recompute` is replaced by a copy of
    its body at the same place, with the body's arguments replaced by the
    op's inputs and the op's results by the yielded values. Backends run
    this right before bufferization, after every memory decision is made,
    so the recomputed ops execute where the backward pass needs them.

    ```mlir
    // Before
    %r = echo.recompute (%s) : (tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%in: tensor<8xf32>):
      %t = echo.tanh %in : tensor<8xf32>
      echo.yield %t : tensor<8xf32>
    }
    // After
    %r = echo.tanh %s : tensor<8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}


def EchoComputeInF32 : Pass<"echo-compute-in-f32", "::mlir::func::FuncOp"> {
  let summary = "Compute the ops on 16-bit tensors in f32, storing 16-bit results";
  let description = [{
    Most of the runtime's kernels compute in f32. This pass gives every echo op that
    reads or writes f16/bf16 tensors those semantics: its 16-bit operands
    are widened by `echo.cast` (exact), the op is computed on f32 tensors,
    and each 16-bit result is the f32 result cast back (round to nearest,
    ties to even). The f32 operands and results are short-lived values of
    the step, so the planner counts them and the runtime's measured peak
    still equals the plan. Ops that only move or keep values stay 16-bit:
    `echo.cast`, `echo.stash`, `echo.recompute`/`echo.yield`,
    `echo.constant`, offload and prefetch, and a reshape that bufferizes to
    a view. An `echo.encode` of a 16-bit tensor (Gist's bit map of a 16-bit
    ReLU) encodes its f32 value, which the kernels reading it expect; a
    decode of it is cast back to 16-bit. Runs in the plan pipeline after
    `echo-annotate-memory` and before bufferization: the statistics (bytes
    stashed per op kind, FLOPs) are the 16-bit step's, each stored 16-bit
    result keeps its memory category, and the f32 result before it counts
    as a temporary (docs/mixed-precision.md). On an all-f32 step it changes
    nothing.

    The products `echo.linear`, its two gradients, `echo.matmul`,
    `echo.batch_matmul` and the convolutions `echo.conv2d`,
    `echo.conv2d_grad_input` and `echo.conv2d_grad_weight` whose tensors
    are all f16 or all bf16 stay as they are (unless
    `native-products=false`): abi.def has entries that compute them in
    their type with f32 accumulation and one rounding, so the step holds no
    f32 copies of their operands and results.

    ```mlir
    // Before
    %y = echo.relu %x : tensor<8xbf16>
    // After
    %0 = echo.cast %x : tensor<8xbf16> -> tensor<8xf32>
    %1 = echo.relu %0 : tensor<8xf32>
    %y = echo.cast %1 : tensor<8xf32> -> tensor<8xbf16>
    ```
  }];
  let options = [
    Option<"nativeProducts", "native-products", "bool", /*default=*/"true",
           "Keep 16-bit products the runtime ABI computes in their type">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoAnnotateMemory : Pass<"echo-annotate-memory", "::mlir::func::FuncOp"> {
  let summary = "Record memory categories and step statistics before bufferization";
  let description = [{
    Tensor-level analysis run right before bufferization. It sets, on every
    op with tensor results, `echo.category`: the memory category its result
    buffers are counted under (`stashed` for forward values kept for the
    backward pass, `immediate` for other forward values, `gradient_maps` for
    backward values, `weight_copies` for converted copies of trainable
    arguments such as autocast's 16-bit weights, `encoded`, `host`,
    `weights`, `optimizer_state`).
    Bufferization copies it onto the allocations. On the function it sets
    `echo.step_stats`, a dictionary the memory report reads after the IR is
    lowered to memrefs: op count, FLOPs of the forward, backward and
    recomputation, persistent bytes by category (arguments and results), the
    bytes stashed per producing op kind, and `result_update_of` (the
    `echo.update_of` of each result, which out-parameter conversion moves
    onto the new out-parameter arguments).

    The backward pass starts at the op `echo-autodiff` marks with
    `echo.loss_seed`; without one, every op counts as forward.
  }];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoArenaResults : Pass<"echo-arena-results", "::mlir::ModuleOp"> {
  let summary = "Keep a step's results that replace no argument in its arena";
  let description = [{
    Runs on bufferized modules, before `buffer-results-to-out-params`. The
    results of a public, straight-line function that no call in the module
    uses and that replace no argument (no `echo.update_of`: the gradients
    and the loss) stop being results: the buffer each was returned in stays
    in the step, marked `echo.arena_result = <result index>` and
    `echo.category = #echo.category<weight_gradients>`. A returned value that is not a
    buffer of the step's own (an argument, a view, a buffer returned twice)
    is first copied into one. The bytes leave `persistent` in
    `echo.step_stats`.

    `echo-buffer-assign` then places each such buffer in the arena, live
    from its first write to the end of the step, and makes the arena the
    function's last argument (`echo.arena`): the caller provides it, and
    reads each result at the offset recorded in `echo.arena_results`. A
    result is thus allocated when it is first written instead of for the
    whole step (`grad-results=arena` of the pipelines; docs/memory.md).

    ```mlir
    // Before
    func.func @step(%w: memref<4xf32>) -> memref<4xf32> {
      %g = memref.alloc() : memref<4xf32>
      ...
      return %g : memref<4xf32>
    }
    // After
    func.func @step(%w: memref<4xf32>) {
      %g = memref.alloc() {echo.arena_result = 0 : i64,
                           echo.category = #echo.category<weight_gradients>} : memref<4xf32>
      ...
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::echo::EchoDialect"];
}

def EchoSinkUpdates : Pass<"echo-sink-updates", "::mlir::func::FuncOp"> {
  let summary = "Move parameter updates later while the live bytes stay under their peak";
  let description = [{
    Runs on bufferized, straight-line functions right before
    `echo-buffer-assign`, with the same options. An eager update (the
    optimizer's call right after its gradient, `echo-autodiff`'s
    `eager-updates`) frees the gradient early but sits between the backward
    pass's library calls, so each is a kernel launch of its own. This pass
    moves each update call down the block as far as the bytes live at every
    program point it passes, plus the gradients it keeps alive, stay at most
    the function's peak of live bytes (the slots `echo-buffer-assign` plans,
    each rounded up to the alignment). Updates stopped by the same point, or
    moved to the end of the step, end up next to each other, where
    `echo-fuse-light-loops` makes them one kernel. The peak of live bytes,
    the bound the planner reaches, never grows. The planner's arena (its
    best-fit heuristic) must not grow either: the moves, each found with
    only the earlier ones made, are kept in program order up to the longest
    prefix (found by bisection) whose arena is no larger than the order as
    written, none if no prefix is.

    A call moves when it is a runtime entry that writes only new parameters
    and optimizer state: every operand its entry may write in place of
    another (abi.def's aliases) is an argument of the function marked
    `echo.update_of`, every operand it writes in place of is an argument,
    and every other buffer operand is an allocation the call uses last. It
    passes no op that uses an argument it writes.

    ```mlir
    // Before: %g dies at the update, which sits between two calls.
    call @echo_conv2d_grad_weight(%x, %dy, %g_cast, ...)
    call @echo_sgd_update(%w, %g_cast, %w, %w_new, %w_new, ...)
    call @echo_conv2d_grad_input(%dy, %w, %dx_cast, ...)
    // After (the live bytes allowing it): the update waits for the end.
    call @echo_conv2d_grad_weight(%x, %dy, %g_cast, ...)
    call @echo_conv2d_grad_input(%dy, %w, %dx_cast, ...)
    ...
    call @echo_sgd_update(%w, %g_cast, %w, %w_new, %w_new, ...)
    return
    ```
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"256",
           "Byte alignment of every buffer in the arena (echo-buffer-assign's)">,
    Option<"inPlace", "in-place", "bool", /*default=*/"true",
           "Count in-place reuse as echo-buffer-assign does (its in-place)">,
  ];
}

def EchoBufferAssign : Pass<"echo-buffer-assign", "::mlir::func::FuncOp"> {
  let summary = "Place every temporary buffer at an offset of one arena";
  let description = [{
    Liveness-based buffer assignment on bufferized, straight-line functions.
    Every statically shaped `memref.alloc` of the entry block gets a lifetime:
    from its allocation to its last use, uses through views and casts
    included. An op that may run in place (the runtime's elementwise entries)
    writes its result into an operand buffer that dies at that op. The
    planner core (BufferPlanner.h) places the buffers by greedy best fit over
    two orders (by size, by lifetime) and keeps the smaller arena. Each
    allocation is then replaced by a `memref.view` of one arena allocation,
    so the runtime makes a single allocation per step. The plan is typed IR
    (include/EchoDialect/IR/ArenaPlan.h): each view carries an `echo.slice =
    #echo.slice<offset, bytes, first, last, slot>` (and keeps its
    `echo.category`), and the function an `echo.arena_plan =
    #echo.arena_plan<bytes, lower_bound, planner>`, where `lower_bound` is
    the most bytes live at one program point. The dialect verifies the two
    together: every slice inside the arena at its view's byte shift, slots
    live at the same time disjoint.

    ```mlir
    // Before
    %0 = memref.alloc() {echo.category = #echo.category<immediate>} : memref<4x16xf32>
    call @echo_unary(%k, %cast0, %cast1) ...
    // After (the function: echo.arena_plan = #echo.arena_plan<bytes = 512,
    //        lower_bound = 512, planner = "best-fit by size">)
    %arena = memref.alloc() {alignment = 256 : i64,
                             echo.category = #echo.category<arena>} : memref<512xi8>
    %c0 = arith.constant 0 : index
    %0 = memref.view %arena[%c0][] {echo.category = #echo.category<immediate>,
           echo.slice = #echo.slice<offset = 0, bytes = 256, first = 3, last = 7, slot = 0>}
           : memref<512xi8> to memref<4x16xf32>
    ```

    Buffers marked `echo.arena_result` (echo-arena-results) live from their
    first use to the end of the function. A function with such buffers
    takes its arena as a new last argument (`echo.arena`) instead of
    allocating it, and gets `echo.arena_results = array<i64: result,
    offset, ...>`: the caller's arena holds those results after the call.
    Such a function must be straight-line (an error otherwise).
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"256",
           "Byte alignment of every buffer in the arena">,
    Option<"inPlace", "in-place", "bool", /*default=*/"true",
           "Let elementwise ops write into an operand buffer that dies there">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::echo::EchoDialect"];
}

def EchoMemoryReport : Pass<"echo-memory-report", "::mlir::ModuleOp"> {
  let summary = "Print the planned memory footprint of the training step";
  let description = [{
    Analysis only (the IR is unchanged). Reads the plan `echo-buffer-assign`
    left in the IR and the statistics `echo-annotate-memory` recorded, and
    prints, for every planned function, training steps first: the planned
    peak (persistent +
    arena), the lower bound (persistent + most arena bytes live at once),
    fragmentation, the bytes live at the peak by category, the stashed bytes
    per op kind, FLOPs, and the largest stashed buffers.

    `format=text` is a table for a terminal; `format=json` a JSON object per
    function (a contract read by benchmarks: see docs/memory.md); `format=trace`
    a Chrome trace / Perfetto JSON with one counter track of live bytes per
    category over program points; `format=svg` a stacked live-bytes chart of
    the first function (the training step when there is one);
    `format=graph` the tensor-level step (run after echo-annotate-memory,
    before bufferization) as a JSON graph of nodes (bytes, FLOPs,
    compute-heavy flag, memory category) and def-use edges, for external
    rematerialization solvers;
    `format=html` one self-contained page (no network) that draws every
    planned function's live bytes by category and its arena buffers as
    boxes of offset by lifetime, with zoom, pan and each buffer's details
    (scripts/memory-report-html.py adds measured figures or a second report).
    `output=PATH` writes to a file instead of stderr.
  }];
  let options = [
    Option<"format", "format", "::mlir::echo::ReportFormat",
           /*default=*/"::mlir::echo::ReportFormat::Text", "Output form",
           "::mlir::echo::optionValues<::mlir::echo::ReportFormat>()">,
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "Output file ('-' for stderr)">,
  ];
}

def EchoRemat : Pass<"echo-remat", "::mlir::func::FuncOp"> {
  let summary = "Selective recomputation of stashed feature maps (Echo)";
  let description = [{
    Echo's Algorithm 1 (ISCA 2020) on a Baseline training step (the output
    of echo-autodiff, with explicit stashes).

    1. Partition: starting from the loss, grow subgraphs of recomputable
       forward ops backwards through their producers until blocked by
       compute-heavy ops (CostOpInterface::isComputeHeavy, or the op names in
       `heavy-ops`) or arguments; resume from the heavy ops' inputs. The
       subgraphs are disjoint.
    2. Forward trimming (policy=echo): start with every op of a subgraph on
       the recomputation path and visit them in program order; drop an op
       from the path when doing so does not increase the bytes the subgraph
       must stash. The stash set is computed over values, so an input shared
       by many recomputed ops counts once (Echo's use-count argument,
       Figures 8 and 13). Arguments cost nothing: they live for the whole
       step anyway.
    3. Compute-heavy ops are never re-executed. Whether a backward op needs a
       heavy op's output or only its inputs comes from the IR its gradient
       rule builds; when it needs only inputs, those inputs are ordinary
       backward uses of the neighbouring subgraph and may be recomputed
       (Echo's "dead" recompute node, Figure 14d).
    4. Each path becomes `echo.recompute` regions, one right before each
       backward op that first reads some of its values (per-use), or one
       before the first of them; region inputs are stashed (or are
       arguments).
    5. Footprint check (`peak-check`, default on): a live-bytes model of the
       step (sizes rounded to `alignment`, in-place pairs, stashes costed as
       they will be stored) revisits every subgraph and keeps, of no
       recomputation / the trimmed path / the whole subgraph, each per-use
       or in one region, the one with the lowest modeled peak (ties keep
       Echo's choice). A decision that raises the peak is thereby reverted
       (the remark says so).
    6. FLOPs phase: per-use regions may re-run
       shared ops (a chain - ResNet's residual sums, an LSTM's cell states -
       re-runs from its start at every use). Each path's alternatives are
       its regions joined (one region, use points within halving windows,
       regions that share ops) and checkpoints along its chain (every
       stride-th link stashed, strides 1, 2, 4, ...: Chen et al.'s sqrt(n)
       idea, with per-use or joined regions). A lazy greedy takes them best
       FLOPs-saved-per-peak-byte first: free ones always; ones that add peak
       only for re-runs, only when the share of the step's FLOPs saved is at
       least `exchange-rate` times the share of the peak added, and only
       while the modeled peak stays within `flops-slack`, below mirror's
       modeled peak and at most Baseline's.
    7. `masks` (default on): what stays stashed only for ReLU or dropout
       backward is kept as a 1-bit `echo.encode` (binarize / mask1), and
       costed so. `gist=` tells the pass which gist-encode run follows so it
       costs stashes and region inputs as that run will store them.

    `policy=optimal` first plans as Echo does, then solves the peak model's
    problem as a mixed-integer program with COIN-OR CBC (RematMilp.h):
    which light ops of each subgraph to recompute, in per-use regions, with
    the model's lifetimes, encodings and in-place pairs, for the lowest
    peak and then the fewest recompute FLOPs at it (`budget=min`), or the
    fewest FLOPs within `budget=BYTES`. The whole step is one program
    unless that is too large to build (RematMilp.cpp's size limits); then
    each subgraph is solved with the others fixed, in order. Each CBC solve
    (one thread) may explore `solver-nodes` branch-and-bound nodes and keeps
    the best solution found within them: a count, so the plan is the same
    on any machine under any load. Each solve runs in a child process: if
    it crashes, sends back no readable result, or the `time-limit` safety
    stop (wall-clock seconds for all of the function's solves; not a
    search limit) kills it, Echo's plan is kept whole and a warning at the
    function says what happened and where. A problem already solved in the
    process (the same graph, sizes, budget and node limit, by an MD5
    digest; echo-budget-plan
    poses one per candidate precision, and many are equal) takes the
    earlier result instead of a new solve: the same answer, since the
    search is bounded by a count. With `recompute-heavy`, each subgraph's program also
    holds the single-result compute-heavy ops (matmul, linear, conv) whose
    results it reads, and decides its ops with several results (split) too,
    one decision per op: a region may re-run a heavy op from its operands,
    which it reads as region inputs (kept or stashed for it), and its FLOPs
    count. At `budget=min` the plan is never worse than Echo's by
    the modeled peak: both are computed and the better one kept (a remark
    says which, with the solver status, objective, bound and gap).

    `policy=mirror` recomputes every op of every subgraph without trimming,
    once per subgraph in one region before the first backward use: MXNet's
    mirror (Chen et al., 2016), the prior work Echo compares with.

    `policy=selective` and `policy=full-layer` are Megatron-LM's two fixed
    policies (Korthikanti et al., 2022; RematMegatron.h), built with the
    same regions so that they are measured on the same step. `selective`
    re-runs each attention core: an `echo.batch_matmul` (QK^T), the light
    ops from it to an `echo.softmax` (scale, mask), the softmax and the
    light ops that read it alone (dropout), in one region before their
    first backward use; Q, K, V and the context stay stashed. (A fused
    `echo.attention` stashes no L x L value: its gradient recomputes the
    scores, so there is nothing for `selective` to do.) `full-layer` keeps
    each layer's input and re-runs the whole layer, compute-heavy ops
    included, in one region before its backward. A layer boundary is a
    forward value every forward path to the loss passes through (exactly
    one computed value is live across that point: the residual stream of a
    transformer, a CNN's activation between blocks), the last such before
    each compute-heavy op; `layer-stride=N` keeps every N-th boundary (a
    pre-LN transformer block has two, so 2 gives Megatron's one checkpoint
    per block). Ops after the last boundary are not re-run, nor are the
    boundary values (they are the checkpoints). Neither policy consults
    the peak model: they are what they are, as in Megatron.

    With `remarks`, each subgraph's decision is reported as a remark at its
    first op: ops recomputed, bytes released and allocated, FLOPs; and one
    remark at the function gives the modeled peak and its program point,
    Baseline's and mirror's modeled peaks, and the floor no recomputation
    policy (same op order, kernels and encodings; heavy ops never re-run)
    can go below at that point.

    ```mlir
    // Before (Figure 7: add + tanh after two FC layers)
    %a = echo.add %x, %y : ...
    %z = echo.tanh %a : tensor<64xf32>
    %z_s = echo.stash %z : tensor<64xf32>
    ...
    %dz = echo.tanh_grad %z_s, %g : tensor<64xf32>
    // After: unchanged with policy=echo (recomputing would stash x and y,
    // 2N instead of N); with policy=mirror:
    %x_s = echo.stash %x ...   %y_s = echo.stash %y ...
    %r = echo.recompute (%x_s, %y_s) : ... {
      ... echo.add ... echo.tanh ... echo.yield ...
    }
    %dz = echo.tanh_grad %r, %g : tensor<64xf32>
    ```
  }];
  let options = [
    Option<"policy", "policy", "::mlir::echo::RematPolicy",
           /*default=*/"::mlir::echo::RematPolicy::Echo", "Recomputation policy",
           "::mlir::echo::optionValues<::mlir::echo::RematPolicy>()">,
    Option<"layerStride", "layer-stride", "int64_t", /*default=*/"1",
           "policy=full-layer: keep every N-th layer boundary as a "
           "checkpoint (a transformer block is two layers: 2 keeps one "
           "input per block, Megatron's granularity)">,
    Option<"budget", "budget", "::mlir::echo::PeakBudget",
           /*default=*/"::mlir::echo::PeakBudget::minimum()",
           "policy=optimal: the peak the plan must stay within (bytes, with "
           "an optional KiB/MiB/GiB suffix), with the fewest recompute "
           "FLOPs; min: the lowest peak, then the fewest FLOPs">,
    Option<"solverNodes", "solver-nodes", "int64_t",
           /*default=*/"::mlir::echo::kDefaultSolverNodes",
           "policy=optimal: branch-and-bound nodes each CBC solve may "
           "explore (default 2000); the search's only limit, so the plan "
           "does not depend on the machine's load">,
    Option<"timeLimit", "time-limit", "double",
           /*default=*/"::mlir::echo::kDefaultSolverSeconds",
           "policy=optimal: safety stop, wall-clock seconds for all of a "
           "function's solves (default 1800); when it stops a solve, Echo's "
           "plan is kept and a warning says so">,
    Option<"testSolverFault", "test-solver-fault", "::mlir::echo::SolverFault",
           /*default=*/"::mlir::echo::SolverFault::None",
           "Testing only: every solver process crashes, hangs or sends "
           "garbage",
           [{::mlir::echo::optionValues<::mlir::echo::SolverFault>(),
             ::llvm::cl::Hidden}]>,
    Option<"recomputeHeavy", "recompute-heavy", "bool", /*default=*/"false",
           "policy=optimal: the MILP may also recompute the single-result "
           "compute-heavy ops whose results a subgraph reads, from their "
           "operands, charging their FLOPs, and ops with several results">,
    ListOption<"heavyOps", "heavy-ops", "std::string",
               "Op names treated as compute-heavy in addition to those the "
               "cost interface marks">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Report each subgraph's decision as a remark">,
    Option<"flopsSlack", "flops-slack", "double", /*default=*/"0.05",
           "Fraction of the modeled peak the FLOPs-saving placements may "
           "add (never up to the mirror policy's modeled peak, never above "
           "Baseline's); 0 keeps the peak exactly">,
    Option<"exchangeRate", "exchange-rate", "double", /*default=*/"0.005",
           "A placement that adds peak must save a share of the step's "
           "FLOPs at least this many times the share of the peak it adds">,
    Option<"masks", "masks", "bool", /*default=*/"true",
           "Keep what stays stashed only for ReLU or dropout backward as a "
           "1-bit mask (echo.encode <binarize>/<mask1>), and count it so in "
           "the estimate and the peak model">,
    Option<"gist", "gist", "::mlir::echo::GistMode",
           /*default=*/"::mlir::echo::GistMode::None",
           "The gist-encode run that follows (as echo-training-pipeline "
           "sets it), so stashes are costed as it will store them",
           "::mlir::echo::optionValues<::mlir::echo::GistMode>()">,
    Option<"alignment", "alignment", "int64_t", /*default=*/"256",
           "Buffer alignment the peak model rounds sizes to (that of "
           "echo-buffer-assign)">,
    Option<"peakCheck", "peak-check", "bool", /*default=*/"true",
           "policy=echo: check every decision against the step's modeled "
           "peak (revert it if the peak rises, keep the untrimmed path if "
           "it is lower, use one region per path where that costs no "
           "peak); false applies Echo's local estimate alone">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoGistEncode : Pass<"gist-encode", "::mlir::func::FuncOp"> {
  let summary = "Layer-specific encodings of stashed feature maps (Gist)";
  let description = [{
    Gist (ISCA 2018) on a training step with explicit stashes: each stashed
    feature map is kept at full precision only until its last forward use,
    stored encoded from there to the backward pass (`echo.encode` right
    after the last forward use), and decoded right before the backward op
    that reads it (`echo.decode`), or read encoded directly.

    Lossless encodings (`lossless=true`):
    * Binarize: a value read by `echo.relu_grad` as its forward operand
      keeps one bit per element (`#echo.encoding<binarize>`).
    * Pool argmax: `echo.max_pool2d_grad` reading the pool's input and
      output becomes `echo.max_pool2d_grad_argmax` reading a 4-bit (8 for
      windows over 16 positions) argmax map of the input.
    * Dropout masks: one bit per element (`#echo.encoding<mask1>`).
    * SSDC: the input of a convolution, read by `echo.conv2d_grad_weight`
      and produced by a ReLU or a pooling (sparse), or such a map stashed
      for a recompute region, is stored as CSR with 1-byte column indices
      where that is smaller than plain at a density bound: the producer's
      `echo.density` (a measured non-zero fraction, written by `echo-run
      --profile-sparsity`) times `csr-margin`, clamped to [1 element, 1.0];
      otherwise `csr-density`, by default 1 (the dense bound, which holds
      for any data and under which CSR never pays: the map stays plain,
      also exact). The runtime never allocates beyond the plan: a map
      denser than its capacity is an error. The function records the maps
      under each bound in `echo.csr_bounds` for the memory report.
    Delayed precision reduction (`dpr=fp16|fp10|fp8`): every other stashed
    f32 feature map of at least `dpr-min-bytes` is stored in the reduced
    format (a bf16 or f16 one in fp10/fp8); only the backward use sees
    reduced precision. A stash computed from trainable arguments alone
    (autocast's 16-bit copy of a weight, a transposed weight) is a
    parameter, not a feature map, and stays exact.

    A map is encoded only if forward work remains after its last forward use
    (otherwise, as for the logits, the full-precision map and its encoded
    copy would only coexist).

    ```mlir
    // Before
    %y = echo.relu %x : tensor<8x64xf32>
    %y_s = echo.stash %y : tensor<8x64xf32>
    %z = echo.linear %y, ...
    ...
    %dx = echo.relu_grad %y_s, %dy : tensor<8x64xf32>
    // After
    %y = echo.relu %x : tensor<8x64xf32>
    %z = echo.linear %y, ...
    %e = echo.encode %y : tensor<8x64xf32> as #echo.encoding<binarize>
    ...
    %d = echo.decode %e : !echo.encoded<tensor<8x64xf32>, #echo.encoding<binarize>>
    %dx = echo.relu_grad %d, %dy : tensor<8x64xf32>
    ```
  }];
  let options = [
    Option<"lossless", "lossless", "bool", /*default=*/"true",
           "Apply Binarize, pool argmax, 1-bit masks and SSDC">,
    Option<"dpr", "dpr", "::mlir::echo::DprFormat",
           /*default=*/"::mlir::echo::DprFormat::None",
           "Delayed precision reduction", "::mlir::echo::optionValues<::mlir::echo::DprFormat>()">,
    Option<"csrDensity", "csr-density", "double",
           /*default=*/"::mlir::echo::kDefaultCsrDensity",
           "Non-zero fraction asserted for SSDC maps without a measured "
           "echo.density (0, 1]; 1 is the dense bound">,
    Option<"csrMargin", "csr-margin", "double",
           /*default=*/"::mlir::echo::kDefaultCsrMargin",
           "Factor on a measured echo.density (>= 1, finite)">,
    Option<"dprMinBytes", "dpr-min-bytes", "int64_t", /*default=*/"4096",
           "Smallest feature map DPR applies to (statistics stay f32)">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoSchedule : Pass<"echo-schedule", "::mlir::ModuleOp"> {
  let summary = "Reorder straight-line steps to lower the planned peak (Dymem)";
  let description = [{
    Reorders the ops of every single-block function (a training step after
    autodiff, remat and gist) so fewer bytes are live at once. Nonlinear
    graphs (ResNet's residual forks, Inception's branches) leave the order
    of independent ops free, and it decides how many branch temporaries
    coexist. Every order keeps SSA dependencies, the relative order of ops
    with side effects, and the forward/backward split at the op marked
    `echo.loss_seed`; the terminator stays last.

    * `order=dfs`: Dymem's execution-graph construction (HPDC 2020,
      Algorithm 1): after a fork, each branch runs to its join before the
      next starts.
    * `order=list`: a memory-aware list scheduler: among the ready ops, the
      one that leaves the fewest bytes live (allocated minus freed, looking
      through a join it makes ready).
    * `order=best` (default): plans the input order and both candidates
      with the training pipeline's planning passes (bufferization and
      echo-buffer-assign, on copies of the module) and keeps the order with
      the lowest planned peak - the memory report's `planned_peak_bytes`,
      persistent bytes plus arena - and the input order on ties, so the
      planned peak never rises.
    * `order=input` leaves the IR unchanged (`none`, the spelling of the
      pipelines' `schedule` before its enum and this one became one, is an
      alias of `input` for one release, accepted by every such option).

    With `remarks`, each function gets a remark with the planned peak of
    every candidate (`order=best`) and the order kept.

    ```mlir
    // Before: both branch temporaries (%a1, %c1) live at once
    %a1 = echo.relu %x ...      %c1 = echo.tanh %x ...
    %a2 = echo.reduce %a1 ...   %c2 = echo.reduce %c1 ...
    %j = echo.add %a2, %c2 ...
    // After (order=dfs): one branch at a time
    %a1 = echo.relu %x ...   %a2 = echo.reduce %a1 ...
    %c1 = echo.tanh %x ...   %c2 = echo.reduce %c1 ...
    %j = echo.add %a2, %c2 ...
    ```
  }];
  let options = [
    Option<"order", "order", "::mlir::echo::ScheduleOrder",
           /*default=*/"::mlir::echo::ScheduleOrder::Best", "Order to apply",
           "::mlir::echo::optionValues<::mlir::echo::ScheduleOrder>()">,
    Option<"alignment", "alignment", "int64_t", /*default=*/"256",
           "Buffer alignment the list scheduler rounds sizes to (that of "
           "echo-buffer-assign)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Report each function's candidate peaks and the order kept">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def EchoSimulate : Pass<"echo-simulate", "::mlir::func::FuncOp"> {
  let summary = "Estimate a step's time on a compute and a copy stream";
  let description = [{
    Analysis of a tensor-level, single-block step (the IR is unchanged but
    for one attribute): every op becomes a task of the device profile's
    discrete-event simulator (StreamSimulator.h). Kernels run on the
    compute stream for `max(FLOPs / throughput, bytes / memory bandwidth)`
    (CostOpInterface's FLOPs and bytes; a 16-bit product the runtime
    computes natively, one with a `_bf16`/`_f16` entry, at the profile's
    tensor-core throughput, the rest at FP32's;
    ops without it move their results' bytes; an `echo.recompute` costs
    its body); `echo.offload` and
    `echo.prefetch` run on the copy stream for `bytes / host-link
    bandwidth`. An op waits for the tasks that produce its operands; each
    stream runs in program order; there is no other barrier.

    The function gets `echo.simulated_step`, a dictionary of seconds
    (`step`, `compute`, `transfer`, `overlapped`, `transfer_only`,
    `compute_only`), the `device`, and each stream's busy time as merged
    `[start, end]` pairs (`compute_busy`, `copy_busy`: the memory report
    draws them), and a remark with the same figures
    in microseconds (Dymem's Figure 14 split).

    ```mlir
    // Before
    %h, %t = echo.offload %a : tensor<1024x1024xf32>
    // After: unchanged; on the function
    //   echo.simulated_step = {compute = ..., device = "pcie4", overlapped = ..., step = ..., ...}
    ```
  }];
  let options = [
    Option<"device", "device-profile", "::mlir::echo::DeviceKind",
           /*default=*/"::mlir::echo::DeviceKind::Pcie4", "Device profile",
           "::mlir::echo::optionValues<::mlir::echo::DeviceKind>()">,
    Option<"deviceAlias", "device", "::mlir::echo::DeviceKind",
           /*default=*/"::mlir::echo::DeviceKind::Pcie4",
           "Alias of device-profile (this option's name before it was "
           "spelt as the other passes' and the pipeline's), for one "
           "release; device-profile wins when both are given",
           "::mlir::echo::optionValues<::mlir::echo::DeviceKind>()">,
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Report the figures as a remark too">,
  ];
}

def EchoOffload : Pass<"echo-offload", "::mlir::func::FuncOp"> {
  let summary = "Offload stashes to host memory and prefetch them back (Dymem)";
  let description = [{
    Dymem (HPDC 2020, section 3) on a tensor-level, single-block training
    step: a stashed value (an `echo.stash` result, or an `echo.encode`
    result the backward pass reads: after Echo and Gist, what they still
    stash, encoded where Gist encodes it; every element type of the
    runtime's offload entries: f32, masks, indices, encodings) is copied to host memory
    right after its last forward use (`echo.offload`) and copied back before
    its first backward use (`echo.prefetch`, after the offload's token);
    the backward uses then read the prefetched value. Between the two the
    value's device buffer is free, which the buffer planner sees: the
    offload is the last device use of the stash, the prefetch a new buffer.

    The choice is made by an IR-free core (OffloadPlanner.h) on the
    timeline of the compute and copy streams of the device profile
    (StreamSimulator.h, the tasks of echo-simulate): candidates are tried
    in the policy's order and one is kept only while the simulated step
    stays within `max-slowdown` percent of the step without offload. There
    is no per-layer barrier: an op waits only for the copy it reads.

    | policy | candidates, order | prefetch issued |
    |---|---|---|
    | `dymem` | stashes read by one of Dymem's layers in the forward pass (its input, or the value a stashed encoding encodes), forward order | `layers-ahead` layers (weight gradients) before the first backward use, the start of the backward pass when fewer |
    | `greedy` | every stash, largest first | at the latest op whose compute up to the first use hides the copy |

    Dymem's layers are the convolutions; in a step without any (an RNN,
    which Dymem leaves to future work) the fully-connected layers
    (`echo.linear`) take their place, for the candidates and the prefetch
    distance alike.

    A stash is a candidate when its backward uses all go through the stash,
    it is not a function argument or result, and one op at least runs
    between its offload and its prefetch; an encoding when it is not
    returned. With `remarks=true` the function
    gets a remark with the count, bytes and simulated step times.

    ```mlir
    // Before
    %s = echo.stash %x : tensor<8x16xf32>
    ...                                   // last forward use of %x
    %g = echo.relu_grad %dy, %s : ...
    // After
    %s = echo.stash %x : tensor<8x16xf32>
    ...
    %h, %t = echo.offload %s : tensor<8x16xf32>
    ...
    %p = echo.prefetch %h after %t : !echo.host<tensor<8x16xf32>>
    %g = echo.relu_grad %dy, %p : ...
    ```
  }];
  let options = [
    Option<"policy", "policy", "::mlir::echo::OffloadPolicy",
           /*default=*/"::mlir::echo::OffloadPolicy::Dymem",
           "Which stashes are offloaded, and when they come back",
           "::mlir::echo::optionValues<::mlir::echo::OffloadPolicy>()">,
    Option<"device", "device-profile", "::mlir::echo::DeviceKind",
           /*default=*/"::mlir::echo::DeviceKind::Pcie4",
           "Device profile of the cost model",
           "::mlir::echo::optionValues<::mlir::echo::DeviceKind>()">,
    Option<"layersAhead", "layers-ahead", "unsigned", /*default=*/"2",
           "dymem: layers a prefetch is issued before its use (at least 1)">,
    Option<"maxSlowdown", "max-slowdown", "double", /*default=*/"5.0",
           "Simulated step time allowed above no offload, in percent (at least 0)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Report each function's offloads as a remark">,
  ];
  let dependentDialects = ["::mlir::echo::EchoDialect"];
}

def EchoBudgetPlan : Pass<"echo-budget-plan", "::mlir::ModuleOp"> {
  let summary = "Choose remat, gist and offload jointly: the fastest step "
                "whose planned peak fits a byte budget";
  let description = [{
    Runs on a training step (after echo-autodiff) in place of echo-remat,
    gist-encode and echo-offload. Every combination of

    * recomputation: none, mirror, Echo, `optimal` (the MILP at its lowest
      peak), Megatron's selective and full-layer (where the model has
      attention cores or layer boundaries);
    * encoding: none, Gist's lossless encodings, and DPR at each precision
      at or above `allow-lossy` (fp16, then fp10, then fp8);
    * offload: none, Dymem's rules, greedy (on `device-profile`'s link)

    is applied to a copy of the module with `schedule`'s order and
    simulated on the two-stream model of `device-profile` (compute,
    recompute and encode/decode kernels, and the copies not hidden behind
    compute). A combination whose IR repeats an earlier one (a policy that
    changes nothing on this model, an offload that moves nothing) is
    dropped. From the fastest simulated step on (ties: the order above),
    each candidate is planned by the training pipeline's own planning
    passes (bufferization, `grad-results`, echo-buffer-assign), and the
    first whose planned peak - the memory report's `planned_peak_bytes`,
    persistent bytes plus the arena, of the largest function - is at most
    the budget is kept; `budget=min` plans them all and keeps the lowest
    peak (then the least time). Its passes then run on the module itself,
    and each function gets `echo.budget_plan` (the budget, the choice, its
    planned peak and simulated seconds, the candidates simulated and
    planned, the Baseline's peak and seconds, `step_lower_bound`) and,
    with `remarks`, a remark saying the same.

    `step_lower_bound` is a step time no plan of these ops can beat: the
    Baseline's compute-stream kernels, each at its simulated cost, but the
    backward kernels an encoding replaces by another form (ReLU's gradient
    from a bit mask, max pooling's from the argmax), which count as free.
    Recomputation, encoding and offload only add work to a stream, and a
    step lasts at least its compute stream's busy time. Every candidate is
    checked against it (a warning names one that beats it: a bug).

    The candidates do not depend on the budget, so the choice is monotonic:
    a larger budget never gives a slower simulated step, and the peak is
    never above the budget; a budget below every candidate's peak is an
    error naming the smallest peak and its choice. The Baseline is planned
    first, and a budget below its persistent bytes (the step's arguments
    and results, which no technique moves, so every candidate holds them)
    is refused then, naming them, before any candidate is staged. The peak is exact: the
    candidate was planned by the passes the pipeline runs next (planned ==
    measured on the CPU). `budget` takes bytes (optionally with a KiB, MiB
    or GiB suffix), `NN%` of the Baseline's planned peak, or `min`.

    Per-value mixes (`mix-steps`, default 4): a candidate whose planned
    peak fits may take back some of its decisions about single stashes -
    a precision reduction (its encode and decodes, and the offload of the
    encoded form), an offload, or a recompute region (whose readers then
    read stashes of the forward values its body clones) - so that those
    stashes stay plain. Its decisions are taken back in three families,
    each made over up to three sets of decisions: its precision reductions
    and offloads; those and its regions (`-with-regions`, for a candidate
    that recomputes); and those with each encoded form's offload as a
    decision of its own (`-offloads-apart`, for a candidate that offloads
    encoded forms), whose taking back keeps the encoded form on the device
    (a precision reduction taken back still takes its offload back).
    `time-per-byte`: the
    simulated seconds each saves, taken back alone, per byte the value
    keeps, most first; its mixes take back the first j/`mix-steps` of
    them, j = 1 ... `mix-steps`. `peak`: the seconds saved per byte the
    step's peak live bytes grow (each tensor live from its producer to its
    last reader, a stash being its operand's buffer), greedily, with the
    live bytes updated after each; a decision whose value is live across
    no peak grows none and comes first. Its mixes take back every
    decision that grows no peak, then the most within j/`mix-steps` of the
    growth taking back all would add, and the most within each point of a
    fixed grid of live bytes (2^(k/8), about 9% apart) in between. `milp`:
    at each of the limits j/`mix-steps` of the growth, the set that saves
    the most seconds (summed) within it, a knapsack solved by CBC in a
    child process (within `remat-solver-nodes`, from the peak mix as a
    start), made only for a candidate that fits; a failed or stopped solve
    is a warning and leaves the greedy orders. Each mix is simulated on the
    candidate's tasks. Every candidate that fits and has a mix that could
    beat the fastest plan found so far has its mixes planned, each order
    from the fewest decisions taken back up, stopping at the first that
    does not fit; a faster mix that fits is kept. A mix counts only if its
    candidate and every mix of its order with fewer decisions taken back
    fit, so the plans compared at a budget form a set that only grows with
    the budget: the choice stays monotonic. `budget=min` makes no mixes
    (they only add bytes). `echo.budget_plan` records `taken_back`,
    `mix_order` (the family; `none` without a mix), `decisions` and
    `mixes_planned`. Which regions a candidate has is still its remat
    policy's choice; the mixes only take some back.

    ```mlir
    // echo-opt --echo-budget-plan="budget=100% allow-lossy=fp8"
    // remark: echo-budget-plan: budget 676868 bytes (100% of Baseline's
    //   676868): remat=none gist=lossless offload=greedy, planned peak
    //   676868 bytes, simulated step 2.988 us (Baseline 676868 bytes,
    //   3.067 us); no plan is faster than 2.814 us; 4 of 17 candidates
    //   planned, 0 per-value mixes
    ```
  }];
  let options = [
    Option<"budget", "budget", "::mlir::echo::PeakBudget",
           /*default=*/"::mlir::echo::PeakBudget()",
           "Peak bytes to fit: BYTES (optional KiB/MiB/GiB suffix), NN% of "
           "the Baseline's planned peak, or min">,
    Option<"allowLossy", "allow-lossy", "::mlir::echo::DprFormat",
           /*default=*/"::mlir::echo::DprFormat::None",
           "The lowest precision a stash may be stored in; none: lossless "
           "encodings only",
           "::mlir::echo::optionValues<::mlir::echo::DprFormat>()">,
    Option<"schedule", "schedule", "::mlir::echo::ScheduleOrder",
           /*default=*/"::mlir::echo::ScheduleOrder::Input",
           "The op order every candidate gets (echo-schedule; input: it "
           "does not run)",
           "::mlir::echo::optionValues<::mlir::echo::ScheduleOrder>()">,
    Option<"device", "device-profile", "::mlir::echo::DeviceKind",
           /*default=*/"::mlir::echo::DeviceKind::Pcie4",
           "Device profile of the simulated time and of offload",
           "::mlir::echo::optionValues<::mlir::echo::DeviceKind>()">,
    Option<"gradResults", "grad-results", "::mlir::echo::GradResults",
           /*default=*/"::mlir::echo::GradResults::OutParams",
           "Where the planned step keeps results that replace no argument "
           "(as the training pipeline's grad-results)",
           "::mlir::echo::optionValues<::mlir::echo::GradResults>()">,
    Option<"workspaceBudget", "workspace-budget", "int64_t",
           /*default=*/"0",
           "Must be 0 when the pass runs alone (echo-training-pipeline "
           "plans the candidates with its own workspaces)">,
    Option<"rematLayerStride", "remat-layer-stride", "int64_t",
           /*default=*/"1", "echo-remat's layer-stride (full-layer)">,
    Option<"rematSolverNodes", "remat-solver-nodes", "int64_t",
           /*default=*/"::mlir::echo::kDefaultSolverNodes",
           "echo-remat's solver-nodes (optimal); also each stash mix "
           "MILP's">,
    Option<"rematTimeLimit", "remat-time-limit", "double",
           /*default=*/"::mlir::echo::kDefaultSolverSeconds",
           "echo-remat's time-limit (optimal); also each stash mix "
           "MILP's safety stop">,
    Option<"mixSteps", "mix-steps", "int64_t", /*default=*/"4",
           "Per-value mixes tried on each candidate that fits, per family: "
           "take back the first j/N of its precision reductions and "
           "offloads by time saved per byte, those within j/N of the peak "
           "growth (and within a fixed 9% grid of live bytes) by time saved "
           "per byte of peak, or the set a MILP finds within j/N of that "
           "growth (0: whole policies only)">,
    Option<"mixSolverFault", "test-mix-solver-fault",
           "::mlir::echo::SolverFault",
           /*default=*/"::mlir::echo::SolverFault::None",
           "Testing only: every stash mix MILP's solver process crashes, "
           "hangs or sends garbage",
           [{::mlir::echo::optionValues<::mlir::echo::SolverFault>(),
             ::llvm::cl::Hidden}]>,
    Option<"remarks", "remarks", "bool", /*default=*/"true",
           "Report the plan kept as a remark on each function">
  ];
}

#endif // ECHO_TRANSFORMS_PASSES_TD
