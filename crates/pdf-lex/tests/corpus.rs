//! Corpus tests: every PDF in `../shared/corpus/pdf` opens without a panic
//! or hang; page counts equal `pdfinfo`'s where pdfinfo opens the file;
//! encrypted files open with the passwords their sources name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use pdf_lex::{Document, Error, Options, content::Operations};

fn corpus_dir() -> Option<PathBuf> {
    testkit::corpus::require_dir("pdf-lex corpus")
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
    let mut options = Options::default();
    options.password = password.map(str::to_string);
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
            // Attachments, images, annotations and fields: no panic, no hang.
            let _ = doc.extras(&pdf_lex::ExtrasOptions::default());
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
        return;
    };
    for path in pdfs(&dir) {
        let name = path.file_name().unwrap().to_str().unwrap();
        let Some(pw) = password_for(name) else {
            continue;
        };
        let data = std::fs::read(&path).unwrap();
        let doc = Document::open_with(&data, &Options::with_password(pw))
            .unwrap_or_else(|e| panic!("{name} with its password: {e}"));
        assert!(doc.is_encrypted(), "{name}");
        assert!(doc.page_count() >= 1, "{name}");
        let wrong = Document::open_with(&data, &Options::with_password("wrong-password"));
        // Files whose user password is empty open with any password.
        if let Err(e) = wrong {
            assert!(matches!(e, Error::Encrypted), "{name}: {e}");
        }
    }
}

fn corpus_file(rel: &str) -> Option<Vec<u8>> {
    let dir = corpus_dir()?;
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

/// Runs a poppler tool, `None` when it is missing or fails.
fn poppler(tool: &str, args: &[&std::ffi::OsStr]) -> Option<String> {
    let out = Command::new(tool).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Every DCT image XObject of every corpus PDF comes out as the bytes
/// `pdfimages -j` writes for it (the JPEG itself, after any filters before
/// the DCT), matched by object number.
#[test]
fn every_dct_image_is_byte_identical_to_pdfimages_j() {
    let test = "every_dct_image_is_byte_identical_to_pdfimages_j";
    let Some(dir) = testkit::corpus::require_dir(test) else {
        return;
    };
    let have = Command::new("pdfimages").arg("-v").output().is_ok();
    if testkit::corpus::require(have.then_some(()), test, "pdfimages (poppler-utils)").is_none() {
        return;
    }
    let tmp = std::env::temp_dir().join(format!("pdf-lex-pdfimages-{}", std::process::id()));
    let (mut compared, mut files) = (0, 0);
    let mut mismatches = Vec::new();
    for path in pdfs(&dir) {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let pw = password_for(&name);
        let mut args = vec![std::ffi::OsStr::new("-list")];
        if let Some(pw) = pw {
            args.extend([std::ffi::OsStr::new("-upw"), std::ffi::OsStr::new(pw)]);
        }
        args.push(path.as_os_str());
        let Some(list) = poppler("pdfimages", &args) else {
            continue;
        };
        // page num type width height color comp bpc enc interp object ID …
        let jpegs: Vec<(usize, u32)> = list
            .lines()
            .skip(2)
            .filter_map(|l| {
                let c: Vec<&str> = l.split_whitespace().collect();
                (c.get(8) == Some(&"jpeg")).then_some(())?;
                Some((c.get(1)?.parse().ok()?, c.get(10)?.parse().ok()?))
            })
            .collect();
        if jpegs.is_empty() {
            continue;
        }
        std::fs::create_dir_all(&tmp).unwrap();
        let prefix = tmp.join("img");
        let mut args = vec![std::ffi::OsStr::new("-j")];
        if let Some(pw) = pw {
            args.extend([std::ffi::OsStr::new("-upw"), std::ffi::OsStr::new(pw)]);
        }
        args.extend([path.as_os_str(), prefix.as_os_str()]);
        poppler("pdfimages", &args).unwrap_or_else(|| panic!("pdfimages -j {name} failed"));
        let data = std::fs::read(&path).unwrap();
        let mut options = Options::default();
        options.password = pw.map(str::to_string);
        let doc = Document::open_with(&data, &options).unwrap();
        let ours = doc.images();
        files += 1;
        for (num, obj) in jpegs {
            let theirs = tmp.join(format!("img-{num:03}.jpg"));
            let Ok(theirs) = std::fs::read(&theirs) else {
                // pdfimages wrote this one in another format.
                continue;
            };
            compared += 1;
            match ours.iter().find(|i| i.id.map(|r| r.num) == Some(obj)) {
                Some(i) if i.encoding == pdf_lex::ImageEncoding::Jpeg && i.data == theirs => {}
                Some(i) => mismatches.push(format!(
                    "{name}: object {obj}: {:?} of {} bytes, pdfimages {} bytes",
                    i.encoding,
                    i.data.len(),
                    theirs.len()
                )),
                None => mismatches.push(format!("{name}: object {obj} not found")),
            }
        }
        std::fs::remove_dir_all(&tmp).ok();
    }
    println!("{compared} DCT images of {files} corpus PDFs compared with pdfimages -j");
    assert!(compared > 0, "no DCT image compared");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
