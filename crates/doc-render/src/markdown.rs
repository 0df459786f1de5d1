//! Markdown: CommonMark with GFM pipe tables; a table whose cells merge or
//! hold more than one paragraph becomes an HTML `<table>` inside the
//! Markdown, as pandoc writes it.

use doc_model::{Block, Cell, Inline, Table};

use crate::escape::{line_start_escape, md_inline, md_line_start, md_text};
use crate::{MAX_GRID_CELLS, xhtml};

/// The Markdown of `blocks`, each block followed by a blank line.
///
/// ```
/// use doc_model::Block;
/// let md = doc_render::markdown(&[Block::heading(2, "Plan"), Block::list_item(1, true, Some("1.\t"), "Go *now*")]);
/// assert_eq!(md, "## Plan\n\n1. Go \\*now\\*\n");
/// ```
pub fn markdown(blocks: &[Block]) -> String {
    let mut w = Writer::default();
    w.blocks(blocks);
    w.finish()
}

/// Writes Markdown, keeping the state that spans blocks (open lists, the
/// page count).
#[derive(Default)]
pub(crate) struct Writer {
    pub(crate) out: String,
    /// Open list items: (level, column their content starts at, number).
    list: Vec<(u8, usize, u32)>,
    pages: u32,
}

impl Writer {
    pub(crate) fn finish(mut self) -> String {
        self.end_list();
        while self.out.ends_with("\n\n") {
            self.out.pop();
        }
        self.out
    }

    /// Starts a block: closes an open list, and leaves a blank line after
    /// what came before.
    fn separate(&mut self) {
        self.end_list();
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            if !self.out.ends_with('\n') {
                self.out.push('\n');
            }
            self.out.push('\n');
        }
    }

    fn end_list(&mut self) {
        if !self.list.is_empty() {
            self.list.clear();
            self.out.push('\n');
        }
    }

    /// A block written as it is (a footnote definition).
    pub(crate) fn raw_block(&mut self, text: &str) {
        self.separate();
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A raw line (an HTML comment marking a section).
    pub(crate) fn comment(&mut self, text: &str) {
        self.separate();
        self.out.push_str("<!-- ");
        self.out.push_str(&text.replace("--", "- -"));
        self.out.push_str(" -->\n");
    }

    pub(crate) fn blocks(&mut self, blocks: &[Block]) {
        for b in blocks {
            self.block(b);
        }
    }

    /// [`Writer::blocks`], the first block's caption left out when it is
    /// a table and `uncaptioned` (a sheet's name under its heading).
    pub(crate) fn blocks_first_uncaptioned(&mut self, blocks: &[Block], uncaptioned: bool) {
        match blocks.split_first() {
            Some((Block::Table(t), rest)) if uncaptioned => {
                self.separate();
                table(t, false, &mut self.out);
                self.blocks(rest);
            }
            _ => self.blocks(blocks),
        }
    }

    /// Text that states no structure, written as
    /// `blocks(&doc_model::paragraphs_of(text))` writes it (each line a
    /// paragraph, a form feed a page break) without building the blocks.
    pub(crate) fn text_lines(&mut self, text: &str) {
        let body = text.strip_suffix('\n').unwrap_or(text);
        let paged = body.contains('\u{c}');
        for (i, page) in body.split('\u{c}').enumerate() {
            if i > 0 {
                self.block(&Block::PageBreak);
            }
            let page = page.strip_suffix('\n').unwrap_or(page);
            if page.is_empty() && paged {
                continue;
            }
            for line in page.split('\n') {
                if line.trim().is_empty() {
                    continue;
                }
                self.separate();
                self.one_line(line);
                self.out.push('\n');
            }
        }
    }

    /// One line without links, escaped straight into the output.
    fn one_line(&mut self, text: &str) {
        let start = self.out.len();
        md_text(text, &mut self.out);
        let written = self.out.get(start..).unwrap_or_default();
        let lead = written.len() - written.trim_start().len();
        let kept = written.trim_end().len();
        self.out.truncate(start + kept);
        if kept > 0 {
            self.out.drain(start..start + lead);
        }
        let line = self.out.get(start..).unwrap_or_default();
        if let Some(at) = line_start_escape(line) {
            self.out.insert(start + at, '\\');
        }
    }

    fn block(&mut self, b: &Block) {
        match b {
            Block::Heading { level, content } => {
                let text = one_line(content);
                if text.trim().is_empty() {
                    return;
                }
                self.separate();
                for _ in 0..(*level).clamp(1, 6) {
                    self.out.push('#');
                }
                self.out.push(' ');
                self.out.push_str(text.trim());
                self.out.push('\n');
            }
            Block::Paragraph { content } => {
                if content.text.trim().is_empty() {
                    return;
                }
                self.separate();
                self.paragraph(content, "");
                self.out.push('\n');
            }
            Block::ListItem {
                level,
                ordered,
                label,
                content,
            } => self.list_item(*level, *ordered, label.as_deref(), content),
            Block::Table(t) => {
                self.separate();
                table(t, true, &mut self.out);
            }
            Block::Preformatted { text } => {
                if text.trim().is_empty() {
                    return;
                }
                self.separate();
                let longest = longest_run(text, '`');
                let fence = "`".repeat(longest.max(2) + 1);
                self.out.push_str(&fence);
                self.out.push('\n');
                self.out.push_str(text.trim_end_matches('\n'));
                self.out.push('\n');
                self.out.push_str(&fence);
                self.out.push('\n');
            }
            Block::Quote { blocks } => {
                let inner = markdown(blocks);
                if inner.trim().is_empty() {
                    return;
                }
                self.separate();
                for line in inner.lines() {
                    self.out.push('>');
                    if !line.is_empty() {
                        self.out.push(' ');
                        self.out.push_str(line);
                    }
                    self.out.push('\n');
                }
            }
            Block::PageBreak => {
                self.pages += 1;
                let n = self.pages + 1;
                self.comment(&format!("page {n}"));
            }
            _ => {}
        }
    }

    /// A paragraph's lines, each escaped, `indent` before every line after
    /// the first, hard breaks between them.
    fn paragraph(&mut self, content: &Inline, indent: &str) {
        if content.links.is_empty() && !content.text.contains('\n') {
            self.one_line(&content.text);
            return;
        }
        let md = md_inline(content);
        let mut first = true;
        for line in md.split('\n') {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if !first {
                self.out.push_str("  \n");
                self.out.push_str(indent);
            }
            md_line_start(line, &mut self.out);
            first = false;
        }
    }

    fn list_item(&mut self, level: u8, ordered: bool, label: Option<&str>, content: &Inline) {
        if self.list.is_empty() {
            self.separate();
        }
        while self.list.last().is_some_and(|(l, _, _)| *l > level) {
            self.list.pop();
        }
        let number = match self.list.last_mut() {
            Some((l, _, n)) if *l == level => {
                *n += 1;
                let n = *n;
                self.list.pop();
                n
            }
            _ => 1,
        };
        let indent = self.list.last().map_or(0, |(_, col, _)| *col);
        let marker = if ordered {
            match label.and_then(decimal_label) {
                Some(m) => m,
                None => format!("{number}."),
            }
        } else {
            "-".to_owned()
        };
        let number = marker
            .trim_end_matches(['.', ')'])
            .parse::<u32>()
            .unwrap_or(number);
        let pad = " ".repeat(indent);
        self.out.push_str(&pad);
        self.out.push_str(&marker);
        self.out.push(' ');
        let col = indent + marker.len() + 1;
        self.paragraph(content, &" ".repeat(col));
        self.out.push('\n');
        self.list.push((level, col, number));
    }
}

/// A label that Markdown can show as it is: `12.` or `3)`.
fn decimal_label(label: &str) -> Option<String> {
    let l = label.trim();
    let digits = l.trim_end_matches(['.', ')']);
    let ok = !digits.is_empty()
        && digits.len() <= 9
        && digits.bytes().all(|b| b.is_ascii_digit())
        && l.len() == digits.len() + 1;
    ok.then(|| l.to_owned())
}

/// A heading's text on one line.
fn one_line(content: &Inline) -> String {
    let md = md_inline(content);
    let joined = md.split('\n').map(str::trim).collect::<Vec<_>>().join(" ");
    // A leading '#' would add to the heading's own marks.
    let mut out = String::with_capacity(joined.len());
    md_line_start(&joined, &mut out);
    out
}

fn longest_run(s: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for ch in s.chars() {
        if ch == c {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// Whether a table can be a pipe table: no merged cells, each cell at most
/// one paragraph.
fn is_simple(t: &Table) -> bool {
    t.rows.iter().flat_map(|r| &r.cells).all(|c| {
        !c.covered
            && c.col_span <= 1
            && c.row_span <= 1
            && c.blocks.len() <= 1
            && c.blocks
                .iter()
                .all(|b| matches!(b, Block::Paragraph { .. }))
    })
}

/// A table: a pipe table after its caption (a paragraph), or an HTML
/// table holding its caption; `caption` false leaves the caption out.
fn table(t: &Table, caption: bool, out: &mut String) {
    if !is_simple(t) {
        xhtml::table(t, caption, out);
        return;
    }
    if let Some(c) = t.caption.as_ref().filter(|_| caption)
        && !c.text.trim().is_empty()
    {
        let mut w = Writer::default();
        w.paragraph(c, "");
        out.push_str(&w.out);
        out.push_str("\n\n");
    }
    pipe_table(t, out);
}

/// A GFM pipe table: the first row is the header; every row has the
/// grid's number of columns.
fn pipe_table(t: &Table, out: &mut String) {
    let grid = t.grid(MAX_GRID_CELLS);
    let ncols = grid.first().map_or(0, Vec::len);
    if ncols == 0 {
        return;
    }
    for (r, line) in grid.iter().enumerate() {
        out.push('|');
        for place in line {
            out.push(' ');
            if let Some(cell) = place.and_then(|(ri, ci)| t.rows.get(ri)?.cells.get(ci)) {
                cell_text(cell, out);
            }
            out.push_str(" |");
        }
        out.push('\n');
        if r == 0 {
            out.push('|');
            for _ in 0..ncols {
                out.push_str(" --- |");
            }
            out.push('\n');
        }
    }
}

/// A cell's text on one line of a pipe table.
fn cell_text(cell: &Cell, out: &mut String) {
    let Some(content) = cell.blocks.first().and_then(Block::inline) else {
        return;
    };
    let md = md_inline(content);
    let mut first = true;
    for line in md.split('\n') {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !first {
            out.push_str("<br>");
        }
        for c in line.chars() {
            out.push(if c == '\t' { ' ' } else { c });
        }
        first = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use doc_model::{Row, Table};

    #[test]
    fn text_lines_write_what_their_paragraphs_would() {
        for text in [
            "",
            "\n",
            "one\n\n  two  \n# three\n",
            "a\u{c}b\n\u{c}\u{c}c",
            "\u{c}",
            "x\n\u{c}\n",
            "1. not a list\n- nor this\n\t\n|a|b|",
            "no final line end",
        ] {
            let mut w = Writer::default();
            w.text_lines(text);
            assert_eq!(
                w.finish(),
                markdown(&doc_model::paragraphs_of(text)),
                "{text:?}"
            );
        }
    }

    #[test]
    fn one_line_paragraphs_escape_as_the_general_path_does() {
        // The general path: the inline's Markdown split into lines, each
        // trimmed and escaped at its start.
        let general = |text: &str| {
            let md = md_inline(&Inline::new(text));
            let mut out = String::new();
            for line in md.split('\n').map(str::trim).filter(|l| !l.is_empty()) {
                md_line_start(line, &mut out);
            }
            out
        };
        let mut samples = vec![
            String::new(),
            " ".into(),
            "\u{1}".into(),
            "\u{1} #x".into(),
            "\u{1}#x".into(),
            "  # not a heading ".into(),
            "12. x".into(),
            " 1234567890) y".into(),
            "- a".into(),
            "+ = > #".into(),
            "a*b_c[d]e<f|g~h&amp;i&j\\k`l".into(),
            "\u{85}\u{a0}x\u{3000}".into(),
            "東京\t都 ".into(),
            "\u{7f}=x".into(),
        ];
        for a in ["#", "1", ".", " ", "\u{2}", "é", "*", "\u{9f}", "\t"] {
            for b in ["#", "2)", "-", " ", "x", "\u{3000}"] {
                samples.push(format!("{a}{b}"));
            }
        }
        for text in samples {
            let mut w = Writer::default();
            w.paragraph(&Inline::new(text.as_str()), "");
            assert_eq!(w.out, general(&text), "{text:?}");
        }
    }

    fn t(rows: Vec<Vec<Cell>>) -> Block {
        Block::Table(Table::new(rows.into_iter().map(Row::new).collect(), 0))
    }

    #[test]
    fn nested_lists_indent_under_their_parent() {
        let md = markdown(&[
            Block::paragraph("Intro"),
            Block::list_item(1, true, Some("1.\t"), "one"),
            Block::list_item(3, false, None, "deep"),
            Block::list_item(1, true, Some("2.\t"), "two"),
            Block::list_item(2, true, Some("a)"), "sub"),
            Block::paragraph("End"),
        ]);
        assert_eq!(md, "Intro\n\n1. one\n   - deep\n2. two\n   1. sub\n\nEnd\n");
    }

    #[test]
    fn escapes_what_markdown_would_read_as_markup() {
        let md = markdown(&[
            Block::paragraph("# not a heading"),
            Block::paragraph("1. not a list | a_b *c* [d] <e>"),
            Block::paragraph("- dash"),
        ]);
        assert_eq!(
            md,
            "\\# not a heading\n\n1\\. not a list \\| a\\_b \\*c\\* \\[d\\] \\<e>\n\n\\- dash\n"
        );
    }

    #[test]
    fn pipe_tables_have_equal_columns() {
        let md = markdown(&[t(vec![
            vec![Cell::text("a"), Cell::text("b|c")],
            vec![Cell::text("d")],
            vec![Cell::text("x"), Cell::text("y"), Cell::text("z")],
        ])]);
        assert_eq!(
            md,
            "| a | b\\|c |  |\n| --- | --- | --- |\n| d |  |  |\n| x | y | z |\n"
        );
    }

    /// Found by the `doc_render_blocks` fuzz target: a link whose target
    /// holds a bar split its pipe-table cell in two.
    #[test]
    fn a_bar_in_a_link_target_stays_inside_its_cell() {
        let cell = Cell::new(vec![Block::Paragraph {
            content: Inline::new("[l](u)").with_link(0, 6, "|"),
        }]);
        let md = markdown(&[t(vec![vec![Cell::text(""), cell]])]);
        assert_eq!(md, "|  | [\\[l\\](u)](%7C) |\n| --- | --- |\n");
    }

    #[test]
    fn merged_cells_make_an_html_table() {
        let md = markdown(&[t(vec![
            vec![Cell::text("a").with_span(2, 1)],
            vec![Cell::text("b"), Cell::text("c")],
        ])]);
        assert_eq!(
            md,
            "<table>\n<tbody>\n<tr><td colspan=\"2\">a</td></tr>\n<tr><td>b</td><td>c</td></tr>\n</tbody>\n</table>\n"
        );
    }

    #[test]
    fn links_and_line_breaks() {
        let p = Block::Paragraph {
            content: Inline::new("see site\nnext").with_link(4, 8, "https://x.org/a b"),
        };
        assert_eq!(markdown(&[p]), "see [site](<https://x.org/a b>)  \nnext\n");
    }

    #[test]
    fn preformatted_is_fenced() {
        let md = markdown(&[Block::Preformatted {
            text: "a ``` b\n  c".into(),
        }]);
        assert_eq!(md, "````\na ``` b\n  c\n````\n");
    }
}
