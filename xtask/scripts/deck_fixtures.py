#!/usr/bin/env python3
"""Makes fixtures/structure/deck.pptx (python-pptx, its default template: the
bullets of body placeholders come from the master's bodyStyle, as in decks
PowerPoint makes) and its LibreOffice conversion deck.odp (deck.ppt is made
from it by ppt_fixtures.py, without LibreOffice's 600 KB thumbnail).

  deck.pptx   titles (title, ctrTitle), subtitle, bullets by level (inherited),
              numbered items (a:buAutoNum), a paragraph with a:buNone, a table
              with gridSpan/hMerge and rowSpan/vMerge and a header row, a group
              shape of two text boxes, speaker notes, CJK text
  deck.expected.md       the structure a correct --to markdown shows (by hand)
  truth/deck.truth.json  that Markdown parsed by ../shared/tools/structure.py

python-pptx stamps no dates; LibreOffice does, so deck.odp is
committed as made. Usage (from the repository root, python-pptx installed):
  python3 xtask/scripts/deck_fixtures.py
"""
import os
import subprocess
import tempfile

from pptx import Presentation
from pptx.oxml.ns import qn
from pptx.util import Inches

HERE = os.path.join("fixtures", "structure")


def numbered(paragraph, scheme="arabicPeriod"):
    ppr = paragraph._p.get_or_add_pPr()
    auto = ppr.makeelement(qn("a:buAutoNum"), {"type": scheme})
    ppr.append(auto)


def no_bullet(paragraph):
    ppr = paragraph._p.get_or_add_pPr()
    ppr.append(ppr.makeelement(qn("a:buNone"), {}))


def body(slide, items):
    tf = slide.placeholders[1].text_frame
    first = True
    for level, text, kind in items:
        p = tf.paragraphs[0] if first else tf.add_paragraph()
        first = False
        p.text = text
        p.level = level
        if kind == "num":
            numbered(p)
        elif kind == "none":
            no_bullet(p)
    return tf


def notes(slide, text):
    slide.notes_slide.notes_text_frame.text = text


def main():
    prs = Presentation()
    title_slide, content, title_only = prs.slide_layouts[0], prs.slide_layouts[1], prs.slide_layouts[5]

    s = prs.slides.add_slide(title_slide)
    s.shapes.title.text = "Quarterly Review"
    s.placeholders[1].text = "Kobe office, 2026"
    notes(s, "Welcome everyone.")

    s = prs.slides.add_slide(content)
    s.shapes.title.text = "Agenda"
    body(s, [(0, "Results", "bullet"), (1, "Revenue grew", "bullet"), (1, "Costs fell", "bullet"),
             (0, "Plans", "bullet"), (1, "Hiring in Incheon", "bullet")])
    notes(s, "Keep it short.")

    s = prs.slides.add_slide(content)
    s.shapes.title.text = "Steps"
    body(s, [(0, "Numbered steps follow:", "none"), (0, "Collect the data", "num"),
             (0, "Clean it", "num"), (1, "Remove duplicates", "num"), (0, "Publish", "num")])

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Stock"
    rows = [["Item", "Warehouse", "Count"], ["Bolts", "Kobe", "1200"], ["Nuts", "", "3400"],
            ["Total", "", "4600"]]
    shape = s.shapes.add_table(4, 3, Inches(1), Inches(2), Inches(6), Inches(2))
    table = shape.table
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            table.cell(r, c).text = v
    table.cell(3, 0).merge(table.cell(3, 1))  # Total over two columns
    table.cell(1, 1).merge(table.cell(2, 1))  # Kobe over two rows (the cell below is empty)

    s = prs.slides.add_slide(title_only)
    s.shapes.title.text = "Teams"
    group = s.shapes.add_group_shape()
    for i, (name, who) in enumerate([("Sales", "Ann and Bo"), ("Support", "Chen")]):
        box = group.shapes.add_textbox(Inches(1 + 4 * i), Inches(2), Inches(3), Inches(1))
        box.text_frame.text = name
        box.text_frame.add_paragraph().text = who

    s = prs.slides.add_slide(content)
    s.shapes.title.text = "概要"
    body(s, [(0, "売上は増加した", "bullet"), (0, "費用は減少した", "bullet"), (1, "인천 창고", "bullet")])
    notes(s, "日本語のノート")

    prs.save(os.path.join(HERE, "deck.pptx"))
    out = tempfile.mkdtemp()
    for ext, filt in (("odp", "impress8"),):
        subprocess.run(["soffice", "--headless", "--norestore",
                        f"-env:UserInstallation=file://{out}/profile", "--convert-to",
                        f"{ext}:{filt}", "--outdir", out, os.path.join(HERE, "deck.pptx")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.replace(os.path.join(out, f"deck.{ext}"), os.path.join(HERE, f"deck.{ext}"))


if __name__ == "__main__":
    main()
