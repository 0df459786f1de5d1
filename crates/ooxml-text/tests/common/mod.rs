//! Helpers shared by the OOXML and ODF fixture tests.
#![allow(dead_code)]

use std::fmt::Write as _;

use ooxml_text::OfficeDocument;

/// `kind:name` of each part, in order.
pub fn outline(d: &OfficeDocument) -> Vec<String> {
    d.parts
        .iter()
        .map(|p| format!("{}:{}", p.kind, p.name.as_deref().unwrap_or("")))
        .collect()
}

/// The document properties as the `NAME.metadata.txt` sidecars list
/// them: `key<TAB>value`, a line each, for the ones present.
pub fn properties(d: &OfficeDocument) -> String {
    let mut out = String::new();
    for (k, v) in d.metadata.fields() {
        if let Some(v) = v {
            writeln!(out, "{k}\t{v}").unwrap();
        }
    }
    out
}
