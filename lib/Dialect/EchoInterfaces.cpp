//===- EchoInterfaces.cpp - Differentiation and cost interfaces -----------===//

#include "EchoDialect/EchoInterfaces.h"
#include "EchoDialect/EchoTypes.h"

#include "EchoDialect/EchoInterfaces.cpp.inc"

// Which results are sparse feature maps (SparseMaps.td).
#include "EchoDialect/SparseMaps.h"

#include "EchoDialect/SparseMaps.cpp.inc"
