//! The embedded-document model (issue 15) on containers built to hurt:
//! attachments two levels deep with their digests, a PDF that attaches
//! itself, ten thousand attachments, a 42.zip-style bomb, zips nested past
//! the depth limit, and children that fail without failing their parent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use textract::{Content, Document, EmbeddedKind, Options, extract};

fn fixture(rel: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every embedded entry of the tree as (path, name, media type, size, sha256).
fn listing(doc: &Document) -> Vec<[String; 5]> {
    let mut out = Vec::new();
    for (entry, _) in doc.walk() {
        if let Some(e) = entry {
            out.push([
                e.path.clone(),
                e.name.clone().unwrap_or_default(),
                e.media_type.clone().unwrap_or_default(),
                e.size.to_string(),
                e.sha256.clone(),
            ]);
        }
    }
    out
}

#[test]
fn pdf_attachments_two_levels_deep_match_their_listing() {
    let doc = extract(&fixture("pdf/attachments.pdf"), &Options::default()).unwrap();
    let expected: Vec<[String; 5]> = String::from_utf8(fixture("pdf/attachments.pdf.embedded.tsv"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            [c[0], c[1], c[2], c[3], c[4]].map(str::to_string)
        })
        .collect();
    let mut got = listing(&doc);
    let mut want = expected.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    // The grandchild's text reaches the top document's full text.
    let all = doc.text_with_embedded();
    let deep = doc
        .walk()
        .into_iter()
        .find(|(e, _)| e.is_some_and(|e| e.path == "/inner.pdf/deep.txt"))
        .map(|(_, d)| d.text.clone())
        .unwrap();
    assert!(!deep.trim().is_empty());
    assert!(all.contains(deep.trim()), "{all:?}");
}

#[test]
fn a_pdf_that_attaches_itself_is_entered_once() {
    let doc = extract(&fixture("pdf/attach-self.pdf"), &Options::default()).unwrap();
    assert!(
        doc.text.contains("This PDF attaches itself"),
        "{:?}",
        doc.text
    );
    assert_eq!(doc.embedded.len(), 1);
    assert!(matches!(doc.embedded[0].content, Content::NotExtracted));
    assert!(
        doc.warnings
            .iter()
            .any(|w| w.message.contains("not entered again")),
        "{:?}",
        doc.warnings
    );
}

#[test]
fn ten_thousand_attachments_are_each_listed_and_read() {
    let doc = extract(&fixture("pdf/attachments-10000.pdf"), &Options::default()).unwrap();
    assert_eq!(doc.embedded.len(), 10_000);
    assert_eq!(doc.embedded[0].path, "/f00001.txt");
    assert_eq!(doc.embedded[9_999].path, "/f10000.txt");
    for e in &doc.embedded {
        assert_eq!(e.kind, EmbeddedKind::Attachment);
        match &e.content {
            Content::Document(d) => assert_eq!(d.text.trim().len(), 1, "{}", e.path),
            other => panic!("{}: {other:?}", e.path),
        }
    }
    // One more than the count limit allows: the last is skipped, with a warning.
    let mut options = Options::default();
    options.embedded.max_count = 9_999;
    let doc = extract(&fixture("pdf/attachments-10000.pdf"), &options).unwrap();
    assert_eq!(doc.embedded.len(), 9_999);
    assert!(
        doc.warnings
            .iter()
            .any(|w| w.message.contains("max_attachments")),
        "{:?}",
        doc.warnings
    );
}

#[test]
fn a_42_zip_style_bomb_stays_within_the_limits() {
    // 16^5 files of 1 MiB zeros, nominally a terabyte.
    let bomb = testkit::archive::nested_bomb(4, 16, 1 << 20);
    let options = Options::default();
    let doc = extract(&bomb, &options).unwrap();
    let held: u64 = listing(&doc)
        .iter()
        .map(|row| row[3].parse::<u64>().unwrap())
        .sum();
    assert!(held <= options.embedded.max_total_bytes, "{held}");
    assert!(
        doc.walk()
            .iter()
            .flat_map(|(_, d)| &d.warnings)
            .any(|w| w.message.contains("max_total_bytes")),
        "the byte limit was not reported"
    );
}

#[test]
fn zips_nested_past_the_depth_limit_stop_with_a_warning() {
    let nested = testkit::archive::nested(14, "the innermost text");
    let doc = extract(&nested, &Options::default()).unwrap();
    assert!(!doc.text_with_embedded().contains("the innermost text"));
    assert!(
        doc.walk()
            .iter()
            .flat_map(|(_, d)| &d.warnings)
            .any(|w| w.message.contains("max_depth")),
        "no depth warning"
    );
    let mut options = Options::default();
    options.embedded.max_depth = 20;
    let doc = extract(&nested, &options).unwrap();
    assert!(doc.text_with_embedded().contains("the innermost text"));
}

#[test]
fn a_child_that_fails_never_fails_its_parent() {
    let truncated_pdf = b"%PDF-1.4\n1 0 obj <<".as_slice();
    let word = fixture("doc/stories.doc");
    let cut_word = &word[..600];
    let zip = testkit::archive::zip(&[
        ("broken.pdf", truncated_pdf),
        ("cut.doc", cut_word),
        ("ok.txt", b"still here"),
        ("whole.doc", &word),
    ]);
    let doc = extract(&zip, &Options::default()).unwrap();
    assert_eq!(doc.embedded.len(), 4);
    let by_name = |n: &str| doc.embedded.iter().find(|e| e.path == n).unwrap();
    assert!(matches!(by_name("/broken.pdf").content, Content::Failed(_)));
    assert!(matches!(by_name("/cut.doc").content, Content::Failed(_)));
    assert!(doc.text_with_embedded().contains("still here"));
    match &by_name("/whole.doc").content {
        Content::Document(d) => assert!(!d.parts.is_empty()),
        other => panic!("{other:?}"),
    }
    // With extraction off, only the listing of the top archive is left.
    let mut options = Options::default();
    options.embedded.extract = false;
    let doc = extract(&zip, &options).unwrap();
    assert!(doc.embedded.is_empty());
}

#[test]
fn a_word_document_gives_its_pictures_only_when_asked() {
    let word = fixture("doc/stories.doc");
    let doc = extract(&word, &Options::default()).unwrap();
    assert!(doc.embedded.iter().all(|e| e.kind != EmbeddedKind::Image));
    let mut options = Options::default();
    options.embedded.images = true;
    let doc = extract(&word, &options).unwrap();
    let listed: Vec<String> = String::from_utf8(fixture("doc/stories.doc.embedded.txt"))
        .unwrap()
        .lines()
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            format!("{}\t{}", c[0], c[4])
        })
        .collect();
    let got: Vec<String> = doc
        .embedded
        .iter()
        .map(|e| format!("{}\t{}", e.path, e.sha256))
        .collect();
    assert_eq!(got, listed);
    assert!(doc.embedded.iter().all(|e| e.dimensions.is_some()));
}

#[test]
fn a_bare_compound_file_gives_the_object_it_holds() {
    // A compound file holding a Packager package (issue 38): was "OLE
    // compound file is not read", is now the packaged file, byte for byte.
    let doc = extract(&fixture("oleds/package-object.cfb"), &Options::default()).unwrap();
    assert_eq!(doc.format, textract::Format::Cfb);
    let files: Vec<(String, Option<String>, u64)> = doc
        .embedded
        .iter()
        .map(|e| (e.path.clone(), e.name.clone(), e.size))
        .collect();
    assert_eq!(
        files,
        [("/notes.txt".to_string(), Some("notes.txt".to_string()), 29)]
    );
    assert!(
        doc.text_with_embedded().contains("Packaged notes"),
        "{}",
        doc.text_with_embedded()
    );
    // A workbook in a storage under the root: the storage copied out as an
    // .xls, read as one.
    let doc = extract(&fixture("oleds/workbook-object.cfb"), &Options::default()).unwrap();
    let e = doc.embedded.first().expect("one embedded workbook");
    assert_eq!(e.path, "/MBD0001/MBD0001.xls");
    assert_eq!(e.media_type.as_deref(), Some("application/vnd.ms-excel"));
    assert!(matches!(&e.content, Content::Document(d) if d.format == textract::Format::Xls));
    // A compound file holding no object is still not read.
    let plain = testkit::cfb::compound_file(&[("Unknown", b"nothing known".as_slice())]);
    let err = extract(&plain, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("is not read"), "{err}");
}

#[test]
fn an_ole_package_inside_a_ppt_is_extracted_byte_equal() {
    let doc = extract(&fixture("ppt/ole-package.ppt"), &Options::default()).unwrap();
    let e = doc.embedded.first().expect("the package");
    assert_eq!(e.path, "/ole30/report.txt");
    let expected = b"Quarterly report\r\nRevenue: 42\r\n";
    assert_eq!(e.size, expected.len() as u64);
    assert!(matches!(&e.content, Content::Document(d) if d.text.contains("Revenue: 42")));
}
