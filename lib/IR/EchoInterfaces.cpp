//===- EchoInterfaces.cpp - Differentiation and cost interfaces -----------===//

#include "EchoDialect/IR/EchoInterfaces.h"
#include "EchoDialect/IR/EchoTypes.h"

#include "EchoDialect/IR/EchoInterfaces.cpp.inc"

// Which results are sparse feature maps (SparseMaps.td).
#include "EchoDialect/IR/SparseMaps.h"

#include "EchoDialect/IR/SparseMaps.cpp.inc"
