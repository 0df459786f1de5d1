//! Fuzzes `ole-cfb-read`: open, list, read every stream, parse the property
//! sets. Where the `cfb` crate also reads a stream and we read it without a
//! defect, the bytes must agree.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use ole_cfb_read::{CompoundFile, EntryKind};

fuzz_target!(|data: &[u8]| {
    let Ok(ours) = CompoundFile::open(data) else {
        return;
    };
    let mut oracle = cfb::CompoundFile::open(std::io::Cursor::new(data)).ok();
    for e in ours.entries() {
        let Ok(stream) = ours.read_entry(e) else {
            continue;
        };
        assert!(stream.data.len() <= data.len());
        if e.kind != EntryKind::Stream || !stream.warnings.is_empty() {
            continue;
        }
        let Some(oracle) = oracle.as_mut() else {
            continue;
        };
        let Ok(mut s) = oracle.open_stream(format!("/{}", e.path)) else {
            continue;
        };
        let mut want = Vec::new();
        if s.read_to_end(&mut want).is_ok() && want.len() as u64 == e.size {
            assert_eq!(stream.data.as_ref(), want.as_slice(), "{}", e.path);
        }
    }
    let _ = ours.metadata();
});
