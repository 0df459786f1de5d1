//! Mutated fixtures and corpus files (flipped bytes, cut tails, repeated
//! runs: `testkit::rng::mutate`) never panic and stay bounded.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use testkit::rng::{Rng, mutate};

fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(testkit::fixture("rtf")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "rtf") {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    if let Some(dir) = testkit::corpus::require_dir("rtf-text mutations") {
        for entry in testkit::corpus::files(&dir, "rtf") {
            out.push((entry.rel.clone(), std::fs::read(&entry.path).unwrap()));
        }
    }
    out.sort();
    out
}

#[test]
fn mutated_documents_never_panic() {
    let mut options = rtf_text::Options::default();
    options.limits.max_output_bytes = 4 << 20;
    let mut runs = 0;
    for (name, bytes) in inputs() {
        for seed in 0..24u64 {
            let mut rng = Rng::new(seed);
            let (mutated, what) = mutate(&bytes, seed as usize, &mut rng);
            let result = std::panic::catch_unwind(|| rtf_text::parse_with(&mutated, &options));
            match result {
                Ok(Ok(doc)) => assert!(doc.text().len() <= (4 << 20) + 1024, "{name} {what}"),
                Ok(Err(_)) => {}
                Err(_) => panic!("{name}: seed {seed} ({what}) panicked"),
            }
            runs += 1;
        }
    }
    assert!(runs > 200, "{runs} runs");
}
