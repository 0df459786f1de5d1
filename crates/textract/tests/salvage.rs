//! Downloads cut short (issue 26): a Word document or a workbook whose
//! compound file lost its end still gives the text its streams hold, with
//! a warning saying how it was read; cut too early, a typed error naming
//! the format.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use textract::{ErrorKind, Format, Options, extract};

fn fixture(rel: &str) -> Vec<u8> {
    std::fs::read(testkit::fixture(rel)).unwrap()
}

fn cut(bytes: &[u8], fraction: f64) -> &[u8] {
    &bytes[..(bytes.len() as f64 * fraction) as usize]
}

#[test]
fn a_word_document_cut_short_keeps_its_body() {
    let doc = fixture("doc/stories.doc");
    for fraction in [0.7, 0.8, 0.9, 0.95] {
        let d = extract(cut(&doc, fraction), &Options::default())
            .unwrap_or_else(|e| panic!("{fraction}: {e}"));
        assert_eq!(d.format, Format::Doc);
        assert!(
            d.text.contains("Body paragraph one with a footnote"),
            "{fraction}: {:?}",
            d.text
        );
        assert!(!d.warnings.is_empty(), "{fraction}: no warning");
    }
    // Cut before anything says Word: an error, never text.
    let e = extract(cut(&doc, 0.3), &Options::default()).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::Corrupt | ErrorKind::Unsupported),
        "{e}"
    );
    let e = extract(cut(&doc, 0.6), &Options::default()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Corrupt, "{e}");
    assert!(
        e.to_string().starts_with("damaged Word 97–2003 document"),
        "{e}"
    );
}

#[test]
fn a_workbook_cut_short_keeps_its_cells() {
    let xls = fixture("xls/cells.xls");
    for fraction in [0.9, 0.95] {
        let d = extract(cut(&xls, fraction), &Options::default())
            .unwrap_or_else(|e| panic!("{fraction}: {e}"));
        assert_eq!(d.format, Format::Xls);
        assert!(
            d.text.contains("Label\tShared string"),
            "{fraction}: {:?}",
            d.text
        );
        assert!(
            d.warnings.iter().any(|w| w.message.contains("cut short")
                || w.message.contains("past the end")
                || w.message.contains("readable")),
            "{fraction}: {:?}",
            d.warnings
        );
    }
    let e = extract(cut(&xls, 0.3), &Options::default()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Corrupt, "{e}");
    assert!(
        e.to_string().starts_with("damaged Excel 97–2003 workbook"),
        "{e}"
    );
}
