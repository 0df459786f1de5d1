//! OpenDocument: `fixtures/odf` (written by `cargo xtask fixtures odf`:
//! every `NAME.golden.txt` equals the text), encrypted packages with, without
//! and with a wrong password, hostile repeats and entities, and the corpus
//! (`../shared/corpus/odf`: every expected string found).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{outline, properties};
use ooxml_text::{Error, Kind, OfficeDocument, Options, WarningKind};

fn read(name: &str) -> Vec<u8> {
    testkit::read_fixture(&format!("odf/{name}"))
}

/// The password `passwords.tsv` gives a fixture, if any.
fn password(name: &str) -> Option<String> {
    String::from_utf8(read("passwords.tsv"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name}\t")).map(str::to_string))
}

fn doc(name: &str) -> OfficeDocument {
    let mut options = Options::default();
    options.password = password(name);
    ooxml_text::parse_with(&read(name), &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_golden_matches() {
    testkit::assert_goldens("odf", 17, |name| {
        let d = doc(name);
        (d.text(), d.warnings)
    });
}

#[test]
fn shapes_links_and_packages_without_a_mimetype() {
    use doc_model::PartKind;
    for name in ["shapes.odt", "no-mimetype.odt"] {
        let d = doc(name);
        assert_eq!(d.details, Kind::Odt, "{name}");
        let boxes: Vec<&str> = d
            .parts
            .iter()
            .filter(|p| p.kind == PartKind::TextBox)
            .map(|p| p.text.trim())
            .collect();
        assert_eq!(
            boxes,
            [
                "Rectangle text",
                "Ellipse text",
                "Inline frame text",
                "Linked shape text"
            ],
            "{name}"
        );
    }
    // The chart is an embedded document; the thumbnail and
    // Configurations2/ are package internals, never embedded.
    let d = doc("no-mimetype.odt");
    let paths: Vec<&str> = d.embedded.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["/Object 1"]);
    assert_eq!(doc("streamed.ods").details, Kind::Ods);
}

#[test]
fn presentation_masters_and_declarations() {
    use doc_model::PartKind;
    for name in ["masters.odp", "masters.fodp"] {
        let d = doc(name);
        let parts: Vec<(PartKind, &str, &str)> = d
            .parts
            .iter()
            .map(|p| (p.kind, p.name.as_deref().unwrap_or(""), p.text.trim_end()))
            .collect();
        assert_eq!(
            parts,
            [
                (PartKind::Slide, "1", "Quarterly review\nNext page\nGo on"),
                (PartKind::Slide, "2", "Ellipse on slide two"),
                (PartKind::Footer, "footer", "Acme confidential"),
                (PartKind::Footer, "date-time", "2 January 2024"),
                (PartKind::Master, "Default", "Draft for review"),
            ],
            "{name}"
        );
    }
}

#[test]
fn corpus_expected_strings_are_found() {
    common::corpus_strings("odf", 29, &["<text:", "<office:"], &[]);
}

#[test]
fn kinds_and_parts() {
    for name in ["stories.odt", "stories.fodt"] {
        let d = doc(name);
        assert_eq!(d.details, Kind::Odt, "{name}");
        assert_eq!(
            outline(&d),
            [
                "body:",
                "footnote:1",
                "endnote:i",
                "header:default",
                "header:left",
                "footer:default",
                "comment:1",
                "text_box:"
            ],
            "{name}"
        );
        assert_eq!(d.parts[6].attribute("author"), Some("Reviewer One"));
    }
    for name in ["cells.ods", "cells.fods"] {
        let d = doc(name);
        assert_eq!(d.details, Kind::Ods, "{name}");
        assert_eq!(
            outline(&d),
            [
                "sheet:Cells",
                "comment:Cells!C2",
                "text_box:Cells",
                "sheet:Hidden",
                "header:default",
                "footer:default"
            ],
            "{name}"
        );
        assert_eq!(d.parts[1].attribute("author"), Some("Ann"));
        assert_eq!(d.parts[3].attribute("hidden"), Some("true"));
        assert_eq!(d.parts[0].attribute("hidden"), None);
    }
    for name in ["deck.odp", "deck.fodp"] {
        let d = doc(name);
        assert_eq!(d.details, Kind::Odp, "{name}");
        assert_eq!(
            outline(&d),
            ["slide:1", "notes:1", "comment:1", "slide:2", "slide:3"],
            "{name}"
        );
        assert_eq!(d.parts[2].attribute("author"), Some("Carol"));
        assert_eq!(d.parts[3].attribute("hidden"), Some("true"));
    }
}

#[test]
fn meta_xml_is_the_metadata() {
    for name in ["stories.odt", "stories.fodt"] {
        assert_eq!(
            properties(&doc(name)),
            String::from_utf8(read("stories.odt.metadata.txt")).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn pictures_and_objects_are_embedded_files() {
    let d = doc("object.odt");
    let list: Vec<String> = d
        .embedded
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e.path,
                e.kind,
                e.media_type.as_deref().unwrap_or("-")
            )
        })
        .collect();
    // ObjectReplacements/ (a picture of the object) is left out.
    assert_eq!(
        list,
        [
            "/Pictures/dot.png image image/png",
            "/Object 1 ole_object application/vnd.oasis.opendocument.chart"
        ]
    );
    // The object is a package of its own, `mimetype` first, the same
    // bytes each time, readable in turn.
    let object = &d.embedded[1].data;
    assert_eq!(&object[30..38], b"mimetype");
    assert_eq!(*object, doc("object.odt").embedded[1].data);
    let chart = ooxml_text::parse(object).unwrap();
    assert_eq!(chart.details, Kind::Ods);
    assert_eq!(chart.text(), "Sales chart\n\tSales\nQ1\t10\n");
    let mut options = Options::default();
    options.images = false;
    options.embedded = false;
    let bare = ooxml_text::parse_with(&read("object.odt"), &options).unwrap();
    assert!(bare.embedded.is_empty());
}

/// Each encrypted fixture, and the scheme its refusal names.
const ENCRYPTED: &[(&str, &str)] = &[
    ("encrypted.odt", "AES-CBC, PBKDF2"),
    ("encrypted-blowfish.odt", "Blowfish CFB, PBKDF2"),
    ("encrypted-gcm.odt", "AES-GCM, PBKDF2"),
    ("encrypted-wholesome.odt", "AES-GCM, Argon2id"),
];

#[test]
fn encrypted_packages_need_their_password() {
    for (name, scheme) in ENCRYPTED {
        let bytes = read(name);
        match ooxml_text::parse(&bytes) {
            Err(Error::Encrypted {
                format: "odt",
                password_given: false,
                detail,
            }) => assert!(detail.contains(scheme), "{name}: {detail}"),
            other => panic!("{name}: {other:?}"),
        }
        let mut options = Options::default();
        options.password = Some("wrong".into());
        match ooxml_text::parse_with(&bytes, &options) {
            Err(Error::Encrypted {
                format: "odt",
                password_given: true,
                ..
            }) => {}
            other => panic!("{name}: {other:?}"),
        }
        options.password = password(name);
        let d = ooxml_text::parse_with(&bytes, &options).unwrap();
        assert_eq!(d.details, Kind::Odt, "{name}");
        assert_eq!(d.metadata.title.as_deref(), Some("Secret"), "{name}");
        assert!(d.warnings.is_empty(), "{name}: {:?}", d.warnings);
    }
}

#[test]
fn a_wholesome_package_is_read_as_the_package_inside() {
    let d = doc("encrypted-wholesome.odt");
    assert_eq!(outline(&d), ["body:"]);
    // Pictures/ of the inner package are the document's.
    let list: Vec<(&str, Option<&str>)> = d
        .embedded
        .iter()
        .map(|e| (e.path.as_str(), e.media_type.as_deref()))
        .collect();
    assert_eq!(list, [("/Pictures/dot.png", Some("image/png"))]);
    assert_eq!(&d.embedded[0].data[1..4], b"PNG");
}

#[test]
fn the_package_inside_is_under_the_package_limits() {
    const FILE: &str = "encrypted-wholesome.odt";
    let bytes = read(FILE);
    let mut options = Options::default();
    options.password = password(FILE);
    // encrypted-package itself (1,815 bytes) cut short: a limit, not a
    // wrong password.
    options.limits.max_part_bytes = 1000;
    match ooxml_text::parse_with(&bytes, &options) {
        Err(Error::LimitExceeded { limit: 1000, .. }) => {}
        other => panic!("{other:?}"),
    }
    // It decrypts, and the package inside (2,079 bytes) inflates past the
    // part limit: cut there with a warning, its entries salvaged.
    options.limits.max_part_bytes = 2000;
    let d = ooxml_text::parse_with(&bytes, &options).unwrap();
    assert!(
        d.warnings.iter().any(|w| w.kind == WarningKind::Limit
            && w.message
                .contains("decrypted package inflates past 2000 bytes")),
        "{:?}",
        d.warnings
    );
    assert!(d.text().starts_with("Wholesome secret"), "{:?}", d.text());
    // The total counts the outer entries (2,891 bytes), then the package
    // inside, then its entries.
    options.limits = Default::default();
    options.limits.max_total_bytes = 2500;
    assert!(matches!(
        ooxml_text::parse_with(&bytes, &options),
        Err(Error::LimitExceeded { limit: 1424, .. })
    ));
    options.limits.max_total_bytes = 4000;
    let d = ooxml_text::parse_with(&bytes, &options).unwrap();
    assert!(
        d.warnings.iter().any(|w| w
            .message
            .contains("decrypted package inflates past 1109 bytes")),
        "{:?}",
        d.warnings
    );
}

/// A copy of an encrypted fixture with its manifest edited.
fn with_manifest_edit(file: &str, from: &str, to: &str) -> Vec<u8> {
    with_edit(file, "META-INF/manifest.xml", &|data| {
        let text = String::from_utf8(data).unwrap();
        assert!(text.contains(from), "{file}: {from}");
        text.replace(from, to).into_bytes()
    })
}

/// A copy of `file` with `entry` passed through `edit`, every entry stored.
fn with_edit(file: &str, entry: &str, edit: &dyn Fn(Vec<u8>) -> Vec<u8>) -> Vec<u8> {
    use std::io::{Read, Write};
    let bytes = read(file);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&bytes[..])).unwrap();
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let name = f.name().to_string();
        let mut data = Vec::new();
        f.read_to_end(&mut data).unwrap();
        if name == entry {
            data = edit(data);
        }
        w.start_file(name, stored).unwrap();
        w.write_all(&data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

fn parse_as(name: &str, bytes: &[u8]) -> Result<ooxml_text::OfficeDocument, Error> {
    let mut options = Options::default();
    options.password = password(name);
    ooxml_text::parse_with(bytes, &options)
}

#[test]
fn hostile_argon2_parameters_are_refused_before_any_work() {
    const FILE: &str = "encrypted-wholesome.odt";
    for (from, to, what) in [
        (
            "argon2-memory=\"65536\"",
            "argon2-memory=\"4294967295\"",
            "Argon2id memory (KiB)",
        ),
        (
            "argon2-memory=\"65536\"",
            "argon2-memory=\"99999999999999999999999\"",
            "Argon2id memory (KiB)",
        ),
        (
            "argon2-iterations=\"3\"",
            "argon2-iterations=\"1000000\"",
            "Argon2id iterations",
        ),
        (
            "argon2-lanes=\"4\"",
            "argon2-lanes=\"16777215\"",
            "Argon2id lanes",
        ),
    ] {
        let bytes = with_manifest_edit(FILE, from, to);
        let started = std::time::Instant::now();
        match parse_as(FILE, &bytes) {
            Err(Error::LimitExceeded { what: w, .. }) => assert_eq!(w, what),
            other => panic!("{to}: {other:?}"),
        }
        assert!(
            started.elapsed().as_millis() < 500,
            "{to}: {:?}",
            started.elapsed()
        );
        // Refused the same way without a password.
        assert!(matches!(
            ooxml_text::parse(&bytes),
            Err(Error::LimitExceeded { .. })
        ));
    }
    // Parameters Argon2 itself refuses (fewer than 8 KiB per lane).
    let bytes = with_manifest_edit(FILE, "argon2-memory=\"65536\"", "argon2-memory=\"1\"");
    match parse_as(FILE, &bytes) {
        Err(Error::Unsupported(m)) => assert!(m.contains("Argon2id"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_damaged_wholesome_package_is_told_from_a_wrong_password() {
    const FILE: &str = "encrypted-wholesome.odt";
    // The IV before the ciphertext is not the manifest's: damaged.
    let bytes = with_manifest_edit(FILE, "HBwcHBwcHBwcHBwc", "HBwcHBwcHBwcHBwd");
    match parse_as(FILE, &bytes) {
        Err(Error::Corrupt(m)) => assert!(m.contains("IV"), "{m}"),
        other => panic!("{other:?}"),
    }
    // A flipped ciphertext byte fails the tag, as a wrong key does.
    let bytes = with_edit(FILE, "encrypted-package", &|mut d| {
        d[40] ^= 1;
        d
    });
    assert!(matches!(
        parse_as(FILE, &bytes),
        Err(Error::Encrypted {
            password_given: true,
            ..
        })
    ));
    // Too short to hold the IV and the tag.
    let bytes = with_edit(FILE, "encrypted-package", &|d| d[..20].to_vec());
    assert!(matches!(parse_as(FILE, &bytes), Err(Error::Corrupt(_))));
}

#[test]
fn unsupported_encryption_schemes_are_named() {
    let mut options = Options::default();
    options.password = Some("secret".into());
    for (from, to, says) in [
        (
            "http://www.w3.org/2001/04/xmlenc#aes256-cbc",
            "http://www.w3.org/2001/04/xmlenc#tripledes-cbc",
            "tripledes-cbc",
        ),
        (
            "manifest:key-derivation-name=\"PBKDF2\"",
            "manifest:key-derivation-name=\"scrypt\"",
            "scrypt",
        ),
        (
            "</manifest:manifest>",
            "<manifest:keyinfo><manifest:encrypted-key/></manifest:keyinfo></manifest:manifest>",
            "OpenPGP",
        ),
    ] {
        let bytes = with_manifest_edit("encrypted.odt", from, to);
        match ooxml_text::parse_with(&bytes, &options) {
            Err(Error::Unsupported(m)) => assert!(m.contains(says), "{m}"),
            other => panic!("{says}: {other:?}"),
        }
    }
    // OpenPGP keys on a wholesome package too.
    let bytes = with_manifest_edit(
        "encrypted-wholesome.odt",
        "</manifest:manifest>",
        "<manifest:keyinfo><manifest:encrypted-key/></manifest:keyinfo></manifest:manifest>",
    );
    assert!(matches!(
        parse_as("encrypted-wholesome.odt", &bytes),
        Err(Error::Unsupported(m)) if m.contains("OpenPGP")
    ));
    // A checksum that does not match: the password is wrong.
    let bytes = with_manifest_edit(
        "encrypted.odt",
        "#sha256-1k\" manifest:checksum=\"",
        "#sha256-1k\" manifest:checksum=\"AAAA",
    );
    assert!(matches!(
        ooxml_text::parse_with(&bytes, &options),
        Err(Error::Encrypted {
            password_given: true,
            ..
        })
    ));
    let bytes = with_manifest_edit(
        "encrypted-blowfish.odt",
        "manifest:checksum=\"",
        "manifest:checksum=\"AAAA",
    );
    assert!(matches!(
        parse_as("encrypted-blowfish.odt", &bytes),
        Err(Error::Encrypted {
            password_given: true,
            ..
        })
    ));
}

#[test]
fn huge_repeats_cost_nothing() {
    let bytes = read("hostile-repeats.ods");
    let d = ooxml_text::parse(&bytes).unwrap();
    // 1,024 cells of the 16,384 and 1,024 rows of the 1,048,576; the
    // empty repeats (16,384 columns × 1,048,576 rows, twice) add nothing.
    assert!(d.text().len() < 8 << 10, "{}", d.text().len());
    let limits: Vec<&str> = d
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::Limit)
        .map(|w| w.message.as_str())
        .collect();
    assert!(
        limits
            .iter()
            .any(|m| m.contains("cell repeated 16384 times")),
        "{limits:?}"
    );
    assert!(
        limits
            .iter()
            .any(|m| m.contains("row repeated 1048576 times")),
        "{limits:?}"
    );
    let mut options = Options::default();
    options.limits.max_repeat = 3;
    let d = ooxml_text::parse_with(&bytes, &options).unwrap();
    assert_eq!(d.text(), "Huge\nx\tx\tx\nz\nz\nz\n");
    // The output limit holds whatever the repeats.
    let mut options = Options::default();
    options.limits.max_output_bytes = 100;
    let d = ooxml_text::parse_with(&bytes, &options).unwrap();
    assert!(d.text().len() <= 101, "{}", d.text().len());
}

#[test]
fn entity_expansion_is_never_done() {
    let flat = "<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><office:document xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\" office:mimetype=\"application/vnd.oasis.opendocument.text\"><office:body><office:text><text:p>&c;</text:p></office:text></office:body></office:document>";
    let d = ooxml_text::parse(flat.as_bytes()).unwrap();
    assert!(d.text().len() < 16, "{:?}", d.text());
    let zip = testkit::archive::zip(&[
        ("mimetype", b"application/vnd.oasis.opendocument.text"),
        (
            "content.xml",
            flat.replace("office:document ", "office:document-content ")
                .replace("</office:document>", "</office:document-content>")
                .as_bytes(),
        ),
    ]);
    let d = ooxml_text::parse(&zip).unwrap();
    assert!(d.text().len() < 16, "{:?}", d.text());
}

#[test]
fn other_xml_and_zips_are_not_opendocument() {
    assert!(matches!(
        ooxml_text::parse(b"<html><body>hi</body></html>"),
        Err(Error::NotOffice(_))
    ));
    let epub =
        testkit::archive::zip(&[("mimetype", b"application/epub+zip"), ("a.xhtml", b"<p/>")]);
    assert!(matches!(ooxml_text::parse(&epub), Err(Error::NotOffice(_))));
}
