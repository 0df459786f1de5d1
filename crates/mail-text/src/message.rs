//! What every format reads into: the headers a reader sees, the body, and
//! the attachments; rendered once into parts and metadata.

use doc_model::{EmbeddedFile, EmbeddedKind, Metadata, Part, PartKind, Person, Value, keys};

use crate::{Limits, MailDetails, MailDocument, MailFormat, Warning, WarningKind};

/// A message as read, before rendering.
#[derive(Debug, Default)]
pub(crate) struct Message {
    pub subject: Option<String>,
    pub from: Vec<Person>,
    pub to: Vec<Person>,
    pub cc: Vec<Person>,
    pub bcc: Vec<Person>,
    /// When it was sent, RFC 3339.
    pub date: Option<String>,
    /// When it was received, RFC 3339.
    pub received: Option<String>,
    pub message_id: Option<String>,
    pub message_class: Option<String>,
    /// Lines of the header block after the subject (an appointment's
    /// location and times, a contact's phone numbers), with their metadata key.
    pub fields: Vec<(&'static str, String, Option<doc_model::Key>)>,
    /// Every header field as written (metadata only).
    pub raw_headers: Vec<doc_model::Field>,
    pub body: String,
}

impl Message {
    /// The header block a reader sees: From, To, Cc, Bcc, Date, Subject,
    /// then the fields of the message class.
    pub fn header_block(&self) -> String {
        let mut out = String::new();
        let mut line = |name: &str, value: &str| {
            let value = value.trim();
            if !value.is_empty() {
                out.push_str(name);
                out.push_str(": ");
                // Folded header values print on one line.
                out.push_str(&value.replace(['\r', '\n'], " "));
                out.push('\n');
            }
        };
        let people = |p: &[Person]| Value::People(p.to_vec()).to_text();
        line("From", &people(&self.from));
        line("To", &people(&self.to));
        line("Cc", &people(&self.cc));
        line("Bcc", &people(&self.bcc));
        line("Date", self.date.as_deref().unwrap_or_default());
        line("Subject", self.subject.as_deref().unwrap_or_default());
        for (name, value, _) in &self.fields {
            line(name, value);
        }
        out
    }

    /// The header block and body as parts, and the metadata.
    pub fn render(self, format: MailFormat, limits: &Limits) -> MailDocument {
        let mut warnings = Vec::new();
        let mut parts = Vec::new();
        let header = self.header_block();
        if !header.is_empty() {
            parts.push(Part::named(PartKind::Header, "message", header));
        }
        let mut body = self.body.replace("\r\n", "\n").replace('\r', "\n");
        let max = usize::try_from(limits.max_output_bytes).unwrap_or(usize::MAX);
        if body.len() > max {
            let mut cut = max;
            while !body.is_char_boundary(cut) {
                cut -= 1;
            }
            body.truncate(cut);
            warnings.push(Warning::new(
                WarningKind::Limit,
                format!("the body was cut at {max} bytes (Limits::max_output_bytes)"),
                None,
            ));
        }
        if !body.trim().is_empty() {
            parts.push(Part::new(PartKind::Body, body));
        }
        let mut metadata = Metadata::default();
        metadata.title = self.subject.clone().filter(|s| !s.trim().is_empty());
        metadata.author = self
            .from
            .first()
            .and_then(|p| p.name.clone().or_else(|| p.address.clone()));
        metadata.created = self.date.clone();
        let props = &mut metadata.properties;
        props.set_people(keys::FROM, self.from);
        props.set_people(keys::TO, self.to);
        props.set_people(keys::CC, self.cc);
        props.set_people(keys::BCC, self.bcc);
        if let Some(id) = self.message_id {
            props.set_text(keys::MESSAGE_ID, id);
        }
        if let Some(r) = self.received {
            props.set(keys::RECEIVED, Value::Date(r));
        }
        if let Some(c) = self.message_class {
            props.set_text(keys::MESSAGE_CLASS, c);
        }
        for (_, value, key) in self.fields {
            if let Some(key) = key {
                props.set_text(key, value);
            }
        }
        if !self.raw_headers.is_empty() {
            props.set(keys::RAW_HEADERS, Value::Fields(self.raw_headers));
        }
        let mut doc = MailDocument::new(MailDetails { format });
        doc.parts = parts;
        doc.metadata = metadata;
        doc.warnings = warnings;
        doc
    }
}

/// Attachments collected under the count and byte limits.
#[derive(Debug, Default)]
pub(crate) struct Attachments {
    pub files: Vec<EmbeddedFile>,
    bytes: u64,
    stopped: bool,
    names: Vec<String>,
}

impl Attachments {
    /// Adds an attachment named `name` (its path is `/<name>`, made unique),
    /// unless a limit is reached (one warning says which).
    pub fn push(
        &mut self,
        name: &str,
        media_type: Option<&str>,
        data: Vec<u8>,
        limits: &Limits,
        warnings: &mut Vec<Warning>,
    ) {
        if self.stopped {
            return;
        }
        let why = if self.files.len() >= limits.max_attachments {
            Some(format!(
                "more than {} attachments (Limits::max_attachments)",
                limits.max_attachments
            ))
        } else if self.bytes.saturating_add(data.len() as u64) > limits.max_attachment_bytes {
            Some(format!(
                "more than {} bytes of attachments (Limits::max_attachment_bytes)",
                limits.max_attachment_bytes
            ))
        } else if doc_model::deadline_passed(limits.deadline) {
            Some("the deadline".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            self.stopped = true;
            warnings.push(Warning::new(
                WarningKind::Limit,
                format!("stopped at {why}; later attachments are left out"),
                None,
            ));
            return;
        }
        self.bytes = self.bytes.saturating_add(data.len() as u64);
        let clean: String = name
            .chars()
            .map(|c| {
                if c == '/' || c == '\\' || c.is_control() {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        let clean = clean.trim();
        let base = if clean.is_empty() || clean == "." || clean == ".." {
            format!("attachment{}", self.files.len() + 1)
        } else {
            clean.to_string()
        };
        let mut unique = base.clone();
        let mut n = 1;
        while self.names.iter().any(|u| u.eq_ignore_ascii_case(&unique)) {
            n += 1;
            unique = match base.rsplit_once('.') {
                Some((stem, ext)) if !stem.is_empty() => format!("{stem}-{n}.{ext}"),
                _ => format!("{base}-{n}"),
            };
        }
        self.names.push(unique.clone());
        let mut file =
            EmbeddedFile::new(format!("/{unique}"), EmbeddedKind::Attachment, data).with_name(base);
        if let Some(m) = media_type.map(str::trim).filter(|m| !m.is_empty()) {
            file = file.with_media_type(m.to_ascii_lowercase());
        }
        self.files.push(file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_block_lists_what_is_known() {
        let m = Message {
            subject: Some("Hi".into()),
            from: vec![Person::new(
                Some("Ann".into()),
                Some("ann@example.com".into()),
            )],
            to: vec![
                Person::new(None, Some("bob@example.com".into())),
                Person::new(Some("Cy".into()), None),
            ],
            fields: vec![("Location", "Room 1".into(), Some(keys::LOCATION))],
            ..Message::default()
        };
        assert_eq!(
            m.header_block(),
            "From: Ann <ann@example.com>\nTo: bob@example.com, Cy\nSubject: Hi\nLocation: Room 1\n"
        );
        let doc = m.render(MailFormat::Eml, &Limits::default());
        assert_eq!(doc.metadata.author.as_deref(), Some("Ann"));
        assert!(doc.metadata.properties.get(keys::LOCATION).is_some());
    }

    #[test]
    fn attachment_names_are_unique_and_safe() {
        let mut a = Attachments::default();
        let mut w = Vec::new();
        let limits = Limits::default();
        a.push("a.txt", None, vec![1], &limits, &mut w);
        a.push("A.txt", None, vec![2], &limits, &mut w);
        a.push("../x/y", Some("Text/Plain"), vec![3], &limits, &mut w);
        a.push("", None, vec![], &limits, &mut w);
        let paths: Vec<&str> = a.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["/a.txt", "/A-2.txt", "/.._x_y", "/attachment4"]);
        assert_eq!(a.files[2].media_type.as_deref(), Some("text/plain"));
        let limits = Limits {
            max_attachments: 1,
            ..Limits::default()
        };
        let mut b = Attachments::default();
        b.push("1", None, vec![], &limits, &mut w);
        b.push("2", None, vec![], &limits, &mut w);
        b.push("3", None, vec![], &limits, &mut w);
        assert_eq!(b.files.len(), 1);
        assert_eq!(w.len(), 1);
    }
}
