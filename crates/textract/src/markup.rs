//! HTML, XML and plain text: sniff the encoding (WHATWG), decode, and for
//! markup keep the visible text.

use html_charset::{SniffOptions, Sniffed};

use crate::{Document, Format, Metadata, Options};

fn sniff(bytes: &[u8], options: &Options, is_html: bool) -> Sniffed {
    let mut sniff_options = SniffOptions::default();
    sniff_options.transport = options.content_type.clone();
    sniff_options.is_html = is_html;
    html_charset::sniff_with(bytes, &sniff_options)
}

/// HTML (and XML, read the same way): visible text, title, description,
/// keywords and language.
pub(crate) fn extract_html(bytes: &[u8], format: Format, options: &Options) -> Document {
    let sniffed = sniff(bytes, options, true);
    let decoded = html_charset::decode(bytes, &sniffed);
    let html = html_text::extract(&decoded);
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
    doc
}

/// Plain text: the same sniffing minus the HTML prescan, then the decoded text.
pub(crate) fn extract_text(bytes: &[u8], options: &Options) -> Document {
    let sniffed = sniff(bytes, options, false);
    let mut doc = Document::new(Format::Text);
    doc.text = html_charset::decode(bytes, &sniffed).into_owned();
    doc.encoding = Some(sniffed.encoding.name().to_string());
    doc
}
