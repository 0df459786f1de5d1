//! Reads every `.ppt` of the shared corpus (or, without it, the fixtures) once per iteration.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use criterion::{Criterion, criterion_group, criterion_main};

fn decks() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let dirs = [
        testkit::corpus::dir().map(|d| d.join("ppt/poi")),
        Some(testkit::fixture("ppt")),
    ];
    for dir in dirs.into_iter().flatten() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<_> = rd
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ppt"))
            .collect();
        paths.sort();
        out.extend(paths.iter().map(|p| std::fs::read(p).unwrap()));
        if !out.is_empty() {
            break;
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let decks = decks();
    c.bench_function("ppt_text corpus pass", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for d in &decks {
                if let Ok(p) = ppt_text::parse(d) {
                    n += p.parts.len();
                }
            }
            n
        })
    });
    let mut text_only = ppt_text::Options::default();
    text_only.embedded = false;
    c.bench_function("ppt_text corpus pass, text only", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for d in &decks {
                if let Ok(p) = ppt_text::parse_with(d, &text_only) {
                    n += p.parts.len();
                }
            }
            n
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
