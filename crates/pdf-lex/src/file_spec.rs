//! File specifications (ISO 32000-1 §7.11) and embedded file streams
//! (§7.11.4): the attachments of the `/EmbeddedFiles` name tree (§7.7.4)
//! and of `FileAttachment` annotations (§12.5.6.15).

use std::collections::HashSet;

use doc_model::{EmbeddedFile, EmbeddedKind};
use md5::{Digest, Md5};

use crate::annotation::PageAnnotation;
use crate::document::Document;
use crate::object::{Dict, ObjRef, Object};
use crate::text::{decode_text_string, pdf_date_to_rfc3339};

/// A file attached to the document.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Attachment {
    /// Where it sits in the document, as Tika writes
    /// `X-TIKA:embedded_resource_path`: `/` and its file name (the last
    /// component of [`Attachment::name`]).
    pub path: String,
    /// The file name as the file specification states it: `/UF`, else
    /// `/F`, `/Unix`, `/Mac`, `/DOS`, else the name-tree key, else
    /// `attachment<object number>`.
    pub name: String,
    /// `/Desc` of the file specification (or the annotation's `/Contents`).
    pub description: Option<String>,
    /// The embedded file's `/Subtype` as a media type (`application/pdf`).
    pub media_type: Option<String>,
    /// `/Params /Size`, the size the writer declared.
    pub declared_size: Option<u64>,
    /// `/Params /CreationDate`, as RFC 3339 where it parses.
    pub created: Option<String>,
    /// `/Params /ModDate`, as RFC 3339 where it parses.
    pub modified: Option<String>,
    /// The page of the `FileAttachment` annotation it came from, from 1;
    /// `None` for the `/EmbeddedFiles` name tree.
    pub page: Option<usize>,
    /// The embedded file stream's object.
    pub id: Option<ObjRef>,
    /// The file's bytes (the stream after its filters).
    pub data: Vec<u8>,
}

impl Attachment {
    /// As a [`doc_model::EmbeddedFile`] of kind
    /// [`EmbeddedKind::Attachment`] (the description and dates stay here).
    pub fn to_embedded_file(&self) -> EmbeddedFile {
        self.clone().into_embedded_file()
    }

    /// [`Attachment::to_embedded_file`] without copying the bytes.
    pub fn into_embedded_file(self) -> EmbeddedFile {
        let f =
            EmbeddedFile::new(self.path, EmbeddedKind::Attachment, self.data).with_name(self.name);
        match self.media_type {
            Some(m) => f.with_media_type(m),
            None => f,
        }
    }
}

/// Caps shared by everything one call returns: files and total bytes.
pub(crate) struct Budget {
    pub files_left: usize,
    pub max_files: usize,
    pub bytes_left: u64,
    pub max_bytes: u64,
    /// Whether the limit warning was given already.
    pub warned: bool,
}

impl Budget {
    /// At most `max_files` files and `bytes_left` of the `max_bytes` bytes.
    pub fn new(max_files: usize, bytes_left: u64, max_bytes: u64) -> Budget {
        Budget {
            files_left: max_files,
            max_files,
            bytes_left,
            max_bytes,
            warned: false,
        }
    }

    /// Takes one file of `len` bytes; `false` (with one warning per call
    /// site) when a cap is reached.
    pub fn take(&mut self, doc: &Document<'_>, len: usize, what: &str, limit: &str) -> bool {
        if self.files_left == 0 {
            if !self.warned {
                self.warned = true;
                doc.warn(
                    crate::WarningKind::Attachment,
                    None,
                    format!(
                        "more than {} {what}; the rest skipped (Limits::{limit})",
                        self.max_files
                    ),
                );
            }
            return false;
        }
        if len as u64 > self.bytes_left {
            doc.warn(crate::WarningKind::Attachment,
                None,
                format!(
                    "a {what} of {len} bytes would pass the {} bytes of embedded files per document; skipped (Limits::max_embedded_bytes)",
                    self.max_bytes
                ),
            );
            return false;
        }
        self.files_left -= 1;
        self.bytes_left -= len as u64;
        true
    }
}

/// The file name of a file specification (§7.11.2, §7.11.3): `/UF` first.
fn file_name(doc: &Document<'_>, spec: &Dict) -> Option<String> {
    for key in [&b"UF"[..], b"F", b"Unix", b"Mac", b"DOS"] {
        if let Ok(Some(Object::String(s))) = doc.dict_get(spec, key) {
            let name = decode_text_string(&s).trim_end_matches('\0').to_string();
            if !name.trim().is_empty() {
                return Some(name);
            }
        }
    }
    None
}

/// The last component of a file name (`/`, `\` and `:` separate them in
/// the file-specification forms of §7.11.2).
fn base_name(name: &str) -> &str {
    name.rsplit(['/', '\\', ':'])
        .find(|c| !c.trim().is_empty())
        .unwrap_or("")
}

/// A `/Subtype` name as a media type: `type/subtype`, lower case; `None`
/// when it does not look like one.
fn media_type(name: &[u8]) -> Option<String> {
    // The lexer undoes `#2F`; a writer that escaped twice leaves it.
    let s = String::from_utf8_lossy(name)
        .replace("#2F", "/")
        .replace("#2f", "/")
        .to_ascii_lowercase();
    let (ty, sub) = s.split_once('/')?;
    let ok = |p: &str| {
        !p.is_empty()
            && p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    };
    (ok(ty) && ok(sub)).then_some(s)
}

fn date(doc: &Document<'_>, params: &Dict, key: &[u8]) -> Option<String> {
    match doc.dict_get(params, key).ok()?? {
        Object::String(s) => {
            let s = decode_text_string(&s);
            Some(pdf_date_to_rfc3339(&s).unwrap_or(s))
        }
        _ => None,
    }
}

/// Collects attachments into `out`, skipping embedded file streams already
/// in `seen`.
pub(crate) struct Collector<'d, 'a> {
    pub doc: &'d Document<'a>,
    pub seen: HashSet<ObjRef>,
    pub out: Vec<Attachment>,
}

impl Collector<'_, '_> {
    /// The attachment a file specification (`spec`, maybe a reference)
    /// names; `key` is its name-tree key, `page` its annotation's page.
    pub fn add(
        &mut self,
        spec: &Object,
        key: Option<&[u8]>,
        page: Option<usize>,
        fallback_description: Option<String>,
        budget: &mut Budget,
    ) {
        let doc = self.doc;
        let spec = match doc.resolve(spec) {
            Ok(o) => o.into_owned(),
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Attachment,
                    None,
                    format!("a file specification is unreadable ({e}); skipped"),
                );
                return;
            }
        };
        // A string file specification names a file outside the document.
        let Some(spec) = spec.as_dict() else {
            return;
        };
        let ef = match doc.dict_get(spec, b"EF") {
            Ok(Some(Object::Dict(d))) => d,
            _ => return,
        };
        let Some(stream_obj) = [&b"UF"[..], b"F", b"Unix", b"Mac", b"DOS"]
            .iter()
            .find_map(|k| ef.get(k).cloned())
        else {
            return;
        };
        let id = stream_obj.as_ref();
        if let Some(r) = id
            && self.seen.contains(&r)
        {
            return;
        }
        let stream = match doc.resolve(&stream_obj) {
            Ok(o) => match o.as_stream() {
                Some(s) => s.clone(),
                None => {
                    doc.warn(
                        crate::WarningKind::Attachment,
                        None,
                        "an embedded file is not a stream; skipped".into(),
                    );
                    return;
                }
            },
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Attachment,
                    None,
                    format!("an embedded file is unreadable ({e}); skipped"),
                );
                return;
            }
        };
        let name = file_name(doc, spec)
            .or_else(|| key.map(decode_text_string).filter(|k| !k.trim().is_empty()))
            .unwrap_or_else(|| format!("attachment{}", id.map_or(0, |r| r.num)));
        let data = match doc.stream_data(&stream) {
            Ok(d) => d,
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Attachment,
                    None,
                    format!("attachment {name:?}: its stream could not be decoded ({e}); skipped"),
                );
                return;
            }
        };
        if !budget.take(doc, data.len(), "attachments", "max_attachments") {
            return;
        }
        if let Some(r) = id {
            self.seen.insert(r);
        }
        let params = match doc.dict_get(&stream.dict, b"Params") {
            Ok(Some(Object::Dict(d))) => d,
            _ => Dict::new(),
        };
        let declared_size = doc
            .dict_get(&params, b"Size")
            .ok()
            .flatten()
            .and_then(|s| s.as_i64())
            .and_then(|s| u64::try_from(s).ok());
        if let Some(size) = declared_size
            && size != data.len() as u64
        {
            doc.warn(
                crate::WarningKind::Attachment,
                None,
                format!(
                    "attachment {name:?}: /Params /Size says {size} bytes, the stream holds {}",
                    data.len()
                ),
            );
        }
        if let Ok(Some(Object::String(sum))) = doc.dict_get(&params, b"CheckSum")
            && sum.len() == 16
            && Md5::digest(&data).as_slice() != sum.as_slice()
        {
            doc.warn(
                crate::WarningKind::Attachment,
                None,
                format!("attachment {name:?}: its MD5 differs from /Params /CheckSum"),
            );
        }
        let base = base_name(&name);
        let path = if base.is_empty() {
            format!("/attachment{}", id.map_or(0, |r| r.num))
        } else {
            format!("/{base}")
        };
        let description = match doc.dict_get(spec, b"Desc") {
            Ok(Some(Object::String(s))) => {
                Some(decode_text_string(&s)).filter(|d| !d.trim().is_empty())
            }
            _ => None,
        }
        .or(fallback_description);
        self.out.push(Attachment {
            path,
            name,
            description,
            media_type: stream.dict.get_name(b"Subtype").and_then(media_type),
            declared_size,
            created: date(doc, &params, b"CreationDate"),
            modified: date(doc, &params, b"ModDate"),
            page,
            id,
            data,
        });
    }
}

/// The attachments of the `/EmbeddedFiles` name tree, then those of the
/// `FileAttachment` annotations in `annots`.
pub(crate) fn attachments(
    doc: &Document<'_>,
    annots: &[PageAnnotation],
    budget: &mut Budget,
) -> Vec<Attachment> {
    let mut c = Collector {
        doc,
        seen: HashSet::new(),
        out: Vec::new(),
    };
    let limits = &doc.options().limits;
    let root = doc.catalog().ok().and_then(|catalog| {
        let names = doc.dict_get(&catalog, b"Names").ok()??;
        names.as_dict()?.get(b"EmbeddedFiles").cloned()
    });
    if let Some(root) = root {
        // One entry past the budget, so that the budget's warning is given
        // (the walk's own truncation is that limit: not reported twice).
        let max_entries = budget.files_left.saturating_add(1);
        let tree =
            crate::name_tree::walk(doc, &root, "/EmbeddedFiles", max_entries, limits.max_depth);
        for issue in tree.issues {
            doc.warn(crate::WarningKind::Attachment, None, issue);
        }
        for (key, spec) in &tree.entries {
            if doc.check_deadline().is_err() {
                doc.warn(
                    crate::WarningKind::Attachment,
                    None,
                    "deadline reached while reading attachments; the rest skipped".into(),
                );
                return c.out;
            }
            c.add(spec, Some(key), None, None, budget);
        }
        if tree.truncated && budget.files_left > 0 {
            // Entries were skipped as duplicates or unreadable, so the
            // budget did not run out, but the walk stopped at it.
            doc.warn(crate::WarningKind::Attachment,
                None,
                format!(
                    "/EmbeddedFiles name tree has more than {max_entries} entries; the rest skipped (Limits::max_attachments)"
                ),
            );
        }
    }
    for a in annots {
        if a.dict.get_name(b"Subtype") != Some(b"FileAttachment") {
            continue;
        }
        if doc.check_deadline().is_err() {
            doc.warn(
                crate::WarningKind::Attachment,
                None,
                "deadline reached while reading attachments; the rest skipped".into(),
            );
            break;
        }
        let Some(fs) = a.dict.get(b"FS") else {
            continue;
        };
        let contents = crate::annotation::text_value(doc, &a.dict, b"Contents");
        c.add(fs, None, Some(a.page), contents, budget);
    }
    c.out
}

impl Document<'_> {
    /// The attached files: the `/EmbeddedFiles` name tree in key order,
    /// then `FileAttachment` annotations page by page. An embedded file
    /// stream reached twice is returned once. Bounded by
    /// [`crate::Limits::max_attachments`] and
    /// [`crate::Limits::max_embedded_bytes`], with a warning.
    pub fn attachments(&self) -> Vec<Attachment> {
        let pages = self.pages().unwrap_or_default();
        let limits = &self.options().limits;
        let annots = crate::annotation::page_annotations(self, &pages, limits.max_parts);
        let mut budget = Budget::new(
            limits.max_attachments,
            limits.max_embedded_bytes,
            limits.max_embedded_bytes,
        );
        attachments(self, &annots, &mut budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_media_types() {
        assert_eq!(base_name("C:\\Users\\a\\report.xls"), "report.xls");
        assert_eq!(base_name("docs/a.pdf"), "a.pdf");
        assert_eq!(base_name("plain.txt"), "plain.txt");
        assert_eq!(base_name("dir/"), "dir");
        assert_eq!(
            media_type(b"application/pdf").as_deref(),
            Some("application/pdf")
        );
        assert_eq!(media_type(b"text#2FPlain").as_deref(), Some("text/plain"));
        assert_eq!(media_type(b"pdf"), None);
        assert_eq!(media_type(b"a/b c"), None);
    }

    #[test]
    fn name_tree_and_annotation_share_one_stream() {
        let data = b"%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 2 0 R/Names<</EmbeddedFiles<</Names[(k) 5 0 R (k2) 8 0 R]>>>>>> endobj\n\
2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n3 0 obj <</Type/Page/Parent 2 0 R/Annots[7 0 R]>> endobj\n\
5 0 obj <</Type/Filespec/F(old.txt)/UF<FEFF00E9002E007400780074>/Desc(A note)/EF<</F 6 0 R>>>> endobj\n\
6 0 obj <</Type/EmbeddedFile/Subtype/text#2Fplain/Params<</Size 5/ModDate(D:20240102)/CheckSum<00>>>/Length 5>> stream\nhello\nendstream endobj\n\
7 0 obj <</Subtype/FileAttachment/FS 5 0 R/Contents(dup)>> endobj\n\
8 0 obj <</Type/Filespec/EF<</F 9 0 R>>>> endobj\n\
9 0 obj <</Length 3/Params<</Size 4>>>> stream\nabc\nendstream endobj\n\
trailer <</Root 1 0 R>>\n";
        let d = Document::open(data).unwrap();
        let a = d.attachments();
        assert_eq!(a.len(), 2, "{a:?}");
        assert_eq!(a[0].name, "é.txt");
        assert_eq!(a[0].path, "/é.txt");
        assert_eq!(a[0].media_type.as_deref(), Some("text/plain"));
        assert_eq!(a[0].description.as_deref(), Some("A note"));
        assert_eq!(a[0].modified.as_deref(), Some("2024-01-02T00:00:00Z"));
        assert_eq!(a[0].declared_size, Some(5));
        assert_eq!(a[0].data, b"hello");
        assert_eq!(a[1].name, "k2");
        assert_eq!(a[1].data, b"abc");
        assert!(
            d.warnings()
                .iter()
                .any(|w| w.message.contains("says 4 bytes"))
        );
        let e = a[0].to_embedded_file();
        assert_eq!(e.kind, EmbeddedKind::Attachment);
        assert_eq!(e.media_type.as_deref(), Some("text/plain"));
    }
}
