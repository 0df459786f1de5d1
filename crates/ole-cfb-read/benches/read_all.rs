//! Opens a large compound file and reads every stream, with this crate and with
//! the `cfb` crate on the same bytes. Throughput is the file size per iteration.
//!
//! The input is the largest compound file in `../shared/corpus` (by signature),
//! or the `difat.cfb` fixture when the corpus is absent.
//!
//! The `embedding` group unwraps every storage of a document with embedded
//! objects (`doc/poi/word_with_embeded.doc`, or the `oleds/objects.cfb`
//! fixture) and copies the largest compound file out whole.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::io::Read;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ole_cfb_read::{CompoundFile, EntryKind, SIGNATURE};

/// Every compound file of the corpus (by signature), with its length,
/// smallest first.
fn corpus_compound_files() -> Vec<(u64, PathBuf)> {
    let root = testkit::corpus::dir();
    let mut out: Vec<(u64, PathBuf)> = root
        .map(|root| testkit::corpus::files_starting_with(&root, &SIGNATURE))
        .unwrap_or_default()
        .into_iter()
        .map(|p| (std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0), p))
        .collect();
    out.sort();
    out
}

fn largest_compound_file() -> PathBuf {
    corpus_compound_files()
        .pop()
        .map_or_else(|| testkit::fixture("cfb/difat.cfb"), |(_, p)| p)
}

fn ours(data: &[u8]) -> usize {
    let Ok(cfb) = CompoundFile::open(data) else {
        return 0;
    };
    cfb.entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
        .map(|e| cfb.read_entry(e).map(|s| s.data.len()).unwrap_or(0))
        .sum()
}

/// Like `ours`, but copies every stream into a `Vec`, as `cfb` must.
fn ours_copied(data: &[u8]) -> usize {
    let Ok(cfb) = CompoundFile::open(data) else {
        return 0;
    };
    cfb.entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Stream)
        .map(|e| {
            cfb.read_entry(e)
                .map(|s| s.data.into_owned().len())
                .unwrap_or(0)
        })
        .sum()
}

fn theirs(data: &[u8]) -> usize {
    let Ok(mut cfb) = cfb::CompoundFile::open(std::io::Cursor::new(data)) else {
        return 0;
    };
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

/// Every storage unwrapped as an embedded object; the bytes produced.
fn unwrap_all(data: &[u8]) -> usize {
    let Ok(cfb) = CompoundFile::open(data) else {
        return 0;
    };
    cfb.entries()
        .iter()
        .filter(|e| e.kind == EntryKind::Storage)
        .map(|e| cfb.embedded_object(&e.path).map_or(0, |o| o.data.len()))
        .sum()
}

fn bench_embedding(c: &mut Criterion, largest: &[u8]) {
    let doc = testkit::corpus::dir().map(|d| d.join("doc/poi/word_with_embeded.doc"));
    let path = doc
        .filter(|d| d.is_file())
        .unwrap_or_else(|| testkit::fixture("oleds/objects.cfb"));
    let data = std::fs::read(&path).unwrap();
    println!("embedding input: {} ({} bytes)", path.display(), data.len());
    let mut g = c.benchmark_group("embedding");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.bench_function("embedded_object-every-storage", |b| {
        b.iter(|| unwrap_all(std::hint::black_box(&data)))
    });
    g.throughput(Throughput::Bytes(largest.len() as u64));
    g.bench_function("copy_storage-root-of-largest", |b| {
        b.iter(|| {
            CompoundFile::open(std::hint::black_box(largest))
                .and_then(|c| c.copy_storage(""))
                .map_or(0, |v| v.len())
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let path = largest_compound_file();
    let data = std::fs::read(&path).unwrap();
    bench_embedding(c, &data);
    println!("input: {} ({} bytes)", path.display(), data.len());
    let mut g = c.benchmark_group("open_and_read_all_streams");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.bench_function("ole-cfb-read", |b| {
        b.iter(|| ours(std::hint::black_box(&data)))
    });
    g.bench_function("ole-cfb-read-copied", |b| {
        b.iter(|| ours_copied(std::hint::black_box(&data)))
    });
    g.bench_function("cfb-0.16", |b| {
        b.iter(|| theirs(std::hint::black_box(&data)))
    });
    g.finish();

    // The whole corpus: only the files both readers open, so the work is the same.
    let files: Vec<Vec<u8>> = corpus_compound_files()
        .into_iter()
        .map(|(_, p)| std::fs::read(p).unwrap())
        .filter(|d| cfb::CompoundFile::open(std::io::Cursor::new(d)).is_ok())
        .collect();
    if files.is_empty() {
        return;
    }
    let total: usize = files.iter().map(Vec::len).sum();
    println!(
        "corpus: {} compound files both readers open ({total} bytes)",
        files.len()
    );
    let mut g = c.benchmark_group("corpus_open_and_read_all_streams");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("ole-cfb-read", |b| {
        b.iter(|| files.iter().map(|d| ours(d)).sum::<usize>())
    });
    g.bench_function("cfb-0.16", |b| {
        b.iter(|| files.iter().map(|d| theirs(d)).sum::<usize>())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
