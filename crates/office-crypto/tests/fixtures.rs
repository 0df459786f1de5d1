//! Every fixture of `fixtures/crypto` (written by `cargo xtask fixtures
//! crypto`) decrypts to its `NAME.workbook`/`NAME.package` exactly, with
//! the warnings of `NAME.warnings.txt`, or fails with `NAME.error.txt`;
//! and the LibreOffice- and msoffcrypto-tool-made files of
//! `fixtures/crypto-external` open with their password.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use common::{holds_text, open, passwords};
use office_crypto::{Error, Options, Scheme};

fn dir(name: &str) -> PathBuf {
    testkit::fixture(name)
}

fn is_document(name: &str) -> bool {
    name.ends_with(".xls") || name.ends_with(".docx") || name.ends_with(".doc")
}

fn documents(folder: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir(folder))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| is_document(n))
        .collect();
    names.sort();
    names
}

#[test]
fn every_fixture_matches_its_golden_output() {
    let d = dir("crypto");
    let pw = passwords(&d);
    let names = documents("crypto");
    assert!(names.len() >= 15, "{names:?}");
    for name in &names {
        let file = std::fs::read(d.join(name)).unwrap();
        let mut options = Options::default();
        options.password = pw.get(name).cloned();
        let result = open(&file, &options);
        if let Ok(expected) = std::fs::read_to_string(d.join(format!("{name}.error.txt"))) {
            let e = result.expect_err(name);
            assert_eq!(e.to_string(), expected.trim_end(), "{name}");
            continue;
        }
        let opened = result.unwrap_or_else(|e| panic!("{name}: {e}"));
        let golden = ["workbook", "package"]
            .iter()
            .find_map(|ext| std::fs::read(d.join(format!("{name}.{ext}"))).ok())
            .unwrap_or_else(|| panic!("{name}: no golden output"));
        assert!(
            opened.bytes == golden,
            "{name}: decrypted bytes differ from the golden"
        );
        let warnings: Vec<String> = opened.warnings.iter().map(ToString::to_string).collect();
        let expected: Vec<String> = std::fs::read_to_string(d.join(format!("{name}.warnings.txt")))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect();
        assert_eq!(warnings, expected, "{name}");
    }
}

#[test]
fn fixtures_with_a_password_need_it_and_default_ones_need_none() {
    let d = dir("crypto");
    let pw = passwords(&d);
    for name in documents("crypto") {
        if std::fs::metadata(d.join(format!("{name}.error.txt"))).is_ok() {
            continue;
        }
        let file = std::fs::read(d.join(&name)).unwrap();
        let none = open(&file, &Options::default());
        let wrong = open(&file, &Options::with_password("not the password"));
        if pw.contains_key(&name) {
            assert!(
                matches!(
                    none,
                    Err(Error::PasswordRequired {
                        default_tried: true,
                        ..
                    })
                ),
                "{name}: {none:?}"
            );
            assert!(
                matches!(wrong, Err(Error::WrongPassword { .. })),
                "{name}: {wrong:?}"
            );
        } else {
            // The default password opens it, with or without a (wrong) password given.
            assert!(none.is_ok(), "{name}: {none:?}");
            assert!(wrong.is_ok(), "{name}: {wrong:?}");
        }
    }
}

#[test]
fn fixture_schemes_are_reported() {
    let d = dir("crypto");
    let pw = passwords(&d);
    for (name, scheme) in [
        ("xor-abc.xls", Scheme::Xor),
        ("rc4-tika.xls", Scheme::Rc4),
        ("cryptoapi40-default.xls", Scheme::Rc4CryptoApi),
        ("standard-aes256.docx", Scheme::Standard),
        ("agile-sha1-aes128.docx", Scheme::Agile),
    ] {
        let file = std::fs::read(d.join(name)).unwrap();
        let mut options = Options::default();
        options.password = pw.get(name).cloned();
        assert_eq!(open(&file, &options).unwrap().scheme, scheme, "{name}");
    }
}

#[test]
fn libreoffice_rc4_workbook_opens_with_its_password() {
    let file = std::fs::read(dir("crypto-external").join("libreoffice-rc4.xls")).unwrap();
    let opened = open(&file, &Options::with_password("secret")).unwrap();
    assert_eq!(opened.scheme, Scheme::Rc4);
    assert!(holds_text(&opened.bytes, "Encrypted cell text"));
    assert!(holds_text(&opened.bytes, "Zweite Zeile äöü"));
    assert!(matches!(
        open(&file, &Options::default()),
        Err(Error::PasswordRequired {
            scheme: Scheme::Rc4,
            default_tried: true
        })
    ));
}

#[test]
fn libreoffice_rc4_document_reads_as_plain_word() {
    let file = std::fs::read(dir("crypto-external").join("libreoffice-rc4.doc")).unwrap();
    let cf = ole_cfb_read::CompoundFile::open(&file).unwrap();
    let wd = cf.stream("WordDocument").unwrap();
    let table = cf.stream("1Table").unwrap();
    let d = office_crypto::doc::decrypt_word(&wd, &table, None, Some("secret")).unwrap();
    assert_eq!(d.scheme, Scheme::Rc4);
    let streams = msdoc_text::Streams {
        word_document: &d.word_document,
        table0: None,
        table1: Some(&d.table),
        data: None,
    };
    let text = msdoc_text::WordDocument::parse(&streams).unwrap().text();
    assert!(text.contains("Encrypted paragraph one."), "{text:?}");
    assert!(text.contains("Second paragraph with ümlauts."), "{text:?}");
    assert_eq!(
        office_crypto::doc::decrypt_word(&wd, &table, None, Some("Secret")).unwrap_err(),
        Error::WrongPassword {
            scheme: Scheme::Rc4
        }
    );
}

#[test]
fn libreoffice_standard_packages_are_zips() {
    for (name, part) in [
        ("libreoffice-standard.docx", "word/document.xml"),
        ("libreoffice-standard.xlsx", "xl/workbook.xml"),
    ] {
        let file = std::fs::read(dir("crypto-external").join(name)).unwrap();
        let opened = open(&file, &Options::with_password("secret")).unwrap();
        assert_eq!(opened.scheme, Scheme::Standard, "{name}");
        assert!(opened.bytes.starts_with(b"PK\x03\x04"), "{name}");
        assert!(holds_text(&opened.bytes, part), "{name}");
        // The end of central directory record closes the package exactly.
        let eocd = opened.bytes.len() - 22;
        assert_eq!(&opened.bytes[eocd..eocd + 4], b"PK\x05\x06", "{name}");
    }
}

#[test]
fn msoffcrypto_agile_packages_decrypt_to_their_input() {
    for name in ["msoffcrypto-agile.docx", "msoffcrypto-agile.xlsx"] {
        let d = dir("crypto-external");
        let file = std::fs::read(d.join(name)).unwrap();
        let opened = open(&file, &Options::with_password("secret")).unwrap();
        assert_eq!(opened.scheme, Scheme::Agile);
        assert!(opened.warnings.is_empty(), "{name}: {:?}", opened.warnings);
        let plain = std::fs::read(d.join(format!("{name}.plain"))).unwrap();
        assert!(opened.bytes == plain, "{name}");
    }
}
