//! TNEF streams (MS-OXTNEF 2.1.3): the signature, then attributes of the
//! message (level 1) and its attachments (level 2), each `id`, `length`,
//! data and checksum; MAPI properties in `attMsgProps` and `attAttachment`
//! (2.1.3.4 MsgPropertyList).

use doc_model::Person;
use encoding_rs::Encoding;

use crate::message::{Attachments, Message};
use crate::{Error, MailDocument, MailFormat, Options, Warning, WarningKind};

/// Attribute ids (MS-OXTNEF 2.1.3.3): type in the high word, id in the low.
mod att {
    pub const SUBJECT: u32 = 0x0001_8004;
    pub const DATE_SENT: u32 = 0x0003_8005;
    pub const DATE_RECEIVED: u32 = 0x0003_8006;
    pub const MESSAGE_CLASS: u32 = 0x0007_8008;
    pub const MESSAGE_ID: u32 = 0x0001_8009;
    pub const BODY: u32 = 0x0002_800C;
    pub const ATTACH_DATA: u32 = 0x0006_800F;
    pub const ATTACH_TITLE: u32 = 0x0001_8010;
    pub const ATTACH_REND_DATA: u32 = 0x0006_9002;
    pub const MSG_PROPS: u32 = 0x0006_9003;
    pub const ATTACHMENT: u32 = 0x0006_9005;
    pub const OEM_CODEPAGE: u32 = 0x0006_9007;
}

/// MAPI property ids read from the property lists.
mod tag {
    pub const SUBJECT: u16 = 0x0037;
    pub const CONVERSATION_TOPIC: u16 = 0x0070;
    pub const NORMALIZED_SUBJECT: u16 = 0x0E1D;
    pub const SENDER_NAME: u16 = 0x0C1A;
    pub const SENDER_EMAIL: u16 = 0x0C1F;
    pub const SENT_REPRESENTING_NAME: u16 = 0x0042;
    pub const BODY: u16 = 0x1000;
    pub const RTF_COMPRESSED: u16 = 0x1009;
    pub const HTML: u16 = 0x1013;
    pub const INTERNET_MESSAGE_ID: u16 = 0x1035;
    pub const SENDER_SMTP_ADDRESS: u16 = 0x5D01;
    pub const ATTACH_DATA: u16 = 0x3701;
    pub const ATTACH_LONG_FILENAME: u16 = 0x3707;
    pub const ATTACH_MIME_TAG: u16 = 0x370E;
    pub const DISPLAY_NAME: u16 = 0x3001;
}

/// A MAPI property value, as far as this layer uses it.
#[derive(Debug, Clone)]
enum Prop {
    Text(String),
    Bytes(Vec<u8>),
    Other,
}

/// An attachment being assembled from its attributes.
#[derive(Debug, Default)]
struct Pending {
    title: Option<String>,
    data: Option<Vec<u8>>,
    props: Vec<(u16, Prop)>,
}

/// Reads a TNEF stream.
pub(crate) fn read(data: &[u8], options: &Options) -> Result<MailDocument, Error> {
    if !crate::is_tnef(data) {
        return Err(Error::NotMail("no TNEF signature".into()));
    }
    let limits = &options.limits;
    let mut warnings = Vec::new();
    let mut encoding: &'static Encoding = encoding_rs::WINDOWS_1252;
    let mut m = Message::default();
    let mut msg_props: Vec<(u16, Prop)> = Vec::new();
    let mut pending: Vec<Pending> = Vec::new();
    let mut body_attr: Option<Vec<u8>> = None;
    // Signature (4) and legacy key (2).
    let mut pos = 6usize;
    while pos < data.len() {
        if doc_model::deadline_passed(limits.deadline) {
            warnings.push(Warning::new(
                WarningKind::Limit,
                "stopped at the deadline; later attributes are left out",
                Some(pos as u64),
            ));
            break;
        }
        let head = data.get(pos..pos + 9);
        let Some(head) = head else {
            // Zero padding after the last attribute is no defect.
            if data
                .get(pos..)
                .is_some_and(|rest| rest.iter().all(|&b| b == 0))
            {
                break;
            }
            warnings.push(Warning::new(
                WarningKind::Structure,
                "the stream ends inside an attribute header",
                Some(pos as u64),
            ));
            break;
        };
        let level = head[0];
        let id = u32::from_le_bytes([head[1], head[2], head[3], head[4]]);
        let len = u32::from_le_bytes([head[5], head[6], head[7], head[8]]) as usize;
        let start = pos + 9;
        let Some(value) = start.checked_add(len).and_then(|end| data.get(start..end)) else {
            warnings.push(Warning::new(
                WarningKind::Structure,
                format!(
                    "attribute {id:#010x} declares {len} bytes, past the end of the stream; the rest is left out"
                ),
                Some(pos as u64),
            ));
            break;
        };
        // Data, then a 2-byte checksum.
        pos = start + len + 2;
        let text = |v: &[u8]| decode(v, encoding);
        match (level, id) {
            (_, att::OEM_CODEPAGE) => {
                if let Some(cp) = value
                    .get(..4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    && let Some(enc) = u16::try_from(cp)
                        .ok()
                        .and_then(ole_cfb_read::codepage::encoding)
                {
                    encoding = enc;
                }
            }
            (1, att::SUBJECT) => m.subject = Some(text(value)),
            (1, att::MESSAGE_CLASS) => m.message_class = Some(text(value)),
            (1, att::MESSAGE_ID) => m.message_id = Some(text(value)),
            (1, att::DATE_SENT) => m.date = date(value),
            (1, att::DATE_RECEIVED) => m.received = date(value),
            (1, att::BODY) => body_attr = Some(value.to_vec()),
            (1, att::MSG_PROPS) => {
                msg_props = properties(value, encoding, &mut warnings);
            }
            (2, att::ATTACH_REND_DATA) => pending.push(Pending::default()),
            (2, att::ATTACH_TITLE) => {
                if let Some(p) = pending.last_mut() {
                    p.title = Some(text(value));
                }
            }
            (2, att::ATTACH_DATA) => {
                if let Some(p) = pending.last_mut() {
                    p.data = Some(value.to_vec());
                }
            }
            (2, att::ATTACHMENT) => {
                if let Some(p) = pending.last_mut() {
                    p.props = properties(value, encoding, &mut warnings);
                }
            }
            _ => {}
        }
    }
    let prop_text = |props: &[(u16, Prop)], id: u16| {
        props.iter().find_map(|(i, p)| match p {
            Prop::Text(t) if *i == id && !t.trim().is_empty() => Some(t.clone()),
            _ => None,
        })
    };
    let prop_bytes = |props: &[(u16, Prop)], id: u16| {
        props.iter().find_map(|(i, p)| match p {
            Prop::Bytes(b) if *i == id => Some(b.clone()),
            _ => None,
        })
    };
    if m.subject.is_none() {
        m.subject = prop_text(&msg_props, tag::SUBJECT)
            .or_else(|| prop_text(&msg_props, tag::NORMALIZED_SUBJECT))
            .or_else(|| prop_text(&msg_props, tag::CONVERSATION_TOPIC));
    }
    if m.message_id.is_none() {
        m.message_id = prop_text(&msg_props, tag::INTERNET_MESSAGE_ID);
    }
    let sender = Person::new(
        prop_text(&msg_props, tag::SENDER_NAME)
            .or_else(|| prop_text(&msg_props, tag::SENT_REPRESENTING_NAME)),
        prop_text(&msg_props, tag::SENDER_SMTP_ADDRESS)
            .or_else(|| prop_text(&msg_props, tag::SENDER_EMAIL).filter(|a| a.contains('@'))),
    );
    if !sender.is_empty() {
        m.from.push(sender);
    }
    m.body = if let Some(b) = body_attr.filter(|b| !b.iter().all(|&c| c == 0)) {
        decode(&b, encoding)
    } else if let Some(t) = prop_text(&msg_props, tag::BODY) {
        t
    } else if let Some(h) = prop_bytes(&msg_props, tag::HTML) {
        crate::body::html_bytes(&h, None).0
    } else if let Some(r) = prop_bytes(&msg_props, tag::RTF_COMPRESSED) {
        crate::body::compressed_rtf(&r, limits, &mut warnings).unwrap_or_default()
    } else {
        String::new()
    };
    let mut attachments = Attachments::default();
    for p in pending {
        let name = prop_text(&p.props, tag::ATTACH_LONG_FILENAME)
            .or(p.title)
            .or_else(|| prop_text(&p.props, tag::DISPLAY_NAME))
            .unwrap_or_default();
        let mime = prop_text(&p.props, tag::ATTACH_MIME_TAG);
        let data = p.data.or_else(|| prop_bytes(&p.props, tag::ATTACH_DATA));
        let Some(data) = data else {
            continue;
        };
        attachments.push(&name, mime.as_deref(), data, limits, &mut warnings);
    }
    let mut doc = m.render(MailFormat::Tnef, limits);
    doc.embedded = attachments.files;
    doc.warnings.splice(0..0, warnings);
    doc.encoding = Some(encoding.name());
    Ok(doc)
}

/// A string attribute: NUL-terminated bytes in the OEM code page.
fn decode(v: &[u8], encoding: &'static Encoding) -> String {
    let end = memchr::memchr(0, v).unwrap_or(v.len());
    let bytes = v.get(..end).unwrap_or(v);
    encoding
        .decode_without_bom_handling(bytes)
        .0
        .trim()
        .to_string()
}

/// An `atpDate`: year, month, day, hour, minute, second, weekday as u16s.
fn date(v: &[u8]) -> Option<String> {
    let f: Vec<u16> = v
        .chunks_exact(2)
        .take(6)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let [y, mo, d, h, mi, s] = f.as_slice() else {
        return None;
    };
    if !(1..=12).contains(mo) || !(1..=31).contains(d) || *h > 23 || *mi > 59 || *s > 60 {
        return None;
    }
    Some(format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z"))
}

/// Reads a little-endian u32 at `*pos`, advancing it.
fn u32_at(v: &[u8], pos: &mut usize) -> Option<u32> {
    let b = v.get(*pos..pos.checked_add(4)?)?;
    *pos += 4;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A MsgPropertyList (MS-OXTNEF 2.1.3.4): a count, then each property's
/// tag, name (for named properties) and value(s).
fn properties(
    v: &[u8],
    encoding: &'static Encoding,
    warnings: &mut Vec<Warning>,
) -> Vec<(u16, Prop)> {
    let mut out = Vec::new();
    let mut pos = 0usize;
    let Some(count) = u32_at(v, &mut pos) else {
        return out;
    };
    for _ in 0..count {
        match property(v, &mut pos, encoding) {
            Some(p) => out.push(p),
            None => {
                warnings.push(Warning::new(
                    WarningKind::Property,
                    format!(
                        "a property list of {count} entries ends after {}; the rest is left out",
                        out.len()
                    ),
                    Some(pos as u64),
                ));
                break;
            }
        }
    }
    out
}

/// One property of a list.
fn property(v: &[u8], pos: &mut usize, encoding: &'static Encoding) -> Option<(u16, Prop)> {
    let tag = u32_at(v, pos)?;
    let kind = (tag & 0xFFFF) as u16;
    let id = (tag >> 16) as u16;
    if id >= 0x8000 {
        // A named property: GUID, kind, then a LID or a name.
        *pos = pos.checked_add(16)?;
        let name_kind = u32_at(v, pos)?;
        if name_kind == 0 {
            u32_at(v, pos)?;
        } else {
            let len = u32_at(v, pos)? as usize;
            *pos = pos.checked_add(len.checked_add(3)? / 4 * 4)?;
        }
    }
    let multi = kind & 0x1000 != 0;
    let base = kind & !0x1000;
    let values = match base {
        0x001E | 0x001F | 0x0102 | 0x000D => u32_at(v, pos)?,
        _ if multi => u32_at(v, pos)?,
        _ => 1,
    };
    let mut first = Prop::Other;
    for i in 0..values {
        let prop = match base {
            0x001E | 0x001F | 0x0102 | 0x000D => {
                let len = u32_at(v, pos)? as usize;
                let data = v.get(*pos..pos.checked_add(len)?)?;
                *pos = pos.checked_add(len.checked_add(3)? / 4 * 4)?;
                match base {
                    0x001E => Prop::Text(decode(data, encoding)),
                    0x001F => {
                        let units: Vec<u16> = data
                            .chunks_exact(2)
                            .map(|c| u16::from_le_bytes([c[0], c[1]]))
                            .collect();
                        Prop::Text(
                            String::from_utf16_lossy(&units)
                                .trim_end_matches('\0')
                                .to_string(),
                        )
                    }
                    // An object: its interface id, then the data.
                    0x000D => Prop::Bytes(data.get(16..).unwrap_or_default().to_vec()),
                    _ => Prop::Bytes(data.to_vec()),
                }
            }
            0x0002 | 0x0003 | 0x0004 | 0x000A | 0x000B => {
                *pos = pos.checked_add(4)?;
                Prop::Other
            }
            0x0005 | 0x0006 | 0x0007 | 0x0014 | 0x0040 => {
                *pos = pos.checked_add(8)?;
                Prop::Other
            }
            0x0048 => {
                *pos = pos.checked_add(16)?;
                Prop::Other
            }
            _ => return None,
        };
        if *pos > v.len() {
            return None;
        }
        if i == 0 {
            first = prop;
        }
    }
    Some((id, first))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One attribute: level, id, length, data, checksum.
    fn attr(level: u8, id: u32, data: &[u8]) -> Vec<u8> {
        let mut v = vec![level];
        v.extend_from_slice(&id.to_le_bytes());
        v.extend_from_slice(&(data.len() as u32).to_le_bytes());
        v.extend_from_slice(data);
        let sum = data.iter().map(|&b| u32::from(b)).sum::<u32>() as u16;
        v.extend_from_slice(&sum.to_le_bytes());
        v
    }

    #[test]
    fn subject_body_and_attachment() {
        let mut t = b"\x78\x9f\x3e\x22\x01\x00".to_vec();
        t.extend(attr(1, att::SUBJECT, b"Hello\0"));
        t.extend(attr(
            1,
            att::DATE_SENT,
            &[0xE8, 0x07, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 1, 0],
        ));
        t.extend(attr(1, att::BODY, b"The body."));
        t.extend(attr(2, att::ATTACH_REND_DATA, &[0; 14]));
        t.extend(attr(2, att::ATTACH_TITLE, b"a.txt\0"));
        t.extend(attr(2, att::ATTACH_DATA, b"abc"));
        let doc = read(&t, &Options::default()).unwrap();
        assert_eq!(
            doc.text(),
            "Date: 2024-02-03T04:05:06Z\nSubject: Hello\n\nThe body.\n"
        );
        assert_eq!(doc.embedded.len(), 1);
        assert_eq!(doc.embedded[0].path, "/a.txt");
        assert!(doc.warnings.is_empty());
        // Cut inside the last attribute: what came before is kept.
        let cut = &t[..t.len() - 4];
        let doc = read(cut, &Options::default()).unwrap();
        assert!(doc.embedded.is_empty());
        assert_eq!(doc.warnings.len(), 1);
    }

    #[test]
    fn property_lists_with_named_and_multi_values() {
        let mut v = 3u32.to_le_bytes().to_vec();
        // A named PT_LONG with a string name.
        v.extend_from_slice(&0x8001_0003u32.to_le_bytes());
        v.extend_from_slice(&[0; 16]);
        v.extend_from_slice(&1u32.to_le_bytes());
        v.extend_from_slice(&4u32.to_le_bytes());
        v.extend_from_slice(b"ab\0\0");
        v.extend_from_slice(&7u32.to_le_bytes());
        // PT_UNICODE subject.
        v.extend_from_slice(&0x0037_001Fu32.to_le_bytes());
        v.extend_from_slice(&1u32.to_le_bytes());
        v.extend_from_slice(&6u32.to_le_bytes());
        v.extend_from_slice(&[b'H', 0, b'i', 0, 0, 0, 0, 0]);
        // PT_MV_LONG with 2 values.
        v.extend_from_slice(&0x0001_1003u32.to_le_bytes());
        v.extend_from_slice(&2u32.to_le_bytes());
        v.extend_from_slice(&[1, 0, 0, 0, 2, 0, 0, 0]);
        let mut w = Vec::new();
        let props = properties(&v, encoding_rs::WINDOWS_1252, &mut w);
        assert_eq!(props.len(), 3);
        assert!(matches!(&props[1], (0x0037, Prop::Text(t)) if t == "Hi"));
        assert!(w.is_empty());
        // A count past the end is a warning.
        let mut big = u32::MAX.to_le_bytes().to_vec();
        big.extend_from_slice(&v[4..]);
        properties(&big, encoding_rs::WINDOWS_1252, &mut w);
        assert_eq!(w.len(), 1);
    }
}
