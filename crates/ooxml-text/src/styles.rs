//! Heading levels of WordprocessingML paragraphs (ECMA-376 Part 1 §17.7:
//! paragraph styles in `styles.xml` with `w:basedOn` inheritance;
//! §17.3.1.20 `w:outlineLvl`, direct or through the style chain).
//!
//! A paragraph is a heading where its outline level says so (0..=8; 9 is
//! body text), or where its style is one of the built-in heading styles,
//! recognised by `w:name` — the built-in name (`heading 1`, `Title`) is
//! English whatever the user interface language, while `w:styleId` is not
//! (`Heading1`, `berschrift1`, `1`) — or by a localised name some writers
//! put there instead (`Überschrift 1`, `見出し 1`, `제목 1`).

use std::collections::HashMap;

use xml_tree::Element;

/// The `w:val` of child `name`.
fn val<'a>(e: &'a Element, name: &str) -> Option<&'a str> {
    e.child(name).and_then(|c| c.attr("val"))
}

/// What one paragraph style says about headings.
#[derive(Debug, Clone, Default)]
struct Style {
    /// Its own `w:outlineLvl` (0-based), if it has one.
    outline: Option<u8>,
    /// The heading level its name gives (1-based), if it is a heading style.
    named: Option<u8>,
    based_on: Option<String>,
}

/// The paragraph styles of one document.
#[derive(Debug, Default)]
pub(crate) struct Styles {
    styles: HashMap<String, Style>,
}

/// Words that name a heading style, followed by its level: the built-in
/// English name and the names localised versions of Word and LibreOffice
/// write where a document was made without the built-in names.
const HEADING_WORDS: &[&str] = &[
    "heading",
    "überschrift",
    "titre",
    "título",
    "titolo",
    "kop",
    "rubrik",
    "overskrift",
    "otsikko",
    "nagłówek",
    "nadpis",
    "заголовок",
    "başlık",
    "見出し",
    "제목",
    "标题",
    "標題",
];

/// The heading level a style's name gives: `heading 1` → 1, `Title` → 1.
fn named_level(name: &str) -> Option<u8> {
    let lower = name.trim().to_lowercase();
    if lower == "title" {
        return Some(1);
    }
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = lower.get(digits.len()..)?;
    let word = digits.trim_end();
    if number.len() != 1 || !HEADING_WORDS.contains(&word) {
        return None;
    }
    number.parse::<u8>().ok().filter(|n| (1..=9).contains(n))
}

/// A `w:outlineLvl` value: 0..=8 a level, 9 (or anything else) body text.
fn outline_of(ppr: &Element) -> Option<u8> {
    val(ppr, "outlineLvl").map(|v| v.trim().parse::<u8>().unwrap_or(9))
}

impl Styles {
    /// Reads the paragraph styles of `styles.xml` (absent: no styles).
    pub fn new(styles: Option<&Element>) -> Styles {
        let mut out = Styles::default();
        let Some(root) = styles.and_then(|r| r.child("styles")) else {
            return out;
        };
        for s in root.elements().filter(|s| s.name == "style") {
            if s.attr("type").is_some_and(|t| t != "paragraph") {
                continue;
            }
            let Some(id) = s.attr("styleId") else {
                continue;
            };
            let named = val(s, "name")
                .and_then(named_level)
                .or_else(|| named_level(id).filter(|_| id.is_ascii()));
            out.styles.insert(
                id.to_string(),
                Style {
                    outline: s.child("pPr").and_then(outline_of),
                    named,
                    based_on: val(s, "basedOn").map(str::to_string),
                },
            );
        }
        out
    }

    /// The heading level (1-based, up to 9) of a paragraph with `w:pPr`
    /// `ppr`: its direct outline level (9: none), else the first style of
    /// its `basedOn` chain that has an outline level 0..=8 or a heading name.
    pub fn heading_level(&self, ppr: Option<&Element>) -> Option<u8> {
        let ppr = ppr?;
        if let Some(level) = outline_of(ppr) {
            return (level < 9).then_some(level + 1);
        }
        let mut id = val(ppr, "pStyle")?;
        // A chain longer than this is a cycle.
        for _ in 0..32 {
            let style = self.styles.get(id)?;
            // A style's outline level 9 (body text) keeps it out of the
            // outline, not out of the headings it is based on: Word's own
            // `TOC Heading` is `heading 1` at level 9.
            if let Some(level) = style.outline.filter(|l| *l < 9) {
                return Some(level + 1);
            }
            if style.named.is_some() {
                return style.named;
            }
            id = style.based_on.as_deref()?;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(xml: &str) -> Element {
        xml_tree::parse(xml.as_bytes(), 16).0
    }

    #[test]
    fn names_in_several_languages_and_ids() {
        assert_eq!(named_level("heading 3"), Some(3));
        assert_eq!(named_level("Heading 1"), Some(1));
        assert_eq!(named_level("Überschrift 2"), Some(2));
        assert_eq!(named_level("見出し 1"), Some(1));
        assert_eq!(named_level("제목 4"), Some(4));
        assert_eq!(named_level("Heading2"), Some(2));
        assert_eq!(named_level("Title"), Some(1));
        assert_eq!(named_level("TOC Heading"), None);
        assert_eq!(named_level("heading 10"), None);
        assert_eq!(named_level("heading 0"), None);
        assert_eq!(named_level("Subheading 1"), None);
    }

    #[test]
    fn chain_outline_levels_and_direct_levels() {
        let styles = parse(
            r#"<w:styles xmlns:w="w">
              <w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
              <w:style w:type="paragraph" w:styleId="Mine"><w:name w:val="Mine"/><w:basedOn w:val="1"/></w:style>
              <w:style w:type="paragraph" w:styleId="Body"><w:name w:val="TOC Heading"/><w:basedOn w:val="1"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>
              <w:style w:type="paragraph" w:styleId="Plain"><w:name w:val="Plain"/><w:pPr><w:outlineLvl w:val="9"/></w:pPr></w:style>
              <w:style w:type="paragraph" w:styleId="A"><w:name w:val="A"/><w:basedOn w:val="B"/></w:style>
              <w:style w:type="paragraph" w:styleId="B"><w:name w:val="B"/><w:basedOn w:val="A"/></w:style>
              <w:style w:type="character" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
            </w:styles>"#,
        );
        let s = Styles::new(Some(&styles));
        let level = |ppr: &str| {
            let e = parse(&format!(r#"<w:pPr xmlns:w="w">{ppr}</w:pPr>"#));
            s.heading_level(e.child("pPr"))
        };
        assert_eq!(level(r#"<w:pStyle w:val="1"/>"#), Some(1));
        assert_eq!(level(r#"<w:pStyle w:val="Mine"/>"#), Some(1));
        assert_eq!(level(r#"<w:pStyle w:val="Body"/>"#), Some(1));
        assert_eq!(level(r#"<w:pStyle w:val="A"/>"#), None);
        assert_eq!(level(r#"<w:pStyle w:val="Plain"/>"#), None);
        assert_eq!(level(r#"<w:pStyle w:val="Heading2"/>"#), None);
        assert_eq!(level(r#"<w:pStyle w:val="Missing"/>"#), None);
        assert_eq!(level(r#"<w:outlineLvl w:val="2"/>"#), Some(3));
        assert_eq!(
            level(r#"<w:pStyle w:val="1"/><w:outlineLvl w:val="9"/>"#),
            None
        );
    }
}
