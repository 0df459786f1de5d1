//! The inflate hot path and lexing: FlateDecode through `pdf_lex::filters::inflate`
//! against `miniz_oxide` called directly on the same streams; object parsing
//! and content-stream tokenizing of a real file.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdf_lex::{Document, Object, content::Operations};

/// Raw FlateDecode streams (no predictor) of the sample, or synthetic
/// content-like streams when the corpus is absent.
fn flate_streams(data: Option<&[u8]>) -> Vec<Vec<u8>> {
    if let Some(data) = data {
        let doc = Document::open(data).unwrap();
        let mut out = Vec::new();
        for r in doc.object_refs() {
            let Ok(o) = doc.get(r) else { continue };
            let Object::Stream(s) = &*o else { continue };
            if s.dict.get_name(b"Filter") == Some(b"FlateDecode")
                && !s.dict.contains_key(b"DecodeParms")
            {
                out.push(s.raw.to_vec());
            }
        }
        return out;
    }
    println!("corpus absent: benchmarking synthetic streams");
    (0..64)
        .map(|i| {
            let text: String = (0..400)
                .map(|j| format!("BT /F1 9 Tf {} {} Td ({i} word {j}) Tj ET\n", j * 3, i * 7))
                .collect();
            miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), 6)
        })
        .collect()
}

fn inflate(c: &mut Criterion) {
    let data = common::sample();
    let streams = flate_streams(data.as_deref());
    let total: usize = streams
        .iter()
        .map(|s| miniz_oxide::inflate::decompress_to_vec_zlib(s).map_or(0, |v| v.len()))
        .sum();
    let mut g = c.benchmark_group("inflate");
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("pdf_lex::filters::inflate", |b| {
        b.iter(|| {
            for s in &streams {
                black_box(
                    pdf_lex::filters::inflate(black_box(s), 256 << 20)
                        .map(|v| v.len())
                        .unwrap_or(0),
                );
            }
        })
    });
    g.bench_function("miniz_oxide::decompress_to_vec_zlib", |b| {
        b.iter(|| {
            for s in &streams {
                black_box(
                    miniz_oxide::inflate::decompress_to_vec_zlib(black_box(s))
                        .map(|v| v.len())
                        .unwrap_or(0),
                );
            }
        })
    });
    g.finish();
}

fn lexing(c: &mut Criterion) {
    let Some(data) = common::sample() else {
        println!("corpus absent: lexing bench skipped");
        return;
    };
    let mut g = c.benchmark_group("lex");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.bench_function("open + every object", |b| {
        b.iter(|| {
            let doc = Document::open(&data).unwrap();
            let mut n = 0;
            for r in doc.object_refs() {
                n += usize::from(doc.get(r).is_ok());
            }
            black_box(n)
        })
    });
    let doc = Document::open(&data).unwrap();
    let contents = common::page_contents(&doc);
    let bytes: usize = contents.iter().map(Vec::len).sum();
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("content tokens", |b| {
        b.iter(|| {
            let mut n = 0;
            for c in &contents {
                n += Operations::new(c).count();
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, inflate, lexing);
criterion_main!(benches);
