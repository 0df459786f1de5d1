//! Content-stream interpretation + layout of a generated text-heavy page,
//! through the public API (`extract_bytes` of an in-memory PDF).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A one-page PDF with `lines` lines in each of two columns of text drawn
/// with TJ kerning, as TeX and Word write it.
fn dense_page(lines: usize) -> Vec<u8> {
    dense_page_turned(lines, "1 0 0 1 0 0")
}

/// The same page drawn through `cm` (e.g. turned by 30°).
fn dense_page_turned(lines: usize, cm: &str) -> Vec<u8> {
    let mut content = format!("{cm} cm BT /F1 9 Tf 11 TL\n");
    for i in 0..lines {
        for col in 0..2 {
            let x = 56 + col * 260;
            let y = 760 - i * 11;
            content.push_str(&format!(
                "1 0 0 1 {x} {y} Tm [(The quick) -250 (brown fox) -333 (jumps o) 20 (ver the) -250 (lazy dog) -250 (line {i}.)] TJ\n"
            ));
        }
    }
    content.push_str("ET\n");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>".to_string(),
        format!("<< /Length {} >>\nstream\n{content}endstream", content.len()),
    ];
    let mut p = testkit::pdf::Pdf::with_header(b"%PDF-1.4\n");
    for (i, body) in (1u32..).zip(&objects) {
        p.obj(i, body);
    }
    p.finish_contiguous("/Root 1 0 R")
}

fn bench(c: &mut Criterion) {
    let pdf = dense_page(62);
    let options = pdf_text::Options::default();
    let text = pdf_text::extract_bytes(&pdf, &options).unwrap().text;
    assert!(text.contains("brown fox jumps over the lazy dog line 61."));
    let mut group = c.benchmark_group("pdf-text");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("interpret+layout 124 lines", |b| {
        b.iter(|| pdf_text::extract_bytes(black_box(&pdf), &options).unwrap())
    });
    let mut layout = pdf_text::Options::default();
    layout.layout = true;
    group.bench_function("interpret+layout -layout mode", |b| {
        b.iter(|| pdf_text::extract_bytes(black_box(&pdf), &layout).unwrap())
    });
    // text at 30°: directions from atan2, its own frame
    let slanted = dense_page_turned(62, "0.866025 0.5 -0.5 0.866025 300 -150");
    let text = pdf_text::extract_bytes(&slanted, &options).unwrap().text;
    assert!(text.contains("brown fox jumps over the lazy dog line 61."));
    group.bench_function("interpret+layout 124 lines at 30°", |b| {
        b.iter(|| pdf_text::extract_bytes(black_box(&slanted), &options).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
