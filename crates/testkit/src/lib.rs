//! `testkit`: what the tests, benches, fuzz seeds and fixture generators of
//! every crate share, written once (`publish = false`; a dev-dependency
//! only).
//!
//! - [`rng`]: a seeded splitmix64 generator and the byte mutator of the
//!   mutation tests, so a failure names its seed.
//! - [`corpus`]: where `../shared/corpus` is, its `MANIFEST.tsv`, the
//!   `.expected.txt` sidecars and the comparison the corpus README
//!   suggests; a missing prerequisite fails under `CI` and is a counted skip
//!   elsewhere.
//! - [`archive`]: zips — a 42.zip-style nested bomb, zips nested past the
//!   depth limit.
//! - [`biff`]: a deterministic BIFF (`.xls` record) writer: strings, an
//!   SST split across CONTINUE records, cells, comments, text boxes, and
//!   workbook streams with their BOUNDSHEET offsets.
//! - [`crypto`]: deterministic MS-OFFCRYPTO encryptors (XOR, RC4, RC4
//!   CryptoAPI, Standard, Agile) for encrypted fixtures.
//! - [`poi`]: Apache POI compiled against at run time, as an oracle.
//! - [`cfb`]: a deterministic MS-CFB writer (storages, streams, mini stream,
//!   version 3 and 4) and OLE property-set writers, for fixtures of every
//!   compound-file format.
//! - [`hwp`]: HWP 5.0 records, paragraphs, controls, DocInfo, FileHeader,
//!   distribution encryption; HWPX packages; HWP 3.0 files.
//! - [`layer_cli`]: the command line of the layers' `*2text` examples (the
//!   textract CLI's plain interface, for `cargo xtask compare --textract`).
//! - [`pdf`]: PDF writers — objects, streams with Flate, classic and
//!   stream xrefs — and a document builder with pages, images,
//!   attachments, annotations and an AcroForm.
//!
//! ```
//! let mut rng = testkit::rng::Rng::new(7);
//! let (mutated, what) = testkit::rng::mutate(b"%PDF-1.4 hello", 0, &mut rng);
//! assert!(mutated.len() <= 14, "{what}");
//!
//! let file = testkit::cfb::compound_file(&[("WordDocument", b"\xEC\xA5".as_slice())]);
//! assert!(file.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]));
//! ```
#![forbid(unsafe_code)]
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

pub mod archive;
pub mod biff;
pub mod cfb;
pub mod corpus;
pub mod crypto;
pub mod hwp;
pub mod layer_cli;
pub mod mail;
pub mod pdf;
pub mod poi;
pub mod ppt;
pub mod rng;
pub mod structure;

use std::path::{Path, PathBuf};

/// The workspace root (the folder holding the top `Cargo.toml`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// A fresh, empty folder under the system's temporary folder, named for
/// the test (`name`) and this process, so parallel tests and runs do not meet.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("textract-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// `fixtures/<rel>` under the workspace root.
pub fn fixture(rel: &str) -> PathBuf {
    workspace_root().join("fixtures").join(rel)
}

/// The bytes of `fixtures/<rel>`; a missing fixture panics with its name.
pub fn read_fixture(rel: &str) -> Vec<u8> {
    std::fs::read(fixture(rel)).unwrap_or_else(|e| panic!("fixtures/{rel}: {e}"))
}

/// Reads `fixtures/<rel>` and parses it with `parse`; panics naming the
/// fixture when either fails.
pub fn parse_fixture<T, E: std::fmt::Display>(
    rel: &str,
    parse: impl FnOnce(&[u8]) -> Result<T, E>,
) -> T {
    parse(&read_fixture(rel)).unwrap_or_else(|e| panic!("fixtures/{rel}: {e}"))
}

/// Asserts that each of the `count` fixtures of `fixtures/<folder>` with a
/// golden gives exactly its golden text, and gives no warnings unless its
/// name starts with `hostile-`. `extract(NAME)` returns a fixture's text
/// and warnings.
pub fn assert_goldens<W: std::fmt::Debug>(
    folder: &str,
    count: usize,
    mut extract: impl FnMut(&str) -> (String, Vec<W>),
) {
    let goldens = goldens(folder);
    for (name, golden) in &goldens {
        let (text, warnings) = extract(name);
        assert_eq!(&text, golden, "fixtures/{folder}/{name}");
        assert!(
            name.starts_with("hostile-") || warnings.is_empty(),
            "fixtures/{folder}/{name}: {warnings:?}"
        );
    }
    assert_eq!(goldens.len(), count, "goldens in fixtures/{folder}");
}

/// Every `fixtures/<folder>/NAME.golden.txt` as `(NAME, golden text)`,
/// sorted by name: the fixture each golden is the text of.
pub fn goldens(folder: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(fixture(folder))
        .unwrap_or_else(|e| panic!("fixtures/{folder}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.strip_suffix(".golden.txt")?;
            Some((name.to_string(), std::fs::read_to_string(&path).unwrap()))
        })
        .collect();
    out.sort();
    out
}

/// Runs an oracle program and returns its standard output; panics with the
/// program and its standard error when it cannot start or exits non-zero.
pub fn run_ok(cmd: &mut std::process::Command) -> Vec<u8> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{program} could not run: {e}"));
    assert!(
        out.status.success(),
        "{program} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Whether `python3` is on the path and imports every one of `modules`
/// (for peer comparisons and client tests, with [`corpus::require`]).
pub fn python_with(modules: &[&str]) -> bool {
    let code = modules
        .iter()
        .map(|m| format!("import {m}"))
        .collect::<Vec<_>>()
        .join("; ");
    std::process::Command::new("python3")
        .args(["-c", &code])
        .output()
        .is_ok_and(|o| o.status.success())
}
