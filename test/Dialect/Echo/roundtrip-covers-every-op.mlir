// Every op defined in ODS appears in a round-trip test (ops-*.mlir).
// RUN: grep -oE '^def Echo_[A-Za-z0-9]+Op : Echo_[A-Za-z0-9]*Op<"[a-z0-9_]+"' %echo_src_root/include/EchoDialect/IR/EchoOps.td \
// RUN:   | sed -E 's/.*<"([a-z0-9_]+)"/\1/' | sort -u > %t.ops
// RUN: count 84 < %t.ops
// RUN: cat %S/ops-*.mlir | grep -v '^ *//' | grep -oE 'echo\.[a-z0-9_]+ ' | sed -E 's/echo\.([a-z0-9_]+) /\1/' | sort -u > %t.tested
// RUN: comm -23 %t.ops %t.tested > %t.missing
// RUN: count 0 < %t.missing
