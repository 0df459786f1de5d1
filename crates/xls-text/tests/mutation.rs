//! Seeded mutations (`testkit::rng::mutate`) of every fixture and corpus
//! workbook: parsing returns a value or a typed error, never panics, and
//! its text stays bounded by the input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::rng::{MUTATIONS, Rng, mutate};

/// Mutations per file.
const ROUNDS: usize = 3 * MUTATIONS;

fn check(name: &str, data: &[u8]) {
    let mut rng = Rng::new(0x5EED ^ data.len() as u64);
    for k in 0..ROUNDS {
        let (m, what) = mutate(data, k, &mut rng);
        let mut o = xls_text::Options::default();
        o.limits.max_output_bytes = 64 << 20;
        if let Ok(book) = xls_text::parse_with(&m, &o) {
            let text = book.text();
            assert!(text.len() < (64 << 20) + (16 << 20), "{name}: {what}");
        }
        // Also the workbook stream alone, as BIFF2-4 files are read.
        let _ = xls_text::from_stream(&m, &o);
    }
}

#[test]
fn mutated_fixtures() {
    let dir = testkit::fixture("xls");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "xls") {
            let data = std::fs::read(&path).unwrap();
            check(&path.display().to_string(), &data);
        }
    }
}

#[test]
fn mutated_corpus() {
    let Some(dir) = testkit::corpus::require_dir("mutated_corpus") else {
        return;
    };
    for e in testkit::corpus::files(&dir, "xls") {
        let data = std::fs::read(&e.path).unwrap();
        if data.len() > 300_000 {
            continue;
        }
        check(&e.rel, &data);
    }
}
