//! Fuzzes the renderers: the bytes are a program of `doc_model::Builder`
//! calls (text of any characters, headings, list items at any level,
//! links, tables with any spans, covered places, vertical merges, nested
//! tables, page breaks, preformatted text), and the blocks it builds go
//! through plain text, Markdown and XHTML. Nothing may panic, and every
//! GFM pipe table of the Markdown has the same number of columns on each
//! of its lines.
#![no_main]

use doc_model::{Block, Builder, OutputLimits, PartKind};
use libfuzzer_sys::fuzz_target;

const WORDS: &[&str] = &[
    "a", "|", "*x*", "_", "# h", "1.", "- ", "<b>", "&amp;", "\\", "`", "[l](u)", "表", "\n", "\t", " ", "---",
    "\u{c}", "\u{0}", "é", "~~", "> q",
];

fuzz_target!(|data: &[u8]| {
    let mut b = Builder::new(OutputLimits::new(1 << 16));
    let mut it = data.iter().copied();
    let mut steps = 0;
    while let Some(op) = it.next() {
        steps += 1;
        if steps > 4096 {
            break;
        }
        let arg = it.next().unwrap_or(0);
        match op % 20 {
            0 | 1 | 2 => b.text(WORDS[usize::from(arg) % WORDS.len()]),
            3 => b.push(char::from_u32(u32::from(arg) * 257).unwrap_or('?')),
            4 => b.end_paragraph(),
            5 => b.heading(arg % 8),
            6 => b.list_item(arg % 10, arg & 1 == 1, (arg & 2 == 2).then(|| format!("{}.\t", arg))),
            7 => b.link_start(WORDS[usize::from(arg) % WORDS.len()]),
            8 => b.link_end(),
            9 => b.table_start(),
            10 => b.row_start(),
            11 => b.cell_start(u32::from(arg % 5), u32::from(arg / 50)),
            12 => b.cell_end(),
            13 => b.row_end(),
            14 => b.table_end_with_caption((arg & 1 == 1).then(|| "cap|tion".to_string())),
            15 => b.cell_covered(),
            16 => b.cell_merged_above(u32::from(arg % 4)),
            17 => b.row_header(),
            18 => b.page_break(),
            _ => b.push_block(Block::Preformatted {
                text: WORDS[usize::from(arg) % WORDS.len()].repeat(3),
            }),
        }
    }
    let part = b.finish_part(PartKind::Body);
    let md = doc_render::markdown(&part.blocks);
    let _ = doc_render::xhtml(&part.blocks);
    let _ = doc_render::render(&[], &[part.clone()], doc_render::Target::Markdown);
    let _ = doc_render::render(&part.blocks, &[], doc_render::Target::Html);
    assert_eq!(doc_model::plain_text(&part.blocks), part.text);
    check_pipe_tables(&md);
});

/// Cells of a pipe-table line: `|` not escaped by a backslash.
fn columns(line: &str) -> usize {
    let mut n = 0;
    let mut backslashes = 0;
    for c in line.chars() {
        if c == '|' && backslashes % 2 == 0 {
            n += 1;
        }
        backslashes = if c == '\\' { backslashes + 1 } else { 0 };
    }
    n
}

fn check_pipe_tables(md: &str) {
    let mut want: Option<usize> = None;
    let mut in_fence = false;
    for line in md.lines() {
        if line.starts_with("```") {
            in_fence = !in_fence;
        }
        if !in_fence && line.starts_with("| ") {
            let n = columns(line);
            match want {
                Some(w) => assert_eq!(w, n, "pipe table line with {n} bars, {w} before: {line:?}\n{md}"),
                None => want = Some(n),
            }
        } else {
            want = None;
        }
    }
}
