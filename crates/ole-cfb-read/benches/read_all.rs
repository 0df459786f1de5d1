//! Opens a large compound file and reads every stream, with this crate and with
//! the `cfb` crate on the same bytes. Throughput is the file size per iteration.
//!
//! The input is the largest compound file in `../shared/corpus` (by signature),
//! or the `difat.cfb` fixture when the corpus is absent.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::io::Read;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ole_cfb_read::{CompoundFile, EntryKind, SIGNATURE};

fn largest_compound_file() -> PathBuf {
    let ws = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut best: Option<(u64, PathBuf)> = None;
    let mut stack = vec![ws.join("../shared/corpus")];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let mut head = [0u8; 8];
            let ok = std::fs::File::open(&p)
                .and_then(|mut f| f.read_exact(&mut head))
                .is_ok();
            let len = e.metadata().map(|m| m.len()).unwrap_or(0);
            if ok && head == SIGNATURE && best.as_ref().is_none_or(|(l, _)| len > *l) {
                best = Some((len, p));
            }
        }
    }
    best.map_or_else(|| ws.join("fixtures/cfb/difat.cfb"), |(_, p)| p)
}

fn ours(data: &[u8]) -> usize {
    let cfb = CompoundFile::open(data).unwrap();
    cfb.entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
        .map(|e| cfb.read_entry(e).map(|s| s.data.len()).unwrap_or(0))
        .sum()
}

fn theirs(data: &[u8]) -> usize {
    let mut cfb = cfb::CompoundFile::open(std::io::Cursor::new(data)).unwrap();
    let paths: Vec<PathBuf> = cfb
        .walk()
        .filter(|e| e.is_stream())
        .map(|e| e.path().to_path_buf())
        .collect();
    let mut total = 0;
    let mut buf = Vec::new();
    for p in paths {
        buf.clear();
        if let Ok(mut s) = cfb.open_stream(&p) {
            total += s.read_to_end(&mut buf).unwrap_or(0);
        }
    }
    total
}

fn bench(c: &mut Criterion) {
    let path = largest_compound_file();
    let data = std::fs::read(&path).unwrap();
    println!("input: {} ({} bytes)", path.display(), data.len());
    let mut g = c.benchmark_group("open_and_read_all_streams");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.bench_function("ole-cfb-read", |b| {
        b.iter(|| ours(std::hint::black_box(&data)))
    });
    g.bench_function("cfb-0.16", |b| {
        b.iter(|| theirs(std::hint::black_box(&data)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
