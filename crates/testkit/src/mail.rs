//! Writers of Outlook messages (MS-OXMSG property streams in a compound
//! file) and TNEF streams (MS-OXTNEF attributes and property lists), for
//! `mail-text`'s fixtures, tests, benches and fuzz seeds.

use crate::cfb::compound_file;

/// A property of a storage: id and value.
#[derive(Debug, Clone)]
pub enum Prop {
    /// `PT_UNICODE`, written to a `__substg1.0_IIII001F` stream.
    Unicode(u16, String),
    /// `PT_STRING8` with its bytes as given (some code page).
    Ansi(u16, Vec<u8>),
    /// `PT_BINARY`.
    Binary(u16, Vec<u8>),
    /// `PT_LONG`, in the property stream.
    Long(u16, u32),
    /// `PT_SYSTIME` (a FILETIME), in the property stream.
    Time(u16, u64),
}

/// One storage's streams: its property stream (header of `header` bytes:
/// 32 top-level, 24 embedded message, 8 recipient or attachment) and a
/// `__substg1.0_` stream per variable-size property, under `prefix`.
pub fn storage(prefix: &str, header: usize, props: &[Prop]) -> Vec<(String, Vec<u8>)> {
    let mut streams = Vec::new();
    let mut fixed = vec![0u8; header];
    let mut entry = |tag: u32, value: [u8; 8]| {
        fixed.extend_from_slice(&tag.to_le_bytes());
        fixed.extend_from_slice(&6u32.to_le_bytes()); // readable | writable
        fixed.extend_from_slice(&value);
    };
    for p in props {
        let (id, kind, data): (u16, u16, Option<Vec<u8>>) = match p {
            Prop::Unicode(id, s) => (
                *id,
                0x001F,
                Some(
                    s.encode_utf16()
                        .chain([0])
                        .flat_map(u16::to_le_bytes)
                        .collect(),
                ),
            ),
            Prop::Ansi(id, b) => (*id, 0x001E, Some([b.as_slice(), &[0]].concat())),
            Prop::Binary(id, b) => (*id, 0x0102, Some(b.clone())),
            Prop::Long(id, v) => {
                let mut value = [0u8; 8];
                value[..4].copy_from_slice(&v.to_le_bytes());
                entry(u32::from(*id) << 16 | 0x0003, value);
                continue;
            }
            Prop::Time(id, t) => {
                entry(u32::from(*id) << 16 | 0x0040, t.to_le_bytes());
                continue;
            }
        };
        let data = data.unwrap_or_default();
        let mut value = [0u8; 8];
        value[..4].copy_from_slice(&(data.len() as u32).to_le_bytes());
        entry(u32::from(id) << 16 | u32::from(kind), value);
        streams.push((format!("{prefix}__substg1.0_{id:04X}{kind:04X}"), data));
    }
    streams.insert(0, (format!("{prefix}__properties_version1.0"), fixed));
    streams
}

/// A message: its own properties, recipients' and attachments' property
/// lists, and extra streams (an embedded message's, a name map's), each
/// path relative to the root.
pub struct Msg {
    /// The message's properties.
    pub props: Vec<Prop>,
    /// One property list per recipient.
    pub recipients: Vec<Vec<Prop>>,
    /// One property list per attachment.
    pub attachments: Vec<Vec<Prop>>,
    /// More streams, by path.
    pub extra: Vec<(String, Vec<u8>)>,
}

impl Msg {
    /// The streams of the message, under `prefix` with header `header`.
    pub fn streams(&self, prefix: &str, header: usize) -> Vec<(String, Vec<u8>)> {
        let mut streams = storage(prefix, header, &self.props);
        for (i, r) in self.recipients.iter().enumerate() {
            streams.extend(storage(
                &format!("{prefix}__recip_version1.0_#{i:08X}/"),
                8,
                r,
            ));
        }
        for (i, a) in self.attachments.iter().enumerate() {
            streams.extend(storage(
                &format!("{prefix}__attach_version1.0_#{i:08X}/"),
                8,
                a,
            ));
        }
        for (path, data) in &self.extra {
            streams.push((format!("{prefix}{path}"), data.clone()));
        }
        streams
    }

    /// The message as a compound file.
    pub fn build(&self) -> Vec<u8> {
        let streams = self.streams("", 32);
        let refs: Vec<(&str, &[u8])> = streams
            .iter()
            .map(|(p, d)| (p.as_str(), d.as_slice()))
            .collect();
        compound_file(&refs)
    }
}

/// The streams of a name map (`__nameid_version1.0`) giving each
/// `(property set GUID, LID)` the id 0x8000 + its index.
pub fn name_map(names: &[([u8; 16], u32)]) -> Vec<(String, Vec<u8>)> {
    let mut guids: Vec<[u8; 16]> = Vec::new();
    let mut entries = Vec::new();
    for (i, (guid, lid)) in names.iter().enumerate() {
        let index = match guids.iter().position(|g| g == guid) {
            Some(n) => n,
            None => {
                guids.push(*guid);
                guids.len() - 1
            }
        };
        entries.extend_from_slice(&lid.to_le_bytes());
        entries.extend_from_slice(&(((index as u16) + 3) << 1).to_le_bytes());
        entries.extend_from_slice(&(i as u16).to_le_bytes());
    }
    vec![
        (
            "__nameid_version1.0/__substg1.0_00020102".into(),
            guids.concat(),
        ),
        ("__nameid_version1.0/__substg1.0_00030102".into(), entries),
        (
            "__nameid_version1.0/__substg1.0_00040102".into(),
            Vec::new(),
        ),
    ]
}

/// One TNEF attribute: level, id, length, data, checksum (MS-OXTNEF 2.1.3.1).
pub fn tnef_attribute(level: u8, id: u32, data: &[u8]) -> Vec<u8> {
    let mut v = vec![level];
    v.extend_from_slice(&id.to_le_bytes());
    v.extend_from_slice(&(data.len() as u32).to_le_bytes());
    v.extend_from_slice(data);
    let sum = data.iter().fold(0u16, |s, &b| s.wrapping_add(u16::from(b)));
    v.extend_from_slice(&sum.to_le_bytes());
    v
}

/// A TNEF stream: the signature, a legacy key, then `attributes`.
pub fn tnef(attributes: &[Vec<u8>]) -> Vec<u8> {
    let mut v = b"\x78\x9f\x3e\x22\x01\x00".to_vec();
    for a in attributes {
        v.extend_from_slice(a);
    }
    v
}

/// A TNEF property list (MS-OXTNEF 2.1.3.4) of `PT_UNICODE` strings and
/// `PT_BINARY` values: (id, Ok(text)) or (id, Err(bytes)).
pub fn tnef_properties(props: &[(u16, Result<&str, &[u8]>)]) -> Vec<u8> {
    let mut v = (props.len() as u32).to_le_bytes().to_vec();
    for (id, value) in props {
        let (kind, data): (u16, Vec<u8>) = match value {
            Ok(s) => (
                0x001F,
                s.encode_utf16()
                    .chain([0])
                    .flat_map(u16::to_le_bytes)
                    .collect(),
            ),
            Err(b) => (0x0102, b.to_vec()),
        };
        v.extend_from_slice(&(u32::from(*id) << 16 | u32::from(kind)).to_le_bytes());
        v.extend_from_slice(&1u32.to_le_bytes());
        v.extend_from_slice(&(data.len() as u32).to_le_bytes());
        v.extend_from_slice(&data);
        v.resize(v.len() + (4 - data.len() % 4) % 4, 0);
    }
    v
}

/// A compressed-RTF stream in its uncompressed form (`MELA`, MS-OXRTFCP 2.1.3.1.1).
pub fn rtf_uncompressed(rtf: &[u8]) -> Vec<u8> {
    let mut v = ((rtf.len() + 12) as u32).to_le_bytes().to_vec();
    v.extend_from_slice(&(rtf.len() as u32).to_le_bytes());
    v.extend_from_slice(&0x414C_454Du32.to_le_bytes());
    v.extend_from_slice(&0u32.to_le_bytes());
    v.extend_from_slice(rtf);
    v
}
