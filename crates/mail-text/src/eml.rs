//! RFC 5322 / MIME messages through `mail-parser`: headers decoded (RFC 2047
//! words, RFC 2231 parameters, every charset `encoding_rs` knows), the
//! plain body (else the HTML one as text), and the attachments.

use doc_model::Person;
use mail_parser::{Address, Message as Parsed, MessageParser, MimeHeaders, PartType};

use crate::message::{Attachments, Message};
use crate::{Error, MailDocument, MailFormat, Options, Warning, WarningKind};

/// Reads one message (a leading mbox `From ` line is skipped).
pub(crate) fn read(data: &[u8], options: &Options) -> Result<MailDocument, Error> {
    let data = crate::detect::from_line(data).unwrap_or(data);
    let parsed = MessageParser::default()
        .parse(data)
        .ok_or_else(|| Error::NotMail("no header field or body could be parsed".into()))?;
    encryption(&parsed)?;
    let mut warnings = Vec::new();
    let mut m = Message {
        subject: parsed.subject().map(str::to_string),
        from: people(parsed.from()),
        to: people(parsed.to()),
        cc: people(parsed.cc()),
        bcc: people(parsed.bcc()),
        date: parsed.date().map(|d| d.to_rfc3339()),
        message_id: parsed.message_id().map(|id| format!("<{id}>")),
        raw_headers: crate::headers::raw_headers(&parsed),
        ..Message::default()
    };
    let (body, encoding) = body(&parsed);
    if body.contains("-----BEGIN PGP MESSAGE-----") {
        return Err(Error::Encrypted {
            scheme: "PGP",
            password_tried: false,
        });
    }
    m.body = body;
    let mut attachments = Attachments::default();
    for (n, id) in parsed.attachments.iter().enumerate() {
        let Some(part) = parsed.parts.get(*id as usize) else {
            continue;
        };
        if part.is_encoding_problem {
            warnings.push(Warning::new(
                WarningKind::Structure,
                format!("attachment {} is malformed; kept as read", n + 1),
                Some(u64::from(part.offset_header)),
            ));
        }
        let mime = part.content_type().map(|ct| match &ct.c_subtype {
            Some(sub) => format!("{}/{}", ct.c_type, sub),
            None => ct.c_type.to_string(),
        });
        let (data, name) = match &part.body {
            PartType::Message(inner) => {
                // A message/rfc822 part written out as it came: its own
                // bytes in the raw message, or the decoded ones.
                let raw = data
                    .get(part.offset_body as usize..part.offset_end as usize)
                    .filter(|_| part.encoding == mail_parser::Encoding::None)
                    .unwrap_or(inner.raw_message());
                let name = part.attachment_name().map(str::to_string).or_else(|| {
                    inner
                        .subject()
                        .map(|s| format!("{s}.eml"))
                        .or(Some(String::new()))
                });
                (raw.to_vec(), name.unwrap_or_default())
            }
            PartType::Multipart(_) => continue,
            _ => (
                part.contents().to_vec(),
                part.attachment_name().unwrap_or_default().to_string(),
            ),
        };
        let name = if name.is_empty() && part.message().is_some() {
            format!("message{}.eml", n + 1)
        } else {
            name
        };
        attachments.push(&name, mime.as_deref(), data, &options.limits, &mut warnings);
    }
    let mut doc = m.render(MailFormat::Eml, &options.limits);
    doc.embedded = attachments.files;
    doc.warnings.splice(0..0, warnings);
    doc.encoding = encoding.map(encoding_rs::Encoding::name);
    Ok(doc)
}

/// People of an address field, groups flattened.
fn people(address: Option<&Address<'_>>) -> Vec<Person> {
    address
        .map(|a| {
            a.iter()
                .map(|p| {
                    Person::new(
                        p.name().map(str::to_string),
                        p.address().map(str::to_string),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// An encrypted message (RFC 3156 `multipart/encrypted`, RFC 8551
/// `application/pkcs7-mime` enveloped data) is refused, naming the format.
fn encryption(parsed: &Parsed<'_>) -> Result<(), Error> {
    let Some(ct) = parsed.root_part().content_type() else {
        return Ok(());
    };
    let kind = ct.c_type.to_ascii_lowercase();
    let sub = ct
        .c_subtype
        .as_deref()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let scheme = match (kind.as_str(), sub.as_str()) {
        ("multipart", "encrypted") => Some("PGP/MIME"),
        ("application", "pkcs7-mime" | "x-pkcs7-mime") => {
            let smime = ct.attribute("smime-type").unwrap_or_default();
            (!smime.eq_ignore_ascii_case("signed-data")).then_some("S/MIME")
        }
        _ => None,
    };
    match scheme {
        Some(scheme) => Err(Error::Encrypted {
            scheme,
            password_tried: false,
        }),
        None => Ok(()),
    }
}

/// The text bodies (HTML ones as text) in order, and the charset of the
/// first when it was not UTF-8.
fn body(parsed: &Parsed<'_>) -> (String, Option<&'static encoding_rs::Encoding>) {
    let mut out = String::new();
    let mut encoding = None;
    for id in &parsed.text_body {
        let Some(part) = parsed.parts.get(*id as usize) else {
            continue;
        };
        let text = match &part.body {
            PartType::Text(t) => t.to_string(),
            PartType::Html(h) => crate::body::html_str(h),
            _ => continue,
        };
        if encoding.is_none() {
            encoding = part
                .content_type()
                .and_then(|ct| ct.attribute("charset"))
                .and_then(|c| encoding_rs::Encoding::for_label(c.trim().as_bytes()))
                .filter(|e| *e != encoding_rs::UTF_8);
        }
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&text);
    }
    if out.trim().is_empty() {
        for id in &parsed.html_body {
            if let Some(PartType::Html(h)) = parsed.parts.get(*id as usize).map(|p| &p.body) {
                out.push_str(&crate::body::html_str(h));
            }
        }
    }
    (out, encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternative_reads_the_plain_part_and_keeps_attachments() {
        let eml = b"From: a@example.com\r\nSubject: =?ISO-2022-JP?B?GyRCRnxLXDhsGyhC?=\r\n\
MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=m\r\n\r\n--m\r\n\
Content-Type: multipart/alternative; boundary=a\r\n\r\n--a\r\nContent-Type: text/plain\r\n\r\nplain\r\n\
--a\r\nContent-Type: text/html\r\n\r\n<p>html</p>\r\n--a--\r\n--m\r\n\
Content-Type: application/octet-stream\r\nContent-Disposition: attachment; filename*=UTF-8''%E2%82%AC.bin\r\n\
Content-Transfer-Encoding: base64\r\n\r\nAAEC\r\n--m--\r\n";
        let doc = read(eml, &Options::default()).unwrap();
        assert_eq!(
            doc.text(),
            "From: a@example.com\nSubject: 日本語\n\nplain\n"
        );
        assert_eq!(doc.embedded.len(), 1);
        assert_eq!(doc.embedded[0].path, "/€.bin");
        assert_eq!(doc.embedded[0].data, [0, 1, 2]);
    }

    #[test]
    fn encrypted_messages_are_refused_signed_ones_read() {
        let pgp = b"From: a@b\r\nContent-Type: multipart/encrypted; boundary=x\r\n\r\n--x\r\n\r\nv\r\n--x--\r\n";
        assert!(matches!(
            read(pgp, &Options::default()),
            Err(Error::Encrypted {
                scheme: "PGP/MIME",
                ..
            })
        ));
        let smime = b"From: a@b\r\nContent-Type: application/pkcs7-mime; smime-type=enveloped-data\r\n\r\nMIAG\r\n";
        assert!(matches!(
            read(smime, &Options::default()),
            Err(Error::Encrypted {
                scheme: "S/MIME",
                ..
            })
        ));
        let signed = b"From: a@b\r\nContent-Type: multipart/signed; boundary=x\r\n\r\n--x\r\nContent-Type: text/plain\r\n\r\nsigned text\r\n--x\r\nContent-Type: application/pgp-signature\r\n\r\nsig\r\n--x--\r\n";
        let doc = read(signed, &Options::default()).unwrap();
        assert!(doc.text().contains("signed text"));
    }
}
