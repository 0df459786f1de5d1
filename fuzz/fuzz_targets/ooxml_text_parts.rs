//! Fuzzes each XML reader of `ooxml-text` inside a well-formed package:
//! the first byte picks a fixture package (docx, xlsx, pptx, odt, ods,
//! odp), the second one of its parts, and the rest replaces that part —
//! the document, styles, numbering, notes, comments, shared strings,
//! sheets, drawings, charts, slides, ODF content and styles — so the
//! fuzzer reaches the readers instead of the zip's checksums.
#![no_main]

use std::io::{Cursor, Read, Write};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use ooxml_text::Options;

const TEMPLATES: &[&[u8]] = &[
    include_bytes!("../../fixtures/ooxml/body.docx"),
    include_bytes!("../../fixtures/ooxml/stories.docx"),
    include_bytes!("../../fixtures/ooxml/cells.xlsx"),
    include_bytes!("../../fixtures/ooxml/deck.pptx"),
    // Layouts, masters and text styles (inherited bullets), merged cells.
    include_bytes!("../../fixtures/structure/deck.pptx"),
    include_bytes!("../../fixtures/structure/sheet.xlsx"),
    // ODF structure: nested and continued lists, spans and header rows,
    // sheets, a deck's title, outline and table.
    include_bytes!("../../fixtures/structure/odflists.odt"),
    include_bytes!("../../fixtures/structure/odfsheets.ods"),
    include_bytes!("../../fixtures/structure/odfdeck.odp"),
];

type Parts = Vec<(String, Vec<u8>)>;

fn templates() -> &'static Vec<Parts> {
    static T: OnceLock<Vec<Parts>> = OnceLock::new();
    T.get_or_init(|| {
        let mut extra: Vec<Vec<u8>> = Vec::new();
        for dir in ["../fixtures/odf", "fixtures/odf"] {
            if let Ok(list) = std::fs::read_dir(dir) {
                let mut paths: Vec<_> = list.flatten().map(|e| e.path()).collect();
                paths.sort();
                for p in paths {
                    if p.extension().is_some_and(|x| x == "odt" || x == "ods" || x == "odp") {
                        if let Ok(b) = std::fs::read(&p) {
                            extra.push(b);
                        }
                    }
                }
                break;
            }
        }
        TEMPLATES
            .iter()
            .map(|t| t.to_vec())
            .chain(extra)
            .filter_map(|bytes| {
                let mut z = zip::ZipArchive::new(Cursor::new(bytes)).ok()?;
                let mut parts = Vec::new();
                for i in 0..z.len() {
                    let mut f = z.by_index(i).ok()?;
                    let mut data = Vec::new();
                    f.read_to_end(&mut data).ok()?;
                    parts.push((f.name().to_string(), data));
                }
                Some(parts)
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let [t, p, rest @ ..] = data else { return };
    let all = templates();
    let Some(parts) = all.get(usize::from(*t) % all.len().max(1)) else { return };
    let which = usize::from(*p) % parts.len().max(1);
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored);
    for (i, (name, bytes)) in parts.iter().enumerate() {
        if w.start_file(name.as_str(), stored).is_err() {
            return;
        }
        let body = if i == which { rest } else { bytes.as_slice() };
        if w.write_all(body).is_err() {
            return;
        }
    }
    let Ok(cursor) = w.finish() else { return };
    let package = cursor.into_inner();
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_xml_nodes = 1 << 18;
    if let Ok(doc) = ooxml_text::parse_with(&package, &options) {
        let _ = doc.text();
        // A part that states its structure has that structure's plain text.
        for part in &doc.parts {
            if !part.blocks.is_empty() {
                assert_eq!(part.text, doc_model::plain_text(&part.blocks));
            }
        }
    }
});
