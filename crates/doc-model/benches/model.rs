//! The per-document work `doc-model` does for every layer: joining 10,000
//! parts into the text, list labels (decimal, roman, CJK) for 10,000
//! paragraphs, and 10,000 property-set times as RFC 3339.

use criterion::{Criterion, criterion_group, criterion_main};
use doc_model::{NumberFormat, Part, PartKind, join_parts, rfc3339_utc};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let parts: Vec<Part> = (0..10_000)
        .map(|i| Part::new(PartKind::Body, format!("Paragraph {i} of the body text.\n")))
        .collect();
    let mut group = c.benchmark_group("doc-model");
    group.bench_function("join_parts 10,000", |b| {
        b.iter(|| join_parts(black_box(&parts)).len())
    });
    for name in ["decimal", "upperRoman", "japaneseCounting"] {
        let f = NumberFormat::from_name(name);
        group.bench_function(format!("list labels {name} 1..10,000"), |b| {
            b.iter(|| {
                (1..=10_000)
                    .map(|v| f.format(black_box(v)).len())
                    .sum::<usize>()
            })
        });
    }
    group.bench_function("rfc3339_utc 10,000", |b| {
        b.iter(|| {
            (0..10_000i64)
                .map(|i| rfc3339_utc(black_box(1_700_000_000 + i * 86_399)).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
