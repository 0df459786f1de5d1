//! The CMap parser (Adobe #5014 §5 and #5099; ISO 32000-1 9.10.3): the
//! header entries, the `begin…`/`end…` sections and their entries, fed to
//! the [`Builder`].

use std::borrow::Cow;

use super::CMap;
use super::builder::Builder;
use super::types::{Code, CodespaceRange, Limits, WarningKind, code_of, max_code};
use crate::ps::{Lexer, Token};

const SECTIONS: [&str; 7] = [
    "begincodespacerange",
    "begincidrange",
    "begincidchar",
    "beginnotdefrange",
    "beginnotdefchar",
    "beginbfrange",
    "beginbfchar",
];

/// What the parser is inside of.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Codespace,
    CidRange,
    CidChar,
    NotdefRange,
    NotdefChar,
    BfRange,
    BfChar,
}

impl Section {
    fn from_keyword(k: &[u8]) -> Option<(Section, &'static str)> {
        let s = match k {
            b"begincodespacerange" => Section::Codespace,
            b"begincidrange" => Section::CidRange,
            b"begincidchar" => Section::CidChar,
            b"beginnotdefrange" => Section::NotdefRange,
            b"beginnotdefchar" => Section::NotdefChar,
            b"beginbfrange" => Section::BfRange,
            b"beginbfchar" => Section::BfChar,
            _ => return None,
        };
        let name = SECTIONS.iter().copied().find(|n| n.as_bytes() == k)?;
        Some((s, name))
    }
    /// How many operands one entry has.
    fn arity(self) -> usize {
        match self {
            Section::Codespace | Section::CidChar | Section::NotdefChar | Section::BfChar => 2,
            _ => 3,
        }
    }
}

/// What the CMap being parsed is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// An `/Encoding` CMap, a predefined one, or not known.
    Any,
    /// A font's `/ToUnicode` CMap: `cid` sections are read as `bf` sections.
    ToUnicode,
}

/// An operand inside a section: a hex string, an integer, a name or an array.
#[derive(Debug)]
enum Operand<'a> {
    Hex(Vec<u8>),
    Int(i64),
    Name(&'a [u8]),
    Array(Vec<Operand<'a>>),
}

/// Parses CMap bytes into a [`CMap`] (the work behind [`CMap::parse`]).
pub(crate) fn parse(
    bytes: &[u8],
    limits: &Limits,
    explicit_parent: Option<&CMap>,
    role: Role,
) -> Result<CMap, crate::Error> {
    let mut lx = Lexer::new(bytes);
    let mut b = Builder::new();
    let (mut name, mut registry, mut ordering, mut usecmap) = (None, None, None, None);
    let mut wmode = 0u8;
    let mut prev: Option<Token<'_>> = None;
    let mut seen_structure = false;
    let mut pending: Option<Token<'_>> = None;
    let mut scratch = Scratch::default();
    while let Some(tok) = pending.take().or_else(|| lx.next_token()) {
        match &tok {
            Token::Keyword(k) => {
                if let Some((section, sname)) = Section::from_keyword(k) {
                    seen_structure = true;
                    let section = match (role, section) {
                        (Role::ToUnicode, Section::CidRange | Section::CidChar) => {
                            let (bf, bf_name) = if section == Section::CidRange {
                                (Section::BfRange, "beginbfrange")
                            } else {
                                (Section::BfChar, "beginbfchar")
                            };
                            b.warn(
                                WarningKind::Section,
                                format_args!("{sname} in a ToUnicode CMap read as {bf_name}"),
                                Some(lx.offset()),
                            );
                            CidAsBf::Yes(bf)
                        }
                        _ => CidAsBf::No(section),
                    };
                    pending = read_section(&mut lx, &mut b, section, sname, limits, &mut scratch);
                    prev = None;
                    continue;
                }
                match *k {
                    b"usecmap" => {
                        if let Some(Token::Name(n)) = &prev {
                            usecmap = Some(String::from_utf8_lossy(n).into_owned());
                            seen_structure = true;
                        }
                    }
                    b"begincmap" | b"endcmap" => seen_structure = true,
                    _ => {}
                }
            }
            Token::Int(v) if prev == Some(Token::Name(b"WMode")) => {
                wmode = u8::from(*v == 1);
            }
            Token::Str(s) => match prev {
                Some(Token::Name(b"Registry")) => {
                    registry = Some(String::from_utf8_lossy(s).into_owned())
                }
                Some(Token::Name(b"Ordering")) => {
                    ordering = Some(String::from_utf8_lossy(s).into_owned())
                }
                _ => {}
            },
            Token::Name(n) if prev == Some(Token::Name(b"CMapName")) => {
                name = Some(String::from_utf8_lossy(n).into_owned());
            }
            _ => {}
        }
        prev = Some(tok);
    }
    if !seen_structure && explicit_parent.is_none() {
        return Err(crate::Error::NotACMap);
    }
    b.keep_codespace = usecmap.is_some() && !limits.resolve_usecmap;
    if let Some(parent) = explicit_parent {
        b.inherit(parent);
        if usecmap.is_none() {
            usecmap = parent.name.clone();
        }
    } else if limits.resolve_usecmap
        && let Some(parent_name) = &usecmap
    {
        match crate::predefined::get(parent_name) {
            Some(parent) => b.inherit(parent),
            None => b.warn(
                WarningKind::UseCMap,
                format_args!("unknown CMap `{parent_name}` ignored"),
                None,
            ),
        }
    }
    b.set_meta(name, registry, ordering, wmode, usecmap);
    Ok(b.finish())
}

/// Reads one section's entries up to its `end…` keyword. Returns a token that
/// ended the section early (another `begin…`, `endcmap`) for the caller.
/// A section as read: as its keyword says, or a `cid` section of a
/// ToUnicode CMap read as the `bf` section given.
#[derive(Clone, Copy)]
enum CidAsBf {
    No(Section),
    Yes(Section),
}

fn read_section<'a>(
    lx: &mut Lexer<'a>,
    b: &mut Builder,
    section: CidAsBf,
    sname: &'static str,
    limits: &Limits,
    scratch: &mut Scratch,
) -> Option<Token<'a>> {
    let (section, cid_as_bf) = match section {
        CidAsBf::No(s) => (s, false),
        CidAsBf::Yes(s) => (s, true),
    };
    let mut ops: Vec<Operand<'a>> = Vec::with_capacity(3);
    let mut entry_offset = lx.offset();
    loop {
        let offset = lx.offset();
        let Some(tok) = lx.next_token() else {
            unterminated(b, sname, offset);
            return None;
        };
        let op = match tok {
            Token::Keyword(k)
                if k.starts_with(b"end") && !k.starts_with(b"endcmap") && k != b"end" =>
            {
                if !ops.is_empty() {
                    bad_entry(b, sname, entry_offset);
                }
                return None;
            }
            Token::Keyword(k)
                if k.starts_with(b"begin") || k == b"endcmap" || k == b"end" || k == b"usecmap" =>
            {
                unterminated(b, sname, offset);
                return Some(Token::Keyword(k));
            }
            Token::Hex(h) => Operand::Hex(h),
            Token::Int(i) => Operand::Int(i),
            Token::Name(n) => Operand::Name(n),
            Token::ArrayOpen => Operand::Array(read_array(lx, limits)),
            _ => {
                bad_entry(b, sname, offset);
                continue;
            }
        };
        if ops.is_empty() {
            entry_offset = offset;
        }
        ops.push(op);
        if ops.len() == section.arity() {
            if !b.count_entry(limits) {
                ops.clear();
                continue;
            }
            if cid_as_bf && let Some(last) = ops.last_mut() {
                code_point_destination(last);
            }
            if !apply_entry(b, section, &ops, limits, entry_offset, scratch) {
                bad_entry(b, sname, entry_offset);
            }
            ops.clear();
        }
    }
}

/// A `cid` destination (an integer) read as a `bf` one: the code point's
/// UTF-16BE bytes. Other operands stay as they are (a string is a `bf`
/// destination already); an integer that is no code point stays an integer,
/// which no `bf` entry takes.
fn code_point_destination(op: &mut Operand<'_>) {
    if let Operand::Array(items) = op {
        items.iter_mut().for_each(code_point_destination);
    } else if let Operand::Int(v) = op
        && let Some(c) = u32::try_from(*v).ok().and_then(char::from_u32)
    {
        let mut units = [0u16; 2];
        let bytes = c
            .encode_utf16(&mut units)
            .iter()
            .flat_map(|u| u.to_be_bytes())
            .collect();
        *op = Operand::Hex(bytes);
    }
}

fn unterminated(b: &mut Builder, section: &str, offset: usize) {
    let message = format_args!("{section} not terminated, closed");
    b.warn(WarningKind::Section, message, Some(offset));
}

fn bad_entry(b: &mut Builder, section: &str, offset: usize) {
    let message = format_args!("malformed entry in {section} skipped");
    b.warn(WarningKind::Entry, message, Some(offset));
}

fn bad_utf16(b: &mut Builder, offset: usize) {
    let message = format_args!("invalid UTF-16BE, undecodable bytes dropped");
    b.warn(WarningKind::Destination, message, Some(offset));
}

fn read_array<'a>(lx: &mut Lexer<'a>, limits: &Limits) -> Vec<Operand<'a>> {
    let mut items = Vec::new();
    while let Some(tok) = lx.next_token() {
        let op = match tok {
            Token::ArrayClose => break,
            Token::Hex(h) => Operand::Hex(h),
            Token::Name(n) => Operand::Name(n),
            Token::Int(i) => Operand::Int(i),
            Token::Keyword(k) if k.starts_with(b"end") || k.starts_with(b"begin") => break,
            _ => continue,
        };
        if items.len() < limits.max_array_items {
            items.push(op);
        }
    }
    items
}

/// The UTF-16BE bytes of a `bf` destination operand.
fn destination<'o>(op: &'o Operand<'_>) -> Option<Cow<'o, [u8]>> {
    match op {
        Operand::Hex(h) => Some(Cow::Borrowed(h)),
        Operand::Name(n) => {
            let name = std::str::from_utf8(n).ok()?;
            let s = crate::encoding::glyph_name_to_unicode(name)?;
            let units: Vec<u8> = s.encode_utf16().flat_map(u16::to_be_bytes).collect();
            Some(Cow::Owned(units))
        }
        _ => None,
    }
}

/// Buffers reused from entry to entry: a `bfrange` maps each of its codes,
/// and a fresh string per code was most of the cost of parsing a large
/// ToUnicode CMap.
#[derive(Default)]
struct Scratch {
    /// A destination's text.
    text: String,
    /// A `bfrange` destination plus the code's offset in the range.
    bytes: Vec<u8>,
}

/// Applies one complete entry; false when it is malformed.
fn apply_entry(
    b: &mut Builder,
    section: Section,
    ops: &[Operand<'_>],
    limits: &Limits,
    offset: usize,
    scratch: &mut Scratch,
) -> bool {
    let hex = |i: usize| match ops.get(i) {
        Some(Operand::Hex(h)) => code_of(h),
        _ => None,
    };
    let int = |i: usize| match ops.get(i) {
        Some(Operand::Int(v)) => u32::try_from(*v).ok(),
        _ => None,
    };
    match section {
        Section::Codespace => {
            let (Some((low, len)), Some((high, hlen))) = (hex(0), hex(1)) else {
                return false;
            };
            if len != hlen {
                return false;
            }
            b.codespace(CodespaceRange { low, high, len });
        }
        Section::CidRange | Section::NotdefRange => {
            let (Some((low, len)), Some((high, _)), Some(cid)) = (hex(0), hex(1), int(2)) else {
                return false;
            };
            let high = high.min(max_code(len));
            if high < low {
                return false;
            }
            if section == Section::CidRange {
                b.cid_range(len, low, high, cid);
            } else {
                b.notdef_range(len, low, high, cid);
            }
        }
        Section::CidChar | Section::NotdefChar => {
            let (Some((code, len)), Some(cid)) = (hex(0), int(1)) else {
                return false;
            };
            if section == Section::CidChar {
                b.cid_range(len, code, code, cid);
            } else {
                b.notdef_range(len, code, code, cid);
            }
        }
        Section::BfChar => {
            let Some((code, len)) = hex(0) else {
                return false;
            };
            let Some(dst) = ops.get(1).and_then(destination) else {
                return false;
            };
            let s = &mut scratch.text;
            let ok = utf16be(&dst, s);
            if !ok {
                bad_utf16(b, offset);
            }
            if ok || !s.is_empty() {
                b.unicode(Code::new(code, len), s, limits);
            }
        }
        Section::BfRange => {
            let (Some((low, len)), Some((high, _))) = (hex(0), hex(1)) else {
                return false;
            };
            // A high code longer than the low one is cut to the low code's length.
            let high = high.min(max_code(len));
            if high < low {
                return false;
            }
            match ops.get(2) {
                Some(Operand::Array(items)) => {
                    for (k, item) in items.iter().enumerate() {
                        let Ok(k) = u32::try_from(k) else { break };
                        let Some(code) = low.checked_add(k).filter(|&c| c <= high) else {
                            break;
                        };
                        let Some(dst) = destination(item) else {
                            continue;
                        };
                        let s = &mut scratch.text;
                        let ok = utf16be(&dst, s);
                        if !ok {
                            bad_utf16(b, offset);
                            if s.is_empty() {
                                continue;
                            }
                        }
                        if !b.unicode(Code::new(code, len), s, limits) {
                            break;
                        }
                    }
                }
                Some(op) => {
                    let Some(dst) = destination(op) else {
                        return false;
                    };
                    let mut warned = false;
                    for k in 0..=(high - low) {
                        add_be(&dst, k, &mut scratch.bytes);
                        let s = &mut scratch.text;
                        let ok = utf16be(&scratch.bytes, s);
                        if !ok && !warned {
                            warned = true;
                            bad_utf16(b, offset);
                        }
                        if !ok && s.is_empty() {
                            continue;
                        }
                        if !b.unicode(Code::new(low + k, len), s, limits) {
                            break;
                        }
                    }
                }
                None => return false,
            }
        }
    }
    true
}

/// Decodes a UTF-16BE destination into `out` (cleared first); a lone byte
/// is taken as a code point. Unpaired surrogates are dropped (the result
/// turns false): a lone surrogate is no text, and U+FFFD in the output would
/// hide that from fallbacks.
fn utf16be(bytes: &[u8], out: &mut String) -> bool {
    out.clear();
    if let [b] = bytes {
        out.push(char::from(*b));
        return true;
    }
    let units = bytes.chunks_exact(2).map(|p| match p {
        [hi, lo] => u16::from_be_bytes([*hi, *lo]),
        _ => 0,
    });
    let mut ok = bytes.len().is_multiple_of(2);
    out.extend(char::decode_utf16(units).filter_map(|r| {
        ok &= r.is_ok();
        r.ok()
    }));
    ok
}

/// `bytes` plus `k` into `out`, as a big-endian number carrying into
/// earlier bytes.
fn add_be(bytes: &[u8], k: u32, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(bytes);
    let mut carry = u64::from(k);
    for b in out.iter_mut().rev() {
        if carry == 0 {
            break;
        }
        let s = u64::from(*b) + (carry & 0xff);
        *b = (s & 0xff) as u8;
        carry = (carry >> 8) + (s >> 8);
    }
}
