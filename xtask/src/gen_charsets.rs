//! `cargo xtask gen-charsets`: generates `crates/html-charset/src/data/`,
//! the tables of the encodings outside the Encoding Standard that
//! `html_charset::unlisted` decodes, from the system's iconv and a registry
//! package. Nothing here is needed to build; this task only regenerates.
//!
//! Sources:
//! - glibc's `iconv` program (Debian `libc-bin`): EUC-TW, every CNS 11643
//!   plane it knows (`8E A1..AF` + two bytes, plane 1 also as two bytes), and
//!   IBM855. Each code is converted on its own line; a line is kept only when
//!   it converted to exactly one character that is not the two-byte reading
//!   of the code's tail (which is what `iconv -c` emits after skipping the
//!   `8E` of an unmapped four-byte code), and every kept character must
//!   convert back to its code (`UTF-8 → EUC-TW`), or the task fails.
//! - Debian `unicode-data` (`/usr/share/unicode`, Unicode License v3):
//!   `UnicodeData.txt` names, which pair each conjoining jamo (`HANGUL
//!   CHOSEONG/JUNGSEONG/JONGSEONG X`) with its compatibility jamo (`HANGUL
//!   LETTER X`, KS X 1001 row 4) for Johab's lone jamo; and Unihan's
//!   `kFrequency` (`Unihan_DictionaryLikeData.txt.bz2`, read through `bzcat`),
//!   whose classes 1–4 are the frequent Chinese characters EUC-TW detection
//!   counts.
//!
//! Usage: `cargo xtask gen-charsets [--unicode DIR]`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{rustfmt, varint, workspace_root, write};

/// Rows and cells of a 94 × 94 plane: `A1..=FE`.
const CELLS: std::ops::RangeInclusive<u8> = 0xA1..=0xFE;
/// Cells in one plane.
const PLANE_CELLS: usize = 94 * 94;

/// Entry point of the task.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut unicode = std::path::PathBuf::from("/usr/share/unicode");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let val = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--unicode" => unicode = val.into(),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    let out = workspace_root().join("crates/html-charset/src/data");
    let iconv_version = command_output(Command::new("iconv").arg("--version"))?;
    let iconv_version = iconv_version
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .to_string();

    let planes = cns_planes()?;
    let (bin, index) = encode_planes(&planes, &iconv_version);
    write(&out.join("cns11643.bin"), &bin)?;
    write(&out.join("cns11643_index.rs"), index.as_bytes())?;
    write(
        &out.join("ibm855.rs"),
        gen_ibm855(&iconv_version)?.as_bytes(),
    )?;
    write(
        &out.join("johab_jamo.rs"),
        gen_jamo(&unicode.join("UnicodeData.txt"))?.as_bytes(),
    )?;
    write(
        &out.join("han_frequent.rs"),
        gen_frequent(&unicode.join("Unihan_DictionaryLikeData.txt.bz2"))?.as_bytes(),
    )?;
    let generated = [
        "cns11643_index.rs",
        "ibm855.rs",
        "johab_jamo.rs",
        "han_frequent.rs",
    ];
    rustfmt(&out, &generated)?;
    for (plane, cells) in &planes {
        let n = cells.iter().filter(|&&c| c != 0).count();
        println!("CNS 11643 plane {plane}: {n} characters");
    }
    println!("cns11643.bin: {} bytes", bin.len());
    Ok(())
}

/// Runs `cmd` and returns its standard output as text.
fn command_output(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{cmd:?} failed"));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{cmd:?}: {e}"))
}

/// `iconv -c -f FROM -t TO` over `input` (fed from a thread, so a full pipe
/// cannot deadlock).
fn iconv(from: &str, to: &str, input: Vec<u8>) -> Result<Vec<u8>, String> {
    let mut child = Command::new("iconv")
        .args(["-c", "-f", from, "-t", to])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("iconv: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("iconv: no stdin")?;
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("iconv: {e}"))?;
    feeder
        .join()
        .map_err(|_| "iconv feeder panicked".to_string())?
        .map_err(|e| format!("iconv stdin: {e}"))?;
    // `-c` exits 1 when it dropped unconvertible input; that is expected here.
    Ok(out.stdout)
}

/// Converts each code (one per line) and returns, per line, the character it
/// became if it became exactly one.
fn convert_lines(from: &str, codes: &[Vec<u8>]) -> Result<Vec<Option<char>>, String> {
    let mut input = Vec::new();
    for c in codes {
        input.extend_from_slice(c);
        input.push(b'\n');
    }
    let out = iconv(from, "UTF-8", input)?;
    let text = String::from_utf8(out).map_err(|e| format!("iconv output: {e}"))?;
    let lines: Vec<&str> = text.split('\n').collect();
    if lines.len() != codes.len() + 1 {
        return Err(format!(
            "iconv -f {from}: {} lines for {} codes",
            lines.len() - 1,
            codes.len()
        ));
    }
    Ok(lines[..codes.len()]
        .iter()
        .map(|l| {
            let mut chars = l.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        })
        .collect())
}

/// Every CNS 11643 plane glibc's EUC-TW knows: plane → 8,836 code points in
/// row-major order (0 = unmapped).
fn cns_planes() -> Result<BTreeMap<u8, Vec<u32>>, String> {
    let cells: Vec<(u8, u8)> = CELLS.flat_map(|r| CELLS.map(move |c| (r, c))).collect();
    let two_byte: Vec<Vec<u8>> = cells.iter().map(|&(r, c)| vec![r, c]).collect();
    let plane1: Vec<Option<char>> = convert_lines("EUC-TW", &two_byte)?;
    let plane1_at = |r: u8, c: u8| -> Option<char> {
        let i = usize::from(r.checked_sub(0xA1)?) * 94 + usize::from(c.checked_sub(0xA1)?);
        plane1.get(i).copied().flatten()
    };
    let mut planes = BTreeMap::new();
    planes.insert(1u8, plane1.iter().map(|c| c.map_or(0, u32::from)).collect());
    for plane in 2u8..=16 {
        let codes: Vec<Vec<u8>> = cells
            .iter()
            .map(|&(r, c)| vec![0x8E, 0xA0 + plane, r, c])
            .collect();
        let got = convert_lines("EUC-TW", &codes)?;
        let values: Vec<u32> = cells
            .iter()
            .zip(&got)
            .map(|(&(r, _), ch)| match ch {
                // After an unmapped code `8E Ap r c`, iconv -c skips `8E` and
                // reads `Ap r` as a plane-1 pair: that is no mapping.
                Some(ch) if Some(*ch) != plane1_at(0xA0 + plane, r) => u32::from(*ch),
                _ => 0,
            })
            .collect();
        if values.iter().any(|&v| v != 0) {
            planes.insert(plane, values);
        }
    }
    // Every kept character converts back to its code.
    for (&plane, values) in &planes {
        let mut input = String::new();
        let mut expect = Vec::new();
        for (&(r, c), &v) in cells.iter().zip(values) {
            if let Some(ch) = char::from_u32(v).filter(|_| v != 0) {
                input.push(ch);
                input.push('\n');
                expect.push(if plane == 1 {
                    vec![r, c]
                } else {
                    vec![0x8E, 0xA0 + plane, r, c]
                });
            }
        }
        let back = iconv("UTF-8", "EUC-TW", input.into_bytes())?;
        let back: Vec<&[u8]> = back.split(|&b| b == b'\n').collect();
        let differ = expect
            .iter()
            .zip(&back)
            .filter(|(e, b)| e.as_slice() != **b)
            .count();
        // A character with two codes converts back to one of them.
        if differ > 2 {
            return Err(format!(
                "CNS 11643 plane {plane}: {differ} characters do not convert back"
            ));
        }
    }
    Ok(planes)
}

/// Each plane as a raw-deflate stream of 8,836 varints, one per cell in
/// row-major order: 0 for an unmapped cell, else 1 + the zigzag-coded
/// difference from the previous mapped cell's code point (starting at 0).
/// Returns the concatenated streams and the index source.
fn encode_planes(planes: &BTreeMap<u8, Vec<u32>>, iconv_version: &str) -> (Vec<u8>, String) {
    let mut bin = Vec::new();
    let mut index = String::new();
    let _ = writeln!(
        index,
        "// @generated by `cargo xtask gen-charsets` (xtask/src/gen_charsets.rs) from glibc's\n\
         // iconv ({iconv_version}), EUC-TW. Do not edit.\n\
         //\n\
         // CNS 11643 → Unicode, one raw-deflate stream per plane in `cns11643.bin`\n\
         // (format: xtask/src/gen_charsets.rs, `encode_planes`). glibc is\n\
         // LGPL-2.1-or-later; its CNS 11643 tables follow Unicode's former\n\
         // CNS11643.TXT mapping. Regenerate rather than edit.\n\n\
         /// `(plane, offset, length, mapped cells)` of each plane's stream in `cns11643.bin`.\n\
         pub(crate) const PLANES: [(u8, u32, u32, u16); {}] = [",
        planes.len()
    );
    for (&plane, values) in planes {
        assert_eq!(values.len(), PLANE_CELLS);
        let mut raw = Vec::new();
        let mut prev = 0i64;
        for &v in values {
            if v == 0 {
                varint(&mut raw, 0);
                continue;
            }
            let delta = i64::from(v) - prev;
            prev = i64::from(v);
            let zigzag = if delta >= 0 {
                delta << 1
            } else {
                ((-delta) << 1) - 1
            };
            varint(&mut raw, u32::try_from(zigzag + 1).unwrap_or(u32::MAX));
        }
        let deflated = miniz_oxide::deflate::compress_to_vec(&raw, 10);
        let mapped = values.iter().filter(|&&v| v != 0).count();
        let _ = write!(
            index,
            "({plane}, {}, {}, {mapped}),",
            bin.len(),
            deflated.len()
        );
        bin.extend_from_slice(&deflated);
    }
    index.push_str("];\n");
    (bin, index)
}

/// IBM855's bytes 0x80–0xFF through iconv (0x00–0x7F are ASCII).
fn gen_ibm855(iconv_version: &str) -> Result<String, String> {
    let codes: Vec<Vec<u8>> = (0x80u8..=0xFF).map(|b| vec![b]).collect();
    let chars = convert_lines("IBM855", &codes)?;
    let mut s = format!(
        "// @generated by `cargo xtask gen-charsets` (xtask/src/gen_charsets.rs) from glibc's\n\
         // iconv ({iconv_version}), IBM855. Do not edit.\n\n\
         /// IBM855 (DOS Cyrillic): the characters of bytes 0x80–0xFF.\n\
         pub(crate) const HIGH: [char; 128] = ["
    );
    for (b, ch) in (0x80u8..=0xFF).zip(chars) {
        let ch = ch.ok_or(format!("IBM855 byte {b:#04X} did not convert"))?;
        let _ = write!(s, "'\\u{{{:04X}}}',", u32::from(ch));
    }
    s.push_str("];\n");
    Ok(s)
}

/// The compatibility jamo of each modern conjoining jamo, paired by name.
fn gen_jamo(unicode_data: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(unicode_data)
        .map_err(|e| format!("{}: {e}", unicode_data.display()))?;
    let mut names: BTreeMap<u32, &str> = BTreeMap::new();
    let mut letters: BTreeMap<&str, u32> = BTreeMap::new();
    for line in text.lines() {
        let mut cols = line.split(';');
        let (Some(cp), Some(name)) = (cols.next(), cols.next()) else {
            continue;
        };
        let Ok(cp) = u32::from_str_radix(cp, 16) else {
            continue;
        };
        names.insert(cp, name);
        if let Some(letter) = name.strip_prefix("HANGUL LETTER ")
            && (0x3131..=0x3163).contains(&cp)
        {
            letters.insert(letter, cp);
        }
    }
    let row = |first: u32, count: u32, prefix: &str| -> Result<String, String> {
        let mut s = String::new();
        for cp in first..first + count {
            let name = names.get(&cp).ok_or(format!("U+{cp:04X} not named"))?;
            let letter = name
                .strip_prefix(prefix)
                .ok_or(format!("U+{cp:04X} {name}: not {prefix}"))?;
            let compat = letters
                .get(letter)
                .ok_or(format!("no HANGUL LETTER {letter}"))?;
            let _ = write!(s, "'\\u{{{compat:04X}}}',");
        }
        Ok(s)
    };
    Ok(format!(
        "// @generated by `cargo xtask gen-charsets` (xtask/src/gen_charsets.rs) from\n\
         // UnicodeData.txt (Debian unicode-data, Unicode License v3): each conjoining jamo\n\
         // paired with the compatibility jamo (KS X 1001 row 4) of the same name. Do not edit.\n\n\
         /// The 19 modern initial consonants (U+1100 + i) as compatibility jamo.\n\
         pub(crate) const INITIAL: [char; 19] = [{}];\n\
         /// The 21 modern vowels (U+1161 + i) as compatibility jamo.\n\
         pub(crate) const MEDIAL: [char; 21] = [{}];\n\
         /// The 27 modern final consonants (U+11A8 + i) as compatibility jamo.\n\
         pub(crate) const FINAL: [char; 27] = [{}];\n",
        row(0x1100, 19, "HANGUL CHOSEONG ")?,
        row(0x1161, 21, "HANGUL JUNGSEONG ")?,
        row(0x11A8, 27, "HANGUL JONGSEONG ")?,
    ))
}

/// Unihan `kFrequency` classes 1–4 (the frequent characters of traditional
/// Chinese text), sorted.
fn gen_frequent(dictionary_like: &Path) -> Result<String, String> {
    let text = command_output(Command::new("bzcat").arg(dictionary_like))?;
    let mut frequent = Vec::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if let [cp, "kFrequency", class] = cols.as_slice() {
            let class: u8 = class.trim().parse().map_err(|e| format!("{line}: {e}"))?;
            let cp = u32::from_str_radix(cp.trim_start_matches("U+"), 16)
                .map_err(|e| format!("{line}: {e}"))?;
            if class <= 4 {
                let cp = u16::try_from(cp).map_err(|_| format!("{line}: not in the BMP"))?;
                frequent.push(cp);
            }
        }
    }
    frequent.sort_unstable();
    let mut s = format!(
        "// @generated by `cargo xtask gen-charsets` (xtask/src/gen_charsets.rs) from\n\
         // Unihan_DictionaryLikeData.txt (Debian unicode-data, Unicode License v3), field\n\
         // kFrequency. Do not edit.\n\n\
         /// Han characters of `kFrequency` classes 1–4 (of 5): the most frequent\n\
         /// characters of traditional Chinese text, sorted.\n\
         pub(crate) const FREQUENT: [u16; {}] = [",
        frequent.len()
    );
    for cp in frequent {
        let _ = write!(s, "0x{cp:04X},");
    }
    s.push_str("];\n");
    Ok(s)
}
