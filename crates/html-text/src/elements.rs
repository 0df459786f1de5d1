//! What each element means for the text (HTML § 15 "Rendering": which
//! elements are blocks, which are hidden; § 13.2.6 for what belongs in `head`).

/// How an element affects the text around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Its contents are never shown (`script`, `style`, `template`, …).
    Hidden,
    /// A paragraph or heading: a blank line before and after.
    Paragraph,
    /// A block: its own line(s).
    Block,
    /// A table row: its own line.
    Row,
    /// A table cell: separated from the previous cell by a tab.
    Cell,
    /// `br`: a line break.
    LineBreak,
    /// `pre`, `listing`, `xmp`, `textarea`, `plaintext`: whitespace kept, a block.
    Preformatted,
    /// Everything else: inline.
    Inline,
}

/// The kind of the element named `name` (lowercase, as the tokenizer gives it).
pub(crate) fn kind(name: &[u8]) -> Kind {
    match name {
        b"script" | b"style" | b"template" | b"noscript" | b"iframe" | b"noembed" | b"noframes" => {
            Kind::Hidden
        }
        b"p" | b"h1" | b"h2" | b"h3" | b"h4" | b"h5" | b"h6" => Kind::Paragraph,
        b"tr" => Kind::Row,
        b"td" | b"th" => Kind::Cell,
        b"br" => Kind::LineBreak,
        b"pre" | b"listing" | b"xmp" | b"textarea" | b"plaintext" => Kind::Preformatted,
        b"address" | b"article" | b"aside" | b"blockquote" | b"body" | b"caption" | b"center"
        | b"dd" | b"details" | b"dialog" | b"dir" | b"div" | b"dl" | b"dt" | b"fieldset"
        | b"figcaption" | b"figure" | b"footer" | b"form" | b"frameset" | b"header" | b"hgroup"
        | b"hr" | b"html" | b"legend" | b"li" | b"main" | b"menu" | b"nav" | b"ol"
        | b"optgroup" | b"option" | b"search" | b"section" | b"summary" | b"table" | b"tbody"
        | b"tfoot" | b"thead" | b"ul" | b"select" => Kind::Block,
        _ => Kind::Inline,
    }
}

/// Start tags that may stay in `head` (HTML § 13.2.6.4.4 "in head"); any other
/// start tag, like non-whitespace text, ends the head and starts the body.
pub(crate) fn allowed_in_head(name: &[u8]) -> bool {
    matches!(
        name,
        b"base"
            | b"basefont"
            | b"bgsound"
            | b"link"
            | b"meta"
            | b"noframes"
            | b"script"
            | b"style"
            | b"template"
            | b"title"
            | b"noscript"
            | b"head"
            | b"html"
    )
}

/// Void elements: they have no end tag, so they never open a hidden range.
pub(crate) fn is_void(name: &[u8]) -> bool {
    matches!(
        name,
        b"area"
            | b"base"
            | b"br"
            | b"col"
            | b"embed"
            | b"hr"
            | b"img"
            | b"input"
            | b"link"
            | b"meta"
            | b"source"
            | b"track"
            | b"wbr"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(kind(b"script"), Kind::Hidden);
        assert_eq!(kind(b"h3"), Kind::Paragraph);
        assert_eq!(kind(b"li"), Kind::Block);
        assert_eq!(kind(b"td"), Kind::Cell);
        assert_eq!(kind(b"span"), Kind::Inline);
        assert_eq!(kind(b"pre"), Kind::Preformatted);
        assert!(allowed_in_head(b"meta"));
        assert!(!allowed_in_head(b"p"));
        assert!(is_void(b"br") && !is_void(b"p"));
    }
}
