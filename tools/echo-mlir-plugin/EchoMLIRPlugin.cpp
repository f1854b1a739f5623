//===- EchoMLIRPlugin.cpp - echo-mlir as a plugin of stock mlir-opt -------===//
//
// One shared object with both of MLIR's plugin entry points, so that an
// upstream driver (Debian's mlir-opt-22) runs echo's passes without a
// driver of ours:
//
//   mlir-opt --load-dialect-plugin=EchoMLIRPlugin.so \
//            --load-pass-plugin=EchoMLIRPlugin.so \
//            --pass-pipeline='builtin.module(echo-training-pipeline{remat=echo})'
//
// It registers what echo-opt registers beyond stock mlir-opt
// (EchoDialect/InitAllEcho.h): the echo dialect with the dialects and
// interfaces its lowerings go through, and every echo pass and pipeline.
// (Upstream registers plugin passes after the command line is parsed, so
// they are reached through --pass-pipeline, not as top-level --echo-*
// flags.)
//
//===----------------------------------------------------------------------===//

#include "EchoDialect/InitAllEcho.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "EchoMLIR", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            echo::registerAllEchoDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "EchoMLIR", LLVM_VERSION_STRING,
          [] { echo::registerAllEchoPasses(); }};
}
