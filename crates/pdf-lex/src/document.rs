//! The document: lazy object resolution over the xref, decryption, streams.

use std::borrow::Cow;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::crypt::{Method, SecurityHandler};
use crate::filters::decode_chain;
use crate::lexer::Lexer;
use crate::object::{Dict, ObjRef, Object, Stream};
use crate::xref::{self, Entry, Scan, Xref, filter_list};
use crate::{Error, Options, Warning};

/// A parsed object stream (§7.5.7): its decoded data and the object offsets.
struct ObjStm {
    data: Vec<u8>,
    /// (object number, offset in `data`) in stream order.
    index: Vec<(u32, usize)>,
}

/// A PDF file opened for reading. Objects are parsed when first asked for
/// and cached.
pub struct Document<'a> {
    data: &'a [u8],
    base: usize,
    xref: Xref,
    options: Options,
    scan: OnceCell<Scan>,
    cache: RefCell<HashMap<ObjRef, Arc<Object>>>,
    objstms: RefCell<HashMap<u32, Arc<ObjStm>>>,
    resolving: RefCell<HashSet<ObjRef>>,
    warnings: RefCell<Vec<Warning>>,
    /// Decoded stream bytes so far, against `max_document_stream_bytes`.
    decoded: Cell<u64>,
    security: Option<SecurityHandler>,
    encrypt_ref: Option<ObjRef>,
    encrypted: bool,
    rebuilt: bool,
}

impl std::fmt::Debug for Document<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Document")
            .field("len", &self.data.len())
            .field("objects", &self.xref.entries.len())
            .field("encrypted", &self.encrypted)
            .field("rebuilt", &self.rebuilt)
            .finish()
    }
}

impl<'a> Document<'a> {
    /// Opens a document with default options (the empty user password).
    pub fn open(data: &'a [u8]) -> Result<Self, Error> {
        Self::open_with(data, &Options::default())
    }

    /// Opens a document with a password and limits.
    pub fn open_with(data: &'a [u8], options: &Options) -> Result<Self, Error> {
        let base = xref::header_offset(data);
        if base.is_none() && memchr::memmem::find(data, b"obj").is_none() {
            return Err(Error::NotPdf);
        }
        let base = base.unwrap_or(0);
        let mut doc = Document {
            data,
            base,
            xref: Xref::default(),
            options: options.clone(),
            scan: OnceCell::new(),
            cache: RefCell::new(HashMap::new()),
            objstms: RefCell::new(HashMap::new()),
            resolving: RefCell::new(HashSet::new()),
            warnings: RefCell::new(Vec::new()),
            decoded: Cell::new(0),
            security: None,
            encrypt_ref: None,
            encrypted: false,
            rebuilt: false,
        };
        let mut notes = Vec::new();
        match xref::read_chain(data, base, &options.limits, &mut notes) {
            Ok(x) => doc.xref = x,
            Err(e) => {
                doc.warn(
                    crate::WarningKind::Xref,
                    None,
                    format!("xref unreadable ({e}); rebuilt by scanning the file"),
                );
                doc.rebuild();
            }
        }
        for n in notes {
            doc.warn(crate::WarningKind::Xref, None, n);
        }
        // Decryption first: a catalog inside an encrypted object stream can
        // only be checked once the stream can be decrypted.
        doc.setup_encryption()?;
        if !doc.rebuilt && !doc.root_ok() {
            doc.warn(
                crate::WarningKind::Xref,
                None,
                "xref does not lead to a catalog; rebuilt by scanning the file".into(),
            );
            doc.rebuild();
            if doc.security.is_none() {
                doc.setup_encryption()?;
            }
        }
        if !doc.root_ok() {
            // A file cut short (a half-downloaded paper) often loses the
            // catalog, which sits at the end, while most page objects
            // survive: read those (see `Document::pages`).
            if doc.rebuilt && doc.has_page_objects() {
                doc.warn(
                    crate::WarningKind::Xref,
                    None,
                    "no document catalog (/Root) found: the file is probably cut short; \
                     pages recovered from the page objects that survive"
                        .into(),
                );
            } else {
                return Err(Error::Corrupt("no document catalog (/Root) found".into()));
            }
        }
        Ok(doc)
    }

    /// Whether any object in the file names itself a page (`/Page` not
    /// followed by a name character), by a scan of the bytes; used only when
    /// the catalog is missing.
    fn has_page_objects(&self) -> bool {
        memchr::memmem::find_iter(self.data, b"/Page")
            .any(|at| !self.data.get(at + 5).is_some_and(u8::is_ascii_alphanumeric))
    }

    pub(crate) fn warn(&self, kind: crate::WarningKind, offset: Option<usize>, message: String) {
        let mut w = self.warnings.borrow_mut();
        if w.len() < 1000 {
            w.push(Warning::new(kind, message, offset.map(|o| o as u64)));
        }
    }

    /// `Err` once the deadline of [`crate::Limits::deadline`] has passed.
    pub(crate) fn check_deadline(&self) -> Result<(), Error> {
        match self.options.limits.deadline {
            Some(d) if std::time::Instant::now() >= d => Err(Error::LimitExceeded {
                what: "deadline",
                limit: 0,
            }),
            _ => Ok(()),
        }
    }

    fn scan(&self) -> &Scan {
        self.scan.get_or_init(|| xref::scan(self.data))
    }

    fn root_ok(&self) -> bool {
        match self.xref.trailer.get(b"Root") {
            Some(Object::Ref(r)) => self.get(*r).is_ok_and(|o| o.as_dict().is_some()),
            Some(Object::Dict(_)) => true,
            _ => false,
        }
    }

    /// Rebuilds the xref from a scan of the whole file (§7.5 recovery, as
    /// every viewer does it).
    fn rebuild(&mut self) {
        self.rebuilt = true;
        self.cache.borrow_mut().clear();
        self.objstms.borrow_mut().clear();
        let scan = self.scan();
        let mut entries = scan.objects.clone();
        let mut trailer = Dict::new();
        for t in scan.trailers.iter().rev() {
            if trailer.is_empty() && t.contains_key(b"Root") {
                trailer = t.clone();
            }
        }
        for t in scan.trailers.iter().rev() {
            for (k, v) in t.iter() {
                if !trailer.contains_key(k) && k != b"Prev" && k != b"XRefStm" {
                    trailer.insert(k.to_vec(), v.clone());
                }
            }
        }
        // Keep compressed entries of the old xref for objects the scan did not see.
        for (num, e) in &self.xref.entries {
            if matches!(e, Entry::Compressed { .. }) {
                entries.entry(*num).or_insert(*e);
            }
        }
        self.xref = Xref { entries, trailer };
        // Objects inside object streams, and a trailer from an xref stream or catalog.
        let mut nums: Vec<u32> = self.xref.entries.keys().copied().collect();
        nums.sort_unstable();
        let mut extra = Vec::new();
        let mut catalog = None;
        let mut xref_trailer: Option<Dict> = None;
        for num in nums.iter().take(self.options.limits.max_objects) {
            if self.check_deadline().is_err() {
                self.warn(
                    crate::WarningKind::Limit,
                    None,
                    "deadline reached while rebuilding the xref".into(),
                );
                break;
            }
            let Some(Entry::Offset { offset, .. }) = self.xref.entries.get(num).copied() else {
                continue;
            };
            let Ok((id, obj)) = self.parse_at(offset) else {
                continue;
            };
            match obj.as_dict().and_then(|d| d.get_name(b"Type")) {
                Some(b"ObjStm") => {
                    if let Ok(stm) = self.object_stream(id.num) {
                        for (i, (n, _)) in stm.index.iter().enumerate() {
                            extra.push((
                                *n,
                                Entry::Compressed {
                                    stream: id.num,
                                    index: i as u32,
                                },
                            ));
                        }
                    }
                }
                Some(b"XRef") if obj.as_dict().is_some_and(|d| d.contains_key(b"Root")) => {
                    xref_trailer = obj.as_dict().cloned();
                }
                Some(b"Catalog") => catalog = Some(id),
                _ => {}
            }
        }
        for (n, e) in extra {
            self.xref.entries.entry(n).or_insert(e);
        }
        if !self.xref.trailer.contains_key(b"Root")
            && let Some(t) = xref_trailer
        {
            for key in [&b"Root"[..], b"Info", b"ID", b"Encrypt"] {
                if let Some(v) = t.get(key) {
                    self.xref.trailer.insert(key.to_vec(), v.clone());
                }
            }
        }
        if !self.root_ok() {
            if catalog.is_none() {
                // A catalog inside an object stream.
                let mut compressed: Vec<u32> = self
                    .xref
                    .entries
                    .iter()
                    .filter(|(_, e)| matches!(e, Entry::Compressed { .. }))
                    .map(|(n, _)| *n)
                    .collect();
                compressed.sort_unstable();
                catalog = compressed.into_iter().find_map(|n| {
                    let r = ObjRef::new(n, 0);
                    let o = self.get(r).ok()?;
                    (o.as_dict()?.get_name(b"Type")? == b"Catalog").then_some(r)
                });
            }
            if let Some(c) = catalog {
                self.xref.trailer.insert(b"Root".to_vec(), Object::Ref(c));
            }
        }
        self.cache.borrow_mut().clear();
    }

    fn setup_encryption(&mut self) -> Result<(), Error> {
        let Some(enc) = self.xref.trailer.get(b"Encrypt").cloned() else {
            return Ok(());
        };
        self.encrypt_ref = enc.as_ref();
        // An unreadable /Encrypt is ignored, as viewers do: the data may well be plain.
        let dict = match self.resolve(&enc).map(Cow::into_owned) {
            Ok(Object::Dict(d)) => d,
            Ok(_) => {
                self.warn(
                    crate::WarningKind::Encryption,
                    None,
                    "/Encrypt is not a dictionary; ignored".into(),
                );
                return Ok(());
            }
            Err(e) => {
                self.warn(
                    crate::WarningKind::Encryption,
                    None,
                    format!("/Encrypt unreadable ({e}); ignored"),
                );
                return Ok(());
            }
        };
        self.encrypted = true;
        let id0 = match self.xref.trailer.get(b"ID") {
            Some(o) => self
                .resolve(o)?
                .as_array()
                .and_then(|a| a.first())
                .and_then(Object::as_string)
                .map(<[u8]>::to_vec),
            None => None,
        }
        .unwrap_or_default();
        let mut passwords: Vec<Vec<u8>> = Vec::new();
        if let Some(pw) = &self.options.password {
            passwords.push(pw.as_bytes().to_vec());
            // Revisions 2–4 take PDFDocEncoding (≈ Latin-1) bytes.
            if let Some(latin1) = pw
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect::<Option<Vec<u8>>>()
            {
                passwords.push(latin1);
            }
            passwords.push(crate::text::saslprep_lite(pw).into_bytes());
        }
        passwords.push(Vec::new());
        self.security = Some(SecurityHandler::new(&dict, &id0, &passwords)?);
        self.cache.borrow_mut().clear();
        self.objstms.borrow_mut().clear();
        Ok(())
    }

    /// The trailer dictionary (merged over incremental updates).
    pub fn trailer(&self) -> &Dict {
        &self.xref.trailer
    }

    /// The document catalog (§7.7.2).
    pub fn catalog(&self) -> Result<Dict, Error> {
        let root = self
            .xref
            .trailer
            .get(b"Root")
            .ok_or(Error::Corrupt("no /Root".into()))?;
        self.resolve(root)?
            .as_dict()
            .cloned()
            .ok_or(Error::Corrupt("/Root is not a dictionary".into()))
    }

    /// Whether the file has an `/Encrypt` dictionary (it opened, so the password worked).
    pub fn is_encrypted(&self) -> bool {
        self.encrypted
    }

    /// Whether the xref was rebuilt by scanning because it was missing or wrong.
    pub fn was_rebuilt(&self) -> bool {
        self.rebuilt
    }

    /// The warnings collected so far (damaged parts that were skipped or repaired).
    pub fn warnings(&self) -> Vec<Warning> {
        self.warnings.borrow().clone()
    }

    /// The options the document was opened with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The object `r` points to; a reference to a missing or free object is
    /// `null` (§7.3.10).
    pub fn get(&self, r: ObjRef) -> Result<Arc<Object>, Error> {
        if let Some(o) = self.cache.borrow().get(&r) {
            return Ok(Arc::clone(o));
        }
        self.check_deadline()?;
        {
            let mut active = self.resolving.borrow_mut();
            if active.contains(&r) {
                return Err(Error::Cycle(r));
            }
            if active.len() >= 64 {
                return Err(Error::LimitExceeded {
                    what: "nested object loads",
                    limit: 64,
                });
            }
            active.insert(r);
        }
        let result = self.load(r);
        self.resolving.borrow_mut().remove(&r);
        let obj = Arc::new(result?);
        let mut cache = self.cache.borrow_mut();
        if cache.len() < self.options.limits.max_objects {
            cache.insert(r, Arc::clone(&obj));
        }
        Ok(obj)
    }

    /// `obj` itself, or the object it refers to (following chains of references).
    pub fn resolve<'o>(&self, obj: &'o Object) -> Result<Cow<'o, Object>, Error> {
        let &Object::Ref(mut r) = obj else {
            return Ok(Cow::Borrowed(obj));
        };
        for _ in 0..32 {
            let o = self.get(r)?;
            match &*o {
                Object::Ref(next) => r = *next,
                other => return Ok(Cow::Owned(other.clone())),
            }
        }
        Err(Error::Cycle(r))
    }

    /// The value of `key` in `dict`, resolved; `None` when absent or null.
    pub fn dict_get(&self, dict: &Dict, key: &[u8]) -> Result<Option<Object>, Error> {
        match dict.get(key) {
            None => Ok(None),
            Some(o) => match self.resolve(o)?.into_owned() {
                Object::Null => Ok(None),
                v => Ok(Some(v)),
            },
        }
    }

    fn load(&self, r: ObjRef) -> Result<Object, Error> {
        let entry = self.xref.entries.get(&r.num).copied();
        match entry {
            Some(Entry::Offset { offset, .. }) => match self.parse_at_checked(offset, r) {
                Ok(o) => Ok(self.decrypt_object(r, o)),
                Err(e) => {
                    // A wrong offset: try the scan.
                    match self.scan().objects.get(&r.num).copied() {
                        Some(Entry::Offset { offset: o2, .. }) if o2 != offset => {
                            self.warn(
                                crate::WarningKind::Xref,
                                Some(offset),
                                format!("object {r} not at its xref offset ({e}); found by scan"),
                            );
                            let obj = self.parse_at_checked(o2, r)?;
                            Ok(self.decrypt_object(r, obj))
                        }
                        _ => Err(e),
                    }
                }
            },
            Some(Entry::Compressed { stream, index }) => {
                match self.load_compressed(r, stream, index) {
                    Ok(o) => Ok(o),
                    // An object stream that contains itself, or a broken one:
                    // the object may still be in the file body.
                    Err(e) => match self.scan().objects.get(&r.num).copied() {
                        Some(Entry::Offset { offset, .. })
                            if !matches!(e, Error::LimitExceeded { .. }) =>
                        {
                            self.warn(crate::WarningKind::Xref,
                                Some(offset),
                                format!("object {r} unreadable from object stream {stream} ({e}); found by scan"),
                            );
                            let obj = self.parse_at_checked(offset, r)?;
                            Ok(self.decrypt_object(r, obj))
                        }
                        _ => Err(e),
                    },
                }
            }
            Some(Entry::Free) => Ok(Object::Null),
            None => {
                if self.rebuilt {
                    return Ok(Object::Null);
                }
                match self.scan().objects.get(&r.num).copied() {
                    Some(Entry::Offset { offset, .. }) => {
                        self.warn(
                            crate::WarningKind::Xref,
                            Some(offset),
                            format!("object {r} missing from the xref; found by scan"),
                        );
                        let obj = self.parse_at_checked(offset, r)?;
                        Ok(self.decrypt_object(r, obj))
                    }
                    _ => Ok(Object::Null),
                }
            }
        }
    }

    fn parse_at(&self, offset: usize) -> Result<(ObjRef, Object), Error> {
        let mut lx = Lexer::new(self.data, offset);
        lx.max_depth = self.options.limits.max_depth;
        lx.parse_indirect(&|len_ref| self.get(len_ref).ok().and_then(|o| o.as_i64()))
    }

    fn parse_at_checked(&self, offset: usize, r: ObjRef) -> Result<Object, Error> {
        let try_at = |off: usize| -> Result<Object, Error> {
            if off >= self.data.len() {
                return Err(Error::Truncated {
                    what: "object offset beyond end of file",
                    offset: off,
                });
            }
            let (id, obj) = self.parse_at(off)?;
            if id.num != r.num {
                return Err(Error::Corrupt(format!(
                    "expected object {r} at offset {off}, found {id}"
                )));
            }
            Ok(obj)
        };
        match try_at(offset) {
            Ok(o) => Ok(o),
            Err(e) if self.base > 0 => try_at(offset + self.base).map_err(|_| e),
            Err(e) => Err(e),
        }
    }

    fn load_compressed(&self, r: ObjRef, stream: u32, index: u32) -> Result<Object, Error> {
        let stm = self.object_stream(stream)?;
        let (num, off) = stm
            .index
            .get(index as usize)
            .copied()
            .or_else(|| stm.index.iter().find(|(n, _)| *n == r.num).copied())
            .ok_or(Error::Corrupt(format!(
                "object stream {stream} has no entry {index}"
            )))?;
        if num != r.num {
            self.warn(
                crate::WarningKind::Xref,
                None,
                format!("object stream {stream} entry {index} is object {num}, not {r}"),
            );
        }
        let mut lx = Lexer::new(&stm.data, off);
        lx.max_depth = self.options.limits.max_depth;
        lx.parse_object()
    }

    fn object_stream(&self, num: u32) -> Result<Arc<ObjStm>, Error> {
        if let Some(s) = self.objstms.borrow().get(&num) {
            return Ok(Arc::clone(s));
        }
        let obj = self.get(ObjRef::new(num, 0)).or_else(|_| {
            // Generation of an object stream is always 0, but be lenient.
            match self.xref.entries.get(&num) {
                Some(Entry::Offset { generation, .. }) => self.get(ObjRef::new(num, *generation)),
                _ => Err(Error::Corrupt(format!("object stream {num} missing"))),
            }
        })?;
        let Object::Stream(s) = &*obj else {
            return Err(Error::Corrupt(format!(
                "object {num} is not an object stream"
            )));
        };
        let data = self.stream_data(s)?;
        let n = s
            .dict
            .get_i64(b"N")
            .unwrap_or(0)
            .clamp(0, self.options.limits.max_objects as i64) as usize;
        let first = usize::try_from(s.dict.get_i64(b"First").unwrap_or(0)).unwrap_or(0);
        let mut lx = Lexer::new(&data, 0);
        let mut index = Vec::with_capacity(n.min(65536));
        for _ in 0..n {
            let (Some(onum), Some(off)) = (lx.read_uint(), lx.read_uint()) else {
                break;
            };
            let (Ok(onum), Some(off)) = (
                u32::try_from(onum),
                usize::try_from(off).ok().and_then(|o| o.checked_add(first)),
            ) else {
                break;
            };
            index.push((onum, off));
        }
        let stm = Arc::new(ObjStm { data, index });
        self.objstms.borrow_mut().insert(num, Arc::clone(&stm));
        Ok(stm)
    }

    fn decrypt_object(&self, r: ObjRef, obj: Object) -> Object {
        let Some(sec) = &self.security else {
            return obj;
        };
        if Some(r) == self.encrypt_ref {
            return obj;
        }
        if let Object::Stream(s) = &obj
            && s.dict.get_name(b"Type") == Some(b"XRef")
        {
            return obj;
        }
        fn walk(o: &mut Object, sec: &SecurityHandler, r: ObjRef, depth: usize) {
            if depth > 64 {
                return;
            }
            match o {
                Object::String(s) => *s = sec.decrypt(r, sec.strings, s),
                Object::Array(a) => a.iter_mut().for_each(|x| walk(x, sec, r, depth + 1)),
                Object::Dict(d) => walk_dict(d, sec, r, depth),
                Object::Stream(s) => walk_dict(&mut s.dict, sec, r, depth),
                _ => {}
            }
        }
        fn walk_dict(d: &mut Dict, sec: &SecurityHandler, r: ObjRef, depth: usize) {
            for v in d.values_mut() {
                walk(v, sec, r, depth + 1);
            }
        }
        let mut obj = obj;
        walk(&mut obj, sec, r, 0);
        obj
    }

    /// The decoded (and decrypted) data of a stream. Decoding stops before an
    /// image filter (DCT, JPX, JBIG2, CCITT), whose input is returned. A
    /// damaged stream yields what was decoded and a warning.
    pub fn stream_data(&self, stream: &Stream) -> Result<Vec<u8>, Error> {
        self.check_deadline()?;
        let total = self.options.limits.max_document_stream_bytes;
        let left = total.saturating_sub(self.decoded.get());
        if left == 0 {
            return Err(Error::LimitExceeded {
                what: "decoded stream bytes per document",
                limit: total,
            });
        }
        let limit = self
            .options
            .limits
            .max_stream_bytes
            .min(usize::try_from(left).unwrap_or(usize::MAX));
        let mut filters = filter_list(self.dict_get(&stream.dict, b"Filter")?.as_ref());
        let mut parms = filter_list(self.dict_get(&stream.dict, b"DecodeParms")?.as_ref());
        for f in filters.iter_mut().chain(parms.iter_mut()) {
            if let Object::Ref(_) = f {
                *f = self.resolve(f)?.into_owned();
            }
        }
        let mut data = stream.raw.to_vec();
        if let (Some(sec), Some(id)) = (&self.security, stream.id) {
            let ty = stream.dict.get_name(b"Type");
            let mut method = sec.streams;
            if ty == Some(b"XRef") || (ty == Some(b"Metadata") && !sec.encrypt_metadata) {
                method = Method::Identity;
            }
            if filters.first().and_then(Object::as_name) == Some(b"Crypt") {
                let name = parms
                    .first()
                    .and_then(Object::as_dict)
                    .and_then(|d| d.get_name(b"Name"))
                    .unwrap_or(b"Identity");
                method = sec.named(name);
            }
            data = sec.decrypt(id, method, &data);
        }
        if filters.len() > 16 {
            return Err(Error::LimitExceeded {
                what: "filters on one stream",
                limit: 16,
            });
        }
        let decoded = match decode_chain(data, &filters, &parms, limit) {
            Ok(d) => d,
            Err(e) => {
                // A stream cut at the limit cost the limit's worth of work:
                // count it, or a shared oversized stream is inflated again
                // for every page that uses it.
                if matches!(e, Error::LimitExceeded { .. }) {
                    self.decoded
                        .set(self.decoded.get().saturating_add(limit as u64));
                }
                return Err(e);
            }
        };
        if decoded.data.len() as u64 > left {
            return Err(Error::LimitExceeded {
                what: "decoded stream bytes per document",
                limit: total,
            });
        }
        self.decoded
            .set(self.decoded.get().saturating_add(decoded.data.len() as u64));
        for w in decoded.warnings {
            self.warn(
                crate::WarningKind::Stream,
                None,
                format!(
                    "stream {}: {w}",
                    stream
                        .id
                        .map_or_else(|| "(direct)".into(), |r| r.to_string())
                ),
            );
        }
        Ok(decoded.data)
    }

    /// References of all objects in use, by object number (free entries left out).
    pub fn object_refs(&self) -> Vec<ObjRef> {
        let mut v: Vec<ObjRef> = self
            .xref
            .entries
            .iter()
            .filter_map(|(n, e)| match e {
                Entry::Free => None,
                Entry::Offset { generation, .. } => Some(ObjRef::new(*n, *generation)),
                Entry::Compressed { .. } => Some(ObjRef::new(*n, 0)),
            })
            .collect();
        v.sort_unstable();
        v
    }

    /// Number of objects the xref knows.
    pub fn object_count(&self) -> usize {
        self.xref.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file with no xref, built in the test; objects in `body` after a catalog.
    fn pdf(body: &str) -> Vec<u8> {
        format!("%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n{body}\ntrailer <</Root 1 0 R>>\n").into_bytes()
    }

    #[test]
    fn reference_cycle_is_an_error_not_a_hang() {
        let data = pdf(
            "2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj 5 0 obj 6 0 R endobj 6 0 obj 5 0 R endobj",
        );
        let doc = Document::open(&data).unwrap();
        assert!(doc.was_rebuilt());
        assert!(matches!(
            doc.resolve(&Object::Ref(ObjRef::new(5, 0))),
            Err(Error::Cycle(_))
        ));
        assert_eq!(doc.page_count(), 0);
    }

    #[test]
    fn past_deadline_object_loads_fail_with_limit_exceeded() {
        let data = pdf("2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj 5 0 obj (x) endobj");
        let mut options = Options::default();
        options.limits.deadline = Some(std::time::Instant::now());
        // Opening may already fail (the catalog cannot be loaded); either
        // way the error is the deadline, not a hang or a panic.
        match Document::open_with(&data, &options) {
            Err(e) => assert!(
                e.to_string().contains("limit") || e.to_string().contains("catalog"),
                "{e}"
            ),
            Ok(doc) => assert!(matches!(
                doc.get(ObjRef::new(5, 0)),
                Err(Error::LimitExceeded {
                    what: "deadline",
                    ..
                })
            )),
        }
    }

    #[test]
    fn decoded_bytes_per_document_are_capped() {
        let data = pdf(
            "2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj 5 0 obj <</Length 4>> stream\nabcd\nendstream endobj",
        );
        let mut options = Options::default();
        options.limits.max_document_stream_bytes = 6;
        let doc = Document::open_with(&data, &options).unwrap();
        let obj = doc.get(ObjRef::new(5, 0)).unwrap();
        let Object::Stream(s) = &*obj else {
            panic!("not a stream")
        };
        assert_eq!(doc.stream_data(s).unwrap(), b"abcd");
        // 4 of 6 bytes spent: the second read is cut by the limit.
        assert!(matches!(
            doc.stream_data(s),
            Err(Error::LimitExceeded { .. })
        ));
    }

    #[test]
    fn object_stream_that_contains_itself_falls_back_to_the_scan() {
        // Object 3 is an object stream whose index names object 3 itself;
        // the xref stream says so too. It must be read from the file body.
        let objstm = b"3 0 4 6 << >> 7";
        let mut f = b"%PDF-1.5\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj\n".to_vec();
        let at3 = f.len();
        f.extend_from_slice(
            format!(
                "3 0 obj <</Type/ObjStm/N 2/First 8/Length {}>> stream\n",
                objstm.len()
            )
            .as_bytes(),
        );
        f.extend_from_slice(objstm);
        f.extend_from_slice(b"\nendstream endobj\n");
        let xref_at = f.len();
        let at2 = f.windows(7).position(|w| w == b"2 0 obj").unwrap() as u32;
        let mut rows = Vec::new();
        for (t, a, b) in [
            (0u8, 0u32, 255u8),
            (1, 9, 0),
            (1, at2, 0),
            (2, 3, 0),
            (2, 3, 1),
            (1, xref_at as u32, 0),
        ] {
            rows.push(t);
            rows.extend_from_slice(&a.to_be_bytes());
            rows.push(b);
        }
        f.extend_from_slice(
            format!(
                "5 0 obj <</Type/XRef/Size 6/W[1 4 1]/Root 1 0 R/Length {}>> stream\n",
                rows.len()
            )
            .as_bytes(),
        );
        f.extend_from_slice(&rows);
        f.extend_from_slice(
            format!("\nendstream endobj\nstartxref\n{xref_at}\n%%EOF\n").as_bytes(),
        );
        let doc = Document::open(&f).unwrap();
        let three = doc.get(ObjRef::new(3, 0)).unwrap();
        assert!(matches!(&*three, Object::Stream(_)), "{three:?}");
        assert!(f.get(at3..).is_some());
        // Object 4 lives in stream 3 at offset 6 after /First.
        assert_eq!(doc.get(ObjRef::new(4, 0)).unwrap().as_i64(), Some(7));
    }

    #[test]
    fn pages_past_the_limit_are_dropped_with_a_warning() {
        let data = pdf(
            "2 0 obj <</Type/Pages/Kids[3 0 R 4 0 R 5 0 R]/Count 3>> endobj 3 0 obj <</Type/Page>> endobj 4 0 obj <</Type/Page>> endobj 5 0 obj <</Type/Page>> endobj",
        );
        let mut options = Options::default();
        options.limits.max_pages = 2;
        let doc = Document::open_with(&data, &options).unwrap();
        let pages = doc.pages().unwrap();
        assert_eq!(pages.len(), 2);
        assert!(
            doc.warnings()
                .iter()
                .any(|w| w.message.contains("max_pages"))
        );
    }

    #[test]
    fn a_stream_cut_at_its_limit_counts_against_the_document_budget() {
        // A stream over the per-stream limit, decoded again and again (a
        // content stream shared by pages): each attempt spends the limit.
        let data = pdf(
            "2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj 5 0 obj <</Length 17/Filter/ASCIIHexDecode>> stream\n6162636465666768>\nendstream endobj",
        );
        let mut options = Options::default();
        options.limits.max_stream_bytes = 4;
        options.limits.max_document_stream_bytes = 10;
        let doc = Document::open_with(&data, &options).unwrap();
        let obj = doc.get(ObjRef::new(5, 0)).unwrap();
        let Object::Stream(s) = &*obj else {
            panic!("not a stream")
        };
        for _ in 0..3 {
            assert!(matches!(
                doc.stream_data(s),
                Err(Error::LimitExceeded { .. })
            ));
        }
        // 3 × 4 bytes spent: now refused before any decoding.
        let err = doc.stream_data(s).unwrap_err();
        assert!(err.to_string().contains("per document"), "{err}");
    }

    #[test]
    fn missing_object_is_null() {
        let data = pdf("2 0 obj <</Type/Pages/Kids[]/Count 0>> endobj");
        let doc = Document::open(&data).unwrap();
        assert_eq!(*doc.get(ObjRef::new(99, 0)).unwrap(), Object::Null);
    }

    #[test]
    fn indirect_length_resolved_and_self_referencing_length_survives() {
        let data = pdf(
            "2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj 3 0 obj <</Type/Page/Contents 4 0 R>> endobj \
             4 0 obj <</Length 7 0 R>> stream\nq Q\nendstream endobj 7 0 obj 3 endobj \
             8 0 obj <</Length 8 0 R>> stream\nabc\nendstream endobj",
        );
        let doc = Document::open(&data).unwrap();
        let pages = doc.pages().unwrap();
        assert_eq!(doc.page_contents(&pages[0]).unwrap(), b"q Q");
        let o = doc.get(ObjRef::new(8, 0)).unwrap();
        assert_eq!(&*o.as_stream().unwrap().raw, b"abc");
    }

    #[test]
    fn not_a_pdf() {
        assert!(matches!(Document::open(b"hello world"), Err(Error::NotPdf)));
        assert!(Document::open(b"%PDF-1.4\n").is_err());
    }
}
