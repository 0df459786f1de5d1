//! Data records (HWP 5.0 spec §4.1 "데이터 레코드"): a 32-bit header of tag
//! id (10 bits), level (10 bits) and size (12 bits; 0xFFF means a `u32`
//! size follows), then the payload.

use crate::bytes::u32_at;
use crate::error::{Warning, WarningKind};

/// `HWPTAG_BEGIN`: the first tag id of the spec's tables.
const BEGIN: u16 = 0x10;

/// Tag ids of DocInfo records (§4.2).
pub mod docinfo {
    use super::BEGIN;
    /// HWPTAG_DOCUMENT_PROPERTIES.
    pub const DOCUMENT_PROPERTIES: u16 = BEGIN;
    /// HWPTAG_BIN_DATA.
    pub const BIN_DATA: u16 = BEGIN + 2;
    /// HWPTAG_NUMBERING.
    pub const NUMBERING: u16 = BEGIN + 7;
    /// HWPTAG_BULLET.
    pub const BULLET: u16 = BEGIN + 8;
    /// HWPTAG_PARA_SHAPE.
    pub const PARA_SHAPE: u16 = BEGIN + 9;
    /// HWPTAG_DISTRIBUTE_DOC_DATA.
    pub const DISTRIBUTE_DOC_DATA: u16 = BEGIN + 12;
    /// HWPTAG_TRACK_CHANGE: one tracked change (kind, time, author).
    pub const TRACK_CHANGE: u16 = BEGIN + 80;
    /// HWPTAG_TRACK_CHANGE_AUTHOR: one author of tracked changes.
    pub const TRACK_CHANGE_AUTHOR: u16 = BEGIN + 81;
}

/// Tag ids of BodyText records (§4.3).
pub mod body {
    use super::BEGIN;
    /// HWPTAG_PARA_HEADER.
    pub const PARA_HEADER: u16 = BEGIN + 50;
    /// HWPTAG_PARA_TEXT.
    pub const PARA_TEXT: u16 = BEGIN + 51;
    /// HWPTAG_PARA_RANGE_TAG: (start, end, tag) triples over the paragraph text.
    pub const PARA_RANGE_TAG: u16 = BEGIN + 54;
    /// HWPTAG_CTRL_HEADER.
    pub const CTRL_HEADER: u16 = BEGIN + 55;
    /// HWPTAG_LIST_HEADER.
    pub const LIST_HEADER: u16 = BEGIN + 56;
    /// HWPTAG_FOOTNOTE_SHAPE.
    pub const FOOTNOTE_SHAPE: u16 = BEGIN + 58;
    /// HWPTAG_SHAPE_COMPONENT.
    pub const SHAPE_COMPONENT: u16 = BEGIN + 60;
    /// HWPTAG_TABLE.
    pub const TABLE: u16 = BEGIN + 61;
    /// HWPTAG_EQEDIT.
    pub const EQEDIT: u16 = BEGIN + 72;
    /// HWPTAG_MEMO_LIST: a memo (its `u32` index), then its LIST_HEADER and paragraphs.
    pub const MEMO_LIST: u16 = BEGIN + 77;
}

/// One record: where it is, what it is, its payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record<'a> {
    /// The tag id (10 bits).
    pub tag: u16,
    /// The nesting level (10 bits).
    pub level: u16,
    /// The payload (cut short when the stream ends early).
    pub data: &'a [u8],
    /// Byte offset of the header in its stream.
    pub offset: u64,
}

/// The records of a stream in order, with the index one past each record's
/// subtree (the next record at the same or a lower level).
#[derive(Debug, Clone, Default)]
pub struct Records<'a> {
    /// The records.
    pub list: Vec<Record<'a>>,
    /// `end[i]`: the index of the first record after `i` whose level is not
    /// deeper than record `i`'s.
    pub end: Vec<usize>,
}

/// Splits `stream` into records, at most `max_records` of them. A size past
/// the end of the stream keeps what is there and stops with a warning.
pub fn parse<'a>(stream: &'a [u8], max_records: usize, warnings: &mut Vec<Warning>) -> Records<'a> {
    let mut list = Vec::new();
    let mut at = 0usize;
    let mut prev_level: Option<u16> = None;
    let mut jumps = 0u64;
    while at < stream.len() {
        if list.len() >= max_records {
            warnings.push(Warning::new(
                WarningKind::Limit,
                format!("more than {max_records} records; the rest of the stream is skipped"),
                Some(at as u64),
            ));
            break;
        }
        let Some(header) = u32_at(stream, at) else {
            warnings.push(Warning::new(
                WarningKind::Record,
                format!(
                    "{} byte(s) after the last record are not a record header",
                    stream.len() - at
                ),
                Some(at as u64),
            ));
            break;
        };
        let tag = (header & 0x3FF) as u16;
        let level = ((header >> 10) & 0x3FF) as u16;
        let mut size = (header >> 20) as usize;
        let mut start = at + 4;
        if size == 0xFFF {
            let Some(s) = u32_at(stream, start) else {
                warnings.push(Warning::new(
                    WarningKind::Record,
                    "record header announces a 32-bit size the stream does not hold",
                    Some(at as u64),
                ));
                break;
            };
            size = s as usize;
            start += 4;
        }
        let end = start.saturating_add(size);
        let data = stream.get(start..end.min(stream.len())).unwrap_or_default();
        if let Some(p) = prev_level
            && level > p + 1
        {
            jumps += 1;
            if jumps <= 8 {
                warnings.push(Warning::new(
                    WarningKind::Record,
                    format!("record level jumps from {p} to {level}"),
                    Some(at as u64),
                ));
            }
        }
        prev_level = Some(level);
        list.push(Record {
            tag,
            level,
            data,
            offset: at as u64,
        });
        if end > stream.len() {
            warnings.push(Warning::new(
                WarningKind::Record,
                format!(
                    "record (tag {tag:#x}) declares {size} bytes, the stream holds {}",
                    stream.len() - start.min(stream.len())
                ),
                Some(at as u64),
            ));
            break;
        }
        at = end;
    }
    let end = subtree_ends(&list);
    Records { list, end }
}

/// For each record, the index of the first later record at its level or above.
fn subtree_ends(list: &[Record<'_>]) -> Vec<usize> {
    let mut end = vec![list.len(); list.len()];
    let mut stack: Vec<usize> = Vec::new();
    for (i, r) in list.iter().enumerate() {
        while let Some(&top) = stack.last() {
            if list[top].level >= r.level {
                end[top] = i;
                stack.pop();
            } else {
                break;
            }
        }
        stack.push(i);
    }
    end
}

impl<'a> Records<'a> {
    /// The direct children of record `i`: the records of its subtree one level deeper.
    pub fn children(&self, i: usize) -> Children<'_, 'a> {
        Children {
            records: self,
            at: i + 1,
            stop: self.end.get(i).copied().unwrap_or(i + 1),
        }
    }
}

/// Iterator over the direct children of a record (see [`Records::children`]).
/// A child is any record of the subtree whose own parent is the record:
/// after a child, its own subtree is skipped.
pub struct Children<'r, 'a> {
    records: &'r Records<'a>,
    at: usize,
    stop: usize,
}

impl Iterator for Children<'_, '_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.at >= self.stop {
            return None;
        }
        let i = self.at;
        // Skip the child's own subtree; guard against a non-advancing end.
        self.at = self.records.end.get(i).copied().unwrap_or(i + 1).max(i + 1);
        Some(i)
    }
}

/// Builds one record (header and payload), as a writer would. For tests.
#[cfg(test)]
pub(crate) use testkit::hwp::record as encode;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_sizes_and_subtrees() {
        let mut s = encode(body::PARA_HEADER, 0, &[1, 2]);
        s.extend(encode(body::PARA_TEXT, 1, &[0x41, 0]));
        s.extend(encode(body::CTRL_HEADER, 1, b" lbt"));
        s.extend(encode(body::TABLE, 2, &vec![7; 5000]));
        s.extend(encode(body::PARA_HEADER, 0, &[]));
        let mut w = Vec::new();
        let r = parse(&s, 100, &mut w);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(r.list.len(), 5);
        assert_eq!(r.list[3].data.len(), 5000);
        assert_eq!(r.end, [4, 2, 4, 4, 5]);
        assert_eq!(r.children(0).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(r.children(2).collect::<Vec<_>>(), [3]);
    }

    #[test]
    fn sizes_past_the_end_and_level_jumps_warn() {
        let mut s = encode(body::PARA_HEADER, 0, &[1, 2]);
        s.extend(encode(body::PARA_TEXT, 3, &[0x41, 0, 0x42, 0]));
        s.truncate(s.len() - 2);
        let mut w = Vec::new();
        let r = parse(&s, 100, &mut w);
        assert_eq!(r.list.len(), 2);
        assert_eq!(r.list[1].data, [0x41, 0]);
        assert_eq!(w.len(), 2, "{w:?}");
        let mut w = Vec::new();
        let r = parse(&s, 1, &mut w);
        assert_eq!(r.list.len(), 1);
        assert_eq!(w[0].kind, WarningKind::Limit);
    }
}
