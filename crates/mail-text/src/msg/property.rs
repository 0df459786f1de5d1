//! One storage's properties (MS-OXMSG 2.4 property streams): the fixed-size
//! values of `__properties_version1.0` and the variable-size values of the
//! `__substg1.0_IIIITTTT` streams beside it.

use std::borrow::Cow;
use std::collections::HashMap;

use encoding_rs::Encoding;
use ole_cfb_read::{CompoundFile, EntryKind, FileTime};

use crate::{Warning, WarningKind};

/// Property types (MS-OXCDATA 2.11.1).
pub(crate) const PT_LONG: u16 = 0x0003;
pub(crate) const PT_OBJECT: u16 = 0x000D;
pub(crate) const PT_STRING8: u16 = 0x001E;
pub(crate) const PT_UNICODE: u16 = 0x001F;
pub(crate) const PT_SYSTIME: u16 = 0x0040;
pub(crate) const PT_BINARY: u16 = 0x0102;

/// The code pages of `PT_STRING8` values: the one the message states, and
/// the one tried when a string is not valid in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CodePage {
    pub primary: &'static Encoding,
    pub fallback: &'static Encoding,
}

impl Default for CodePage {
    fn default() -> Self {
        CodePage {
            primary: encoding_rs::WINDOWS_1252,
            fallback: encoding_rs::WINDOWS_1252,
        }
    }
}

/// The name of a storage's property stream.
pub(crate) const PROPERTIES: &str = "__properties_version1.0";

/// Which storage a property stream belongs to; its header length differs
/// (MS-OXMSG 2.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// The top-level message: a 32-byte header (24 for a message storage
    /// copied out of an attachment, whose stream length tells it).
    Message,
    /// A recipient or attachment storage: an 8-byte header.
    Child,
}

/// The properties of one storage.
pub(crate) struct Storage<'c, 'a> {
    cf: &'c CompoundFile<'a>,
    /// The storage's path with a trailing `/`, or empty for the root.
    prefix: String,
    /// Fixed-size values by property tag (id << 16 | type).
    fixed: HashMap<u32, [u8; 8]>,
    /// The code pages of `PT_STRING8` values.
    encoding: CodePage,
}

impl<'c, 'a> Storage<'c, 'a> {
    /// Reads the property stream of the storage at `path` (empty for the root).
    pub fn open(
        cf: &'c CompoundFile<'a>,
        path: &str,
        level: Level,
        encoding: CodePage,
        warnings: &mut Vec<Warning>,
    ) -> Storage<'c, 'a> {
        let prefix = if path.is_empty() {
            String::new()
        } else {
            format!("{path}/")
        };
        let mut fixed = HashMap::new();
        let stream_path = format!("{prefix}{PROPERTIES}");
        match cf.read_stream(&stream_path) {
            Ok(stream) => {
                let data = stream.data;
                let header = match level {
                    Level::Child => 8,
                    Level::Message if data.len() % 16 == 8 => 24,
                    Level::Message => 32,
                };
                let entries = data.get(header..).unwrap_or_default();
                let whole = entries.len() / 16 * 16;
                if entries.len() != whole {
                    warnings.push(Warning::new(
                        WarningKind::Property,
                        format!(
                            "{stream_path} ends inside an entry ({} bytes after the header); the last entry is left out",
                            entries.len()
                        ),
                        None,
                    ));
                }
                for entry in entries.chunks_exact(16) {
                    let tag = u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]);
                    let mut value = [0u8; 8];
                    value.copy_from_slice(&entry[8..16]);
                    fixed.insert(tag, value);
                }
            }
            Err(e) => warnings.push(Warning::new(
                WarningKind::Property,
                format!("{stream_path}: {e}; only the property streams beside it are read"),
                None,
            )),
        }
        Storage {
            cf,
            prefix,
            fixed,
            encoding,
        }
    }

    /// The compound file the storage is in.
    pub fn cf(&self) -> &'c CompoundFile<'a> {
        self.cf
    }

    /// The path of the stream or storage holding property `id` of `kind`.
    fn substg(&self, id: u16, kind: u16) -> String {
        format!("{}__substg1.0_{id:04X}{kind:04X}", self.prefix)
    }

    /// The bytes of a variable-size property (`PT_BINARY`, strings).
    pub fn bytes(&self, id: u16, kind: u16) -> Option<Cow<'a, [u8]>> {
        let path = self.substg(id, kind);
        let entry = self.cf.entry(&path)?;
        if entry.kind != EntryKind::Stream {
            return None;
        }
        self.cf.read_entry(entry).ok().map(|s| s.data)
    }

    /// The path of an object property's storage (`PT_OBJECT`), if it is one.
    pub fn object(&self, id: u16) -> Option<String> {
        let path = self.substg(id, PT_OBJECT);
        let entry = self.cf.entry(&path)?;
        (entry.kind == EntryKind::Storage).then(|| entry.path.clone())
    }

    /// A string property: Unicode if stored so, else ANSI in the storage's code page.
    pub fn string(&self, id: u16) -> Option<String> {
        let s = if let Some(b) = self.bytes(id, PT_UNICODE) {
            let units: Vec<u16> = b
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        } else {
            let b = self.bytes(id, PT_STRING8)?;
            match self.encoding.primary.decode_without_bom_handling(&b) {
                (s, false) => s.into_owned(),
                _ => self
                    .encoding
                    .fallback
                    .decode_without_bom_handling(&b)
                    .0
                    .into_owned(),
            }
        };
        let s = s.trim_end_matches('\0').trim();
        (!s.is_empty()).then(|| s.to_string())
    }

    /// A `PT_LONG` property.
    pub fn long(&self, id: u16) -> Option<u32> {
        let v = self
            .fixed
            .get(&(u32::from(id) << 16 | u32::from(PT_LONG)))?;
        Some(u32::from_le_bytes([v[0], v[1], v[2], v[3]]))
    }

    /// A `PT_SYSTIME` property as RFC 3339.
    pub fn time(&self, id: u16) -> Option<String> {
        let v = self
            .fixed
            .get(&(u32::from(id) << 16 | u32::from(PT_SYSTIME)))?;
        let t = FileTime(u64::from_le_bytes(*v));
        t.to_unix_seconds().map(|_| t.to_rfc3339())
    }

    /// The direct child storages whose names start with `prefix`, in name order.
    pub fn children(&self, prefix: &str) -> Vec<String> {
        let mut out: Vec<String> = self
            .cf
            .entries()
            .iter()
            .filter(|e| {
                e.kind == EntryKind::Storage
                    && e.name.starts_with(prefix)
                    && e.path.strip_prefix(&self.prefix) == Some(e.name.as_str())
            })
            .map(|e| e.path.clone())
            .collect();
        out.sort();
        out
    }
}
