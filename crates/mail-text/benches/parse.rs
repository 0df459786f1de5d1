//! How fast messages are read: an .eml with an attachment, an mbox of 200
//! messages, a TNEF stream, and compressed RTF decompression.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn eml() -> Vec<u8> {
    let mut m = b"From: Ann <ann@example.com>\r\nTo: bob@example.com\r\nSubject: =?UTF-8?B?w5xiZXJzaWNodA==?=\r\n\
MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
        .to_vec();
    for i in 0..200 {
        m.extend_from_slice(format!("Line {i} of the body, with some words in it.\r\n").as_bytes());
    }
    m.extend_from_slice(b"--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=a.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n");
    for _ in 0..400 {
        m.extend_from_slice(
            b"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5\r\n",
        );
    }
    m.extend_from_slice(b"--b--\r\n");
    m
}

fn bench(c: &mut Criterion) {
    let one = eml();
    c.bench_function("eml 40 KB with attachment", |b| {
        b.iter(|| mail_text::parse(black_box(&one)).unwrap())
    });
    let mut mbox = Vec::new();
    for i in 0..200 {
        mbox.extend_from_slice(
            format!("From a@b Mon Jan  1 00:00:{:02} 2024\n", i % 60).as_bytes(),
        );
        mbox.extend_from_slice(b"From: a@b\nSubject: s\n\n>From the body\nmore text\n\n");
    }
    c.bench_function("mbox 200 messages (split)", |b| {
        b.iter(|| mail_text::parse(black_box(&mbox)).unwrap())
    });
    let rtf: Vec<u8> = [
        0x2d, 0, 0, 0, 0x2b, 0, 0, 0, 0x4c, 0x5a, 0x46, 0x75, 0xf1, 0xc5, 0xc7, 0xa7, 0x03, 0x00,
        0x0a, 0x00, 0x72, 0x63, 0x70, 0x67, 0x31, 0x32, 0x35, 0x42, 0x32, 0x0a, 0xf3, 0x20, 0x68,
        0x65, 0x6c, 0x09, 0x00, 0x20, 0x62, 0x77, 0x05, 0xb0, 0x6c, 0x64, 0x7d, 0x0a, 0x80, 0x0f,
        0xa0,
    ]
    .to_vec();
    c.bench_function("compressed RTF (MS-OXRTFCP 3.1.1)", |b| {
        b.iter(|| mail_text::decompress_rtf(black_box(&rtf), 1 << 20).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
