//! The files of one corpus format folder, with what `MANIFEST.tsv` and the
//! sidecars say about them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::metrics::expected_lines;

/// Sidecar suffixes: never inputs themselves.
const SIDECARS: &[&str] = &[
    ".expected.txt",
    ".reference.txt",
    ".charset.txt",
    ".embedded.tsv",
];

/// Upper-case note words marking a file as hostile (MANIFEST conventions):
/// such a file must give a typed error or partial text, so it is checked for
/// crashes and hangs but left out of timing and fidelity.
const HOSTILE: &[&str] = &[
    "ENCRYPTED",
    "FUZZ",
    "FUZZED",
    "CORRUPT",
    "CORRUPTED",
    "TRUNCATED",
    "BROKEN",
    "MALFORMED",
    "NASTY",
    "PASSWORD",
];

/// One input file of the comparison.
#[derive(Debug, Clone)]
pub struct CorpusFile {
    /// Absolute (or corpus-joined) path handed to the tools.
    pub path: PathBuf,
    /// Path relative to the corpus root, as in the manifest.
    pub rel: String,
    /// Size in bytes.
    pub bytes: u64,
    /// Marked ENCRYPTED/FUZZ/CORRUPT/... in the manifest notes.
    pub hostile: bool,
    /// Lines of `<file>.expected.txt` (empty when there is no sidecar).
    pub expected: Vec<String>,
    /// Contents of `<file>.reference.txt`, if any.
    pub reference: Option<String>,
    /// `expected_encoding=X` from the manifest notes, if any.
    pub expected_encoding: Option<String>,
}

/// What the manifest says about one file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ManifestEntry {
    /// Hostile per the notes.
    pub hostile: bool,
    /// `expected_encoding=X`.
    pub expected_encoding: Option<String>,
}

/// Parses `MANIFEST.tsv`: relative path (column 3) → notes facts (column 9).
pub fn parse_manifest(tsv: &str) -> HashMap<String, ManifestEntry> {
    let mut map = HashMap::new();
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(rel), Some(notes)) = (cols.get(2), cols.get(8)) else {
            continue;
        };
        map.insert((*rel).to_string(), parse_notes(notes));
    }
    map
}

/// The facts in one notes cell.
pub fn parse_notes(notes: &str) -> ManifestEntry {
    let hostile = notes
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| HOSTILE.contains(&w));
    let expected_encoding = notes.split_whitespace().find_map(|w| {
        w.strip_prefix("expected_encoding=")
            .map(|v| v.trim_end_matches([',', ';', ')']).to_string())
    });
    ManifestEntry {
        hostile,
        expected_encoding,
    }
}

/// Whether `name` is a sidecar rather than an input.
pub fn is_sidecar(name: &str) -> bool {
    SIDECARS.iter().any(|s| name.ends_with(s))
}

/// Every input file under `<corpus>/<format>/`, sorted by relative path, with
/// manifest facts and sidecars. A missing manifest makes every file clean.
pub fn list(corpus: &Path, format: &str) -> Result<Vec<CorpusFile>, String> {
    let manifest = std::fs::read_to_string(corpus.join("MANIFEST.tsv"))
        .map(|s| parse_manifest(&s))
        .unwrap_or_default();
    let dir = corpus.join(format);
    let mut paths = Vec::new();
    walk(&dir, &mut paths, 0)?;
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if is_sidecar(name) || name.starts_with('.') {
            continue;
        }
        let rel = path
            .strip_prefix(corpus)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_else(|_| path.to_string_lossy().into_owned());
        let entry = manifest.get(&rel).cloned().unwrap_or_default();
        let sidecar = |suffix: &str| {
            let mut p = path.clone().into_os_string();
            p.push(suffix);
            std::fs::read(PathBuf::from(p))
                .ok()
                .map(|b| String::from_utf8_lossy(&b).into_owned())
        };
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        files.push(CorpusFile {
            expected: sidecar(".expected.txt")
                .map(|s| expected_lines(&s))
                .unwrap_or_default(),
            reference: sidecar(".reference.txt"),
            path,
            rel,
            bytes,
            hostile: entry.hostile,
            expected_encoding: entry.expected_encoding,
        });
    }
    Ok(files)
}

/// Collects regular files below `dir` (depth-capped; symlinked folders are not followed).
fn walk(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) -> Result<(), String> {
    if depth > 16 {
        return Ok(());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let kind = entry.file_type().map_err(|e| e.to_string())?;
        if kind.is_dir() {
            walk(&entry.path(), out, depth + 1)?;
        } else if kind.is_file() {
            out.push(entry.path());
        }
    }
    Ok(())
}

/// The format folders present in the corpus (sorted).
pub fn formats(corpus: &Path) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(corpus).map_err(|e| format!("{}: {e}", corpus.display()))? {
        let entry = entry.map_err(|e| e.to_string())?;
        if entry.file_type().map(|t| t.is_dir()).unwrap_or(false) {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_mark_hostile_files_and_expected_encodings() {
        assert!(parse_notes("ENCRYPTED (RC4, password unknown)").hostile);
        assert!(parse_notes("FUZZ crash case (OSS-Fuzz)").hostile);
        assert!(parse_notes("FUZZED / corrupt file").hostile);
        assert!(parse_notes("BROKEN (poppler bug corpus)").hostile);
        assert!(parse_notes("x | auto: nFib=0xC1; ENCRYPTED(fEncrypted)").hostile);
        // Lower-case prose is not a marker.
        assert!(!parse_notes("broken/odd file from issue 297").hostile);
        assert!(!parse_notes("Word 95, caused errors in POI").hostile);
        let e = parse_notes("expected_encoding=Big5 (chardet test-corpus directory label); HTML");
        assert_eq!(e.expected_encoding.as_deref(), Some("Big5"));
        assert!(!e.hostile);
    }

    #[test]
    fn manifest_rows_are_keyed_by_relative_path() {
        let tsv = "split\tformat\trelative_path\ta\tb\tc\td\te\tnotes\n\
                   dev\tdoc\tdoc/x/a.doc\tr\tp\tl\t1\th\tENCRYPTED\n\
                   dev\thtml\thtml/c/b.html\tr\tp\tl\t1\th\texpected_encoding=KOI8-R; HTML\n\
                   short\trow\n";
        let m = parse_manifest(tsv);
        assert_eq!(m.len(), 2);
        assert!(m["doc/x/a.doc"].hostile);
        assert_eq!(
            m["html/c/b.html"].expected_encoding.as_deref(),
            Some("KOI8-R")
        );
    }

    #[test]
    fn listing_skips_sidecars_and_reads_them() {
        let dir = std::env::temp_dir().join(format!("xtask-compare-corpus-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("doc/src")).unwrap();
        std::fs::write(dir.join("doc/src/b.doc"), b"bbb").unwrap();
        std::fs::write(dir.join("doc/src/a.doc"), b"aa").unwrap();
        std::fs::write(dir.join("doc/src/a.doc.expected.txt"), "one\n\ntwo\n").unwrap();
        std::fs::write(dir.join("doc/src/a.doc.reference.txt"), "one two").unwrap();
        std::fs::write(
            dir.join("MANIFEST.tsv"),
            "h\nd\tdoc\tdoc/src/b.doc\t\t\t\t\t\tTRUNCATED\n",
        )
        .unwrap();
        let files = list(&dir, "doc").unwrap();
        let rels: Vec<&str> = files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["doc/src/a.doc", "doc/src/b.doc"]);
        assert_eq!(files[0].expected, ["one", "two"]);
        assert_eq!(files[0].reference.as_deref(), Some("one two"));
        assert_eq!(files[0].bytes, 2);
        assert!(!files[0].hostile);
        assert!(files[1].hostile);
        assert_eq!(formats(&dir).unwrap(), ["doc"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The same listing on the shared corpus, when it is there.
#[cfg(test)]
mod corpus_tests {
    use super::*;

    fn corpus() -> Option<PathBuf> {
        let dir = crate::util::workspace_root().join("../shared/corpus");
        if dir.join("MANIFEST.tsv").is_file() {
            Some(dir)
        } else {
            println!("corpus tests skipped: {} not found", dir.display());
            None
        }
    }

    fn find<'a>(files: &'a [CorpusFile], rel: &str) -> &'a CorpusFile {
        files.iter().find(|f| f.rel == rel).unwrap()
    }

    #[test]
    fn doc_listing_flags_password_protected_and_fuzzed() {
        let Some(dir) = corpus() else { return };
        let files = list(&dir, "doc").unwrap();
        assert!(files.iter().all(|f| !is_sidecar(&f.rel)));
        assert!(find(&files, "doc/poi/PasswordProtected.doc").hostile);
        assert!(find(&files, "doc/poi/Fuzzed.doc").hostile);
        let word6 = find(&files, "doc/poi/Word6.doc");
        assert!(!word6.hostile);
        assert!(!word6.expected.is_empty());
        assert!(find(&files, "doc/poi/SampleDoc.doc").reference.is_some());
    }

    #[test]
    fn html_listing_reads_expected_encoding_of_koi8_r_page() {
        let Some(dir) = corpus() else { return };
        let files = list(&dir, "html").unwrap();
        let koi = find(
            &files,
            "html/chardet/KOI8-R___chromium_KOI8-R_with_no_encoding_specified.html",
        );
        assert_eq!(koi.expected_encoding.as_deref(), Some("KOI8-R"));
        assert!(!koi.expected.is_empty());
        assert!(
            files
                .iter()
                .filter(|f| f.expected_encoding.is_some())
                .count()
                > 50
        );
    }

    #[test]
    fn pdf_listing_flags_encrypted_and_broken_files() {
        let Some(dir) = corpus() else { return };
        let files = list(&dir, "pdf").unwrap();
        assert!(find(&files, "pdf/pdfjs/issue3371.pdf").hostile);
        assert!(find(&files, "pdf/pdfjs/REDHAT-1531897-0.pdf").hostile);
        assert!(!find(&files, "pdf/pdfjs/tracemonkey.pdf").hostile);
        assert!(
            !find(&files, "pdf/pdfjs/tracemonkey.pdf")
                .expected
                .is_empty()
        );
    }
}
