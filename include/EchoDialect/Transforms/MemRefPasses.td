//===- MemRefPasses.td - Passes on the lowered step -------*- tablegen -*-===//
//
// Passes that run after bufferization, on memrefs and runtime calls: where
// buffers are freed, the runtime context threaded through, workspaces
// planned, kernel modules merged. They transform the lowered step; the
// conversions into and out of that form are in Conversion/Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef ECHO_TRANSFORMS_MEMREFPASSES_TD
#define ECHO_TRANSFORMS_MEMREFPASSES_TD

include "mlir/Pass/PassBase.td"

def EchoAnnotateAllocSites : Pass<"echo-annotate-alloc-sites", "::mlir::ModuleOp"> {
  let summary = "Tell the runtime allocator which allocation is being made";
  let description = [{
    Numbers every `memref.alloc` (attribute `echo.alloc_site`), the site
    echo-runtime-context passes to `echo_alloc`. The module attribute `echo.alloc_sites` lists, per
    id, "category|mobility|description": the memory category (from the
    `#echo.category` bufferization attaches, `activations`
    otherwise), the buffer's mobility (Dymem's GTBM, names in
    echo/allocator.h: `reclaimed` for FC, softmax and dropout layers,
    `movable` for a buffer read only by the next call, `temporary` for
    fan-out, a join's operand or a buffer nobody reads; a stashed buffer's
    backward readers do not count) and a description of the op the buffer was
    made for with its location. The runtime's counting allocator uses it to
    count bytes by category and to name the allocation that exceeds a
    configured capacity; its dynamic pool places by the mobility.

    ```mlir
    // Before
    %0 = memref.alloc() {alignment = 64 : i64, echo.category = #echo.category<immediate>} : memref<4x16xf32> loc("f.mlir":3:8)
    // After
    %0 = memref.alloc() {alignment = 64 : i64, echo.alloc_site = 0 : i64, echo.category = #echo.category<immediate>} : memref<4x16xf32>
    // module attributes {echo.alloc_sites = ["immediate|temporary|memref<4x16xf32> at f.mlir:3:8"]}
    ```
  }];
}

def EchoFreeAfterLastUse : Pass<"echo-free-after-last-use", "::mlir::func::FuncOp"> {
  let summary = "Free each buffer right after its last use";
  let description = [{
    Ownership-based buffer deallocation frees buffers at the end of their
    block, so a step without a static plan (the runtime's dynamic mode,
    `echo-run --no-buffer-assign`, with or without its pool) would hold
    every buffer until the step ends. This pass moves each `memref.dealloc`
    of a `memref.alloc` in the same block to right after the last op of the
    block that uses the buffer, directly or through `memref.cast` and
    view-like ops. A buffer used by an op that returns a memref any other
    way (it may alias it) keeps its dealloc where it is.

    ```mlir
    // Before
    %a = memref.alloc() : memref<4xf32>
    call @use(%a) : (memref<4xf32>) -> ()
    %b = memref.alloc() : memref<4xf32>
    call @use(%b) : (memref<4xf32>) -> ()
    memref.dealloc %a : memref<4xf32>
    memref.dealloc %b : memref<4xf32>
    // After
    %a = memref.alloc() : memref<4xf32>
    call @use(%a) : (memref<4xf32>) -> ()
    memref.dealloc %a : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    call @use(%b) : (memref<4xf32>) -> ()
    memref.dealloc %b : memref<4xf32>
    ```
  }];
}

def EchoRuntimeContext : Pass<"echo-runtime-context", "::mlir::ModuleOp"> {
  let summary = "Thread the runtime context through a planned step";
  let description = [{
    Connects a bufferized step to the runtime ABI (runtime/include/echo/
    runtime.h, version 5):
     - every function with a body takes the `echo_context *` as a new first
       argument (`!llvm.ptr`), and calls between them pass it on;
     - every call to a runtime entry passes it and gets the entry's status;
       when that status is an error, the step calls
       `echo_error_location(ctx, "file:line:col")` with the op's location,
       which the context appends to the error (errors are sticky: later
       entries do nothing, so the step runs to its end and frees what it
       allocated);
     - a call to an entry whose data checks the runtime may report at
       `echo_step_end` (abi.def, `ECHO_DEFERRED_CHECK`: labels, indices,
       Adam's step count) is preceded by `echo_check_location(ctx,
       "file:line:col")`, so that report names the op too;
     - a public function (a step) starts with `echo_step_begin(ctx,
       ECHO_ABI_VERSION)` and returns the `i32` status of `echo_step_end`;
     - `memref.alloc` / `memref.dealloc` become `echo_alloc(ctx, bytes,
       site)` / `echo_free(ctx, ptr)` (LLVM dialect), so every buffer is
       counted by the context's allocator under its allocation site.
    With `math=tf32` a step then calls `echo_step_set_math(ctx,
    ECHO_MATH_TF32)`, which lets the runtime use TF32 tensor-core math and
    its fastest (possibly non-deterministic) algorithms for the step's
    heavy ops; with the default, `math=ieee`, no call is emitted and the
    step runs IEEE FP32 with deterministic algorithms (echo_step_begin
    resets the mode).
    Runs after echo-annotate-alloc-sites, before the memref-to-LLVM
    lowering. A public function with results, or an allocation of dynamic
    shape, is a located error.

    ```mlir
    // Before
    func.func @step(%x: memref<4xf32>, %y: memref<4xf32>) {
      call @echo_unary(%k, %xu, %yu) : (i64, memref<*xf32>, memref<*xf32>) -> ()
      return
    }
    // After
    func.func @step(%ctx: !llvm.ptr, %x: memref<4xf32>, %y: memref<4xf32>) -> i32 {
      %0 = call @echo_step_begin(%ctx, %c3) : (!llvm.ptr, i64) -> i32
      %1 = call @echo_unary(%ctx, %k, %xu, %yu) : (!llvm.ptr, i64, memref<*xf32>, memref<*xf32>) -> i32
      scf.if %failed { call @echo_error_location(%ctx, %where) ... }
      %2 = call @echo_step_end(%ctx) : (!llvm.ptr) -> i32
      return %2 : i32
    }
    ```
  }];
  let options = [
    Option<"math", "math", "::EchoMathMode",
           /*default=*/"ECHO_MATH_IEEE",
           "Numerics of the step's heavy ops (runtime.h, EchoMathMode)",
           [{::mlir::echo::mathModeValues()}]>,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def EchoDedupeCallOperands : Pass<"echo-dedupe-call-operands", "::mlir::func::FuncOp"> {
  let summary = "Merge the identical constants, casts and global addresses "
                "made for each runtime call";
  let description = [{
    The lowering of echo ops to runtime calls makes one cast per buffer
    (right after the buffer's definition), but materializes each call's
    scalar constants and index-list addresses where the call is. On NMT
    (batch 128) that is 67K constants of about a hundred distinct values:
    a third of the bufferized step, which every later pass, the verifier
    and the printer then walk. The plan pipeline runs this pass last.

    Within each block, this pass replaces every constant (`ConstantLike`),
    `memref.cast` and `memref.get_global` by the first identical op before
    it in the same block (same operands, attributes and result types; the
    location may differ), which dominates it. One hash lookup per op:
    linear, where the general `cse` pass costs about as much as printing
    the step. Ops in other blocks or nested regions are left alone.

    ```mlir
    // Before
    %c1 = arith.constant 1 : i64
    %a = memref.cast %buf : memref<4xf32> to memref<*xf32>
    call @echo_unary(%c1, %a, %a) : (i64, memref<*xf32>, memref<*xf32>) -> ()
    %c1_0 = arith.constant 1 : i64
    %b = memref.cast %buf : memref<4xf32> to memref<*xf32>
    call @echo_unary(%c1_0, %b, %b) : (i64, memref<*xf32>, memref<*xf32>) -> ()
    // After
    %c1 = arith.constant 1 : i64
    %a = memref.cast %buf : memref<4xf32> to memref<*xf32>
    call @echo_unary(%c1, %a, %a) : (i64, memref<*xf32>, memref<*xf32>) -> ()
    call @echo_unary(%c1, %a, %a) : (i64, memref<*xf32>, memref<*xf32>) -> ()
    ```
  }];
}

def EchoSplitAfterRegions : Pass<"echo-split-after-regions", "::mlir::func::FuncOp"> {
  let summary = "End a block after each of its structured control-flow ops";
  let description = [{
    Lowering an `scf` op to control flow splits its block right after it,
    and the split moves every op behind it into a new block. A step's body
    is one block with an `scf.if` after each runtime call (the status check
    of echo-runtime-context) and, with generated kernels, a loop per light
    op: lowered front to back, each split moves the rest of the step, so
    `convert-scf-to-cf` took time quadratic in the step's length (5 s of
    the LSTM LM's 6.7 s lowering; NMT at batch 128 did not finish).

    This pass splits each block of the function body after every `scf` op
    that is not the last op before the terminator, back to front, so each
    op moves once, and joins the pieces with `cf.br`. The lowering that
    follows then moves only that branch. Nested regions are left as they
    are (an `scf` region holds a single block). The program is the same:
    the blocks run one after the other.

    ```mlir
    // Before
    func.func @f(%c: i1) {
      scf.if %c { func.call @note() : () -> () }
      func.call @work() : () -> ()
      return
    }
    // After
    func.func @f(%c: i1) {
      scf.if %c { func.call @note() : () -> () }
      cf.br ^bb1
    ^bb1:
      func.call @work() : () -> ()
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}

def EchoCheckLowered : Pass<"echo-check-lowered", "::mlir::ModuleOp"> {
  let summary = "Fail on any op a lowering to the LLVM dialect left behind";
  let description = [{
    The last pass of `echo-lower-to-cpu` and `echo-lower-to-cuda`. The
    conversions they run are partial: an op none of them knows (a
    downstream op without a lowering, a `linalg` op on buffers) stays in the
    output, and the pipeline would succeed until `mlir-translate` fails on
    it later, far from its source. This pass reports every such op at its
    location and fails: what is left must be the `llvm` dialect, the
    builtin module, or a dialect named in `allowed-dialects`
    (`echo-lower-to-cuda` allows `gpu` for its kernel binary).

    ```mlir
    func.func @helper(%a: memref<4xf32>, %b: memref<4xf32>) {
      // error: 'linalg.mul' is left after the lowering to the LLVM dialect
      linalg.mul ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
      return
    }
    ```
  }];
  let options = [
    ListOption<"allowedDialects", "allowed-dialects", "std::string",
               "Dialects besides llvm and builtin that may stay">,
  ];
}

def EchoPlanWorkspaces : Pass<"echo-plan-workspaces", "::mlir::func::FuncOp"> {
  let summary = "Give each runtime call's workspace a planned buffer of the "
                "workspace budget";
  let description = [{
    Runs on the bufferized step, before `echo-buffer-assign`. Bufferization
    passes every entry parameter named `workspace` in abi.def (the
    convolutions' cuDNN scratch) an empty buffer (`memref.alloca() :
    memref<0xi8>`), with which the backend uses scratch of its own. With
    `budget` > 0 this pass replaces each empty workspace by a
    `memref.alloc() : memref<BUDGETxi8>` of category `workspace`, allocated
    right before the call, so the buffer planner places it in the arena for
    the call's duration, the memory report counts it, and the runtime's
    allocator measures it. The CUDA backend then picks the best algorithm
    whose workspace fits in it (or fails naming the entry); the CPU
    backend ignores it. Compile time cannot know cuDNN's per-algorithm
    workspace sizes, so the budget is one size for every call. A negative
    budget is an error.

    ```mlir
    // Before
    %e = memref.alloca() : memref<0xi8>
    %eu = memref.cast %e : memref<0xi8> to memref<*xi8>
    call @echo_conv2d(%x, %w, %b, %y, %eu, ...) : (...) -> ()
    // After (budget=1048576)
    %ws = memref.alloc() {alignment = 64 : i64, echo.alloc_for = "echo_conv2d",
                          echo.category = #echo.category<workspace>} : memref<1048576xi8>
    %wu = memref.cast %ws : memref<1048576xi8> to memref<*xi8>
    call @echo_conv2d(%x, %w, %b, %y, %wu, ...) : (...) -> ()
    ```
  }];
  let options = [
    Option<"budget", "budget", "int64_t", /*default=*/"0",
           "Workspace bytes of each call (0: the backend's own scratch)">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::echo::EchoDialect"];
}

def EchoAnnotateProfileSites : Pass<"echo-annotate-profile-sites", "::mlir::ModuleOp"> {
  let summary = "Number the stashed maps whose sparsity echo-run profiles";
  let description = [{
    Gives every SSDC candidate an `echo.profile_site` id (0, 1, ... in
    program order over the module): a top-level `echo.stash` of an f32
    value produced by `echo.relu` or `echo.max_pool2d`, the maps
    gist-encode may store as CSR. Bufferization then emits, at each
    numbered stash, a call `echo_profile_density(site, buffer)`, which
    records the map's non-zero count on every step. `echo-run
    --profile-sparsity` runs this pass on the tensor-level step and maps
    each site back to the op that produced the value; the id, not the op's
    location or position, is the key, so it survives every lowering pass.

    ```mlir
    // Before
    %r = echo.relu %c : tensor<2x4x8x8xf32>
    %s = echo.stash %r : tensor<2x4x8x8xf32>
    // After
    %s = echo.stash %r {echo.profile_site = 0 : i64} : tensor<2x4x8x8xf32>
    ```
  }];
}

def EchoMergeKernelModules : Pass<"echo-merge-kernel-modules", "::mlir::ModuleOp"> {
  let summary = "Put every outlined kernel into one gpu.module";
  let description = [{
    `gpu-kernel-outlining` gives each kernel its own `gpu.module`, so
    `gpu-module-to-binary` runs the NVPTX back end, ptxas and fatbinary once
    per kernel and chip, and the step object loads one module per kernel at
    start-up. This pass moves the symbols of every top-level `gpu.module`
    into the first one, renamed `echo_kernels`, and points each
    `gpu.launch_func` there: one compilation per chip, one load. Outlining
    names a kernel after its function, so two modules may hold the same
    name; each symbol is renamed after its module, unique among top-level
    symbols (`@m::@k` becomes `@echo_kernels::@m`, or
    `@echo_kernels::@m_k` when `m` holds several symbols). A name clash that
    remains, or a host symbol named `echo_kernels`, is an error. Part of
    `--echo-lower-to-cuda`, right after outlining.

    ```mlir
    // Before
    gpu.module @f_kernel { gpu.func @f_kernel(...) kernel { ... } }
    gpu.module @f_kernel_0 { gpu.func @f_kernel(...) kernel { ... } }
    gpu.launch_func @f_kernel::@f_kernel ...
    gpu.launch_func @f_kernel_0::@f_kernel ...
    // After
    gpu.module @echo_kernels {
      gpu.func @f_kernel(...) kernel { ... }
      gpu.func @f_kernel_0(...) kernel { ... }
    }
    gpu.launch_func @echo_kernels::@f_kernel ...
    gpu.launch_func @echo_kernels::@f_kernel_0 ...
    ```
  }];
}

def EchoFuseLightLoops : Pass<"echo-fuse-light-loops", "::mlir::func::FuncOp"> {
  let summary = "Fuse consecutive light-op loops into one loop (one kernel launch)";
  let description = [{
    `echo-light-calls-to-loops` gives every light op its own `scf.parallel`,
    so a step launches one kernel per op: an LSTM cell's slices, gates and
    products, every parameter's SGD update. This pass merges runs of 1-D
    loops (from 0 by 1 to a constant, without reductions) into one loop at
    the place of the run's last loop. Between them may stand
    side-effect-free ops (views, casts, reshapes, constants), allocations,
    and runtime calls and deallocations that share no byte with the run's
    loops (a call's buffers count as read and written): the earlier loops
    move down past them. A loop joins the run by one of two rules:

    - a loop with the trip count of the run's last segment joins that
      segment (one iteration runs both bodies, in order) when every pair
      of its accesses and the segment's that may touch the same bytes, one
      of them a write, are iteration-local: both at the loop's index, in
      views with the same start and element size;
    - otherwise, when it touches no byte that another loop of the run
      writes, nor writes a byte another reads, it becomes a new segment:
      the fused loop runs over the segments' iterations end to end, each
      iteration choosing its segment with `scf.if`.

    Two accesses may touch the same bytes when they are views of one
    buffer whose byte ranges overlap (arena views have constant offsets),
    when one is an argument marked `echo.update_of` the other (a caller
    may update a parameter in place; other arguments of a step are
    distinct buffers), or when either buffer cannot be traced to an
    allocation, a global or an argument of the function. A loop that
    fails both rules starts a new run. A loop with nested loops (a
    reduction: one output per iteration, which `echo-block-kernels` may
    give a GPU block) only starts a run, which grows only by the first
    rule: batch norm's SGD updates of its scale and shift, for one, join
    the kernel that reduces their gradients.

    Before that, elementwise loops right before and after a per-output
    kernel whose nested element loop carries `echo.partition` (N: each
    output writes its own part of [0, N) and touches the kernel's
    N-element buffers only there) move into it: each runs, per output, as
    a nested loop over the part, at the indices of the element loop's
    first store (recomputed from the output's index). A loop qualifies when
    it runs over N elements at its own index and every byte it shares with
    the kernel, one side writing, is in one of the kernel's N-element
    views: the ReLU after batch norm, the ReLU gradient before batch norm's
    gradient. Producers go first in the output's work, consumers last.

    A run also ends where one more loop would give its kernel more than
    `max-kernel-parameter-bytes` of parameters once outlined (each value the
    run uses but does not define is one: a memref descriptor takes 8 bytes
    per pointer, offset, size and stride, a scalar 8): ptxas refuses a
    kernel with more than 4,352 bytes of parameters below PTX ISA 8.1, which
    all of ResNet-32's SGD updates in one loop would have (11,080).

    Each element is computed by the same operations as before, so results
    are bit-identical; only the number of loops (kernel launches) changes.
    Runs in `--echo-lower-to-cuda` and in
    `--echo-lower-to-cpu{kernels=generated}`, right after
    `echo-light-calls-to-loops`.

    ```mlir
    // Before: y = relu(x); z = y * w  (views of one arena)
    scf.parallel (%i) = (%c0) to (%c16) step (%c1) { ... store %r, %y[%i] ... }
    scf.parallel (%i) = (%c0) to (%c16) step (%c1) { ... load %y[%i] ... store %m, %z[%i] ... }
    // After
    scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
      ... store %r, %y[%i] ... load %y[%i] ... store %m, %z[%i] ...
    }
    ```
  }];
  let options = [
    Option<"maxKernelParameterBytes", "max-kernel-parameter-bytes", "int64_t",
           /*default=*/"4096",
           "Largest parameter space of a fused loop's kernel, in bytes (a "
           "loop that alone needs more is left as it is)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect"];
}

def EchoBlockKernels : Pass<"echo-block-kernels", "::mlir::func::FuncOp"> {
  let summary = "Give each output of a light kernel with inner loops a GPU block";
  let description = [{
    `echo-light-calls-to-loops` writes a kernel that reduces as an
    `scf.parallel` over its outputs whose body holds nested `scf.parallel`
    loops: reductions (`scf.reduce`, folded in order where they run
    sequentially, as on the CPU) and the loops writing the elements of one
    output's work (a softmax line, a batch-norm channel). Upstream's mapping
    would run each nested loop serially in one thread: a batch-norm channel
    of 131,072 elements in one thread.

    This pass turns such a loop into a `gpu.launch` of one block per outer
    iteration when its longest nested loop has at least `min-inner`
    iterations. The block's `threads` threads (the nested trip count
    rounded up to a power of two, at most `threads`) share each nested
    loop: thread t runs iterations t, t + threads, ... in order
    (`scf.for`, marked with its `echo.trip_bound`); a reduction then
    combines the threads' partial results with `gpu.all_reduce` (a fixed
    tree for a fixed block size, so every run gives the same bits), and a
    loop without reduction is followed by `gpu.barrier`. An addition's
    thread 0 starts from the reduction's initial value and the others from
    zero; a maximum's threads all start from it. Loops under the threshold,
    and nested loops of any other form, become `scf.for` loops in the
    thread of their output, folding in the same order as on the CPU.

    Part of `--echo-lower-to-cuda`, before the upstream mapping of the
    remaining loops; `echo-lower-all-reduce` lowers the reductions after
    outlining.

    ```mlir
    // Before: one output per line, a sum over its 1024 inputs
    scf.parallel (%l) = (%c0) to (%c64) step (%c1) {
      %s = scf.parallel (%k) = (%c0) to (%c1024) step (%c1) init (%zero) -> f64 {
        ... scf.reduce(%v : f64) { ^bb0(%a: f64, %b: f64): ... }
      }
      memref.store ...
    }
    // After
    gpu.launch blocks(%bx, ...) in (%gx = %c64, ...) threads(%tx, ...) in (%sx = %c256, ...) {
      %p = scf.for %k = %tx to %c1024 step %c256 iter_args(%acc = ...) -> (f64) { ... }
      %s = gpu.all_reduce add %p uniform {} : (f64) -> f64
      memref.store ...
      gpu.terminator
    }
    ```
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "Most threads of a block (a power of two, 32 to 1024)">,
    Option<"minInner", "min-inner", "int64_t", /*default=*/"32",
           "Fewest iterations of an output's longest nested loop for it to get a block">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def EchoLowerAllReduce : Pass<"echo-lower-all-reduce", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.all_reduce in outlined kernels to a deterministic workgroup tree";
  let description = [{
    Each `gpu.all_reduce` of a kernel of the `gpu.module` becomes a tree in
    workgroup memory folded by one `scf.for`: every thread stores its value
    in its slot; then, for `s` = P/2, P/4, ..., 1 (P the block size rounded
    up to a power of two), thread `t < s` combines slot `t` (first operand)
    with slot `t + s` when that slot exists, with a `gpu.barrier` after each
    level; every thread then reads slot 0, and a last barrier lets the next
    reduction reuse the buffer. One workgroup buffer per element type, of
    the kernel's `known_block_size` elements, serves all of a kernel's
    reductions.

    The combining order depends only on the block size, so two runs give
    the same bits and every thread the same value, also for a region (a
    compare-select maximum) that is not commutative on -0/+0 or NaN. The
    code is one loop per reduction; upstream's rewrite
    (`populateGpuAllReducePatterns`) unrolls warp shuffles, 80 per f64
    reduction, which made ptxas the largest share of lowering a model.

    Requires the kernel's `known_block_size` (outlining sets it for constant
    launch sizes) and each reduction `uniform` at the top level of its
    kernel, where every thread reaches the barriers; anything else is an
    error. Part of `--echo-lower-to-cuda`, after outlining, before
    `convert-gpu-to-nvvm` (which does not convert `gpu.all_reduce`).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect"];
}

def EchoKernelReport : Pass<"echo-kernel-report", "::mlir::ModuleOp"> {
  let summary = "Write what each step launches: kernels, their threads and serial loops, runtime entries";
  let description = [{
    Reads a module after kernel outlining (`gpu.launch_func` ops in the
    host functions, `gpu.func` kernels with their loops) and writes a JSON
    report to `output`, one object per host function that launches
    anything, in the order of the module:

    - `launches`: kernel launches plus runtime entry calls (each entry
      launches at least one kernel on a GPU backend), the step's launch
      count; `kernels` and `entries` separately, and `entry_counts` per
      entry name;
    - per launch, in program order: the kernel, `threads` (grid times
      block, from constant sizes; -1 otherwise), `serial` (the most
      iterations one thread runs: over the kernel's nests of `scf.for`
      loops, the largest product of trip counts; a loop without constant
      bounds counts its `echo.trip_bound`, and one with neither makes the
      kernel's `serial` -1) and `bytes` (the sizes of its buffer arguments:
      what it may read or write).

    The report depends on the module alone. Part of `--echo-lower-to-cuda`
    (`kernel-report=FILE`), after outlining. A file that cannot be written
    is an error.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File the JSON report is written to ('-': standard error)">,
  ];
}

def EchoDropCompileTimings : Pass<"echo-drop-compile-timings", "::mlir::ModuleOp"> {
  let summary = "Drop the wall-clock timings gpu-module-to-binary records in each gpu.object";
  let description = [{
    The NVVM target records how long each compilation step took (e.g.
    `LLVMIRToISATimeInMs`) in the properties of the `#gpu.object` it
    creates, so two runs of the same lowering print different IR. This pass
    removes every property whose name ends in `TimeInMs` from the objects
    of every `gpu.binary`, keeping the others, so the lowering's output
    depends on its input only. Part of `--echo-lower-to-cuda`, right after
    `gpu-module-to-binary`.

    ```mlir
    // Before
    gpu.binary @k [#gpu.object<#nvvm.target, properties = {LLVMIRToISATimeInMs = 20 : i64}, assembly = "...">]
    // After
    gpu.binary @k [#gpu.object<#nvvm.target, assembly = "...">]
    ```
  }];
}

#endif // ECHO_TRANSFORMS_MEMREFPASSES_TD
