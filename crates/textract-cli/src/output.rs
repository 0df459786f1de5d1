//! The output forms: JSON Lines records (documented in
//! `docs/json-schema.md`), plain text, `--detect` and `--metadata` lines,
//! and the embedded files written under `--extract-dir`.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use base64::Engine;
use serde_json::{Map, Value, json};
use textract::{Content, Document, Embedded, ErrorInfo, Metadata};

use crate::run::{Extraction, Failure, Outcome};

/// A path as JSON: a string when it is UTF-8, else ripgrep's
/// `{"bytes": "<base64>"}` form, lossless.
pub fn path_value(path: &Path) -> Value {
    match path.to_str() {
        Some(s) => Value::String(s.to_string()),
        None => {
            #[cfg(unix)]
            let raw = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()).to_vec();
            #[cfg(not(unix))]
            let raw = path.to_string_lossy().into_owned().into_bytes();
            json!({ "bytes": base64::engine::general_purpose::STANDARD.encode(raw) })
        }
    }
}

/// Writes the files embedded in one input under `--extract-dir`.
pub struct ExtractDir {
    /// `DIR/<input file name>`.
    root: PathBuf,
    /// Paths written so far (a repeated name gets a suffix).
    taken: HashSet<PathBuf>,
}

impl ExtractDir {
    /// The folder for `input` under `dir`: its file name, with a suffix when
    /// an earlier input of the run had the same name.
    pub fn for_input(dir: &Path, input: &Path, used: &mut HashSet<PathBuf>) -> ExtractDir {
        let name = input
            .file_name()
            .map(|n| sanitise_component(&n.to_string_lossy()))
            .unwrap_or_else(|| "stdin".to_string());
        let root = unique(dir.join(name), used);
        used.insert(root.clone());
        ExtractDir {
            root,
            taken: HashSet::new(),
        }
    }

    /// Writes `data` for the embedded `path` (`/a.zip/b/c.txt`): no `..`,
    /// no absolute paths, no device names, control characters replaced; a
    /// folder that would collide with an embedded file already written
    /// there gets `_embedded` appended. Returns where it was written.
    pub fn write(&mut self, path: &str, data: &[u8]) -> std::io::Result<PathBuf> {
        let comps: Vec<String> = path
            .split('/')
            .filter(|c| !c.is_empty() && *c != "." && *c != "..")
            .map(sanitise_component)
            .collect();
        let mut target = self.root.clone();
        let (file, dirs) = comps
            .split_last()
            .map_or(("embedded".to_string(), &[][..]), |(f, d)| (f.clone(), d));
        for d in dirs {
            let mut next = target.join(d);
            if next.is_file() {
                next = target.join(format!("{d}_embedded"));
            }
            target = next;
        }
        std::fs::create_dir_all(&target)?;
        let out = unique(target.join(file), &mut self.taken);
        self.taken.insert(out.clone());
        std::fs::write(&out, data)?;
        Ok(out)
    }
}

/// `path`, or `stem-2.ext`, `stem-3.ext`… until neither `used` nor the
/// file system has it.
fn unique(path: PathBuf, used: &mut HashSet<PathBuf>) -> PathBuf {
    if !used.contains(&path) && !path.exists() {
        return path;
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    for n in 2.. {
        let candidate = path.with_file_name(format!("{stem}-{n}{ext}"));
        if !used.contains(&candidate) && !candidate.exists() {
            return candidate;
        }
    }
    path
}

/// One path component made safe to create anywhere: path separators,
/// control characters and the characters Windows forbids replaced by `_`,
/// Windows device names prefixed, at most 200 bytes.
pub fn sanitise_component(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .collect();
    let trimmed = s.trim_end_matches(['.', ' ']).len();
    s.truncate(trimmed);
    if s.is_empty() || s == "." || s == ".." {
        s = "_".to_string();
    }
    let stem = s.split('.').next().unwrap_or("").to_ascii_uppercase();
    let device = matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || ((stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.len() == 4
            && stem.as_bytes()[3].is_ascii_digit());
    if device {
        s.insert(0, '_');
    }
    if s.len() > 200 {
        let mut cut = 200;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
    }
    s
}

/// Whether `--metadata` leaves text and parts out of the output.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// No text and parts (`--metadata`).
    pub metadata_only: bool,
    /// What plain output prints (`--to`); in JSON, a rendering other than
    /// text is added to each document's record under its name
    /// (`"markdown"`, `"html"`).
    pub to: textract::Target,
}

/// The JSON Lines record of one input: its members in the documented
/// order, and the top-level embedded files, whose records are built and
/// written one at a time by [`write_json`] (a PDF with ten thousand
/// attachments never holds ten thousand records in memory).
pub struct Record<'a> {
    members: Map<String, Value>,
    embedded: &'a [Embedded],
    shape: Shape,
}

/// The record of one input (see [`Record`]).
pub fn record<'a>(path: &Path, outcome: &'a Outcome, shape: Shape) -> Record<'a> {
    let mut embedded: &[Embedded] = &[];
    let mut m = Map::new();
    m.insert("path".into(), path_value(path));
    let s = &outcome.source;
    match &outcome.extraction {
        Extraction::Detected(d) => {
            m.insert("format".into(), json!(d.format));
            m.insert("mime_type".into(), json!(d.mime_type));
            m.insert("size".into(), json!(s.size));
            m.insert("sha256".into(), json!(s.sha256));
            if s.modified.is_some() {
                m.insert("modified".into(), json!(s.modified));
            }
        }
        Extraction::Document(doc) => {
            m.insert("format".into(), json!(doc.format));
            m.insert("mime_type".into(), json!(doc.mime_type()));
            m.insert("size".into(), json!(s.size));
            m.insert("sha256".into(), json!(s.sha256));
            if s.modified.is_some() {
                m.insert("modified".into(), json!(s.modified));
            }
            document_members(&mut m, doc, shape, None);
            // Streamed by write_json in this place.
            m.insert("embedded".into(), Value::Null);
            embedded = &doc.embedded;
            m.insert("error".into(), Value::Null);
        }
        Extraction::Failed(f) => {
            m.insert("format".into(), json!(f.format));
            m.insert("mime_type".into(), json!(f.mime_type));
            m.insert("size".into(), json!(s.size));
            m.insert("sha256".into(), json!(s.sha256));
            if s.modified.is_some() {
                m.insert("modified".into(), json!(s.modified));
            }
            for k in ["text", "parts", "metadata", "encoding"] {
                m.insert(k.into(), Value::Null);
            }
            m.insert("warnings".into(), json!([]));
            m.insert("embedded".into(), json!([]));
            m.insert(
                "error".into(),
                json!({"kind": f.kind, "message": message(f)}),
            );
        }
    }
    Record {
        members: m,
        embedded,
        shape,
    }
}

/// `text`, `parts`, `metadata`, `encoding`, `warnings`, `embedded` of a
/// document (`None` for the top document's `extract_dir`: its embedded
/// files are streamed by [`write_json`] instead).
fn document_members(
    m: &mut Map<String, Value>,
    doc: &Document,
    shape: Shape,
    mut extract_dir: Option<Option<&mut ExtractDir>>,
) {
    if shape.metadata_only {
        m.insert("text".into(), Value::Null);
        m.insert("parts".into(), Value::Null);
    } else {
        m.insert("text".into(), json!(doc.text));
        m.insert("parts".into(), json!(doc.parts));
        if !doc.blocks.is_empty() {
            m.insert("blocks".into(), json!(doc.blocks));
        }
        if shape.to != textract::Target::Text {
            m.insert(shape.to.name().into(), json!(doc.render(shape.to)));
        }
    }
    m.insert("metadata".into(), json!(doc.metadata));
    m.insert("encoding".into(), json!(doc.encoding));
    m.insert("warnings".into(), json!(doc.warnings));
    if let Some(dir) = extract_dir.as_mut() {
        let embedded: Vec<Value> = doc
            .embedded
            .iter()
            .map(|e| embedded_record(e, shape, dir.as_deref_mut()))
            .collect();
        m.insert("embedded".into(), Value::Array(embedded));
    }
}

/// One embedded file's record; with `--extract-dir`, writes its bytes first.
fn embedded_record(e: &Embedded, shape: Shape, mut dir: Option<&mut ExtractDir>) -> Value {
    let mut m = Map::new();
    m.insert("path".into(), json!(e.path));
    m.insert("name".into(), json!(e.name));
    m.insert("kind".into(), json!(e.kind));
    m.insert("media_type".into(), json!(e.media_type));
    m.insert("size".into(), json!(e.size));
    m.insert("sha256".into(), json!(e.sha256));
    if let Some((w, h)) = e.dimensions {
        m.insert("width".into(), json!(w));
        m.insert("height".into(), json!(h));
    }
    let saved = match (dir.as_deref_mut(), &e.data) {
        (Some(d), Some(data)) => d
            .write(&e.path, data)
            .ok()
            .map(|p| p.to_string_lossy().into_owned()),
        _ => None,
    };
    m.insert("saved_as".into(), json!(saved));
    match &e.content {
        Content::Document(doc) => {
            m.insert("format".into(), json!(doc.format));
            document_members(&mut m, doc, shape, Some(dir));
            m.insert("error".into(), Value::Null);
        }
        other => {
            let error = match other {
                Content::Failed(info) => {
                    m.insert("format".into(), json!(info.format));
                    json!(info)
                }
                _ => {
                    m.insert("format".into(), Value::Null);
                    Value::Null
                }
            };
            for k in ["text", "parts", "metadata", "encoding"] {
                m.insert(k.into(), Value::Null);
            }
            m.insert("warnings".into(), json!([]));
            m.insert("error".into(), error);
            m.insert("embedded".into(), json!([]));
        }
    }
    Value::Object(m)
}

/// Writes `record` as one line, building each top-level embedded file's
/// record (and with `--extract-dir` saving its bytes) as it goes.
pub fn write_json(
    out: &mut impl Write,
    record: &Record<'_>,
    mut extract_dir: Option<&mut ExtractDir>,
) -> std::io::Result<()> {
    out.write_all(b"{")?;
    for (i, (key, value)) in record.members.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, key)?;
        out.write_all(b":")?;
        if key == "embedded" && value.is_null() {
            out.write_all(b"[")?;
            for (j, e) in record.embedded.iter().enumerate() {
                if j > 0 {
                    out.write_all(b",")?;
                }
                let child = embedded_record(e, record.shape, extract_dir.as_deref_mut());
                serde_json::to_writer(&mut *out, &child)?;
            }
            out.write_all(b"]")?;
        } else {
            serde_json::to_writer(&mut *out, value)?;
        }
    }
    out.write_all(b"}\n")
}

/// The failure's message as printed: a hint to `--password` where one could
/// open the document.
pub fn message(f: &Failure) -> String {
    let passworded = f.kind == "encrypted" && f.message.ends_with("a password is needed");
    if passworded {
        format!("{}; give it with --password", f.message)
    } else {
        f.message.clone()
    }
}

/// Plain output of one document: its text, then each embedded document's
/// text after a `--- <embedded path> ---` line. With `--metadata`, the
/// metadata as `key: value` lines instead.
pub fn write_text(
    out: &mut impl Write,
    doc: &Document,
    shape: Shape,
    header: Option<&Path>,
) -> std::io::Result<()> {
    if let Some(path) = header {
        writeln!(out, "==> {} <==", path.display())?;
    }
    if shape.metadata_only {
        writeln!(out, "format: {}", doc.format)?;
        writeln!(out, "mime_type: {}", doc.mime_type())?;
        return write_metadata(out, &doc.metadata);
    }
    let text = doc.render_with_embedded(shape.to);
    out.write_all(text.as_bytes())?;
    // A lone page-separated text ends with its form feed, as pdftotext's
    // does; in a batch the next `==>` line needs a line of its own.
    let ends_clean = text.ends_with('\n') || (header.is_none() && text.ends_with('\x0C'));
    if !text.is_empty() && !ends_clean {
        out.write_all(b"\n")?;
    }
    Ok(())
}

fn write_metadata(out: &mut impl Write, m: &Metadata) -> std::io::Result<()> {
    if let Value::Object(map) = json!(m) {
        for (k, v) in map {
            match v {
                Value::Null => {}
                Value::String(s) => writeln!(out, "{k}: {s}")?,
                other => writeln!(out, "{k}: {other}")?,
            }
        }
    }
    Ok(())
}

/// Problems of embedded children, for stderr in plain mode: each failed
/// child as a warning of its parent input.
pub fn embedded_failures(doc: &Document) -> Vec<String> {
    let mut out = Vec::new();
    for (_, d) in doc.walk() {
        for e in &d.embedded {
            if let Content::Failed(ErrorInfo { message, .. }) = &e.content {
                out.push(format!("embedded {}: {message}", e.path));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_made_safe() {
        assert_eq!(sanitise_component("CON"), "_CON");
        assert_eq!(sanitise_component("com1.txt"), "_com1.txt");
        assert_eq!(sanitise_component("a\\b:c\u{7}"), "a_b_c_");
        assert_eq!(sanitise_component(".."), "_");
        assert_eq!(sanitise_component("name. "), "name");
        assert_eq!(sanitise_component(&"é".repeat(150)).len(), 200);
    }

    #[test]
    fn embedded_paths_stay_inside_the_folder() {
        let dir = std::env::temp_dir().join(format!("textract-xdir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut used = HashSet::new();
        let mut x = ExtractDir::for_input(&dir, Path::new("/in/report.pdf"), &mut used);
        let a = x.write("/../../etc/passwd", b"1").unwrap();
        assert_eq!(a, dir.join("report.pdf/etc/passwd"));
        let b = x.write("/a.zip", b"2").unwrap();
        let c = x.write("/a.zip/inner.txt", b"3").unwrap();
        assert_eq!(c, dir.join("report.pdf/a.zip_embedded/inner.txt"));
        let d = x.write("/a.zip", b"4").unwrap();
        assert_eq!(d, dir.join("report.pdf/a-2.zip"));
        assert_eq!(std::fs::read(b).unwrap(), b"2");
        let y = ExtractDir::for_input(&dir, Path::new("/other/report.pdf"), &mut used);
        assert_eq!(y.root, dir.join("report-2.pdf"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
