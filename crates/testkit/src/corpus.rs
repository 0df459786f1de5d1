//! The real-world corpus beside the workspace (`../shared/corpus`), its
//! manifest and expected strings, and how a test treats a missing
//! prerequisite.
//!
//! A test that needs something the machine may lack (the corpus, a peer
//! tool, a Python module) calls [`require`]: under `CI` (the variable set,
//! as `.ci/run` and every CI service set it) a missing prerequisite fails
//! the test with the reason; elsewhere the test is skipped with one line on
//! stderr naming what was missing.

use std::path::{Path, PathBuf};

use unicode_normalization::UnicodeNormalization;

/// Whether the tests run under CI (`CI` set to anything but `false`/`0`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// `Some(value)` when a prerequisite is present. When it is `None`: under
/// CI the test fails naming `what`; elsewhere one `SKIPPED in <test binary>:
/// tests that need <what>` line per binary goes to the real stderr (visible
/// in a plain `cargo test`) and `None` comes back for the test to return early.
pub fn require<T>(value: Option<T>, test: &str, what: &str) -> Option<T> {
    if value.is_some() {
        return value;
    }
    if in_ci() {
        panic!("{test}: prerequisite missing under CI: {what}");
    }
    announce_skip(test, what);
    None
}

/// Says, once per test binary and missing prerequisite, that tests are
/// being skipped — written to the real stderr, which libtest does not
/// capture, so the line shows in a plain `cargo test` run.
fn announce_skip(test: &str, what: &str) {
    use std::collections::HashSet;
    use std::io::Write;
    use std::sync::Mutex;
    static SEEN: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let first = SEEN
        .lock()
        .map(|mut seen| {
            seen.get_or_insert_with(HashSet::new)
                .insert(what.to_string())
        })
        .unwrap_or(true);
    if first {
        let exe = std::env::current_exe()
            .ok()
            .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .map(|s| match s.rsplit_once('-') {
                Some((name, hash)) if hash.chars().all(|c| c.is_ascii_hexdigit()) => {
                    name.to_string()
                }
                _ => s,
            })
            .unwrap_or_default();
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED in {exe}: tests that need {what} (first: {test}); set CI=1 to make this a failure"
        );
    }
}

/// Where the corpus is: `$TEXTRACT_CORPUS`, else
/// `<workspace>/../shared/corpus`; `None` when it has no `MANIFEST.tsv`.
pub fn dir() -> Option<PathBuf> {
    let dir = std::env::var_os("TEXTRACT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::workspace_root().join("../shared/corpus"));
    dir.join("MANIFEST.tsv").is_file().then_some(dir)
}

/// [`dir`] through [`require`]: the corpus, or a skip (a failure under CI).
pub fn require_dir(test: &str) -> Option<PathBuf> {
    require(
        dir(),
        test,
        "the corpus ../shared/corpus (or $TEXTRACT_CORPUS) with its MANIFEST.tsv",
    )
}

/// Every file under `root` (recursively) whose bytes start with `magic`,
/// found by content rather than name, sorted by path.
pub fn files_starting_with(root: &Path, magic: &[u8]) -> Vec<PathBuf> {
    use std::io::Read;
    files_where(root, |p| {
        let mut head = vec![0u8; magic.len()];
        std::fs::File::open(p)
            .and_then(|mut f| f.read_exact(&mut head))
            .is_ok()
            && head == magic
    })
}

/// Every file under `root` (recursively) that `keep` accepts, sorted by path.
pub fn files_where(root: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if keep(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// One document row of `MANIFEST.tsv` (sidecars are left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The format folder (`doc`, `xls`, `ooxml`, …).
    pub folder: String,
    /// The path relative to the corpus root.
    pub rel: String,
    /// The notes column (ENCRYPTED, FUZZ, `expected_encoding=`, `auto:` facts).
    pub notes: String,
    /// The absolute path.
    pub path: PathBuf,
}

impl Entry {
    /// Whether the manifest marks the file as deliberately damaged
    /// (FUZZ, CORRUPT, TRUNCATED, BROKEN, MALFORMED, NASTY).
    pub fn deliberately_broken(&self) -> bool {
        deliberately_broken(&self.notes)
    }

    /// Whether the manifest marks the file as encrypted.
    pub fn encrypted(&self) -> bool {
        self.notes.contains("ENCRYPTED") || self.notes.contains("PASSWORD")
    }

    /// The password the manifest gives for an encrypted file
    /// (`password = "tika"`, `(password 12345)`), if any.
    pub fn password(&self) -> Option<String> {
        password_in(&self.notes)
    }

    /// The lines of `<file>.expected.txt` (blank lines left out), if it exists.
    pub fn expected(&self) -> Option<Vec<String>> {
        expected_lines(&self.path)
    }
}

/// The password manifest `notes` state: `password = "…"` (the text between
/// the quotes, JSON-style `\u` escapes left as written) or `(password …)`.
pub fn password_in(notes: &str) -> Option<String> {
    if let Some(i) = notes.find("password = \"") {
        let rest = &notes[i + "password = \"".len()..];
        return rest.find('"').map(|end| rest[..end].to_string());
    }
    let i = notes.find("(password ")?;
    let rest = &notes[i + "(password ".len()..];
    rest.find(')').map(|end| rest[..end].to_string())
}

/// Whether manifest `notes` mark a file as deliberately damaged.
pub fn deliberately_broken(notes: &str) -> bool {
    [
        "FUZZ",
        "CORRUPT",
        "TRUNCATED",
        "BROKEN",
        "MALFORMED",
        "NASTY",
    ]
    .iter()
    .any(|w| notes.contains(w))
}

/// Every document of the manifest at `dir` (sidecars — `.expected.txt`,
/// `.reference.txt`, `.charset.txt`, `.embedded.tsv` — left out), in manifest order.
pub fn manifest(dir: &Path) -> Vec<Entry> {
    let Ok(text) = std::fs::read_to_string(dir.join("MANIFEST.tsv")) else {
        return Vec::new();
    };
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let rel = cols.get(2)?.to_string();
            let sidecar = [
                ".expected.txt",
                ".reference.txt",
                ".charset.txt",
                ".embedded.tsv",
            ]
            .iter()
            .any(|s| rel.ends_with(s));
            (!sidecar).then(|| Entry {
                folder: cols.get(1).unwrap_or(&"").to_string(),
                path: dir.join(&rel),
                rel,
                notes: cols.get(8).unwrap_or(&"").to_string(),
            })
        })
        .collect()
}

/// The manifest's documents in `folder` (`xls`, `ppt`, …), in manifest order.
pub fn files(dir: &Path, folder: &str) -> Vec<Entry> {
    manifest(dir)
        .into_iter()
        .filter(|e| e.folder == folder)
        .collect()
}

/// The lines of `<path>.expected.txt`, blank lines left out.
pub fn expected_lines(path: &Path) -> Option<Vec<String>> {
    let name = path.file_name()?.to_string_lossy();
    let sidecar = path.with_file_name(format!("{name}.expected.txt"));
    let text = std::fs::read_to_string(sidecar).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// The comparison form the corpus README suggests: NFKC, whitespace runs
/// collapsed to one space.
pub fn normalise(s: &str) -> String {
    let nfkc: String = s.nfkc().collect();
    nfkc.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// A text prepared once for many [`Haystack::contains`] questions.
#[derive(Debug, Clone)]
pub struct Haystack {
    norm: String,
    squeezed: String,
}

impl Haystack {
    /// Normalises `text` ([`normalise`]) and keeps a copy without whitespace.
    pub fn new(text: &str) -> Haystack {
        let norm = normalise(text);
        let squeezed = norm.chars().filter(|c| !c.is_whitespace()).collect();
        Haystack { norm, squeezed }
    }

    /// Whether expected `line` occurs: normalised, or — for lines with CJK
    /// characters — with all whitespace removed on both sides.
    pub fn contains(&self, line: &str) -> bool {
        let line = normalise(line);
        if line.is_empty() || self.norm.contains(&line) {
            return true;
        }
        line.chars().any(is_cjk) && {
            let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            self.squeezed.contains(&squeezed)
        }
    }

    /// The lines of `expected` that do not occur.
    pub fn missing<'a>(&self, expected: &'a [String]) -> Vec<&'a str> {
        expected
            .iter()
            .map(String::as_str)
            .filter(|l| !self.contains(l))
            .collect()
    }
}

/// What a corpus test counts as it goes: files read, expected lines looked
/// up and found, and the problems it reports at the end.
#[derive(Debug, Default)]
pub struct Tally {
    /// Files that parsed.
    pub read: usize,
    /// Expected lines looked up.
    pub lines: usize,
    /// Expected lines found.
    pub found: usize,
    /// What went wrong, one line each.
    pub problems: Vec<String>,
}

impl Tally {
    /// A file that did not parse: a problem unless the manifest marks it
    /// deliberately broken.
    pub fn failed(&mut self, entry: &Entry, error: impl std::fmt::Display) {
        if !entry.deliberately_broken() {
            self.problems.push(format!("{}: {error}", entry.rel));
        }
    }

    /// Looks up each line of `entry`'s `.expected.txt` in `text`; a missing
    /// one is a problem unless `absent` lists it (`(rel, line)`), when it is
    /// not counted at all.
    pub fn expect(&mut self, entry: &Entry, text: &str, absent: &[(&str, &str)]) {
        let Some(expected) = entry.expected() else {
            return;
        };
        let hay = Haystack::new(text);
        for line in &expected {
            if hay.contains(line) {
                self.lines += 1;
                self.found += 1;
            } else if !absent.contains(&(entry.rel.as_str(), line.as_str())) {
                self.lines += 1;
                self.problems
                    .push(format!("{}: {line:?} not found", entry.rel));
            }
        }
    }

    /// Panics with every problem, if there is any.
    pub fn assert_no_problems(&self) {
        assert!(self.problems.is_empty(), "{}", self.problems.join("\n"));
    }
}

/// The one right encoding name for a chardet corpus label on these bytes,
/// shared by the corpus tests of `html-charset` (sniffing) and `textract`
/// (the facade's `Document.encoding`), which must agree on it: the
/// Encoding Standard's name (`encoding_rs::Encoding::name`) where the Standard has the
/// encoding, else the name `html_charset::unlisted` reports. chardet's
/// `UTF-16`/`UTF-32` mean "with a byte order mark", which says the order.
pub fn chardet_encoding(label: &str, bytes: &[u8]) -> &'static str {
    match label {
        "Big5" => "Big5",
        "CP932" | "SHIFT_JIS" => "Shift_JIS",
        "CP949" | "EUC-KR" => "EUC-KR",
        "EUC-JP" => "EUC-JP",
        "GB2312" => "GBK",
        "IBM866" => "IBM866",
        "KOI8-R" => "KOI8-R",
        "MacCyrillic" => "x-mac-cyrillic",
        "MacRoman" => "macintosh",
        "TIS-620" => "windows-874",
        "UTF-16" if bytes.starts_with(&[0xFE, 0xFF]) => "UTF-16BE",
        "UTF-16" if bytes.starts_with(&[0xFF, 0xFE]) => "UTF-16LE",
        "UTF-16BE" => "UTF-16BE",
        "UTF-16LE" => "UTF-16LE",
        "iso-2022-jp" => "ISO-2022-JP",
        "iso-8859-1" | "windows-1252" => "windows-1252",
        "iso-8859-2-hungarian" => "ISO-8859-2",
        "iso-8859-5-russian" => "ISO-8859-5",
        "iso-8859-6-arabic" => "ISO-8859-6",
        "iso-8859-7-greek" => "ISO-8859-7",
        "iso-8859-9-turkish" | "windows-1254-turkish" => "windows-1254",
        "utf-8" | "utf-8-sig" => "UTF-8",
        "windows-1250-czech" | "windows-1250-hungarian" => "windows-1250",
        "windows-1251-bulgarian" | "windows-1251-russian" => "windows-1251",
        "windows-1255-hebrew" => "windows-1255",
        "windows-1256-arabic" => "windows-1256",
        // Outside the Encoding Standard: `html_charset::unlisted`.
        "EUC-TW" => "EUC-TW",
        "IBM855" => "IBM855",
        "Johab" => "Johab",
        "UTF-32" if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) => "UTF-32BE",
        "UTF-32" if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) => "UTF-32LE",
        "UTF-32BE" => "UTF-32BE",
        "UTF-32LE" => "UTF-32LE",
        "iso-2022-kr" => "ISO-2022-KR",
        other => {
            panic!("chardet label {other} has no mapping in testkit::corpus::chardet_encoding")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalisation_matches_the_corpus_readme() {
        let hay = Haystack::new("Ｈｅｌｌｏ,\n\t world 東 京");
        assert_eq!(hay.norm, "Hello, world 東 京");
        assert!(hay.contains("東京"));
        assert!(hay.contains("Hello,  world"));
        assert!(!hay.contains("Helloworld"));
        let expected = vec!["world".to_string(), "absent".to_string()];
        assert_eq!(hay.missing(&expected), ["absent"]);
    }

    #[test]
    fn passwords_are_read_from_the_notes() {
        assert_eq!(
            password_in("ENCRYPTED binary RC4, password = \"tika\" | auto").as_deref(),
            Some("tika")
        );
        assert_eq!(
            password_in("PASSWORD-protected HWP (password 12345) - expect").as_deref(),
            Some("12345")
        );
        assert_eq!(password_in("ENCRYPTED (RC4, password unknown)"), None);
    }

    #[test]
    fn a_present_prerequisite_passes_through() {
        assert_eq!(require(Some(3), "t", "x"), Some(3));
    }

    #[test]
    fn damaged_files_are_recognised_by_their_notes() {
        assert!(deliberately_broken("FUZZ crash from oss-fuzz"));
        assert!(!deliberately_broken("expected_encoding=Shift_JIS"));
    }
}
