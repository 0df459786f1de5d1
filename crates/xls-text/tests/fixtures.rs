//! The generated `fixtures/xls` workbooks (`cargo xtask fixtures xls`):
//! each text equals its golden exactly, and the structures behind it
//! (parts, attributes, metadata, embedded objects, warnings) are as written.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::PartKind;
use xls_text::{Biff, Error, Limits, Options, WarningKind, Workbook};

fn book(name: &str) -> Workbook {
    testkit::parse_fixture(&format!("xls/{name}"), xls_text::parse)
}

#[test]
fn every_golden_matches_exactly() {
    testkit::assert_goldens("xls", 9, |name| {
        let b = book(name);
        (b.text(), b.warnings)
    });
}

#[test]
fn cells_parts_attributes_and_metadata() {
    let b = book("cells.xls");
    assert_eq!(b.details.biff, Biff::Biff8);
    assert_eq!(b.metadata.title.as_deref(), Some("Cell records"));
    assert_eq!(b.metadata.author.as_deref(), Some("textract fixtures"));
    assert_eq!(b.details.defined_names, ["SalesTotal"]);
    let kinds: Vec<(PartKind, Option<&str>)> = b
        .parts
        .iter()
        .map(|p| (p.kind, p.name.as_deref()))
        .collect();
    assert_eq!(
        kinds,
        [
            (PartKind::Sheet, Some("Cells")),
            (PartKind::Header, Some("Cells")),
            (PartKind::Footer, Some("Cells")),
            (PartKind::Comment, Some("Cells!A3")),
            (PartKind::TextBox, Some("Cells")),
            (PartKind::Sheet, Some("Hidden")),
            (PartKind::Sheet, Some("VeryHidden")),
            (PartKind::Sheet, Some("Chart1")),
        ]
    );
    assert_eq!(b.parts[3].attribute("author"), Some("Ann"));
    assert_eq!(b.parts[5].attribute("hidden"), Some("true"));
    assert_eq!(b.parts[6].attribute("hidden"), Some("very"));
    assert_eq!(b.parts[7].attribute("type"), Some("chart"));
    // The embedded chart's label is not sheet text.
    assert!(!b.text().contains("chart text"));
    assert!(!b.text().contains("chart sheet text"));
}

#[test]
fn sheet_names_can_be_left_out() {
    let mut o = Options::default();
    o.sheet_names = false;
    let b = xls_text::parse_with(&testkit::read_fixture("xls/date1904.xls"), &o).unwrap();
    assert_eq!(b.text(), "1/1/1904\t11/24/2006\n");
    assert!(b.details.date1904);
}

#[test]
fn biff5_code_pages_and_locale() {
    let ru = book("biff5-cp1251.xls");
    assert_eq!(ru.details.biff, Biff::Biff5);
    assert_eq!(ru.encoding, Some("windows-1251"));
    assert_eq!(ru.details.code_page, Some(1251));
    let ja = book("biff5-cp932.xls");
    assert_eq!(ja.encoding, Some("Shift_JIS"));
    // An override of the code page: the cp932 bytes read as cp1252 are not Japanese.
    let mut o = Options::default();
    o.code_page = Some(1252);
    let forced = xls_text::parse_with(&testkit::read_fixture("xls/biff5-cp932.xls"), &o).unwrap();
    assert!(!forced.text().contains("日本語"));
}

#[test]
fn embedded_objects() {
    let b = book("embedded.xls");
    assert_eq!(b.embedded.len(), 2);
    let e = &b.embedded[0];
    assert_eq!(e.path, "/MBD0001A2B3/note.txt");
    assert_eq!(e.name.as_deref(), Some("note.txt"));
    assert_eq!(e.data, b"embedded note text\n");
    // A workbook in a storage of its own, copied out as a compound file.
    let book = &b.embedded[1];
    assert!(book.path.starts_with("/MBD0004C5D6/"), "{}", book.path);
    assert!(book.data.starts_with(&ole_cfb_read::SIGNATURE));
}

#[test]
fn hostile_sst_count() {
    let b = book("hostile-sst-count.xls");
    assert_eq!(b.text(), "S\nonly one\n");
    assert!(b.warnings.iter().any(|w| w.kind == WarningKind::Sst));
}

#[test]
fn hostile_truncated_stream_keeps_what_was_read() {
    let b = book("hostile-truncated.xls");
    assert!(b.text().contains("Label\tShared string"));
    assert!(!b.warnings.is_empty());
}

#[test]
fn hostile_continues_are_bounded() {
    let b = book("hostile-continues.xls");
    assert_eq!(b.text(), "S\nstart\n");
}

#[test]
fn hostile_wide_rows_stop_at_the_output_limit() {
    let mut o = Options::default();
    o.limits = Limits::default();
    o.limits.max_output_bytes = 1 << 20;
    let b = xls_text::parse_with(&testkit::read_fixture("xls/hostile-wide.xls"), &o).unwrap();
    assert!(b.text().len() <= 1 << 21);
    assert!(b.warnings.iter().any(|w| w.kind == WarningKind::Limit));
    let mut o = Options::default();
    o.limits.max_cells = 1000;
    let b = xls_text::parse_with(&testkit::read_fixture("xls/hostile-wide.xls"), &o).unwrap();
    assert!(b.warnings.iter().any(|w| w.kind == WarningKind::Limit));
}

#[test]
fn hostile_filepass_is_a_typed_error() {
    // An RC4 FILEPASS cut after its version: a typed error naming it.
    match xls_text::parse(&testkit::read_fixture("xls/hostile-filepass.xls")) {
        Err(Error::Corrupt(m)) => assert!(m.contains("RC4"), "{m}"),
        other => panic!("{other:?}"),
    }
}

/// `fixtures/crypto` (written by office-crypto's fixture group): every
/// encrypted workbook opens with its password from `passwords.tsv`, or with
/// Excel's default one; a wrong password is `Error::Encrypted`.
#[test]
fn encrypted_workbooks_open() {
    let dir = testkit::fixture("crypto");
    let passwords = std::fs::read_to_string(dir.join("passwords.tsv")).unwrap();
    let mut opened = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "xls") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let password = passwords
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}\t")))
            .map(str::to_string);
        let data = std::fs::read(&path).unwrap();
        let mut o = Options::default();
        o.password = password.clone();
        let b = xls_text::parse_with(&data, &o).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            b.text().contains("Encrypted cell text"),
            "{name}: {}",
            b.text()
        );
        if password.is_some() {
            o.password = Some("not it".into());
            match xls_text::parse_with(&data, &o) {
                Err(Error::Encrypted { password_tried, .. }) => assert!(password_tried),
                other => panic!("{name}: {other:?}"),
            }
        }
        opened += 1;
    }
    assert_eq!(opened, 5);
}

#[test]
fn pictures_of_the_drawing_group() {
    use sha2::{Digest, Sha256};
    let b = book("pictures.xls");
    let want = std::fs::read_to_string(testkit::fixture("xls/pictures.xls.embedded.txt")).unwrap();
    let got: String = b
        .embedded
        .iter()
        .map(|e| {
            let digest: String = Sha256::digest(&e.data)
                .iter()
                .map(|x| format!("{x:02x}"))
                .collect();
            format!(
                "{}\t{}\t{}\t{digest}\n",
                e.path,
                e.media_type.as_deref().unwrap_or("-"),
                e.data.len()
            )
        })
        .collect();
    assert_eq!(got, want);
    assert!(
        b.embedded
            .iter()
            .all(|e| e.kind == doc_model::EmbeddedKind::Image)
    );
    assert!(b.warnings.is_empty(), "{:?}", b.warnings);
}
