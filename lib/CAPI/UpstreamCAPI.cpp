//===- UpstreamCAPI.cpp - Upstream's mlir-c as a shared library -----------===//
//
// libEchoMLIRUpstreamCAPI.so holds upstream's C API for contexts, modules,
// diagnostics and pass managers (mlirContextCreate, mlirModuleCreateParse,
// mlirPassManagerRun, ...), linked whole from Debian's static archive
// libMLIRCAPIIR.a and resolved against libMLIR.so. This file has no code of
// its own; the library is the archive's objects.
//
// Why a library of its own rather than part of libEchoMLIRCAPI.so: Debian
// builds MLIR with clang and the archive with hidden visibility, while echo
// is built with GCC. MLIR identifies some traits (IsTerminator, ...) by the
// compiler's spelling of a type name, which differs between the two, unless
// the echo code and libMLIR.so share one copy of each trait's TypeID
// variable. Linked into one library with the archive, those variables would
// take its hidden visibility and stop being shared: the verifier would then
// no longer see that echo.yield is a terminator.
//
//===----------------------------------------------------------------------===//
