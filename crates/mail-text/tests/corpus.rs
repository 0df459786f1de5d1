//! The mail corpus (`../shared/corpus/mail`: Apache POI, msg-extractor,
//! msgconvert, the `mail` gem, `mail-parser`): no panic; every file read as
//! msg, eml or tnef, or refused as encrypted, or (a fuzzed file) corrupt;
//! expected strings found in the message or the messages attached to it
//! (at least 97%); every attachment `.embedded.tsv` names found with the
//! same md5.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use md5::{Digest, Md5};
use testkit::corpus::{self, Haystack};

/// The text of a message and of every message attached to it, recursively
/// (the facade recurses; the layer alone does not), and every attachment
/// as (name, md5).
fn gather(
    doc: &mail_text::MailDocument,
    depth: usize,
    text: &mut String,
    files: &mut Vec<(String, String)>,
) {
    text.push_str(&doc.text());
    for e in &doc.embedded {
        let md5: String = Md5::digest(&e.data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        files.push((e.name.clone().unwrap_or_default(), md5));
        if depth < 8
            && let Ok(child) = mail_text::parse(&e.data)
        {
            text.push('\n');
            gather(&child, depth + 1, text, files);
        }
    }
}

#[test]
fn every_message_is_read_and_its_strings_and_attachments_found() {
    let Some(dir) = corpus::require_dir("mail-text corpus") else {
        return;
    };
    // The mail folder's documents (format column msg, eml, tnef).
    let files: Vec<_> = corpus::manifest(&dir)
        .into_iter()
        .filter(|e| e.rel.starts_with("mail/"))
        .collect();
    assert!(files.len() >= 90, "{} mail files", files.len());
    let (mut lines, mut found, mut attachments, mut attachments_found) = (0, 0, 0, 0);
    let mut problems = Vec::new();
    let mut formats = std::collections::BTreeMap::new();
    for entry in &files {
        let bytes = std::fs::read(&entry.path).unwrap();
        let expected = entry.expected().unwrap_or_default();
        let doc = match mail_text::parse(&bytes) {
            Ok(doc) => doc,
            Err(mail_text::Error::Encrypted { scheme, .. }) => {
                println!("{}: encrypted ({scheme})", entry.rel);
                *formats.entry("encrypted").or_insert(0) += 1;
                lines += expected.len();
                continue;
            }
            Err(e) => {
                println!("{}: {e}", entry.rel);
                // A compound file whose directory does not open is the
                // container layer's to salvage; it is refused as corrupt.
                let container = matches!(e, mail_text::Error::Container(_));
                if !entry.deliberately_broken() && !container {
                    problems.push(format!("{}: {e}", entry.rel));
                }
                *formats.entry("error").or_insert(0) += 1;
                lines += expected.len();
                continue;
            }
        };
        *formats.entry(doc.details.format.name()).or_insert(0) += 1;
        let mut text = String::new();
        let mut names = Vec::new();
        gather(&doc, 0, &mut text, &mut names);
        if let Some(t) = &doc.metadata.title {
            text.push('\n');
            text.push_str(t);
        }
        let hay = Haystack::new(&text);
        let missing = hay.missing(&expected);
        lines += expected.len();
        found += expected.len() - missing.len();
        if !missing.is_empty() {
            println!("{}: missing {missing:?}", entry.rel);
        }
        // Never the raw MIME source: no base64 attachment body in the text.
        if doc.details.format == mail_text::MailFormat::Eml
            && text.contains("Content-Transfer-Encoding: base64")
        {
            problems.push(format!("{}: raw MIME in the text", entry.rel));
        }
        let tsv = entry.path.with_file_name(format!(
            "{}.embedded.tsv",
            entry.path.file_name().unwrap().to_string_lossy()
        ));
        if let Ok(tsv) = std::fs::read_to_string(&tsv) {
            for row in tsv.lines().filter(|l| !l.trim().is_empty()) {
                let (name, md5) = row.split_once('\t').unwrap();
                attachments += 1;
                if names.iter().any(|(_, m)| m == md5) {
                    attachments_found += 1;
                } else {
                    problems.push(format!(
                        "{}: attachment {name} ({md5}) not found",
                        entry.rel
                    ));
                }
            }
        }
    }
    println!(
        "mail corpus: {} files {formats:?}; {found}/{lines} expected strings; {attachments_found}/{attachments} attachments",
        files.len()
    );
    assert!(
        found as f64 >= 0.97 * lines as f64,
        "{found}/{lines} expected strings"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_received_outlook_message_keeps_its_transport_header() {
    let Some(dir) = corpus::require_dir("mail-text corpus") else {
        return;
    };
    let bytes = std::fs::read(dir.join("mail/poi/example_received_regular.msg")).unwrap();
    let doc = mail_text::parse(&bytes).unwrap();
    let Some(doc_model::Value::Fields(fields)) =
        doc.metadata.properties.get(doc_model::keys::RAW_HEADERS)
    else {
        panic!("no raw headers");
    };
    assert!(fields.len() >= 20, "{} fields", fields.len());
    assert!(fields.iter().any(|f| f.name == "Received"));
    assert!(
        fields
            .iter()
            .any(|f| f.name.eq_ignore_ascii_case("Message-ID"))
    );
}
