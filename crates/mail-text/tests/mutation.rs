//! Mutated fixtures and corpus messages (flipped bytes, cut tails, repeated
//! runs: `testkit::rng::mutate`) never panic and stay bounded, read as the
//! format they were (so a mutation does not just make them unrecognised).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::rng::{Rng, mutate};

fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(testkit::fixture("mail")).unwrap() {
        let p = e.unwrap().path();
        if !p.to_string_lossy().ends_with(".txt") {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    if let Some(dir) = testkit::corpus::require_dir("mail-text mutations") {
        for entry in testkit::corpus::manifest(&dir) {
            if entry.rel.starts_with("mail/") {
                out.push((entry.rel.clone(), std::fs::read(&entry.path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn mutated_messages_never_panic() {
    let mut options = mail_text::Options::default();
    options.limits.max_output_bytes = 4 << 20;
    let mut runs = 0;
    for (name, bytes) in inputs() {
        let Some(format) = mail_text::detect(&bytes) else {
            continue;
        };
        for seed in 0..12u64 {
            let mut rng = Rng::new(seed);
            let (mutated, what) = mutate(&bytes, seed as usize, &mut rng);
            let result =
                std::panic::catch_unwind(|| mail_text::parse_as(&mutated, format, &options));
            match result {
                Ok(Ok(doc)) => assert!(doc.text().len() <= (4 << 20) + 4096, "{name} {what}"),
                Ok(Err(_)) => {}
                Err(_) => panic!("{name}: seed {seed} ({what}) panicked"),
            }
            runs += 1;
        }
    }
    assert!(runs > 200, "{runs} runs");
}
