//! What a code's Unicode text is worth: ToUnicode entries that say
//! nothing, ligatures and vertical presentation forms (ISO 32000-1 §9.10).

use std::borrow::Cow;

use pdf_cmap::CMap;

use crate::layout::GlyphText;

/// Whether a ToUnicode CMap maps most of its codes (three at least) to
/// whitespace or U+0000: a map written to hide the text or by a broken
/// producer, whose blanks say nothing about the glyphs. (Empty entries are
/// not counted: cairo maps the later glyphs of a cluster to nothing.)
pub(super) fn blanks_lie(cmap: &CMap) -> bool {
    let (mut total, mut blank) = (0usize, 0usize);
    for (_, s) in cmap.unicode_mappings().take(1 << 16) {
        total += 1;
        if !s.is_empty() && s.chars().all(|c| c.is_whitespace() || c == '\0') {
            blank += 1;
        }
    }
    blank >= 3 && blank * 2 >= total
}

/// What a ToUnicode entry is worth: `Ok` with its text when it can be
/// believed; `Err` with what it said (if anything) when it says nothing
/// useful — U+0000 or other controls only, U+FFFD, or a blank from a
/// map whose blanks lie — so that the font's other maps are
/// asked first and it is kept only when they know nothing.
fn believed(s: &str, blanks_lie: bool) -> Result<GlyphText, Option<GlyphText>> {
    if s.is_empty() {
        // `<>`: the glyph's text is given by another glyph of its cluster
        // (cairo writes a whole word on its first glyph), not a lie.
        return Ok(GlyphText::Many("".into()));
    }
    match glyph_text(s) {
        None => Err(None),
        Some(GlyphText::Many(m)) if m.is_empty() => Err(Some(GlyphText::Many(m))),
        Some(t) if blanks_lie && is_blank(&t) => Err(Some(t)),
        Some(t) => Ok(t),
    }
}

/// What a ToUnicode entry (if any) gives, per [`believed`]: the text when
/// it can be believed, else what it said, which the caller keeps for when
/// no other map knows the glyph.
pub(super) fn to_unicode_entry(
    entry: Option<&str>,
    blanks_lie: bool,
) -> (Option<GlyphText>, Option<Option<GlyphText>>) {
    match entry.map(|s| believed(s, blanks_lie)) {
        Some(Ok(t)) => (Some(t), None),
        Some(Err(t)) => (None, Some(t)),
        None => (None, None),
    }
}

fn is_blank(t: &GlyphText) -> bool {
    match t {
        GlyphText::One(c) => c.is_whitespace(),
        GlyphText::Many(s) => s.chars().all(char::is_whitespace),
    }
}

/// The ordinary character of a vertical presentation form (U+FE10–FE19,
/// U+FE30–FE48): what vertical writing means by it, full-width as in the
/// horizontal text around it.
fn horizontal_form(c: char) -> Option<char> {
    Some(match c {
        '\u{FE10}' => '，',
        '\u{FE11}' => '、',
        '\u{FE12}' => '。',
        '\u{FE13}' => '：',
        '\u{FE14}' => '；',
        '\u{FE15}' => '！',
        '\u{FE16}' => '？',
        '\u{FE17}' => '〖',
        '\u{FE18}' => '〗',
        '\u{FE19}' => '…',
        '\u{FE30}' => '‥',
        '\u{FE31}' => '—',
        '\u{FE32}' => '–',
        '\u{FE33}' | '\u{FE34}' => '＿',
        '\u{FE35}' => '（',
        '\u{FE36}' => '）',
        '\u{FE37}' => '｛',
        '\u{FE38}' => '｝',
        '\u{FE39}' => '〔',
        '\u{FE3A}' => '〕',
        '\u{FE3B}' => '【',
        '\u{FE3C}' => '】',
        '\u{FE3D}' => '《',
        '\u{FE3E}' => '》',
        '\u{FE3F}' => '〈',
        '\u{FE40}' => '〉',
        '\u{FE41}' => '「',
        '\u{FE42}' => '」',
        '\u{FE43}' => '『',
        '\u{FE44}' => '』',
        '\u{FE47}' => '［',
        '\u{FE48}' => '］',
        _ => return None,
    })
}

/// Expands ligature code points to their letters (U+FB00–U+FB06) and
/// turns vertical presentation forms into their ordinary characters.
fn expand_ligatures(s: &str) -> Cow<'_, str> {
    if !s
        .chars()
        .any(|c| ('\u{FB00}'..='\u{FB06}').contains(&c) || ('\u{FE10}'..='\u{FE48}').contains(&c))
    {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        if let Some(h) = horizontal_form(c) {
            out.push(h);
            continue;
        }
        match c {
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
            _ => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Text for a glyph from a Unicode string: ligatures expanded, controls dropped.
pub(super) fn glyph_text(s: &str) -> Option<GlyphText> {
    if s.chars()
        .any(|c| matches!(c, '\u{FFFE}' | '\u{FFFF}' | '\u{FFFD}'))
    {
        return None;
    }
    let s = expand_ligatures(s);
    if s.chars().all(|c| !c.is_control() || c == '\t') {
        return Some(GlyphText::from_str(&s));
    }
    let cleaned: String = s.chars().filter(|c| !c.is_control()).collect();
    if cleaned.is_empty() && s.chars().any(|c| c == '\n' || c == '\r') {
        return Some(GlyphText::One(' '));
    }
    Some(GlyphText::from_str(&cleaned))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ligatures_become_letters() {
        assert_eq!(expand_ligatures("e\u{FB03}cient"), "efficient");
        assert_eq!(glyph_text("\u{FB01}"), Some(GlyphText::Many("fi".into())));
        assert_eq!(glyph_text("a"), Some(GlyphText::One('a')));
        assert_eq!(glyph_text("\u{0}x"), Some(GlyphText::One('x')));
        // vertical presentation forms read as the punctuation they stand for
        assert_eq!(glyph_text("\u{FE11}"), Some(GlyphText::One('、')));
        assert_eq!(expand_ligatures("\u{FE41}縦\u{FE42}\u{FE12}"), "「縦」。");
        assert_eq!(expand_ligatures("\u{FE45}"), "\u{FE45}");
    }

    #[test]
    fn tounicode_entries_that_say_nothing() {
        assert_eq!(believed("a", false), Ok(GlyphText::One('a')));
        // cairo's clusters: the empty entry is believed
        assert_eq!(believed("", true), Ok(GlyphText::Many("".into())));
        assert_eq!(believed("\0", false), Err(Some(GlyphText::Many("".into()))));
        assert_eq!(believed("\u{FFFD}", false), Err(None));
        assert_eq!(believed(" ", false), Ok(GlyphText::One(' ')));
        assert_eq!(believed(" ", true), Err(Some(GlyphText::One(' '))));
        let cmap = |entries: &str| {
            CMap::parse(
                format!("1 begincodespacerange <00> <FF> endcodespacerange {entries}").as_bytes(),
            )
            .unwrap_or_else(|e| panic!("{e}"))
        };
        let spaces =
            cmap("4 beginbfchar <41> <0020> <42> <0020> <43> <0000> <44> <0045> endbfchar");
        assert!(blanks_lie(&spaces));
        let honest = cmap("3 beginbfchar <20> <0020> <41> <0041> <42> <0042> endbfchar");
        assert!(!blanks_lie(&honest));
        let clusters = cmap("4 beginbfchar <01> <0628064A> <02> <> <03> <> <04> <> endbfchar");
        assert!(!blanks_lie(&clusters));
    }
}
