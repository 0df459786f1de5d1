//! Page header and footer strings, the same in BIFF and SpreadsheetML
//! (MS-XLS 2.4.136 Header, 2.2.5 "header and footer strings"; ECMA-376
//! 18.3.1.46 `headerFooter`): `&L`, `&C`, `&R` start the three sections; other
//! `&` codes insert fields or change fonts and are dropped, `&&` is `&`.

/// The visible text of a header or footer: its left, centre and right
/// sections, without codes, non-empty ones joined by TAB.
pub fn header_footer_text(code: &str) -> String {
    let mut sections = [String::new(), String::new(), String::new()];
    // Text before any section code belongs to the centre.
    let mut cur = 1usize;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '&' {
            if let Some(s) = sections.get_mut(cur) {
                s.push(c);
            }
            continue;
        }
        let Some(&k) = chars.peek() else { break };
        chars.next();
        match k {
            '&' => {
                if let Some(s) = sections.get_mut(cur) {
                    s.push('&');
                }
            }
            'L' | 'l' => cur = 0,
            'C' | 'c' => cur = 1,
            'R' | 'r' => cur = 2,
            // &"font,style": the font name in quotes.
            '"' => {
                for q in chars.by_ref() {
                    if q == '"' {
                        break;
                    }
                }
            }
            // &K followed by a colour: six hex digits, or a theme code like 01+000.
            'K' | 'k' => {
                for _ in 0..6 {
                    if chars
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '+' || *c == '-')
                    {
                        chars.next();
                    }
                }
            }
            // &nn: a font size.
            d if d.is_ascii_digit() => {
                while chars.peek().is_some_and(char::is_ascii_digit) {
                    chars.next();
                }
            }
            // Fields (&P page, &N pages, &D date, &T time, &F file, &A sheet,
            // &Z path, &G picture) and styles (&B &I &U &E &S &X &Y): dropped.
            _ => {}
        }
    }
    sections
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("\t")
}

#[cfg(test)]
mod tests {
    use super::header_footer_text as text;

    #[test]
    fn codes_are_stripped_and_sections_kept() {
        assert_eq!(
            text("&LLeft&CPage &P of &N&RRight"),
            "Left\tPage  of\tRight"
        );
        assert_eq!(text("&C&\"Arial,Bold\"&14Title && Co"), "Title & Co");
        assert_eq!(text("&L&D &T&R&KFF0000Red&F"), "Red");
        assert_eq!(text("plain"), "plain");
        assert_eq!(text("&"), "");
    }
}
