//! The `cfb` crate (0.16) as an oracle over the corpus: every compound file it
//! opens, we open; every stream both read cleanly has the same bytes. Prints
//! which files each reader refuses.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeSet;
use std::io::Read;

use ole_cfb_read::{CompoundFile, EntryKind};

#[test]
fn corpus_compound_files_read_as_the_cfb_crate_reads_them() {
    let Some(files) = common::corpus_compound_files() else {
        return;
    };
    let (mut both, mut only_ours, mut only_cfb, mut neither) =
        (0, Vec::new(), Vec::new(), Vec::new());
    let mut compared_streams = 0;
    let mut failures = Vec::new();
    for path in &files {
        let name = common::short(path);
        let data = std::fs::read(path).unwrap();
        let ours = CompoundFile::open(&data);
        let theirs = cfb::CompoundFile::open(std::io::Cursor::new(&data));
        let (ours, mut theirs) = match (ours, theirs) {
            (Ok(o), Ok(t)) => (o, t),
            (Ok(_), Err(e)) => {
                only_ours.push(format!("{name} (cfb: {e})"));
                continue;
            }
            (Err(e), Ok(_)) => {
                only_cfb.push(format!("{name} (ours: {e})"));
                continue;
            }
            (Err(a), Err(b)) => {
                neither.push(format!("{name} (ours: {a}; cfb: {b})"));
                continue;
            }
        };
        both += 1;
        let their_paths: BTreeSet<String> = theirs
            .walk()
            .filter(|e| e.is_stream())
            .map(|e| {
                e.path()
                    .to_string_lossy()
                    .trim_start_matches('/')
                    .to_owned()
            })
            .collect();
        for e in ours
            .entries()
            .iter()
            .filter(|e| e.kind == EntryKind::Stream)
        {
            if !their_paths.contains(&e.path) {
                continue;
            }
            let Ok(mut s) = theirs.open_stream(format!("/{}", e.path)) else {
                continue;
            };
            let mut want = Vec::new();
            if s.read_to_end(&mut want).is_err() {
                continue;
            }
            let Ok(got) = ours.read_entry(e) else {
                continue;
            };
            if !got.warnings.is_empty() {
                continue;
            }
            compared_streams += 1;
            if got.data.as_ref() != want.as_slice() {
                failures.push(format!(
                    "{name}: {}: {} bytes vs cfb {}",
                    e.path,
                    got.data.len(),
                    want.len()
                ));
            }
        }
    }
    println!(
        "cfb oracle: {} files; both open {both}; only ours {}; only cfb {}; neither {}; {compared_streams} streams compared",
        files.len(),
        only_ours.len(),
        only_cfb.len(),
        neither.len()
    );
    for f in &only_ours {
        println!("  only ole-cfb-read opens: {f}");
    }
    for f in &neither {
        println!("  neither opens: {f}");
    }
    assert!(
        only_cfb.is_empty(),
        "cfb opens, we do not:\n{}",
        only_cfb.join("\n")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn truncated_half_fixture_is_refused_by_cfb_and_read_by_us() {
    let data = std::fs::read(common::fixtures().join("truncated-half.cfb")).unwrap();
    assert!(cfb::CompoundFile::open(std::io::Cursor::new(&data)).is_err());
    let ours = CompoundFile::open(&data).unwrap();
    assert_eq!(ours.entries().len(), 7);
}
