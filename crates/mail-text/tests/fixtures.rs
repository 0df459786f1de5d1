//! `fixtures/mail` (written by `cargo xtask fixtures mail`): every golden
//! equal to the text, no warnings outside `hostile-*`; the attachments,
//! embedded messages, metadata keys and refusals each fixture is about.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use doc_model::{Value, keys};
use mail_text::{Error, MailFormat};
use testkit::{assert_goldens, read_fixture};

/// The text of a message fixture.
fn text(name: &str) -> (String, Vec<mail_text::Warning>) {
    let doc = mail_text::parse(&read_fixture(&format!("mail/{name}"))).unwrap();
    (doc.text(), doc.warnings)
}

#[test]
fn goldens() {
    assert_goldens("mail", 15, text);
}

#[test]
fn msg_attachments_and_embedded_messages() {
    let doc = mail_text::parse(&read_fixture("mail/note-unicode.msg")).unwrap();
    assert_eq!(doc.details.format, MailFormat::Msg);
    let paths: Vec<&str> = doc.embedded.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["/report.txt", "/Inner note.msg"]);
    assert_eq!(doc.embedded[0].data, b"Revenue\t12\r\n");
    assert_eq!(doc.embedded[0].media_type.as_deref(), Some("text/plain"));
    // The embedded message is a .msg of its own (24-byte property header).
    let inner = mail_text::parse(&doc.embedded[1].data).unwrap();
    assert_eq!(
        inner.text(),
        "From: Cy\nSubject: Inner note\n\nInside the attached message.\n"
    );
    let m = &doc.metadata;
    assert_eq!(m.title.as_deref(), Some("Quarterly report"));
    assert_eq!(m.author.as_deref(), Some("Ann Example"));
    assert_eq!(m.created.as_deref(), Some("2024-01-02T03:04:05Z"));
    assert_eq!(
        m.properties.get(keys::RECEIVED),
        Some(&Value::Date("2024-05-06T07:08:09Z".into()))
    );
    assert_eq!(
        m.properties.get(keys::MESSAGE_ID),
        Some(&Value::Text("<q1@example.com>".into()))
    );
    assert_eq!(
        m.properties.get(keys::CC).map(Value::to_text).as_deref(),
        Some("Cy")
    );
}

#[test]
fn eml_attachments_encoded_names_and_nested_messages() {
    let doc = mail_text::parse(&read_fixture("mail/mixed.eml")).unwrap();
    let paths: Vec<&str> = doc.embedded.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, ["/Protokoll Ü.txt", "/Earlier.eml"]);
    assert_eq!(doc.embedded[0].data, b"Item 1\n");
    let nested = mail_text::parse(&doc.embedded[1].data).unwrap();
    assert_eq!(
        nested.text(),
        "From: cy@example.com\nSubject: Earlier\n\nThe earlier message.\n"
    );
    assert_eq!(
        doc.metadata
            .properties
            .get(keys::TO)
            .map(Value::to_text)
            .as_deref(),
        Some("Bob <bob@example.com>, team@example.com")
    );
}

#[test]
fn raw_header_fields_as_metadata() {
    let doc = mail_text::parse(&read_fixture("mail/mixed.eml")).unwrap();
    let Some(Value::Fields(fields)) = doc.metadata.properties.get(keys::RAW_HEADERS) else {
        panic!("no raw headers");
    };
    let names: Vec<&str> = fields.iter().take(3).map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["From", "To", "Cc"]);
    assert_eq!(
        fields[0].value,
        "=?UTF-8?Q?Ren=C3=A9e?= <renee@example.com>"
    );
}

#[test]
fn mailbox_messages_in_order() {
    let doc = mail_text::parse(&read_fixture("mail/mailbox.mbox")).unwrap();
    assert_eq!(doc.details.format, MailFormat::Mbox);
    assert_eq!(doc.embedded.len(), 3);
    assert_eq!(doc.embedded[2].path, "/message-0003.eml");
    assert!(doc.text().is_empty() && doc.warnings.is_empty());
    // The messages' texts in order, unquoted and decoded.
    let mut texts = String::new();
    for m in &doc.embedded {
        let child = mail_text::parse(&m.data).unwrap();
        assert!(child.warnings.is_empty());
        texts.push_str(&child.text());
    }
    let expected = String::from_utf8(read_fixture("mail/mailbox.mbox.messages.txt")).unwrap();
    assert_eq!(texts, expected);
    assert_eq!(
        doc.metadata.properties.get(keys::MESSAGE_COUNT),
        Some(&Value::Count(3))
    );
}

#[test]
fn tnef_attachment_long_name() {
    let doc = mail_text::parse(&read_fixture("mail/winmail.tnef")).unwrap();
    assert_eq!(doc.details.format, MailFormat::Tnef);
    assert_eq!(doc.embedded.len(), 1);
    assert_eq!(doc.embedded[0].path, "/status-2024.csv");
    assert_eq!(doc.embedded[0].media_type.as_deref(), Some("text/csv"));
    assert_eq!(doc.embedded[0].data, b"task,state\r\nA,done\r\n");
}

#[test]
fn encrypted_messages_are_refused_naming_the_scheme() {
    for (name, scheme) in [
        ("encrypted-smime.eml", "S/MIME"),
        ("encrypted-pgp.eml", "PGP/MIME"),
    ] {
        let err = mail_text::parse(&read_fixture(&format!("mail/{name}"))).unwrap_err();
        assert!(
            matches!(err, Error::Encrypted { scheme: s, .. } if s == scheme),
            "{name}: {err}"
        );
    }
}

#[test]
fn hostile_fixtures_warn_or_end() {
    for name in ["hostile-truncated-props.msg", "hostile-tnef-length.tnef"] {
        let (_, warnings) = text(name);
        assert!(!warnings.is_empty(), "{name}");
    }
    let doc = mail_text::parse(&read_fixture("mail/hostile-deep.eml")).unwrap();
    assert!(doc.text().contains("Subject: Deep"));
}
