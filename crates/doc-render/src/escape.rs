//! Escaping for Markdown and XML.

use doc_model::Inline;

/// XML text escaping, dropping the characters XML 1.0 cannot hold.
pub fn escape_xml(s: &str, out: &mut String) {
    // Runs of characters that need nothing are copied whole.
    let mut run = 0;
    for (i, c) in s.char_indices() {
        let replacement = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\t' | '\n' | '\r' => continue,
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => "",
            _ => continue,
        };
        out.push_str(s.get(run..i).unwrap_or_default());
        out.push_str(replacement);
        run = i + c.len_utf8();
    }
    out.push_str(s.get(run..).unwrap_or_default());
}

/// Markdown text of `content`: characters Markdown would read as markup
/// backslash-escaped, links as `[text](target)`. Line starts are the
/// caller's ([`md_line_start`]).
pub(crate) fn md_inline(content: &Inline) -> String {
    let mut out = String::with_capacity(content.text.len() + 8);
    if content.links.is_empty() {
        md_text(&content.text, &mut out);
        return out;
    }
    for (text, target) in content.segments() {
        match target {
            Some(t) if !text.trim().is_empty() => {
                out.push('[');
                md_text(&text.replace('\n', " "), &mut out);
                out.push_str("](");
                md_target(t, &mut out);
                out.push(')');
            }
            _ => md_text(text, &mut out),
        }
    }
    out
}

/// The bytes [`md_text`] looks at: what Markdown reads as markup, the C0
/// controls but tab and line feed, DEL, and 0xC2 (the lead byte of the C1
/// controls).
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = b != b'\n' as usize && b != b'\t' as usize;
        b += 1;
    }
    let marks = b"\\`*_[]<|~&";
    let mut i = 0;
    while i < marks.len() {
        t[marks[i] as usize] = true;
        i += 1;
    }
    t[0x7F] = true;
    t[0xC2] = true;
    t
};

pub(crate) fn md_text(s: &str, out: &mut String) {
    // Runs of ordinary characters are copied whole; only the bytes that
    // can start markup or a control character are looked at one by one.
    let bytes = s.as_bytes();
    let mut run = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if !SPECIAL[usize::from(b)] {
            i += 1;
            continue;
        }
        // Both ends sit before an ASCII byte or a lead byte: char boundaries.
        out.push_str(s.get(run..i).unwrap_or_default());
        match b {
            b'&' => {
                let next = bytes.get(i + 1);
                if next.is_some_and(|n| n.is_ascii_alphanumeric() || *n == b'#') {
                    out.push('\\');
                }
                out.push('&');
                i += 1;
            }
            // U+0080–U+009F, the C1 controls, are 0xC2 0x80–0x9F.
            0xC2 => {
                let c1 = bytes.get(i + 1).is_some_and(|n| (0x80..=0x9F).contains(n));
                if !c1 {
                    out.push_str(s.get(i..i + 2).unwrap_or_default());
                }
                i += 2;
            }
            0x7F => i += 1,
            b if b < 0x20 => i += 1,
            _ => {
                out.push('\\');
                out.push(char::from(b));
                i += 1;
            }
        }
        run = i;
    }
    out.push_str(s.get(run..).unwrap_or_default());
}

/// A link target: in `<…>` when it holds spaces or parentheses.
fn md_target(t: &str, out: &mut String) {
    let t: String = t
        .chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            '<' => "%3C".to_owned(),
            '>' => "%3E".to_owned(),
            // A bar would end a pipe table's cell.
            '|' => "%7C".to_owned(),
            c => c.to_string(),
        })
        .collect();
    if t.contains([' ', '(', ')']) {
        out.push('<');
        out.push_str(&t);
        out.push('>');
    } else {
        out.push_str(&t);
    }
}

/// Writes an escaped line, escaping what would open a block at its start:
/// `#`, `>`, `-`, `+`, `=`, and `12.` / `12)`.
pub(crate) fn md_line_start(line: &str, out: &mut String) {
    let line = line.trim_start();
    match line_start_escape(line) {
        Some(at) => {
            out.push_str(line.get(..at).unwrap_or_default());
            out.push('\\');
            out.push_str(line.get(at..).unwrap_or_default());
        }
        None => out.push_str(line),
    }
}

/// Where a backslash must go in `line` (which starts with no white space)
/// so that its start does not open a block: before `#`, `>`, `-`, `+`,
/// `=`, or after the digits of `12.` / `12)`.
pub(crate) fn line_start_escape(line: &str) -> Option<usize> {
    if line.starts_with(['#', '>', '-', '+', '=']) {
        return Some(0);
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    ((1..=9).contains(&digits) && matches!(line.as_bytes().get(digits), Some(b'.' | b')')))
        .then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_and_controls() {
        let mut out = String::new();
        md_text("a &amp; b & c\u{1}", &mut out);
        assert_eq!(out, "a \\&amp; b & c");
        let mut all = String::new();
        md_text("x\u{7f}\u{85}é¬|_*&#1;\t\n\u{1b}end&", &mut all);
        assert_eq!(all, "xé¬\\|\\_\\*\\&#1;\t\nend&");
        let mut x = String::new();
        escape_xml("<a href=\"x\">&\u{0}</a>", &mut x);
        assert_eq!(x, "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
        let mut y = String::new();
        escape_xml("東京\u{FFFE}\t\u{1f}é\r\n\u{FFFF}'x&", &mut y);
        assert_eq!(y, "東京\té\r\n'x&amp;");
    }
}
