#!/bin/sh
# Makes the structure fixtures of fixtures/structure/ from their HTML
# sources with LibreOffice headless, the way users' files are made:
#   NAME.html            the source (headings, lists, tables; CJK included)
#   NAME.expected.md     the structure a correct --to markdown shows
#                        (pandoc -f html -t gfm, spans written by hand)
#   truth/NAME.truth.json  that Markdown parsed by ../shared/tools/structure.py
#   NAME.docx .doc .odt .rtf .pdf .tagged.pdf   (documents)
#   sheet.xlsx .xls .ods                        (the workbook source)
#   lists-tables.docx .doc                      (Word corner cases)
# LibreOffice stamps dates and ids into its output, so the files are not
# byte-reproducible: they are committed, and this script remade them.
# Usage: sh xtask/scripts/structure_fixtures.sh   (from the repository root)
set -eu
cd fixtures/structure
out=$(mktemp -d)
conv() { soffice --headless --norestore -env:UserInstallation=file://$out/profile "$@" --outdir "$out" >/dev/null 2>&1; }
# HTML into Writer proper (not Writer/Web, whose .odt is a text-web package).
w="--infilter=HTML (StarWriter)"
for f in report merged cjk; do
  conv "$w" --convert-to 'docx:MS Word 2007 XML' "$f.html"; mv "$out/$f.docx" .
  conv "$w" --convert-to 'doc:MS Word 97' "$f.html"; mv "$out/$f.doc" .
  conv "$w" --convert-to 'odt:writer8' "$f.html"; mv "$out/$f.odt" .
  conv "$w" --convert-to 'rtf:Rich Text Format' "$f.html"; mv "$out/$f.rtf" .
  # PDFs from the Writer document (not Writer/Web), untagged and tagged.
  conv --convert-to 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"false"}}' "$f.odt"; mv "$out/$f.pdf" .
  conv --convert-to 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"}}' "$f.odt"; mv "$out/$f.pdf" "$f.tagged.pdf"
done
# Word-only corner cases (list starts and types, bullets under numbers,
# headings 3-6, header rows with spans, lists and a table inside cells, CJK;
# LibreOffice puts the nested table in its row's first cell, and
# lists-tables.expected.md says what the docx holds).
conv --convert-to 'docx:MS Word 2007 XML' lists-tables.html; mv "$out/lists-tables.docx" .
# The same as Word 97 .doc (msdoc-text's corner cases: list levels and
# starts, header rows, merges, lists in cells, a nested table LibreOffice
# writes as paragraphs of the outer cell's table depth 2).
conv --convert-to 'doc:MS Word 97' lists-tables.html; mv "$out/lists-tables.doc" .
for ext in 'xlsx:Calc MS Excel 2007 XML' 'xls:MS Excel 97' 'ods:calc8'; do
  conv --infilter='HTML (StarCalc)' --convert-to "$ext" sheet.html; mv "$out/sheet.${ext%%:*}" .
done
rm -rf "$out"
