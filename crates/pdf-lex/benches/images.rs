//! Image decoding and attachment gathering: `Document::images` on
//! synthetic one-image documents of each decoding path (RGB passed to PNG
//! as is, CMYK converted, a 1-bit stencil, an Indexed palette, a
//! Separation through a PostScript calculator function), on the `images`
//! fixture, and `Document::extras` on the 10,000-attachment fixture.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdf_lex::{Document, ExtrasOptions};
use testkit::pdf::Doc;

/// A document whose one page shows one deflated image of `entries` and `samples`.
fn one_image(entries: &str, samples: &[u8]) -> Vec<u8> {
    let mut d = Doc::new();
    let n = d.image(entries, samples, true);
    d.page(
        &format!("/XObject << /Im {n} 0 R >>"),
        b"q 612 0 0 792 0 0 cm /Im Do Q",
        "",
    );
    d.finish()
}

/// Samples that vary like a photograph's, not a constant run.
fn samples(len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| ((i * 7 + i / 977 * 13) % 251) as u8)
        .collect()
}

fn bench(c: &mut Criterion) {
    let side = 1000usize;
    let cases: Vec<(&str, Vec<u8>, usize)> = vec![
        (
            "rgb8 1000x1000 (passed through)",
            one_image(
                "/Width 1000 /Height 1000 /BitsPerComponent 8 /ColorSpace /DeviceRGB",
                &samples(side * side * 3),
            ),
            side * side * 3,
        ),
        (
            "cmyk8 1000x1000 (converted)",
            one_image(
                "/Width 1000 /Height 1000 /BitsPerComponent 8 /ColorSpace /DeviceCMYK",
                &samples(side * side * 4),
            ),
            side * side * 4,
        ),
        (
            "stencil 2000x2000 (1 bit)",
            one_image(
                "/Width 2000 /Height 2000 /ImageMask true",
                &samples(2000 * 2000 / 8),
            ),
            2000 * 2000 / 8,
        ),
        (
            "indexed8 1000x1000 (palette)",
            one_image(
                &format!(
                    "/Width 1000 /Height 1000 /BitsPerComponent 8 /ColorSpace [/Indexed /DeviceRGB 255 <{}>]",
                    testkit::pdf::hex(&samples(768))
                ),
                &samples(side * side),
            ),
            side * side,
        ),
        (
            "separation8 1000x1000 (type 4 function)",
            {
                let mut d = Doc::new();
                let f = d.add_stream(
                    "/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1 0 1]",
                    b"{ dup 0.5 mul exch dup 0.25 mul exch 0 exch }",
                );
                let n = d.image(
                    &format!("/Width 1000 /Height 1000 /BitsPerComponent 8 /ColorSpace [/Separation /Spot /DeviceCMYK {f} 0 R]"),
                    &samples(side * side),
                    true,
                );
                d.page(&format!("/XObject << /Im {n} 0 R >>"), b"/Im Do", "");
                d.finish()
            },
            side * side,
        ),
    ];
    let mut group = c.benchmark_group("pdf-lex images");
    group.sample_size(20);
    for (name, pdf, bytes) in &cases {
        let doc = Document::open(pdf).unwrap();
        assert_eq!(doc.images().len(), 1, "{name}");
        group.throughput(Throughput::Bytes(*bytes as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                let doc = Document::open(black_box(pdf)).unwrap();
                black_box(doc.images())
            })
        });
    }
    let fixture = std::fs::read(testkit::fixture("pdf/images.pdf")).unwrap();
    group.throughput(Throughput::Elements(1));
    group.bench_function("images.pdf fixture (35 images)", |b| {
        b.iter(|| black_box(Document::open(black_box(&fixture)).unwrap().images()))
    });
    let many = std::fs::read(testkit::fixture("pdf/attachments-10000.pdf")).unwrap();
    group.bench_function("attachments-10000.pdf extras (stops at 1,000)", |b| {
        b.iter(|| {
            let doc = Document::open(black_box(&many)).unwrap();
            black_box(doc.extras(&ExtrasOptions::default()))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
