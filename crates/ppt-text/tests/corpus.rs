//! Every `.ppt` of the shared corpus: no panic; damaged files give an
//! error or slides with warnings; every expected string is found.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ppt_text::Error;
use testkit::corpus::{Haystack, files, require_dir};

/// Expected strings a correct reading of the file does not give:
/// (file, string, why).
const NOT_IN_THE_DECK: &[(&str, &str, &str)] = &[(
    "ppt/poi/WithMaster.ppt",
    "Text that I added to the master slide",
    "not in the file at all (in no stream, in no encoding); it is master_text.ppt's string, which is found there",
)];

#[test]
fn corpus_ppt_files() {
    let Some(dir) = require_dir("corpus_ppt_files") else {
        return;
    };
    let mut failures = Vec::new();
    let (mut found, mut expected_total, mut decks) = (0, 0, 0);
    for e in files(&dir, "ppt") {
        if !e.rel.ends_with(".ppt") {
            continue;
        }
        decks += 1;
        let data = std::fs::read(&e.path).unwrap();
        let expected = e.expected().unwrap_or_default();
        expected_total += expected.len();
        // The manifest names the password of an encrypted file: `password "…"`.
        let mut options = ppt_text::Options::default();
        options.password = e
            .notes
            .split("password \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map(str::to_string);
        match ppt_text::parse_with(&data, &options) {
            Ok(deck) => {
                let hay = Haystack::new(&deck.text());
                let missing: Vec<&str> = hay
                    .missing(&expected)
                    .into_iter()
                    .filter(|m| {
                        let excused = NOT_IN_THE_DECK
                            .iter()
                            .any(|(f, s, _)| *f == e.rel && s == m);
                        if excused {
                            println!("{}: {m:?} not found (known, see NOT_IN_THE_DECK)", e.rel);
                        }
                        !excused
                    })
                    .collect();
                found += expected.len() - hay.missing(&expected).len();
                if !missing.is_empty() {
                    failures.push(format!("{}: missing {missing:?}", e.rel));
                }
                println!(
                    "{}: {} parts, {} embedded, {} warnings",
                    e.rel,
                    deck.parts.len(),
                    deck.embedded.len(),
                    deck.warnings.len()
                );
            }
            Err(err @ Error::Encrypted { .. }) if e.encrypted() => println!("{}: {err}", e.rel),
            Err(err) if expected.is_empty() => println!("{}: {err}", e.rel),
            Err(err) => failures.push(format!("{}: {err}", e.rel)),
        }
    }
    println!("decks: {decks}, expected strings found: {found} of {expected_total}");
    assert!(decks >= 30, "{decks}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
