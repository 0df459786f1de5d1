#!/bin/sh
# Join the readable, unencrypted corpus PDFs into one big PDF (issue 25): the
# whole-process benchmark of a many-page file against `pdftotext`.
#
#     sh xtask/scripts/big_pdf.sh [CORPUS_PDF_DIR] [OUT]
#     # defaults: ../shared/corpus/pdf (from the repository root) and /tmp/big.pdf
#
# Files are taken in byte-sorted path order (LC_ALL=C). A file is skipped when
# qpdf says it is encrypted (`--is-encrypted` exits 0) or when qpdf refuses to
# copy its pages on its own (exit status other than 0, or 3 = warnings only).
# The output is the same byte for byte on every run (`--deterministic-id`).
# Needs qpdf (Debian: `apt-get install qpdf`). Prints the files taken, then
# the page count of OUT.
set -eu
dir=${1:-../shared/corpus/pdf}
out=${2:-/tmp/big.pdf}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/list"
find "$dir" -type f -name '*.pdf' | LC_ALL=C sort | while IFS= read -r f; do
    if qpdf --is-encrypted "$f" 2>/dev/null; then
        echo "skip (encrypted): $f" >&2
        continue
    fi
    rc=0
    qpdf --empty --pages "$f" -- "$tmp/one.pdf" >/dev/null 2>&1 || rc=$?
    if [ "$rc" -ne 0 ] && [ "$rc" -ne 3 ]; then
        echo "skip (qpdf exit $rc): $f" >&2
        continue
    fi
    printf '%s\n' "$f" >> "$tmp/list"
done
# One argument per file (paths in the corpus have no white space).
# shellcheck disable=SC2046
rc=0
qpdf --deterministic-id --empty --pages $(cat "$tmp/list") -- "$out" 2>/dev/null || rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -ne 3 ]; then
    echo "qpdf failed to join the files (exit $rc)" >&2
    exit 1
fi
cat "$tmp/list"
echo "$(wc -l < "$tmp/list") files, $(qpdf --show-npages "$out") pages -> $out"
