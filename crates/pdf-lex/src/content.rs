//! Content-stream tokens (ISO 32000-1 §7.8.2): operands followed by an
//! operator, with inline images (§8.9.7) as one operation.
//!
//! This is the tokenizer `pdf-text` interprets pages with, so it is built
//! for that hot loop: operands borrow from the stream — a string is copied
//! only when an escape, a bare CR or nested parentheses force it, a name
//! only when it has a `#xx` escape — and the token grammar is the object
//! lexer's (`token.rs`). It never fails and never reads a byte twice:
//! malformed bytes are skipped, and an unterminated string, array or
//! dictionary ends at the end of the data, so the work is linear in the
//! input.

use std::borrow::Cow;

use crate::lexer::{Lexer, is_regular, is_ws};
use crate::object::{Dict, Object};
use crate::token;

/// An operand of a content-stream operator. Strings and names hold their
/// bytes after escapes are undone, borrowed from the stream where they can.
/// Content streams have no indirect references: `1 0 R` is three tokens.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A real number (also an integer too large for `i64`).
    Real(f64),
    /// A literal or hexadecimal string.
    String(Cow<'a, [u8]>),
    /// A name, without its `/`.
    Name(Cow<'a, [u8]>),
    /// An array (`TJ`'s operand, a dash pattern).
    Array(Vec<Operand<'a>>),
    /// A dictionary (`BDC`'s inline property list): keys in stream order.
    Dict(Vec<(Cow<'a, [u8]>, Operand<'a>)>),
}

impl<'a> Operand<'a> {
    /// The numeric value of an integer or real.
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Operand::Int(i) => Some(*i as f64),
            Operand::Real(r) => Some(*r),
            _ => None,
        }
    }

    /// The integer value, also of a real with no fraction.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Operand::Int(i) => Some(*i),
            Operand::Real(r) if r.fract() == 0.0 && r.abs() < 9.0e15 => Some(*r as i64),
            _ => None,
        }
    }

    /// The name's bytes.
    #[inline]
    pub fn as_name(&self) -> Option<&[u8]> {
        match self {
            Operand::Name(n) => Some(n),
            _ => None,
        }
    }

    /// The string's bytes.
    #[inline]
    pub fn as_string(&self) -> Option<&[u8]> {
        match self {
            Operand::String(s) => Some(s),
            _ => None,
        }
    }

    /// The array's items.
    pub fn as_array(&self) -> Option<&[Operand<'a>]> {
        match self {
            Operand::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The value of `key` in a dictionary operand (the last one when the
    /// key is repeated, as [`Dict::get`]).
    pub fn dict_get(&self, key: &[u8]) -> Option<&Operand<'a>> {
        match self {
            Operand::Dict(entries) => entries
                .iter()
                .rev()
                .find(|(k, _)| k.as_ref() == key)
                .map(|(_, v)| v),
            _ => None,
        }
    }
}

impl From<Operand<'_>> for Object {
    /// The owned object of an operand.
    fn from(o: Operand<'_>) -> Object {
        match o {
            Operand::Null => Object::Null,
            Operand::Bool(b) => Object::Bool(b),
            Operand::Int(i) => Object::Int(i),
            Operand::Real(r) => Object::Real(r),
            Operand::String(s) => Object::String(s.into_owned()),
            Operand::Name(n) => Object::Name(n.into_owned()),
            Operand::Array(a) => Object::Array(a.into_iter().map(Object::from).collect()),
            Operand::Dict(entries) => {
                let mut dict = Dict::new();
                for (k, v) in entries {
                    dict.insert(k.into_owned(), v.into());
                }
                Object::Dict(dict)
            }
        }
    }
}

/// One operation: the operands before an operator, and the operator.
#[derive(Debug, Clone, PartialEq)]
pub struct Operation<'a> {
    /// The operator keyword, such as `b"Tj"`; `b"BI"` for an inline image.
    pub operator: &'a [u8],
    /// The operands in order.
    pub operands: Vec<Operand<'a>>,
    /// For `BI`: the image dictionary (abbreviated keys as written) and data.
    pub inline_image: Option<InlineImage<'a>>,
}

/// An inline image (`BI … ID … EI`).
#[derive(Debug, Clone, PartialEq)]
pub struct InlineImage<'a> {
    /// The key/value pairs between `BI` and `ID`.
    pub dict: Dict,
    /// The bytes between `ID` and `EI` (still encoded).
    pub data: &'a [u8],
}

/// An iterator over the operations of a content stream. It never fails:
/// bytes that do not form a token are skipped.
#[derive(Clone)]
pub struct Operations<'a> {
    lx: Lexer<'a>,
    /// A string, array, dictionary or inline image ran to the end of the
    /// data unterminated.
    ran_off: bool,
}

/// At most this many operands are kept before an operator (the oldest half
/// is dropped), and this many items in an array (the rest is dropped).
const MAX_OPERANDS: usize = 4096;
/// Nesting limit of arrays and dictionaries; deeper bytes are skipped.
const MAX_DEPTH: usize = 32;

/// What one step of the tokenizer read.
enum Token<'a> {
    /// An operand.
    Operand(Operand<'a>),
    /// A keyword that is not `true`, `false` or `null`: an operator.
    Keyword(&'a [u8]),
    /// A stray `)`, `>`, `]`, `{` or `}`, skipped.
    Stray,
    /// The end of the data (also after an unterminated string).
    End,
}

impl<'a> Operations<'a> {
    /// Tokenizes `data`, a decoded content stream.
    pub fn new(data: &'a [u8]) -> Self {
        Self {
            lx: Lexer::new(data, 0),
            ran_off: false,
        }
    }

    /// Whether a string, array, dictionary or inline image ran to the end
    /// of the data unterminated (a damaged stream): the operation it was
    /// part of, and whatever followed, is lost. A caller that joined
    /// several content streams can tokenize each alone and start the next
    /// one afresh when this says the previous one ended broken.
    pub fn ran_off_end(&self) -> bool {
        self.ran_off
    }

    /// The byte offset of the next token.
    pub fn offset(&self) -> usize {
        self.lx.pos
    }

    /// A run of regular characters (a keyword or number token) at the cursor.
    #[inline(always)]
    fn regular_run(&mut self) -> &'a [u8] {
        let data = self.lx.data;
        let start = self.lx.pos;
        let mut end = start;
        while data.get(end).is_some_and(|&b| is_regular(b)) {
            end += 1;
        }
        self.lx.pos = end;
        data.get(start..end).unwrap_or_default()
    }

    /// Reads one token; `depth` counts the arrays and dictionaries it is in.
    #[inline]
    fn token(&mut self, depth: usize) -> Token<'a> {
        self.lx.skip_ws();
        let Some(b) = self.lx.peek() else {
            return Token::End;
        };
        match b {
            b'/' => {
                self.lx.pos += 1;
                let name = self.lx.run(token::name_body).unwrap_or_default();
                Token::Operand(Operand::Name(name))
            }
            b'(' => {
                self.lx.pos += 1;
                match self.lx.run(token::literal_string_body) {
                    Some(s) => Token::Operand(Operand::String(s)),
                    None => self.unterminated(),
                }
            }
            b'<' if self.lx.data.get(self.lx.pos + 1) == Some(&b'<') => {
                self.lx.pos += 2;
                Token::Operand(self.dict(depth))
            }
            b'<' => {
                self.lx.pos += 1;
                match self.lx.run(token::hex_string_body) {
                    Some(s) => Token::Operand(Operand::String(Cow::Owned(s))),
                    None => self.unterminated(),
                }
            }
            b'[' => {
                self.lx.pos += 1;
                Token::Operand(self.array(depth))
            }
            b')' | b'>' | b']' | b'{' | b'}' => {
                self.lx.pos += 1;
                Token::Stray
            }
            b'+' | b'-' | b'.' | b'0'..=b'9' => Token::Operand(number(self.regular_run())),
            _ => {
                // `%` and white space were skipped and the delimiters are
                // above: this is a regular character, the run is not empty.
                match self.regular_run() {
                    b"true" => Token::Operand(Operand::Bool(true)),
                    b"false" => Token::Operand(Operand::Bool(false)),
                    b"null" => Token::Operand(Operand::Null),
                    k => Token::Keyword(k),
                }
            }
        }
    }

    /// A string runs to the end of the data: nothing follows it.
    fn unterminated(&mut self) -> Token<'a> {
        self.ran_off = true;
        self.lx.pos = self.lx.data.len();
        Token::End
    }

    /// An array after its `[` (§7.3.6); keywords inside are dropped.
    fn array(&mut self, depth: usize) -> Operand<'a> {
        let mut items = Vec::new();
        loop {
            self.lx.skip_ws();
            match self.lx.peek() {
                None => {
                    self.ran_off = true;
                    break;
                }
                Some(b']') => {
                    self.lx.pos += 1;
                    break;
                }
                Some(_) => {}
            }
            if depth >= MAX_DEPTH {
                self.lx.pos += 1;
                continue;
            }
            match self.token(depth + 1) {
                Token::Operand(o) => {
                    if items.len() < MAX_OPERANDS {
                        items.push(o);
                    }
                }
                Token::Keyword(_) | Token::Stray => {}
                Token::End => break,
            }
        }
        Operand::Array(items)
    }

    /// A dictionary after its `<<` (§7.3.7): a key without a value (before
    /// `>>` or a keyword) is null, junk where a key should be is skipped.
    fn dict(&mut self, depth: usize) -> Operand<'a> {
        let mut entries = Vec::new();
        loop {
            self.lx.skip_ws();
            match self.lx.peek() {
                None => {
                    self.ran_off = true;
                    break;
                }
                Some(b'>') => {
                    // `>>`, or a lone `>`.
                    self.lx.pos += 1;
                    if self.lx.peek() == Some(b'>') {
                        self.lx.pos += 1;
                    }
                    break;
                }
                Some(b'/') => {
                    self.lx.pos += 1;
                    let key = self.lx.run(token::name_body).unwrap_or_default();
                    self.lx.skip_ws();
                    if depth >= MAX_DEPTH || self.lx.peek() == Some(b'>') {
                        entries.push((key, Operand::Null));
                        continue;
                    }
                    match self.token(depth + 1) {
                        Token::Operand(v) => entries.push((key, v)),
                        Token::Keyword(_) | Token::Stray => entries.push((key, Operand::Null)),
                        Token::End => break,
                    }
                }
                Some(_) => {
                    if depth >= MAX_DEPTH {
                        self.lx.pos += 1;
                    } else if let Token::End = self.token(depth + 1) {
                        break;
                    }
                }
            }
        }
        Operand::Dict(entries)
    }

    /// The dictionary and data of an inline image, the cursor after `BI`.
    fn inline_image(&mut self) -> InlineImage<'a> {
        let mut dict = Dict::new();
        // Key/value pairs up to `ID`.
        loop {
            match self.token(1) {
                Token::Operand(Operand::Name(k)) => match self.token(1) {
                    Token::Operand(v) => dict.insert(k.into_owned(), v.into()),
                    Token::Keyword(b"ID") => break,
                    Token::Keyword(_) | Token::Stray => {}
                    Token::End => {
                        self.ran_off = true;
                        return InlineImage { dict, data: &[] };
                    }
                },
                Token::Keyword(b"ID") => break,
                Token::End => {
                    self.ran_off = true;
                    return InlineImage { dict, data: &[] };
                }
                Token::Operand(_) | Token::Keyword(_) | Token::Stray => {}
            }
        }
        // One white-space byte follows `ID`.
        if self.lx.peek().is_some_and(is_ws) {
            self.lx.pos += 1;
        }
        let data = self.lx.data;
        let start = self.lx.pos.min(data.len());
        let rest = data.get(start..).unwrap_or(&[]);
        // With /L or /Length, trust it if `EI` follows.
        let declared = dict
            .get(b"L")
            .or_else(|| dict.get(b"Length"))
            .and_then(Object::as_i64);
        if let Some(len) = declared
            .and_then(|l| usize::try_from(l).ok())
            .filter(|l| *l <= rest.len())
        {
            let mut probe = Lexer::new(data, start + len);
            if probe.eat_keyword(b"EI") {
                self.lx.pos = probe.pos;
                return InlineImage {
                    dict,
                    data: rest.get(..len).unwrap_or(&[]),
                };
            }
        }
        let end = find_ei(rest);
        if end >= rest.len() {
            self.ran_off = true;
        }
        let img = rest.get(..end).unwrap_or(rest);
        // Drop the white space before `EI`.
        let trimmed = match img.last() {
            Some(&b) if is_ws(b) && end < rest.len() => img.get(..img.len() - 1).unwrap_or(img),
            _ => img,
        };
        self.lx.pos = (start + end + 2).min(data.len());
        InlineImage {
            dict,
            data: trimmed,
        }
    }
}

/// A number token (§7.3.3), tolerant of the usual malformations: any mix
/// of signs (`--5` is 5, as Acrobat reads it), a second point or any other
/// byte ends the number (`1.2.3` is 1.2, `-` is 0). A real is its digits
/// as one integer divided by a power of ten (one rounding, so `12.34` is
/// the double nearest to 12.34); an integer beyond `i64` becomes a real.
#[inline]
fn number(tok: &[u8]) -> Operand<'static> {
    let mut neg = false;
    let mut digits = tok;
    while let Some((&s @ (b'+' | b'-'), rest)) = digits.split_first() {
        neg ^= s == b'-';
        digits = rest;
    }
    // The common case: up to 15 digits, so the digits are exact in both
    // `u64` and `f64` and the power of ten is exact.
    let mut mantissa: u64 = 0;
    let mut count = 0usize;
    let mut point = None;
    for (i, &b) in digits.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                count += 1;
                if count > 15 {
                    return number_long(neg, digits);
                }
            }
            b'.' if point.is_none() => point = Some(i),
            _ => break,
        }
    }
    match point {
        None => {
            // At most 15 digits: within `i64`.
            let v = mantissa as i64;
            Operand::Int(if neg { -v } else { v })
        }
        Some(p) => {
            // Only digits stand before the point.
            let Some(&scale) = POW10.get(count.saturating_sub(p)) else {
                return number_long(neg, digits);
            };
            let v = mantissa as f64 / scale;
            Operand::Real(if neg { -v } else { v })
        }
    }
}

/// Powers of ten up to 10^15, exact as `f64`.
const POW10: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// [`number`] with more than 15 digits: the digits accumulated as `f64`
/// (an integer as `i64` while it fits), the same value [`number`] gives
/// wherever both are exact.
#[cold]
fn number_long(neg: bool, digits: &[u8]) -> Operand<'static> {
    let mut int: i64 = 0;
    let mut exact = true;
    let mut value = 0.0f64;
    let mut scale: Option<f64> = None;
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                let d = b - b'0';
                value = value * 10.0 + f64::from(d);
                if let Some(s) = scale.as_mut() {
                    *s *= 10.0;
                } else if exact {
                    match int
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(i64::from(d)))
                    {
                        Some(v) => int = v,
                        None => exact = false,
                    }
                }
            }
            b'.' if scale.is_none() => scale = Some(1.0),
            _ => break,
        }
    }
    match scale {
        None if exact => Operand::Int(if neg { -int } else { int }),
        _ => {
            let v = match scale {
                Some(s) if s > 1.0 => value / s,
                _ => value,
            };
            Operand::Real(if neg { -v } else { v })
        }
    }
}

/// The offset of the `EI` that ends inline image data: preceded by white
/// space, followed by white space or the end, and then by text that looks
/// like content (no binary bytes in the next few bytes).
fn find_ei(rest: &[u8]) -> usize {
    let mut fallback = None;
    for i in memchr::memmem::find_iter(rest, b"EI") {
        let before_ok = i == 0 || rest.get(i - 1).is_some_and(|&b| is_ws(b));
        let after_ok = rest.get(i + 2).is_none_or(|&b| is_ws(b));
        if !(before_ok && after_ok) {
            continue;
        }
        fallback.get_or_insert(i);
        let tail = rest.get(i + 2..(i + 34).min(rest.len())).unwrap_or(&[]);
        if tail
            .iter()
            .all(|&b| b == b'\n' || b == b'\r' || b == b'\t' || (0x20..0x7f).contains(&b))
        {
            return i;
        }
    }
    fallback.unwrap_or(rest.len())
}

impl<'a> Iterator for Operations<'a> {
    type Item = Operation<'a>;

    #[inline]
    fn next(&mut self) -> Option<Operation<'a>> {
        let mut operands = Vec::new();
        loop {
            match self.token(0) {
                Token::Operand(o) => {
                    if operands.len() >= MAX_OPERANDS {
                        operands.drain(..MAX_OPERANDS / 2);
                    }
                    operands.push(o);
                }
                Token::Keyword(operator) => {
                    let inline_image = (operator == b"BI").then(|| self.inline_image());
                    return Some(Operation {
                        operator,
                        operands,
                        inline_image,
                    });
                }
                Token::Stray => {}
                Token::End => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(src: &[u8]) -> Vec<(Vec<u8>, Vec<Operand<'_>>)> {
        Operations::new(src)
            .map(|o| (o.operator.to_vec(), o.operands))
            .collect()
    }

    fn name(n: &[u8]) -> Operand<'_> {
        Operand::Name(Cow::Borrowed(n))
    }

    fn string(s: &[u8]) -> Operand<'_> {
        Operand::String(Cow::Borrowed(s))
    }

    #[test]
    fn operators_and_operands() {
        let v = ops(b"BT /F1 12 Tf 72.5 -7 Td [(A) -120 (B)] TJ (x\\)y) Tj ET");
        let names: Vec<&[u8]> = v.iter().map(|(op, _)| op.as_slice()).collect();
        assert_eq!(names, [&b"BT"[..], b"Tf", b"Td", b"TJ", b"Tj", b"ET"]);
        assert_eq!(v[1].1, vec![name(b"F1"), Operand::Int(12)]);
        assert_eq!(v[2].1, vec![Operand::Real(72.5), Operand::Int(-7)]);
        assert_eq!(
            v[3].1,
            vec![Operand::Array(vec![
                string(b"A"),
                Operand::Int(-120),
                string(b"B")
            ])]
        );
        assert_eq!(v[4].1[0].as_string(), Some(&b"x)y"[..]));
        // No references in content streams: `0 0 R` is not a reference.
        assert_eq!(ops(b"1 0 0 RG")[0].1.len(), 3);
        assert_eq!(
            ops(b"true false null d0")[0].1,
            [Operand::Bool(true), Operand::Bool(false), Operand::Null]
        );
    }

    #[test]
    fn operands_borrow_unless_an_escape_forces_a_copy() {
        let v = ops(b"/F1 (plain) /A#20B (a\\101) <41> Tj");
        let a = &v[0].1;
        assert!(matches!(&a[0], Operand::Name(Cow::Borrowed(b"F1"))));
        assert!(matches!(&a[1], Operand::String(Cow::Borrowed(b"plain"))));
        assert!(matches!(&a[2], Operand::Name(Cow::Owned(n)) if n == b"A B"));
        assert!(matches!(&a[3], Operand::String(Cow::Owned(s)) if s == b"aA"));
        assert_eq!(a[4].as_string(), Some(&b"A"[..]));
    }

    #[test]
    fn strings_escapes_and_hex() {
        let v = ops(b"(a\\(b\\)c\\101\\\nd (nested)) Tj <48 65 6C6c 6> Tj");
        assert_eq!(v[0].1[0].as_string(), Some(&b"a(b)cAd (nested)"[..]));
        assert_eq!(v[1].1[0].as_string(), Some(&b"Hell`"[..]));
    }

    #[test]
    fn numbers() {
        let v = ops(b".5 -.25 +3 1.2.3 --4 4. - 12.34 0.1 99999999999999999999 cm");
        let nums: Vec<f64> = v[0].1.iter().filter_map(Operand::as_f64).collect();
        assert_eq!(nums[..9], [0.5, -0.25, 3.0, 1.2, 4.0, 4.0, 0.0, 12.34, 0.1]);
        assert_eq!(v[0].1[2], Operand::Int(3));
        assert_eq!(v[0].1[5], Operand::Real(4.0));
        assert!(matches!(v[0].1[9], Operand::Real(r) if (r / 1e20 - 1.0).abs() < 1e-15));
        assert_eq!(v[0].1[2].as_i64(), Some(3));
        assert_eq!(v[0].1[5].as_i64(), Some(4));
    }

    #[test]
    fn names_and_comments() {
        let v = ops(b"/A#20B Do % comment ) ( \n 1 w");
        assert_eq!(v[0].1[0].as_name(), Some(&b"A B"[..]));
        assert_eq!(v[1], (b"w".to_vec(), vec![Operand::Int(1)]));
    }

    #[test]
    fn bdc_dictionary() {
        let v = ops(b"/Span <</ActualText (fi) /MCID 3 /E>> BDC EMC");
        assert_eq!(v[0].0, b"BDC");
        let d = &v[0].1[1];
        assert_eq!(
            d.dict_get(b"ActualText").and_then(Operand::as_string),
            Some(&b"fi"[..])
        );
        assert_eq!(d.dict_get(b"MCID"), Some(&Operand::Int(3)));
        assert_eq!(d.dict_get(b"E"), Some(&Operand::Null));
        assert_eq!(v[1].0, b"EMC");
        let o: Object = d.clone().into();
        assert_eq!(o.as_dict().and_then(|d| d.get_i64(b"MCID")), Some(3));
    }

    #[test]
    fn ran_off_end_says_when_a_construct_is_unterminated() {
        for (src, broken) in [
            (&b"BT (closed) Tj ET"[..], false),
            (b"BT /F1 12", false),
            (b"BT (never closed Tj ET", true),
            (b"BT <4142 Tj", true),
            (b"[(a) 12 (b) TJ", true),
            (b"<< /A 1 BDC", true),
            (b"BI /W 1 /H 1 ID \x00\x01 no end", true),
            (b"BI /W 1 /H 1 ID \x00 EI Q", false),
        ] {
            let mut ops = Operations::new(src);
            while ops.next().is_some() {}
            assert_eq!(
                ops.ran_off_end(),
                broken,
                "{}",
                String::from_utf8_lossy(src)
            );
        }
    }

    #[test]
    fn inline_image_without_length() {
        let src = b"q BI /W 2 /H 2 /BPC 8 /CS /G ID \x00EI\xffEIx\x01 EI Q BT (t) Tj ET";
        let all: Vec<_> = Operations::new(src).collect();
        assert_eq!(all[1].operator, b"BI");
        let img = all[1].inline_image.as_ref().unwrap();
        assert_eq!(img.dict.get(b"W"), Some(&Object::Int(2)));
        assert_eq!(img.dict.get(b"CS"), Some(&Object::Name(b"G".to_vec())));
        assert_eq!(img.data, b"\x00EI\xffEIx\x01");
        let names: Vec<&[u8]> = all.iter().map(|o| o.operator).collect();
        assert_eq!(names, vec![&b"q"[..], b"BI", b"Q", b"BT", b"Tj", b"ET"]);
    }

    #[test]
    fn inline_image_with_length() {
        let src = b"BI /L 4 ID 1 EI EI Tj";
        let all: Vec<_> = Operations::new(src).collect();
        assert_eq!(all[0].inline_image.as_ref().unwrap().data, b"1 EI");
        assert_eq!(all[1].operator, b"Tj");
    }

    #[test]
    fn survives_garbage() {
        let v = ops(b"q ) ] } 1 2 re (unterminated");
        let names: Vec<&[u8]> = v.iter().map(|(op, _)| op.as_slice()).collect();
        assert_eq!(names, [&b"q"[..], b"re"]);
        assert_eq!(v[1].1, [Operand::Int(1), Operand::Int(2)]);
        for input in [
            &b"((((("[..],
            b"<<<<",
            b"[[[[[",
            b"<</A",
            b")))]]>>>",
            b"\\",
            b"(\\",
            b"<a",
            b"BI ID",
            b"BI /W",
            b"/",
        ] {
            assert!(ops(input).len() <= 1, "{input:?}");
        }
    }

    #[test]
    fn nesting_and_unterminated_input_stay_linear() {
        let deep = vec![b'['; 100_000];
        assert_eq!(ops(&deep).len(), 0);
        let dicts = b"<< 1 ".repeat(10_000);
        assert_eq!(ops(&dicts).len(), 0);
        // Every `(` opens a string that never closes: read once, not once
        // per parenthesis.
        let open = vec![b'('; 1_000_000];
        assert_eq!(ops(&open).len(), 0);
        let mut deep_tj = b"[".repeat(40);
        deep_tj.extend_from_slice(b"(x)");
        deep_tj.extend(b"]".repeat(40));
        deep_tj.extend_from_slice(b" TJ");
        assert_eq!(ops(&deep_tj)[0].0, b"TJ");
    }

    #[test]
    fn operand_count_is_bounded() {
        let many = b"1 ".repeat(MAX_OPERANDS + 10);
        let mut src = many.clone();
        src.extend_from_slice(b"re");
        assert!(ops(&src)[0].1.len() <= MAX_OPERANDS);
        let mut arr = b"[".to_vec();
        arr.extend_from_slice(&many);
        arr.extend_from_slice(b"] TJ");
        assert_eq!(
            ops(&arr)[0].1[0].as_array().map(<[_]>::len),
            Some(MAX_OPERANDS)
        );
    }
}
