//! The shared corpus (`../shared/corpus/html`): html5lib's encoding tests,
//! chardet's labelled files and encoding_rs's decoder vectors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use html_charset::encoding_rs::Encoding;
use html_charset::unlisted::{self, Unlisted};
use html_charset::{SniffOptions, Source, decode, sniff, sniff_with};

use testkit::corpus::chardet_encoding as expected_name;

fn corpus() -> Option<PathBuf> {
    testkit::corpus::require_dir("html-charset corpus")
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

/// Sniffing as a text extractor does it: the Standard's answer unless
/// `unlisted::sniff` replaces it. Returns the name and the decoded text.
fn sniff_and_decode(bytes: &[u8], options: &SniffOptions<'_>) -> (&'static str, String) {
    let sniffed = sniff_with(bytes, options);
    match unlisted::sniff(bytes, options, &sniffed) {
        Some(u) => (u.name(), u.decode(bytes)),
        None => (
            sniffed.encoding.name(),
            decode(bytes, &sniffed).into_owned(),
        ),
    }
}

/// Every file with `expected_encoding=` in the MANIFEST (70) is sniffed to
/// exactly that encoding: by `sniff` alone where the Encoding Standard has
/// it (62 files), by `unlisted::sniff` where it does not (8). No exceptions.
#[test]
fn chardet_files_are_sniffed_to_their_label() {
    let Some(corpus) = corpus() else { return };
    let files = labelled_files(&corpus);
    assert_eq!(files.len(), 70, "labelled files in the MANIFEST");
    let mut failures = Vec::new();
    let mut unlisted_files = 0;
    for (path, label) in &files {
        let bytes = std::fs::read(corpus.join(path)).unwrap();
        let want = expected_name(label, &bytes);
        let options = options_for(path);
        let sniffed = sniff_with(&bytes, &options);
        let (got, _) = sniff_and_decode(&bytes, &options);
        if got != want {
            failures.push(format!(
                "{path}: expected {want}, got {got} (sniff: {} from {:?})",
                sniffed.encoding.name(),
                sniffed.source
            ));
        }
        // A name of the Standard's own (`ISO-2022-KR` is only a label, of
        // the replacement encoding).
        match Encoding::for_label(want.as_bytes()).filter(|e| e.name() == want) {
            // The Standard has it: `sniff` alone must answer it.
            Some(enc) if sniffed.encoding != enc => failures.push(format!(
                "{path}: sniff answered {}, expected {want}",
                sniffed.encoding.name()
            )),
            Some(_) => {}
            None => unlisted_files += 1,
        }
    }
    println!(
        "{} labelled files, {unlisted_files} outside the Encoding Standard, {} wrong",
        files.len(),
        failures.len()
    );
    assert_eq!(unlisted_files, 8);
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
    for (path, _) in labelled_files(&corpus) {
        if path.ends_with(".html") || path.ends_with(".xml") {
            continue;
        }
        let expected = corpus.join(format!("{path}.expected.txt"));
        let Ok(expected) = std::fs::read_to_string(&expected) else {
            continue;
        };
        let bytes = std::fs::read(corpus.join(&path)).unwrap();
        let (_, text) = sniff_and_decode(&bytes, &SniffOptions::text());
        let text = collapse(&text);
        for line in expected.lines().filter(|l| !l.trim().is_empty()) {
            assert!(
                text.contains(&collapse(line)),
                "{path}: {line:?} not in the decoded text"
            );
        }
        checked += 1;
    }
    println!("{checked} text files checked against .expected.txt");
    assert!(
        checked >= 7,
        "the 7 .txt files with .expected.txt, Johab and ISO-2022-KR included"
    );
}

/// Runs an oracle program on `path` and returns its UTF-8 output, or `None`
/// (printed) when the program is not there.
fn oracle(program: &str, args: &[&str], path: &Path) -> Option<String> {
    let out = std::process::Command::new(program)
        .args(args)
        .arg(path)
        .output();
    match out {
        Ok(out) if out.status.success() => Some(String::from_utf8(out.stdout).unwrap()),
        Ok(out) => panic!(
            "{program} failed on {}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => {
            println!("oracle {program} not run: {e}");
            None
        }
    }
}

/// The unlisted corpus files are detected and decode exactly as the
/// reference decoders do: Python's `johab` and `cp855` codecs, glibc's
/// `iconv -f EUC-TW` (each skipped, with a note, where it is missing).
#[test]
fn unlisted_corpus_files_decode_as_the_reference_decoders() {
    let Some(corpus) = corpus() else { return };
    let python = |codec: &str| {
        format!(
            "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().decode('{codec}').encode('utf-8'))"
        )
    };
    let cases: [(&str, Unlisted, &str, Vec<String>); 4] = [
        (
            "Johab__hlpro-readme.txt",
            Unlisted::Johab,
            "python3",
            vec!["-c".into(), python("johab")],
        ),
        (
            "Johab__iyagi-readme.txt",
            Unlisted::Johab,
            "python3",
            vec!["-c".into(), python("johab")],
        ),
        (
            "IBM855__forum.template-toolkit.ru.4.xml",
            Unlisted::Ibm855,
            "python3",
            vec!["-c".into(), python("cp855")],
        ),
        (
            "EUC-TW___ude_euc-tw1.txt",
            Unlisted::EucTw,
            "iconv",
            vec!["-f".into(), "EUC-TW".into(), "-t".into(), "UTF-8".into()],
        ),
    ];
    for (name, want, program, args) in cases {
        let path = corpus.join("html/chardet").join(name);
        let bytes = std::fs::read(&path).unwrap();
        let options = options_for(name);
        let sniffed = sniff_with(&bytes, &options);
        assert_eq!(
            unlisted::sniff(&bytes, &options, &sniffed),
            Some(want),
            "{name}"
        );
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if let Some(reference) = oracle(program, &args, &path) {
            assert!(
                want.decode(&bytes) == reference,
                "{name}: differs from {program}"
            );
        }
    }
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
