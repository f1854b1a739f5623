/*===-- echo-c/Options.h - The C API's enums and option structs ---*- C -*-===*\
|*                                                                            *|
|* The enums and option structs of the C API, expanded from                  *|
|* echo-c/PipelineOptions.def, where each is listed with its values, its     *|
|* command-line spelling and the C++ option it maps onto. For each enum     *|
|* Name of the list there is                                                 *|
|*                                                                            *|
|*   typedef enum EchoMlir<Name> { EchoMlir<Name><Value> = N, ... }          *|
|*       EchoMlir<Name>;                                                      *|
|*                                                                            *|
|* (EchoMlirRematPolicyEcho, EchoMlirGistModeLossless, ...), and for each   *|
|* option struct                                                             *|
|*                                                                            *|
|*   typedef struct EchoMlir<Name> {                                          *|
|*     size_t structSize;  -- sizeof the struct the caller was built with    *|
|*     <the fields of the list, in its order>                                 *|
|*   } EchoMlir<Name>;                                                        *|
|*                                                                            *|
|* (EchoMlirTrainingPipelineOptions, EchoMlirLowerToCPUOptions,             *|
|* EchoMlirLowerToCUDAOptions). Fill one with its Init function              *|
|* (echo-c/Pipeline.h), which sets structSize and every default, then set   *|
|* the fields you need.                                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ECHO_C_OPTIONS_H
#define ECHO_C_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECHO_MLIR_ENUM(Name, CppType) typedef enum EchoMlir##Name {
#define ECHO_MLIR_ENUM_VALUE(Name, Value, Number, Spelling, CppValue)          \
  EchoMlir##Name##Value = Number,
#define ECHO_MLIR_ENUM_END(Name)                                               \
  }                                                                            \
  EchoMlir##Name;
#include "echo-c/PipelineOptions.def"

#define ECHO_MLIR_C_FIELD_ENUM(CType, Field) EchoMlir##CType Field;
#define ECHO_MLIR_C_FIELD_DOUBLE(CType, Field) CType Field;
#define ECHO_MLIR_C_FIELD_INT64(CType, Field) CType Field;
#define ECHO_MLIR_C_FIELD_BOOL(CType, Field) CType Field;
#define ECHO_MLIR_C_FIELD_STRING(CType, Field) CType Field;
#define ECHO_MLIR_C_FIELD_STRING_LIST(CType, Field)                            \
  CType Field;                                                                 \
  size_t Field##Count;
#define ECHO_MLIR_OPTIONS(Name, Pipeline, CppType)                             \
  typedef struct EchoMlir##Name {                                              \
    size_t structSize;
#define ECHO_MLIR_OPTION(Name, Kind, CType, Field, Spelling, CppMember)        \
  ECHO_MLIR_C_FIELD_##Kind(CType, Field)
#define ECHO_MLIR_OPTIONS_END(Name)                                            \
  }                                                                            \
  EchoMlir##Name;
#include "echo-c/PipelineOptions.def"
#undef ECHO_MLIR_C_FIELD_ENUM
#undef ECHO_MLIR_C_FIELD_DOUBLE
#undef ECHO_MLIR_C_FIELD_INT64
#undef ECHO_MLIR_C_FIELD_BOOL
#undef ECHO_MLIR_C_FIELD_STRING
#undef ECHO_MLIR_C_FIELD_STRING_LIST

#ifdef __cplusplus
}
#endif

#endif /* ECHO_C_OPTIONS_H */
