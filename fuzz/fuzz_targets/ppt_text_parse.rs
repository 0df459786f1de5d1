//! Fuzzes `ppt-text`: the bytes as a whole file through `parse_with`, and
//! as a `PowerPoint Document` stream (with a `Current User` stream pointing
//! at its last UserEditAtom's neighbourhood) in a fresh compound file, so
//! the edit chain, persist directory, slide list and shape readers see
//! mutations the container would reject; small limits. Each part's text
//! must be its blocks' text (tables and notes page numbers aside).
#![no_main]

use std::io::{Cursor, Write};

use libfuzzer_sys::fuzz_target;
use ppt_text::Options;

/// A compound file with a `Current User` stream pointing at `offset` and `stream`.
fn deck(offset: u32, stream: &[u8]) -> Option<Vec<u8>> {
    let mut cu = vec![0x00, 0x00, 0xF6, 0x0F, 0x18, 0, 0, 0];
    cu.extend(0x14u32.to_le_bytes());
    cu.extend(0xE391_C05Fu32.to_le_bytes());
    cu.extend(offset.to_le_bytes());
    cu.extend([0, 0, 0xF4, 0x03, 3, 0, 0, 0, 8, 0, 0, 0]);
    let mut cf = cfb::CompoundFile::create(Cursor::new(Vec::new())).ok()?;
    cf.create_stream("/Current User")
        .ok()?
        .write_all(&cu)
        .ok()?;
    cf.create_stream("/PowerPoint Document")
        .ok()?
        .write_all(stream)
        .ok()?;
    cf.flush().ok()?;
    Some(cf.into_inner().into_inner())
}

/// The text of a part is its blocks' text (without the final line
/// break), except that a table keeps its cells one per line and a notes
/// page's number is in the text only.
fn check(deck: &ppt_text::Presentation) {
    for part in &deck.parts {
        if part
            .blocks
            .iter()
            .any(|b| matches!(b, doc_model::Block::Table(_)))
        {
            continue;
        }
        let plain = doc_model::plain_text(&part.blocks);
        let plain = plain.trim_end_matches('\n');
        if part.kind == doc_model::PartKind::Notes {
            // The blocks' lines are the text's lines less the page number.
            let mut lines = part.text.split('\n');
            for want in plain.split('\n').filter(|_| !plain.is_empty()) {
                assert!(lines.any(|l| l == want), "{part:?}");
            }
        } else {
            assert_eq!(part.text, plain);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_output_bytes = 1 << 18;
    options.limits.max_slides = 1 << 10;
    options.limits.max_embedded_bytes = 1 << 20;
    if let Ok(deck) = ppt_text::parse_with(data, &options) {
        let _ = deck.text();
        check(&deck);
    }
    // The first 4 bytes: offsetToCurrentEdit; the rest: the stream.
    if data.len() > 4 {
        let offset = u32::from_le_bytes([data[0], data[1], data[2], data[3]]);
        if let Some(file) = deck(offset, &data[4..])
            && let Ok(deck) = ppt_text::parse_with(&file, &options)
        {
            let _ = deck.text();
            check(&deck);
        }
    }
});
