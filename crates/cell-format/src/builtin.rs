//! Built-in number formats: the ids a file may use without storing the
//! code (ECMA-376 Part 1, 18.8.30 numFmt; MS-XLS 2.4.126 FORMAT), 0–49
//! as Excel shows them in en-US, and the locale-dependent dates and times
//! 14–22, 27–36 and 50–58 of Japanese, Chinese and Korean Excel.

use crate::Locale;

/// The en-US built-ins 0–49; `None` for ids Excel reserves (23–36 are the
/// CJK ones, looked up per locale).
fn en_us(id: u16) -> Option<&'static str> {
    Some(match id {
        0 => "General",
        1 => "0",
        2 => "0.00",
        3 => "#,##0",
        4 => "#,##0.00",
        5 => "\"$\"#,##0_);(\"$\"#,##0)",
        6 => "\"$\"#,##0_);[Red](\"$\"#,##0)",
        7 => "\"$\"#,##0.00_);(\"$\"#,##0.00)",
        8 => "\"$\"#,##0.00_);[Red](\"$\"#,##0.00)",
        9 => "0%",
        10 => "0.00%",
        11 => "0.00E+00",
        12 => "# ?/?",
        13 => "# ??/??",
        14 => "m/d/yyyy",
        15 => "d-mmm-yy",
        16 => "d-mmm",
        17 => "mmm-yy",
        18 => "h:mm AM/PM",
        19 => "h:mm:ss AM/PM",
        20 => "h:mm",
        21 => "h:mm:ss",
        22 => "m/d/yyyy h:mm",
        37 => "#,##0_);(#,##0)",
        38 => "#,##0_);[Red](#,##0)",
        39 => "#,##0.00_);(#,##0.00)",
        40 => "#,##0.00_);[Red](#,##0.00)",
        41 => "_(* #,##0_);_(* (#,##0);_(* \"-\"_);_(@_)",
        42 => "_(\"$\"* #,##0_);_(\"$\"* (#,##0);_(\"$\"* \"-\"_);_(@_)",
        43 => "_(* #,##0.00_);_(* (#,##0.00);_(* \"-\"??_);_(@_)",
        44 => "_(\"$\"* #,##0.00_);_(\"$\"* (#,##0.00);_(\"$\"* \"-\"??_);_(@_)",
        45 => "mm:ss",
        46 => "[h]:mm:ss",
        47 => "mm:ss.0",
        48 => "##0.0E+0",
        49 => "@",
        _ => return None,
    })
}

/// The dates and times of Japanese, Chinese (zh-CN, zh-TW: Republic of
/// China years) and Korean Excel, by id; `None` where the locale keeps the
/// en-US code.
fn cjk(id: u16, locale: Locale) -> Option<&'static str> {
    use Locale::{EnUs, JaJp as Ja, KoKr as Ko, ZhCn as Cn, ZhTw as Tw};
    Some(match (id, locale) {
        (_, EnUs) => return None,
        (14, Ja | Cn | Tw) => "yyyy/m/d",
        (14 | 34 | 35 | 52 | 53 | 55 | 56, Ko) => "yyyy-mm-dd",
        (22, Ja | Cn) => "yyyy/m/d h:mm",
        (22, Tw) => "yyyy/m/d hh:mm",
        (22, Ko) => "yyyy-mm-dd h:mm",
        (27 | 36 | 50 | 57, Ja) => "[$-411]ge.m.d",
        (27 | 36 | 50 | 57, Tw) => "[$-404]e/m/d",
        (27 | 36 | 50 | 57, Ko) => "yyyy\"年\" mm\"月\" dd\"日\"",
        (27 | 36 | 50 | 52 | 57, Cn) => "yyyy\"年\"m\"月\"",
        (28 | 29 | 51 | 54 | 58, Ja) => "[$-411]ggge\"年\"m\"月\"d\"日\"",
        (28 | 29 | 51 | 54 | 58, Tw) => "[$-404]e\"年\"m\"月\"d\"日\"",
        (28 | 29 | 51 | 54 | 58, Ko) => "mm-dd",
        (28 | 29 | 51 | 53 | 54 | 58, Cn) => "m\"月\"d\"日\"",
        (30, Ja | Tw) => "m/d/yy",
        (30, Cn) => "m-d-yy",
        (30, Ko) => "mm-dd-yy",
        (31, Ja | Cn | Tw) => "yyyy\"年\"m\"月\"d\"日\"",
        (31, Ko) => "yyyy\"년\" mm\"월\" dd\"일\"",
        (32, Ja) => "h\"時\"mm\"分\"",
        (32, Cn) => "h\"时\"mm\"分\"",
        (32, Tw) => "hh\"時\"mm\"分\"",
        (32, Ko) => "h\"시\" mm\"분\"",
        (33, Ja) => "h\"時\"mm\"分\"ss\"秒\"",
        (33, Cn) => "h\"时\"mm\"分\"ss\"秒\"",
        (33, Tw) => "hh\"時\"mm\"分\"ss\"秒\"",
        (33, Ko) => "h\"시\" mm\"분\" ss\"초\"",
        (34 | 52 | 55, Ja) => "yyyy\"年\"m\"月\"",
        (34 | 55, Cn) => "上午/下午h\"时\"mm\"分\"",
        (34 | 52 | 55, Tw) => "上午/下午hh\"時\"mm\"分\"",
        (35 | 53 | 56, Ja) => "m\"月\"d\"日\"",
        (35 | 56, Cn) => "上午/下午h\"时\"mm\"分\"ss\"秒\"",
        (35 | 53 | 56, Tw) => "上午/下午hh\"時\"mm\"分\"ss\"秒\"",
        _ => return None,
    })
}

/// What an en-US Excel shows for the CJK ids 27–36 and 50–58 (dates as
/// the short date, 32–35 as times), so that a date stays a date.
fn cjk_in_en_us(id: u16) -> Option<&'static str> {
    match id {
        27..=31 | 36 | 50..=58 => Some("m/d/yyyy"),
        32 | 34 => Some("h:mm"),
        33 | 35 => Some("h:mm:ss"),
        _ => None,
    }
}

/// The code of built-in format `id` in `locale`, or `None` for an id that
/// is not built in (164 and up are the file's own; 23–26 and 59–163 are
/// reserved).
pub fn builtin_code(id: u16, locale: Locale) -> Option<&'static str> {
    cjk(id, locale)
        .or_else(|| en_us(id))
        .or_else(|| cjk_in_en_us(id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_up_to_58_outside_the_reserved_ones_has_a_code() {
        for locale in [
            Locale::EnUs,
            Locale::JaJp,
            Locale::ZhCn,
            Locale::ZhTw,
            Locale::KoKr,
        ] {
            for id in (0..=22).chain(27..=58) {
                assert!(builtin_code(id, locale).is_some(), "{id} {locale:?}");
            }
            for id in (23..=26).chain(59..=200) {
                assert!(builtin_code(id, locale).is_none(), "{id} {locale:?}");
            }
        }
        assert_eq!(builtin_code(14, Locale::JaJp), Some("yyyy/m/d"));
        assert_eq!(builtin_code(14, Locale::EnUs), Some("m/d/yyyy"));
        assert_eq!(builtin_code(4, Locale::KoKr), Some("#,##0.00"));
    }
}
