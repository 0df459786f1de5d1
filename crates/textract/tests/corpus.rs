//! The corpus harness: every file of `../shared/corpus` through `extract`.
//!
//! Checks, per file: no panic, no hang past [`DEADLINE`], `Format::detect`
//! agrees with the file's folder, and — for the formats whose layer is
//! declared done in [`DONE`] — every line of `<file>.expected.txt` occurs in
//! the text (NFKC, whitespace collapsed; CJK lines also without whitespace).
//! Prints a per-format table of files, errors and expected-string recall.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use textract::{Format, Options};
use unicode_normalization::UnicodeNormalization;

/// Formats whose layer is done: their expected strings must all be found.
/// Each format issue adds its folder name here when it lands.
const DONE: &[&str] = &["doc", "html", "pdf"];

/// Expected lines a done format is known to miss (`*`: every line of the
/// file), each with the reason (also in the layer's docs). They are printed,
/// not failed; the list only shrinks.
const KNOWN_MISSING: &[(&str, &str, &str)] = &[(
    "doc/poi/Bug51944.doc",
    "We are able to",
    "Word 95 fast-saved: the text survives only in bytes the piece table no \
         longer references (antiword and POI 4.0.1 leave it out too, and POI's own test of \
         this file comments that assertion out); docs/msdoc-text.md",
)];

/// Per-file deadline (debug build, one thread; the release CLI's is 2 s).
const DEADLINE: Duration = Duration::from_secs(20);

/// Where the corpus is: `$TEXTRACT_CORPUS`, else `<workspace>/../shared/corpus`.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("TEXTRACT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"));
    dir.join("MANIFEST.tsv").is_file().then_some(dir)
}

/// One document row of `MANIFEST.tsv` (sidecars are left out).
struct Entry {
    folder: String,
    rel: String,
    notes: String,
}

fn manifest(dir: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let rel = cols.get(2)?.to_string();
            let sidecar = [".expected.txt", ".reference.txt", ".charset.txt"]
                .iter()
                .any(|s| rel.ends_with(s));
            let folder = cols.get(1)?.to_string();
            let notes = cols.get(8).unwrap_or(&"").to_string();
            (!sidecar).then_some(Entry { folder, rel, notes })
        })
        .collect()
}

/// The formats a file in `folder` may be detected as.
fn agrees(folder: &str, format: Format) -> bool {
    match folder {
        "doc" => format == Format::Doc,
        "pdf" => format == Format::Pdf,
        "xls" => format == Format::Xls,
        "ppt" => format == Format::Ppt,
        "hwp" => format == Format::Hwp,
        "html" => matches!(format, Format::Html | Format::Xml | Format::Text),
        "ooxml" => matches!(
            format,
            Format::Docx | Format::Xlsx | Format::Pptx | Format::OoxmlEncrypted
        ),
        _ => false,
    }
}

/// Files the manifest marks as deliberately damaged.
fn deliberately_broken(notes: &str) -> bool {
    [
        "FUZZ",
        "CORRUPT",
        "TRUNCATED",
        "BROKEN",
        "MALFORMED",
        "NASTY",
    ]
    .iter()
    .any(|w| notes.contains(w))
}

/// The comparison form the corpus README suggests: NFKC, whitespace runs
/// collapsed to one space.
pub fn normalise(s: &str) -> String {
    let nfkc: String = s.nfkc().collect();
    nfkc.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// Whether `line` occurs in the (already normalised) text.
pub fn found(norm_text: &str, squeezed_text: &str, line: &str) -> bool {
    let line_norm = normalise(line);
    if line_norm.is_empty() || norm_text.contains(&line_norm) {
        return true;
    }
    line_norm.chars().any(is_cjk) && {
        let squeezed: String = line_norm.chars().filter(|c| !c.is_whitespace()).collect();
        squeezed_text.contains(&squeezed)
    }
}

#[derive(Default)]
struct Row {
    files: usize,
    detected: usize,
    errors: usize,
    lines: usize,
    found: usize,
}

enum Run {
    Done(Box<Result<textract::Document, textract::Error>>),
    Panicked(String),
    TimedOut,
}

fn run_with_deadline(bytes: Vec<u8>) -> Run {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let prev = std::panic::catch_unwind(|| textract::extract(&bytes, &Options::default()));
        let _ = tx.send(prev);
    });
    match rx.recv_timeout(DEADLINE) {
        Ok(Ok(result)) => Run::Done(Box::new(result)),
        Ok(Err(payload)) => Run::Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default(),
        ),
        Err(_) => Run::TimedOut,
    }
}

#[test]
fn corpus() {
    let Some(dir) = corpus_dir() else {
        println!("corpus tests skipped: ../shared/corpus not found (set TEXTRACT_CORPUS)");
        return;
    };
    let mut table: BTreeMap<String, Row> = BTreeMap::new();
    let mut problems = Vec::new();
    for entry in manifest(&dir) {
        let path = dir.join(&entry.rel);
        let bytes = std::fs::read(&path).unwrap();
        let row = table.entry(entry.folder.clone()).or_default();
        row.files += 1;
        let format = Format::detect(&bytes);
        if agrees(&entry.folder, format) {
            row.detected += 1;
        } else if !deliberately_broken(&entry.notes) {
            problems.push(format!("{}: detected as {format}", entry.rel));
        }
        let started = Instant::now();
        let text = match run_with_deadline(bytes) {
            Run::Done(result) => match *result {
                // The title is part of what is extracted (metadata), and some
                // expected strings live only there.
                Ok(doc) => match doc.metadata.title {
                    Some(title) => format!("{title}\n{}", doc.text),
                    None => doc.text,
                },
                Err(e) => {
                    row.errors += 1;
                    if DONE.contains(&entry.folder.as_str())
                        && !deliberately_broken(&entry.notes)
                        && !entry.notes.contains("ENCRYPTED")
                    {
                        problems.push(format!("{}: {e}", entry.rel));
                    }
                    String::new()
                }
            },
            Run::Panicked(msg) => {
                row.errors += 1;
                problems.push(format!("{}: PANIC {msg}", entry.rel));
                String::new()
            }
            Run::TimedOut => {
                row.errors += 1;
                problems.push(format!("{}: no result within {DEADLINE:?}", entry.rel));
                String::new()
            }
        };
        let elapsed = started.elapsed();
        if elapsed > DEADLINE {
            problems.push(format!("{}: took {elapsed:?}", entry.rel));
        }
        let expected = path.with_file_name(format!(
            "{}.expected.txt",
            path.file_name().unwrap().to_string_lossy()
        ));
        if let Ok(lines) = std::fs::read_to_string(&expected) {
            let norm = normalise(&text);
            let squeezed: String = norm.chars().filter(|c| !c.is_whitespace()).collect();
            for line in lines.lines().filter(|l| !l.trim().is_empty()) {
                row.lines += 1;
                if found(&norm, &squeezed, line) {
                    row.found += 1;
                } else if let Some((_, _, why)) = KNOWN_MISSING
                    .iter()
                    .find(|(f, l, _)| *f == entry.rel && (*l == line || *l == "*"))
                {
                    println!("known miss: {}: {line:?}: {why}", entry.rel);
                } else if DONE.contains(&entry.folder.as_str()) {
                    problems.push(format!("{}: expected {line:?} not found", entry.rel));
                }
            }
        }
    }
    println!(
        "\n{:<8} {:>6} {:>9} {:>7} {:>15}",
        "format", "files", "detected", "errors", "expected found"
    );
    for (folder, row) in &table {
        let done = if DONE.contains(&folder.as_str()) {
            " (done)"
        } else {
            ""
        };
        println!(
            "{folder:<8} {:>6} {:>9} {:>7} {:>8}/{:<6}{done}",
            row.files, row.detected, row.errors, row.found, row.lines
        );
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn normalisation_matches_the_corpus_readme() {
    let norm = normalise("Ｈｅｌｌｏ,\n\t world 東 京");
    assert_eq!(norm, "Hello, world 東 京");
    let squeezed: String = norm.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(found(&norm, &squeezed, "東京"));
    assert!(found(&norm, &squeezed, "Hello,  world"));
    assert!(!found(&norm, &squeezed, "Helloworld"));
}
