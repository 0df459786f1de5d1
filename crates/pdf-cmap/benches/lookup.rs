//! First-use cost of the CJK tables, lookup throughput, and parse speed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdf_cmap::{CMap, Code, Collection, cid_to_unicode};

/// A ToUnicode CMap like a subset CJK font's: 2-byte codes, 3000 bfchar and a few bfranges.
fn to_unicode_source() -> Vec<u8> {
    let mut s = String::from("1 begincodespacerange <0000> <FFFF> endcodespacerange\n");
    for chunk in (0..3000u32).collect::<Vec<_>>().chunks(100) {
        s += &format!("{} beginbfchar\n", chunk.len());
        for &i in chunk {
            s += &format!("<{:04X}> <{:04X}>\n", i * 3 + 1, 0x4E00 + i * 7);
        }
        s += "endbfchar\n";
    }
    s += "2 beginbfrange <2400> <24FF> <3041> <2500> <2502> [<0066 0066> <0066 0069> <D835 DC00>] endbfrange\n";
    s.into_bytes()
}

/// Pseudo-random codes (xorshift), every third one mapped.
fn codes(n: usize, max: u32) -> Vec<Code> {
    let mut x = 0x1234_5678u32;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            Code::new(x % max, 2)
        })
        .collect()
}

fn first_lookup(c: &mut Criterion) {
    let mut g = c.benchmark_group("first_cjk_lookup");
    g.sample_size(20);
    // What the first CJK string costs: decode the CMap and the collection table.
    for (cmap, coll) in [
        ("90ms-RKSJ-H", Collection::Japan1),
        ("UniJIS-UTF16-H", Collection::Japan1),
        ("UniGB-UCS2-H", Collection::GB1),
        ("KSCms-UHC-H", Collection::Korea1),
        ("UniCNS-UTF16-H", Collection::CNS1),
    ] {
        g.bench_function(cmap, |b| {
            b.iter(|| {
                let m = pdf_cmap::__bench::decode_predefined(black_box(cmap)).unwrap();
                let n = pdf_cmap::__bench::decode_collection(black_box(coll));
                (m.cid_ranges().len(), n)
            })
        });
    }
    g.finish();
}

fn first_decode(c: &mut Criterion) {
    let mut g = c.benchmark_group("first_decode");
    g.sample_size(20);
    // Decoding one predefined CMap of each kind (no collection table).
    for cmap in [
        "90ms-RKSJ-H",
        "Adobe-Japan1-6",
        "90ms-RKSJ-UCS2",
        "UCS2-GBK-EUC",
        "Adobe-Japan1-UCS2",
        "UniAKR-UTF16-H",
    ] {
        g.bench_function(cmap, |b| {
            b.iter(|| {
                let m = pdf_cmap::__bench::decode_predefined(black_box(cmap)).unwrap();
                (m.cid_ranges().len(), m.unicode_len())
            })
        });
    }
    g.finish();
}

fn lookups(c: &mut Criterion) {
    let mut g = c.benchmark_group("lookups");
    let cmap = CMap::parse(&to_unicode_source()).unwrap();
    let cs = codes(4096, 0x2600);
    g.throughput(Throughput::Elements(cs.len() as u64));
    g.bench_function("to_unicode_code_to_str", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for &code in &cs {
                if let Some(s) = cmap.lookup_unicode(black_box(code)) {
                    n += s.len();
                }
            }
            n
        })
    });
    let rksj = CMap::predefined("90ms-RKSJ-H").unwrap();
    let sjis: Vec<Code> = codes(4096, 0x1F00)
        .into_iter()
        .map(|c| Code::new(0x8140 + c.value, 2))
        .collect();
    let _ = cid_to_unicode(Collection::Japan1, 1);
    g.bench_function("predefined_code_to_cid_to_str", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for &code in &sjis {
                if let Some(s) = rksj
                    .lookup_cid(black_box(code))
                    .and_then(|cid| cid_to_unicode(Collection::Japan1, cid))
                {
                    n += s.len();
                }
            }
            n
        })
    });
    g.bench_function("predefined_code_to_cid", |b| {
        b.iter(|| {
            sjis.iter()
                .filter_map(|&code| rksj.lookup_cid(black_box(code)))
                .count()
        })
    });
    let cids: Vec<u32> = (0..4096u32).map(|i| (i * 7919) % 23000).collect();
    g.bench_function("cid_to_unicode", |b| {
        b.iter(|| {
            cids.iter()
                .filter_map(|&cid| cid_to_unicode(Collection::Japan1, black_box(cid)))
                .count()
        })
    });
    let bytes: Vec<u8> = cs
        .iter()
        .flat_map(|c| (c.value as u16).to_be_bytes())
        .collect();
    g.bench_function("decode_codes_and_lookup", |b| {
        b.iter(|| {
            cmap.decode_codes(black_box(&bytes))
                .filter_map(|c| cmap.lookup_unicode(c))
                .count()
        })
    });
    g.finish();
}

fn parse(c: &mut Criterion) {
    let src = to_unicode_source();
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Bytes(src.len() as u64));
    g.bench_function("to_unicode_3000_bfchar", |b| {
        b.iter(|| CMap::parse(black_box(&src)).unwrap().unicode_len())
    });
    g.finish();
}

criterion_group!(benches, first_lookup, first_decode, lookups, parse);
criterion_main!(benches);
