//! The RTF tokenizer (RTF 1.9.1, "RTF Syntax"): groups, control words with
//! their optional signed parameter and delimiting space, control symbols,
//! `\'hh` bytes and runs of plain text. CR and LF are not text in RTF; they
//! end a text run and are dropped.

/// One token of RTF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    /// `{`.
    GroupStart,
    /// `}`.
    GroupEnd,
    /// `\name` or `\nameN`.
    Word {
        /// The letters.
        name: &'a [u8],
        /// The parameter, clamped to `i32`.
        param: Option<i32>,
    },
    /// `\` and one non-letter (`\~`, `\-`, `\_`, `\{`, `\*`, …).
    Symbol(u8),
    /// `\'hh`.
    Hex(u8),
    /// Plain text bytes (no CR, LF, `\`, `{` or `}`).
    Text(&'a [u8]),
}

/// A tokenizer over the bytes of a document.
pub(crate) struct Tokens<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Tokens<'a> {
        Tokens { data, pos: 0 }
    }

    /// The offset of the next token.
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }

    /// The next `n` bytes raw (after `\binN`); fewer when the input ends.
    pub(crate) fn take_raw(&mut self, n: usize) -> &'a [u8] {
        let end = self.pos.saturating_add(n).min(self.data.len());
        let raw = self.data.get(self.pos..end).unwrap_or_default();
        self.pos = end;
        raw
    }

    fn control(&mut self) -> Token<'a> {
        // self.pos is just past the backslash.
        let start = self.pos;
        let Some(&first) = self.data.get(start) else {
            return Token::Symbol(b'\\');
        };
        if !first.is_ascii_alphabetic() {
            self.pos += 1;
            if first == b'\'' {
                let hi = self.data.get(self.pos).and_then(|&b| hex_value(b));
                let lo = self.data.get(self.pos + 1).and_then(|&b| hex_value(b));
                if let (Some(h), Some(l)) = (hi, lo) {
                    self.pos += 2;
                    return Token::Hex(h << 4 | l);
                }
                // A malformed \' : the quote as a symbol, the rest as text.
                return Token::Symbol(b'\'');
            }
            return Token::Symbol(first);
        }
        let mut end = start;
        while end < self.data.len() && end - start < 32 && self.data[end].is_ascii_alphabetic() {
            end += 1;
        }
        let name = &self.data[start..end];
        let mut pos = end;
        let negative = self.data.get(pos) == Some(&b'-')
            && self.data.get(pos + 1).is_some_and(u8::is_ascii_digit);
        if negative {
            pos += 1;
        }
        let digits_start = pos;
        let mut value: i64 = 0;
        while pos < self.data.len() && pos - digits_start < 10 && self.data[pos].is_ascii_digit() {
            value = value * 10 + i64::from(self.data[pos] - b'0');
            pos += 1;
        }
        let param = (pos > digits_start).then(|| {
            let v = if negative { -value } else { value };
            v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
        });
        // A space delimits the control word and belongs to it.
        if self.data.get(pos) == Some(&b' ') {
            pos += 1;
        }
        self.pos = pos;
        Token::Word { name, param }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let &b = self.data.get(self.pos)?;
            match b {
                b'{' => {
                    self.pos += 1;
                    return Some(Token::GroupStart);
                }
                b'}' => {
                    self.pos += 1;
                    return Some(Token::GroupEnd);
                }
                b'\\' => {
                    self.pos += 1;
                    return Some(self.control());
                }
                b'\r' | b'\n' => {
                    self.pos += 1;
                    continue;
                }
                _ => {
                    let start = self.pos;
                    let rest = &self.data[start..];
                    let len = rest
                        .iter()
                        .position(|&c| matches!(c, b'{' | b'}' | b'\\' | b'\r' | b'\n'))
                        .unwrap_or(rest.len());
                    self.pos = start + len;
                    return Some(Token::Text(&rest[..len]));
                }
            }
        }
    }
}

/// The value of an ASCII hex digit.
pub(crate) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &[u8]) -> Vec<Token<'_>> {
        Tokens::new(s).collect()
    }

    #[test]
    fn words_symbols_hex_and_text() {
        assert_eq!(
            all(b"{\\rtf1\\ansi \\'e9t\\u-3913 ?\\~x\r\n}"),
            vec![
                Token::GroupStart,
                Token::Word {
                    name: b"rtf",
                    param: Some(1)
                },
                Token::Word {
                    name: b"ansi",
                    param: None
                },
                Token::Hex(0xE9),
                Token::Text(b"t"),
                Token::Word {
                    name: b"u",
                    param: Some(-3913)
                },
                Token::Text(b"?"),
                Token::Symbol(b'~'),
                Token::Text(b"x"),
                Token::GroupEnd,
            ]
        );
    }

    #[test]
    fn hostile_parameters_are_clamped_and_ends_are_safe() {
        assert_eq!(
            all(b"\\u99999999999999"),
            vec![
                Token::Word {
                    name: b"u",
                    param: Some(i32::MAX)
                },
                Token::Text(b"9999")
            ]
        );
        assert_eq!(all(b"\\"), vec![Token::Symbol(b'\\')]);
        assert_eq!(all(b"\\'4"), vec![Token::Symbol(b'\''), Token::Text(b"4")]);
        let mut t = Tokens::new(b"\\bin5 ab");
        assert_eq!(
            t.next(),
            Some(Token::Word {
                name: b"bin",
                param: Some(5)
            })
        );
        assert_eq!(t.take_raw(5), b"ab");
        assert_eq!(t.next(), None);
    }
}
