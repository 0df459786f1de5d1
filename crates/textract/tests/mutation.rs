//! Deterministic mutation test: seeded truncations, byte flips (in headers,
//! in the tail where PDF xrefs live, in a CFB's FAT, a PDF's xref table and
//! Word's FIB, anywhere) and chunk duplications of
//! every corpus file pass through `extract` without a panic and within the
//! deadline. `TEXTRACT_MUTATIONS` sets the mutations per file (default 4, a
//! sample for CI); `cargo xtask mutate` runs the full set in release mode.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use testkit::rng::{Rng, mutate};
use textract::Options;

const DEADLINE: Duration = Duration::from_secs(20);

fn corpus_dir() -> Option<PathBuf> {
    testkit::corpus::require_dir("textract corpus mutations")
}

#[test]
fn corpus_mutations_never_panic_or_hang() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let per_file: usize = std::env::var("TEXTRACT_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut files: Vec<String> = manifest
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').nth(2).map(str::to_string))
        .filter(|p| {
            ![".expected.txt", ".reference.txt", ".charset.txt"]
                .iter()
                .any(|s| p.ends_with(s))
        })
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut runs = 0;
    for (i, rel) in files.iter().enumerate() {
        let data = std::fs::read(dir.join(rel)).unwrap();
        if data.is_empty() {
            continue;
        }
        let seed = 0x7E57_0000 + i as u64;
        let mut rng = Rng::new(seed);
        for k in 0..per_file {
            let (bytes, what) = mutate(&data, k + i, &mut rng);
            runs += 1;
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let r = std::panic::catch_unwind(|| {
                    let _ = textract::extract(&bytes, &Options::default());
                });
                let _ = tx.send(r.err().map(|p| {
                    p.downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_default()
                }));
            });
            match rx.recv_timeout(DEADLINE) {
                Ok(None) => {}
                Ok(Some(msg)) => {
                    failures.push(format!("{rel} (seed {seed:#x}, {what}): PANIC {msg}"))
                }
                Err(_) => failures.push(format!(
                    "{rel} (seed {seed:#x}, {what}): no result within {DEADLINE:?}"
                )),
            }
        }
    }
    println!("{runs} mutated inputs from {} corpus files", files.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
