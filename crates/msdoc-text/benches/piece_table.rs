//! Piece-table text assembly: a synthetic document of many mixed
//! (compressed and UTF-16) pieces with fields and table marks, and, when the
//! corpus is present, its `.doc` files. `corpus_from_compound_file` is the
//! whole Word layer as the facade calls it: open the compound file, parse,
//! split the stories into parts, decode the pictures and unwrap the
//! `ObjectPool` objects.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use msdoc_text::{Streams, WordDocument};

/// Builds a minimal Word 97 document (WordDocument and 1Table streams) holding
/// `text` as one compressed piece: the FIB the synthetic benchmark fills.
fn minimal_document(text: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut wd = vec![0u8; 0x200];
    let put16 = |b: &mut Vec<u8>, at: usize, v: u16| {
        if let Some(s) = b.get_mut(at..at + 2) {
            s.copy_from_slice(&v.to_le_bytes());
        }
    };
    let put32 = |b: &mut Vec<u8>, at: usize, v: u32| {
        if let Some(s) = b.get_mut(at..at + 4) {
            s.copy_from_slice(&v.to_le_bytes());
        }
    };
    put16(&mut wd, 0, 0xA5EC);
    put16(&mut wd, 2, 0xC1);
    put16(&mut wd, 0x0A, 0x0200);
    put16(&mut wd, 0x20, 14);
    put16(&mut wd, 0x3E, 22);
    put32(&mut wd, 0x4C, text.len() as u32);
    put16(&mut wd, 0x98, 0x5D);
    let text_at = 0x400u32;
    wd.resize(text_at as usize, 0);
    wd.extend_from_slice(text);
    let mut table = vec![0x02];
    table.extend_from_slice(&16u32.to_le_bytes());
    table.extend_from_slice(&0u32.to_le_bytes());
    table.extend_from_slice(&(text.len() as u32).to_le_bytes());
    table.extend_from_slice(&0u16.to_le_bytes());
    table.extend_from_slice(&((text_at * 2) | 0x4000_0000).to_le_bytes());
    table.extend_from_slice(&0u16.to_le_bytes());
    put32(&mut wd, 0x1A2, 0);
    put32(&mut wd, 0x1A6, table.len() as u32);
    (wd, table)
}

/// A Word 97 document of `pieces` pieces of `chars` characters each, alternating
/// compressed and UTF-16, the piece order shuffled against the file order.
fn synthetic(pieces: u32, chars: u32) -> (Vec<u8>, Vec<u8>) {
    let (mut wd, _) = minimal_document(b"");
    wd.truncate(0x400);
    let sample = "Lorem ipsum \u{13}PAGE\u{14}3\u{15} dolor\u{7}sit\u{7}\u{7}amet, consectetur adipiscing elit.\r";
    let units: Vec<char> = sample.chars().collect();
    let mut locations = Vec::new();
    for p in 0..pieces {
        let unicode = p % 2 == 1;
        let at = wd.len() as u32;
        for i in 0..chars {
            let c = units[(i as usize + p as usize) % units.len()] as u32;
            if unicode {
                wd.extend_from_slice(&(c as u16).to_le_bytes());
            } else {
                wd.push(c as u8);
            }
        }
        locations.push(if unicode { at } else { (at * 2) | 0x4000_0000 });
    }
    // Reverse the file order of the pieces: CP order ≠ FC order.
    locations.reverse();
    let mut plc = Vec::new();
    for p in 0..=pieces {
        plc.extend_from_slice(&(p * chars).to_le_bytes());
    }
    for fc in &locations {
        plc.extend_from_slice(&0u16.to_le_bytes());
        plc.extend_from_slice(&fc.to_le_bytes());
        plc.extend_from_slice(&0u16.to_le_bytes());
    }
    let mut table = vec![0x02];
    table.extend_from_slice(&(plc.len() as u32).to_le_bytes());
    table.extend_from_slice(&plc);
    wd[0x4C..0x50].copy_from_slice(&(pieces * chars).to_le_bytes());
    wd[0x1A6..0x1AA].copy_from_slice(&(table.len() as u32).to_le_bytes());
    (wd, table)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("msdoc_text");
    let (wd, table) = synthetic(2000, 500);
    let streams = Streams {
        word_document: &wd,
        table1: Some(&table),
        ..Streams::default()
    };
    let doc = WordDocument::parse(&streams).unwrap();
    assert!(
        doc.story(msdoc_text::Story::Main)
            .contains("Lorem ipsum 3 dolor")
    );
    group.throughput(Throughput::Elements(1_000_000));
    group.bench_function("synthetic_2000_pieces_1M_chars", |b| {
        b.iter(|| {
            WordDocument::parse(std::hint::black_box(&streams))
                .unwrap()
                .text()
                .len()
        })
    });
    let files = common::corpus_docs();
    if files.is_empty() {
        println!("corpus benches skipped: ../shared/corpus not found");
    }
    let mut loaded = Vec::new();
    let mut bytes_total = 0u64;
    for f in &files {
        let Ok(s) = common::load_streams_any(&std::fs::read(f).unwrap()) else {
            continue;
        };
        if WordDocument::parse(&s.borrow()).is_ok() {
            bytes_total += s.word_document.len() as u64;
            loaded.push(s);
        }
    }
    if !loaded.is_empty() {
        group.throughput(Throughput::Bytes(bytes_total));
        // Text only, as before the Document model: no picture decoded.
        let mut text_only = msdoc_text::Options::default();
        text_only.embedded = false;
        group.bench_function("corpus_all_doc_streams", |b| {
            b.iter(|| {
                loaded
                    .iter()
                    .map(|s| {
                        WordDocument::parse_with(&s.borrow(), &text_only)
                            .unwrap()
                            .text()
                            .len()
                    })
                    .sum::<usize>()
            })
        });
        group.bench_function("corpus_all_doc_streams_with_pictures", |b| {
            b.iter(|| {
                loaded
                    .iter()
                    .map(|s| {
                        let doc = WordDocument::parse(&s.borrow()).unwrap();
                        doc.text().len() + doc.embedded().len()
                    })
                    .sum::<usize>()
            })
        });
    }
    let whole: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(f).unwrap())
        .filter(|b| {
            ole_cfb_read::CompoundFile::open(b).is_ok_and(|cf| {
                WordDocument::from_compound_file(&cf, &msdoc_text::Options::default()).is_ok()
            })
        })
        .collect();
    if !whole.is_empty() {
        let total: u64 = whole.iter().map(|b| b.len() as u64).sum();
        group.throughput(Throughput::Bytes(total));
        group.bench_function("corpus_from_compound_file", |b| {
            b.iter(|| {
                whole
                    .iter()
                    .map(|bytes| {
                        let cf = ole_cfb_read::CompoundFile::open(bytes).unwrap();
                        let doc =
                            WordDocument::from_compound_file(&cf, &msdoc_text::Options::default())
                                .unwrap();
                        doc.parts().len() + doc.embedded().len()
                    })
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
