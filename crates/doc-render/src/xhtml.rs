//! XHTML as Apache Tika's parsers write it: `<h1>`–`<h6>`, `<p>`,
//! `<ul>`/`<ol>`/`<li>`, `<table>` with `<thead>`/`<tbody>`, `<th>`/`<td>`
//! with `colspan`/`rowspan`, `<pre>`, `<blockquote>`, `<a href>`; pages as
//! `<div class="page">`.

use doc_model::{Block, Cell, Inline, Table};

use crate::escape::escape_xml;

/// The XHTML of `blocks` (a body fragment); where they hold page breaks,
/// each page is a `<div class="page">`.
///
/// ```
/// use doc_model::Block;
/// let html = doc_render::xhtml(&[Block::heading(1, "A & B"), Block::list_item(1, false, None, "x")]);
/// assert_eq!(html, "<h1>A &amp; B</h1>\n<ul>\n<li>x</li>\n</ul>\n");
/// ```
pub fn xhtml(blocks: &[Block]) -> String {
    let mut out = String::new();
    write_xhtml(blocks, &mut out);
    out
}

/// [`xhtml`] appended to `out`.
pub fn write_xhtml(blocks: &[Block], out: &mut String) {
    if blocks.iter().any(|b| matches!(b, Block::PageBreak)) {
        for page in blocks.split(|b| matches!(b, Block::PageBreak)) {
            out.push_str("<div class=\"page\">");
            flow(page, out);
            out.push_str("</div>\n");
        }
    } else {
        flow(blocks, out);
    }
}

/// [`write_xhtml`], the first block's caption left out when it is a table
/// and `uncaptioned` (a sheet's name under its heading).
pub(crate) fn write_first_uncaptioned(blocks: &[Block], uncaptioned: bool, out: &mut String) {
    match blocks.split_first() {
        Some((Block::Table(t), rest)) if uncaptioned => {
            table(t, false, out);
            write_xhtml(rest, out);
        }
        _ => write_xhtml(blocks, out),
    }
}

/// Blocks in order, consecutive list items as nested lists.
fn flow(blocks: &[Block], out: &mut String) {
    // Open lists: (level, "ul" | "ol").
    let mut lists: Vec<(u8, &str)> = Vec::new();
    for b in blocks {
        if let Block::ListItem {
            level,
            ordered,
            label,
            content,
        } = b
        {
            let tag = if *ordered { "ol" } else { "ul" };
            while lists.last().is_some_and(|(l, _)| l > level) {
                close_list(&mut lists, out);
            }
            if lists.last().is_some_and(|(l, t)| l == level && *t != tag) {
                close_list(&mut lists, out);
            }
            if lists.last().is_some_and(|(l, _)| l == level) {
                out.push_str("</li>\n<li>");
            } else {
                if !lists.is_empty() {
                    out.push('\n');
                }
                out.push('<');
                out.push_str(tag);
                if *ordered
                    && let Some(n) = label.as_deref().and_then(start_number)
                    && n != 1
                {
                    out.push_str(&format!(" start=\"{n}\""));
                }
                out.push_str(">\n<li>");
                lists.push((*level, tag));
            }
            inline(content, out);
            continue;
        }
        while !lists.is_empty() {
            close_list(&mut lists, out);
        }
        block(b, out);
    }
    while !lists.is_empty() {
        close_list(&mut lists, out);
    }
}

fn close_list(lists: &mut Vec<(u8, &str)>, out: &mut String) {
    if let Some((_, tag)) = lists.pop() {
        out.push_str("</li>\n</");
        out.push_str(tag);
        out.push_str(">\n");
    }
}

/// The number a label shows, for `<ol start>`: `3.` → 3.
fn start_number(label: &str) -> Option<u32> {
    label
        .trim()
        .trim_end_matches(['.', ')'])
        .trim_start_matches('(')
        .parse()
        .ok()
}

fn block(b: &Block, out: &mut String) {
    match b {
        Block::Heading { level, content } => {
            let l = (*level).clamp(1, 6);
            out.push_str(&format!("<h{l}>"));
            inline(content, out);
            out.push_str(&format!("</h{l}>\n"));
        }
        Block::Paragraph { content } => {
            if content.text.trim().is_empty() {
                return;
            }
            out.push_str("<p>");
            inline(content, out);
            out.push_str("</p>\n");
        }
        Block::Table(t) => table(t, true, out),
        Block::Preformatted { text } => {
            out.push_str("<pre>");
            escape_xml(text, out);
            out.push_str("</pre>\n");
        }
        Block::Quote { blocks } => {
            out.push_str("<blockquote>\n");
            flow(blocks, out);
            out.push_str("</blockquote>\n");
        }
        // ListItem is handled by `flow`; a page break by `write_xhtml`.
        _ => {}
    }
}

/// Inline text: links as `<a href>`, line breaks as `<br />`.
pub(crate) fn inline(content: &Inline, out: &mut String) {
    for (text, target) in content.segments() {
        if let Some(t) = target {
            out.push_str("<a href=\"");
            escape_xml(t, out);
            out.push_str("\">");
            text_with_breaks(text, out);
            out.push_str("</a>");
        } else {
            text_with_breaks(text, out);
        }
    }
}

fn text_with_breaks(text: &str, out: &mut String) {
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("<br />");
        }
        escape_xml(line, out);
    }
}

/// A table: header rows in `<thead>` as `<th>`, the rest in `<tbody>`;
/// covered places left out; spans as attributes. No blank line inside, so
/// that it stays one HTML block inside Markdown.
/// `caption` false leaves the table's caption out.
pub(crate) fn table(t: &Table, caption: bool, out: &mut String) {
    out.push_str("<table>\n");
    if let Some(c) = t.caption.as_ref().filter(|_| caption)
        && !c.text.trim().is_empty()
    {
        out.push_str("<caption>");
        inline(c, out);
        out.push_str("</caption>\n");
    }
    let header = (t.header_rows as usize).min(t.rows.len());
    for (section, range, cell_tag) in [
        ("thead", 0..header, "th"),
        ("tbody", header..t.rows.len(), "td"),
    ] {
        if range.is_empty() {
            continue;
        }
        out.push_str(&format!("<{section}>\n"));
        for row in &t.rows[range] {
            out.push_str("<tr>");
            for c in row.cells.iter().filter(|c| !c.covered) {
                cell(c, cell_tag, out);
            }
            out.push_str("</tr>\n");
        }
        out.push_str(&format!("</{section}>\n"));
    }
    out.push_str("</table>\n");
}

fn cell(c: &Cell, tag: &str, out: &mut String) {
    out.push('<');
    out.push_str(tag);
    if c.col_span > 1 {
        out.push_str(&format!(" colspan=\"{}\"", c.col_span));
    }
    if c.row_span > 1 {
        out.push_str(&format!(" rowspan=\"{}\"", c.row_span));
    }
    out.push('>');
    match c.blocks.as_slice() {
        [Block::Paragraph { content }] => inline(content, out),
        blocks => {
            let mut inner = String::new();
            flow(blocks, &mut inner);
            out.push_str(inner.trim_end_matches('\n'));
        }
    }
    out.push_str("</");
    out.push_str(tag);
    out.push('>');
}

#[cfg(test)]
mod tests {
    use super::*;
    use doc_model::Row;

    #[test]
    fn nested_lists_close_in_order() {
        let html = xhtml(&[
            Block::list_item(1, true, Some("3."), "a"),
            Block::list_item(2, false, None, "b"),
            Block::list_item(1, true, Some("4."), "c"),
            Block::paragraph("p"),
        ]);
        assert_eq!(
            html,
            "<ol start=\"3\">\n<li>a\n<ul>\n<li>b</li>\n</ul>\n</li>\n<li>c</li>\n</ol>\n<p>p</p>\n"
        );
    }

    #[test]
    fn pages_and_header_rows() {
        let t = Table::new(
            vec![
                Row::new(vec![Cell::text("h")]),
                Row::new(vec![Cell::text("d")]),
            ],
            1,
        );
        let html = xhtml(&[Block::Table(t), Block::PageBreak, Block::paragraph("x")]);
        assert_eq!(
            html,
            "<div class=\"page\"><table>\n<thead>\n<tr><th>h</th></tr>\n</thead>\n<tbody>\n<tr><td>d</td></tr>\n</tbody>\n</table>\n</div>\n<div class=\"page\"><p>x</p>\n</div>\n"
        );
    }
}
