//! The lexer and object parser (ISO 32000-1 §7.2 lexical conventions, §7.3 objects).

use std::sync::Arc;

use crate::Error;
use crate::object::{Dict, ObjRef, Object, Stream};

/// White-space characters (§7.2.2, Table 1).
#[inline]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'\x0c' | b'\0')
}

/// Delimiter characters (§7.2.2, Table 2).
#[inline]
pub(crate) fn is_delim(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// Regular characters: neither white space nor delimiter.
#[inline]
pub(crate) fn is_regular(b: u8) -> bool {
    !is_ws(b) && !is_delim(b)
}

fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// What a parse step found: an object, or a bare keyword (an operator in a
/// content stream, `obj`/`endobj`/`stream` in a file).
#[derive(Debug)]
pub(crate) enum Item<'a> {
    /// A complete object.
    Obj(Object),
    /// A keyword that is not `true`, `false` or `null`.
    Keyword(&'a [u8]),
}

/// A cursor over bytes that reads tokens and objects.
#[derive(Clone)]
pub(crate) struct Lexer<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) max_depth: usize,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(data: &'a [u8], pos: usize) -> Self {
        Self {
            data,
            pos,
            max_depth: 256,
        }
    }

    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    #[inline]
    fn peek_at(&self, k: usize) -> Option<u8> {
        self.data.get(self.pos.checked_add(k)?).copied()
    }

    /// Skips white space and comments.
    pub(crate) fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if is_ws(b) {
                self.pos += 1;
            } else if b == b'%' {
                while let Some(c) = self.peek() {
                    if c == b'\r' || c == b'\n' {
                        break;
                    }
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    /// Reads a run of regular characters (a keyword or number token).
    pub(crate) fn regular_run(&mut self) -> &'a [u8] {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if !is_regular(b) {
                break;
            }
            self.pos += 1;
        }
        self.data.get(start..self.pos).unwrap_or(&[])
    }

    /// Reads an unsigned integer token at the cursor (after white space).
    pub(crate) fn read_uint(&mut self) -> Option<u64> {
        self.skip_ws();
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(b @ b'0'..=b'9') = self.peek() {
            v = v.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
            self.pos += 1;
        }
        (self.pos > start).then_some(v)
    }

    /// Reads the keyword `kw` (after white space), if it is next.
    pub(crate) fn eat_keyword(&mut self, kw: &[u8]) -> bool {
        self.skip_ws();
        let save = self.pos;
        if self.regular_run() == kw {
            true
        } else {
            self.pos = save;
            false
        }
    }

    /// Parses one object; `N G R` becomes a reference.
    pub(crate) fn parse_object(&mut self) -> Result<Object, Error> {
        match self.parse_item(0, false)? {
            Item::Obj(o) => Ok(o),
            Item::Keyword(_) => Err(Error::Syntax {
                what: "unexpected keyword",
                offset: self.pos,
            }),
        }
    }

    /// Parses an object or a keyword. `content` disables `N G R` references
    /// (content streams have none) and tolerates keywords inside arrays.
    pub(crate) fn parse_item(&mut self, depth: usize, content: bool) -> Result<Item<'a>, Error> {
        if depth > self.max_depth {
            return Err(Error::LimitExceeded {
                what: "object nesting depth",
                limit: self.max_depth as u64,
            });
        }
        self.skip_ws();
        let start = self.pos;
        let Some(b) = self.peek() else {
            return Err(Error::Truncated {
                what: "object",
                offset: start,
            });
        };
        match b {
            b'/' => {
                self.pos += 1;
                Ok(Item::Obj(Object::Name(self.name_body())))
            }
            b'(' => {
                self.pos += 1;
                Ok(Item::Obj(Object::String(self.literal_string_body()?)))
            }
            b'<' if self.peek_at(1) == Some(b'<') => {
                self.pos += 2;
                Ok(Item::Obj(Object::Dict(self.dict_body(depth, content)?)))
            }
            b'<' => {
                self.pos += 1;
                Ok(Item::Obj(Object::String(self.hex_string_body()?)))
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_ws();
                    match self.peek() {
                        None => {
                            return Err(Error::Truncated {
                                what: "array",
                                offset: start,
                            });
                        }
                        Some(b']') => {
                            self.pos += 1;
                            break;
                        }
                        Some(b')' | b'>' | b'}' | b'{') => {
                            self.pos += 1;
                        }
                        Some(_) => match self.parse_item(depth + 1, content)? {
                            Item::Obj(o) => items.push(o),
                            Item::Keyword(k) => {
                                if !content
                                    && matches!(k, b"endobj" | b"obj" | b"stream" | b"endstream")
                                {
                                    return Err(Error::Syntax {
                                        what: "unterminated array",
                                        offset: start,
                                    });
                                }
                            }
                        },
                    }
                }
                Ok(Item::Obj(Object::Array(items)))
            }
            b'+' | b'-' | b'.' | b'0'..=b'9' => {
                let tok = self.regular_run();
                let num = parse_number(tok);
                if let (false, Object::Int(n)) = (content, &num) {
                    if let Some(r) = self.try_reference(*n) {
                        return Ok(Item::Obj(Object::Ref(r)));
                    }
                }
                Ok(Item::Obj(num))
            }
            _ if is_regular(b) => {
                let tok = self.regular_run();
                Ok(match tok {
                    b"true" => Item::Obj(Object::Bool(true)),
                    b"false" => Item::Obj(Object::Bool(false)),
                    b"null" => Item::Obj(Object::Null),
                    _ => Item::Keyword(tok),
                })
            }
            _ => {
                // A stray delimiter: `)`, `>`, `]`, `{`, `}`.
                self.pos += 1;
                Ok(Item::Keyword(self.data.get(start..self.pos).unwrap_or(&[])))
            }
        }
    }

    /// After an integer `num`: if `G R` follows, consume it and return the reference.
    fn try_reference(&mut self, num: i64) -> Option<ObjRef> {
        let save = self.pos;
        let ok = (|| {
            let num = u32::try_from(num).ok()?;
            let b = self.peek()?;
            if !is_ws(b) {
                return None;
            }
            self.skip_ws();
            let start = self.pos;
            let gen_tok = self.regular_run();
            if gen_tok.is_empty() || !gen_tok.iter().all(u8::is_ascii_digit) || self.pos - start > 5
            {
                return None;
            }
            let generation: u32 = std::str::from_utf8(gen_tok).ok()?.parse().ok()?;
            self.skip_ws();
            if self.peek() != Some(b'R') {
                return None;
            }
            if self.peek_at(1).is_some_and(is_regular) {
                return None;
            }
            self.pos += 1;
            Some(ObjRef::new(
                num,
                u16::try_from(generation).unwrap_or(u16::MAX),
            ))
        })();
        if ok.is_none() {
            self.pos = save;
        }
        ok
    }

    fn name_body(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        while let Some(b) = self.peek() {
            if !is_regular(b) {
                break;
            }
            if b == b'#' {
                if let (Some(h), Some(l)) = (
                    self.peek_at(1).and_then(hex_val),
                    self.peek_at(2).and_then(hex_val),
                ) {
                    out.push(h << 4 | l);
                    self.pos += 3;
                    continue;
                }
            }
            out.push(b);
            self.pos += 1;
        }
        out
    }

    /// A literal string after `(` (§7.3.4.2).
    fn literal_string_body(&mut self) -> Result<Vec<u8>, Error> {
        let start = self.pos;
        let mut out = Vec::new();
        let mut depth = 1usize;
        loop {
            let Some(b) = self.peek() else {
                return Err(Error::Truncated {
                    what: "literal string",
                    offset: start,
                });
            };
            self.pos += 1;
            match b {
                b'(' => {
                    depth += 1;
                    out.push(b);
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(out);
                    }
                    out.push(b);
                }
                b'\r' => {
                    // An end-of-line marker inside a string reads as LF.
                    if self.peek() == Some(b'\n') {
                        self.pos += 1;
                    }
                    out.push(b'\n');
                }
                b'\\' => {
                    let Some(e) = self.peek() else { continue };
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(0x08),
                        b'f' => out.push(0x0c),
                        b'\r' => {
                            if self.peek() == Some(b'\n') {
                                self.pos += 1;
                            }
                        }
                        b'\n' => {}
                        b'0'..=b'7' => {
                            let mut v = u32::from(e - b'0');
                            for _ in 0..2 {
                                match self.peek() {
                                    Some(d @ b'0'..=b'7') => {
                                        v = v * 8 + u32::from(d - b'0');
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push((v & 0xff) as u8);
                        }
                        other => out.push(other),
                    }
                }
                _ => out.push(b),
            }
        }
    }

    /// A hexadecimal string after `<` (§7.3.4.3): white space ignored, an odd
    /// final digit padded with 0.
    fn hex_string_body(&mut self) -> Result<Vec<u8>, Error> {
        let start = self.pos;
        let mut out = Vec::new();
        let mut hi: Option<u8> = None;
        loop {
            let Some(b) = self.peek() else {
                return Err(Error::Truncated {
                    what: "hex string",
                    offset: start,
                });
            };
            self.pos += 1;
            if b == b'>' {
                break;
            }
            if let Some(v) = hex_val(b) {
                match hi.take() {
                    Some(h) => out.push(h << 4 | v),
                    None => hi = Some(v),
                }
            }
        }
        if let Some(h) = hi {
            out.push(h << 4);
        }
        Ok(out)
    }

    /// A dictionary after `<<` (§7.3.7).
    fn dict_body(&mut self, depth: usize, content: bool) -> Result<Dict, Error> {
        let start = self.pos;
        let mut dict = Dict::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => {
                    return Err(Error::Truncated {
                        what: "dictionary",
                        offset: start,
                    });
                }
                Some(b'>') => {
                    self.pos += 1;
                    if self.peek() == Some(b'>') {
                        self.pos += 1;
                    }
                    return Ok(dict);
                }
                Some(b'/') => {
                    self.pos += 1;
                    let key = self.name_body();
                    self.skip_ws();
                    if self.peek() == Some(b'>') {
                        dict.push(key, Object::Null);
                        continue;
                    }
                    match self.parse_item(depth + 1, content)? {
                        Item::Obj(v) => dict.push(key, v),
                        Item::Keyword(k) => {
                            if matches!(k, b"endobj" | b"stream" | b"endstream" | b"obj") {
                                return Err(Error::Syntax {
                                    what: "unterminated dictionary",
                                    offset: start,
                                });
                            }
                            dict.push(key, Object::Null);
                        }
                    }
                }
                Some(_) => {
                    // Junk where a key should be: skip one token.
                    if let Item::Keyword(b"endobj" | b"stream" | b"endstream" | b"obj") =
                        self.parse_item(depth + 1, content)?
                    {
                        return Err(Error::Syntax {
                            what: "unterminated dictionary",
                            offset: start,
                        });
                    }
                }
            }
        }
    }

    /// Parses `N G obj <object> [stream … endstream] endobj` at the cursor.
    /// `length` resolves an indirect `/Length`.
    pub(crate) fn parse_indirect(
        &mut self,
        length: &dyn Fn(ObjRef) -> Option<i64>,
    ) -> Result<(ObjRef, Object), Error> {
        let start = self.pos;
        let num = self.read_uint().ok_or(Error::Syntax {
            what: "expected object number",
            offset: start,
        })?;
        let generation = self.read_uint().ok_or(Error::Syntax {
            what: "expected generation number",
            offset: start,
        })?;
        if !self.eat_keyword(b"obj") {
            return Err(Error::Syntax {
                what: "expected `obj`",
                offset: start,
            });
        }
        let id = ObjRef::new(
            u32::try_from(num).map_err(|_| Error::Syntax {
                what: "object number too large",
                offset: start,
            })?,
            u16::try_from(generation).unwrap_or(u16::MAX),
        );
        self.skip_ws();
        // An empty object (`N G obj endobj`) is null.
        let obj = match self.parse_item(0, false)? {
            Item::Obj(o) => o,
            Item::Keyword(b"endobj") => return Ok((id, Object::Null)),
            Item::Keyword(_) => {
                return Err(Error::Syntax {
                    what: "unexpected keyword in object",
                    offset: start,
                });
            }
        };
        if let Object::Dict(dict) = obj {
            let save = self.pos;
            if self.eat_keyword(b"stream") {
                let raw = self.stream_body(&dict, length)?;
                return Ok((
                    id,
                    Object::Stream(Box::new(Stream {
                        dict,
                        raw: Arc::from(raw),
                        id: Some(id),
                    })),
                ));
            }
            self.pos = save;
            return Ok((id, Object::Dict(dict)));
        }
        Ok((id, obj))
    }

    /// The data of a stream, the cursor just after `stream` (§7.3.8.1).
    fn stream_body(
        &mut self,
        dict: &Dict,
        length: &dyn Fn(ObjRef) -> Option<i64>,
    ) -> Result<&'a [u8], Error> {
        // The keyword is followed by CRLF or LF (a lone CR is tolerated).
        match self.peek() {
            Some(b'\r') => {
                self.pos += 1;
                if self.peek() == Some(b'\n') {
                    self.pos += 1;
                }
            }
            Some(b'\n') => self.pos += 1,
            _ => {}
        }
        let start = self.pos;
        let declared = match dict.get(b"Length") {
            Some(Object::Ref(r)) => length(*r),
            Some(o) => o.as_i64(),
            None => None,
        };
        if let Some(len) = declared.and_then(|l| usize::try_from(l).ok()) {
            if let Some(end) = start.checked_add(len).filter(|e| *e <= self.data.len()) {
                let mut probe = Lexer::new(self.data, end);
                if probe.eat_keyword(b"endstream") {
                    self.pos = probe.pos;
                    self.eat_keyword(b"endobj");
                    return Ok(self.data.get(start..end).unwrap_or(&[]));
                }
            }
        }
        // Wrong or missing /Length: find `endstream`.
        let rest = self.data.get(start..).unwrap_or(&[]);
        let (end, next) = match memchr::memmem::find(rest, b"endstream") {
            Some(i) => (start + i, start + i + 9),
            None => {
                // No `endstream`: stop at `endobj`, or take the rest.
                match memchr::memmem::find(rest, b"endobj") {
                    Some(i) => (start + i, start + i),
                    None => (self.data.len(), self.data.len()),
                }
            }
        };
        let mut e = end;
        // Drop the end-of-line marker before `endstream`.
        if e > start && self.data.get(e - 1) == Some(&b'\n') {
            e -= 1;
        }
        if e > start && self.data.get(e - 1) == Some(&b'\r') {
            e -= 1;
        }
        self.pos = next;
        self.eat_keyword(b"endobj");
        Ok(self.data.get(start..e).unwrap_or(&[]))
    }
}

/// Parses a number token; malformed tokens (`--5`, `1.2.3`, `-`) read as far
/// as they are numeric, as Acrobat does.
pub(crate) fn parse_number(tok: &[u8]) -> Object {
    let mut i = 0;
    let mut neg = false;
    while let Some(&c) = tok.get(i) {
        match c {
            b'-' => neg = !neg,
            b'+' => {}
            _ => break,
        }
        i += 1;
    }
    let mut int: i64 = 0;
    let mut overflow = false;
    let mut real = 0.0f64;
    let mut is_real = false;
    let mut scale = 1.0f64;
    while let Some(&c) = tok.get(i) {
        match c {
            b'0'..=b'9' => {
                let d = c - b'0';
                if is_real {
                    scale /= 10.0;
                    real += f64::from(d) * scale;
                } else {
                    match int
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(i64::from(d)))
                    {
                        Some(v) => int = v,
                        None => {
                            overflow = true;
                            real = real * 10.0 + f64::from(d);
                        }
                    }
                    if !overflow {
                        real = int as f64;
                    }
                }
            }
            b'.' if !is_real => is_real = true,
            _ => break,
        }
        i += 1;
    }
    if is_real || overflow {
        let v = if is_real && !overflow {
            int as f64 + real - int as f64
        } else {
            real
        };
        Object::Real(if neg { -v } else { v })
    } else {
        Object::Int(if neg { -int } else { int })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(s: &[u8]) -> Object {
        Lexer::new(s, 0).parse_object().unwrap()
    }

    #[test]
    fn numbers() {
        assert_eq!(obj(b"42"), Object::Int(42));
        assert_eq!(obj(b"-17"), Object::Int(-17));
        assert_eq!(obj(b"+3"), Object::Int(3));
        assert_eq!(obj(b".5"), Object::Real(0.5));
        assert_eq!(obj(b"-.002"), Object::Real(-0.002));
        assert_eq!(obj(b"4."), Object::Real(4.0));
        assert_eq!(obj(b"34.5"), Object::Real(34.5));
        assert_eq!(obj(b"--5"), Object::Int(5));
        assert!(matches!(obj(b"99999999999999999999"), Object::Real(_)));
    }

    #[test]
    fn literal_string_escapes() {
        assert_eq!(
            obj(b"(a\\n\\r\\t\\b\\f\\(\\)\\\\z)"),
            Object::String(b"a\n\r\t\x08\x0c()\\z".to_vec())
        );
        assert_eq!(
            obj(b"(\\101\\1\\0123)"),
            Object::String(b"A\x01\n3".to_vec())
        );
        assert_eq!(
            obj(b"(bal (anced) ok)"),
            Object::String(b"bal (anced) ok".to_vec())
        );
        assert_eq!(
            obj(b"(line\\\r\ncont\\\nmore)"),
            Object::String(b"linecontmore".to_vec())
        );
        assert_eq!(obj(b"(a\r\nb\rc)"), Object::String(b"a\nb\nc".to_vec()));
        assert_eq!(obj(b"(\\q)"), Object::String(b"q".to_vec()));
        assert!(Lexer::new(b"(open", 0).parse_object().is_err());
    }

    #[test]
    fn hex_strings() {
        assert_eq!(obj(b"<48 65\n6c6C6f>"), Object::String(b"Hello".to_vec()));
        assert_eq!(obj(b"<901FA>"), Object::String(vec![0x90, 0x1f, 0xa0]));
        assert_eq!(obj(b"<>"), Object::String(vec![]));
    }

    #[test]
    fn names() {
        assert_eq!(obj(b"/A#20B"), Object::Name(b"A B".to_vec()));
        assert_eq!(obj(b"/Name1"), Object::Name(b"Name1".to_vec()));
        assert_eq!(obj(b"/#zz"), Object::Name(b"#zz".to_vec()));
        assert_eq!(obj(b"/"), Object::Name(vec![]));
    }

    #[test]
    fn arrays_dicts_refs() {
        let o = obj(b"[1 0 R 2 /X<</A true/B null/C[false]>>%c\r\n3 4]");
        let a = o.as_array().unwrap();
        assert_eq!(a[0], Object::Ref(ObjRef::new(1, 0)));
        assert_eq!(a[1], Object::Int(2));
        let d = a[3].as_dict().unwrap();
        assert_eq!(d.get(b"A"), Some(&Object::Bool(true)));
        assert_eq!(d.get(b"B"), Some(&Object::Null));
        assert_eq!(a[4], Object::Int(3));
        assert_eq!(a[5], Object::Int(4));
    }

    #[test]
    fn depth_limit() {
        let deep = vec![b'['; 10_000];
        assert!(matches!(
            Lexer::new(&deep, 0).parse_object(),
            Err(Error::LimitExceeded { .. })
        ));
    }

    #[test]
    fn indirect_stream_with_wrong_length() {
        let src = b"7 0 obj\n<</Length 100>>\nstream\r\nabc\r\nendstream\nendobj\n";
        let (id, o) = Lexer::new(src, 0).parse_indirect(&|_| None).unwrap();
        assert_eq!(id, ObjRef::new(7, 0));
        assert_eq!(&*o.as_stream().unwrap().raw, b"abc");
        let src = b"7 0 obj <</Length 8 0 R>> stream\nabcdef\nendstream endobj";
        let (_, o) = Lexer::new(src, 0).parse_indirect(&|_| Some(6)).unwrap();
        assert_eq!(&*o.as_stream().unwrap().raw, b"abcdef");
    }
}
