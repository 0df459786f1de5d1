//! Document properties: OOXML `docProps/core.xml` (ECMA-376 Part 2 §11,
//! Dublin Core) and `docProps/app.xml` (Part 1 §22.2), ODF `meta.xml`
//! (ODF 1.3 Part 3 §4).

use doc_model::Metadata;
use xml_tree::Element;

use crate::package::Package;

fn set(slot: &mut Option<String>, value: String) {
    let v = value.trim();
    if slot.is_none() && !v.is_empty() {
        *slot = Some(v.to_string());
    }
}

/// A W3CDTF or ISO 8601 timestamp as RFC 3339 UTC where it already is one
/// (`2024-01-02T03:04:05Z`), else as written.
fn timestamp(v: String) -> String {
    let t = v.trim();
    // ODF writes local time without a zone and often with fractions.
    match t.split_once('.') {
        Some((head, tail)) if head.len() == 19 => {
            let zone = tail.trim_start_matches(|c: char| c.is_ascii_digit());
            format!("{head}{zone}")
        }
        _ => t.to_string(),
    }
}

/// Fills `md` from the package's core and extended properties.
pub(crate) fn read_ooxml(pkg: &mut Package<'_>, md: &mut Metadata) {
    let rels = pkg.rels("");
    let core = rels
        .iter()
        .find(|r| r.kind == "core-properties" || r.kind == "metadata/core-properties")
        .map(|r| r.target.clone())
        .unwrap_or_else(|| "docProps/core.xml".into());
    let app = rels
        .iter()
        .find(|r| r.kind == "extended-properties")
        .map(|r| r.target.clone())
        .unwrap_or_else(|| "docProps/app.xml".into());
    if let Some(root) = pkg.xml(&core)
        && let Some(props) = root.child("coreProperties")
    {
        for e in props.elements() {
            let v = e.text();
            match e.name.as_str() {
                "title" => set(&mut md.title, v),
                "creator" => set(&mut md.author, v),
                "subject" => set(&mut md.subject, v),
                "keywords" => set(&mut md.keywords, v),
                "created" => set(&mut md.created, timestamp(v)),
                "modified" => set(&mut md.modified, timestamp(v)),
                "language" => set(&mut md.language, v),
                "lastModifiedBy" => set(&mut md.last_author, v),
                _ => {}
            }
        }
    }
    if let Some(root) = pkg.xml(&app)
        && let Some(props) = root.child("Properties")
    {
        for e in props.elements() {
            let v = e.text();
            match e.name.as_str() {
                "Application" => set(&mut md.producer, v),
                "Company" => set(&mut md.company, v),
                "Pages" | "Slides" if md.page_count.is_none() => {
                    md.page_count = v.trim().parse().ok();
                }
                _ => {}
            }
        }
    }
}

/// Fills `md` from an ODF `office:meta` element.
pub(crate) fn read_odf(meta: &Element, md: &mut Metadata) {
    for e in meta.elements() {
        let v = e.text();
        match e.name.as_str() {
            "title" => set(&mut md.title, v),
            "initial-creator" => set(&mut md.author, v),
            "subject" => set(&mut md.subject, v),
            "keyword" => {
                let v = v.trim().to_string();
                if !v.is_empty() {
                    match &mut md.keywords {
                        Some(k) => {
                            k.push_str(", ");
                            k.push_str(&v);
                        }
                        None => md.keywords = Some(v),
                    }
                }
            }
            "creation-date" => set(&mut md.created, timestamp(v)),
            "date" => set(&mut md.modified, timestamp(v)),
            "language" => set(&mut md.language, v),
            "creator" => set(&mut md.last_author, v),
            "generator" => set(&mut md.producer, v),
            "document-statistic" if md.page_count.is_none() => {
                md.page_count = e.attr("page-count").and_then(|p| p.parse().ok());
            }
            _ => {}
        }
    }
    // An ODF document without initial-creator: dc:creator is its author.
    if md.author.is_none() {
        md.author = md.last_author.clone();
    }
}
