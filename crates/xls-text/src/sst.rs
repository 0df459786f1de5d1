//! The shared string table (MS-XLS 2.4.265 SST): counts, then rich
//! extended strings that may be split across CONTINUE records; EXTSST is
//! ignored.

use crate::Limits;
use crate::error::{Warning, WarningKind};
use crate::strings::Frags;

/// The strings of an SST record and its CONTINUE fragments, and what was wrong.
pub(crate) fn parse(mut f: Frags<'_>, offset: u64, limits: &Limits) -> (Vec<String>, Vec<Warning>) {
    let mut warnings = Vec::new();
    let _total = f.u32();
    let Some(unique) = f.u32() else {
        warnings.push(Warning::new(
            WarningKind::Sst,
            "SST record too short for its counts",
            Some(offset),
        ));
        return (Vec::new(), warnings);
    };
    // Each string takes at least 3 bytes: never reserve more than the data holds.
    let cap = (unique as usize)
        .min(f.remaining() / 3)
        .min(limits.max_sst_strings);
    let mut strings = Vec::with_capacity(cap);
    while (strings.len() as u64) < u64::from(unique) {
        if strings.len() >= limits.max_sst_strings {
            warnings.push(Warning::new(
                WarningKind::Limit,
                format!(
                    "SST declares {unique} strings: only the first {} are read",
                    limits.max_sst_strings
                ),
                Some(offset),
            ));
            break;
        }
        if f.remaining() == 0 {
            warnings.push(Warning::new(
                WarningKind::Sst,
                format!("SST declares {unique} strings but holds {}", strings.len()),
                Some(offset),
            ));
            break;
        }
        match f.rich_string() {
            Some(s) => strings.push(s),
            None => {
                warnings.push(Warning::new(
                    WarningKind::Sst,
                    format!("SST string {} is cut short", strings.len()),
                    Some(offset),
                ));
                break;
            }
        }
    }
    (strings, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_in_the_billions_do_not_allocate() {
        let data = [
            0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 2, 0, 0, b'h', b'i',
        ];
        let (s, w) = parse(Frags::single(&data), 0, &Limits::default());
        assert_eq!(s, ["hi"]);
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn a_string_split_across_a_continue_switches_to_utf16() {
        let first = [2u8, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, b'a', b'b'];
        let second = [1u8, 0x42, 0x30, 1, 0, 0, b'z'];
        let (s, w) = parse(Frags::new(vec![&first, &second]), 0, &Limits::default());
        assert_eq!(s, ["abあ", "z"]);
        assert!(w.is_empty());
    }
}
