//! Rendering speed: a synthetic story of headings, paragraphs, nested lists
//! and tables (plain and merged) through plain text, Markdown and XHTML.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use doc_model::{Block, Cell, Row, Table};
use std::hint::black_box;

fn story() -> Vec<Block> {
    let mut blocks = Vec::new();
    for s in 0..200 {
        blocks.push(Block::heading(
            1 + (s % 3) as u8,
            format!("Section {s} — 概要"),
        ));
        for p in 0..5 {
            blocks.push(Block::paragraph(format!(
                "Paragraph {p} with *stars*, pipes | and <tags> in section {s}; 日本語の文も含む。"
            )));
        }
        for i in 0..6 {
            blocks.push(Block::list_item(
                1 + (i % 3) as u8,
                i % 2 == 0,
                Some("1.\t"),
                format!("item {i}"),
            ));
        }
        let rows = (0..8)
            .map(|r| {
                Row::new(
                    (0..5)
                        .map(|c| {
                            let cell = Cell::text(format!("r{r}c{c}"));
                            if s % 4 == 0 && r == 0 && c == 0 {
                                cell.with_span(2, 1)
                            } else {
                                cell
                            }
                        })
                        .collect(),
                )
            })
            .collect();
        blocks.push(Block::Table(Table::new(rows, 1)));
    }
    blocks
}

fn bench(c: &mut Criterion) {
    let blocks = story();
    c.bench_function("plain", |b| {
        b.iter(|| doc_render::plain_text(black_box(&blocks)))
    });
    c.bench_function("markdown", |b| {
        b.iter(|| doc_render::markdown(black_box(&blocks)))
    });
    c.bench_function("xhtml", |b| {
        b.iter(|| doc_render::xhtml(black_box(&blocks)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
