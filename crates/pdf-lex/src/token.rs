//! The token grammar (ISO 32000-1 §7.2 lexical conventions, §7.3.2–7.3.5
//! objects) as `nom` parsers over `&[u8]`.
//!
//! Every parser here is a plain function `&[u8] -> IResult<&[u8], O, ()>`
//! (the unit error: no allocation, no position bookkeeping on failure; the
//! caller knows where it started). Output borrows from the input where it
//! can: white space, comments, keywords and number tokens are slices, and a
//! name without `#xx` or a literal string without escapes, `\r` or nested
//! parentheses comes back as [`Cow::Borrowed`]. The hottest scanners use
//! three small helpers over nom's [`Input`] trait ([`span`], [`span1`],
//! [`byte`]) instead of `take_while`/`char`, for speed (see [`span`]). The
//! object structure (arrays, dictionaries, references, indirect objects,
//! streams) and its recovery rules are in `lexer.rs`, which drives these
//! parsers.

use std::borrow::Cow;

use nom::branch::alt;
use nom::bytes::complete::{take_till1, take_while_m_n};
use nom::character::complete::{char, digit0, digit1};
use nom::combinator::{map, not, opt, recognize, value, verify};
use nom::error::ErrorKind;
use nom::multi::fold_many0;
use nom::number::complete::be_u8;
use nom::sequence::{pair, preceded, terminated};
use nom::{IResult, Input, Parser};

use crate::object::Object;

/// The result of a token parser: the unit error carries nothing.
pub(crate) type PResult<'a, O> = IResult<&'a [u8], O, ()>;

/// The class of every byte: white space (§7.2.2, Table 1), delimiter
/// (Table 2) or regular. A table, because the scanners ask for every byte.
static CLASS: [u8; 256] = {
    let mut t = [REGULAR; 256];
    let ws = b" \n\r\t\x0c\0";
    let mut i = 0;
    while i < ws.len() {
        t[ws[i] as usize] = WS;
        i += 1;
    }
    let delims = b"()<>[]{}/%";
    let mut i = 0;
    while i < delims.len() {
        t[delims[i] as usize] = DELIM;
        i += 1;
    }
    t
};
const REGULAR: u8 = 0;
const WS: u8 = 1;
const DELIM: u8 = 2;

#[inline(always)]
fn class(b: u8) -> u8 {
    CLASS.get(usize::from(b)).copied().unwrap_or(REGULAR)
}

/// White-space characters (§7.2.2, Table 1).
#[inline(always)]
pub(crate) fn is_ws(b: u8) -> bool {
    class(b) == WS
}

/// Regular characters: neither white space nor delimiter.
#[inline(always)]
pub(crate) fn is_regular(b: u8) -> bool {
    class(b) == REGULAR
}

#[inline(always)]
fn is_eol(b: u8) -> bool {
    b == b'\r' || b == b'\n'
}

#[inline]
fn hex_val(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

/// `take_while` for complete input, through nom's
/// [`Input::split_at_position_complete`] as `nom::character::complete::digit0`
/// does: the result of `nom::bytes::complete::take_while`, but that one ends
/// in `<&[u8] as Input>::take_from`, which is not `#[inline]`, so without LTO
/// it costs a call per token (the measurements are in `docs/pdf-lex.md`,
/// Decisions).
#[inline(always)]
fn span<'a>(i: &'a [u8], pred: impl Fn(u8) -> bool) -> PResult<'a, &'a [u8]> {
    i.split_at_position_complete(|b| !pred(b))
}

/// [`span`], non-empty: `take_while1`.
#[inline(always)]
fn span1<'a>(i: &'a [u8], pred: impl Fn(u8) -> bool) -> PResult<'a, &'a [u8]> {
    i.split_at_position1_complete(|b| !pred(b), ErrorKind::TakeWhile1)
}

/// The byte `c`: `nom::character::complete::char` for bytes, split with
/// the inlined [`Input::take_split`].
#[inline(always)]
fn byte(i: &[u8], c: u8) -> PResult<'_, u8> {
    match i.first() {
        Some(&b) if b == c => Ok((i.take_split(1).0, b)),
        _ => Err(nom::Err::Error(())),
    }
}

/// One or more white-space bytes.
#[inline]
pub(crate) fn ws1(i: &[u8]) -> PResult<'_, &[u8]> {
    span1(i, is_ws)
}

/// A comment (§7.2.4): `%` up to, not including, the end-of-line marker.
#[inline]
pub(crate) fn comment(i: &[u8]) -> PResult<'_, &[u8]> {
    recognize(preceded(|i| byte(i, b'%'), |i| span(i, |b| !is_eol(b)))).parse(i)
}

/// Any white space and comments, possibly none (§7.2.2–7.2.4).
/// (The hottest parser: one white-space run, then a loop only on `%`.)
#[inline(always)]
pub(crate) fn skip_ws(i: &[u8]) -> PResult<'_, ()> {
    let (mut i, _) = span(i, is_ws)?;
    while let Ok((rest, _)) = comment(i) {
        (i, _) = span(rest, is_ws)?;
    }
    Ok((i, ()))
}

/// A run of regular characters, possibly empty: a keyword, a number token.
#[inline]
pub(crate) fn regular_run(i: &[u8]) -> PResult<'_, &[u8]> {
    span(i, is_regular)
}

/// A keyword: a non-empty run of regular characters (`obj`, `Tj`, `true`).
#[inline]
pub(crate) fn keyword(i: &[u8]) -> PResult<'_, &[u8]> {
    span1(i, is_regular)
}

/// An unsigned decimal integer. Like the hand-written lexer before it, an
/// integer too large for `u64` stops before the digit that overflows it:
/// the `usize` says how many digits were taken (all of them on success).
#[inline]
pub(crate) fn uint(i: &[u8]) -> PResult<'_, (Option<u64>, usize)> {
    map(digit1, |d: &[u8]| {
        let mut v: u64 = 0;
        for (k, &b) in d.iter().enumerate() {
            match v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
            {
                Some(n) => v = n,
                None => return (None, k),
            }
        }
        (Some(v), d.len())
    })
    .parse(i)
}

/// Signs before a number: any mix of `+` and `-` (`--5` is 5, as Acrobat
/// reads it); `true` when the number is negative.
#[inline]
fn signs(i: &[u8]) -> PResult<'_, bool> {
    let (rest, s) = span(i, |b| b == b'+' || b == b'-')?;
    Ok((rest, s.iter().filter(|&&b| b == b'-').count() % 2 == 1))
}

/// A number (§7.3.3): signs, digits, and an optional `.` with digits
/// (`42`, `-17`, `.5`, `-.002`, `4.`). It never fails: the caller gives it a
/// whole number token and ignores what it leaves (`1.2.3` is 1.2, `-` is 0).
/// An integer beyond `i64` becomes a real.
#[inline]
pub(crate) fn number(i: &[u8]) -> PResult<'_, Object> {
    map(
        (signs, digit0, opt(preceded(|i| byte(i, b'.'), digit0))),
        |(neg, int, frac)| number_value(neg, int, frac),
    )
    .parse(i)
}

/// The value of a number's parts, computed as the hand-written lexer did
/// (the same float operations in the same order, so output is unchanged).
#[inline]
fn number_value(neg: bool, int_digits: &[u8], frac: Option<&[u8]>) -> Object {
    let mut int: i64 = 0;
    let mut overflow = false;
    let mut real = 0.0f64;
    for &c in int_digits {
        let d = c - b'0';
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
    let is_real = frac.is_some();
    let mut scale = 1.0f64;
    for &c in frac.unwrap_or(&[]) {
        scale /= 10.0;
        real += f64::from(c - b'0') * scale;
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

/// `#xx` in a name: the byte it stands for.
#[inline]
fn name_escape(i: &[u8]) -> PResult<'_, u8> {
    preceded(
        char('#'),
        map(
            take_while_m_n(2, 2, |b: u8| b.is_ascii_hexdigit()),
            |h: &[u8]| h.iter().fold(0u8, |v, &d| v << 4 | hex_val(d)),
        ),
    )
    .parse(i)
}

/// A name after its `/` (§7.3.5): regular characters with `#xx` escapes;
/// a `#` not followed by two hex digits stays as it is. Borrowed unless it
/// contains a `#`.
#[inline]
pub(crate) fn name_body(i: &[u8]) -> PResult<'_, Cow<'_, [u8]>> {
    let (rest, raw) = regular_run(i)?;
    if memchr::memchr(b'#', raw).is_none() {
        return Ok((rest, Cow::Borrowed(raw)));
    }
    let (_, out) = fold_many0(
        alt((
            map(name_escape, Piece::Byte),
            map(take_till1(|b| b == b'#'), Piece::Run),
            map(take_while_m_n(1, 1, |b| b == b'#'), Piece::Run),
        )),
        || Vec::with_capacity(raw.len()),
        |mut out, p| {
            p.push_to(&mut out);
            out
        },
    )
    .parse(raw)?;
    Ok((rest, Cow::Owned(out)))
}

/// A piece of a literal string or a name.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Piece<'a> {
    /// Bytes as written.
    Run(&'a [u8]),
    /// One byte (an escape, an end-of-line marker).
    Byte(u8),
    /// An unescaped `(`.
    Open,
    /// An unescaped `)`.
    Close,
    /// Nothing (backslash + end of line: a line continuation).
    Nothing,
}

impl Piece<'_> {
    fn push_to(self, out: &mut Vec<u8>) {
        match self {
            Piece::Run(s) => out.extend_from_slice(s),
            Piece::Byte(b) => out.push(b),
            Piece::Open => out.push(b'('),
            Piece::Close => out.push(b')'),
            Piece::Nothing => {}
        }
    }
}

/// An end-of-line marker: CR LF, LF or CR (§7.2.3).
#[inline]
pub(crate) fn eol(i: &[u8]) -> PResult<'_, &[u8]> {
    alt((
        recognize(pair(char('\r'), opt(char('\n')))),
        recognize(char('\n')),
    ))
    .parse(i)
}

/// What follows a backslash in a literal string (§7.3.4.2, Table 3):
/// `n r t b f ( ) \`, one to three octal digits (high bits beyond a byte
/// dropped), an end-of-line marker (a continuation, nothing), or any other
/// byte, which stands for itself.
#[inline]
fn escape(i: &[u8]) -> PResult<'_, Piece<'_>> {
    alt((
        map(
            take_while_m_n(1, 3, |b| matches!(b, b'0'..=b'7')),
            |d: &[u8]| Piece::Byte(d.iter().fold(0u32, |v, &o| v * 8 + u32::from(o - b'0')) as u8),
        ),
        value(Piece::Nothing, eol),
        map(be_u8, |b| {
            Piece::Byte(match b {
                b'n' => b'\n',
                b'r' => b'\r',
                b't' => b'\t',
                b'b' => 0x08,
                b'f' => 0x0c,
                other => other,
            })
        }),
    ))
    .parse(i)
}

/// One piece of a literal string body.
#[inline]
fn string_piece(i: &[u8]) -> PResult<'_, Piece<'_>> {
    alt((
        map(
            take_till1(|b| matches!(b, b'(' | b')' | b'\\' | b'\r')),
            Piece::Run,
        ),
        value(Piece::Open, char('(')),
        value(Piece::Close, char(')')),
        // A bare end-of-line marker reads as LF (`\n` alone is in the run).
        value(Piece::Byte(b'\n'), eol),
        preceded(char('\\'), escape),
    ))
    .parse(i)
}

/// A literal string after its `(` (§7.3.4.2), through the balancing `)`.
/// Borrowed when it has no escape, no CR and no nested parentheses. Fails
/// when the data ends first.
#[inline]
pub(crate) fn literal_string_body(i: &[u8]) -> PResult<'_, Cow<'_, [u8]>> {
    let (rest, run) = span(i, |b| !matches!(b, b'(' | b')' | b'\\' | b'\r'))?;
    if let Ok((rest, _)) = byte(rest, b')') {
        return Ok((rest, Cow::Borrowed(run)));
    }
    // Balanced parentheses are counted, not recursed into: no stack depth.
    let mut out = run.to_vec();
    let mut depth = 1usize;
    let mut i = rest;
    loop {
        let (rest, piece) = string_piece(i)?;
        i = rest;
        match piece {
            Piece::Open => depth += 1,
            Piece::Close => {
                depth -= 1;
                if depth == 0 {
                    return Ok((i, Cow::Owned(out)));
                }
            }
            _ => {}
        }
        piece.push_to(&mut out);
    }
}

/// A hexadecimal string after its `<` (§7.3.4.3), through `>`: bytes other
/// than hex digits (white space, and junk) are ignored; an odd final digit
/// is followed by an assumed 0. Fails when there is no `>`.
#[inline]
pub(crate) fn hex_string_body(i: &[u8]) -> PResult<'_, Vec<u8>> {
    map(
        terminated(|i| span(i, |b| b != b'>'), |i| byte(i, b'>')),
        |body: &[u8]| {
            let mut out = Vec::with_capacity(body.len() / 2 + 1);
            let mut hi: Option<u8> = None;
            for &b in body {
                if b.is_ascii_hexdigit() {
                    let v = hex_val(b);
                    match hi.take() {
                        Some(h) => out.push(h << 4 | v),
                        None => hi = Some(v),
                    }
                }
            }
            if let Some(h) = hi {
                out.push(h << 4);
            }
            out
        },
    )
    .parse(i)
}

/// After an integer that may be an object number: white space, a generation
/// number (1–5 digits), white space or comments, and `R` not followed by a
/// regular character (§7.3.10). Gives the generation, saturated to `u16`.
#[inline]
pub(crate) fn reference_tail(i: &[u8]) -> PResult<'_, u16> {
    map(
        terminated(
            preceded(
                pair(ws1, skip_ws),
                verify(regular_run, |t: &[u8]| {
                    !t.is_empty() && t.len() <= 5 && t.iter().all(u8::is_ascii_digit)
                }),
            ),
            (
                skip_ws,
                |i| byte(i, b'R'),
                not(take_while_m_n(1, 1, is_regular)),
            ),
        ),
        |g: &[u8]| {
            let g = g.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
            u16::try_from(g).unwrap_or(u16::MAX)
        },
    )
    .parse(i)
}

/// The end-of-line marker after the `stream` keyword (§7.3.8.1): CR LF or
/// LF, a lone CR tolerated; nothing when there is none.
#[inline]
pub(crate) fn stream_eol(i: &[u8]) -> PResult<'_, Option<&[u8]>> {
    opt(eol).parse(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok<'a, O>(r: PResult<'a, O>) -> (&'a [u8], O) {
        r.unwrap()
    }

    #[test]
    fn white_space_and_comments() {
        for b in [b' ', b'\n', b'\r', b'\t', b'\x0c', b'\0'] {
            assert!(is_ws(b));
            assert!(!is_regular(b));
        }
        assert_eq!(ok(skip_ws(b" \t\r\n\x0c\0x")).0, b"x");
        assert_eq!(ok(skip_ws(b"% c1\r% c2\r\n  %c3\n/A")).0, b"/A");
        assert_eq!(ok(skip_ws(b"%no eol")).0, b"");
        assert_eq!(ok(skip_ws(b"abc")).0, b"abc");
        assert_eq!(ok(skip_ws(b"")).0, b"");
        // A comment stops before its end-of-line marker.
        assert_eq!(ok(comment(b"%x y\r\nz")), (&b"\r\nz"[..], &b"%x y"[..]));
        assert!(comment(b"x").is_err());
        assert_eq!(ok(eol(b"\r\nA")).0, b"A");
        assert_eq!(ok(eol(b"\rA")).0, b"A");
        assert_eq!(ok(eol(b"\n\nA")).0, b"\nA");
        assert!(eol(b"A").is_err());
    }

    #[test]
    fn keywords_and_runs() {
        assert_eq!(ok(keyword(b"endobj\n")), (&b"\n"[..], &b"endobj"[..]));
        assert_eq!(ok(keyword(b"Tj(")), (&b"("[..], &b"Tj"[..]));
        assert_eq!(ok(keyword(b"T*%c")), (&b"%c"[..], &b"T*"[..]));
        assert!(keyword(b"/A").is_err());
        assert!(keyword(b"").is_err());
        assert_eq!(ok(regular_run(b"<<")), (&b"<<"[..], &b""[..]));
        for d in b"()<>[]{}/%" {
            assert_eq!(class(*d), DELIM);
        }
    }

    #[test]
    fn unsigned_integers() {
        assert_eq!(ok(uint(b"0017 x")), (&b" x"[..], (Some(17), 4)));
        assert_eq!(ok(uint(b"18446744073709551615")).1, (Some(u64::MAX), 20));
        assert_eq!(ok(uint(b"18446744073709551616")).1, (None, 19));
        assert!(uint(b"-1").is_err());
        assert!(uint(b"").is_err());
    }

    fn num(s: &[u8]) -> Object {
        ok(number(s)).1
    }

    #[test]
    fn numbers() {
        assert_eq!(num(b"0"), Object::Int(0));
        assert_eq!(num(b"42"), Object::Int(42));
        assert_eq!(num(b"-17"), Object::Int(-17));
        assert_eq!(num(b"+3"), Object::Int(3));
        assert_eq!(num(b"-0"), Object::Int(0));
        assert_eq!(num(b".5"), Object::Real(0.5));
        assert_eq!(num(b"-.002"), Object::Real(-0.002));
        assert_eq!(num(b"4."), Object::Real(4.0));
        assert_eq!(num(b"34.5"), Object::Real(34.5));
        assert_eq!(num(b"+.0"), Object::Real(0.0));
        assert_eq!(num(b"."), Object::Real(0.0));
        // Tolerated malformations.
        assert_eq!(num(b"--5"), Object::Int(5));
        assert_eq!(num(b"-+-5"), Object::Int(5));
        assert_eq!(num(b"---5"), Object::Int(-5));
        assert_eq!(num(b"-"), Object::Int(0));
        // `1.2.3` reads as 1.2 (to within the rounding of the arithmetic
        // kept from the hand-written lexer), the rest left over.
        let (rest, n) = ok(number(b"1.2.3"));
        assert_eq!(rest, b".3");
        assert!(matches!(n, Object::Real(r) if (r - 1.2).abs() < 1e-12));
        assert_eq!(ok(number(b"12abc")), (&b"abc"[..], Object::Int(12)));
        assert_eq!(num(b"9223372036854775807"), Object::Int(i64::MAX));
        assert_eq!(num(b"-9223372036854775807"), Object::Int(-i64::MAX));
        assert_eq!(
            num(b"99999999999999999999"),
            Object::Real(99999999999999999999.0)
        );
        assert_eq!(num(b"-1e5"), Object::Int(-1));
    }

    fn name(s: &[u8]) -> Cow<'_, [u8]> {
        ok(name_body(s)).1
    }

    #[test]
    fn names() {
        assert!(matches!(name(b"Name1 "), Cow::Borrowed(b"Name1")));
        assert_eq!(ok(name_body(b"Type/Page")).0, b"/Page");
        assert_eq!(name(b"A#20B"), Cow::Borrowed(b"A B"));
        assert!(matches!(name(b"A#20B"), Cow::Owned(_)));
        assert_eq!(&*name(b"#2F#2f#41"), b"//A");
        assert_eq!(&*name(b"Lime#20Green"), b"Lime Green");
        assert_eq!(&*name(b"paired#28#29parentheses"), b"paired()parentheses");
        assert_eq!(&*name(b"The_Key_of_F#23_Minor"), b"The_Key_of_F#_Minor");
        // `#` without two hex digits stays literal.
        assert_eq!(&*name(b"#zz"), b"#zz");
        assert_eq!(&*name(b"a#4"), b"a#4");
        assert_eq!(&*name(b"a##41"), b"a#A");
        assert_eq!(&*name(b"#"), b"#");
        // The escape does not reach past the name.
        assert_eq!(
            ok(name_body(b"a#4 1")),
            (&b" 1"[..], Cow::Borrowed(&b"a#4"[..]))
        );
        assert_eq!(&*name(b""), b"");
        assert_eq!(&*name(b"(x)"), b"");
    }

    fn lit(s: &[u8]) -> Vec<u8> {
        let (rest, v) = ok(literal_string_body(s));
        assert_eq!(rest, b"!", "{:?}", String::from_utf8_lossy(s));
        v.into_owned()
    }

    #[test]
    fn literal_strings() {
        // Borrowed when nothing needs decoding.
        assert!(matches!(
            literal_string_body(b"plain text)!"),
            Ok((b"!", Cow::Borrowed(b"plain text")))
        ));
        assert_eq!(lit(b")!"), b"");
        // Every escape of Table 3.
        assert_eq!(lit(b"\\n)!"), b"\n");
        assert_eq!(lit(b"\\r)!"), b"\r");
        assert_eq!(lit(b"\\t)!"), b"\t");
        assert_eq!(lit(b"\\b)!"), b"\x08");
        assert_eq!(lit(b"\\f)!"), b"\x0c");
        assert_eq!(lit(b"\\()!"), b"(");
        assert_eq!(lit(b"\\))!"), b")");
        assert_eq!(lit(b"\\\\)!"), b"\\");
        // Octal: one, two, three digits; a fourth digit is text; overflow wraps.
        assert_eq!(lit(b"\\101\\1\\12\\0123)!"), b"A\x01\n\n3");
        assert_eq!(lit(b"\\53x)!"), b"+x");
        assert_eq!(lit(b"\\0)!"), b"\0");
        assert_eq!(lit(b"\\777)!"), b"\xff");
        assert_eq!(lit(b"\\400)!"), b"\0");
        assert_eq!(lit(b"\\8\\9)!"), b"89");
        // Unknown escapes: the backslash is dropped.
        assert_eq!(lit(b"\\q\\ )!"), b"q ");
        // Line continuations: backslash + CR LF, LF or CR.
        assert_eq!(lit(b"a\\\r\nb\\\nc\\\rd)!"), b"abcd");
        // Bare end-of-line markers read as LF.
        assert_eq!(lit(b"a\r\nb\rc\nd\n\re)!"), b"a\nb\nc\nd\n\ne");
        // Balanced parentheses.
        assert_eq!(lit(b"bal (anced (deep)) ok)!"), b"bal (anced (deep)) ok");
        assert_eq!(lit(b"(\\)))!"), b"())");
        // Unterminated.
        assert!(literal_string_body(b"open").is_err());
        assert!(literal_string_body(b"(open)").is_err());
        assert!(literal_string_body(b"end\\").is_err());
        assert!(literal_string_body(b"").is_err());
        // Deep nesting does not recurse.
        let mut deep = vec![b'('; 100_000];
        deep.extend(vec![b')'; 100_001]);
        deep.push(b'!');
        assert_eq!(lit(&deep).len(), 200_000);
    }

    #[test]
    fn hex_strings() {
        assert_eq!(
            ok(hex_string_body(b"48656c6C6f>!")),
            (&b"!"[..], b"Hello".to_vec())
        );
        assert_eq!(ok(hex_string_body(b"48 65\n6c\t6C\r\n6f>")).1, b"Hello");
        // An odd digit count: the last digit is followed by 0.
        assert_eq!(ok(hex_string_body(b"901FA>")).1, vec![0x90, 0x1f, 0xa0]);
        assert_eq!(ok(hex_string_body(b"7>")).1, vec![0x70]);
        assert_eq!(ok(hex_string_body(b"7 0>")).1, vec![0x70]);
        assert_eq!(ok(hex_string_body(b">")).1, Vec::<u8>::new());
        // Junk is ignored, as before.
        assert_eq!(ok(hex_string_body(b"4g1>")).1, vec![0x41]);
        assert!(hex_string_body(b"4142").is_err());
    }

    #[test]
    fn references() {
        assert_eq!(ok(reference_tail(b" 0 R/")), (&b"/"[..], 0));
        assert_eq!(ok(reference_tail(b" 12 %c\n R]")), (&b"]"[..], 12));
        assert_eq!(ok(reference_tail(b"\n99999 R")).1, u16::MAX);
        assert!(reference_tail(b" 0 RG").is_err());
        assert!(reference_tail(b"0 R").is_err());
        assert!(reference_tail(b" 123456 R").is_err());
        assert!(reference_tail(b" 1.0 R").is_err());
        assert!(reference_tail(b" 0 obj").is_err());
    }

    #[test]
    fn stream_eols() {
        assert_eq!(ok(stream_eol(b"\r\nx")).0, b"x");
        assert_eq!(ok(stream_eol(b"\nx")).0, b"x");
        assert_eq!(ok(stream_eol(b"\rx")).0, b"x");
        assert_eq!(ok(stream_eol(b"x")), (&b"x"[..], None));
    }
}
