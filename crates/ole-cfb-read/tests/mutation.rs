//! Deterministic mutation test: seeded mutations (`testkit::rng::mutate`) of every
//! compound file in the corpus and of the fixtures. Opening, listing, reading
//! every stream and the metadata, unwrapping every storage as an embedded
//! object and copying the file out must never panic, and no stream, object or
//! copy may come out larger than the input allows.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use ole_cfb_read::{CompoundFile, EntryKind, Limits};
use testkit::rng::{Rng, mutate};

/// Everything a user of the crate would do with a file.
fn exercise(name: &str, data: &[u8]) {
    let limits = Limits::default();
    let Ok(cfb) = CompoundFile::open_with(data, &limits) else {
        return;
    };
    for e in cfb.entries() {
        if let Ok(s) = cfb.read_entry(e) {
            assert!(
                s.data.len() <= data.len(),
                "{name}: {}: stream larger than the input",
                e.path
            );
        }
        let _ = cfb.entry(&e.path.to_uppercase());
    }
    let m = cfb.metadata();
    let _ = m.created.map(|t| t.to_rfc3339());
    let _ = cfb.find_stream(&["1Table", "0Table"]);
    // OLE embedding: every storage unwrapped, the whole file copied out.
    // A copy holds at most the input's bytes plus the structures around them.
    let bound = 2 * data.len() + 64 * 1024;
    for e in cfb
        .entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Storage)
    {
        if let Ok(o) = cfb.embedded_object(&e.path) {
            assert!(
                o.data.len() <= bound,
                "{name}: {}: object larger than the input",
                e.path
            );
        }
    }
    if let Ok(copy) = cfb.copy_storage("") {
        assert!(copy.len() <= bound, "{name}: copy larger than the input");
        CompoundFile::open(&copy).unwrap_or_else(|e| panic!("{name}: a copy does not open: {e}"));
    }
}

#[test]
fn seeded_mutations_of_compound_files_never_panic() {
    let mut files: Vec<PathBuf> = common::corpus_compound_files().unwrap_or_default();
    for name in ["simple-v3.cfb", "korean-v4.cfb", "fragmented.cfb"] {
        files.push(common::fixtures().join(name));
    }
    files.push(testkit::fixture("oleds/objects.cfb"));
    const SEED: u64 = 0x5EED_CFB0_0000_0001;
    let mut rng = Rng::new(SEED);
    let mut runs = 0;
    for path in &files {
        let original = std::fs::read(path).unwrap();
        // Fewer rounds for large files keep the test quick in debug builds.
        let rounds = if original.len() > 1 << 20 { 8 } else { 40 };
        for k in 0..rounds {
            let (data, what) = mutate(&original, k, &mut rng);
            let name = format!("{} (seed {SEED:#x}, mutation {k}: {what})", path.display());
            exercise(&name, &data);
            runs += 1;
        }
    }
    println!(
        "mutation test: {runs} mutated inputs from {} files",
        files.len()
    );
    assert!(runs > 0);
}
