//! Regression tests named after corpus files (skipped with a note when the
//! corpus is absent).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use ole_cfb_read::{CompoundFile, EntryKind};

fn corpus(rel: &str) -> Option<Vec<u8>> {
    let dir = testkit::corpus::require_dir(rel)?;
    Some(std::fs::read(dir.join(rel)).unwrap())
}

#[test]
fn doc_test_shift_jis_title_is_decoded_from_cp932() {
    let Some(data) = corpus("doc/poi/TestShiftJIS.doc") else {
        return;
    };
    let cfb = CompoundFile::open(&data).unwrap();
    let m = cfb.metadata();
    assert_eq!(m.code_page, Some(932));
    assert_eq!(m.title.as_deref(), Some("第1章"));
    assert_eq!(m.author.as_deref(), Some("Reiichiro Hori"));
    assert_eq!(m.application.as_deref(), Some("Microsoft Word 9.0"));
    assert_eq!(
        m.created.map(|t| t.to_rfc3339()).as_deref(),
        Some("2003-01-31T11:04:00Z")
    );
    assert_eq!(
        cfb.find_stream(&["0Table", "1Table"]).unwrap().path,
        "1Table"
    );
}

#[test]
fn doc_test_chinese_properties_are_utf8_with_code_page_minus_535() {
    let Some(data) = corpus("doc/poi/TestChineseProperties.doc") else {
        return;
    };
    let m = CompoundFile::open(&data).unwrap().metadata();
    assert_eq!(m.code_page, Some(65001));
    assert_eq!(m.title.as_deref(), Some("參考資料"));
    assert_eq!(m.author.as_deref(), Some("雅虎"));
    assert_eq!(m.company.as_deref(), Some("Computer Associates Intl."));
    assert_eq!(m.category.as_deref(), Some("科學"));
}

#[test]
fn doc_47950_normal_opens_although_its_fat_is_longer_than_the_file() {
    // The cfb crate refuses this real Word file ("FAT has 128 entries, but file has only 52 sectors").
    let Some(data) = corpus("doc/poi/47950_normal.doc") else {
        return;
    };
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(cfb.stream("WordDocument").unwrap().len() > 1000);
    assert_eq!(cfb.metadata().author.as_deref(), Some("Ross Johnson"));
}

#[test]
fn xls_workbook_in_capitals_title_ends_at_its_nul() {
    // Crystal Reports wrote string sizes that run into the next property.
    let Some(data) = corpus("xls/poi/WORKBOOK_in_capitals.xls") else {
        return;
    };
    let m = CompoundFile::open(&data).unwrap().metadata();
    assert_eq!(
        m.title.as_deref(),
        Some("KAG Inventarliste Ampega Fonds 551")
    );
    assert_eq!(m.author.as_deref(), Some("Crystal Decisions"));
    assert_eq!(m.comments.as_deref(), Some("Powered by Crystal"));
}

#[test]
fn xls_poi_fuzz_created_after_year_9999_is_dropped() {
    let Some(data) = corpus("xls/poi/poi-fuzz.xls") else {
        return;
    };
    let m = CompoundFile::open(&data).unwrap().metadata();
    assert_eq!(m.created, None);
}

#[test]
fn hwp_5_0_revision_title_comes_from_hwp_summary_information() {
    let Some(data) = corpus("hwp/hwprs/한글문서파일형식_5.0_revision1.3.hwp") else {
        return;
    };
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(cfb.summary_information().is_none());
    let m = cfb.metadata();
    assert_eq!(m.title.as_deref(), Some("한글문서파일형식_5.0_revision1.3"));
    assert_eq!(m.author.as_deref(), Some("(주)한글과컴퓨터"));
    assert_eq!(
        m.created.map(|t| t.to_rfc3339()).as_deref(),
        Some("2014-10-04T05:49:27Z")
    );
    assert!(
        cfb.entry("BodyText/Section0")
            .is_some_and(|e| e.kind == EntryKind::Stream)
    );
}

#[test]
fn doc_clusterfuzz_5440721166139392_skips_dangling_directory_ids_with_warnings() {
    let Some(data) =
        corpus("doc/poi/clusterfuzz-testcase-minimized-POIHWPFFuzzer-5440721166139392.doc")
    else {
        return;
    };
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(
        cfb.warnings()
            .iter()
            .any(|w| w.message.contains("outside the directory"))
    );
    assert!(cfb.entry("WordDocument").is_some());
}

#[test]
fn ooxml_encrypted_containers_hold_encryption_info_and_package() {
    for rel in [
        "ooxml/poi/protected_passtika.xlsx",
        "ooxml/poi/bug53475-password-is-pass.docx",
    ] {
        let Some(data) = corpus(rel) else { return };
        let cfb = CompoundFile::open(&data).unwrap();
        assert!(cfb.entry("EncryptionInfo").is_some(), "{rel}");
        let package = cfb.stream("EncryptedPackage").unwrap();
        assert_eq!(
            package.len() as u64,
            cfb.entry("EncryptedPackage").unwrap().size,
            "{rel}"
        );
    }
}
