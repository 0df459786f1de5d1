//! `cargo xtask gen-hwp-chars`: generates `crates/hwp-text/src/data/`, the
//! character tables of `hwp-text`. Nothing here is needed to build; this
//! task only regenerates.
//!
//! Sources:
//! - PyPI `hypua2jamo` 0.7 (LGPL-3.0-or-later; the tables are the Hanyang
//!   PUA mapping of KS X 1026-1): `src/hypua2jamo/p2jc.bin`, every
//!   Hanyang-PUA old-Hangul code (U+E0BC..U+F8F7) with its conjoining-jamo
//!   sequence (composed jamo such as U+110A). Fetched with
//!   `pip download hypua2jamo==0.7 --no-deps --no-binary :all:` unless
//!   `--hypua2jamo DIR` names an unpacked copy.
//! - glibc's charmaps (Debian `locales`, `/usr/share/i18n/charmaps`):
//!   `EUC-KR.gz` for the KS X 1001 rows that HWP 3.0's hchar codes index
//!   (symbols, rows 1..12, at hchar 0x3400; the 4888 Hanja, rows 42..93, at
//!   0x4000) and `JOHAB.gz` (KS C 5601-1992 annex 3) for the compatibility
//!   jamo of the lone initial, medial and final codes of Johab Hangul.
//!   Every Johab syllable of the charmap is checked against the arithmetic
//!   `hwp-text` uses for syllables, or the task fails.
//!
//! Usage: `cargo xtask gen-hwp-chars [--hypua2jamo DIR] [--charmaps DIR]`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{rustfmt, workspace_root, write};

const HYPUA: &str = "hypua2jamo==0.7";

/// Entry point of the task.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut hypua: Option<PathBuf> = None;
    let mut charmaps = PathBuf::from("/usr/share/i18n/charmaps");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let val = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--hypua2jamo" => hypua = Some(val.into()),
            "--charmaps" => charmaps = val.into(),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    let hypua = match hypua {
        Some(p) => p,
        None => fetch_hypua()?,
    };
    let out = workspace_root().join("crates/hwp-text/src/data");
    let p2jc = std::fs::read(hypua.join("src/hypua2jamo/p2jc.bin"))
        .map_err(|e| format!("{}: {e}", hypua.display()))?;
    write(&out.join("hypua.rs"), gen_hypua(&p2jc)?.as_bytes())?;
    let euc_kr = charmap(&charmaps.join("EUC-KR.gz"))?;
    let johab = charmap(&charmaps.join("JOHAB.gz"))?;
    write(
        &out.join("hchar.rs"),
        gen_hchar(&euc_kr, &johab)?.as_bytes(),
    )?;
    rustfmt(&out, &["hypua.rs", "hchar.rs"])?;
    println!("crates/hwp-text/src/data: hypua.rs, hchar.rs");
    Ok(())
}

/// `pip download`s the hypua2jamo sdist into `target/gen-hwp-chars` and unpacks it.
fn fetch_hypua() -> Result<PathBuf, String> {
    let dir = workspace_root().join("target/gen-hwp-chars");
    let unpacked = dir.join("hypua2jamo-0.7");
    if unpacked.join("src/hypua2jamo/p2jc.bin").is_file() {
        return Ok(unpacked);
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let st = Command::new("python3")
        .args([
            "-m",
            "pip",
            "download",
            HYPUA,
            "--no-deps",
            "--no-binary",
            ":all:",
            "-d",
        ])
        .arg(&dir)
        .status()
        .map_err(|e| format!("pip: {e}"))?;
    if !st.success() {
        return Err(format!("pip download {HYPUA} failed"));
    }
    let st = Command::new("tar")
        .arg("xzf")
        .arg(dir.join("hypua2jamo-0.7.tar.gz"))
        .arg("-C")
        .arg(&dir)
        .status()
        .map_err(|e| format!("tar: {e}"))?;
    if !st.success() {
        return Err("tar failed on the hypua2jamo sdist".into());
    }
    Ok(unpacked)
}

fn u16_at(b: &[u8], at: usize) -> Result<u16, String> {
    b.get(at..at + 2)
        .map(|s| u16::from_le_bytes([s[0], s[1]]))
        .ok_or_else(|| format!("p2jc.bin ends at {at}"))
}

/// hypua2jamo's pack format: `u16` group count; per group (first code,
/// length); per code of every group its sequence length; then the sequences.
fn gen_hypua(pack: &[u8]) -> Result<String, String> {
    let groups = usize::from(u16_at(pack, 0)?);
    let mut at = 2;
    let mut heads = Vec::new();
    for _ in 0..groups {
        heads.push((u16_at(pack, at)?, u16_at(pack, at + 2)?));
        at += 4;
    }
    let mut lens = Vec::new();
    for (_, len) in &heads {
        for _ in 0..*len {
            lens.push(usize::from(u16_at(pack, at)?));
            at += 2;
        }
    }
    let mut map: BTreeMap<u16, Vec<u16>> = BTreeMap::new();
    let mut k = 0;
    for (first, len) in &heads {
        for i in 0..*len {
            let n = lens[k];
            k += 1;
            let mut seq = Vec::new();
            for _ in 0..n {
                seq.push(u16_at(pack, at)?);
                at += 2;
            }
            let code = first + i;
            if !(0xE0BC..=0xF8F7).contains(&code) {
                return Err(format!(
                    "p2jc.bin maps U+{code:04X}, outside the Hanyang PUA"
                ));
            }
            if !seq.is_empty() && seq != [code] {
                map.insert(code, seq);
            }
        }
    }
    if at != pack.len() {
        return Err(format!(
            "p2jc.bin has {} bytes after the tables",
            pack.len() - at
        ));
    }
    // Runs of consecutive codes: (first code, count, index of its first offset).
    let mut runs: Vec<(u16, u16, usize)> = Vec::new();
    let mut offsets: Vec<usize> = Vec::new();
    let mut jamo: Vec<u16> = Vec::new();
    for (&code, seq) in &map {
        match runs.last_mut() {
            Some((first, count, _)) if *first + *count == code => *count += 1,
            _ => runs.push((code, 1, offsets.len())),
        }
        offsets.push(jamo.len());
        jamo.extend_from_slice(seq);
    }
    offsets.push(jamo.len());
    let mut s = String::new();
    s.push_str(
        "// @generated by `cargo xtask gen-hwp-chars` (xtask/src/gen_hwp_chars.rs) from PyPI\n\
         // hypua2jamo 0.7 `src/hypua2jamo/p2jc.bin` (LGPL-3.0-or-later): the Hanyang PUA\n\
         // old-Hangul syllables of KS X 1026-1 and their conjoining jamo. Do not edit.\n\n\
         //! Hanyang-PUA old Hangul (U+E0BC..U+F8F7) to conjoining jamo.\n\n",
    );
    writeln!(
        s,
        "/// Runs of mapped codes: (first code, count, index of the first in `OFFSETS`).\n\
         static RUNS: [(u16, u16, u16); {}] = [",
        runs.len()
    )
    .ok();
    for (first, count, index) in &runs {
        write!(s, "({first:#06X}, {count}, {index}),").ok();
    }
    s.push_str("];\n\n");
    writeln!(
        s,
        "/// Where each code's jamo start in `JAMO` (one more entry than codes).\n\
         static OFFSETS: [u16; {}] = [",
        offsets.len()
    )
    .ok();
    for o in &offsets {
        write!(s, "{o},").ok();
    }
    s.push_str("];\n\n");
    writeln!(
        s,
        "/// The jamo sequences, one after another.\nstatic JAMO: [u16; {}] = [",
        jamo.len()
    )
    .ok();
    for j in &jamo {
        write!(s, "{j:#06X},").ok();
    }
    s.push_str("];\n\n");
    s.push_str(
        "/// The conjoining jamo of Hanyang-PUA code `code`, if it is an old-Hangul syllable.\n\
         pub fn lookup(code: u16) -> Option<&'static [u16]> {\n\
         \x20   let run = RUNS.partition_point(|r| r.0 <= code).checked_sub(1)?;\n\
         \x20   let (first, count, index) = RUNS[run];\n\
         \x20   if code - first >= count {\n\
         \x20       return None;\n\
         \x20   }\n\
         \x20   let i = usize::from(index) + usize::from(code - first);\n\
         \x20   let start = usize::from(*OFFSETS.get(i)?);\n\
         \x20   let end = usize::from(*OFFSETS.get(i + 1)?);\n\
         \x20   JAMO.get(start..end)\n\
         }\n",
    );
    Ok(s)
}

/// A glibc charmap: byte sequence → code point (single characters only).
fn charmap(path: &Path) -> Result<BTreeMap<Vec<u8>, u32>, String> {
    let out = Command::new("gzip")
        .arg("-dc")
        .arg(path)
        .output()
        .map_err(|e| format!("gzip {}: {e}", path.display()))?;
    if !out.status.success() {
        return Err(format!("gzip -dc {} failed", path.display()));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut map = BTreeMap::new();
    let mut in_map = false;
    for line in text.lines() {
        if line.starts_with("CHARMAP") {
            in_map = true;
            continue;
        }
        if line.starts_with("END CHARMAP") {
            break;
        }
        if !in_map || !line.starts_with("<U") {
            continue;
        }
        let mut cols = line.split_whitespace();
        let (Some(name), Some(bytes)) = (cols.next(), cols.next()) else {
            continue;
        };
        let Some(hex) = name.strip_prefix("<U").and_then(|s| s.strip_suffix('>')) else {
            continue;
        };
        let Ok(cp) = u32::from_str_radix(hex, 16) else {
            continue;
        };
        let seq: Option<Vec<u8>> = bytes
            .split("/x")
            .filter(|s| !s.is_empty())
            .map(|h| u8::from_str_radix(h, 16).ok())
            .collect();
        if let Some(seq) = seq {
            map.insert(seq, cp);
        }
    }
    if map.is_empty() {
        return Err(format!("{}: no mappings read", path.display()));
    }
    Ok(map)
}

/// Johab medial field values 3..=29 in order of the 21 modern vowels.
const MEDIALS: [u32; 21] = [
    3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29,
];

/// The syllable of Johab fields (initial, medial, final), as hwp-text computes it.
fn johab_syllable(i: u32, m: u32, f: u32) -> Option<u32> {
    let i = i.checked_sub(2).filter(|&i| i < 19)?;
    let m = MEDIALS.iter().position(|&v| v == m)? as u32;
    let f = match f {
        1 => 0,
        2..=17 => f - 1,
        19..=29 => f - 2,
        _ => return None,
    };
    Some(0xAC00 + (i * 21 + m) * 28 + f)
}

fn gen_hchar(
    euc_kr: &BTreeMap<Vec<u8>, u32>,
    johab: &BTreeMap<Vec<u8>, u32>,
) -> Result<String, String> {
    let row = |lead: u8| -> Vec<u32> {
        (0xA1..=0xFEu8)
            .map(|trail| euc_kr.get(&vec![lead, trail]).copied().unwrap_or(0))
            .collect()
    };
    let symbols: Vec<u32> = (0xA1..=0xACu8).flat_map(row).collect();
    let hanja: Vec<u32> = (0xCA..=0xFDu8).flat_map(row).collect();
    if hanja.len() != 4888 || hanja.contains(&0) {
        return Err("EUC-KR.gz: the 4888 Hanja of rows 42..93 are not all mapped".into());
    }
    let (mut initial, mut medial, mut fin) = ([0u32; 32], [0u32; 32], [0u32; 32]);
    let mut syllables = 0;
    for (bytes, &cp) in johab {
        let [hi, lo] = bytes.as_slice() else { continue };
        let code = u32::from(*hi) << 8 | u32::from(*lo);
        if code & 0x8000 == 0 {
            continue;
        }
        let (i, m, f) = ((code >> 10) & 0x1F, (code >> 5) & 0x1F, code & 0x1F);
        if (0xAC00..=0xD7A3).contains(&cp) {
            if johab_syllable(i, m, f) != Some(cp) {
                return Err(format!(
                    "JOHAB.gz: {code:#06x} is U+{cp:04X}, the arithmetic disagrees"
                ));
            }
            syllables += 1;
        } else if (0x3131..=0x318E).contains(&cp) {
            match (i, m, f) {
                (i, 2, 1) => initial[i as usize] = cp,
                (1, m, 1) => medial[m as usize] = cp,
                (1, 2, f) => fin[f as usize] = cp,
                _ => {}
            }
        }
    }
    if syllables != 11172 {
        return Err(format!("JOHAB.gz: {syllables} syllables, expected 11172"));
    }
    let mut s = String::new();
    s.push_str(
        "// @generated by `cargo xtask gen-hwp-chars` (xtask/src/gen_hwp_chars.rs) from glibc's\n\
         // charmaps EUC-KR.gz (KS X 1001 symbol rows 1..12 and Hanja rows 42..93) and JOHAB.gz\n\
         // (KS C 5601-1992 annex 3: the compatibility jamo of lone Johab fields). Do not edit.\n\n\
         //! KS X 1001 rows and Johab jamo for HWP 3.0 hchar codes.\n\n",
    );
    let array = |s: &mut String, doc: &str, name: &str, values: &[u32]| {
        writeln!(
            s,
            "/// {doc}\npub static {name}: [u16; {}] = [",
            values.len()
        )
        .ok();
        for v in values {
            write!(s, "{v:#06X},").ok();
        }
        s.push_str("];\n\n");
    };
    array(
        &mut s,
        "KS X 1001 rows 1..12 (symbols) then 42..93 (the 4888 Hanja), 94 cells each (0 = unassigned).",
        "KS_ROWS",
        &[symbols, hanja].concat(),
    );
    array(
        &mut s,
        "Compatibility jamo of a lone Johab initial (by field value; 0 = none).",
        "JOHAB_INITIAL",
        &initial,
    );
    array(
        &mut s,
        "Compatibility jamo of a lone Johab medial (by field value; 0 = none).",
        "JOHAB_MEDIAL",
        &medial,
    );
    array(
        &mut s,
        "Compatibility jamo of a lone Johab final (by field value; 0 = none).",
        "JOHAB_FINAL",
        &fin,
    );
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn johab_arithmetic() {
        // 가 = 0x8861 (initial 2, medial 3, final 1); 힣 = 0xD3BD.
        assert_eq!(johab_syllable(2, 3, 1), Some(0xAC00));
        assert_eq!(johab_syllable(20, 29, 29), Some(0xD7A3));
        assert_eq!(johab_syllable(1, 3, 1), None);
    }

    #[test]
    fn hypua_pack_round_trip() {
        // One group of two codes: U+E0BC -> [0x1100, 0x1161], U+E0BD -> itself.
        let mut p = vec![];
        for v in [1u16, 0xE0BC, 2, 2, 1, 0x1100, 0x1161, 0xE0BD] {
            p.extend_from_slice(&v.to_le_bytes());
        }
        let s = gen_hypua(&p).unwrap();
        assert!(s.contains("(0xE0BC, 1, 0)"), "{s}");
        assert!(s.contains("0x1100,0x1161,"));
    }
}
