//! Seeded mutations (`testkit::rng::mutate`) of every fixture and corpus
//! deck, both of the whole file and of its `PowerPoint Document` stream
//! alone (so the mutations reach the records, not just the compound file):
//! parsing returns a value or a typed error, never panics, and its text
//! stays bounded.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ole_cfb_read::CompoundFile;
use testkit::rng::{MUTATIONS, Rng, mutate};

const ROUNDS: usize = 3 * MUTATIONS;

fn check(name: &str, data: &[u8]) {
    let mut rng = Rng::new(0x5EED ^ data.len() as u64);
    let mut o = ppt_text::Options::default();
    o.limits.max_output_bytes = 16 << 20;
    for k in 0..ROUNDS {
        let (m, what) = mutate(data, k, &mut rng);
        if let Ok(deck) = ppt_text::parse_with(&m, &o) {
            assert!(deck.text().len() < (32 << 20), "{name}: {what}");
        }
    }
    // The same over the stream, rebuilt into a fresh compound file.
    let Ok(cf) = CompoundFile::open(data) else {
        return;
    };
    let (Ok(stream), Ok(cu)) = (cf.stream("PowerPoint Document"), cf.stream("Current User")) else {
        return;
    };
    for k in 0..ROUNDS {
        let (m, what) = mutate(&stream, k, &mut rng);
        let file =
            testkit::cfb::compound_file(&[("Current User", &cu), ("PowerPoint Document", &m)]);
        if let Ok(deck) = ppt_text::parse_with(&file, &o) {
            assert!(deck.text().len() < (32 << 20), "{name}: stream {what}");
        }
    }
}

#[test]
fn mutated_fixtures() {
    let dir = testkit::fixture("ppt");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ppt") {
            check(&path.display().to_string(), &std::fs::read(&path).unwrap());
            n += 1;
        }
    }
    assert_eq!(n, 7);
}

#[test]
fn mutated_corpus() {
    let Some(dir) = testkit::corpus::require_dir("mutated_corpus") else {
        return;
    };
    let files = testkit::corpus::files(&dir, "ppt");
    assert!(!files.is_empty());
    for e in files {
        if e.rel.ends_with(".ppt") {
            check(&e.rel, &std::fs::read(&e.path).unwrap());
        }
    }
}
