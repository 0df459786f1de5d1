#!/usr/bin/env python3
"""LibreOffice's rendering of every (code, value) of cases.tsv, into libreoffice.tsv.

Writes a flat ODF spreadsheet with one row per case, `=TEXT(value; code)` in the
third column, converts it to CSV with LibreOffice Calc (`soffice --headless`,
package libreoffice-calc-nogui) and records code, value and LibreOffice's text.
Run from this folder: python3 oracle.py
"""
import csv, html, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
cases = [l.rstrip("\n").split("\t") for l in open(os.path.join(here, "cases.tsv"), encoding="utf-8") if l.strip()]
rows = []
for i, (code, value) in enumerate(cases, 1):
    rows.append(
        '<table:table-row><table:table-cell office:value-type="string"><text:p>%s</text:p></table:table-cell>'
        '<table:table-cell office:value-type="float" office:value="%s"/>'
        '<table:table-cell table:formula="of:=TEXT([.B%d];[.A%d])"/></table:table-row>'
        % (html.escape(code), value, i, i)
    )
doc = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<office:document '
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2" '
    'office:mimetype="application/vnd.oasis.opendocument.spreadsheet"><office:body><office:spreadsheet>'
    '<table:table table:name="S">' + "".join(rows) + "</table:table></office:spreadsheet></office:body></office:document>"
)
with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "cases.fods")
    open(src, "w", encoding="utf-8").write(doc)
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "csv:Text - txt - csv (StarCalc):9,34,76,1", "--outdir", tmp, src],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    out = list(csv.reader(open(os.path.join(tmp, "cases.csv"), encoding="utf-8"), delimiter="\t"))
if len(out) != len(cases):
    sys.exit("LibreOffice returned %d rows for %d cases" % (len(out), len(cases)))
with open(os.path.join(here, "libreoffice.tsv"), "w", encoding="utf-8") as f:
    for (code, value), row in zip(cases, out):
        text = row[2] if len(row) > 2 else ""
        f.write("%s\t%s\t%s\n" % (code, value, text.replace("\t", "\\t").replace("\n", "\\n")))
print("%d cases" % len(cases))
