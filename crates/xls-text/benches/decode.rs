//! SST and cell decoding: `xls_text::parse` against calamine (every sheet's
//! cell range) on the largest corpus workbook and the largest numeric one
//! (`bp10.xls`), when the corpus is present,
//! and on a generated 20,000-cell workbook.
#![allow(clippy::expect_used)]

use std::hint::black_box;
use std::io::Cursor;

use calamine::{Reader, Xls};
use criterion::{Criterion, criterion_group, criterion_main};
use testkit::biff::{self, Sheet};

/// 2,000 rows × 10 cells: shared strings, numbers in three formats, RKs.
fn generated() -> Vec<u8> {
    let strings: Vec<String> = (0..2000).map(|i| format!("customer name {i}")).collect();
    let refs: Vec<(&str, bool)> = strings.iter().map(|s| (s.as_str(), false)).collect();
    let mut g = biff::codepage(1200);
    for _ in 0..16 {
        g.extend(biff::xf(true, 0));
    }
    for f in [4u16, 14, 10] {
        g.extend(biff::xf(true, f));
    }
    g.extend(biff::sst8(&refs, 8224));
    let mut s = Vec::new();
    for r in 0..2000u16 {
        s.extend(biff::labelsst(r, 0, 15, u32::from(r)));
        s.extend(biff::number(r, 1, 16, f64::from(r) * 1234.5678));
        s.extend(biff::number(r, 2, 17, 40000.0 + f64::from(r)));
        s.extend(biff::number(r, 3, 18, f64::from(r) / 2000.0));
        let cells: Vec<(u16, u32)> = (0..6)
            .map(|k| (15, ((u32::from(r) + k) << 2) | 2))
            .collect();
        s.extend(biff::mulrk(r, 4, &cells));
    }
    let stream = biff::workbook(true, &g, &[Sheet::new("Data", s)], None);
    testkit::cfb::compound_file(&[("Workbook", &stream)])
}

fn calamine_all(data: &[u8]) -> usize {
    let mut wb: Xls<_> = Xls::new(Cursor::new(data)).expect("calamine opens it");
    let mut n = 0;
    for name in wb.sheet_names() {
        if let Ok(r) = wb.worksheet_range(&name) {
            n += r.used_cells().count();
        }
    }
    n
}

fn bench(c: &mut Criterion) {
    let mut inputs = vec![("generated 20k cells".to_string(), generated())];
    if let Some(dir) = testkit::corpus::dir() {
        // The largest workbook (strings) and the largest numeric one
        // (formatted numbers: the cell-format path).
        for name in [
            "StringContinueRecords.xls",
            "at.gv.land-oberoesterreich.www_cps_rde_xbcr_SID-4A1B954F-5C07F98E_ooe_stat_download_bp10.xls",
        ] {
            if let Ok(d) = std::fs::read(dir.join("xls/poi").join(name)) {
                let short = if name.len() > 30 { "bp10.xls" } else { name };
                inputs.push((short.to_string(), d));
            }
        }
    }
    for (name, data) in &inputs {
        let mut g = c.benchmark_group(name.as_str());
        g.sample_size(20);
        g.bench_function("xls-text parse", |b| {
            b.iter(|| {
                black_box(
                    xls_text::parse(black_box(data))
                        .expect("parses")
                        .parts
                        .len(),
                )
            })
        });
        g.bench_function("calamine ranges", |b| {
            b.iter(|| black_box(calamine_all(black_box(data))))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
