//! Mutated packages never panic and stay bounded: the zip bytes mutated
//! (`testkit::rng::mutate`: flipped bytes, cut tails, repeated runs), and
//! each XML part mutated inside a well-formed zip, over the fixtures and
//! the corpus.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Cursor, Read};

use testkit::rng::{Rng, mutate};

fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(testkit::fixture("ooxml")).unwrap() {
        let p = e.unwrap().path();
        if p.extension()
            .is_some_and(|x| x == "docx" || x == "xlsx" || x == "pptx")
        {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    if let Some(dir) = testkit::corpus::require_dir("ooxml-text mutations") {
        for folder in ["ooxml", "odf"] {
            for entry in testkit::corpus::files(&dir, folder) {
                out.push((entry.rel.clone(), std::fs::read(&entry.path).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn entries(zip: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
    let mut z = zip::ZipArchive::new(Cursor::new(zip)).ok()?;
    let mut out = Vec::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).ok()?;
        let mut data = Vec::new();
        f.read_to_end(&mut data).ok()?;
        out.push((f.name().to_string(), data));
    }
    Some(out)
}

fn check(name: &str, what: &str, bytes: &[u8], options: &ooxml_text::Options) {
    let result = std::panic::catch_unwind(|| ooxml_text::parse_with(bytes, options));
    match result {
        Ok(Ok(doc)) => assert!(doc.text().len() <= (4 << 20) + 4096, "{name} {what}"),
        Ok(Err(_)) => {}
        Err(_) => panic!("{name}: {what} panicked"),
    }
}

#[test]
fn mutated_packages_never_panic() {
    let mut options = ooxml_text::Options::default();
    options.limits.max_output_bytes = 4 << 20;
    let mut runs = 0;
    for (name, bytes) in inputs() {
        for seed in 0..6u64 {
            let mut rng = Rng::new(seed);
            let (mutated, what) = mutate(&bytes, seed as usize, &mut rng);
            check(&name, &format!("seed {seed} ({what})"), &mutated, &options);
            runs += 1;
        }
        let Some(parts) = entries(&bytes) else {
            continue;
        };
        for (i, (part, data)) in parts.iter().enumerate() {
            if !(part.ends_with(".xml") || part.ends_with(".rels")) {
                continue;
            }
            let seed = i as u64;
            let mut rng = Rng::new(seed);
            let (mutated, what) = mutate(data, seed as usize, &mut rng);
            let list: Vec<(&str, &[u8])> = parts
                .iter()
                .map(|(n, d)| (n.as_str(), if n == part { &mutated[..] } else { &d[..] }))
                .collect();
            let rezipped = testkit::archive::zip(&list);
            check(
                &name,
                &format!("{part} seed {seed} ({what})"),
                &rezipped,
                &options,
            );
            runs += 1;
        }
    }
    assert!(runs > 300, "{runs} runs");
}
