// docs/dialect.md must document every op defined in ODS: list the mnemonics
// in EchoOps.td and look each one up in the doc's generated reference.
// RUN: grep -oE '^def Echo_[A-Za-z0-9]+Op : Echo_[A-Za-z0-9]*Op<"[a-z0-9_]+"' %echo_src_root/include/EchoDialect/IR/EchoOps.td \
// RUN:   | sed -E 's/.*<"([a-z0-9_]+)"/\1/' | sort -u > %t.ops
// RUN: count 84 < %t.ops
// RUN: grep -oE '^### `echo\.[a-z0-9_]+`' %echo_src_root/docs/dialect.md | sed -E 's/.*echo\.([a-z0-9_]+).*/\1/' | sort -u > %t.doc
// RUN: diff %t.ops %t.doc
