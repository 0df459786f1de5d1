//! The corpus (`<workspace>/../shared/corpus`): every CMap stream embedded in
//! its PDFs parses, and every predefined CMap its manifest says a PDF needs is
//! shipped. Prints "corpus tests skipped" when the corpus is absent.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use pdf_cmap::CMap;

fn corpus() -> Option<PathBuf> {
    testkit::corpus::require_dir("pdf-cmap corpus")
}

fn pdfs(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            pdfs(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdf")) {
            out.push(p);
        }
    }
}

/// The decoded contents of every `stream … endstream` that inflates (or is
/// stored plain) and holds `begincmap`. A crude scan, enough to find CMaps.
fn cmap_streams(pdf: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(i) = memfind(&pdf[pos..], b"stream") {
        let mut start = pos + i + 6;
        if pdf.get(start) == Some(&b'\r') {
            start += 1;
        }
        if pdf.get(start) == Some(&b'\n') {
            start += 1;
        }
        let Some(len) = memfind(&pdf[start..], b"endstream") else {
            break;
        };
        let body = &pdf[start..start + len];
        pos = start + len + 9;
        let data = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(body, 64 << 20)
            .unwrap_or_else(|_| body.to_vec());
        if memfind(&data, b"begincmap").is_some() {
            out.push(data);
        }
    }
    out
}

fn memfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn every_embedded_cmap_in_the_corpus_parses() {
    let Some(dir) = corpus() else { return };
    let mut files = Vec::new();
    pdfs(&dir.join("pdf"), &mut files);
    let (mut parsed, mut with_mappings, mut warned) = (0, 0, 0);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        for stream in cmap_streams(&bytes) {
            let cmap = CMap::parse(&stream).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            parsed += 1;
            if cmap.unicode_len() > 0 || !cmap.cid_ranges().is_empty() || cmap.usecmap().is_some() {
                with_mappings += 1;
            }
            if !cmap.warnings().is_empty() {
                warned += 1;
            }
            // Every mapped code decodes back to itself through the codespace.
            for (code, _) in cmap.unicode_mappings().take(200) {
                let b = code.value.to_be_bytes();
                let bytes = &b[4 - usize::from(code.len)..];
                if let Some(first) = cmap.decode_codes(bytes).next() {
                    assert!(first.len >= 1 && usize::from(first.len) <= bytes.len());
                }
            }
        }
    }
    println!(
        "{} PDFs, {parsed} CMap streams, {with_mappings} with mappings, {warned} with warnings",
        files.len()
    );
    assert!(parsed > 20, "only {parsed} CMap streams found");
    assert!(
        with_mappings * 10 >= parsed * 9,
        "{with_mappings} of {parsed} have mappings"
    );
}

#[test]
fn every_predefined_cmap_the_corpus_needs_is_shipped() {
    let Some(dir) = corpus() else { return };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut needed = 0;
    for line in manifest.lines() {
        let Some(i) = line.find("NEEDS-PREDEFINED-CMAP(") else {
            continue;
        };
        let rest = &line[i + "NEEDS-PREDEFINED-CMAP(".len()..];
        let names = &rest[..rest.find(')').unwrap()];
        for name in names.split(',') {
            needed += 1;
            let cmap = CMap::predefined(name.trim())
                .unwrap_or_else(|| panic!("{name} needed by the corpus is not shipped"));
            assert!(cmap.collection().is_some(), "{name}");
        }
    }
    assert!(
        needed >= 10,
        "manifest names only {needed} predefined CMaps"
    );
}
