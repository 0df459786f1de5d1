//! Office 2007+ through the facade: the ooxml and odf fixtures' goldens
//! (flat OpenDocument files detected by their root element), encrypted
//! packages decrypted then read (the same text as their plain package),
//! and documents embedded in a docx read in turn.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use textract::{Content, ErrorKind, Format, Options};

fn fixture(rel: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures")
        .join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn goldens_through_the_facade() {
    for (name, format) in [
        ("body.docx", Format::Docx),
        ("stories.docx", Format::Docx),
        ("strict.docx", Format::Docx),
        ("cells.xlsx", Format::Xlsx),
        ("date1904.xlsx", Format::Xlsx),
        ("deck.pptx", Format::Pptx),
        ("../odf/stories.odt", Format::Odt),
        ("../odf/stories.fodt", Format::Odt),
        ("../odf/cells.ods", Format::Ods),
        ("../odf/cells.fods", Format::Ods),
        ("../odf/deck.odp", Format::Odp),
        ("../odf/deck.fodp", Format::Odp),
    ] {
        let doc =
            textract::extract(&fixture(&format!("ooxml/{name}")), &Options::default()).unwrap();
        assert_eq!(doc.format, format, "{name}");
        let golden = String::from_utf8(fixture(&format!("ooxml/{name}.golden.txt"))).unwrap();
        assert_eq!(doc.text, golden, "{name}");
    }
    // No main part: detected as a plain zip (its entries listed); read as
    // a docx when the caller says it is one, a typed error.
    let bytes = fixture("ooxml/hostile-no-main.docx");
    assert_eq!(
        textract::extract(&bytes, &Options::default())
            .unwrap()
            .format,
        Format::Zip
    );
    let err = textract::extract(&bytes, &Options::default().with_format(Format::Docx)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Corrupt, "{err}");
}

#[test]
fn opendocument_packages_without_a_usable_mimetype() {
    // OpenOffice.org 2.x: no mimetype entry; the manifest names the kind.
    // Its chart folder has no mimetype either: read as the chart it is,
    // and the thumbnail and Configurations2/ are not embedded documents.
    let doc = textract::extract(&fixture("odf/no-mimetype.odt"), &Options::default()).unwrap();
    assert_eq!(doc.format, Format::Odt);
    let golden = String::from_utf8(fixture("odf/no-mimetype.odt.golden.txt")).unwrap();
    assert_eq!(doc.text, golden);
    let paths: Vec<&str> = doc.embedded.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["/Object 1"]);
    match &doc.embedded[0].content {
        Content::Document(chart) => {
            assert_eq!(chart.format, Format::Ods);
            assert_eq!(chart.text, "Embedded chart title\n");
        }
        other => panic!("{other:?}"),
    }
    // Every entry behind a data descriptor, the mimetype deflated and last.
    let doc = textract::extract(&fixture("odf/streamed.ods"), &Options::default()).unwrap();
    assert_eq!(doc.format, Format::Ods);
    let golden = String::from_utf8(fixture("odf/streamed.ods.golden.txt")).unwrap();
    assert_eq!(doc.text, golden);
    // An existing fixture's chart (mimetype `…opendocument.chart`) was a zip.
    let doc = textract::extract(&fixture("odf/object.odt"), &Options::default()).unwrap();
    match &doc.embedded[0].content {
        Content::Document(chart) => assert_eq!(chart.format, Format::Ods),
        other => panic!("{other:?}"),
    }
}

#[test]
fn encrypted_packages_read_like_their_plain_package() {
    let passwords = String::from_utf8(fixture("crypto/passwords.tsv")).unwrap();
    let mut checked = 0;
    for name in [
        "agile-default.docx",
        "agile-sha1-aes128.docx",
        "agile-sha512-aes256.docx",
        "agile-sha256-aes192-nointegrity.docx",
        "standard-aes128.docx",
        "standard-aes256.docx",
    ] {
        let password = passwords
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}\t")))
            .map(str::to_string);
        let plain = ooxml_text::parse(&fixture(&format!("crypto/{name}.package"))).unwrap();
        let mut options = Options::default();
        if let Some(p) = &password {
            let err = textract::extract(&fixture(&format!("crypto/{name}")), &options).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Encrypted, "{name}: {err}");
            options = options.with_password(p.clone());
        }
        let doc = textract::extract(&fixture(&format!("crypto/{name}")), &options).unwrap();
        assert_eq!(doc.format, Format::Docx, "{name}");
        assert_eq!(doc.text, plain.text(), "{name}");
        assert!(doc.text.contains("encrypted"), "{name}: {:?}", doc.text);
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn an_embedded_workbook_is_read_in_turn() {
    let xlsx = fixture("ooxml/cells.xlsx");
    let document = "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body><w:p><w:r><w:t>See the workbook.</w:t></w:r></w:p></w:body></w:document>";
    let docx = testkit::archive::zip(&[
        ("word/document.xml", document.as_bytes()),
        ("word/embeddings/Microsoft_Excel_Worksheet.xlsx", &xlsx),
    ]);
    let doc = textract::extract(&docx, &Options::default()).unwrap();
    assert_eq!(doc.text, "See the workbook.\n");
    let child = doc
        .embedded
        .iter()
        .find(|e| e.path == "/word/embeddings/Microsoft_Excel_Worksheet.xlsx")
        .unwrap_or_else(|| panic!("{:?}", doc.embedded));
    match &child.content {
        Content::Document(d) => {
            assert_eq!(d.format, Format::Xlsx);
            assert!(d.text.contains("Label\tRich text"), "{}", d.text);
        }
        other => panic!("{other:?}"),
    }
}
