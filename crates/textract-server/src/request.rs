//! What a request asks for, read from its headers as tika-server 3.x reads
//! them: the file name (`Content-Disposition`), a content-type hint, a
//! password, limits, and the `X-Tika-*` options.

use std::borrow::Cow;
use std::io::Read;
use std::time::Duration;

use axum::http::HeaderMap;
use axum::http::header::{ACCEPT, CONTENT_DISPOSITION, CONTENT_ENCODING, CONTENT_TYPE};
use textract::Options;

use crate::Config;

/// The options of one request.
#[derive(Debug, Clone, Default)]
pub(crate) struct RequestOptions {
    /// The file name from `Content-Disposition` (or a multipart field).
    pub resource_name: Option<String>,
    /// The `Content-Type` the client sent, unless `application/octet-stream`.
    pub content_type: Option<String>,
    /// `Password`.
    pub password: Option<String>,
    /// `writeLimit`: most characters of content over the whole response.
    pub write_limit: Option<usize>,
    /// `maxEmbeddedResources`: most embedded documents reported.
    pub max_embedded: Option<usize>,
    /// `X-Tika-Skip-Embedded: true`.
    pub skip_embedded: bool,
    /// `X-Tika-Timeout-Millis`.
    pub timeout: Option<Duration>,
    /// `X-Tika-PDF*` / `X-Tika-OCR*` headers accepted and not acted on.
    pub ignored: Vec<String>,
}

impl RequestOptions {
    /// Reads the options from `headers`.
    pub(crate) fn from_headers(headers: &HeaderMap) -> RequestOptions {
        let text = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::trim)
        };
        let mut ignored: Vec<String> = headers
            .keys()
            .map(|k| k.as_str())
            .filter(|k| k.starts_with("x-tika-pdf") || k.starts_with("x-tika-ocr"))
            .map(tika_header_case)
            .collect();
        ignored.sort();
        ignored.dedup();
        RequestOptions {
            resource_name: headers
                .get(CONTENT_DISPOSITION)
                .and_then(|v| content_disposition_filename(v.as_bytes())),
            content_type: text(CONTENT_TYPE.as_str())
                .filter(|t| is_hint(t))
                .map(str::to_string),
            password: headers
                .get("password")
                .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned()),
            write_limit: text("writelimit")
                .and_then(|v| v.parse::<i64>().ok())
                .and_then(|n| usize::try_from(n).ok()),
            max_embedded: text("maxembeddedresources")
                .and_then(|v| v.parse::<i64>().ok())
                .and_then(|n| usize::try_from(n).ok()),
            skip_embedded: text("x-tika-skip-embedded")
                .is_some_and(|v| v.eq_ignore_ascii_case("true")),
            timeout: text("x-tika-timeout-millis")
                .and_then(|v| v.parse::<u64>().ok())
                .map(Duration::from_millis),
            ignored,
        }
    }

    /// The extraction options for this request under the server's `config`.
    pub(crate) fn options(&self, config: &Config) -> Options {
        let mut options = Options::default();
        options.content_type = self.content_type.clone();
        options.password = self.password.clone();
        options.embedded.extract = !self.skip_embedded;
        if let Some(n) = self.max_embedded {
            // One more than asked, so the answer can tell that there were more.
            options.embedded.max_count = n.saturating_add(1);
        }
        options.limits.max_input_bytes = config.max_body;
        options.limits.deadline = Some(match self.timeout {
            Some(t) => t.min(config.timeout),
            None => config.timeout,
        });
        options
    }

    /// The deadline in force for this request.
    pub(crate) fn deadline(&self, config: &Config) -> Duration {
        self.timeout
            .map_or(config.timeout, |t| t.min(config.timeout))
    }
}

/// `x-tika-pdfocrstrategy` → `X-Tika-PDFocrStrategy`-like spelling is lost
/// in HTTP/1 lower-casing; name the header as Tika documents its prefix.
fn tika_header_case(lower: &str) -> String {
    let rest = lower.get("x-tika-".len()..).unwrap_or("");
    let (prefix, tail) = if let Some(t) = rest.strip_prefix("pdf") {
        ("PDF", t)
    } else if let Some(t) = rest.strip_prefix("ocr") {
        ("OCR", t)
    } else {
        ("", rest)
    };
    format!("X-Tika-{prefix}{tail}")
}

/// Whether a request `Content-Type` says anything: not empty, not
/// `application/octet-stream`, not the multipart envelope.
fn is_hint(t: &str) -> bool {
    let essence = t
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    !essence.is_empty()
        && essence != "application/octet-stream"
        && !essence.starts_with("multipart/")
}

/// The file name of a `Content-Disposition` value: `filename*=UTF-8''…`
/// (RFC 6266/5987) first, then `filename="…"` or unquoted `filename=…`,
/// including the `filename=b'name.pdf'` Python `bytes` repr that tika-python
/// sends (with its `\xNN` escapes for non-ASCII names). Only the last path
/// segment is kept.
pub(crate) fn content_disposition_filename(value: &[u8]) -> Option<String> {
    let value = String::from_utf8_lossy(value);
    let mut plain = None;
    let mut extended = None;
    for param in split_params(&value) {
        let Some((key, val)) = param.split_once('=') else {
            continue;
        };
        match key.trim().to_ascii_lowercase().as_str() {
            "filename*" => extended = decode_ext_value(val.trim()),
            "filename" => plain = Some(unquote(val.trim())),
            _ => {}
        }
    }
    let name = extended.or(plain)?;
    let name = python_bytes_repr(&name).unwrap_or(name);
    let base = name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(&name)
        .trim()
        .to_string();
    (!base.is_empty()).then_some(base)
}

/// Splits on `;` outside double quotes.
fn split_params(value: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in value.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ';' if !quoted => {
                out.push(&value[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&value[start..]);
    out
}

fn unquote(v: &str) -> String {
    let Some(inner) = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
        return v.to_string();
    };
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                out.push(next);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `UTF-8''na%C3%AFve.pdf` → `naïve.pdf` (other charsets read as Latin-1).
fn decode_ext_value(v: &str) -> Option<String> {
    let mut it = v.splitn(3, '\'');
    let charset = it.next()?;
    let _language = it.next()?;
    let encoded = it.next()?;
    let bytes = percent_decode(encoded.as_bytes());
    if charset.eq_ignore_ascii_case("utf-8") {
        String::from_utf8(bytes).ok()
    } else {
        Some(bytes.iter().map(|&b| char::from(b)).collect())
    }
}

fn percent_decode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(&b) = s.get(i) {
        if b == b'%'
            && let Some(v) = s.get(i + 1..i + 3).and_then(hex_byte)
        {
            out.push(v);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    out
}

fn hex_byte(two: &[u8]) -> Option<u8> {
    let s = std::str::from_utf8(two).ok()?;
    u8::from_str_radix(s, 16).ok()
}

/// `b'name.pdf'` or `b"it's.pdf"` (Python's `bytes` repr) → the name, its
/// `\xNN`, `\\` and `\'` escapes undone and the bytes read as UTF-8.
fn python_bytes_repr(s: &str) -> Option<String> {
    let inner = s
        .strip_prefix("b'")
        .and_then(|r| r.strip_suffix('\''))
        .or_else(|| s.strip_prefix("b\"").and_then(|r| r.strip_suffix('"')))?;
    let raw = inner.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        match raw.get(i + 1) {
            Some(b'x') => match raw.get(i + 2..i + 4).and_then(hex_byte) {
                Some(v) => {
                    out.push(v);
                    i += 4;
                }
                None => {
                    out.push(b);
                    i += 1;
                }
            },
            Some(&e @ (b'\\' | b'\'' | b'"')) => {
                out.push(e);
                i += 2;
            }
            Some(b't') => {
                out.push(b'\t');
                i += 2;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// What the client accepts, as the first media type of `Accept` this
/// endpoint knows among `known` (the first of `known` when none matches).
pub(crate) fn accept<'a>(headers: &HeaderMap, known: &[&'a str]) -> &'a str {
    let default = known.first().copied().unwrap_or("text/plain");
    let Some(value) = headers.get(ACCEPT).and_then(|v| v.to_str().ok()) else {
        return default;
    };
    for item in value.split(',') {
        let essence = item
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if let Some(k) = known.iter().find(|k| **k == essence) {
            return k;
        }
    }
    default
}

/// Why a body could not be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum BodyError {
    /// Over the body limit after decompression.
    #[error("the request body exceeds the limit of {0} bytes")]
    TooLarge(u64),
    /// A `Content-Encoding` that is not gzip, deflate or identity.
    #[error("unsupported Content-Encoding `{0}`")]
    Encoding(String),
    /// A gzip or deflate body that does not decode.
    #[error("the {0} request body does not decode: {1}")]
    Corrupt(&'static str, std::io::Error),
}

/// The body as sent, undone from its `Content-Encoding` (gzip, x-gzip,
/// deflate), never larger than `limit` bytes; borrowed when not encoded.
pub(crate) fn decode_body<'a>(
    headers: &HeaderMap,
    body: &'a [u8],
    limit: u64,
) -> Result<Cow<'a, [u8]>, BodyError> {
    let encoding = headers
        .get(CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let mut out = Vec::new();
    let result = match encoding.as_str() {
        "" | "identity" => return Ok(Cow::Borrowed(body)),
        "gzip" | "x-gzip" => flate2::read::MultiGzDecoder::new(body)
            .take(limit.saturating_add(1))
            .read_to_end(&mut out)
            .map_err(|e| BodyError::Corrupt("gzip", e)),
        "deflate" => flate2::read::ZlibDecoder::new(body)
            .take(limit.saturating_add(1))
            .read_to_end(&mut out)
            .map_err(|e| BodyError::Corrupt("deflate", e)),
        other => return Err(BodyError::Encoding(other.to_string())),
    };
    result?;
    if out.len() as u64 > limit {
        return Err(BodyError::TooLarge(limit));
    }
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(v: &str) -> Option<String> {
        content_disposition_filename(v.as_bytes())
    }

    #[test]
    fn content_disposition_forms() {
        assert_eq!(name("attachment; filename=x.pdf").as_deref(), Some("x.pdf"));
        assert_eq!(
            name("attachment; filename=\"a; b.pdf\"").as_deref(),
            Some("a; b.pdf")
        );
        assert_eq!(
            name("attachment; filename=b'name.pdf'").as_deref(),
            Some("name.pdf")
        );
        assert_eq!(
            name(r"attachment; filename=b'\xe6\x97\xa5\xe6\x9c\xac.doc'").as_deref(),
            Some("日本.doc")
        );
        assert_eq!(
            name("attachment; filename=\"na_ve.pdf\"; filename*=UTF-8''na%C3%AFve.pdf").as_deref(),
            Some("naïve.pdf")
        );
        assert_eq!(
            name("attachment; filename=/etc/dir/x.pdf").as_deref(),
            Some("x.pdf")
        );
        assert_eq!(name("attachment").as_deref(), None);
        assert_eq!(name("attachment; filename=\"\"").as_deref(), None);
    }

    #[test]
    fn octet_stream_is_no_hint() {
        assert!(!is_hint("application/octet-stream"));
        assert!(!is_hint("multipart/form-data; boundary=x"));
        assert!(is_hint("text/html; charset=Shift_JIS"));
    }

    #[test]
    fn ignored_headers_are_named() {
        assert_eq!(
            tika_header_case("x-tika-pdfocrstrategy"),
            "X-Tika-PDFocrstrategy"
        );
        assert_eq!(tika_header_case("x-tika-ocrlanguage"), "X-Tika-OCRlanguage");
    }

    #[test]
    fn gzip_bodies_are_bounded() {
        use std::io::Write;
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(&[b'a'; 1000]).unwrap();
        let gz = enc.finish().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(CONTENT_ENCODING, "gzip".parse().unwrap());
        assert_eq!(decode_body(&headers, &gz, 1000).unwrap().len(), 1000);
        assert!(matches!(
            decode_body(&headers, &gz, 999),
            Err(BodyError::TooLarge(999))
        ));
        headers.insert(CONTENT_ENCODING, "br".parse().unwrap());
        assert!(matches!(
            decode_body(&headers, &[1], 10),
            Err(BodyError::Encoding(_))
        ));
    }
}
