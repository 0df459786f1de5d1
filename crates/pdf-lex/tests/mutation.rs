//! The mutation test: every fixture (and, when present, a sample of corpus
//! files) is damaged in many deterministic ways (`testkit::rng::mutate`: bytes
//! flipped, xref digits changed, the file cut short, slices duplicated) — and each damaged file is
//! opened and walked completely. Nothing may panic or take long; errors and
//! warnings are fine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::{Duration, Instant};

use pdf_lex::{Document, Object, Options, content::Operations};
use testkit::rng::{Rng, mutate};

fn walk(data: &[u8], password: Option<&str>) {
    let mut options = Options::default();
    options.password = password.map(str::to_string);
    options.limits.max_stream_bytes = 4 << 20;
    let Ok(doc) = Document::open_with(data, &options) else {
        return;
    };
    let _ = doc.info();
    for r in doc.object_refs().into_iter().take(2000) {
        if let Ok(o) = doc.get(r)
            && let Object::Stream(s) = &*o
        {
            let _ = doc.stream_data(s);
        }
    }
    let _ = doc.extras(&pdf_lex::ExtrasOptions::default());
    if let Ok(pages) = doc.pages() {
        for p in pages.iter().take(50) {
            if let Ok(c) = doc.page_contents(p) {
                for _ in Operations::new(&c) {}
            }
        }
    }
}

fn run(name: &str, data: &[u8], password: Option<&str>, rounds: usize, seed: u64) {
    let mut rng = Rng::new(seed | 1);
    for round in 0..rounds {
        let (m, what) = mutate(data, round, &mut rng);
        let start = Instant::now();
        walk(&m, password);
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{name} (seed {seed:#x}) mutation {round} ({what}) took {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn mutated_fixtures_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pdf");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "pdf") {
            continue;
        }
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let data = std::fs::read(&p).unwrap();
        let pw = name.contains("-user").then_some("userpw");
        run(
            &name,
            &data,
            pw,
            60,
            0x9E37_79B9_7F4A_7C15 ^ data.len() as u64,
        );
        n += 1;
    }
    assert!(n >= 10, "only {n} fixtures");
}

#[test]
fn mutated_corpus_sample_never_panics() {
    let Some(dir) = testkit::corpus::require_dir("pdf-lex corpus mutations") else {
        return;
    };
    let dir = dir.join("pdf");
    let mut files = Vec::new();
    for sub in std::fs::read_dir(&dir).unwrap() {
        for e in std::fs::read_dir(sub.unwrap().path()).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "pdf")
                && std::fs::metadata(&p).unwrap().len() < 200_000
            {
                files.push(p);
            }
        }
    }
    files.sort();
    for p in files.iter().step_by(3) {
        let data = std::fs::read(p).unwrap();
        run(&p.display().to_string(), &data, None, 8, data.len() as u64);
    }
}
