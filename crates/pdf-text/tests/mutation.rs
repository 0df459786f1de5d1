//! Mutation test: damaged copies of every `fixtures/pdftext` PDF (and, when
//! present, the small corpus PDFs) — flipped and random bytes,
//! truncations, duplicated slices, xref digits (`testkit::rng::mutate`) —
//! must give text or a typed error, never a panic. Deterministic (seeded).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use testkit::rng::{Rng, mutate};

fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("fixtures/pdftext"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    if let Some(corpus) = testkit::corpus::require_dir("pdf-text corpus mutations") {
        let d = std::fs::read_dir(corpus.join("pdf/pdfjs")).unwrap();
        files.extend(d.filter_map(|e| e.ok().map(|e| e.path())));
    }
    let mut files: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .filter(|p| {
            std::fs::metadata(p)
                .map(|m| m.len() < 20_000)
                .unwrap_or(false)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn damaged_pdfs_never_panic() {
    let files = inputs();
    assert!(files.len() >= 12);
    const SEED: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rng = Rng::new(SEED);
    let (mut ok, mut err) = (0usize, 0usize);
    for path in &files {
        let data = std::fs::read(path).unwrap();
        for k in 0..40 {
            let (m, what) = mutate(&data, k, &mut rng);
            let r = std::panic::catch_unwind(|| {
                pdf_text::extract_bytes(&m, &pdf_text::Options::default())
            });
            match r {
                Err(_) => {
                    let dump = std::env::temp_dir().join("pdf-text-mutant.pdf");
                    let _ = std::fs::write(&dump, &m);
                    panic!(
                        "{}: a mutant panicked (seed {SEED:#x}, mutation {k}: {what}; saved to {})",
                        path.display(),
                        dump.display()
                    );
                }
                Ok(Ok(_)) => ok += 1,
                Ok(Err(_)) => err += 1,
            }
        }
    }
    println!(
        "{} files, {ok} mutants read, {err} typed errors",
        files.len()
    );
    assert!(ok > 0);
}
