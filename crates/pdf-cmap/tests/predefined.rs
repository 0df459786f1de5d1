//! The shipped tables against their sources and against real encoders.
//!
//! `every_source_mapping_*` walk every mapping of every source file the
//! tables were generated from (Debian's poppler-data, `/usr/share/poppler/cMap`
//! or `$POPPLER_CMAP_DIR`) with a reader independent of the crate's parser,
//! and check that the crate's lookup returns the same value. They print a
//! note and pass when the source files are absent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::PathBuf;

use pdf_cmap::{CMap, Code, Collection, cid_to_unicode, cid_to_unicode_exact};

/// The shipped folders of `cMap/`: the four collections, `Adobe-KR`, `Adobe-Japan2`.
const FOLDERS: [&str; 6] = ["Japan1", "GB1", "CNS1", "Korea1", "KR", "Japan2"];

fn source_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("POPPLER_CMAP_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/poppler/cMap"));
    if dir.join("Adobe-Japan1").is_dir() {
        Some(dir)
    } else {
        println!(
            "poppler-data CMaps not found ({}): source comparison skipped",
            dir.display()
        );
        None
    }
}

fn hex(tok: &str) -> Option<(u32, u8)> {
    let h = tok.strip_prefix('<')?.strip_suffix('>')?;
    Some((u32::from_str_radix(h, 16).ok()?, (h.len() / 2) as u8))
}

/// Code → Unicode of a `bf` destination as ISO 32000 reads it: UTF-16BE,
/// a lone byte as a code point; `None` for a lone surrogate (left unmapped).
fn dest_text(bytes: &[u8]) -> Option<String> {
    if let [b] = bytes {
        return Some(char::from(*b).to_string());
    }
    let units: Vec<u16> = bytes
        .chunks(2)
        .map(|p| u16::from_be_bytes([p[0], p[1]]))
        .collect();
    String::from_utf16(&units).ok()
}

fn hex_bytes(tok: &str) -> Vec<u8> {
    let h = &tok[1..tok.len() - 1];
    (0..h.len() / 2)
        .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
        .collect()
}

/// Expected code → CID and code → Unicode (`bf` entries) of one source CMap
/// file, its parent's first (usecmap).
fn expected(
    dir: &PathBuf,
    name: &str,
    out: &mut HashMap<(u8, u32), u32>,
    uni: &mut HashMap<(u8, u32), Option<String>>,
) {
    let path = FOLDERS
        .iter()
        .map(|c| dir.join(format!("Adobe-{c}/{name}")))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("{name} not in the sources"));
    let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    for line in text.lines() {
        if let Some(parent) = line
            .strip_suffix(" usecmap")
            .and_then(|l| l.strip_prefix('/'))
            && !parent.starts_with("Identity")
        {
            expected(dir, parent, out, uni);
        }
    }
    let mut section = "";
    for line in text.lines() {
        let line = line.split('%').next().unwrap_or_default().trim();
        if let Some(kw) = line
            .split_whitespace()
            .nth(1)
            .filter(|k| k.starts_with("begin"))
        {
            section = if kw.contains("notdef") { "" } else { kw };
            continue;
        }
        let t: Vec<&str> = line.split_whitespace().collect();
        match (section, t.as_slice()) {
            ("begincidrange", [lo, hi, cid]) => {
                let ((lo, len), (hi, _)) = (hex(lo).unwrap(), hex(hi).unwrap());
                let cid: u32 = cid.parse().unwrap();
                for code in lo..=hi {
                    out.insert((len, code), cid + (code - lo));
                }
            }
            ("begincidchar", [code, cid]) => {
                let (code, len) = hex(code).unwrap();
                out.insert((len, code), cid.parse().unwrap());
            }
            ("beginbfchar", [code, dst]) => {
                let (code, len) = hex(code).unwrap();
                uni.insert((len, code), dest_text(&hex_bytes(dst)));
            }
            ("beginbfrange", [lo, hi, dst]) => {
                let ((lo, len), (hi, _)) = (hex(lo).unwrap(), hex(hi).unwrap());
                let dst = hex_bytes(dst);
                for code in lo..=hi {
                    // Incrementing form: the destination is a big-endian number.
                    let mut d = dst.clone();
                    let mut carry = code - lo;
                    for b in d.iter_mut().rev() {
                        let v = u32::from(*b) + (carry & 0xff);
                        *b = v as u8;
                        carry = (carry >> 8) + (v >> 8);
                    }
                    uni.insert((len, code), dest_text(&d));
                }
            }
            _ => {}
        }
    }
}

fn code_bytes(len: u8, value: u32) -> Vec<u8> {
    value.to_be_bytes()[4 - usize::from(len)..].to_vec()
}

#[test]
fn every_source_mapping_of_every_predefined_cmap() {
    let Some(dir) = source_dir() else { return };
    let mut total = 0usize;
    let mut total_uni = 0usize;
    let names: Vec<&str> = CMap::predefined_names().collect();
    assert_eq!(names.len(), 241, "shipped CMaps");
    for name in names {
        if name.starts_with("Identity-") {
            continue;
        }
        let cmap = CMap::predefined(name).unwrap();
        let (mut want, mut want_uni) = (HashMap::new(), HashMap::new());
        expected(&dir, name, &mut want, &mut want_uni);
        assert!(
            !want.is_empty() || !want_uni.is_empty(),
            "{name}: no source mappings"
        );
        for (&(len, value), &cid) in &want {
            let code = Code::new(value, len);
            assert_eq!(cmap.lookup_cid(code), Some(cid), "{name} {code:?}");
            // The codespace splits the code's own bytes into exactly that code.
            let bytes = code_bytes(len, value);
            let codes: Vec<Code> = cmap.decode_codes(&bytes).collect();
            assert_eq!(codes, vec![code], "{name}: codespace split of {bytes:02x?}");
        }
        for (&(len, value), text) in &want_uni {
            let code = Code::new(value, len);
            assert_eq!(
                cmap.lookup_unicode(code),
                text.as_deref(),
                "{name} {code:?}"
            );
            // Some sources map codes outside their own codespace (`ETen-B5-UCS2`
            // <9D40>, below its <A140> <FEFE>): split-check only the codes inside.
            let bytes = code_bytes(len, value);
            let inside = cmap.codespace_ranges().iter().any(|r| {
                r.len == len
                    && code_bytes(len, r.low)
                        .iter()
                        .zip(code_bytes(len, r.high))
                        .zip(&bytes)
                        .all(|((lo, hi), b)| (*lo..=hi).contains(b))
            });
            if inside {
                let codes: Vec<Code> = cmap.decode_codes(&bytes).collect();
                assert_eq!(codes, vec![code], "{name}: codespace split of {bytes:02x?}");
            }
        }
        // Nothing beyond the source's `bf` entries.
        let mapped = want_uni.values().filter(|t| t.is_some()).count();
        assert_eq!(cmap.unicode_len(), mapped, "{name}: code → Unicode count");
        total += want.len();
        total_uni += mapped;
    }
    println!("checked {total} code → CID and {total_uni} code → Unicode mappings");
    assert!(total > 1_000_000);
    assert!(total_uni > 500_000);
}

/// Every CMap file of the shipped folders is shipped, under its file name,
/// with the collection its CIDSystemInfo names (or none).
#[test]
fn every_source_file_is_shipped() {
    let Some(dir) = source_dir() else { return };
    let mut n = 0;
    for folder in FOLDERS {
        for entry in std::fs::read_dir(dir.join(format!("Adobe-{folder}"))).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            let shipped = CMap::predefined(&name).unwrap_or_else(|| panic!("{name} not shipped"));
            let parsed = CMap::parse(&std::fs::read(&path).unwrap()).unwrap();
            assert_eq!(shipped.name(), Some(name.as_str()));
            assert_eq!(shipped.collection(), parsed.collection(), "{name}");
            assert_eq!(shipped.wmode(), parsed.wmode(), "{name}");
            assert_eq!(shipped.usecmap(), parsed.usecmap(), "{name}");
            if parsed.usecmap().is_none() {
                assert_eq!(
                    shipped.codespace_ranges(),
                    parsed.codespace_ranges(),
                    "{name}"
                );
            }
            n += 1;
        }
    }
    assert_eq!(n, 239);
}

#[test]
fn every_source_mapping_of_cid_to_unicode() {
    let Some(dir) = source_dir() else { return };
    for c in Collection::ALL {
        let path = dir.join(format!("Adobe-{0}/Adobe-{0}-UCS2", c.ordering()));
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut want: HashMap<u32, String> = HashMap::new();
        let mut section = "";
        for line in text.lines() {
            let t: Vec<&str> = line.split_whitespace().collect();
            if let Some(kw) = t.get(1).filter(|k| k.starts_with("begin")) {
                section = kw;
                continue;
            }
            let utf16 = |h: &str| -> String {
                let h = &h[1..h.len() - 1];
                let units: Vec<u16> = (0..h.len() / 4)
                    .map(|i| u16::from_str_radix(&h[4 * i..4 * i + 4], 16).unwrap())
                    .collect();
                String::from_utf16(&units).unwrap()
            };
            match (section, t.as_slice()) {
                ("beginbfchar", [cid, dst]) => {
                    want.insert(hex(cid).unwrap().0, utf16(dst));
                }
                ("beginbfrange", [lo, hi, dst]) if dst.starts_with('<') => {
                    let (lo, hi) = (hex(lo).unwrap().0, hex(hi).unwrap().0);
                    let first = utf16(dst);
                    let base = u32::from(first.chars().last().unwrap());
                    let prefix: String = first.chars().take(first.chars().count() - 1).collect();
                    for cid in lo..=hi {
                        let ch = char::from_u32(base + (cid - lo)).unwrap();
                        want.insert(cid, format!("{prefix}{ch}"));
                    }
                }
                _ => {}
            }
        }
        want.retain(|_, v| v != "\u{FFFD}");
        assert!(want.len() > 8000, "{c:?}: {} source mappings", want.len());
        for (&cid, s) in &want {
            assert_eq!(
                cid_to_unicode_exact(c, cid),
                Some(s.as_str()),
                "{c:?} CID {cid}"
            );
            let unified = cid_to_unicode(c, cid);
            assert!(
                unified.is_some(),
                "{c:?} CID {cid}: {s:?} unifies to nothing"
            );
        }
        // Nothing beyond the source.
        let n = c.cid_count();
        let mapped = (0..n)
            .filter(|&cid| cid_to_unicode_exact(c, cid).is_some())
            .count();
        assert_eq!(mapped, want.len(), "{c:?}");
        println!("{c:?}: {} CIDs, {mapped} mapped", n);
    }
}

/// Encodes `text` with a real encoder, decodes it through `cmap` and the collection.
fn through(cmap: &str, bytes: &[u8]) -> String {
    let cmap = CMap::predefined(cmap).unwrap_or_else(|| panic!("{cmap} not shipped"));
    let coll = cmap.collection().unwrap();
    cmap.decode_codes(bytes)
        .map(|code| {
            let cid = cmap.lookup_cid(code).unwrap_or(0);
            cid_to_unicode(coll, cid).unwrap_or("\u{FFFD}").to_string()
        })
        .collect()
}

fn encode(enc: &'static encoding_rs::Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = enc.encode(text);
    assert!(!unmappable, "{} cannot encode {text}", enc.name());
    bytes.into_owned()
}

fn utf16be(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_be_bytes).collect()
}

/// How a text becomes the codes a CMap reads.
#[derive(Clone, Copy)]
enum Via {
    /// A legacy encoder.
    Legacy(&'static encoding_rs::Encoding),
    Utf16Be,
    Utf8,
}

/// Asserts that `text`, encoded as each CMap of `cmaps` expects, decodes
/// back to itself through it.
fn round_trips(text: &str, cmaps: &[(&str, Via)]) {
    for &(cmap, via) in cmaps {
        let bytes = match via {
            Via::Legacy(enc) => encode(enc, text),
            Via::Utf16Be => utf16be(text),
            Via::Utf8 => text.as_bytes().to_vec(),
        };
        assert_eq!(through(cmap, &bytes), text, "{cmap}");
    }
}

const JA: &str = "日本語のテキスト、あいうえお。カタカナ漢字変換東京都";
const ZH_CN: &str = "中文简体字测试，北京市人民政府";
const ZH_TW: &str = "中文繁體字測試，臺北市政府";
const KO: &str = "한국어 텍스트 대한민국 서울특별시";

#[test]
fn spot_90ms_rksj_h_a_is_cid_843() {
    let cmap = CMap::predefined("90ms-RKSJ-H").unwrap();
    let code = cmap.decode_codes(&[0x82, 0xA0]).next().unwrap();
    assert_eq!(code, Code::new(0x82A0, 2));
    assert_eq!(cmap.lookup_cid(code), Some(843));
    assert_eq!(cid_to_unicode(Collection::Japan1, 843), Some("あ"));
}

#[test]
fn japanese_through_every_japanese_encoding() {
    use Via::*;
    use encoding_rs::{EUC_JP, SHIFT_JIS};
    round_trips(
        JA,
        &[
            ("90ms-RKSJ-H", Legacy(SHIFT_JIS)),
            ("90ms-RKSJ-V", Legacy(SHIFT_JIS)),
            ("90msp-RKSJ-H", Legacy(SHIFT_JIS)),
            ("EUC-H", Legacy(EUC_JP)),
            ("UniJIS-UCS2-H", Utf16Be),
            ("UniJIS-UTF16-H", Utf16Be),
            ("UniJIS-UTF16-V", Utf16Be),
            ("UniJIS2004-UTF16-H", Utf16Be),
            ("UniJIS-UTF8-H", Utf8),
        ],
    );
    // Half-width ASCII in the one-byte part of a mixed codespace; Adobe maps
    // the half-width space CID 231 to U+2002 EN SPACE.
    assert_eq!(
        through("90ms-RKSJ-H", &encode(SHIFT_JIS, "PDF 2024年")),
        "PDF\u{2002}2024年"
    );
}

#[test]
fn chinese_through_gb_and_big5_encodings() {
    use Via::*;
    use encoding_rs::{BIG5, GB18030, GBK};
    round_trips(
        ZH_CN,
        &[
            ("GBK-EUC-H", Legacy(GBK)),
            ("GBKp-EUC-H", Legacy(GBK)),
            ("GBK2K-H", Legacy(GB18030)),
            ("GB-EUC-H", Legacy(GBK)),
            ("UniGB-UCS2-H", Utf16Be),
            ("UniGB-UTF16-H", Utf16Be),
        ],
    );
    round_trips("中文", &[("UniGB-UCS2-H", Utf16Be)]);
    round_trips(
        ZH_TW,
        &[
            ("B5pc-H", Legacy(BIG5)),
            ("ETen-B5-H", Legacy(BIG5)),
            ("HKscs-B5-H", Legacy(BIG5)),
            ("UniCNS-UTF16-H", Utf16Be),
            ("UniCNS-UCS2-H", Utf16Be),
        ],
    );
}

#[test]
fn korean_through_uhc_and_unicode() {
    use Via::*;
    use encoding_rs::EUC_KR;
    round_trips(
        KO,
        &[
            ("KSCms-UHC-H", Legacy(EUC_KR)),
            ("UniKS-UTF16-H", Utf16Be),
            ("UniKS-UCS2-H", Utf16Be),
        ],
    );
    round_trips(
        "한국어",
        &[
            ("KSCms-UHC-V", Legacy(EUC_KR)),
            ("KSC-EUC-H", Legacy(EUC_KR)),
        ],
    );
}

#[test]
fn vertical_forms_are_vertical() {
    for name in CMap::predefined_names() {
        let cmap = CMap::predefined(name).unwrap();
        // `Adobe-Japan1-PS-V` is a CID → code table and says WMode 0 (its
        // WMode is checked against the file in `every_source_file_is_shipped`).
        if name == "Adobe-Japan1-PS-V" {
            continue;
        }
        let vertical = name.ends_with("-V") || name == "V";
        assert_eq!(cmap.wmode(), u8::from(vertical), "{name}");
        assert!(!cmap.codespace_ranges().is_empty(), "{name}");
    }
}

#[test]
fn radicals_and_compat_ideographs_come_out_unified() {
    // Every exact value in the radical / compatibility blocks is unified by
    // cid_to_unicode, when Unicode gives a unified ideograph for it.
    let mut changed = 0;
    for c in Collection::ALL {
        for cid in 0..c.cid_count() {
            let (Some(exact), Some(uni)) = (cid_to_unicode_exact(c, cid), cid_to_unicode(c, cid))
            else {
                continue;
            };
            if exact != uni {
                changed += 1;
                assert!(
                    uni.chars()
                        .all(|ch| !matches!(u32::from(ch), 0x2F00..=0x2FDF | 0xF900..=0xFA0D)),
                    "{c:?} {cid}: {uni}"
                );
            }
        }
    }
    assert!(changed > 0);
}

/// The supplement identity CMaps map code = CID over the supplement's CIDs,
/// inside the codespace the file declares, and nothing beyond.
#[test]
fn spot_adobe_japan1_6_is_the_supplement_6_identity() {
    let c = CMap::predefined("Adobe-Japan1-6").unwrap();
    assert_eq!(c.collection(), Some(Collection::Japan1));
    assert_eq!(c.wmode(), 0);
    let cs = c.codespace_ranges();
    assert_eq!(
        (cs.len(), cs[0].low, cs[0].high, cs[0].len),
        (1, 0, 0x5aff, 2)
    );
    for cid in 0..=23057 {
        assert_eq!(c.lookup_cid(Code::new(cid, 2)), Some(cid));
    }
    assert_eq!(c.lookup_cid(Code::new(23058, 2)), None);
    assert_eq!(c.lookup_unicode(Code::new(843, 2)), None);
    // Each supplement covers exactly its CIDs.
    for (name, last) in [
        ("Adobe-Japan1-0", 8283),
        ("Adobe-Japan1-7", 23059),
        ("Adobe-GB1-5", 30283),
        ("Adobe-CNS1-7", 19178),
        ("Adobe-Korea1-2", 18351),
    ] {
        let c = CMap::predefined(name).unwrap();
        assert_eq!(c.lookup_cid(Code::new(last, 2)), Some(last), "{name}");
        assert_eq!(c.lookup_cid(Code::new(last + 1, 2)), None, "{name}");
    }
}

/// The code → Unicode, CID → host code and Unicode → host code maps keep
/// their `bf` entries as ISO 32000 reads them (UTF-16BE destinations).
#[test]
fn spot_ucs2_and_host_code_maps() {
    let uni = |name: &str, value: u32, len: u8| {
        CMap::predefined(name)
            .unwrap()
            .lookup_unicode(Code::new(value, len))
            .map(str::to_owned)
    };
    // Shift-JIS あ → U+3042; the single-byte half of the codespace too.
    assert_eq!(uni("90ms-RKSJ-UCS2", 0x82a0, 2).as_deref(), Some("あ"));
    assert_eq!(uni("90ms-RKSJ-UCS2", 0x41, 1).as_deref(), Some("A"));
    let c = CMap::predefined("90ms-RKSJ-UCS2").unwrap();
    assert_eq!(c.collection(), None);
    let codes: Vec<Code> = c.decode_codes(b"A\x82\xa0").collect();
    assert_eq!(codes, vec![Code::new(0x41, 1), Code::new(0x82a0, 2)]);
    // The C variant and its usecmap child: 0x5C is ¥ in 90pv's table.
    assert_eq!(uni("90pv-RKSJ-UCS2C", 0x5c, 1).as_deref(), Some("\u{a5}"));
    assert_eq!(
        CMap::predefined("90pv-RKSJ-UCS2").unwrap().usecmap(),
        Some("90pv-RKSJ-UCS2C")
    );
    // Unicode → Shift-JIS and CID → Shift-JIS: the host bytes read as UTF-16.
    assert_eq!(
        uni("UCS2-90ms-RKSJ", 0x3042, 2).as_deref(),
        Some("\u{82a0}")
    );
    assert_eq!(
        uni("Adobe-Japan1-90ms-RKSJ", 843, 2).as_deref(),
        Some("\u{82a0}")
    );
    // GBK lead bytes D8–DF would be lone surrogates: left unmapped.
    assert_eq!(uni("Adobe-GB1-GBK-EUC", 0x1257, 2), None);
    assert_eq!(
        uni("Adobe-GB1-GBK-EUC", 0x1256, 2).as_deref(),
        Some("\u{d7f9}")
    );
}

/// The shipped `Adobe-<Ordering>-UCS2` CMaps agree with `cid_to_unicode_exact`,
/// which is generated from the same files.
#[test]
fn adobe_ucs2_cmaps_agree_with_cid_to_unicode() {
    for c in Collection::ALL {
        let name = format!("Adobe-{}-UCS2", c.ordering());
        let cmap = CMap::predefined(&name).unwrap();
        let mut n = 0;
        for (code, s) in cmap.unicode_mappings() {
            if s != "\u{FFFD}" {
                assert_eq!(
                    cid_to_unicode_exact(c, code.value),
                    Some(s),
                    "{name} {code:?}"
                );
                n += 1;
            }
        }
        assert!(n > 18_000, "{name}: {n}");
    }
}

/// Adobe-KR has no `Collection`, but its CMaps are shipped: Korean text
/// through `UniAKR-UTF16-H` to CIDs, and back through the `Adobe-KR-UCS2` CMap.
#[test]
fn korean_through_adobe_kr() {
    let text = "한국어 텍스트";
    let enc = CMap::predefined("UniAKR-UTF16-H").unwrap();
    let back = CMap::predefined("Adobe-KR-UCS2").unwrap();
    assert_eq!(enc.collection(), None);
    let mut out = String::new();
    for code in enc.decode_codes(&utf16be(text)) {
        let cid = enc.lookup_cid(code).unwrap();
        assert!(cid > 0, "{code:?}");
        out.push_str(back.lookup_unicode(Code::new(cid, 2)).unwrap());
    }
    assert_eq!(out, text);
    let s9 = CMap::predefined("Adobe-KR-9").unwrap();
    assert_eq!(s9.lookup_cid(Code::new(0x100, 2)), Some(0x100));
    assert!(CMap::predefined("Adobe-Japan2-0").is_some());
}

/// The Hojo CMaps sit in poppler's Adobe-Japan1 folder but encode Adobe-Japan2
/// CIDs (JIS X 0212): they must not claim Japan1, whose CID → Unicode would
/// give wrong text (the data before issue 7 did).
#[test]
fn hojo_cmaps_are_not_japan1() {
    // (name, a code of the file, its Japan2 CID)
    for (name, code, cid) in [
        ("Hojo-H", Code::new(0x222f, 2), 1),
        ("Hojo-EUC-V", Code::new(0x8fa2af, 3), 1),
        ("UniHojo-UTF16-H", Code::new(0x007e, 2), 9),
    ] {
        let c = CMap::predefined(name).unwrap();
        assert_eq!(c.collection(), None, "{name}");
        assert_eq!(c.lookup_cid(code), Some(cid), "{name}");
    }
    assert_eq!(
        CMap::predefined("UniJIS-UTF16-H").unwrap().collection(),
        Some(Collection::Japan1)
    );
}
