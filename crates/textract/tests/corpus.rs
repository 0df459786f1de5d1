//! The corpus harness: every file of `../shared/corpus` through `extract`.
//!
//! Checks, per file: no panic, no hang past [`DEADLINE`], `Format::detect`
//! agrees with the file's folder, and — for the formats whose layer is
//! declared done in [`DONE`] — every line of `<file>.expected.txt` occurs in
//! the text (NFKC, whitespace collapsed; CJK lines also without whitespace).
//! Prints a per-format table of files, errors and expected-string recall.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use testkit::corpus::{self, Haystack};
use textract::{Format, Options};

/// Formats whose layer is done: their expected strings must all be found.
/// Each format issue adds its folder name here when it lands.
const DONE: &[&str] = &[
    "doc", "eml", "html", "hwp", "msg", "odf", "ooxml", "pdf", "ppt", "rtf", "tnef", "xls",
];

/// Files of a done format that are known to fail, each with the reason
/// (also in the layer's docs). They are printed, not failed; the list only
/// shrinks.
const KNOWN_ERRORS: &[(&str, &str)] = &[(
    "mail/poi/unknown_properties.msg",
    "its compound-file directory has a cycle that ole-cfb-read refuses (olefile reads \
     it); refused as a damaged Outlook message; docs/mail-text.md",
)];

/// Expected lines a done format is known to miss (`*`: every line of the
/// file), each with the reason (also in the layer's docs). They are printed,
/// not failed; the list only shrinks.
const KNOWN_MISSING: &[(&str, &str, &str)] = &[
    (
        "ooxml/poi/delins.docx",
        "pendant worn",
        "the text of a tracked deletion (w:del): Word does not show it once changes are \
         accepted, and issue 20 (like Tika's default) leaves it out; docs/ooxml-text.md",
    ),
    (
        "ppt/poi/WithMaster.ppt",
        "Text that I added to the master slide",
        "the string is in no stream of the file in any encoding (it is master_text.ppt's \
         expected string); the file's own master text is read as a Master part; docs/ppt-text.md",
    ),
    (
        "doc/poi/Bug51944.doc",
        "We are able to",
        "Word 95 fast-saved: the text survives only in bytes the piece table no \
         longer references (antiword and POI 4.0.1 leave it out too, and POI's own test of \
         this file comments that assertion out); docs/msdoc-text.md",
    ),
];

/// Per-file deadline (debug build, one thread; the release CLI's is 2 s).
const DEADLINE: Duration = Duration::from_secs(20);

/// The formats a file in `folder` may be detected as.
fn agrees(folder: &str, format: Option<Format>) -> bool {
    let Some(format) = format else {
        return false;
    };
    match folder {
        "doc" => format == Format::Doc,
        "pdf" => format == Format::Pdf,
        "xls" => format == Format::Xls,
        "ppt" => format == Format::Ppt,
        "hwp" => matches!(
            format,
            Format::Hwp | Format::Hwpx | Format::Hwp3 | Format::Hwpml
        ),
        "odf" => matches!(format, Format::Odt | Format::Ods | Format::Odp),
        "rtf" => format == Format::Rtf,
        "msg" => format == Format::Msg,
        // A message saved with its mbox `From ` line is one message.
        "eml" => matches!(format, Format::Eml | Format::Mbox),
        "tnef" => format == Format::Tnef,
        "html" => matches!(format, Format::Html | Format::Xml | Format::Text),
        "ooxml" => matches!(
            format,
            Format::Docx | Format::Xlsx | Format::Xlsb | Format::Pptx | Format::OoxmlEncrypted
        ),
        _ => false,
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

/// Extracts `bytes` on a thread of its own; an encrypted file whose password
/// the manifest gives is extracted again with it.
fn run_with_deadline(bytes: Vec<u8>, password: Option<String>) -> Run {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let prev = std::panic::catch_unwind(|| {
            let first = textract::extract(&bytes, &Options::default());
            match (first, password) {
                (Err(e), Some(p)) if e.kind() == textract::ErrorKind::Encrypted => {
                    textract::extract(&bytes, &Options::default().with_password(p))
                }
                (first, _) => first,
            }
        });
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
    let Some(dir) = corpus::require_dir("textract corpus") else {
        return;
    };
    let mut table: BTreeMap<String, Row> = BTreeMap::new();
    let mut problems = Vec::new();
    for entry in corpus::manifest(&dir) {
        let path = entry.path.clone();
        let bytes = std::fs::read(&path).unwrap();
        let row = table.entry(entry.folder.clone()).or_default();
        row.files += 1;
        let format = Format::detect(&bytes);
        if agrees(&entry.folder, format) {
            row.detected += 1;
        } else if !entry.deliberately_broken() {
            problems.push(format!("{}: detected as {format:?}", entry.rel));
        }
        let started = Instant::now();
        let text = match run_with_deadline(bytes, entry.password()) {
            Run::Done(result) => match *result {
                // The title is part of what is extracted (metadata), and some
                // expected strings live only there or in embedded documents.
                Ok(doc) => match &doc.metadata.title {
                    Some(title) => format!("{title}\n{}", doc.text_with_embedded()),
                    None => doc.text_with_embedded(),
                },
                Err(e) => {
                    row.errors += 1;
                    // A format version the manifest calls old (PowerPoint
                    // 4.0 and 95) may be reported unsupported.
                    let old_version = e.kind() == textract::ErrorKind::Unsupported
                        && entry.notes.contains("old format");
                    if let Some((_, why)) = KNOWN_ERRORS.iter().find(|(f, _)| *f == entry.rel) {
                        println!("known error: {}: {e}: {why}", entry.rel);
                    } else if DONE.contains(&entry.folder.as_str())
                        && !entry.deliberately_broken()
                        && !entry.encrypted()
                        && !old_version
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
        if let Some(lines) = entry.expected() {
            let hay = Haystack::new(&text);
            for line in &lines {
                let line = line.as_str();
                row.lines += 1;
                if hay.contains(line) {
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
