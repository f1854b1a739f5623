#!/usr/bin/env python3
"""Rewrites the manifest inside a step library in place, keeping its
checksum valid (runtime/step/StepSignature.cpp: FNV-1a 64 of the records
before `check`), so that only what the records say can be wrong.

usage: rewrite_manifest.py delete-last|repeat-first KIND IN.so OUT.so
       rewrite_manifest.py set KIND INDEX FIELD VALUE IN.so OUT.so
KIND is a record kind (arg, result, site). `set` replaces field FIELD (1:
the first after the kind) of the INDEX-th (from 0) record of KIND with
VALUE. The new manifest must not be longer than the old one: repeat-first
also drops the `site` records.
"""
import sys

MAGIC = b"echo-step-manifest 3\n"


def checksum(text):
    h = 0xcbf29ce484222325
    for c in text:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return b"%016x" % h


def main():
    action, kind = sys.argv[1:3]
    if action == "set":
        index, field, value = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    src, dst = sys.argv[-2:]
    lib = open(src, "rb").read()
    start = lib.index(MAGIC)
    end = lib.index(b"\0", start)
    records = [l for l in lib[start:end].split(b"\n")
               if l and not l.startswith(b"check ") and l != b"end"]
    ofkind = [i for i, l in enumerate(records) if l.split(b" ")[0] == kind.encode()]
    if not ofkind:
        sys.exit("rewrite_manifest: no %s record" % kind)
    if action == "delete-last":
        del records[ofkind[-1]]
    elif action == "repeat-first":
        records.insert(ofkind[0], records[ofkind[0]])
        records = [l for l in records if not l.startswith(b"site ")]
    elif action == "set":
        fields = records[ofkind[index]].split(b" ")
        fields[field] = value.encode()
        records[ofkind[index]] = b" ".join(fields)
    else:
        sys.exit("rewrite_manifest: unknown action " + action)
    body = b"\n".join(records) + b"\n"
    text = body + b"check " + checksum(body) + b"\nend\n"
    if len(text) > end - start:
        sys.exit("rewrite_manifest: the new manifest is longer than the old")
    out = lib[:start] + text + b"\0" * (end - start - len(text)) + lib[end:]
    open(dst, "wb").write(out)


if __name__ == "__main__":
    main()
