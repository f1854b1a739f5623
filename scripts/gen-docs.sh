#!/usr/bin/env bash
# Regenerates the op/type/attribute reference at the end of docs/dialect.md
# from ODS (mlir-tblgen -gen-dialect-doc). The hand-written part above the
# marker line is kept as it is.
set -euo pipefail
BUILD_DIR=${1:-build}
GENERATED="$BUILD_DIR/include/EchoDialect/IR/EchoDialect.md"
DOC=docs/dialect.md
MARKER='<!-- BEGIN GENERATED REFERENCE: scripts/gen-docs.sh rewrites everything below -->'

[ -f "$GENERATED" ] || { echo "missing $GENERATED: build EchoDialectDocGen first" >&2; exit 1; }
tmp=$(mktemp)
sed "/^$(printf '%s' "$MARKER" | sed 's/[][\/.*^$]/\\&/g')\$/q" "$DOC" > "$tmp"
grep -qxF "$MARKER" "$tmp" || { echo "$MARKER" >> "$tmp"; }
echo >> "$tmp"
# Drop the generated title, summary and [TOC]; start at the first section.
awk 'found || /^## / { found = 1; print }' "$GENERATED" >> "$tmp"
mv "$tmp" "$DOC"
echo "updated $DOC"

# docs/passes.md: the pass reference, generated entirely from ODS
# (scripts/pass-doc.sh assembles it; test/Docs/passes-doc-up-to-date.test
# fails when it drifts from Passes.td).
bash "$(dirname "$0")/pass-doc.sh" "$BUILD_DIR" > docs/passes.md
echo "updated docs/passes.md"
