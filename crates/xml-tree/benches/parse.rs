//! XML parsed into a tree per second: a generated WordprocessingML-style
//! body of 20,000 paragraphs (4.5 MB: runs, attributes, the five
//! predefined entities, numeric references), the flat ODF fixture, and, as
//! the floor, quick-xml's event reader over the same bytes with no tree.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::fmt::Write as _;
use std::hint::black_box;

fn generated() -> Vec<u8> {
    let mut s = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>"#,
    );
    for i in 0..20_000 {
        let _ = write!(
            s,
            r#"<w:p w:rsidR="00A1{i:04}"><w:pPr><w:pStyle w:val="Body"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Paragraph {i} &amp; its </w:t></w:r><w:r><w:t>caf&#233; &lt;text&gt; and more words to read.</w:t></w:r></w:p>"#
        );
    }
    s.push_str("</w:body></w:document>");
    s.into_bytes()
}

/// Events only: the cost quick-xml itself sets under any tree.
fn events(data: &[u8]) -> usize {
    let mut reader = quick_xml::Reader::from_reader(data);
    let mut n = 0;
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) | Err(_) => return n,
            Ok(_) => n += 1,
        }
    }
}

fn bench(c: &mut Criterion) {
    let doc = generated();
    let flat = testkit::read_fixture("odf/stories.fodt");
    let mut group = c.benchmark_group("xml-tree");
    for (name, data) in [("generated_docx_body", &doc), ("stories_fodt", &flat)] {
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(format!("{name}/tree+text"), |b| {
            b.iter(|| {
                let (root, error) = xml_tree::parse(black_box(data), 256);
                (root.text().len(), error.is_some())
            })
        });
        group.bench_function(format!("{name}/quick-xml events"), |b| {
            b.iter(|| events(black_box(data)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
