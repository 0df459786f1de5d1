//! Archives for the container tests: a 42.zip-style nested zip bomb and
//! zips nested deeper than the embedding depth limit.

use std::io::{Cursor, Write};

use zip::CompressionMethod;
use zip::write::{SimpleFileOptions, ZipWriter};

/// A zip of `entries` (name, bytes), every entry deflated at the highest level.
pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(9))
        .last_modified_time(zip::DateTime::default());
    for (name, data) in entries {
        w.start_file(*name, options).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// A zip of `entries` (name, bytes), every entry stored (not compressed).
pub fn stored_zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    for (name, data) in entries {
        w.start_file(*name, options).unwrap();
        w.write_all(data).unwrap();
    }
    w.finish().unwrap().into_inner()
}

/// The shape of 42.zip: `levels` of zips, each holding `fanout` copies of
/// the level below, the innermost holding `fanout` files of `inner_bytes`
/// zeros. Nominally `fanout^(levels+1) * inner_bytes` bytes; a few KiB on disk.
pub fn nested_bomb(levels: u32, fanout: usize, inner_bytes: usize) -> Vec<u8> {
    let zeros = vec![0u8; inner_bytes];
    let names: Vec<String> = (0..fanout).map(|i| format!("{i:x}.txt")).collect();
    let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &zeros[..])).collect();
    let mut level = zip(&entries);
    for depth in 0..levels {
        let names: Vec<String> = (0..fanout)
            .map(|i| format!("lib {depth} {i:x}.zip"))
            .collect();
        let entries: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &level[..])).collect();
        level = zip(&entries);
    }
    level
}

/// `depth` zips each holding the next; the innermost holds `inner.txt` = `text`.
pub fn nested(depth: u32, text: &str) -> Vec<u8> {
    let mut level = zip(&[("inner.txt", text.as_bytes())]);
    for d in 0..depth {
        let name = format!("level{d}.zip");
        level = zip(&[(&name, &level)]);
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bomb_is_small_on_disk() {
        let bomb = nested_bomb(4, 16, 1 << 20);
        assert!(bomb.starts_with(b"PK\x03\x04"));
        assert!(bomb.len() < 256 << 10, "{} bytes", bomb.len());
    }

    #[test]
    fn nesting_keeps_the_innermost_text() {
        let z = nested(2, "deep");
        let mut outer = zip::ZipArchive::new(Cursor::new(z)).unwrap();
        assert_eq!(outer.len(), 1);
        assert_eq!(outer.by_index(0).unwrap().name(), "level1.zip");
    }
}
