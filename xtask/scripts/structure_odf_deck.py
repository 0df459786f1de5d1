"""Writes odfdeck.pptx (python-pptx), the source of fixtures/structure/odfdeck.odp:
a title slide, nested bullets with notes, a table with merged cells, a
numbered list followed by a paragraph without a bullet."""
import copy
from pptx import Presentation
from pptx.util import Inches
from pptx.oxml.ns import qn

prs = Presentation()
s = prs.slides.add_slide(prs.slide_layouts[0])
s.shapes.title.text = "Launch plan"
s.placeholders[1].text = "Spring 2026"

s = prs.slides.add_slide(prs.slide_layouts[1])
s.shapes.title.text = "Goals"
tf = s.placeholders[1].text_frame
for i, (text, level) in enumerate([("Grow revenue", 0), ("Asia", 1), ("Europe", 1), ("Hire staff", 0)]):
    p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
    p.text = text
    p.level = level
s.notes_slide.notes_text_frame.text = "Speak slowly."

s = prs.slides.add_slide(prs.slide_layouts[5])
s.shapes.title.text = "Timeline"
rows = [["Phase", "Start", "End"], ["Design", "March", "April"], ["Build", "May", "July"], ["Ship", "August", ""]]
t = s.shapes.add_table(4, 3, Inches(1), Inches(2), Inches(8), Inches(3)).table
for r, row in enumerate(rows):
    for c, v in enumerate(row):
        t.cell(r, c).text = v
t.cell(3, 1).merge(t.cell(3, 2))
t.cell(3, 1).text = "August"

s = prs.slides.add_slide(prs.slide_layouts[1])
s.shapes.title.text = "Steps"
tf = s.placeholders[1].text_frame
for i, text in enumerate(["Plan", "Build", "Ship", "Questions welcome"]):
    p = tf.paragraphs[0] if i == 0 else tf.add_paragraph()
    p.text = text
    pPr = p._p.get_or_add_pPr()
    if text == "Questions welcome":
        pPr.append(pPr.makeelement(qn("a:buNone"), {}))
    else:
        pPr.append(pPr.makeelement(qn("a:buAutoNum"), {"type": "arabicPeriod"}))
prs.save("odfdeck.pptx")  # in the current directory
