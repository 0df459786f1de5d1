//! `cell-format`: spreadsheet number formats rendered the way Excel shows
//! the cell — the text a person reads, from a cell's value and its format
//! code.
//!
//! The format codes are those of Excel (ECMA-376 Part 1, 18.8.31; the same
//! language in `.xls` FORMAT records and, with the same meaning, in ODF
//! spreadsheets saved by Excel-compatible tools):
//!
//! * up to four sections, `positive;negative;zero;text`, and conditions
//!   such as `[>100]` that replace the sign tests; colours are ignored;
//! * digit placeholders `0`, `#`, `?`, the decimal point, thousands
//!   separators and trailing-comma scaling (`#,##0,`), `%`, scientific
//!   `0.00E+00` (and engineering `##0.0E+0`), fractions `# ?/?`, `?/8`;
//! * literals in quotes, `\x`, `_x` (a space), `*x` (fill: nothing), `@`
//!   (the text), `[$€-407]` currency and locale prefixes;
//! * dates and times: `y m d h s`, month and day names, `AM/PM`, elapsed
//!   `[h]:mm:ss`, fractions of a second, the 1900 system with its phantom
//!   29 February 1900, and the 1904 system; Japanese era years and names
//!   (`[$-411]ggge`), Taiwanese (Minguo) years;
//! * the General format as Excel shows it: 11 significant digits,
//!   scientific notation from 1E+11 up and below 1E-09;
//! * the built-in formats 0–49 and the locale-dependent dates 14–22,
//!   27–36 and 50–58 of Japanese, Chinese and Korean Excel ([`Locale`]).
//!
//! It does **not** evaluate formulas, apply column widths (`*x` fill and
//! the `#####` of a too-narrow column), or localise separators and month
//! names: digits are grouped with `,`, the decimal point is `.` and names
//! are English, as in en-US Excel. A code it cannot render (an unknown
//! `[modifier]`, an unterminated quote, more than four sections, number
//! placeholders mixed into a date) renders as General, and
//! [`Format::fallback_reason`] says why, so the caller can warn once.
//! A date outside 1900-01-00 … 9999-12-31 (where Excel shows `#####`)
//! renders as General too.
//!
//! ```
//! use cell_format::{Format, Locale};
//!
//! let money = Format::parse("#,##0.00;[Red](#,##0.00);\"-\"");
//! assert_eq!(money.render(1234.5, false), "1,234.50");
//! assert_eq!(money.render(-1234.5, false), "(1,234.50)");
//! assert_eq!(money.render(0.0, false), "-");
//!
//! let date = Format::builtin(14, Locale::EnUs).expect("a built-in id");
//! assert!(date.is_date());
//! assert_eq!(date.render(39045.0, false), "11/24/2006");
//! assert_eq!(Format::parse("[h]:mm:ss").render(1.5, false), "36:00:00");
//! assert_eq!(Format::parse("# ?/?").render(1.25, false), "1 1/4");
//! assert_eq!(Format::parse("0.00E+00").render(12345.0, false), "1.23E+04");
//! assert_eq!(Format::parse("[$-411]ggge\"年\"").render(43600.0, false), "令和1年");
//! assert_eq!(Format::parse("\"Name: \"@").render_text("Ann"), "Name: Ann");
//! assert_eq!(cell_format::general(1.0 / 3.0), "0.333333333333333");
//!
//! let broken = Format::parse("[Blink]0.00");
//! assert!(broken.fallback_reason().is_some());
//! assert_eq!(broken.render(2.5, false), "2.5");
//! ```
#![forbid(unsafe_code)]

mod builtin;
mod date;
mod decimal;
mod general;
mod header_footer;
mod number;
mod parse;
mod sheet;

pub use builtin::builtin_code;
pub use date::{DateTime, serial_to_datetime};
pub use header_footer::header_footer_text;
pub use sheet::{MAX_EMPTY_PLACES, MAX_GAP, MergedRange, SheetLayout, write_sheet};

use parse::{Section, SectionKind, Token};

/// Format codes longer than this are not parsed (Excel's limit is 255
/// characters); they render as General.
pub const MAX_CODE_LEN: usize = 4096;

/// The locale whose built-in formats apply: the CJK versions of Excel show
/// the built-in date ids 14, 22, 27–36 and 50–58 differently, and their
/// `e`/`g` elements follow the Japanese or Taiwanese calendar.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Locale {
    /// English (United States): the reference table of ECMA-376.
    #[default]
    EnUs,
    /// Japanese (Japan).
    JaJp,
    /// Chinese (People's Republic of China).
    ZhCn,
    /// Chinese (Taiwan).
    ZhTw,
    /// Korean (Republic of Korea).
    KoKr,
}

impl Locale {
    /// The locale of a Windows language id (LCID, as in `[$-411]`): the
    /// four CJK ones, `None` for any other.
    pub fn from_lcid(lcid: u32) -> Option<Locale> {
        match lcid & 0xFFFF {
            0x0411 => Some(Locale::JaJp),
            0x0804 | 0x1004 => Some(Locale::ZhCn),
            0x0404 | 0x0C04 | 0x1404 => Some(Locale::ZhTw),
            0x0412 => Some(Locale::KoKr),
            _ => None,
        }
    }
}

/// A parsed number format code, ready to render values.
///
/// Parsing never fails: a code that cannot be rendered becomes General,
/// with [`fallback_reason`](Format::fallback_reason) set.
#[derive(Debug, Clone, PartialEq)]
pub struct Format {
    sections: Vec<Section>,
    locale: Locale,
    fallback: Option<String>,
}

impl Default for Format {
    fn default() -> Self {
        Format::general()
    }
}

impl Format {
    /// The General format.
    pub fn general() -> Format {
        Format {
            sections: Vec::new(),
            locale: Locale::EnUs,
            fallback: None,
        }
    }

    /// Parses `code` for an en-US workbook.
    pub fn parse(code: &str) -> Format {
        Format::parse_in(code, Locale::EnUs)
    }

    /// Parses `code`; `locale` decides what `e` and `g` mean without a
    /// `[$-…]` prefix (Japanese and Taiwanese eras).
    pub fn parse_in(code: &str, locale: Locale) -> Format {
        if code.len() > MAX_CODE_LEN {
            return Format {
                sections: Vec::new(),
                locale,
                fallback: Some(format!(
                    "format code of {} bytes (longer than {MAX_CODE_LEN})",
                    code.len()
                )),
            };
        }
        let trimmed = code.trim();
        if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("general") {
            return Format {
                locale,
                ..Format::general()
            };
        }
        match parse::parse(code, locale) {
            Ok(sections) => Format {
                sections,
                locale,
                fallback: None,
            },
            Err(e) => Format {
                sections: Vec::new(),
                locale,
                fallback: Some(e.0),
            },
        }
    }

    /// The built-in format `id` of `locale` ([`builtin_code`]), or `None`
    /// when `id` is not built in.
    pub fn builtin(id: u16, locale: Locale) -> Option<Format> {
        builtin_code(id, locale).map(|code| Format::parse_in(code, locale))
    }

    /// Why the code could not be rendered and General is used instead;
    /// `None` for a code rendered as written.
    pub fn fallback_reason(&self) -> Option<&str> {
        self.fallback.as_deref()
    }

    /// Whether this is General (as written, or as a fallback).
    pub fn is_general(&self) -> bool {
        self.sections.is_empty()
    }

    /// Whether numbers show as dates or times (the first section has date
    /// or time elements): what a reader of `.xlsx` needs to know whether a
    /// number is a date.
    pub fn is_date(&self) -> bool {
        self.sections
            .first()
            .is_some_and(|s| s.kind == SectionKind::Date)
    }

    /// The text Excel shows for the number `value`; `date1904` selects the
    /// 1904 date system (Mac workbooks, the `DATEMODE`/`date1904` flag).
    pub fn render(&self, value: f64, date1904: bool) -> String {
        let mut out = String::new();
        self.render_into(value, date1904, &mut out);
        out
    }

    /// [`render`](Format::render), appended to `out`: a reader that
    /// renders many cells keeps one buffer and allocates nothing per cell
    /// for the common formats (General, `0.00`, `#,##0`, percentages,
    /// dates).
    ///
    /// ```
    /// let mut line = String::from("total: ");
    /// cell_format::Format::parse("#,##0.00").render_into(-1234.5, false, &mut line);
    /// assert_eq!(line, "total: -1,234.50");
    /// ```
    pub fn render_into(&self, value: f64, date1904: bool, out: &mut String) {
        if !value.is_finite() {
            out.push_str("#NUM!");
            return;
        }
        let Some((section, signed)) = self.choose(value) else {
            general::render_into(value, out);
            return;
        };
        let negative = signed && value < 0.0;
        match section.kind {
            SectionKind::Date => {
                let lcid = section.lcid;
                if !date::render(&section.tokens, value, date1904, lcid, self.locale, out) {
                    general::render_into(value, out);
                }
            }
            SectionKind::Number | SectionKind::Text => {
                let start = out.len();
                let fast = section
                    .plan
                    .as_ref()
                    .is_some_and(|p| p.render_into(value.abs(), out));
                if !fast {
                    out.push_str(&number::render(&section.tokens, value.abs()));
                }
                if negative {
                    let body = out.get(start..).unwrap_or_default();
                    let all_zero = !body.bytes().any(|b| b.is_ascii_digit() && b != b'0');
                    if !(section.shows_value && all_zero) {
                        out.insert(start, '-');
                    }
                }
            }
        }
    }

    /// The text Excel shows for the text `text`: the text section with `@`
    /// replaced by it, or the text itself when the code has no text section.
    pub fn render_text(&self, text: &str) -> String {
        let section = if self.sections.len() == 4 {
            self.sections.get(3)
        } else {
            self.sections.last().filter(|s| s.has_text)
        };
        let Some(section) = section else {
            return text.to_string();
        };
        let mut out = String::new();
        for t in &section.tokens {
            match t {
                Token::Literal(s) => out.push_str(s),
                Token::Text => out.push_str(text),
                _ => {}
            }
        }
        out
    }

    /// The section that renders `v`, and whether it shows `v`'s sign.
    fn choose(&self, v: f64) -> Option<(&Section, bool)> {
        let n = self.sections.len();
        let text_last = self.sections.last().is_some_and(|s| s.has_text);
        let numeric = match n {
            4 => 3,
            _ if text_last => n.saturating_sub(1),
            _ => n,
        };
        if numeric == 0 {
            return None;
        }
        let s = |i: usize| self.sections.get(i);
        let cond0 = s(0).and_then(|x| x.condition);
        let cond1 = if numeric > 1 {
            s(1).and_then(|x| x.condition)
        } else {
            None
        };
        if cond0.is_some() || cond1.is_some() {
            // A section picked by its own condition shows the sign, unless
            // the condition only admits negatives (`[<0]`); the section
            // taking the rest shows negatives without it.
            if let Some(c) = cond0.filter(|c| c.holds(v)) {
                return s(0).map(|x| (x, !c.only_negatives()));
            }
            if let Some(c) = cond1.filter(|c| c.holds(v)) {
                return s(1).map(|x| (x, !c.only_negatives()));
            }
            let i = if cond0.is_some() && cond1.is_some() {
                2.min(numeric - 1)
            } else {
                1.min(numeric - 1)
            };
            return s(i).map(|x| (x, v >= 0.0));
        }
        match numeric {
            1 => s(0).map(|x| (x, true)),
            2 => {
                if v < 0.0 {
                    s(1).map(|x| (x, false))
                } else {
                    s(0).map(|x| (x, true))
                }
            }
            _ => {
                if v > 0.0 {
                    s(0).map(|x| (x, true))
                } else if v < 0.0 {
                    s(1).map(|x| (x, false))
                } else {
                    s(2).map(|x| (x, true))
                }
            }
        }
    }
}

/// `value` in the General format, as Excel shows it in a standard cell.
pub fn general(value: f64) -> String {
    let mut out = String::new();
    general::render_into(value, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(code: &str, v: f64) -> String {
        let f = Format::parse(code);
        assert!(f.fallback_reason().is_none(), "{code}: {:?}", f.fallback);
        f.render(v, false)
    }

    #[test]
    fn sections_and_signs() {
        assert_eq!(r("0.00", -1.5), "-1.50");
        assert_eq!(r("0.00;(0.00)", -1.5), "(1.50)");
        assert_eq!(r("0;-0;\"zero\"", 0.0), "zero");
        assert_eq!(r("0;;", -3.0), "");
        assert_eq!(r(";;;", 3.0), "");
        assert_eq!(r("0;-0;0;\"text\"", 5.0), "5");
        assert_eq!(r("\"pos\";\"neg\"", -2.0), "neg");
        assert_eq!(r("@", 12.5), "12.5");
        assert_eq!(r("0.00;@", -2.0), "-2.00");
    }

    #[test]
    fn conditions_replace_the_sign_tests() {
        let code = "[>=100]\"big \"0;[<0]\"neg \"0;\"small \"0";
        assert_eq!(r(code, 150.0), "big 150");
        assert_eq!(r(code, -5.0), "neg 5");
        assert_eq!(r(code, 5.0), "small 5");
        assert_eq!(r("[<1]0.00;0", -5.0), "-5.00");
        assert_eq!(r("[>100]0;0", -5.0), "5");
    }

    #[test]
    fn text_sections() {
        let f = Format::parse("0;-0;0;\"<\"@\">\"");
        assert_eq!(f.render_text("x"), "<x>");
        assert_eq!(Format::parse("0.00").render_text("x"), "x");
        assert_eq!(Format::parse("@\" kg\"").render_text("5"), "5 kg");
        assert_eq!(Format::parse(";;;").render_text("gone"), "");
    }

    #[test]
    fn unrenderable_codes_fall_back_to_general() {
        for code in [
            "\"open",
            "[Blink]0",
            "0;0;0;0;0",
            "0.0 yy",
            &"0".repeat(5000),
        ] {
            let f = Format::parse(code);
            assert!(f.fallback_reason().is_some(), "{code}");
            assert_eq!(f.render(1.5, false), "1.5");
        }
        assert!(Format::parse("General").fallback_reason().is_none());
        assert!(Format::parse("").is_general());
    }

    #[test]
    fn locale_ids() {
        assert_eq!(Locale::from_lcid(0x0411), Some(Locale::JaJp));
        assert_eq!(Locale::from_lcid(0x0804), Some(Locale::ZhCn));
        assert_eq!(Locale::from_lcid(0x0409), None);
    }
}
