//! Content-stream tokens (ISO 32000-1 §7.8.2): operands followed by an
//! operator, with inline images (§8.9.7) as one operation.

use crate::lexer::{Item, Lexer, is_ws};
use crate::object::{Dict, Object};

/// One operation: the operands before an operator, and the operator.
#[derive(Debug, Clone, PartialEq)]
pub struct Operation<'a> {
    /// The operator keyword, such as `b"Tj"`; `b"BI"` for an inline image.
    pub operator: &'a [u8],
    /// The operands in order.
    pub operands: Vec<Object>,
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
}

/// At most this many operands are kept before an operator (the oldest half is dropped).
const MAX_OPERANDS: usize = 4096;

impl<'a> Operations<'a> {
    /// Tokenizes `data`, a decoded content stream.
    pub fn new(data: &'a [u8]) -> Self {
        let mut lx = Lexer::new(data, 0);
        lx.max_depth = 64;
        Self { lx }
    }

    /// The byte offset of the next token.
    pub fn offset(&self) -> usize {
        self.lx.pos
    }

    fn inline_image(&mut self) -> InlineImage<'a> {
        let mut dict = Dict::new();
        // Key/value pairs up to `ID`.
        loop {
            let before = self.lx.pos;
            match self.lx.parse_item(1, true) {
                Ok(Item::Obj(Object::Name(k))) => match self.lx.parse_item(1, true) {
                    Ok(Item::Obj(v)) => dict.insert(k, v),
                    Ok(Item::Keyword(b"ID")) => break,
                    Ok(Item::Keyword(_)) => {}
                    Err(_) => return InlineImage { dict, data: &[] },
                },
                Ok(Item::Keyword(b"ID")) => break,
                Ok(_) => {}
                Err(_) => return InlineImage { dict, data: &[] },
            }
            if self.lx.pos == before {
                self.lx.pos += 1;
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

    fn next(&mut self) -> Option<Operation<'a>> {
        let mut operands = Vec::new();
        loop {
            self.lx.skip_ws();
            self.lx.peek()?;
            let before = self.lx.pos;
            match self.lx.parse_item(0, true) {
                Ok(Item::Obj(o)) => {
                    if operands.len() >= MAX_OPERANDS {
                        operands.drain(..MAX_OPERANDS / 2);
                    }
                    operands.push(o);
                }
                Ok(Item::Keyword(k)) => {
                    if matches!(k, b")" | b">" | b"]" | b"}" | b"{") {
                        continue;
                    }
                    if k == b"BI" {
                        let img = self.inline_image();
                        return Some(Operation {
                            operator: k,
                            operands,
                            inline_image: Some(img),
                        });
                    }
                    return Some(Operation {
                        operator: k,
                        operands,
                        inline_image: None,
                    });
                }
                Err(_) => {
                    // Garbage (an unterminated string or dictionary): skip a byte.
                    self.lx.pos = before + 1;
                    operands.clear();
                }
            }
            if self.lx.pos == before {
                self.lx.pos += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(src: &[u8]) -> Vec<(Vec<u8>, Vec<Object>)> {
        Operations::new(src)
            .map(|o| (o.operator.to_vec(), o.operands))
            .collect()
    }

    #[test]
    fn operators_and_operands() {
        let v = ops(b"BT /F1 12 Tf 72 712 Td [(A) -120 (B)] TJ (x\\)y) Tj ET");
        assert_eq!(v.len(), 6);
        assert_eq!(v[1].0, b"Tf");
        assert_eq!(v[1].1, vec![Object::Name(b"F1".to_vec()), Object::Int(12)]);
        assert_eq!(v[3].1[0].as_array().unwrap().len(), 3);
        assert_eq!(v[4].1, vec![Object::String(b"x)y".to_vec())]);
        // No references in content streams: `0 0 R` is not a reference.
        assert_eq!(ops(b"1 0 0 RG")[0].1.len(), 3);
    }

    #[test]
    fn inline_image_without_length() {
        let src = b"q BI /W 2 /H 2 /BPC 8 /CS /G ID \x00EI\xffEIx\x01 EI Q BT (t) Tj ET";
        let all: Vec<_> = Operations::new(src).collect();
        assert_eq!(all[1].operator, b"BI");
        let img = all[1].inline_image.as_ref().unwrap();
        assert_eq!(img.dict.get(b"W"), Some(&Object::Int(2)));
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
        assert_eq!(v[0].0, b"q");
        assert_eq!(v[1].0, b"re");
        assert!(v.iter().all(|(op, _)| op != b")"));
    }
}
