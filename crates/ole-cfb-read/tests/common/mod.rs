//! Helpers shared by the integration tests: where the corpus and fixtures are.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `fixtures/cfb` of the workspace.
pub fn fixtures() -> PathBuf {
    testkit::fixture("cfb")
}

/// Every compound file (found by its signature, not its name) under the corpus,
/// sorted by path, or `None` when the corpus is absent (a failure under CI,
/// a counted skip elsewhere: `testkit::corpus::require_dir`).
pub fn corpus_compound_files() -> Option<Vec<PathBuf>> {
    let root = testkit::corpus::require_dir("ole-cfb-read corpus tests")?;
    Some(testkit::corpus::files_starting_with(
        &root,
        &ole_cfb_read::SIGNATURE,
    ))
}

/// The path relative to the corpus, for messages.
pub fn short(p: &Path) -> String {
    let s = p.to_string_lossy();
    s.find("corpus/")
        .map_or_else(|| s.to_string(), |i| s[i + 7..].to_string())
}

/// The stream at `path` (no leading `/`) as the `cfb` crate reads it.
pub fn cfb_crate_stream<F: std::io::Read + std::io::Seek>(
    file: &mut cfb::CompoundFile<F>,
    path: &str,
) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    file.open_stream(format!("/{path}"))
        .unwrap()
        .read_to_end(&mut out)
        .unwrap();
    out
}
