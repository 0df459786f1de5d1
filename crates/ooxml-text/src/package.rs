//! The zip package (ECMA-376 Part 2, Open Packaging Conventions; ODF 1.3
//! Part 3 §3): entry names normalised and matched case-insensitively,
//! `[Content_Types].xml`, relationship parts resolved relative to their
//! source part, every read bounded by per-part, total and ratio limits.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use xml_tree::Element;

use crate::error::{Error, Warning, WarningKind};
use crate::{Limits, check_deadline};

/// A relationship of a part (ECMA-376 Part 2 §9.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rel {
    /// `rId7`.
    pub id: String,
    /// The last segment of the type URI (`officeDocument`, `slide`,
    /// `header`), the same in transitional and strict namespaces.
    pub kind: String,
    /// The target part's name, resolved against the source part.
    pub target: String,
}

/// Where the parts come from.
enum Source<'a> {
    /// A zip whose central directory reads.
    Zip(zip::ZipArchive<Cursor<&'a [u8]>>),
    /// The entries recovered from the local file headers of a zip whose
    /// central directory is lost (a download cut short), inflated once.
    Salvaged(Vec<Vec<u8>>),
}

/// The first relationship of `kind`.
pub(crate) fn rel<'a>(rels: &'a [Rel], kind: &str) -> Option<&'a Rel> {
    rels.iter().find(|r| r.kind == kind)
}

/// An open package.
pub(crate) struct Package<'a> {
    source: Source<'a>,
    /// The entry names as the zip spells them, by index.
    raw: Vec<String>,
    /// Lower-cased name → entry index.
    index: HashMap<String, usize>,
    /// Normalised names in zip order, each once.
    names: Vec<String>,
    read_total: u64,
    /// The limit the last [`Package::read`] cut its entry at, if it did.
    last_cut: Option<u64>,
    limits: Limits,
    types: Option<ContentTypes>,
    pub warnings: Vec<Warning>,
}

/// What is left of the total, what `compressed` bytes may inflate to by
/// the ratio limit, and the least of those and the part limit.
fn caps(limits: &Limits, read_total: u64, compressed: u64) -> (u64, u64, u64) {
    let remaining = limits.max_total_bytes.saturating_sub(read_total);
    let by_ratio = compressed
        .saturating_mul(limits.max_ratio)
        .max(limits.ratio_floor);
    (
        remaining,
        by_ratio,
        limits.max_part_bytes.min(remaining).min(by_ratio),
    )
}

/// `/word/document.xml`, `word\document.xml` → `word/document.xml`.
fn normalise(name: &str) -> String {
    name.replace('\\', "/").trim_start_matches('/').to_string()
}

impl<'a> Package<'a> {
    /// Opens the zip and indexes its entries (count limited, unsafe and
    /// duplicate names dropped with a warning).
    pub fn open(data: &'a [u8], limits: &Limits) -> Result<Package<'a>, Error> {
        let mut warnings = Vec::new();
        let (source, raw) = match zip::ZipArchive::new(Cursor::new(data)) {
            Ok(zip) => {
                if zip.len() > limits.max_entries {
                    return Err(Error::LimitExceeded {
                        what: "zip entries",
                        limit: limits.max_entries as u64,
                    });
                }
                let raw = (0..zip.len())
                    .map(|i| zip.name_for_index(i).unwrap_or("").to_string())
                    .collect();
                (Source::Zip(zip), raw)
            }
            Err(e) => {
                let (raw, data, why) = salvage(data, limits);
                if raw.is_empty() {
                    return Err(Error::NotOffice(format!("zip unreadable: {e}")));
                }
                warnings.push(Warning::new(
                    WarningKind::Package,
                    format!(
                        "zip directory unreadable ({e}): {} entries recovered from their local headers{}",
                        raw.len(),
                        why.map_or(String::new(), |w| format!(", then {w}"))
                    ), None,
                ));
                (Source::Salvaged(data), raw)
            }
        };
        let mut index = HashMap::new();
        let mut names = Vec::new();
        for (idx, raw) in raw.iter().enumerate() {
            let name = normalise(raw);
            if name.is_empty() || name.ends_with('/') {
                continue;
            }
            if name.split('/').any(|s| s == ".." || s == ".") {
                warnings.push(Warning::new(
                    WarningKind::Package,
                    format!("entry {raw:?} has a relative path segment; left out"),
                    None,
                ));
                continue;
            }
            let key = name.to_lowercase();
            if index.contains_key(&key) {
                warnings.push(Warning::new(
                    WarningKind::Package,
                    format!("duplicate part name {name:?}; the first is read"),
                    None,
                ));
                continue;
            }
            index.insert(key, idx);
            names.push(name);
        }
        Ok(Package {
            source,
            raw,
            index,
            names,
            read_total: 0,
            last_cut: None,
            limits: limits.clone(),
            types: None,
            warnings,
        })
    }

    /// Every part name, in zip order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The part's name as the zip spells it (a relationship may differ in case).
    pub fn canonical(&self, name: &str) -> Option<&str> {
        let idx = *self.index.get(&normalise(name).to_lowercase())?;
        self.raw.get(idx).map(|n| n.trim_start_matches('/'))
    }

    /// The content type of a part (from `[Content_Types].xml`, read once).
    pub fn content_type(&mut self, name: &str) -> Option<String> {
        if self.types.is_none() {
            let t = self.content_types();
            self.types = Some(t);
        }
        self.types.as_ref()?.of(name).map(str::to_string)
    }

    /// Whether a part of this name exists (case-insensitive).
    pub fn has(&self, name: &str) -> bool {
        self.index.contains_key(&normalise(name).to_lowercase())
    }

    /// The zip entry's bytes, inflated under the limits: past a limit, what
    /// was read is kept with a warning; a damaged entry gives what inflated.
    pub fn read(&mut self, name: &str) -> Option<Vec<u8>> {
        self.last_cut = None;
        let idx = *self.index.get(&normalise(name).to_lowercase())?;
        if check_deadline(&self.limits).is_err() {
            self.warn_limit("the deadline passed; later parts are left out".into());
            return None;
        }
        let zip = match &mut self.source {
            Source::Zip(zip) => zip,
            Source::Salvaged(data) => return data.get(idx).cloned(),
        };
        let mut f = match zip.by_index(idx) {
            Ok(f) => f,
            Err(e) => {
                self.warnings.push(Warning::new(
                    WarningKind::Package,
                    format!("{name}: {e}; left out"),
                    None,
                ));
                return None;
            }
        };
        let declared = f.size();
        let compressed = f.compressed_size();
        let (remaining, by_ratio, cap) = caps(&self.limits, self.read_total, compressed);
        let mut out = Vec::with_capacity(declared.min(cap).min(1 << 24) as usize);
        let res = (&mut f).take(cap.saturating_add(1)).read_to_end(&mut out);
        drop(f);
        if let Err(e) = res {
            self.warnings.push(Warning::new(
                WarningKind::Package,
                format!("{name}: {e}; the {} bytes inflated are kept", out.len()),
                None,
            ));
        }
        if out.len() as u64 > cap {
            out.truncate(cap as usize);
            self.last_cut = Some(cap);
            let why = if cap == by_ratio {
                format!(
                    "{name} inflates past {} times its {compressed} compressed bytes",
                    self.limits.max_ratio
                )
            } else if cap == remaining {
                format!(
                    "the package inflates past {} bytes in all (at {name})",
                    self.limits.max_total_bytes
                )
            } else {
                format!("{name} inflates past {} bytes", self.limits.max_part_bytes)
            };
            self.warn_limit(format!("{why}; the rest is left out"));
        }
        self.read_total = self.read_total.saturating_add(out.len() as u64);
        Some(out)
    }

    /// The bytes all parts may still inflate to.
    pub fn remaining(&self) -> u64 {
        caps(&self.limits, self.read_total, 0).0
    }

    /// The most bytes `compressed` bytes may inflate to: the part limit,
    /// the ratio limit and what is left of the total.
    pub fn cap(&self, compressed: u64) -> u64 {
        caps(&self.limits, self.read_total, compressed).2
    }

    /// The limit the last [`Package::read`] cut its entry at, if it did:
    /// an encrypted entry cut short cannot decrypt, and must not be taken
    /// for a wrong password.
    pub fn last_cut(&self) -> Option<u64> {
        self.last_cut
    }

    /// Counts bytes inflated outside [`Package::read`] (decrypted entries)
    /// toward the total.
    pub fn count(&mut self, inflated: u64) {
        self.read_total = self.read_total.saturating_add(inflated);
    }

    /// A part parsed as XML under the depth and node limits; a syntax error
    /// keeps the tree before it, with a warning.
    pub fn xml(&mut self, name: &str) -> Option<Element> {
        let data = self.read(name)?;
        Some(parse_xml(&data, name, &self.limits, &mut self.warnings))
    }

    fn warn_limit(&mut self, message: String) {
        if !self.warnings.iter().any(|w| w.message == message) {
            self.warnings
                .push(Warning::new(WarningKind::Limit, message, None));
        }
    }

    /// The main part's relationships and tree; an unreadable main part is
    /// [`Error::Corrupt`].
    pub fn main_part(&mut self, main: &str) -> Result<(Vec<Rel>, Element), Error> {
        let rels = self.rels(main);
        let root = self
            .xml(main)
            .ok_or_else(|| Error::Corrupt(format!("main part {main} unreadable")))?;
        Ok((rels, root))
    }

    /// The relationships of `part` (`""` for the package's own), from its
    /// `_rels/<name>.rels`; external targets are left out.
    pub fn rels(&mut self, part: &str) -> Vec<Rel> {
        let part = normalise(part);
        let rels_name = match part.rsplit_once('/') {
            Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
            None if part.is_empty() => "_rels/.rels".to_string(),
            None => format!("_rels/{part}.rels"),
        };
        let Some(root) = self.xml(&rels_name) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let Some(list) = root.child("Relationships") else {
            return out;
        };
        for r in list.elements().filter(|e| e.name == "Relationship") {
            if r.attr("TargetMode")
                .is_some_and(|m| m.eq_ignore_ascii_case("External"))
            {
                continue;
            }
            let (Some(id), Some(ty), Some(target)) =
                (r.attr("Id"), r.attr("Type"), r.attr("Target"))
            else {
                continue;
            };
            out.push(Rel {
                id: id.to_string(),
                kind: ty.rsplit('/').next().unwrap_or(ty).to_string(),
                target: resolve(&part, target),
            });
        }
        out
    }

    /// The content type of `part` from `[Content_Types].xml`: its
    /// `Override`, else the `Default` of its extension.
    pub fn content_types(&mut self) -> ContentTypes {
        let mut ct = ContentTypes::default();
        let Some(root) = self.xml("[Content_Types].xml") else {
            return ct;
        };
        let Some(types) = root.child("Types") else {
            return ct;
        };
        for e in types.elements() {
            match (e.name.as_str(), e.attr("ContentType")) {
                ("Override", Some(t)) => {
                    if let Some(p) = e.attr("PartName") {
                        ct.overrides
                            .insert(normalise(&percent_decode(p)).to_lowercase(), t.to_string());
                    }
                }
                ("Default", Some(t)) => {
                    if let Some(x) = e.attr("Extension") {
                        ct.defaults.insert(x.to_lowercase(), t.to_string());
                    }
                }
                _ => {}
            }
        }
        ct
    }
}

/// The entries of a zip without its central directory, from the local
/// file headers in order, each inflated under the limits (an entry cut
/// short keeps what inflated); the reason reading stopped early, if any.
fn salvage(data: &[u8], limits: &Limits) -> (Vec<String>, Vec<Vec<u8>>, Option<String>) {
    let mut cur = Cursor::new(data);
    let (mut names, mut out) = (Vec::new(), Vec::new());
    let mut total = 0u64;
    loop {
        if names.len() >= limits.max_entries {
            return (
                names,
                out,
                Some(format!("the limit of {} entries", limits.max_entries)),
            );
        }
        let mut f = match zip::read::read_zipfile_from_stream(&mut cur) {
            Ok(Some(f)) => f,
            Ok(None) => return (names, out, None),
            Err(e) => return (names, out, Some(format!("an unreadable header ({e})"))),
        };
        let by_ratio = f
            .compressed_size()
            .saturating_mul(limits.max_ratio)
            .max(limits.ratio_floor);
        let cap = limits
            .max_part_bytes
            .min(limits.max_total_bytes.saturating_sub(total))
            .min(by_ratio);
        let mut buf = Vec::new();
        let res = (&mut f).take(cap).read_to_end(&mut buf);
        total = total.saturating_add(buf.len() as u64);
        names.push(f.name().to_string());
        out.push(buf);
        if let Err(e) = res {
            return (names, out, Some(format!("a damaged entry ({e})")));
        }
        if total >= limits.max_total_bytes {
            return (names, out, Some("the total size limit".into()));
        }
    }
}

/// `[Content_Types].xml`.
#[derive(Debug, Default)]
pub(crate) struct ContentTypes {
    overrides: HashMap<String, String>,
    defaults: HashMap<String, String>,
}

impl ContentTypes {
    /// The content type of `part`.
    pub fn of(&self, part: &str) -> Option<&str> {
        let key = normalise(part).to_lowercase();
        if let Some(t) = self.overrides.get(&key) {
            return Some(t);
        }
        let ext = key.rsplit_once('.')?.1;
        self.defaults.get(ext).map(String::as_str)
    }
}

/// Parses XML bytes under the limits, warnings on damage.
pub(crate) fn parse_xml(
    data: &[u8],
    name: &str,
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Element {
    // A UTF-16 part (rare, allowed by OPC) is re-encoded; quick-xml reads UTF-8.
    let utf8;
    let data = if data.starts_with(&[0xFF, 0xFE]) || data.starts_with(&[0xFE, 0xFF]) {
        let be = data.starts_with(&[0xFE, 0xFF]);
        let units = data[2..].chunks_exact(2).map(|c| {
            if be {
                u16::from_be_bytes([c[0], c[1]])
            } else {
                u16::from_le_bytes([c[0], c[1]])
            }
        });
        utf8 = char::decode_utf16(units)
            .map(|r| r.unwrap_or('\u{FFFD}'))
            .collect::<String>()
            .replacen("encoding=\"UTF-16\"", "encoding=\"UTF-8\"", 1)
            .into_bytes();
        &utf8[..]
    } else {
        data
    };
    let (root, error) = xml_tree::parse_bounded(data, limits.max_xml_depth, limits.max_xml_nodes);
    if let Some(e) = error {
        warnings.push(Warning::new(WarningKind::Xml, format!("{name}: {e}"), None));
    }
    root
}

/// `%20` → space in a part name or target.
fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && let Ok(v) = u8::from_str_radix(hex, 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A relationship target resolved against the source part's folder
/// (ECMA-376 Part 2 §9.3.3): `../media/image1.png` from
/// `word/document.xml` → `word/media/image1.png`; an absolute `/x` is
/// from the package root; `.` and `..` segments are folded, never above
/// the root; a `#fragment` is dropped.
pub(crate) fn resolve(source: &str, target: &str) -> String {
    let target = percent_decode(target.split('#').next().unwrap_or(""));
    let target = target.replace('\\', "/");
    let mut segs: Vec<&str> = Vec::new();
    if !target.starts_with('/')
        && let Some((dir, _)) = source.rsplit_once('/')
    {
        segs.extend(dir.split('/').filter(|s| !s.is_empty()));
    }
    for s in target.split('/') {
        match s {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    segs.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_resolve_against_their_source() {
        assert_eq!(
            resolve("word/document.xml", "media/a.png"),
            "word/media/a.png"
        );
        assert_eq!(
            resolve("ppt/slides/slide1.xml", "../media/a%20b.png"),
            "ppt/media/a b.png"
        );
        assert_eq!(resolve("", "word/document.xml"), "word/document.xml");
        assert_eq!(
            resolve("xl/workbook.xml", "/xl/worksheets/sheet1.xml"),
            "xl/worksheets/sheet1.xml"
        );
        assert_eq!(resolve("a/b.xml", "../../../../etc/passwd"), "etc/passwd");
        assert_eq!(resolve("a/b.xml", "c.xml#frag"), "a/c.xml");
    }
}
