//! HTML, XML and plain text: sniff the encoding (WHATWG), decode, and for
//! markup keep the visible text.

use html_charset::SniffOptions;

use crate::{Document, Format, Metadata, Options, Warning};

/// HTML (and XML, read the same way): visible text, title, description,
/// keywords and language.
pub(crate) fn extract_html(bytes: &[u8], format: Format, options: &Options) -> Document {
    let sniff = SniffOptions::default().with_content_type(options.content_type.as_deref());
    let mut text_options = html_text::Options::default();
    text_options.max_text_bytes = options.limits.max_output_bytes;
    let (sniffed, html) = html_text::extract_bytes(bytes, &sniff, &text_options);
    let mut doc = Document::new(format);
    doc.text = html.text;
    doc.encoding = Some(sniffed.encoding.name().to_string());
    doc.metadata = Metadata {
        title: html.title,
        subject: html.description,
        keywords: html.keywords,
        language: html.lang,
        ..Metadata::default()
    };
    doc.warnings.extend(
        html.warnings
            .iter()
            .map(|w| Warning::new("html-text", w.to_string())),
    );
    doc
}

/// Plain text: the same sniffing minus the HTML prescan, then the decoded text.
pub(crate) fn extract_text(bytes: &[u8], options: &Options) -> Document {
    let sniff = SniffOptions::text().with_content_type(options.content_type.as_deref());
    let sniffed = html_charset::sniff_with(bytes, &sniff);
    let mut doc = Document::new(Format::Text);
    doc.text = html_charset::decode(bytes, &sniffed).into_owned();
    doc.encoding = Some(sniffed.encoding.name().to_string());
    doc
}
