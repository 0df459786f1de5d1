//! The endpoints: routes, and what each answers.

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Multipart, Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use serde_json::{Map, Value};
use textract::{ALL_FORMATS, Document, ErrorInfo, ErrorKind, Format, Target};

use crate::AppState;
use crate::request::{BodyError, RequestOptions, accept, decode_body};
use crate::tika::{self, Handler, Outcome, WriteLimit};
use crate::unpack::{self, ArchiveKind, Names};

type St = State<Arc<AppState>>;

const TEXT: &str = "text/plain; charset=UTF-8";
const JSON: &str = "application/json; charset=UTF-8";
const XHTML: &str = "text/html; charset=UTF-8";
const MARKDOWN: &str = "text/markdown; charset=UTF-8";

/// The header naming the `X-Tika-PDF*`/`X-Tika-OCR*` options accepted and
/// not acted on.
pub(crate) const IGNORED_HEADER: &str = "X-Textract-Ignored-Options";

pub(crate) fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/", get(welcome))
        .route("/version", get(version))
        .route("/health", get(health))
        .route("/parsers", get(parsers))
        .route("/parsers/details", get(parsers_details))
        .route("/mime-types", get(mime_types))
        .route("/tika", put(tika_put).get(tika_get))
        .route("/tika/form", post(tika_form))
        .route("/tika/form/{handler}", post(tika_form_handler))
        .route("/tika/{handler}", put(tika_handler))
        .route("/rmeta", put(rmeta_default))
        .route("/rmeta/form", post(rmeta_form_default))
        .route("/rmeta/form/{handler}", post(rmeta_form))
        .route("/rmeta/{handler}", put(rmeta))
        .route("/meta", put(meta))
        .route("/meta/form", post(meta_form))
        .route("/meta/{field}", put(meta_field))
        .route("/detect/stream", put(detect))
        .route("/unpack", put(unpack_embedded))
        .route("/unpack/all", put(unpack_all))
}

/// One request body, ready for the blocking pool.
struct Input {
    /// As received (still `Content-Encoding`d).
    body: Bytes,
    headers: HeaderMap,
    req: RequestOptions,
}

/// What an endpoint does with the decoded body, on the blocking pool.
type Job = Box<dyn FnOnce(&[u8], &RequestOptions, &crate::Config) -> Response + Send>;

/// Decodes the body and runs `job` on the pool; adds the ignored-options header.
async fn run(state: Arc<AppState>, input: Input, job: Job) -> Response {
    let ignored = input.req.ignored.join(", ");
    let limit = input.req.deadline(&state.config);
    let config = state.config.clone();
    let result = state
        .run(limit, move || {
            let body = match decode_body(&input.headers, &input.body, config.max_body) {
                Ok(b) => b,
                Err(e @ BodyError::TooLarge(_)) => {
                    return (StatusCode::PAYLOAD_TOO_LARGE, e.to_string()).into_response();
                }
                Err(e @ BodyError::Encoding(_)) => {
                    return (StatusCode::UNSUPPORTED_MEDIA_TYPE, e.to_string()).into_response();
                }
                Err(e @ BodyError::Corrupt(..)) => {
                    return (StatusCode::BAD_REQUEST, e.to_string()).into_response();
                }
            };
            job(&body, &input.req, &config)
        })
        .await;
    let mut response = match result {
        Ok(r) => r,
        Err(refusal) => refusal.into_response(),
    };
    if !ignored.is_empty()
        && let Ok(v) = HeaderValue::from_str(&ignored)
    {
        response.headers_mut().insert(IGNORED_HEADER, v);
    }
    response
}

fn input(headers: HeaderMap, body: Bytes) -> Input {
    Input {
        req: RequestOptions::from_headers(&headers),
        body,
        headers,
    }
}

/// The first file field of a multipart body (or the first field when none
/// names a file), with its file name and content type as the request's.
async fn multipart_input(headers: HeaderMap, mut form: Multipart) -> Result<Input, Response> {
    let mut req = RequestOptions::from_headers(&headers);
    let mut first: Option<(Option<String>, Option<String>, Bytes)> = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return Err((e.status(), e.body_text()).into_response()),
        };
        let name = field.file_name().map(str::to_string);
        let ctype = field.content_type().map(str::to_string);
        let is_file = name.is_some();
        let data = field
            .bytes()
            .await
            .map_err(|e| (e.status(), e.body_text()).into_response())?;
        if is_file {
            first = Some((name, ctype, data));
            break;
        }
        if first.is_none() {
            first = Some((name, ctype, data));
        }
    }
    let Some((name, ctype, data)) = first else {
        return Err((
            StatusCode::BAD_REQUEST,
            "the multipart body has no file field",
        )
            .into_response());
    };
    if let Some(n) = name.as_deref().and_then(|n| {
        crate::request::content_disposition_filename(
            format!("filename=\"{}\"", n.replace('"', "\\\"")).as_bytes(),
        )
    }) {
        req.resource_name = Some(n);
    }
    if let Some(t) = ctype.filter(|t| {
        let e = t.split(';').next().unwrap_or("").trim();
        !e.is_empty() && !e.eq_ignore_ascii_case("application/octet-stream")
    }) {
        req.content_type = Some(t);
    }
    // The part is already decoded: no Content-Encoding applies to it.
    let mut headers = headers;
    headers.remove(axum::http::header::CONTENT_ENCODING);
    Ok(Input {
        body: data,
        headers,
        req,
    })
}

fn respond(
    status: StatusCode,
    content_type: &'static str,
    body: impl Into<axum::body::Body>,
) -> Response {
    let mut r = Response::new(body.into());
    *r.status_mut() = status;
    r.headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    r
}

fn json(value: &impl serde::Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(v) => respond(StatusCode::OK, JSON, v),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// Tika's answer to a document `/tika`, `/meta` and `/unpack` cannot read: 422
/// (500 for an I/O failure), the message as text.
fn unprocessable(e: &textract::Error) -> Response {
    let status = match e.kind() {
        ErrorKind::Io => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    let mut r = respond(
        status,
        TEXT,
        format!("{}\n", tika::exception(&ErrorInfo::from(e))),
    );
    if let Ok(v) = HeaderValue::from_str(e.kind().name()) {
        r.headers_mut().insert("X-Textract-Error", v);
    }
    r
}

// ---------------------------------------------------------------- /tika

/// The whole tree as one text, one XHTML page or one JSON map.
fn tika_response(doc: &Document, req: &RequestOptions, how: TikaAs, size: usize) -> Response {
    let nodes = tika::flatten(doc);
    let Some(root) = nodes.first() else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let mut meta = tika::metadata(root, req.resource_name.as_deref());
    meta.insert("Content-Length".into(), Value::from(size.to_string()));
    let mut limit = WriteLimit::new(req.write_limit);
    let content = match how {
        TikaAs::Text | TikaAs::JsonText => limit.take(tika::tree_text(doc)),
        TikaAs::Markdown | TikaAs::JsonMarkdown => tika::tree_markdown(&nodes, &mut limit),
        TikaAs::Xhtml | TikaAs::JsonXhtml => {
            let mut body = String::new();
            for node in &nodes {
                let Outcome::Document(d) = node.outcome else {
                    continue;
                };
                let own = limit.render(d, Target::Html);
                match node.embedded {
                    None => body.push_str(&own),
                    Some(e) => {
                        body.push_str("<div class=\"embedded\" id=\"");
                        tika::escape(e.name.as_deref().unwrap_or(&e.path), &mut body);
                        body.push_str("\">\n");
                        body.push_str(&own);
                        body.push_str("</div>\n");
                    }
                }
            }
            tika::xhtml(&meta, &body)
        }
        TikaAs::JsonIgnore => String::new(),
    };
    if limit.reached {
        meta.insert(
            "X-TIKA:WARN:write_limit_reached".into(),
            Value::from("true"),
        );
    }
    let mut r = match how {
        TikaAs::Text => respond(StatusCode::OK, TEXT, content),
        TikaAs::Markdown => respond(StatusCode::OK, MARKDOWN, content),
        TikaAs::Xhtml => respond(StatusCode::OK, XHTML, content),
        TikaAs::JsonText | TikaAs::JsonXhtml | TikaAs::JsonMarkdown | TikaAs::JsonIgnore => {
            if how != TikaAs::JsonIgnore {
                meta.insert("X-TIKA:content".into(), Value::from(content));
            }
            json(&meta)
        }
    };
    if limit.reached {
        r.headers_mut().insert(
            "X-TIKA-WARN",
            HeaderValue::from_static("write_limit_reached"),
        );
    }
    r
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TikaAs {
    Text,
    Markdown,
    Xhtml,
    JsonText,
    JsonXhtml,
    JsonMarkdown,
    JsonIgnore,
}

impl TikaAs {
    /// `/tika` and `/tika/form` by `Accept`.
    fn by_accept(headers: &HeaderMap) -> TikaAs {
        match accept(
            headers,
            &[
                "text/plain",
                "text/html",
                "text/xml",
                "application/xhtml+xml",
                "application/json",
                "text/markdown",
                "text/x-markdown",
            ],
        ) {
            "application/json" => TikaAs::JsonXhtml,
            "text/plain" => TikaAs::Text,
            "text/markdown" | "text/x-markdown" => TikaAs::Markdown,
            _ => TikaAs::Xhtml,
        }
    }

    /// `/tika/{handler}`: JSON with the handler's content; `main` is text.
    fn by_handler(name: &str) -> Option<TikaAs> {
        if name.eq_ignore_ascii_case("main") {
            return Some(TikaAs::Text);
        }
        Some(match Handler::from_name(name)? {
            Handler::Text => TikaAs::JsonText,
            Handler::Xhtml => TikaAs::JsonXhtml,
            Handler::Markdown => TikaAs::JsonMarkdown,
            Handler::Ignore => TikaAs::JsonIgnore,
        })
    }
}

fn tika_job(how: TikaAs) -> Job {
    Box::new(move |body, req, config| {
        let started = Instant::now();
        match textract::extract(body, &req.options(config)) {
            Ok(doc) => {
                let mut r = tika_response(&doc, req, how, body.len());
                if let Ok(v) = HeaderValue::from_str(&started.elapsed().as_millis().to_string()) {
                    r.headers_mut().insert("X-TIKA-Parse-Time-Millis", v);
                }
                r
            }
            Err(e) => unprocessable(&e),
        }
    })
}

async fn tika_put(State(state): St, headers: HeaderMap, body: Bytes) -> Response {
    let how = TikaAs::by_accept(&headers);
    run(state, input(headers, body), tika_job(how)).await
}

async fn tika_get() -> Response {
    respond(
        StatusCode::OK,
        TEXT,
        "This is textract's Tika-compatible server. Please PUT a document to /tika.\n",
    )
}

async fn tika_handler(
    State(state): St,
    Path(handler): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(how) = TikaAs::by_handler(&handler) else {
        return unknown_handler(&handler);
    };
    run(state, input(headers, body), tika_job(how)).await
}

async fn tika_form(State(state): St, headers: HeaderMap, form: Multipart) -> Response {
    let how = TikaAs::by_accept(&headers);
    match multipart_input(headers, form).await {
        Ok(i) => run(state, i, tika_job(how)).await,
        Err(r) => r,
    }
}

async fn tika_form_handler(
    State(state): St,
    Path(handler): Path<String>,
    headers: HeaderMap,
    form: Multipart,
) -> Response {
    let Some(how) = TikaAs::by_handler(&handler) else {
        return unknown_handler(&handler);
    };
    match multipart_input(headers, form).await {
        Ok(i) => run(state, i, tika_job(how)).await,
        Err(r) => r,
    }
}

fn unknown_handler(name: &str) -> Response {
    respond(
        StatusCode::BAD_REQUEST,
        TEXT,
        format!("unknown handler `{name}` (text, html, xml, markdown, ignore)\n"),
    )
}

// ---------------------------------------------------------------- /rmeta

/// The `/rmeta` list: the container, then every embedded document.
fn rmeta_list(
    doc: &Document,
    req: &RequestOptions,
    handler: Handler,
    size: usize,
    millis: u128,
) -> Vec<Map<String, Value>> {
    let mut nodes = tika::flatten(doc);
    let mut cut_embedded = false;
    if let Some(max) = req.max_embedded
        && nodes.len() > max + 1
    {
        nodes.truncate(max + 1);
        cut_embedded = true;
    }
    let mut limit = WriteLimit::new(req.write_limit);
    let mut out = Vec::with_capacity(nodes.len());
    for node in &nodes {
        let mut meta = tika::metadata(node, req.resource_name.as_deref());
        if node.embedded.is_none() {
            meta.insert("Content-Length".into(), Value::from(size.to_string()));
            meta.insert(
                "X-TIKA:parse_time_millis".into(),
                Value::from(millis.to_string()),
            );
        }
        if handler != Handler::Ignore {
            let own = |limit: &mut WriteLimit, target| match node.outcome {
                Outcome::Document(d) => limit.render(d, target),
                _ => String::new(),
            };
            let content = match handler {
                Handler::Text => own(&mut limit, Target::Text),
                Handler::Markdown => own(&mut limit, Target::Markdown),
                _ => {
                    let body = own(&mut limit, Target::Html);
                    tika::xhtml(&meta, &body)
                }
            };
            meta.insert("X-TIKA:content".into(), Value::from(content));
        }
        out.push(meta);
    }
    if let Some(first) = out.first_mut() {
        if limit.reached {
            first.insert(
                "X-TIKA:WARN:write_limit_reached".into(),
                Value::from("true"),
            );
        }
        if cut_embedded {
            first.insert(
                "X-TIKA:EXCEPTION:embedded_resource_limit_reached".into(),
                Value::from("true"),
            );
        }
    }
    out
}

fn rmeta_job(handler: Handler) -> Job {
    Box::new(move |body, req, config| {
        let started = Instant::now();
        match textract::extract(body, &req.options(config)) {
            Ok(doc) => json(&rmeta_list(
                &doc,
                req,
                handler,
                body.len(),
                started.elapsed().as_millis(),
            )),
            Err(e) if e.kind() == ErrorKind::Io => unprocessable(&e),
            // Tika answers 200 and says why in the container's metadata.
            Err(e) => json(&[tika::failed_container(
                &ErrorInfo::from(&e),
                req.resource_name.as_deref(),
                body.len(),
            )]),
        }
    })
}

async fn rmeta_default(State(state): St, headers: HeaderMap, body: Bytes) -> Response {
    run(state, input(headers, body), rmeta_job(Handler::Xhtml)).await
}

async fn rmeta(
    State(state): St,
    Path(handler): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(h) = Handler::from_name(&handler) else {
        return unknown_handler(&handler);
    };
    run(state, input(headers, body), rmeta_job(h)).await
}

async fn rmeta_form_default(State(state): St, headers: HeaderMap, form: Multipart) -> Response {
    match multipart_input(headers, form).await {
        Ok(i) => run(state, i, rmeta_job(Handler::Xhtml)).await,
        Err(r) => r,
    }
}

async fn rmeta_form(
    State(state): St,
    Path(handler): Path<String>,
    headers: HeaderMap,
    form: Multipart,
) -> Response {
    let Some(h) = Handler::from_name(&handler) else {
        return unknown_handler(&handler);
    };
    match multipart_input(headers, form).await {
        Ok(i) => run(state, i, rmeta_job(h)).await,
        Err(r) => r,
    }
}

// ---------------------------------------------------------------- /meta

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MetaAs {
    Csv,
    Json,
    Text,
}

fn meta_as(headers: &HeaderMap) -> MetaAs {
    match accept(headers, &["text/csv", "application/json", "text/plain"]) {
        "application/json" => MetaAs::Json,
        "text/plain" => MetaAs::Text,
        _ => MetaAs::Csv,
    }
}

fn meta_job(how: MetaAs, field: Option<String>) -> Job {
    Box::new(move |body, req, config| {
        let mut options = req.options(config);
        options.metadata_only = true;
        options.embedded.extract = false;
        let doc = match textract::extract(body, &options) {
            Ok(d) => d,
            Err(e) => return unprocessable(&e),
        };
        let nodes = tika::flatten(&doc);
        let Some(root) = nodes.first() else {
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        };
        let mut meta = tika::metadata(root, req.resource_name.as_deref());
        meta.insert("Content-Length".into(), Value::from(body.len().to_string()));
        if let Some(f) = &field {
            let Some(v) = meta.remove(f) else {
                return respond(
                    StatusCode::NOT_FOUND,
                    TEXT,
                    format!("no metadata field `{f}` in this document\n"),
                );
            };
            meta = Map::new();
            meta.insert(f.clone(), v);
        }
        match how {
            MetaAs::Json => json(&meta),
            MetaAs::Csv => respond(StatusCode::OK, "text/csv; charset=UTF-8", tika::csv(&meta)),
            MetaAs::Text => {
                let mut out = String::new();
                for (k, v) in &meta {
                    let vals = tika::values(v).join(", ");
                    if field.is_some() {
                        out.push_str(&vals);
                    } else {
                        out.push_str(&format!("{k}: {vals}"));
                    }
                    out.push('\n');
                }
                respond(StatusCode::OK, TEXT, out)
            }
        }
    })
}

async fn meta(State(state): St, headers: HeaderMap, body: Bytes) -> Response {
    let how = meta_as(&headers);
    run(state, input(headers, body), meta_job(how, None)).await
}

async fn meta_form(State(state): St, headers: HeaderMap, form: Multipart) -> Response {
    let how = meta_as(&headers);
    match multipart_input(headers, form).await {
        Ok(i) => run(state, i, meta_job(how, None)).await,
        Err(r) => r,
    }
}

async fn meta_field(
    State(state): St,
    Path(field): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let how = meta_as(&headers);
    run(state, input(headers, body), meta_job(how, Some(field))).await
}

// ---------------------------------------------------------------- /detect

/// Text formats whose file-name extension tells more than the bytes.
fn text_subtype(name: &str) -> Option<&'static str> {
    let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match ext.as_str() {
        "csv" => "text/csv",
        "tsv" | "tab" => "text/tab-separated-values",
        "md" | "markdown" => "text/x-web-markdown",
        "json" => "application/json",
        "js" => "text/javascript",
        "css" => "text/css",
        "ics" => "text/calendar",
        "vcf" => "text/vcard",
        "srt" => "application/x-subrip",
        "log" => "text/x-log",
        "properties" => "text/x-java-properties",
        "yaml" | "yml" => "application/x-yaml",
        "sql" => "text/x-sql",
        "py" => "text/x-python",
        _ => return None,
    })
}

async fn detect(State(state): St, headers: HeaderMap, body: Bytes) -> Response {
    let job: Job = Box::new(|body, req, _config| {
        let d = textract::detect(body);
        let mut mime = d
            .mime_type
            .unwrap_or_else(|| "application/octet-stream".into());
        if d.format == Some(Format::Text)
            && let Some(t) = req.resource_name.as_deref().and_then(text_subtype)
        {
            mime = t.to_string();
        }
        respond(StatusCode::OK, TEXT, mime)
    });
    run(state, input(headers, body), job).await
}

// ---------------------------------------------------------------- /unpack

fn unpack_job(all: bool, kind: ArchiveKind) -> Job {
    Box::new(move |body, req, config| {
        let mut options = req.options(config);
        options.embedded.keep_bytes = true;
        options.embedded.images = true;
        let doc = match textract::extract(body, &options) {
            Ok(d) => d,
            Err(e) => return unprocessable(&e),
        };
        let mut names = Names::default();
        let mut entries: Vec<(String, &[u8])> = doc
            .embedded
            .iter()
            .filter_map(|e| {
                let data = e.data.as_deref()?;
                let given = e.name.as_deref().or_else(|| e.path.rsplit('/').next());
                Some((names.name(given), data))
            })
            .take(req.max_embedded.unwrap_or(usize::MAX))
            .collect();
        if entries.is_empty() && !all {
            return StatusCode::NO_CONTENT.into_response();
        }
        let text;
        let csv;
        if all {
            let nodes = tika::flatten(&doc);
            let mut meta = nodes
                .first()
                .map(|root| tika::metadata(root, req.resource_name.as_deref()))
                .unwrap_or_default();
            meta.insert("Content-Length".into(), Value::from(body.len().to_string()));
            text = WriteLimit::new(req.write_limit).take(doc.text.clone());
            csv = tika::csv(&meta);
            entries.push(("__TEXT__".into(), text.as_bytes()));
            entries.push(("__METADATA__".into(), csv.as_bytes()));
        }
        match unpack::write(kind, &entries) {
            Ok(bytes) => respond(StatusCode::OK, kind.mime_type(), bytes),
            Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
        }
    })
}

fn archive_kind(headers: &HeaderMap) -> ArchiveKind {
    match accept(headers, &["application/zip", "application/x-tar"]) {
        "application/x-tar" => ArchiveKind::Tar,
        _ => ArchiveKind::Zip,
    }
}

async fn unpack_embedded(State(state): St, headers: HeaderMap, body: Bytes) -> Response {
    let kind = archive_kind(&headers);
    run(state, input(headers, body), unpack_job(false, kind)).await
}

async fn unpack_all(State(state): St, headers: HeaderMap, body: Bytes) -> Response {
    let kind = archive_kind(&headers);
    run(state, input(headers, body), unpack_job(true, kind)).await
}

// ---------------------------------------------------------------- GET

/// What `GET /version` answers.
pub(crate) fn version_string() -> String {
    format!(
        "textract {} (Apache Tika 3.x compatible)",
        env!("CARGO_PKG_VERSION")
    )
}

async fn version() -> Response {
    respond(StatusCode::OK, TEXT, version_string())
}

const ENDPOINTS: &[(&str, &str, &str)] = &[
    (
        "PUT",
        "/tika",
        "text (Accept: text/plain), XHTML (text/html) or JSON (application/json) of the document and its embedded documents",
    ),
    (
        "PUT",
        "/tika/text",
        "JSON: metadata and plain-text X-TIKA:content",
    ),
    (
        "PUT",
        "/tika/html",
        "JSON: metadata and XHTML X-TIKA:content (also /tika/xml)",
    ),
    ("PUT", "/tika/main", "plain text"),
    (
        "POST",
        "/tika/form",
        "as /tika, the document in the first file field of a multipart body (also /tika/form/{text,html})",
    ),
    (
        "PUT",
        "/rmeta",
        "JSON list: the container, then every embedded document, content as XHTML (also /rmeta/text, /rmeta/html, /rmeta/xml, /rmeta/markdown, /rmeta/ignore, POST /rmeta/form/{handler})",
    ),
    (
        "PUT",
        "/meta",
        "metadata as CSV, or JSON (Accept: application/json); /meta/{field} for one field; POST /meta/form",
    ),
    ("PUT", "/detect/stream", "the MIME type"),
    (
        "PUT",
        "/unpack",
        "the embedded files as zip (or tar: Accept: application/x-tar); 204 when there are none",
    ),
    (
        "PUT",
        "/unpack/all",
        "as /unpack, with __TEXT__ and __METADATA__",
    ),
    ("GET", "/version", "the version"),
    (
        "GET",
        "/parsers",
        "the formats read (also /parsers/details)",
    ),
    ("GET", "/mime-types", "the MIME types read"),
    ("GET", "/health", "status, extractions running and waiting"),
];

async fn welcome() -> Response {
    let mut out = String::from(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>textract server</title></head><body>\n<h1>",
    );
    tika::escape(&version_string(), &mut out);
    out.push_str("</h1>\n<table>\n<tr><th>method</th><th>path</th><th>what</th></tr>\n");
    for (m, p, what) in ENDPOINTS {
        out.push_str("<tr><td>");
        out.push_str(m);
        out.push_str("</td><td><code>");
        tika::escape(p, &mut out);
        out.push_str("</code></td><td>");
        tika::escape(what, &mut out);
        out.push_str("</td></tr>\n");
    }
    out.push_str("</table>\n</body></html>\n");
    respond(StatusCode::OK, XHTML, out)
}

async fn health(State(state): St) -> Response {
    let (running, waiting) = state.load();
    json(&serde_json::json!({
        "status": "ok",
        "running": running,
        "waiting": waiting,
        "max_concurrent": state.config.max_concurrent.max(1),
        "max_queue": state.config.max_queue,
    }))
}

fn supported() -> impl Iterator<Item = Format> {
    ALL_FORMATS.iter().copied().filter(|f| f.is_supported())
}

/// MIME types read, each once, with the formats that read them.
fn mime_table() -> Vec<(&'static str, Vec<Format>)> {
    let mut out: Vec<(&'static str, Vec<Format>)> = Vec::new();
    for f in supported() {
        match out.iter_mut().find(|(m, _)| *m == f.mime_type()) {
            Some((_, fs)) => fs.push(f),
            None => out.push((f.mime_type(), vec![f])),
        }
    }
    out
}

async fn parsers(headers: HeaderMap) -> Response {
    parsers_listing(&headers, false)
}

async fn parsers_details(headers: HeaderMap) -> Response {
    parsers_listing(&headers, true)
}

fn parsers_listing(headers: &HeaderMap, details: bool) -> Response {
    match accept(headers, &["text/plain", "application/json", "text/html"]) {
        "application/json" => {
            let children: Vec<Value> = supported()
                .map(|f| {
                    let mut m = Map::new();
                    m.insert("name".into(), Value::from(format!("textract-{}", f.name())));
                    m.insert("composite".into(), Value::from(false));
                    if details {
                        m.insert("supportedTypes".into(), Value::from(vec![f.mime_type()]));
                    }
                    Value::Object(m)
                })
                .collect();
            json(&serde_json::json!({
                "name": "org.apache.tika.parser.DefaultParser",
                "composite": true,
                "children": children,
            }))
        }
        _ => {
            let mut out =
                String::from("org.apache.tika.parser.DefaultParser (Composite Parser):\n");
            for f in supported() {
                out.push_str(&format!("    textract-{}: {}", f.name(), f.human_name()));
                if details {
                    out.push_str(&format!(" ({})", f.mime_type()));
                }
                out.push('\n');
            }
            respond(StatusCode::OK, TEXT, out)
        }
    }
}

async fn mime_types(headers: HeaderMap) -> Response {
    let table = mime_table();
    match accept(&headers, &["text/plain", "application/json", "text/html"]) {
        "application/json" => {
            let mut m = Map::new();
            for (mime, formats) in &table {
                let parsers: Vec<String> = formats
                    .iter()
                    .map(|f| format!("textract-{}", f.name()))
                    .collect();
                m.insert(
                    (*mime).to_string(),
                    serde_json::json!({
                        "alias": [],
                        "supertype": formats.first().map_or("application/octet-stream", |f| f.supertype()),
                        "parser": parsers.join(", "),
                    }),
                );
            }
            json(&m)
        }
        _ => {
            let mut out = String::new();
            for (mime, formats) in &table {
                let parsers: Vec<String> = formats
                    .iter()
                    .map(|f| format!("textract-{}", f.name()))
                    .collect();
                out.push_str(&format!("{mime}\t{}\n", parsers.join(", ")));
            }
            respond(StatusCode::OK, TEXT, out)
        }
    }
}
