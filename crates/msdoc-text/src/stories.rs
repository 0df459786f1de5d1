//! Splitting the stories into their parts (MS-DOC 2.4.1 and the PLCs that
//! delimit each footnote, endnote, comment, header, footer and text box:
//! 2.8.19 PlcffndTxt, 2.8.12 PlcfendTxt, 2.8.3 PlcfandTxt with 2.8.2
//! PlcfandRef / 2.9.11 ATRDPre10 and 2.9.114 GrpXstAtnOwners, 2.8.21
//! PlcfHdd, 2.8.33 PlcftxbxTxt and PlcfHdrtxbxTxt).

use std::ops::Range;

use doc_model::PartKind;

use crate::bytes::{slice_at, u16_at, u32_at};
use crate::fib::FcLcb;
use crate::{Fib, Story, Warning, WarningKind};

/// A range of a story that becomes one part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Segment {
    pub kind: PartKind,
    pub name: Option<String>,
    pub attributes: Vec<(String, String)>,
    pub story: Story,
    /// CPs relative to the story's first CP.
    pub range: Range<usize>,
}

/// The CPs of a PLC whose data elements are `data_size` bytes, and the data
/// (MS-DOC 2.2.2 PLC: n+1 CPs, then n elements). `None` when absent; a
/// warning when present but unusable.
fn plc<'t>(
    table: &'t [u8],
    at: FcLcb,
    data_size: usize,
    what: &str,
    warnings: &mut Vec<Warning>,
) -> Option<(Vec<u32>, &'t [u8])> {
    if at.lcb == 0 {
        return None;
    }
    let lcb = at.lcb as usize;
    let Some(bytes) = slice_at(table, at.fc as usize, lcb) else {
        warnings.push(Warning::new(WarningKind::Structure, format!(
            "{what} at {} ({lcb} bytes) lies past the table stream's {} bytes; its story is one part",
            at.fc,
            table.len()
        ), None));
        return None;
    };
    if lcb < 4 || !(lcb - 4).is_multiple_of(4 + data_size) {
        warnings.push(Warning::new(WarningKind::Structure, format!(
            "{what} has {lcb} bytes, not a PLC of {data_size}-byte elements; its story is one part"
        ), None));
        return None;
    }
    let n = (lcb - 4) / (4 + data_size);
    let cps: Vec<u32> = (0..=n).filter_map(|i| u32_at(bytes, i * 4)).collect();
    if cps.windows(2).any(|w| w[0] > w[1]) {
        warnings.push(Warning::new(
            WarningKind::Structure,
            format!("{what}'s CPs are not in order; its story is one part"),
            None,
        ));
        return None;
    }
    Some((cps, bytes.get((n + 1) * 4..).unwrap_or_default()))
}

/// Ranges between consecutive CPs, clipped to `len`, at most `limit` of them.
fn ranges(cps: &[u32], len: usize, limit: usize) -> Vec<Range<usize>> {
    cps.windows(2)
        .take(limit)
        .map(|w| (w[0] as usize).min(len)..(w[1] as usize).min(len))
        .collect()
}

/// The number of elements of a reference PLC (`PlcffndRef`, `PlcfendRef`: 2-byte elements).
fn ref_count(table: &[u8], at: FcLcb, data_size: usize) -> Option<usize> {
    let lcb = at.lcb as usize;
    (lcb >= 4 && slice_at(table, at.fc as usize, lcb).is_some())
        .then(|| (lcb - 4) / (4 + data_size))
}

/// Comment authors: `GrpXstAtnOwners`, a run of `Xst` (a 16-bit count, then UTF-16).
fn authors(table: &[u8], at: FcLcb) -> Vec<String> {
    let Some(bytes) = slice_at(table, at.fc as usize, at.lcb as usize) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut pos = 0usize;
    while let Some(cch) = u16_at(bytes, pos) {
        let len = usize::from(cch) * 2;
        let Some(units) = slice_at(bytes, pos + 2, len) else {
            break;
        };
        let units: Vec<u16> = units
            .chunks_exact(2)
            .filter_map(|c| c.try_into().ok().map(u16::from_le_bytes))
            .collect();
        out.push(String::from_utf16_lossy(&units));
        pos += 2 + len;
    }
    out
}

/// The initials in an `ATRDPre10` (`xstUsrInitl`: a count, then up to 9 UTF-16 units).
fn initials(atrd: &[u8]) -> Option<String> {
    let cch = usize::from(u16_at(atrd, 0)?).min(9);
    let units: Vec<u16> = (0..cch).filter_map(|i| u16_at(atrd, 2 + 2 * i)).collect();
    let s = String::from_utf16_lossy(&units);
    (!s.trim().is_empty()).then_some(s)
}

/// Header and footer stories of each section, in `PlcfHdd` order after the
/// six separator stories (MS-DOC 2.4.6 header document).
const HEADER_SLOTS: [(PartKind, &str); 6] = [
    (PartKind::Header, "even"),
    (PartKind::Header, "default"),
    (PartKind::Footer, "even"),
    (PartKind::Footer, "default"),
    (PartKind::Header, "first"),
    (PartKind::Footer, "first"),
];

fn whole(kind: PartKind, story: Story, len: usize) -> Segment {
    Segment {
        kind,
        name: None,
        attributes: Vec::new(),
        story,
        range: 0..len,
    }
}

/// For Word 6/95 documents (whose PLCs this crate does not read): one part
/// per story other than the main one, in the order of [`Story::TEXT_ORDER`].
pub(crate) fn whole_stories(lengths: &[usize; 8]) -> Vec<Segment> {
    [
        (Story::Header, PartKind::Header),
        (Story::Footnote, PartKind::Footnote),
        (Story::Endnote, PartKind::Endnote),
        (Story::Annotation, PartKind::Comment),
        (Story::Textbox, PartKind::TextBox),
        (Story::HeaderTextbox, PartKind::TextBox),
    ]
    .into_iter()
    .map(|(story, kind)| {
        whole(
            kind,
            story,
            lengths.get(story as usize).copied().unwrap_or(0),
        )
    })
    .collect()
}

/// The parts of the stories other than the main one, in the order of
/// [`Story::TEXT_ORDER`]; `lengths` are the stories' CP counts.
pub(crate) fn segments(
    fib: &Fib,
    table: &[u8],
    lengths: &[usize; 8],
    warnings: &mut Vec<Warning>,
) -> Vec<Segment> {
    let p = &fib.plcs;
    let len = |s: Story| lengths.get(s as usize).copied().unwrap_or(0);
    let mut out = Vec::new();

    // Headers and footers, per section.
    let hdd = len(Story::Header);
    if hdd > 0 {
        match plc(table, p.plcf_hdd, 0, "PlcfHdd", warnings) {
            Some((cps, _)) => {
                let count = cps.len().saturating_sub(1);
                let sections = count.saturating_sub(6) / 6;
                for (i, range) in ranges(&cps, hdd, 6 + 6 * sections)
                    .into_iter()
                    .enumerate()
                    .skip(6)
                {
                    let (kind, slot) = HEADER_SLOTS[(i - 6) % 6];
                    out.push(Segment {
                        kind,
                        name: None,
                        attributes: vec![
                            ("section".into(), ((i - 6) / 6 + 1).to_string()),
                            ("type".into(), slot.into()),
                        ],
                        story: Story::Header,
                        range,
                    });
                }
            }
            None => out.push(whole(PartKind::Header, Story::Header, hdd)),
        }
    }

    // Footnotes and endnotes, one part each, named by their number.
    for (story, kind, txt, refs, what) in [
        (
            Story::Footnote,
            PartKind::Footnote,
            p.plcffnd_txt,
            p.plcffnd_ref,
            "PlcffndTxt",
        ),
        (
            Story::Endnote,
            PartKind::Endnote,
            p.plcfend_txt,
            p.plcfend_ref,
            "PlcfendTxt",
        ),
    ] {
        let n = len(story);
        if n == 0 {
            continue;
        }
        match plc(table, txt, 0, what, warnings) {
            Some((cps, _)) => {
                // The story ends with a guard paragraph that is no note.
                let notes = ref_count(table, refs, 2).unwrap_or(usize::MAX);
                for (i, range) in ranges(&cps, n, notes).into_iter().enumerate() {
                    out.push(Segment {
                        kind,
                        name: Some((i + 1).to_string()),
                        attributes: Vec::new(),
                        story,
                        range,
                    });
                }
            }
            None => out.push(whole(kind, story, n)),
        }
    }

    // Comments, with their authors.
    let n = len(Story::Annotation);
    if n > 0 {
        match plc(table, p.plcfand_txt, 0, "PlcfandTxt", warnings) {
            Some((cps, _)) => {
                let refs = plc(table, p.plcfand_ref, 30, "PlcfandRef", warnings);
                let owners = authors(table, p.grp_xst_atn_owners);
                let count = refs
                    .as_ref()
                    .map_or(usize::MAX, |(c, _)| c.len().saturating_sub(1));
                for (i, range) in ranges(&cps, n, count).into_iter().enumerate() {
                    let atrd = refs.as_ref().and_then(|(_, d)| d.get(i * 30..i * 30 + 30));
                    let mut attributes = Vec::new();
                    if let Some(author) = atrd
                        .and_then(|a| u16_at(a, 20))
                        .and_then(|ibst| owners.get(usize::from(ibst)))
                        .filter(|a| !a.is_empty())
                    {
                        attributes.push(("author".into(), author.clone()));
                    }
                    if let Some(initials) = atrd.and_then(initials) {
                        attributes.push(("initials".into(), initials));
                    }
                    out.push(Segment {
                        kind: PartKind::Comment,
                        name: Some((i + 1).to_string()),
                        attributes,
                        story: Story::Annotation,
                        range,
                    });
                }
            }
            None => out.push(whole(PartKind::Comment, Story::Annotation, n)),
        }
    }

    // Text boxes of the main document and of headers (FTXBXS: 22 bytes).
    for (story, txt, what, place) in [
        (Story::Textbox, p.plcftxbx_txt, "PlcftxbxTxt", "body"),
        (
            Story::HeaderTextbox,
            p.plcf_hdrtxbx_txt,
            "PlcfHdrtxbxTxt",
            "header",
        ),
    ] {
        let n = len(story);
        if n == 0 {
            continue;
        }
        let attributes = vec![("story".to_string(), place.to_string())];
        match plc(table, txt, 22, what, warnings) {
            Some((cps, _)) => {
                for range in ranges(&cps, n, usize::MAX) {
                    out.push(Segment {
                        kind: PartKind::TextBox,
                        name: None,
                        attributes: attributes.clone(),
                        story,
                        range,
                    });
                }
            }
            None => out.push(Segment {
                attributes,
                ..whole(PartKind::TextBox, story, n)
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plc_bytes(cps: &[u32], data: &[u8]) -> Vec<u8> {
        let mut v: Vec<u8> = cps.iter().flat_map(|c| c.to_le_bytes()).collect();
        v.extend(data);
        v
    }

    #[test]
    fn plcs_are_checked() {
        let mut w = Vec::new();
        let table = plc_bytes(&[0, 5, 9], &[]);
        let at = FcLcb { fc: 0, lcb: 12 };
        assert_eq!(plc(&table, at, 0, "t", &mut w).unwrap().0, [0, 5, 9]);
        assert!(w.is_empty());
        assert!(plc(&table, FcLcb { fc: 0, lcb: 0 }, 0, "t", &mut w).is_none());
        assert!(w.is_empty());
        assert!(plc(&table, FcLcb { fc: 4, lcb: 12 }, 0, "t", &mut w).is_none());
        assert!(plc(&table, FcLcb { fc: 0, lcb: 11 }, 0, "t", &mut w).is_none());
        let backwards = plc_bytes(&[0, 9, 5], &[]);
        assert!(plc(&backwards, at, 0, "t", &mut w).is_none());
        assert_eq!(w.len(), 3);
        assert_eq!(ranges(&[0, 5, 9, 30], 20, 9), [0..5, 5..9, 9..20]);
        assert_eq!(ranges(&[0, 5, 9, 30], 20, 1), vec![0..5]);
    }

    #[test]
    fn authors_and_initials() {
        let mut owners = Vec::new();
        for name in ["Ann Author", "Bo"] {
            owners.extend((name.encode_utf16().count() as u16).to_le_bytes());
            owners.extend(name.encode_utf16().flat_map(u16::to_le_bytes));
        }
        owners.extend([5, 0, b'x', 0]);
        let at = FcLcb {
            fc: 0,
            lcb: owners.len() as u32,
        };
        assert_eq!(authors(&owners, at), ["Ann Author", "Bo"]);
        let mut atrd = vec![2, 0, b'A', 0, b'A', 0];
        atrd.resize(30, 0);
        assert_eq!(initials(&atrd).as_deref(), Some("AA"));
        assert_eq!(initials(&[0, 0]), None);
    }
}
