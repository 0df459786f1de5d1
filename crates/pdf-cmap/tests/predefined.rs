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

/// Expected code → CID of one source CMap file, its parent's first (usecmap).
fn expected(dir: &PathBuf, name: &str, out: &mut HashMap<(u8, u32), u32>) {
    let path = ["Japan1", "GB1", "CNS1", "Korea1"]
        .iter()
        .map(|c| dir.join(format!("Adobe-{c}/{name}")))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("{name} not in the sources"));
    let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    for line in text.lines() {
        if let Some(parent) = line
            .strip_suffix(" usecmap")
            .and_then(|l| l.strip_prefix('/'))
        {
            if !parent.starts_with("Identity") {
                expected(dir, parent, out);
            }
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
    let names: Vec<&str> = CMap::predefined_names().collect();
    assert!(names.len() > 150, "only {} CMaps shipped", names.len());
    for name in names {
        if name.starts_with("Identity-") {
            continue;
        }
        let cmap = CMap::predefined(name).unwrap();
        let mut want = HashMap::new();
        expected(&dir, name, &mut want);
        assert!(!want.is_empty(), "{name}: no source mappings");
        for (&(len, value), &cid) in &want {
            let code = Code::new(value, len);
            assert_eq!(cmap.lookup_cid(code), Some(cid), "{name} {code:?}");
            // The codespace splits the code's own bytes into exactly that code.
            let bytes = code_bytes(len, value);
            let codes: Vec<Code> = cmap.decode_codes(&bytes).collect();
            assert_eq!(codes, vec![code], "{name}: codespace split of {bytes:02x?}");
        }
        total += want.len();
    }
    println!("checked {total} code → CID mappings");
    assert!(total > 1_000_000);
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
    assert_eq!(
        through("90ms-RKSJ-H", &encode(encoding_rs::SHIFT_JIS, JA)),
        JA
    );
    assert_eq!(
        through("90ms-RKSJ-V", &encode(encoding_rs::SHIFT_JIS, JA)),
        JA
    );
    assert_eq!(
        through("90msp-RKSJ-H", &encode(encoding_rs::SHIFT_JIS, JA)),
        JA
    );
    assert_eq!(through("EUC-H", &encode(encoding_rs::EUC_JP, JA)), JA);
    assert_eq!(through("UniJIS-UCS2-H", &utf16be(JA)), JA);
    assert_eq!(through("UniJIS-UTF16-H", &utf16be(JA)), JA);
    assert_eq!(through("UniJIS-UTF16-V", &utf16be(JA)), JA);
    assert_eq!(through("UniJIS2004-UTF16-H", &utf16be(JA)), JA);
    assert_eq!(through("UniJIS-UTF8-H", JA.as_bytes()), JA);
    // Half-width ASCII in the one-byte part of a mixed codespace; Adobe maps
    // the half-width space CID 231 to U+2002 EN SPACE.
    assert_eq!(
        through("90ms-RKSJ-H", &encode(encoding_rs::SHIFT_JIS, "PDF 2024年")),
        "PDF\u{2002}2024年"
    );
}

#[test]
fn chinese_through_gb_and_big5_encodings() {
    assert_eq!(
        through("GBK-EUC-H", &encode(encoding_rs::GBK, ZH_CN)),
        ZH_CN
    );
    assert_eq!(
        through("GBKp-EUC-H", &encode(encoding_rs::GBK, ZH_CN)),
        ZH_CN
    );
    assert_eq!(
        through("GBK2K-H", &encode(encoding_rs::GB18030, ZH_CN)),
        ZH_CN
    );
    assert_eq!(through("GB-EUC-H", &encode(encoding_rs::GBK, ZH_CN)), ZH_CN);
    assert_eq!(through("UniGB-UCS2-H", &utf16be(ZH_CN)), ZH_CN);
    assert_eq!(through("UniGB-UTF16-H", &utf16be(ZH_CN)), ZH_CN);
    assert_eq!(through("UniGB-UCS2-H", &utf16be("中文")), "中文");
    assert_eq!(through("B5pc-H", &encode(encoding_rs::BIG5, ZH_TW)), ZH_TW);
    assert_eq!(
        through("ETen-B5-H", &encode(encoding_rs::BIG5, ZH_TW)),
        ZH_TW
    );
    assert_eq!(
        through("HKscs-B5-H", &encode(encoding_rs::BIG5, ZH_TW)),
        ZH_TW
    );
    assert_eq!(through("UniCNS-UTF16-H", &utf16be(ZH_TW)), ZH_TW);
    assert_eq!(through("UniCNS-UCS2-H", &utf16be(ZH_TW)), ZH_TW);
}

#[test]
fn korean_through_uhc_and_unicode() {
    assert_eq!(through("KSCms-UHC-H", &encode(encoding_rs::EUC_KR, KO)), KO);
    assert_eq!(
        through("KSCms-UHC-V", &encode(encoding_rs::EUC_KR, "한국어")),
        "한국어"
    );
    assert_eq!(
        through("KSC-EUC-H", &encode(encoding_rs::EUC_KR, "한국어")),
        "한국어"
    );
    assert_eq!(through("UniKS-UTF16-H", &utf16be(KO)), KO);
    assert_eq!(through("UniKS-UCS2-H", &utf16be(KO)), KO);
}

#[test]
fn vertical_forms_are_vertical() {
    for name in CMap::predefined_names() {
        let cmap = CMap::predefined(name).unwrap();
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
