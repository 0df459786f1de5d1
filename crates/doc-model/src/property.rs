//! A format's own metadata keys beyond [`Metadata`](crate::Metadata)'s
//! fixed fields: each key named once — its JSON name and its Apache Tika
//! name — and its value typed where values are common (people and their
//! addresses, dates), so the CLI's `--json`, the server's `/rmeta` and the
//! Python binding print the same key the same way.

use std::fmt;

/// A metadata key: the name written in JSON and the name Apache Tika uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    /// The snake_case name in `--json` and Python (`from`, `message_id`).
    pub json: &'static str,
    /// The name in Tika's `/rmeta` and `/meta` (`Message-From`, `dc:title`).
    pub tika: &'static str,
}

impl Key {
    /// A key named `json` in JSON and `tika` in Tika's metadata.
    pub const fn new(json: &'static str, tika: &'static str) -> Key {
        Key { json, tika }
    }
}

/// The keys the mail layer writes; a new format adds its own here, once.
pub mod keys {
    use super::Key;

    /// Who sent the message (RFC 5322 `From`, MAPI `PidTagSenderName` and address).
    pub const FROM: Key = Key::new("from", "Message-From");
    /// The primary recipients.
    pub const TO: Key = Key::new("to", "Message-To");
    /// The carbon-copy recipients.
    pub const CC: Key = Key::new("cc", "Message-Cc");
    /// The blind carbon-copy recipients.
    pub const BCC: Key = Key::new("bcc", "Message-Bcc");
    /// The `Message-ID` (or MAPI `PidTagInternetMessageId`).
    pub const MESSAGE_ID: Key = Key::new("message_id", "Message:Raw-Header:Message-ID");
    /// When the message was received (MAPI `PidTagMessageDeliveryTime`).
    pub const RECEIVED: Key = Key::new("received", "Message:Received-Date");
    /// The MAPI message class (`IPM.Note`, `IPM.Appointment`, …).
    pub const MESSAGE_CLASS: Key = Key::new("message_class", "Message:Class");
    /// Where an appointment takes place.
    pub const LOCATION: Key = Key::new("location", "Message:Location");
    /// When an appointment starts.
    pub const START: Key = Key::new("start", "Message:Start-Date");
    /// When an appointment ends.
    pub const END: Key = Key::new("end", "Message:End-Date");
    /// When a task is due.
    pub const DUE: Key = Key::new("due", "Message:Due-Date");
    /// The mailbox format a container of messages was read as (`mboxrd`).
    pub const MAILBOX_FORMAT: Key = Key::new("mailbox_format", "Message:Mailbox-Format");
    /// How many messages a mailbox holds.
    pub const MESSAGE_COUNT: Key = Key::new("message_count", "Message:Count");
    /// A message's header fields as written ([`Value::Fields`](super::Value::Fields)),
    /// each under `Message:Raw-Header:<name>` in Tika's metadata.
    pub const RAW_HEADERS: Key = Key::new("headers", "Message:Raw-Header");
}

/// A named field as a file states it (a header line: `Received`, its value).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Field {
    /// The field's name as written.
    pub name: String,
    /// Its value, unfolded.
    pub value: String,
}

/// A person or mailbox: a display name, an address, or both.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Person {
    /// The display name (`Ann Example`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub name: Option<String>,
    /// The address (`ann@example.com`).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub address: Option<String>,
}

impl Person {
    /// A person with an optional name and address, blank ones left out.
    pub fn new(name: Option<String>, address: Option<String>) -> Person {
        let keep = |s: Option<String>| s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        Person {
            name: keep(name),
            address: keep(address),
        }
    }

    /// Whether neither a name nor an address is known.
    pub fn is_empty(&self) -> bool {
        self.name.is_none() && self.address.is_none()
    }
}

impl fmt::Display for Person {
    /// `Name <address>`, or whichever of the two is known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.name, &self.address) {
            (Some(n), Some(a)) if n != a => write!(f, "{n} <{a}>"),
            (Some(n), _) => f.write_str(n),
            (None, Some(a)) => f.write_str(a),
            (None, None) => Ok(()),
        }
    }
}

/// The value of a [`Property`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
#[non_exhaustive]
pub enum Value {
    /// Text.
    Text(String),
    /// A moment, RFC 3339 in UTC where the file allows.
    Date(String),
    /// People or mailboxes, in the order stated.
    People(Vec<Person>),
    /// A count.
    Count(u64),
    /// Named fields in the order stated; a name may repeat.
    Fields(Vec<Field>),
}

impl Value {
    /// The value as one string (people joined by `, `), as Tika's
    /// single-valued metadata and a header line print it.
    pub fn to_text(&self) -> String {
        match self {
            Value::Text(s) | Value::Date(s) => s.clone(),
            Value::People(people) => people
                .iter()
                .map(Person::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            Value::Count(n) => n.to_string(),
            Value::Fields(fields) => fields
                .iter()
                .map(|f| format!("{}: {}", f.name, f.value))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    /// The value as Tika's list: one string per person, else one string.
    pub fn to_texts(&self) -> Vec<String> {
        match self {
            Value::People(people) => people.iter().map(Person::to_string).collect(),
            Value::Fields(fields) => fields
                .iter()
                .map(|f| format!("{}: {}", f.name, f.value))
                .collect(),
            other => vec![other.to_text()],
        }
    }
}

/// One format-specific metadata entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    /// Its key.
    pub key: Key,
    /// Its value.
    pub value: Value,
}

/// A format's own metadata entries, in the order the layer wrote them;
/// serialized as a map from each key's JSON name to its value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Properties(Vec<Property>);

impl Properties {
    /// Sets `key` to `value`, replacing an earlier value of the same key.
    pub fn set(&mut self, key: Key, value: Value) {
        match self.0.iter_mut().find(|p| p.key == key) {
            Some(p) => p.value = value,
            None => self.0.push(Property { key, value }),
        }
    }

    /// Sets `key` to the people in `people` unless it is empty.
    pub fn set_people(&mut self, key: Key, people: Vec<Person>) {
        let people: Vec<Person> = people.into_iter().filter(|p| !p.is_empty()).collect();
        if !people.is_empty() {
            self.set(key, Value::People(people));
        }
    }

    /// Sets `key` to `text` unless it is blank.
    pub fn set_text(&mut self, key: Key, text: impl Into<String>) {
        let text = text.into();
        if !text.trim().is_empty() {
            self.set(key, Value::Text(text.trim().to_string()));
        }
    }

    /// The value of `key`, if set.
    pub fn get(&self, key: Key) -> Option<&Value> {
        self.0.iter().find(|p| p.key == key).map(|p| &p.value)
    }

    /// Every entry in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Property> {
        self.0.iter()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl<'a> IntoIterator for &'a Properties {
    type Item = &'a Property;
    type IntoIter = std::slice::Iter<'a, Property>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Properties {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for p in &self.0 {
            map.serialize_entry(p.key.json, &p.value)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_print_as_a_header_would() {
        let ann = Person::new(Some("Ann".into()), Some("ann@example.com".into()));
        let bob = Person::new(None, Some("bob@example.com".into()));
        let v = Value::People(vec![ann, bob]);
        assert_eq!(v.to_text(), "Ann <ann@example.com>, bob@example.com");
        assert_eq!(v.to_texts().len(), 2);
        assert!(Person::new(Some(" ".into()), None).is_empty());
    }

    #[test]
    fn a_key_is_set_once() {
        let mut p = Properties::default();
        p.set_text(keys::MESSAGE_ID, "<a@b>");
        p.set_text(keys::MESSAGE_ID, "<c@d>");
        p.set_text(keys::LOCATION, "  ");
        p.set_people(keys::TO, vec![Person::default()]);
        assert_eq!(p.len(), 1);
        assert_eq!(p.get(keys::MESSAGE_ID), Some(&Value::Text("<c@d>".into())));
    }
}
