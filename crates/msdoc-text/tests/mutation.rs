//! Seeded mutations of real `.doc` streams (truncations and byte flips in
//! the WordDocument and table streams): parsing must return a value or a
//! typed error, never panic, hang or allocate without bound.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use msdoc_text::{Streams, WordDocument};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    match rng.below(4) {
        0 => {
            let keep = rng.below(bytes.len() + 1);
            bytes.truncate(keep);
        }
        1 => {
            // Flips in the first 1 KB, where the FIB and CLX headers live.
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(bytes.len().min(1024));
                if let Some(b) = bytes.get_mut(at) {
                    *b ^= 1 << rng.below(8);
                }
            }
        }
        2 => {
            for _ in 0..1 + rng.below(32) {
                let at = rng.below(bytes.len());
                if let Some(b) = bytes.get_mut(at) {
                    *b = rng.next() as u8;
                }
            }
        }
        _ => {
            // Extreme values in a random u32.
            let at = rng.below(bytes.len().saturating_sub(4));
            let v: u32 = [0, u32::MAX, 0x7FFF_FFFF, 0x4000_0000][rng.below(4)];
            if let Some(s) = bytes.get_mut(at..at + 4) {
                s.copy_from_slice(&v.to_le_bytes());
            }
        }
    }
}

fn run_mutations(name: &str, streams: &common::OwnedStreams, rounds: usize, seed: u64) -> usize {
    let mut rng = Rng(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut errors = 0;
    for _ in 0..rounds {
        let mut wd = streams.word_document.clone();
        let mut table1 = streams.table1.clone();
        let mut table0 = streams.table0.clone();
        match rng.below(3) {
            0 => mutate(&mut rng, &mut wd),
            1 => {
                if let Some(t) = table1.as_mut().or(table0.as_mut()) {
                    mutate(&mut rng, t);
                }
            }
            _ => {
                mutate(&mut rng, &mut wd);
                if let Some(t) = table1.as_mut().or(table0.as_mut()) {
                    mutate(&mut rng, t);
                }
            }
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
                    "{name}: text larger than input"
                );
            }
            Err(_) => errors += 1,
        }
    }
    errors
}

#[test]
fn mutated_fixture_streams_never_panic() {
    let dir = common::workspace_root().join("fixtures/doc");
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
