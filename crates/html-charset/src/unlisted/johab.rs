//! Johab (KS C 5601-1992 annex 3, now KS X 1001 annex 3; Windows code page
//! 1361): the "combination" Korean code. A Hangul code is `1 iiiii mmmmm
//! fffff`, five bits each for the initial consonant, the vowel and the final
//! consonant; symbols and Hanja are KS X 1001's, their rows folded two to a
//! lead byte. Unlike EUC-KR/UHC, every one of the 11,172 syllables has a
//! code of its own.
//!
//! Hangul is composed arithmetically; the lone jamo come from
//! `src/data/johab_jamo.rs` (generated from Unicode's names); symbols and Hanja
//! are mapped back onto KS X 1001 rows and read by `encoding_rs`'s EUC-KR.

use std::sync::OnceLock;

use encoding_rs::EUC_KR;

use crate::data::johab_jamo as jamo;

/// Lead bytes of Hangul codes (bit 15 set, initial 1..=20).
const HANGUL_LEAD: std::ops::RangeInclusive<u8> = 0x84..=0xD3;

/// Whether `b` can follow a lead byte: `41..=7E` or `81..=FE` for Hangul,
/// `31..=7E` or `91..=FE` for symbols and Hanja.
fn is_trail(lead: u8, b: u8) -> bool {
    if HANGUL_LEAD.contains(&lead) {
        matches!(b, 0x41..=0x7E | 0x81..=0xFE)
    } else {
        matches!(b, 0x31..=0x7E | 0x91..=0xFE)
    }
}

/// The index (0..19) of a 5-bit initial-consonant code; `Err(())` for the
/// fill code 1; `None` for codes the annex leaves unused.
fn initial(code: u16) -> Option<Result<usize, ()>> {
    match code {
        1 => Some(Err(())),
        2..=20 => Some(Ok(usize::from(code - 2))),
        _ => None,
    }
}

/// The index (0..21) of a 5-bit vowel code: the annex numbers the 21 vowels
/// 3–7, 10–15, 18–23, 26–29 (2 is the fill code).
fn medial(code: u16) -> Option<Result<usize, ()>> {
    match code {
        2 => Some(Err(())),
        3..=7 => Some(Ok(usize::from(code - 3))),
        10..=15 => Some(Ok(usize::from(code - 5))),
        18..=23 => Some(Ok(usize::from(code - 7))),
        26..=29 => Some(Ok(usize::from(code - 9))),
        _ => None,
    }
}

/// The index (1..=27) of a 5-bit final-consonant code: 2–17 and 19–29 (1 is
/// the fill code, 18 is unused).
fn final_(code: u16) -> Option<Result<usize, ()>> {
    match code {
        1 => Some(Err(())),
        2..=17 => Some(Ok(usize::from(code - 1))),
        19..=29 => Some(Ok(usize::from(code - 2))),
        _ => None,
    }
}

/// A Hangul code: a syllable when initial and vowel are present (final
/// optional), a compatibility jamo when only one part is, U+3000 for the
/// all-fill code `84 41` (as Python's `johab` codec reads it).
fn hangul(lead: u8, trail: u8) -> Option<char> {
    let code = u16::from_be_bytes([lead, trail]);
    let i = initial((code >> 10) & 0x1F)?;
    let m = medial((code >> 5) & 0x1F)?;
    let f = final_(code & 0x1F)?;
    match (i, m, f) {
        (Ok(i), Ok(m), f) => {
            let f = f.unwrap_or(0);
            let index = u32::try_from((i * 21 + m) * 28 + f).ok()?;
            char::from_u32(0xAC00 + index)
        }
        (Ok(i), Err(()), Err(())) => jamo::INITIAL.get(i).copied(),
        (Err(()), Ok(m), Err(())) => jamo::MEDIAL.get(m).copied(),
        (Err(()), Err(()), Ok(f)) => jamo::FINAL.get(f - 1).copied(),
        (Err(()), Err(()), Err(())) => Some('\u{3000}'),
        _ => None,
    }
}

/// The KS X 1001 code (row and cell, each `0x21..=0x7E`) of a symbol or
/// Hanja code: lead `D9..=DE` carries rows 0x21–0x2C, lead `E0..=F9` rows
/// 0x4A–0x7D, two rows per lead; trail `31..=7E` then `91..=FE` runs through
/// the 188 cells of the two rows. Row 4's jamo (`DA A1..=D3`) are coded as
/// Hangul instead and are excluded; `D8` is the user-defined area.
fn ks_x_1001(lead: u8, trail: u8) -> Option<(u8, u8)> {
    let first_row = match lead {
        0xD9..=0xDE => 0x21 + 2 * (lead - 0xD9),
        0xE0..=0xF9 => 0x4A + 2 * (lead - 0xE0),
        _ => return None,
    };
    if lead == 0xDA && (0xA1..=0xD3).contains(&trail) {
        return None;
    }
    let cell = match trail {
        0x31..=0x7E => trail - 0x31,
        0x91..=0xFE => trail - 0x43,
        _ => return None,
    };
    Some(if cell < 94 {
        (first_row, 0x21 + cell)
    } else {
        (first_row + 1, 0x21 + cell - 94)
    })
}

/// One double-byte code, or `None` if it maps to nothing.
pub(super) fn pair(lead: u8, trail: u8) -> Option<char> {
    if !is_trail(lead, trail) {
        return None;
    }
    if HANGUL_LEAD.contains(&lead) {
        return hangul(lead, trail);
    }
    let (row, cell) = ks_x_1001(lead, trail)?;
    let euc = [row | 0x80, cell | 0x80];
    let (text, had_errors) = EUC_KR.decode_without_bom_handling(&euc);
    let mut chars = text.chars();
    match (chars.next(), chars.next(), had_errors) {
        (Some(c), None, false) => Some(c),
        _ => None,
    }
}

/// One step of reading Johab: the character at the start of `bytes` and how
/// many bytes it took; `None` (one byte) where the bytes are malformed.
pub(super) fn next(bytes: &[u8]) -> Option<(Option<char>, usize)> {
    let (&b, rest) = bytes.split_first()?;
    if b < 0x80 {
        return Some((Some(char::from(b)), 1));
    }
    match rest.first() {
        Some(&t) => match pair(b, t) {
            Some(c) => Some((Some(c), 2)),
            None => Some((None, 1)),
        },
        None => Some((None, 1)),
    }
}

/// Whether a precomposed syllable is one of the 2,350 KS X 1001 has (EUC-KR
/// `B0A1..=C8FE`, the syllables ordinary Korean text uses), computed once by
/// decoding that block with `encoding_rs`.
fn in_ks_x_1001(c: char) -> bool {
    static SET: OnceLock<Vec<bool>> = OnceLock::new();
    let set = SET.get_or_init(|| {
        let mut set = vec![false; 11172];
        for lead in 0xB0u8..=0xC8 {
            for trail in 0xA1u8..=0xFE {
                let pair = [lead, trail];
                let (text, _) = EUC_KR.decode_without_bom_handling(&pair);
                for s in text.chars() {
                    if let Some(i) = (s as usize).checked_sub(0xAC00)
                        && let Some(slot) = set.get_mut(i)
                    {
                        *slot = true;
                    }
                }
            }
        }
        set
    });
    (c as usize)
        .checked_sub(0xAC00)
        .and_then(|i| set.get(i))
        .copied()
        .unwrap_or(false)
}

/// What reading `bytes` as Johab and as UHC (EUC-KR) shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Evidence {
    /// Hangul syllables in the Johab reading.
    pub syllables: usize,
    /// Of those, the ones among KS X 1001's 2,350.
    pub common_syllables: usize,
    /// Double-byte units of the UHC reading (malformed ones included).
    pub uhc_units: usize,
    /// Of those, the ones inside KS X 1001 (both bytes `A1..=FE`) rather than
    /// in UHC's extension (trail below `A1`) or malformed.
    pub uhc_ks_x_1001: usize,
}

impl Evidence {
    /// Korean text read right is nearly all KS X 1001 syllables (the 2,350
    /// were chosen to cover everyday writing); Johab bytes read as UHC land
    /// mostly in its extension area or are malformed, since Johab trail
    /// bytes run from 0x41. So: at least 16 syllables, ≥ 90 % of them
    /// common, and < 50 % of the UHC reading's units inside KS X 1001.
    pub(super) fn is_johab(&self) -> bool {
        self.syllables >= 16
            && self.common_syllables * 10 >= self.syllables * 9
            && self.uhc_ks_x_1001 * 2 < self.uhc_units
    }
}

/// Reads `bytes` as Johab and as UHC; `None` if they are not entirely valid
/// Johab (a code cut off at the very end is allowed: the caller may have cut
/// the bytes).
pub(super) fn evidence(bytes: &[u8]) -> Option<Evidence> {
    let mut syllables = 0;
    let mut common_syllables = 0;
    let mut rest = bytes;
    while let Some((c, n)) = next(rest) {
        match c {
            Some(c @ '\u{AC00}'..='\u{D7A3}') => {
                syllables += 1;
                common_syllables += usize::from(in_ks_x_1001(c));
            }
            Some(_) => {}
            None if rest.len() == 1 => {}
            None => return None,
        }
        rest = rest.get(n..).unwrap_or_default();
    }
    let (mut uhc_units, mut uhc_ks_x_1001) = (0, 0);
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            i += 1;
            continue;
        }
        uhc_units += 1;
        match bytes.get(i + 1) {
            Some(&t) if (0xA1..=0xFE).contains(&b) && (0xA1..=0xFE).contains(&t) => {
                uhc_ks_x_1001 += 1;
                i += 2;
            }
            Some(0x41..=0x5A | 0x61..=0x7A | 0x81..=0xFE) => i += 2,
            _ => i += 1,
        }
    }
    Some(Evidence {
        syllables,
        common_syllables,
        uhc_units,
        uhc_ks_x_1001,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(bytes: &[u8]) -> String {
        super::super::Unlisted::Johab.decode(bytes)
    }

    /// The Johab code of a syllable or lone jamo, built from the annex's
    /// 5-bit codes (the inverse of the decoder's tables, written out here).
    fn code(i: u16, m: u16, f: u16) -> [u8; 2] {
        (0x8000 | (i << 10) | (m << 5) | f).to_be_bytes()
    }

    #[test]
    fn hangul_by_bit_composition() {
        // 한 = ㅎ (initial code 20) ㅏ (vowel code 3) ㄴ (final code 5).
        assert_eq!(code(20, 3, 5), [0xD0, 0x65]);
        assert_eq!(decode(&[0xD0, 0x65]), "한");
        // 가 (first syllable), 힣 (last: ㅎ ㅣ ㅎ = 20, 29, 29).
        assert_eq!(decode(&code(2, 3, 1)), "가");
        assert_eq!(decode(&code(20, 29, 29)), "힣");
        // Every code with initial, vowel and final present composes, in
        // Unicode's order: 19 × 21 × 28 = 11,172 distinct syllables.
        let mut all = std::collections::BTreeSet::new();
        for i in 2..=20 {
            for m in [
                3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29,
            ] {
                for f in (1..=17).chain(19..=29) {
                    let [a, b] = code(i, m, f);
                    let c = pair(a, b).unwrap();
                    assert!(('\u{AC00}'..='\u{D7A3}').contains(&c));
                    all.insert(c);
                }
            }
        }
        assert_eq!(all.len(), 11172);
    }

    #[test]
    fn lone_jamo_and_fill() {
        // ㄱ as initial alone, ㅏ alone, ㄳ (final only), the all-fill code.
        assert_eq!(decode(&code(2, 2, 1)), "ㄱ");
        assert_eq!(decode(&code(1, 3, 1)), "ㅏ");
        assert_eq!(decode(&code(1, 2, 4)), "ㄳ");
        assert_eq!(decode(&[0x84, 0x41]), "\u{3000}");
        // Initial + final without a vowel, and unused 5-bit codes, are malformed.
        assert_eq!(pair(code(2, 2, 2)[0], code(2, 2, 2)[1]), None);
        assert_eq!(pair(code(2, 8, 1)[0], code(2, 8, 1)[1]), None);
        assert_eq!(pair(code(2, 3, 18)[0], code(2, 3, 18)[1]), None);
    }

    #[test]
    fn symbols_and_hanja_fold_onto_ks_x_1001_rows() {
        // KS X 1001 0x2121 (ideographic space) = Johab D9 31; 0x2221 = D9 91 + ...
        assert_eq!(ks_x_1001(0xD9, 0x31), Some((0x21, 0x21)));
        assert_eq!(ks_x_1001(0xD9, 0x7E), Some((0x21, 0x6E)));
        assert_eq!(ks_x_1001(0xD9, 0x91), Some((0x21, 0x6F)));
        assert_eq!(ks_x_1001(0xD9, 0xA1), Some((0x22, 0x21)));
        assert_eq!(ks_x_1001(0xD9, 0xFE), Some((0x22, 0x7E)));
        assert_eq!(ks_x_1001(0xE0, 0x31), Some((0x4A, 0x21)));
        assert_eq!(ks_x_1001(0xF9, 0xFE), Some((0x7D, 0x7E)));
        assert_eq!(ks_x_1001(0xDA, 0xA1), None, "row 4 jamo are Hangul codes");
        assert_eq!(ks_x_1001(0xD8, 0x31), None, "user-defined area");
        assert_eq!(ks_x_1001(0xDF, 0x31), None);
        // Through EUC-KR: A1A1 U+3000, A1A2 U+3001, CAA1 伽 (first Hanja), FDFE 詰 (last).
        assert_eq!(decode(&[0xD9, 0x31, 0xD9, 0x32]), "\u{3000}\u{3001}");
        assert_eq!(decode(&[0xE0, 0x31]), "伽");
        assert_eq!(decode(&[0xF9, 0xFE]), "詰");
    }

    #[test]
    fn malformed_bytes_are_replaced_not_panicked_on() {
        assert_eq!(decode(b"a\x80b"), "a\u{FFFD}b");
        assert_eq!(decode(&[0xD0]), "\u{FFFD}", "lead at the end");
        assert_eq!(
            decode(&[0xD0, 0x20]),
            "\u{FFFD} ",
            "ASCII after a lead stays"
        );
        assert_eq!(decode(&[0xFF, 0xFF]), "\u{FFFD}\u{FFFD}");
        for lead in 0x80..=0xFF {
            for trail in 0..=0xFF {
                let _ = decode(&[lead, trail]);
            }
        }
    }

    #[test]
    fn evidence_separates_johab_from_euc_kr() {
        // 한국어 텍스트입니다 in Johab, repeated: all common syllables; the UHC
        // reading is mostly outside KS X 1001.
        let syllables = "한국어로 된 텍스트입니다 여러 줄의 문서";
        let mut johab = Vec::new();
        for c in syllables.chars() {
            if c == ' ' {
                johab.push(b' ');
                continue;
            }
            let s = c as u32 - 0xAC00;
            let (i, m, f) = (s / 588, (s % 588) / 28, s % 28);
            let m5 = [
                3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29,
            ][m as usize];
            let f5 = if f == 0 {
                1
            } else if f <= 16 {
                f + 1
            } else {
                f + 2
            };
            johab.extend_from_slice(&code(i as u16 + 2, m5, f5 as u16));
        }
        assert_eq!(decode(&johab), syllables);
        let e = evidence(&johab).unwrap();
        assert!(e.is_johab(), "{e:?}");
        // The same text in EUC-KR is not valid Johab at all.
        let (euc, _, _) = EUC_KR.encode(syllables);
        assert_eq!(evidence(&euc), None);
        // Too little text is no evidence.
        assert!(!evidence(&johab[..12]).unwrap().is_johab());
    }
}
