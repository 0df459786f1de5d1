//! The document's structure as its markup states it, built beside the plain
//! text from the same walk: `h1`–`h6` (and `role="heading"` with
//! `aria-level`) as headings, `ul`/`ol`/`li` (with `start`, `type`, `value`)
//! as list items nested by depth, `table`/`tr`/`th`/`td` with `colspan` and
//! `rowspan` (header rows from `thead` or rows of `th` cells, `caption`),
//! nested tables, `pre` as preformatted text, `a href` as links; every other
//! block element a paragraph.
//!
//! The tokenizer builds no tree, so ends the parser would imply (`<li>`
//! after `<li>`, `<td>` after `<td>`, `<tr>` after a cell) are implied by
//! the builder: a new cell ends the open one, a new row the open row.

use doc_model::{Block, Builder, NumberFormat, OutputLimits};

/// An open `ul` or `ol`.
struct List {
    ordered: bool,
    format: NumberFormat,
    /// The number the next item shows.
    next: i32,
}

/// An open table's state the builder does not keep.
#[derive(Default)]
struct TableState {
    in_thead: bool,
    /// Every cell of the open row so far is a `th`.
    row_all_th: bool,
    row_open: bool,
    caption: Option<String>,
}

pub(crate) struct Structure {
    b: Builder,
    lists: Vec<List>,
    tables: Vec<TableState>,
    /// A list item or heading has started and holds no text yet: block
    /// elements inside it (`<li><p>`) do not end it.
    fresh: bool,
    /// Whitespace was seen since the last text.
    space: bool,
    /// Open `pre` elements' text.
    pre: Option<String>,
    /// Inside a `caption`: its text.
    caption: Option<String>,
    /// Open `a href` elements (true where a link was started).
    links: Vec<bool>,
    /// An element with `role="heading"`: its name and nesting depth.
    role_heading: Option<(Vec<u8>, usize)>,
}

impl Structure {
    pub(crate) fn new(max_bytes: usize) -> Structure {
        Structure {
            b: Builder::new(OutputLimits::new(max_bytes as u64)),
            lists: Vec::new(),
            tables: Vec::new(),
            fresh: false,
            space: false,
            pre: None,
            caption: None,
            links: Vec::new(),
            role_heading: None,
        }
    }

    /// The attributes it reads, for the tokenizer's `wants_attributes`.
    pub(crate) fn wants_attributes(name: &[u8]) -> bool {
        matches!(
            name,
            b"a" | b"ol" | b"li" | b"td" | b"th" | b"div" | b"span" | b"p" | b"b" | b"strong"
        )
    }

    fn end_block(&mut self) {
        if !self.fresh {
            self.b.end_open_paragraph();
        }
        self.space = false;
    }

    pub(crate) fn start_tag(&mut self, name: &[u8], attr: &dyn Fn(&str) -> Option<String>) {
        if let Some((n, depth)) = &mut self.role_heading {
            if n.as_slice() == name {
                *depth += 1;
            }
        } else if attr("role").is_some_and(|r| r.trim().eq_ignore_ascii_case("heading")) {
            let level = attr("aria-level")
                .and_then(|l| l.trim().parse::<u8>().ok())
                .unwrap_or(2);
            self.end_block();
            self.b.heading(level.clamp(1, 6));
            self.fresh = true;
            self.role_heading = Some((name.to_vec(), 1));
            return;
        }
        match name {
            b"h1" | b"h2" | b"h3" | b"h4" | b"h5" | b"h6" => {
                self.end_block();
                self.b.end_open_paragraph();
                self.b.heading(name[1] - b'0');
                self.fresh = true;
            }
            b"ul" | b"ol" | b"menu" | b"dir" => {
                self.end_block();
                let ordered = name == b"ol";
                let format = match attr("type").as_deref().map(str::trim) {
                    Some("a") => NumberFormat::LowerLetter,
                    Some("A") => NumberFormat::UpperLetter,
                    Some("i") => NumberFormat::LowerRoman,
                    Some("I") => NumberFormat::UpperRoman,
                    _ => NumberFormat::Decimal,
                };
                let start = attr("start")
                    .and_then(|s| s.trim().parse::<i32>().ok())
                    .unwrap_or(1);
                if self.lists.len() < 64 {
                    self.lists.push(List {
                        ordered,
                        format,
                        next: start,
                    });
                }
            }
            b"li" => {
                self.fresh = false;
                self.b.end_open_paragraph();
                self.space = false;
                let level = u8::try_from(self.lists.len().max(1)).unwrap_or(u8::MAX);
                let value = attr("value").and_then(|v| v.trim().parse::<i32>().ok());
                let (ordered, label) = match self.lists.last_mut() {
                    Some(l) if l.ordered => {
                        let n = value.unwrap_or(l.next);
                        l.next = n.saturating_add(1);
                        (true, Some(format!("{}. ", l.format.format(n))))
                    }
                    _ => (false, None),
                };
                self.b.list_item(level, ordered, label);
                self.fresh = true;
            }
            b"table" => {
                self.end_block();
                self.fresh = false;
                if self.tables.len() < 32 {
                    self.b.table_start();
                    self.tables.push(TableState::default());
                }
            }
            b"thead" => {
                if let Some(t) = self.tables.last_mut() {
                    t.in_thead = true;
                }
            }
            b"tbody" | b"tfoot" => {
                if let Some(t) = self.tables.last_mut() {
                    t.in_thead = false;
                }
            }
            b"tr" => {
                self.fresh = false;
                self.end_row();
                if let Some(t) = self.tables.last_mut() {
                    self.b.row_start();
                    t.row_open = true;
                    t.row_all_th = true;
                }
            }
            b"td" | b"th" => {
                self.fresh = false;
                let Some(t) = self.tables.last_mut() else {
                    return;
                };
                if !t.row_open {
                    self.b.row_start();
                    t.row_open = true;
                    t.row_all_th = true;
                }
                t.row_all_th &= name == b"th";
                let span = |a: &str| {
                    attr(a)
                        .and_then(|v| v.trim().parse::<u32>().ok())
                        .unwrap_or(1)
                        .clamp(1, 1000)
                };
                self.b.cell_start(span("colspan"), span("rowspan"));
                self.space = false;
            }
            b"caption" => self.caption = Some(String::new()),
            b"pre" | b"listing" | b"xmp" | b"plaintext" => {
                self.end_block();
                self.fresh = false;
                self.pre.get_or_insert_with(String::new);
            }
            b"a" => {
                let href = attr("href").filter(|h| {
                    let h = h.trim();
                    !h.is_empty() && !h.to_ascii_lowercase().starts_with("javascript:")
                });
                if let Some(h) = &href {
                    // The space before the link is not part of it.
                    let cur = self.b.current_text();
                    if self.space && !cur.is_empty() && !cur.ends_with('\n') {
                        self.b.text(" ");
                    }
                    self.space = false;
                    self.b.link_start(h.trim());
                }
                if self.links.len() < 64 {
                    self.links.push(href.is_some());
                }
            }
            b"br" if self.pre.is_none() => {
                self.b.line_break();
                self.space = false;
            }
            b"p" | b"div" | b"blockquote" | b"dl" | b"dt" | b"dd" | b"address" | b"article"
            | b"aside" | b"section" | b"header" | b"footer" | b"nav" | b"main" | b"figure"
            | b"figcaption" | b"hr" | b"center" | b"details" | b"summary" | b"form"
            | b"fieldset" | b"legend" => self.end_block(),
            _ => {}
        }
    }

    fn end_row(&mut self) {
        if let Some(t) = self.tables.last_mut()
            && t.row_open
        {
            if t.in_thead || t.row_all_th {
                self.b.row_header();
            }
            self.b.row_end();
            t.row_open = false;
        }
    }

    pub(crate) fn end_tag(&mut self, name: &[u8]) {
        if let Some((n, depth)) = &mut self.role_heading
            && n.as_slice() == name
        {
            *depth -= 1;
            if *depth == 0 {
                self.role_heading = None;
                self.fresh = false;
                self.b.end_open_paragraph();
                self.space = false;
            }
            return;
        }
        match name {
            b"h1" | b"h2" | b"h3" | b"h4" | b"h5" | b"h6" | b"li" => {
                self.fresh = false;
                self.b.end_open_paragraph();
                self.space = false;
            }
            b"ul" | b"ol" | b"menu" | b"dir" => {
                self.fresh = false;
                self.b.end_open_paragraph();
                self.lists.pop();
            }
            b"td" | b"th" => {
                self.fresh = false;
                self.b.cell_end();
            }
            b"tr" => self.end_row(),
            b"thead" => {
                if let Some(t) = self.tables.last_mut() {
                    t.in_thead = false;
                }
            }
            b"table" => {
                self.fresh = false;
                if let Some(t) = self.tables.pop() {
                    self.end_row_of(&t);
                    let caption = t.caption.map(|c| collapse(&c)).filter(|c| !c.is_empty());
                    self.b.table_end_with_caption(caption);
                }
            }
            b"caption" => {
                if let (Some(c), Some(t)) = (self.caption.take(), self.tables.last_mut()) {
                    t.caption = Some(c);
                }
            }
            b"pre" | b"listing" | b"xmp" | b"plaintext" => {
                if let Some(text) = self.pre.take() {
                    let text = text.strip_prefix('\n').unwrap_or(&text).to_owned();
                    if !text.trim().is_empty() {
                        self.b.push_block(Block::Preformatted { text });
                    }
                }
            }
            b"a" if self.links.pop() == Some(true) => self.b.link_end(),
            b"p" | b"div" | b"blockquote" | b"dl" | b"dt" | b"dd" | b"address" | b"article"
            | b"aside" | b"section" | b"header" | b"footer" | b"nav" | b"main" | b"figure"
            | b"figcaption" | b"center" | b"details" | b"summary" | b"form" | b"fieldset"
            | b"legend" => {
                if !self.fresh {
                    self.b.end_open_paragraph();
                }
                self.space = false;
            }
            _ => {}
        }
    }

    fn end_row_of(&mut self, t: &TableState) {
        if t.row_open {
            if t.in_thead || t.row_all_th {
                self.b.row_header();
            }
            self.b.row_end();
        }
    }

    /// Text outside `pre`: whitespace collapsed, none leading a block.
    pub(crate) fn text(&mut self, s: &str) {
        if let Some(c) = &mut self.caption {
            if c.len() < 1 << 16 {
                c.push_str(s);
            }
            return;
        }
        if let Some(p) = &mut self.pre {
            p.push_str(s);
            return;
        }
        let mut first = true;
        for word in s.split(['\t', '\n', '\u{c}', '\r', ' ']) {
            if !first {
                self.space = true;
            }
            first = false;
            if word.is_empty() {
                continue;
            }
            if self.space
                && !self.b.current_text().is_empty()
                && !self.b.current_text().ends_with('\n')
            {
                self.b.text(" ");
            }
            self.space = false;
            self.fresh = false;
            self.b.text(word);
        }
    }

    pub(crate) fn finish(mut self) -> Vec<Block> {
        self.b.take_blocks()
    }
}

fn collapse(s: &str) -> String {
    s.split_ascii_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use crate::{Options, extract_with};
    use doc_model::Block;

    fn md(html: &str) -> Vec<Block> {
        extract_with(html, &Options::default()).blocks
    }

    #[test]
    fn headings_lists_and_links() {
        let blocks = md(
            "<h2>Plan</h2><p>See <a href='https://x.org'>the site</a>.</p>\
            <ol start=3><li>one<ul><li><p>deep</p></li></ul><li value=7>two</ol>\
            <div role=heading aria-level=4>Aside</div>",
        );
        assert_eq!(blocks[0], Block::heading(2, "Plan"));
        let Block::Paragraph { content } = &blocks[1] else {
            panic!("{blocks:?}")
        };
        assert_eq!(content.segments()[1], ("the site", Some("https://x.org")));
        assert_eq!(blocks[2], Block::list_item(1, true, Some("3. "), "one"));
        assert_eq!(blocks[3], Block::list_item(2, false, None, "deep"));
        assert_eq!(blocks[4], Block::list_item(1, true, Some("7. "), "two"));
        assert_eq!(blocks[5], Block::heading(4, "Aside"));
    }

    #[test]
    fn tables_with_spans_headers_and_implied_ends() {
        let blocks = md(
            "<table><caption>Cap</caption><thead><tr><th colspan=2>H</th></thead>\
            <tr><td rowspan=2>a<td>b<tr><td>c</table><p>after",
        );
        let Block::Table(t) = &blocks[0] else {
            panic!("{blocks:?}")
        };
        assert_eq!(t.header_rows, 1);
        assert_eq!(t.rows.len(), 3);
        assert_eq!(t.rows[0].cells[0].col_span, 2);
        assert_eq!(t.rows[1].cells[0].row_span, 2);
        assert_eq!(t.caption.as_ref().map(|c| c.text.as_str()), Some("Cap"));
        assert_eq!(blocks[1], Block::paragraph("after"));
    }

    #[test]
    fn preformatted_keeps_whitespace() {
        let blocks = md("<pre>\n  a  b\n c</pre>");
        assert_eq!(
            blocks,
            vec![Block::Preformatted {
                text: "  a  b\n c".into()
            }]
        );
    }
}
