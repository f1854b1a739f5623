# Turns a file into a comma-separated list of its bytes, for
# `static const char data[] = {
#  #include "NAME.inc"
#  , 0};` (a resource compiled into a library instead of a long string
# literal in C++). Usage:
#   cmake -DINPUT=FILE -DOUTPUT=NAME.inc [-DREQUIRE=TEXT] -P EmbedResource.cmake
# REQUIRE: text the file must contain exactly once (a placeholder the C++
# replaces), checked here so the library never meets a page without it.
if(DEFINED REQUIRE)
  file(READ "${INPUT}" text)
  string(FIND "${text}" "${REQUIRE}" first)
  string(FIND "${text}" "${REQUIRE}" last REVERSE)
  if(first EQUAL -1 OR NOT first EQUAL last)
    message(FATAL_ERROR "${INPUT} must contain ${REQUIRE} exactly once")
  endif()
endif()
file(READ "${INPUT}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# One line per 32 bytes keeps the generated file readable by tools.
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
string(REGEX REPLACE ",$" "" bytes "${bytes}")
file(WRITE "${OUTPUT}" "${bytes}\n")
