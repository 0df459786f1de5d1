//! Parsing and rendering the formats a typical workbook uses.

use cell_format::{Format, Locale};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const CODES: &[&str] = &[
    "General",
    "0.00",
    "#,##0.00_);[Red](#,##0.00)",
    "0.00%",
    "0.00E+00",
    "# ?/?",
    "m/d/yyyy",
    "[h]:mm:ss",
    "_(\"$\"* #,##0.00_);_(\"$\"* (#,##0.00);_(\"$\"* \"-\"??_);_(@_)",
    "[$-411]ggge\"年\"m\"月\"d\"日\"",
];

fn bench(c: &mut Criterion) {
    c.bench_function("parse 10 codes", |b| {
        b.iter(|| {
            for code in CODES {
                black_box(Format::parse_in(black_box(code), Locale::EnUs));
            }
        })
    });
    let formats: Vec<Format> = CODES.iter().map(|c| Format::parse(c)).collect();
    let values: Vec<f64> = (0..100)
        .map(|i| (i as f64 - 50.0) * 1234.5678 + 40000.0)
        .collect();
    c.bench_function("render 10 formats x 100 values", |b| {
        b.iter(|| {
            for f in &formats {
                for v in &values {
                    black_box(f.render(black_box(*v), false));
                }
            }
        })
    });
    c.bench_function("general 100 values", |b| {
        b.iter(|| {
            for v in &values {
                black_box(cell_format::general(black_box(*v / 7.0)));
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
