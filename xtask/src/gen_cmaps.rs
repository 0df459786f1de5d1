//! `cargo xtask gen-cmaps`: generates `crates/pdf-cmap/src/data/` from registry packages.
//!
//! Sources (none is needed to build; this task only regenerates):
//! - Debian `poppler-data` (`/usr/share/poppler/cMap/Adobe-*/`): Adobe's CMap
//!   resources (BSD-3-Clause). Every CMap of the four collections' folders and
//!   of `Adobe-KR` and `Adobe-Japan2` becomes a record of `cmaps.bin`; the
//!   per-CID `Adobe-<Ordering>-UCS2` CMaps
//!   also become `cid2uni.bin` (never inverted code → CID maps).
//! - PyPI `pdfminer.six` (`pdfminer/latin_enc.py`: ISO 32000 Annex D.2 table of
//!   Standard, MacRoman, WinAnsi, PDFDoc; `pdfminer/glyphlist.py`: the Adobe Glyph List 2.0).
//! - npm `aglfn` 1.0.2 (`dist/aglfn.json`: AGLFN 1.7) and npm `pdfjs-dist` 5.6.205
//!   (`build/pdf.worker.mjs`, Apache-2.0: `MacExpertEncoding`, `SymbolSetEncoding`,
//!   `ZapfDingbatsEncoding` and the ITC Zapf Dingbats glyph list).
//! - crates.io `unicode-normalization`: decompositions of CJK radicals and
//!   compatibility ideographs (`unify.rs`).
//!
//! Usage: `cargo xtask gen-cmaps [--poppler DIR] [--pdfminer DIR] [--npm DIR]`.
//! Without `--npm`, the two npm packages are fetched with `npm pack` into `target/gen-cmaps-npm`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use pdf_cmap::{CMap, Limits};
use unicode_normalization::UnicodeNormalization;

use crate::util::{rustfmt, varint, workspace_root, write};

const COLLECTIONS: [&str; 4] = ["Japan1", "GB1", "CNS1", "Korea1"];
/// CMap folders shipped: the four collections, then `Adobe-KR` and `Adobe-Japan2`
/// (their CMaps carry no collection: `Collection` has no variant for them).
const FOLDERS: [&str; 6] = ["Japan1", "GB1", "CNS1", "Korea1", "KR", "Japan2"];
const AGLFN_PKG: &str = "aglfn@1.0.2";
const PDFJS_PKG: &str = "pdfjs-dist@5.6.205";

/// Entry point of the task.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut poppler = PathBuf::from("/usr/share/poppler");
    let mut pdfminer: Option<PathBuf> = None;
    let mut npm: Option<PathBuf> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let val = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--poppler" => poppler = val.into(),
            "--pdfminer" => pdfminer = Some(val.into()),
            "--npm" => npm = Some(val.into()),
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    let pdfminer = match pdfminer {
        Some(p) => p,
        None => python_package_dir("pdfminer")?,
    };
    let npm = match npm {
        Some(p) => p,
        None => fetch_npm()?,
    };
    let out = workspace_root().join("crates/pdf-cmap/src/data");

    let (cmaps_bin, cmaps_index, n_cmaps) = gen_cmaps(&poppler.join("cMap"))?;
    write(&out.join("cmaps.bin"), &cmaps_bin)?;
    write(&out.join("cmaps_index.rs"), cmaps_index.as_bytes())?;
    let (coll_bin, coll_index) = gen_collections(&poppler.join("cMap"))?;
    write(&out.join("cid2uni.bin"), &coll_bin)?;
    write(&out.join("collections_index.rs"), coll_index.as_bytes())?;
    write(&out.join("unify.rs"), gen_unify().as_bytes())?;
    let worker = read(&npm.join("pdfjs/build/pdf.worker.mjs"))?;
    write(
        &out.join("encodings.rs"),
        gen_encodings(&pdfminer, &worker)?.as_bytes(),
    )?;
    write(
        &out.join("glyphlist.rs"),
        gen_glyphlist(&pdfminer, &npm, &worker)?.as_bytes(),
    )?;
    // Keep the generated sources as `cargo fmt` leaves them.
    let generated = [
        "cmaps_index.rs",
        "collections_index.rs",
        "unify.rs",
        "encodings.rs",
        "glyphlist.rs",
    ];
    rustfmt(&out, &generated)?;
    println!(
        "pdf-cmap data: {n_cmaps} CMaps in {} bytes, CID→Unicode in {} bytes",
        cmaps_bin.len(),
        coll_bin.len()
    );
    Ok(())
}

fn read(p: &Path) -> Result<String, String> {
    let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn python_package_dir(pkg: &str) -> Result<PathBuf, String> {
    let out = Command::new("python3")
        .args([
            "-c",
            &format!("import os,{pkg};print(os.path.dirname({pkg}.__file__))"),
        ])
        .output()
        .map_err(|e| format!("python3: {e} (pass --pdfminer DIR)"))?;
    if !out.status.success() {
        return Err(format!(
            "python3 cannot import {pkg}: pip install pdfminer.six, or pass --pdfminer DIR"
        ));
    }
    Ok(PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}

fn fetch_npm() -> Result<PathBuf, String> {
    let dir = workspace_root().join("target/gen-cmaps-npm");
    if dir.join("pdfjs/build/pdf.worker.mjs").exists() && dir.join("aglfn/dist/aglfn.json").exists()
    {
        return Ok(dir);
    }
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for (pkg, sub) in [(AGLFN_PKG, "aglfn"), (PDFJS_PKG, "pdfjs")] {
        let out = Command::new("npm")
            .args(["pack", pkg])
            .current_dir(&dir)
            .output()
            .map_err(|e| format!("npm: {e}"))?;
        if !out.status.success() {
            return Err(format!("npm pack {pkg} failed"));
        }
        let tgz = String::from_utf8_lossy(&out.stdout)
            .trim()
            .lines()
            .last()
            .unwrap_or_default()
            .to_string();
        let target = dir.join(sub);
        std::fs::create_dir_all(&target).map_err(|e| e.to_string())?;
        let st = Command::new("tar")
            .args(["xzf", &tgz, "--strip-components=1", "-C", sub])
            .current_dir(&dir)
            .status()
            .map_err(|e| format!("tar: {e}"))?;
        if !st.success() {
            return Err(format!("tar {tgz} failed"));
        }
    }
    Ok(dir)
}

fn zigzag(out: &mut Vec<u8>, v: i64) {
    let z = ((v << 1) ^ (v >> 63)) as u64;
    varint(out, u32::try_from(z).unwrap_or(u32::MAX));
}

fn string(out: &mut Vec<u8>, s: &str) {
    varint(out, s.len() as u32);
    out.extend_from_slice(s.as_bytes());
}

fn deflate(raw: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(raw, 10)
}

fn ranges(out: &mut Vec<u8>, rs: &[pdf_cmap::CidRange]) {
    varint(out, rs.len() as u32);
    let (mut prev_len, mut next_low, mut next_cid) = (0u8, 0u32, 0i64);
    for r in rs {
        varint(out, u32::from(r.len));
        varint(
            out,
            if r.len == prev_len {
                r.low - next_low
            } else {
                r.low
            },
        );
        varint(out, r.high - r.low);
        zigzag(out, i64::from(r.cid) - next_cid);
        prev_len = r.len;
        next_low = r.high.saturating_add(1);
        next_cid = i64::from(r.cid) + i64::from(r.high - r.low) + 1;
    }
}

/// The `bf` mappings as runs: consecutive codes of one length whose one-char
/// destinations are consecutive code points share a record
/// (`len, low_delta, span, first destination`; `low_delta` as in [`ranges`]).
fn unicode(out: &mut Vec<u8>, cmap: &CMap) {
    let maps: Vec<(pdf_cmap::Code, &str)> = cmap.unicode_mappings().collect();
    let single = |s: &str| {
        let mut cs = s.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => Some(u32::from(c)),
            _ => None,
        }
    };
    let mut runs: Vec<(u8, u32, u32, &str)> = Vec::new();
    for &(code, s) in &maps {
        if let Some(last) = runs.last_mut() {
            let next = last.2.checked_add(1);
            let first = single(last.3);
            let span = last.2 - last.1 + 1;
            if last.0 == code.len
                && next == Some(code.value)
                && first.is_some()
                && first.map(|f| f + span) == single(s)
            {
                last.2 = code.value;
                continue;
            }
        }
        runs.push((code.len, code.value, code.value, s));
    }
    varint(out, runs.len() as u32);
    let (mut prev_len, mut next_low) = (0u8, 0u32);
    for &(len, low, high, s) in &runs {
        varint(out, u32::from(len));
        varint(out, if len == prev_len { low - next_low } else { low });
        varint(out, high - low);
        string(out, s);
        prev_len = len;
        next_low = high.saturating_add(1);
    }
}

/// Every CMap of the `FOLDERS`, each record deflated alone.
fn gen_cmaps(cmap_dir: &Path) -> Result<(Vec<u8>, String, usize), String> {
    let mut limits = Limits::default();
    limits.resolve_usecmap = false;
    let mut records: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut parents: BTreeMap<String, String> = BTreeMap::new();
    for coll in FOLDERS {
        let dir = cmap_dir.join(format!("Adobe-{coll}"));
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| format!("{}: {e} (apt-get install poppler-data)", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        names.sort();
        for path in names {
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let cmap = CMap::parse_with(&bytes, &limits).map_err(|e| format!("{name}: {e}"))?;
            // Every CMap of the collection's folder is shipped: code → CID maps
            // (font encodings, supplement identity maps) and the code → Unicode,
            // CID → host code and Unicode → host code maps, whose `bf` entries
            // are kept as the parser reads them (UTF-16BE destinations).
            // The host-code maps (`Adobe-Japan1-PS-H`: CID → code `<0000> <ffff> <0000>`)
            // have destinations in D800–DFFF, lone surrogates that the parser
            // leaves unmapped; the shipped map is what `CMap::parse` makes of the file.
            let bad: Vec<_> = cmap
                .warnings()
                .iter()
                .filter(|w| w.kind != pdf_cmap::WarningKind::Destination)
                .collect();
            if !bad.is_empty() {
                return Err(format!("{name}: {bad:?}"));
            }
            if !cmap.warnings().is_empty() {
                println!(
                    "{name}: {} bf lines with lone-surrogate destinations (those codes left unmapped)",
                    cmap.warnings().len()
                );
            }
            let mut raw = Vec::new();
            varint(&mut raw, u32::from(cmap.wmode()));
            string(&mut raw, cmap.usecmap().unwrap_or_default());
            // Only maps whose CIDSystemInfo names the collection carry it
            // (`Adobe-Japan1-90ms-RKSJ` says `Adobe_Japan1_90ms_RKSJ`).
            let own = cmap.collection().map(|c| c.ordering()) == Some(coll);
            string(&mut raw, if own { "Adobe" } else { "" });
            string(&mut raw, if own { coll } else { "" });
            varint(&mut raw, cmap.codespace_ranges().len() as u32);
            for r in cmap.codespace_ranges() {
                varint(&mut raw, u32::from(r.len));
                varint(&mut raw, r.low);
                varint(&mut raw, r.high);
            }
            ranges(&mut raw, cmap.cid_ranges());
            ranges(&mut raw, cmap.notdef_ranges());
            unicode(&mut raw, &cmap);
            if let Some(p) = cmap.usecmap() {
                parents.insert(name.clone(), p.to_string());
            }
            if records.insert(name.clone(), deflate(&raw)).is_some() {
                return Err(format!("CMap {name} appears in two collections"));
            }
        }
    }
    // A CMap whose usecmap parent is not a code → CID CMap is not one either.
    loop {
        let orphans: Vec<String> = parents
            .iter()
            .filter(|(n, p)| {
                records.contains_key(*n) && !records.contains_key(*p) && !p.starts_with("Identity-")
            })
            .map(|(n, _)| n.clone())
            .collect();
        if orphans.is_empty() {
            break;
        }
        for n in orphans {
            println!("skipped {n}: its usecmap parent is not a code → CID CMap");
            records.remove(&n);
            parents.remove(&n);
        }
    }
    // Every usecmap target must be shipped, and no chain may loop.
    for (name, parent) in &parents {
        let mut seen = vec![name.as_str()];
        let mut cur = parent.as_str();
        loop {
            if !records.contains_key(cur) && !cur.starts_with("Identity-") {
                return Err(format!("{name}: usecmap {cur} is not shipped"));
            }
            if seen.contains(&cur) {
                return Err(format!("{name}: usecmap cycle"));
            }
            seen.push(cur);
            match parents.get(cur) {
                Some(p) => cur = p,
                None => break,
            }
        }
    }
    let mut bin = Vec::new();
    let mut index = String::from(
        "// @generated by `cargo xtask gen-cmaps` (xtask/src/gen_cmaps.rs) from Debian\n\
         // poppler-data (Adobe's CMap resources, BSD-3-Clause). Do not edit.\n\n\
         //! The index of `cmaps.bin`.\n\n\
         /// Predefined CMaps: (name, offset, length) of each deflated record in `cmaps.bin`, sorted by name.\n\
         pub(crate) const CMAPS: &[(&str, u32, u32)] = &[\n",
    );
    for (name, rec) in &records {
        let _ = writeln!(index, "    ({name:?}, {}, {}),", bin.len(), rec.len());
        bin.extend_from_slice(rec);
    }
    index.push_str("];\n");
    Ok((bin, index, records.len()))
}

/// CID → Unicode from Adobe's per-CID `Adobe-<Ordering>-UCS2` CMaps.
fn gen_collections(cmap_dir: &Path) -> Result<(Vec<u8>, String), String> {
    let mut bin = Vec::new();
    let mut index = String::from(
        "// @generated by `cargo xtask gen-cmaps` (xtask/src/gen_cmaps.rs) from Debian\n\
         // poppler-data (Adobe's `Adobe-<Ordering>-UCS2` CMaps, BSD-3-Clause). Do not edit.\n\n\
         //! The index of `cid2uni.bin`.\n\n\
         /// CID → Unicode tables: (ordering, offset, length) of each deflated record in `cid2uni.bin`.\n\
         pub(crate) const COLLECTIONS: &[(&str, u32, u32)] = &[\n",
    );
    for coll in COLLECTIONS {
        let path = cmap_dir.join(format!("Adobe-{coll}/Adobe-{coll}-UCS2"));
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let cmap = CMap::parse(&bytes).map_err(|e| format!("{coll}: {e}"))?;
        let mut values: Vec<u32> = Vec::new();
        let mut multi: Vec<String> = Vec::new();
        for (code, s) in cmap.unicode_mappings() {
            let cid = code.value as usize;
            if code.len != 2 || s == "\u{FFFD}" {
                continue;
            }
            if values.len() <= cid {
                values.resize(cid + 1, 0);
            }
            let mut chars = s.chars();
            values[cid] = match (chars.next(), chars.next()) {
                (Some(c), None) => u32::from(c),
                _ => {
                    multi.push(s.to_string());
                    0x11_0000 + multi.len() as u32 - 1
                }
            };
        }
        let mut raw = Vec::new();
        varint(&mut raw, values.len() as u32);
        let mut last: i64 = 0;
        let mut i = 0;
        while i < values.len() {
            let first = values[i];
            let step = u32::from(values.get(i + 1) == Some(&(first + 1)) && first != 0);
            let mut run = 1;
            while let Some(&v) = values.get(i + run) {
                if v != first + step * run as u32 {
                    break;
                }
                run += 1;
            }
            varint(&mut raw, (run as u32) * 2 + step);
            zigzag(&mut raw, i64::from(first) - last);
            last = i64::from(first + step * (run as u32 - 1));
            i += run;
        }
        varint(&mut raw, multi.len() as u32);
        for s in &multi {
            string(&mut raw, s);
        }
        let rec = deflate(&raw);
        let _ = writeln!(index, "    ({coll:?}, {}, {}),", bin.len(), rec.len());
        bin.extend_from_slice(&rec);
    }
    index.push_str("];\n");
    Ok((bin, index))
}

fn is_unified(c: char) -> bool {
    matches!(u32::from(c), 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0x20000..=0x3FFFF | 0xFA0E..=0xFA29)
}

/// Radicals and compatibility ideographs → the unified ideograph they decompose to.
fn gen_unify() -> String {
    let mut s = String::from(
        "// @generated by `cargo xtask gen-cmaps` (xtask/src/gen_cmaps.rs) from the\n\
         // Unicode decompositions of crates.io unicode-normalization. Do not edit.\n\n\
         //! CJK radicals and compatibility ideographs to unified ideographs.\n\n\
         /// (radical or compatibility ideograph, unified ideograph), sorted.\n\
         pub(crate) const UNIFY: &[(u32, u32)] = &[\n",
    );
    let ranges = [0x2E80..=0x2FDFu32, 0xF900..=0xFAFF, 0x2F800..=0x2FA1F];
    for r in ranges {
        for u in r {
            let Some(c) = char::from_u32(u) else { continue };
            let d: Vec<char> = c.to_string().nfkd().collect();
            if let [t] = d[..]
                && t != c
                && is_unified(t)
            {
                let _ = writeln!(s, "    (0x{u:04X}, 0x{:04X}),", u32::from(t));
            }
        }
    }
    s.push_str("];\n");
    s
}

/// The codes where `to` differs from `from`, with `to`'s names.
fn changes<'a>(from: &[String; 256], to: &'a [String; 256]) -> Vec<(usize, &'a str)> {
    (0..256)
        .filter(|&i| from[i] != to[i])
        .map(|i| (i, to[i].as_str()))
        .collect()
}

/// Source for an encoding written as the changes to `base`.
fn patch_src(name: &str, doc: &str, base: &str, changes: &[(usize, &str)]) -> String {
    let mut s = format!("/// {doc}\npub(crate) static {name}: [&str; 256] = patch({base}, &[\n");
    for (i, n) in changes {
        let _ = writeln!(s, "    (0x{i:02X}, {n:?}),");
    }
    s.push_str("]);\n\n");
    s
}

/// A 256-entry glyph-name array `const NAME = ["", "space", ...];` of pdf.js.
fn js_array(worker: &str, name: &str) -> Result<[String; 256], String> {
    let head = format!("const {name} = [");
    let start = worker.find(&head).ok_or(format!("{name} not found"))?;
    let body = &worker[start + head.len()..];
    let body = &body[..body.find("];").ok_or(format!("{name} unterminated"))?];
    let items: Vec<&str> = body
        .split(',')
        .map(|i| i.trim().trim_matches('"'))
        .collect();
    if items.len() != 256 {
        return Err(format!("{name}: {} entries, not 256", items.len()));
    }
    Ok(std::array::from_fn(|i| items[i].to_string()))
}

fn gen_encodings(pdfminer: &Path, worker: &str) -> Result<String, String> {
    let latin = read(&pdfminer.join("latin_enc.py"))?;
    let empty = || std::array::from_fn::<String, 256, _>(|_| String::new());
    let (mut std_, mut mac, mut win, mut pdf) = (empty(), empty(), empty(), empty());
    for line in latin.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("(\"") else {
            continue;
        };
        let Some((name, cols)) = rest.split_once('"') else {
            continue;
        };
        let cols: Vec<&str> = cols
            .trim_start_matches(',')
            .trim_end_matches("),")
            .split(',')
            .map(str::trim)
            .collect();
        for (col, t) in cols.iter().zip([&mut std_, &mut mac, &mut win, &mut pdf]) {
            if let Ok(code) = col.parse::<usize>()
                && let Some(slot) = t.get_mut(code)
            {
                *slot = name.to_string();
            }
        }
    }
    // ISO 32000-1 Annex D.2, note 6: WinAnsiEncoding also encodes `hyphen` at
    // 0xAD. pdfminer's table lists `space` there (its row `("space", None, 202,
    // 173, None)`); pdf.js agrees with the standard.
    if win[0xAD] == "space" {
        win[0xAD] = "hyphen".to_string();
    }
    let expert = js_array(worker, "MacExpertEncoding")?;
    let symbol = js_array(worker, "SymbolSetEncoding")?;
    let dingbats = js_array(worker, "ZapfDingbatsEncoding")?;
    // Cross-check the Annex D tables against pdf.js's copies (informative only:
    // pdf.js fills some unused WinAnsi codes with `bullet`).
    for (name, ours) in [
        ("StandardEncoding", &std_),
        ("MacRomanEncoding", &mac),
        ("WinAnsiEncoding", &win),
    ] {
        let theirs = js_array(worker, name)?;
        let diff = ours
            .iter()
            .zip(theirs.iter())
            .filter(|(a, b)| a != b)
            .count();
        println!("{name}: {diff} codes differ from pdf.js");
    }
    let mut s = String::from(
        "// @generated by `cargo xtask gen-cmaps` (xtask/src/gen_cmaps.rs) from PyPI\n\
         // pdfminer.six `latin_enc.py` (Standard, MacRoman, WinAnsi, PDFDoc: ISO 32000 Annex D.2)\n\
         // and npm pdfjs-dist (`MacExpertEncoding`, `SymbolSetEncoding`, `ZapfDingbatsEncoding`).\n\
         // Do not edit.\n\n\
         //! Simple-font encodings: glyph names by code, \"\" = unused.\n\n",
    );
    s.push_str("use super::patch;\n\n");
    let tables: [(&str, &str, &[String; 256]); 7] = [
        ("STANDARD", "StandardEncoding.", &std_),
        ("MAC_ROMAN", "MacRomanEncoding.", &mac),
        ("WIN_ANSI", "WinAnsiEncoding.", &win),
        ("PDF_DOC", "PDFDocEncoding.", &pdf),
        ("MAC_EXPERT", "MacExpertEncoding.", &expert),
        ("SYMBOL", "The Symbol font's built-in encoding.", &symbol),
        (
            "ZAPF_DINGBATS",
            "The ZapfDingbats font's built-in encoding.",
            &dingbats,
        ),
    ];
    // Each table once, as the changes to the earlier table it differs from
    // least, or to an empty one (the Latin encodings share ASCII, Symbol
    // shares Standard's digits and punctuation).
    let empty = empty();
    for (i, (name, doc, t)) in tables.iter().enumerate() {
        let (base, changes) = std::iter::once(("[\"\"; 256]", &empty))
            .chain(tables[..i].iter().map(|(b, _, bt)| (*b, *bt)))
            .map(|(b, bt)| (b, changes(bt, t)))
            .min_by_key(|(_, c)| c.len())
            .ok_or("no base table")?;
        s += &patch_src(name, doc, base, &changes);
    }
    Ok(s)
}

fn gen_glyphlist(pdfminer: &Path, npm: &Path, worker: &str) -> Result<String, String> {
    // AGL: lines `    "A": "\u0041",`.
    let text = read(&pdfminer.join("glyphlist.py"))?;
    let mut agl: BTreeMap<String, String> = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix('"') else {
            continue;
        };
        let Some((name, val)) = rest.split_once("\": \"") else {
            continue;
        };
        let mut v = String::new();
        for hex in val.trim_end_matches("\",").split("\\u").skip(1) {
            let cp = u32::from_str_radix(&hex[..4.min(hex.len())], 16)
                .map_err(|e| format!("{name}: {e}"))?;
            v.push(char::from_u32(cp).ok_or(format!("{name}: bad code point"))?);
        }
        if !v.is_empty() {
            agl.insert(name.to_string(), v);
        }
    }
    if agl.len() < 4000 {
        return Err(format!("AGL: only {} names parsed", agl.len()));
    }
    // AGLFN from the npm package's JSON: "unicodeValue": "0041", "glyphName": "A".
    let json = read(&npm.join("aglfn/dist/aglfn.json"))?;
    let mut aglfn: BTreeMap<u32, String> = BTreeMap::new();
    let mut cur: Option<u32> = None;
    for line in json.lines() {
        let line = line.trim().trim_end_matches(',');
        if let Some(v) = line.strip_prefix("\"unicodeValue\": \"") {
            cur = u32::from_str_radix(v.trim_end_matches('"'), 16).ok();
        } else if let Some(n) = line.strip_prefix("\"glyphName\": \"")
            && let Some(u) = cur.take()
        {
            aglfn.insert(u, n.trim_end_matches('"').to_string());
        }
    }
    if aglfn.len() < 500 {
        return Err(format!("AGLFN: only {} entries parsed", aglfn.len()));
    }
    // ITC Zapf Dingbats glyph list from pdf.js: `  t.a1 = 0x2701;`.
    let start = worker
        .find("getDingbatsGlyphsUnicode = getLookupTableFactory")
        .ok_or("dingbats list not found")?;
    let body = &worker[start..];
    let body = &body[..body.find("});").ok_or("dingbats list unterminated")?];
    let mut dingbats: BTreeMap<String, String> = BTreeMap::new();
    for line in body.lines() {
        let Some(rest) = line.trim().strip_prefix("t.") else {
            continue;
        };
        let Some((name, v)) = rest.split_once(" = 0x") else {
            continue;
        };
        let cp =
            u32::from_str_radix(v.trim_end_matches(';'), 16).map_err(|e| format!("{name}: {e}"))?;
        if !agl.contains_key(name) {
            dingbats.insert(
                name.to_string(),
                char::from_u32(cp).ok_or("bad dingbat")?.to_string(),
            );
        }
    }
    let mut s = String::from(
        "// @generated by `cargo xtask gen-cmaps` (xtask/src/gen_cmaps.rs) from PyPI\n\
         // pdfminer.six `glyphlist.py` (AGL 2.0), npm aglfn (AGLFN 1.7) and npm pdfjs-dist (the ITC\n\
         // Zapf Dingbats list). Do not edit.\n\n\
         //! Glyph names to Unicode.\n\n\
         /// Adobe Glyph List: (glyph name, Unicode text), sorted by name.\n\
         pub(crate) static AGL: &[(&str, &str)] = &[\n",
    );
    for (n, v) in &agl {
        let _ = writeln!(s, "    ({n:?}, {v:?}),");
    }
    s.push_str("];\n\n/// AGLFN: (code point, glyph name), sorted by code point.\npub(crate) static AGLFN: &[(u32, &str)] = &[\n");
    for (u, n) in &aglfn {
        let _ = writeln!(s, "    (0x{u:04X}, {n:?}),");
    }
    s.push_str("];\n\n/// ITC Zapf Dingbats names not in the AGL: (glyph name, Unicode text), sorted.\npub(crate) static DINGBATS: &[(&str, &str)] = &[\n");
    for (n, v) in &dingbats {
        let _ = writeln!(s, "    ({n:?}, {v:?}),");
    }
    s.push_str("];\n");
    Ok(s)
}
