//! The part-level readers (ODF 1.3 Part 3): a spreadsheet's sheets (§9.1,
//! §8.1 `office:spreadsheet`), a presentation's or drawing's pages with
//! their notes (§10.2 `draw:page`, `presentation:notes`), and the
//! page headers and footers of `office:master-styles` (§16.9–16.11).

use doc_model::{Block, Part, PartKind, plain_text};
use xml_tree::Element;

use super::body::{Walker, is_draw_link, is_shape};

impl Walker<'_> {
    /// `table:table` of a spreadsheet: a `Sheet` part (its name, then its
    /// used range as a table), then its comments and text boxes.
    pub fn sheet_parts(&mut self, t: &Element) -> Vec<Part> {
        let name = t.attr("name").unwrap_or("").to_string();
        self.b.text(&name);
        self.b.end_paragraph();
        self.sheet = true;
        self.sheet_name = name.clone();
        self.table(t);
        if let Some(shapes) = t.child("shapes") {
            for c in shapes.elements() {
                self.nested(|w| w.shape(c, false));
            }
        }
        self.sheet = false;
        let mut part = self.b.finish_part(PartKind::Sheet).with_name(name.clone());
        if t.attr("style-name")
            .is_some_and(|s| self.styles.hidden.contains(s))
        {
            part = part.with_attribute("hidden", "true");
        }
        let mut parts = vec![part];
        parts.append(&mut self.comments);
        for tb in self.text_boxes.drain(..) {
            parts.push(Part::from_blocks(PartKind::TextBox, tb).with_name(name.clone()));
        }
        parts
    }

    /// `draw:page` number `n`: `Slide`, `Notes`, `Comment` and `TextBox`
    /// parts, all named `n`. The title placeholder's paragraphs are
    /// headings, lists are list items, tables tables.
    pub fn page_parts(&mut self, page: &Element, n: usize) -> Vec<Part> {
        let name = n.to_string();
        let mut notes = Vec::new();
        self.comment_name = Some(name.clone());
        for c in page.elements() {
            if self.stopped() {
                break;
            }
            match c.name.as_str() {
                "notes" => {
                    let blocks = self.story(|w| {
                        for k in c.elements().filter(|k| is_shape(&k.name)) {
                            w.nested(|w| w.shape(k, true));
                        }
                    });
                    notes.extend(blocks);
                }
                "annotation" => self.annotation(c),
                n if is_shape(n) => self.nested(|w| w.shape(c, true)),
                // A link around shapes (§10.4.12): its name, then its shapes.
                _ if is_draw_link(c) => self.nested(|w| w.shape(c, true)),
                _ => {}
            }
        }
        self.comment_name = None;
        let mut part = self.b.finish_part(PartKind::Slide).with_name(name.clone());
        if page
            .attr("style-name")
            .is_some_and(|s| self.styles.hidden.contains(s))
        {
            part = part.with_attribute("hidden", "true");
        }
        let mut parts = vec![
            part,
            Part::from_blocks(PartKind::Notes, notes).with_name(name.clone()),
        ];
        parts.append(&mut self.comments);
        for tb in self.text_boxes.drain(..) {
            parts.push(Part::from_blocks(PartKind::TextBox, tb).with_name(name.clone()));
        }
        parts
    }

    /// Page headers and footers of `office:master-styles` (§16.9–16.11):
    /// (headers, footers), each distinct text once, named `default`,
    /// `left` or `first`.
    pub fn headers_footers(
        &mut self,
        masters: &Element,
        spreadsheet: bool,
    ) -> (Vec<Part>, Vec<Part>) {
        self.sheet_header = spreadsheet;
        let (mut headers, mut footers): (Vec<Part>, Vec<Part>) = (Vec::new(), Vec::new());
        for mp in masters.elements().filter(|m| m.name == "master-page") {
            for hf in mp.elements() {
                let (kind, name) = match hf.name.as_str() {
                    "header" => (PartKind::Header, "default"),
                    "header-left" => (PartKind::Header, "left"),
                    "header-first" => (PartKind::Header, "first"),
                    "footer" => (PartKind::Footer, "default"),
                    "footer-left" => (PartKind::Footer, "left"),
                    "footer-first" => (PartKind::Footer, "first"),
                    _ => continue,
                };
                if hf.attr("display") == Some("false") {
                    continue;
                }
                let regions: Vec<&Element> = hf
                    .elements()
                    .filter(|r| r.name.starts_with("region-"))
                    .collect();
                let blocks = if regions.is_empty() {
                    self.blocks(hf);
                    self.b.take_blocks()
                } else {
                    // Left, centre and right regions on one line, as
                    // xls-text writes a sheet's `&L`/`&C`/`&R` sections.
                    let mut cols = Vec::new();
                    for r in ["region-left", "region-center", "region-right"] {
                        if let Some(e) = hf.child(r) {
                            self.blocks(e);
                        }
                        let t = plain_text(&self.b.take_blocks());
                        cols.push(t.trim_end_matches('\n').replace('\n', " "));
                    }
                    let line = cols.join("\t");
                    vec![Block::paragraph(line.trim_end_matches('\t'))]
                };
                let part = Part::from_blocks(kind, blocks).with_name(name);
                let list = if kind == PartKind::Header {
                    &mut headers
                } else {
                    &mut footers
                };
                if !part.text.trim().is_empty() && !list.iter().any(|p| p.text == part.text) {
                    list.push(part);
                }
            }
        }
        self.sheet_header = false;
        (headers, footers)
    }
}
