//! Corpus tests: every PDF in `../shared/corpus/pdf` opens without a panic
//! or hang; page counts equal `pdfinfo`'s where pdfinfo opens the file;
//! encrypted files open with the passwords their sources name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use pdf_lex::{Document, Error, Options, content::Operations};

fn corpus_dir() -> Option<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    d.join("pdf").is_dir().then_some(d)
}

fn pdfs(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.join("pdf")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pdf") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Passwords named in the corpus MANIFEST notes (from the source projects' tests).
fn password_for(name: &str) -> Option<&'static str> {
    Some(match name {
        "issue3371.pdf" => "ELXRTQWS",
        "issue6010_1.pdf" => "abc",
        "issue15893_reduced.pdf" => "test",
        "bug1782186.pdf" => "Hello",
        "saslprep-r6.pdf" => "S\u{00aa}SL\u{00ad}prep",
        "issue21579.pdf" => "p\u{e4}ssw\u{f6}rt",
        "crazyones-encrypted-256.pdf" => "password",
        "r2-user-password.pdf" | "r4-aes-user-password.pdf" => "asdfzxcv",
        "libreoffice-writer-password.pdf" => "openpassword",
        _ => return None,
    })
}

/// `pdfinfo`'s output, when it opens the file.
fn pdfinfo(path: &Path, password: Option<&str>) -> Option<String> {
    let mut cmd = Command::new("pdfinfo");
    if let Some(pw) = password {
        cmd.arg("-upw").arg(pw);
    }
    let out = cmd.arg(path).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A field of pdfinfo's output (`Key:`, spaces, the value).
fn pdfinfo_field<'a>(out: &'a str, key: &str) -> Option<&'a str> {
    out.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
}

fn pdfinfo_available() -> bool {
    Command::new("pdfinfo").arg("-v").output().is_ok()
}

struct Outcome {
    pages: Result<usize, String>,
    /// Title and Producer.
    info: (String, String),
    elapsed: Duration,
}

/// Opens the file and walks everything a text extractor would touch.
fn exercise(data: &[u8], password: Option<&str>) -> Outcome {
    let start = Instant::now();
    let options = Options {
        password: password.map(str::to_string),
        ..Options::default()
    };
    let mut info = (String::new(), String::new());
    let pages = Document::open_with(data, &options)
        .map_err(|e| e.to_string())
        .and_then(|doc| {
            let i = doc.info();
            info = (i.title.unwrap_or_default(), i.producer.unwrap_or_default());
            let pages = doc.pages().map_err(|e| e.to_string())?;
            for p in &pages {
                if let Ok(c) = doc.page_contents(p) {
                    for _ in Operations::new(&c) {}
                }
            }
            Ok(pages.len())
        });
    Outcome {
        pages,
        info,
        elapsed: start.elapsed(),
    }
}

#[test]
fn corpus_opens_without_panic_and_page_counts_match_pdfinfo() {
    let Some(dir) = corpus_dir() else {
        println!("corpus tests skipped: ../shared/corpus not found");
        return;
    };
    let have_pdfinfo = pdfinfo_available();
    if !have_pdfinfo {
        println!("pdfinfo not installed: page counts not compared");
    }
    let mut mismatches = Vec::new();
    let mut compared = 0;
    let files = pdfs(&dir);
    assert!(
        files.len() > 50,
        "expected the corpus PDFs, found {}",
        files.len()
    );
    for path in &files {
        let name = path.file_name().unwrap().to_str().unwrap();
        let data = std::fs::read(path).unwrap();
        let pw = password_for(name);
        let out = exercise(&data, pw);
        assert!(
            out.elapsed < Duration::from_secs(20),
            "{name} took {:?}",
            out.elapsed
        );
        let Some(info) = have_pdfinfo.then(|| pdfinfo(path, pw)).flatten() else {
            continue;
        };
        compared += 1;
        let expected: Option<usize> = pdfinfo_field(&info, "Pages").and_then(|v| v.parse().ok());
        match &out.pages {
            Ok(n) if Some(*n) == expected => {}
            other => mismatches.push(format!(
                "{name}: pdfinfo {expected:?} pages, pdf-lex {other:?}"
            )),
        }
        // Info strings (PDFDocEncoding, UTF-16) decode as poppler decodes them.
        let title = pdfinfo_field(&info, "Title").unwrap_or("");
        let producer = pdfinfo_field(&info, "Producer").unwrap_or("");
        if (title, producer) != (out.info.0.trim(), out.info.1.trim()) {
            mismatches.push(format!(
                "{name}: pdfinfo title/producer {title:?}/{producer:?}, pdf-lex {:?}",
                out.info
            ));
        }
    }
    println!(
        "{} corpus PDFs read; {compared} page counts compared with pdfinfo",
        files.len()
    );
    assert!(
        mismatches.is_empty(),
        "page-count mismatches:\n{}",
        mismatches.join("\n")
    );
}

#[test]
fn encrypted_corpus_files_need_their_password() {
    let Some(dir) = corpus_dir() else {
        println!("corpus tests skipped: ../shared/corpus not found");
        return;
    };
    for path in pdfs(&dir) {
        let name = path.file_name().unwrap().to_str().unwrap();
        let Some(pw) = password_for(name) else {
            continue;
        };
        let data = std::fs::read(&path).unwrap();
        let doc = Document::open_with(
            &data,
            &Options {
                password: Some(pw.into()),
                ..Options::default()
            },
        )
        .unwrap_or_else(|e| panic!("{name} with its password: {e}"));
        assert!(doc.is_encrypted(), "{name}");
        assert!(doc.page_count() >= 1, "{name}");
        let wrong = Document::open_with(
            &data,
            &Options {
                password: Some("wrong-password".into()),
                ..Options::default()
            },
        );
        // Files whose user password is empty open with any password.
        if let Err(e) = wrong {
            assert!(matches!(e, Error::Encrypted), "{name}: {e}");
        }
    }
}

fn corpus_file(rel: &str) -> Option<Vec<u8>> {
    let Some(dir) = corpus_dir() else {
        println!("corpus tests skipped: ../shared/corpus not found");
        return None;
    };
    Some(std::fs::read(dir.join(rel)).unwrap())
}

/// `startxref` points into `%%EOF\r\nxref`, `/XRefStm` 20 bytes past its
/// object header, and every object offset is stale: the xref is still used.
#[test]
fn issue17147_stale_offsets_found_near_their_target() {
    let Some(data) = corpus_file("pdf/pdfjs/issue17147.pdf") else {
        return;
    };
    let doc = Document::open(&data).unwrap();
    assert!(!doc.was_rebuilt());
    assert_eq!(doc.page_count(), 1);
    let pages = doc.pages().unwrap();
    assert!(
        Operations::new(&doc.page_contents(&pages[0]).unwrap())
            .any(|op| op.operator == b"TJ" || op.operator == b"Tj")
    );
}

/// A broken `/Encrypt` object: ignored, the plain content is read.
#[test]
fn pdfbox_4352_0_broken_encrypt_dictionary_is_ignored() {
    let Some(data) = corpus_file("pdf/pdfjs/PDFBOX-4352-0.pdf") else {
        return;
    };
    let doc = Document::open(&data).unwrap();
    assert!(!doc.is_encrypted());
    assert_eq!(doc.page_count(), 1);
    assert!(
        doc.warnings()
            .iter()
            .any(|w| w.message.contains("/Encrypt"))
    );
}

/// `/Kids` without its opening bracket and a kid with an unterminated array.
#[test]
fn poppler_937_0_fuzzed_damaged_kids_still_count_one_page() {
    let Some(data) = corpus_file("pdf/pdfjs/poppler-937-0-fuzzed.pdf") else {
        return;
    };
    assert_eq!(Document::open(&data).unwrap().page_count(), 1);
}
