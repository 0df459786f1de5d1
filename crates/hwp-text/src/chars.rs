//! Characters as Hangul shows them: old-Hangul syllables that Hancom stores
//! in the Private Use Area (the Hanyang PUA, U+E0BC..U+F8F7, KS X 1026-1
//! annex) become conjoining jamo; bullet symbols from symbol-font PUA
//! positions become their standard Unicode equivalents.

use crate::data::hypua;

/// Appends `c` to `out`, replacing a Hanyang-PUA old-Hangul syllable by its
/// conjoining jamo (modern conjoining jamo are kept as written).
pub fn push_char(out: &mut String, c: char) {
    let u = c as u32;
    if (0xE0BC..=0xF8F7).contains(&u)
        && let Some(jamo) = hypua::lookup(u as u16)
    {
        out.extend(jamo.iter().filter_map(|&j| char::from_u32(u32::from(j))));
        return;
    }
    out.push(c);
}

/// Bullet characters stored at symbol-font PUA positions (U+F0xx: Symbol
/// and Wingdings code points as Windows maps them) with a standard
/// equivalent; anything else is kept.
pub fn map_bullet(c: char) -> char {
    match c as u32 {
        0xF06C | 0xF09F | 0xF0A1 => '●',
        0xF06E | 0xF0A7 => '■',
        0xF06F | 0xF071 => '□',
        0xF075 | 0xF0A8 => '◆',
        0xF076 => '❖',
        0xF0B7 | 0xF095 => '•',
        0xF0D8 => '➢',
        0xF0E0 => '→',
        0xF0FC => '✓',
        0xF0FE => '☑',
        0xF02D => '-',
        0xF0A2 => '○',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hanyang_pua_becomes_conjoining_jamo() {
        // U+EBD4 is the old syllable SSANGSIOS + ARAEA (hypua2jamo's README).
        let mut s = String::new();
        push_char(&mut s, '\u{EBD4}');
        assert_eq!(s, "\u{110A}\u{119E}");
        push_char(&mut s, '가');
        push_char(&mut s, '\u{1100}');
        assert_eq!(s, "\u{110A}\u{119E}가\u{1100}");
    }

    #[test]
    fn symbol_font_bullets() {
        assert_eq!(map_bullet('\u{F0B7}'), '•');
        assert_eq!(map_bullet('\u{F0FC}'), '✓');
        assert_eq!(map_bullet('★'), '★');
    }
}
