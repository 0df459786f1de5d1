//! HWPX (OWPML, KS X 6101) packages and HWPML files: the zip's `mimetype`,
//! `Contents/content.hpf` (OPF: metadata, manifest and the spine that
//! orders the sections), `Contents/header.xml` (numberings, bullets,
//! paragraph properties) and `Contents/sectionN.xml`; HWPML's single XML
//! file (`<HWPML>`: `HEAD`/`DOCSUMMARY`, `BODY`/`SECTION`) is mapped onto
//! the same element names. Elements are matched by local name, so the 2011
//! Hancom namespaces (`http://www.hancom.co.kr/hwpml/2011/paragraph`) and
//! the 2024 owpml.org ones read alike.

use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read};

use doc_model::{EmbeddedFile, EmbeddedKind, Metadata};

use crate::chars::{map_bullet, push_char};
use crate::error::{Error, Warning, WarningKind};
use crate::numbering::{advance, expand_format, format_number};
use crate::section::{Budget, Memo, Stories, cell_text, end_line, flush};
use crate::{HwpDetails, HwpDocument, HwpKind, Limits, Options};
use xml_tree::{Element, Node, parse as parse_xml};

/// The `mimetype` of an HWPX package.
pub const MIMETYPE: &[u8] = b"application/hwp+zip";

/// Whether `data` is a zip whose first entry is a stored `mimetype` of
/// `application/hwp+zip` (the package convention), or failing that, a zip
/// holding `Contents/content.hpf` with such a `mimetype` anywhere.
pub fn is_hwpx(data: &[u8]) -> bool {
    // Local file header: name length at 26, extra length at 28, name at 30.
    let name_len = usize::from(crate::bytes::u16_at(data, 26).unwrap_or(0));
    let extra_len = usize::from(crate::bytes::u16_at(data, 28).unwrap_or(0));
    if data.get(30..30 + name_len) == Some(b"mimetype".as_slice()) {
        let at = 30 + name_len + extra_len;
        if let Some(body) = data.get(at..at + MIMETYPE.len()) {
            return body == MIMETYPE;
        }
    }
    let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(data)) else {
        return false;
    };
    let Ok(mut f) = zip.by_name("mimetype") else {
        return false;
    };
    let mut head = Vec::new();
    let _ = (&mut f).take(64).read_to_end(&mut head);
    head.trim_ascii() == MIMETYPE
}

/// Reads one zip entry under the limits; damage and the cap give what was read.
fn read_entry(
    zip: &mut zip::ZipArchive<Cursor<&[u8]>>,
    name: &str,
    limit: usize,
    warnings: &mut Vec<Warning>,
) -> Option<Vec<u8>> {
    let mut f = match zip.by_name(name) {
        Ok(f) => f,
        Err(_) => return None,
    };
    let declared = f.size();
    let compressed = f.compressed_size().max(1);
    let mut out = Vec::with_capacity((declared as usize).min(limit).min(1 << 24));
    let res = (&mut f).take(limit as u64 + 1).read_to_end(&mut out);
    if let Err(e) = res {
        warnings.push(Warning::new(
            WarningKind::Container,
            format!("{name}: {e}; {} bytes kept", out.len()),
            None,
        ));
    }
    if out.len() > limit {
        out.truncate(limit);
        warnings.push(Warning::new(
            WarningKind::Limit,
            format!(
                "{name} inflates past {limit} bytes ({declared} declared from {compressed} compressed); the rest is left out"
            ), None,
        ));
    }
    Some(out)
}

/// Reads an HWPX package.
pub fn read(data: &[u8], options: &Options) -> Result<HwpDocument, Error> {
    let limits = &options.limits;
    let mut warnings = Vec::new();
    let mut zip = zip::ZipArchive::new(Cursor::new(data))
        .map_err(|e| Error::Corrupt(format!("HWPX zip unreadable: {e}")))?;
    if zip.len() > limits.max_zip_entries {
        return Err(Error::LimitExceeded {
            what: "zip entries",
            limit: limits.max_zip_entries as u64,
        });
    }
    let names: Vec<String> = zip.file_names().map(str::to_string).collect();
    match read_entry(&mut zip, "mimetype", 64, &mut warnings) {
        Some(m) if m.trim_ascii() == MIMETYPE => {}
        Some(m) => {
            return Err(Error::NotHwp(format!(
                "zip mimetype is {:?}, not application/hwp+zip",
                String::from_utf8_lossy(&m)
            )));
        }
        None if names
            .iter()
            .any(|n| n.eq_ignore_ascii_case("Contents/content.hpf")) =>
        {
            warnings.push(Warning::new(
                WarningKind::Container,
                "no mimetype entry; read as HWPX for its Contents/content.hpf",
                None,
            ));
        }
        None => return Err(Error::NotHwp("zip without an HWPX mimetype".into())),
    }
    let mut total = 0usize;
    let budget = |n: usize, total: &mut usize| {
        *total = total.saturating_add(n);
        limits
            .max_stream_bytes
            .min(limits.max_total_bytes.saturating_sub(*total))
    };

    // content.hpf: metadata, manifest, spine.
    let hpf_name = names
        .iter()
        .find(|n| n.eq_ignore_ascii_case("Contents/content.hpf"))
        .cloned();
    let mut metadata = Metadata::default();
    let mut sections: Vec<String> = Vec::new();
    let mut manifest: Vec<(String, String, String)> = Vec::new();
    if let Some(name) = &hpf_name {
        let lim = budget(0, &mut total);
        if let Some(bytes) = read_entry(&mut zip, name, lim, &mut warnings) {
            budget(bytes.len(), &mut total);
            let (root, err) = parse_xml(&bytes, limits.max_depth);
            if let Some(e) = err {
                warnings.push(Warning::new(WarningKind::Xml, format!("{name}: {e}"), None));
            }
            if let Some(pkg) = root.child("package") {
                metadata = opf_metadata(pkg);
                if let Some(m) = pkg.child("manifest") {
                    for item in m.elements().filter(|e| e.name == "item") {
                        manifest.push((
                            item.attr("id").unwrap_or_default().to_string(),
                            item.attr("href").unwrap_or_default().to_string(),
                            item.attr("media-type").unwrap_or_default().to_string(),
                        ));
                    }
                }
                if let Some(spine) = pkg.child("spine") {
                    for r in spine.elements().filter(|e| e.name == "itemref") {
                        let id = r.attr("idref").unwrap_or_default();
                        if let Some((_, href, _)) = manifest.iter().find(|(i, _, _)| i == id)
                            && is_section_name(href)
                        {
                            sections.push(resolve(href, &names));
                        }
                    }
                }
            }
        }
    } else {
        warnings.push(Warning::new(
            WarningKind::Container,
            "no Contents/content.hpf; sections are taken in the order of their numbers",
            None,
        ));
    }
    if sections.is_empty() {
        let mut found: Vec<(u64, String)> = names
            .iter()
            .filter(|n| is_section_name(n))
            .filter_map(|n| {
                let file = n.rsplit('/').next()?;
                let num = file
                    .strip_prefix("section")?
                    .strip_suffix(".xml")?
                    .parse()
                    .ok()?;
                Some((num, n.clone()))
            })
            .collect();
        found.sort();
        if hpf_name.is_some() && !found.is_empty() {
            warnings.push(Warning::new(
                WarningKind::Container,
                "the content.hpf spine lists no section; sections are taken in the order of their numbers", None,
            ));
        }
        sections = found.into_iter().map(|(_, n)| n).collect();
    }
    if sections.len() > limits.max_sections {
        warnings.push(Warning::new(
            WarningKind::Limit,
            format!(
                "{} sections, only the first {} are read",
                sections.len(),
                limits.max_sections
            ),
            None,
        ));
        sections.truncate(limits.max_sections);
    }

    // header.xml: numbering, bullets, paragraph heads.
    let mut defs = Defs::default();
    if let Some(name) = names
        .iter()
        .find(|n| n.eq_ignore_ascii_case("Contents/header.xml"))
        .cloned()
    {
        let lim = budget(0, &mut total);
        if let Some(bytes) = read_entry(&mut zip, &name, lim, &mut warnings) {
            budget(bytes.len(), &mut total);
            let (root, err) = parse_xml(&bytes, limits.max_depth);
            if let Some(e) = err {
                warnings.push(Warning::new(WarningKind::Xml, format!("{name}: {e}"), None));
            }
            defs = Defs::from_header(&root);
        }
    }

    let mut r = Render::new(&defs, limits);
    let mut body = String::new();
    for name in &sections {
        if r.budget.truncated {
            break;
        }
        let lim = budget(0, &mut total);
        let Some(bytes) = read_entry(&mut zip, name, lim, &mut warnings) else {
            warnings.push(Warning::new(
                WarningKind::Container,
                format!("{name} is in the spine but not in the package"),
                None,
            ));
            continue;
        };
        budget(bytes.len(), &mut total);
        let (root, err) = parse_xml(&bytes, limits.max_depth);
        if let Some(e) = err {
            warnings.push(Warning::new(WarningKind::Xml, format!("{name}: {e}"), None));
        }
        for sec in root.elements() {
            body.push_str(&r.section(sec));
        }
    }
    warnings.append(&mut r.warnings);

    // Pictures and other binary items of the package.
    let mut embedded = Vec::new();
    for n in &names {
        let lower = n.to_ascii_lowercase();
        if !lower.starts_with("bindata/") || n.ends_with('/') {
            continue;
        }
        if embedded.len() >= limits.max_embedded {
            warnings.push(crate::error::embedded_limit(limits.max_embedded));
            break;
        }
        let lim = budget(0, &mut total);
        let Some(bytes) = read_entry(&mut zip, n, lim, &mut warnings) else {
            continue;
        };
        budget(bytes.len(), &mut total);
        let media = manifest
            .iter()
            .find(|(_, h, _)| h.eq_ignore_ascii_case(n))
            .map(|(_, _, m)| m.clone())
            .filter(|m| !m.is_empty());
        let ole = lower.ends_with(".ole");
        let kind = if ole {
            EmbeddedKind::OleObject
        } else {
            EmbeddedKind::Image
        };
        let data = if ole {
            match bytes.get(4..) {
                Some(b) if b.starts_with(&ole_cfb_read::SIGNATURE) => b.to_vec(),
                _ => bytes,
            }
        } else {
            bytes
        };
        let file_name = n.rsplit('/').next().unwrap_or(n).to_string();
        let mut f = EmbeddedFile::new(format!("/{n}"), kind, data).with_name(file_name);
        if let Some(m) = media {
            f = f.with_media_type(m);
        }
        embedded.push(f);
    }

    let version = names
        .iter()
        .find(|n| n.eq_ignore_ascii_case("version.xml"))
        .cloned()
        .and_then(|n| read_entry(&mut zip, &n, 1 << 16, &mut warnings))
        .map(|b| {
            let (root, _) = parse_xml(&b, 8);
            root.elements()
                .next()
                .map(|v| {
                    ["major", "minor", "micro", "buildNumber"]
                        .iter()
                        .map(|k| v.attr(k).unwrap_or("0"))
                        .collect::<Vec<_>>()
                        .join(".")
                })
                .unwrap_or_default()
        })
        .unwrap_or_default();
    Ok(crate::document(
        HwpDetails {
            kind: HwpKind::Hwpx,
            version,
            flags: Vec::new(),
        },
        r.stories.into_parts(body),
        metadata,
        embedded,
        warnings,
    ))
}

/// Reads an HWPML file (one XML document).
pub fn read_hwpml(data: &[u8], options: &Options) -> Result<HwpDocument, Error> {
    let limits = &options.limits;
    let mut warnings = Vec::new();
    let text = decode_xml(data);
    let (mut root, err) = parse_xml(text.as_bytes(), limits.max_depth);
    if let Some(e) = err {
        warnings.push(Warning::new(WarningKind::Xml, e, None));
    }
    rename_hwpml(&mut root);
    let hwpml = root
        .child("HWPML")
        .ok_or_else(|| Error::NotHwp("no HWPML root element".into()))?;
    let mut metadata = Metadata::default();
    if let Some(sum) = hwpml.child("HEAD").and_then(|h| h.child("DOCSUMMARY")) {
        let get = |n: &str| {
            sum.child(n)
                .map(|e| e.text().trim().to_string())
                .filter(|s| !s.is_empty())
        };
        metadata.title = get("TITLE");
        metadata.author = get("AUTHOR");
        metadata.subject = get("SUBJECT");
        metadata.keywords = get("KEYWORDS");
        metadata.created = get("DATE");
    }
    let defs = Defs::default();
    let mut r = Render::new(&defs, limits);
    let mut body = String::new();
    if let Some(b) = hwpml.child("body") {
        for sec in b.elements() {
            body.push_str(&r.section(sec));
        }
    }
    warnings.append(&mut r.warnings);
    Ok(crate::document(
        HwpDetails {
            kind: HwpKind::Hwpml,
            version: hwpml.attr("Version").unwrap_or_default().to_string(),
            flags: Vec::new(),
        },
        r.stories.into_parts(body),
        metadata,
        Vec::new(),
        warnings,
    ))
}

/// HWPML is UTF-8 or, as its declaration says, UTF-16.
fn decode_xml(data: &[u8]) -> String {
    if data.starts_with(&[0xFF, 0xFE]) {
        return crate::bytes::utf16(&data[2..]);
    }
    if data.starts_with(&[0xFE, 0xFF]) {
        let swapped: Vec<u8> = data[2..]
            .chunks_exact(2)
            .flat_map(|c| [c[1], c[0]])
            .collect();
        return crate::bytes::utf16(&swapped);
    }
    let head = String::from_utf8_lossy(data.get(..data.len().min(200)).unwrap_or_default())
        .to_ascii_lowercase();
    if head.contains("euc-kr") || head.contains("ks_c_5601") || head.contains("cp949") {
        return encoding_rs::EUC_KR.decode(data).0.into_owned();
    }
    String::from_utf8_lossy(data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data)).into_owned()
}

/// HWPML's upper-case element names mapped onto OWPML's local names.
fn rename_hwpml(e: &mut Element) {
    let new = match e.name.as_str() {
        "BODY" => "body",
        "SECTION" => "sec",
        "P" => "p",
        "TEXT" => "run",
        "CHAR" => "t",
        "TAB" => "tab",
        "LINEBREAK" => "lineBreak",
        "TABLE" => "tbl",
        "ROW" => "tr",
        "CELL" => "tc",
        "PARALIST" => "subList",
        "HEADER" => "header",
        "FOOTER" => "footer",
        "FOOTNOTE" => "footNote",
        "ENDNOTE" => "endNote",
        "HIDDENCOMMENT" => "hiddenComment",
        "EQUATION" => "equation",
        "SCRIPT" => "script",
        "RECTANGLE" => "rect",
        "ELLIPSE" => "ellipse",
        "POLYGON" => "polygon",
        "DRAWTEXT" => "drawText",
        "CAPTION" => "caption",
        "CONTAINER" => "container",
        "PICTURE" => "pic",
        "AUTONUM" => "autoNum",
        _ => "",
    };
    if !new.is_empty() {
        e.name = new.to_string();
    }
    for a in &mut e.attrs {
        match a.0.as_str() {
            "ColAddr" => a.0 = "colAddr".into(),
            "RowAddr" => a.0 = "rowAddr".into(),
            _ => {}
        }
    }
    for c in &mut e.children {
        if let Node::Element(ch) = c {
            rename_hwpml(ch);
        }
    }
}

fn is_section_name(href: &str) -> bool {
    let file = href.rsplit('/').next().unwrap_or(href).to_ascii_lowercase();
    file.starts_with("section") && file.ends_with(".xml")
}

/// A spine href (relative to the package root, sometimes to `Contents/`)
/// as the name of a zip entry.
fn resolve(href: &str, names: &[String]) -> String {
    let href = href.trim_start_matches('/');
    for candidate in [href.to_string(), format!("Contents/{href}")] {
        if let Some(n) = names.iter().find(|n| n.eq_ignore_ascii_case(&candidate)) {
            return n.clone();
        }
    }
    href.to_string()
}

/// OPF metadata of content.hpf.
fn opf_metadata(pkg: &Element) -> Metadata {
    let mut m = Metadata::default();
    let Some(md) = pkg.child("metadata") else {
        return m;
    };
    let clean = |s: String| Some(s.trim().to_string()).filter(|s| !s.is_empty());
    for e in md.elements() {
        match e.name.as_str() {
            "title" => m.title = clean(e.text()),
            "language" => m.language = clean(e.text()),
            "meta" => {
                let v = clean(e.text());
                match e
                    .attr("name")
                    .unwrap_or_default()
                    .to_ascii_lowercase()
                    .as_str()
                {
                    "creator" => m.author = v,
                    "subject" => m.subject = v,
                    "keyword" | "keywords" => m.keywords = v,
                    "lastsaveby" => m.last_author = v,
                    "createddate" => m.created = v,
                    "modifieddate" => m.modified = v,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    m
}

/// A number format name of OWPML (`DIGIT`, `HANGUL_SYLLABLE`, …) as the
/// HWP 5.0 number shape code.
fn shape_code(name: &str) -> u32 {
    match name {
        "CIRCLED_DIGIT" => 1,
        "ROMAN_CAPITAL" => 2,
        "ROMAN_SMALL" => 3,
        "LATIN_CAPITAL" => 4,
        "LATIN_SMALL" => 5,
        "CIRCLED_LATIN_CAPITAL" => 6,
        "CIRCLED_LATIN_SMALL" => 7,
        "HANGUL_SYLLABLE" => 8,
        "CIRCLED_HANGUL_SYLLABLE" => 9,
        "HANGUL_JAMO" => 10,
        "CIRCLED_HANGUL_JAMO" => 11,
        "HANGUL_PHONETIC" => 12,
        "IDEOGRAPH" => 13,
        "CIRCLED_IDEOGRAPH" => 14,
        "DECAGON_CIRCLE" => 15,
        "DECAGON_CIRCLE_HANJA" => 16,
        _ => 0,
    }
}

/// Numbering and bullet definitions of header.xml.
#[derive(Debug, Default)]
struct Defs {
    /// numbering id → per level (1-based index - 1): (format, shape, start).
    numberings: HashMap<String, Vec<(String, u32, u32)>>,
    bullets: HashMap<String, char>,
    /// paraPr id → (heading type, idRef, level).
    heads: HashMap<String, (String, String, usize)>,
    /// Ids of the header's `trackChange` entries of type `Delete`.
    deletions: HashSet<String>,
}

impl Defs {
    fn from_header(root: &Element) -> Defs {
        let mut d = Defs::default();
        let mut list = Vec::new();
        root.find_all("numbering", &mut list);
        for n in list {
            let mut levels: Vec<(String, u32, u32)> = Vec::new();
            for h in n.elements().filter(|e| e.name == "paraHead") {
                let level: usize = h
                    .attr("level")
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(levels.len() + 1);
                if level == 0 || level > 10 {
                    continue;
                }
                if levels.len() < level {
                    levels.resize(level, (String::new(), 0, 1));
                }
                levels[level - 1] = (
                    h.text(),
                    shape_code(h.attr("numFormat").unwrap_or("DIGIT")),
                    h.attr("start")
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(1)
                        .max(1),
                );
            }
            d.numberings
                .insert(n.attr("id").unwrap_or_default().to_string(), levels);
        }
        let mut list = Vec::new();
        root.find_all("bullet", &mut list);
        for b in list {
            if let Some(c) = b.attr("char").and_then(|s| s.chars().next()) {
                d.bullets
                    .insert(b.attr("id").unwrap_or_default().to_string(), map_bullet(c));
            }
        }
        let mut list = Vec::new();
        root.find_all("trackChange", &mut list);
        for t in list {
            if t.attr("type") == Some("Delete")
                && let Some(id) = t.attr("id")
            {
                d.deletions.insert(id.to_string());
            }
        }
        let mut list = Vec::new();
        root.find_all("paraPr", &mut list);
        for p in list {
            let mut heading = Vec::new();
            p.find_all("heading", &mut heading);
            if let Some(h) = heading.first() {
                d.heads.insert(
                    p.attr("id").unwrap_or_default().to_string(),
                    (
                        h.attr("type").unwrap_or("NONE").to_string(),
                        h.attr("idRef").unwrap_or("0").to_string(),
                        h.attr("level").and_then(|l| l.parse().ok()).unwrap_or(0),
                    ),
                );
            }
        }
        d
    }
}

/// Renders section XML: paragraphs, runs, controls, tables, shapes.
struct Render<'d> {
    defs: &'d Defs,
    limits: &'d Limits,
    stories: Stories,
    warnings: Vec<Warning>,
    counters: HashMap<String, [u32; 10]>,
    outline: String,
    budget: Budget,
    /// `Id`s of the section's tracked deletions that can be applied: a
    /// `deleteBegin` before its `deleteEnd`, its `TcId` a `Delete` of the header.
    deletions: HashSet<String>,
    /// The deletions open at this point of the text.
    open: Vec<String>,
    /// A `deleteEnd paraend="1"` was met in this paragraph: its break is deleted.
    break_deleted: bool,
    track_warned: bool,
}

impl<'d> Render<'d> {
    fn new(defs: &'d Defs, limits: &'d Limits) -> Render<'d> {
        Render {
            defs,
            limits,
            stories: Stories::default(),
            warnings: Vec::new(),
            counters: HashMap::new(),
            outline: "1".into(),
            budget: Budget::default(),
            deletions: HashSet::new(),
            open: Vec::new(),
            break_deleted: false,
            track_warned: false,
        }
    }

    /// Renders a section element: its paragraphs, with the tracked
    /// deletions that can be applied left out (the others are kept, warned
    /// once).
    fn section(&mut self, sec: &Element) -> String {
        let mut begins: HashMap<String, Option<String>> = HashMap::new();
        // Document order: walk once, remembering which ids began.
        let mut order = Vec::new();
        walk_marks(sec, &mut order);
        self.deletions.clear();
        let mut bad = false;
        for (name, id, tc) in order {
            match name {
                "deleteBegin" => {
                    begins.insert(id, tc);
                }
                _ => match begins.remove(&id) {
                    Some(tc) if tc.as_ref().is_some_and(|t| self.defs.deletions.contains(t)) => {
                        self.deletions.insert(id);
                    }
                    _ => bad = true,
                },
            }
        }
        if !begins.is_empty() {
            bad = true;
        }
        if bad && !self.track_warned {
            self.track_warned = true;
            self.warnings.push(Warning::new(
                WarningKind::TrackChange,
                "tracked-deletion marks without their pair or without a Delete entry in header.xml; their text is kept", None,
            ));
        }
        self.open.clear();
        let text = self.list(sec, 0);
        self.open.clear();
        text
    }

    fn stop(&mut self) -> bool {
        self.budget.exhausted(self.limits, &mut self.warnings)
    }

    /// The paragraphs (`p`) among the children of `container`, one line each.
    fn list(&mut self, container: &Element, depth: u32) -> String {
        let mut out = String::new();
        if self.budget.too_deep(depth, self.limits, &mut self.warnings) {
            return out;
        }
        // The previous paragraph's break was deleted (tracked): this one
        // continues its line.
        let mut joined = false;
        for e in container.elements() {
            if self.stop() {
                break;
            }
            match e.name.as_str() {
                "p" => {
                    let before = out.len();
                    joined = self.paragraph(e, depth, joined, &mut out);
                    self.budget.produced += out.len() - before;
                }
                "subList" => out.push_str(&self.list(e, depth + 1)),
                // KS X 6101's memos: `memogroup/memo/paraList/p`.
                "memogroup" => {
                    for m in e.elements().filter(|m| m.name == "memo") {
                        let mut text = String::new();
                        for l in m.elements().filter(|l| l.name == "paraList") {
                            text.push_str(&self.list(l, depth + 1));
                        }
                        self.memo(m.attr("id").map(str::to_string), None, text);
                    }
                }
                _ => {}
            }
        }
        if joined && !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// Keeps a memo with text as a [`Memo`].
    fn memo(&mut self, name: Option<String>, author: Option<String>, text: String) {
        let text = text.trim_end();
        if !text.is_empty() {
            self.stories.memos.push(Memo {
                name: name.filter(|n| !n.is_empty()),
                author: author.filter(|a| !a.is_empty()),
                text: text.to_string(),
            });
        }
    }

    fn head(&mut self, p: &Element) -> Option<String> {
        let id = p.attr("paraPrIDRef")?;
        let (kind, id_ref, level) = self.defs.heads.get(id)?.clone();
        match kind.as_str() {
            "BULLET" => self.defs.bullets.get(&id_ref).map(|c| c.to_string()),
            "NUMBER" | "OUTLINE" => {
                let nid = if kind == "OUTLINE" {
                    self.outline.clone()
                } else {
                    id_ref
                };
                let levels = self.defs.numberings.get(&nid)?;
                let level = level.min(9);
                let counters = self.counters.entry(nid).or_insert([0; 10]);
                let numbers = advance(counters, level, |k| levels.get(k).map_or(1, |l| l.2));
                let shapes: Vec<u32> = levels.iter().map(|l| l.1).collect();
                let s = expand_format(&levels.get(level)?.0, &numbers, &shapes);
                (!s.is_empty()).then_some(s)
            }
            _ => None,
        }
    }

    /// Renders paragraph `p` into `out`: one line ended by `\n`, or left
    /// open (returns `true`) when a tracked deletion takes its break — one
    /// still open at its end, or a `deleteEnd` with `paraend="1"`. A
    /// `joined` paragraph continues the previous line without a head.
    fn paragraph(&mut self, p: &Element, depth: u32, joined: bool, out: &mut String) -> bool {
        let mut line = String::new();
        if !joined && let Some(h) = self.head(p) {
            line.push_str(&h);
            line.push(' ');
        }
        let head_len = line.len();
        let mut block = false;
        self.break_deleted = false;
        self.inline(p, depth, &mut line, out, &mut block);
        let break_deleted = self.break_deleted || !self.open.is_empty();
        self.break_deleted = false;
        end_line(&line, head_len, block, break_deleted, out)
    }

    /// The content of a paragraph or run: text, controls, objects.
    fn inline(
        &mut self,
        e: &Element,
        depth: u32,
        line: &mut String,
        out: &mut String,
        block: &mut bool,
    ) {
        for n in &e.children {
            let Node::Element(c) = n else { continue };
            match c.name.as_str() {
                "run" | "ctrl" => self.inline(c, depth, line, out, block),
                "t" => self.text(c, line),
                // Hancom's memos: the MEMO field holds the memo's paragraphs.
                "fieldBegin" if c.attr("type") == Some("MEMO") => {
                    let param = |name: &str| {
                        c.child("parameters").and_then(|ps| {
                            ps.elements()
                                .find(|q| q.attr("name") == Some(name))
                                .map(|q| q.text().trim().to_string())
                        })
                    };
                    let mut text = String::new();
                    for l in c.elements().filter(|l| l.name == "subList") {
                        text.push_str(&self.list(l, depth + 1));
                    }
                    let name = param("Number").or_else(|| c.attr("id").map(str::to_string));
                    self.memo(name, param("Author"), text);
                }
                // HWPML puts these beside its CHAR elements.
                "tab" => line.push('\t'),
                "lineBreak" => line.push('\n'),
                "secPr" => {
                    if let Some(o) = c.attr("outlineShapeIDRef").filter(|o| *o != "0") {
                        self.outline = o.to_string();
                    }
                }
                "tbl" => {
                    let (before, rows, after) = self.table(c, depth + 1);
                    flush(line, out);
                    for t in [before, rows, after] {
                        if !t.trim().is_empty() {
                            out.push_str(&t);
                            if !t.ends_with('\n') {
                                out.push('\n');
                            }
                        }
                    }
                    *block = true;
                }
                "header" | "footer" | "footNote" | "endNote" | "hiddenComment" => {
                    let t = self.list(c, depth + 1);
                    let t = t.trim_end().to_string();
                    if !t.is_empty() {
                        match c.name.as_str() {
                            "header" => self.stories.headers.push(t),
                            "footer" => self.stories.footers.push(t),
                            "footNote" => self.stories.footnotes.push(t),
                            "endNote" => self.stories.endnotes.push(t),
                            _ => self.stories.comments.push(t),
                        }
                    }
                }
                "autoNum" => {
                    let kind = c.attr("numType").unwrap_or("PAGE");
                    if kind == "PAGE" {
                        continue;
                    }
                    let num: u32 = c.attr("num").and_then(|n| n.parse().ok()).unwrap_or(1);
                    let fmt = c.child("autoNumFormat");
                    let attr =
                        |k: &str| fmt.and_then(|f| f.attr(k)).unwrap_or_default().to_string();
                    line.push_str(&attr("prefixChar"));
                    line.push_str(&format_number(shape_code(&attr("type")), num));
                    line.push_str(&attr("suffixChar"));
                }
                "equation" => {
                    if let Some(s) = c.child("script") {
                        line.push_str(s.text().trim());
                    }
                }
                "dutmal" => {
                    let main = c.child("mainText").map(Element::text).unwrap_or_default();
                    let sub = c.child("subText").map(Element::text).unwrap_or_default();
                    line.push_str(&main);
                    if !sub.is_empty() {
                        line.push('(');
                        line.push_str(&sub);
                        line.push(')');
                    }
                }
                "pic" | "rect" | "ellipse" | "arc" | "polygon" | "curve" | "connectLine"
                | "container" | "ole" | "textart" | "line" => {
                    let caption = self.shape(c, depth + 1);
                    if !caption.trim().is_empty() {
                        flush(line, out);
                        out.push_str(&caption);
                        *block = true;
                    }
                }
                _ => {}
            }
        }
    }

    /// A drawing object: its caption comes back (body text); its text box
    /// goes to the stories; grouped objects are read in turn.
    fn shape(&mut self, s: &Element, depth: u32) -> String {
        let mut caption = String::new();
        if depth > self.limits.max_depth {
            return caption;
        }
        for c in s.elements() {
            match c.name.as_str() {
                "caption" => caption.push_str(&self.list(c, depth + 1)),
                "drawText" => {
                    let t = self.list(c, depth + 1);
                    let t = t.trim_end();
                    if !t.is_empty() {
                        self.stories.text_boxes.push(t.to_string());
                    }
                }
                "pic" | "rect" | "ellipse" | "arc" | "polygon" | "curve" | "connectLine"
                | "container" | "ole" | "textart" | "line" => {
                    caption.push_str(&self.shape(c, depth + 1));
                }
                _ => {}
            }
        }
        caption
    }

    /// A table: (caption above, rows, caption below).
    fn table(&mut self, t: &Element, depth: u32) -> (String, String, String) {
        let (mut before, mut after) = (String::new(), String::new());
        if let Some(cap) = t.child("caption") {
            let text = self.list(cap, depth + 1);
            if cap.attr("side") == Some("TOP") {
                before = text;
            } else {
                after = text;
            }
        }
        let mut rows = String::new();
        for tr in t.elements().filter(|e| e.name == "tr") {
            let mut cells: Vec<(usize, String)> = Vec::new();
            for (k, tc) in tr.elements().filter(|e| e.name == "tc").enumerate() {
                let col = tc
                    .child("cellAddr")
                    .and_then(|a| a.attr("colAddr"))
                    .or(tc.attr("colAddr"))
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(k);
                let mut text = String::new();
                for sub in tc.elements().filter(|e| e.name == "subList") {
                    text.push_str(&self.list(sub, depth + 1));
                }
                let text = cell_text(&text);
                cells.push((col, text));
            }
            cells.sort_by_key(|c| c.0);
            if cells.iter().all(|c| c.1.trim().is_empty()) {
                continue;
            }
            rows.push_str(
                &cells
                    .into_iter()
                    .map(|c| c.1)
                    .collect::<Vec<_>>()
                    .join("\t"),
            );
            rows.push('\n');
        }
        (before, rows, after)
    }
}

/// The tracked-change marks below `e` in document order: (element name,
/// `Id`, `TcId`).
fn walk_marks(e: &Element, out: &mut Vec<(&'static str, String, Option<String>)>) {
    for c in e.elements() {
        let name = match c.name.as_str() {
            "deleteBegin" => "deleteBegin",
            "deleteEnd" => "deleteEnd",
            _ => {
                walk_marks(c, out);
                continue;
            }
        };
        out.push((
            name,
            c.attr("Id").unwrap_or_default().to_string(),
            c.attr("TcId").map(str::to_string),
        ));
    }
}

impl Render<'_> {
    /// The text of `hp:t`: characters, `tab`, `lineBreak`, `nbSpace`,
    /// `fwSpace`, `hyphen`; what lies between a `deleteBegin` and its
    /// `deleteEnd` (tracked deletion) is left out.
    fn text(&mut self, t: &Element, line: &mut String) {
        for n in &t.children {
            let deleting = !self.open.is_empty();
            match n {
                Node::Text(_) if deleting => {}
                Node::Text(s) => {
                    for c in s.chars() {
                        match c {
                            '\r' | '\n' => {}
                            _ => push_char(line, c),
                        }
                    }
                }
                Node::Element(e) => match e.name.as_str() {
                    "deleteBegin" => {
                        if let Some(id) = e.attr("Id").filter(|id| self.deletions.contains(*id)) {
                            self.open.push(id.to_string());
                        }
                    }
                    "deleteEnd" => {
                        let id = e.attr("Id").unwrap_or_default();
                        if let Some(k) = self.open.iter().position(|o| o == id) {
                            self.open.remove(k);
                            if e.attr("paraend") == Some("1") {
                                self.break_deleted = true;
                            }
                        }
                    }
                    _ if deleting => {}
                    "tab" => line.push('\t'),
                    "lineBreak" => line.push('\n'),
                    "nbSpace" => line.push('\u{A0}'),
                    "fwSpace" => line.push(' '),
                    "hyphen" => line.push('-'),
                    _ => self.text(e, line),
                },
            }
        }
    }
}
