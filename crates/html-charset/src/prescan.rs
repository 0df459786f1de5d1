//! The prescan (HTML § 13.2.3.2 "prescan a byte stream to determine its
//! encoding"), with its helpers "get an attribute" and "extracting a character
//! encoding from a meta element", plus the bounded continued scan that stands
//! in for the parser's later "change the encoding".

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

/// What the prescan found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Found {
    /// A `<meta charset>` or `<meta http-equiv=content-type content=…>`.
    Meta(&'static Encoding),
    /// An XML declaration at the start (or its UTF-16 form).
    XmlDeclaration(&'static Encoding),
}

/// The bytes the spec's prescan treats as whitespace (TAB, LF, FF, CR, SPACE).
fn is_space(b: u8) -> bool {
    matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

/// The prescan of `input` (the caller passes the first 1024 bytes): the first
/// usable `<meta>`, else the XML declaration's encoding, else `None`.
pub(crate) fn prescan(input: &[u8]) -> Option<Found> {
    // "Prescan for UTF-16 XML declarations."
    if input.starts_with(b"<\0?\0x\0") {
        return Some(Found::XmlDeclaration(UTF_16LE));
    }
    if input.starts_with(b"\0<\0?\0x") {
        return Some(Found::XmlDeclaration(UTF_16BE));
    }
    if let Some(meta) = scan(input, false, &Encoding::for_label) {
        return Some(Found::Meta(meta_override(meta)));
    }
    xml_encoding(input).map(Found::XmlDeclaration)
}

/// The prescan's overrides for a `<meta>` label: UTF-16 → UTF-8,
/// `x-user-defined` → windows-1252.
fn meta_override(enc: &'static Encoding) -> &'static Encoding {
    if enc == UTF_16BE || enc == UTF_16LE {
        UTF_8
    } else if enc == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        enc
    }
}

/// A declaration in a label that `resolve` accepts, found as the prescan
/// finds one (the first 1024 bytes' `<meta>`, else the XML declaration),
/// then by the continued scan over the first `continued_limit` bytes.
/// `html_charset::unlisted` uses it for labels outside the WHATWG table,
/// which the Standard's prescan skips.
pub(crate) fn declared<T>(
    input: &[u8],
    continued_limit: usize,
    resolve: &dyn Fn(&[u8]) -> Option<T>,
) -> Option<T> {
    let head = input.get(..crate::PRESCAN_LIMIT).unwrap_or(input);
    if let Some(found) = scan(head, false, resolve) {
        return Some(found);
    }
    if let Some(found) = xml_label(head).and_then(resolve) {
        return Some(found);
    }
    let longer = input.get(..continued_limit).unwrap_or(input);
    if longer.len() > head.len() {
        return scan(longer, true, resolve);
    }
    None
}

/// The continued scan: the prescan's loop over a longer head of the document,
/// used when the first 1024 bytes held no declaration. A browser's parser
/// honours a `<meta>` found later by changing the encoding; this emulates
/// that, skipping the contents of raw-text elements (`script`, `style`, …)
/// where the parser would not see a tag.
pub(crate) fn continued_scan(input: &[u8]) -> Option<&'static Encoding> {
    scan(input, true, &Encoding::for_label).map(meta_override)
}

/// The prescan's loop, labels resolved by `resolve` (the WHATWG table for
/// the Standard's prescan). With `skip_raw_text`, the contents of raw-text
/// and RCDATA elements are skipped as the tokenizer would.
fn scan<T>(input: &[u8], skip_raw_text: bool, resolve: &dyn Fn(&[u8]) -> Option<T>) -> Option<T> {
    let mut pos = 0usize;
    while pos < input.len() {
        // Every step below starts at a `<`; any other byte is just passed.
        pos += memchr::memchr(b'<', input.get(pos..)?)?;
        let rest = input.get(pos..)?;
        if rest.starts_with(b"<!--") {
            // The first `>` preceded by two `-` bytes after the `<` (which may
            // overlap the `<!--`, so `<!-->` is a whole comment).
            let i = pos + 2 + memchr::memmem::find(input.get(pos + 2..)?, b"-->")?;
            pos = i + 3;
            continue;
        }
        if is_meta_start(rest) {
            pos += 5;
            if let Some(enc) = meta(input, &mut pos, resolve) {
                return Some(enc);
            }
            pos += 1;
            continue;
        }
        if let Some(name_start) = tag_name_start(rest) {
            // Advance to the next whitespace or `>`, then read attributes.
            let name_from = pos + name_start;
            let name_len = input
                .get(name_from..)?
                .iter()
                .position(|&b| is_space(b) || b == b'>')?;
            pos = name_from + name_len;
            while attribute(input, &mut pos).is_some() {}
            if skip_raw_text && name_start == 1 {
                let name = input.get(name_from..pos)?;
                if let Some(end) = raw_text_end(input, pos, name) {
                    pos = end;
                    continue;
                } else if name.eq_ignore_ascii_case(b"plaintext") {
                    return None;
                }
            }
            pos += 1;
            continue;
        }
        if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos += rest.iter().position(|&b| b == b'>')? + 1;
            continue;
        }
        pos += 1;
    }
    None
}

/// `<meta` (any case) followed by whitespace or `/`.
fn is_meta_start(rest: &[u8]) -> bool {
    matches!(rest.get(..5), Some(m) if m.eq_ignore_ascii_case(b"<meta"))
        && matches!(rest.get(5), Some(&b) if is_space(b) || b == b'/')
}

/// For `<` + letter or `</` + letter: the offset of the letter.
fn tag_name_start(rest: &[u8]) -> Option<usize> {
    match rest {
        [b'<', c, ..] if c.is_ascii_alphabetic() => Some(1),
        [b'<', b'/', c, ..] if c.is_ascii_alphabetic() => Some(2),
        _ => None,
    }
}

/// For a raw-text or RCDATA element `name` whose start tag ended at `pos`:
/// the position just after the matching end tag's `<` (so the scan resumes
/// on `/name`), or the end of input if there is none.
fn raw_text_end(input: &[u8], pos: usize, name: &[u8]) -> Option<usize> {
    const RAW: [&[u8]; 9] = [
        b"script",
        b"style",
        b"textarea",
        b"title",
        b"xmp",
        b"iframe",
        b"noembed",
        b"noframes",
        b"noscript",
    ];
    if !RAW.iter().any(|r| r.eq_ignore_ascii_case(name)) {
        return None;
    }
    let mut i = pos;
    while let Some(off) = memchr::memchr(b'<', input.get(i..)?) {
        let lt = i + off;
        let candidate = input.get(lt + 2..lt + 2 + name.len());
        if input.get(lt + 1) == Some(&b'/')
            && candidate.is_some_and(|c| c.eq_ignore_ascii_case(name))
        {
            return Some(lt);
        }
        i = lt + 1;
    }
    Some(input.len())
}

/// The `<meta` branch of the prescan, `pos` just after `<meta`. Returns the
/// encoding if this element declares one `resolve` accepts; leaves `pos`
/// where the attribute reading stopped.
fn meta<T>(input: &[u8], pos: &mut usize, resolve: &dyn Fn(&[u8]) -> Option<T>) -> Option<T> {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    let mut charset: Option<Option<T>> = None;
    while let Some((name, value)) = attribute(input, pos) {
        if seen.contains(&name) {
            continue;
        }
        match name.as_slice() {
            b"http-equiv" => got_pragma |= value == b"content-type",
            b"content" if charset.is_none() => {
                if let Some(enc) = content_label(&value).and_then(resolve) {
                    charset = Some(Some(enc));
                    need_pragma = Some(true);
                }
            }
            b"charset" => {
                charset = Some(resolve(&value));
                need_pragma = Some(false);
            }
            _ => {}
        }
        seen.push(name);
    }
    match need_pragma {
        None => return None,
        Some(true) if !got_pragma => return None,
        Some(_) => {}
    }
    charset.flatten()
}

/// "Get an attribute" (HTML § 13.2.3.2): the next attribute's lowercased
/// name and value, advancing `pos`; `None` at `>` or at the end of input.
fn attribute(input: &[u8], pos: &mut usize) -> Option<(Vec<u8>, Vec<u8>)> {
    let at = |p: usize| input.get(p).copied();
    while matches!(at(*pos), Some(b) if is_space(b) || b == b'/') {
        *pos += 1;
    }
    if at(*pos)? == b'>' {
        return None;
    }
    let mut name = Vec::new();
    let mut value = Vec::new();
    // Name.
    loop {
        let b = at(*pos)?;
        match b {
            b'=' if !name.is_empty() => {
                *pos += 1;
                break;
            }
            _ if is_space(b) => {
                // Spaces: skip them; if no `=` follows, the value is empty.
                while is_space(at(*pos)?) {
                    *pos += 1;
                }
                if at(*pos)? != b'=' {
                    return Some((name, value));
                }
                *pos += 1;
                break;
            }
            b'/' | b'>' => return Some((name, value)),
            _ => name.push(b.to_ascii_lowercase()),
        }
        *pos += 1;
    }
    // Value.
    while is_space(at(*pos)?) {
        *pos += 1;
    }
    let b = at(*pos)?;
    match b {
        b'"' | b'\'' => loop {
            *pos += 1;
            let c = at(*pos)?;
            if c == b {
                *pos += 1;
                return Some((name, value));
            }
            value.push(c.to_ascii_lowercase());
        },
        b'>' => return Some((name, value)),
        _ => {
            value.push(b.to_ascii_lowercase());
            *pos += 1;
        }
    }
    loop {
        let c = at(*pos)?;
        if is_space(c) || c == b'>' {
            return Some((name, value));
        }
        value.push(c.to_ascii_lowercase());
        *pos += 1;
    }
}

/// "Extracting a character encoding from a meta element" (HTML § 2.5.5),
/// on a `content` value already lowercased by "get an attribute".
#[cfg(test)]
fn extract_from_content(s: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_label(content_label(s)?)
}

/// The label "extracting a character encoding from a meta element" finds in
/// a `content` value, before it goes through the label table.
fn content_label(s: &[u8]) -> Option<&[u8]> {
    let is_ws = |b: u8| matches!(b, 0x09 | 0x0A | 0x0C | 0x0D | 0x20);
    let mut pos = 0usize;
    loop {
        let found = s
            .get(pos..)?
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        pos += found + 7;
        while s.get(pos).is_some_and(|&b| is_ws(b)) {
            pos += 1;
        }
        if s.get(pos) == Some(&b'=') {
            pos += 1;
            break;
        }
    }
    while s.get(pos).is_some_and(|&b| is_ws(b)) {
        pos += 1;
    }
    let rest = s.get(pos..)?;
    match rest.first()? {
        q @ (b'"' | b'\'') => {
            let inner = rest.get(1..)?;
            let end = inner.iter().position(|b| b == q)?;
            inner.get(..end)
        }
        _ => {
            let end = rest
                .iter()
                .position(|&b| is_ws(b) || b == b';')
                .unwrap_or(rest.len());
            rest.get(..end)
        }
    }
}

/// "Get an XML encoding" (HTML § 13.2.3.2): the `encoding` pseudo-attribute of
/// an XML declaration at the very start of `input`, UTF-16 turned into UTF-8.
pub(crate) fn xml_encoding(input: &[u8]) -> Option<&'static Encoding> {
    let label = xml_label(input)?;
    let enc = Encoding::for_label(label).or_else(|| xml_alias(label))?;
    Some(if enc == UTF_16BE || enc == UTF_16LE {
        UTF_8
    } else {
        enc
    })
}

/// The label in the `encoding` pseudo-attribute of an XML declaration at the
/// very start of `input` ("get an XML encoding" up to the label table).
fn xml_label(input: &[u8]) -> Option<&[u8]> {
    if !input.starts_with(b"<?xml") {
        return None;
    }
    let end = input.iter().position(|&b| b == b'>')?;
    let decl = input.get(..end)?;
    let mut pos = decl.windows(8).position(|w| w == b"encoding")? + 8;
    while *decl.get(pos)? <= 0x20 {
        pos += 1;
    }
    if *decl.get(pos)? != b'=' {
        return None;
    }
    pos += 1;
    while *decl.get(pos)? <= 0x20 {
        pos += 1;
    }
    let quote = *decl.get(pos)?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    pos += 1;
    let len = decl.get(pos..)?.iter().position(|&b| b == quote)?;
    decl.get(pos..pos + len)
}

/// Names XML processors (libxml2's iconv, Java, Python) accept in an XML
/// declaration for encodings the Encoding Standard has under other labels.
/// Consulted only for XML declarations, and only when the WHATWG label table
/// does not know the name, so no spec-conformant result changes.
fn xml_alias(label: &[u8]) -> Option<&'static Encoding> {
    const ALIASES: [(&[u8], &str); 9] = [
        (b"maccyrillic", "x-mac-cyrillic"),
        (b"mac-cyrillic", "x-mac-cyrillic"),
        (b"macroman", "macintosh"),
        (b"mac-roman", "macintosh"),
        (b"cp949", "euc-kr"),
        (b"uhc", "euc-kr"),
        (b"cp936", "gbk"),
        (b"cp950", "big5"),
        (b"tis620", "windows-874"),
    ];
    let label = label.trim_ascii();
    let (_, whatwg) = ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(label))?;
    Encoding::for_label(whatwg.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_8859_2, SHIFT_JIS, WINDOWS_1251};

    fn meta_of(s: &[u8]) -> Option<&'static Encoding> {
        match prescan(s) {
            Some(Found::Meta(e)) => Some(e),
            _ => None,
        }
    }

    #[test]
    fn meta_charset_in_its_spellings() {
        assert_eq!(meta_of(b"<meta charset=\"iso8859-2\">"), Some(ISO_8859_2));
        assert_eq!(meta_of(b"<META CHARSET='ISO8859-2'>"), Some(ISO_8859_2));
        assert_eq!(meta_of(b"<meta\ncharset=iso8859-2>"), Some(ISO_8859_2));
        assert_eq!(meta_of(b"<meta/charset=iso8859-2>"), Some(ISO_8859_2));
        assert_eq!(meta_of(b"<meta   charset  =  'euc-jp'>"), Some(EUC_JP));
        assert_eq!(meta_of(b"<metacharset=iso8859-2>"), None);
        assert_eq!(
            meta_of(b"<meta charset=euc-jp"),
            None,
            "unterminated at the end of input"
        );
    }

    #[test]
    fn http_equiv_needs_the_pragma() {
        let both = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=shift_jis\">";
        assert_eq!(meta_of(both), Some(SHIFT_JIS));
        let reversed = b"<meta content=\"text/html; charset=shift_jis\" http-equiv=content-type>";
        assert_eq!(meta_of(reversed), Some(SHIFT_JIS));
        assert_eq!(
            meta_of(b"<meta content=\"text/html; charset=shift_jis\">"),
            None
        );
        assert_eq!(
            meta_of(b"<meta http-equiv=\"Content-Type \" content=\"charset=sjis\">"),
            None
        );
        // A charset attribute beats an earlier content one only if content did not set it first.
        assert_eq!(
            meta_of(b"<meta http-equiv=content-type content='charset=sjis' charset=euc-jp>"),
            Some(EUC_JP)
        );
        // Duplicate attributes: the first wins.
        assert_eq!(
            meta_of(b"<meta charset=sjis charset=euc-jp>"),
            Some(SHIFT_JIS)
        );
    }

    #[test]
    fn utf16_and_x_user_defined_are_mapped() {
        assert_eq!(meta_of(b"<meta charset=utf-16be>"), Some(UTF_8));
        assert_eq!(meta_of(b"<meta charset=utf-16>"), Some(UTF_8));
        assert_eq!(
            meta_of(b"<meta charset=x-user-defined>"),
            Some(WINDOWS_1252)
        );
    }

    #[test]
    fn unknown_labels_fall_through_to_later_metas() {
        assert_eq!(
            meta_of(b"<meta charset=klingon><meta charset=sjis>"),
            Some(SHIFT_JIS)
        );
    }

    #[test]
    fn comments_and_other_markup_are_skipped() {
        assert_eq!(
            meta_of(b"<!-- <meta charset=sjis> --><meta charset=euc-jp>"),
            Some(EUC_JP)
        );
        assert_eq!(meta_of(b"<!--><meta charset=sjis>"), Some(SHIFT_JIS));
        assert_eq!(meta_of(b"<!---><meta charset=sjis>"), Some(SHIFT_JIS));
        assert_eq!(meta_of(b"<!-- -><meta charset=sjis>"), None);
        // A comment that does not start the input (found by mutation testing).
        assert_eq!(
            meta_of(b"<p>abcdefgh</p><!--><meta charset=sjis>"),
            Some(SHIFT_JIS)
        );
        assert_eq!(
            meta_of(b"<title x='<meta charset=sjis>'><meta charset=euc-jp>"),
            Some(EUC_JP)
        );
        // `<?` skips to the first `>`, here the one closing the meta.
        assert_eq!(
            meta_of(b"<? <meta charset=sjis> ?><meta charset=euc-jp>"),
            Some(EUC_JP)
        );
        assert_eq!(meta_of(b"</x <meta charset=sjis>"), None);
        assert_eq!(
            meta_of(b"<!DOCTYPE html><meta charset=windows-1251>"),
            Some(WINDOWS_1251)
        );
    }

    /// Cases found by mutation testing (`cargo mutants`), each telling two
    /// readings of the spec's steps apart.
    #[test]
    fn spec_corners_found_by_mutation_testing() {
        // `<!`, `<?` and `</` + non-letter skip to the first `>`.
        assert_eq!(meta_of(b"<!x <meta charset=sjis>"), None);
        assert_eq!(meta_of(b"<?x <meta charset=sjis>"), None);
        assert_eq!(meta_of(b"</1 a='>' <meta charset=sjis>"), Some(SHIFT_JIS));
        // `<` + non-letter is no tag; `</` + letter is a tag whose attributes are read.
        assert_eq!(meta_of(b"<1 <meta charset=sjis>"), Some(SHIFT_JIS));
        assert_eq!(meta_of(b"</a b='>' <meta charset=sjis>"), None);
        // `content` does not override an earlier `charset`.
        assert_eq!(
            meta_of(b"<meta charset=euc-jp http-equiv=content-type content='charset=sjis'>"),
            Some(EUC_JP)
        );
        // `/` ends an attribute name; `=` starts one when the name is empty.
        assert_eq!(meta_of(b"<meta x/charset=sjis>"), Some(SHIFT_JIS));
        assert_eq!(meta_of(b"<meta = charset=sjis>"), Some(SHIFT_JIS));
        // Raw text ends only at its own end tag.
        assert_eq!(
            continued_scan(b"<script>x</b><meta charset=sjis></script>"),
            None
        );
        // After a quoted value the next attribute starts right after the quote.
        assert_eq!(
            meta_of(b"<meta http-equiv=\"content-type\"content=\"charset=sjis\">"),
            Some(SHIFT_JIS)
        );
        // `>` ends an empty unquoted value; `;` ends a content charset.
        assert_eq!(
            meta_of(b"<meta charset=><meta charset=sjis>"),
            Some(SHIFT_JIS)
        );
        assert_eq!(
            extract_from_content(b"text/html; charset=sjis; x=y"),
            Some(SHIFT_JIS)
        );
    }

    #[test]
    fn content_extraction() {
        assert_eq!(
            extract_from_content(b"text/html; charset=sjis"),
            Some(SHIFT_JIS)
        );
        assert_eq!(
            extract_from_content(b"charset = 'euc-jp' junk"),
            Some(EUC_JP)
        );
        assert_eq!(
            extract_from_content(b"charsetx charset=sjis"),
            Some(SHIFT_JIS)
        );
        assert_eq!(extract_from_content(b"charset='sjis"), None);
        assert_eq!(extract_from_content(b"text/html"), None);
        assert_eq!(extract_from_content(b"charset="), None);
    }

    #[test]
    fn xml_declarations() {
        assert_eq!(
            prescan(b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><a/>"),
            Some(Found::XmlDeclaration(SHIFT_JIS))
        );
        assert_eq!(
            prescan(b"<?xml encoding = 'utf-16'?>"),
            Some(Found::XmlDeclaration(UTF_8))
        );
        assert_eq!(prescan(b"<?xml version=\"1.0\"?>"), None);
        assert_eq!(prescan(b" <?xml encoding=\"sjis\"?>"), None);
        assert_eq!(prescan(b"<?xml encoding=sjis?>"), None);
        assert_eq!(
            prescan(b"<?xml version=\"1.0\" encoding=\"MacCyrillic\"?>"),
            Some(Found::XmlDeclaration(encoding_rs::X_MAC_CYRILLIC))
        );
        assert_eq!(prescan(b"<?xml encoding=\"klingon\"?>"), None);
        // "Prescan for UTF-16 XML declarations" comes first, before any
        // `<meta>` (a fuzz input had both; its harness wrongly forbade it).
        assert_eq!(
            prescan(b"<\0?\0x\0<head><meta charset=\"Shift_JIS\">"),
            Some(Found::XmlDeclaration(UTF_16LE))
        );
        assert_eq!(
            prescan(b"\0<\0?\0x\0"),
            Some(Found::XmlDeclaration(UTF_16BE))
        );
        assert_eq!(
            prescan(b"<\0?\0x\0m\0l\0"),
            Some(Found::XmlDeclaration(UTF_16LE))
        );
        assert_eq!(
            prescan(b"\0<\0?\0x\0m\0l"),
            Some(Found::XmlDeclaration(UTF_16BE))
        );
        // A <meta> anywhere in the prescanned bytes wins over the declaration.
        assert_eq!(
            prescan(b"<?xml encoding=\"sjis\"?><meta charset=euc-jp>"),
            Some(Found::Meta(EUC_JP))
        );
    }

    #[test]
    fn continued_scan_skips_raw_text() {
        assert_eq!(
            continued_scan(
                b"<script>document.write('<meta charset=sjis>')</script><meta charset=euc-jp>"
            ),
            Some(EUC_JP)
        );
        assert_eq!(continued_scan(b"<STYLE>/* <meta charset=sjis> */"), None);
        assert_eq!(continued_scan(b"<plaintext><meta charset=sjis>"), None);
        // The plain prescan does not know raw text.
        assert_eq!(
            meta_of(b"<script>'<meta charset=sjis>'</script>"),
            Some(SHIFT_JIS)
        );
    }

    #[test]
    fn truncated_inputs_never_panic() {
        let doc =
            b"<meta http-equiv='content-type' content='text/html; charset=sjis'><!-- x --><a b=c>";
        for end in 0..doc.len() {
            let _ = prescan(&doc[..end]);
            let _ = continued_scan(&doc[..end]);
        }
    }
}
