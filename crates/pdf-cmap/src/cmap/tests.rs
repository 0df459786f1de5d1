//! Tests of parsing and lookup.

use super::*;

fn cmap(src: &str) -> CMap {
    CMap::parse(src.as_bytes()).unwrap()
}

fn uni(c: &CMap, value: u32, len: u8) -> Option<&str> {
    c.lookup_unicode(Code::new(value, len))
}

/// The warning of a CMap without codespace ranges.
fn inferred_codespace() -> Warning {
    Warning::new(
        WarningKind::Codespace,
        "no codespace ranges; inferred from the mapped code lengths",
        None,
    )
}

const HEADER: &str = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n\
    /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
    /CMapName /Adobe-Identity-UCS def /CMapType 2 def\n";

#[test]
fn one_byte_bfchar() {
    let c = cmap(&format!(
        "{HEADER}1 begincodespacerange <00> <FF> endcodespacerange\n\
         1 beginbfchar <01> <6CBB> endbfchar endcmap CMapName currentdict /CMap defineresource pop end end"
    ));
    assert_eq!(uni(&c, 1, 1), Some("治"));
    assert_eq!(
        c.decode_codes(b"\x01\x02").collect::<Vec<_>>(),
        vec![Code::new(1, 1), Code::new(2, 1)]
    );
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    assert_eq!(c.name(), Some("Adobe-Identity-UCS"));
}

#[test]
fn two_byte_identity_bfchar_and_bfrange() {
    let c = cmap(&format!(
        "{HEADER}1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
         1 beginbfchar <1898> <656C> endbfchar\n\
         1 beginbfrange <07e8> <07eb> <306D> endbfrange endcmap"
    ));
    assert_eq!(uni(&c, 0x1898, 2), Some("敬"));
    assert_eq!(uni(&c, 0x07e8, 2), Some("ね"));
    assert_eq!(uni(&c, 0x07e9, 2), Some("の"));
    assert_eq!(uni(&c, 0x07eb, 2), Some("ば"));
    assert_eq!(uni(&c, 0x07ec, 2), None);
    let codes: Vec<Code> = c.decode_codes(&[0x18, 0x98, 0x07, 0xe9]).collect();
    assert_eq!(codes, vec![Code::new(0x1898, 2), Code::new(0x07e9, 2)]);
}

#[test]
fn bfrange_array_form_and_ligatures() {
    let c = cmap(
        "1 begincodespacerange <00> <FF> endcodespacerange\n\
         1 beginbfrange <10> <12> [<0066 0066> <00660069> /f_f_l] endbfrange",
    );
    assert_eq!(uni(&c, 0x10, 1), Some("ff"));
    assert_eq!(uni(&c, 0x11, 1), Some("fi"));
    assert_eq!(uni(&c, 0x12, 1), Some("ffl"));
}

#[test]
fn surrogate_pair_targets_and_carry() {
    let c = cmap(
        "1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
         2 beginbfchar <0001> <D835DC00> <0002> <D840DC0B> endbfchar\n\
         1 beginbfrange <0010> <0012> <D835DC1A> endbfrange\n\
         1 beginbfrange <0020> <0021> <00FF> endbfrange",
    );
    assert_eq!(uni(&c, 1, 2), Some("𝐀"));
    assert_eq!(uni(&c, 2, 2), Some("𠀋"));
    assert_eq!(uni(&c, 0x11, 2), Some("𝐛"));
    // The last byte carries into the one before it.
    assert_eq!(uni(&c, 0x21, 2), Some("\u{100}"));
}

#[test]
fn mixed_one_and_two_byte_codespace() {
    // Shift-JIS-like: 00-80 one byte, 8140-9FFC two bytes.
    let c = cmap(
        "2 begincodespacerange <00> <80> <8140> <9FFC> endcodespacerange\n\
         2 begincidrange <20> <7e> 1 <8140> <817e> 633 endcidrange",
    );
    let codes: Vec<Code> = c.decode_codes(b"A\x81\x40B").collect();
    assert_eq!(
        codes,
        vec![Code::new(0x41, 1), Code::new(0x8140, 2), Code::new(0x42, 1)]
    );
    assert_eq!(c.lookup_cid(Code::new(0x41, 1)), Some(34));
    assert_eq!(c.lookup_cid(Code::new(0x8141, 2)), Some(634));
    assert_eq!(c.lookup_cid(Code::new(0x41, 2)), None);
    // 0xA0 matches nothing: one byte is consumed (shortest range).
    let codes: Vec<Code> = c.decode_codes(b"\xa0A").collect();
    assert_eq!(codes, vec![Code::new(0xa0, 1), Code::new(0x41, 1)]);
    // A lone lead byte at the end is one code, not a panic.
    assert_eq!(c.decode_codes(b"\x81").count(), 1);
}

#[test]
fn codes_mapped_outside_the_codespace_are_read_at_their_length() {
    // pdf.js issue 11768: a UTF-8-like codespace (E0 starts 3-byte codes)
    // and `<e0> 151`; the text shows E0 E0 E0 then "cm".
    let c = cmap(
        "2 begincodespacerange <00> <7f> <e08080> <efbfbf> endcodespacerange\n\
         1 begincidchar <e0> 151 endcidchar 1 begincidrange <20> <7e> 1 endcidrange",
    );
    let codes: Vec<Code> = c.decode_codes(b"\xe0\xe0\xe0cm").collect();
    assert_eq!(codes.len(), 5);
    assert!(codes.iter().take(3).all(|&k| k == Code::new(0xe0, 1)));
    assert_eq!(c.lookup_cid(Code::new(0xe0, 1)), Some(151));
    // An unmapped code outside the codespace still follows 9.7.6.3.
    let codes: Vec<Code> = c.decode_codes(b"\xe1\xe0\xe0").collect();
    assert_eq!(codes, vec![Code::new(0xe1e0e0, 3)]);
}

#[test]
fn cidchar_overrides_range_and_notdef() {
    let c = cmap(
        "1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
         1 begincidrange <0000> <00ff> 100 endcidrange\n\
         1 begincidchar <0010> 5 endcidchar\n\
         1 beginnotdefrange <0100> <01ff> 1 endnotdefrange",
    );
    assert_eq!(c.lookup_cid(Code::new(0x0f, 2)), Some(115));
    assert_eq!(c.lookup_cid(Code::new(0x10, 2)), Some(5));
    assert_eq!(c.lookup_cid(Code::new(0x11, 2)), Some(117));
    assert_eq!(c.lookup_cid(Code::new(0x150, 2)), Some(1));
    assert_eq!(c.cid_ranges().len(), 3);
}

#[test]
fn wmode_and_collection() {
    let c = cmap(
        "/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Japan1) def /Supplement 6 def end def\n\
         /CMapName /Test-V def /WMode 1 def\n\
         1 begincodespacerange <00> <ff> endcodespacerange endcmap",
    );
    assert_eq!(c.wmode(), 1);
    assert_eq!(c.collection(), Some(Collection::Japan1));
    assert_eq!(c.name(), Some("Test-V"));
}

#[test]
fn tolerates_missing_end_and_bad_counts() {
    // Count says 5, there are 2 entries; no endbfchar, no endcmap.
    let c = cmap(
        "1 begincodespacerange <00> <ff> endcodespacerange 5 beginbfchar <41> <0041> <42> <0042>",
    );
    assert_eq!(uni(&c, 0x42, 1), Some("B"));
    // The offset is where the input ended.
    assert_eq!(
        c.warnings(),
        &[Warning::new(
            WarningKind::Section,
            "beginbfchar not terminated, closed",
            Some(87)
        )]
    );
    assert_eq!(
        c.warnings()[0].to_string(),
        "section: beginbfchar not terminated, closed at offset 87"
    );
    // A section cut off by the next one still yields both.
    let c = cmap("1 beginbfchar <41> <0041> 1 beginbfrange <50> <51> <0050> endbfrange");
    assert_eq!(uni(&c, 0x41, 1), Some("A"));
    assert_eq!(uni(&c, 0x51, 1), Some("Q"));
    let inferred = inferred_codespace();
    assert_eq!(
        c.warnings(),
        &[
            Warning::new(
                WarningKind::Section,
                "beginbfchar not terminated, closed",
                Some(27)
            ),
            inferred.clone()
        ]
    );
    // Garbage inside a section is skipped.
    let c = cmap("1 beginbfchar <41> <0041> (junk) <42> <0042> endbfchar");
    assert_eq!(uni(&c, 0x42, 1), Some("B"));
    // The offset is where the parser stood before the token: after `<0041>`.
    let junk = Warning::new(
        WarningKind::Entry,
        "malformed entry in beginbfchar skipped",
        Some(25),
    );
    assert_eq!(c.warnings(), &[junk.clone(), inferred]);
    assert_eq!(
        junk.to_string(),
        "entry: malformed entry in beginbfchar skipped at offset 25"
    );
}

#[test]
fn range_crossing_a_byte_boundary() {
    let c = cmap(
        "1 begincodespacerange <0000> <ffff> endcodespacerange 1 beginbfrange <00fe> <0101> <0041> endbfrange",
    );
    assert_eq!(uni(&c, 0x0100, 2), Some("C"));
    assert_eq!(uni(&c, 0x0101, 2), Some("D"));
}

#[test]
fn usecmap_of_identity() {
    let c = cmap("/Identity-H usecmap 1 begincidchar <0001> 7 endcidchar");
    assert_eq!(c.usecmap(), Some("Identity-H"));
    assert_eq!(c.lookup_cid(Code::new(1, 2)), Some(7));
    assert_eq!(c.lookup_cid(Code::new(0x1234, 2)), Some(0x1234));
    let codes: Vec<Code> = c.decode_codes(&[0x12, 0x34]).collect();
    assert_eq!(codes, vec![Code::new(0x1234, 2)]);
    let c = cmap("/No-Such-CMap usecmap");
    assert_eq!(
        c.warnings(),
        &[Warning::new(
            WarningKind::UseCMap,
            "unknown CMap `No-Such-CMap` ignored",
            None
        )]
    );
    assert_eq!(
        c.warnings()[0].to_string(),
        "usecmap: unknown CMap `No-Such-CMap` ignored"
    );
}

#[test]
fn embedded_parent_cmap() {
    let parent = cmap(
        "/CMapName /Parent def 1 begincodespacerange <00> <ff> endcodespacerange 2 begincidchar <41> 10 <42> 11 endcidchar",
    );
    let child = CMap::parse_with_parent(
        b"1 begincidchar <42> 20 endcidchar",
        &parent,
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(child.lookup_cid(Code::new(0x41, 1)), Some(10));
    assert_eq!(child.lookup_cid(Code::new(0x42, 1)), Some(20));
    assert_eq!(child.codespace_ranges().len(), 1);
    assert_eq!(child.usecmap(), Some("Parent"));
}

#[test]
fn not_a_cmap_is_an_error() {
    assert!(matches!(
        CMap::parse(b"hello world"),
        Err(crate::Error::NotACMap)
    ));
    assert!(matches!(CMap::parse(b""), Err(crate::Error::NotACMap)));
}

#[test]
fn high_code_longer_than_low_is_cut() {
    // Found by the mutation test: <20> <FFFFFFFF> once sized a 16 GB table.
    let c = cmap("1 begincidrange <20> <ffffffff> 1 endcidrange");
    assert_eq!(
        c.cid_ranges(),
        &[CidRange {
            low: 0x20,
            high: 0xff,
            len: 1,
            cid: 1
        }]
    );
    assert_eq!(c.lookup_cid(Code::new(0xff, 1)), Some(224));
}

#[test]
fn limits_cap_huge_ranges() {
    let limits = Limits {
        max_unicode_codes: 1000,
        ..Limits::default()
    };
    let c = CMap::parse_with(
        b"1 beginbfrange <00000000> <ffffffff> <0041> endbfrange",
        &limits,
    )
    .unwrap();
    assert_eq!(c.unicode_len(), 1000);
    assert_eq!(
        c.warnings(),
        &[
            Warning::new(
                WarningKind::Limit,
                "max_unicode_codes reached; rest dropped",
                None
            ),
            inferred_codespace()
        ]
    );
}

#[test]
fn sparse_maps_use_binary_search() {
    let c = cmap(
        "2 beginbfchar <FFF0> <0041> <0001> <0042> endbfchar 1 begincidrange <FF00> <FF01> 9 endcidrange",
    );
    assert!(c.unicode.dense.is_empty());
    assert!(c.dense_cids.two.is_empty());
    assert_eq!(uni(&c, 0xFFF0, 2), Some("A"));
    assert_eq!(uni(&c, 0x0001, 2), Some("B"));
    assert_eq!(c.lookup_cid(Code::new(0xFF01, 2)), Some(10));
    assert_eq!(c.lookup_cid(Code::new(0xFF02, 2)), None);
}

#[test]
fn limits_cap_unicode_bytes() {
    let limits = Limits {
        max_unicode_bytes: 100,
        ..Limits::default()
    };
    let c = CMap::parse_with(
        b"1 beginbfrange <0000> <ffff> <0041004100410041> endbfrange",
        &limits,
    )
    .unwrap();
    assert_eq!(c.unicode_len(), 25);
    assert_eq!(
        c.warnings(),
        &[
            Warning::new(
                WarningKind::Limit,
                "max_unicode_bytes reached; rest dropped",
                None
            ),
            inferred_codespace()
        ]
    );
    assert_eq!(
        c.warnings()[0].to_string(),
        "limit: max_unicode_bytes reached; rest dropped"
    );
}

#[test]
fn later_bfchar_wins_and_binary_search_path() {
    // Mixed lengths disable the dense table.
    let c = cmap(
        "2 beginbfchar <41> <0041> <41> <0061> endbfchar 1 beginbfchar <0041> <0042> endbfchar",
    );
    assert_eq!(uni(&c, 0x41, 1), Some("a"));
    assert_eq!(uni(&c, 0x41, 2), Some("B"));
    assert_eq!(uni(&c, 0x42, 1), None);
}

#[test]
fn odd_and_invalid_utf16() {
    let c = cmap("3 beginbfchar <01> <41> <02> <D800> <03> <004100> endbfchar");
    assert_eq!(uni(&c, 1, 1), Some("A"));
    // A lone surrogate is no text: unmapped, so callers can fall back.
    assert_eq!(uni(&c, 2, 1), None);
    assert_eq!(uni(&c, 3, 1), Some("A"));
    // One warning per entry, at the parser's position before it (`<02>`,
    // `<03>`): a lone surrogate, an odd last byte.
    let bad = |offset| {
        Warning::new(
            WarningKind::Destination,
            "invalid UTF-16BE, undecodable bytes dropped",
            Some(offset),
        )
    };
    assert_eq!(c.warnings(), &[bad(23), bad(35), inferred_codespace()]);
    assert_eq!(
        bad(23).to_string(),
        "destination: invalid UTF-16BE, undecodable bytes dropped at offset 23"
    );
}

/// A ToUnicode CMap written with `cid` sections where `bf` ones were meant
/// (a producer bug pdftotext warns about): read as `bf` sections by
/// `parse_to_unicode`, each destination form, with one warning a section.
#[test]
fn cid_sections_of_a_tounicode_cmap_read_as_bf() {
    let src = format!(
        "{HEADER}1 begincodespacerange <0000> <FFFF> endcodespacerange\n\
         3 begincidrange\n<0001> <0003> <0041>\n<0010> <0011> 99\n<0020> <0021> [<0066006C> 120]\nendcidrange\n\
         2 begincidchar\n<0030> <010D>\n<0031> 345\nendcidchar\n\
         endcmap CMapName currentdict /CMap defineresource pop end end"
    );
    let c = CMap::parse_to_unicode(src.as_bytes(), &Limits::default()).unwrap();
    assert_eq!(uni(&c, 1, 2), Some("A"));
    assert_eq!(uni(&c, 3, 2), Some("C"));
    assert_eq!(uni(&c, 0x10, 2), Some("c"));
    assert_eq!(uni(&c, 0x11, 2), Some("d"));
    assert_eq!(uni(&c, 0x20, 2), Some("fl"));
    assert_eq!(uni(&c, 0x21, 2), Some("x"));
    assert_eq!(uni(&c, 0x30, 2), Some("č"));
    assert_eq!(uni(&c, 0x31, 2), Some("ř"));
    assert_eq!(c.lookup_cid(Code::new(1, 2)), None);
    let sections: Vec<String> = c
        .warnings()
        .iter()
        .filter(|w| w.kind == WarningKind::Section)
        .map(|w| w.message.clone())
        .collect();
    assert_eq!(
        sections,
        [
            "begincidrange in a ToUnicode CMap read as beginbfrange",
            "begincidchar in a ToUnicode CMap read as beginbfchar"
        ]
    );
    // As an encoding CMap the same text keeps its integer entries as CIDs
    // and drops the others.
    let c = cmap(&src);
    assert_eq!(c.lookup_cid(Code::new(0x10, 2)), Some(99));
    assert_eq!(c.lookup_cid(Code::new(0x31, 2)), Some(345));
    assert_eq!(uni(&c, 1, 2), None);
    assert_eq!(c.lookup_cid(Code::new(1, 2)), None);
}
