#!/bin/sh
# The RTF structure fixtures of fixtures/structure/rtf/ (rtf-text):
#   corners.html -> corners.rtf   by LibreOffice headless (links, a list
#                                 starting at 3 with a nested list, a header
#                                 row, row and column spans, CJK)
#   word-*.rtf                    hand-written as Word writes RTF, for what
#                                 LibreOffice does not write: \pntext/\pn
#                                 legacy lists, \clvmgf/\clmgf merges,
#                                 \trhdr, nested tables (\itap, \nestcell,
#                                 \nesttableprops), styles with localized
#                                 names and \sbasedon, HYPERLINK \l
#   NAME.expected.md              the structure a correct reader shows
#   truth/NAME.truth.json         that Markdown parsed by structure.py
#   NAME.rtf.md                   textract's --to markdown (the golden of
#                                 crates/rtf-text/tests/structure.rs;
#                                 TEXTRACT_BLESS=1 rewrites it)
# Usage: sh xtask/scripts/structure_fixtures_rtf.sh   (from the repository root)
set -eu
cd fixtures/structure/rtf
out=$(mktemp -d)
soffice --headless --norestore -env:UserInstallation=file://$out/profile \
  --convert-to 'rtf:Rich Text Format' corners.html --outdir "$out" >/dev/null 2>&1
mv "$out/corners.rtf" .
for f in corners word-lists word-tables word-headings; do
  python3 - "$f" <<'PY'
import json, subprocess, sys
f = sys.argv[1]
blocks = json.loads(subprocess.check_output(
    ["python3", "../../../../shared/tools/structure.py", "parse", f + ".expected.md"]))
with open("truth/%s.truth.json" % f, "w") as o:
    json.dump({"source": "fixtures/structure/rtf/%s.expected.md" % f, "blocks": blocks},
              o, ensure_ascii=False, indent=1)
    o.write("\n")
PY
done
rm -rf "$out"
