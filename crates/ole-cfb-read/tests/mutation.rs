//! Deterministic mutation test: seeded truncations and byte flips of every
//! compound file in the corpus and of the fixtures. Opening, listing, reading
//! every stream and the metadata, unwrapping every storage as an embedded
//! object and copying the file out must never panic, and no stream, object or
//! copy may come out larger than the input allows.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::PathBuf;

use ole_cfb_read::{CompoundFile, EntryKind, Limits};

/// xorshift64*: small, seeded, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Everything a user of the crate would do with a file.
fn exercise(data: &[u8]) {
    let limits = Limits::default();
    let Ok(cfb) = CompoundFile::open_with(data, &limits) else {
        return;
    };
    for e in cfb.entries() {
        if let Ok(s) = cfb.read_entry(e) {
            assert!(
                s.data.len() <= data.len(),
                "{}: stream larger than the input",
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
                "{}: object larger than the input",
                e.path
            );
        }
    }
    if let Ok(copy) = cfb.copy_storage("") {
        assert!(copy.len() <= bound, "copy larger than the input");
        CompoundFile::open(&copy).expect("a copy opens");
    }
}

fn mutate(rng: &mut Rng, original: &[u8]) -> Vec<u8> {
    let mut data = original.to_vec();
    match rng.below(4) {
        0 => data.truncate(rng.below(data.len())),
        1 => {
            // A few random bytes anywhere.
            for _ in 0..1 + rng.below(8) {
                let i = rng.below(data.len());
                if let Some(b) = data.get_mut(i) {
                    *b = rng.next() as u8;
                }
            }
        }
        2 => {
            // Structure-heavy areas: the header and the first sectors (FAT, directory).
            let span = data.len().min(4096);
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(span);
                if let Some(b) = data.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
        }
        _ => {
            // A 32-bit field set to a special value (sector ids, sizes, counts).
            let specials = [
                0u32,
                1,
                0x7FFF_FFFF,
                0xFFFF_FFFA,
                0xFFFF_FFFC,
                0xFFFF_FFFE,
                0xFFFF_FFFF,
            ];
            let i = rng.below(data.len().saturating_sub(4)) & !3;
            let v = specials[rng.below(specials.len())];
            if let Some(s) = data.get_mut(i..i + 4) {
                s.copy_from_slice(&v.to_le_bytes());
            }
        }
    }
    data
}

#[test]
fn seeded_mutations_of_compound_files_never_panic() {
    let mut files: Vec<PathBuf> = common::corpus_compound_files().unwrap_or_default();
    for name in ["simple-v3.cfb", "korean-v4.cfb", "fragmented.cfb"] {
        files.push(common::fixtures().join(name));
    }
    files.push(common::workspace().join("fixtures/oleds/objects.cfb"));
    let mut rng = Rng(0x5EED_CFB0_0000_0001);
    let mut runs = 0;
    for path in &files {
        let original = std::fs::read(path).unwrap();
        // Fewer rounds for large files keep the test quick in debug builds.
        let rounds = if original.len() > 1 << 20 { 8 } else { 40 };
        for _ in 0..rounds {
            let data = mutate(&mut rng, &original);
            exercise(&data);
            runs += 1;
        }
    }
    println!(
        "mutation test: {runs} mutated inputs from {} files",
        files.len()
    );
    assert!(runs > 0);
}
