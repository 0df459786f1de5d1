//! RTF source decoded per second: a generated Word-style document (runs of
//! formatting, `\'hh` accents, `\uN`, tables, fonts) of about 8 MB, and
//! the corpus files when present.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::fmt::Write as _;
use std::hint::black_box;

fn generated() -> Vec<u8> {
    let mut s = String::from(
        "{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1{\\fonttbl{\\f0\\froman\\fcharset0 Times New Roman;}{\\f1\\fnil\\fcharset128 MS Mincho;}}\n",
    );
    for i in 0..40_000 {
        let _ = writeln!(
            s,
            "\\pard\\plain\\s0\\ql\\f0\\fs24 Paragraph {i} with {{\\b bold}} and {{\\i italic}} text, caf\\'e9 na\\'efve \\u8364? and more words to read.\\par"
        );
        if i % 50 == 0 {
            s.push_str("\\trowd\\cellx2000\\cellx4000\\pard\\intbl A\\cell B\\cell\\row\n");
        }
    }
    s.push('}');
    s.into_bytes()
}

fn bench(c: &mut Criterion) {
    let doc = generated();
    let mut group = c.benchmark_group("rtf");
    group.throughput(Throughput::Bytes(doc.len() as u64));
    group.bench_function("generated_word_style", |b| {
        b.iter(|| rtf_text::parse(black_box(&doc)).map(|d| d.parts.len()))
    });
    if let Some(dir) = testkit::corpus::dir() {
        let files: Vec<Vec<u8>> = testkit::corpus::files(&dir, "rtf")
            .iter()
            .filter_map(|e| std::fs::read(&e.path).ok())
            .collect();
        let total: usize = files.iter().map(Vec::len).sum();
        group.throughput(Throughput::Bytes(total as u64));
        group.bench_function("corpus", |b| {
            b.iter(|| {
                files
                    .iter()
                    .filter_map(|f| rtf_text::parse(black_box(f)).ok())
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
