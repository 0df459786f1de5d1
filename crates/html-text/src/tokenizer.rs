//! The tokenization chapter of the HTML Standard (§ 13.2.5), as text
//! extraction needs it: markup is skipped with `memchr`, text is handed on
//! in runs, and attributes are read only where they are wanted.
//!
//! What it produces is what `html5gum` 0.9 produces with its naive state
//! switching (the tokenizer this replaced; a test checks the two token for
//! token): input newlines normalised (§ 13.2.3.5), character references
//! decoded (§ 13.2.5.72–80), comments, DOCTYPEs and bogus comments skipped,
//! a start tag switching to RCDATA, RAWTEXT, script data or PLAINTEXT by its
//! name as `html5gum::naive_next_state` does, text between two tags (or
//! comments, or DOCTYPEs) handed on as one string.

use memchr::{memchr, memchr2};

use crate::data::entities::ENTITIES;

/// What receives the tokens.
pub(crate) trait Sink {
    /// A start tag: its lowercase name, whether it ends in `/>`, and its
    /// attributes when [`Sink::wants_attributes`] asked for them.
    fn start_tag(&mut self, name: &[u8], self_closing: bool, attributes: &Attributes);
    /// An end tag, by its lowercase name.
    fn end_tag(&mut self, name: &[u8]);
    /// A run of text (never empty).
    fn text(&mut self, text: &str);
    /// Whether the attributes of a start tag named `name` are needed.
    fn wants_attributes(&self, name: &[u8]) -> bool;
    /// Whether to stop (checked after each token).
    fn done(&self) -> bool;
}

/// The attributes of a start tag, in order, duplicates dropped (the first
/// one wins, § 13.2.5.33).
#[derive(Debug, Default)]
pub(crate) struct Attributes {
    list: Vec<(Vec<u8>, String)>,
    name: Vec<u8>,
    value: String,
    open: bool,
}

impl Attributes {
    /// The value of the attribute `name` (lowercase).
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n.as_slice() == name.as_bytes())
            .map(|(_, v)| v.as_str())
    }

    fn clear(&mut self) {
        self.list.clear();
        self.name.clear();
        self.value.clear();
        self.open = false;
    }

    fn finish_one(&mut self) {
        if self.open && !self.list.iter().any(|(n, _)| *n == self.name) {
            self.list.push((
                std::mem::take(&mut self.name),
                std::mem::take(&mut self.value),
            ));
        }
        self.name.clear();
        self.value.clear();
        self.open = false;
    }
}

/// The content model a start tag switched to (§ 13.2.5.2–5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Content {
    Data,
    RcData,
    RawText,
    ScriptData,
    PlainText,
}

/// `html5gum::naive_next_state`: the state a start tag switches to.
fn next_content(name: &[u8]) -> Content {
    match name {
        b"textarea" | b"title" => Content::RcData,
        b"plaintext" => Content::PlainText,
        b"script" => Content::ScriptData,
        // `noframe` (sic), as html5gum has it: `noframes` stays data.
        b"style" | b"iframe" | b"xmp" | b"noembed" | b"noframe" | b"noscript" => Content::RawText,
        _ => Content::Data,
    }
}

/// ASCII whitespace after newline normalisation (CR counts: it becomes LF).
fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The tokenizer's state over one document.
pub(crate) struct Tokenizer<'a, S: Sink> {
    input: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// Text since the last flush.
    text: String,
    /// The current tag's lowercase name.
    name: Vec<u8>,
    attributes: Attributes,
    sink: S,
}

/// Tokenizes `input` into `sink` and returns the sink.
pub(crate) fn run<S: Sink>(input: &str, sink: S) -> S {
    let mut t = Tokenizer {
        input,
        bytes: input.as_bytes(),
        pos: 0,
        text: String::new(),
        name: Vec::new(),
        attributes: Attributes::default(),
        sink,
    };
    t.data();
    t.flush();
    t.sink
}

impl<S: Sink> Tokenizer<'_, S> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    fn rest(&self, from: usize) -> &[u8] {
        self.bytes.get(from..).unwrap_or_default()
    }

    /// Appends input text, CR LF and CR turned into LF, NUL into U+FFFD
    /// when `nul_replaced` (everywhere but the data state).
    fn push_input(&mut self, from: usize, to: usize, nul_replaced: bool) {
        if from >= to {
            return;
        }
        let s = self.input.get(from..to).unwrap_or_default();
        let special = if nul_replaced {
            memchr2(b'\r', 0, s.as_bytes()).is_some()
        } else {
            memchr(b'\r', s.as_bytes()).is_some()
        };
        if !special {
            self.text.push_str(s);
            return;
        }
        push_normalised(&mut self.text, s, nul_replaced);
    }

    /// Hands the text on, if any.
    fn flush(&mut self) {
        if !self.text.is_empty() {
            self.sink.text(&self.text);
            self.text.clear();
        }
    }

    /// The data state (§ 13.2.5.1) and what start tags switch to.
    fn data(&mut self) {
        while !self.sink.done() {
            let Some(i) = memchr2(b'<', b'&', self.rest(self.pos)) else {
                self.push_input(self.pos, self.bytes.len(), false);
                return;
            };
            let at = self.pos + i;
            self.push_input(self.pos, at, false);
            if self.byte(at) == Some(b'&') {
                self.pos = self.char_ref(at, false);
                continue;
            }
            // Tag open state (§ 13.2.5.6).
            match self.byte(at + 1) {
                Some(b) if b.is_ascii_alphabetic() => {
                    let Some(content) = self.start_tag(at + 1) else {
                        return;
                    };
                    if !self.content(content) {
                        return;
                    }
                }
                Some(b'!') => self.markup_declaration(at + 2),
                Some(b'/') => self.end_tag_open(at + 2),
                Some(b'?') => {
                    self.flush();
                    self.pos = self.bogus_comment(at + 1);
                }
                _ => {
                    self.text.push('<');
                    self.pos = at + 1;
                }
            }
        }
    }

    /// A start tag whose name begins at `from`: emitted, and the content
    /// model it switches to; `None` at the end of the input.
    fn start_tag(&mut self, from: usize) -> Option<Content> {
        let after_name = self.tag_name(from);
        let collect = self.sink.wants_attributes(&self.name);
        self.attributes.clear();
        let (end, self_closing) = self.tag_attributes(after_name, collect)?;
        self.attributes.finish_one();
        self.pos = end;
        self.flush();
        self.sink
            .start_tag(&self.name, self_closing, &self.attributes);
        Some(next_content(&self.name))
    }

    /// Reads a tag name from `from` into `self.name` (§ 13.2.5.8): up to
    /// whitespace, `/` or `>`, lowercased, NUL as U+FFFD.
    fn tag_name(&mut self, from: usize) -> usize {
        self.name.clear();
        let mut p = from;
        while let Some(b) = self.byte(p) {
            match b {
                b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>' => break,
                0 => self.name.extend_from_slice("\u{FFFD}".as_bytes()),
                _ => self.name.push(b.to_ascii_lowercase()),
            }
            p += 1;
        }
        p
    }

    /// The attribute states of a tag (§ 13.2.5.32–40), from just after its
    /// name: where the tag ends and whether it is self-closing; `None` when
    /// the input ends inside it. Attribute names and values are kept only
    /// when `collect`.
    fn tag_attributes(&mut self, from: usize, collect: bool) -> Option<(usize, bool)> {
        let mut p = from;
        'before_name: loop {
            // Before attribute name.
            while is_ws(self.byte(p)?) {
                p += 1;
            }
            let mut b = self.byte(p)?;
            if b != b'/' && b != b'>' {
                // A new attribute; a leading `=` is part of its name.
                if collect {
                    self.attributes.finish_one();
                    self.attributes.open = true;
                }
                let start = p;
                p += 1;
                while let Some(c) = self.byte(p) {
                    if is_ws(c) || matches!(c, b'/' | b'>' | b'=') {
                        break;
                    }
                    p += 1;
                }
                if collect {
                    push_name(
                        &mut self.attributes.name,
                        self.bytes.get(start..).unwrap_or_default(),
                        p - start,
                    );
                }
                // After attribute name.
                while is_ws(self.byte(p)?) {
                    p += 1;
                }
                b = self.byte(p)?;
                if b == b'=' {
                    p += 1;
                    // Before attribute value.
                    while is_ws(self.byte(p)?) {
                        p += 1;
                    }
                    match self.byte(p)? {
                        q @ (b'"' | b'\'') => {
                            p = self.quoted_value(p + 1, q, collect)?;
                            // After attribute value (quoted).
                            match self.byte(p)? {
                                b'>' => return Some((p + 1, false)),
                                b'/' => b = b'/',
                                _ => continue 'before_name,
                            }
                        }
                        b'>' => return Some((p + 1, false)),
                        _ => {
                            p = self.unquoted_value(p, collect)?;
                            if self.byte(p)? == b'>' {
                                return Some((p + 1, false));
                            }
                            continue 'before_name;
                        }
                    }
                } else if b != b'/' && b != b'>' {
                    continue 'before_name;
                }
            }
            match b {
                b'>' => return Some((p + 1, false)),
                _ => {
                    // Self-closing start tag.
                    p += 1;
                    if self.byte(p)? == b'>' {
                        return Some((p + 1, true));
                    }
                }
            }
        }
    }

    /// A quoted attribute value from `from` up to its closing `quote`:
    /// the position after the quote.
    fn quoted_value(&mut self, from: usize, quote: u8, collect: bool) -> Option<usize> {
        if !collect {
            return Some(from + memchr(quote, self.rest(from))? + 1);
        }
        let mut p = from;
        loop {
            let i = memchr2(quote, b'&', self.rest(p))?;
            let at = p + i;
            self.push_value(p, at);
            if self.byte(at) == Some(quote) {
                return Some(at + 1);
            }
            p = self.char_ref(at, true);
        }
    }

    /// An unquoted attribute value from `from`: the position of the
    /// whitespace or `>` that ends it.
    fn unquoted_value(&mut self, from: usize, collect: bool) -> Option<usize> {
        let mut p = from;
        loop {
            let b = self.byte(p)?;
            if is_ws(b) || b == b'>' {
                return Some(p);
            }
            if b == b'&' && collect {
                p = self.char_ref(p, true);
                continue;
            }
            let start = p;
            p += 1;
            while let Some(c) = self.byte(p) {
                if is_ws(c) || c == b'>' || c == b'&' {
                    break;
                }
                p += 1;
            }
            if collect {
                self.push_value(start, p);
            }
        }
    }

    fn push_value(&mut self, from: usize, to: usize) {
        if from < to {
            let s = self.input.get(from..to).unwrap_or_default();
            push_normalised(&mut self.attributes.value, s, true);
        }
    }

    /// `</` seen, `from` after it (§ 13.2.5.7).
    fn end_tag_open(&mut self, from: usize) {
        match self.byte(from) {
            Some(b) if b.is_ascii_alphabetic() => {
                let after_name = self.tag_name(from);
                match self.tag_attributes(after_name, false) {
                    Some((end, _)) => {
                        self.pos = end;
                        self.flush();
                        self.sink.end_tag(&self.name);
                    }
                    None => self.pos = self.bytes.len(),
                }
            }
            Some(b'>') => self.pos = from + 1,
            None => {
                self.text.push_str("</");
                self.pos = from;
            }
            Some(_) => {
                self.flush();
                self.pos = self.bogus_comment(from);
            }
        }
    }

    /// `<!` seen, `from` after it (§ 13.2.5.42).
    fn markup_declaration(&mut self, from: usize) {
        self.flush();
        let rest = self.rest(from);
        self.pos = if rest.starts_with(b"--") {
            self.comment(from + 2)
        } else if rest
            .get(..7)
            .is_some_and(|r| r.eq_ignore_ascii_case(b"doctype"))
        {
            // Every DOCTYPE state ends at `>` (§ 13.2.5.53–68).
            memchr(b'>', self.rest(from + 7)).map_or(self.bytes.len(), |i| from + 7 + i + 1)
        } else {
            // Including `[CDATA[`: there is no foreign content here.
            self.bogus_comment(from)
        };
    }

    /// A bogus comment from `from`: up to and including the next `>`.
    fn bogus_comment(&self, from: usize) -> usize {
        memchr(b'>', self.rest(from)).map_or(self.bytes.len(), |i| from + i + 1)
    }

    /// A comment whose text starts at `from` (after `<!--`, § 13.2.5.43–52):
    /// it ends at `>` or `->` right there, else at the first `-->` or `--!>`.
    fn comment(&self, from: usize) -> usize {
        let rest = self.rest(from);
        if rest.starts_with(b">") {
            return from + 1;
        }
        if rest.starts_with(b"->") {
            return from + 2;
        }
        let mut p = 0;
        while let Some(i) = memchr(b'-', rest.get(p..).unwrap_or_default()) {
            let at = p + i;
            if rest.get(at + 1) == Some(&b'-') {
                match rest.get(at + 2) {
                    Some(b'>') => return from + at + 3,
                    Some(b'!') if rest.get(at + 3) == Some(&b'>') => return from + at + 4,
                    _ => {}
                }
            }
            p = at + 1;
        }
        self.bytes.len()
    }

    /// The content after a start tag; `false` when the input ended.
    fn content(&mut self, content: Content) -> bool {
        match content {
            Content::Data => true,
            Content::PlainText => {
                self.push_input(self.pos, self.bytes.len(), true);
                self.pos = self.bytes.len();
                false
            }
            Content::RcData | Content::RawText => self.raw_text(content == Content::RcData),
            Content::ScriptData => {
                let end = self.script_end(self.pos);
                self.push_input(self.pos, end, true);
                self.pos = end;
                if end < self.bytes.len() {
                    // An appropriate `</script` starts here.
                    self.appropriate_end_tag(end)
                } else {
                    false
                }
            }
        }
    }

    /// RCDATA (`references`) or RAWTEXT up to the appropriate end tag
    /// (§ 13.2.5.2–3, 9–14); `false` when the input ended.
    fn raw_text(&mut self, references: bool) -> bool {
        loop {
            if self.sink.done() {
                return false;
            }
            let rest = self.rest(self.pos);
            let found = if references {
                memchr2(b'<', b'&', rest)
            } else {
                memchr(b'<', rest)
            };
            let Some(i) = found else {
                self.push_input(self.pos, self.bytes.len(), true);
                self.pos = self.bytes.len();
                return false;
            };
            let at = self.pos + i;
            self.push_input(self.pos, at, true);
            if self.byte(at) == Some(b'&') {
                self.pos = self.char_ref(at, false);
                continue;
            }
            if self.is_appropriate_end_tag(at) {
                return self.appropriate_end_tag(at);
            }
            self.text.push('<');
            self.pos = at + 1;
        }
    }

    /// Whether `</name` followed by whitespace, `/` or `>` starts at `at`,
    /// `name` being the last start tag's.
    fn is_appropriate_end_tag(&self, at: usize) -> bool {
        let rest = self.rest(at);
        let n = self.name.len();
        rest.get(1) == Some(&b'/')
            && rest
                .get(2..2 + n)
                .is_some_and(|r| r.eq_ignore_ascii_case(&self.name))
            && rest
                .get(2 + n)
                .is_some_and(|&b| is_ws(b) || b == b'/' || b == b'>')
    }

    /// Emits the appropriate end tag starting at `at`; `false` when the input
    /// ends inside it.
    fn appropriate_end_tag(&mut self, at: usize) -> bool {
        let after_name = at + 2 + self.name.len();
        match self.tag_attributes(after_name, false) {
            Some((end, _)) => {
                self.pos = end;
                self.flush();
                self.sink.end_tag(&self.name);
                true
            }
            None => {
                self.pos = self.bytes.len();
                false
            }
        }
    }

    /// Where script data from `from` ends: the `<` of the `</script` the
    /// script data states (§ 13.2.5.4, 15–31) end at, or the input's end.
    fn script_end(&self, from: usize) -> usize {
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum S {
            Data,
            /// The script data escaped states (§ 13.2.5.20–22) or, where
            /// `double`, the double-escaped ones (§ 13.2.5.27–29): after
            /// `dashes` dashes (0, 1, or 2 for two or more).
            Escaped {
                double: bool,
                dashes: u8,
            },
        }
        let bytes = self.bytes;
        let len = bytes.len();
        let at = |p: usize| bytes.get(p).copied();
        // An ASCII alpha run from `p`, and the byte after it.
        let alpha_run = |p: usize| {
            let mut q = p;
            while at(q).is_some_and(|b| b.is_ascii_alphabetic()) {
                q += 1;
            }
            (bytes.get(p..q).unwrap_or_default(), q)
        };
        let mut s = S::Data;
        let mut p = from;
        while p < len {
            match s {
                S::Data => {
                    let Some(i) = memchr(b'<', bytes.get(p..).unwrap_or_default()) else {
                        return len;
                    };
                    p += i;
                    match at(p + 1) {
                        Some(b'/') => {
                            if self.is_appropriate_end_tag(p) {
                                return p;
                            }
                            p += 2;
                        }
                        Some(b'!') => {
                            p += 2;
                            // Script data escape start (dash).
                            if at(p) == Some(b'-') {
                                p += 1;
                                if at(p) == Some(b'-') {
                                    p += 1;
                                    s = S::Escaped {
                                        double: false,
                                        dashes: 2,
                                    };
                                }
                            }
                        }
                        _ => p += 1,
                    }
                }
                S::Escaped { double, dashes } => {
                    // The state with no dash of the same kind.
                    let plain = S::Escaped { double, dashes: 0 };
                    if dashes == 0 {
                        let Some(i) = memchr2(b'-', b'<', bytes.get(p..).unwrap_or_default())
                        else {
                            return len;
                        };
                        p += i;
                    }
                    let b = at(p).unwrap_or(0);
                    match (b, at(p + 1)) {
                        (b'-', _) => {
                            s = S::Escaped {
                                double,
                                dashes: (dashes + 1).min(2),
                            };
                            p += 1;
                        }
                        (b'<', Some(b'/')) if !double => {
                            if self.is_appropriate_end_tag(p) {
                                return p;
                            }
                            s = plain;
                            p += 2;
                        }
                        // Script data double escape start (`<script` in
                        // escaped data) or end (`</script` in double-escaped).
                        (b'<', Some(c))
                            if (double && c == b'/') || (!double && c.is_ascii_alphabetic()) =>
                        {
                            let (run, q) = alpha_run(p + 1 + usize::from(double));
                            let ended = at(q).is_some_and(|c| is_ws(c) || c == b'/' || c == b'>');
                            let flip = ended && run.eq_ignore_ascii_case(b"script");
                            s = S::Escaped {
                                double: double != flip,
                                dashes: 0,
                            };
                            p = q + usize::from(ended);
                        }
                        (b'>', _) if dashes == 2 => {
                            s = S::Data;
                            p += 1;
                        }
                        _ => {
                            s = plain;
                            p += 1;
                        }
                    }
                }
            }
        }
        len
    }

    /// A character reference at `at` (the `&`, § 13.2.5.72–80), in an
    /// attribute value (`in_attribute`) or text. Appends the result to the
    /// value or the text and returns where the input continues.
    fn char_ref(&mut self, at: usize, in_attribute: bool) -> usize {
        let (out, next) = self.reference(at, in_attribute);
        let target = if in_attribute {
            &mut self.attributes.value
        } else {
            &mut self.text
        };
        match out {
            Reference::Literal(n) => target.push_str(self.input.get(at..at + n).unwrap_or("&")),
            Reference::Str(s) => target.push_str(s),
            Reference::Char(c) => target.push(c),
        }
        next
    }

    fn reference(&self, at: usize, in_attribute: bool) -> (Reference, usize) {
        let rest = self.rest(at + 1);
        match rest.first() {
            Some(b) if b.is_ascii_alphanumeric() => {
                let run = rest
                    .iter()
                    .take(40)
                    .take_while(|b| b.is_ascii_alphanumeric())
                    .count();
                let Some((len, chars)) = named(rest, run) else {
                    return (Reference::Literal(1), at + 1);
                };
                let next = rest.get(len).copied();
                let semicolon = rest.get(len - 1) == Some(&b';');
                if in_attribute
                    && !semicolon
                    && next.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric())
                {
                    return (Reference::Literal(1 + len), at + 1 + len);
                }
                (Reference::Str(chars), at + 1 + len)
            }
            Some(b'#') => {
                let hex = matches!(rest.get(1), Some(b'x' | b'X'));
                let digits_at = if hex { 2 } else { 1 };
                let digits = rest.get(digits_at..).unwrap_or_default();
                let n = digits
                    .iter()
                    .take_while(|b| {
                        if hex {
                            b.is_ascii_hexdigit()
                        } else {
                            b.is_ascii_digit()
                        }
                    })
                    .count();
                if n == 0 {
                    return (Reference::Literal(1 + digits_at), at + 1 + digits_at);
                }
                let radix = if hex { 16 } else { 10 };
                let mut value: u32 = 0;
                for &d in digits.get(..n).unwrap_or_default() {
                    let v = char::from(d).to_digit(radix).unwrap_or(0);
                    value = value.saturating_mul(radix).saturating_add(v).min(0x11_0000);
                }
                let mut next = at + 1 + digits_at + n;
                if self.byte(next) == Some(b';') {
                    next += 1;
                }
                (Reference::Char(numeric(value)), next)
            }
            _ => (Reference::Literal(1), at + 1),
        }
    }
}

/// What a character reference stands for.
enum Reference {
    /// Not a reference: this many input bytes from the `&`, as they are.
    Literal(usize),
    Str(&'static str),
    Char(char),
}

/// The longest named reference that `rest` (after the `&`) starts with,
/// `run` being its count of leading ASCII alphanumerics: its length and its
/// characters.
fn named(rest: &[u8], run: usize) -> Option<(usize, &'static str)> {
    let find = |name: &[u8]| {
        ENTITIES
            .binary_search_by(|(n, _)| n.cmp(&name))
            .ok()
            .and_then(|i| ENTITIES.get(i))
            .map(|(_, c)| *c)
    };
    if rest.get(run) == Some(&b';')
        && let Some(c) = rest.get(..=run).and_then(find)
    {
        return Some((run + 1, c));
    }
    (1..=run.min(32))
        .rev()
        .find_map(|n| rest.get(..n).and_then(find).map(|c| (n, c)))
}

/// The numeric character reference end state (§ 13.2.5.80).
fn numeric(value: u32) -> char {
    const C1: [u16; 32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ];
    let value = match value {
        0x80..=0x9F => C1
            .get((value - 0x80) as usize)
            .map_or(value, |&c| u32::from(c)),
        v => v,
    };
    char::from_u32(value)
        .filter(|_| value != 0)
        .unwrap_or('\u{FFFD}')
}

/// Appends the first `n` bytes of `name` lowercased, NUL as U+FFFD.
fn push_name(out: &mut Vec<u8>, name: &[u8], n: usize) {
    for &b in name.get(..n).unwrap_or_default() {
        if b == 0 {
            out.extend_from_slice("\u{FFFD}".as_bytes());
        } else {
            out.push(b.to_ascii_lowercase());
        }
    }
}

/// Appends `s` with CR LF and CR as LF (§ 13.2.3.5) and, when
/// `nul_replaced`, NUL as U+FFFD.
fn push_normalised(out: &mut String, s: &str, nul_replaced: bool) {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut p = 0;
    loop {
        let next = if nul_replaced {
            memchr2(b'\r', 0, bytes.get(p..).unwrap_or_default())
        } else {
            memchr(b'\r', bytes.get(p..).unwrap_or_default())
        };
        let Some(i) = next else { break };
        let at = p + i;
        out.push_str(s.get(start..at).unwrap_or_default());
        if bytes.get(at) == Some(&b'\r') {
            out.push('\n');
            p = if bytes.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
        } else {
            out.push('\u{FFFD}');
            p = at + 1;
        }
        start = p;
    }
    out.push_str(s.get(start..).unwrap_or_default());
}

#[cfg(test)]
mod tests;
