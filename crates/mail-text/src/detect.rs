//! Which of the four formats bytes are, by content alone.

use ole_cfb_read::CompoundFile;

use crate::MailFormat;

/// The compound-file signature (MS-CFB 2.2).
const CFB_SIGNATURE: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// The TNEF signature 0x223E9F78, little-endian (MS-OXTNEF 2.1.3.1).
const TNEF_SIGNATURE: &[u8] = b"\x78\x9F\x3E\x22";

/// How much of the start is examined for header fields.
const HEAD: usize = 16 * 1024;

pub(crate) fn detect(data: &[u8]) -> Option<MailFormat> {
    if data.starts_with(CFB_SIGNATURE) {
        return match CompoundFile::open(data) {
            Ok(cf) => is_msg(&cf).then_some(MailFormat::Msg),
            // A directory too damaged to open: the names of its entries
            // still tell a message (reading it then reports the damage).
            Err(_) => names_a_msg(data).then_some(MailFormat::Msg),
        };
    }
    if is_tnef(data) {
        Some(MailFormat::Tnef)
    } else if is_mbox(data) {
        Some(MailFormat::Mbox)
    } else if is_eml(data) {
        Some(MailFormat::Eml)
    } else {
        None
    }
}

/// Whether an opened compound file is an Outlook message: a
/// `__properties_version1.0` stream and `__substg1.0_` property streams at
/// its root (MS-OXMSG 2.4).
pub fn is_msg(cf: &CompoundFile<'_>) -> bool {
    let at_root = |prefix: &str| {
        cf.entries()
            .iter()
            .any(|e| !e.path.contains('/') && e.name.starts_with(prefix))
    };
    cf.entry("__properties_version1.0").is_some() && at_root("__substg1.0_")
}

/// Whether the UTF-16 names `__properties_version1.0` and `__substg1.0_`
/// occur in `data` (the directory entries of a message's compound file).
pub(crate) fn names_a_msg(data: &[u8]) -> bool {
    let utf16 =
        |name: &str| -> Vec<u8> { name.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    memchr::memmem::find(data, &utf16("__properties_version1.0")).is_some()
        && memchr::memmem::find(data, &utf16("__substg1.0_")).is_some()
}

/// Whether `data` starts with the TNEF signature.
pub fn is_tnef(data: &[u8]) -> bool {
    data.starts_with(TNEF_SIGNATURE)
}

/// Whether `data` is a mailbox: a `From ` separator line, header fields
/// after it, and another `From ` line later (one message saved with its
/// separator line is read as a message).
pub fn is_mbox(data: &[u8]) -> bool {
    let Some(rest) = from_line(data) else {
        return false;
    };
    header_fields(rest) > 0 && memchr::memmem::find(rest, b"\nFrom ").is_some()
}

/// The bytes after a leading mbox `From ` line, if there is one.
pub(crate) fn from_line(data: &[u8]) -> Option<&[u8]> {
    if !data.starts_with(b"From ") {
        return None;
    }
    let end = memchr::memchr(b'\n', data.get(..1024).unwrap_or(data))?;
    data.get(end + 1..)
}

/// Whether `data` is an RFC 5322 message: header fields from the first
/// line (after an optional mbox `From ` line), at least two of them fields
/// a message has, or one that only messages have (`Received`,
/// `Return-Path`, `MIME-Version`, `Message-ID`, `Delivered-To`, a
/// `Content-Type` naming a MIME type).
pub fn is_eml(data: &[u8]) -> bool {
    let data = from_line(data).unwrap_or(data);
    let head = data.get(..HEAD).unwrap_or(data);
    let mut known = 0;
    let mut strong = false;
    let mut fields = 0;
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line.first().is_some_and(|&b| b == b' ' || b == b'\t') {
            if fields == 0 {
                return false;
            }
            continue;
        }
        let Some(colon) = memchr::memchr(b':', line) else {
            // A line that is no field ends a header block only at its
            // last line (a message cut short); anywhere else: not mail.
            return false;
        };
        let name = line.get(..colon).unwrap_or_default();
        if name.is_empty() || !name.iter().all(|&b| b.is_ascii_graphic()) {
            return false;
        }
        fields += 1;
        let name = String::from_utf8_lossy(name).to_ascii_lowercase();
        let value = line.get(colon + 1..).unwrap_or_default();
        match name.as_str() {
            "received" | "return-path" | "mime-version" | "message-id" | "delivered-to"
            | "x-original-to" => {
                known += 1;
                strong = true;
            }
            "content-type" => {
                known += 1;
                strong |= memchr::memchr(b'/', value).is_some();
            }
            "from"
            | "to"
            | "cc"
            | "bcc"
            | "subject"
            | "date"
            | "reply-to"
            | "sender"
            | "in-reply-to"
            | "references"
            | "x-mailer"
            | "user-agent"
            | "x-sender"
            | "content-transfer-encoding"
            | "thread-topic"
            | "thread-index"
            | "importance" => {
                known += 1;
            }
            _ => {}
        }
        if fields > 200 {
            break;
        }
    }
    strong || known >= 2
}

/// How many header fields start `data` (0 when its first line is none).
fn header_fields(data: &[u8]) -> usize {
    let mut n = 0;
    for line in data.split(|&b| b == b'\n').take(64) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line.first().is_some_and(|&b| b == b' ' || b == b'\t') {
            continue;
        }
        match memchr::memchr(b':', line) {
            Some(c) if c > 0 && line.iter().take(c).all(u8::is_ascii_graphic) => n += 1,
            _ => break,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_need_real_header_fields() {
        assert!(is_eml(
            b"Received: from x\r\n\tby y\r\nSubject: a\r\n\r\nbody"
        ));
        assert!(is_eml(b"From: a@b\nTo: c@d\n\nbody"));
        assert!(is_eml(b"Content-Type: multipart/mixed; boundary=x\n\n--x"));
        assert!(!is_eml(b"Subject: my notes\n\nabout things"));
        assert!(!is_eml(b"Dear Sir: hello\nFrom: me\n"));
        assert!(!is_eml(b"just text"));
        assert!(!is_eml(b" From: a\nTo: b\n"));
    }

    #[test]
    fn mailboxes_have_separator_lines() {
        let mbox = b"From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n\nx\n\nFrom c@d Mon Jan  1 00:00:00 2024\nFrom: c@d\n\ny\n";
        assert!(is_mbox(mbox));
        assert_eq!(detect(mbox), Some(MailFormat::Mbox));
        let one = b"From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\nTo: c@d\n\nx\n";
        assert!(!is_mbox(one));
        assert_eq!(detect(one), Some(MailFormat::Eml));
        assert!(!is_mbox(b"From here on\nwe talk\nFrom there"));
        assert_eq!(detect(b"\x78\x9f\x3e\x22\0\0"), Some(MailFormat::Tnef));
    }
}
