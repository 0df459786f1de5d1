//! Escaping for Markdown and XML.

use doc_model::Inline;

/// XML text escaping, dropping the characters XML 1.0 cannot hold.
pub fn escape_xml(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
}

/// Markdown text of `content`: characters Markdown would read as markup
/// backslash-escaped, links as `[text](target)`. Line starts are the
/// caller's ([`md_line_start`]).
pub(crate) fn md_inline(content: &Inline) -> String {
    let mut out = String::with_capacity(content.text.len() + 8);
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

fn md_text(s: &str, out: &mut String) {
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '&' if chars
                .peek()
                .is_some_and(|n| n.is_ascii_alphanumeric() || *n == '#') =>
            {
                out.push_str("\\&");
            }
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
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
    if let Some(first) = line.chars().next()
        && matches!(first, '#' | '>' | '-' | '+' | '=')
    {
        out.push('\\');
        out.push_str(line);
        return;
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=9).contains(&digits)
        && let Some(b'.' | b')') = line.as_bytes().get(digits)
    {
        out.push_str(&line[..digits]);
        out.push('\\');
        out.push_str(&line[digits..]);
        return;
    }
    out.push_str(line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_and_controls() {
        let mut out = String::new();
        md_text("a &amp; b & c\u{1}", &mut out);
        assert_eq!(out, "a \\&amp; b & c");
        let mut x = String::new();
        escape_xml("<a href=\"x\">&\u{0}</a>", &mut x);
        assert_eq!(x, "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    }
}
