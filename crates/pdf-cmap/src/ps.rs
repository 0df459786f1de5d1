//! The PostScript tokens a CMap file is made of (Adobe #5014, section 5, and
//! the PostScript Language Reference, 3.2 "Syntax").
//!
//! Only what CMap files use: numbers, literal and hex strings, names,
//! executable names (keywords), arrays, dictionaries and procedures. Anything
//! else is skipped one byte at a time, never an error.

/// One token, borrowing from the input where it can.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Token<'a> {
    /// An integer (`123`, `-4`); reals are reported as [`Token::Real`].
    Int(i64),
    /// A real number; CMaps never need its value.
    Real,
    /// A hex string `<...>`, decoded; an odd last digit is padded with 0.
    Hex(Vec<u8>),
    /// A literal string `(...)`, raw bytes without the parentheses (escapes kept).
    Str(&'a [u8]),
    /// A literal name `/Name` without the slash.
    Name(&'a [u8]),
    /// An executable name such as `begincidrange` or `def`.
    Keyword(&'a [u8]),
    /// `[`
    ArrayOpen,
    /// `]`
    ArrayClose,
    /// `<<`, `>>`, `{`, `}`: structure the CMap parser does not need.
    Other,
}

/// A tokenizer over a byte slice.
pub(crate) struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
}

fn is_white(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\0')
}

fn is_delim(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Lexer { bytes, pos: 0 }
    }

    /// Byte offset of the next token (for warnings).
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_white_and_comments(&mut self) {
        while let Some(b) = self.peek() {
            if is_white(b) {
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

    fn regular_run(&mut self) -> &'a [u8] {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if is_white(b) || is_delim(b) {
                break;
            }
            self.pos += 1;
        }
        self.bytes.get(start..self.pos).unwrap_or_default()
    }

    /// The next token, or `None` at the end of the input.
    pub(crate) fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_white_and_comments();
        let b = self.peek()?;
        match b {
            b'[' => {
                self.pos += 1;
                Some(Token::ArrayOpen)
            }
            b']' => {
                self.pos += 1;
                Some(Token::ArrayClose)
            }
            b'{' | b'}' | b')' => {
                self.pos += 1;
                Some(Token::Other)
            }
            b'>' => {
                self.pos += 1;
                if self.peek() == Some(b'>') {
                    self.pos += 1;
                }
                Some(Token::Other)
            }
            b'<' => {
                self.pos += 1;
                if self.peek() == Some(b'<') {
                    self.pos += 1;
                    return Some(Token::Other);
                }
                Some(Token::Hex(self.hex_string()))
            }
            b'(' => {
                self.pos += 1;
                Some(Token::Str(self.literal_string()))
            }
            b'/' => {
                self.pos += 1;
                Some(Token::Name(self.regular_run()))
            }
            _ => {
                let run = self.regular_run();
                if run.is_empty() {
                    // A stray delimiter we do not model: skip it.
                    self.pos += 1;
                    return Some(Token::Other);
                }
                Some(number(run).unwrap_or(Token::Keyword(run)))
            }
        }
    }

    fn hex_string(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut high: Option<u8> = None;
        while let Some(b) = self.peek() {
            self.pos += 1;
            if b == b'>' {
                break;
            }
            if let Some(v) = hex_val(b) {
                match high.take() {
                    Some(h) => out.push(h << 4 | v),
                    None => high = Some(v),
                }
            } else if !is_white(b) {
                // Not a hex string after all (e.g. a stray `<`): stop here.
                self.pos -= 1;
                break;
            }
        }
        if let Some(h) = high {
            out.push(h << 4);
        }
        out
    }

    fn literal_string(&mut self) -> &'a [u8] {
        let start = self.pos;
        let mut depth = 1usize;
        while let Some(b) = self.peek() {
            match b {
                b'\\' => self.pos += 1,
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        let s = self.bytes.get(start..self.pos).unwrap_or_default();
                        self.pos += 1;
                        return s;
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        self.pos = self.pos.min(self.bytes.len());
        self.bytes.get(start..).unwrap_or_default()
    }
}

fn number(run: &[u8]) -> Option<Token<'static>> {
    let s = std::str::from_utf8(run).ok()?;
    if let Ok(i) = s.parse::<i64>() {
        return Some(Token::Int(i));
    }
    if s.parse::<f64>().is_ok() {
        return Some(Token::Real);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(src: &[u8]) -> Vec<Token<'_>> {
        let mut lx = Lexer::new(src);
        std::iter::from_fn(|| lx.next_token()).collect()
    }

    #[test]
    fn tokens_of_a_cmap_line() {
        let t = all(b"%!PS comment\n/CMapName /Foo-H def 1 begincodespacerange <00 8> <ff> endcodespacerange [<0041>] (a(b)c) << >> 1.5");
        assert_eq!(
            t,
            vec![
                Token::Name(b"CMapName"),
                Token::Name(b"Foo-H"),
                Token::Keyword(b"def"),
                Token::Int(1),
                Token::Keyword(b"begincodespacerange"),
                Token::Hex(vec![0x00, 0x80]),
                Token::Hex(vec![0xff]),
                Token::Keyword(b"endcodespacerange"),
                Token::ArrayOpen,
                Token::Hex(vec![0x00, 0x41]),
                Token::ArrayClose,
                Token::Str(b"a(b)c"),
                Token::Other,
                Token::Other,
                Token::Real,
            ]
        );
    }

    #[test]
    fn unterminated_things_end_quietly() {
        assert_eq!(all(b"<12"), vec![Token::Hex(vec![0x12])]);
        assert_eq!(all(b"(abc"), vec![Token::Str(b"abc")]);
        assert_eq!(all(b"% only a comment"), vec![]);
        assert_eq!(all(b"<zz>").len(), 3);
    }
}
