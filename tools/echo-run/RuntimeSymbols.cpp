//===- RuntimeSymbols.cpp - Runtime entries for the JIT -----------------===//
//
// Taking each entry's address also makes the linker keep the runtime
// library, whatever its --as-needed policy.

#include "RuntimeSymbols.h"

#include "echo/allocator.h"
#include "echo/runtime.h"

#include "llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h"

namespace echo_run {

llvm::orc::SymbolMap runtimeSymbolMap(llvm::orc::MangleAndInterner interner) {
  struct Entry {
    const char *name;
    void *address;
  };
#define ECHO_SYMBOL(fn) Entry{#fn, reinterpret_cast<void *>(&fn)}
  const Entry entries[] = {
      ECHO_SYMBOL(_mlir_memref_to_llvm_aligned_alloc),
      ECHO_SYMBOL(_mlir_memref_to_llvm_alloc),
      ECHO_SYMBOL(_mlir_memref_to_llvm_free),
      ECHO_SYMBOL(echo_adam_update),
      ECHO_SYMBOL(echo_alloc_site),
      ECHO_SYMBOL(echo_avg_pool2d),
      ECHO_SYMBOL(echo_avg_pool2d_grad),
      ECHO_SYMBOL(echo_batch_norm),
      ECHO_SYMBOL(echo_batch_norm_grad),
      ECHO_SYMBOL(echo_binary),
      ECHO_SYMBOL(echo_broadcast_to),
      ECHO_SYMBOL(echo_concat_part),
      ECHO_SYMBOL(echo_conv2d),
      ECHO_SYMBOL(echo_conv2d_grad_input),
      ECHO_SYMBOL(echo_conv2d_grad_weight),
      ECHO_SYMBOL(echo_copy),
      ECHO_SYMBOL(echo_cross_entropy),
      ECHO_SYMBOL(echo_cross_entropy_grad),
      ECHO_SYMBOL(echo_cross_entropy_grad_i32),
      ECHO_SYMBOL(echo_cross_entropy_grad_i64),
      ECHO_SYMBOL(echo_cross_entropy_i32),
      ECHO_SYMBOL(echo_cross_entropy_i64),
      ECHO_SYMBOL(echo_decode_binarize),
      ECHO_SYMBOL(echo_decode_csr),
      ECHO_SYMBOL(echo_decode_fp10),
      ECHO_SYMBOL(echo_decode_fp16),
      ECHO_SYMBOL(echo_decode_fp8),
      ECHO_SYMBOL(echo_decode_mask1),
      ECHO_SYMBOL(echo_dropout),
      ECHO_SYMBOL(echo_dropout_grad),
      ECHO_SYMBOL(echo_embedding),
      ECHO_SYMBOL(echo_embedding_grad),
      ECHO_SYMBOL(echo_embedding_grad_i32),
      ECHO_SYMBOL(echo_embedding_grad_i64),
      ECHO_SYMBOL(echo_embedding_i32),
      ECHO_SYMBOL(echo_embedding_i64),
      ECHO_SYMBOL(echo_encode_binarize),
      ECHO_SYMBOL(echo_encode_csr),
      ECHO_SYMBOL(echo_encode_fp10),
      ECHO_SYMBOL(echo_encode_fp16),
      ECHO_SYMBOL(echo_encode_fp8),
      ECHO_SYMBOL(echo_encode_mask1),
      ECHO_SYMBOL(echo_encode_pool_argmax),
      ECHO_SYMBOL(echo_fill),
      ECHO_SYMBOL(echo_layer_norm),
      ECHO_SYMBOL(echo_layer_norm_grad),
      ECHO_SYMBOL(echo_linear),
      ECHO_SYMBOL(echo_linear_grad_input),
      ECHO_SYMBOL(echo_linear_grad_weight),
      ECHO_SYMBOL(echo_matmul),
      ECHO_SYMBOL(echo_max_grad),
      ECHO_SYMBOL(echo_max_pool2d),
      ECHO_SYMBOL(echo_max_pool2d_grad),
      ECHO_SYMBOL(echo_max_pool2d_grad_argmax),
      ECHO_SYMBOL(echo_mem_alloc),
      ECHO_SYMBOL(echo_mem_category_name),
      ECHO_SYMBOL(echo_mem_category_of),
      ECHO_SYMBOL(echo_mem_configure),
      ECHO_SYMBOL(echo_mem_csr_overflows),
      ECHO_SYMBOL(echo_mem_current_bytes),
      ECHO_SYMBOL(echo_mem_free),
      ECHO_SYMBOL(echo_mem_max_bytes_of),
      ECHO_SYMBOL(echo_mem_num_allocations),
      ECHO_SYMBOL(echo_mem_peak_bytes),
      ECHO_SYMBOL(echo_mem_peak_bytes_of),
      ECHO_SYMBOL(echo_profile_density),
      ECHO_SYMBOL(echo_profile_elements),
      ECHO_SYMBOL(echo_profile_max_nonzeros),
      ECHO_SYMBOL(echo_profile_num_sites),
      ECHO_SYMBOL(echo_profile_reset),
      ECHO_SYMBOL(echo_profile_samples),
      ECHO_SYMBOL(echo_reduce),
      ECHO_SYMBOL(echo_reduce_grad),
      ECHO_SYMBOL(echo_reduce_max_grad),
      ECHO_SYMBOL(echo_relu_grad_binarized),
      ECHO_SYMBOL(echo_rt_fail),
      ECHO_SYMBOL(echo_sgd_update),
      ECHO_SYMBOL(echo_slice),
      ECHO_SYMBOL(echo_slice_grad),
      ECHO_SYMBOL(echo_softmax),
      ECHO_SYMBOL(echo_softmax_grad),
      ECHO_SYMBOL(echo_sum_to),
      ECHO_SYMBOL(echo_transpose),
      ECHO_SYMBOL(echo_unary),
      ECHO_SYMBOL(echo_unary_grad),
  };
#undef ECHO_SYMBOL
  llvm::orc::SymbolMap map;
  for (const Entry &e : entries)
    map[interner(e.name)] = llvm::orc::ExecutorSymbolDef(
        llvm::orc::ExecutorAddr::fromPtr(e.address),
        llvm::JITSymbolFlags::Exported);
  return map;
}

} // namespace echo_run
