//! HTML, XML and plain text: sniff the encoding (WHATWG), decode, and for
//! markup keep the visible text.

use std::borrow::Cow;

use html_charset::SniffOptions;
use html_charset::unlisted;

use crate::{Context, Document, Error, Format, Metadata, Options};

#[cfg(feature = "html")]
pub(crate) const EXTRACT_HTML: Option<crate::registry::Extract> = Some(extract_markup);
#[cfg(not(feature = "html"))]
pub(crate) const EXTRACT_HTML: Option<crate::registry::Extract> = None;

/// HTML and XML: the markup's visible text.
#[cfg(feature = "html")]
fn extract_markup(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    Ok(extract_html(bytes, ctx.format, ctx.options))
}

/// Plain text: the decoded characters (no parts: the text is the body).
pub(crate) fn extract_text(bytes: &[u8], ctx: &Context<'_>) -> Result<Document, Error> {
    Ok(text(bytes, ctx.options))
}

/// HTML (and XML, read the same way): visible text, title, description,
/// keywords and language.
#[cfg(feature = "html")]
fn extract_html(bytes: &[u8], format: Format, options: &Options) -> Document {
    let sniff = SniffOptions::default().with_content_type(options.content_type.as_deref());
    let mut text_options = html_text::Options::default();
    text_options.max_text_bytes = options.limits.max_output_bytes;
    text_options.structure = !options.text_only && !options.metadata_only;
    let (encoding, decoded) = decode(bytes, &sniff);
    let html = html_text::extract_with(&decoded, &text_options);
    let mut doc = Document::new(format);
    // One body and nothing else: no parts (the text is the body), so a
    // 100 MB page is held once, not twice.
    doc.text = html.text;
    doc.blocks = html.blocks;
    doc.encoding = Some(encoding.to_string());
    let mut meta = Metadata::default();
    meta.title = html.title;
    meta.subject = html.description;
    meta.keywords = html.keywords;
    meta.language = html.lang;
    doc.metadata = meta;
    doc.warn_from("html-text", &html.warnings);
    doc
}

/// Plain text: the same sniffing minus the HTML prescan, then the decoded text.
fn text(bytes: &[u8], options: &Options) -> Document {
    let sniff = SniffOptions::text().with_content_type(options.content_type.as_deref());
    let (encoding, decoded) = decode(bytes, &sniff);
    let mut doc = Document::new(Format::Text);
    doc.text = decoded.into_owned();
    doc.encoding = Some(encoding.to_string());
    doc
}

/// The WHATWG sniffing algorithm, except where `html_charset::unlisted`
/// finds the bytes in an encoding the Encoding Standard lacks (a UTF-32 byte
/// order mark; a label only that module knows; UTF-32, ISO-2022-KR, Johab or
/// EUC-TW by the bytes when nothing labelled them).
fn decode<'a>(bytes: &'a [u8], sniff: &SniffOptions<'_>) -> (&'static str, Cow<'a, str>) {
    let sniffed = html_charset::sniff_with(bytes, sniff);
    match unlisted::sniff(bytes, sniff, &sniffed) {
        Some(u) => (u.name(), Cow::Owned(u.decode(bytes))),
        None => (
            sniffed.encoding.name(),
            html_charset::decode(bytes, &sniffed),
        ),
    }
}
