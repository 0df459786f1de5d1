//! Mutation test: damaged copies of every `fixtures/pdftext` PDF (and, when
//! present, the small corpus PDFs) — flipped bytes, zeroed runs,
//! truncations, duplicated and deleted slices, changed digits — must give
//! text or a typed error, never a panic. Deterministic (xorshift seed).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(data: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut d = data.to_vec();
    if d.is_empty() {
        return d;
    }
    for _ in 0..=rng.below(3) {
        let len = d.len().max(1);
        match rng.below(6) {
            0 => {
                let i = rng.below(len);
                if let Some(b) = d.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
            1 => {
                let i = rng.below(len);
                let n = rng.below(64).min(len - i.min(len));
                for b in d.iter_mut().skip(i).take(n) {
                    *b = 0;
                }
            }
            2 => d.truncate(rng.below(len)),
            3 => {
                let i = rng.below(len);
                let n = rng.below(256).min(len - i.min(len));
                let slice: Vec<u8> = d.iter().skip(i).take(n).copied().collect();
                let at = rng.below(len);
                d.splice(at..at, slice);
            }
            4 => {
                let i = rng.below(len);
                let n = rng.below(128).min(len - i.min(len));
                d.drain(i..i + n);
            }
            _ => {
                // change a digit (lengths, offsets, object numbers, operands)
                let digits: Vec<usize> = d
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.is_ascii_digit())
                    .map(|(i, _)| i)
                    .collect();
                if !digits.is_empty() {
                    let i = digits[rng.below(digits.len())];
                    d[i] = b'0' + rng.below(10) as u8;
                }
            }
        }
    }
    d
}

fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("fixtures/pdftext"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    if let Some(corpus) = testkit::corpus::require_dir("pdf-text corpus mutations") {
        let d = std::fs::read_dir(corpus.join("pdf/pdfjs")).unwrap();
        files.extend(d.filter_map(|e| e.ok().map(|e| e.path())));
    }
    let mut files: Vec<PathBuf> = files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .filter(|p| {
            std::fs::metadata(p)
                .map(|m| m.len() < 20_000)
                .unwrap_or(false)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn damaged_pdfs_never_panic() {
    let files = inputs();
    assert!(files.len() >= 12);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut ok, mut err) = (0usize, 0usize);
    for path in &files {
        let data = std::fs::read(path).unwrap();
        for _ in 0..40 {
            let m = mutate(&data, &mut rng);
            let r = std::panic::catch_unwind(|| {
                pdf_text::extract_bytes(&m, &pdf_text::Options::default())
            });
            match r {
                Err(_) => {
                    let dump = std::env::temp_dir().join("pdf-text-mutant.pdf");
                    let _ = std::fs::write(&dump, &m);
                    panic!(
                        "{}: a mutant panicked (saved to {})",
                        path.display(),
                        dump.display()
                    );
                }
                Ok(Ok(_)) => ok += 1,
                Ok(Err(_)) => err += 1,
            }
        }
    }
    println!(
        "{} files, {ok} mutants read, {err} typed errors",
        files.len()
    );
    assert!(ok > 0);
}
