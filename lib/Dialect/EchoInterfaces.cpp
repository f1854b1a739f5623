//===- EchoInterfaces.cpp - Differentiation and cost interfaces -----------===//

#include "EchoDialect/EchoInterfaces.h"
#include "EchoDialect/EchoTypes.h"

#include "EchoDialect/EchoInterfaces.cpp.inc"
