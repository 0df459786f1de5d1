#!/bin/sh
# Makes the OpenDocument structure fixtures of fixtures/structure/ with
# LibreOffice headless, as structure_fixtures.sh makes the others:
#   odflists.html  -> odflists.odt   (read as a Writer document, not Writer/Web,
#                                     so that its mimetype is odt's; heading levels 1-4, nested mixed lists,
#                                     a list started at 4, a link, a table with
#                                     a header row, a row span and a column span)
#   odfsheets.fods -> odfsheets.ods  (three sheets: merged ranges both ways,
#                                     a used range with empty leading rows and
#                                     columns, a hidden sheet, CJK)
#   structure_odf_deck.py (python-pptx) -> odfdeck.pptx -> odfdeck.odp
#                                    (title and subtitle, nested bullets,
#                                     notes, a table with a merged cell, a
#                                     numbered list and a paragraph without bullet)
# NAME.expected.md is written by hand (pandoc -f html -t gfm for odflists,
# spans as HTML tables); truth/NAME.truth.json is it parsed by
# ../shared/tools/structure.py (sheet names optional headings, slide titles
# level 1 or 2).
# Usage: sh xtask/scripts/structure_odf_fixtures.sh   (from the repository root)
set -eu
root=$(pwd)
cd fixtures/structure
out=$(mktemp -d)
conv() { soffice --headless --norestore -env:UserInstallation=file://$out/profile "$@" --outdir "$out" >/dev/null 2>&1; }
conv --infilter='HTML (StarWriter)' --convert-to 'odt:writer8' odflists.html; mv "$out/odflists.odt" .
conv --convert-to 'ods:calc8' odfsheets.fods; mv "$out/odfsheets.ods" .
(cd "$out" && python3 "$root/xtask/scripts/structure_odf_deck.py")
conv --convert-to 'odp:impress8' "$out/odfdeck.pptx"; mv "$out/odfdeck.odp" .
for f in odflists odfsheets odfdeck; do
  python3 - "$f" <<'PY'
import json, subprocess, sys
f = sys.argv[1]
blocks = json.loads(subprocess.check_output(
    ["python3", "../../../shared/tools/structure.py", "parse", f + ".expected.md"]))
for b in blocks:
    if b["type"] == "heading" and f == "odfsheets":
        b["optional"] = True
    if b["type"] == "heading" and f == "odfdeck":
        b["levels"] = [1, 2]
with open("truth/%s.truth.json" % f, "w") as out:
    json.dump({"blocks": blocks}, out, ensure_ascii=False, indent=1)
    out.write("\n")
PY
done
rm -rf "$out"
