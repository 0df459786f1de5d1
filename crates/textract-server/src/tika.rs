//! A textract [`Document`] in Apache Tika's terms: the metadata map of each
//! document in the tree (Tika's keys, `X-TIKA:*` bookkeeping), its content
//! as text or XHTML, the `/rmeta` list, and `/meta`'s CSV.

use serde_json::{Map, Value};
use textract::{Content, Document, Embedded, ErrorInfo, ErrorKind, Format, Target};

/// How content is rendered (Tika's `BasicContentHandlerFactory` types).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Handler {
    /// Plain text.
    Text,
    /// XHTML (Tika's `html` and `xml` handlers; the default of `/rmeta`).
    Xhtml,
    /// Markdown (`/rmeta/markdown`; textract's own).
    Markdown,
    /// No content at all (`/rmeta/ignore`).
    Ignore,
}

impl Handler {
    /// The handler named in a path (`text`, `html`, `xml`, `ignore`, or
    /// empty for the default), `None` for anything else.
    pub(crate) fn from_name(name: &str) -> Option<Handler> {
        match name.to_ascii_lowercase().as_str() {
            "text" | "body" => Some(Handler::Text),
            "" | "html" | "xml" => Some(Handler::Xhtml),
            "markdown" | "md" => Some(Handler::Markdown),
            "ignore" => Some(Handler::Ignore),
            _ => None,
        }
    }
}

/// One document of the tree, flattened as `/rmeta` lists them.
pub(crate) struct Node<'a> {
    /// How it sits in its parent (`None` for the container).
    pub embedded: Option<&'a Embedded>,
    /// 0 for the container, 1 for its children, …
    pub depth: usize,
    /// What came of it.
    pub outcome: Outcome<'a>,
}

/// What came of one node.
pub(crate) enum Outcome<'a> {
    Document(&'a Document),
    Failed(&'a ErrorInfo),
    NotExtracted,
}

/// The container, then every embedded file depth first — failed children
/// and those not extracted included, as Tika lists them.
pub(crate) fn flatten(doc: &Document) -> Vec<Node<'_>> {
    fn visit<'a>(doc: &'a Document, depth: usize, out: &mut Vec<Node<'a>>) {
        for e in &doc.embedded {
            match &e.content {
                Content::Document(child) => {
                    out.push(Node {
                        embedded: Some(e),
                        depth,
                        outcome: Outcome::Document(child),
                    });
                    visit(child, depth + 1, out);
                }
                Content::Failed(info) => out.push(Node {
                    embedded: Some(e),
                    depth,
                    outcome: Outcome::Failed(info),
                }),
                _ => out.push(Node {
                    embedded: Some(e),
                    depth,
                    outcome: Outcome::NotExtracted,
                }),
            }
        }
    }
    let mut out = vec![Node {
        embedded: None,
        depth: 0,
        outcome: Outcome::Document(doc),
    }];
    visit(doc, 1, &mut out);
    out
}

/// The Java exception class Tika would name for an error of this kind.
pub(crate) fn exception(info: &ErrorInfo) -> String {
    let class = match info.kind {
        ErrorKind::Encrypted => "org.apache.tika.exception.EncryptedDocumentException",
        ErrorKind::Unsupported | ErrorKind::Empty => {
            "org.apache.tika.exception.UnsupportedFormatException"
        }
        ErrorKind::LimitExceeded => "org.apache.tika.exception.WriteLimitReachedException",
        _ => "org.apache.tika.exception.TikaException",
    };
    format!("{class}: {} ({})", info.message, info.kind)
}

/// `X-TIKA:Parsed-By` for a document read as `format`.
fn parsed_by(format: Option<Format>) -> Value {
    let mut v = vec![Value::from("org.apache.tika.parser.DefaultParser")];
    if let Some(f) = format {
        v.push(Value::from(format!("textract-{}", f.name())));
    }
    Value::Array(v)
}

/// The `Content-Type` Tika writes: the MIME type, with the charset of a
/// text format that was decoded from one.
fn content_type(doc: &Document) -> String {
    match (&doc.encoding, doc.format) {
        (Some(enc), Format::Html | Format::Text | Format::Xml) => {
            format!("{}; charset={enc}", doc.mime_type())
        }
        _ => doc.mime_type().to_string(),
    }
}

/// Adds the document's properties under Tika's keys.
fn put_metadata(map: &mut Map<String, Value>, doc: &Document) {
    let m = &doc.metadata;
    let mut put = |k: &str, v: &Option<String>| {
        if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
            map.insert(k.to_string(), Value::from(v));
        }
    };
    put("dc:title", &m.title);
    put("dc:creator", &m.author);
    put("dc:subject", &m.subject);
    put("meta:keyword", &m.keywords);
    put("dcterms:created", &m.created);
    put("dcterms:modified", &m.modified);
    put("meta:last-author", &m.last_author);
    put("extended-properties:Company", &m.company);
    put("dc:language", &m.language);
    if doc.format == Format::Pdf {
        put("pdf:producer", &m.producer);
    } else {
        put("extended-properties:Application", &m.producer);
    }
    put("xmp:CreatorTool", &m.creator);
    if let Some(n) = m.page_count {
        map.insert("xmpTPg:NPages".into(), Value::from(n.to_string()));
    }
    // A format's own keys under their Tika names (`Message-From`, …): a
    // list of people is a list of values.
    for p in &m.properties {
        if let textract::doc_model::Value::Fields(fields) = &p.value {
            // `Message:Raw-Header:Received`, one value per line of that name.
            let mut names: Vec<&str> = Vec::new();
            for f in fields {
                if !names.contains(&f.name.as_str()) {
                    names.push(&f.name);
                }
            }
            for name in names {
                let values = fields
                    .iter()
                    .filter(|f| f.name == name)
                    .map(|f| Value::from(f.value.as_str()))
                    .collect();
                map.insert(format!("{}:{name}", p.key.tika), one_or_many(values));
            }
            continue;
        }
        let values = p.value.to_texts().into_iter().map(Value::from).collect();
        map.insert(p.key.tika.to_string(), one_or_many(values));
    }
    if let Some(enc) = &doc.encoding {
        map.insert("X-TIKA:detectedEncoding".into(), Value::from(enc.as_str()));
    }
    // One key per layer, its messages as the values.
    let mut layers: Vec<&str> = doc.warnings.iter().map(|w| w.layer).collect();
    layers.sort_unstable();
    layers.dedup();
    for layer in layers {
        let msgs: Vec<Value> = doc
            .warnings
            .iter()
            .filter(|w| w.layer == layer)
            .map(|w| Value::from(w.message.as_str()))
            .collect();
        map.insert(format!("X-TIKA:WARN:{layer}"), one_or_many(msgs));
    }
}

fn one_or_many(mut v: Vec<Value>) -> Value {
    if v.len() == 1 {
        v.pop().unwrap_or(Value::Null)
    } else {
        Value::Array(v)
    }
}

/// The metadata of one node, without content.
pub(crate) fn metadata(node: &Node<'_>, container_name: Option<&str>) -> Map<String, Value> {
    let mut map = Map::new();
    let name = match node.embedded {
        Some(e) => e
            .name
            .clone()
            .or_else(|| e.path.rsplit('/').next().map(str::to_string)),
        None => container_name.map(str::to_string),
    };
    match &node.outcome {
        Outcome::Document(doc) => {
            map.insert("Content-Type".into(), Value::from(content_type(doc)));
            map.insert("X-TIKA:Parsed-By".into(), parsed_by(Some(doc.format)));
        }
        Outcome::Failed(info) => {
            let mime = info
                .mime_type
                .clone()
                .or_else(|| node.embedded.and_then(|e| e.media_type.clone()))
                .unwrap_or_else(|| "application/octet-stream".into());
            map.insert("Content-Type".into(), Value::from(mime));
            map.insert("X-TIKA:Parsed-By".into(), parsed_by(info.format));
            map.insert(
                "X-TIKA:EXCEPTION:embedded_exception".into(),
                Value::from(exception(info)),
            );
        }
        Outcome::NotExtracted => {
            let mime = node
                .embedded
                .and_then(|e| e.media_type.clone())
                .unwrap_or_else(|| "application/octet-stream".into());
            map.insert("Content-Type".into(), Value::from(mime));
            map.insert(
                "X-TIKA:Parsed-By".into(),
                Value::Array(vec![Value::from("org.apache.tika.parser.EmptyParser")]),
            );
        }
    }
    if let Some(n) = name {
        map.insert("resourceName".into(), Value::from(n));
    }
    if let Some(e) = node.embedded {
        map.insert(
            "X-TIKA:embedded_resource_path".into(),
            Value::from(e.path.as_str()),
        );
        map.insert("Content-Length".into(), Value::from(e.size.to_string()));
        map.insert(
            "embeddedResourceType".into(),
            Value::from(match e.kind {
                textract::EmbeddedKind::Attachment => "ATTACHMENT",
                _ => "INLINE",
            }),
        );
    }
    map.insert(
        "X-TIKA:embedded_depth".into(),
        Value::from(node.depth.to_string()),
    );
    if let Outcome::Document(doc) = node.outcome {
        put_metadata(&mut map, doc);
    }
    map
}

/// The metadata of a container that could not be read at all: what
/// `/rmeta` reports with `X-TIKA:EXCEPTION:container_exception` (or, for
/// something that is not a document, no exception: Tika's `EmptyParser`).
pub(crate) fn failed_container(
    info: &ErrorInfo,
    container_name: Option<&str>,
    size: usize,
) -> Map<String, Value> {
    let mut map = Map::new();
    let mime = info
        .mime_type
        .clone()
        .unwrap_or_else(|| "application/octet-stream".into());
    map.insert("Content-Type".into(), Value::from(mime));
    if matches!(info.kind, ErrorKind::Unsupported | ErrorKind::Empty) && info.format.is_none() {
        map.insert(
            "X-TIKA:Parsed-By".into(),
            Value::Array(vec![Value::from("org.apache.tika.parser.EmptyParser")]),
        );
    } else {
        map.insert("X-TIKA:Parsed-By".into(), parsed_by(info.format));
        map.insert(
            "X-TIKA:EXCEPTION:container_exception".into(),
            Value::from(exception(info)),
        );
    }
    if let Some(n) = container_name {
        map.insert("resourceName".into(), Value::from(n));
    }
    map.insert("Content-Length".into(), Value::from(size.to_string()));
    map.insert("X-TIKA:embedded_depth".into(), Value::from("0"));
    map
}

/// Counts characters written against Tika's `writeLimit`.
pub(crate) struct WriteLimit {
    left: Option<usize>,
    /// Whether some content was cut.
    pub reached: bool,
}

impl WriteLimit {
    pub(crate) fn new(limit: Option<usize>) -> WriteLimit {
        WriteLimit {
            left: limit,
            reached: false,
        }
    }

    /// A document rendered as `target` (its structure in Markdown or
    /// XHTML) when its text fits in the characters left, which it then
    /// uses up; else its text cut to them, as lines (`<p>` per line in
    /// XHTML), since a rendering cut in the middle would not parse.
    pub(crate) fn render(&mut self, doc: &Document, target: Target) -> String {
        let fits = self
            .left
            .is_none_or(|left| doc.text.char_indices().nth(left).is_none());
        if fits {
            if let Some(left) = self.left.as_mut() {
                *left -= doc.text.chars().count();
            }
            return doc.render(target);
        }
        let text = self.take(doc.text.clone());
        match target {
            Target::Html => {
                let mut body = String::new();
                xhtml_body(&text, &mut body);
                body
            }
            _ => text,
        }
    }

    /// `text`, cut to the characters left.
    pub(crate) fn take(&mut self, text: String) -> String {
        let Some(left) = self.left.as_mut() else {
            return text;
        };
        match text.char_indices().nth(*left) {
            None => {
                *left -= text.chars().count();
                text
            }
            Some((cut, _)) => {
                *left = 0;
                self.reached = true;
                let mut text = text;
                text.truncate(cut);
                text
            }
        }
    }
}

/// A document's own text (its embedded documents not included).
pub(crate) fn own_text(doc: &Document) -> &str {
    &doc.text
}

/// The text of the whole tree, as `/tika` writes it: the container, then
/// each embedded document after a blank line.
pub(crate) fn tree_text(doc: &Document) -> String {
    let mut out = String::new();
    for node in flatten(doc) {
        if let Outcome::Document(d) = node.outcome {
            if !out.is_empty() && !d.text.trim().is_empty() {
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push('\n');
            }
            out.push_str(own_text(d));
        }
    }
    out
}

/// XML text escaping (doc-render's, the one the renderers use).
pub(crate) use textract::doc_render::escape_xml as escape;

/// The whole tree in Markdown, as `/tika` answers `Accept: text/markdown`:
/// the container, then each embedded document after an
/// `<!-- embedded: PATH -->` line.
pub(crate) fn tree_markdown(nodes: &[Node<'_>], limit: &mut WriteLimit) -> String {
    let mut out = String::new();
    for node in nodes {
        let Outcome::Document(d) = node.outcome else {
            continue;
        };
        let md = limit.render(d, Target::Markdown);
        if let Some(e) = node.embedded {
            if !out.is_empty() && !out.ends_with("\n\n") {
                out.push('\n');
            }
            out.push_str("<!-- embedded: ");
            out.push_str(&e.path.replace("--", "- -"));
            out.push_str(" -->\n\n");
        }
        out.push_str(&md);
    }
    out
}

/// The body of an XHTML rendering of `text`: each line a `<p>`, each page
/// (form feed) a `<div class="page">` where the text has pages.
pub(crate) fn xhtml_body(text: &str, out: &mut String) {
    let paged = text.contains('\u{c}');
    for page in text.split('\u{c}') {
        if paged {
            out.push_str("<div class=\"page\">");
        }
        for line in page.lines().filter(|l| !l.trim().is_empty()) {
            out.push_str("<p>");
            escape(line, out);
            out.push_str("</p>\n");
        }
        if paged {
            out.push_str("</div>\n");
        }
    }
}

/// A whole XHTML document as Tika's `ToXMLContentHandler` writes it: the
/// metadata as `<meta>` elements, the title, and the body.
pub(crate) fn xhtml(meta: &Map<String, Value>, body: &str) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n",
    );
    for (k, v) in meta {
        if k == "X-TIKA:content" {
            continue;
        }
        for value in values(v) {
            out.push_str("<meta name=\"");
            escape(k, &mut out);
            out.push_str("\" content=\"");
            escape(&value, &mut out);
            out.push_str("\" />\n");
        }
    }
    out.push_str("<title>");
    if let Some(t) = meta.get("dc:title").and_then(Value::as_str) {
        escape(t, &mut out);
    }
    out.push_str("</title>\n</head>\n<body>");
    out.push_str(body);
    out.push_str("</body></html>");
    out
}

/// The string values of a metadata value (one, or each of a list).
pub(crate) fn values(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().flat_map(values).collect(),
        Value::Null => Vec::new(),
        other => vec![other.to_string()],
    }
}

/// `/meta`'s CSV: one line per key, `"key","value"` (and further columns
/// for further values), quotes doubled.
pub(crate) fn csv(meta: &Map<String, Value>) -> String {
    let mut out = String::new();
    for (k, v) in meta {
        out.push_str(&csv_field(k));
        for value in values(v) {
            out.push(',');
            out.push_str(&csv_field(&value));
        }
        out.push('\n');
    }
    out
}

fn csv_field(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_limit_counts_characters_across_calls() {
        let mut w = WriteLimit::new(Some(5));
        assert_eq!(w.take("日本".into()), "日本");
        assert!(!w.reached);
        assert_eq!(w.take("abcdef".into()), "abc");
        assert!(w.reached);
        assert_eq!(w.take("x".into()), "");
        let mut none = WriteLimit::new(None);
        assert_eq!(none.take("abc".into()), "abc");
    }

    #[test]
    fn csv_doubles_quotes_and_lists_values() {
        let mut m = Map::new();
        m.insert("dc:title".into(), Value::from("say \"hi\""));
        m.insert(
            "k".into(),
            Value::Array(vec![Value::from("a"), Value::from("b")]),
        );
        assert_eq!(
            csv(&m),
            "\"dc:title\",\"say \"\"hi\"\"\"\n\"k\",\"a\",\"b\"\n"
        );
    }

    #[test]
    fn xhtml_has_pages_and_escapes() {
        let mut body = String::new();
        xhtml_body("a<b\n\nc\u{c}d & e\u{1}", &mut body);
        assert_eq!(
            body,
            "<div class=\"page\"><p>a&lt;b</p>\n<p>c</p>\n</div>\n<div class=\"page\"><p>d &amp; e</p>\n</div>\n"
        );
        let mut m = Map::new();
        m.insert("dc:title".into(), Value::from("T&"));
        let x = xhtml(&m, "<p>x</p>");
        assert!(x.contains("<meta name=\"dc:title\" content=\"T&amp;\" />"));
        assert!(x.contains("<title>T&amp;</title>"));
        assert!(x.ends_with("<body><p>x</p></body></html>"));
    }

    #[test]
    fn handler_names() {
        assert_eq!(Handler::from_name(""), Some(Handler::Xhtml));
        assert_eq!(Handler::from_name("TEXT"), Some(Handler::Text));
        assert_eq!(Handler::from_name("ignore"), Some(Handler::Ignore));
        assert_eq!(Handler::from_name("json"), None);
    }
}
