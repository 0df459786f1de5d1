//! Interactive forms (ISO 32000-1 §12.7): the AcroForm field tree and the
//! values of its text, choice and button fields.

use std::collections::{HashMap, HashSet};

use doc_model::{Part, PartKind};

use crate::annotation::{PageAnnotation, normalise_lines, text_value};
use crate::document::Document;
use crate::object::{Dict, ObjRef, Object};
use crate::page::Page;
use crate::text::decode_text_string;

/// What kind of field a value comes from (§12.7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldKind {
    /// A text field (`/FT /Tx`).
    Text,
    /// A list or combo box (`/FT /Ch`).
    Choice,
    /// A check box (`/FT /Btn`, neither radio nor push button).
    Checkbox,
    /// A set of radio buttons (`/FT /Btn` with the Radio flag).
    RadioButton,
}

impl FieldKind {
    /// A lower-case name: `text`, `choice`, `checkbox`, `radio_button`.
    pub fn name(self) -> &'static str {
        match self {
            FieldKind::Text => "text",
            FieldKind::Choice => "choice",
            FieldKind::Checkbox => "checkbox",
            FieldKind::RadioButton => "radio_button",
        }
    }
}

/// The value of one terminal form field.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FormField {
    /// The fully qualified name: the `/T` of the field and its ancestors,
    /// joined by `.` (§12.7.3.2); empty when none has a `/T`.
    pub name: String,
    /// The field type.
    pub kind: FieldKind,
    /// The value: the text; the selected options, one per line; the export
    /// name of a checked box or chosen radio button.
    pub value: String,
    /// The page of its first widget, from 1, where known.
    pub page: Option<usize>,
    /// The field's object, when indirect.
    pub id: Option<ObjRef>,
}

impl FormField {
    /// As a [`PartKind::FormField`] [`Part`] named after the field, with
    /// attributes `type` and, where known, `page`.
    pub fn to_part(&self) -> Part {
        let mut p = if self.name.is_empty() {
            Part::new(PartKind::FormField, self.value.clone())
        } else {
            Part::named(PartKind::FormField, self.name.clone(), self.value.clone())
        };
        if let Some(page) = self.page {
            p = p.with_attribute("page", page.to_string());
        }
        p.with_attribute("type", self.kind.name())
    }
}

/// Field flags (Table 226, Table 228).
const FLAG_RADIO: i64 = 1 << 15;
const FLAG_PUSHBUTTON: i64 = 1 << 16;

/// What a field inherits from its ancestors (§12.7.3.1, Table 220).
#[derive(Clone, Default)]
struct Inherited {
    name: String,
    ft: Option<Vec<u8>>,
    ff: Option<i64>,
    v: Option<Object>,
}

/// The page of every page object and annotation, for fields' widgets.
pub(crate) struct PageIndex {
    pages: HashMap<ObjRef, usize>,
    annots: HashMap<ObjRef, usize>,
}

impl PageIndex {
    pub(crate) fn new(pages: &[Page], annots: &[PageAnnotation]) -> PageIndex {
        PageIndex {
            pages: pages
                .iter()
                .enumerate()
                .filter_map(|(i, p)| Some((p.id?, i + 1)))
                .collect(),
            annots: annots
                .iter()
                .filter_map(|a| Some((a.id?, a.page)))
                .collect(),
        }
    }

    /// The page of the widget `id`/`dict`: where its page lists it, else its `/P`.
    fn of(&self, id: Option<ObjRef>, dict: &Dict) -> Option<usize> {
        id.and_then(|r| self.annots.get(&r).copied()).or_else(|| {
            let p = dict.get(b"P")?.as_ref()?;
            self.pages.get(&p).copied()
        })
    }
}

/// The terminal fields of the catalog's `/AcroForm` with a value, in field
/// tree order. At most `max` fields; `max_depth` levels.
pub(crate) fn fields(
    doc: &Document<'_>,
    index: &PageIndex,
    max: usize,
    max_depth: usize,
) -> Vec<FormField> {
    let mut out = Vec::new();
    let Ok(catalog) = doc.catalog() else {
        return out;
    };
    let form = match doc.dict_get(&catalog, b"AcroForm") {
        Ok(Some(Object::Dict(d))) => d,
        Ok(_) => return out,
        Err(e) => {
            doc.warn(
                crate::WarningKind::Form,
                None,
                format!("/AcroForm unreadable ({e})"),
            );
            return out;
        }
    };
    let roots = match doc.dict_get(&form, b"Fields") {
        Ok(Some(Object::Array(a))) => a,
        Ok(_) => return out,
        Err(e) => {
            doc.warn(
                crate::WarningKind::Form,
                None,
                format!("/AcroForm /Fields unreadable ({e})"),
            );
            return out;
        }
    };
    let mut visited: HashSet<ObjRef> = HashSet::new();
    let mut stack: Vec<(Object, Inherited, usize)> = roots
        .into_iter()
        .rev()
        .map(|f| (f, Inherited::default(), 0))
        .collect();
    while let Some((node, inherited, depth)) = stack.pop() {
        if doc.check_deadline().is_err() {
            doc.warn(
                crate::WarningKind::Form,
                None,
                "deadline reached while reading form fields; the rest skipped".into(),
            );
            break;
        }
        let id = node.as_ref();
        if let Some(r) = id
            && !visited.insert(r)
        {
            doc.warn(
                crate::WarningKind::Form,
                None,
                format!("form field {r} reached twice (cycle); skipped"),
            );
            continue;
        }
        if depth > max_depth {
            doc.warn(
                crate::WarningKind::Form,
                None,
                format!("form field tree deeper than {max_depth}; cut (Limits::max_depth)"),
            );
            continue;
        }
        let dict = match doc.resolve(&node) {
            Ok(o) => match o.as_dict() {
                Some(d) => d.clone(),
                None => continue,
            },
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Form,
                    None,
                    format!("a form field is unreadable ({e}); skipped"),
                );
                continue;
            }
        };
        let mut here = inherited;
        if let Some(t) = text_value(doc, &dict, b"T") {
            if !here.name.is_empty() {
                here.name.push('.');
            }
            here.name.push_str(&t);
        }
        if let Some(ft) = dict.get_name(b"FT") {
            here.ft = Some(ft.to_vec());
        }
        if let Ok(Some(ff)) = doc.dict_get(&dict, b"Ff") {
            here.ff = ff.as_i64().or(here.ff);
        }
        if let Ok(Some(v)) = doc.dict_get(&dict, b"V") {
            here.v = Some(v);
        }
        // Kids with a /T are fields; kids without are this field's widgets.
        let kids = match doc.dict_get(&dict, b"Kids") {
            Ok(Some(Object::Array(a))) => a,
            _ => Vec::new(),
        };
        let mut field_kids = Vec::new();
        let mut widgets = Vec::new();
        for k in kids {
            let is_field = doc
                .resolve(&k)
                .ok()
                .and_then(|o| o.as_dict().map(|d| d.contains_key(b"T")))
                .unwrap_or(false);
            if is_field {
                field_kids.push(k);
            } else {
                widgets.push(k);
            }
        }
        if !field_kids.is_empty() {
            for k in field_kids.into_iter().rev() {
                stack.push((k, here.clone(), depth + 1));
            }
            continue;
        }
        let page = index.of(id, &dict).or_else(|| {
            widgets.iter().find_map(|w| {
                let d = doc.resolve(w).ok()?.as_dict()?.clone();
                index.of(w.as_ref(), &d)
            })
        });
        let Some((kind, value)) = value_of(doc, &here, &dict, &widgets) else {
            continue;
        };
        if out.len() >= max {
            doc.warn(
                crate::WarningKind::Form,
                None,
                format!("more than {max} form fields; the rest skipped (Limits::max_parts)"),
            );
            break;
        }
        out.push(FormField {
            name: here.name,
            kind,
            value,
            page,
            id,
        });
    }
    out
}

/// The kind and displayed value of a terminal field; `None` for a field
/// without a value, an unchecked box, a push button or a signature.
fn value_of(
    doc: &Document<'_>,
    field: &Inherited,
    dict: &Dict,
    widgets: &[Object],
) -> Option<(FieldKind, String)> {
    let ff = field.ff.unwrap_or(0);
    match field.ft.as_deref()? {
        b"Tx" => {
            let text = match &field.v {
                Some(v) => string_value(doc, v)?,
                None => {
                    let rv = text_value(doc, dict, b"RV")?;
                    crate::rich_text::strip(&rv)
                }
            };
            let text = normalise_lines(&text);
            (!text.is_empty()).then_some((FieldKind::Text, text))
        }
        b"Ch" => {
            let values: Vec<String> = match &field.v {
                Some(Object::Array(a)) => a
                    .iter()
                    .filter_map(|o| string_value(doc, o))
                    .map(|s| normalise_lines(&s))
                    .filter(|s| !s.is_empty())
                    .collect(),
                Some(v) => string_value(doc, v)
                    .map(|s| normalise_lines(&s))
                    .filter(|s| !s.is_empty())
                    .into_iter()
                    .collect(),
                None => Vec::new(),
            };
            (!values.is_empty()).then(|| (FieldKind::Choice, values.join("\n")))
        }
        b"Btn" => {
            if ff & FLAG_PUSHBUTTON != 0 {
                return None;
            }
            let kind = if ff & FLAG_RADIO != 0 {
                FieldKind::RadioButton
            } else {
                FieldKind::Checkbox
            };
            // The export name in /V; without /V, the appearance state the
            // field or one of its widgets is in (writers that set only /AS).
            let state = match &field.v {
                Some(Object::Name(n)) => Some(n.clone()),
                Some(_) => None,
                None => std::iter::once(dict.get_name(b"AS").map(<[u8]>::to_vec))
                    .chain(widgets.iter().map(|w| {
                        let d = doc.resolve(w).ok()?;
                        d.as_dict()?.get_name(b"AS").map(<[u8]>::to_vec)
                    }))
                    .flatten()
                    .find(|s| s != b"Off"),
            }?;
            if state == b"Off" || state.is_empty() {
                return None;
            }
            Some((kind, decode_text_string(&state)))
        }
        _ => None,
    }
}

/// A field value that is a text string, a text stream or a name.
fn string_value(doc: &Document<'_>, v: &Object) -> Option<String> {
    match doc.resolve(v).ok()?.as_ref() {
        Object::String(s) => Some(decode_text_string(s)),
        Object::Name(n) => Some(decode_text_string(n)),
        Object::Stream(s) => Some(decode_text_string(&doc.stream_data(s).ok()?)),
        _ => None,
    }
}

impl Document<'_> {
    /// The values of the AcroForm's terminal fields in field-tree order:
    /// text, choice, and checked boxes or chosen radio buttons (their
    /// export names). Empty fields, unchecked boxes, push buttons and
    /// signatures are left out.
    pub fn form_fields(&self) -> Vec<FormField> {
        let pages = self.pages().unwrap_or_default();
        let limits = &self.options().limits;
        let annots = crate::annotation::page_annotations(self, &pages, limits.max_parts);
        let index = PageIndex::new(&pages, &annots);
        fields(self, &index, limits.max_parts, limits.max_depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualified_names_inherited_values_and_buttons() {
        let data = b"%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[5 0 R 8 0 R 9 0 R 12 0 R 14 0 R]>>>> endobj\n\
2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/Annots[6 0 R 7 0 R]>> endobj\n\
5 0 obj <</T(person)/FT/Tx/Kids[6 0 R 7 0 R]/V(inherited)>> endobj\n\
6 0 obj <</T(name)/V(Ann\\rLee)/Subtype/Widget>> endobj\n\
7 0 obj <</T(city)/Subtype/Widget/Parent 5 0 R>> endobj\n\
8 0 obj <</T(agree)/FT/Btn/V/Yes>> endobj\n\
9 0 obj <</T(choice)/FT/Ch/V[(a)(b)]>> endobj\n\
12 0 obj <</T(off)/FT/Btn/V/Off>> endobj\n\
14 0 obj <</T(radio)/FT/Btn/Ff 49152/Kids[15 0 R 16 0 R]/V/Second>> endobj\n\
15 0 obj <</Subtype/Widget/AS/Off/P 3 0 R>> endobj 16 0 obj <</Subtype/Widget/AS/Second/P 3 0 R>> endobj\n\
trailer <</Root 1 0 R>>\n";
        let d = Document::open(data).unwrap();
        let f = d.form_fields();
        let got: Vec<(&str, FieldKind, &str, Option<usize>)> = f
            .iter()
            .map(|f| (f.name.as_str(), f.kind, f.value.as_str(), f.page))
            .collect();
        assert_eq!(
            got,
            [
                ("person.name", FieldKind::Text, "Ann\nLee", Some(1)),
                ("person.city", FieldKind::Text, "inherited", Some(1)),
                ("agree", FieldKind::Checkbox, "Yes", None),
                ("choice", FieldKind::Choice, "a\nb", None),
                ("radio", FieldKind::RadioButton, "Second", Some(1)),
            ]
        );
        let p = f[0].to_part();
        assert_eq!(p.name.as_deref(), Some("person.name"));
        assert_eq!(p.attribute("type"), Some("text"));
    }

    #[test]
    fn cyclic_field_tree_ends() {
        let data =
            b"%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R/AcroForm<</Fields[5 0 R]>>>> endobj\n\
2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n\
5 0 obj <</T(a)/FT/Tx/Kids[6 0 R]>> endobj 6 0 obj <</T(b)/Kids[5 0 R 6 0 R]/V(x)>> endobj\n\
trailer <</Root 1 0 R>>\n";
        let d = Document::open(data).unwrap();
        let f = d.form_fields();
        assert!(f.is_empty() || f.iter().all(|f| f.name.starts_with("a.b")));
        assert!(d.warnings().iter().any(|w| w.message.contains("cycle")));
    }
}
