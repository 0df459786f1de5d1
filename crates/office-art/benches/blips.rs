//! Decoding every picture of a drawing group (BLIP store, delay stream,
//! metafile inflation, BMP headers) and reading a drawing's shapes.
//!
//! Input: the corpus PowerPoint file with the largest `Pictures` stream
//! that opens cleanly, or `fixtures/officeart` when the corpus is absent.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use office_art::{Drawing, DrawingGroup, Options};
use ole_cfb_read::CompoundFile;

/// (name, OfficeArtDggContainer bytes, delay stream).
fn drawing_group() -> (String, Vec<u8>, Vec<u8>) {
    let fx = |n: &str| std::fs::read(testkit::fixture("officeart").join(n)).unwrap();
    let fallback = || {
        (
            "fixtures/officeart/drawing-group.bin".to_owned(),
            fx("drawing-group.bin"),
            fx("drawing-group.delay.bin"),
        )
    };
    let Some(dir) = testkit::corpus::dir() else {
        return fallback();
    };
    let mut best: Option<(String, Vec<u8>, Vec<u8>)> = None;
    for e in testkit::corpus::files(&dir, "ppt") {
        if e.deliberately_broken() || e.encrypted() || e.rel.contains("clusterfuzz") {
            continue;
        }
        let Ok(data) = std::fs::read(&e.path) else {
            continue;
        };
        let Ok(cfb) = CompoundFile::open(&data) else {
            continue;
        };
        let (Ok(doc), Ok(pictures)) = (cfb.stream("PowerPoint Document"), cfb.stream("Pictures"))
        else {
            continue;
        };
        let Some(at) = doc.windows(4).position(|w| w == [0x0F, 0x00, 0x0B, 0x04]) else {
            continue;
        };
        if best.as_ref().is_none_or(|b| b.2.len() < pictures.len()) {
            best = Some((e.rel.clone(), doc[at + 8..].to_vec(), pictures.into_owned()));
        }
    }
    best.unwrap_or_else(fallback)
}

fn bench(c: &mut Criterion) {
    let options = Options::default();
    let (name, dgg, delay) = drawing_group();
    let g = DrawingGroup::parse(&dgg, Some(&delay), &options).unwrap();
    println!(
        "input: {name}: {} pictures, {} bytes of delay stream",
        g.bstore.blips().count(),
        delay.len()
    );
    let mut group = c.benchmark_group("office_art");
    group.throughput(Throughput::Bytes(delay.len() as u64));
    group.bench_function("drawing_group_every_picture", |b| {
        b.iter(|| {
            DrawingGroup::parse(std::hint::black_box(&dgg), Some(&delay), &options).map_or(0, |g| {
                g.bstore.blips().map(|(_, b)| b.data.len()).sum::<usize>()
            })
        })
    });
    let drawing = std::fs::read(testkit::fixture("officeart").join("drawing.bin")).unwrap();
    group.throughput(Throughput::Bytes(drawing.len() as u64));
    group.bench_function("drawing_shapes", |b| {
        b.iter(|| {
            Drawing::parse(std::hint::black_box(&drawing), &options).map_or(0, |d| d.shapes.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
