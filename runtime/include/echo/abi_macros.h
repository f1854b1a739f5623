/*===- abi_macros.h - Iterating abi.def's parameter sequences --*- C -*-===*
 *
 * abi.def writes an entry's parameters as a sequence (KIND, name)(KIND,
 * name)... and its aliases as (out, in)(out, in)... These macros walk such a
 * sequence (two macros calling each other, each consuming one element, and
 * a final token paste that swallows the last one), so the same sequence
 * expands to a C parameter list, a forwarded argument list or a table row:
 *
 *   ECHO_PARAMS(seq)  ", int64_t x_rank, void *x_desc, int64_t k, ..."
 *   ECHO_ARGS(seq)    ", x_rank, x_desc, k, ..."
 *   ECHO_FOR_EACH_PARAM(seq)  ECHO_PARAM_ITEM(KIND, name) per parameter
 *   ECHO_FOR_EACH_ALIAS(seq)  ECHO_ALIAS_ITEM(out, in) per alias
 *
 * The last two call a macro the includer defines.
 *
 *===--------------------------------------------------------------------===*/

#ifndef ECHO_ABI_MACROS_H
#define ECHO_ABI_MACROS_H

/* Pastes _END to the last token of the expanded sequence walk. Variadic,
 * since the expansion contains commas. */
#define ECHO_END(...) ECHO_END_(__VA_ARGS__)
#define ECHO_END_(...) __VA_ARGS__##_END
#define ECHO_TENSOR(name) int64_t name##_rank, void *name##_desc

/* One C declaration, and one forwarded argument, per parameter kind. */
#define ECHO_DECL_F32(n) , ECHO_TENSOR(n)
#define ECHO_DECL_F16(n) , ECHO_TENSOR(n)
#define ECHO_DECL_BF16(n) , ECHO_TENSOR(n)
#define ECHO_DECL_MASK(n) , ECHO_TENSOR(n)
#define ECHO_DECL_IDX32(n) , ECHO_TENSOR(n)
#define ECHO_DECL_IDX64(n) , ECHO_TENSOR(n)
#define ECHO_DECL_BYTES(n) , ECHO_TENSOR(n)
#define ECHO_DECL_HOST_I64(n) , ECHO_TENSOR(n)
#define ECHO_DECL_HOST_ANY(n) , ECHO_TENSOR(n)
#define ECHO_DECL_ANY(n) , ECHO_TENSOR(n)
#define ECHO_DECL_INT(n) , int64_t n
#define ECHO_DECL_REAL(n) , double n
#define ECHO_FWD_F32(n) , n##_rank, n##_desc
#define ECHO_FWD_F16(n) , n##_rank, n##_desc
#define ECHO_FWD_BF16(n) , n##_rank, n##_desc
#define ECHO_FWD_MASK(n) , n##_rank, n##_desc
#define ECHO_FWD_IDX32(n) , n##_rank, n##_desc
#define ECHO_FWD_IDX64(n) , n##_rank, n##_desc
#define ECHO_FWD_BYTES(n) , n##_rank, n##_desc
#define ECHO_FWD_HOST_I64(n) , n##_rank, n##_desc
#define ECHO_FWD_HOST_ANY(n) , n##_rank, n##_desc
#define ECHO_FWD_ANY(n) , n##_rank, n##_desc
#define ECHO_FWD_INT(n) , n
#define ECHO_FWD_REAL(n) , n

#define ECHO_PARAMS(seq) ECHO_END(ECHO_PARAMS_A seq)
#define ECHO_PARAMS_A(kind, n) ECHO_DECL_##kind(n) ECHO_PARAMS_B
#define ECHO_PARAMS_B(kind, n) ECHO_DECL_##kind(n) ECHO_PARAMS_A
#define ECHO_PARAMS_A_END
#define ECHO_PARAMS_B_END

#define ECHO_ARGS(seq) ECHO_END(ECHO_ARGS_A seq)
#define ECHO_ARGS_A(kind, n) ECHO_FWD_##kind(n) ECHO_ARGS_B
#define ECHO_ARGS_B(kind, n) ECHO_FWD_##kind(n) ECHO_ARGS_A
#define ECHO_ARGS_A_END
#define ECHO_ARGS_B_END

#define ECHO_FOR_EACH_PARAM(seq) ECHO_END(ECHO_EACH_PARAM_A seq)
#define ECHO_EACH_PARAM_A(kind, n) ECHO_PARAM_ITEM(kind, n) ECHO_EACH_PARAM_B
#define ECHO_EACH_PARAM_B(kind, n) ECHO_PARAM_ITEM(kind, n) ECHO_EACH_PARAM_A
#define ECHO_EACH_PARAM_A_END
#define ECHO_EACH_PARAM_B_END

#define ECHO_FOR_EACH_ALIAS(seq) ECHO_END(ECHO_EACH_ALIAS_A seq)
#define ECHO_EACH_ALIAS_A(out, in) ECHO_ALIAS_ITEM(out, in) ECHO_EACH_ALIAS_B
#define ECHO_EACH_ALIAS_B(out, in) ECHO_ALIAS_ITEM(out, in) ECHO_EACH_ALIAS_A
#define ECHO_EACH_ALIAS_A_END
#define ECHO_EACH_ALIAS_B_END

#endif /* ECHO_ABI_MACROS_H */
