//! The generated `fixtures/ppt` decks (`cargo xtask fixtures ppt`): each
//! text equals its golden exactly, and the parts behind it are as written.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::PartKind;
use ppt_text::{Error, Presentation, WarningKind};

fn deck(name: &str) -> Presentation {
    testkit::parse_fixture(&format!("ppt/{name}"), ppt_text::parse)
}

fn kinds(d: &Presentation) -> Vec<(PartKind, &str)> {
    d.parts
        .iter()
        .map(|p| (p.kind, p.name.as_deref().unwrap_or("")))
        .collect()
}

#[test]
fn every_golden_matches_exactly() {
    testkit::assert_goldens("ppt", 7, |name| {
        let d = deck(name);
        (d.text(), d.warnings)
    });
}

#[test]
fn the_newest_edit_wins() {
    let d = deck("two-edits.ppt");
    assert_eq!(kinds(&d), [(PartKind::Slide, "1")]);
    // The old revision and the deleted slide are in the stream, never read.
    let raw = testkit::read_fixture("ppt/two-edits.ppt");
    let old: Vec<u8> = "Deleted slide"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert!(raw.windows(old.len()).any(|w| w == old));
    assert!(!d.text().contains("Old title") && !d.text().contains("Deleted slide"));
}

#[test]
fn notes_comments_and_fields() {
    let d = deck("notes.ppt");
    assert_eq!(
        kinds(&d),
        [
            (PartKind::Slide, "1"),
            (PartKind::Comment, "1"),
            (PartKind::Notes, "1")
        ]
    );
    assert_eq!(d.parts[1].attribute("author"), Some("Ann"));
    assert!(d.parts[0].text.ends_with("Slide 1"));
    assert!(d.parts[0].text.starts_with("Agenda\n"));
}

#[test]
fn groups_tables_and_deleted_shapes() {
    let d = deck("shapes.ppt");
    assert!(d.text().contains("Inner caption"));
    assert!(!d.text().contains("Deleted shape"));
}

#[test]
fn master_prompts_are_dropped_and_real_text_kept() {
    let d = deck("master.ppt");
    assert_eq!(
        kinds(&d),
        [
            (PartKind::Slide, "1"),
            (PartKind::Footer, "1"),
            (PartKind::Master, "1")
        ]
    );
    assert!(!d.text().contains("Click to edit"));
    assert!(!d.text().contains("Second level"));
}

#[test]
fn dual_storage_reads_the_powerpoint_97_stream() {
    assert!(!deck("dual-storage.ppt").text().contains("95"));
}

#[test]
fn a_truncated_deck_warns_and_keeps_what_it_read() {
    // Cut the Document out from under the edit: a typed error, no panic.
    let data = testkit::read_fixture("ppt/shapes.ppt");
    let cf = ole_cfb_read::CompoundFile::open(&data).unwrap();
    let stream = cf.stream("PowerPoint Document").unwrap().to_vec();
    let cu = cf.stream("Current User").unwrap().to_vec();
    let mut broken = stream.clone();
    broken.truncate(stream.len() / 2);
    let file =
        testkit::cfb::compound_file(&[("Current User", &cu), ("PowerPoint Document", &broken)]);
    assert!(matches!(ppt_text::parse(&file), Err(Error::Corrupt(_))));
    // A Current User pointing nowhere: the last UserEditAtom is used, with a warning.
    let bad_cu = testkit::ppt::current_user(7);
    let file =
        testkit::cfb::compound_file(&[("Current User", &bad_cu), ("PowerPoint Document", &stream)]);
    let d = ppt_text::parse(&file).unwrap();
    assert!(d.text().contains("Inner caption"));
    assert!(d.warnings.iter().any(|w| w.kind == WarningKind::Persist));
}

#[test]
fn a_file_without_a_deck_is_unsupported() {
    let file = testkit::cfb::compound_file(&[("WordDocument", b"x")]);
    assert!(matches!(ppt_text::parse(&file), Err(Error::Unsupported(_))));
}

#[test]
fn embedded_files_can_be_left_out() {
    // Pictures and OLE objects come from the Pictures stream and ExOleObjStg
    // records; a deck written with a PNG BLIP in its Pictures stream.
    let data = testkit::read_fixture("ppt/shapes.ppt");
    let cf = ole_cfb_read::CompoundFile::open(&data).unwrap();
    let stream = cf.stream("PowerPoint Document").unwrap().to_vec();
    let cu = cf.stream("Current User").unwrap().to_vec();
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
    let mut blip = vec![0u8; 17];
    blip[16] = 0xFF;
    blip.extend(png);
    let pictures = testkit::ppt::rec(0, 0x6E0, 0xF01E, &blip);
    let file = testkit::cfb::compound_file(&[
        ("Current User", &cu),
        ("Pictures", &pictures),
        ("PowerPoint Document", &stream),
    ]);
    let d = ppt_text::parse(&file).unwrap();
    assert_eq!(d.embedded.len(), 1);
    assert_eq!(d.embedded[0].path, "/image1.png");
    assert_eq!(d.embedded[0].data, png);
    let mut o = ppt_text::Options::default();
    o.embedded = false;
    assert!(ppt_text::parse_with(&file, &o).unwrap().embedded.is_empty());
}

#[test]
fn encryption_default_given_and_wrong_passwords() {
    let d = deck("encrypted-default.ppt");
    assert_eq!(kinds(&d), [(PartKind::Slide, "1"), (PartKind::Notes, "1")]);
    // The same deck under a password of its own.
    let scheme = testkit::crypto::BinaryScheme::CryptoApi {
        password: "secret".into(),
        salt: [0x33; 16],
        verifier: [0x44; 16],
        key_bits: 128,
    };
    let mut deck = testkit::ppt::Deck::new();
    deck.crypt_session(30, &scheme);
    let s = testkit::ppt::slide(
        0,
        &testkit::ppt::drawing(&[testkit::ppt::shape(
            2,
            0,
            None,
            Some(&testkit::ppt::textbox(0, "Behind a password")),
        )]),
        &[],
    );
    deck.put_encrypted(2, &s, &scheme);
    let doc = testkit::ppt::document(&[testkit::ppt::slide_list(
        0,
        &[testkit::ppt::ListEntry {
            persist_id: 2,
            slide_id: 256,
            texts: &[],
        }],
    )]);
    deck.put_encrypted(1, &doc, &scheme);
    deck.commit(1);
    let (stream, cu) = deck.finish();
    let file =
        testkit::cfb::compound_file(&[("Current User", &cu), ("PowerPoint Document", &stream)]);
    match ppt_text::parse(&file) {
        Err(Error::Encrypted {
            scheme,
            password_tried,
        }) => {
            assert_eq!(scheme, "RC4 CryptoAPI");
            assert!(!password_tried);
        }
        other => panic!("{other:?}"),
    }
    let mut o = ppt_text::Options::default();
    o.password = Some("wrong".into());
    assert!(matches!(
        ppt_text::parse_with(&file, &o),
        Err(Error::Encrypted {
            password_tried: true,
            ..
        })
    ));
    o.password = Some("secret".into());
    assert_eq!(
        ppt_text::parse_with(&file, &o).unwrap().text(),
        "Behind a password\n"
    );
}

#[test]
fn missing_persist_ids_and_deep_groups_are_warnings() {
    use testkit::ppt::{
        Deck, ListEntry, document, drawing, group, shape, slide, slide_list, textbox,
    };
    let mut deck = Deck::new();
    deck.put(
        2,
        &slide(
            0,
            &drawing(&[shape(2, 0, None, Some(&textbox(0, "Readable")))]),
            &[],
        ),
    );
    // Slide 2's drawing nests 40 groups, past Limits::max_depth (32).
    let mut nested = shape(99, 0x2, None, Some(&textbox(4, "Too deep")));
    for i in 0..40 {
        nested = group(100 + i, 0x2, &[nested]);
    }
    deck.put(3, &slide(0, &drawing(&[nested]), &[]));
    let e = |persist_id, slide_id, texts: &'static [(u32, &'static str)]| ListEntry {
        persist_id,
        slide_id,
        texts,
    };
    deck.put(
        1,
        &document(&[slide_list(
            0,
            &[
                e(2, 256, &[]),
                e(9, 257, &[(0, "Outline only")]),
                e(3, 258, &[]),
            ],
        )]),
    );
    deck.commit(1);
    let (stream, cu) = deck.finish();
    let file =
        testkit::cfb::compound_file(&[("Current User", &cu), ("PowerPoint Document", &stream)]);
    let d = ppt_text::parse(&file).unwrap();
    // Slide 2 has no persist object: its outline text stands in, with a warning.
    assert_eq!(d.text(), "Readable\n\nOutline only\n");
    assert!(d.warnings.iter().any(|w| w.kind == WarningKind::Slide));
    assert!(d.warnings.iter().any(|w| w.kind == WarningKind::Drawing));
}

#[test]
fn an_ole_package_is_unwrapped_to_its_file_byte_for_byte() {
    // ExOleObjStg (compressed) holding a compound file with a Packager
    // `\x01Ole10Native`: the packaged file under its own name, as `.doc`
    // gives an ObjectPool package.
    let d = testkit::parse_fixture("ppt/ole-package.ppt", ppt_text::parse);
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    let files: Vec<(&str, Option<&str>)> = d
        .embedded
        .iter()
        .map(|e| (e.path.as_str(), e.name.as_deref()))
        .collect();
    assert_eq!(files, [("/ole30/report.txt", Some("report.txt"))]);
    assert_eq!(
        d.embedded[0].data,
        b"Quarterly report\r\nRevenue: 42\r\n".as_slice()
    );
    assert_eq!(d.embedded[0].kind, doc_model::EmbeddedKind::OleObject);
}
