//! Fuzzes `office-art`: the input as a drawing group (its own bytes as the
//! delay stream), a BLIP store's file blocks, a drawing's shape tree and a
//! BLIP record. Pictures from stored bytes never outgrow the input; an
//! inflated metafile stays under the limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use office_art::{BStore, Blip, Drawing, DrawingGroup, Options};

fuzz_target!(|data: &[u8]| {
    let mut options = Options::default();
    options.limits.max_blip_size = 4 << 20;
    let bound = data.len() + 512 + 22 + 14;
    let check = |b: &Blip| {
        if b.metafile.is_some() {
            assert!(b.data.len() <= (4 << 20) + 512 + 22);
        } else {
            assert!(b.data.len() <= bound);
        }
    };
    if let Ok(g) = DrawingGroup::parse(data, Some(data), &options) {
        g.bstore.blips().for_each(|(_, b)| check(b));
    }
    let store = BStore::from_file_blocks(data, 0, Some(data), &options);
    store.blips().for_each(|(_, b)| check(b));
    if let Ok(d) = Drawing::parse(data, &options) {
        for s in &d.shapes {
            let _ = (s.blip_id(), s.name(), s.description(), s.word_art_text(), s.text_id());
        }
    }
    if let Ok(b) = Blip::parse_with(data, &options) {
        check(&b);
    }
});
