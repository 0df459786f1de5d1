//! Annotations (ISO 32000-1 §12.5): the `/Annots` of every page, and the
//! text of markup annotations (§12.5.6.2) — sticky notes, free text,
//! highlights and the rest — with their popups (§12.5.6.14) folded into
//! their parents.

use std::collections::HashSet;

use doc_model::{Part, PartKind};

use crate::document::Document;
use crate::object::{Dict, ObjRef, Object};
use crate::page::Page;
use crate::text::{decode_text_string, pdf_date_to_rfc3339};

/// One annotation dictionary of a page, in `/Annots` order.
#[derive(Debug, Clone)]
pub(crate) struct PageAnnotation {
    /// The page's number, from 1.
    pub page: usize,
    /// The annotation's object, when it is indirect.
    pub id: Option<ObjRef>,
    /// The annotation dictionary.
    pub dict: Dict,
}

/// The annotations of `pages`, page by page in `/Annots` order; one
/// referenced from two pages (or twice from one) counts once, on the first.
/// At most `max` are read; past that a warning.
pub(crate) fn page_annotations(
    doc: &Document<'_>,
    pages: &[Page],
    max: usize,
) -> Vec<PageAnnotation> {
    let mut out = Vec::new();
    let mut seen: HashSet<ObjRef> = HashSet::new();
    for (i, page) in pages.iter().enumerate() {
        if doc.check_deadline().is_err() {
            doc.warn(
                crate::WarningKind::Annotation,
                None,
                "deadline reached while reading annotations; the rest skipped".into(),
            );
            break;
        }
        let annots = match doc.dict_get(&page.dict, b"Annots") {
            Ok(Some(Object::Array(a))) => a,
            Ok(_) => continue,
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Annotation,
                    None,
                    format!("page {}: /Annots unreadable ({e})", i + 1),
                );
                continue;
            }
        };
        for a in annots {
            let id = a.as_ref();
            if let Some(r) = id
                && !seen.insert(r)
            {
                continue;
            }
            let dict = match doc.resolve(&a) {
                Ok(o) => match o.as_dict() {
                    Some(d) => d.clone(),
                    None => continue,
                },
                Err(e) => {
                    doc.warn(
                        crate::WarningKind::Annotation,
                        None,
                        format!("page {}: an annotation is unreadable ({e}); skipped", i + 1),
                    );
                    continue;
                }
            };
            if out.len() >= max {
                doc.warn(
                    crate::WarningKind::Annotation,
                    None,
                    format!("more than {max} annotations; the rest skipped (Limits::max_parts)"),
                );
                return out;
            }
            out.push(PageAnnotation {
                page: i + 1,
                id,
                dict,
            });
        }
    }
    out
}

/// The markup annotation subtypes (Table 170 of §12.5.6.2): those whose
/// `/Contents` is a note someone wrote, not an alternate description.
const MARKUP: &[&[u8]] = &[
    b"Text",
    b"FreeText",
    b"Line",
    b"Square",
    b"Circle",
    b"Polygon",
    b"PolyLine",
    b"Highlight",
    b"Underline",
    b"Squiggly",
    b"StrikeOut",
    b"Stamp",
    b"Caret",
    b"Ink",
    b"FileAttachment",
    b"Sound",
    b"Redact",
];

/// An annotation that carries text: a sticky note, free text, or a markup
/// annotation with a note.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Annotation {
    /// The page it is on, from 1.
    pub page: usize,
    /// Its object, when indirect (for a popup's text: the parent's).
    pub id: Option<ObjRef>,
    /// `/Subtype` as written: `Text`, `FreeText`, `Highlight`, …
    pub subtype: String,
    /// `/Contents` (or, without it, the rich text `/RC` reduced to text),
    /// line ends as `\n`.
    pub text: String,
    /// `/T`: the author, on markup annotations.
    pub author: Option<String>,
    /// `/Subj`: the subject line.
    pub subject: Option<String>,
    /// `/M`: when it was last changed, as RFC 3339 where the date parses,
    /// else as written.
    pub modified: Option<String>,
}

impl Annotation {
    /// The part kind: [`PartKind::Annotation`] for free text (text drawn on
    /// the page), [`PartKind::Comment`] for notes.
    pub fn part_kind(&self) -> PartKind {
        if self.subtype == "FreeText" {
            PartKind::Annotation
        } else {
            PartKind::Comment
        }
    }

    /// As a [`Part`]: no name; attributes `page`, `subtype`, and `author`,
    /// `subject`, `date` where known.
    pub fn to_part(&self) -> Part {
        let mut p = Part::new(self.part_kind(), self.text.clone())
            .with_attribute("page", self.page.to_string())
            .with_attribute("subtype", self.subtype.clone());
        if let Some(a) = &self.author {
            p = p.with_attribute("author", a.clone());
        }
        if let Some(s) = &self.subject {
            p = p.with_attribute("subject", s.clone());
        }
        if let Some(d) = &self.modified {
            p = p.with_attribute("date", d.clone());
        }
        p
    }
}

/// A text string value of `dict[key]`, decoded, line ends as `\n`, trailing
/// white space and NULs dropped; `None` when absent or blank.
pub(crate) fn text_value(doc: &Document<'_>, dict: &Dict, key: &[u8]) -> Option<String> {
    let o = doc.dict_get(dict, key).ok()??;
    let text = match &o {
        Object::String(s) => decode_text_string(s),
        // A text stream (§7.9.3), allowed for /Contents and /RC, /V, /RV.
        Object::Stream(s) => decode_text_string(&doc.stream_data(s).ok()?),
        _ => return None,
    };
    let text = normalise_lines(&text);
    (!text.trim().is_empty()).then_some(text)
}

/// `\r\n` and `\r` as `\n`, NULs and trailing white space dropped.
pub(crate) fn normalise_lines(s: &str) -> String {
    let s = s
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\0', "");
    s.trim_end().to_string()
}

fn name_string(dict: &Dict, key: &[u8]) -> Option<String> {
    dict.get_name(key)
        .map(|n| String::from_utf8_lossy(n).into_owned())
}

/// The text of a markup annotation: `/Contents`, else `/RC` reduced to text.
fn note_text(doc: &Document<'_>, dict: &Dict) -> Option<String> {
    text_value(doc, dict, b"Contents").or_else(|| {
        let rc = text_value(doc, dict, b"RC")?;
        let t = crate::rich_text::strip(&rc);
        (!t.trim().is_empty()).then_some(t)
    })
}

fn annotation_from(
    doc: &Document<'_>,
    page: usize,
    id: Option<ObjRef>,
    dict: &Dict,
    text: String,
) -> Annotation {
    Annotation {
        page,
        id,
        subtype: name_string(dict, b"Subtype").unwrap_or_default(),
        text,
        author: text_value(doc, dict, b"T"),
        subject: text_value(doc, dict, b"Subj"),
        modified: text_value(doc, dict, b"M").map(|m| pdf_date_to_rfc3339(&m).unwrap_or(m)),
    }
}

/// The annotations with text among `annots`, in order. A popup's text is
/// its parent's: it is taken only when the parent has none, and then once,
/// as the parent's.
pub(crate) fn with_text(doc: &Document<'_>, annots: &[PageAnnotation]) -> Vec<Annotation> {
    let mut out = Vec::new();
    // Parents whose text a popup already gave.
    let mut given: HashSet<ObjRef> = HashSet::new();
    for a in annots {
        let subtype = a.dict.get_name(b"Subtype").unwrap_or(b"");
        if subtype == b"Popup" {
            let Some(text) = note_text(doc, &a.dict) else {
                continue;
            };
            let parent_ref = a.dict.get(b"Parent").and_then(Object::as_ref);
            let parent = a
                .dict
                .get(b"Parent")
                .and_then(|p| doc.resolve(p).ok())
                .and_then(|p| p.as_dict().cloned());
            match parent {
                Some(parent) => {
                    if note_text(doc, &parent).is_some() {
                        continue;
                    }
                    if let Some(r) = parent_ref
                        && !given.insert(r)
                    {
                        continue;
                    }
                    out.push(annotation_from(doc, a.page, parent_ref, &parent, text));
                }
                // A popup on its own: its text is still someone's note.
                None => out.push(annotation_from(doc, a.page, a.id, &a.dict, text)),
            }
            continue;
        }
        if !MARKUP.contains(&subtype) {
            continue;
        }
        if a.id.is_some_and(|r| given.contains(&r)) {
            continue;
        }
        if let Some(text) = note_text(doc, &a.dict) {
            out.push(annotation_from(doc, a.page, a.id, &a.dict, text));
        }
    }
    out
}

impl Document<'_> {
    /// The annotations that carry text, page by page in `/Annots` order:
    /// sticky notes (`Text`), `FreeText`, and markup annotations
    /// (`Highlight`, `Square`, `Ink`, …) with a note. A popup's text is
    /// returned once, as its parent's.
    pub fn annotations(&self) -> Vec<Annotation> {
        let pages = self.pages().unwrap_or_default();
        let annots = page_annotations(self, &pages, self.options().limits.max_parts);
        let mut out = with_text(self, &annots);
        out.truncate(self.options().limits.max_parts);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(annots: &str, body: &str) -> Vec<u8> {
        format!(
            "%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>> endobj\n\
             3 0 obj <</Type/Page/Parent 2 0 R/Annots[{annots}]>> endobj\n4 0 obj <</Type/Page/Parent 2 0 R/Annots[10 0 R]>> endobj\n{body}\ntrailer <</Root 1 0 R>>\n"
        )
        .into_bytes()
    }

    #[test]
    fn notes_popups_and_markup() {
        let data = doc(
            "10 0 R 11 0 R 12 0 R 13 0 R 14 0 R 15 0 R",
            "10 0 obj <</Type/Annot/Subtype/Text/Contents(Sticky\\rnote)/T(Ann)/M(D:20240102030405Z)/Popup 11 0 R>> endobj \
             11 0 obj <</Type/Annot/Subtype/Popup/Parent 10 0 R/Contents(Sticky\\rnote)>> endobj \
             12 0 obj <</Type/Annot/Subtype/Highlight/T(Bob)>> endobj \
             13 0 obj <</Type/Annot/Subtype/Popup/Parent 12 0 R/Contents(Popup text of the highlight)>> endobj \
             14 0 obj <</Type/Annot/Subtype/Link/Contents(alt text of a link)>> endobj \
             15 0 obj <</Type/Annot/Subtype/FreeText/Contents<FEFF00E9>/RC(<p>ignored</p>)>> endobj",
        );
        let d = Document::open(&data).unwrap();
        let a = d.annotations();
        let got: Vec<(usize, &str, &str, Option<&str>)> = a
            .iter()
            .map(|a| {
                (
                    a.page,
                    a.subtype.as_str(),
                    a.text.as_str(),
                    a.author.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (1, "Text", "Sticky\nnote", Some("Ann")),
                (1, "Highlight", "Popup text of the highlight", Some("Bob")),
                (1, "FreeText", "é", None),
            ]
        );
        assert_eq!(a[0].modified.as_deref(), Some("2024-01-02T03:04:05Z"));
        assert_eq!(a[0].part_kind(), PartKind::Comment);
        assert_eq!(a[2].part_kind(), PartKind::Annotation);
        let p = a[0].to_part();
        assert_eq!(p.attribute("author"), Some("Ann"));
        assert_eq!(p.attribute("page"), Some("1"));
    }

    #[test]
    fn rich_text_when_contents_is_missing() {
        let data = doc(
            "20 0 R",
            "10 0 obj <</Subtype/Square>> endobj 20 0 obj <</Subtype/Square/RC(<body><p>Boxed</p><p>twice</p></body>)>> endobj",
        );
        let d = Document::open(&data).unwrap();
        let a = d.annotations();
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].text, "Boxed\ntwice");
    }
}
