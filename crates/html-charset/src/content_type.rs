//! The transport layer's `Content-Type`: the `charset` parameter of a MIME type
//! (MIME Sniffing Standard § 4.4 "Parsing a MIME type").

use encoding_rs::Encoding;

/// HTTP whitespace: TAB, LF, CR, SPACE.
fn is_http_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' ')
}

/// An HTTP token code point (RFC 9110 `tchar`).
fn is_token(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// An HTTP quoted-string token code point: TAB, SPACE–`~`, U+0080–U+00FF.
fn is_quoted_string_token(c: char) -> bool {
    matches!(c, '\t' | ' '..='~' | '\u{80}'..='\u{FF}')
}

/// The value of the first `charset` parameter of a valid MIME type, as the
/// MIME Sniffing Standard parses it: case-insensitive names, quoted values
/// with backslash escapes, whitespace trimmed, later duplicates ignored.
/// `None` when `content_type` is not a valid MIME type or has no charset.
pub(crate) fn charset_parameter(content_type: &str) -> Option<String> {
    let s = content_type.trim_matches(is_http_whitespace);
    let (essence_type, rest) = s.split_once('/')?;
    if essence_type.is_empty() || !essence_type.chars().all(is_token) {
        return None;
    }
    let (subtype, mut params) = match rest.find(';') {
        Some(i) => (rest.get(..i)?, rest.get(i..)?),
        None => (rest, ""),
    };
    let subtype = subtype.trim_end_matches(is_http_whitespace);
    if subtype.is_empty() || !subtype.chars().all(is_token) {
        return None;
    }
    let mut charset: Option<String> = None;
    // Each iteration starts at a `;` (or the end).
    while let Some(after_semicolon) = params.strip_prefix(';') {
        let p = after_semicolon.trim_start_matches(is_http_whitespace);
        let name_end = p.find([';', '=']).unwrap_or(p.len());
        let name = p.get(..name_end)?.to_ascii_lowercase();
        let p = p.get(name_end..)?;
        let Some(p) = p.strip_prefix('=') else {
            // At `;` or at the end: no value.
            params = p;
            continue;
        };
        let value;
        if let Some(quoted) = p.strip_prefix('"') {
            let (v, rest) = collect_quoted_string(quoted);
            value = v;
            params = rest.find(';').and_then(|i| rest.get(i..)).unwrap_or("");
        } else {
            let end = p.find(';').unwrap_or(p.len());
            value = p
                .get(..end)?
                .trim_end_matches(is_http_whitespace)
                .to_string();
            params = p.get(end..)?;
            if value.is_empty() {
                continue;
            }
        }
        if name == "charset" && charset.is_none() && value.chars().all(is_quoted_string_token) {
            charset = Some(value);
        }
        // Other valid parameters are irrelevant here, and only the first
        // `charset` counts, so nothing else is recorded.
    }
    charset
}

/// Fetch Standard § 2.2.7 "collect an HTTP quoted string" with extract-value
/// true, `s` starting just after the opening quote. Returns the value and the
/// rest after the closing quote (or the empty rest if it is unterminated).
fn collect_quoted_string(s: &str) -> (String, &str) {
    let mut value = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (value, s.get(i + 1..).unwrap_or("")),
            '\\' => match chars.next() {
                Some((_, escaped)) => value.push(escaped),
                None => {
                    value.push('\\');
                    return (value, "");
                }
            },
            _ => value.push(c),
        }
    }
    (value, "")
}

/// The encoding a `Content-Type` header names, if it names one the Encoding
/// Standard knows (HTML § 13.2.3.2 step 3, "the transport layer specifies a
/// character encoding").
pub(crate) fn encoding(content_type: &str) -> Option<&'static Encoding> {
    let label = charset_parameter(content_type)?;
    Encoding::for_label(label.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{SHIFT_JIS, UTF_8, UTF_16LE, WINDOWS_1252};

    #[test]
    fn plain_and_quoted_values() {
        assert_eq!(
            charset_parameter("text/html; charset=UTF-8").as_deref(),
            Some("UTF-8")
        );
        assert_eq!(
            charset_parameter("text/html;charset=\"Shift_JIS\"").as_deref(),
            Some("Shift_JIS")
        );
        assert_eq!(
            charset_parameter("text/html; charset=\"a\\\"b\"").as_deref(),
            Some("a\"b")
        );
        assert_eq!(
            charset_parameter("  TEXT/HTML ;  CharSet=latin1  ").as_deref(),
            Some("latin1")
        );
        assert_eq!(
            charset_parameter("text/html; charset=\"utf-8\" junk; x=y").as_deref(),
            Some("utf-8")
        );
    }

    #[test]
    fn the_first_charset_wins_and_empty_values_are_skipped() {
        assert_eq!(
            charset_parameter("text/html; charset=gbk; charset=utf-8").as_deref(),
            Some("gbk")
        );
        assert_eq!(
            charset_parameter("text/html; charset=; charset=utf-8").as_deref(),
            Some("utf-8")
        );
        assert_eq!(
            charset_parameter("text/html; charset; charset=sjis").as_deref(),
            Some("sjis")
        );
        assert_eq!(
            charset_parameter("text/html; foo=\"a;b\"; charset=sjis").as_deref(),
            Some("sjis")
        );
    }

    #[test]
    fn invalid_mime_types_have_no_charset() {
        assert_eq!(charset_parameter("charset=utf-8"), None);
        assert_eq!(charset_parameter("text/; charset=utf-8"), None);
        assert_eq!(charset_parameter("/html; charset=utf-8"), None);
        assert_eq!(charset_parameter("te xt/html; charset=utf-8"), None);
        assert_eq!(charset_parameter(""), None);
        assert_eq!(charset_parameter("text/html"), None);
    }

    #[test]
    fn labels_resolve_through_the_whatwg_table() {
        assert_eq!(encoding("text/html; charset=x-sjis"), Some(SHIFT_JIS));
        assert_eq!(
            encoding("text/plain; charset=ISO-8859-1"),
            Some(WINDOWS_1252)
        );
        assert_eq!(encoding("text/html; charset=\" utf8 \""), Some(UTF_8));
        // The transport may name UTF-16; only a <meta> is turned into UTF-8.
        assert_eq!(encoding("text/html; charset=utf-16"), Some(UTF_16LE));
        assert_eq!(encoding("text/html; charset=klingon"), None);
    }
}
