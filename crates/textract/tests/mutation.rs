//! Deterministic mutation test: seeded truncations, byte flips (in headers,
//! in the tail where PDF xrefs live, in a CFB's FAT, a PDF's xref table and
//! Word's FIB, anywhere) and chunk duplications of
//! every corpus file pass through `extract` without a panic and within the
//! deadline. `TEXTRACT_MUTATIONS` sets the mutations per file (default 4, a
//! sample for CI); `cargo xtask mutate` runs the full set in release mode.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use textract::Options;

const DEADLINE: Duration = Duration::from_secs(20);

fn corpus_dir() -> Option<PathBuf> {
    testkit::corpus::require_dir("textract corpus mutations")
}

/// splitmix64: a tiny deterministic generator, so a failure names its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// The `k`-th mutation of `data` under `rng`, and its description.
fn mutate(data: &[u8], k: usize, rng: &mut Rng) -> (Vec<u8>, String) {
    let len = data.len();
    match k % 7 {
        0 => {
            let at = rng.below(len);
            (data[..at].to_vec(), format!("truncated at {at}"))
        }
        1 => {
            // Headers: CFB header and FAT start, FIB, %PDF header, HTML head.
            let mut d = data.to_vec();
            let region = len.min(1024);
            for _ in 0..4 {
                let i = rng.below(region);
                if let Some(b) = d.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
            (d, "4 bit flips in the first 1 KiB".into())
        }
        2 => {
            // Tail: PDF xref, trailer and startxref.
            let mut d = data.to_vec();
            let start = len.saturating_sub(2048);
            for _ in 0..4 {
                let i = start + rng.below(len - start);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.next() as u8;
                }
            }
            (d, "4 random bytes in the last 2 KiB".into())
        }
        3 => {
            let mut d = data.to_vec();
            let n = 1 + len / 512;
            for _ in 0..n.min(64) {
                let i = rng.below(len);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.next() as u8;
                }
            }
            (d, format!("{} random bytes anywhere", n.min(64)))
        }
        5 => {
            // Structure: a CFB's first FAT sector (header DIFAT[0]), or a
            // PDF's last xref table (digits of its offsets).
            let mut d = data.to_vec();
            let region = if data.starts_with(b"\xD0\xCF\x11\xE0") {
                let shift = data.get(0x1E).map_or(9, |&s| u32::from(s).clamp(7, 12));
                let fat0 = data
                    .get(0x4C..0x50)
                    .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
                let at = (u64::from(fat0) + 1) << shift;
                usize::try_from(at)
                    .ok()
                    .filter(|&a| a < len)
                    .map(|a| (a, (1usize << shift).min(len - a)))
            } else {
                data.windows(5)
                    .rposition(|w| w == b"xref\n" || w == b"xref\r")
                    .map(|a| (a, 400.min(len - a)))
            };
            let (at, size) = region.unwrap_or((0, len.min(1024)));
            for _ in 0..4 {
                let i = at + rng.below(size);
                if let Some(b) = d.get_mut(i) {
                    *b = if data.starts_with(b"%PDF") {
                        b'0' + (rng.next() % 10) as u8
                    } else {
                        rng.next() as u8
                    };
                }
            }
            (d, format!("4 bytes in the FAT / xref at {at}"))
        }
        6 => {
            // Word's FIB: the WordDocument stream starts with 0xA5EC; the
            // FIB's counts and fc/lcb pairs follow within 1 KiB.
            let mut d = data.to_vec();
            let fib = data.windows(2).position(|w| w == [0xEC, 0xA5]).unwrap_or(0);
            let size = (len - fib).min(1024);
            for _ in 0..4 {
                let i = fib + rng.below(size);
                if let Some(b) = d.get_mut(i) {
                    *b = rng.next() as u8;
                }
            }
            (d, format!("4 bytes in the FIB at {fib}"))
        }
        _ => {
            let from = rng.below(len);
            let size = rng.below((len - from).min(4096)) + 1;
            let to = rng.below(len);
            let chunk = data.get(from..from + size).unwrap_or_default();
            let mut d = data[..to].to_vec();
            d.extend_from_slice(chunk);
            d.extend_from_slice(&data[to..]);
            (d, format!("{size} bytes from {from} duplicated at {to}"))
        }
    }
}

#[test]
fn corpus_mutations_never_panic_or_hang() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let per_file: usize = std::env::var("TEXTRACT_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut files: Vec<String> = manifest
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').nth(2).map(str::to_string))
        .filter(|p| {
            ![".expected.txt", ".reference.txt", ".charset.txt"]
                .iter()
                .any(|s| p.ends_with(s))
        })
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut runs = 0;
    for (i, rel) in files.iter().enumerate() {
        let data = std::fs::read(dir.join(rel)).unwrap();
        if data.is_empty() {
            continue;
        }
        let seed = 0x7E57_0000 + i as u64;
        let mut rng = Rng(seed);
        for k in 0..per_file {
            let (bytes, what) = mutate(&data, k + i, &mut rng);
            runs += 1;
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let r = std::panic::catch_unwind(|| {
                    let _ = textract::extract(&bytes, &Options::default());
                });
                let _ = tx.send(r.err().map(|p| {
                    p.downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| p.downcast_ref::<String>().cloned())
                        .unwrap_or_default()
                }));
            });
            match rx.recv_timeout(DEADLINE) {
                Ok(None) => {}
                Ok(Some(msg)) => {
                    failures.push(format!("{rel} (seed {seed:#x}, {what}): PANIC {msg}"))
                }
                Err(_) => failures.push(format!(
                    "{rel} (seed {seed:#x}, {what}): no result within {DEADLINE:?}"
                )),
            }
        }
    }
    println!("{runs} mutated inputs from {} corpus files", files.len());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
