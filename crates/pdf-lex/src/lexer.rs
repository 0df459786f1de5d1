//! The lexer and object parser (ISO 32000-1 §7.2 lexical conventions, §7.3 objects).

use std::sync::Arc;

use crate::Error;
use crate::object::{Dict, ObjRef, Object, Stream};
use crate::token::{self, PResult};
pub(crate) use crate::token::{is_regular, is_ws};

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

    /// The bytes from the cursor on.
    #[inline(always)]
    fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }

    /// Runs a token parser at the cursor; on success the cursor moves past
    /// what it consumed, on failure it stays.
    #[inline(always)]
    pub(crate) fn run<O>(&mut self, parser: impl FnOnce(&'a [u8]) -> PResult<'a, O>) -> Option<O> {
        let input = self.rest();
        let (rest, out) = parser(input).ok()?;
        self.pos += input.len() - rest.len();
        Some(out)
    }

    /// Skips white space and comments.
    #[inline(always)]
    pub(crate) fn skip_ws(&mut self) {
        // Most tokens follow one another directly or after one space.
        if self.peek().is_some_and(|b| is_ws(b) || b == b'%') {
            self.run(token::skip_ws);
        }
    }

    /// Reads a run of regular characters (a keyword or number token).
    pub(crate) fn regular_run(&mut self) -> &'a [u8] {
        self.run(token::regular_run).unwrap_or(&[])
    }

    /// Reads an unsigned integer token at the cursor (after white space).
    pub(crate) fn read_uint(&mut self) -> Option<u64> {
        self.skip_ws();
        let (v, digits) = token::uint(self.rest()).ok()?.1;
        // An overflowing integer leaves the cursor at the digit that overflowed.
        self.pos += digits;
        v
    }

    /// Reads the keyword `kw` (after white space), if it is next.
    pub(crate) fn eat_keyword(&mut self, kw: &[u8]) -> bool {
        self.skip_ws();
        match token::regular_run(self.rest()) {
            Ok((_, run)) if run == kw => {
                self.pos += run.len();
                true
            }
            _ => false,
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
        // The first byte decides the token (§7.2.2: delimiters start their
        // own tokens; a number starts with a sign, a point or a digit).
        match b {
            b'/' => {
                self.pos += 1;
                let name = self.run(token::name_body).unwrap_or_default();
                Ok(Item::Obj(Object::Name(name.into_owned())))
            }
            b'(' => {
                self.pos += 1;
                match self.run(token::literal_string_body) {
                    Some(s) => Ok(Item::Obj(Object::String(s.into_owned()))),
                    None => {
                        // Unterminated: the whole rest was read looking for `)`.
                        let offset = self.pos;
                        self.pos = self.data.len();
                        Err(Error::Truncated {
                            what: "literal string",
                            offset,
                        })
                    }
                }
            }
            b'<' if self.data.get(start + 1) == Some(&b'<') => {
                self.pos += 2;
                Ok(Item::Obj(Object::Dict(self.dict_body(depth, content)?)))
            }
            b'<' => {
                self.pos += 1;
                match self.run(token::hex_string_body) {
                    Some(s) => Ok(Item::Obj(Object::String(s))),
                    None => {
                        let offset = self.pos;
                        self.pos = self.data.len();
                        Err(Error::Truncated {
                            what: "hex string",
                            offset,
                        })
                    }
                }
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
                let num = token::number(tok).map_or(Object::Int(0), |(_, n)| n);
                if let (false, Object::Int(n)) = (content, &num)
                    && let Some(r) = self.try_reference(*n)
                {
                    return Ok(Item::Obj(Object::Ref(r)));
                }
                Ok(Item::Obj(num))
            }
            _ if is_regular(b) => {
                let tok = self.run(token::keyword).unwrap_or(&[]);
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
        let num = u32::try_from(num).ok()?;
        let generation = self.run(token::reference_tail)?;
        Some(ObjRef::new(num, generation))
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
                    // `>>`, or a lone `>`.
                    self.pos += 1;
                    if self.peek() == Some(b'>') {
                        self.pos += 1;
                    }
                    return Ok(dict);
                }
                Some(b'/') => {
                    self.pos += 1;
                    let key = self.run(token::name_body).unwrap_or_default().into_owned();
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
        self.run(token::stream_eol);
        let start = self.pos;
        let declared = match dict.get(b"Length") {
            Some(Object::Ref(r)) => length(*r),
            Some(o) => o.as_i64(),
            None => None,
        };
        if let Some(len) = declared.and_then(|l| usize::try_from(l).ok())
            && let Some(end) = start.checked_add(len).filter(|e| *e <= self.data.len())
        {
            let mut probe = Lexer::new(self.data, end);
            if probe.eat_keyword(b"endstream") {
                self.pos = probe.pos;
                self.eat_keyword(b"endobj");
                return Ok(self.data.get(start..end).unwrap_or(&[]));
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
    fn comments_between_tokens() {
        let o = obj(b"%head\n[1%a\n2 %b\r/A%c\r\n(s)%d\n<41>%e\n1 0%f\nR true%g\n]%tail");
        let a = o.as_array().unwrap();
        assert_eq!(a.len(), 7);
        assert_eq!(a[0], Object::Int(1));
        assert_eq!(a[1], Object::Int(2));
        assert_eq!(a[2], Object::Name(b"A".to_vec()));
        assert_eq!(a[3], Object::String(b"s".to_vec()));
        assert_eq!(a[4], Object::String(b"A".to_vec()));
        assert_eq!(a[5], Object::Ref(ObjRef::new(1, 0)));
        assert_eq!(a[6], Object::Bool(true));
        // A comment right after the object number is not white space: no
        // reference (the `R` keyword is dropped from the array).
        let o = obj(b"[5%c\n0 R]");
        assert_eq!(o.as_array().unwrap(), &[Object::Int(5), Object::Int(0)]);
        let o = obj(b"<</K 3 0 %c\n R/L[/x]>>");
        let d = o.as_dict().unwrap();
        assert_eq!(d.get(b"K"), Some(&Object::Ref(ObjRef::new(3, 0))));
    }

    #[test]
    fn recovery() {
        // Stray delimiters in an array, a junk key and a lone `>` in a dict.
        let o = obj(b"[1 ) } { > 2]");
        assert_eq!(o.as_array().unwrap(), &[Object::Int(1), Object::Int(2)]);
        let o = obj(b"<</A 1 junk 7 /B>");
        let d = o.as_dict().unwrap();
        assert_eq!(d.get(b"A"), Some(&Object::Int(1)));
        assert_eq!(d.get(b"B"), Some(&Object::Null));
        assert!(matches!(
            Lexer::new(b"[1 2", 0).parse_object(),
            Err(Error::Truncated {
                what: "array",
                offset: 0
            })
        ));
        assert!(matches!(
            Lexer::new(b"<</A [1 endobj", 0).parse_object(),
            Err(Error::Syntax {
                what: "unterminated array",
                ..
            })
        ));
        // After an unterminated string the cursor is at the end, as before.
        let mut lx = Lexer::new(b"(open", 0);
        assert!(matches!(
            lx.parse_object(),
            Err(Error::Truncated {
                what: "literal string",
                offset: 1
            })
        ));
        assert_eq!(lx.pos, 5);
        let mut lx = Lexer::new(b" <41 4", 0);
        assert!(matches!(
            lx.parse_object(),
            Err(Error::Truncated {
                what: "hex string",
                offset: 2
            })
        ));
        assert_eq!(lx.pos, 6);
        // An integer too large for u64 stops at the digit that overflows.
        let mut lx = Lexer::new(b" 184467440737095516161 2", 0);
        assert_eq!(lx.read_uint(), None);
        assert_eq!(lx.pos, 20);
        assert_eq!(lx.read_uint(), Some(61));
    }

    #[test]
    fn random_tokens_never_panic() {
        // Short inputs drawn from the bytes the grammar cares about.
        const ALPHABET: &[u8] = b"()<>[]{}/%#\\\r\n \t\x0c\x00+-.0123456789aefRnbtjEIDobjstream";
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let len = (next() % 24) as usize;
            let input: Vec<u8> = (0..len)
                .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
                .collect();
            let mut lx = Lexer::new(&input, 0);
            lx.max_depth = 4;
            let _ = lx.parse_object();
            let _ = Lexer::new(&input, 0).parse_indirect(&|_| Some(3));
            let _ = crate::content::Operations::new(&input).count();
        }
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
