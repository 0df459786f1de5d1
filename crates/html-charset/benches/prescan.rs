//! The prescan on a 1 KiB head (with the `<meta>` at its end, and with none),
//! and the whole sniff (prescan, continued scan, chardetng) on legacy pages.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use html_charset::{SniffOptions, sniff, sniff_with};

/// A realistic 1 KiB head: doctype, comments, links, scripts' start tags,
/// attributes, and (optionally) a `<meta http-equiv>` as its last element.
fn head(with_meta: bool) -> Vec<u8> {
    let mut h = b"<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\">\n<html lang=\"ja\"><head>\n<!-- site header, generated -->\n".to_vec();
    while h.len() < 1024 {
        h.extend_from_slice(b"<link rel=\"stylesheet\" type=\"text/css\" href=\"/css/style.css?v=12\" media=\"all\">\n");
    }
    let meta: &[u8] =
        b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">";
    // Cut after the last whole line that leaves room for the meta, pad with newlines.
    let room = 1024 - meta.len();
    let cut = h[..room].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    h.truncate(cut);
    h.resize(room, b'\n');
    if with_meta {
        h.extend_from_slice(meta);
    } else {
        h.resize(1024, b'\n');
    }
    assert_eq!(h.len(), 1024);
    h
}

fn prescan(c: &mut Criterion) {
    let mut group = c.benchmark_group("prescan");
    group.throughput(Throughput::Bytes(1024));
    let with_meta = head(true);
    assert_eq!(sniff(&with_meta, None).encoding.name(), "Shift_JIS");
    group.bench_function("1KiB head, meta last", |b| {
        b.iter(|| sniff(black_box(&with_meta), None))
    });
    let without = head(false);
    let no_continued = SniffOptions::default().with_continued_scan_limit(0);
    group.bench_function("1KiB head, no meta", |b| {
        b.iter(|| sniff_with(black_box(&without), &no_continued))
    });
    group.finish();
}

criterion_group!(benches, prescan);
criterion_main!(benches);
