//! Fuzzes `msdoc-text`: a whole compound file through
//! `WordDocument::from_compound_file`, and the same bytes split into a
//! WordDocument and a table stream for `WordDocument::parse_with` (so the
//! FIB, CLX and FKP parsers see mutations the container would reject; the
//! table doubles as the `Data` stream so inline pictures are looked up).
//! From a compound file, parts, pictures and the `ObjectPool`'s OLE objects
//! (packages, copied storages) are unwrapped too. The body's structure
//! (headings, list items, tables) is rendered as Markdown, and its plain
//! text never holds more than the flat text (the cases where it differs —
//! trailing empty cells, a cell's trailing line ends — only drop text; a
//! story without a final mark gains one line end).
#![no_main]

use libfuzzer_sys::fuzz_target;
use msdoc_text::{Options, Streams, WordDocument};

fuzz_target!(|data: &[u8]| {
    let options = Options::default();
    if let Ok(cf) = ole_cfb_read::CompoundFile::open(data) {
        if let Ok(doc) = WordDocument::from_compound_file(&cf, &options) {
            let _ = doc.text();
            let _ = doc_model_len(&doc);
        }
    }
    // Split point from the first two bytes: WordDocument, then the table.
    let Some((head, rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    let split = usize::from(u16::from_le_bytes(*head)).min(rest.len());
    let (word_document, table) = rest.split_at(split);
    let streams = Streams {
        word_document,
        table0: Some(table),
        table1: Some(table),
        data: Some(table),
    };
    if let Ok(doc) = WordDocument::parse_with(&streams, &options) {
        let _ = doc.text();
    }
});

/// Touches every part and embedded file (their sizes never exceed what the
/// input can make: pictures inflate under office-art's limit), and checks
/// the body's blocks against its text.
fn doc_model_len(doc: &WordDocument) -> usize {
    if let Some(body) = doc.parts().first() {
        let plain = doc_model::plain_text(&body.blocks);
        assert!(
            plain.len() <= body.text.len() + 1,
            "blocks hold more than the text: {plain:?} / {:?}",
            body.text
        );
        let _ = doc_render::markdown(&body.blocks);
    }
    doc.parts().iter().map(|p| p.text.len()).sum::<usize>()
        + doc.embedded().iter().map(|e| e.data.len()).sum::<usize>()
}
