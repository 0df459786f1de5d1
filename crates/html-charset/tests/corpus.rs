//! The shared corpus (`../shared/corpus/html`): html5lib's encoding tests,
//! chardet's labelled files and encoding_rs's decoder vectors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use html_charset::encoding_rs::Encoding;
use html_charset::{SniffOptions, Source, decode, sniff, sniff_with};

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.join("html").is_dir() {
        Some(dir)
    } else {
        println!("corpus tests skipped: {} not found", dir.display());
        None
    }
}

/// One html5lib encoding test: the `#data` bytes and the `#encoding` label.
struct Html5libTest {
    data: Vec<u8>,
    encoding: String,
}

/// Parses html5lib's `.dat` format: `#data\n…\n#encoding\nLABEL\n`, blocks
/// separated by a blank line.
fn parse_dat(bytes: &[u8]) -> Vec<Html5libTest> {
    let mut tests = Vec::new();
    let mut rest = bytes;
    while let Some(start) = find(rest, b"#data\n") {
        let after = &rest[start + 6..];
        let enc_at = find(after, b"\n#encoding\n").expect("#encoding after #data");
        let data = after[..enc_at].to_vec();
        let label_from = &after[enc_at + 11..];
        let label_end = label_from
            .iter()
            .position(|&b| b == b'\n')
            .unwrap_or(label_from.len());
        let encoding = String::from_utf8(label_from[..label_end].to_vec()).unwrap();
        tests.push(Html5libTest {
            data,
            encoding: encoding.trim().to_string(),
        });
        rest = &label_from[label_end..];
    }
    tests
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn html5lib_encoding_tests() {
    let Some(corpus) = corpus() else { return };
    let mut total = 0;
    let mut failures = Vec::new();
    for name in ["tests1.dat", "tests2.dat", "test-yahoo-jp.dat"] {
        let bytes = std::fs::read(corpus.join("html/html5lib").join(name)).unwrap();
        let tests = parse_dat(&bytes);
        assert!(!tests.is_empty(), "{name}: no tests parsed");
        for (i, t) in tests.iter().enumerate() {
            total += 1;
            let expected = Encoding::for_label(t.encoding.as_bytes()).expect("known label");
            let got = sniff(&t.data, None);
            if got.encoding != expected {
                failures.push(format!(
                    "{name} #{i}: expected {} got {:?} from {:?}: {:?}",
                    expected.name(),
                    got.encoding.name(),
                    got.source,
                    String::from_utf8_lossy(&t.data[..t.data.len().min(120)])
                ));
            }
        }
    }
    println!(
        "html5lib encoding tests: {total} run, {} failed",
        failures.len()
    );
    assert_eq!(
        total, 82,
        "59 + 22 + 1 tests in the three non-scripted files"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The WHATWG encodings that are right for a chardet corpus label, or the
/// reason none is (encodings the Encoding Standard does not have).
fn whatwg_for_chardet_label(label: &str) -> Result<Vec<&'static str>, &'static str> {
    Ok(match label {
        "Big5" => vec!["Big5"],
        "CP932" | "SHIFT_JIS" => vec!["Shift_JIS"],
        "CP949" | "EUC-KR" => vec!["EUC-KR"],
        "EUC-JP" => vec!["EUC-JP"],
        "GB2312" => vec!["GBK", "gb18030"],
        "IBM866" => vec!["IBM866"],
        "KOI8-R" => vec!["KOI8-R"],
        "MacCyrillic" => vec!["x-mac-cyrillic"],
        "MacRoman" => vec!["macintosh"],
        "TIS-620" => vec!["windows-874"],
        // chardet's "UTF-16" is UTF-16 with a BOM of either order.
        "UTF-16" => vec!["UTF-16BE", "UTF-16LE"],
        "UTF-16BE" => vec!["UTF-16BE"],
        "UTF-16LE" => vec!["UTF-16LE"],
        "iso-2022-jp" => vec!["ISO-2022-JP"],
        "iso-8859-1" | "windows-1252" => vec!["windows-1252"],
        "iso-8859-2-hungarian" => vec!["ISO-8859-2"],
        "iso-8859-5-russian" => vec!["ISO-8859-5"],
        "iso-8859-6-arabic" => vec!["ISO-8859-6"],
        "iso-8859-7-greek" => vec!["ISO-8859-7"],
        "iso-8859-9-turkish" | "windows-1254-turkish" => vec!["windows-1254"],
        "utf-8" | "utf-8-sig" => vec!["UTF-8"],
        "windows-1250-czech" | "windows-1250-hungarian" => vec!["windows-1250"],
        "windows-1251-bulgarian" | "windows-1251-russian" => vec!["windows-1251"],
        "windows-1255-hebrew" => vec!["windows-1255"],
        "windows-1256-arabic" => vec!["windows-1256"],
        "EUC-TW" => return Err("EUC-TW is not an Encoding Standard encoding"),
        "IBM855" => return Err("IBM855 is not an Encoding Standard encoding"),
        "Johab" => return Err("Johab is not an Encoding Standard encoding"),
        "UTF-32" | "UTF-32BE" | "UTF-32LE" => {
            return Err("UTF-32 is not an Encoding Standard encoding");
        }
        "iso-2022-kr" => {
            return Err("ISO-2022-KR is the replacement encoding in the Encoding Standard");
        }
        other => panic!("chardet label {other} has no mapping in this test"),
    })
}

/// `(relative path, expected_encoding)` for every corpus file the MANIFEST labels.
fn labelled_files(corpus: &Path) -> Vec<(String, String)> {
    let manifest = std::fs::read_to_string(corpus.join("MANIFEST.tsv")).unwrap();
    let mut out = Vec::new();
    for line in manifest.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(path), Some(notes)) = (cols.get(2), cols.get(8)) else {
            continue;
        };
        if let Some(i) = notes.find("expected_encoding=") {
            let label = notes[i + 18..].split([' ', ';', '|']).next().unwrap();
            out.push((path.to_string(), label.to_string()));
        }
    }
    out
}

fn options_for(path: &str) -> SniffOptions<'static> {
    if path.ends_with(".html") || path.ends_with(".htm") || path.ends_with(".xml") {
        SniffOptions::default()
    } else {
        SniffOptions::text()
    }
}

/// Files whose bytes carry too little evidence for any detector; each is
/// explained in docs/html-charset.md. A file listed here that starts to pass
/// is fine; a file not listed that fails is a regression. Empty since the
/// sparse-evidence check: the two single-byte files that were here
/// (`windows-1252___mozilla_bug421271_text.html`, `MacRoman__ioreg_output.txt`)
/// are sniffed right.
const KNOWN_MISSES: [(&str, &str); 0] = [];

#[test]
fn chardet_files_are_sniffed_to_their_label() {
    let Some(corpus) = corpus() else { return };
    let files = labelled_files(&corpus);
    assert!(
        files.len() >= 60,
        "only {} labelled files in the MANIFEST",
        files.len()
    );
    let mut failures = Vec::new();
    let mut unsupported = 0;
    let mut equivalent = 0;
    for (path, label) in &files {
        let bytes = std::fs::read(corpus.join(path)).unwrap();
        let got = sniff_with(&bytes, &options_for(path));
        match whatwg_for_chardet_label(label) {
            Ok(names) => {
                let expected = Encoding::for_label(names[0].as_bytes()).unwrap();
                if names.contains(&got.encoding.name()) {
                    continue;
                }
                // A sibling encoding that decodes these very bytes to the same text
                // (KOI8-U for KOI8-R, windows-1253 for ISO-8859-7) is as good.
                let same_text = got.encoding.decode(&bytes).0 == expected.decode(&bytes).0;
                if same_text {
                    equivalent += 1;
                    println!(
                        "equivalent: {path}: {} decodes it exactly as {}",
                        got.encoding.name(),
                        expected.name()
                    );
                } else if let Some(why) = KNOWN_MISSES
                    .iter()
                    .find(|(p, _)| path.ends_with(p))
                    .map(|(_, w)| w)
                {
                    println!(
                        "known miss: {path}: got {} ({:?}): {why}",
                        got.encoding.name(),
                        got.source
                    );
                } else {
                    failures.push(format!(
                        "{path}: expected {names:?}, got {} ({:?})",
                        got.encoding.name(),
                        got.source
                    ));
                }
            }
            Err(why) => {
                unsupported += 1;
                println!(
                    "not sniffable by design: {path}: {why}; got {} ({:?})",
                    got.encoding.name(),
                    got.source
                );
            }
        }
    }
    println!(
        "{} labelled files, {unsupported} outside the Encoding Standard, {equivalent} equivalent, {} known misses, {} wrong",
        files.len(),
        KNOWN_MISSES.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whitespace runs collapsed, for comparing with `.expected.txt` lines.
fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn windows_1252_mozilla_bug421271_text_with_a_uk_hint() {
    let Some(corpus) = corpus() else { return };
    let path = corpus.join("html/chardet/windows-1252___mozilla_bug421271_text.html");
    let bytes = std::fs::read(path).unwrap();
    // The page is the BBC's: with the TLD a browser would have had, it is right.
    let got = sniff_with(&bytes, &SniffOptions::default().with_tld(Some("bbc.co.uk")));
    assert_eq!(got.encoding.name(), "windows-1252");
    assert!(decode(&bytes, &got).contains("lift £825"));
}

#[test]
fn text_files_decode_to_their_expected_strings() {
    let Some(corpus) = corpus() else { return };
    let mut checked = 0;
    for (path, label) in labelled_files(&corpus) {
        if whatwg_for_chardet_label(&label).is_err()
            || path.ends_with(".html")
            || path.ends_with(".xml")
        {
            continue;
        }
        let expected = corpus.join(format!("{path}.expected.txt"));
        let Ok(expected) = std::fs::read_to_string(&expected) else {
            continue;
        };
        let bytes = std::fs::read(corpus.join(&path)).unwrap();
        let sniffed = sniff_with(&bytes, &SniffOptions::text());
        let text = collapse(&decode(&bytes, &sniffed));
        for line in expected.lines().filter(|l| !l.trim().is_empty()) {
            assert!(
                text.contains(&collapse(line)),
                "{path}: {line:?} not in the decoded text"
            );
        }
        checked += 1;
    }
    println!("{checked} text files checked against .expected.txt");
    assert!(checked >= 4);
}

#[test]
fn encoding_rs_decoder_vectors_decode_exactly() {
    let Some(corpus) = corpus() else { return };
    let cases = [
        ("big5_in.txt", "Big5"),
        ("euc_kr_in.txt", "EUC-KR"),
        ("gb18030_in.txt", "gb18030"),
        ("iso_2022_jp_in.txt", "ISO-2022-JP"),
        ("jis0208_in.txt", "EUC-JP"),
        ("jis0212_in.txt", "EUC-JP"),
        ("shift_jis_in.txt", "Shift_JIS"),
    ];
    for (name, label) in cases {
        let dir = corpus.join("html/encoding_rs");
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let reference = std::fs::read_to_string(dir.join(format!("{name}.reference.txt"))).unwrap();
        let encoding = Encoding::for_label(label.as_bytes()).unwrap();
        let sniffed = html_charset::Sniffed {
            encoding,
            source: Source::Transport,
        };
        assert_eq!(decode(&bytes, &sniffed), reference, "{name}");
        // And the same through the transport label, as the CLI's --content-type gives it.
        let via_transport = sniff_with(
            &bytes,
            &SniffOptions::text().with_content_type(Some(&format!("text/plain; charset={label}"))),
        );
        assert_eq!(via_transport.encoding, encoding, "{name}");
        let guessed = sniff_with(&bytes, &SniffOptions::text());
        println!(
            "{name}: unlabeled, sniffed as {} ({:?})",
            guessed.encoding.name(),
            guessed.source
        );
    }
}
