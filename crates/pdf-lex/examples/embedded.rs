//! Writes the attachments and images of each PDF named on the command line
//! into `$OUT/<file name>/<embedded path>` (nothing written without `$OUT`)
//! and prints one line per file: parts, attachments, images, warnings —
//! `OUT=/tmp/x cargo run --release -p pdf-lex --example embedded -- FILE...`
//! (the counterpart of `pdfimages -all` plus `pdfdetach -saveall` for
//! timing them side by side).
#![allow(clippy::unwrap_used)]
use doc_model::EmbeddedKind;
use pdf_lex::{Document, ExtrasOptions};
fn main() {
    let out = std::env::var_os("OUT").map(std::path::PathBuf::from);
    for path in std::env::args().skip(1) {
        let data = std::fs::read(&path).unwrap();
        let doc = match Document::open(&data) {
            Ok(d) => d,
            Err(e) => {
                println!("{path}: ERROR {e}");
                continue;
            }
        };
        let extras = doc.extras(&ExtrasOptions::default());
        let count = |k| extras.embedded.iter().filter(|e| e.kind == k).count();
        println!(
            "{path}: {} parts, {} attachments, {} images, {} warnings",
            extras.parts.len(),
            count(EmbeddedKind::Attachment),
            count(EmbeddedKind::Image),
            extras.warnings.len()
        );
        if let Some(out) = &out {
            let stem = std::path::Path::new(&path).file_name().unwrap();
            let dir = out.join(stem);
            std::fs::create_dir_all(&dir).unwrap();
            for e in &extras.embedded {
                // Paths are one component (`/name`): no `..` can come through.
                let name = e.path.trim_start_matches('/').replace(['/', '\\'], "_");
                std::fs::write(dir.join(name), &e.data).unwrap();
            }
        }
    }
}
