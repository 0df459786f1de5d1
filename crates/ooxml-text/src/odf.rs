//! OpenDocument (ODF 1.3 Part 2 packages, Part 3 schema): `content.xml`,
//! `styles.xml` and `meta.xml` of a zip package, or the one flat XML file
//! (`.fodt`/`.fods`/`.fodp`) holding all three; encrypted entries per
//! `META-INF/manifest.xml`; `Pictures/` and `Object N/` as embedded files.

mod body;
mod crypto;
mod master;
mod parts;
mod styles;
mod table;

use std::io::{Cursor, Write};

use doc_model::{EmbeddedKind, Part, PartKind};
use xml_tree::Element;

use crate::error::{Error, Warning, WarningKind};
use crate::package::{Package, parse_xml};
use crate::{Kind, Limits, OfficeDocument, Options, Out, meta};

use body::Walker;
use crypto::{Failure, Keys, Manifest};
use styles::Styles;

/// The kind a package's `mimetype` (or a flat file's `office:mimetype`) names.
fn kind_of_mimetype(m: &str) -> Option<Kind> {
    let rest = m
        .trim()
        .strip_prefix("application/vnd.oasis.opendocument.")?;
    let base = rest.split('-').next().unwrap_or(rest);
    Some(match base {
        "text" => Kind::Odt,
        "spreadsheet" | "chart" => Kind::Ods,
        "presentation" | "graphics" => Kind::Odp,
        _ => return None,
    })
}

/// The kind an `office:body` child stands for.
fn kind_of_body(name: &str) -> Option<Kind> {
    Some(match name {
        "text" => Kind::Odt,
        "spreadsheet" | "chart" => Kind::Ods,
        "presentation" | "drawing" => Kind::Odp,
        _ => return None,
    })
}

/// The entries of a package, decrypted when the manifest says so.
struct Entries<'p, 'a> {
    pkg: &'p mut Package<'a>,
    manifest: Manifest,
    keys: Keys,
    password: String,
    limits: Limits,
    warnings: Vec<Warning>,
}

impl Entries<'_, '_> {
    /// An entry's bytes, decrypted and inflated if it is encrypted;
    /// `None` (with a warning) when it is missing or does not decrypt.
    fn read(&mut self, name: &str) -> Option<Vec<u8>> {
        let data = self.pkg.read(name)?;
        let Some(enc) = self
            .manifest
            .entries
            .get(&name.to_lowercase())
            .and_then(|e| e.encryption.clone())
        else {
            return Some(data);
        };
        let compressed = data.len() as u64;
        match self.keys.decrypt(&self.password, &enc, data) {
            Ok(deflated) => {
                let cap = self.pkg.cap(compressed);
                let (plain, problem) =
                    crypto::inflate(&deflated, usize::try_from(cap).unwrap_or(usize::MAX));
                self.pkg.count(plain.len() as u64);
                if let Some(p) = problem {
                    let cut = plain.len() as u64 >= cap;
                    self.warnings.push(Warning::new(
                        if cut {
                            WarningKind::Limit
                        } else {
                            WarningKind::Package
                        },
                        format!(
                            "{name}: the decrypted entry {p}; the {} bytes inflated are kept",
                            plain.len()
                        ),
                        None,
                    ));
                }
                Some(plain)
            }
            Err(f) => {
                let why = match f {
                    Failure::WrongPassword => "does not decrypt with the password".to_string(),
                    Failure::Unsupported(m) | Failure::Damaged(m) => m,
                    Failure::Limit { what, limit } => {
                        format!("{what} exceeds the limit of {limit}")
                    }
                };
                self.warnings.push(Warning::new(
                    WarningKind::Package,
                    format!("{name}: {why}; left out"),
                    None,
                ));
                None
            }
        }
    }

    fn xml(&mut self, name: &str) -> Option<Element> {
        let data = self.read(name)?;
        Some(parse_xml(&data, name, &self.limits, &mut self.warnings))
    }

    fn media_type(&self, name: &str) -> Option<String> {
        self.manifest
            .entries
            .get(&name.to_lowercase())
            .and_then(|e| e.media_type.clone())
    }
}

/// Why an encrypted package is refused, as the crate's error.
fn refusal(format: &'static str, name: &str, f: Failure) -> Error {
    match f {
        Failure::WrongPassword => Error::Encrypted {
            format,
            password_given: true,
            detail: format!("the password does not decrypt {name}"),
        },
        Failure::Unsupported(m) => Error::Unsupported(format!("encrypted {format}: {m}")),
        Failure::Limit { what, limit } => Error::LimitExceeded { what, limit },
        Failure::Damaged(m) => Error::Corrupt(format!("encrypted {format}: {name}: {m}")),
    }
}

/// Refuses an encrypted package without a password that opens it.
fn check_password(entries: &mut Entries<'_, '_>, format: &'static str) -> Result<(), Error> {
    if entries.manifest.openpgp {
        return Err(openpgp(format));
    }
    let Some((name, enc)) = entries.manifest.probe() else {
        return Ok(());
    };
    let (name, enc) = (name.to_string(), enc.clone());
    enc.supported().map_err(|f| refusal(format, &name, f))?;
    let Some(password) = entries.password_given() else {
        return Err(Error::Encrypted {
            format,
            password_given: false,
            detail: format!(
                "its entries are encrypted ({} per manifest.xml) and no password was given",
                enc.describe()
            ),
        });
    };
    let Some(data) = entries.pkg.read(&name) else {
        return Err(Error::Corrupt(format!(
            "encrypted {format}: {name} unreadable"
        )));
    };
    if let Some(limit) = entries.pkg.last_cut() {
        return Err(Error::LimitExceeded {
            what: "an encrypted entry's bytes",
            limit,
        });
    }
    entries
        .keys
        .decrypt(&password, &enc, data)
        .map(|_| ())
        .map_err(|f| refusal(format, &name, f))
}

fn openpgp(format: &str) -> Error {
    Error::Unsupported(format!(
        "{format} encrypted for OpenPGP keys (manifest keyinfo, ODF 1.3) is not supported"
    ))
}

/// A package LibreOffice 24.2+ encrypted whole: `encrypted-package`
/// decrypted (AES-GCM, its tag checking the password), inflated under the
/// package limits, and read as the package it is.
fn read_wholesome(
    pkg: &mut Package<'_>,
    manifest: &Manifest,
    enc: &crypto::Encryption,
    kind: Option<Kind>,
    out: &mut Out,
) -> Result<Kind, Error> {
    const NAME: &str = "encrypted-package";
    let format = kind.unwrap_or(Kind::Odt).name();
    if manifest.openpgp {
        return Err(openpgp(format));
    }
    enc.supported().map_err(|f| refusal(format, NAME, f))?;
    let password = out.options.password.clone().unwrap_or_default();
    if password.is_empty() {
        return Err(Error::Encrypted {
            format,
            password_given: false,
            detail: format!(
                "the whole package is encrypted ({}, LibreOffice 24.2+) and no password was given",
                enc.describe()
            ),
        });
    }
    let data = pkg
        .read(NAME)
        .ok_or_else(|| Error::Corrupt(format!("encrypted {format}: {NAME} unreadable")))?;
    if let Some(limit) = pkg.last_cut() {
        return Err(Error::LimitExceeded {
            what: "an encrypted entry's bytes",
            limit,
        });
    }
    let compressed = data.len() as u64;
    let deflated = Keys::default()
        .decrypt(&password, enc, data)
        .map_err(|f| refusal(format, NAME, f))?;
    let cap = pkg.cap(compressed);
    let (plain, problem) = crypto::inflate(&deflated, usize::try_from(cap).unwrap_or(usize::MAX));
    drop(deflated);
    pkg.count(plain.len() as u64);
    if let Some(p) = problem {
        let cut = plain.len() as u64 >= cap;
        out.warn(
            if cut {
                WarningKind::Limit
            } else {
                WarningKind::Package
            },
            format!(
                "{NAME}: the decrypted package {p}; the {} bytes inflated are read",
                plain.len()
            ),
        );
    } else if let Some(size) = manifest.entries.get(NAME).and_then(|e| e.size)
        && size != plain.len() as u64
    {
        out.warn(
            WarningKind::Package,
            format!(
                "{NAME}: {} bytes decrypted, the manifest says {size}",
                plain.len()
            ),
        );
    }
    let mut limits = out.options.limits.clone();
    limits.max_total_bytes = pkg.remaining();
    let mut inner = Package::open(&plain, &limits).map_err(|e| {
        Error::Corrupt(format!(
            "encrypted {format}: the decrypted {NAME} is not a package ({e})"
        ))
    })?;
    let kind = read_package_at(&mut inner, out, Some(kind))?;
    out.warnings
        .splice(0..0, std::mem::take(&mut inner.warnings));
    Ok(kind)
}

impl Entries<'_, '_> {
    fn password_given(&self) -> Option<String> {
        (!self.password.is_empty()).then(|| self.password.clone())
    }
}

/// Reads an OpenDocument package.
pub(crate) fn read_package(pkg: &mut Package<'_>, out: &mut Out) -> Result<Kind, Error> {
    read_package_at(pkg, out, None)
}

/// Reads a package; `outer` for the one inside `encrypted-package`: the
/// kind the outer `mimetype` names, if any (a package encrypted whole
/// inside another is not unwrapped again).
fn read_package_at(
    pkg: &mut Package<'_>,
    out: &mut Out,
    outer: Option<Option<Kind>>,
) -> Result<Kind, Error> {
    let mimetype = pkg
        .read("mimetype")
        .map(|b| String::from_utf8_lossy(&b).trim().to_string());
    let manifest = pkg
        .xml("META-INF/manifest.xml")
        .map(|r| Manifest::read(&r))
        .unwrap_or_default();
    // Without a usable `mimetype` (OpenOffice.org 2.x and repacking tools
    // leave it out or deflate it), the manifest's root entry says what the
    // package is (Part 2 §3.2: `full-path="/"`).
    let mime_kind = mimetype
        .as_deref()
        .and_then(kind_of_mimetype)
        .or_else(|| {
            manifest
                .entries
                .get("/")
                .and_then(|e| e.media_type.as_deref())
                .and_then(kind_of_mimetype)
        })
        .or(outer.flatten());
    if outer.is_none()
        && pkg.has("encrypted-package")
        && let Some(enc) = manifest
            .entries
            .get("encrypted-package")
            .and_then(|e| e.encryption.clone())
    {
        return read_wholesome(pkg, &manifest, &enc, mime_kind, out);
    }
    let mut entries = Entries {
        pkg,
        manifest,
        keys: Keys::default(),
        password: out.options.password.clone().unwrap_or_default(),
        limits: out.options.limits.clone(),
        warnings: Vec::new(),
    };
    check_password(&mut entries, mime_kind.unwrap_or(Kind::Odt).name())?;
    let content = entries.xml("content.xml");
    let styles = entries.xml("styles.xml");
    let meta_root = entries.xml("meta.xml");
    let result = read_document(
        content.as_ref().and_then(|r| r.child("document-content")),
        styles.as_ref().and_then(|r| r.child("document-styles")),
        meta_root.as_ref().and_then(|r| r.child("document-meta")),
        mime_kind,
        out,
    );
    let kind = match result {
        Ok(k) => k,
        Err(e) => {
            // Not an OpenDocument body: a package of another kind with a
            // `mimetype` entry (EPUB, a bare zip), unless the mimetype is ODF's.
            match mimetype.as_deref() {
                Some(m) if m.starts_with("application/vnd.oasis.opendocument.") => Kind::Odt,
                _ => return Err(e),
            }
        }
    };
    drop(content);
    drop(styles);
    embedded(&mut entries, out);
    for w in entries.warnings {
        out.warn(w.kind, w.message);
    }
    Ok(kind)
}

/// Reads a flat OpenDocument XML file (`office:document`).
pub(crate) fn read_flat(data: &[u8], options: &Options) -> Result<OfficeDocument, Error> {
    let head = data.get(..data.len().min(64 << 10)).unwrap_or(data);
    let utf16 = head.starts_with(&[0xFF, 0xFE]) || head.starts_with(&[0xFE, 0xFF]);
    let namespace = b"urn:oasis:names:tc:opendocument:xmlns:office";
    if !utf16 && !head.windows(namespace.len()).any(|w| w == namespace) {
        return Err(Error::NotOffice(
            "neither a zip package nor OpenDocument XML".into(),
        ));
    }
    let mut out = Out::new(options);
    let mut warnings = Vec::new();
    let root = parse_xml(data, "flat XML", &options.limits, &mut warnings);
    let Some(doc) = root.child("document") else {
        return Err(Error::NotOffice(
            "XML without an office:document element".into(),
        ));
    };
    let mime_kind = doc.attr("mimetype").and_then(kind_of_mimetype);
    let kind = read_document(Some(doc), Some(doc), Some(doc), mime_kind, &mut out)?;
    for w in warnings.into_iter().rev() {
        out.warnings.insert(0, w);
    }
    Ok(out.finish(kind))
}

/// Reads the three documents (the same element in a flat file).
fn read_document(
    content: Option<&Element>,
    styles_doc: Option<&Element>,
    meta_doc: Option<&Element>,
    mime_kind: Option<Kind>,
    out: &mut Out,
) -> Result<Kind, Error> {
    let body = content
        .and_then(|c| c.child("body"))
        .and_then(|b| b.elements().find(|e| kind_of_body(&e.name).is_some()));
    let Some(kind) = mime_kind.or_else(|| body.and_then(|b| kind_of_body(&b.name))) else {
        return Err(Error::NotOffice(
            "no OpenDocument body (office:text, office:spreadsheet, office:presentation) and no OpenDocument mimetype".into(),
        ));
    };
    if let Some(m) = meta_doc.and_then(|m| m.child("meta")) {
        meta::read_odf(m, &mut out.metadata);
    }
    let common = styles_doc.and_then(|s| s.child("styles"));
    let mut body_styles = Styles::default();
    let mut page_styles = Styles::default();
    if let Some(c) = common {
        body_styles.add(c);
        page_styles.add(c);
    }
    if let Some(a) = content.and_then(|c| c.child("automatic-styles")) {
        body_styles.add(a);
    }
    if let Some(a) = styles_doc.and_then(|c| c.child("automatic-styles")) {
        page_styles.add(a);
    }
    let limits = out.options.limits.clone();
    let mut walker = Walker::new(&body_styles, &limits);
    walker.structure = out.options.structure;
    let mut parts = Vec::new();
    let mut spreadsheet = false;
    match body {
        Some(b) if b.name == "text" => {
            walker.blocks(b);
            parts.push(walker.b.finish_part(PartKind::Body));
            let notes = std::mem::take(&mut walker.notes);
            let (foot, end): (Vec<Part>, Vec<Part>) = notes
                .into_iter()
                .partition(|p| p.kind == PartKind::Footnote);
            parts.extend(foot);
            parts.extend(end);
        }
        Some(b) if b.name == "spreadsheet" => {
            spreadsheet = true;
            for t in b.elements().filter(|t| t.name == "table") {
                if walker.stopped() {
                    break;
                }
                parts.extend(walker.sheet_parts(t));
            }
        }
        Some(b) if b.name == "presentation" || b.name == "drawing" => {
            let pages = b.elements().filter(|p| p.name == "page");
            for (i, page) in pages.enumerate() {
                if walker.stopped() {
                    break;
                }
                parts.extend(walker.page_parts(page, i + 1));
            }
        }
        Some(b) => {
            // A chart (an embedded object's): its titles and data table.
            walker.blocks(b);
            parts.push(walker.b.finish_part(PartKind::Body));
        }
        None => {}
    }
    walker.close();
    let mut tail_comments = std::mem::take(&mut walker.comments);
    let mut tail_boxes = std::mem::take(&mut walker.text_boxes);
    let mut warnings = std::mem::take(&mut walker.warnings);
    let masters = styles_doc.and_then(|s| s.child("master-styles"));
    if let Some(b) = body.filter(|b| b.name == "presentation" || b.name == "drawing") {
        let mut pw = Walker::new(&page_styles, &limits);
        parts.extend(master::presentation_parts(b, masters, &mut pw));
        pw.close();
        tail_comments.append(&mut pw.comments);
        warnings.append(&mut pw.warnings);
    }
    if let Some(masters) = masters {
        let mut pw = Walker::new(&page_styles, &limits);
        let (headers, footers) = pw.headers_footers(masters, spreadsheet);
        pw.close();
        parts.extend(headers);
        parts.extend(footers);
        tail_comments.append(&mut pw.comments);
        tail_boxes.append(&mut pw.text_boxes);
        warnings.append(&mut pw.warnings);
    }
    parts.append(&mut tail_comments);
    for t in tail_boxes {
        parts.push(Part::from_blocks(PartKind::TextBox, t));
    }
    for p in parts {
        out.push(p);
    }
    for (k, m) in warnings {
        out.warn(k, m);
    }
    Ok(kind)
}

/// Pictures (`Pictures/`), binary OLE objects (`Object N` files) and
/// embedded documents (`Object N/` folders, re-packed as packages of their
/// own). `ObjectReplacements/` (pictures of the objects) and thumbnails
/// are left out.
fn embedded(entries: &mut Entries<'_, '_>, out: &mut Out) {
    let names: Vec<String> = entries.pkg.names().to_vec();
    let mut folders: Vec<String> = Vec::new();
    for name in &names {
        if let Some((folder, rest)) = name.split_once('/')
            && rest.eq_ignore_ascii_case("content.xml")
            && !is_package_internal(folder)
            && !folders.contains(&folder.to_string())
        {
            folders.push(folder.to_string());
        }
    }
    for name in &names {
        let lower = name.to_lowercase();
        if out.options.images && lower.starts_with("pictures/") {
            let media_type = entries.media_type(name);
            if let Some(data) = entries.read(name) {
                out.embed_data(name, EmbeddedKind::Image, data, media_type);
            }
        } else if out.options.embedded && !name.contains('/') && lower.starts_with("object ") {
            let media_type = entries
                .media_type(name)
                .filter(|t| t != "application/vnd.sun.star.oleobject");
            if let Some(data) = entries.read(name) {
                out.embed_data(name, EmbeddedKind::OleObject, data, media_type);
            }
        }
    }
    if !out.options.embedded {
        return;
    }
    for folder in folders {
        let prefix = format!("{}/", folder.to_lowercase());
        let mimetype = entries
            .media_type(&format!("{folder}/"))
            .or_else(|| {
                entries
                    .read(&format!("{folder}/mimetype"))
                    .map(|b| String::from_utf8_lossy(&b).trim().to_string())
            })
            .filter(|m| !m.is_empty());
        let mut files: Vec<(String, Vec<u8>)> = Vec::new();
        for name in &names {
            if !name.to_lowercase().starts_with(&prefix) {
                continue;
            }
            let inner = name.get(prefix.len()..).unwrap_or("").to_string();
            if inner.is_empty() || inner.eq_ignore_ascii_case("mimetype") {
                continue;
            }
            if let Some(data) = entries.read(name) {
                files.push((inner, data));
            }
        }
        match repack(mimetype.as_deref(), &files) {
            Ok(zip) => out.embed_data(&folder, EmbeddedKind::OleObject, zip, mimetype),
            Err(e) => out.warn(
                WarningKind::Package,
                format!("{folder}/: not re-packed ({e}); left out"),
            ),
        }
    }
}

/// The package's own folders (Part 2 §3, and what office suites add):
/// never an embedded document, whatever they hold.
fn is_package_internal(folder: &str) -> bool {
    [
        "META-INF",
        "Configurations2",
        "Thumbnails",
        "Pictures",
        "ObjectReplacements",
        "Basic",
        "Dialogs",
        "Scripts",
    ]
    .iter()
    .any(|f| folder.eq_ignore_ascii_case(f))
}

/// An embedded document's entries as a zip of their own: `mimetype`
/// first, every entry stored, fixed timestamps (the same bytes each time).
fn repack(mimetype: Option<&str>, files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    if let Some(m) = mimetype {
        w.start_file("mimetype", stored)
            .map_err(|e| e.to_string())?;
        w.write_all(m.as_bytes()).map_err(|e| e.to_string())?;
    }
    for (name, data) in files {
        w.start_file(name.as_str(), stored)
            .map_err(|e| e.to_string())?;
        w.write_all(data).map_err(|e| e.to_string())?;
    }
    w.finish()
        .map(|c| c.into_inner())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_mimetypes() {
        assert_eq!(
            kind_of_mimetype("application/vnd.oasis.opendocument.text-template"),
            Some(Kind::Odt)
        );
        assert_eq!(
            kind_of_mimetype("application/vnd.oasis.opendocument.graphics"),
            Some(Kind::Odp)
        );
        assert_eq!(kind_of_mimetype("application/epub+zip"), None);
    }

    #[test]
    fn repacked_objects_are_deterministic_zips() {
        let files = vec![("content.xml".to_string(), b"<x/>".to_vec())];
        let a = repack(Some("application/vnd.oasis.opendocument.chart"), &files).unwrap();
        let b = repack(Some("application/vnd.oasis.opendocument.chart"), &files).unwrap();
        assert_eq!(a, b);
        assert_eq!(&a[30..38], b"mimetype");
    }
}
