//! `html-text`: the visible text of an HTML document, with its title,
//! description, keywords and language.
//!
//! The document is tokenized as the tokenization chapter of the HTML
//! Standard says (so character references — named, numeric, and the legacy
//! ones without `;` — decode as a browser decodes them), by this crate's own
//! tokenizer, which skips markup with `memchr` and reads attributes only
//! where they are wanted. The text is then built as a browser lays it out,
//! in plain-text terms:
//!
//! - `script`, `style`, `template`, `noscript`, `iframe`, `noembed`,
//!   `noframes` and comments are skipped;
//! - `head` contributes only `title` and `<meta name=description|keywords>`,
//!   which go to the metadata, never into the text; text or a body element in
//!   `head` ends it, as in the parser;
//! - ASCII whitespace collapses to one space; block elements start new lines,
//!   `<p>` and `h1`–`h6` are set off by a blank line, `<br>` breaks a line,
//!   each `<li>` is a line, table cells are separated by tabs and rows by line
//!   breaks; `pre` (also `listing`, `xmp`, `textarea`, `plaintext`) keeps its
//!   whitespace;
//! - the `lang` of the `html` element is recorded.
//!
//! **Tokenizer choice.** Until 2026-11 this crate used html5gum (with its
//! naive state switching); the own tokenizer produces the same tokens, string
//! for string — its tests compare the two on crafted input, every entity
//! name, the corpus, the fixtures and random mutations — at several times the
//! speed (`docs/benchmarks.md`). Earlier measurements against html5ever's
//! tokenizer and lol_html (bench `tokenizers`) are in `docs/html-charset.md`.
//!
//! This crate does not build a DOM, run scripts, apply CSS (an element hidden
//! by a style sheet or the `hidden` attribute still contributes text), or
//! render images' `alt` text. Decoding bytes is `html-charset`'s job;
//! [`extract_bytes`] chains the two.
//!
//! ```
//! let page = "<html lang=en><head><title>Caf&eacute; menu</title>\
//!     <meta name=description content='Today&#39;s dishes'>\
//!     <style>p { color: red }</style></head>\
//!     <body><h1>Menu</h1><p>Soup &amp bread<br>Tea</p>\
//!     <table><tr><td>Tea<td>2 &euro;</table></body></html>";
//! let doc = html_text::extract(page);
//! assert_eq!(doc.title.as_deref(), Some("Café menu"));
//! assert_eq!(doc.description.as_deref(), Some("Today's dishes"));
//! assert_eq!(doc.lang.as_deref(), Some("en"));
//! assert_eq!(doc.text, "Menu\n\nSoup & bread\nTea\n\nTea\t2 €");
//! ```
#![forbid(unsafe_code)]

mod data;
mod elements;
mod structure;
mod text;
mod tokenizer;

use html_charset::{SniffOptions, Sniffed};

use elements::Kind;
use text::TextBuilder;
use tokenizer::{Attributes, Sink};

/// Limits on what extraction produces.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The most bytes of text returned; beyond it the text is cut (on a
    /// character boundary) and a [`WarningKind::Limit`] warning reported.
    /// Default 256 MiB.
    pub max_text_bytes: usize,
    /// The most bytes kept for the title, description and keywords each.
    /// Default 64 KiB.
    pub max_metadata_bytes: usize,
    /// Whether to build [`HtmlText::blocks`] (headings, lists, tables,
    /// links) beside the text. Default on; off for a caller that wants the
    /// text alone and its speed.
    pub structure: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_text_bytes: 256 << 20,
            max_metadata_bytes: 64 << 10,
            structure: true,
        }
    }
}

doc_model::warning_kinds! {
    /// What made the result less than complete.
    pub enum WarningKind {
        /// [`Options::max_text_bytes`] cut the text.
        Limit => "limit",
    }
}

/// Something that made the result less than complete: its [`WarningKind`]
/// and what was done. Displayed as `<kind>: <message>`.
pub type Warning = doc_model::Warning<WarningKind>;

/// The visible text of a document and its metadata.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct HtmlText {
    /// The visible text: lines separated by `\n`, blank lines between
    /// paragraphs, table cells separated by `\t`; no leading or trailing
    /// line breaks.
    pub text: String,
    /// The first `title` element's text, whitespace stripped and collapsed.
    pub title: Option<String>,
    /// The `content` of the first `<meta name=description>`.
    pub description: Option<String>,
    /// The `content` of the first `<meta name=keywords>`.
    pub keywords: Option<String>,
    /// The `lang` attribute of the `html` element.
    pub lang: Option<String>,
    /// What was cut or skipped.
    pub warnings: Vec<Warning>,
    /// The structure the markup states (with [`Options::structure`]):
    /// headings, paragraphs, list items, tables, preformatted text, links.
    pub blocks: Vec<doc_model::Block>,
}

/// Extracts the visible text and metadata of `html` with default [`Options`].
pub fn extract(html: &str) -> HtmlText {
    extract_with(html, &Options::default())
}

/// Sniffs the encoding of `bytes` (as [`html_charset::sniff_with`]), decodes
/// them and extracts their text.
pub fn extract_bytes(
    bytes: &[u8],
    sniff: &SniffOptions<'_>,
    options: &Options,
) -> (Sniffed, HtmlText) {
    let sniffed = html_charset::sniff_with(bytes, sniff);
    let html = html_charset::decode(bytes, &sniffed);
    (sniffed, extract_with(&html, options))
}

/// The state of the walk over the tokens.
struct Walk {
    text: TextBuilder,
    doc: HtmlText,
    max_metadata_bytes: usize,
    /// Before the body: text and most elements are not shown.
    in_head: bool,
    /// Inside a `title` element (never shown).
    in_title: bool,
    /// The first title's text, while and after it is read.
    title: Option<String>,
    /// The first title has ended.
    title_done: bool,
    /// Inside a hidden element: its name and nesting depth.
    hidden: Option<(Vec<u8>, usize)>,
    /// How many preformatted elements are open.
    pre_depth: usize,
    /// Just after a `pre` start tag, whose first newline the parser drops.
    pre_start: bool,
    /// The blocks, when asked for.
    structure: Option<structure::Structure>,
}

/// Extracts the visible text and metadata of `html`.
pub fn extract_with(html: &str, options: &Options) -> HtmlText {
    let walk = Walk {
        text: TextBuilder::new(options.max_text_bytes),
        doc: HtmlText::default(),
        max_metadata_bytes: options.max_metadata_bytes,
        in_head: true,
        in_title: false,
        title: None,
        title_done: false,
        hidden: None,
        pre_depth: 0,
        pre_start: false,
        structure: options
            .structure
            .then(|| structure::Structure::new(options.max_text_bytes)),
    };
    let mut walk = tokenizer::run(html, walk);
    if walk.text.truncated() {
        walk.doc.warnings.push(Warning::new(
            WarningKind::Limit,
            format!("text truncated at {} bytes", options.max_text_bytes),
            None,
        ));
    }
    if let Some(title) = walk.title.take() {
        walk.doc.title = Some(text::strip_and_collapse(&title));
    }
    let mut doc = walk.doc;
    doc.text = walk.text.finish();
    if let Some(s) = walk.structure {
        doc.blocks = s.finish();
    }
    doc
}

/// Once the text is cut, nothing after the token that cut it counts.
impl Sink for Walk {
    fn start_tag(&mut self, name: &[u8], self_closing: bool, attributes: &Attributes) {
        if !self.text.truncated() {
            let attr = |name: &str| attributes.get(name).map(str::to_owned);
            Walk::start_tag(self, name, self_closing, &attr);
        }
    }

    fn end_tag(&mut self, name: &[u8]) {
        if !self.text.truncated() {
            Walk::end_tag(self, name);
        }
    }

    fn text(&mut self, text: &str) {
        if !self.text.truncated() {
            self.string(text);
        }
    }

    fn wants_attributes(&self, name: &[u8]) -> bool {
        matches!(name, b"html" | b"meta")
            || (self.structure.is_some() && structure::Structure::wants_attributes(name))
    }

    fn done(&self) -> bool {
        self.text.truncated()
    }
}

impl Walk {
    fn start_tag(
        &mut self,
        name: &[u8],
        self_closing: bool,
        attr: &dyn Fn(&str) -> Option<String>,
    ) {
        if let Some((hidden, depth)) = &mut self.hidden {
            if hidden.as_slice() == name {
                *depth += 1;
            }
            return;
        }
        match name {
            b"html" => {
                if self.doc.lang.is_none() {
                    self.doc.lang = attr("lang")
                        .map(|l| text::strip_and_collapse(&l))
                        .filter(|l| !l.is_empty());
                }
                return;
            }
            b"title" => {
                self.in_title = true;
                if self.title.is_none() {
                    self.title = Some(String::new());
                }
                return;
            }
            b"meta" => {
                self.meta(attr);
                return;
            }
            b"body" => self.in_head = false,
            _ => {}
        }
        if self.in_head && !elements::allowed_in_head(name) {
            self.in_head = false;
        }
        let kind = elements::kind(name);
        if kind != Kind::Hidden
            && let Some(s) = &mut self.structure
        {
            s.start_tag(name, attr);
        }
        match kind {
            Kind::Hidden => {
                if !self_closing && !elements::is_void(name) {
                    self.hidden = Some((name.to_vec(), 1));
                }
            }
            Kind::Paragraph => self.text.lines(2),
            Kind::Block | Kind::Row => self.text.lines(1),
            Kind::Cell => self.text.tab(),
            Kind::LineBreak => self.text.line_break(),
            Kind::Preformatted => {
                self.text.lines(1);
                self.pre_depth += 1;
                self.pre_start = true;
            }
            Kind::Inline => {}
        }
    }

    fn end_tag(&mut self, name: &[u8]) {
        if let Some((hidden, depth)) = &mut self.hidden {
            if hidden.as_slice() == name {
                *depth -= 1;
                if *depth == 0 {
                    self.hidden = None;
                }
            }
            return;
        }
        if name == b"title" {
            self.in_title = false;
            if self.title.is_some() {
                self.title_done = true;
            }
            return;
        }
        if name == b"head" {
            self.in_head = false;
            return;
        }
        if let Some(s) = &mut self.structure {
            s.end_tag(name);
        }
        match elements::kind(name) {
            Kind::Paragraph => self.text.lines(2),
            Kind::Block | Kind::Row => self.text.lines(1),
            // The parser turns `</br>` into `<br>`.
            Kind::LineBreak => self.text.line_break(),
            Kind::Preformatted => {
                self.pre_depth = self.pre_depth.saturating_sub(1);
                self.pre_start = false;
                self.text.lines(1);
            }
            Kind::Cell | Kind::Hidden | Kind::Inline => {}
        }
    }

    fn string(&mut self, s: &str) {
        if self.hidden.is_some() {
            return;
        }
        if self.in_title {
            // Title text is RCDATA: a title whose end tag never comes takes the rest.
            if let Some(title) = self.title.as_mut().filter(|_| !self.title_done)
                && title.len() < self.max_metadata_bytes
            {
                title.push_str(s);
                truncate_on_boundary(title, self.max_metadata_bytes);
            }
            return;
        }
        let without_nul;
        let s = if s.contains('\0') {
            without_nul = s.replace('\0', "");
            without_nul.as_str()
        } else {
            s
        };
        if self.in_head {
            if s.bytes()
                .all(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
            {
                return;
            }
            self.in_head = false;
        }
        if self.pre_depth > 0 {
            let mut body = s;
            if self.pre_start {
                body = body.strip_prefix('\n').unwrap_or(body);
            }
            self.pre_start = false;
            self.text.preformatted(body);
        } else {
            self.text.collapsible(s);
        }
        if let Some(st) = &mut self.structure {
            st.text(s);
        }
    }

    fn meta(&mut self, attr: &dyn Fn(&str) -> Option<String>) {
        let Some(name) = attr("name") else { return };
        let slot = if name.trim().eq_ignore_ascii_case("description") {
            &mut self.doc.description
        } else if name.trim().eq_ignore_ascii_case("keywords") {
            &mut self.doc.keywords
        } else {
            return;
        };
        if slot.is_none()
            && let Some(mut content) = attr("content")
        {
            truncate_on_boundary(&mut content, self.max_metadata_bytes);
            *slot = Some(content.trim_matches(text::is_ascii_ws).to_string());
        }
    }
}

/// Cuts `s` to at most `max` bytes on a character boundary.
fn truncate_on_boundary(s: &mut String, max: usize) {
    if s.len() > max {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(html: &str) -> String {
        extract(html).text
    }

    #[test]
    fn hidden_elements_and_comments_are_skipped() {
        assert_eq!(
            text("<p>a<script>var x = '<p>no</p>';</script>b<style>p{}</style>c<!-- d -->e</p>"),
            "abce"
        );
        assert_eq!(
            text("x<template><p>no<template>no</template>no</template>y"),
            "xy"
        );
        assert_eq!(text("x<noscript>no</noscript>y"), "xy");
        assert_eq!(text("x<iframe><p>no</iframe>y"), "xy");
    }

    #[test]
    fn head_gives_metadata_only() {
        let doc = extract(
            "<html LANG=' de '><head><title> Der \n Titel </title><meta name=Description content=' Beschreibung '>\
             <meta name=keywords content='a, b'><meta name=description content=second><link rel=x>\
             </head><body>Text</body></html>",
        );
        assert_eq!(doc.text, "Text");
        assert_eq!(doc.title.as_deref(), Some("Der Titel"));
        assert_eq!(doc.description.as_deref(), Some("Beschreibung"));
        assert_eq!(doc.keywords.as_deref(), Some("a, b"));
        assert_eq!(doc.lang.as_deref(), Some("de"));
    }

    #[test]
    fn text_in_head_starts_the_body() {
        assert_eq!(
            text("<head><title>t</title>  Hello <b>there</b>"),
            "Hello there"
        );
        assert_eq!(text("<title>t</title><div>shown</div>"), "shown");
        // A second title, even in the body, is never shown.
        let doc = extract("<title>one</title><p>body<title>two</title>");
        assert_eq!(
            (doc.title.as_deref(), doc.text.as_str()),
            (Some("one"), "body")
        );
    }

    #[test]
    fn blocks_paragraphs_lists_and_breaks() {
        assert_eq!(
            text("<h1>T</h1><p>one\n two</p><p>three</p>"),
            "T\n\none two\n\nthree"
        );
        assert_eq!(text("<ul><li>a<li>b</ul>after"), "a\nb\nafter");
        assert_eq!(text("a<br>b<br><br>c"), "a\nb\n\nc");
        assert_eq!(text("<div>a</div><div>b</div>c<span>d</span>"), "a\nb\ncd");
        assert_eq!(text("a</br>b"), "a\nb");
    }

    #[test]
    fn tables_use_tabs_and_lines() {
        assert_eq!(
            text("<table><tr><th>h1<th>h2<tr><td> a </td><td>b</td></tr></table>"),
            "h1\th2\na\tb"
        );
    }

    #[test]
    fn pre_keeps_whitespace_but_drops_its_first_newline() {
        assert_eq!(text("x<pre>\n  a\n\tb  </pre>y"), "x\n  a\n\tb  \ny");
        assert_eq!(text("<pre>\n\nkept</pre>"), "\nkept");
    }

    #[test]
    fn character_references() {
        assert_eq!(text("&amp;&lt;&gt;&quot;&#39;&#x41;&#65;"), "&<>\"'AA");
        // Legacy references without `;`, and the longest match.
        assert_eq!(text("&copy 2024 &notit; &amp"), "© 2024 ¬it; &");
        // Numeric references in the C1 range map through windows-1252; invalid ones give U+FFFD.
        assert_eq!(
            text("&#x80;&#150;&#0;&#xD800;&#x110000;"),
            "€–\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(
            text("&NotEqualTilde; &unknown;"),
            "\u{2242}\u{338} &unknown;"
        );
        // In attributes, a legacy reference followed by `=` or alphanumerics stays literal.
        let doc = extract("<meta name=description content='a&ampb &amp=c &amp; d'>");
        assert_eq!(doc.description.as_deref(), Some("a&ampb &amp=c & d"));
    }

    #[test]
    fn nul_characters_are_dropped_and_nbsp_kept() {
        assert_eq!(text("a\0b&nbsp;c"), "ab\u{a0}c");
    }

    #[test]
    fn limits_cut_text_and_metadata() {
        let options = Options {
            max_text_bytes: 5,
            max_metadata_bytes: 3,
            structure: true,
        };
        let doc = extract_with(
            "<title>long title</title><p>abcdefgh</p><p>more</p>",
            &options,
        );
        assert_eq!(doc.text, "abcde");
        assert_eq!(doc.title.as_deref(), Some("lon"));
        assert_eq!(doc.warnings.len(), 1);
        assert_eq!(doc.warnings[0].kind, WarningKind::Limit);
        assert_eq!(
            doc.warnings[0].to_string(),
            "limit: text truncated at 5 bytes"
        );
    }

    #[test]
    fn unterminated_constructs_do_not_panic() {
        for html in [
            "<title>x",
            "<script>x",
            "<p>a<!-- x",
            "<pre>",
            "<table><td>",
            "<",
            "&",
            "&#",
            "<a href='",
        ] {
            let _ = extract(html);
        }
        assert_eq!(text("<plaintext><p>&amp;</p>"), "<p>&amp;</p>");
    }

    #[test]
    fn bytes_are_sniffed_then_extracted() {
        let page = b"<meta charset=windows-1251><p>\xcf\xf0\xe8\xe2\xe5\xf2</p>";
        let (sniffed, doc) = extract_bytes(page, &SniffOptions::default(), &Options::default());
        assert_eq!(sniffed.encoding.name(), "windows-1251");
        assert_eq!(doc.text, "Привет");
    }
}
