//! The generated `fixtures/hwp` files (`cargo xtask fixtures hwp`): the
//! text of each must equal its golden exactly, and each structure it was
//! made for must come out where it belongs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::{EmbeddedKind, PartKind};
use hwp_text::{Error, HwpDocument, HwpKind, WarningKind};

fn read(name: &str) -> (Vec<u8>, String) {
    let bytes = std::fs::read(testkit::fixture(&format!("hwp/{name}"))).unwrap();
    let golden =
        std::fs::read_to_string(testkit::fixture(&format!("hwp/{name}.golden.txt"))).unwrap();
    (bytes, golden)
}

/// Parses fixture `name`, checks its text against the golden and that it
/// had no warnings.
fn check(name: &str) -> HwpDocument {
    let (bytes, golden) = read(name);
    let doc = hwp_text::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(doc.text(), golden, "{name}");
    assert!(doc.warnings.is_empty(), "{name}: {:?}", doc.warnings);
    doc
}

fn part(doc: &HwpDocument, kind: PartKind) -> &str {
    doc.parts
        .iter()
        .find(|p| p.kind == kind)
        .map_or("", |p| p.text.as_str())
}

#[test]
fn every_fixture_has_a_golden_and_a_test() {
    let mut names: Vec<String> = std::fs::read_dir(testkit::fixture("hwp"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| !n.ends_with(".golden.txt"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "bindata-unlisted.hwp",
            "bindata.hwp",
            "characters.hwp",
            "distribution-no-flag.hwp",
            "distribution-stored.hwp",
            "distribution.hwp",
            "dutmal.hwp",
            "equation.hwp",
            "fields.hwp",
            "hancom2011.hwpx",
            "header-footer.hwp",
            "hidden-comment.hwp",
            "hwp3.hwp",
            "hwpml.hml",
            "memo.hwp",
            "memo.hwpx",
            "notes.hwp",
            "numbering.hwp",
            "owpml2024.hwpx",
            "paragraphs.hwp",
            "password.hwp",
            "preview-only.hwp",
            "table-nested.hwp",
            "textbox.hwp",
            "track-changes.hwp",
            "track-changes.hwpx",
        ]
    );
    for n in &names {
        assert!(
            testkit::fixture(&format!("hwp/{n}.golden.txt")).is_file(),
            "{n}"
        );
    }
}

#[test]
fn paragraphs_and_summary_information() {
    let doc = check("paragraphs.hwp");
    assert_eq!(doc.details.kind, HwpKind::Hwp5);
    assert_eq!(doc.details.version, "5.0.3.2");
    assert_eq!(doc.details.flags, ["compressed"]);
    assert_eq!(doc.metadata.title.as_deref(), Some("문단 견본"));
    assert_eq!(doc.metadata.author.as_deref(), Some("홍길동"));
    assert_eq!(
        doc.metadata.created.as_deref(),
        Some("2024-01-02T03:04:05Z")
    );
    assert_eq!(
        doc.metadata.modified.as_deref(),
        Some("2024-05-06T07:08:09Z")
    );
}

#[test]
fn characters_controls_old_hangul_and_surrogates() {
    check("characters.hwp");
}

#[test]
fn tables_rows_cells_nested_and_caption() {
    let doc = check("table-nested.hwp");
    assert_eq!(doc.parts.len(), 1);
}

#[test]
fn text_boxes_and_groups_are_text_box_parts() {
    let doc = check("textbox.hwp");
    assert_eq!(
        part(&doc, PartKind::TextBox),
        "글상자 안\n둘째 줄\n묶음 하나\n묶음 둘\n"
    );
    assert_eq!(part(&doc, PartKind::Body), "본문\n그림 1 글상자\n\n");
}

#[test]
fn headers_and_footers_once_each() {
    let doc = check("header-footer.hwp");
    assert_eq!(part(&doc, PartKind::Header), "머리말 글\n");
    assert_eq!(part(&doc, PartKind::Footer), "꼬리말 글\n");
}

#[test]
fn footnotes_and_endnotes_with_their_numbers() {
    let doc = check("notes.hwp");
    assert_eq!(
        part(&doc, PartKind::Footnote),
        "1) 첫 각주입니다.\n2) 둘째 각주.\n"
    );
    assert_eq!(part(&doc, PartKind::Endnote), "1) 미주입니다.\n");
}

#[test]
fn hidden_comments_are_comment_parts() {
    let doc = check("hidden-comment.hwp");
    assert_eq!(part(&doc, PartKind::Comment), "숨은 설명 글\n");
}

#[test]
fn tracked_changes_read_as_accepted() {
    for name in ["track-changes.hwp", "track-changes.hwpx"] {
        let doc = check(name);
        let text = doc.text();
        // Deleted text (in a paragraph and across a paragraph end) is gone,
        // inserted text stays, a highlight range removes nothing.
        for gone in ["월요일", "지운 꼬리", "지운 머리"] {
            assert!(!text.contains(gone), "{name}: {gone}");
        }
        assert!(text.contains("화요일"), "{name}");
        assert!(text.contains("형광펜은 그대로"), "{name}");
        assert_eq!(doc.parts.len(), 1, "{name}");
    }
}

#[test]
fn memos_are_named_comment_parts() {
    let doc = check("memo.hwp");
    let memos: Vec<_> = doc
        .parts
        .iter()
        .filter(|p| p.kind == PartKind::Comment)
        .map(|p| (p.name.as_deref(), p.text.as_str()))
        .collect();
    assert_eq!(
        memos,
        [
            (Some("1"), "첫 메모 내용\n둘째 줄\n"),
            (Some("2"), "두 번째 메모\n")
        ]
    );
    assert_eq!(
        part(&doc, PartKind::Body),
        "메모가 달린 문장입니다.\n둘째 문단\n"
    );

    let doc = check("memo.hwpx");
    let memos: Vec<_> = doc
        .parts
        .iter()
        .filter(|p| p.kind == PartKind::Comment)
        .map(|p| (p.name.as_deref(), p.attribute("author"), p.text.as_str()))
        .collect();
    assert_eq!(
        memos,
        [
            (Some("1"), Some("홍길동"), "첫 메모 내용\n"),
            (Some("memo2"), None, "모음 속 메모\n")
        ]
    );
}

#[test]
fn hyperlinks_show_their_text_and_click_here_guides_are_not_text() {
    let doc = check("fields.hwp");
    let text = doc.text();
    assert!(!text.contains("example.invalid"));
    assert!(!text.contains("입력하세요"));
}

#[test]
fn equations_as_their_script() {
    check("equation.hwp");
}

#[test]
fn ruby_text_after_its_base() {
    check("dutmal.hwp");
}

#[test]
fn numbering_bullets_and_outline_numbers_as_displayed() {
    check("numbering.hwp");
}

#[test]
fn distribution_documents_read_view_text_not_the_placeholder() {
    let doc = check("distribution.hwp");
    assert!(doc.details.flags.contains(&"distribution".to_string()));
    assert!(!doc.text().contains("배포용 문서입니다"));
}

#[test]
fn password_documents_are_encrypted_errors_with_metadata() {
    let (bytes, golden) = read("password.hwp");
    let err = hwp_text::parse(&bytes).unwrap_err();
    assert_eq!(format!("{err}\n"), golden);
    match err {
        Error::Encrypted { metadata, .. } => {
            assert_eq!(metadata.title.as_deref(), Some("암호 문서"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bin_data_pictures_and_ole_objects_are_embedded() {
    let doc = check("bindata.hwp");
    let paths: Vec<(&str, EmbeddedKind)> = doc
        .embedded
        .iter()
        .map(|e| (e.path.as_str(), e.kind))
        .collect();
    assert_eq!(
        paths,
        [
            ("/BinData/BIN0001.png", EmbeddedKind::Image),
            ("/BinData/BIN0002.png", EmbeddedKind::Image),
            ("/BinData/BIN0003.OLE", EmbeddedKind::OleObject),
        ]
    );
    assert!(doc.embedded[0].data.starts_with(b"\x89PNG"));
    assert_eq!(doc.embedded[0].data, doc.embedded[1].data);
    assert_eq!(doc.embedded[0].media_type.as_deref(), Some("image/png"));
    assert!(doc.embedded[2].data.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]));
}

#[test]
fn bin_data_streams_docinfo_does_not_list_are_embedded() {
    let doc = check("bindata-unlisted.hwp");
    let paths: Vec<(&str, EmbeddedKind, Option<&str>)> = doc
        .embedded
        .iter()
        .map(|e| (e.path.as_str(), e.kind, e.media_type.as_deref()))
        .collect();
    assert_eq!(
        paths,
        [
            (
                "/BinData/BIN0001.png",
                EmbeddedKind::Image,
                Some("image/png")
            ),
            (
                "/BinData/BIN0002.png",
                EmbeddedKind::Image,
                Some("image/png")
            ),
            (
                "/BinData/BIN0003.gif",
                EmbeddedKind::Image,
                Some("image/gif")
            ),
        ]
    );
    // Inflated as the document's streams are; a stream that does not
    // inflate is kept as stored.
    assert!(doc.embedded[1].data.starts_with(b"\x89PNG"));
    assert_eq!(doc.embedded[2].data, b"GIF89a stored as is");
}

#[test]
fn distribution_variants_read_view_text() {
    // No FileHeader bit: ViewText opens with DISTRIBUTE_DOC_DATA all the same.
    let doc = check("distribution-no-flag.hwp");
    assert!(!part(&doc, PartKind::Body).contains("배포용 문서입니다"));
    // Uncompressed ViewText under a compressed FileHeader: read as it is, said once.
    let (bytes, golden) = read("distribution-stored.hwp");
    let doc = hwp_text::parse(&bytes).unwrap();
    assert_eq!(doc.text(), golden);
}

#[test]
fn preview_text_only_as_a_fallback_with_a_warning() {
    let (bytes, golden) = read("preview-only.hwp");
    let doc = hwp_text::parse(&bytes).unwrap();
    assert_eq!(doc.text(), golden);
    assert!(
        doc.warnings.iter().any(|w| w.kind == WarningKind::Preview),
        "{:?}",
        doc.warnings
    );
}

#[test]
fn hwpx_in_both_namespace_generations() {
    for name in ["hancom2011.hwpx", "owpml2024.hwpx"] {
        let doc = check(name);
        assert_eq!(doc.details.kind, HwpKind::Hwpx);
        assert_eq!(doc.details.version, "5.1.1.0");
        assert_eq!(doc.metadata.title.as_deref(), Some("HWPX 견본"));
        assert_eq!(doc.metadata.author.as_deref(), Some("테스트 작성자"));
        assert_eq!(
            doc.metadata.created.as_deref(),
            Some("2024-01-02T03:04:05Z")
        );
        assert_eq!(doc.embedded.len(), 1);
        assert_eq!(doc.embedded[0].path, "/BinData/image1.png");
        assert_eq!(doc.embedded[0].media_type.as_deref(), Some("image/png"));
    }
}

#[test]
fn hwpml_xml() {
    let doc = check("hwpml.hml");
    assert_eq!(doc.details.kind, HwpKind::Hwpml);
    assert_eq!(doc.metadata.title.as_deref(), Some("HWPML 견본"));
}

#[test]
fn hwp3_johab_hanja_symbols_and_controls() {
    let doc = check("hwp3.hwp");
    assert_eq!(doc.details.kind, HwpKind::Hwp3);
    assert_eq!(doc.metadata.title.as_deref(), Some("한글 3 견본"));
    assert_eq!(doc.metadata.author.as_deref(), Some("홍길동"));
}

#[test]
fn sniff_names_every_kind() {
    let kind = |n: &str| hwp_text::sniff(&read(n).0);
    assert_eq!(kind("paragraphs.hwp"), Some(HwpKind::Hwp5));
    assert_eq!(kind("owpml2024.hwpx"), Some(HwpKind::Hwpx));
    assert_eq!(kind("hwp3.hwp"), Some(HwpKind::Hwp3));
    assert_eq!(kind("hwpml.hml"), Some(HwpKind::Hwpml));
    let old = b"HWP Document File V2.10 \x1A\x01\x02\x03\x04\x05";
    assert_eq!(
        hwp_text::sniff(old),
        Some(HwpKind::Older {
            version: "2.10".into()
        })
    );
    assert_eq!(
        hwp_text::parse(old).unwrap_err(),
        Error::Unsupported("HWP 2.10 (HWP 2.x and older are not read)".into())
    );
    assert_eq!(hwp_text::sniff(b"%PDF-1.4"), None);
    let doc_file = testkit::cfb::compound_file(&[("WordDocument", b"x".as_slice())]);
    assert_eq!(hwp_text::sniff(&doc_file), None);
}

/// Range tags that cannot be applied keep their text, with one warning:
/// a deletion tag naming an insertion (or a missing) TRACK_CHANGE, a range
/// past the paragraph, two deletions that overlap.
#[test]
fn tracked_deletions_that_do_not_hold_keep_their_text() {
    use testkit::hwp::{Para, record, section, tag, track_change};
    let mut info = record(tag::TRACK_CHANGE, 1, &track_change(0x10, 0));
    info.extend(record(tag::TRACK_CHANGE, 1, &track_change(0x11, 0)));
    let del = 0x11u32 << 24;
    for (tags, why) in [
        (vec![(0, 2, del | 1)], "names an insertion"),
        (vec![(0, 2, del | 9)], "names no TRACK_CHANGE"),
        (vec![(0, 40, del | 2)], "past the paragraph"),
        (vec![(0, 3, del | 2), (2, 4, del | 2)], "overlapping"),
    ] {
        let s = section(&[Para::text("가나다라").tagged(&tags), Para::text("끝")]);
        let doc = hwp_text::from_records(&info, &[&s], 0x0501_0000, &Default::default());
        assert_eq!(doc.text(), "가나다라\n끝\n", "{why}");
        let kinds: Vec<_> = doc.warnings.iter().map(|w| w.kind).collect();
        assert_eq!(kinds, [WarningKind::TrackChange], "{why}");
    }
    // Without DocInfo's records nothing is taken for a deletion.
    let s = section(&[Para::text("가나다라").tagged(&[(0, 2, del | 1)])]);
    let doc = hwp_text::from_records(&[], &[&s], 0x0501_0000, &Default::default());
    assert_eq!(doc.text(), "가나다라\n");
}

/// HWPX deletion marks without their pair, or whose TcId is not a Delete of
/// header.xml, keep their text, with one warning.
#[test]
fn hwpx_deletion_marks_that_do_not_hold_keep_their_text() {
    use testkit::hwp::{Namespace, hwpx};
    let header = r#"<hh:refList><hh:trackChanges itemCnt="2"><hh:trackChange type="Insert" id="1"/><hh:trackChange type="Delete" id="2"/></hh:trackChanges></hh:refList>"#;
    for (t, why) in [
        (
            r#"가<hp:deleteBegin Id="1" TcId="1"/>나<hp:deleteEnd Id="1" TcId="1" paraend="0"/>다"#,
            "an insertion's TcId",
        ),
        (r#"가<hp:deleteBegin Id="1" TcId="2"/>나다"#, "no deleteEnd"),
        (
            r#"가<hp:deleteEnd Id="1" TcId="2" paraend="0"/>나<hp:deleteBegin Id="1" TcId="2"/>다"#,
            "end before begin",
        ),
    ] {
        let body = format!(
            r#"<hp:p id="0" paraPrIDRef="0" styleIDRef="0"><hp:run charPrIDRef="0"><hp:t>{t}</hp:t></hp:run></hp:p>"#
        );
        let file = hwpx(Namespace::Hancom2011, "t", header, &[body], &[]);
        let doc = hwp_text::parse(&file).unwrap();
        assert_eq!(doc.text(), "가나다\n", "{why}");
        let kinds: Vec<_> = doc.warnings.iter().map(|w| w.kind).collect();
        assert_eq!(kinds, [WarningKind::TrackChange], "{why}");
    }
}
