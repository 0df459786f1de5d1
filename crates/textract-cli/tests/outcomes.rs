//! What a user meets on a real mixed folder (issue 26): junk is never passed
//! off as text, unsupported inputs do not fail the run, messages are for
//! people, and the modes users reach for first work.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

fn textract(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_textract"))
        .args(args)
        .output()
        .expect("run textract")
}

fn json_lines(o: &Output) -> Vec<Value> {
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A fresh temporary folder for one test.
fn scratch(name: &str) -> PathBuf {
    testkit::scratch_dir(&format!("cli-{name}"))
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x08\x08\x02\0\0\0\x90wS\xde";
const JPEG: &[u8] = b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xFF\xC0\x00\x11\x08\x00\x20\x00\x40\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xFF\xD9";

fn elf() -> Vec<u8> {
    let mut v = b"\x7FELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0>\0\x01\0\0\0".to_vec();
    v.resize(128, 0);
    v
}

fn pe() -> Vec<u8> {
    let mut v = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xFF\xFF\0\0".to_vec();
    v.resize(256, 0);
    v
}

fn random_bytes() -> Vec<u8> {
    let mut rng = testkit::rng::Rng::new(26);
    rng.bytes(4096)
}

fn gzip(name: &str, data: &[u8]) -> Vec<u8> {
    let mut e = flate2::GzBuilder::new()
        .filename(name)
        .write(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[test]
fn junk_is_unsupported_with_its_mime_type_never_text() {
    let dir = scratch("junk");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("a.png", PNG.to_vec(), "image/png"),
        ("b.jpg", JPEG.to_vec(), "image/jpeg"),
        ("c.elf", elf(), "application/x-executable"),
        (
            "d.exe",
            pe(),
            "application/vnd.microsoft.portable-executable",
        ),
        ("e.pdf", random_bytes(), "application/octet-stream"),
    ];
    for (name, bytes, mime) in &cases {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        let o = textract(&["--json", s(&p)]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let rec = &json_lines(&o)[0];
        assert_eq!(rec["format"], Value::Null, "{name}");
        assert_eq!(rec["mime_type"], *mime, "{name}");
        assert_eq!(rec["error"]["kind"], "unsupported", "{name}");
        assert_eq!(rec["text"], Value::Null, "{name}");
        // Plain mode: nothing on stdout, one line on stderr.
        let o = textract(&[s(&p)]);
        assert!(o.stdout.is_empty(), "{name}");
        assert!(
            stderr(&o).contains("not a document"),
            "{name}: {}",
            stderr(&o)
        );
        // --strict makes it a failure; -q silences it.
        assert_eq!(textract(&["--strict", s(&p)]).status.code(), Some(1));
        assert!(textract(&["-q", s(&p)]).stderr.is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_file_is_its_own_kind() {
    let dir = scratch("empty");
    let p = dir.join("empty.pdf");
    std::fs::write(&p, b"").unwrap();
    let o = textract(&["--json", s(&p)]);
    assert_eq!(o.status.code(), Some(0));
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["error"]["kind"], "empty");
    assert_eq!(rec["size"], 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_gzip_of_a_doc_is_a_container() {
    let dir = scratch("gzip");
    let doc = std::fs::read(fixtures().join("doc/table.doc")).unwrap();
    let p = dir.join("table.doc.gz");
    std::fs::write(&p, gzip("table.doc", &doc)).unwrap();
    let o = textract(&["--json", s(&p)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["format"], "gzip");
    let child = &rec["embedded"][0];
    assert_eq!(child["format"], "doc");
    assert_eq!(child["kind"], "archive_entry");
    assert!(child["text"].as_str().unwrap().contains("Before table"));
    let plain = String::from_utf8(textract(&[s(&p)]).stdout).unwrap();
    assert!(
        plain.starts_with("--- /table.doc ---\nBefore table"),
        "{plain}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_gzip_bomb_is_a_limit_warning() {
    let dir = scratch("gzbomb");
    let p = dir.join("zeros.gz");
    // 64 MiB of zeros in about 64 KiB: past the default ratio of 100.
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..64 {
        e.write_all(&zeros).unwrap();
    }
    std::fs::write(&p, e.finish().unwrap()).unwrap();
    let o = textract(&["--json", s(&p)]);
    assert!(o.status.success());
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["embedded"].as_array().unwrap().len(), 0);
    assert!(
        rec["warnings"][0]["message"]
            .as_str()
            .unwrap()
            .contains("ratio"),
        "{rec}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_truncated_doc_is_a_damaged_word_document() {
    let dir = scratch("truncdoc");
    let doc = std::fs::read(fixtures().join("doc/table.doc")).unwrap();
    let p = dir.join("report.doc");
    std::fs::write(&p, &doc[..3000]).unwrap();
    let o = textract(&["--json", s(&p)]);
    assert_eq!(o.status.code(), Some(1));
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["format"], "doc");
    assert_eq!(rec["error"]["kind"], "corrupt");
    let msg = rec["error"]["message"].as_str().unwrap();
    assert!(msg.starts_with("damaged Word 97–2003 document: "), "{msg}");
    let o = textract(&[s(&p)]);
    assert!(
        stderr(&o).starts_with(&format!("textract: {}: damaged Word", p.display())),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn encrypted_pdfs_suggest_a_password_and_tell_a_wrong_one() {
    let f = fixtures().join("pdf/aes-128-r4-user.pdf");
    let o = textract(&[s(&f)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("encrypted PDF document: a password is needed; give it with --password"),
        "{err}"
    );
    let o = textract(&["--password", "nope", s(&f)]);
    let err = stderr(&o);
    assert!(err.contains("the password given does not open it"), "{err}");
    assert!(!err.contains("--password"), "{err}");
    let o = textract(&["--json", "--password", "nope", s(&f)]);
    assert_eq!(json_lines(&o)[0]["format"], "pdf");
}

#[test]
fn a_truncated_pdf_warns_on_stderr_in_plain_mode() {
    let dir = scratch("truncpdf");
    let pdf = std::fs::read(fixtures().join("basic/minimal.pdf")).unwrap();
    let p = dir.join("cut.pdf");
    std::fs::write(&p, &pdf[..pdf.len() - 120]).unwrap();
    let o = textract(&[s(&p)]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("Hello, textract!"));
    assert!(
        stderr(&o).contains(": warning: pdf-lex: "),
        "{}",
        stderr(&o)
    );
    assert!(textract(&["-q", s(&p)]).stderr.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_mixed_folder_exits_by_outcome_with_a_summary() {
    let dir = scratch("mixed");
    std::fs::copy(fixtures().join("basic/minimal.pdf"), dir.join("good.pdf")).unwrap();
    std::fs::write(dir.join("photo.png"), PNG).unwrap();
    std::fs::write(
        dir.join("broken.pdf"),
        b"%PDF-1.4\n1 0 obj << /Type /Catalog",
    )
    .unwrap();
    let o = textract(&["-r", s(&dir)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    let summary = err.lines().last().unwrap();
    assert_eq!(
        summary,
        "textract: 3 inputs: 1 extracted (pdf 1), 1 not read (image/png 1), 1 failed (corrupt 1)"
    );
    // Errors come in input order, after the text before them.
    let o = textract(&["-r", "-j", "2", "--json", s(&dir)]);
    let recs = json_lines(&o);
    let names: Vec<&str> = recs
        .iter()
        .map(|r| r["path"].as_str().unwrap().rsplit('/').next().unwrap())
        .collect();
    assert_eq!(names, ["broken.pdf", "good.pdf", "photo.png"]);
    // Without the broken file the run succeeds.
    std::fs::remove_file(dir.join("broken.pdf")).unwrap();
    assert_eq!(textract(&["-r", s(&dir)]).status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stdin_is_read_with_a_dash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_textract"))
        .args(["--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"<!doctype html><title>T</title><p>From stdin")
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let rec = &json_lines(&o)[0];
    assert_eq!(rec["path"], "-");
    assert_eq!(rec["format"], "html");
    assert_eq!(rec["text"], "From stdin");
}

#[test]
fn metadata_mode_prints_no_text() {
    let f = fixtures().join("basic/minimal.pdf");
    let o = textract(&["--metadata", s(&f)]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("title: Minimal fixture\n"), "{out}");
    assert!(out.contains("page_count: 1\n"), "{out}");
    assert!(!out.contains("Hello"), "{out}");
    let rec = &json_lines(&textract(&["--json", "-m", s(&f)]))[0];
    assert_eq!(rec["text"], Value::Null);
    assert_eq!(rec["metadata"]["page_count"], 1);
}

#[test]
fn detect_mode_names_format_and_mime_type() {
    let dir = scratch("detect");
    std::fs::write(dir.join("a.png"), PNG).unwrap();
    std::fs::copy(fixtures().join("doc/table.doc"), dir.join("b.doc")).unwrap();
    let o = textract(&["--detect", "-r", s(&dir)]);
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("a.png\t-\timage/png"), "{out}");
    assert!(
        lines[1].ends_with("b.doc\tdoc\tapplication/msword"),
        "{out}"
    );
    let recs = json_lines(&textract(&["--detect", "--json", "-r", s(&dir)]));
    assert_eq!(recs[1]["format"], "doc");
    assert_eq!(recs[1]["mime_type"], "application/msword");
    assert!(recs[1].get("text").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pages_selects_pdf_pages() {
    let f = fixtures().join("pdf/aes-128-r4-user.pdf");
    let o = textract(&["--password", "userpw", "--pages", "2-3", s(&f)]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(!out.contains("Page one"), "{out}");
    assert!(
        out.contains("Page two") && out.contains("Page three"),
        "{out}"
    );
    assert_eq!(out.matches('\u{c}').count(), 2);
    assert_eq!(textract(&["--pages", "0", s(&f)]).status.code(), Some(2));
}

#[test]
fn globs_hidden_folders_and_size_limits_shape_the_walk() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join(".git/config"), "[core]").unwrap();
    std::fs::write(dir.join(".notes.txt"), "hidden").unwrap();
    std::fs::write(dir.join("a.txt"), "alpha").unwrap();
    std::fs::write(dir.join("sub/b.html"), "<p>beta").unwrap();
    std::fs::write(dir.join("big.txt"), "x".repeat(5000)).unwrap();
    let paths = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["--json", "-r"];
        all.extend_from_slice(args);
        all.push(s(&dir));
        json_lines(&textract(&all))
            .iter()
            .map(|r| {
                r["path"]
                    .as_str()
                    .unwrap()
                    .strip_prefix(s(&dir))
                    .unwrap()
                    .to_string()
            })
            .collect()
    };
    assert_eq!(paths(&[]), ["/a.txt", "/big.txt", "/sub/b.html"]);
    assert_eq!(paths(&["--hidden"]).len(), 5);
    assert_eq!(paths(&["-g", "*.html"]), ["/sub/b.html"]);
    assert_eq!(paths(&["-g", "!sub/**"]), ["/a.txt", "/big.txt"]);
    assert_eq!(paths(&["--max-filesize", "1K"]), ["/a.txt", "/sub/b.html"]);
    let o = textract(&["-r", "--max-filesize", "1K", s(&dir)]);
    assert!(
        stderr(&o).contains("1 skipped over --max-filesize"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn non_utf8_file_names_are_kept_losslessly() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("nonutf8");
    let name = std::ffi::OsStr::from_bytes(b"caf\xE9.txt");
    let p = dir.join(name);
    std::fs::write(&p, "bonjour").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_textract"))
        .arg("--json")
        .arg(&p)
        .output()
        .unwrap();
    let rec = &json_lines(&o)[0];
    let b64 = rec["path"]["bytes"].as_str().unwrap();
    use base64::Engine;
    let raw = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap();
    assert_eq!(raw, p.as_os_str().as_bytes());
    assert_eq!(rec["text"], "bonjour");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_deadline_stop_always_says_what_was_not_read() {
    let Some(corpus) =
        testkit::corpus::require_dir("a_deadline_stop_always_says_what_was_not_read")
    else {
        return;
    };
    let f = corpus.join("pdf/pdfjs/issue6286.pdf");
    let full = &json_lines(&textract(&["--json", s(&f)]))[0];
    let full_text = full["text"].as_str().unwrap();
    for _ in 0..5 {
        let rec = &json_lines(&textract(&["--json", "--timeout", "0.001", s(&f)]))[0];
        let complete = rec["text"].as_str() == Some(full_text);
        let failed = rec["error"]["kind"] == "limit";
        let warned = !rec["warnings"].as_array().unwrap().is_empty();
        assert!(
            complete || failed || warned,
            "text dropped without a warning: {rec}"
        );
    }
}

#[test]
fn encrypted_word_documents_open_with_their_password() {
    let Some(corpus) =
        testkit::corpus::require_dir("encrypted_word_documents_open_with_their_password")
    else {
        return;
    };
    let rc4 = corpus.join("doc/poi/password_tika_binaryrc4.doc");
    let o = textract(&["--password", "tika", s(&rc4)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!o.stdout.is_empty());
    let o = textract(&["--password", "wrong", s(&rc4)]);
    assert!(
        stderr(&o).contains("encrypted Word 97–2003 document: the password given does not open it")
    );
    let api = corpus.join("doc/poi/password_password_cryptoapi.doc");
    let o = textract(&["--password", "password", s(&api)]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("This is a test"));
    let o = textract(&[s(&api)]);
    assert!(stderr(&o).contains("a password is needed; give it with --password"));
}

/// Every embedded record of `v`, at any depth.
fn embedded_records(v: &Value, out: &mut Vec<Value>) {
    for e in v["embedded"].as_array().into_iter().flatten() {
        out.push(e.clone());
        embedded_records(e, out);
    }
}

/// `--extract-dir` saves every attachment, two levels deep included, with
/// the bytes its record's size and SHA-256 describe; a second run into the
/// same folder does not overwrite the first.
#[test]
fn extract_dir_saves_nested_attachments_byte_for_byte() {
    use sha2::{Digest, Sha256};
    let dir = scratch("extract-dir");
    let pdf = fixtures().join("pdf/attachments.pdf");
    let o = textract(&["--json", "--extract-dir", s(&dir), s(&pdf)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let records = json_lines(&o);
    let mut all = Vec::new();
    embedded_records(&records[0], &mut all);
    let paths: Vec<&str> = all.iter().map(|e| e["path"].as_str().unwrap()).collect();
    assert!(paths.contains(&"/inner.pdf/deep.txt"), "{paths:?}");
    for e in &all {
        let saved = e["saved_as"]
            .as_str()
            .unwrap_or_else(|| panic!("not saved: {e}"));
        let bytes = std::fs::read(saved).unwrap();
        assert!(Path::new(saved).starts_with(&dir), "{saved}");
        assert_eq!(bytes.len() as u64, e["size"].as_u64().unwrap(), "{saved}");
        let digest: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(digest, e["sha256"].as_str().unwrap(), "{saved}");
    }
    // Plain-text mode saves the same files.
    let text_dir = scratch("extract-dir-text");
    let o = textract(&["--extract-dir", s(&text_dir), s(&pdf)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let count = |d: &Path| {
        fn walk(d: &Path) -> usize {
            std::fs::read_dir(d)
                .unwrap()
                .map(|e| {
                    let p = e.unwrap().path();
                    if p.is_dir() { walk(&p) } else { 1 }
                })
                .sum()
        }
        walk(d)
    };
    assert_eq!(count(&text_dir), all.len());
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&text_dir).ok();
}
