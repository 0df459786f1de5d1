//! The mutation test: every fixture (and, when present, a sample of corpus
//! files) is damaged in many deterministic ways — bytes flipped, runs
//! zeroed, the file cut short, slices duplicated — and each damaged file is
//! opened and walked completely. Nothing may panic or take long; errors and
//! warnings are fine.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::{Duration, Instant};

use pdf_lex::{Document, Limits, Object, Options, content::Operations};

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
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut d = data.to_vec();
    if d.is_empty() {
        return d;
    }
    match rng.below(5) {
        0 => {
            for _ in 0..1 + rng.below(8) {
                let i = rng.below(d.len());
                d[i] ^= 1 << rng.below(8);
            }
        }
        1 => {
            let i = rng.below(d.len());
            let n = rng.below(64).min(d.len() - i);
            d[i..i + n].fill(b'0');
        }
        2 => d.truncate(rng.below(d.len())),
        3 => {
            let i = rng.below(d.len());
            let n = rng.below(256).min(d.len() - i);
            let slice = d[i..i + n].to_vec();
            let at = rng.below(d.len());
            d.splice(at..at, slice);
        }
        _ => {
            // Digits changed: offsets, lengths, counts and object numbers go wrong.
            let digits: Vec<usize> = d
                .iter()
                .enumerate()
                .filter(|(_, b)| b.is_ascii_digit())
                .map(|(i, _)| i)
                .collect();
            for _ in 0..1 + rng.below(4) {
                if digits.is_empty() {
                    break;
                }
                let i = digits[rng.below(digits.len())];
                d[i] = b'0' + rng.below(10) as u8;
            }
        }
    }
    d
}

fn walk(data: &[u8], password: Option<&str>) {
    let options = Options {
        password: password.map(str::to_string),
        limits: Limits {
            max_stream_bytes: 4 << 20,
            ..Limits::default()
        },
    };
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
    let mut rng = Rng(seed | 1);
    for round in 0..rounds {
        let m = mutate(data, &mut rng);
        let start = Instant::now();
        walk(&m, password);
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{name} mutation {round} took {:?}",
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
