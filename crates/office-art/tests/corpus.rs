//! The corpus's PowerPoint, Excel and Word files: every BLIP of PowerPoint's
//! `Pictures` streams, every BLIP store of their drawing groups and every
//! Word drawing decode; each picture's bytes are what its type says they
//! are; damaged files give pictures and warnings, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;

use office_art::{Blip, BlipType, Drawing, DrawingGroup, Options, Records};
use ole_cfb_read::CompoundFile;

/// Whether `data` starts as a file of `t` is expected to.
fn looks_like(t: BlipType, data: &[u8]) -> bool {
    match t {
        BlipType::Jpeg => data.starts_with(&[0xFF, 0xD8]),
        BlipType::Png => data.starts_with(b"\x89PNG"),
        BlipType::Dib => data.starts_with(b"BM"),
        BlipType::Tiff => data.starts_with(b"II*\0") || data.starts_with(b"MM\0*"),
        BlipType::Emf => data.get(40..44) == Some(b" EMF"),
        BlipType::Wmf => data.starts_with(&[0xD7, 0xCD, 0xC6, 0x9A]),
        BlipType::Pict => data.len() > 512 && data[..512].iter().all(|&b| b == 0),
        _ => false,
    }
}

fn broken(rel: &str) -> bool {
    let dir = testkit::corpus::dir().unwrap();
    testkit::corpus::manifest(&dir)
        .iter()
        .any(|e| rel.ends_with(&e.rel) && (e.deliberately_broken() || e.encrypted()))
        || rel.contains("clusterfuzz")
        || rel.contains("corrupt")
}

#[test]
fn powerpoint_pictures_streams_decode_blip_by_blip() {
    let Some(files) = common::compound_files("powerpoint_pictures_streams", "ppt") else {
        return;
    };
    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for path in &files {
        let name = common::short(path);
        let data = std::fs::read(path).unwrap();
        let Ok(cfb) = CompoundFile::open(&data) else {
            continue;
        };
        let Ok(pictures) = cfb.stream("Pictures") else {
            continue;
        };
        for rec in Records::new(&pictures) {
            match Blip::parse(rec.bytes) {
                Ok(b) => {
                    *by_type.entry(format!("{:?}", b.blip_type)).or_default() += 1;
                    if !broken(&name) {
                        if !looks_like(b.blip_type, &b.data) {
                            failures.push(format!(
                                "{name}@{}: {:?} bytes do not look like one",
                                rec.offset, b.blip_type
                            ));
                        }
                        if !b.warnings.is_empty() {
                            failures.push(format!("{name}@{}: {:?}", rec.offset, b.warnings));
                        }
                    }
                }
                Err(e) if !broken(&name) => failures.push(format!("{name}@{}: {e}", rec.offset)),
                Err(_) => {}
            }
        }
    }
    println!("Pictures streams: {by_type:?}");
    assert!(by_type.values().sum::<usize>() >= 20, "{by_type:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every picture of every drawing group found, as `(file, pib, type, data length)`.
fn drawing_groups(folder: &str) -> Option<Vec<(String, DrawingGroup)>> {
    let files = common::compound_files(folder, folder)?;
    let mut out = Vec::new();
    for path in &files {
        let name = common::short(path);
        let data = std::fs::read(path).unwrap();
        let Ok(cfb) = CompoundFile::open(&data) else {
            continue;
        };
        let found = match folder {
            "ppt" => common::ppt_drawing_group(&cfb).map(|(d, p)| (d, Some(p))),
            "xls" => common::xls_drawing_group(&cfb).map(|d| (d, None)),
            _ => common::doc_drawing_group(&cfb).map(|(d, w)| (d, Some(w))),
        };
        let Some((dgg, delay)) = found else { continue };
        match DrawingGroup::parse(&dgg, delay.as_deref(), &Options::default()) {
            Ok(g) => out.push((name, g)),
            Err(e) => assert!(broken(&name), "{name}: {e}"),
        }
    }
    Some(out)
}

fn check_groups(folder: &str, groups: &[(String, DrawingGroup)], at_least: usize) {
    let mut pictures = 0;
    let mut failures = Vec::new();
    for (name, g) in groups {
        for (pib, b) in g.bstore.blips() {
            pictures += 1;
            if !broken(name) && !looks_like(b.blip_type, &b.data) {
                failures.push(format!(
                    "{name}: pib {pib}: {:?} bytes do not look like one",
                    b.blip_type
                ));
            }
        }
        if !broken(name) && !g.warnings.is_empty() {
            failures.push(format!("{name}: {:?}", g.warnings));
        }
    }
    println!(
        "{folder}: {} drawing groups, {pictures} pictures",
        groups.len()
    );
    assert!(pictures >= at_least, "{folder}: only {pictures} pictures");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn powerpoint_drawing_groups_resolve_their_pictures_in_the_pictures_stream() {
    if let Some(groups) = drawing_groups("ppt") {
        check_groups("ppt", &groups, 20);
    }
}

#[test]
fn excel_drawing_groups_hold_their_pictures() {
    if let Some(groups) = drawing_groups("xls") {
        check_groups("xls", &groups, 3);
    }
}

#[test]
fn word_drawing_groups_resolve_their_pictures_in_the_word_document_stream() {
    if let Some(groups) = drawing_groups("doc") {
        check_groups("doc", &groups, 10);
    }
}

#[test]
fn word_drawings_read_their_shapes() {
    let Some(files) = common::compound_files("word_drawings", "doc") else {
        return;
    };
    let (mut drawings, mut shapes, mut with_pictures) = (0, 0, 0);
    for path in &files {
        let name = common::short(path);
        let data = std::fs::read(path).unwrap();
        let Ok(cfb) = CompoundFile::open(&data) else {
            continue;
        };
        for dg in common::doc_drawings(&cfb) {
            match Drawing::parse(&dg, &Options::default()) {
                Ok(d) => {
                    drawings += 1;
                    shapes += d.shapes.len();
                    with_pictures += d.shapes.iter().filter(|s| s.blip_id().is_some()).count();
                }
                Err(e) => assert!(broken(&name), "{name}: {e}"),
            }
        }
    }
    println!("doc: {drawings} drawings, {shapes} shapes, {with_pictures} with a picture");
    assert!(drawings >= 10 && with_pictures >= 5);
}
