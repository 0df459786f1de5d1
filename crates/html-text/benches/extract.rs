//! Sniff + decode + text over the corpus HTML (and each step alone), in
//! MB/s of input, and Python's `html2text` on the same files in the same
//! run for comparison.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod common;

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use html_charset::SniffOptions;
use html_text::{Options, extract_bytes};

/// Times `html2text.html2text` over the same pages (decoded with the
/// encodings we sniffed, decoding not timed) and prints MB/s of input.
fn html2text_peer(pages: &[common::Page]) {
    let list: String = pages
        .iter()
        .map(|p| {
            format!(
                "{}\t{}\n",
                p.path.display(),
                html_charset::sniff(&p.bytes, None).encoding.name()
            )
        })
        .collect();
    let script = r#"
import sys, time, codecs
try:
    import html2text
except ImportError:
    print("peer html2text: not installed"); sys.exit(0)
docs, total = [], 0
for line in sys.stdin.read().splitlines():
    path, enc = line.split("\t")
    raw = open(path, "rb").read()
    total += len(raw)
    try:
        docs.append(raw.decode(enc, "replace"))
    except LookupError:
        docs.append(raw.decode("latin-1"))
rounds, start = 0, time.perf_counter()
while time.perf_counter() - start < 3.0:
    for d in docs:
        h = html2text.HTML2Text(); h.body_width = 0
        h.handle(d)
    rounds += 1
secs = time.perf_counter() - start
print("peer html2text %s: %d files, %d bytes, %.2f MB/s (text only, decoding not timed)" % (
    ".".join(map(str, html2text.__version__)), len(docs), total, total * rounds / secs / 1e6))
"#;
    let child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        println!("peer html2text: python3 not available");
        return;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(list.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    print!("{}", String::from_utf8_lossy(&out.stdout));
}

fn extract(c: &mut Criterion) {
    let pages = common::pages();
    let total: usize = pages.iter().map(|p| p.bytes.len()).sum();
    let mut group = c.benchmark_group("html");
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function("sniff+decode+text", |b| {
        b.iter(|| {
            for page in &pages {
                black_box(extract_bytes(
                    black_box(&page.bytes),
                    &SniffOptions::default(),
                    &Options::default(),
                ));
            }
        })
    });
    // The parts of that path alone: the sniff (prescan, then chardetng on
    // unlabelled pages) and the decoding it decides.
    group.bench_function("sniff", |b| {
        b.iter(|| {
            for page in &pages {
                black_box(html_charset::sniff_with(
                    black_box(&page.bytes),
                    &SniffOptions::default(),
                ));
            }
        })
    });
    let sniffed: Vec<_> = pages
        .iter()
        .map(|p| html_charset::sniff(&p.bytes, None))
        .collect();
    // The floor under the sniff: chardetng alone over the pages nothing
    // labels, fed what the sniff feeds it (up to 1 MiB, ISO-2022-JP allowed).
    let unlabelled: Vec<&[u8]> = pages
        .iter()
        .zip(&sniffed)
        .filter(|(_, s)| s.source == html_charset::Source::Statistical)
        .map(|(p, _)| p.bytes.get(..1 << 20).unwrap_or(&p.bytes))
        .collect();
    println!(
        "chardetng runs on {} of {} pages ({} of {} bytes)",
        unlabelled.len(),
        pages.len(),
        unlabelled.iter().map(|b| b.len()).sum::<usize>(),
        total
    );
    group.bench_function("chardetng", |b| {
        b.iter(|| {
            for bytes in &unlabelled {
                let mut detector =
                    chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
                detector.feed(black_box(bytes), true);
                black_box(detector.guess(None, chardetng::Utf8Detection::Deny));
            }
        })
    });
    group.bench_function("decode", |b| {
        b.iter(|| {
            for (page, sniffed) in pages.iter().zip(&sniffed) {
                black_box(html_charset::decode(black_box(&page.bytes), sniffed));
            }
        })
    });
    let decoded: Vec<String> = pages
        .iter()
        .map(|p| html_charset::decode(&p.bytes, &html_charset::sniff(&p.bytes, None)).into_owned())
        .collect();
    group.bench_function("text", |b| {
        b.iter(|| {
            for page in &decoded {
                black_box(html_text::extract(black_box(page)));
            }
        })
    });
    group.finish();
    html2text_peer(&pages);
}

criterion_group!(benches, extract);
criterion_main!(benches);
