//! Integration tests on `fixtures/cfb` (regenerate with `cargo xtask fixtures cfb`):
//! the well-formed files against their `.streams.txt` listings, their metadata
//! and the `cfb` crate's reading of their bytes; the malformed files against
//! the typed error each must produce.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::borrow::Cow;

use ole_cfb_read::{CompoundFile, EntryKind, Error, FileTime, PropertyValue, WarningKind};

fn fixture(name: &str) -> Vec<u8> {
    let p = common::fixtures().join(name);
    std::fs::read(&p)
        .unwrap_or_else(|e| panic!("{}: {e} (run `cargo xtask fixtures cfb`)", p.display()))
}

fn listing(cfb: &CompoundFile<'_>) -> String {
    let mut out = String::new();
    for e in cfb.entries().iter().filter(|e| e.kind == EntryKind::Stream) {
        let name = testkit::cfb::escape_controls(&e.path);
        out.push_str(&format!("{name}\t{}\n", e.size));
    }
    out
}

/// Every stream equals what the `cfb` crate reads from the same bytes.
fn assert_streams_equal_cfb_crate(data: &[u8]) {
    let ours = CompoundFile::open(data).unwrap();
    let mut theirs = cfb::CompoundFile::open(std::io::Cursor::new(data)).unwrap();
    for e in ours
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
    {
        let want = common::cfb_crate_stream(&mut theirs, &e.path);
        let got = ours.read_stream(&e.path).unwrap();
        assert!(got.warnings.is_empty(), "{}: {:?}", e.path, got.warnings);
        assert_eq!(got.data.as_ref(), want.as_slice(), "{}", e.path);
    }
}

#[test]
fn well_formed_fixtures_list_their_streams_and_read_as_the_cfb_crate_does() {
    for name in [
        "simple-v3.cfb",
        "korean-v4.cfb",
        "fragmented.cfb",
        "difat.cfb",
    ] {
        let data = fixture(name);
        let cfb = CompoundFile::open(&data).unwrap();
        assert!(cfb.warnings().is_empty(), "{name}: {:?}", cfb.warnings());
        let want = String::from_utf8(fixture(&format!("{name}.streams.txt"))).unwrap();
        assert_eq!(listing(&cfb), want, "{name}");
        assert_streams_equal_cfb_crate(&data);
    }
}

#[test]
fn simple_v3_entries_lookup_and_zero_copy() {
    let data = fixture("simple-v3.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(cfb.version(), 3);
    let storage = cfb.entry("Storage").unwrap();
    assert_eq!(storage.kind, EntryKind::Storage);
    assert_eq!(
        storage.created.map(|t| t.to_rfc3339()).as_deref(),
        Some("2024-01-02T03:04:05Z")
    );
    assert_eq!(cfb.entry("storage/STREAM").unwrap().path, "Storage/Stream");
    assert_eq!(cfb.entry("/Storage/Stream").unwrap().name, "Stream");
    assert_eq!(
        cfb.stream("Storage/Stream").unwrap().as_ref(),
        b"Hello, compound file!\n"
    );
    assert!(
        matches!(cfb.stream("Big").unwrap(), Cow::Borrowed(_)),
        "contiguous sectors are borrowed"
    );
    assert!(
        matches!(cfb.stream("Storage/Small").unwrap(), Cow::Borrowed(_)),
        "contiguous mini sectors are borrowed"
    );
    assert_eq!(cfb.stream("Empty").unwrap().len(), 0);
    assert_eq!(cfb.stream("Nope"), Err(Error::NotFound("Nope".into())));
    assert_eq!(
        cfb.stream("Storage"),
        Err(Error::NotAStream("Storage".into()))
    );
    assert_eq!(
        cfb.find_stream(&["1Table", "big", "Empty"]).unwrap().path,
        "Big"
    );
    assert!(cfb.find_stream(&["Storage", "1Table"]).is_none());
}

#[test]
fn simple_v3_metadata_decodes_cp932_and_user_defined_properties() {
    let data = fixture("simple-v3.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    let m = cfb.metadata();
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    assert_eq!(m.title.as_deref(), Some("吾輩は猫である"));
    assert_eq!(m.author.as_deref(), Some("夏目漱石"));
    assert_eq!(m.application.as_deref(), Some("cargo xtask fixtures"));
    assert_eq!(
        m.created.map(|t| t.to_rfc3339()).as_deref(),
        Some("2024-01-02T03:04:05Z")
    );
    // In doc-model's vocabulary, as every format layer reports it.
    let d = m.to_doc_model();
    assert_eq!(d.title.as_deref(), Some("吾輩は猫である"));
    assert_eq!(d.author.as_deref(), Some("夏目漱石"));
    assert_eq!(d.producer.as_deref(), Some("cargo xtask fixtures"));
    assert_eq!(d.created.as_deref(), Some("2024-01-02T03:04:05Z"));
    assert_eq!(d.modified.as_deref(), Some("2024-05-06T07:08:09Z"));
    assert_eq!(d.company.as_deref(), Some("textract"));
    assert_eq!(
        m.modified.and_then(|t| t.to_unix_seconds()),
        Some(1_714_979_289)
    );
    assert_eq!(m.page_count, Some(3));
    assert_eq!(m.code_page, Some(932));
    assert_eq!(m.company.as_deref(), Some("textract"));
    assert_eq!(m.category.as_deref(), Some("Fixtures"));
    assert_eq!(
        m.user_defined,
        vec![(
            "Project".to_string(),
            PropertyValue::String("ole-cfb-read".into())
        )]
    );
    let set = cfb.summary_information().unwrap().unwrap();
    assert_eq!(set.sections.len(), 1);
    assert_eq!(
        set.get(12),
        Some(&PropertyValue::FileTime(FileTime(
            116_444_736_000_000_000 + 1_704_164_645 * 10_000_000
        )))
    );
    assert_eq!(
        cfb.document_summary_information()
            .unwrap()
            .unwrap()
            .sections
            .len(),
        2
    );
}

#[test]
fn korean_v4_has_4096_byte_sectors_and_a_cp949_title() {
    let data = fixture("korean-v4.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(cfb.version(), 4);
    let m = cfb.metadata();
    assert_eq!(m.title.as_deref(), Some("한글 문서"));
    assert_eq!(m.author.as_deref(), Some("홍길동"));
    assert!(cfb.document_summary_information().is_none());
    assert_eq!(cfb.stream("BodyText/Section0").unwrap().len(), 5000);
}

#[test]
fn fragmented_streams_are_copied_in_chain_order() {
    let data = fixture("fragmented.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    let a = cfb.stream("A").unwrap();
    assert!(matches!(a, Cow::Owned(_)));
    let want: Vec<u8> = (0..6000)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(1))
        .collect();
    assert_eq!(a.as_ref(), want.as_slice());
}

#[test]
fn difat_fixture_reads_a_stream_located_by_the_110th_fat_sector() {
    let data = fixture("difat.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    let huge = cfb.stream("Huge").unwrap();
    assert_eq!(huge.len(), 13_970 * 512);
    assert!(huge.starts_with(b"first sector"));
    assert!(huge.ends_with(b"last sector."));
}

#[test]
fn cyclic_fat_is_a_cycle_error_when_reading() {
    let data = fixture("cyclic-fat.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(cfb.stream("Big"), Err(Error::Cycle { what: "FAT chain" }));
    assert!(
        cfb.stream("Storage/Stream").is_ok(),
        "other streams still read"
    );
}

#[test]
fn cyclic_mini_fat_is_a_cycle_error_when_reading() {
    let data = fixture("cyclic-mini-fat.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(
        cfb.stream("Storage/Small"),
        Err(Error::Cycle {
            what: "mini FAT chain"
        })
    );
    assert_eq!(
        cfb.stream("Storage/Stream").unwrap().as_ref(),
        b"Hello, compound file!\n"
    );
}

#[test]
fn directory_loop_is_a_cycle_error_when_opening() {
    let data = fixture("directory-loop.cfb");
    assert_eq!(
        CompoundFile::open(&data).unwrap_err(),
        Error::Cycle {
            what: "directory tree"
        }
    );
}

#[test]
fn sector_past_end_is_out_of_range_when_opening() {
    let data = fixture("sector-past-end.cfb");
    assert!(matches!(
        CompoundFile::open(&data),
        Err(Error::SectorOutOfRange {
            what: "directory",
            sector: 0x00FF_FF00,
            ..
        })
    ));
}

#[test]
fn truncated_header_is_truncated() {
    let data = fixture("truncated-header.cfb");
    assert_eq!(
        CompoundFile::open(&data).unwrap_err(),
        Error::Truncated {
            what: "header",
            offset: 300
        }
    );
}

#[test]
fn truncated_half_reads_the_readable_half_with_warnings() {
    let data = fixture("truncated-half.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(cfb.entries().len(), 7);
    assert_eq!(cfb.metadata().title.as_deref(), Some("吾輩は猫である"));
    let big = cfb.read_stream("Big").unwrap();
    assert!(big.data.len() < 10_000);
    assert!(
        big.warnings.iter().any(|w| w.kind == WarningKind::Stream),
        "{:?}",
        big.warnings
    );
    // The part that is there is the true beginning of the stream.
    let full = fixture("simple-v3.cfb");
    let whole = CompoundFile::open(&full).unwrap();
    let want = whole.stream("Big").unwrap();
    assert_eq!(&want[..big.data.len()], big.data.as_ref());
}

#[test]
fn declared_4gib_stream_exceeds_the_limit() {
    let data = fixture("declared-4gib.cfb");
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(cfb.entry("BodyText/Section0").unwrap().size, 4 << 30);
    assert!(matches!(
        cfb.stream("BodyText/Section0"),
        Err(Error::LimitExceeded {
            what: "declared stream size",
            ..
        })
    ));
    assert_eq!(
        cfb.stream("FileHeader").unwrap().as_ref(),
        b"HWP Document File"
    );
}

#[test]
fn difat_loop_is_a_cycle_error_when_opening() {
    let data = fixture("difat-loop.cfb");
    assert_eq!(
        CompoundFile::open(&data).unwrap_err(),
        Error::Cycle {
            what: "DIFAT chain"
        }
    );
}

/// Offset of the directory entry named `name` in a file whose directory is
/// contiguous from sector `first_dir` (true of the generated fixtures).
fn dir_entry_offset(data: &[u8], name: &str) -> usize {
    let first_dir = u32::from_le_bytes(data[0x30..0x34].try_into().unwrap()) as usize;
    let start = (first_dir + 1) * 512;
    let utf16: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
    (start..data.len())
        .step_by(128)
        .find(|&o| {
            data[o..].starts_with(&utf16) && data[o + utf16.len()..o + utf16.len() + 2] == [0, 0]
        })
        .unwrap()
}

#[test]
fn a_length_that_is_not_a_multiple_of_the_sector_size_is_a_warning() {
    let mut data = fixture("simple-v3.cfb");
    data.extend_from_slice(b"trailing junk");
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(
        cfb.warnings().iter().any(|w| w.kind == WarningKind::Header),
        "{:?}",
        cfb.warnings()
    );
    assert_eq!(cfb.stream("Big").unwrap().len(), 10_000);
}

#[test]
fn a_declared_size_beyond_the_chain_reads_the_chain_with_a_warning() {
    let mut data = fixture("simple-v3.cfb");
    let big = dir_entry_offset(&data, "Big");
    data[big + 120..big + 124].copy_from_slice(&20_000u32.to_le_bytes());
    let cfb = CompoundFile::open(&data).unwrap();
    let s = cfb.read_stream("Big").unwrap();
    // The chain holds 20 sectors: the 10,000 bytes and the slack of the last sector.
    assert_eq!(s.data.len(), 20 * 512);
    assert!(
        s.warnings
            .iter()
            .any(|w| w.message.contains("declared 20000 bytes")),
        "{:?}",
        s.warnings
    );
}

#[test]
fn a_v3_size_with_garbage_in_the_high_half_uses_the_low_half() {
    let mut data = fixture("simple-v3.cfb");
    let big = dir_entry_offset(&data, "Big");
    data[big + 124..big + 128].copy_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    let cfb = CompoundFile::open(&data).unwrap();
    assert_eq!(cfb.entry("Big").unwrap().size, 10_000);
    assert_eq!(cfb.stream("Big").unwrap().len(), 10_000);
}

#[test]
fn garbage_in_unused_directory_entries_is_ignored() {
    let mut data = fixture("fragmented.cfb");
    // Root, A and B fill three of the four entries of the one directory
    // sector; the fourth is unused: fill it with junk.
    let first_dir = u32::from_le_bytes(data[0x30..0x34].try_into().unwrap()) as usize;
    let unused = (first_dir + 1) * 512 + 3 * 128;
    assert_eq!(data[unused + 66], 0, "entry 3 is unused");
    for (i, b) in data[unused..unused + 128].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37) | 1;
    }
    let cfb = CompoundFile::open(&data).unwrap();
    assert!(cfb.warnings().is_empty(), "{:?}", cfb.warnings());
    assert_eq!(
        listing(&cfb),
        String::from_utf8(fixture("fragmented.cfb.streams.txt")).unwrap()
    );
}
