//! The encoding `extract` reports (`Document.encoding`) for every corpus file
//! whose MANIFEST notes name one (`expected_encoding=`): exactly that
//! encoding, for all 70, no exceptions. Encodings the WHATWG Encoding
//! Standard has are reported by their WHATWG name; the others (UTF-32,
//! ISO-2022-KR, Johab, EUC-TW, IBM855) by `html_charset::unlisted`'s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use textract::Options;

use testkit::corpus::chardet_encoding as expected_name;

fn corpus() -> Option<PathBuf> {
    testkit::corpus::require_dir("textract html encodings")
}

#[test]
fn every_labelled_corpus_file_reports_its_encoding() {
    let Some(dir) = corpus() else {
        return;
    };
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in manifest.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(path), Some(notes)) = (cols.get(2), cols.get(8)) else {
            continue;
        };
        let Some(i) = notes.find("expected_encoding=") else {
            continue;
        };
        let label = notes[i + 18..].split([' ', ';', '|']).next().unwrap();
        let bytes = std::fs::read(dir.join(path)).unwrap();
        let want = expected_name(label, &bytes);
        let doc = textract::extract(&bytes, &Options::default()).unwrap();
        let got = doc.encoding.as_deref().unwrap_or("(none)");
        if got != want {
            failures.push(format!("{path}: expected {want}, got {got}"));
        }
        checked += 1;
    }
    println!("{checked} labelled files, {} wrong", failures.len());
    assert_eq!(checked, 70);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Regression tests named after the corpus files that were read wrong
/// before `html_charset::unlisted` decoded Johab, EUC-TW and IBM855.
fn extract_corpus(name: &str) -> Option<textract::Document> {
    let bytes = std::fs::read(corpus()?.join("html/chardet").join(name)).unwrap();
    Some(textract::extract(&bytes, &Options::default()).unwrap())
}

#[test]
fn johab_hlpro_readme_txt() {
    let Some(doc) = extract_corpus("Johab__hlpro-readme.txt") else {
        return;
    };
    assert_eq!(doc.encoding.as_deref(), Some("Johab"));
    assert!(doc.text.contains("<<< 한라프로 3.0 >>>"));
    assert!(!doc.text.contains('\u{FFFD}'));
}

#[test]
fn johab_iyagi_readme_txt() {
    let Some(doc) = extract_corpus("Johab__iyagi-readme.txt") else {
        return;
    };
    assert_eq!(doc.encoding.as_deref(), Some("Johab"));
    assert!(doc.text.contains("이야기 멀티 for Windows"));
    assert!(!doc.text.contains('\u{FFFD}'));
}

#[test]
fn euc_tw_ude_euc_tw1_txt() {
    let Some(doc) = extract_corpus("EUC-TW___ude_euc-tw1.txt") else {
        return;
    };
    assert_eq!(doc.encoding.as_deref(), Some("EUC-TW"));
    assert!(doc.text.starts_with("維基大典（Wikipedia）者，網路為礎"));
    assert!(!doc.text.contains('\u{FFFD}'));
}

#[test]
fn ibm855_forum_template_toolkit_ru_4_xml() {
    let Some(doc) = extract_corpus("IBM855__forum.template-toolkit.ru.4.xml") else {
        return;
    };
    assert_eq!(doc.encoding.as_deref(), Some("IBM855"));
    let all = format!("{}\n{}", doc.metadata.title.unwrap_or_default(), doc.text);
    assert!(all.contains("Форумы Template Toolkit : Обсуждение форума"));
    assert!(all.contains("быстрая, мощная и расширяемая система обработки шаблонов"));
}
