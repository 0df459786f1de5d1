//! Seeded mutations (testkit::rng::mutate: truncations, bit flips, random
//! bytes, duplicated chunks) of every HWP fixture and corpus file, and of
//! their inflated section records: parsing returns a value or a typed
//! error, never panics, and its output stays bounded by the limits.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use hwp_text::{Limits, Options};
use testkit::rng::{MUTATIONS, Rng, mutate};

/// Mutations per input (`HWP_MUTATIONS` overrides).
fn rounds() -> usize {
    std::env::var("HWP_MUTATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3 * MUTATIONS)
}

fn options() -> Options {
    let mut o = Options::default();
    o.limits = {
        let mut l = Limits::default();
        l.max_stream_bytes = 8 << 20;
        l.max_total_bytes = 32 << 20;
        l.max_output_bytes = 4 << 20;
        l
    };
    o
}

fn inputs() -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(testkit::fixture("hwp"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.to_string_lossy().ends_with(".golden.txt"))
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    if let Some(dir) = testkit::corpus::dir() {
        for e in testkit::corpus::files(&dir, "hwp") {
            // The 2 MB report is mutated through its smaller peers' structures.
            let data = std::fs::read(&e.path).unwrap();
            if data.len() < 512 * 1024 {
                v.push((e.rel, data));
            }
        }
    }
    v.sort();
    v
}

#[test]
fn mutated_documents_never_panic() {
    let options = options();
    let mut parsed = 0;
    for (name, data) in inputs() {
        for k in 0..rounds() {
            let seed = k as u64 * 7919 + data.len() as u64;
            let (mutated, what) = mutate(&data, k, &mut Rng::new(seed));
            let result = std::panic::catch_unwind(|| hwp_text::parse_with(&mutated, &options));
            match result {
                Ok(Ok(doc)) => {
                    parsed += 1;
                    assert!(
                        doc.text().len() <= options.limits.max_output_bytes * 2 + (1 << 20),
                        "{name}: {what}"
                    );
                }
                Ok(Err(_)) => {}
                Err(_) => panic!("{name}: panic after {what} (seed {seed})"),
            }
            let _ = hwp_text::sniff(&mutated);
        }
    }
    assert!(parsed > 0);
}

#[test]
fn truncated_at_every_small_length() {
    let data = std::fs::read(testkit::fixture("hwp/table-nested.hwp")).unwrap();
    for len in (0..data.len()).step_by(97) {
        let _ = hwp_text::parse(&data[..len]);
    }
    let x = std::fs::read(testkit::fixture("hwp/owpml2024.hwpx")).unwrap();
    for len in (0..x.len()).step_by(31) {
        let _ = hwp_text::parse(&x[..len]);
    }
    let h3 = std::fs::read(testkit::fixture("hwp/hwp3.hwp")).unwrap();
    for len in 0..h3.len() {
        let _ = hwp_text::parse(&h3[..len]);
    }
}

#[test]
fn hostile_record_streams() {
    use testkit::hwp::{Hwp5, flag, record, tag};
    let mut rng = Rng::new(19);
    // Levels that jump, sizes past the end, controls without headers, a
    // deep nest of lists, random tags.
    let mut sections = Vec::new();
    let mut deep = Vec::new();
    for level in 0..300u16 {
        deep.extend(record(
            tag::PARA_HEADER,
            level,
            &[2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ));
        deep.extend(record(
            tag::PARA_TEXT,
            level + 1,
            &[
                11, 0, 0x20, 0x6C, 0x62, 0x74, 0, 0, 0, 0, 0, 0, 0, 0, 11, 0, 13, 0,
            ],
        ));
        deep.extend(record(tag::CTRL_HEADER, level + 1, b" lbt"));
        deep.extend(record(tag::TABLE, level + 2, &[0, 0, 0, 0, 1, 0, 1, 0]));
        deep.extend(record(
            tag::LIST_HEADER,
            level + 2,
            &[1, 0, 0, 0, 0, 0, 0, 0],
        ));
    }
    sections.push(deep);
    let mut random = Vec::new();
    for _ in 0..2000 {
        let tag = 0x40 + (rng.below(0x30) as u16);
        let level = rng.below(6) as u16;
        let len = rng.below(40);
        random.extend(record(tag, level, &rng.bytes(len)));
    }
    sections.push(random);
    let mut lying = record(tag::PARA_HEADER, 0, &[0xFF; 24]);
    lying.extend(0xFFF0_0043u32.to_le_bytes());
    lying.extend(0xFFFF_FFFFu32.to_le_bytes());
    sections.push(lying);
    let doc = Hwp5 {
        flags: flag::COMPRESSED,
        sections,
        ..Hwp5::default()
    };
    let parsed = hwp_text::parse_with(&doc.build(), &options()).unwrap();
    assert!(!parsed.warnings.is_empty());
}

#[test]
fn inflate_bombs_stop_at_the_limit() {
    use testkit::hwp::{Hwp5, Para, flag, section};
    let mut big = Vec::new();
    while big.len() < 64 << 20 {
        big.extend(section(&[Para::text(&"가".repeat(2000))]));
    }
    let doc = Hwp5 {
        flags: flag::COMPRESSED,
        sections: vec![big],
        ..Hwp5::default()
    };
    let bytes = doc.build();
    assert!(bytes.len() < 2 << 20, "{}", bytes.len());
    let parsed = hwp_text::parse_with(&bytes, &options()).unwrap();
    assert!(
        parsed
            .warnings
            .iter()
            .any(|w| w.kind == hwp_text::WarningKind::Limit),
        "{:?}",
        parsed.warnings
    );
    assert!(parsed.text().len() <= 8 << 20);
}
