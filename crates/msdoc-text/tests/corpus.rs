//! Every `.doc` of the shared corpus: no panic, encrypted files give
//! `Error::Encrypted`, and every `.expected.txt` line is found.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use msdoc_text::Error;

/// Expected strings that are not in the document as its piece table
/// defines it, with the reason. Each is also listed in docs/msdoc-text.md.
const KNOWN_DIVERGENCES: &[(&str, &str, &str)] = &[(
    "doc/poi/Bug51944.doc",
    "We are able to",
    "fast-saved Word 95: the piece table maps CPs 334..336 to \"We\" at fc 0x5da and      continues at fc 0x2810 with \" xxxxxxx\"; \"We are able to\" exists only in the      superseded bytes after fc 0x5da (antiword and POI 4.0.1 WordExtractor agree with us)",
)];

#[test]
fn corpus_doc_files() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    let mut failures = Vec::new();
    let (mut ok, mut expected_total) = (0, 0);
    for (path, rel) in common::corpus_docs_named() {
        let encrypted = manifest
            .lines()
            .any(|l| l.split('\t').nth(2) == Some(rel.as_str()) && l.contains("ENCRYPTED"));
        let bytes = std::fs::read(&path).unwrap();
        let result = match common::text_with_embedded(&bytes) {
            Ok(r) => r,
            Err(e) => {
                println!("{rel}: container unreadable by cfb ({e}), not this layer's input");
                continue;
            }
        };
        let expected_path = path.with_file_name(format!(
            "{}.expected.txt",
            path.file_name().unwrap().to_string_lossy()
        ));
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        match result {
            Err(Error::Encrypted) if encrypted => {
                println!("{rel}: Encrypted (as expected)");
                ok += 1;
            }
            _ if encrypted => {
                failures.push(format!("{rel}: encrypted file not reported as Encrypted"))
            }
            Err(e) => {
                if expected.trim().is_empty() {
                    println!("{rel}: error {e} (no expected strings)");
                } else {
                    failures.push(format!("{rel}: error {e}"));
                }
            }
            Ok(text) => {
                let mut missing = Vec::new();
                for line in expected.lines().filter(|l| !l.trim().is_empty()) {
                    expected_total += 1;
                    let known = KNOWN_DIVERGENCES
                        .iter()
                        .find(|(f, l, _)| *f == rel && *l == line);
                    if let Some((_, _, why)) = known {
                        assert!(
                            !common::contains_expected(&text, line),
                            "{rel}: divergence resolved, update the list"
                        );
                        println!("{rel}: known divergence {line:?}: {why}");
                        continue;
                    }
                    if !common::contains_expected(&text, line) {
                        missing.push(line.to_string());
                    }
                }
                println!(
                    "{rel}: {} chars, {}",
                    text.chars().count(),
                    if missing.is_empty() {
                        "ok".to_string()
                    } else {
                        format!("MISSING {missing:?}")
                    }
                );
                if missing.is_empty() {
                    ok += 1;
                } else {
                    failures.push(format!("{rel}: missing {missing:?}"));
                }
            }
        }
    }
    println!(
        "{ok} files ok, {expected_total} expected strings checked, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "corpus failures:\n{}",
        failures.join("\n")
    );
}

/// Text of one corpus file, or `None` (with the skip note) without the corpus.
fn corpus_text(rel: &str) -> Option<String> {
    let dir = common::corpus_dir()?;
    let bytes = std::fs::read(dir.join(rel)).unwrap();
    Some(common::text_with_embedded(&bytes).unwrap().unwrap())
}

#[test]
fn lists_doc_numbers_and_bullets() {
    let Some(text) = corpus_text("doc/poi/Lists.doc") else {
        return;
    };
    for line in [
        "1.\tOrdered list 1",
        "3.\tOL 3",
        "2.1.\tOL 2.1",
        "2.2.1.\tOL 2.2.1",
        "\u{F0B7}\tUnordered list 1",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "{line:?} not a line of:\n{text}"
        );
    }
}

/// Corpus files and what their text must (and must not) hold, each for a
/// structure that once went wrong.
const CASES: &[(&str, &[&str], &[char])] = &[
    // table rows whose FKPs repeat their FCs
    (
        "doc/poi/Bug48075.doc",
        &["Кредит наличными в рамках Корпоративной программы\t\tВид страхования"],
        &[],
    ),
    // the text sits in embedded Word documents
    (
        "doc/poi/Bug47731.doc",
        &["Soak the rice in water for three to four hours"],
        &[],
    ),
    // fCaps runs are shown in capitals
    (
        "doc/poi/capitalized.doc",
        &["The following word is: CAPITALIZED."],
        &[],
    ),
    // Far East Word 95 extended characters with stray high bytes: Word shows
    // a paragraph mark and a right quote (Apache POI's test of this file
    // asserts the first and leaves the second as a TODO)
    (
        "doc/poi/Bug51944.doc",
        &["\n9-55 xxxxx block5", "xxxxxx\u{2019}x block2"],
        &['\u{350D}', '\u{1092}'],
    ),
];

#[test]
fn structures_that_once_went_wrong() {
    for (rel, present, absent) in CASES {
        let Some(text) = corpus_text(rel) else {
            return;
        };
        for s in *present {
            assert!(text.contains(s), "{rel}: {s:?} not in:\n{text}");
        }
        for c in *absent {
            assert!(!text.contains(*c), "{rel}: {c:?} in the text");
        }
    }
}

#[test]
fn parts_hold_the_text() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut differ = Vec::new();
    let mut n = 0;
    for (path, rel) in common::corpus_docs_named() {
        let broken = testkit::corpus::manifest(&dir)
            .iter()
            .any(|e| e.rel == rel && e.deliberately_broken());
        let bytes = std::fs::read(&path).unwrap();
        let Ok(cf) = ole_cfb_read::CompoundFile::open(&bytes) else {
            continue;
        };
        let Ok(doc) =
            msdoc_text::WordDocument::from_compound_file(&cf, &msdoc_text::Options::default())
        else {
            continue;
        };
        n += 1;
        let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let joined = squeeze(&doc_model::join_parts(doc.parts()));
        let text = squeeze(&doc.text());
        if joined != text && !broken {
            let at = joined
                .chars()
                .zip(text.chars())
                .take_while(|(a, b)| a == b)
                .count();
            let ctx = |s: &str| {
                s.chars()
                    .skip(at.saturating_sub(20))
                    .take(60)
                    .collect::<String>()
            };
            differ.push(format!(
                "{rel}: parts {:?} / text {:?}",
                ctx(&joined),
                ctx(&text)
            ));
        }
        let kinds: Vec<String> = doc.parts().iter().map(|p| p.kind.to_string()).collect();
        println!(
            "{rel}: {} parts {:?}, {} embedded",
            kinds.len(),
            kinds.iter().take(8).collect::<Vec<_>>(),
            doc.embedded().len()
        );
    }
    println!("{n} documents");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
