#!/usr/bin/env python3
"""Makes the .ppt structure fixtures of fixtures/structure/ the way users
make them: python-pptx writes a .pptx (its default template: body
placeholders take their bullets from the master), LibreOffice converts it
to PowerPoint 97-2003, and `cargo xtask cfb-strip` drops the summary
information, whose first-slide thumbnail (~600 KB) no test reads.

  slides.pptx   the source: a title slide with a subtitle, bullets at three
                levels, numbered items (arabicPeriod, alphaLcParenR at level
                2, romanLcPeriod at level 3), a paragraph with a:buNone, two
                content placeholders side by side, a table with a column span,
                a row span and a header row, speaker notes, CJK text
  slides.ppt    its LibreOffice conversion (summary information left out)
  deck.ppt      the same for deck.pptx (deck_fixtures.py), whose
                deck.expected.md and truth/deck.truth.json it shares
  slides.expected.md       the structure a correct --to markdown shows (by hand)
  truth/slides.truth.json  that Markdown parsed by ../shared/tools/structure.py

LibreOffice stamps ids and dates, so the .ppt files are committed as made.
Usage (from the repository root; python-pptx, soffice, ../shared/tools or
$SHARED/tools):
  python3 xtask/scripts/ppt_fixtures.py
"""
import json
import os
import subprocess
import tempfile

from pptx import Presentation
from pptx.oxml.ns import qn
from pptx.util import Inches

HERE = os.path.join("fixtures", "structure")

EXPECTED = """# Annual Plan 2027

Regional office, Busan

> Opening remarks.

# Priorities

- Growth
  - New markets
    - Vietnam
    - Thailand
- Efficiency
  - Automation

# Process

Three steps:

1. Plan
2. Build
   1. Design
   2. Code
      1. Unit tests
3. Review

# Compare

- Fast
- Cheap

1. Measure
2. Decide

# Budget

<table>
<tr><th>Region</th><th>Q1</th><th>Q2</th></tr>
<tr><td>North</td><td>10</td><td>12</td></tr>
<tr><td rowspan="2">South</td><td>7</td><td>9</td></tr>
<tr><td>8</td><td>6</td></tr>
<tr><td colspan="2">Total</td><td>27</td></tr>
</table>

# 計画

- 市場を拡大する
  - 부산 사무소
- 第一段階

> 注意事項を確認する。
"""


def numbered(paragraph, scheme):
    ppr = paragraph._p.get_or_add_pPr()
    ppr.append(ppr.makeelement(qn("a:buAutoNum"), {"type": scheme}))


def no_bullet(paragraph):
    ppr = paragraph._p.get_or_add_pPr()
    ppr.append(ppr.makeelement(qn("a:buNone"), {}))


def fill(tf, items):
    for i, (level, text, kind) in enumerate(items):
        p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
        p.text = text
        p.level = level
        if kind == "none":
            no_bullet(p)
        elif kind != "bullet":
            numbered(p, kind)


def main():
    prs = Presentation()
    title_slide, content, two, title_only = (prs.slide_layouts[i] for i in (0, 1, 3, 5))

    s = prs.slides.add_slide(title_slide)
    s.shapes.title.text = "Annual Plan 2027"
    s.placeholders[1].text = "Regional office, Busan"
    s.notes_slide.notes_text_frame.text = "Opening remarks."

    s = prs.slides.add_slide(content)
    s.shapes.title.text = "Priorities"
    fill(s.placeholders[1].text_frame, [
        (0, "Growth", "bullet"), (1, "New markets", "bullet"), (2, "Vietnam", "bullet"),
        (2, "Thailand", "bullet"), (0, "Efficiency", "bullet"), (1, "Automation", "bullet")])

    s = prs.slides.add_slide(content)
    s.shapes.title.text = "Process"
    fill(s.placeholders[1].text_frame, [
        (0, "Three steps:", "none"), (0, "Plan", "arabicPeriod"), (0, "Build", "arabicPeriod"),
        (1, "Design", "alphaLcParenR"), (1, "Code", "alphaLcParenR"),
        (2, "Unit tests", "romanLcPeriod"), (0, "Review", "arabicPeriod")])

    s = prs.slides.add_slide(two)
    s.shapes.title.text = "Compare"
    fill(s.placeholders[1].text_frame, [(0, "Fast", "bullet"), (0, "Cheap", "bullet")])
    fill(s.placeholders[2].text_frame, [(0, "Measure", "arabicPeriod"), (0, "Decide", "arabicPeriod")])

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Budget"
    rows = [["Region", "Q1", "Q2"], ["North", "10", "12"], ["South", "7", "9"],
            ["", "8", "6"], ["Total", "", "27"]]
    table = s.shapes.add_table(5, 3, Inches(1), Inches(2), Inches(6), Inches(2.5)).table
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            table.cell(r, c).text = v
    table.cell(2, 0).merge(table.cell(3, 0))  # South over two rows
    table.cell(4, 0).merge(table.cell(4, 1))  # Total over two columns

    s = prs.slides.add_slide(content)
    s.shapes.title.text = "計画"
    fill(s.placeholders[1].text_frame, [
        (0, "市場を拡大する", "bullet"), (1, "부산 사무소", "bullet"), (0, "第一段階", "bullet")])
    s.notes_slide.notes_text_frame.text = "注意事項を確認する。"

    prs.save(os.path.join(HERE, "slides.pptx"))
    with open(os.path.join(HERE, "slides.expected.md"), "w", encoding="utf-8") as f:
        f.write(EXPECTED)
    shared = os.environ.get("SHARED", os.path.join("..", "shared"))
    parsed = subprocess.run(["python3", os.path.join(shared, "tools", "structure.py"), "parse",
                             os.path.join(HERE, "slides.expected.md")],
                            check=True, capture_output=True, text=True).stdout
    with open(os.path.join(HERE, "truth", "slides.truth.json"), "w", encoding="utf-8") as f:
        json.dump({"blocks": json.loads(parsed)}, f, ensure_ascii=False, indent=1)
        f.write("\n")

    out = tempfile.mkdtemp()
    for name in ("slides", "deck"):
        subprocess.run(["soffice", "--headless", "--norestore",
                        f"-env:UserInstallation=file://{out}/profile", "--convert-to",
                        "ppt:MS PowerPoint 97", "--outdir", out,
                        os.path.join(HERE, f"{name}.pptx")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["cargo", "xtask", "cfb-strip", os.path.join(out, f"{name}.ppt"),
                        os.path.join(HERE, f"{name}.ppt")], check=True)


if __name__ == "__main__":
    main()
