//! Record parsing and rendering: a synthetic section of 20,000 paragraphs
//! (text, tabs, a table every 50 paragraphs, footnotes) through
//! `from_records`; the same document compressed in a compound file through
//! `parse` (inflate included); and, when the corpus is present, every
//! readable `.hwp` of `../shared/corpus/hwp`.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use testkit::hwp::{Ctrl, Hwp5, Item, Para, flag, section};

fn synthetic() -> Vec<u8> {
    let mut paras = Vec::new();
    for i in 0..20_000u32 {
        let mut items = vec![
            Item::Text(format!(
                "{i}번째 문단: 한글 문서의 본문과 English text, 숫자 {}",
                i * 7
            )),
            Item::Tab,
            Item::Text("탭 뒤의 글".into()),
        ];
        if i % 50 == 0 {
            let cell = |s: String| vec![Para::text(&s)];
            items.push(Item::Ctrl(Ctrl::Table {
                rows: (0..4)
                    .map(|r| (0..3).map(|c| cell(format!("칸 {r}-{c}"))).collect())
                    .collect(),
                caption: None,
            }));
        }
        if i % 200 == 0 {
            items.push(Item::Ctrl(Ctrl::Footnote(vec![Para::text("각주의 글")])));
        }
        paras.push(Para::of(0, items));
    }
    section(&paras)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("hwp_text");
    let records = synthetic();
    let options = hwp_text::Options::default();
    let doc = hwp_text::from_records(&[], &[&records], 0x0500_0302, &options);
    assert!(doc.text().contains("19999번째 문단"));
    group.throughput(Throughput::Bytes(records.len() as u64));
    group.bench_function("synthetic_20000_paragraphs_records", |b| {
        b.iter(|| {
            hwp_text::from_records(
                &[],
                &[std::hint::black_box(&records)],
                0x0500_0302,
                &options,
            )
            .text()
            .len()
        })
    });
    let file = Hwp5 {
        flags: flag::COMPRESSED,
        sections: vec![records.clone()],
        ..Hwp5::default()
    }
    .build();
    group.bench_function("synthetic_20000_paragraphs_compound_file", |b| {
        b.iter(|| {
            hwp_text::parse(std::hint::black_box(&file))
                .unwrap()
                .text()
                .len()
        })
    });
    let corpus: Vec<Vec<u8>> = testkit::corpus::dir()
        .map(|dir| {
            testkit::corpus::files(&dir, "hwp")
                .iter()
                .map(|e| std::fs::read(&e.path).unwrap())
                .filter(|d| hwp_text::parse(d).is_ok())
                .collect()
        })
        .unwrap_or_default();
    if corpus.is_empty() {
        println!("corpus bench skipped: ../shared/corpus not found (set TEXTRACT_CORPUS)");
    } else {
        let bytes: usize = corpus.iter().map(Vec::len).sum();
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_function("corpus_all_hwp", |b| {
            b.iter(|| {
                corpus
                    .iter()
                    .map(|d| hwp_text::parse(d).unwrap().text().len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
