//! Embedded documents: every file a layer finds inside a document goes back
//! through detection and extraction, recursively, under the limits of
//! [`EmbeddedOptions`](crate::EmbeddedOptions): depth, count and bytes per top
//! document, and a file that contains itself (the same SHA-256 up the chain)
//! is not entered again. A child that fails never fails its parent.

use std::cell::Cell;
use std::time::Instant;

use sha2::{Digest, Sha256};

use crate::{
    Content, Document, Embedded, EmbeddedKind, Error, ErrorInfo, Options, Warning, extract_one,
};

/// What one top document has spent on its embedded files.
#[derive(Debug, Default)]
pub(crate) struct Budget {
    count: Cell<usize>,
    bytes: Cell<u64>,
    count_warned: Cell<bool>,
    bytes_warned: Cell<bool>,
}

impl Budget {
    /// How many more embedded files may be listed.
    pub fn remaining_count(&self, options: &Options) -> usize {
        options.embedded.max_count.saturating_sub(self.count.get())
    }

    /// How many more bytes of embedded files may be held.
    pub fn remaining_bytes(&self, options: &Options) -> u64 {
        options
            .embedded
            .max_total_bytes
            .saturating_sub(self.bytes.get())
    }
}

/// A SHA-256 digest.
type Digest32 = [u8; 32];

/// Extracts `bytes` and, unless turned off, every file embedded in it,
/// recursively. `chain` holds the digests of the enclosing documents.
pub(crate) fn extract_tree(
    bytes: &[u8],
    options: &Options,
    deadline: Option<Instant>,
    budget: &Budget,
    chain: &mut Vec<Digest32>,
) -> Result<Document, Error> {
    let mut doc = extract_one(bytes, options, deadline, budget)?;
    let mut pending = std::mem::take(&mut doc.pending);
    // Pictures are listed only when asked for: without them there may be
    // nothing to do, and no digest of the document is needed.
    if !options.embedded.images {
        pending.retain(|f| f.kind != EmbeddedKind::Image);
    }
    if !options.embedded.extract || pending.is_empty() {
        return Ok(doc);
    }
    // Children detect their own format and charset.
    let child_options = Options {
        format: None,
        content_type: None,
        ..options.clone()
    };
    let top = chain.is_empty();
    if top {
        // A file that contains itself has the parent's length: without such
        // a child the top document need not be hashed (the all-zero digest,
        // which no data has, keeps the depth count).
        let same_length = pending.iter().any(|f| f.data.len() == bytes.len());
        chain.push(if same_length { sha256(bytes) } else { [0; 32] });
    }
    for file in pending {
        if let Some(e) = embed(file, &mut doc, &child_options, deadline, budget, chain) {
            doc.embedded.push(e);
        }
    }
    if top {
        chain.pop();
    }
    Ok(doc)
}

/// Turns one file a layer found into an [`Embedded`] entry, extracting it
/// unless a limit, a cycle or its kind says not to; `None` when it is not
/// listed at all (a picture without `images`, or past the count limit).
fn embed(
    file: doc_model::EmbeddedFile,
    parent: &mut Document,
    options: &Options,
    deadline: Option<Instant>,
    budget: &Budget,
    chain: &mut Vec<Digest32>,
) -> Option<Embedded> {
    let limits = &options.embedded;
    if file.kind == EmbeddedKind::Image && !limits.images {
        return None;
    }
    if budget.count.get() >= limits.max_count {
        if !budget.count_warned.replace(true) {
            parent.warnings.push(Warning::new(
                "textract",
                format!(
                    "embedded files past {} (EmbeddedOptions::max_count) were skipped",
                    limits.max_count
                ),
            ));
        }
        return None;
    }
    let size = file.data.len() as u64;
    if budget.bytes.get().saturating_add(size) > limits.max_total_bytes {
        if !budget.bytes_warned.replace(true) {
            parent.warnings.push(Warning::new(
                "textract",
                format!(
                    "embedded files past {} bytes in all (EmbeddedOptions::max_total_bytes) were skipped",
                    limits.max_total_bytes
                ),
            ));
        }
        return None;
    }
    budget.count.set(budget.count.get() + 1);
    budget.bytes.set(budget.bytes.get() + size);

    let digest = sha256(&file.data);
    let mut entry = Embedded {
        path: file.path,
        name: file.name,
        kind: file.kind,
        media_type: file.media_type,
        size,
        sha256: hex(&digest),
        dimensions: None,
        content: Content::NotExtracted,
        data: None,
    };
    let not_entered = |why: String, parent: &mut Document| {
        parent.warnings.push(Warning::new("textract", why));
    };
    if file.kind == EmbeddedKind::Image {
        if entry.media_type.is_none() {
            entry.media_type = infer::get(&file.data).map(|k| k.mime_type().to_string());
        }
        entry.dimensions = image_dimensions(&file.data);
    } else if chain.contains(&digest) {
        not_entered(
            format!(
                "embedded file {} is the same file as a document that contains it; not entered again",
                entry.path
            ),
            parent,
        );
    } else if chain.len() > limits.max_depth {
        not_entered(
            format!(
                "embedded file {} is nested deeper than {} (EmbeddedOptions::max_depth); not extracted",
                entry.path, limits.max_depth
            ),
            parent,
        );
    } else if doc_model::deadline_passed(deadline) {
        not_entered(
            format!(
                "embedded file {} was not extracted: the deadline passed",
                entry.path
            ),
            parent,
        );
    } else {
        chain.push(digest);
        let result = extract_tree(&file.data, options, deadline, budget, chain);
        chain.pop();
        entry.content = match result {
            Ok(mut child) => {
                if entry.media_type.is_none() {
                    entry.media_type = Some(child.mime_type().to_string());
                }
                prefix_paths(&mut child, &entry.path);
                Content::Document(Box::new(child))
            }
            Err(e) => {
                if entry.media_type.is_none() {
                    entry.media_type = e.mime_type().map(str::to_string);
                }
                Content::Failed(ErrorInfo::from(&e))
            }
        };
    }
    if options.embedded.keep_bytes {
        entry.data = Some(file.data);
    }
    Some(entry)
}

/// Makes the paths of every file embedded in `doc`, at any depth (each
/// relative to `doc` once its own subtree was prefixed), start with `base`,
/// the path of `doc` itself.
fn prefix_paths(doc: &mut Document, base: &str) {
    for e in &mut doc.embedded {
        e.path.insert_str(0, base);
        if let Content::Document(child) = &mut e.content {
            prefix_paths(child, base);
        }
    }
}

/// SHA-256 of `data`.
pub(crate) fn sha256(data: &[u8]) -> Digest32 {
    Sha256::digest(data).into()
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// Width and height from an image header (PNG IHDR, GIF screen, JPEG SOF,
/// BMP info header), where it states them.
pub(crate) fn image_dimensions(data: &[u8]) -> Option<(u32, u32)> {
    let be16 = |at: usize| -> Option<u32> {
        Some(u32::from(u16::from_be_bytes([
            *data.get(at)?,
            *data.get(at + 1)?,
        ])))
    };
    let be32 = |at: usize| -> Option<u32> {
        Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
    };
    let le16 = |at: usize| -> Option<u32> {
        Some(u32::from(u16::from_le_bytes([
            *data.get(at)?,
            *data.get(at + 1)?,
        ])))
    };
    let le32 = |at: usize| -> Option<i32> {
        Some(i32::from_le_bytes(data.get(at..at + 4)?.try_into().ok()?))
    };
    if data.starts_with(b"\x89PNG\r\n\x1a\n") && data.get(12..16) == Some(b"IHDR") {
        return Some((be32(16)?, be32(20)?));
    }
    if data.starts_with(b"GIF8") {
        return Some((le16(6)?, le16(8)?));
    }
    if data.starts_with(b"BM") {
        return Some((le32(18)?.unsigned_abs(), le32(22)?.unsigned_abs()));
    }
    if data.starts_with(b"\xFF\xD8") {
        // Walk the JPEG markers to the first start-of-frame.
        let mut at = 2usize;
        while at + 4 <= data.len() {
            if *data.get(at)? != 0xFF {
                return None;
            }
            let marker = *data.get(at + 1)?;
            if marker == 0xFF {
                at += 1;
                continue;
            }
            let len = be16(at + 2)? as usize;
            let is_sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
            if is_sof {
                return Some((be16(at + 7)?, be16(at + 5)?));
            }
            at = at.checked_add(2 + len)?;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_lowercase_hex() {
        assert_eq!(
            hex(&sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn image_headers_give_dimensions() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&640u32.to_be_bytes());
        png.extend_from_slice(&480u32.to_be_bytes());
        assert_eq!(image_dimensions(&png), Some((640, 480)));
        let jpeg = b"\xFF\xD8\xFF\xE0\x00\x04ab\xFF\xC0\x00\x11\x08\x01\x00\x02\x00\x03";
        assert_eq!(image_dimensions(jpeg), Some((512, 256)));
        assert_eq!(image_dimensions(b"GIF89a\x0a\x00\x14\x00"), Some((10, 20)));
        assert_eq!(image_dimensions(b"\xFF\xD8\xFF"), None);
        assert_eq!(image_dimensions(b""), None);
    }
}
