//! Content-stream operations (ISO 32000-1 §7.8.2): operands followed by an
//! operator, read zero-copy from the decoded stream.
//!
//! This is a small tokenizer of its own, tuned for the interpreter's hot
//! loop: operands borrow from the stream, literal strings are copied only
//! when they contain escapes, inline images (`BI … ID … EI`) are skipped.

use std::borrow::Cow;

/// An operand of a content-stream operator.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Operand<'a> {
    /// An integer or real number.
    Number(f64),
    /// A literal or hexadecimal string.
    String(Cow<'a, [u8]>),
    /// A name, without its `/`.
    Name(Cow<'a, [u8]>),
    /// An array (`TJ`'s operand).
    Array(Vec<Operand<'a>>),
    /// A dictionary (`BDC`'s inline property list).
    Dict(Vec<(Cow<'a, [u8]>, Operand<'a>)>),
    /// `true`, `false`, `null` and anything else not needed here.
    Other,
}

impl Operand<'_> {
    pub(crate) fn number(&self) -> Option<f64> {
        match self {
            Operand::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub(crate) fn name(&self) -> Option<&[u8]> {
        match self {
            Operand::Name(n) => Some(n),
            _ => None,
        }
    }

    pub(crate) fn string(&self) -> Option<&[u8]> {
        match self {
            Operand::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value of `key` in a dictionary operand.
    pub(crate) fn dict_get(&self, key: &[u8]) -> Option<&Operand<'_>> {
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

/// One operation: an operator and the operands before it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Op<'a> {
    /// The operator keyword (`Tj`, `cm`, …).
    pub operator: &'a [u8],
    /// Its operands, in order.
    pub operands: Vec<Operand<'a>>,
}

/// Nesting limit for arrays and dictionaries in operands.
const MAX_DEPTH: usize = 32;
/// Operand count limit for one operator (a runaway stream of numbers).
const MAX_OPERANDS: usize = 4096;

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'\0')
}

fn is_delim(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// Iterates over the operations of a decoded content stream. Malformed
/// bytes are skipped; the iterator never fails.
pub(crate) struct Ops<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Ops<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Ops { data, pos: 0 }
    }

    fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if is_ws(b) {
                self.pos += 1;
            } else if b == b'%' {
                while let Some(c) = self.peek() {
                    if c == b'\n' || c == b'\r' {
                        break;
                    }
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    fn regular(&mut self) -> &'a [u8] {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if is_ws(b) || is_delim(b) {
                break;
            }
            self.pos += 1;
        }
        self.data.get(start..self.pos).unwrap_or_default()
    }

    /// Reads one token as an operand, or returns the operator keyword.
    fn token(&mut self, depth: usize) -> Option<Result<Operand<'a>, &'a [u8]>> {
        self.skip_ws();
        let b = self.peek()?;
        match b {
            b'/' => {
                self.pos += 1;
                let raw = self.regular();
                Some(Ok(Operand::Name(unescape_name(raw))))
            }
            b'(' => Some(Ok(Operand::String(self.literal()))),
            b'<' if self.data.get(self.pos + 1) == Some(&b'<') => {
                self.pos += 2;
                Some(Ok(self.dict(depth)))
            }
            b'<' => Some(Ok(Operand::String(Cow::Owned(self.hex())))),
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_ws();
                    match self.peek() {
                        None => break,
                        Some(b']') => {
                            self.pos += 1;
                            break;
                        }
                        _ => {}
                    }
                    if depth >= MAX_DEPTH {
                        self.pos += 1;
                        continue;
                    }
                    match self.token(depth + 1) {
                        Some(Ok(o)) => {
                            if items.len() < MAX_OPERANDS {
                                items.push(o);
                            }
                        }
                        Some(Err(_)) => {} // a stray keyword inside an array
                        None => break,
                    }
                }
                Some(Ok(Operand::Array(items)))
            }
            b']' | b'>' | b')' | b'{' | b'}' => {
                self.pos += 1;
                Some(Ok(Operand::Other))
            }
            _ => {
                let tok = self.regular();
                if tok.is_empty() {
                    self.pos += 1;
                    return Some(Ok(Operand::Other));
                }
                if let Some(n) = parse_number(tok) {
                    return Some(Ok(Operand::Number(n)));
                }
                match tok {
                    b"true" | b"false" | b"null" => Some(Ok(Operand::Other)),
                    _ => Some(Err(tok)),
                }
            }
        }
    }

    fn dict(&mut self, depth: usize) -> Operand<'a> {
        let mut entries = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                None => break,
                Some(b'>') => {
                    self.pos += 1;
                    if self.peek() == Some(b'>') {
                        self.pos += 1;
                    }
                    break;
                }
                Some(b'/') => {
                    self.pos += 1;
                    let key = unescape_name(self.regular());
                    if depth >= MAX_DEPTH {
                        continue;
                    }
                    match self.token(depth + 1) {
                        Some(Ok(v)) => entries.push((key, v)),
                        Some(Err(_)) => {}
                        None => break,
                    }
                }
                Some(_) => {
                    // not a key: skip one token
                    if depth >= MAX_DEPTH {
                        self.pos += 1;
                    } else if self.token(depth + 1).is_none() {
                        break;
                    }
                }
            }
        }
        Operand::Dict(entries)
    }

    /// A literal string (§7.3.4.2) starting at `(`.
    fn literal(&mut self) -> Cow<'a, [u8]> {
        self.pos += 1;
        let start = self.pos;
        // Fast path: no backslash before the balancing parenthesis.
        let mut depth = 1usize;
        let mut i = start;
        while let Some(&b) = self.data.get(i) {
            match b {
                b'\\' => break,
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos = i + 1;
                        return Cow::Borrowed(self.data.get(start..i).unwrap_or_default());
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let mut out = Vec::new();
        let mut depth = 1usize;
        while let Some(b) = self.peek() {
            self.pos += 1;
            match b {
                b'(' => {
                    depth += 1;
                    out.push(b);
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                    out.push(b);
                }
                b'\\' => {
                    let Some(e) = self.peek() else { break };
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
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
                            out.push((v & 0xFF) as u8);
                        }
                        other => out.push(other),
                    }
                }
                _ => out.push(b),
            }
        }
        Cow::Owned(out)
    }

    /// A hexadecimal string (§7.3.4.3) starting at `<`.
    fn hex(&mut self) -> Vec<u8> {
        self.pos += 1;
        let mut out = Vec::new();
        let mut hi: Option<u8> = None;
        while let Some(b) = self.peek() {
            self.pos += 1;
            let v = match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                b'>' => break,
                _ => continue,
            };
            match hi.take() {
                Some(h) => out.push(h << 4 | v),
                None => hi = Some(v),
            }
        }
        if let Some(h) = hi {
            out.push(h << 4);
        }
        out
    }

    /// Skips inline image data after `ID` up to the `EI` that ends it.
    fn skip_inline_image(&mut self) {
        // One whitespace byte follows ID.
        self.pos += 1;
        let data = self.data;
        let mut i = self.pos;
        while i + 1 < data.len() {
            if data.get(i) == Some(&b'E')
                && data.get(i + 1) == Some(&b'I')
                && i > 0
                && data.get(i - 1).is_some_and(|b| is_ws(*b))
                && data.get(i + 2).is_none_or(|b| is_ws(*b))
            {
                self.pos = i + 2;
                return;
            }
            i += 1;
        }
        self.pos = data.len();
    }
}

impl<'a> Iterator for Ops<'a> {
    type Item = Op<'a>;

    fn next(&mut self) -> Option<Op<'a>> {
        let mut operands = Vec::new();
        loop {
            match self.token(0)? {
                Ok(o) => {
                    if operands.len() < MAX_OPERANDS {
                        operands.push(o);
                    }
                }
                Err(operator) => {
                    if operator == b"ID" {
                        self.skip_inline_image();
                        operands.clear();
                        continue;
                    }
                    return Some(Op { operator, operands });
                }
            }
        }
    }
}

fn unescape_name(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'#') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'#'
            && let Some(h) = raw.get(i + 1..i + 3)
            && let Ok(s) = std::str::from_utf8(h)
            && let Ok(v) = u8::from_str_radix(s, 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// A PDF number (§7.3.3), tolerant of the usual malformations (`--5`, `1.2.3`).
pub(crate) fn parse_number(tok: &[u8]) -> Option<f64> {
    let first = *tok.first()?;
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.')) {
        return None;
    }
    // Fast path for plain integers.
    let mut neg = false;
    let mut digits = tok;
    while let Some((&s, rest)) = digits.split_first() {
        if s == b'-' {
            neg = !neg;
        } else if s != b'+' {
            break;
        }
        digits = rest;
    }
    let mut int: f64 = 0.0;
    let mut frac_scale: f64 = 0.0;
    let mut seen_digit = false;
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                seen_digit = true;
                int = int * 10.0 + f64::from(b - b'0');
                if frac_scale != 0.0 {
                    frac_scale *= 10.0;
                }
            }
            b'.' if frac_scale == 0.0 => frac_scale = 1.0,
            b'.' => break, // a second point ends the number
            b'e' | b'E' if seen_digit => break,
            _ => return None,
        }
    }
    if !seen_digit {
        return if digits == b"." || digits.is_empty() {
            Some(0.0)
        } else {
            None
        };
    }
    let v = if frac_scale > 1.0 {
        int / frac_scale
    } else {
        int
    };
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(s: &[u8]) -> Vec<Op<'_>> {
        Ops::new(s).collect()
    }

    #[test]
    fn operators_and_operands() {
        let v = ops(b"BT /F1 12 Tf 72.5 -7 Td (Hello) Tj ET");
        let names: Vec<&[u8]> = v.iter().map(|o| o.operator).collect();
        assert_eq!(names, [&b"BT"[..], b"Tf", b"Td", b"Tj", b"ET"]);
        assert_eq!(
            v[1].operands,
            vec![Operand::Name(Cow::Borrowed(b"F1")), Operand::Number(12.0)]
        );
        assert_eq!(
            v[2].operands,
            vec![Operand::Number(72.5), Operand::Number(-7.0)]
        );
        assert_eq!(v[3].operands[0].string(), Some(&b"Hello"[..]));
    }

    #[test]
    fn strings_escapes_and_hex() {
        let v = ops(b"(a\\(b\\)c\\101\\\nd (nested)) Tj <48 65 6C6c 6> Tj");
        assert_eq!(v[0].operands[0].string(), Some(&b"a(b)cAd (nested)"[..]));
        assert_eq!(v[1].operands[0].string(), Some(&b"Hell`"[..]));
    }

    #[test]
    fn tj_array_and_bdc_dict() {
        let v = ops(b"[(A) -120 (B)] TJ /Span <</ActualText (fi) /MCID 3>> BDC EMC");
        assert_eq!(
            v[0].operands[0],
            Operand::Array(vec![
                Operand::String(Cow::Borrowed(b"A")),
                Operand::Number(-120.0),
                Operand::String(Cow::Borrowed(b"B"))
            ])
        );
        assert_eq!(v[1].operator, b"BDC");
        assert_eq!(
            v[1].operands[1]
                .dict_get(b"ActualText")
                .and_then(Operand::string),
            Some(&b"fi"[..])
        );
        assert_eq!(v[2].operator, b"EMC");
    }

    #[test]
    fn inline_image_is_skipped() {
        let v = ops(b"BI /W 2 /H 1 /BPC 8 /CS /G ID \x00EI\xffx EI Q (t) Tj");
        let names: Vec<&[u8]> = v.iter().map(|o| o.operator).collect();
        assert_eq!(names, [&b"BI"[..], b"Q", b"Tj"]);
    }

    #[test]
    fn names_comments_and_numbers() {
        let v = ops(b"/A#20B Do % comment ) ( \n .5 -.25 +3 1.2.3 --4 cm");
        assert_eq!(v[0].operands[0].name(), Some(&b"A B"[..]));
        let nums: Vec<f64> = v[1].operands.iter().filter_map(Operand::number).collect();
        assert_eq!(nums, vec![0.5, -0.25, 3.0, 1.2, 4.0]);
    }

    #[test]
    fn garbage_never_panics_or_loops() {
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
            b"/",
        ] {
            let _ = ops(input);
        }
        let deep = vec![b'['; 10_000];
        assert_eq!(ops(&deep).len(), 0);
        let dicts = b"<< 1 ".repeat(10_000);
        assert_eq!(ops(&dicts).len(), 0);
    }
}
