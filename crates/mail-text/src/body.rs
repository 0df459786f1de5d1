//! Bodies as text: HTML through html-charset and html-text, compressed RTF
//! through MS-OXRTFCP and rtf-text (or, for HTML encapsulated in RTF,
//! de-encapsulated and read as HTML).

use encoding_rs::Encoding;

use crate::{Limits, Warning, WarningKind};

/// The visible text of an HTML body given as bytes, decoded by its BOM, the
/// `charset` the container states (a MIME parameter, a MAPI code page),
/// its `<meta>` prescan or a statistical guess, in that order.
pub(crate) fn html_bytes(html: &[u8], charset: Option<&str>) -> (String, &'static Encoding) {
    let content_type = charset.map(|c| format!("text/html; charset={c}"));
    let sniff = html_charset::SniffOptions::default().with_content_type(content_type.as_deref());
    let (sniffed, text) = html_text::extract_bytes(html, &sniff, &html_text::Options::default());
    (text.text, sniffed.encoding)
}

/// The visible text of an HTML body already decoded.
pub(crate) fn html_str(html: &str) -> String {
    html_text::extract(html).text
}

/// The text of a compressed RTF body (`PidTagRtfCompressed`): decompressed,
/// then de-encapsulated HTML read as HTML, else the RTF read as RTF.
pub(crate) fn compressed_rtf(
    data: &[u8],
    limits: &Limits,
    warnings: &mut Vec<Warning>,
) -> Option<String> {
    let rtf = match crate::lzfu::decompress_rtf(data, limits.max_rtf_bytes) {
        Ok(rtf) => rtf,
        Err(e) => {
            warnings.push(Warning::new(
                WarningKind::Body,
                format!("compressed RTF body: {e}; the body is left out"),
                None,
            ));
            return None;
        }
    };
    rtf_text(&rtf, limits, warnings)
}

/// The text of an RTF body: encapsulated HTML (`\fromhtml1`) as HTML, else RTF.
pub(crate) fn rtf_text(rtf: &[u8], limits: &Limits, warnings: &mut Vec<Warning>) -> Option<String> {
    if let Some(html) = crate::rtf_html::html_from_rtf(rtf) {
        return Some(html_str(&html));
    }
    let mut options = rtf_text::Options::default();
    options.limits.max_output_bytes = limits.max_output_bytes;
    options.limits.deadline = limits.deadline;
    match rtf_text::parse_with(rtf, &options) {
        Ok(doc) => {
            for w in &doc.warnings {
                warnings.push(Warning::new(
                    WarningKind::Body,
                    format!("RTF body: {w}"),
                    None,
                ));
            }
            Some(doc.text())
        }
        Err(e) => {
            warnings.push(Warning::new(
                WarningKind::Body,
                format!("RTF body: {e}; the body is left out"),
                None,
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_bodies_take_the_stated_charset() {
        let (text, enc) = html_bytes(b"<p>\xcf\xf0\xe8\xe2\xe5\xf2</p>", Some("windows-1251"));
        assert_eq!(text, "Привет");
        assert_eq!(enc, encoding_rs::WINDOWS_1251);
        assert_eq!(html_str("<div>a<br>b</div>"), "a\nb");
    }

    #[test]
    fn rtf_bodies_are_read_as_rtf_or_as_their_html() {
        let mut w = Vec::new();
        let l = Limits::default();
        assert_eq!(
            rtf_text(br"{\rtf1 Hello\par}", &l, &mut w).as_deref(),
            Some("Hello\n")
        );
        let html =
            br"{\rtf1\ansi\fromhtml1 {\*\htmltag64 <p>}\htmlrtf x\htmlrtf0 Hi{\*\htmltag72 </p>}}";
        assert_eq!(rtf_text(html, &l, &mut w).as_deref(), Some("Hi"));
        assert!(w.is_empty());
    }
}
