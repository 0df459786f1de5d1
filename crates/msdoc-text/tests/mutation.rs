//! Seeded mutations of real `.doc` streams (`testkit::rng::mutate` of the
//! WordDocument and table streams): parsing must return a value or a
//! typed error, never panic, hang or allocate without bound.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use msdoc_text::{Streams, WordDocument};
use testkit::rng::{Rng, mutate};

fn run_mutations(name: &str, streams: &common::OwnedStreams, rounds: usize, seed: u64) -> usize {
    let seed = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut rng = Rng::new(seed);
    let mut errors = 0;
    for round in 0..rounds {
        let mut wd = streams.word_document.clone();
        let mut table1 = streams.table1.clone();
        let mut table0 = streams.table0.clone();
        let mut what = Vec::new();
        let which = rng.below(3);
        if which != 1 {
            let (m, w) = mutate(&wd, round, &mut rng);
            wd = m;
            what.push(format!("WordDocument: {w}"));
        }
        if which != 0
            && let Some(t) = table1.as_mut().or(table0.as_mut())
        {
            let (m, w) = mutate(t, round, &mut rng);
            *t = m;
            what.push(format!("table: {w}"));
        }
        let s = Streams {
            word_document: &wd,
            table0: table0.as_deref(),
            table1: table1.as_deref(),
            data: streams.data.as_deref(),
        };
        match WordDocument::parse(&s) {
            Ok(doc) => {
                // The text may be anything, but it is bounded by the input.
                assert!(
                    doc.text().len() <= 4 * (wd.len() + 16) + 64,
                    "{name} (seed {seed:#x}, round {round}, {}): text larger than input",
                    what.join("; ")
                );
            }
            Err(_) => errors += 1,
        }
    }
    errors
}

#[test]
fn mutated_fixture_streams_never_panic() {
    let dir = testkit::workspace_root().join("fixtures/doc");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "doc") {
            let streams = common::load_streams(&std::fs::read(&p).unwrap()).unwrap();
            run_mutations(&p.display().to_string(), &streams, 300, n);
            n += 1;
        }
    }
    assert!(n >= 8);
}

#[test]
fn mutated_corpus_streams_never_panic() {
    let files = common::corpus_docs();
    if files.is_empty() {
        return;
    }
    let (mut total, mut errors) = (0, 0);
    for (i, path) in files.iter().enumerate() {
        let Ok(streams) = common::load_streams_any(&std::fs::read(path).unwrap()) else {
            continue;
        };
        // Fewer rounds for large streams to keep the debug-build test quick.
        let rounds = if streams.word_document.len() > 200_000 {
            6
        } else {
            40
        };
        errors += run_mutations(&path.display().to_string(), &streams, rounds, i as u64);
        total += rounds;
    }
    println!("{total} mutated corpus documents parsed, {errors} typed errors, no panic");
    assert!(total > 0);
}
