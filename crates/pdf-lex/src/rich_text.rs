//! Rich text strings (ISO 32000-1 §12.7.3.4): the XHTML subset of `/RC`
//! and `/RV`, reduced to its text.

/// The text of a rich text string: tags dropped, `<p>`, `<br>`, `<div>`
/// and `<li>` ending lines, the five predefined XML entities and numeric
/// character references decoded; other entities are kept as written.
pub(crate) fn strip(xml: &str) -> String {
    let mut out = String::with_capacity(xml.len());
    let mut rest = xml;
    while let Some(lt) = rest.find('<') {
        push_text(&mut out, &rest[..lt]);
        let after = &rest[lt..];
        let Some(gt) = after.find('>') else {
            // An unclosed tag: the rest is not text.
            rest = "";
            break;
        };
        let tag = &after[1..gt];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == ':')
            .collect::<String>()
            .to_ascii_lowercase();
        let local = name.rsplit(':').next().unwrap_or("");
        let closing = tag.starts_with('/');
        let line_break = match local {
            "br" => true,
            "p" | "div" | "li" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => closing,
            _ => false,
        };
        // A `<br>` always breaks the line; a closing block only ends a
        // line that has text.
        if local == "br" || (line_break && !out.is_empty() && !out.ends_with('\n')) {
            out.push('\n');
        }
        rest = &after[gt + 1..];
    }
    push_text(&mut out, rest);
    out.trim_end().to_string()
}

/// Appends character data with its references decoded.
fn push_text(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp..];
        let decoded = after.find(';').filter(|&semi| semi <= 12).and_then(|semi| {
            let name = &after[1..semi];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => {
                    let num = name.strip_prefix('#')?;
                    let code = match num.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                        None => num.parse().ok()?,
                    };
                    char::from_u32(code)
                }
            }?;
            Some((c, semi + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &after[len..];
            }
            None => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_entities_and_spans() {
        let rc = r#"<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml" xfa:APIVersion="Acrobat:11"><p dir="ltr"><span style="font-size:10pt">Fish &amp; chips</span></p><p>caf&#xE9; &#233;t&eacute;<br/>end</p></body>"#;
        assert_eq!(strip(rc), "Fish & chips\ncafé ét&eacute;\nend");
    }

    #[test]
    fn broken_markup_does_not_panic() {
        assert_eq!(strip("a <b"), "a");
        assert_eq!(strip("x &#xFFFFFFFF; y & z &"), "x &#xFFFFFFFF; y & z &");
        assert_eq!(strip("é<p>ü</p>"), "éü");
    }
}
